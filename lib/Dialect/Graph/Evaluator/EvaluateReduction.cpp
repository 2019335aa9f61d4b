//===- EvaluateReduction.cpp - Reference evaluation of reductions ---------===//
//
// reduce_{sum,mean,max,min,prod} over axes, argmax/argmin along one axis,
// and the running sums (cumsum) and k best elements (top_k) along one axis.
// Sums, products and means accumulate in double (floats) or wrapping int64
// (integers) and round once on store, as a correctly rounded kernel would.
// Empty reductions follow the identities where there is one (sum 0,
// product 1, mean NaN as 0/0); max, min, argmax and argmin of nothing have
// no value, so evaluation fails rather than inventing one.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

using namespace mlir;
using namespace strata::graph;

// The reductions over axes are graph::ReduceKind's; mean only takes floats.

/// The shape of a reduction's result: reduced dims become 1 with `keepdims`
/// and disappear without.
static SmallVector<int64_t> getReducedShape(ArrayRef<int64_t> shape,
                                            ArrayRef<bool> reduced,
                                            bool keepdims) {
  SmallVector<int64_t> result;
  for (auto [size, isReduced] : llvm::zip_equal(shape, reduced)) {
    if (!isReduced)
      result.push_back(size);
    else if (keepdims)
      result.push_back(1);
  }
  return result;
}

/// Checks that `resultType` is the result of reducing `input` over the
/// `reduced` dims, with `elementType`; the verifier normally guarantees it.
static LogicalResult checkResultType(const EvalTensor &input,
                                     ArrayRef<bool> reduced, bool keepdims,
                                     Type elementType,
                                     RankedTensorType resultType,
                                     std::string &whyNot) {
  SmallVector<int64_t> shape =
      getReducedShape(input.getShape(), reduced, keepdims);
  if (ArrayRef<int64_t>(shape) == resultType.getShape() &&
      resultType.getElementType() == elementType)
    return success();
  whyNot = "result type does not match the reduction of " +
           formatShape(input.getShape()) + " to " + formatShape(shape);
  return failure();
}

/// Evaluates reduce_* of `input` over `axes` (empty: every dim).
static LogicalResult evaluateReduce(ReduceKind kind, const EvalTensor &input,
                                    ArrayRef<int64_t> axes, bool keepdims,
                                    RankedTensorType resultType,
                                    SmallVectorImpl<EvalTensor> &results,
                                    std::string &whyNot) {
  int64_t rank = input.getRank();
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(std::nullopt, axes, rank);
  if (failed(normalized)) {
    whyNot = "invalid reduction axes";
    return failure();
  }
  SmallVector<bool> reduced(rank, normalized->empty());
  for (int64_t axis : *normalized)
    reduced[axis] = true;
  if (failed(checkResultType(input, reduced, keepdims, input.getElementType(),
                             resultType, whyNot)))
    return failure();

  EvalTensor result(resultType);
  int64_t numOutputs = result.getNumElements();
  // Every output reduces the same number of inputs: the reduced dims'
  // product.
  int64_t count = 1;
  for (auto [size, isReduced] : llvm::zip_equal(input.getShape(), reduced))
    if (isReduced)
      count *= size;
  if (numOutputs == 0) {
    results.push_back(std::move(result));
    return success();
  }
  if (count == 0 && (kind == ReduceKind::Max || kind == ReduceKind::Min)) {
    whyNot = std::string("reduce_") +
             (kind == ReduceKind::Max ? "max" : "min") +
             " of an empty set has no value";
    return failure();
  }
  if (kind == ReduceKind::Mean && !input.isFloat()) {
    whyNot = "reduce_mean of integers is not defined";
    return failure();
  }

  // The output index of an input index: the keepdims layout, in which a
  // reduced dim has size 1 (stride 0 here), has the same row-major order as
  // the layout without the reduced dims.
  SmallVector<int64_t> outputStrides(rank, 0);
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    if (reduced[dim])
      continue;
    outputStrides[dim] = stride;
    stride *= input.getShape()[dim];
  }
  auto outputIndexOf = [&](ArrayRef<int64_t> indices) {
    int64_t linear = 0;
    for (auto [index, outputStride] : llvm::zip_equal(indices, outputStrides))
      linear += index * outputStride;
    return linear;
  };

  if (input.isFloat()) {
    // Start from each operation's identity: -0.0 for sums (-0.0 + x is x
    // for every x, +0.0 included), +-inf for max/min (IEEE maximum and
    // minimum propagate NaN and order -0.0 below +0.0, as graph.max does).
    double identity = 0.0;
    switch (kind) {
    case ReduceKind::Sum:
    case ReduceKind::Mean:
      identity = -0.0;
      break;
    case ReduceKind::Prod:
      identity = 1.0;
      break;
    case ReduceKind::Max:
      identity = -std::numeric_limits<double>::infinity();
      break;
    case ReduceKind::Min:
      identity = std::numeric_limits<double>::infinity();
      break;
    }
    std::vector<double> accumulators(numOutputs, identity);
    int64_t inputIndex = 0;
    forEachIndex(input.getShape(), [&](ArrayRef<int64_t> indices) {
      double &acc = accumulators[outputIndexOf(indices)];
      double value = input.getFloat(inputIndex++);
      switch (kind) {
      case ReduceKind::Sum:
      case ReduceKind::Mean:
        acc += value;
        break;
      case ReduceKind::Prod:
        acc *= value;
        break;
      case ReduceKind::Max:
        acc = llvm::maximum(APFloat(acc), APFloat(value)).convertToDouble();
        break;
      case ReduceKind::Min:
        acc = llvm::minimum(APFloat(acc), APFloat(value)).convertToDouble();
        break;
      }
    });
    for (int64_t index = 0; index < numOutputs; ++index) {
      double value = accumulators[index];
      if (kind == ReduceKind::Mean)
        value = count == 0 ? std::numeric_limits<double>::quiet_NaN()
                           : value / static_cast<double>(count);
      else if (kind == ReduceKind::Sum && count == 0)
        value = 0.0;
      result.setFloat(index, value);
    }
    results.push_back(std::move(result));
    return success();
  }

  // Integers wrap: accumulate modulo 2^64 (unsigned, as signed overflow is
  // undefined in C++), which setInt wraps further to the element width.
  // Unsigned elements below 64 bits are held zero-extended, so signed max
  // and min order them; huge ui64 ones are left alone.
  if ((kind == ReduceKind::Max || kind == ReduceKind::Min ||
       kind == ReduceKind::Mean) &&
      strata::graph::detail::hasUnorderedUnsigned(input)) {
    whyNot = "ui64 values of 2^63 and more are not evaluated";
    return failure();
  }
  uint64_t identity = 0;
  switch (kind) {
  case ReduceKind::Sum:
  case ReduceKind::Mean:
    identity = 0;
    break;
  case ReduceKind::Prod:
    identity = 1;
    break;
  case ReduceKind::Max:
    identity = static_cast<uint64_t>(std::numeric_limits<int64_t>::min());
    break;
  case ReduceKind::Min:
    identity = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    break;
  }
  std::vector<uint64_t> accumulators(numOutputs, identity);
  int64_t inputIndex = 0;
  forEachIndex(input.getShape(), [&](ArrayRef<int64_t> indices) {
    uint64_t &acc = accumulators[outputIndexOf(indices)];
    int64_t value = input.getInt(inputIndex++);
    switch (kind) {
    case ReduceKind::Sum:
    case ReduceKind::Mean:
      acc += static_cast<uint64_t>(value);
      break;
    case ReduceKind::Prod:
      acc *= static_cast<uint64_t>(value);
      break;
    case ReduceKind::Max:
      acc = static_cast<uint64_t>(std::max(static_cast<int64_t>(acc), value));
      break;
    case ReduceKind::Min:
      acc = static_cast<uint64_t>(std::min(static_cast<int64_t>(acc), value));
      break;
    }
  });
  for (int64_t index = 0; index < numOutputs; ++index)
    result.setInt(index, static_cast<int64_t>(accumulators[index]));
  results.push_back(std::move(result));
  return success();
}

/// Evaluates argmax (`isMax`) or argmin of `input` along `axis`. Ties go to
/// the first index, or the last with `selectLast`. NaN counts as the extreme
/// value for both, as in numpy (np.argmax and np.argmin return the first
/// NaN), so the first NaN wins, or the last one with `selectLast`.
static LogicalResult
evaluateArgReduce(bool isMax, const EvalTensor &input, int64_t axis,
                  bool keepdims, bool selectLast, RankedTensorType resultType,
                  SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  int64_t rank = input.getRank();
  FailureOr<int64_t> dim = normalizeAxis(std::nullopt, axis, rank);
  if (failed(dim)) {
    whyNot = "axis " + std::to_string(axis) + " is out of range for rank " +
             std::to_string(rank);
    return failure();
  }
  if (strata::graph::detail::hasUnorderedUnsigned(input)) {
    whyNot = "ui64 values of 2^63 and more are not evaluated";
    return failure();
  }
  SmallVector<bool> reduced(rank, false);
  reduced[*dim] = true;
  Type i64 = IntegerType::get(resultType.getContext(), 64);
  if (failed(
          checkResultType(input, reduced, keepdims, i64, resultType, whyNot)))
    return failure();

  // Views the input as [outer, size, inner]; output (o, i) is at
  // o * inner + i with or without the kept size-1 dim.
  ArrayRef<int64_t> shape = input.getShape();
  int64_t size = shape[*dim];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < *dim; ++d)
    outer *= shape[d];
  for (int64_t d = *dim + 1; d < rank; ++d)
    inner *= shape[d];
  EvalTensor result(resultType);
  if (result.getNumElements() == 0) {
    results.push_back(std::move(result));
    return success();
  }
  if (size == 0) {
    whyNot = std::string(isMax ? "argmax" : "argmin") +
             " along an empty axis has no value";
    return failure();
  }

  // True when `candidate` replaces `best` as the extreme so far.
  auto isBetterFloat = [&](double candidate, double best) {
    if (std::isnan(best))
      return selectLast && std::isnan(candidate);
    if (std::isnan(candidate))
      return true;
    if (candidate == best)
      return selectLast;
    return isMax ? candidate > best : candidate < best;
  };
  auto isBetterInt = [&](int64_t candidate, int64_t best) {
    if (candidate == best)
      return selectLast;
    return isMax ? candidate > best : candidate < best;
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t base = o * size * inner + i;
      int64_t bestIndex = 0;
      for (int64_t k = 1; k < size; ++k) {
        int64_t at = base + k * inner;
        int64_t bestAt = base + bestIndex * inner;
        bool better =
            input.isFloat()
                ? isBetterFloat(input.getFloat(at), input.getFloat(bestAt))
                : isBetterInt(input.getInt(at), input.getInt(bestAt));
        if (better)
          bestIndex = k;
      }
      result.setInt(o * inner + i, bestIndex);
    }
  }
  results.push_back(std::move(result));
  return success();
}

/// Views `shape` as [outer, size, inner] around `dim`: element (o, k, i) is
/// at o * size * inner + k * inner + i.
static std::tuple<int64_t, int64_t, int64_t>
splitAroundDim(ArrayRef<int64_t> shape, int64_t dim) {
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d)
    outer *= shape[d];
  for (int64_t d = dim + 1, e = shape.size(); d < e; ++d)
    inner *= shape[d];
  return {outer, shape[dim], inner};
}

/// Evaluates cumsum of `input` along `axis` (a value of the axis operand).
/// Floats accumulate in double and round on store, integers wrap (modulo
/// 2^64, then to the element width).
static LogicalResult evaluateCumSum(CumSumOp op, const EvalTensor &input,
                                    const EvalTensor &axisTensor,
                                    RankedTensorType resultType,
                                    SmallVectorImpl<EvalTensor> &results,
                                    std::string &whyNot) {
  int64_t rank = input.getRank();
  if (axisTensor.getNumElements() != 1) {
    whyNot = "axis must hold one value";
    return failure();
  }
  int64_t axis = axisTensor.getInt(0);
  FailureOr<int64_t> dim = normalizeAxis(std::nullopt, axis, rank);
  if (failed(dim)) {
    whyNot = "axis " + std::to_string(axis) + " is out of range for rank " +
             std::to_string(rank);
    return failure();
  }
  if (resultType.getShape() != input.getShape() ||
      resultType.getElementType() != input.getElementType()) {
    whyNot = "result type does not match the input";
    return failure();
  }
  int64_t outer, size, inner;
  std::tie(outer, size, inner) = splitAroundDim(input.getShape(), *dim);
  bool exclusive = op.getExclusive(), reverse = op.getReverse();
  EvalTensor result(resultType);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      // -0.0 is the identity of float sums; an exclusive sum starts from
      // +0.0 so that its first (empty) sum is +0.0.
      double floatSum = exclusive ? 0.0 : -0.0;
      uint64_t intSum = 0;
      auto store = [&](int64_t at) {
        if (input.isFloat())
          result.setFloat(at, floatSum);
        else
          result.setInt(at, static_cast<int64_t>(intSum));
      };
      for (int64_t step = 0; step < size; ++step) {
        int64_t at =
            (o * size + (reverse ? size - 1 - step : step)) * inner + i;
        // An exclusive sum is stored before its element is added.
        if (exclusive)
          store(at);
        if (input.isFloat())
          floatSum += input.getFloat(at);
        else
          intSum += static_cast<uint64_t>(input.getInt(at));
        if (!exclusive)
          store(at);
      }
    }
  }
  results.push_back(std::move(result));
  return success();
}

/// Evaluates top_k: the k best elements along `axis` in order, ties to the
/// lower index, NaN above every number (numpy's sort order, which the ONNX
/// reference uses).
static LogicalResult evaluateTopK(TopKOp op, const EvalTensor &input,
                                  const EvalTensor &kTensor,
                                  SmallVectorImpl<EvalTensor> &results,
                                  std::string &whyNot) {
  int64_t rank = input.getRank();
  FailureOr<int64_t> dim = normalizeAxis(std::nullopt, op.getAxis(), rank);
  if (failed(dim)) {
    whyNot = "axis " + std::to_string(op.getAxis()) +
             " is out of range for rank " + std::to_string(rank);
    return failure();
  }
  if (kTensor.getNumElements() != 1) {
    whyNot = "k must hold one value";
    return failure();
  }
  int64_t outer, size, inner;
  std::tie(outer, size, inner) = splitAroundDim(input.getShape(), *dim);
  int64_t k = kTensor.getInt(0);
  if (k < 0 || k > size) {
    whyNot = "k = " + std::to_string(k) + " is out of range for size " +
             std::to_string(size);
    return failure();
  }
  SmallVector<int64_t> shape(input.getShape());
  shape[*dim] = k;
  auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
  auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
  if (!valuesType || !indicesType ||
      valuesType.getShape() != ArrayRef<int64_t>(shape) ||
      indicesType.getShape() != ArrayRef<int64_t>(shape) ||
      valuesType.getElementType() != input.getElementType()) {
    whyNot = "result types do not match k = " + std::to_string(k);
    return failure();
  }
  bool largest = op.getLargest();
  bool isUnsigned = input.isUnsigned();
  // Whether element a (at index ia along the axis) comes before element b.
  auto before = [&](int64_t a, int64_t ia, int64_t b, int64_t ib) {
    bool less, equal;
    if (input.isFloat()) {
      double x = input.getFloat(a), y = input.getFloat(b);
      bool xNaN = std::isnan(x), yNaN = std::isnan(y);
      equal = xNaN == yNaN && (xNaN || x == y);
      less = !xNaN && (yNaN || x < y);
    } else if (isUnsigned) {
      auto x = static_cast<uint64_t>(input.getInt(a));
      auto y = static_cast<uint64_t>(input.getInt(b));
      equal = x == y;
      less = x < y;
    } else {
      int64_t x = input.getInt(a), y = input.getInt(b);
      equal = x == y;
      less = x < y;
    }
    if (equal)
      return ia < ib;
    return largest ? !less : less;
  };
  EvalTensor values(valuesType), indices(indicesType);
  std::vector<int64_t> order(size);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t j) { return (o * size + j) * inner + i; };
      for (int64_t j = 0; j < size; ++j)
        order[j] = j;
      std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        return before(at(a), a, at(b), b);
      });
      for (int64_t j = 0; j < k; ++j) {
        int64_t out = (o * k + j) * inner + i;
        if (input.isFloat())
          values.setFloat(out, input.getFloat(at(order[j])));
        else
          values.setInt(out, input.getInt(at(order[j])));
        indices.setInt(out, order[j]);
      }
    }
  }
  results.push_back(std::move(values));
  results.push_back(std::move(indices));
  return success();
}

strata::graph::detail::FamilyResult strata::graph::detail::evaluateReductionOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  // The scans and selections along one axis take two operands; top_k has
  // two results.
  if (auto topK = dyn_cast<TopKOp>(op)) {
    if (operands.size() != 2)
      return std::nullopt;
    return evaluateTopK(topK, operands[0], operands[1], results, whyNot);
  }
  if (auto cumsum = dyn_cast<CumSumOp>(op)) {
    auto resultType = dyn_cast<RankedTensorType>(cumsum.getType());
    if (!resultType || operands.size() != 2)
      return std::nullopt;
    return evaluateCumSum(cumsum, operands[0], operands[1], resultType, results,
                          whyNot);
  }
  auto resultType = op->getNumResults() == 1
                        ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                        : RankedTensorType();
  // One input, and the axes of dynamic_reduce.
  if (!resultType || operands.empty() ||
      operands.size() != (isa<DynamicReduceOp>(op) ? 2u : 1u))
    return std::nullopt;
  const EvalTensor &input = operands[0];
  auto reduce = [&](ReduceKind kind, auto reduceOp) -> FamilyResult {
    return evaluateReduce(kind, input, reduceOp.getAxes(),
                          reduceOp.getKeepdims(), resultType, results, whyNot);
  };
  auto argReduce = [&](bool isMax, auto argOp) -> FamilyResult {
    return evaluateArgReduce(isMax, input,
                             static_cast<int64_t>(argOp.getAxis()),
                             argOp.getKeepdims(), argOp.getSelectLastIndex(),
                             resultType, results, whyNot);
  };
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case([&](ReduceSumOp sum) { return reduce(ReduceKind::Sum, sum); })
      .Case([&](ReduceMeanOp mean) { return reduce(ReduceKind::Mean, mean); })
      .Case([&](ReduceMaxOp max) { return reduce(ReduceKind::Max, max); })
      .Case([&](ReduceMinOp min) { return reduce(ReduceKind::Min, min); })
      .Case([&](ReduceProdOp prod) { return reduce(ReduceKind::Prod, prod); })
      .Case([&](DynamicReduceOp dynamic) -> FamilyResult {
        const EvalTensor &axesTensor = operands[1];
        SmallVector<int64_t> axes;
        for (int64_t i = 0; i < axesTensor.getNumElements(); ++i)
          axes.push_back(axesTensor.getInt(i));
        if (axes.empty() && dynamic.getNoopWithEmptyAxes()) {
          if (resultType.getShape() != input.getShape()) {
            whyNot = "result type does not match the input";
            return failure();
          }
          results.push_back(input);
          return success();
        }
        return evaluateReduce(dynamic.getKind(), input, axes,
                              dynamic.getKeepdims(), resultType, results,
                              whyNot);
      })
      .Case([&](ArgMaxOp argmax) { return argReduce(true, argmax); })
      .Case([&](ArgMinOp argmin) { return argReduce(false, argmin); })
      .Default([](Operation *) { return std::nullopt; });
}
