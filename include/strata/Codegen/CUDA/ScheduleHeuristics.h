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
#include <optional>

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

/// The threads of a staged contraction's block along each of its two
/// matrix dims (16 x 16 = kThreadsPerBlock).
inline constexpr int64_t kStagedThreadsPerDim = 16;
/// The longest reduction a staged contraction stages whole.
inline constexpr int64_t kMaxStageK = 32;

/// How a matrix product is staged: its m, n and k loops (one each; other
/// parallel loops are batch loops), the block tile of m and n, and the
/// slice of k staged in shared memory at a time.
struct StagedContraction {
  unsigned m = 0, n = 0, k = 0;
  int64_t blockM = 0, blockN = 0, stageK = 0;
};

/// The staging of `op` when it is a contraction (one m, n and k loop; the
/// body a multiply-accumulate; operands read through projected
/// permutations) whose m and n have at least 16 iterations (or are
/// dynamic). Sizes need not divide by the tiles: staged tiles are zero
/// beyond the operands' edges.
std::optional<StagedContraction>
getStagedContraction(mlir::linalg::LinalgOp op);

/// How a 2-D convolution (NHWC-like: one batch, two output image, one
/// output channel, two filter and one input channel loop, no depth loop;
/// the output indexed by (batch, height, width, channel)) is staged as an
/// implicit matrix product: m the output pixels of a block tile of
/// tileHeight x tileWidth (which divide the image; one image per block),
/// n the output channels (blockN per block), and k the filter taps times
/// the input channels, staged one tap and stageChannels channels per step.
struct StagedConvolution {
  unsigned batch = 0, height = 0, width = 0, channel = 0;
  unsigned filterHeight = 0, filterWidth = 0, inputChannel = 0;
  int64_t tileHeight = 0, tileWidth = 0, blockN = 0, stageChannels = 0;

  /// The block's pixels, the m of its product.
  int64_t getBlockPixels() const { return tileHeight * tileWidth; }
  /// The rows of the block's staged tiles: the pixels rounded up to the
  /// kStagedThreadsPerDim threads along m (rows beyond the pixels are
  /// zero).
  int64_t getBlockM() const;
};

/// The loops of `op` when it is a convolution that StagedConvolution
/// describes (its tile sizes left 0), whatever its sizes.
std::optional<StagedConvolution>
matchStagedConvolutionLoops(mlir::linalg::LinalgOp op);

/// The staging of `op` when it is a convolution that StagedConvolution
/// describes, of static image, filter and input channel sizes (the batch
/// and output channels may be dynamic), with at least 16 pixels in a block
/// tile and 16 output channels (or dynamic).
std::optional<StagedConvolution>
getStagedConvolution(mlir::linalg::LinalgOp op);

/// The schedule of `root`, a kernel's root op, on the GPU `info` describes:
/// tile_sizes = [block tiles, thread tiles], no vector sizes, the block-
/// tiled parallel loops as parallel_dims. A staged contraction gets a third
/// level: the reduction tile its block stages in shared memory per step
/// (strata-cuda-distribute), and thread tiles of several outputs (a
/// register tile). So does a staged convolution: block tiles
/// [1, tileHeight, tileWidth, blockN], thread tiles of getBlockM() / 16
/// consecutive pixels (counted on the width loop) by blockN / 16 channels,
/// and a stage tile of one tap and stageChannels input channels.
kernel::ScheduleAttr chooseSchedule(mlir::linalg::LinalgOp root,
                                    const TargetInfo &info);

} // namespace cuda
} // namespace strata

#endif // STRATA_CODEGEN_CUDA_SCHEDULEHEURISTICS_H
