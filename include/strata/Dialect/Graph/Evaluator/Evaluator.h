//===- Evaluator.h - Reference evaluator of graph ops -----------*- C++ -*-===//
//
// One reference implementation per graph op, on host tensors with static
// shapes. graph-fold-constants evaluates ops on constants with it, and the
// tests use it as the numeric oracle that compares a network before and
// after optimization. Straightforward loops, not speed: it serves folding
// of weights and test-sized inputs.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_EVALUATOR_EVALUATOR_H
#define STRATA_DIALECT_GRAPH_EVALUATOR_EVALUATOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace strata::graph {

/// A host tensor of the reference evaluator: a static ranked tensor type and
/// its elements in row-major order. Floating-point elements are held as
/// double and rounded to the element type (f64, f32, f16, bf16) whenever
/// they are stored; integer and i1 elements are held as int64_t and wrapped
/// to the element width (sign-extended for signless integers, zero-extended
/// for unsigned ones), i1 as 0 or 1. So each op computes in double or
/// int64 and rounds once, as a correctly rounded kernel would.
class EvalTensor {
public:
  EvalTensor() = default;
  /// A zero-filled tensor of `type`, which must be static.
  explicit EvalTensor(mlir::RankedTensorType type);

  /// Reads a dense or dense_resource constant. Fails on other attributes,
  /// dynamic types, element types outside the graph dialect's, or a
  /// dense_resource blob that is missing or of the wrong size.
  static mlir::FailureOr<EvalTensor> fromAttr(mlir::ElementsAttr attr);
  /// The elements as a DenseElementsAttr of getType().
  mlir::DenseElementsAttr toAttr() const;

  mlir::RankedTensorType getType() const { return type; }
  mlir::Type getElementType() const { return type.getElementType(); }
  llvm::ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getRank() const { return type.getRank(); }
  int64_t getNumElements() const { return numElements; }
  bool isFloat() const { return kind != Kind::Integer; }
  /// Whether the elements are unsigned integers: held zero-extended (ui64
  /// as its bit pattern, so values from 2^63 up read as negative int64).
  bool isUnsigned() const;

  /// Element `index` (row-major) as a double; integers convert exactly up to
  /// 2^53.
  double getFloat(int64_t index) const;
  /// Element `index` as an int64_t; floats truncate toward zero.
  int64_t getInt(int64_t index) const;
  /// Stores `value` at `index`, rounded to a float element type, or
  /// truncated toward zero and wrapped for an integer one (NaN and out of
  /// range values become 0 there, as ONNX leaves them undefined).
  void setFloat(int64_t index, double value);
  /// Stores `value` at `index`, wrapped to an integer element type, or
  /// converted (and rounded) for a float one.
  void setInt(int64_t index, int64_t value);

  /// Row-major strides of the shape, in elements.
  llvm::SmallVector<int64_t> getStrides() const;
  /// The row-major index of `indices` (one per dim, in range).
  int64_t getLinearIndex(llvm::ArrayRef<int64_t> indices) const;

private:
  /// The element type's family, looked up once: setFloat runs per element
  /// over weights of millions of elements (graph-fold-batch-norm).
  enum class Kind : uint8_t { F64, F32, OtherFloat, Integer };

  mlir::RankedTensorType type;
  int64_t numElements = 0;
  Kind kind = Kind::Integer;
  /// Exactly one of the two holds the elements, by element type.
  std::vector<double> floats;
  std::vector<int64_t> ints;
};

/// Rounds `value` to the precision and range of `floatType` (f32, f16,
/// bf16; f64 unchanged), round-to-nearest-even.
double roundToFloatType(mlir::FloatType floatType, double value);
/// Wraps `value` to a signed integer of `width` bits (1 -> 0 or 1).
int64_t wrapToWidth(int64_t value, unsigned width);

/// Calls `body` with every index tuple of `shape` in row-major order.
void forEachIndex(llvm::ArrayRef<int64_t> shape,
                  llvm::function_ref<void(llvm::ArrayRef<int64_t>)> body);

/// The stride of an operand of `operandShape` along each dim of
/// `resultShape` under numpy broadcasting (its dims align with the result's
/// trailing dims; a missing or size-1 dim repeats its one element: stride
/// 0); failure when it does not broadcast to `resultShape`.
mlir::FailureOr<llvm::SmallVector<int64_t>>
getBroadcastStrides(llvm::ArrayRef<int64_t> resultShape,
                    llvm::ArrayRef<int64_t> operandShape);

/// Calls `body(resultIndex, operandIndices)` with each row-major index of
/// `resultShape` and the matching row-major index into each of
/// `operandShapes` under numpy broadcasting, in order, until `body` fails.
/// Fails without calling `body` when an operand shape does not broadcast to
/// `resultShape`. A template, so that the per-element body inlines: it runs
/// over weights of millions of elements (graph-fold-batchnorm).
template <typename Body>
mlir::LogicalResult
forEachBroadcastIndex(llvm::ArrayRef<int64_t> resultShape,
                      llvm::ArrayRef<llvm::ArrayRef<int64_t>> operandShapes,
                      Body &&body) {
  llvm::SmallVector<llvm::SmallVector<int64_t>, 2> strides;
  for (llvm::ArrayRef<int64_t> operandShape : operandShapes) {
    mlir::FailureOr<llvm::SmallVector<int64_t>> operandStrides =
        getBroadcastStrides(resultShape, operandShape);
    if (mlir::failed(operandStrides))
      return mlir::failure();
    strides.push_back(std::move(*operandStrides));
  }
  // The result's index tuple counted up like an odometer, each operand's
  // index moved by its stride along the dim that changes: no index tuple to
  // map per element.
  int64_t rank = resultShape.size();
  int64_t numElements = 1;
  for (int64_t size : resultShape)
    numElements *= size;
  llvm::SmallVector<int64_t> counter(rank, 0);
  llvm::SmallVector<int64_t, 2> operandIndices(operandShapes.size(), 0);
  for (int64_t resultIndex = 0; resultIndex < numElements; ++resultIndex) {
    if (mlir::failed(
            body(resultIndex, llvm::ArrayRef<int64_t>(operandIndices))))
      return mlir::failure();
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      bool wraps = ++counter[dim] == resultShape[dim];
      for (size_t operand = 0; operand < strides.size(); ++operand)
        operandIndices[operand] +=
            wraps ? -strides[operand][dim] * (resultShape[dim] - 1)
                  : strides[operand][dim];
      if (!wraps)
        break;
      counter[dim] = 0;
    }
  }
  return mlir::success();
}

/// Evaluates `op` (a graph op) on `operands`, one per operand, into
/// `results`, one per result, with the op's result types, which must be
/// static. Fails with a reason in `whyNot` when the op is not a graph op
/// the evaluator knows, a result type is dynamic, or the values make the op
/// undefined (an out-of-range gather index, an integer division by zero).
mlir::LogicalResult evaluateOp(mlir::Operation *op,
                               llvm::ArrayRef<EvalTensor> operands,
                               llvm::SmallVectorImpl<EvalTensor> &results,
                               std::string *whyNot = nullptr);

namespace detail {
/// Whether `tensor` is ui64 with an element of 2^63 or more: the evaluator's
/// int64 arithmetic cannot order, divide or convert such values, so the ops
/// that do refuse to evaluate them (folding then leaves the op alone).
bool hasUnorderedUnsigned(const EvalTensor &tensor);

/// Per-family evaluators behind evaluateOp. Each returns std::nullopt when
/// `op` is not in its family, else success or failure (with `whyNot`).
using FamilyResult = std::optional<mlir::LogicalResult>;
FamilyResult evaluateElementwiseOp(mlir::Operation *op,
                                   llvm::ArrayRef<EvalTensor> operands,
                                   llvm::SmallVectorImpl<EvalTensor> &results,
                                   std::string &whyNot);
FamilyResult evaluateReductionOp(mlir::Operation *op,
                                 llvm::ArrayRef<EvalTensor> operands,
                                 llvm::SmallVectorImpl<EvalTensor> &results,
                                 std::string &whyNot);
FamilyResult evaluateNNOp(mlir::Operation *op,
                          llvm::ArrayRef<EvalTensor> operands,
                          llvm::SmallVectorImpl<EvalTensor> &results,
                          std::string &whyNot);
FamilyResult evaluateShapeOp(mlir::Operation *op,
                             llvm::ArrayRef<EvalTensor> operands,
                             llvm::SmallVectorImpl<EvalTensor> &results,
                             std::string &whyNot);
FamilyResult evaluateIndexingOp(mlir::Operation *op,
                                llvm::ArrayRef<EvalTensor> operands,
                                llvm::SmallVectorImpl<EvalTensor> &results,
                                std::string &whyNot);
FamilyResult evaluateImageOp(mlir::Operation *op,
                             llvm::ArrayRef<EvalTensor> operands,
                             llvm::SmallVectorImpl<EvalTensor> &results,
                             std::string &whyNot);
} // namespace detail

} // namespace strata::graph

#endif // STRATA_DIALECT_GRAPH_EVALUATOR_EVALUATOR_H
