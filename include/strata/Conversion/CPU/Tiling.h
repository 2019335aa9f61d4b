//===- Tiling.h - What the CPU tiling passes can tile -----------*- C++ -*-===//
//
// The one rule strata-cpu-tile-and-vectorize and strata-cpu-distribute-tiles
// share about which linalg ops upstream tiling handles.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_CPU_TILING_H
#define STRATA_CONVERSION_CPU_TILING_H

namespace mlir::linalg {
class LinalgOp;
} // namespace mlir::linalg

namespace strata {

/// Whether every indexing map of `op` is one upstream tiling slices
/// correctly: a projected permutation, or convolution windows (sums of dims
/// with positive coefficients) that stay within their static operand.
bool hasTileableIndexingMaps(mlir::linalg::LinalgOp op);

} // namespace strata

#endif // STRATA_CONVERSION_CPU_TILING_H
