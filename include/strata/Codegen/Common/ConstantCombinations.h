//===- ConstantCombinations.h - Constant combinations unrolled --*- C++ -*-===//
//
// The tile lowering of constant combinations (linalg.generic sums weighted
// by a small constant, see Dialect/Kernel/Transforms/ConstantCombination.h).
// Generic vectorization multiplies by every coefficient, zeros included;
// strata-cpu-vectorize unrolls a tile into the few additions its
// non-zero coefficients need instead.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_COMMON_CONSTANTCOMBINATIONS_H
#define STRATA_CODEGEN_COMMON_CONSTANTCOMBINATIONS_H

namespace mlir {
class Operation;
class RewriterBase;
} // namespace mlir

namespace strata {

/// Rewrites `op`, a statically shaped tile of a constant combination whose
/// loops other than K's and the output's innermost one (the vector loop, at
/// most 64 iterations, read contiguously from x) have one iteration, into
/// unrolled vector code: for each point of K's parallel loops, the init (a
/// splat when it is a constant fill) plus the x vectors whose coefficient is
/// non-zero, each added, subtracted (coefficients +-1) or multiplied and
/// added. Terms with a zero coefficient are skipped, as Winograd's algorithm
/// intends (an infinite input elsewhere in a window then does not turn the
/// result into NaN). Returns whether it rewrote `op`.
bool lowerConstantCombinationTile(mlir::RewriterBase &rewriter,
                                  mlir::Operation *op);

} // namespace strata

#endif // STRATA_CODEGEN_COMMON_CONSTANTCOMBINATIONS_H
