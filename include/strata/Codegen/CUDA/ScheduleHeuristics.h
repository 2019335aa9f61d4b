//===- ScheduleHeuristics.h - CUDA schedules of kernels ---------*- C++ -*-===//
//
// The CUDA backend's schedule heuristics (TargetBackend::chooseSchedule):
// the block and thread tiles of a kernel's loops, which
// strata-cuda-distribute carries out.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CUDA_SCHEDULEHEURISTICS_H
#define STRATA_CODEGEN_CUDA_SCHEDULEHEURISTICS_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::linalg {
class LinalgOp;
} // namespace mlir::linalg

namespace strata {
struct TargetInfo;
namespace kernel {
class ScheduleAttr;
} // namespace kernel

namespace cuda {

/// The threads of a block the default schedules aim at: 8 warps, enough to
/// hide the latency of one another's loads on every chip since sm_80.
inline constexpr int64_t kThreadsPerBlock = 256;

/// The block tile sizes of a loop nest of `ranges` (static sizes or
/// ShapedType::kDynamic) and `iterators`: reductions whole (0), the parallel
/// loops from the innermost outwards taking whole loops while the tile's
/// elements (one per thread) stay within kThreadsPerBlock, then the rest of
/// that budget, then 1. Loops in `keepWhole` are whole (0) and use up the
/// budget by their size.
llvm::SmallVector<int64_t>
getDefaultBlockTiles(llvm::ArrayRef<int64_t> ranges,
                     llvm::ArrayRef<mlir::utils::IteratorType> iterators,
                     llvm::ArrayRef<bool> keepWhole = {});

/// The thread tile sizes of a loop nest: one element of every parallel
/// loop per thread, reductions whole.
llvm::SmallVector<int64_t>
getThreadTiles(llvm::ArrayRef<mlir::utils::IteratorType> iterators);

/// The schedule of `root`, a kernel's root op, on the GPU `info` describes:
/// tile_sizes = [block tiles, thread tiles], no vector sizes, the block-
/// tiled parallel loops as parallel_dims.
kernel::ScheduleAttr chooseSchedule(mlir::linalg::LinalgOp root,
                                    const TargetInfo &info);

} // namespace cuda
} // namespace strata

#endif // STRATA_CODEGEN_CUDA_SCHEDULEHEURISTICS_H
