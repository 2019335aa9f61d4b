//===- GraphIndexingOps.cpp - Concat, slice, gather, pad, split -----------===//
//
// Type inference, verification, folders and shape reification of the ops
// that select, join or extend parts of tensors.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  if (adaptor.getInputs().empty())
    return emitOptionalError(location, "expected at least one input");
  auto firstType = getRankedType(adaptor.getInputs().front());
  if (!firstType)
    return emitOptionalError(location, "expected ranked tensor inputs");
  int64_t rank = firstType.getRank();
  if (rank == 0)
    return emitOptionalError(location, "cannot concatenate rank-0 tensors");
  FailureOr<int64_t> axis = normalizeAxis(location, adaptor.getAxis(), rank);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(firstType.getShape());
  for (auto [index, input] : llvm::enumerate(adaptor.getInputs())) {
    auto type = getRankedType(input);
    if (!type)
      return emitOptionalError(location, "expected ranked tensor inputs");
    if (type.getElementType() != firstType.getElementType())
      return emitOptionalError(location, "input #", index, " has element type ",
                               type.getElementType(), ", expected ",
                               firstType.getElementType());
    if (type.getRank() != rank)
      return emitOptionalError(location, "input #", index, " has rank ",
                               type.getRank(), ", expected ", rank);
    if (index == 0)
      continue;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = type.getDimSize(dim);
      if (dim == *axis) {
        if (ShapedType::isDynamic(shape[dim]) || ShapedType::isDynamic(size)) {
          shape[dim] = ShapedType::kDynamic;
          continue;
        }
        // Huge static sizes must give an error, not a wrapped size.
        std::optional<int64_t> sum = llvm::checkedAdd(shape[dim], size);
        if (!sum)
          return emitOptionalError(location, "concatenated size of dim ", dim,
                                   " overflows");
        shape[dim] = *sum;
        continue;
      }
      if (ShapedType::isDynamic(shape[dim])) {
        shape[dim] = size;
      } else if (!ShapedType::isDynamic(size) && size != shape[dim]) {
        return emitOptionalError(location, "input #", index, " has size ", size,
                                 " in dim ", dim, ", expected ", shape[dim]);
      }
    }
  }
  inferred.push_back(RankedTensorType::get(shape, firstType.getElementType()));
  return success();
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  // Concatenating a single tensor is the identity.
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  // Splats of one value concatenate to a splat of it.
  Attribute splat = getSplatValue(adaptor.getInputs().front());
  if (!splat || !llvm::all_of(adaptor.getInputs(), [&](Attribute input) {
        return getSplatValue(input) == splat;
      }))
    return {};
  return makeSplat(getType(), splat);
}

LogicalResult ConcatOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  Value first = getInputs().front();
  int64_t rank = getType().getRank();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0)
    axis += rank;
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, first);
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!getType().isDynamicDim(dim)) {
      sizes[dim] = builder.getIndexAttr(getType().getDimSize(dim));
      continue;
    }
    // Other dims: take a static size from any input when the first lacks one.
    if (dim == axis)
      continue;
    for (Value input : getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (!type.isDynamicDim(dim)) {
        sizes[dim] = builder.getIndexAttr(type.getDimSize(dim));
        break;
      }
    }
  }
  if (getType().isDynamicDim(axis)) {
    for (Value input : getInputs().drop_front()) {
      OpFoldResult size = tensor::getMixedSize(builder, loc, input, axis);
      sizes[axis] = addSizes(builder, loc, sizes[axis], size);
    }
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

namespace {
/// One sliced axis of a graph.slice, with its axis normalized.
struct SliceAxis {
  int64_t axis;
  int64_t start;
  int64_t end;
  int64_t step;
};
} // namespace

/// Checks the slice attributes against `rank` and pairs them up per axis.
static FailureOr<SmallVector<SliceAxis>>
getSliceAxes(std::optional<Location> loc, ArrayRef<int64_t> starts,
             ArrayRef<int64_t> ends, std::optional<ArrayRef<int64_t>> axes,
             std::optional<ArrayRef<int64_t>> steps, int64_t rank) {
  size_t count = starts.size();
  if (ends.size() != count)
    return emitOptionalError(loc, "expected as many ends (", ends.size(),
                             ") as starts (", count, ")");
  if (axes && axes->size() != count)
    return emitOptionalError(loc, "expected as many axes (", axes->size(),
                             ") as starts (", count, ")");
  if (steps && steps->size() != count)
    return emitOptionalError(loc, "expected as many steps (", steps->size(),
                             ") as starts (", count, ")");
  SmallVector<int64_t> defaultAxes;
  if (!axes) {
    defaultAxes = llvm::to_vector(llvm::seq<int64_t>(0, count));
    axes = defaultAxes;
  }
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(loc, *axes, rank, "slice axis");
  if (failed(normalized))
    return failure();
  SmallVector<SliceAxis> result;
  for (size_t i = 0; i < count; ++i) {
    int64_t step = steps ? (*steps)[i] : 1;
    if (step == 0)
      return emitOptionalError(loc, "step #", i, " is zero");
    result.push_back({(*normalized)[i], starts[i], ends[i], step});
  }
  return result;
}

/// True when the slice is empty whatever the axis size: both bounds count
/// from the same end, get the same clamp and the end does not lie past the
/// start in the step's direction (clamping is monotonic, so the order
/// survives it). Negative bounds with a negative step do not qualify: their
/// clamps differ (start to >= 0, end to >= -1), so [-6:-3:-1] of a size-1
/// axis selects one element.
static bool isAlwaysEmptySlice(const SliceAxis &slice) {
  if (slice.step > 0)
    return (slice.start < 0) == (slice.end < 0) && slice.end <= slice.start;
  return slice.start >= 0 && slice.end >= 0 && slice.start <= slice.end;
}

/// True when the slice keeps the whole axis in order, for a static size
/// `dim` or, when `dim` is `?`, for every size.
static bool isFullSlice(const SliceAxis &slice, int64_t dim) {
  if (slice.step != 1)
    return false;
  if (ShapedType::isDynamic(dim))
    return (slice.start == 0 ||
            slice.start == std::numeric_limits<int64_t>::min()) &&
           slice.end == std::numeric_limits<int64_t>::max();
  auto [start, end] = clampSliceBounds(slice.start, slice.end, slice.step, dim);
  return start == 0 && end == dim;
}

/// The result type of slicing `inputType` by `slices`: the selected count
/// of each sliced static dim; a `?` dim stays `?` unless the slice is
/// provably empty.
static RankedTensorType inferSliceType(RankedTensorType inputType,
                                       ArrayRef<SliceAxis> slices) {
  SmallVector<int64_t> shape(inputType.getShape());
  for (const SliceAxis &slice : slices) {
    int64_t dim = shape[slice.axis];
    if (!ShapedType::isDynamic(dim))
      shape[slice.axis] =
          getStaticSliceSize(slice.start, slice.end, slice.step, dim);
    else if (isAlwaysEmptySlice(slice))
      shape[slice.axis] = 0;
  }
  return RankedTensorType::get(shape, inputType.getElementType());
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  FailureOr<SmallVector<SliceAxis>> slices =
      getSliceAxes(location, adaptor.getStarts(), adaptor.getEnds(),
                   adaptor.getAxes(), adaptor.getSteps(), inputType.getRank());
  if (failed(slices))
    return failure();
  inferred.push_back(inferSliceType(inputType, *slices));
  return success();
}

/// The verified slices of `op` (its attributes were checked by inference).
static SmallVector<SliceAxis> getVerifiedSliceAxes(SliceOp op) {
  FailureOr<SmallVector<SliceAxis>> slices =
      getSliceAxes(std::nullopt, op.getStarts(), op.getEnds(), op.getAxes(),
                   op.getSteps(), op.getInput().getType().getRank());
  return succeeded(slices) ? std::move(*slices) : SmallVector<SliceAxis>();
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult splat = foldSplat(adaptor.getInput(), getType()))
    return splat;
  if (getInput().getType() != getType())
    return {};
  auto inputType = getInput().getType();
  for (const SliceAxis &slice : getVerifiedSliceAxes(*this)) {
    if (!isFullSlice(slice, inputType.getDimSize(slice.axis)))
      return {};
  }
  return getInput();
}

/// Reifies the size ONNX Slice selects along an axis of runtime size `dim`:
/// the index arithmetic of getStaticSliceSize, using that sizes are
/// non-negative to skip clamps that cannot apply.
static OpFoldResult reifySliceSize(OpBuilder &builder, Location loc,
                                   const SliceAxis &slice, OpFoldResult dim) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  auto index = [&](int64_t value) -> OpFoldResult {
    return builder.getIndexAttr(value);
  };
  // `bound` counted from the back when negative, then clamped to [lo, hi].
  // A non-negative bound only needs the upper clamp and a negative one
  // (which is below `dim`) only needs the lower one, except when hi is
  // `dim - 1`, which is below the lower bound 0 for an empty axis.
  auto clampBound = [&](int64_t bound, int64_t lo,
                        OpFoldResult hi) -> OpFoldResult {
    if (bound >= 0) {
      if (bound == 0 && lo == 0 && hi == dim)
        return index(0);
      if (bound == kMax)
        return hi;
      return minSizes(builder, loc, index(bound), hi);
    }
    if (bound == kMin && hi == dim)
      return index(lo);
    OpFoldResult shifted = addSizes(builder, loc, dim, index(bound));
    OpFoldResult clamped = maxSizes(builder, loc, shifted, index(lo));
    return hi == dim ? clamped : minSizes(builder, loc, clamped, hi);
  };
  OpFoldResult start, end, distance;
  uint64_t stride;
  if (slice.step > 0) {
    start = clampBound(slice.start, 0, dim);
    end = clampBound(slice.end, 0, dim);
    distance = subSizes(builder, loc, end, start);
    stride = static_cast<uint64_t>(slice.step);
  } else {
    OpFoldResult last = subSizes(builder, loc, dim, index(1));
    start = clampBound(slice.start, 0, last);
    // A negative end plus `dim` is at most `dim - 1`: no upper clamp.
    end = slice.end >= 0 ? clampBound(slice.end, -1, last)
          : slice.end == kMin
              ? index(-1)
              : maxSizes(builder, loc,
                         addSizes(builder, loc, dim, index(slice.end)),
                         index(-1));
    distance = subSizes(builder, loc, start, end);
    stride = 0ull - static_cast<uint64_t>(slice.step);
  }
  // |INT64_MIN| does not fit; any stride >= dim gives the same count.
  int64_t strideValue = static_cast<int64_t>(std::min<uint64_t>(stride, kMax));
  OpFoldResult count = distance;
  if (strideValue != 1) {
    std::optional<int64_t> constDistance = getConstantIntValue(distance);
    if (constDistance) {
      count = index(
          *constDistance <= 0 ? 0 : (*constDistance - 1) / strideValue + 1);
    } else {
      count = arith::CeilDivSIOp::create(
                  builder, loc, cast<Value>(distance),
                  arith::ConstantIndexOp::create(builder, loc, strideValue))
                  .getResult();
    }
  }
  // From 0 to a clamped end the distance is already non-negative.
  std::optional<int64_t> constStart = getConstantIntValue(start);
  if (slice.step > 0 && constStart && *constStart == 0)
    return count;
  return maxSizes(builder, loc, count, index(0));
}

LogicalResult SliceOp::reifyResultShapes(OpBuilder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(builder, loc, getInput());
  for (const SliceAxis &slice : getVerifiedSliceAxes(*this)) {
    int64_t size = getType().getDimSize(slice.axis);
    sizes[slice.axis] =
        ShapedType::isDynamic(size)
            ? reifySliceSize(builder, loc, slice, sizes[slice.axis])
            : builder.getIndexAttr(size);
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicSliceOp
//===----------------------------------------------------------------------===//

/// The static length of a 1-D bound operand, or failure with an error.
static FailureOr<int64_t> getBoundLength(std::optional<Location> loc,
                                         Value operand, StringRef name) {
  auto type = getRankedType(operand);
  if (!type || type.getRank() != 1 || type.isDynamicDim(0))
    return emitOptionalError(loc, "expected '", name,
                             "' to have a static length");
  return type.getDimSize(0);
}

LogicalResult DynamicSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  int64_t rank = inputType.getRank();
  FailureOr<int64_t> count =
      getBoundLength(location, adaptor.getStarts(), "starts");
  if (failed(count))
    return failure();
  std::pair<Value, StringRef> others[] = {{adaptor.getEnds(), "ends"},
                                          {adaptor.getAxes(), "axes"},
                                          {adaptor.getSteps(), "steps"}};
  for (auto [operand, name] : others) {
    if (!operand)
      continue;
    FailureOr<int64_t> length = getBoundLength(location, operand, name);
    if (failed(length))
      return failure();
    if (*length != *count)
      return emitOptionalError(location, "expected as many ", name, " (",
                               *length, ") as starts (", *count, ")");
  }
  std::optional<SmallVector<int64_t>> starts =
      getConstantInts(adaptor.getStarts());
  std::optional<SmallVector<int64_t>> ends = getConstantInts(adaptor.getEnds());
  std::optional<SmallVector<int64_t>> axes, steps;
  if (adaptor.getAxes()) {
    axes = getConstantInts(adaptor.getAxes());
  } else {
    axes = llvm::to_vector(llvm::seq<int64_t>(0, *count));
  }
  if (adaptor.getSteps()) {
    steps = getConstantInts(adaptor.getSteps());
  } else {
    steps = SmallVector<int64_t>(*count, 1);
  }
  // Constant axes and steps are checked now; the rest at run time.
  if (axes && failed(normalizeAxes(location, *axes, rank, "slice axis")))
    return failure();
  if (steps) {
    for (auto [index, step] : llvm::enumerate(*steps))
      if (step == 0)
        return emitOptionalError(location, "step #", index, " is zero");
  }
  // Every bound constant: graph.slice's sizes.
  if (starts && ends && axes && steps) {
    FailureOr<SmallVector<SliceAxis>> slices =
        getSliceAxes(location, *starts, *ends, *axes, *steps, rank);
    if (failed(slices))
      return failure();
    inferred.push_back(inferSliceType(inputType, *slices));
    return success();
  }
  SmallVector<int64_t> shape(inputType.getShape());
  for (int64_t dim = 0; dim < rank; ++dim) {
    bool sliced = !axes || llvm::any_of(*axes, [&](int64_t axis) {
      return (axis < 0 ? axis + rank : axis) == dim;
    });
    // Slicing an empty dim leaves it empty.
    if (sliced && shape[dim] != 0)
      shape[dim] = ShapedType::kDynamic;
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
DynamicSliceOp::reifyResultShapes(OpBuilder &builder,
                                  ReifiedRankedShapedTypeDims &shapes) {
  FailureOr<SmallVector<SliceDimBounds>> bounds =
      buildSliceBounds(builder, getLoc(), getInput(), getStarts(), getEnds(),
                       getAxes(), getSteps());
  if (failed(bounds))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, bound] : llvm::enumerate(*bounds))
    sizes.push_back(getType().isDynamicDim(dim)
                        ? bound.count
                        : builder.getIndexAttr(getType().getDimSize(dim)));
  shapes.push_back(std::move(sizes));
  return success();
}

FailureOr<SmallVector<SliceDimBounds>>
strata::graph::buildSliceBounds(OpBuilder &builder, Location loc, Value input,
                                Value starts, Value ends, Value axes,
                                Value steps, RuntimeCheckFn check) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  FailureOr<int64_t> count = getBoundLength(std::nullopt, starts, "starts");
  if (failed(count))
    return failure();
  Type indexType = builder.getIndexType();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  // Element `i` of a bound operand as an index (sign-extended).
  auto element = [&](Value vector, int64_t i) -> Value {
    Value value = builder.createOrFold<tensor::ExtractOp>(
        loc, vector, ValueRange{constant(i)});
    return builder.createOrFold<arith::IndexCastOp>(loc, indexType, value);
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return builder.createOrFold<arith::CmpIOp>(loc, predicate, lhs, rhs);
  };
  auto select = [&](Value condition, Value lhs, Value rhs) {
    return builder.createOrFold<arith::SelectOp>(loc, condition, lhs, rhs);
  };
  auto add = [&](Value lhs, Value rhs) {
    return builder.createOrFold<arith::AddIOp>(loc, lhs, rhs);
  };
  auto sub = [&](Value lhs, Value rhs) {
    return builder.createOrFold<arith::SubIOp>(loc, lhs, rhs);
  };
  auto clamp = [&](Value value, Value lo, Value hi) {
    // numpy.clip order (max, then min): an empty axis gives -1, -1.
    return builder.createOrFold<arith::MinSIOp>(
        loc, builder.createOrFold<arith::MaxSIOp>(loc, value, lo), hi);
  };

  SmallVector<Value> dims;
  for (int64_t dim = 0; dim < rank; ++dim)
    dims.push_back(getValueOrCreateConstantIndexOp(
        builder, loc, tensor::getMixedSize(builder, loc, input, dim)));
  SmallVector<SliceDimBounds> bounds;
  for (Value dim : dims)
    bounds.push_back({builder.getIndexAttr(0), builder.getIndexAttr(1), dim});

  std::optional<SmallVector<int64_t>> constAxes =
      axes ? getConstantInts(axes)
           : std::optional(llvm::to_vector(llvm::seq<int64_t>(0, *count)));
  if (constAxes) {
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(std::nullopt, *constAxes, rank);
    if (failed(normalized))
      return failure();
    constAxes = std::move(*normalized);
  }
  Value zero = constant(0), one = constant(1), minusOne = constant(-1);
  SmallVector<Value> axisValues;
  for (int64_t i = 0; i < *count; ++i) {
    Value start = element(starts, i);
    Value end = element(ends, i);
    Value step = steps ? element(steps, i) : one;
    std::optional<int64_t> constStep = getConstantIntValue(step);
    if (constStep && *constStep == 0)
      return failure();
    if (!constStep && check)
      check(cmp(arith::CmpIPredicate::ne, step, zero), "a step is zero");
    Value axis, dim;
    if (constAxes) {
      dim = dims[(*constAxes)[i]];
    } else {
      Value raw = element(axes, i);
      axis = select(cmp(arith::CmpIPredicate::slt, raw, zero),
                    add(raw, constant(rank)), raw);
      if (check) {
        Value inRange = builder.createOrFold<arith::AndIOp>(
            loc, cmp(arith::CmpIPredicate::sge, axis, zero),
            cmp(arith::CmpIPredicate::slt, axis, constant(rank)));
        check(inRange, "an axis is out of range");
        for (Value previous : axisValues)
          check(cmp(arith::CmpIPredicate::ne, axis, previous),
                "an axis is repeated");
      }
      axisValues.push_back(axis);
      // The size of dim `axis`, selected among the sizes (the host reads
      // dims at constant indices only).
      dim = dims.empty() ? zero : dims.front();
      for (int64_t d = 1; d < rank; ++d)
        dim = select(cmp(arith::CmpIPredicate::eq, axis, constant(d)), dims[d],
                     dim);
    }
    // A negative bound counts from the back (a size plus a negative value
    // cannot overflow).
    auto wrap = [&](Value bound) {
      return select(cmp(arith::CmpIPredicate::slt, bound, zero),
                    add(bound, dim), bound);
    };
    auto countOf = [&](Value distance, Value stride) {
      return builder.createOrFold<arith::MaxSIOp>(
          loc, builder.createOrFold<arith::CeilDivSIOp>(loc, distance, stride),
          zero);
    };
    // Positive steps: [start, end) clamped to [0, dim].
    Value first, number;
    if (!constStep || *constStep > 0) {
      first = clamp(wrap(start), zero, dim);
      Value last = clamp(wrap(end), zero, dim);
      number = countOf(sub(last, first), step);
    }
    // Negative steps: start clamped to [0, dim - 1], end to [-1, dim - 1],
    // counted with the step's magnitude (-INT64_MIN overflows; any stride
    // past the axis counts the same).
    if (!constStep || *constStep < 0) {
      Value lastIndex = sub(dim, one);
      Value from = clamp(wrap(start), zero, lastIndex);
      Value to = clamp(wrap(end), minusOne, lastIndex);
      Value magnitude = select(
          cmp(arith::CmpIPredicate::eq, step,
              constant(std::numeric_limits<int64_t>::min())),
          constant(std::numeric_limits<int64_t>::max()), sub(zero, step));
      Value backward = countOf(sub(from, to), magnitude);
      if (constStep) {
        first = from;
        number = backward;
      } else {
        Value forward = cmp(arith::CmpIPredicate::sgt, step, zero);
        first = select(forward, first, from);
        number = select(forward, number, backward);
      }
    }
    if (constAxes) {
      bounds[(*constAxes)[i]] = {first, step, number};
      continue;
    }
    for (int64_t d = 0; d < rank; ++d) {
      Value here = cmp(arith::CmpIPredicate::eq, axis, constant(d));
      SliceDimBounds &bound = bounds[d];
      auto pick = [&](Value value, OpFoldResult previous) -> OpFoldResult {
        return select(here, value,
                      getValueOrCreateConstantIndexOp(builder, loc, previous));
      };
      bound = {pick(first, bound.first), pick(step, bound.step),
               pick(number, bound.count)};
    }
  }
  // Constants as attributes, so that callers can test them.
  for (SliceDimBounds &bound : bounds) {
    for (OpFoldResult *field : {&bound.first, &bound.step, &bound.count}) {
      if (std::optional<int64_t> value = getConstantIntValue(*field))
        *field = builder.getIndexAttr(*value);
    }
  }
  return bounds;
}

//===----------------------------------------------------------------------===//
// TriluOp
//===----------------------------------------------------------------------===//

LogicalResult TriluOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType || inputType.getRank() < 2)
    return emitOptionalError(location, "expected an input of rank 2 or more");
  inferred.push_back(inputType);
  return success();
}

OpFoldResult TriluOp::fold(FoldAdaptor adaptor) {
  // Zeroing elements of zeros changes nothing.
  Attribute splat = getSplatValue(adaptor.getInput());
  if (splat && getInput().getType() == getType() &&
      ((isa<FloatAttr>(splat) && cast<FloatAttr>(splat).getValue().isZero()) ||
       (isa<IntegerAttr>(splat) &&
        cast<IntegerAttr>(splat).getValue().isZero())))
    return getInput();
  return {};
}

LogicalResult TriluOp::reifyResultShapes(OpBuilder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getInput(), shapes);
}

static FailureOr<RankedTensorType>
inferPadType(std::optional<Location> location, RankedTensorType inputType,
             ArrayRef<int64_t> pads, PadMode mode, double value);

//===----------------------------------------------------------------------===//
// GatherElementsOp, GatherNDOp, ScatterElementsOp, ScatterNDOp
//===----------------------------------------------------------------------===//

/// Checks that `indices` has the rank of `data` (at least 1) and no size
/// larger than data's outside `axis` (static sizes only), and normalizes
/// `axis`.
static FailureOr<int64_t> verifyElementIndices(std::optional<Location> location,
                                               RankedTensorType dataType,
                                               RankedTensorType indicesType,
                                               int64_t axis) {
  int64_t rank = dataType.getRank();
  if (rank == 0)
    return emitOptionalError(location, "expected data of rank 1 or more");
  if (indicesType.getRank() != rank)
    return emitOptionalError(location, "expected indices of rank ", rank,
                             " (the data's), got ", indicesType.getRank());
  FailureOr<int64_t> normalized = normalizeAxis(location, axis, rank);
  if (failed(normalized))
    return failure();
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = indicesType.getDimSize(dim),
            limit = dataType.getDimSize(dim);
    if (dim != *normalized && !ShapedType::isDynamic(size) &&
        !ShapedType::isDynamic(limit) && size > limit)
      return emitOptionalError(location, "indices have size ", size, " in dim ",
                               dim, ", more than the data's ", limit);
  }
  return normalized;
}

LogicalResult GatherElementsOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto dataType = getRankedType(adaptor.getData());
  auto indicesType = getRankedType(adaptor.getIndices());
  if (!dataType || !indicesType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (failed(verifyElementIndices(location, dataType, indicesType,
                                  adaptor.getAxis())))
    return failure();
  inferred.push_back(
      RankedTensorType::get(indicesType.getShape(), dataType.getElementType()));
  return success();
}

LogicalResult
GatherElementsOp::reifyResultShapes(OpBuilder &builder,
                                    ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getIndices(), shapes);
}

/// The index tuple length of gather_nd/scatter_nd (the static last dim of
/// `indices`), checked against `data` and `batchDims`.
static FailureOr<int64_t> getTupleLength(std::optional<Location> location,
                                         RankedTensorType dataType,
                                         RankedTensorType indicesType,
                                         int64_t batchDims) {
  if (indicesType.getRank() == 0 ||
      indicesType.isDynamicDim(indicesType.getRank() - 1))
    return emitOptionalError(location, "expected indices whose last dim has "
                                       "a static size");
  int64_t k = indicesType.getDimSize(indicesType.getRank() - 1);
  if (batchDims < 0 || batchDims >= indicesType.getRank() ||
      batchDims > dataType.getRank())
    return emitOptionalError(location, "batch_dims ", batchDims,
                             " is out of range");
  if (k > dataType.getRank() - batchDims)
    return emitOptionalError(location, "index tuples of length ", k,
                             " do not fit data of rank ", dataType.getRank(),
                             " after ", batchDims, " batch dims");
  for (int64_t dim = 0; dim < batchDims; ++dim) {
    int64_t a = dataType.getDimSize(dim), b = indicesType.getDimSize(dim);
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return emitOptionalError(location, "batch dim ", dim, " has size ", a,
                               " in the data and ", b, " in the indices");
  }
  return k;
}

LogicalResult GatherNDOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> location,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  auto dataType = getRankedType(adaptor.getData());
  auto indicesType = getRankedType(adaptor.getIndices());
  if (!dataType || !indicesType)
    return emitOptionalError(location, "expected ranked tensor operands");
  int64_t batchDims = adaptor.getBatchDims();
  FailureOr<int64_t> k =
      getTupleLength(location, dataType, indicesType, batchDims);
  if (failed(k))
    return failure();
  SmallVector<int64_t> shape(indicesType.getShape().drop_back());
  llvm::append_range(shape, dataType.getShape().drop_front(batchDims + *k));
  inferred.push_back(RankedTensorType::get(shape, dataType.getElementType()));
  return success();
}

LogicalResult
GatherNDOp::reifyResultShapes(OpBuilder &builder,
                              ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  SmallVector<OpFoldResult> indicesSizes =
      tensor::getMixedSizes(builder, loc, getIndices());
  SmallVector<OpFoldResult> dataSizes =
      tensor::getMixedSizes(builder, loc, getData());
  int64_t k = getIndices().getType().getShape().back();
  SmallVector<OpFoldResult> sizes(indicesSizes.begin(), indicesSizes.end() - 1);
  sizes.append(dataSizes.begin() + getBatchDims() + k, dataSizes.end());
  shapes.push_back(std::move(sizes));
  return success();
}

/// Checks that `updates` has `expected` sizes (`?` matching anything) and
/// the data's element type.
static LogicalResult verifyUpdates(std::optional<Location> location,
                                   RankedTensorType dataType,
                                   RankedTensorType updatesType,
                                   ArrayRef<int64_t> expected) {
  if (updatesType.getElementType() != dataType.getElementType())
    return emitOptionalError(location, "updates have element type ",
                             updatesType.getElementType(), ", expected ",
                             dataType.getElementType());
  if (updatesType.getRank() != static_cast<int64_t>(expected.size()))
    return emitOptionalError(location, "expected updates of rank ",
                             expected.size(), ", got ", updatesType.getRank());
  for (auto [dim, size] : llvm::enumerate(expected)) {
    int64_t actual = updatesType.getDimSize(dim);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(actual) &&
        size != actual)
      return emitOptionalError(location, "updates have size ", actual,
                               " in dim ", dim, ", expected ", size);
  }
  return success();
}

LogicalResult ScatterElementsOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto dataType = getRankedType(adaptor.getData());
  auto indicesType = getRankedType(adaptor.getIndices());
  auto updatesType = getRankedType(adaptor.getUpdates());
  if (!dataType || !indicesType || !updatesType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (failed(verifyElementIndices(location, dataType, indicesType,
                                  adaptor.getAxis())) ||
      failed(verifyUpdates(location, dataType, updatesType,
                           indicesType.getShape())))
    return failure();
  inferred.push_back(dataType);
  return success();
}

LogicalResult
ScatterElementsOp::reifyResultShapes(OpBuilder &builder,
                                     ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getData(), shapes);
}

LogicalResult ScatterNDOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto dataType = getRankedType(adaptor.getData());
  auto indicesType = getRankedType(adaptor.getIndices());
  auto updatesType = getRankedType(adaptor.getUpdates());
  if (!dataType || !indicesType || !updatesType)
    return emitOptionalError(location, "expected ranked tensor operands");
  FailureOr<int64_t> k = getTupleLength(location, dataType, indicesType, 0);
  if (failed(k))
    return failure();
  SmallVector<int64_t> expected(indicesType.getShape().drop_back());
  llvm::append_range(expected, dataType.getShape().drop_front(*k));
  if (failed(verifyUpdates(location, dataType, updatesType, expected)))
    return failure();
  inferred.push_back(dataType);
  return success();
}

LogicalResult
ScatterNDOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getData(), shapes);
}

//===----------------------------------------------------------------------===//
// DynamicPadOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicPadOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> location,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  int64_t rank = inputType.getRank();
  auto padsType = getRankedType(adaptor.getPads());
  if (!padsType || padsType.isDynamicDim(0) ||
      padsType.getDimSize(0) != 2 * rank)
    return emitOptionalError(location, "expected ", 2 * rank,
                             " pads (2 * rank)");
  double value = adaptor.getValue().convertToDouble();
  if (std::optional<SmallVector<int64_t>> pads =
          getConstantInts(adaptor.getPads())) {
    FailureOr<RankedTensorType> type =
        inferPadType(location, inputType, *pads, adaptor.getMode(), value);
    if (failed(type))
      return failure();
    inferred.push_back(*type);
    return success();
  }
  // The checks that need no pad value (pass zero pads).
  if (failed(inferPadType(location, inputType,
                          SmallVector<int64_t>(2 * rank, 0), adaptor.getMode(),
                          value)))
    return failure();
  inferred.push_back(
      RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                            inputType.getElementType()));
  return success();
}

LogicalResult
DynamicPadOp::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t rank = getInput().getType().getRank();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    auto pad = [&](int64_t index) -> Value {
      Value element = builder.createOrFold<tensor::ExtractOp>(
          loc, getPads(),
          ValueRange{arith::ConstantIndexOp::create(builder, loc, index)});
      return builder.createOrFold<arith::IndexCastOp>(
          loc, builder.getIndexType(), element);
    };
    Value size = getValueOrCreateConstantIndexOp(
        builder, loc, tensor::getMixedSize(builder, loc, getInput(), dim));
    Value padded = builder.createOrFold<arith::AddIOp>(
        loc, builder.createOrFold<arith::AddIOp>(loc, size, pad(dim)),
        pad(rank + dim));
    sizes.push_back(getAsOpFoldResult(padded));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto dataType = getRankedType(adaptor.getData());
  auto indicesType = getRankedType(adaptor.getIndices());
  if (!dataType || !indicesType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (dataType.getRank() == 0)
    return emitOptionalError(location, "cannot gather from a rank-0 tensor");
  FailureOr<int64_t> axis =
      normalizeAxis(location, adaptor.getAxis(), dataType.getRank());
  if (failed(axis))
    return failure();
  ArrayRef<int64_t> dataShape = dataType.getShape();
  SmallVector<int64_t> shape(dataShape.take_front(*axis));
  llvm::append_range(shape, indicesType.getShape());
  llvm::append_range(shape, dataShape.drop_front(*axis + 1));
  inferred.push_back(RankedTensorType::get(shape, dataType.getElementType()));
  return success();
}

/// Gathers of more elements than this from a constant are left to the
/// constant folding pass: the folder only serves small shape computations.
static constexpr int64_t kMaxGatherFoldElements = 1024;

OpFoldResult GatherOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult splat = foldSplat(adaptor.getData(), getType()))
    return splat;
  // The Shape -> Gather chains of dynamic exports: 1-D integer constant data
  // with constant indices.
  auto data = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getData());
  auto indices = dyn_cast_or_null<DenseIntElementsAttr>(adaptor.getIndices());
  RankedTensorType resultType = getType();
  if (!data || !indices || data.getType().getRank() != 1 ||
      !resultType.hasStaticShape() ||
      resultType.getNumElements() > kMaxGatherFoldElements ||
      resultType.getNumElements() != indices.getNumElements())
    return {};
  int64_t size = data.getNumElements();
  SmallVector<APInt> values;
  values.reserve(indices.getNumElements());
  auto dataValues = data.getValues<APInt>();
  for (const APInt &value : indices.getValues<APInt>()) {
    int64_t index = value.getSExtValue();
    if (index < -size || index >= size)
      return {};
    values.push_back(dataValues[index < 0 ? index + size : index]);
  }
  return DenseElementsAttr::get(resultType, values);
}

LogicalResult GatherOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t rank = getData().getType().getRank();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0)
    axis += rank;
  SmallVector<OpFoldResult> dataSizes =
      tensor::getMixedSizes(builder, loc, getData());
  SmallVector<OpFoldResult> sizes(ArrayRef(dataSizes).take_front(axis));
  llvm::append_range(sizes, tensor::getMixedSizes(builder, loc, getIndices()));
  llvm::append_range(sizes, ArrayRef(dataSizes).drop_front(axis + 1));
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

/// Prints `value` in its shortest round-tripping form ("1.5", "128").
static std::string formatDouble(double value) {
  SmallString<32> text;
  APFloat(value).toString(text);
  return std::string(text);
}

/// Checks that the constant fill `value` is representable in `elementType`.
static LogicalResult verifyPadValue(std::optional<Location> loc,
                                    Type elementType, double value) {
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType)
    return success();
  if (std::trunc(value) != value)
    return emitOptionalError(loc, "pad value ", formatDouble(value),
                             " is not an integer, as ", elementType,
                             " elements need");
  unsigned width = intType.getWidth();
  // i1 is a boolean: 0 or 1. Wider integers are signed, but unsigned ones.
  double lo = 0.0, hi = 1.0;
  if (intType.isUnsigned() && width > 1) {
    hi = std::ldexp(1.0, width) - 1.0;
  } else if (width > 1) {
    lo = -std::ldexp(1.0, width - 1);
    hi = std::ldexp(1.0, width - 1) - 1.0;
  }
  // For i64 `hi` rounds up to 2^63, which does not fit: exclude it.
  if (value < lo || value > hi || (width == 64 && value >= std::ldexp(1.0, 63)))
    return emitOptionalError(loc, "pad value ", formatDouble(value),
                             " does not fit in ", elementType);
  return success();
}

/// The result type of graph.pad (and of dynamic_pad with constant pads),
/// or failure with the reason at `location`.
static FailureOr<RankedTensorType>
inferPadType(std::optional<Location> location, RankedTensorType inputType,
             ArrayRef<int64_t> pads, PadMode mode, double value) {
  int64_t rank = inputType.getRank();
  if (static_cast<int64_t>(pads.size()) != 2 * rank)
    return emitOptionalError(location, "expected ", 2 * rank,
                             " pads (2 * rank), got ", pads.size());
  if (mode == PadMode::Constant) {
    if (failed(verifyPadValue(location, inputType.getElementType(), value)))
      return failure();
  } else if (value != 0.0) {
    return emitOptionalError(location, "pad value ", formatDouble(value),
                             " is only used by ",
                             stringifyPadMode(PadMode::Constant), " mode, not ",
                             stringifyPadMode(mode));
  }
  SmallVector<int64_t> shape(inputType.getShape());
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t before = pads[dim], after = pads[rank + dim];
    int64_t size = shape[dim];
    if (mode != PadMode::Constant) {
      if (before < 0 || after < 0)
        return emitOptionalError(
            location, "negative pads (crops) need ",
            stringifyPadMode(PadMode::Constant), " mode, got ", before, ", ",
            after, " for dim ", dim, " in ", stringifyPadMode(mode), " mode");
      if ((before > 0 || after > 0) && size == 0)
        return emitOptionalError(location, stringifyPadMode(mode),
                                 " mode cannot pad empty dim ", dim);
      if (mode == PadMode::Reflect && !ShapedType::isDynamic(size) &&
          (before >= size || after >= size))
        return emitOptionalError(location, "reflect pads ", before, ", ", after,
                                 " of dim ", dim,
                                 " must be smaller than its size ", size);
    }
    if (ShapedType::isDynamic(size))
      continue;
    std::optional<int64_t> padded = llvm::checkedAdd(size, before);
    if (padded)
      padded = llvm::checkedAdd(*padded, after);
    if (!padded)
      return emitOptionalError(location, "padded size of dim ", dim,
                               " overflows");
    if (*padded < 0)
      return emitOptionalError(location, "pads ", before, ", ", after,
                               " crop dim ", dim, " of size ", size,
                               " to a negative size");
    shape[dim] = *padded;
  }
  return RankedTensorType::get(shape, inputType.getElementType());
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> location,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  FailureOr<RankedTensorType> type =
      inferPadType(location, inputType, adaptor.getPads(), adaptor.getMode(),
                   adaptor.getValue().convertToDouble());
  if (failed(type))
    return failure();
  inferred.push_back(*type);
  return success();
}

OpFoldResult PadOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(getPads(), [](int64_t pad) { return pad == 0; }) &&
      getInput().getType() == getType())
    return getInput();
  // Edge and reflect padding of a splat repeat the splat; so does constant
  // padding with the splat's own value.
  Attribute splat = getSplatValue(adaptor.getInput());
  if (!splat)
    return {};
  if (getMode() == PadMode::Constant) {
    double value = getValue().convertToDouble();
    if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
      // Compare in the element type: a value like 0.1 rounds in f16.
      APFloat converted(value);
      bool losesInfo = false;
      converted.convert(floatAttr.getValue().getSemantics(),
                        APFloat::rmNearestTiesToEven, &losesInfo);
      if (!converted.bitwiseIsEqual(floatAttr.getValue()))
        return {};
    } else if (auto intAttr = dyn_cast<IntegerAttr>(splat)) {
      // The verifier keeps `value` integral and in range of the type.
      int64_t splatValue = intAttr.getType().isInteger(1)
                               ? intAttr.getValue().getBoolValue()
                               : intAttr.getValue().getSExtValue();
      if (static_cast<double>(splatValue) != value)
        return {};
    } else {
      return {};
    }
  }
  return makeSplat(getType(), splat);
}

LogicalResult PadOp::reifyResultShapes(OpBuilder &builder,
                                       ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(builder, loc, getInput());
  int64_t rank = static_cast<int64_t>(sizes.size());
  ArrayRef<int64_t> pads = getPads();
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t total = getType().getDimSize(dim);
    if (!ShapedType::isDynamic(total)) {
      sizes[dim] = builder.getIndexAttr(total);
      continue;
    }
    // Static sizes are handled above, so `before + after` is of two verified
    // attributes; adding them separately keeps each step in range.
    sizes[dim] =
        addSizes(builder, loc, sizes[dim], builder.getIndexAttr(pads[dim]));
    sizes[dim] = addSizes(builder, loc, sizes[dim],
                          builder.getIndexAttr(pads[rank + dim]));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// SplitOp
//===----------------------------------------------------------------------===//

/// The most results graph.split may have with `num_outputs`.
static constexpr int64_t kMaxSplitOutputs = 65536;

LogicalResult SplitOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  if (inputType.getRank() == 0)
    return emitOptionalError(location, "cannot split a rank-0 tensor");
  FailureOr<int64_t> axis =
      normalizeAxis(location, adaptor.getAxis(), inputType.getRank());
  if (failed(axis))
    return failure();
  std::optional<ArrayRef<int64_t>> split = adaptor.getSplit();
  std::optional<uint64_t> numOutputs = adaptor.getNumOutputs();
  if (split && numOutputs)
    return emitOptionalError(location,
                             "expected either split or num_outputs, not both");
  if (!split && !numOutputs)
    return emitOptionalError(
        location, "expected split sizes or num_outputs (the result count)");
  int64_t dim = inputType.getDimSize(*axis);
  SmallVector<int64_t> sizes;
  if (split) {
    if (split->empty())
      return emitOptionalError(location, "expected at least one split size");
    int64_t total = 0;
    for (auto [index, size] : llvm::enumerate(*split)) {
      if (size < 0)
        return emitOptionalError(location, "split size #", index, " is ", size,
                                 ", expected non-negative");
      std::optional<int64_t> sum = llvm::checkedAdd(total, size);
      if (!sum)
        return emitOptionalError(location, "split sizes overflow");
      total = *sum;
    }
    if (!ShapedType::isDynamic(dim) && total != dim)
      return emitOptionalError(location, "split sizes sum to ", total,
                               ", expected the size ", dim, " of axis ", *axis);
    sizes.assign(split->begin(), split->end());
  } else {
    int64_t count = static_cast<int64_t>(*numOutputs);
    // The cap keeps a bogus count from allocating a type per result before
    // the verifier gets to compare it with the real result count.
    if (count <= 0 || count > kMaxSplitOutputs)
      return emitOptionalError(location, "num_outputs is ", count,
                               ", expected [1, ", kMaxSplitOutputs, "]");
    if (ShapedType::isDynamic(dim)) {
      sizes.assign(count, ShapedType::kDynamic);
    } else {
      // ONNX 18: pieces of ceil(d / n), the last one holding the rest.
      int64_t chunk = dim / count + (dim % count != 0 ? 1 : 0);
      // chunk <= dim and count - 1 < count, so chunk * (count - 1) <= dim
      // whenever it is valid; checked multiplication catches the rest.
      std::optional<int64_t> leading = llvm::checkedMul(chunk, count - 1);
      if (!leading || *leading > dim)
        return emitOptionalError(
            location, "cannot split size ", dim, " of axis ", *axis, " into ",
            count, " pieces of ", chunk, " (the last piece would be negative)");
      sizes.assign(count - 1, chunk);
      sizes.push_back(dim - *leading);
    }
  }
  for (int64_t size : sizes) {
    SmallVector<int64_t> shape(inputType.getShape());
    shape[*axis] = size;
    inferred.push_back(
        RankedTensorType::get(shape, inputType.getElementType()));
  }
  return success();
}

LogicalResult SplitOp::fold(FoldAdaptor adaptor,
                            SmallVectorImpl<OpFoldResult> &results) {
  if (getNumResults() == 1 && getInput().getType() == getType(0)) {
    results.push_back(getInput());
    return success();
  }
  Attribute splat = getSplatValue(adaptor.getInput());
  if (!splat)
    return failure();
  SmallVector<OpFoldResult> pieces;
  for (Type type : getResultTypes()) {
    Attribute piece = makeSplat(type, splat);
    if (!piece)
      return failure();
    pieces.push_back(piece);
  }
  results.append(pieces.begin(), pieces.end());
  return success();
}

LogicalResult SplitOp::reifyResultShapes(OpBuilder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t rank = getInput().getType().getRank();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0)
    axis += rank;
  SmallVector<OpFoldResult> inputSizes =
      tensor::getMixedSizes(builder, loc, getInput());
  int64_t count = getNumResults();
  // Only num_outputs with a `?` axis needs arithmetic: ceil(d / n) for all
  // pieces but the last, which gets d - ceil(d / n) * (n - 1).
  OpFoldResult chunk, last;
  if (!getSplit() && count > 1) {
    chunk = ceilDivSizes(builder, loc, inputSizes[axis],
                         builder.getIndexAttr(count));
    last = subSizes(
        builder, loc, inputSizes[axis],
        mulSizes(builder, loc, chunk, builder.getIndexAttr(count - 1)));
  }
  for (int64_t result = 0; result < count; ++result) {
    SmallVector<OpFoldResult> sizes = inputSizes;
    auto type = cast<RankedTensorType>(getResult(result).getType());
    if (!type.isDynamicDim(axis))
      sizes[axis] = builder.getIndexAttr(type.getDimSize(axis));
    else if (std::optional<ArrayRef<int64_t>> split = getSplit())
      sizes[axis] = builder.getIndexAttr((*split)[result]);
    else if (count > 1)
      sizes[axis] = result + 1 < count ? chunk : last;
    shapes.push_back(std::move(sizes));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

/// Replaces `op` by a constant of its declared type holding the sizes of
/// `shapeOf`'s input at `dims`, when that type is static with one element
/// per dim and every such size is static; fails otherwise.
static LogicalResult replaceByStaticSizes(Operation *op, ShapeOfOp shapeOf,
                                          ArrayRef<int64_t> dims,
                                          PatternRewriter &rewriter) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  RankedTensorType sourceType = shapeOf.getInput().getType();
  if (!type.hasStaticShape() || !type.getElementType().isInteger(64) ||
      type.getNumElements() != static_cast<int64_t>(dims.size()))
    return failure();
  SmallVector<int64_t> sizes;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= sourceType.getRank() || sourceType.isDynamicDim(dim))
      return failure();
    sizes.push_back(sourceType.getDimSize(dim));
  }
  rewriter.replaceOpWithNewOp<ConstantOp>(
      op, DenseIntElementsAttr::get(type, sizes));
  return success();
}

namespace {

/// gather(shape_of(x), indices) -> constant for constant indices that all
/// select static dims of x: element i of shape_of(x) is the size of dim i,
/// which is known although the shape_of does not fold (other dims are
/// `?`). Negative indices count from the back, as gather does; an index out
/// of range is a run-time error and is left alone.
struct FoldGatherOfStaticSizes : OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto shapeOf = op.getData().getDefiningOp<ShapeOfOp>();
    DenseIntElementsAttr indices;
    if (!shapeOf || !matchPattern(op.getIndices(), m_Constant(&indices)))
      return failure();
    int64_t rank = shapeOf.getInput().getType().getRank();
    SmallVector<int64_t> dims;
    for (const APInt &value : indices.getValues<APInt>()) {
      int64_t index = value.getSExtValue();
      if (index < -rank || index >= rank)
        return failure();
      dims.push_back(index < 0 ? index + rank : index);
    }
    return replaceByStaticSizes(op, shapeOf, dims, rewriter);
  }
};

/// slice(shape_of(x)) -> constant when every selected element is the size
/// of a static dim of x. The selected positions follow the ONNX bounds of
/// the op (clampSliceBounds) on the shape's length, the rank of x.
struct FoldSliceOfStaticSizes : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto shapeOf = op.getInput().getDefiningOp<ShapeOfOp>();
    if (!shapeOf)
      return failure();
    int64_t rank = shapeOf.getInput().getType().getRank();
    FailureOr<SmallVector<SliceAxis>> slices =
        getSliceAxes(std::nullopt, op.getStarts(), op.getEnds(), op.getAxes(),
                     op.getSteps(), /*rank=*/1);
    if (failed(slices) || slices->size() > 1)
      return failure();
    SmallVector<int64_t> dims;
    if (slices->empty()) {
      dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    } else {
      const SliceAxis &slice = slices->front();
      int64_t count =
          getStaticSliceSize(slice.start, slice.end, slice.step, rank);
      int64_t position =
          clampSliceBounds(slice.start, slice.end, slice.step, rank).first;
      for (int64_t i = 0; i < count; ++i) {
        dims.push_back(position);
        // Only taken while another element follows, so it stays in range.
        if (i + 1 < count)
          position += slice.step;
      }
    }
    return replaceByStaticSizes(op, shapeOf, dims, rewriter);
  }
};

/// dynamic_slice -> slice once its starts, ends, axes and steps are all
/// constants (absent axes and steps are the defaults either way).
struct DynamicSliceToSlice : OpRewritePattern<DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> starts =
        getConstantInts(op.getStarts());
    std::optional<SmallVector<int64_t>> ends = getConstantInts(op.getEnds());
    if (!starts || !ends)
      return failure();
    DenseI64ArrayAttr axes, steps;
    if (op.getAxes()) {
      std::optional<SmallVector<int64_t>> values =
          getConstantInts(op.getAxes());
      if (!values)
        return failure();
      axes = rewriter.getDenseI64ArrayAttr(*values);
    }
    if (op.getSteps()) {
      std::optional<SmallVector<int64_t>> values =
          getConstantInts(op.getSteps());
      if (!values)
        return failure();
      steps = rewriter.getDenseI64ArrayAttr(*values);
    }
    rewriter.replaceOpWithNewOp<SliceOp>(
        op, op.getType(), op.getInput(), rewriter.getDenseI64ArrayAttr(*starts),
        rewriter.getDenseI64ArrayAttr(*ends), axes, steps);
    return success();
  }
};

/// dynamic_pad -> pad once the pads are constants.
struct DynamicPadToPad : OpRewritePattern<DynamicPadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DynamicPadOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> pads = getConstantInts(op.getPads());
    if (!pads)
      return failure();
    rewriter.replaceOpWithNewOp<PadOp>(op, op.getType(), op.getInput(),
                                       rewriter.getDenseI64ArrayAttr(*pads),
                                       op.getModeAttr(), op.getValueAttr());
    return success();
  }
};

} // namespace

void SliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldSliceOfStaticSizes>(context);
}

void DynamicSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<DynamicSliceToSlice>(context);
}

void DynamicPadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<DynamicPadToPad>(context);
}

void GatherOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FoldGatherOfStaticSizes>(context);
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphIndexingOps.cpp.inc"
