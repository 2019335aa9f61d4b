//===- ScheduleHeuristics.cpp - CUDA schedules of kernels -----------------===//
//
// Implements the CUDA backend's schedules (ScheduleHeuristics.h). Every
// kernel gets one thread per output element, in blocks of about
// kThreadsPerBlock threads whose consecutive threads write consecutive
// elements of the output's innermost dim (coalesced stores); reductions
// run whole in each thread. Matrix products of static sizes get square
// block tiles whose operand tiles are staged through shared memory a slice
// of the reduction at a time, and a register tile of outputs per thread
// (getStagedContraction); so do convolutions, as implicit matrix products
// of a block's pixels by its output channels (getStagedConvolution).
// Reductions get no warp reductions yet.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace strata;

SmallVector<int64_t>
cuda::getDefaultBlockTiles(ArrayRef<int64_t> ranges,
                           ArrayRef<utils::IteratorType> iterators,
                           ArrayRef<bool> keepWhole) {
  SmallVector<int64_t> tiles(ranges.size(), 0);
  int64_t budget = kThreadsPerBlock;
  for (int64_t loop = static_cast<int64_t>(ranges.size()) - 1; loop >= 0;
       --loop) {
    if (iterators[loop] != utils::IteratorType::parallel)
      continue;
    int64_t range = ranges[loop];
    bool whole =
        loop < static_cast<int64_t>(keepWhole.size()) && keepWhole[loop];
    if (whole) {
      // The block runs all of the loop: its threads share it.
      budget = ShapedType::isDynamic(range)
                   ? 1
                   : std::max<int64_t>(1, budget / std::max<int64_t>(1, range));
      continue;
    }
    if (!ShapedType::isDynamic(range) && range <= budget) {
      tiles[loop] = std::max<int64_t>(1, range);
      budget = std::max<int64_t>(1, budget / std::max<int64_t>(1, range));
      continue;
    }
    tiles[loop] = budget;
    budget = 1;
  }
  return tiles;
}

SmallVector<int64_t>
cuda::getThreadTiles(ArrayRef<utils::IteratorType> iterators) {
  SmallVector<int64_t> tiles;
  for (utils::IteratorType iterator : iterators)
    tiles.push_back(iterator == utils::IteratorType::parallel ? 1 : 0);
  return tiles;
}

/// The block tile of a matrix dim of `range` iterations: the largest of
/// 64, 32 and 16 dividing it, else the largest not above it (a partial last
/// tile), 64 when it is dynamic; 0 below 16 (too few rows to stage).
static int64_t getStagedBlockTile(int64_t range) {
  if (ShapedType::isDynamic(range))
    return 64;
  if (range < 16)
    return 0;
  for (int64_t tile : {64, 32, 16})
    if (range % tile == 0)
      return tile;
  for (int64_t tile : {64, 32, 16})
    if (range >= tile)
      return tile;
  return 0;
}

/// The reduction slice a staged product stages per step: whole when it has
/// at most kMaxStageK iterations, else the largest of 32, 16 and 8 dividing
/// it, else 32 (a partial last step).
static int64_t getStageTile(int64_t range) {
  if (!ShapedType::isDynamic(range) && range <= cuda::kMaxStageK)
    return range;
  if (!ShapedType::isDynamic(range))
    for (int64_t tile : {32, 16, 8})
      if (range % tile == 0)
        return tile;
  return 32;
}

std::optional<cuda::StagedContraction>
cuda::getStagedContraction(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op) || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.hasIndexSemantics() ||
      !op.hasOnlyProjectedPermutations())
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::is_contained(ranges, 0))
    return std::nullopt;
  StagedContraction staged;
  staged.m = dims->m.front();
  staged.n = dims->n.front();
  staged.k = dims->k.front();
  // 16 x 16 threads, each computing a register tile of (tile / 16)^2
  // outputs.
  staged.blockM = getStagedBlockTile(ranges[staged.m]);
  staged.blockN = getStagedBlockTile(ranges[staged.n]);
  staged.stageK = getStageTile(ranges[staged.k]);
  if (!staged.blockM || !staged.blockN || staged.stageK <= 0)
    return std::nullopt;
  return staged;
}

int64_t cuda::StagedConvolution::getBlockM() const {
  return llvm::divideCeil(getBlockPixels(), kStagedThreadsPerDim) *
         kStagedThreadsPerDim;
}

/// The most output pixels of a staged convolution's block tile (the m of
/// its product, like a staged contraction's largest block tile).
constexpr int64_t kMaxStagedPixels = 64;

/// Whether `block` computes a sum of products (casts allowed around them).
static bool isMultiplyAccumulate(Block &block) {
  return linalg::detail::isContractionBody(
      block, [](Operation *multiply, Operation *add) {
        return (isa<arith::MulFOp>(multiply) && isa<arith::AddFOp>(add)) ||
               (isa<arith::MulIOp>(multiply) && isa<arith::AddIOp>(add));
      });
}

std::optional<cuda::StagedConvolution>
cuda::matchStagedConvolutionLoops(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.hasIndexSemantics() || op->getNumRegions() != 1 || !op.getBlock() ||
      !isMultiplyAccumulate(*op.getBlock()))
    return std::nullopt;
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(op);
  if (failed(dims) || dims->batch.size() != 1 ||
      dims->outputImage.size() != 2 || dims->outputChannel.size() != 1 ||
      dims->filterLoop.size() != 2 || dims->inputChannel.size() != 1 ||
      !dims->depth.empty())
    return std::nullopt;
  StagedConvolution staged;
  staged.batch = dims->batch.front();
  staged.height = dims->outputImage[0];
  staged.width = dims->outputImage[1];
  staged.channel = dims->outputChannel.front();
  staged.filterHeight = dims->filterLoop[0];
  staged.filterWidth = dims->filterLoop[1];
  staged.inputChannel = dims->inputChannel.front();
  // The block's result tile is the accumulator's rows reshaped: the output
  // must be indexed (batch, height, width, channel).
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned expected[] = {staged.batch, staged.height, staged.width,
                         staged.channel};
  if (outputMap.getNumResults() != 4)
    return std::nullopt;
  for (auto [result, loop] : llvm::zip(outputMap.getResults(), expected)) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim || dim.getPosition() != loop)
      return std::nullopt;
  }
  return staged;
}

std::optional<cuda::StagedConvolution>
cuda::getStagedConvolution(linalg::LinalgOp op) {
  std::optional<StagedConvolution> loops = matchStagedConvolutionLoops(op);
  if (!loops)
    return std::nullopt;
  StagedConvolution staged = *loops;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned loop : {staged.height, staged.width, staged.filterHeight,
                        staged.filterWidth, staged.inputChannel})
    if (ShapedType::isDynamic(ranges[loop]) || ranges[loop] <= 0)
      return std::nullopt;
  if (ranges[staged.batch] == 0 || ranges[staged.channel] == 0)
    return std::nullopt;
  // The block tile of pixels: the most (up to kMaxStagedPixels) that a
  // tile dividing the image holds, the widest of those (longer runs of
  // consecutive pixels).
  int64_t height = ranges[staged.height], width = ranges[staged.width];
  for (int64_t tileWidth = 1; tileWidth <= std::min(width, kMaxStagedPixels);
       ++tileWidth) {
    if (width % tileWidth)
      continue;
    for (int64_t tileHeight = 1; tileHeight <= height; ++tileHeight) {
      int64_t pixels = tileHeight * tileWidth;
      if (height % tileHeight || pixels > kMaxStagedPixels ||
          pixels < staged.getBlockPixels())
        continue;
      staged.tileHeight = tileHeight;
      staged.tileWidth = tileWidth;
    }
  }
  staged.blockN = getStagedBlockTile(ranges[staged.channel]);
  staged.stageChannels = getStageTile(ranges[staged.inputChannel]);
  if (staged.getBlockPixels() < kStagedThreadsPerDim || !staged.blockN)
    return std::nullopt;
  return staged;
}

/// The schedule of `levels` of tile sizes (outermost first), no vector
/// sizes, `parallelDims` the grid's loops.
static kernel::ScheduleAttr buildSchedule(MLIRContext *context,
                                          ArrayRef<SmallVector<int64_t>> levels,
                                          ArrayRef<int64_t> parallelDims) {
  Builder builder(context);
  SmallVector<Attribute> tiles;
  for (ArrayRef<int64_t> level : levels)
    tiles.push_back(builder.getDenseI64ArrayAttr(level));
  return kernel::ScheduleAttr::get(context, builder.getArrayAttr(tiles),
                                   builder.getDenseI64ArrayAttr({}),
                                   builder.getDenseI64ArrayAttr(parallelDims),
                                   /*unroll=*/1, /*pack=*/false);
}

kernel::ScheduleAttr cuda::chooseSchedule(linalg::LinalgOp root,
                                          const TargetInfo &info) {
  (void)info;
  MLIRContext *context = root->getContext();
  if (std::optional<StagedContraction> staged = getStagedContraction(root)) {
    unsigned numLoops = root.getNumLoops();
    SmallVector<int64_t> blockTiles(numLoops, 0), threadTiles(numLoops, 0),
        stageTiles(numLoops, 0), parallelDims;
    for (auto [loop, iterator] :
         llvm::enumerate(root.getIteratorTypesArray())) {
      if (iterator != utils::IteratorType::parallel)
        continue;
      // Batch dims: one matrix per block.
      blockTiles[loop] = threadTiles[loop] = 1;
      parallelDims.push_back(loop);
    }
    blockTiles[staged->m] = staged->blockM;
    blockTiles[staged->n] = staged->blockN;
    threadTiles[staged->m] = staged->blockM / kStagedThreadsPerDim;
    threadTiles[staged->n] = staged->blockN / kStagedThreadsPerDim;
    stageTiles[staged->k] = staged->stageK;
    return buildSchedule(context, {blockTiles, threadTiles, stageTiles},
                         parallelDims);
  }
  if (std::optional<StagedConvolution> staged = getStagedConvolution(root)) {
    unsigned numLoops = root.getNumLoops();
    SmallVector<int64_t> blockTiles(numLoops, 0), threadTiles(numLoops, 0),
        stageTiles(numLoops, 0);
    blockTiles[staged->batch] = threadTiles[staged->batch] = 1;
    blockTiles[staged->height] = staged->tileHeight;
    blockTiles[staged->width] = staged->tileWidth;
    blockTiles[staged->channel] = staged->blockN;
    // Each thread: getBlockM() / 16 consecutive pixels of the block
    // (counted on the width loop) by blockN / 16 channels.
    threadTiles[staged->height] = 1;
    threadTiles[staged->width] = staged->getBlockM() / kStagedThreadsPerDim;
    threadTiles[staged->channel] = staged->blockN / kStagedThreadsPerDim;
    // One filter tap and a slice of the input channels per step.
    stageTiles[staged->filterHeight] = stageTiles[staged->filterWidth] = 1;
    stageTiles[staged->inputChannel] = staged->stageChannels;
    SmallVector<int64_t> parallelDims = {staged->batch, staged->height,
                                         staged->width, staged->channel};
    llvm::sort(parallelDims);
    return buildSchedule(context, {blockTiles, threadTiles, stageTiles},
                         parallelDims);
  }
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> blockTiles = getDefaultBlockTiles(ranges, iterators);
  SmallVector<int64_t> threadTiles = getThreadTiles(iterators);
  SmallVector<int64_t> parallelDims;
  for (auto [loop, tile] : llvm::enumerate(blockTiles))
    if (tile > 0)
      parallelDims.push_back(loop);
  return buildSchedule(context, {blockTiles, threadTiles}, parallelDims);
}
