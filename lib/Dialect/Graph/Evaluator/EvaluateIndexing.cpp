//===- EvaluateIndexing.cpp - Reference evaluation of indexing ops --------===//
//
// The concat, slice, dynamic_slice, trilu, gather (plain, elements, nd),
// scatter (elements, nd), pad, dynamic_pad and split ops on host tensors. Like
// the shape ops they copy elements (or write pad's fill value); each result
// shape is recomputed from the operands and attributes and must be the op's
// static result type, so that no bad op reads out of bounds. A gather index
// outside its axis makes the op undefined: evaluation fails with the index
// and the range instead of picking a value.
//
//===----------------------------------------------------------------------===//

#include "EvalHelpers.h"
#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace mlir;
using namespace strata::graph;
using namespace strata::graph::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Normalizes `axis` in [-rank, rank) or records why it cannot be.
static FailureOr<int64_t> normalizeAxisOrFail(int64_t axis, int64_t rank,
                                              std::string &whyNot) {
  FailureOr<int64_t> normalized = normalizeAxis(std::nullopt, axis, rank);
  if (failed(normalized))
    (void)failWith(whyNot, "axis " + Twine(axis) +
                               " is out of range for rank " + Twine(rank));
  return normalized;
}

/// The product of `sizes`, which are dims of one static tensor whose element
/// count fits in int64_t (the caller's tensors), so it cannot overflow.
static int64_t product(ArrayRef<int64_t> sizes) {
  int64_t result = 1;
  for (int64_t size : sizes)
    result *= size;
  return result;
}

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

/// graph.concat: viewed as [outer, size, inner] around the axis, each input
/// contributes a contiguous block of `size * inner` elements per outer
/// index.
static LogicalResult evaluate(ConcatOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  if (operands.empty())
    return failWith(whyNot, "concat of no inputs");
  const EvalTensor &first = operands.front();
  int64_t rank = first.getRank();
  FailureOr<int64_t> axis =
      normalizeAxisOrFail(static_cast<int64_t>(op.getAxis()), rank, whyNot);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(first.getShape());
  shape[*axis] = 0;
  for (auto [index, input] : llvm::enumerate(operands)) {
    if (input.getElementType() != first.getElementType() ||
        input.getRank() != rank)
      return failWith(whyNot, "input #" + Twine(index) +
                                  " differs in element type or rank");
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (dim != *axis && input.getShape()[dim] != shape[dim])
        return failWith(whyNot, "input #" + Twine(index) + " has size " +
                                    Twine(input.getShape()[dim]) + " in dim " +
                                    Twine(dim) + ", expected " +
                                    Twine(shape[dim]));
    }
    std::optional<int64_t> sum =
        llvm::checkedAdd(shape[*axis], input.getShape()[*axis]);
    if (!sum)
      return failWith(whyNot, "the concatenated size overflows");
    shape[*axis] = *sum;
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, first.getElementType(), whyNot);
  if (failed(result))
    return failure();
  int64_t outer = product(ArrayRef(shape).take_front(*axis));
  int64_t inner = product(ArrayRef(shape).drop_front(*axis + 1));
  int64_t to = 0;
  for (int64_t row = 0; row < outer; ++row) {
    for (const EvalTensor &input : operands) {
      int64_t block = input.getShape()[*axis] * inner;
      for (int64_t from = row * block; from < (row + 1) * block; ++from)
        copyElement(*result, to++, input, from);
    }
  }
  results.push_back(std::move(*result));
  return success();
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

/// ONNX Slice of `input` (graph.slice, graph.dynamic_slice): per sliced
/// axis the first index, the step and the count after ONNX's bound
/// handling; other axes are kept whole. The result is result 0 of `op`.
static LogicalResult
evaluateSlice(Operation *op, const EvalTensor &input, ArrayRef<int64_t> starts,
              ArrayRef<int64_t> ends, std::optional<ArrayRef<int64_t>> axesAttr,
              std::optional<ArrayRef<int64_t>> stepsAttr,
              SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  int64_t rank = input.getRank();
  size_t count = starts.size();
  if (ends.size() != count || (axesAttr && axesAttr->size() != count) ||
      (stepsAttr && stepsAttr->size() != count))
    return failWith(whyNot, "slice starts, ends, axes and steps differ in "
                            "length");
  SmallVector<int64_t> defaultAxes =
      llvm::to_vector(llvm::seq<int64_t>(0, count));
  FailureOr<SmallVector<int64_t>> axes = normalizeAxes(
      std::nullopt, axesAttr ? *axesAttr : ArrayRef(defaultAxes), rank);
  if (failed(axes))
    return failWith(whyNot, "invalid slice axes");

  // By default an axis starts at 0 and steps by 1 over all of it.
  SmallVector<int64_t> shape(input.getShape());
  SmallVector<int64_t> firsts(rank, 0), steps(rank, 1);
  for (size_t i = 0; i < count; ++i) {
    int64_t axis = (*axes)[i];
    int64_t step = stepsAttr ? (*stepsAttr)[i] : 1;
    if (step == 0)
      return failWith(whyNot, "slice step #" + Twine(i) + " is zero");
    int64_t dim = shape[axis];
    firsts[axis] = clampSliceBounds(starts[i], ends[i], step, dim).first;
    shape[axis] = getStaticSliceSize(starts[i], ends[i], step, dim);
    steps[axis] = step;
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  SmallVector<int64_t> strides = input.getStrides();
  int64_t to = 0;
  forEachIndex(shape, [&](ArrayRef<int64_t> indices) {
    // index < count, so first + index * step stays within the axis (an
    // INT64_MIN step has a count of at most 1 and index 0).
    int64_t from = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      from += (firsts[dim] + indices[dim] * steps[dim]) * strides[dim];
    copyElement(*result, to++, input, from);
  });
  results.push_back(std::move(*result));
  return success();
}

/// graph.slice: the bounds are properties.
static LogicalResult evaluate(SliceOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  return evaluateSlice(op, operands[0], op.getStarts(), op.getEnds(),
                       op.getAxes(), op.getSteps(), results, whyNot);
}

/// The elements of a 1-D integer operand.
static SmallVector<int64_t> getInts(const EvalTensor &tensor) {
  SmallVector<int64_t> values;
  for (int64_t index = 0; index < tensor.getNumElements(); ++index)
    values.push_back(tensor.getInt(index));
  return values;
}

/// graph.dynamic_slice: the bounds are operands (axes and steps optional).
static LogicalResult evaluate(DynamicSliceOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  SmallVector<int64_t> starts = getInts(operands[1]);
  SmallVector<int64_t> ends = getInts(operands[2]);
  unsigned next = 3;
  std::optional<SmallVector<int64_t>> axes, steps;
  if (op.getAxes())
    axes = getInts(operands[next++]);
  if (op.getSteps())
    steps = getInts(operands[next++]);
  std::optional<ArrayRef<int64_t>> axesRef, stepsRef;
  if (axes)
    axesRef = *axes;
  if (steps)
    stepsRef = *steps;
  return evaluateSlice(op, operands[0], starts, ends, axesRef, stepsRef,
                       results, whyNot);
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

/// graph.gather: viewed as data [outer, size, inner] and indices [count],
/// result element (o, n, k) is data element (o, indices[n], k).
static LogicalResult evaluate(GatherOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &data = operands[0];
  const EvalTensor &indices = operands[1];
  if (data.getRank() == 0)
    return failWith(whyNot, "cannot gather from a rank-0 tensor");
  if (indices.isFloat())
    return failWith(whyNot, "gather indices must be integers");
  FailureOr<int64_t> axis = normalizeAxisOrFail(
      static_cast<int64_t>(op.getAxis()), data.getRank(), whyNot);
  if (failed(axis))
    return failure();
  ArrayRef<int64_t> dataShape = data.getShape();
  int64_t size = dataShape[*axis];
  // Out-of-range indices make the op undefined (ONNX): refuse rather than
  // choose a value, so the op stays for the runtime to handle.
  SmallVector<int64_t> positions;
  for (int64_t n = 0; n < indices.getNumElements(); ++n) {
    int64_t index = indices.getInt(n);
    if (index < -size || index >= size)
      return failWith(whyNot, "gather index " + Twine(index) +
                                  " is out of range [" + Twine(-size) + ", " +
                                  Twine(size) + ") of axis " + Twine(*axis));
    positions.push_back(index < 0 ? index + size : index);
  }
  SmallVector<int64_t> shape(dataShape.take_front(*axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, dataShape.drop_front(*axis + 1));
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, data.getElementType(), whyNot);
  if (failed(result))
    return failure();
  int64_t outer = product(dataShape.take_front(*axis));
  int64_t inner = product(dataShape.drop_front(*axis + 1));
  int64_t to = 0;
  for (int64_t row = 0; row < outer; ++row)
    for (int64_t position : positions)
      for (int64_t k = 0; k < inner; ++k)
        copyElement(*result, to++, data, (row * size + position) * inner + k);
  results.push_back(std::move(*result));
  return success();
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

/// graph.pad: result index `i` along a dim reads input index `i - before`;
/// outside the input, `constant` writes the fill value, `reflect` mirrors
/// around the border element and `edge` repeats it. Negative (constant)
/// pads crop, which the same mapping covers.
static LogicalResult evaluatePad(Operation *op, const EvalTensor &input,
                                 ArrayRef<int64_t> pads, PadMode mode,
                                 double fill,
                                 SmallVectorImpl<EvalTensor> &results,
                                 std::string &whyNot) {
  int64_t rank = input.getRank();
  if (static_cast<int64_t>(pads.size()) != 2 * rank)
    return failWith(whyNot, "expected " + Twine(2 * rank) + " pads, got " +
                                Twine(pads.size()));
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = input.getShape()[dim];
    int64_t before = pads[dim], after = pads[rank + dim];
    if (mode != PadMode::Constant) {
      if (before < 0 || after < 0)
        return failWith(whyNot, "negative pads need constant mode");
      if ((before > 0 || after > 0) && size == 0)
        return failWith(whyNot, "cannot " + stringifyPadMode(mode) +
                                    "-pad empty dim " + Twine(dim));
      // Wider reflect pads would need a second reflection, which ONNX
      // does not define.
      if (mode == PadMode::Reflect && (before >= size || after >= size))
        return failWith(whyNot, "reflect pads of dim " + Twine(dim) +
                                    " must be smaller than its size " +
                                    Twine(size));
    }
    std::optional<int64_t> padded = llvm::checkedAdd(size, before);
    if (padded)
      padded = llvm::checkedAdd(*padded, after);
    if (!padded || *padded < 0)
      return failWith(whyNot, "pads " + Twine(before) + ", " + Twine(after) +
                                  " give dim " + Twine(dim) +
                                  " an invalid size");
    shape.push_back(*padded);
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  SmallVector<int64_t> strides = input.getStrides();
  int64_t to = 0;
  forEachIndex(shape, [&](ArrayRef<int64_t> indices) {
    int64_t from = 0;
    bool inside = true;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = input.getShape()[dim];
      // Only constant mode has negative pads; with a huge negative one the
      // difference may overflow, and is then far past the input anyway.
      std::optional<int64_t> difference =
          llvm::checkedSub(indices[dim], pads[dim]);
      int64_t position = difference ? *difference : size;
      if (position < 0 || position >= size) {
        if (mode == PadMode::Constant) {
          inside = false;
          break;
        }
        if (mode == PadMode::Reflect)
          position = position < 0 ? -position : 2 * (size - 1) - position;
        else
          position = std::clamp<int64_t>(position, 0, size - 1);
      }
      from += position * strides[dim];
    }
    if (inside)
      copyElement(*result, to++, input, from);
    else
      result->setFloat(to++, fill);
  });
  results.push_back(std::move(*result));
  return success();
}

/// graph.pad: the pads are properties.
static LogicalResult evaluate(PadOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  return evaluatePad(op, operands[0], op.getPads(), op.getMode(),
                     op.getValue().convertToDouble(), results, whyNot);
}

/// graph.dynamic_pad: the pads are an operand.
static LogicalResult evaluate(DynamicPadOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  return evaluatePad(op, operands[0], getInts(operands[1]), op.getMode(),
                     op.getValue().convertToDouble(), results, whyNot);
}

//===----------------------------------------------------------------------===//
// SplitOp
//===----------------------------------------------------------------------===//

/// graph.split: viewed as [outer, size, inner] around the axis, piece `r`
/// takes a contiguous block of `sizes[r] * inner` elements per outer index.
static LogicalResult evaluate(SplitOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() == 0)
    return failWith(whyNot, "cannot split a rank-0 tensor");
  FailureOr<int64_t> axis = normalizeAxisOrFail(
      static_cast<int64_t>(op.getAxis()), input.getRank(), whyNot);
  if (failed(axis))
    return failure();
  int64_t dim = input.getShape()[*axis];
  std::optional<ArrayRef<int64_t>> split = op.getSplit();
  std::optional<uint64_t> numOutputs = op.getNumOutputs();
  SmallVector<int64_t> sizes;
  if (split && !numOutputs) {
    int64_t total = 0;
    for (int64_t size : *split) {
      std::optional<int64_t> sum = llvm::checkedAdd(total, size);
      if (size < 0 || !sum)
        return failWith(whyNot, "invalid split size " + Twine(size));
      total = *sum;
    }
    if (total != dim)
      return failWith(whyNot, "split sizes sum to " + Twine(total) +
                                  ", expected the axis size " + Twine(dim));
    sizes.assign(split->begin(), split->end());
  } else if (numOutputs && !split) {
    // Only the real result count matters: no allocation per bogus piece.
    if (*numOutputs != op->getNumResults() || *numOutputs == 0)
      return failWith(whyNot, "num_outputs is not the result count");
    auto count = static_cast<int64_t>(*numOutputs);
    // ONNX 18: pieces of ceil(d / n), the last one holding the rest.
    int64_t chunk = dim / count + (dim % count != 0 ? 1 : 0);
    int64_t leading = chunk * (count - 1);
    if (leading > dim)
      return failWith(whyNot, "cannot split size " + Twine(dim) + " into " +
                                  Twine(count) + " pieces of " + Twine(chunk));
    sizes.assign(count - 1, chunk);
    sizes.push_back(dim - leading);
  } else {
    return failWith(whyNot, "expected exactly one of split and num_outputs");
  }
  if (sizes.size() != op->getNumResults())
    return failWith(whyNot, "split has " + Twine(sizes.size()) +
                                " pieces but " + Twine(op->getNumResults()) +
                                " results");
  SmallVector<int64_t> shape(input.getShape());
  int64_t outer = product(ArrayRef(shape).take_front(*axis));
  int64_t inner = product(ArrayRef(shape).drop_front(*axis + 1));
  SmallVector<EvalTensor> pieces;
  int64_t offset = 0;
  for (auto [index, size] : llvm::enumerate(sizes)) {
    shape[*axis] = size;
    FailureOr<EvalTensor> piece =
        createResult(op, index, shape, input.getElementType(), whyNot);
    if (failed(piece))
      return failure();
    int64_t block = size * inner;
    int64_t to = 0;
    for (int64_t row = 0; row < outer; ++row) {
      int64_t from = row * dim * inner + offset;
      for (int64_t k = 0; k < block; ++k)
        copyElement(*piece, to++, input, from + k);
    }
    offset += block;
    pieces.push_back(std::move(*piece));
  }
  results.append(std::make_move_iterator(pieces.begin()),
                 std::make_move_iterator(pieces.end()));
  return success();
}

//===----------------------------------------------------------------------===//
// TriluOp
//===----------------------------------------------------------------------===//

/// graph.trilu: element [..., i, j] kept when j - i >= k (upper) or
/// j - i <= k (lower), else zero.
static LogicalResult evaluate(TriluOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  int64_t k = operands.size() > 1 ? operands[1].getInt(0) : 0;
  int64_t rank = input.getRank();
  if (rank < 2)
    return failWith(whyNot, "trilu of a tensor of rank below 2");
  FailureOr<EvalTensor> result =
      createResult(op, 0, input.getShape(), input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  int64_t index = 0;
  forEachIndex(input.getShape(), [&](ArrayRef<int64_t> indices) {
    int64_t diagonal = indices[rank - 1] - indices[rank - 2];
    bool keep = op.getUpper() ? diagonal >= k : diagonal <= k;
    if (keep)
      copyElement(*result, index, input, index);
    ++index;
  });
  results.push_back(std::move(*result));
  return success();
}

//===----------------------------------------------------------------------===//
// GatherElementsOp, GatherNDOp, ScatterElementsOp, ScatterNDOp
//===----------------------------------------------------------------------===//

/// `index` counted from the back when negative; fails outside [-size, size).
static FailureOr<int64_t> wrapIndex(int64_t index, int64_t size,
                                    std::string &whyNot) {
  if (index < -size || index >= size) {
    (void)failWith(whyNot, "index " + Twine(index) +
                               " is out of range for a dim of size " +
                               Twine(size));
    return failure();
  }
  return index < 0 ? index + size : index;
}

/// Combines an update with the element it lands on.
static void combineElement(EvalTensor &result, int64_t to,
                           const EvalTensor &updates, int64_t from,
                           ScatterReduction reduction) {
  if (reduction == ScatterReduction::None) {
    copyElement(result, to, updates, from);
    return;
  }
  if (result.isFloat()) {
    double a = result.getFloat(to), b = updates.getFloat(from);
    double value = reduction == ScatterReduction::Add   ? a + b
                   : reduction == ScatterReduction::Mul ? a * b
                   : reduction == ScatterReduction::Max ? std::max(a, b)
                                                        : std::min(a, b);
    result.setFloat(to, value);
    return;
  }
  int64_t a = result.getInt(to), b = updates.getInt(from);
  // Wrapping products and sums, as the kernels compute them.
  auto wrapping = [](uint64_t x, uint64_t y, bool multiply) {
    return static_cast<int64_t>(multiply ? x * y : x + y);
  };
  int64_t value = reduction == ScatterReduction::Add   ? wrapping(a, b, false)
                  : reduction == ScatterReduction::Mul ? wrapping(a, b, true)
                  : reduction == ScatterReduction::Max ? std::max(a, b)
                                                       : std::min(a, b);
  result.setInt(to, value);
}

/// graph.gather_elements: result[p] = data[p with p[axis] = indices[p]].
static LogicalResult evaluate(GatherElementsOp op,
                              ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &data = operands[0], &indices = operands[1];
  int64_t rank = data.getRank();
  FailureOr<int64_t> axis =
      normalizeAxisOrFail(static_cast<int64_t>(op.getAxis()), rank, whyNot);
  if (failed(axis) || indices.getRank() != rank)
    return failWith(whyNot, "invalid axis or indices rank");
  FailureOr<EvalTensor> result =
      createResult(op, 0, indices.getShape(), data.getElementType(), whyNot);
  if (failed(result))
    return failure();
  bool ok = true;
  int64_t to = 0;
  forEachIndex(indices.getShape(), [&](ArrayRef<int64_t> position) {
    if (!ok)
      return;
    SmallVector<int64_t> source(position);
    FailureOr<int64_t> index =
        wrapIndex(indices.getInt(to), data.getShape()[*axis], whyNot);
    if (failed(index)) {
      ok = false;
      return;
    }
    source[*axis] = *index;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (source[dim] >= data.getShape()[dim])
        ok = false;
    if (ok)
      copyElement(*result, to, data, data.getLinearIndex(source));
    ++to;
  });
  if (!ok)
    return whyNot.empty() ? failWith(whyNot, "indices larger than the data")
                          : failure();
  results.push_back(std::move(*result));
  return success();
}

/// graph.gather_nd: index tuples from the last dim of `indices`.
static LogicalResult evaluate(GatherNDOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &data = operands[0], &indices = operands[1];
  int64_t batchDims = op.getBatchDims();
  int64_t q = indices.getRank();
  if (q == 0)
    return failWith(whyNot, "indices of rank 0");
  int64_t k = indices.getShape().back();
  if (batchDims + k > data.getRank())
    return failWith(whyNot, "index tuples too long for the data");
  SmallVector<int64_t> shape(indices.getShape().drop_back());
  llvm::append_range(shape, data.getShape().drop_front(batchDims + k));
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, data.getElementType(), whyNot);
  if (failed(result))
    return failure();
  bool ok = true;
  int64_t to = 0;
  forEachIndex(shape, [&](ArrayRef<int64_t> position) {
    if (!ok)
      return;
    SmallVector<int64_t> source(position.take_front(batchDims));
    SmallVector<int64_t> tuple(position.take_front(q - 1));
    tuple.push_back(0);
    for (int64_t c = 0; c < k && ok; ++c) {
      tuple.back() = c;
      FailureOr<int64_t> index =
          wrapIndex(indices.getInt(indices.getLinearIndex(tuple)),
                    data.getShape()[batchDims + c], whyNot);
      if (failed(index))
        ok = false;
      else
        source.push_back(*index);
    }
    if (!ok)
      return;
    llvm::append_range(source, position.drop_front(q - 1));
    copyElement(*result, to++, data, data.getLinearIndex(source));
  });
  if (!ok)
    return failure();
  results.push_back(std::move(*result));
  return success();
}

/// graph.scatter_elements: updates applied in row-major order of indices.
static LogicalResult evaluate(ScatterElementsOp op,
                              ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &data = operands[0], &indices = operands[1],
                   &updates = operands[2];
  int64_t rank = data.getRank();
  FailureOr<int64_t> axis =
      normalizeAxisOrFail(static_cast<int64_t>(op.getAxis()), rank, whyNot);
  if (failed(axis) || indices.getRank() != rank ||
      updates.getShape() != indices.getShape())
    return failWith(whyNot, "invalid axis, indices or updates");
  FailureOr<EvalTensor> result =
      createResult(op, 0, data.getShape(), data.getElementType(), whyNot);
  if (failed(result))
    return failure();
  for (int64_t i = 0; i < data.getNumElements(); ++i)
    copyElement(*result, i, data, i);
  bool ok = true;
  int64_t from = 0;
  forEachIndex(indices.getShape(), [&](ArrayRef<int64_t> position) {
    if (!ok)
      return;
    SmallVector<int64_t> target(position);
    FailureOr<int64_t> index =
        wrapIndex(indices.getInt(from), data.getShape()[*axis], whyNot);
    if (failed(index)) {
      ok = false;
      return;
    }
    target[*axis] = *index;
    for (int64_t dim = 0; dim < rank; ++dim)
      if (target[dim] >= data.getShape()[dim])
        ok = false;
    if (ok)
      combineElement(*result, data.getLinearIndex(target), updates, from,
                     op.getReduction());
    ++from;
  });
  if (!ok)
    return whyNot.empty() ? failWith(whyNot, "indices larger than the data")
                          : failure();
  results.push_back(std::move(*result));
  return success();
}

/// graph.scatter_nd: slices replaced or combined in row-major order of the
/// index tuples.
static LogicalResult evaluate(ScatterNDOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &data = operands[0], &indices = operands[1],
                   &updates = operands[2];
  int64_t q = indices.getRank();
  if (q == 0)
    return failWith(whyNot, "indices of rank 0");
  int64_t k = indices.getShape().back();
  if (k > data.getRank())
    return failWith(whyNot, "index tuples too long for the data");
  FailureOr<EvalTensor> result =
      createResult(op, 0, data.getShape(), data.getElementType(), whyNot);
  if (failed(result))
    return failure();
  for (int64_t i = 0; i < data.getNumElements(); ++i)
    copyElement(*result, i, data, i);
  ArrayRef<int64_t> sliceShape = data.getShape().drop_front(k);
  int64_t sliceSize = product(sliceShape);
  int64_t tuples = product(indices.getShape().drop_back());
  for (int64_t t = 0; t < tuples; ++t) {
    SmallVector<int64_t> target;
    for (int64_t c = 0; c < k; ++c) {
      FailureOr<int64_t> index =
          wrapIndex(indices.getInt(t * k + c), data.getShape()[c], whyNot);
      if (failed(index))
        return failure();
      target.push_back(*index);
    }
    target.append(sliceShape.size(), 0);
    int64_t base = data.getLinearIndex(target);
    for (int64_t e = 0; e < sliceSize; ++e)
      combineElement(*result, base + e, updates, t * sliceSize + e,
                     op.getReduction());
  }
  results.push_back(std::move(*result));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

strata::graph::detail::FamilyResult strata::graph::detail::evaluateIndexingOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case<ConcatOp, SliceOp, DynamicSliceOp, TriluOp, GatherOp,
            GatherElementsOp, GatherNDOp, ScatterElementsOp, ScatterNDOp, PadOp,
            DynamicPadOp, SplitOp>([&](auto indexingOp) -> FamilyResult {
        return evaluate(indexingOp, operands, results, whyNot);
      })
      .Default([](Operation *) -> FamilyResult { return std::nullopt; });
}
