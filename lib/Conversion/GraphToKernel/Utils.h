//===- Utils.h - Helpers shared by the graph lowerings ----------*- C++ -*-===//
//
// Internal to lib/Conversion/GraphToKernel.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_CONVERSION_GRAPHTOKERNEL_UTILS_H
#define STRATA_LIB_CONVERSION_GRAPHTOKERNEL_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

namespace strata::detail {

/// An uninitialized tensor (tensor.empty) for result `resultIndex` of the
/// graph op `op`, with its declared type: static sizes from the type, `?`
/// sizes from the op's ReifyRankedShapedTypeOpInterface. Fails when a `?`
/// size cannot be reified.
mlir::FailureOr<mlir::Value> createEmptyResult(mlir::OpBuilder &builder,
                                               mlir::Operation *op,
                                               unsigned resultIndex = 0);

/// A tensor of `type` whose elements are all `value`: tensor.empty (sizes as
/// for createEmptyResult) filled with linalg.fill.
mlir::FailureOr<mlir::Value> createFilledResult(mlir::OpBuilder &builder,
                                                mlir::Operation *op,
                                                unsigned resultIndex,
                                                mlir::Value value);

/// `value` as `type` (same element type and rank, compatible sizes): a
/// tensor.cast when the types differ.
mlir::Value castTo(mlir::OpBuilder &builder, mlir::Location loc,
                   mlir::Value value, mlir::Type type);

/// An all-parallel linalg.generic writing `init` with an identity map, whose
/// body (built by `computeElement` from the loop indices) yields each
/// element.
mlir::Value createIndexedGeneric(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value init,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange)>
        computeElement);

/// A scalar arith.constant of `elementType` holding `value` (floats) or
/// `static_cast<int64_t>(value)` (integers; 0 or 1 for i1).
mlir::Value createScalarConstant(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Type elementType, double value);

/// The identity of a reduction for `elementType`: lowest (for max) or
/// highest (for min) finite-or-infinite value, as an attribute; integers
/// are read as unsigned with `isUnsigned` (0 and all ones).
mlir::TypedAttr getLowestValue(mlir::Type elementType, bool isUnsigned = false);
mlir::TypedAttr getHighestValue(mlir::Type elementType,
                                bool isUnsigned = false);

} // namespace strata::detail

#endif // STRATA_LIB_CONVERSION_GRAPHTOKERNEL_UTILS_H
