//===- GraphToKernel.h - Graph ops to tensor-level IR -----------*- C++ -*-===//
//
// The patterns of convert-graph-to-kernel, one set per graph op family, so
// that other passes (and downstream projects) can lower a subset.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H
#define STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
class RewritePatternSet;
} // namespace mlir

namespace strata {

/// Discardable attributes that convert-graph-to-kernel sets, before it makes
/// every unsigned integer type signless, on the graph ops whose operands
/// (`graph.unsigned_operands`) or results (`graph.unsigned_results`) were
/// unsigned: their lowerings pick unsigned comparisons, divisions,
/// extensions and conversions. The populate functions below read them.
inline constexpr llvm::StringLiteral kUnsignedOperandsAttr =
    "graph.unsigned_operands";
inline constexpr llvm::StringLiteral kUnsignedResultsAttr =
    "graph.unsigned_results";
/// With kUnsignedOperandsAttr, on ops whose integer operands differ in
/// signedness (a graph.matmul of ui8 activations and i8 weights): a
/// DenseBoolArrayAttr saying which operands were unsigned.
inline constexpr llvm::StringLiteral kUnsignedOperandListAttr =
    "graph.unsigned_operand_list";

/// Makes every integer type in the function bodies under `root` signless
/// and marks the graph ops that had unsigned operands or results (see
/// above). Function signatures keep their unsigned tensors (the runtime's
/// u8..u64 arguments and results): bodies view them with tensor.bitcast at
/// entry, before returns and around calls. Fails with a located error on
/// an unsigned scalar in a signature, which has no such view.
mlir::LogicalResult eraseUnsignedIntegers(mlir::Operation *root);

/// Elementwise ops and select -> linalg.generic with broadcasting maps.
void populateGraphElementwiseToLinalgPatterns(
    mlir::RewritePatternSet &patterns);
/// reduce_* and argmax/argmin -> linalg.generic reductions.
void populateGraphReductionToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// matmul, linear, convolutions, pools, norms, softmax -> linalg.
void populateGraphNNToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// constant, shape_of, reshape, transpose, squeeze, unsqueeze, flatten,
/// expand, tile, constant_of_shape, range -> arith/tensor/linalg.
void populateGraphShapeToTensorPatterns(mlir::RewritePatternSet &patterns);
/// concat, slice, dynamic_slice, trilu, gather, pad, split -> tensor/linalg.
void populateGraphIndexingToTensorPatterns(mlir::RewritePatternSet &patterns);
/// gather_elements, gather_nd, scatter_elements, scatter_nd ->
/// linalg.generic reading with tensor.extract.
void populateGraphGatherScatterToLinalgPatterns(
    mlir::RewritePatternSet &patterns);
/// resize -> linalg.generic gathering interpolation taps.
void populateGraphImageToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// call_native -> kernel.call_native (host code calling a native function).
void populateGraphExternalToKernelPatterns(mlir::RewritePatternSet &patterns);

/// All of the above.
void populateGraphToKernelPatterns(mlir::RewritePatternSet &patterns);

} // namespace strata

#endif // STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H
