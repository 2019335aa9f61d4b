//===- GraphToKernel.h - Graph ops to tensor-level IR -----------*- C++ -*-===//
//
// The patterns of convert-graph-to-kernel, one set per graph op family, so
// that other passes (and downstream projects) can lower a subset.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H
#define STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace strata {

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

/// All of the above.
void populateGraphToKernelPatterns(mlir::RewritePatternSet &patterns);

} // namespace strata

#endif // STRATA_CONVERSION_GRAPHTOKERNEL_GRAPHTOKERNEL_H
