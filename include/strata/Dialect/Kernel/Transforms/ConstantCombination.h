//===- ConstantCombination.h - Sums weighted by small constants -*- C++ -*-===//
//
// Linear combinations with compile-time coefficients: a linalg.generic
//   out[...] += x[...] * K[...]
// whose reduction loops all index K, a small constant. kernel-rewrite-
// convolutions writes Winograd's transforms so (K holds products of the
// transform matrices' entries, mostly 0 and +-1); kernel-select-schedule
// gives them their own schedule, convert-kernel-to-device leaves K in the
// kernel, and strata-cpu-vectorize unrolls each tile into the few
// additions its non-zero coefficients need.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_TRANSFORMS_CONSTANTCOMBINATION_H
#define STRATA_DIALECT_KERNEL_TRANSFORMS_CONSTANTCOMBINATION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace strata::kernel {

/// The most coefficients a constant combination may have (its tiles are
/// unrolled over all of them).
constexpr int64_t kMaxCombinationCoefficients = 4096;

/// The parts of a constant combination.
struct ConstantCombination {
  mlir::linalg::GenericOp op;
  /// The input combined (x) and its indexing map.
  mlir::Value input;
  mlir::AffineMap inputMap;
  /// The input holding the coefficients (K), their values and its map.
  mlir::OpOperand *coefficientOperand = nullptr;
  mlir::DenseElementsAttr coefficients;
  mlir::AffineMap coefficientMap;
  /// The output's map and the loop of its innermost dim (the vector loop).
  mlir::AffineMap outputMap;
  unsigned vectorLoop = 0;
};

/// `op` as a constant combination: a linalg.generic on tensors with inputs
/// x and K and one init, where
/// - K is an arith.constant of floats, at most kMaxCombinationCoefficients
///   of them, at least half 0 or +-1 (transform matrices, not a small
///   weight matrix), read through a projected permutation;
/// - the body is `acc + x * K` (either operand order);
/// - every reduction loop is one of K's loops;
/// - the output's innermost dim (the vector loop of the lowering) is a
///   parallel loop that indexes x's innermost dim and nothing else of x or
///   K.
/// Nothing when `op` is not one.
std::optional<ConstantCombination>
matchConstantCombination(mlir::Operation *op);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_TRANSFORMS_CONSTANTCOMBINATION_H
