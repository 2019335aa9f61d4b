//===- ScheduleHeuristics.cpp - CUDA schedules of kernels -----------------===//
//
// Implements the CUDA backend's schedules (ScheduleHeuristics.h). Every
// kernel gets one thread per output element, in blocks of about
// kThreadsPerBlock threads whose consecutive threads write consecutive
// elements of the output's innermost dim (coalesced stores); reductions
// run whole in each thread. Matrix products of static sizes get square
// block tiles whose operand tiles are staged through shared memory a slice
// of the reduction at a time, and a register tile of outputs per thread
// (getStagedContractionSchedule). Convolutions get no staging, and
// reductions no warp reductions yet.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Target/TargetInfo.h"

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

kernel::ScheduleAttr cuda::chooseSchedule(linalg::LinalgOp root,
                                          const TargetInfo &info) {
  (void)info;
  MLIRContext *context = root->getContext();
  Builder builder(context);
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
    return kernel::ScheduleAttr::get(
        context,
        builder.getArrayAttr({builder.getDenseI64ArrayAttr(blockTiles),
                              builder.getDenseI64ArrayAttr(threadTiles),
                              builder.getDenseI64ArrayAttr(stageTiles)}),
        builder.getDenseI64ArrayAttr({}),
        builder.getDenseI64ArrayAttr(parallelDims), /*unroll=*/1,
        /*pack=*/false);
  }
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> blockTiles = getDefaultBlockTiles(ranges, iterators);
  SmallVector<int64_t> threadTiles = getThreadTiles(iterators);
  SmallVector<int64_t> parallelDims;
  for (auto [loop, tile] : llvm::enumerate(blockTiles))
    if (tile > 0)
      parallelDims.push_back(loop);
  return kernel::ScheduleAttr::get(
      context,
      builder.getArrayAttr({builder.getDenseI64ArrayAttr(blockTiles),
                            builder.getDenseI64ArrayAttr(threadTiles)}),
      builder.getDenseI64ArrayAttr({}),
      builder.getDenseI64ArrayAttr(parallelDims), /*unroll=*/1,
      /*pack=*/false);
}
