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
#include <utility>

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
/// non-negative, so division is unsigned (but the ceiling division, signed:
/// the runtime VM that computes host sizes has no unsigned one).
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
/// Signed min/max of two index sizes (ONNX bounds may be negative before
/// they are clamped); folds when both are constants.
mlir::OpFoldResult minSizes(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);
mlir::OpFoldResult maxSizes(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);

/// `base` to the power `exponent` as graph.pow defines it on integers:
/// repeated squaring with wrapping (two's complement) products; a negative
/// exponent gives 1 / base^-exponent truncated toward zero (0 unless the
/// base is 1 or -1). Shared by the folder and the evaluator.
int64_t integerPower(int64_t base, int64_t exponent);

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

/// The result types graph op `op` derives from its operands, appended to
/// `inferred`: its InferTypeOpInterface's, or for graph.cast (whose result
/// type is the information) the input's shape with the result's element
/// type. Leaves `inferred` empty for ops that infer nothing; fails when the
/// operands contradict the op (reported at `loc` when given).
mlir::LogicalResult
inferResultTypes(mlir::Operation *op, std::optional<mlir::Location> loc,
                 llvm::SmallVectorImpl<mlir::Type> &inferred);

/// Returns the element count of a static shape, or nullopt when a size is
/// dynamic or the product does not fit in int64_t.
std::optional<int64_t> getStaticNumElements(llvm::ArrayRef<int64_t> shape);

/// The extent of a kernel of `kernel` taps with `dilation`:
/// (kernel - 1) * dilation + 1; nullopt on overflow.
std::optional<int64_t> getDilatedExtent(int64_t kernel, int64_t dilation);

/// The output size of a sliding window (convolution, pooling) over `in`
/// elements (static, kernel >= 1, stride >= 1): floor or ceil of (in + pads
/// - extent) / stride, plus one. With `ceilMode` a last window that would
/// start in the end padding is dropped (onnxruntime and PyTorch do).
/// Nullopt on overflow; the result may be below 1. Shared by type inference
/// and the evaluator.
std::optional<int64_t> computeWindowOutputSize(int64_t in, int64_t kernel,
                                               int64_t stride, int64_t padBegin,
                                               int64_t padEnd, int64_t dilation,
                                               bool ceilMode);

/// The output size of a transposed convolution over `in` elements: stride *
/// (in - 1) + outputPadding + extent - pads. Nullopt on overflow; the result
/// may be below 1. Shared by type inference and the evaluator.
std::optional<int64_t>
computeTransposedOutputSize(int64_t in, int64_t kernel, int64_t stride,
                            int64_t padBegin, int64_t padEnd, int64_t dilation,
                            int64_t outputPadding);

/// The elements of `value` when it is a constant integer tensor (a dense
/// graph.constant or anything m_Constant matches), else nullopt.
std::optional<llvm::SmallVector<int64_t>> getConstantInts(mlir::Value value);

/// The elements of `value` when it is a constant float tensor, else
/// nullopt.
std::optional<llvm::SmallVector<double>> getConstantFloats(mlir::Value value);

/// ONNX Resize's result size floor(size * scale) for an f32 `scale`.
int64_t getScaledSize(int64_t size, double scale);

/// The result sizes of resizing `input` by the 1-D `sizes` (read with
/// tensor.extract) or by constant `scales` (floor(size * scale), exact
/// integer arithmetic for `?` dims). Fails for scales that are not
/// constant: their sizes need float arithmetic, which the lowering does in
/// a kernel.
mlir::FailureOr<llvm::SmallVector<mlir::OpFoldResult>>
buildResizeSizes(mlir::OpBuilder &builder, mlir::Location loc,
                 mlir::Value input, mlir::Value scales, mlir::Value sizes);

/// ONNX Slice's start and end along an axis of static size `dim`: negative
/// bounds count from the back, then both are clamped to the valid range for
/// the step's direction ([0, dim] for a positive step; [0, dim - 1] for the
/// start and [-1, dim - 1] for the end of a negative one). No step can
/// overflow: a negative bound plus a non-negative size stays in range.
/// Shared by the folders, type inference and the evaluator.
std::pair<int64_t, int64_t> clampSliceBounds(int64_t start, int64_t end,
                                             int64_t step, int64_t dim);

/// The number of elements ONNX Slice selects along an axis of static size
/// `dim`: max(0, ceil((end - start) / step)) of the clamped bounds.
int64_t getStaticSliceSize(int64_t start, int64_t end, int64_t step,
                           int64_t dim);

/// One input dim of an ONNX slice as the host computes it: the index of the
/// first selected element, the step between selected elements and their
/// count (index values or constants).
struct SliceDimBounds {
  mlir::OpFoldResult first;
  mlir::OpFoldResult step;
  mlir::OpFoldResult count;
};

/// Called with each condition a slice's runtime values must satisfy (a
/// non-zero step, an axis in range, axes that differ) and what it checks.
using RuntimeCheckFn =
    llvm::function_ref<void(mlir::Value condition, llvm::StringRef what)>;

/// Builds the bounds of every dim of `input` that ONNX Slice selects with
/// the 1-D integer tensors `starts`, `ends`, `axes` and `steps` (the last two
/// may be null: the default axes [0, n) and steps of 1), with tensor.extract
/// and index arithmetic that folds where operands are constant. Dims no
/// entry names keep (0, 1, size). With `check`, the conditions that only
/// runtime values decide are passed to it. Fails when `starts` has no
/// static length or constant axes are invalid.
mlir::FailureOr<llvm::SmallVector<SliceDimBounds>>
buildSliceBounds(mlir::OpBuilder &builder, mlir::Location loc,
                 mlir::Value input, mlir::Value starts, mlir::Value ends,
                 mlir::Value axes, mlir::Value steps,
                 RuntimeCheckFn check = nullptr);

/// The element count of ONNX Range from the scalars `start`, `limit` and
/// `delta` (of one integer or float type): max(ceil((limit - start) /
/// delta), 0) as an i64 value, or -1 when delta is zero or the count is
/// not a number that fits (NaN, above 2^62). Arith ops only, so that a
/// kernel can compute it where floats are involved.
mlir::Value buildRangeCount(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value start, mlir::Value limit,
                            mlir::Value delta);

/// The element count of ONNX Range for constant operands, or failure (with
/// the reason at `loc` when given) for a zero delta or a count that does not
/// fit (as buildRangeCount).
mlir::FailureOr<int64_t> getStaticRangeCount(std::optional<mlir::Location> loc,
                                             mlir::Attribute start,
                                             mlir::Attribute limit,
                                             mlir::Attribute delta);

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
