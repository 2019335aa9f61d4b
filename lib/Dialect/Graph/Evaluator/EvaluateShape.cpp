//===- EvaluateShape.cpp - Reference evaluation of shape ops --------------===//
//
// The constant, shape_of, constant_of_shape, range, reshape, transpose,
// squeeze, unsqueeze, flatten, expand and tile ops on host tensors. Only
// range computes values (an arithmetic sequence); in the others each result
// element is a copy of one input element (or of the fill value), so they
// are maps from result indices to input indices.
//
// The evaluator trusts neither the verifier nor the operand types: it
// recomputes each result shape from the operands it is given (their values
// for the shape operands) and the op's attributes, and fails with a reason
// when that shape is not the op's static result type, so that a bad op or a
// shape operand that disagrees with a declared type never reads out of
// bounds.
//
//===----------------------------------------------------------------------===//

#include "EvalHelpers.h"
#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace strata::graph;
using namespace strata::graph::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Fills `result` with `source` elements: result element at indices `i`
/// is source element `sourceIndex(i)` (a row-major index of `source`).
static void
gatherElements(EvalTensor &result, const EvalTensor &source,
               function_ref<int64_t(ArrayRef<int64_t>)> sourceIndex) {
  int64_t to = 0;
  forEachIndex(result.getShape(), [&](ArrayRef<int64_t> indices) {
    copyElement(result, to++, source, sourceIndex(indices));
  });
}

/// Evaluates an op whose result holds the input's elements in the same
/// row-major order (reshape, flatten, squeeze, unsqueeze) with `shape`.
static LogicalResult copyReshaped(Operation *op, const EvalTensor &input,
                                  ArrayRef<int64_t> shape,
                                  SmallVectorImpl<EvalTensor> &results,
                                  std::string &whyNot) {
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  if (result->getNumElements() != input.getNumElements())
    return failWith(whyNot, "cannot reshape " + Twine(input.getNumElements()) +
                                " elements to " + formatShape(shape));
  for (int64_t index = 0; index < input.getNumElements(); ++index)
    copyElement(*result, index, input, index);
  results.push_back(std::move(*result));
  return success();
}

/// Reads a 1-D shape operand as sizes.
static FailureOr<SmallVector<int64_t>> readShapeOperand(const EvalTensor &shape,
                                                        std::string &whyNot) {
  if (shape.getRank() != 1 || shape.isFloat()) {
    (void)failWith(whyNot, "expected a 1-D integer shape operand");
    return failure();
  }
  SmallVector<int64_t> values;
  for (int64_t index = 0; index < shape.getNumElements(); ++index)
    values.push_back(shape.getInt(index));
  return values;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// graph.constant: its attribute (normally folded away by its folder; kept
/// for callers that evaluate whole functions op by op).
static LogicalResult evaluate(ConstantOp op, ArrayRef<EvalTensor>,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  FailureOr<EvalTensor> value = EvalTensor::fromAttr(op.getValue());
  if (failed(value))
    return failWith(whyNot, "cannot read the constant's value");
  if (value->getType() != op.getType())
    return failWith(whyNot, "the constant's value does not have its type");
  results.push_back(std::move(*value));
  return success();
}

/// graph.shape_of: the input's sizes as i64.
static LogicalResult evaluate(ShapeOfOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  FailureOr<EvalTensor> result = createResult(
      op, 0, {input.getRank()}, IntegerType::get(op.getContext(), 64), whyNot);
  if (failed(result))
    return failure();
  for (auto [dim, size] : llvm::enumerate(input.getShape()))
    result->setInt(dim, size);
  results.push_back(std::move(*result));
  return success();
}

/// graph.constant_of_shape: `value` everywhere, with the sizes in `shape`.
static LogicalResult evaluate(ConstantOfShapeOp op,
                              ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  FailureOr<SmallVector<int64_t>> shape = readShapeOperand(operands[0], whyNot);
  if (failed(shape))
    return failure();
  for (auto [index, size] : llvm::enumerate(*shape))
    if (size < 0)
      return failWith(whyNot, "negative size " + Twine(size) +
                                  " at shape index " + Twine(index));
  FailureOr<EvalTensor> value = EvalTensor::fromAttr(op.getValue());
  if (failed(value) || value->getNumElements() != 1)
    return failWith(whyNot, "cannot read a one-element `value`");
  FailureOr<EvalTensor> result =
      createResult(op, 0, *shape, value->getElementType(), whyNot);
  if (failed(result))
    return failure();
  for (int64_t index = 0; index < result->getNumElements(); ++index)
    copyElement(*result, index, *value, 0);
  results.push_back(std::move(*result));
  return success();
}

/// graph.range: `start + i * delta`, computed in double (floats) or int64
/// (integers) and rounded or wrapped once per element.
static LogicalResult evaluate(RangeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &start = operands[0], &limit = operands[1],
                   &delta = operands[2];
  FailureOr<int64_t> count = getStaticRangeCount(
      std::nullopt, start.toAttr(), limit.toAttr(), delta.toAttr());
  if (failed(count))
    return failWith(whyNot, "the range has a zero delta or too many elements");
  FailureOr<EvalTensor> result =
      createResult(op, 0, {*count}, start.getElementType(), whyNot);
  if (failed(result))
    return failure();
  for (int64_t i = 0; i < *count; ++i) {
    if (result->isFloat())
      result->setFloat(i, start.getFloat(0) +
                              static_cast<double>(i) * delta.getFloat(0));
    else
      result->setInt(
          i, static_cast<int64_t>(static_cast<uint64_t>(start.getInt(0)) +
                                  static_cast<uint64_t>(i) *
                                      static_cast<uint64_t>(delta.getInt(0))));
  }
  results.push_back(std::move(*result));
  return success();
}

/// graph.reshape: ONNX Reshape's sizes (0 copies the input dim unless
/// `allowzero`, one -1 is inferred); the elements keep their order.
static LogicalResult evaluate(ReshapeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> values =
      readShapeOperand(operands[1], whyNot);
  if (failed(values))
    return failure();
  bool allowZero = op.getAllowzero();
  SmallVector<int64_t> shape;
  std::optional<int64_t> inferIndex;
  bool hasZero = false;
  // The product of the known sizes; checked because the values are data.
  int64_t known = 1;
  for (auto [index, value] : llvm::enumerate(*values)) {
    int64_t i = static_cast<int64_t>(index);
    int64_t size = value;
    if (value == -1) {
      if (inferIndex)
        return failWith(whyNot, "more than one -1 in the reshape shape");
      inferIndex = i;
      shape.push_back(-1);
      continue;
    }
    if (value < -1)
      return failWith(whyNot, "invalid size " + Twine(value) +
                                  " at shape index " + Twine(i));
    if (value == 0 && !allowZero) {
      if (i >= input.getRank())
        return failWith(whyNot, "0 at shape index " + Twine(i) +
                                    " copies a dim the input lacks");
      size = input.getShape()[i];
    }
    hasZero |= size == 0;
    std::optional<int64_t> product = llvm::checkedMul(known, size);
    if (!product)
      return failWith(whyNot, "the reshape sizes overflow");
    known = *product;
    shape.push_back(size);
  }
  if (inferIndex) {
    if (allowZero && hasZero)
      return failWith(whyNot, "a -1 size next to a 0 size with allowzero");
    if (known == 0 || input.getNumElements() % known != 0)
      return failWith(whyNot, "cannot infer the -1 size of the reshape");
    shape[*inferIndex] = input.getNumElements() / known;
  }
  return copyReshaped(op, input, shape, results, whyNot);
}

/// graph.transpose: result dim `i` is input dim `perm[i]`.
static LogicalResult evaluate(TransposeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  ArrayRef<int64_t> perm = op.getPerm();
  int64_t rank = input.getRank();
  if (static_cast<int64_t>(perm.size()) != rank)
    return failWith(whyNot, "perm does not have one entry per input dim");
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> shape;
  for (int64_t dim : perm) {
    if (dim < 0 || dim >= rank || seen[dim])
      return failWith(whyNot, "perm is not a permutation");
    seen[dim] = true;
    shape.push_back(input.getShape()[dim]);
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  SmallVector<int64_t> strides = input.getStrides();
  gatherElements(*result, input, [&](ArrayRef<int64_t> indices) {
    int64_t from = 0;
    for (auto [index, dim] : llvm::zip_equal(indices, perm))
      from += index * strides[dim];
    return from;
  });
  results.push_back(std::move(*result));
  return success();
}

/// graph.squeeze: drops the listed size-1 dims, or all of them.
static LogicalResult evaluate(SqueezeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  ArrayRef<int64_t> inputShape = input.getShape();
  SmallVector<bool> removed(input.getRank(), false);
  if (op.getAxes().empty()) {
    for (auto [dim, size] : llvm::enumerate(inputShape))
      removed[dim] = size == 1;
  } else {
    FailureOr<SmallVector<int64_t>> axes =
        normalizeAxes(std::nullopt, op.getAxes(), input.getRank());
    if (failed(axes))
      return failWith(whyNot, "invalid squeeze axes");
    for (int64_t dim : *axes) {
      if (inputShape[dim] != 1)
        return failWith(whyNot, "cannot squeeze dim " + Twine(dim) +
                                    " of size " + Twine(inputShape[dim]));
      removed[dim] = true;
    }
  }
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputShape))
    if (!removed[dim])
      shape.push_back(size);
  return copyReshaped(op, input, shape, results, whyNot);
}

/// graph.unsqueeze: inserts size-1 dims at the output positions `axes`.
static LogicalResult evaluate(UnsqueezeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  ArrayRef<int64_t> axesAttr = op.getAxes();
  int64_t rank = input.getRank() + static_cast<int64_t>(axesAttr.size());
  FailureOr<SmallVector<int64_t>> axes =
      normalizeAxes(std::nullopt, axesAttr, rank);
  if (axesAttr.empty() || failed(axes))
    return failWith(whyNot, "invalid unsqueeze axes");
  SmallVector<bool> inserted(rank, false);
  for (int64_t dim : *axes)
    inserted[dim] = true;
  SmallVector<int64_t> shape;
  ArrayRef<int64_t> inputShape = input.getShape();
  for (bool isInserted : inserted) {
    if (isInserted) {
      shape.push_back(1);
      continue;
    }
    shape.push_back(inputShape.front());
    inputShape = inputShape.drop_front();
  }
  return copyReshaped(op, input, shape, results, whyNot);
}

/// graph.flatten: [prod(dims[:axis]), prod(dims[axis:])].
static LogicalResult evaluate(FlattenOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  int64_t rank = input.getRank();
  auto axis = static_cast<int64_t>(op.getAxis());
  if (axis < -rank || axis > rank)
    return failWith(whyNot, "axis " + Twine(axis) +
                                " is out of range for rank " + Twine(rank));
  if (axis < 0)
    axis += rank;
  // The input is static and its element count fits, so its partial
  // products do too.
  int64_t outer = 1, inner = 1;
  for (auto [dim, size] : llvm::enumerate(input.getShape()))
    (static_cast<int64_t>(dim) < axis ? outer : inner) *= size;
  return copyReshaped(op, input, {outer, inner}, results, whyNot);
}

/// graph.expand: numpy broadcast of the input to the sizes in `shape`.
static LogicalResult evaluate(ExpandOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> values =
      readShapeOperand(operands[1], whyNot);
  if (failed(values))
    return failure();
  int64_t inputRank = input.getRank();
  int64_t length = static_cast<int64_t>(values->size());
  int64_t rank = std::max(inputRank, length);
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    // Both shapes align at the back; a missing dim acts as 1.
    int64_t inputDim = dim - (rank - inputRank);
    int64_t shapeIndex = dim - (rank - length);
    int64_t inputSize = inputDim >= 0 ? input.getShape()[inputDim] : 1;
    int64_t value = shapeIndex >= 0 ? (*values)[shapeIndex] : 1;
    if (value < 0)
      return failWith(whyNot, "negative size " + Twine(value) +
                                  " at shape index " + Twine(shapeIndex));
    if (value != 1 && inputSize != 1 && value != inputSize)
      return failWith(whyNot, "cannot expand size " + Twine(inputSize) +
                                  " to " + Twine(value));
    shape.push_back(inputSize == 1 ? value : inputSize);
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  SmallVector<int64_t> strides = input.getStrides();
  gatherElements(*result, input, [&](ArrayRef<int64_t> indices) {
    // A size-1 input dim is read at 0 whatever the result index.
    int64_t from = 0;
    for (int64_t dim = 0; dim < inputRank; ++dim)
      if (input.getShape()[dim] != 1)
        from += indices[dim + rank - inputRank] * strides[dim];
    return from;
  });
  results.push_back(std::move(*result));
  return success();
}

/// graph.tile: the input repeated `repeats[i]` times along dim `i`.
static LogicalResult evaluate(TileOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  ArrayRef<int64_t> repeats = op.getRepeats();
  if (static_cast<int64_t>(repeats.size()) != input.getRank())
    return failWith(whyNot, "repeats do not have one entry per input dim");
  SmallVector<int64_t> shape;
  for (auto [size, repeat] : llvm::zip_equal(input.getShape(), repeats)) {
    std::optional<int64_t> tiled = llvm::checkedMul(size, repeat);
    if (repeat < 0 || !tiled)
      return failWith(whyNot, "invalid repeat " + Twine(repeat));
    shape.push_back(*tiled);
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  SmallVector<int64_t> strides = input.getStrides();
  gatherElements(*result, input, [&](ArrayRef<int64_t> indices) {
    // A non-empty result dim has a non-empty input dim: no division by 0.
    int64_t from = 0;
    for (auto [dim, index] : llvm::enumerate(indices))
      from += index % input.getShape()[dim] * strides[dim];
    return from;
  });
  results.push_back(std::move(*result));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

strata::graph::detail::FamilyResult strata::graph::detail::evaluateShapeOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case<ConstantOp, ShapeOfOp, ConstantOfShapeOp, RangeOp, ReshapeOp,
            TransposeOp, SqueezeOp, UnsqueezeOp, FlattenOp, ExpandOp, TileOp>(
          [&](auto shapeOp) -> FamilyResult {
            return evaluate(shapeOp, operands, results, whyNot);
          })
      .Default([](Operation *) -> FamilyResult { return std::nullopt; });
}
