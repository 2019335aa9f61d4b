//===- TileAndVectorize.cpp - Tile and vectorize linalg ops on CPUs -------===//
//
// Implements strata-cpu-tile-and-vectorize (see Passes.td): each scheduled
// linalg op's tiles by level, the rewrites around tiling of Codegen/Common
// (epilogue fusion, peeling, padded windows, constant combinations), then
// linalg::vectorize of the innermost tiles.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/ConstantCombinations.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/RegionUtils.h"

namespace strata {
#define GEN_PASS_DEF_CPUTILEANDVECTORIZEPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using strata::isWindowExpr;
using strata::windowsInBounds;

namespace {

/// Marks, within the pass, the tile loops of scheduled ops.
constexpr llvm::StringLiteral kUnrollAttrName = "strata.unroll_transfer";
/// Marks, within the pass, the register tile loops of fused epilogues, kept
/// out of loop-invariant code motion: hoisting a tile's B vectors out of its
/// m loop keeps K x n_r / vw more vectors live than there are registers.
constexpr llvm::StringLiteral kNoHoistAttrName = "strata.no_hoist";
/// Marks, within the pass, the tiles to vectorize, with the upper bounds of
/// their loops (see vectorizeTile).
constexpr llvm::StringLiteral kVectorizeAttrName = "strata.vectorize_bounds";

/// Default tile sizes of `op`, one per loop. Contractions (matmul-like, found
/// by inferring their batch/M/N/K dims from the indexing maps) get batch 1,
/// M 8, N 32, K 16: an 8x32 accumulator tile, K in steps of 16. Everything
/// else (elementwise, reductions, convolutions, ...) gets 1 on every loop but
/// the innermost, which gets 64, so the vectors run along the contiguous dim.
SmallVector<int64_t> getDefaultTileSizes(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> tiles(numLoops, 1);
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims)) {
      for (unsigned d : dims->m)
        tiles[d] = 8;
      for (unsigned d : dims->n)
        tiles[d] = 32;
      for (unsigned d : dims->k)
        tiles[d] = 16;
      return tiles;
    }
  }
  tiles.back() = 64;
  return tiles;
}

} // namespace

namespace {

/// Adds the canonicalization patterns of every loaded dialect and
/// registered op (what the canonicalizer pass runs) to `patterns`.
void populateAllCanonicalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
}

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

/// Whether `op` is a constant combination (see ConstantCombinations.h)
/// whose init is a linalg.fill.
bool isFilledConstantCombination(Operation *op) {
  return strata::kernel::matchConstantCombination(op) &&
         cast<linalg::LinalgOp>(op)
             .getDpsInits()
             .front()
             .getDefiningOp<linalg::FillOp>();
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
/// with fused multiply-adds for the convolution, and the pooling body (max,
/// add) applied window by window for pooling, in the op's (kh, kw) order.
/// linalg::vectorize handles that (vectors along the contiguous dim: OW in
/// NCHW, C in NHWC), while its convolution support vectorizes one output
/// row at a time and computes NCHW pooling in transposed vectors. Returns
/// `op` when it does not apply (dynamic or non-float tiles, windows beyond
/// the input).
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
  if (!inputType.hasStaticShape() || !initType.hasStaticShape() ||
      !isa<FloatType>(element) || inputType.getElementType() != element ||
      (depthwise && filterType.getElementType() != element))
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
  auto filterTapType = RankedTensorType::get({channels}, element);
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
  auto generic = linalg::GenericOp::create(
      rewriter, loc, initType, inputs, init, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value acc = args.back();
        for (int64_t t = 0; t < numWindows; ++t) {
          if (depthwise) {
            acc =
                math::FmaOp::create(b, loc, args[t], args[numWindows + t], acc);
            continue;
          }
          // The pooling body with this window as its input (the second
          // input, the window shape, is unused).
          IRMapping mapping;
          mapping.map(body.getArgument(0), args[t]);
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

/// Reads a row of a slice with a stride s > 1 along its last dim (the
/// windows of a stride-2 pooling or depthwise convolution) as one contiguous
/// read of the slice's source, (n - 1) * s + 1 elements, and a shuffle that
/// keeps every s-th: x86 then loads whole vectors and permutes them, where a
/// strided read is lowered to one load per element.
struct ReadStridedRowAsShuffle : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    VectorType type = read.getVectorType();
    if (!slice || type.getRank() != 1 || type.isScalable() || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        !read.getInBoundsValues().front() ||
        slice.getSourceType().getRank() != slice.getResultType().getRank())
      return failure();
    std::optional<int64_t> stride =
        getConstantIntValue(slice.getMixedStrides().back());
    int64_t n = type.getDimSize(0);
    if (!stride || *stride <= 1 || n < 2 || (n - 1) * *stride + 1 > 1024)
      return failure();
    // The element of the source the read starts at, dim by dim.
    Location loc = read.getLoc();
    SmallVector<Value> indices;
    for (auto [offset, sliceStride, index] :
         llvm::zip_equal(slice.getMixedOffsets(), slice.getMixedStrides(),
                         read.getIndices())) {
      AffineExpr d0, d1;
      bindDims(rewriter.getContext(), d0, d1);
      std::optional<int64_t> step = getConstantIntValue(sliceStride);
      if (!step)
        return failure();
      indices.push_back(getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(rewriter, loc, d0 + d1 * *step,
                                                {offset, index})));
    }
    int64_t width = (n - 1) * *stride + 1;
    Value wide = vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({width}, type.getElementType()),
        slice.getSource(), indices, read.getPadding(), ArrayRef<bool>{true});
    SmallVector<int64_t> lanes;
    for (int64_t i = 0; i < n; ++i)
      lanes.push_back(i * *stride);
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(read, wide, wide, lanes);
    return success();
  }
};

struct CPUTileAndVectorizePass
    : public strata::impl::CPUTileAndVectorizePassBase<
          CPUTileAndVectorizePass> {
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

  /// Tiles `op` (when some loop is worth tiling), peels the partial last
  /// tiles of its innermost level, and marks each resulting tile for
  /// vectorizeTile (see kVectorizeAttrName).
  void tile(RewriterBase &rewriter, linalg::LinalgOp op);
  /// Vectorizes `target`, a tile marked by `tile`, whose dynamic loops are
  /// at most `bounds` (0: unbounded).
  void vectorizeTile(RewriterBase &rewriter, Operation *target,
                     ArrayRef<int64_t> bounds);
};

/// The largest tile strata-cpu-tile-and-vectorize vectorizes, in elements
/// and in rows (elements but along the innermost dim of more than one
/// element).
constexpr int64_t kMaxVectorElements = 16384;
constexpr int64_t kMaxVectorRows = 4096;

/// The most loops of one tiling level left with a partial last tile (see
/// CPUTileAndVectorizePass::tile).
constexpr unsigned kMaxPartialTileLoops = 8;

/// The most scf.for loops one tiling level may nest. Upstream
/// bufferization analyzes a nest of loops carrying a tensor in time
/// exponential in its depth (each loop's iteration argument is looked
/// through both its initial value and its yielded one): the 15 unit tile
/// loops of a rank-16 elementwise op took 2 s, those of rank 40 never
/// ended. Kernels of moderate rank (a 3-D convolution tiles 8 loops) stay
/// below it.
constexpr size_t kMaxTileLoopDepth = 8;

/// Coalesces the outermost of `loops` (one tiling level's scf.for nest,
/// outermost first) into one loop over their combined iterations when
/// there are more than kMaxTileLoopDepth of them, so that at most that many
/// remain; only loops without a partial last tile (which peeling would
/// want) are coalesced. Updates `loops`.
void coalesceDeepTileLoops(RewriterBase &rewriter,
                           SmallVectorImpl<LoopLikeOpInterface> &loops) {
  if (loops.size() <= kMaxTileLoopDepth)
    return;
  SmallVector<scf::ForOp> band;
  size_t wanted = loops.size() - kMaxTileLoopDepth + 1;
  for (LoopLikeOpInterface loop : loops) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    if (!forOp || band.size() == wanted)
      break;
    // (Unit steps never leave a partial tile, whatever the bounds.)
    std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(forOp.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    bool full = step && (*step == 1 || (lb && ub && *step > 0 && *ub >= *lb &&
                                        (*ub - *lb) % *step == 0));
    if (!full)
      break;
    band.push_back(forOp);
  }
  if (band.size() < 2 || failed(mlir::coalesceLoops(rewriter, band)))
    return;
  // The outermost loop of the band is the coalesced one.
  loops.erase(loops.begin() + 1, loops.begin() + band.size());
}

void CPUTileAndVectorizePass::tile(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  // The tile sizes of each level, outermost first: the op's schedule, else
  // the `tile-sizes` option, else the defaults (one level).
  SmallVector<SmallVector<int64_t>> levels;
  bool scheduleVectorizes = true;
  auto schedule = strata::kernel::getSchedule(op);
  if (schedule && schedule.getNumLoops() &&
      *schedule.getNumLoops() != static_cast<int64_t>(numLoops)) {
    op->emitWarning() << "ignoring a kernel.schedule written for "
                      << *schedule.getNumLoops() << " loops on an op with "
                      << numLoops;
    schedule = {};
  }
  if (schedule) {
    for (unsigned level = 0; level < schedule.getNumTileLevels(); ++level)
      levels.emplace_back(schedule.getTileSizes(level));
    // An empty vector_sizes asks for no vectorization.
    scheduleVectorizes = !schedule.getVectorSizes().empty();
  } else if (tileSizes.empty()) {
    levels.push_back(getDefaultTileSizes(op));
  } else {
    SmallVector<int64_t> tiles(tileSizes.begin(), tileSizes.end());
    tiles.resize(numLoops, 0);
    levels.push_back(tiles);
  }

  // Tile level by level, each level tiling the tiles of the previous one.
  // `bounds` keeps, per loop, the innermost tile size applied to it: the
  // upper bound of a tile whose size is only known at run time.
  SmallVector<Operation *> targets = {op.getOperation()};
  SmallVector<int64_t> bounds(numLoops, 0);
  for (auto [index, level] : llvm::enumerate(levels)) {
    bool innermost = index + 1 == levels.size();
    SmallVector<Operation *> next;
    for (Operation *target : targets) {
      auto current = cast<linalg::LinalgOp>(target);
      SmallVector<int64_t> tiles(level);
      // A loop whose static trip count fits in one tile is left whole, so
      // that the tile keeps the static size (and needs no mask).
      SmallVector<int64_t> ranges = current.getStaticLoopRanges();
      for (unsigned i = 0; i < numLoops; ++i) {
        if (tiles[i] < 0 ||
            (!ShapedType::isDynamic(ranges[i]) && tiles[i] >= ranges[i]))
          tiles[i] = 0;
      }
      // Loops whose last tile is partial: peeling each doubles the copies of
      // the loops inside it, and those it does not peel keep tiles of
      // dynamic size; past the innermost kMaxPartialTileLoops of them (a
      // matrix product's register tile has 3), loops are tiled by 1, which
      // leaves no partial tile. (A schedule tiling each of 40 loops of 3 by
      // 2 made 2^40 copies.) Ops of more than kMaxTileLoopDepth loops keep
      // one: bufferization compares their many-dimensional slices by
      // solving integer constraints, copy by copy.
      unsigned maxPartial =
          numLoops > kMaxTileLoopDepth ? 1 : kMaxPartialTileLoops;
      unsigned numPartial = 0;
      for (unsigned i = numLoops; i-- > 0;) {
        bool partial = tiles[i] > 1 && (ShapedType::isDynamic(ranges[i]) ||
                                        ranges[i] % tiles[i] != 0);
        if (partial && ++numPartial > maxPartial)
          tiles[i] = 1;
      }
      if (llvm::all_of(tiles, [](int64_t t) { return t == 0; })) {
        next.push_back(target);
        continue;
      }
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tiles));
      rewriter.setInsertionPoint(target);
      Operation *tiledOp = nullptr;
      SmallVector<LoopLikeOpInterface> tileLoops;
      if (innermost && isFilledConstantCombination(target)) {
        // The fill joins each tile, where the lowering of the combination
        // starts its sums from the fill value instead of reading zeros
        // written by a pass over the whole output.
        scf::SCFTileAndFuseOptions fuseOptions;
        fuseOptions.setTilingOptions(options);
        fuseOptions.setFusionControlFn(
            [](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
                -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
              if (isDestination && isa<linalg::FillOp>(producer.getOwner()))
                return scf::SCFTileAndFuseOptions::ControlFnResult{};
              return std::nullopt;
            });
        FailureOr<scf::SCFTileAndFuseResult> fused =
            scf::tileConsumerAndFuseProducersUsingSCF(
                rewriter, cast<TilingInterface>(target), fuseOptions);
        if (failed(fused) || fused->loops.empty()) {
          next.push_back(target);
          continue;
        }
        Operation *fill = cast<linalg::LinalgOp>(target)
                              .getDpsInits()
                              .front()
                              .getDefiningOp();
        rewriter.replaceAllUsesWith(
            target->getResult(0),
            fused->replacements.lookup(target->getResult(0)));
        rewriter.eraseOp(target);
        if (fill && fill->use_empty())
          rewriter.eraseOp(fill);
        tiledOp = fused->tiledAndFusedOps.front();
        tileLoops = fused->loops;
      } else {
        FailureOr<scf::SCFTilingResult> tiled =
            scf::tileUsingSCF(rewriter, cast<TilingInterface>(target), options);
        // Tiling is an optimization: an op that does not tile stays as is.
        if (failed(tiled) || tiled->tiledOps.empty()) {
          next.push_back(target);
          continue;
        }
        rewriter.replaceOp(target, tiled->replacements);
        tiledOp = tiled->tiledOps.back();
        tileLoops = tiled->loops;
      }
      coalesceDeepTileLoops(rewriter, tileLoops);
      // The transfers in the loops of a scheduled op are unrolled at the
      // end of the pass (see runOnOperation): mark the loops.
      if (schedule)
        for (LoopLikeOpInterface loop : tileLoops)
          loop->setAttr(kUnrollAttrName, rewriter.getUnitAttr());
      for (unsigned i = 0; i < numLoops; ++i)
        if (tiles[i] != 0)
          bounds[i] = tiles[i];
      if (!isa<linalg::LinalgOp>(tiledOp))
        continue;
      if (innermost && peel)
        strata::peelTileLoops(rewriter, getOperation(), tileLoops, {tiledOp},
                              next);
      else
        next.push_back(tiledOp);
    }
    targets = std::move(next);
  }
  if (!vectorize || !scheduleVectorizes)
    return;
  for (Operation *target : targets)
    target->setAttr(kVectorizeAttrName, rewriter.getDenseI64ArrayAttr(bounds));
}

void CPUTileAndVectorizePass::vectorizeTile(RewriterBase &rewriter,
                                            Operation *target,
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
  //   avx512fp16/bf16); scalar arithmetic is emulated in f32.
  // - i1: a vector<Nxi1> load or store is bit-packed in LLVM while scalar
  //   i1 elements occupy a byte each, so vectorized and scalar code would
  //   disagree on the memory of the same tensor.
  auto isUnvectorizable = [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return isa<Float16Type, BFloat16Type>(element) || element.isInteger(1);
  };
  if (llvm::any_of(target->getOperandTypes(), isUnvectorizable) ||
      llvm::any_of(target->getResultTypes(), isUnvectorizable))
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

void CPUTileAndVectorizePass::runOnOperation() {
  func::FuncOp func = getOperation();
  MLIRContext *ctx = &getContext();

  // Schedules must fit the ops they tile: the op verifier checks what
  // tiling does not change, kernel-select-schedule the sizes of the loops a
  // schedule keeps whole, and so does this pass for ops given to it
  // directly (not yet cut into the tiles of strata-cpu-distribute-tiles,
  // which may halve a whole loop of an im2col copy).
  WalkResult misfit = func.walk([&](linalg::LinalgOp op) {
    auto schedule = strata::kernel::getSchedule(op);
    if (!schedule || op->getParentOfType<scf::ForallOp>())
      return WalkResult::advance();
    if (failed(schedule.verifyLoops(op.getIteratorTypesArray(),
                                    op.getStaticLoopRanges(),
                                    [&] { return op->emitOpError(); })))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (misfit.wasInterrupted())
    return signalPassFailure();

  IRRewriter rewriter(ctx);
  // Depthwise convolutions and pooling read the unpadded image but for
  // their border strips (see SplitPaddedWindows.cpp), each region with its
  // own slice of the op's epilogue.
  strata::splitPaddedWindowOps(rewriter, func);

  // Epilogues computed in the register tiles of their contraction or window
  // op (see FuseEpilogues.cpp): those tiles are made here, the rest op by
  // op.
  if (fuseEpilogues && vectorize) {
    strata::RegisterTileFusion fused =
        strata::fuseEpiloguesIntoRegisterTiles(rewriter, func, peel);
    for (Operation *loop : fused.loops)
      loop->setAttr(kUnrollAttrName, rewriter.getUnitAttr());
    for (Operation *loop : fused.registerTileLoops)
      loop->setAttr(kNoHoistAttrName, rewriter.getUnitAttr());
    for (Operation *tile : fused.tiles)
      tile->setAttr(kVectorizeAttrName,
                    rewriter.getDenseI64ArrayAttr(
                        cast<linalg::LinalgOp>(tile).getStaticLoopRanges()));
  }

  // A padding that is the kernel's result (an image padded on its own)
  // becomes a fill of the result and a copy into its interior: bufferized,
  // a tensor.pad allocates a padded copy and copies that again into the
  // result (a 224x224 RGB image: 124 us).
  {
    SmallVector<Operation *> pads;
    func.walk([&](tensor::PadOp pad) {
      if (!pad.getResult().use_empty() &&
          llvm::all_of(pad.getResult().getUsers(), [](Operation *user) {
            return isa<bufferization::MaterializeInDestinationOp,
                       func::ReturnOp>(user);
          }))
        pads.push_back(pad);
    });
    RewritePatternSet patterns(ctx);
    patterns.add<linalg::DecomposePadOpPattern>(ctx);
    if (!pads.empty() &&
        failed(applyOpPatternsGreedily(pads, std::move(patterns))))
      return signalPassFailure();
  }

  SmallVector<linalg::LinalgOp> targets;
  func.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kVectorizeAttrName))
      return; // A fused register tile.
    // A fill that only initializes a constant combination joins its tiles.
    if (isa<linalg::FillOp>(op) && op->hasOneUse() &&
        isFilledConstantCombination(*op->getUsers().begin()))
      return;
    bool tileableMaps = strata::hasTileableIndexingMaps(op);
    // An op with an empty iteration space computes nothing (upstream
    // tiling crashes computing slices of a zero-sized loop).
    bool empty = strata::hasEmptyIterationSpace(op);
    if (op.hasPureTensorSemantics() && op.getNumLoops() > 0 && tileableMaps &&
        !empty)
      targets.push_back(op);
  });
  for (linalg::LinalgOp op : targets)
    tile(rewriter, op);
  // Static tile sizes where peeling made them static (the affine.min of a
  // full tile folds to the tile size, a peeled last tile's to its size), so
  // that those tiles vectorize without masks.
  {
    RewritePatternSet patterns(ctx);
    populateAllCanonicalizationPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }
  SmallVector<std::pair<Operation *, SmallVector<int64_t>>> tiles;
  func.walk([&](Operation *op) {
    if (auto bounds =
            op->getAttrOfType<DenseI64ArrayAttr>(kVectorizeAttrName)) {
      tiles.emplace_back(op, llvm::to_vector(bounds.asArrayRef()));
      op->removeAttr(kVectorizeAttrName);
    }
  });
  for (auto &[op, bounds] : tiles)
    vectorizeTile(rewriter, op, bounds);
  // Schedules are consumed here: none reaches the LLVM dialect (whose
  // consumers, such as mlir-runner, do not know the kernel dialect), neither
  // on ops left whole nor on the function (kernels converted to functions
  // keep theirs as `kernel.schedule`).
  strata::kernel::removeSchedule(func);
  func.walk([](linalg::LinalgOp op) { strata::kernel::removeSchedule(op); });
  if (!vectorize) {
    func.walk([](scf::ForOp loop) {
      loop->removeAttr(kUnrollAttrName);
      loop->removeAttr(kNoHoistAttrName);
    });
    return;
  }

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
  populateAllCanonicalizationPatterns(patterns);
  if (failed(applyPatternsGreedily(func, std::move(patterns))))
    return signalPassFailure();

  // Keep accumulators in registers across reduction loops: the k loop of a
  // tiled matmul reads the output tile (extract_slice + transfer_read) and
  // writes it back (transfer_write + insert_slice) on every iteration. After
  // loop-invariant code motion (the slice offsets and masks depend only on
  // outer loops), each matching read/write pair on a loop-carried tensor is
  // hoisted, the slice and then the vector becoming the loop-carried value.
  // Innermost loops first, so that hoisted pairs can travel further out.
  // Loop-invariant code motion runs on the loops of scheduled ops only
  // (unscheduled ops keep today's IR; their static tiles need none).
  // Subsets of more than kMaxTileLoopDepth dims are not hoisted: comparing
  // two of them solves integer constraints over all their dims (a rank-40
  // kernel spent minutes there), and only the accumulators of products and
  // convolutions, of few dims, gain from it.
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops) {
    if (loop->hasAttr(kUnrollAttrName) && !loop->hasAttr(kNoHoistAttrName))
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    bool highRank = loop.getBody()
                        ->walk([](SubsetOpInterface subset) {
                          auto type = dyn_cast<ShapedType>(
                              subset.getOperation()->getOperand(0).getType());
                          return type && type.hasRank() &&
                                         static_cast<size_t>(type.getRank()) >
                                             kMaxTileLoopDepth
                                     ? WalkResult::interrupt()
                                     : WalkResult::advance();
                        })
                        .wasInterrupted();
    if (!highRank)
      hoistLoopInvariantSubsets(rewriter,
                                cast<LoopLikeOpInterface>(loop.getOperation()));
  }

  // Unroll the n-D transfers of scheduled ops into 1-D ones (one per row)
  // while still on tensors. Left to convert-vector-to-scf after
  // bufferization, they would go through a stack buffer (memref.alloca)
  // inside the loops, which LLVM does not promote to registers when the
  // row loop is not unrolled: the big register tiles of a schedule (a 32x32
  // B tile) then overflow the stack. (Unscheduled ops keep today's IR.)
  // Loops rebuilt by the hoisting lose the mark, but their parents keep it.
  SmallVector<Operation *> marked;
  func.walk([&](Operation *op) {
    if (!isa<vector::TransferReadOp, vector::TransferWriteOp>(op))
      return;
    for (Operation *parent = op->getParentOp(); parent != func;
         parent = parent->getParentOp()) {
      if (parent->hasAttr(kUnrollAttrName)) {
        marked.push_back(op);
        return;
      }
    }
  });
  func.walk([&](scf::ForOp loop) {
    loop->removeAttr(kUnrollAttrName);
    loop->removeAttr(kNoHoistAttrName);
  });
  if (marked.empty())
    return;
  RewritePatternSet unrollPatterns(ctx);
  populateVectorToSCFConversionPatterns(
      unrollPatterns,
      VectorTransferToSCFOptions().enableFullUnroll().enableLowerTensors());
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  if (failed(
          applyOpPatternsGreedily(marked, std::move(unrollPatterns), config)))
    return signalPassFailure();

  // Rows read with a stride (stride-2 windows) as contiguous reads and
  // shuffles.
  RewritePatternSet stridedPatterns(ctx);
  stridedPatterns.add<ReadStridedRowAsShuffle>(ctx);
  if (failed(applyPatternsGreedily(func, std::move(stridedPatterns))))
    return signalPassFailure();
}

} // namespace
