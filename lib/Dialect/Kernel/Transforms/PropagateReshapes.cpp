//===- PropagateReshapes.cpp - Move reshapes out of fusion's way ----------===//
//
// Implements kernel-propagate-reshapes: elementwise linalg.generic ops that
// read an expanded tensor (`tensor.expand_shape`) are rewritten to work on
// the collapsed one, the expand_shape moving after them; collapses of fills,
// empties and elementwise results fold into collapsed copies of those ops.
// Matrix products reached through reshapes (a stack of matrices times a
// weight, an im2col convolution) then meet their bias, activation and
// residual consumers directly, so that kernel-form-dispatches fuses them as
// epilogues instead of writing the product to memory and launching one more
// kernel. This is upstream's reshape-by-collapsing propagation, as IREE's
// dispatch formation uses it, plus its expansion counterpart for products
// with more dims than their consumers (NHWC panel products), and the moves
// of pads past unit-dim reshapes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELPROPAGATERESHAPESPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// Whether `op` is a linalg op with only parallel loops (the only kind whose
/// iteration space is collapsed here: a reduction keeps the shape its
/// schedule expects).
bool isAllParallel(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumLoops() > 0 &&
         linalgOp.getNumLoops() == linalgOp.getNumParallelLoops();
}

/// Whether `op` is a named convolution or pooling op that is still named
/// here (NCHW depthwise convolutions and pooling, NHWC and grouped
/// convolutions): upstream's propagation cannot collapse its iteration
/// space, and the CPU pipeline recognizes it by name.
bool isNamedWindowOp(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && !isa<linalg::GenericOp>(op) &&
         linalg::isaConvolutionOpInterface(linalgOp,
                                           /*allowEmptyConvolvedDims=*/false);
}

/// Whether `op` reads the result of a named window op. Its shape must stay
/// that result's shape: collapsing it would put a collapse_shape between
/// the two (the window op cannot follow), and kernel-form-dispatches would
/// launch the activation after a depthwise convolution on its own.
bool readsNamedWindowOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && llvm::any_of(linalgOp.getDpsInputs(), [](Value input) {
           return isNamedWindowOp(input.getDefiningOp());
         });
}

/// Whether `value` is the result of an op that `isRoot` accepts, or of an
/// all-parallel op computed from one without reshapes in between (named
/// window ops other than roots end the search). The all-parallel ops are
/// visited once each, up to 64 of them: a quantized convolution's epilogue
/// is a dozen ops long before fusion (QLinearConv's requantization, the
/// next node's dequantization, a batch norm, a clip and the next
/// quantization), and a search 8 ops deep left its end behind a
/// collapse_shape, in a memory-bound kernel of its own.
bool isChainResult(Value value,
                   llvm::function_ref<bool(linalg::LinalgOp)> isRoot) {
  constexpr size_t kMaxVisitedOps = 64;
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Operation *, 16> visited;
  while (!worklist.empty()) {
    auto linalgOp = worklist.pop_back_val().getDefiningOp<linalg::LinalgOp>();
    if (!linalgOp || !visited.insert(linalgOp).second)
      continue;
    if (isRoot(linalgOp))
      return true;
    if (isNamedWindowOp(linalgOp) || !isAllParallel(linalgOp))
      continue;
    if (visited.size() > kMaxVisitedOps)
      return false;
    llvm::append_range(worklist, linalgOp.getDpsInputs());
  }
  return false;
}

/// Whether `value` is a product's result or an elementwise op computed from
/// one (isChainResult): a contraction, or an all-parallel op with such an
/// input. Such ops already have the product's shape (a panel product's
/// [P, F/P, P], say): collapsing them would put a collapse_shape between
/// product and epilogue, which is what this pass removes.
bool isProductChainResult(Value value) {
  return isChainResult(value, [](linalg::LinalgOp op) {
    return !isNamedWindowOp(op) && linalg::isaContractionOpInterface(op);
  });
}

/// Whether the all-parallel `op` reads the result of a depthwise
/// convolution or of elementwise ops computed from one (isChainResult). Its
/// shape must stay that result's: collapsing it would put a collapse_shape
/// between the convolution and the rest of its epilogue, which
/// kernel-form-dispatches would launch on its own (a quantized depthwise
/// convolution's requantization, after its bias and clip: a memory-bound
/// kernel reading f32; MobileNetV2's QDQ form had 17 of them). (Pooling's
/// chains may be collapsed: ResNet's residual adds fuse across them.)
bool readsDepthwiseChain(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && isAllParallel(op) &&
         llvm::any_of(linalgOp.getDpsInputs(), [](Value input) {
           return isChainResult(input, [](linalg::LinalgOp root) {
             return isa<linalg::DepthwiseConv2DNhwcHwcOp,
                        linalg::DepthwiseConv2DNchwChwOp>(root.getOperation());
           });
         });
}

/// Whether the all-parallel `op` reads a product chain's result directly.
bool readsProductChain(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && isAllParallel(op) &&
         llvm::any_of(linalgOp.getDpsInputs(),
                      [](Value input) { return isProductChainResult(input); });
}

/// Whether `op`'s results are the accumulators of contractions (a bias
/// broadcast into a product's init): their shape is the product's.
bool initializesProduct(Operation *op) {
  return llvm::any_of(op->getUses(), [](OpOperand &use) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return user && user.isDpsInit(&use) &&
           linalg::isaContractionOpInterface(user);
  });
}

/// Whether `value` is read by a named window op.
bool feedsNamedWindowOp(Value value) {
  return llvm::any_of(value.getUsers(), isNamedWindowOp);
}

/// expand_shape(pad(x)) -> pad(expand_shape(x)) when the expand_shape only
/// adds unit dims (a unit batch) and feeds named window ops: the padding then
/// sits right before the op that reads it through windows, and joins its
/// dispatch (computed per channel tile by the kernel's threads) instead of
/// being a single-threaded copy kernel of its own. (The collapsing patterns
/// below move such pads the other way only for ops that can be collapsed.)
struct MovePadAfterUnitExpand : OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp expand,
                                PatternRewriter &rewriter) const override {
    auto pad = expand.getSrc().getDefiningOp<tensor::PadOp>();
    if (!pad || !pad->hasOneUse() || !feedsNamedWindowOp(expand.getResult()))
      return rewriter.notifyMatchFailure(expand, "not a pad for window ops");
    Value padValue = pad.getConstantPaddingValue();
    RankedTensorType sourceType = pad.getSourceType();
    RankedTensorType resultType = expand.getResultType();
    if (!padValue || !sourceType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(expand, "dynamic or non-constant pad");
    // Each group of the expansion: one dim carrying the source dim (and its
    // padding), the others unit dims.
    SmallVector<int64_t> shape;
    SmallVector<OpFoldResult> low, high;
    OpFoldResult zero = rewriter.getIndexAttr(0);
    for (auto [sourceDim, group] :
         llvm::enumerate(expand.getReassociationIndices())) {
      int64_t carrier = group.back();
      for (int64_t dim : group)
        if (resultType.getDimSize(dim) != 1)
          carrier = dim;
      for (int64_t dim : group) {
        if (dim != carrier && resultType.getDimSize(dim) != 1)
          return rewriter.notifyMatchFailure(expand, "not only unit dims");
        bool carries = dim == carrier;
        shape.push_back(carries ? sourceType.getDimSize(sourceDim) : 1);
        low.push_back(carries ? pad.getMixedLowPad()[sourceDim] : zero);
        high.push_back(carries ? pad.getMixedHighPad()[sourceDim] : zero);
      }
    }
    auto expandedType =
        RankedTensorType::get(shape, sourceType.getElementType());
    Value expanded = tensor::ExpandShapeOp::create(
        rewriter, expand.getLoc(), expandedType, pad.getSource(),
        expand.getReassociationIndices());
    rewriter.replaceOpWithNewOp<tensor::PadOp>(
        expand, resultType, expanded, low, high, padValue, pad.getNofold());
    return success();
  }
};

/// collapse_shape(pad(x)) -> pad(collapse_shape(x)) when the collapse_shape
/// only drops unpadded unit dims (the unit batch of an NHWC image whose
/// im2col copy dropped it): the padding then sits right before the copy,
/// which reads it through windows, and joins its dispatch instead of being
/// a single-threaded copy kernel of its own. Upstream's collapsing patterns
/// do not merge a padded dim with others, unit or not.
struct MovePadAfterUnitCollapse : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::CollapseShapeOp collapse,
                                PatternRewriter &rewriter) const override {
    auto pad = collapse.getSrc().getDefiningOp<tensor::PadOp>();
    if (!pad || !pad->hasOneUse())
      return rewriter.notifyMatchFailure(collapse, "not a pad");
    Value padValue = pad.getConstantPaddingValue();
    RankedTensorType sourceType = pad.getSourceType();
    RankedTensorType resultType = collapse.getResultType();
    if (!padValue || !sourceType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(collapse,
                                         "dynamic or non-constant pad");
    // Each group of the collapse: unpadded unit dims around at most one
    // dim carrying the size (and the padding) of the result dim.
    SmallVector<int64_t> shape;
    SmallVector<OpFoldResult> low, high;
    OpFoldResult zero = rewriter.getIndexAttr(0);
    SmallVector<OpFoldResult> padLow = pad.getMixedLowPad(),
                              padHigh = pad.getMixedHighPad();
    for (ReassociationIndices group : collapse.getReassociationIndices()) {
      std::optional<int64_t> carrier;
      for (int64_t dim : group) {
        if (sourceType.getDimSize(dim) == 1 &&
            isConstantIntValue(padLow[dim], 0) &&
            isConstantIntValue(padHigh[dim], 0))
          continue;
        if (carrier)
          return rewriter.notifyMatchFailure(collapse, "merges real dims");
        carrier = dim;
      }
      shape.push_back(carrier ? sourceType.getDimSize(*carrier) : 1);
      low.push_back(carrier ? padLow[*carrier] : zero);
      high.push_back(carrier ? padHigh[*carrier] : zero);
    }
    auto collapsedType =
        RankedTensorType::get(shape, sourceType.getElementType());
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, collapse.getLoc(), collapsedType, pad.getSource(),
        collapse.getReassociationIndices());
    rewriter.replaceOpWithNewOp<tensor::PadOp>(
        collapse, resultType, collapsed, low, high, padValue, pad.getNofold());
    return success();
  }
};

struct KernelPropagateReshapesPass
    : strata::kernel::impl::KernelPropagateReshapesPassBase<
          KernelPropagateReshapesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // 1. Unit dims go from all-parallel generics that read an expanded
    //    tensor or whose result is collapsed (a unit batch, say): the bias
    //    of an NCHW image indexes the channel alone, which keeps a
    //    [1, C, HW] result from collapsing into the [C, HW] product, and a
    //    bias broadcast into a [1, C, HW] accumulator from collapsing into
    //    the product's [C, HW] one. Generics fed by their producers directly
    //    keep their dims: dropping them would put a collapse_shape between
    //    the two, which is what this pass removes.
    linalg::ControlDropUnitDims dropOptions;
    dropOptions.controlFn = [](Operation *op) -> SmallVector<unsigned> {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic || !isAllParallel(generic) || readsNamedWindowOp(generic) ||
          readsDepthwiseChain(generic))
        return {};
      bool readsExpanded = llvm::any_of(generic.getDpsInputs(), [](Value in) {
        return in.getDefiningOp<tensor::ExpandShapeOp>();
      });
      bool collapsed = llvm::any_of(generic->getUsers(), [](Operation *user) {
        return isa<tensor::CollapseShapeOp>(user);
      });
      if (!readsExpanded && !collapsed)
        return {};
      return llvm::to_vector(llvm::seq<unsigned>(0, generic.getNumLoops()));
    };
    {
      RewritePatternSet patterns(ctx);
      linalg::populateFoldUnitExtentDimsPatterns(patterns, dropOptions);
      walkAndApplyPatterns(getOperation(), std::move(patterns));
    }
    // 2. Reshapes move past all-parallel ops; `fused` is the generic's
    //    operand produced by an expand_shape, or the collapse_shape's
    //    operand produced by a generic.
    RewritePatternSet patterns(ctx);
    //    A tensor.pad moves the same way (the padding of an image whose
    //    unit batch an im2col copy dropped), so that it stays next to the
    //    op that reads it through windows and joins its dispatch.
    //    Neither moves next to a named window op (see readsNamedWindowOp and
    //    MovePadAfterUnitExpand).
    //    Ops that read a product chain directly stay in its shape.
    linalg::ControlFusionFn onlyParallel = [](OpOperand *fused) {
      Operation *owner = fused->getOwner();
      if (isa<tensor::CollapseShapeOp>(owner)) {
        Operation *producer = fused->get().getDefiningOp();
        if (producer &&
            (readsNamedWindowOp(producer) || readsDepthwiseChain(producer) ||
             readsProductChain(producer) || initializesProduct(producer)))
          return false;
        return isAllParallel(producer) ||
               isa_and_present<tensor::PadOp>(producer);
      }
      if (auto pad = dyn_cast<tensor::PadOp>(owner))
        return !feedsNamedWindowOp(pad.getResult());
      return isAllParallel(owner) && !readsNamedWindowOp(owner) &&
             !readsDepthwiseChain(owner) && !readsProductChain(owner) &&
             !initializesProduct(owner);
    };
    linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, onlyParallel);
    //    And the other way round where a product's shape has more dims than its
    //    consumers' (kernel-rewrite-convolutions' panel products write
    //    [P, F/P, P]): an elementwise op reading the collapsed product chain
    //    is expanded to the product's shape, and so is the elementwise op
    //    (the bias broadcast) that computes a product's expanded
    //    accumulator.
    linalg::ControlFusionFn towardProducts = [](OpOperand *fused) {
      Operation *owner = fused->getOwner();
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(owner)) {
        Operation *producer = fused->get().getDefiningOp();
        return isAllParallel(producer) && !readsNamedWindowOp(producer) &&
               producer->hasOneUse() && initializesProduct(expand);
      }
      auto collapse = fused->get().getDefiningOp<tensor::CollapseShapeOp>();
      return collapse && isAllParallel(owner) && !readsNamedWindowOp(owner) &&
             isProductChainResult(collapse.getSrc());
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, towardProducts);
    patterns.add<MovePadAfterUnitExpand, MovePadAfterUnitCollapse>(ctx);
    linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(patterns,
                                                               dropOptions);
    linalg::FillOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::populateFoldTensorEmptyPatterns(patterns);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
