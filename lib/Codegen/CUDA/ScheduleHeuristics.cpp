//===- ScheduleHeuristics.cpp - CUDA schedules of kernels -----------------===//
//
// Implements the CUDA backend's schedules (ScheduleHeuristics.h). Every
// kernel gets one thread per output element, in blocks of about
// kThreadsPerBlock threads whose consecutive threads write consecutive
// elements of the output's innermost dim (coalesced stores); reductions
// run whole in each thread. Matrix products, convolutions and reductions
// get no register tiles, shared-memory staging or warp reductions yet:
// these schedules are correct for every kernel and the baseline of the GPU
// performance work.
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

kernel::ScheduleAttr cuda::chooseSchedule(linalg::LinalgOp root,
                                          const TargetInfo &info) {
  (void)info;
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<int64_t> blockTiles = getDefaultBlockTiles(ranges, iterators);
  SmallVector<int64_t> threadTiles = getThreadTiles(iterators);
  SmallVector<int64_t> parallelDims;
  for (auto [loop, tile] : llvm::enumerate(blockTiles))
    if (tile > 0)
      parallelDims.push_back(loop);
  MLIRContext *context = root->getContext();
  Builder builder(context);
  return kernel::ScheduleAttr::get(
      context,
      builder.getArrayAttr({builder.getDenseI64ArrayAttr(blockTiles),
                            builder.getDenseI64ArrayAttr(threadTiles)}),
      builder.getDenseI64ArrayAttr({}),
      builder.getDenseI64ArrayAttr(parallelDims), /*unroll=*/1,
      /*pack=*/false);
}
