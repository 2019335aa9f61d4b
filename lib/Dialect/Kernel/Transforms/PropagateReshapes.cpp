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
// dispatch formation uses it.
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
      if (!generic || !isAllParallel(generic) || readsNamedWindowOp(generic))
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
    linalg::ControlFusionFn onlyParallel = [](OpOperand *fused) {
      Operation *owner = fused->getOwner();
      if (isa<tensor::CollapseShapeOp>(owner)) {
        Operation *producer = fused->get().getDefiningOp();
        if (producer && readsNamedWindowOp(producer))
          return false;
        return isAllParallel(producer) ||
               isa_and_present<tensor::PadOp>(producer);
      }
      if (auto pad = dyn_cast<tensor::PadOp>(owner))
        return !feedsNamedWindowOp(pad.getResult());
      return isAllParallel(owner) && !readsNamedWindowOp(owner);
    };
    linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, onlyParallel);
    patterns.add<MovePadAfterUnitExpand>(ctx);
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
