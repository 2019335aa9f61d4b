//===- StageContractions.h - Products staged in shared memory ---*- C++ -*-===//
//
// The staging of a matrix product's operand tiles in shared memory, with a
// register tile per thread, that strata-cuda-distribute applies to the
// contractions whose schedule has a staging level (ScheduleHeuristics.h),
// and to convolutions as implicit matrix products (StageConvolutions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CUDA_STAGECONTRACTIONS_H
#define STRATA_CODEGEN_CUDA_STAGECONTRACTIONS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class Location;
class RewriterBase;
class Value;
namespace linalg {
class FillOp;
class LinalgOp;
} // namespace linalg
namespace scf {
class ForallOp;
class ForOp;
} // namespace scf
} // namespace mlir

namespace strata::cuda {

/// Marks the generics that stage a contraction's operand tiles in block
/// buffers: thread loops of their own, never fused into the product's.
inline constexpr llvm::StringLiteral kStageCopyAttrName =
    "strata.cuda.stage_copy";

/// The staged contraction of a block tile: a linalg op in `blocks`' body
/// whose schedule has a third (staging) level and which
/// cuda::getStagedContraction accepts; null when there is none.
mlir::linalg::LinalgOp findStagedContraction(mlir::scf::ForallOp blocks);

/// Steps `op`, a staged contraction in a block tile, through its reduction
/// by the schedule's staging tile (an scf.for marked
/// kCUDAStageLoopAttrName): the block's tile of the result accumulates in a
/// tensor of the block tile's static shape (a block buffer: shared
/// memory), and each step copies its tiles of the operands into tensors of
/// their own, zero beyond the operands' edges, whose product the step adds
/// (static shapes throughout: partial tiles of the block or of the
/// reduction compute on zeros). Returns the step's product, which the
/// caller tiles into threads by the schedule's second level.
mlir::FailureOr<mlir::linalg::LinalgOp>
stageContraction(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

/// A stage loop (kCUDAStageLoopAttrName) from `lower` to `upper` by `step`
/// carrying `accumulator`, its body empty and the insertion point at its
/// start: the caller adds a step's staged tiles and product, and yields.
mlir::scf::ForOp createStageLoop(mlir::RewriterBase &rewriter,
                                 mlir::Location loc, mlir::Value lower,
                                 mlir::Value upper, mlir::Value step,
                                 mlir::Value accumulator);

/// stageContraction for a convolution (getStagedConvolution): an implicit
/// matrix product of the block's pixels (rows of the accumulator, rounded
/// up to 16) by its output channels, stepped through each filter tap and a
/// slice of the input channels at a time; each step gathers the input
/// elements of the block's windows (a padded input's predicated reads
/// computed in place) and the tap's weights into block buffers. The block
/// tile's pixels must fill it (the schedule's tiles divide the image).
mlir::FailureOr<mlir::linalg::LinalgOp>
stageConvolution(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

/// Replaces `op`, a staged op of a block tile, with `blockResult`, its
/// result in a tensor of the block tile's static shape (cut to the tile's
/// sizes, and copied out by the block's threads when the block writes it
/// out), and erases `fill` (its init's, when it had one) and the producers
/// the staged tiles computed in place once unused.
void replaceWithStagedResult(mlir::RewriterBase &rewriter,
                             mlir::linalg::LinalgOp op, mlir::Value blockResult,
                             mlir::linalg::FillOp fill);

/// Vectorizes the linalg ops of a staged product's thread loop (its
/// register tile: the outputs stay in vector registers through each step)
/// and lowers the contraction to outer products.
void vectorizeRegisterTile(mlir::RewriterBase &rewriter,
                           mlir::scf::ForallOp threads);

} // namespace strata::cuda

#endif // STRATA_CODEGEN_CUDA_STAGECONTRACTIONS_H
