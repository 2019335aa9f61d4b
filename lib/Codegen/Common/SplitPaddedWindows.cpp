//===- SplitPaddedWindows.cpp - Window ops without a padded copy ----------===//
//
// A depthwise convolution or pooling op reads its input through a tensor.pad,
// which bufferizes into a fill of a whole padded copy of the image and a
// copy of the image into it: two passes over memory for a few border rows
// and columns (MobileNetV2's 96-channel 112x112 depthwise convolution spent
// more time padding than computing). Here the op is split by output region:
// the interior, whose windows all lie inside the image, reads the unpadded
// image directly; the border strips (top and bottom rows, left and right
// columns) read small padded copies of the few rows and columns they need.
// The op's elementwise epilogue (bias, relu6) and the op initializing its
// accumulator are split with it, so that each region's chain can be fused
// into register tiles (FuseEpilogues.cpp). The pass is
// strata-split-padded-windows (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"
#include "strata/Codegen/Common/Tiling.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_SPLITPADDEDWINDOWSPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// A window op this file splits: the op, the pad it reads and its layout.
struct WindowOp {
  linalg::LinalgOp op;
  tensor::PadOp pad;
  strata::WindowedOpLayout layout;
};

/// `op` as a WindowOp: a statically shaped depthwise convolution or pooling
/// op (NCHW or NHWC, see strata::getWindowedOpLayout) whose input is a
/// tensor.pad of a constant, padding the spatial dims only; nothing
/// otherwise.
std::optional<WindowOp> matchWindowOp(linalg::LinalgOp op) {
  std::optional<strata::WindowedOpLayout> layout =
      strata::getWindowedOpLayout(op);
  if (!layout)
    return std::nullopt;
  auto pad = op.getDpsInputs()[0].getDefiningOp<tensor::PadOp>();
  if (!pad || !pad.getConstantPaddingValue())
    return std::nullopt;
  auto sourceType = pad.getSourceType();
  auto initType = cast<ShapedType>(op.getDpsInits()[0].getType());
  if (!sourceType.hasStaticShape() || !initType.hasStaticShape() ||
      sourceType.getRank() != 4)
    return std::nullopt;
  // Padding on the spatial dims only.
  ArrayRef<int64_t> low = pad.getStaticLow(), high = pad.getStaticHigh();
  for (unsigned d = 0; d < 4; ++d) {
    if (ShapedType::isDynamic(low[d]) || ShapedType::isDynamic(high[d]))
      return std::nullopt;
    if (d != layout->hDim && d != layout->wDim && (low[d] != 0 || high[d] != 0))
      return std::nullopt;
  }
  return WindowOp{op, pad, *layout};
}

/// The output range [lo, hi) along one spatial dim whose windows lie inside
/// an image of `size` padded by `before` (`window` taps, `stride`,
/// `dilation`; `outSize` outputs).
std::pair<int64_t, int64_t> interiorRange(int64_t size, int64_t before,
                                          int64_t window, int64_t stride,
                                          int64_t dilation, int64_t outSize) {
  int64_t extent = (window - 1) * dilation;
  // o * stride - before >= 0, o * stride - before + extent <= size - 1.
  int64_t lo = llvm::divideCeil(before, stride);
  int64_t last = size - 1 - extent + before;
  int64_t hi = last < 0 ? 0 : last / stride + 1;
  lo = std::clamp<int64_t>(lo, 0, outSize);
  hi = std::clamp<int64_t>(hi, lo, outSize);
  return {lo, hi};
}

/// One output region: rows [r0, r0 + rn), columns [c0, c0 + cn), and the
/// slice of the unpadded image its windows read (offsets, sizes) with the
/// padding around it (padLow, padHigh).
struct Region {
  int64_t r0 = 0, rn = 0, c0 = 0, cn = 0;
  SmallVector<int64_t, 4> offsets, sizes, padLow, padHigh;
};

/// Splits `window` by output region (see the file comment), with its
/// elementwise epilogue and the op initializing its accumulator. Returns
/// false, changing nothing, when the interior is empty or the whole output,
/// a border strip reads nothing but padding, or an op of the chain does not
/// tile.
bool splitWindowOp(RewriterBase &rewriter, const WindowOp &window) {
  linalg::LinalgOp op = window.op;
  tensor::PadOp pad = window.pad;
  Value image = pad.getSource();
  auto imageType = cast<RankedTensorType>(image.getType());
  Value init = op.getDpsInits()[0];
  auto initType = cast<RankedTensorType>(init.getType());
  SmallVector<int64_t> low = llvm::to_vector(pad.getStaticLow());
  const strata::WindowedOpLayout &layout = window.layout;
  unsigned hDim = layout.hDim, wDim = layout.wDim;
  int64_t outH = initType.getDimSize(hDim), outW = initType.getDimSize(wDim);
  int64_t imageH = imageType.getDimSize(hDim),
          imageW = imageType.getDimSize(wDim);
  auto [rowLo, rowHi] =
      interiorRange(imageH, low[hDim], layout.kh, layout.strides[0],
                    layout.dilations[0], outH);
  auto [colLo, colHi] =
      interiorRange(imageW, low[wDim], layout.kw, layout.strides[1],
                    layout.dilations[1], outW);
  if (rowLo >= rowHi || colLo >= colHi ||
      (rowLo == 0 && rowHi == outH && colLo == 0 && colHi == outW))
    return false;

  SmallVector<Region, 5> regions;
  auto addRegion = [&](int64_t r0, int64_t rn, int64_t c0, int64_t cn) {
    Region &region = regions.emplace_back();
    region.r0 = r0;
    region.rn = rn;
    region.c0 = c0;
    region.cn = cn;
  };
  addRegion(rowLo, rowHi - rowLo, colLo, colHi - colLo);
  if (rowLo > 0)
    addRegion(0, rowLo, 0, outW);
  if (rowHi < outH)
    addRegion(rowHi, outH - rowHi, 0, outW);
  if (colLo > 0)
    addRegion(rowLo, rowHi - rowLo, 0, colLo);
  if (colHi < outW)
    addRegion(rowLo, rowHi - rowLo, colHi, outW - colHi);

  // The image rows and columns each region's windows read, in unpadded
  // coordinates, and the padding around the part inside the image. A strip
  // entirely in the padding keeps the op whole.
  for (Region &region : regions) {
    region.offsets.assign(4, 0);
    region.sizes.assign(imageType.getShape().begin(),
                        imageType.getShape().end());
    region.padLow.assign(4, 0);
    region.padHigh.assign(4, 0);
    auto span = [&](unsigned dim, int64_t first, int64_t count, int64_t taps,
                    int64_t stride, int64_t dilation) {
      int64_t begin = first * stride - low[dim];
      int64_t end = begin + (count - 1) * stride + (taps - 1) * dilation + 1;
      int64_t clippedBegin = std::max<int64_t>(begin, 0);
      int64_t clippedEnd = std::min(end, imageType.getDimSize(dim));
      region.offsets[dim] = clippedBegin;
      region.sizes[dim] = std::max<int64_t>(clippedEnd - clippedBegin, 0);
      region.padLow[dim] = clippedBegin - begin;
      region.padHigh[dim] = end - std::max(clippedEnd, clippedBegin);
    };
    span(hDim, region.r0, region.rn, layout.kh, layout.strides[0],
         layout.dilations[0]);
    span(wDim, region.c0, region.cn, layout.kw, layout.strides[1],
         layout.dilations[1]);
    if (region.sizes[hDim] == 0 || region.sizes[wDim] == 0)
      return false;
  }

  // The chain split along with the op: its elementwise epilogue and the op
  // initializing its accumulator (a linalg op it alone uses, the bias),
  // each region getting its own slice of all of them. Each region's chain
  // then fuses into register tiles (FuseEpilogues.cpp): the epilogue works
  // on the accumulators before they are stored, and the bias is their first
  // value. Without an epilogue, the regions accumulate into slices of
  // `init` as is.
  SmallVector<Operation *> epilogue = strata::findElementwiseEpilogue(op);
  Operation *last = epilogue.empty() ? op.getOperation() : epilogue.back();
  TilingInterface initProducer;
  if (!epilogue.empty())
    if (Operation *producer = init.getDefiningOp();
        isa_and_present<linalg::LinalgOp>(producer) && producer->hasOneUse())
      initProducer = dyn_cast<TilingInterface>(producer);
  Value destination = cast<DestinationStyleOpInterface>(last).getDpsInits()[0];

  Location loc = op.getLoc();
  // After the epilogue, whose other operands (a residual) may be defined
  // after the op. Every op made here goes right before `last`: should
  // tiling an op of the chain fail, they are erased again (newest first, so
  // that each is unused when erased) and the IR is as it was.
  rewriter.setInsertionPoint(last);
  Operation *lastBefore = last->getPrevNode();
  auto discard = [&]() {
    while (Operation *made = last->getPrevNode()) {
      if (made == lastBefore)
        break;
      rewriter.eraseOp(made);
    }
    return false;
  };
  Value result = destination;
  for (const Region &region : regions) {
    ArrayRef<int64_t> offsets = region.offsets, sizes = region.sizes,
                      padLow = region.padLow, padHigh = region.padHigh;
    Value input = tensor::ExtractSliceOp::create(
        rewriter, loc, image,
        getAsIndexOpFoldResult(rewriter.getContext(), offsets),
        getAsIndexOpFoldResult(rewriter.getContext(), sizes),
        getAsIndexOpFoldResult(rewriter.getContext(), {1, 1, 1, 1}));
    if (llvm::any_of(padLow, [](int64_t v) { return v != 0; }) ||
        llvm::any_of(padHigh, [](int64_t v) { return v != 0; })) {
      SmallVector<int64_t> paddedShape(sizes.begin(), sizes.end());
      for (unsigned d = 0; d < 4; ++d)
        paddedShape[d] += padLow[d] + padHigh[d];
      input = tensor::PadOp::create(
          rewriter, loc,
          RankedTensorType::get(paddedShape, imageType.getElementType()), input,
          getAsIndexOpFoldResult(rewriter.getContext(), padLow),
          getAsIndexOpFoldResult(rewriter.getContext(), padHigh),
          pad.getConstantPaddingValue(), pad.getNofold());
    }
    SmallVector<int64_t> outOffsets(4, 0),
        outSizes(initType.getShape().begin(), initType.getShape().end());
    outOffsets[hDim] = region.r0;
    outOffsets[wDim] = region.c0;
    outSizes[hDim] = region.rn;
    outSizes[wDim] = region.cn;
    SmallVector<OpFoldResult> outOffsetsOfr =
        getAsIndexOpFoldResult(rewriter.getContext(), outOffsets);
    SmallVector<OpFoldResult> outSizesOfr =
        getAsIndexOpFoldResult(rewriter.getContext(), outSizes);
    SmallVector<OpFoldResult> unitStrides =
        getAsIndexOpFoldResult(rewriter.getContext(), {1, 1, 1, 1});
    // The region's part of the result, from the regions inserted so far
    // (disjoint from this one), not from `destination`: reading it after
    // inserting into it would make bufferization copy the whole output for
    // each region.
    auto sliceOfResult = [&]() -> Value {
      return tensor::ExtractSliceOp::create(
          rewriter, loc, result, outOffsetsOfr, outSizesOfr, unitStrides);
    };
    Value regionInit;
    if (epilogue.empty()) {
      regionInit = sliceOfResult();
    } else if (initProducer) {
      FailureOr<TilingResult> initTile = initProducer.generateResultTileValue(
          rewriter, 0, outOffsetsOfr, outSizesOfr);
      if (failed(initTile))
        return discard();
      regionInit = initTile->tiledValues.front();
    } else {
      regionInit = tensor::ExtractSliceOp::create(
          rewriter, loc, init, outOffsetsOfr, outSizesOfr, unitStrides);
    }
    Operation *part = clone(rewriter, op, {regionInit.getType()},
                            {input, op.getDpsInputs()[1], regionInit});
    // The epilogue on the region: each step's slice of the previous step's
    // full result becomes the previous step's region result.
    Value previous = part->getResult(0), previousFull = op->getResult(0);
    for (Operation *step : epilogue) {
      // The last step writes into its part of the result, sliced before the
      // step so that the slice dominates it.
      Value stepDestination = step == last ? sliceOfResult() : Value();
      FailureOr<TilingResult> stepTile =
          cast<TilingInterface>(step).getTiledImplementation(
              rewriter, outOffsetsOfr, outSizesOfr);
      if (failed(stepTile) || stepTile->tiledOps.size() != 1)
        return discard();
      auto tiled = cast<DestinationStyleOpInterface>(stepTile->tiledOps[0]);
      for (OpOperand &operand : tiled->getOpOperands()) {
        auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
        if (!slice || slice.getSource() != previousFull)
          continue;
        operand.set(previous);
        if (slice->use_empty())
          rewriter.eraseOp(slice);
      }
      if (stepDestination) {
        OpOperand &stepInit = tiled.getDpsInitsMutable()[0];
        Operation *oldInit = stepInit.get().getDefiningOp();
        stepInit.set(stepDestination);
        if (oldInit && oldInit->use_empty())
          rewriter.eraseOp(oldInit);
      }
      previous = tiled->getResult(0);
      previousFull = step->getResult(0);
    }
    result =
        tensor::InsertSliceOp::create(rewriter, loc, previous, result,
                                      outOffsetsOfr, outSizesOfr, unitStrides);
  }
  rewriter.replaceAllUsesWith(last->getResult(0), result);
  for (Operation *step : llvm::reverse(epilogue))
    rewriter.eraseOp(step);
  rewriter.eraseOp(op);
  if (initProducer && initProducer->use_empty())
    rewriter.eraseOp(initProducer);
  if (pad->use_empty())
    rewriter.eraseOp(pad);
  return true;
}

} // namespace

void strata::splitPaddedWindowOps(RewriterBase &rewriter, func::FuncOp func) {
  // Most kernels have no window op: nothing to fold or split.
  WalkResult found = func.walk([](Operation *op) {
    return getWindowedOpLayout(op) ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  if (!found.wasInterrupted())
    return;
  // Distribution fuses the pad into its tiles behind an `scf.if` guarding
  // empty slices, constant for static ones: fold it first.
  {
    RewritePatternSet patterns(func.getContext());
    scf::IfOp::getCanonicalizationPatterns(patterns, func.getContext());
    (void)applyPatternsGreedily(func, std::move(patterns));
  }
  SmallVector<WindowOp> windows;
  func.walk([&](linalg::LinalgOp op) {
    if (std::optional<WindowOp> window = matchWindowOp(op))
      windows.push_back(*window);
  });
  for (const WindowOp &window : windows)
    (void)splitWindowOp(rewriter, window);
}

namespace {

/// strata-split-padded-windows: splitPaddedWindowOps on each function.
struct SplitPaddedWindowsPass
    : strata::impl::SplitPaddedWindowsPassBase<SplitPaddedWindowsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    strata::splitPaddedWindowOps(rewriter, getOperation());
  }
};

} // namespace
