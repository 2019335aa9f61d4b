//===- GraphUtils.h - Shape helpers shared by graph ops ---------*- C++ -*-===//
//
// Type-inference and shape-reification helpers that every op family (and
// later the graph passes) share: compatibility of declared and inferred
// types, axis normalization, ONNX broadcasting.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHUTILS_H
#define STRATA_DIALECT_GRAPH_IR_GRAPHUTILS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Support/LLVM.h"
#include <optional>
#include <string>

namespace mlir {
class OpBuilder;
} // namespace mlir

namespace strata::graph {

/// Returns true when each pair of types are tensors with the same element
/// type and rank whose sizes agree wherever both are static. This lets a
/// declared result be less (or more) refined than the inferred one, which is
/// what shape inference needs.
bool areCompatibleTensorTypes(mlir::TypeRange inferred, mlir::TypeRange actual);

/// Maps `axis` in [-rank, rank) to [0, rank). Emits "<what> <axis> is out of
/// range for rank <rank>" at `loc` (when given) and fails otherwise.
mlir::FailureOr<int64_t> normalizeAxis(std::optional<mlir::Location> loc,
                                       int64_t axis, int64_t rank,
                                       llvm::StringRef what = "axis");

/// Normalizes every axis of `axes` (see normalizeAxis) and rejects
/// duplicates; the result keeps the given order.
mlir::FailureOr<llvm::SmallVector<int64_t>>
normalizeAxes(std::optional<mlir::Location> loc, llvm::ArrayRef<int64_t> axes,
              int64_t rank, llvm::StringRef what = "axis");

/// Computes the numpy/ONNX broadcast of `shapes` into `result`. A `?` paired
/// with 1 stays `?`; a `?` paired with N > 1 becomes N. Emits an error naming
/// both sizes at `loc` (when given) when two static sizes differ and neither
/// is 1.
mlir::LogicalResult inferBroadcastShape(std::optional<mlir::Location> loc,
                                        llvm::ArrayRef<mlir::ShapedType> shapes,
                                        llvm::SmallVectorImpl<int64_t> &result);

/// Folds dim `dim` of `operand` into the broadcast size `size` computed so
/// far (start from 1): static sizes win, two unknown sizes become a select of
/// the one that is not 1.
mlir::OpFoldResult combineBroadcastSize(mlir::OpBuilder &builder,
                                        mlir::Location loc,
                                        mlir::OpFoldResult size,
                                        mlir::Value operand, int64_t dim);

/// Materializes the broadcast result sizes of `operands` (ranked tensors)
/// as index values or attributes; used by ReifyRankedShapedTypeOpInterface.
llvm::SmallVector<mlir::OpFoldResult>
reifyBroadcastShape(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::ValueRange operands);

/// Index arithmetic on sizes for reification: folds when both sides are
/// constants, otherwise creates arith ops on index values. Sizes are
/// non-negative, so division is unsigned.
mlir::OpFoldResult addSizes(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);
mlir::OpFoldResult subSizes(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);
mlir::OpFoldResult mulSizes(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);
mlir::OpFoldResult floorDivSizes(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::OpFoldResult lhs,
                                 mlir::OpFoldResult rhs);
mlir::OpFoldResult ceilDivSizes(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);

/// The splat value of `attr` when it is a splat DenseElementsAttr, else null.
mlir::Attribute getSplatValue(mlir::Attribute attr);

/// A splat of `scalar` with `type`, when `type` is a static tensor of the
/// scalar's type; else null.
mlir::Attribute makeSplat(mlir::Type type, mlir::Attribute scalar);

/// Folds an op whose result is a splat of its splat constant operand
/// (transpose, reshape, slice, ... of a splat) to a splat of `resultType`.
mlir::OpFoldResult foldSplat(mlir::Attribute operand, mlir::Type resultType);

/// Folds a pure reshape (reshape, flatten, squeeze, unsqueeze) of a dense
/// constant to the same elements with `resultType`, when that type is static:
/// the row-major element order is unchanged, so no element is computed.
mlir::OpFoldResult foldReshapedConstant(mlir::Attribute operand,
                                        mlir::Type resultType);

/// Formats a shape for diagnostics as MLIR writes it: "[?, 3, 4]".
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Returns the ranked tensor type of `value`, or null.
inline mlir::RankedTensorType getRankedType(mlir::Value value) {
  return llvm::dyn_cast<mlir::RankedTensorType>(value.getType());
}

/// Returns the element count of a static shape, or nullopt when a size is
/// dynamic or the product does not fit in int64_t.
std::optional<int64_t> getStaticNumElements(llvm::ArrayRef<int64_t> shape);

namespace detail {
/// inferReturnTypes of unary elementwise ops: the operand's type.
mlir::LogicalResult
inferUnaryResultType(std::optional<mlir::Location> loc, mlir::Type input,
                     llvm::SmallVectorImpl<mlir::Type> &inferred);

/// inferReturnTypes of broadcasting ops: all operands share one element
/// type; the result is their broadcast shape, of `i1` when `boolResult`.
mlir::LogicalResult
inferBroadcastResultType(std::optional<mlir::Location> loc,
                         mlir::ValueRange operands, bool boolResult,
                         llvm::SmallVectorImpl<mlir::Type> &inferred);

/// reifyResultShapes of ops whose single result has `source`'s sizes.
mlir::LogicalResult reifySameShape(mlir::OpBuilder &builder, mlir::Location loc,
                                   mlir::Value source,
                                   mlir::ReifiedRankedShapedTypeDims &shapes);
} // namespace detail

} // namespace strata::graph

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHUTILS_H
