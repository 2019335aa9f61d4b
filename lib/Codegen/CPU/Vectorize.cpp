//===- Vectorize.cpp - Vectorize marked tiles on CPUs ---------------------===//
//
// Implements strata-cpu-vectorize (see Passes.td): each tile marked by the
// tiling passes (kernel.vectorize) becomes vector code, through
// linalg::vectorize after the rewrites that bring convolution and window
// tiles to forms it handles, or as straight-line code for constant
// combinations; then the vector IR is cleaned up.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/ConstantCombinations.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/Products.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace strata {
#define GEN_PASS_DEF_CPUVECTORIZEPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using strata::isWindowExpr;
using strata::windowsInBounds;

namespace {

/// Collects the linalg ops a rewrite creates.
struct CreatedLinalgOps : public RewriterBase::Listener {
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (isa<linalg::LinalgOp>(op))
      created.push_back(op);
  }
  SmallVector<Operation *> created;
};

/// Rewrites `op`, a tile of a 2-D convolution or pooling op whose output
/// height and kernel height (or output width and kernel width) are 1, into
/// the equivalent 1-D op, which linalg::vectorize handles (its
/// Conv1DGenerator knows 1-D convolutions only): upstream's
/// populateDecomposeConvolutionPatterns (conv_2d_nhwc_hwcf -> conv_1d_nwc_wcf,
/// conv_2d_nchw_fchw -> conv_1d_ncw_fcw, depthwise_conv_2d_nhwc_hwc ->
/// depthwise_conv_1d_nwc_wc, the nhwc/nchw pooling ops -> nwc/ncw ones), as
/// IREE's CPU backend does. Returns the 1-D op, or `op` when no pattern
/// applies (other layouts, or sizes that are not statically 1).
Operation *decomposeConvolution(const FrozenRewritePatternSet &patterns,
                                Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp ||
      !linalg::isaConvolutionOpInterface(linalgOp,
                                         /*allowEmptyConvolvedDims=*/true))
    return op;
  // The patterns drop the input's height dim assuming it is 1 when the
  // output and window heights are; an input with rows no window reads (a
  // stride larger than the window, untiled) breaks that. Tiles are tight.
  if (!llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
        return windowsInBounds(linalgOp, operand, /*tight=*/true);
      }))
    return op;
  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  CreatedLinalgOps listener;
  PatternRewriter rewriter(op->getContext());
  rewriter.setListener(&listener);
  rewriter.setInsertionPoint(op);
  if (failed(applicator.matchAndRewrite(op, rewriter)) ||
      listener.created.size() != 1)
    return op;
  return listener.created.front();
}

/// Whether `body` (a pooling op's) is one arith.maximumf of its input and
/// accumulator: max pooling of floats.
bool isFloatMaximumBody(Block &body) {
  if (body.getNumArguments() != 3 ||
      !llvm::hasSingleElement(body.without_terminator()))
    return false;
  auto maximum = dyn_cast<arith::MaximumFOp>(body.front());
  if (!maximum || body.getTerminator()->getOperand(0) != maximum.getResult())
    return false;
  Value input = body.getArgument(0), acc = body.getArgument(2);
  return (maximum.getLhs() == input && maximum.getRhs() == acc) ||
         (maximum.getLhs() == acc && maximum.getRhs() == input);
}

/// The maximum of `acc` and `windows` with arith.maximumf's NaN semantics
/// (NaN if any is NaN), built as x86 computes a max: m = x > m ? x : m per
/// window (one vmaxps, which passes a NaN window over and keeps a NaN
/// accumulator), and whether a window is NaN from one unordered compare per
/// pair of windows, the result NaN where one is. arith-expand-ops makes
/// each maximumf two compares and two selects chained through mask
/// registers: ResNet-18's 3x3 stride-2 max pool (112x112x64) ran at a
/// quarter of its memory roofline. Values are those of the maximumf chain
/// but for which NaN (a quiet one here) and the sign of the maximum of +0
/// and -0 (which arith-expand-ops' form does not order either).
Value buildWindowMaximum(OpBuilder &b, Location loc, ValueRange windows,
                         Value acc) {
  Value maximum = acc;
  for (Value window : windows) {
    Value greater = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                          window, maximum);
    maximum = arith::SelectOp::create(b, loc, greater, window, maximum);
  }
  Value anyNaN;
  for (size_t i = 0; i < windows.size(); i += 2) {
    Value other = i + 1 < windows.size() ? windows[i + 1] : windows[i];
    Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                      windows[i], other);
    anyNaN = anyNaN ? arith::OrIOp::create(b, loc, anyNaN, nan) : nan;
  }
  if (!anyNaN)
    return maximum;
  auto type = cast<FloatType>(acc.getType());
  Value quietNaN = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getQNaN(type.getFloatSemantics())));
  return arith::SelectOp::create(b, loc, anyNaN, quietNaN, maximum);
}

/// Rewrites `op`, a statically shaped tile of a depthwise convolution
/// (linalg.depthwise_conv_2d_nchw_chw: input [N, C, H, W], filter
/// [C, KH, KW], init [N, C, OH, OW]; depthwise_conv_2d_nhwc_hwc: input
/// [N, H, W, C], filter [KH, KW, C], init [N, OH, OW, C]) or pooling
/// (linalg.pooling_nchw_max / sum, pooling_nhwc_max / sum), into one
/// elementwise linalg.generic over the output that reads the KH x KW shifted
/// (strided) windows of the input (NCHW shown):
///   out = init + sum over (kh, kw) of
///         X[:, :, kh*dh + oh*sh, kw*dw + ow*sw] * W[:, kh, kw]
/// with fused multiply-adds for a float convolution, its own body (the
/// widening multiply-add of bytes into i32: extsi, muli, addi) for an
/// integer one, and the pooling body (max, add) applied window by window
/// for pooling, in the op's (kh, kw) order. linalg::vectorize handles that
/// (vectors along the contiguous dim: OW in NCHW, C in NHWC), while its
/// convolution support vectorizes one output row at a time and computes
/// NCHW pooling in transposed vectors. Returns `op` when it does not apply
/// (dynamic tiles, mixed float types, integer pooling, windows beyond the
/// input).
Operation *decomposeWindowedOp(RewriterBase &rewriter, Operation *op) {
  std::optional<strata::WindowedOpLayout> layout =
      strata::getWindowedOpLayout(op);
  if (!layout)
    return op;
  auto linalgOp = cast<linalg::LinalgOp>(op);
  bool depthwise = layout->depthwise, nhwc = layout->nhwc;
  Value input = linalgOp.getDpsInputs()[0], filter = linalgOp.getDpsInputs()[1],
        init = linalgOp.getDpsInits()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<ShapedType>(filter.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  Type element = initType.getElementType();
  // Integer depthwise convolutions (quantized models' bytes into i32) keep
  // their body, which extends each operand as the op says.
  bool integerDepthwise = depthwise && isa<IntegerType>(element) &&
                          isa<IntegerType>(inputType.getElementType()) &&
                          isa<IntegerType>(filterType.getElementType());
  if (!inputType.hasStaticShape() || !initType.hasStaticShape() ||
      (!integerDepthwise &&
       (!isa<FloatType>(element) || inputType.getElementType() != element ||
        (depthwise && filterType.getElementType() != element))))
    return op;
  int64_t kh = layout->kh, kw = layout->kw;
  // Each window is an operand: keep the op within reason.
  if (kh * kw == 0 || kh * kw > 64)
    return op;
  ArrayRef<int64_t> strides = layout->strides, dilations = layout->dilations;
  ArrayRef<int64_t> out = initType.getShape();
  unsigned hDim = layout->hDim, wDim = layout->wDim, cDim = layout->cDim;
  // Every window within the input (ONNX's ceil_mode pooling overruns it).
  if ((out[hDim] - 1) * strides[0] + (kh - 1) * dilations[0] >=
          inputType.getDimSize(hDim) ||
      (out[wDim] - 1) * strides[1] + (kw - 1) * dilations[1] >=
          inputType.getDimSize(wDim))
    return op;
  Location loc = op->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> windows, taps;
  int64_t channels = out[cDim];
  auto filterTapType =
      RankedTensorType::get({channels}, filterType.getElementType());
  for (int64_t i = 0; i < kh; ++i) {
    for (int64_t j = 0; j < kw; ++j) {
      SmallVector<int64_t> offsets(4, 0), windowStrides(4, 1);
      offsets[hDim] = i * dilations[0];
      offsets[wDim] = j * dilations[1];
      windowStrides[hDim] = strides[0];
      windowStrides[wDim] = strides[1];
      windows.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, input, getAsIndexOpFoldResult(ctx, offsets),
          getAsIndexOpFoldResult(ctx, out),
          getAsIndexOpFoldResult(ctx, windowStrides)));
      if (!depthwise)
        continue;
      SmallVector<int64_t> tapOffsets = {0, i, j}, tapSizes = {channels, 1, 1};
      if (nhwc) {
        tapOffsets = {i, j, 0};
        tapSizes = {1, 1, channels};
      }
      taps.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, filterTapType, filter,
          getAsIndexOpFoldResult(ctx, tapOffsets),
          getAsIndexOpFoldResult(ctx, tapSizes),
          getAsIndexOpFoldResult(ctx, {1, 1, 1})));
    }
  }
  int64_t numWindows = kh * kw;
  SmallVector<Value> inputs(windows);
  llvm::append_range(inputs, taps);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(4, ctx);
  SmallVector<AffineMap> maps(numWindows, identity);
  maps.append(taps.size(),
              AffineMap::get(4, 0, getAffineDimExpr(cDim, ctx), ctx));
  maps.push_back(identity);
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  Block &body = op->getRegion(0).front();
  bool maxPooling = !depthwise && isFloatMaximumBody(body);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, initType, inputs, init, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value acc = args.back();
        if (maxPooling) {
          linalg::YieldOp::create(
              b, loc,
              buildWindowMaximum(b, loc, args.take_front(numWindows), acc));
          return;
        }
        for (int64_t t = 0; t < numWindows; ++t) {
          if (depthwise && !integerDepthwise) {
            acc =
                math::FmaOp::create(b, loc, args[t], args[numWindows + t], acc);
            continue;
          }
          // The op's body with this window as its input, and this filter
          // tap (an integer convolution) or nothing (pooling: the second
          // input, the window shape, is unused) as its second.
          IRMapping mapping;
          mapping.map(body.getArgument(0), args[t]);
          if (depthwise)
            mapping.map(body.getArgument(1), args[numWindows + t]);
          mapping.map(body.getArgument(2), acc);
          for (Operation &bodyOp : body.without_terminator())
            b.clone(bodyOp, mapping);
          acc = mapping.lookup(body.getTerminator()->getOperand(0));
        }
        linalg::YieldOp::create(b, loc, acc);
      });
  rewriter.replaceOp(op, generic.getResults());
  return generic;
}

/// The (loop, coefficient) terms of `expr`, a window expression (see
/// isWindowExpr).
void collectWindowTerms(AffineExpr expr,
                        SmallVectorImpl<std::pair<unsigned, int64_t>> &terms) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    terms.emplace_back(dim.getPosition(), 1);
    return;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  if (binary.getKind() == AffineExprKind::Add) {
    collectWindowTerms(binary.getLHS(), terms);
    collectWindowTerms(binary.getRHS(), terms);
    return;
  }
  terms.emplace_back(cast<AffineDimExpr>(binary.getLHS()).getPosition(),
                     cast<AffineConstantExpr>(binary.getRHS()).getValue());
}

/// Rewrites `op`, a statically shaped tile of a linalg.generic reading
/// operands through convolution windows (an im2col copy: `oh * 2 + kh`,
/// `ow * 2 + kw`), into the same generic on strided slices of those
/// operands: in a window expression, every loop of the tile but one has a
/// single iteration (so contributes 0), and the remaining loop `d` with
/// coefficient `c` reads elements c apart, i.e. a slice of stride c indexed
/// by `d`. The maps become projected permutations (with zeros), which
/// linalg::vectorize handles (strided rows then become contiguous reads and
/// shuffles, see ReadStridedRowAsShuffle). Returns `op` when it does not
/// apply.
Operation *sliceWindowTile(RewriterBase &rewriter, Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics())
    return op;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return op;
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  SmallVector<Value> inputs(generic.getDpsInputs());
  bool changed = false;
  rewriter.setInsertionPoint(generic);
  for (auto [index, input] : llvm::enumerate(inputs)) {
    AffineMap map = maps[index];
    if (map.isProjectedPermutation(/*allowZeroInResults=*/true))
      continue;
    auto type = dyn_cast<RankedTensorType>(input.getType());
    if (!type || !type.hasStaticShape())
      return op;
    SmallVector<AffineExpr> results;
    SmallVector<int64_t> sizes, strides;
    for (AffineExpr result : map.getResults()) {
      if (auto dim = dyn_cast<AffineDimExpr>(result)) {
        results.push_back(dim);
        sizes.push_back(ranges[dim.getPosition()]);
        strides.push_back(1);
        continue;
      }
      if (!isWindowExpr(result))
        return op;
      // The one term (loop, coefficient) of the sum whose loop iterates.
      SmallVector<std::pair<unsigned, int64_t>> terms;
      collectWindowTerms(result, terms);
      std::optional<std::pair<unsigned, int64_t>> moving;
      for (auto term : terms) {
        if (ranges[term.first] == 1)
          continue;
        if (moving)
          return op;
        moving = term;
      }
      if (!moving) {
        results.push_back(getAffineConstantExpr(0, ctx));
        sizes.push_back(1);
        strides.push_back(1);
        continue;
      }
      results.push_back(getAffineDimExpr(moving->first, ctx));
      sizes.push_back(ranges[moving->first]);
      strides.push_back(moving->second);
    }
    // The slice must lie within the operand (the tile's operand is the
    // slice the tiling computed: the windows start at 0).
    for (auto [size, stride, extent] :
         llvm::zip_equal(sizes, strides, type.getShape()))
      if ((size - 1) * stride >= extent)
        return op;
    inputs[index] = tensor::ExtractSliceOp::create(
        rewriter, generic.getLoc(), input,
        getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(sizes.size(), 0)),
        getAsIndexOpFoldResult(ctx, sizes),
        getAsIndexOpFoldResult(ctx, strides));
    maps[index] = AffineMap::get(map.getNumDims(), 0, results, ctx);
    changed = true;
  }
  if (!changed)
    return op;
  auto sliced = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
      generic.getDpsInits(), maps, generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), sliced.getRegion(),
                              sliced.getRegion().begin());
  rewriter.replaceOp(generic, sliced.getResults());
  return sliced;
}

/// The largest tile strata-cpu-vectorize vectorizes, in elements and in
/// rows (elements but along the innermost dim of more than one element).
constexpr int64_t kMaxVectorElements = 16384;
constexpr int64_t kMaxVectorRows = 4096;

struct CPUVectorizePass
    : public strata::impl::CPUVectorizePassBase<CPUVectorizePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    linalg::populateDecomposeConvolutionPatterns(patterns);
    decomposePatterns = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override;

private:
  /// The 2-D to 1-D convolution decompositions (see decomposeConvolution).
  FrozenRewritePatternSet decomposePatterns;

  /// Vectorizes `target`, a marked tile whose dynamic loops are at most
  /// `bounds` (0: unbounded).
  void vectorizeTile(RewriterBase &rewriter, Operation *target,
                     ArrayRef<int64_t> bounds);
};

void CPUVectorizePass::vectorizeTile(RewriterBase &rewriter, Operation *target,
                                     ArrayRef<int64_t> bounds) {
  // Winograd transforms and other sums with constant weights: unrolled
  // over their non-zero weights.
  if (strata::lowerConstantCombinationTile(rewriter, target))
    return;
  SmallVector<int64_t> tiles(bounds.begin(), bounds.end());
  // A 2-D convolution or pooling tile becomes a 1-D one first. Its loops
  // are those of the tile less the unit height loops, so `tiles` no longer
  // lines up with them: the 1-D op is vectorized only when fully static.
  Operation *decomposed = decomposeConvolution(decomposePatterns, target);
  if (decomposed == target)
    decomposed = decomposeWindowedOp(rewriter, target);
  if (decomposed == target)
    decomposed = sliceWindowTile(rewriter, target);
  if (decomposed != target) {
    target = decomposed;
    tiles.clear();
  }

  // Vector sizes: the static size of each loop of the tile, or, where the
  // tile size is only known at run time (partial tiles, `?` dims), its upper
  // bound, the tile size; the vectorizer then masks.
  auto tiledOp = dyn_cast<linalg::LinalgOp>(target);
  if (!tiledOp)
    return;
  SmallVector<int64_t> tileRanges = tiledOp.getStaticLoopRanges();
  SmallVector<int64_t> vectorSizes(tileRanges.size());
  bool needsMask = false;
  for (auto [i, size] : llvm::enumerate(tileRanges)) {
    if (!ShapedType::isDynamic(size)) {
      vectorSizes[i] = size;
      continue;
    }
    if (i >= tiles.size() || tiles[i] <= 0)
      return; // Unbounded dynamic dim: leave it to the scalar loops.
    vectorSizes[i] = tiles[i];
    needsMask = true;
  }
  // A tile too big for vector registers stays scalar: a schedule keeping a
  // 1024x1024 op whole made one vector of a million elements, which the
  // vector lowering unrolled for minutes. (The largest tiles of the usual
  // schedules have a few thousand elements in a few hundred rows.)
  // Rows are counted along the innermost dim of more than one element (a
  // 1x1 convolution's innermost loops, over its window, are of size 1).
  int64_t elements = 1, rows = 1;
  bool overflow = false;
  size_t rowDim = vectorSizes.size();
  while (rowDim > 1 && vectorSizes[rowDim - 1] == 1)
    --rowDim;
  for (auto [i, size] : llvm::enumerate(vectorSizes)) {
    overflow |= llvm::MulOverflow(elements, size, elements) != 0;
    if (i + 1 < rowDim)
      overflow |= llvm::MulOverflow(rows, size, rows) != 0;
  }
  if (overflow || elements > kMaxVectorElements || rows > kMaxVectorRows)
    return;
  ArrayRef<int64_t> sizes;
  // The vectorizer indexes the scalable flags by vector dim without checking
  // (release builds have no assertions): always pass one flag per size.
  SmallVector<bool> scalable;
  if (needsMask) {
    sizes = vectorSizes;
    scalable.assign(vectorSizes.size(), false);
  }
  if (!linalg::hasVectorizationImpl(target) ||
      failed(linalg::vectorizeOpPrecondition(target, sizes, scalable)))
    return;
  // Keep two kinds of ops scalar:
  // - f16/bf16: LLVM's x86 backend cannot select some of their vector ops
  //   (a select of vector<9xbf16> aborts instruction selection without
  //   avx512fp16/bf16); scalar arithmetic is emulated in f32. But bf16
  //   values that a linalg op only reads, writes, widens to f32 or rounds
  //   from f32 (copies of bf16 products' operands, the products, their
  //   producers' truncations) are loads, stores and integer shifts in
  //   vectors too (arith-expand-ops with bf16 makes the conversions
  //   integer ops).
  // - i1: a vector<Nxi1> load or store is bit-packed in LLVM while scalar
  //   i1 elements occupy a byte each, so vectorized and scalar code would
  //   disagree on the memory of the same tensor.
  auto isHalf = [](Type type) {
    return isa<Float16Type, BFloat16Type>(getElementTypeOrSelf(type));
  };
  auto isBF16 = [](Type type) { return getElementTypeOrSelf(type).isBF16(); };
  auto isUnvectorizable = [&](Type type) {
    return (isHalf(type) && !isBF16(type)) ||
           getElementTypeOrSelf(type).isInteger(1);
  };
  auto onlyMovesOrConverts = [&](Operation *op) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || op->getNumRegions() != 1)
      return false;
    return llvm::all_of(op->getRegion(0).front(), [&](Operation &inner) {
      return isa<arith::ExtFOp, arith::TruncFOp, linalg::YieldOp>(inner) ||
             (llvm::none_of(inner.getOperandTypes(), isHalf) &&
              llvm::none_of(inner.getResultTypes(), isHalf));
    });
  };
  if (llvm::any_of(target->getOperandTypes(), isUnvectorizable) ||
      llvm::any_of(target->getResultTypes(), isUnvectorizable))
    return;
  if ((llvm::any_of(target->getOperandTypes(), isBF16) ||
       llvm::any_of(target->getResultTypes(), isBF16)) &&
      !onlyMovesOrConverts(target))
    return;
  // - a body reading non-constant scalars from outside the op (tiling
  //   turns `linalg.index` into the tile offset plus the index, and folds
  //   it to the offset for unit tiles): MLIR 22's vectorizer then emits a
  //   vector.transfer_write whose permutation map does not match its vector
  //   (invalid IR, not a failure it reports); ONNX's AveragePool with
  //   ceil_mode, tiled for threads, hits this.
  llvm::SetVector<Value> outerValues;
  getUsedValuesDefinedAbove(target->getRegions(), outerValues);
  if (llvm::any_of(outerValues, [](Value value) {
        return !matchPattern(value, m_Constant());
      }))
    return;
  rewriter.setInsertionPoint(target);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, target, sizes, scalable);
  if (failed(result))
    return;
  rewriter.replaceOp(target, result->replacements);
}

/// Drops the mask of a contraction masked only along parallel dims (the
/// rows or columns past the end of a partial tile): its masked-off results
/// are undefined, so computing them is a valid refinement, and nothing
/// reads them (the tile's write is masked). Unmasked, the contraction
/// lowers to plain outer products; masked, LLVM's lowering selects element
/// by element (a 169x1000 product's kernel: 4.4k insert/extractelement ops
/// for 288 FMAs). Masks along the reduction stay: there the masked-off
/// products must not be added.
struct UnmaskParallelContraction : public OpRewritePattern<vector::MaskOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MaskOp mask,
                                PatternRewriter &rewriter) const override {
    auto contract =
        dyn_cast_or_null<vector::ContractionOp>(mask.getMaskableOp());
    if (!contract || mask.hasPassthru())
      return failure();
    // The mask's size along each iteration dim, where it is a constant.
    auto shape = cast<VectorType>(mask.getMask().getType()).getShape();
    SmallVector<std::optional<int64_t>> sizes;
    Operation *maskOp = mask.getMask().getDefiningOp();
    if (auto create = dyn_cast_or_null<vector::CreateMaskOp>(maskOp)) {
      for (Value operand : create.getOperands())
        sizes.push_back(getConstantIntValue(operand));
    } else if (auto constant =
                   dyn_cast_or_null<vector::ConstantMaskOp>(maskOp)) {
      for (int64_t size : constant.getMaskDimSizes())
        sizes.push_back(size);
    } else {
      return failure();
    }
    if (sizes.size() != shape.size() ||
        sizes.size() != contract.getIteratorTypes().size())
      return failure();
    for (auto [index, iterator] :
         llvm::enumerate(contract.getIteratorTypesArray()))
      if (iterator == vector::IteratorType::reduction &&
          (!sizes[index] || *sizes[index] < shape[index]))
        return failure();
    rewriter.setInsertionPoint(mask);
    Operation *unmasked = rewriter.clone(*contract);
    rewriter.replaceOp(mask, unmasked->getResults());
    return success();
  }
};

/// The elements of B of a product in one of kernel-pack-weights'
/// dot-product layouts (vector.contract of extsi(B [1, steps, lanes, 4])
/// of bytes, or extf(B [1, steps, lanes, 2]) of bf16, with lanes, then the
/// group innermost), read whole by a transfer_read of the last two dims of
/// a tensor whose last dim is contiguous in memory (a whole tensor, or a
/// slice keeping the whole last dim, unit-strided), are read as rows
/// [1, steps, lanes * group] of that tensor with its last two dims
/// collapsed, and shape_cast back. strata-cpu-unroll-transfers then reads
/// them one row of lanes * group elements at a time, where rows of one
/// group would be a load each, shuffled together
/// (strata-cpu-lower-dot-products takes 64 bytes of such a row per
/// vpdpbusd or vdpbf16ps).
struct ReadDotProductRowsFlat : public OpRewritePattern<vector::ContractionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ContractionOp contract,
                                PatternRewriter &rewriter) const override {
    Operation *ext = contract.getRhs().getDefiningOp();
    if (!isa_and_present<arith::ExtSIOp, arith::ExtFOp>(ext))
      return failure();
    auto read = ext->getOperand(0).getDefiningOp<vector::TransferReadOp>();
    if (!read || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        llvm::is_contained(read.getInBoundsValues(), false))
      return failure();
    VectorType type = read.getVectorType();
    auto sourceType = dyn_cast<RankedTensorType>(read.getBase().getType());
    int64_t rank = type.getRank();
    // (A's elements are B's in both layouts.)
    int64_t group = strata::kernel::getDotProductGroup(
        type.getElementType(), type.getElementType(),
        getElementTypeOrSelf(contract.getAccType()));
    if (rank != 4 || group == 0 || type.getDimSize(3) != group || !sourceType ||
        sourceType.getRank() != rank ||
        sourceType.getDimSize(3) != type.getDimSize(3) ||
        sourceType.getDimSize(2) != type.getDimSize(2) ||
        !isZeroInteger(read.getIndices()[2]) ||
        !isZeroInteger(read.getIndices()[3]))
      return failure();
    // The contraction's B map: (panel, k0, lane, k1), k1 the group.
    AffineMap map = contract.getIndexingMapsArray()[1];
    if (map.getNumResults() != 4 || !map.isProjectedPermutation() ||
        contract.getIteratorTypesArray()[map.getDimPosition(3)] !=
            vector::IteratorType::reduction)
      return failure();
    // Bufferized, the collapse must stay a view.
    if (auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>()) {
      if (slice.getSourceType().getRank() != rank ||
          slice.getStaticSizes()[3] != slice.getSourceType().getDimSize(3) ||
          slice.getStaticStrides()[3] != 1 || slice.getStaticStrides()[2] != 1)
        return failure();
    }
    Location loc = read.getLoc();
    rewriter.setInsertionPoint(read);
    Value rows = tensor::CollapseShapeOp::create(
        rewriter, loc, read.getBase(),
        SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
    auto rowType = VectorType::get({type.getDimSize(0), type.getDimSize(1),
                                    type.getDimSize(2) * type.getDimSize(3)},
                                   type.getElementType());
    Value flat = vector::TransferReadOp::create(
        rewriter, loc, rowType, rows, read.getIndices().drop_back(),
        read.getPadding(), SmallVector<bool>(3, true));
    Value bytes = vector::ShapeCastOp::create(rewriter, loc, type, flat);
    rewriter.modifyOpInPlace(ext, [&] { ext->setOperand(0, bytes); });
    return success();
  }
};

void CPUVectorizePass::runOnOperation() {
  func::FuncOp func = getOperation();
  MLIRContext *ctx = &getContext();
  IRRewriter rewriter(ctx);
  SmallVector<std::pair<Operation *, SmallVector<int64_t>>> tiles;
  func.walk([&](Operation *op) {
    if (DenseI64ArrayAttr bounds = strata::kernel::getVectorizeBounds(op)) {
      tiles.emplace_back(op, llvm::to_vector(bounds.asArrayRef()));
      strata::kernel::removeVectorizeBounds(op);
    }
  });
  for (auto &[op, bounds] : tiles)
    vectorizeTile(rewriter, op, bounds);

  // Masked transfers (partial tiles) become transfers with a mask operand
  // first: the patterns below rewrite transfers in place, which is invalid
  // inside a vector.mask.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }
  // Clean up the vector IR: explicit broadcasts/transposes instead of
  // transfer permutation maps, mulf + multi_reduction -> vector.contract
  // (lowered to outer products later), plus the usual canonicalizations.
  RewritePatternSet patterns(ctx);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
  vector::populateVectorReductionToContractPatterns(patterns);
  patterns.add<UnmaskParallelContraction>(ctx);
  strata::populateAllCanonicalizationPatterns(patterns);
  FrozenRewritePatternSet cleanup(std::move(patterns));
  if (failed(applyPatternsGreedily(func, cleanup)))
    return signalPassFailure();

  // Contractions of elements extended to the accumulator's type (byte
  // products into i32, bf16 into f32) read them through extensions of
  // broadcast and transposed tiles, which the patterns above cannot fold
  // into the contraction's maps. Moving the extensions above the
  // broadcasts and transposes lets them: the contraction then reads
  // extended tiles, as strata-cpu-lower-dot-products matches them. f32
  // kernels, which have no such extensions, are left as they are.
  SmallVector<Operation *> extensions;
  func.walk([&](vector::ContractionOp contract) {
    for (Value operand : {contract.getLhs(), contract.getRhs()})
      if (isa_and_present<arith::ExtUIOp, arith::ExtSIOp, arith::ExtFOp>(
              operand.getDefiningOp()))
        extensions.push_back(operand.getDefiningOp());
  });
  if (extensions.empty())
    return;
  RewritePatternSet sink(ctx);
  vector::populateSinkVectorOpsPatterns(sink);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  (void)applyOpPatternsGreedily(extensions, std::move(sink), config);
  if (failed(applyPatternsGreedily(func, cleanup)))
    return signalPassFailure();
  RewritePatternSet rows(ctx);
  rows.add<ReadDotProductRowsFlat>(ctx);
  if (failed(applyPatternsGreedily(func, std::move(rows))))
    return signalPassFailure();
}

} // namespace
