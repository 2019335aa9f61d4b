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
/// size cannot be reified. (convert-graph-to-kernel gives each op its
/// inferred result types first, so a static size here never depends on a
/// `?` operand dim.)
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

/// Stops the host program at run time with "`message`" (each `{N}`
/// replaced by `values[N]`, index or i64 values) when `condition` (an i1)
/// is false: a kernel.check at `loc`, whose location the error names.
/// Nothing is emitted when the condition folds to true.
void checkAtRunTime(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value condition, const llvm::Twine &message,
                    mlir::ValueRange values = {});

/// Whether `lhs` and `rhs` are the same size by construction: equal
/// constants, one value, or two tensor.dim ops of one dim of one tensor
/// (lowerings create their own; CSE merges them only later).
bool isSameSize(mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);

/// Checks at run time that the sizes `lhs` and `rhs` are equal: nothing
/// when they are equal constants or the same value, else a check whose
/// error is "`what` ({0} vs {1})" with both sizes. With `unless` (an i1),
/// the sizes may also differ where it holds.
void checkSizesEqual(mlir::OpBuilder &builder, mlir::Location loc,
                     mlir::OpFoldResult lhs, mlir::OpFoldResult rhs,
                     const llvm::Twine &what, mlir::Value unless = {});

/// checkSizesEqual of dim `lhsDim` of `lhs` and dim `rhsDim` of `rhs`
/// (sizes from getSizeForCheck).
void checkDimsEqual(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value lhs, int64_t lhsDim, mlir::Value rhs,
                    int64_t rhsDim, const llvm::Twine &what,
                    mlir::Value unless = {});

/// An i1 that holds when any of `sizes` is 0 (folds to a constant when all
/// are constants): a product with an empty result reads nothing, so its
/// inner sizes need not agree (a batch-0 `reshape(x, [0, -1])` infers 0
/// for the -1).
mlir::Value isAnySizeZero(mlir::OpBuilder &builder, mlir::Location loc,
                          llvm::ArrayRef<mlir::OpFoldResult> sizes);

/// Checks that every element of the integer tensor `indices` lies in
/// [-size, size) (an index counted from either end of a dim of `size`):
/// for constant indices and size now (an error on `op`, failure), else on
/// the host before the kernels that read through them run: a reduction
/// computes the smallest and largest index, and a check of each names the
/// offending value, `what` and the size.
mlir::LogicalResult checkIndicesInRange(mlir::OpBuilder &builder,
                                        mlir::Operation *op,
                                        mlir::Value indices,
                                        mlir::OpFoldResult size,
                                        const llvm::Twine &what);

/// The size of dim `dim` of the ranked tensor `value` for a run-time
/// check: the static size, or the size the value was allocated with
/// (looking through destination-style producers to their inits, casts and
/// tensor.empty), else a tensor.dim. Looking through keeps the check from
/// adding uses of producers' results, which would stop their fusion.
mlir::OpFoldResult getSizeForCheck(mlir::OpBuilder &builder, mlir::Location loc,
                                   mlir::Value value, int64_t dim);

} // namespace strata::detail

#endif // STRATA_LIB_CONVERSION_GRAPHTOKERNEL_UTILS_H
