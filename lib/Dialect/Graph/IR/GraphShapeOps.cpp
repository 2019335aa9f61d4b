//===- GraphShapeOps.cpp - Constants and shape ops ------------------------===//
//
// Type inference, verification, folders and shape reification of constants,
// shape computations and the ops that rearrange or repeat elements (reshape,
// transpose, squeeze, unsqueeze, flatten, expand, tile).
//
// Ops whose sizes come from a shape operand (reshape, expand,
// constant_of_shape) compute them when that operand is a constant, and
// reify them from its runtime values (tensor.extract + arith.index_cast)
// otherwise.
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
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Returns the length of the 1-D shape operand `shape`, which is the rank of
/// the result it describes and so must be static.
static FailureOr<int64_t> getShapeLength(std::optional<Location> location,
                                         Value shape) {
  auto type = getRankedType(shape);
  if (!type || type.getRank() != 1)
    return emitOptionalError(location, "expected a 1-D shape operand, got ",
                             shape.getType());
  if (type.isDynamicDim(0))
    return emitOptionalError(location,
                             "expected the shape operand to have a static "
                             "length (it is the result rank), got ",
                             type);
  return type.getDimSize(0);
}

/// Returns the values of `shape` when it is a constant integer tensor.
static std::optional<SmallVector<int64_t>> getConstantShape(Value shape) {
  DenseIntElementsAttr attr;
  // The type check guards against a (not yet verified) constant whose value
  // disagrees with its result type: callers index the values by the
  // operand's length.
  if (!matchPattern(shape, m_Constant(&attr)) ||
      attr.getType() != shape.getType())
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &value : attr.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}

/// Element `index` of the runtime shape tensor `shape` as an index value.
static Value extractShapeEntry(OpBuilder &builder, Location loc, Value shape,
                               int64_t index) {
  Value position = arith::ConstantIndexOp::create(builder, loc, index);
  Value entry =
      tensor::ExtractOp::create(builder, loc, shape, ValueRange{position});
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    entry);
}

/// `lhs == constant` on index values.
static Value isIndexEqual(OpBuilder &builder, Location loc, Value lhs,
                          int64_t constant) {
  Value rhs = arith::ConstantIndexOp::create(builder, loc, constant);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, lhs,
                               rhs);
}

/// Multiplies static sizes for inference: a static 0 anywhere makes the
/// product 0 even next to `?`; otherwise any `?` makes it `?`. Overflow is
/// an error.
static FailureOr<int64_t> multiplySizes(std::optional<Location> location,
                                        ArrayRef<int64_t> sizes) {
  if (llvm::is_contained(sizes, 0))
    return 0;
  int64_t product = 1;
  bool dynamic = false;
  for (int64_t size : sizes) {
    if (ShapedType::isDynamic(size)) {
      dynamic = true;
      continue;
    }
    std::optional<int64_t> next = llvm::checkedMul(product, size);
    if (!next)
      return emitOptionalError(location, "the product of the sizes [", sizes,
                               "] overflows int64");
    product = *next;
  }
  return dynamic ? ShapedType::kDynamic : product;
}

/// For reification: the size of dim `dim` of `type` (the op's result type,
/// which may know more than the operands) when static, else `fallback`.
static OpFoldResult staticOr(OpBuilder &builder, RankedTensorType type,
                             int64_t dim, OpFoldResult fallback) {
  if (!type.isDynamicDim(dim))
    return builder.getIndexAttr(type.getDimSize(dim));
  return fallback;
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// ShapeOfOp
//===----------------------------------------------------------------------===//

LogicalResult ShapeOfOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  inferred.push_back(RankedTensorType::get({inputType.getRank()},
                                           IntegerType::get(context, 64)));
  return success();
}

OpFoldResult ShapeOfOp::fold(FoldAdaptor) {
  auto inputType = getInput().getType();
  if (!inputType.hasStaticShape())
    return {};
  return DenseIntElementsAttr::get(
      RankedTensorType::get({inputType.getRank()},
                            IntegerType::get(getContext(), 64)),
      inputType.getShape());
}

//===----------------------------------------------------------------------===//
// RangeOp
//===----------------------------------------------------------------------===//

/// Counts above this are rejected: no tensor of them fits in memory, and
/// the bound keeps `start + i * delta` and the count's arithmetic exact.
static constexpr int64_t kMaxRangeCount = int64_t(1) << 62;

Value strata::graph::buildRangeCount(OpBuilder &builder, Location loc,
                                     Value start, Value limit, Value delta) {
  Type type = start.getType();
  Type i64 = builder.getI64Type();
  auto intConstant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, i64,
                                     builder.getI64IntegerAttr(value));
  };
  Value invalid = intConstant(-1), zero = intConstant(0);
  if (auto floatType = dyn_cast<FloatType>(type)) {
    Value floatZero = arith::ConstantOp::create(
        builder, loc, type, builder.getFloatAttr(type, 0.0));
    Value quotient = arith::DivFOp::create(
        builder, loc, arith::SubFOp::create(builder, loc, limit, start), delta);
    // NaN, infinities and huge counts (a zero delta gives one of those).
    Value bound = arith::ConstantOp::create(
        builder, loc, type,
        builder.getFloatAttr(type, static_cast<double>(kMaxRangeCount)));
    Value bad = arith::OrIOp::create(
        builder, loc,
        arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UGT, quotient,
                              bound),
        arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OEQ, delta,
                              floatZero));
    // ceil with a truncation: one more when the truncation is below.
    Value truncated = arith::FPToSIOp::create(builder, loc, i64, quotient);
    Value below = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::OLT,
        arith::SIToFPOp::create(builder, loc, type, truncated), quotient);
    Value ceil =
        arith::AddIOp::create(builder, loc, truncated,
                              arith::ExtUIOp::create(builder, loc, i64, below));
    Value count = arith::MaxSIOp::create(builder, loc, ceil, zero);
    return arith::SelectOp::create(builder, loc, bad, invalid, count);
  }
  // Integers, sign-extended to i64 (the graph dialect's are signed).
  auto widen = [&](Value value) -> Value {
    return type == i64 ? value
                       : arith::ExtSIOp::create(builder, loc, i64, value);
  };
  Value first = widen(start), last = widen(limit), step = widen(delta);
  Value isZero =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, step, zero);
  // A divisor that is never zero: the zero case is selected away below.
  Value divisor =
      arith::SelectOp::create(builder, loc, isZero, intConstant(1), step);
  Value count = arith::MaxSIOp::create(
      builder, loc,
      arith::CeilDivSIOp::create(
          builder, loc, arith::SubIOp::create(builder, loc, last, first),
          divisor),
      zero);
  return arith::SelectOp::create(builder, loc, isZero, invalid, count);
}

FailureOr<int64_t>
strata::graph::getStaticRangeCount(std::optional<Location> loc, Attribute start,
                                   Attribute limit, Attribute delta) {
  auto scalar = [](Attribute attr) -> Attribute {
    auto elements = dyn_cast_or_null<DenseElementsAttr>(attr);
    if (!elements || elements.getNumElements() != 1)
      return {};
    return elements.getSplatValue<Attribute>();
  };
  Attribute first = scalar(start), last = scalar(limit), step = scalar(delta);
  if (!first || !last || !step)
    return failure();
  if (auto stepFloat = dyn_cast<FloatAttr>(step)) {
    double d = stepFloat.getValueAsDouble();
    double q = (cast<FloatAttr>(last).getValueAsDouble() -
                cast<FloatAttr>(first).getValueAsDouble()) /
               d;
    if (d == 0.0)
      return emitOptionalError(loc, "delta is zero");
    if (std::isnan(q) || q > static_cast<double>(kMaxRangeCount))
      return emitOptionalError(loc, "the range has too many elements");
    return q <= 0 ? 0 : static_cast<int64_t>(std::ceil(q));
  }
  int64_t d = cast<IntegerAttr>(step).getValue().getSExtValue();
  if (d == 0)
    return emitOptionalError(loc, "delta is zero");
  std::optional<int64_t> distance =
      llvm::checkedSub(cast<IntegerAttr>(last).getValue().getSExtValue(),
                       cast<IntegerAttr>(first).getValue().getSExtValue());
  if (!distance)
    return emitOptionalError(loc, "the range has too many elements");
  // ceil(distance / d) without overflow: |d| >= 1.
  int64_t quotient = *distance / d;
  if (quotient * d != *distance && ((*distance < 0) == (d < 0)))
    ++quotient;
  if (quotient > kMaxRangeCount)
    return emitOptionalError(loc, "the range has too many elements");
  return std::max<int64_t>(quotient, 0);
}

LogicalResult RangeOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  Value operands[] = {adaptor.getStart(), adaptor.getLimit(),
                      adaptor.getDelta()};
  for (Value operand : operands) {
    auto type = getRankedType(operand);
    if (!type || type.getRank() != 0)
      return emitOptionalError(location, "expected 0-d tensor operands");
  }
  Type elementType = getElementTypeOrSelf(adaptor.getStart().getType());
  int64_t size = ShapedType::kDynamic;
  Attribute start, limit, delta;
  if (matchPattern(adaptor.getStart(), m_Constant(&start)) &&
      matchPattern(adaptor.getLimit(), m_Constant(&limit)) &&
      matchPattern(adaptor.getDelta(), m_Constant(&delta))) {
    FailureOr<int64_t> count =
        getStaticRangeCount(location, start, limit, delta);
    if (failed(count))
      return failure();
    size = *count;
  }
  inferred.push_back(RankedTensorType::get({size}, elementType));
  return success();
}

LogicalResult RangeOp::reifyResultShapes(OpBuilder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  if (!getType().isDynamicDim(0)) {
    shapes.push_back({builder.getIndexAttr(getType().getDimSize(0))});
    return success();
  }
  auto scalar = [&](Value tensor) -> Value {
    return tensor::ExtractOp::create(builder, loc, tensor, ValueRange{});
  };
  Value count = buildRangeCount(builder, loc, scalar(getStart()),
                                scalar(getLimit()), scalar(getDelta()));
  // An invalid range (-1) has no size; 0 keeps the arithmetic defined.
  Value zero = arith::ConstantOp::create(builder, loc, builder.getI64Type(),
                                         builder.getI64IntegerAttr(0));
  count = arith::MaxSIOp::create(builder, loc, count, zero);
  shapes.push_back(
      {arith::IndexCastOp::create(builder, loc, builder.getIndexType(), count)
           .getResult()});
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOfShapeOp
//===----------------------------------------------------------------------===//

/// True for the element types graph tensors may hold.
static bool isGraphElementType(Type type) {
  if (isa<Float32Type, Float16Type, BFloat16Type>(type))
    return true;
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || !intType.isSignless())
    return false;
  unsigned width = intType.getWidth();
  return width == 64 || width == 32 || width == 8 || width == 1;
}

LogicalResult ConstantOfShapeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  ElementsAttr value = adaptor.getValue();
  if (!value)
    return emitOptionalError(location, "expected a `value` attribute");
  ShapedType valueType = value.getShapedType();
  if (!valueType.hasStaticShape() || valueType.getNumElements() != 1)
    return emitOptionalError(location, "expected a one-element `value`, got ",
                             valueType);
  Type elementType = valueType.getElementType();
  if (!isGraphElementType(elementType))
    return emitOptionalError(location, "`value` has element type ", elementType,
                             ", expected f32, f16, bf16, i64, i32, i8 or i1");
  FailureOr<int64_t> length = getShapeLength(location, adaptor.getShape());
  if (failed(length))
    return failure();
  SmallVector<int64_t> shape(*length, ShapedType::kDynamic);
  if (std::optional<SmallVector<int64_t>> values =
          getConstantShape(adaptor.getShape())) {
    for (auto [index, size] : llvm::enumerate(*values)) {
      if (size < 0)
        return emitOptionalError(location, "negative size ", size,
                                 " at shape index ", index);
    }
    shape = std::move(*values);
  }
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

OpFoldResult ConstantOfShapeOp::fold(FoldAdaptor) {
  auto type = getType();
  if (!type.hasStaticShape() ||
      getValue().getShapedType().getElementType() != type.getElementType())
    return {};
  // dense_resource blobs may not expose their element; leave them alone.
  auto values = getValue().tryGetValues<Attribute>();
  if (!values || values->empty())
    return {};
  return DenseElementsAttr::get(type, *values->begin());
}

LogicalResult
ConstantOfShapeOp::reifyResultShapes(OpBuilder &builder,
                                     ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(type.getDimSize(dim)));
      continue;
    }
    sizes.push_back(extractShapeEntry(builder, loc, getShape(), dim));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<int64_t> length = getShapeLength(location, adaptor.getShape());
  if (failed(length))
    return failure();
  Type elementType = inputType.getElementType();
  int64_t inputRank = inputType.getRank();
  std::optional<SmallVector<int64_t>> values =
      getConstantShape(adaptor.getShape());
  if (!values) {
    // A scalar result holds one element, whatever the shape values are.
    if (*length == 0) {
      FailureOr<int64_t> count = multiplySizes(location, inputType.getShape());
      if (failed(count))
        return failure();
      if (!ShapedType::isDynamic(*count) && *count != 1)
        return emitOptionalError(location, "cannot reshape ", inputType, " (",
                                 *count, " elements) to a scalar");
    }
    inferred.push_back(RankedTensorType::get(
        SmallVector<int64_t>(*length, ShapedType::kDynamic), elementType));
    return success();
  }

  bool allowZero = adaptor.getAllowzero();
  SmallVector<int64_t> shape;
  // Output dims that copy a `?` input dim at the same index (0 entries
  // without allowzero) cancel out of the element-count comparison, which
  // lets `[0, -1]` on tensor<?x4x8> infer 32. Static copied dims stay in
  // both counts: dividing out a static 0 would be wrong.
  SmallVector<bool> copied(values->size(), false);
  std::optional<int64_t> inferIndex;
  bool hasZero = false;
  for (auto [index, value] : llvm::enumerate(*values)) {
    int64_t i = static_cast<int64_t>(index);
    if (value < -1)
      return emitOptionalError(location, "invalid size ", value,
                               " at shape index ", i,
                               " (expected -1, 0 or a positive size)");
    if (value == -1) {
      if (inferIndex)
        return emitOptionalError(location, "shape indices ", *inferIndex,
                                 " and ", i,
                                 " are both -1; at most one size is inferred");
      inferIndex = i;
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    if (value == 0 && !allowZero) {
      if (i >= inputRank)
        return emitOptionalError(location, "0 at shape index ", i,
                                 " copies input dim ", i,
                                 ", but the input has rank ", inputRank);
      copied[i] = inputType.isDynamicDim(i);
      shape.push_back(inputType.getDimSize(i));
      continue;
    }
    hasZero |= value == 0;
    shape.push_back(value);
  }
  if (allowZero && hasZero && inferIndex)
    return emitOptionalError(location,
                             "a -1 size cannot be inferred next to a 0 size "
                             "when allowzero is set");

  // Compare the element counts of what does not cancel out.
  SmallVector<int64_t> inputFactors, outputFactors;
  for (int64_t dim = 0; dim < inputRank; ++dim) {
    if (dim >= static_cast<int64_t>(copied.size()) || !copied[dim])
      inputFactors.push_back(inputType.getDimSize(dim));
  }
  for (auto [index, size] : llvm::enumerate(shape)) {
    if (!copied[index] && (!inferIndex || *inferIndex != (int64_t)index))
      outputFactors.push_back(size);
  }
  // A static 0 among the input factors makes the count 0 even next to `?`;
  // the output factors are all static.
  FailureOr<int64_t> inputCount = multiplySizes(location, inputFactors);
  FailureOr<int64_t> outputCount = multiplySizes(location, outputFactors);
  if (failed(inputCount) || failed(outputCount))
    return failure();
  bool known = !ShapedType::isDynamic(*inputCount) &&
               !ShapedType::isDynamic(*outputCount);
  bool cancelled = llvm::is_contained(copied, true);
  if (inferIndex) {
    if (known) {
      // ONNX cannot infer the -1 of an empty tensor next to a 0 size.
      if (*outputCount == 0)
        return emitOptionalError(location, "cannot infer the -1 size of [",
                                 *values, "] for ", inputType,
                                 ": the other sizes multiply to 0");
      if (*inputCount % *outputCount != 0)
        return emitOptionalError(location, "cannot reshape ", inputType,
                                 " to [", *values,
                                 "]: the element count is not a multiple of "
                                 "the other sizes");
      shape[*inferIndex] = *inputCount / *outputCount;
    }
  } else if (known && !cancelled && *inputCount != *outputCount) {
    // With a cancelled `?` the counts could still match at runtime: both are
    // 0 when that dim is.
    return emitOptionalError(location, "cannot reshape ", inputType, " to [",
                             *values, "]: the element counts differ");
  }
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  return foldReshapedConstant(adaptor.getInput(), getType());
}

LogicalResult
ReshapeOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  Value input = getInput();
  int64_t inputRank = getInput().getType().getRank();
  int64_t rank = type.getRank();
  bool allowZero = getAllowzero();
  SmallVector<OpFoldResult> sizes(rank);

  if (std::optional<SmallVector<int64_t>> values =
          getConstantShape(getShape())) {
    if (static_cast<int64_t>(values->size()) != rank)
      return failure();
    std::optional<int64_t> inferIndex;
    SmallVector<bool> copied(rank, false);
    for (auto [dim, value] : llvm::enumerate(*values)) {
      if (value == -1) {
        inferIndex = dim;
      } else if (value == 0 && !allowZero) {
        if (static_cast<int64_t>(dim) >= inputRank)
          return failure();
        copied[dim] = true;
        sizes[dim] = tensor::getMixedSize(builder, loc, input, dim);
      } else {
        sizes[dim] = builder.getIndexAttr(value);
      }
    }
    if (inferIndex) {
      if (!type.isDynamicDim(*inferIndex)) {
        sizes[*inferIndex] = builder.getIndexAttr(type.getDimSize(*inferIndex));
      } else {
        // Copied dims cancel out of both element counts.
        OpFoldResult inputCount = builder.getIndexAttr(1);
        for (int64_t dim = 0; dim < inputRank; ++dim) {
          if (dim < rank && copied[dim])
            continue;
          inputCount = mulSizes(builder, loc, inputCount,
                                tensor::getMixedSize(builder, loc, input, dim));
        }
        OpFoldResult otherCount = builder.getIndexAttr(1);
        for (int64_t dim = 0; dim < rank; ++dim) {
          if (dim != *inferIndex && !copied[dim])
            otherCount = mulSizes(builder, loc, otherCount, sizes[dim]);
        }
        sizes[*inferIndex] =
            floorDivSizes(builder, loc, inputCount, otherCount);
      }
    }
    for (int64_t dim = 0; dim < rank; ++dim)
      sizes[dim] = staticOr(builder, type, dim, sizes[dim]);
    shapes.push_back(std::move(sizes));
    return success();
  }

  // Runtime shape: entry i is the value, or input dim i for a 0 (without
  // allowzero); a -1 is the input's element count over the product of the
  // other entries.
  SmallVector<Value> entries, isInferred;
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value otherCount = one;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value entry = extractShapeEntry(builder, loc, getShape(), dim);
    Value size = entry;
    if (!allowZero && dim < inputRank) {
      Value inputSize = getValueOrCreateConstantIndexOp(
          builder, loc, tensor::getMixedSize(builder, loc, input, dim));
      size = arith::SelectOp::create(
          builder, loc, isIndexEqual(builder, loc, entry, 0), inputSize, entry);
    }
    Value inferred = isIndexEqual(builder, loc, entry, -1);
    Value factor = arith::SelectOp::create(builder, loc, inferred, one, size);
    otherCount = arith::MulIOp::create(builder, loc, otherCount, factor);
    entries.push_back(size);
    isInferred.push_back(inferred);
  }
  Value inputCount = getValueOrCreateConstantIndexOp(builder, loc, [&] {
    OpFoldResult count = builder.getIndexAttr(1);
    for (int64_t dim = 0; dim < inputRank; ++dim)
      count = mulSizes(builder, loc, count,
                       tensor::getMixedSize(builder, loc, input, dim));
    return count;
  }());
  // Without a -1 the quotient is unused, but it is computed anyway: keep the
  // divisor non-zero so that a valid reshape with a 0 size has no UB.
  Value divisor = arith::MaxUIOp::create(builder, loc, otherCount, one);
  Value quotient = arith::DivUIOp::create(builder, loc, inputCount, divisor);
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value size = arith::SelectOp::create(builder, loc, isInferred[dim],
                                         quotient, entries[dim]);
    sizes[dim] = staticOr(builder, type, dim, size);
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  int64_t rank = inputType.getRank();
  ArrayRef<int64_t> perm = adaptor.getPerm();
  if (static_cast<int64_t>(perm.size()) != rank)
    return emitOptionalError(location, "perm has ", perm.size(),
                             " entries, expected ", rank, " (the input rank)");
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> shape;
  for (int64_t dim : perm) {
    if (dim < 0 || dim >= rank)
      return emitOptionalError(location, "perm entry ", dim,
                               " is out of range [0, ", rank, ")");
    if (seen[dim])
      return emitOptionalError(location, "perm entry ", dim, " is repeated");
    seen[dim] = true;
    shape.push_back(inputType.getDimSize(dim));
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPerm();
  bool identity = llvm::all_of(llvm::enumerate(perm), [](auto entry) {
    return entry.value() == static_cast<int64_t>(entry.index());
  });
  if (identity && getInput().getType() == getType())
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

LogicalResult
TransposeOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim : getPerm())
    sizes.push_back(tensor::getMixedSize(builder, getLoc(), getInput(), dim));
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// SqueezeOp
//===----------------------------------------------------------------------===//

/// Marks the input dims that squeeze removes; fails (emitting at `location`
/// when given) when `axes` are invalid or name a dim that is not 1.
static FailureOr<SmallVector<bool>>
getSqueezedDims(std::optional<Location> location, RankedTensorType inputType,
                ArrayRef<int64_t> axes) {
  int64_t rank = inputType.getRank();
  SmallVector<bool> removed(rank, false);
  if (axes.empty()) {
    // ONNX removes the dims that are 1 at runtime: not knowable for `?`.
    if (!inputType.hasStaticShape())
      return emitOptionalError(location,
                               "squeeze without axes needs a static "
                               "shape, got ",
                               inputType);
    for (int64_t dim = 0; dim < rank; ++dim)
      removed[dim] = inputType.getDimSize(dim) == 1;
    return removed;
  }
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(location, axes, rank);
  if (failed(normalized))
    return failure();
  for (int64_t dim : *normalized) {
    int64_t size = inputType.getDimSize(dim);
    if (!ShapedType::isDynamic(size) && size != 1)
      return emitOptionalError(location, "cannot squeeze dim ", dim,
                               " of size ", size);
    removed[dim] = true;
  }
  return removed;
}

LogicalResult SqueezeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<SmallVector<bool>> removed =
      getSqueezedDims(location, inputType, adaptor.getAxes());
  if (failed(removed))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (!(*removed)[dim])
      shape.push_back(size);
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  // Without axes the shape is static, so equal types mean nothing removed.
  if (getAxes().empty() && getInput().getType() == getType())
    return getInput();
  return foldReshapedConstant(adaptor.getInput(), getType());
}

LogicalResult
SqueezeOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &shapes) {
  auto inputType = getInput().getType();
  FailureOr<SmallVector<bool>> removed =
      getSqueezedDims(std::nullopt, inputType, getAxes());
  if (failed(removed))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
    if (!(*removed)[dim])
      sizes.push_back(tensor::getMixedSize(builder, getLoc(), getInput(), dim));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// UnsqueezeOp
//===----------------------------------------------------------------------===//

/// Marks the output dims that unsqueeze inserts (axes index the output).
static FailureOr<SmallVector<bool>>
getInsertedDims(std::optional<Location> location, int64_t inputRank,
                ArrayRef<int64_t> axes) {
  if (axes.empty())
    return emitOptionalError(location, "expected at least one axis");
  int64_t rank = inputRank + static_cast<int64_t>(axes.size());
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(location, axes, rank);
  if (failed(normalized))
    return failure();
  SmallVector<bool> inserted(rank, false);
  for (int64_t dim : *normalized)
    inserted[dim] = true;
  return inserted;
}

LogicalResult UnsqueezeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<SmallVector<bool>> inserted =
      getInsertedDims(location, inputType.getRank(), adaptor.getAxes());
  if (failed(inserted))
    return failure();
  SmallVector<int64_t> shape;
  ArrayRef<int64_t> inputShape = inputType.getShape();
  for (bool isInserted : *inserted) {
    if (isInserted) {
      shape.push_back(1);
    } else {
      shape.push_back(inputShape.front());
      inputShape = inputShape.drop_front();
    }
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

OpFoldResult UnsqueezeOp::fold(FoldAdaptor adaptor) {
  return foldReshapedConstant(adaptor.getInput(), getType());
}

LogicalResult
UnsqueezeOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  FailureOr<SmallVector<bool>> inserted =
      getInsertedDims(std::nullopt, getInput().getType().getRank(), getAxes());
  if (failed(inserted))
    return failure();
  SmallVector<OpFoldResult> sizes;
  int64_t inputDim = 0;
  for (bool isInserted : *inserted) {
    if (isInserted)
      sizes.push_back(builder.getIndexAttr(1));
    else
      sizes.push_back(
          tensor::getMixedSize(builder, getLoc(), getInput(), inputDim++));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// FlattenOp
//===----------------------------------------------------------------------===//

/// Maps Flatten's axis in [-rank, rank] to [0, rank].
static FailureOr<int64_t> normalizeFlattenAxis(std::optional<Location> loc,
                                               int64_t axis, int64_t rank) {
  if (axis < -rank || axis > rank)
    return emitOptionalError(loc, "axis ", axis, " is out of range for rank ",
                             rank, " (expected [", -rank, ", ", rank, "])");
  return axis < 0 ? axis + rank : axis;
}

LogicalResult FlattenOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<int64_t> axis =
      normalizeFlattenAxis(location, adaptor.getAxis(), inputType.getRank());
  if (failed(axis))
    return failure();
  ArrayRef<int64_t> dims = inputType.getShape();
  FailureOr<int64_t> outer = multiplySizes(location, dims.take_front(*axis));
  FailureOr<int64_t> inner = multiplySizes(location, dims.drop_front(*axis));
  if (failed(outer) || failed(inner))
    return failure();
  inferred.push_back(
      RankedTensorType::get({*outer, *inner}, inputType.getElementType()));
  return success();
}

OpFoldResult FlattenOp::fold(FoldAdaptor adaptor) {
  // Only a 2-D input at axis 1 keeps its dims: equal (less refined) types
  // alone do not prove it, e.g. tensor<?x?> at axis 0 is 1x(d0*d1).
  int64_t rank = getInput().getType().getRank();
  FailureOr<int64_t> axis = normalizeFlattenAxis(std::nullopt, getAxis(), rank);
  if (rank == 2 && succeeded(axis) && *axis == 1 &&
      getInput().getType() == getType())
    return getInput();
  return foldReshapedConstant(adaptor.getInput(), getType());
}

LogicalResult
FlattenOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t rank = getInput().getType().getRank();
  FailureOr<int64_t> axis = normalizeFlattenAxis(std::nullopt, getAxis(), rank);
  if (failed(axis))
    return failure();
  OpFoldResult outer = builder.getIndexAttr(1);
  OpFoldResult inner = builder.getIndexAttr(1);
  for (int64_t dim = 0; dim < rank; ++dim) {
    OpFoldResult size = tensor::getMixedSize(builder, loc, getInput(), dim);
    if (dim < *axis)
      outer = mulSizes(builder, loc, outer, size);
    else
      inner = mulSizes(builder, loc, inner, size);
  }
  shapes.push_back({staticOr(builder, getType(), 0, outer),
                    staticOr(builder, getType(), 1, inner)});
  return success();
}

//===----------------------------------------------------------------------===//
// ExpandOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<int64_t> length = getShapeLength(location, adaptor.getShape());
  if (failed(length))
    return failure();
  int64_t inputRank = inputType.getRank();
  int64_t rank = std::max(inputRank, *length);
  std::optional<SmallVector<int64_t>> values =
      getConstantShape(adaptor.getShape());
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    // Both shapes are aligned at the back; a missing dim acts as 1.
    int64_t inputDim = dim - (rank - inputRank);
    int64_t shapeIndex = dim - (rank - *length);
    int64_t inputSize = inputDim >= 0 ? inputType.getDimSize(inputDim) : 1;
    if (shapeIndex < 0) {
      shape.push_back(inputSize);
      continue;
    }
    if (!values) {
      // The value is unknown: only a static input size other than 1 is
      // certain (a valid value is then 1 or that size).
      shape.push_back(ShapedType::isDynamic(inputSize) || inputSize == 1
                          ? ShapedType::kDynamic
                          : inputSize);
      continue;
    }
    int64_t value = (*values)[shapeIndex];
    if (value < 0)
      return emitOptionalError(location, "negative size ", value,
                               " at shape index ", shapeIndex);
    if (value == 1) {
      shape.push_back(inputSize);
    } else if (ShapedType::isDynamic(inputSize) || inputSize == 1 ||
               inputSize == value) {
      // A valid `?` is 1 or `value`: either way the result is `value`.
      shape.push_back(value);
    } else {
      return emitOptionalError(location, "cannot expand size ", inputSize,
                               " of input dim ", inputDim, " to ", value,
                               " (shape index ", shapeIndex, ")");
    }
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

OpFoldResult ExpandOp::fold(FoldAdaptor adaptor) {
  // A static result equal to the input's type is the input: expand never
  // changes a size other than by broadcasting a 1.
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

LogicalResult ExpandOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  RankedTensorType type = getType();
  Value input = getInput();
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  int64_t inputRank = inputType.getRank();
  auto shapeType = cast<RankedTensorType>(getShape().getType());
  if (shapeType.isDynamicDim(0))
    return failure();
  int64_t length = shapeType.getDimSize(0);
  std::optional<SmallVector<int64_t>> values = getConstantShape(getShape());
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!type.isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(type.getDimSize(dim)));
      continue;
    }
    int64_t inputDim = dim - (rank - inputRank);
    int64_t shapeIndex = dim - (rank - length);
    OpFoldResult inputSize =
        inputDim >= 0 ? tensor::getMixedSize(builder, loc, input, inputDim)
                      : builder.getIndexAttr(1);
    if (shapeIndex < 0) {
      sizes.push_back(inputSize);
      continue;
    }
    if (values) {
      int64_t value = (*values)[shapeIndex];
      sizes.push_back(value == 1 ? inputSize : builder.getIndexAttr(value));
      continue;
    }
    Value value = extractShapeEntry(builder, loc, getShape(), shapeIndex);
    std::optional<int64_t> staticInput = getConstantIntValue(inputSize);
    if (staticInput) {
      // A static 1 takes the value; any other static size is the result.
      sizes.push_back(*staticInput == 1 ? OpFoldResult(value) : inputSize);
      continue;
    }
    Value inputValue = cast<Value>(inputSize);
    sizes.push_back(arith::SelectOp::create(
                        builder, loc, isIndexEqual(builder, loc, inputValue, 1),
                        value, inputValue)
                        .getResult());
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// TileOp
//===----------------------------------------------------------------------===//

LogicalResult TileOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  ArrayRef<int64_t> repeats = adaptor.getRepeats();
  if (static_cast<int64_t>(repeats.size()) != inputType.getRank())
    return emitOptionalError(location, "expected ", inputType.getRank(),
                             " repeats (the input rank), got ", repeats.size());
  SmallVector<int64_t> shape;
  for (auto [dim, repeat] : llvm::enumerate(repeats)) {
    if (repeat < 0)
      return emitOptionalError(location, "negative repeat ", repeat,
                               " for dim ", dim);
    FailureOr<int64_t> size =
        multiplySizes(location, {inputType.getDimSize(dim), repeat});
    if (failed(size))
      return failure();
    shape.push_back(*size);
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

OpFoldResult TileOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(getRepeats(), [](int64_t repeat) { return repeat == 1; }) &&
      getInput().getType() == getType())
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

LogicalResult TileOp::reifyResultShapes(OpBuilder &builder,
                                        ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, repeat] : llvm::enumerate(getRepeats())) {
    OpFoldResult size = mulSizes(
        builder, loc, tensor::getMixedSize(builder, loc, getInput(), dim),
        builder.getIndexAttr(repeat));
    sizes.push_back(staticOr(builder, getType(), dim, size));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//
//
// Rewrites that a folder cannot express because they create ops or look
// through the producer of an operand. Each keeps the program's values
// exactly; a rewrite whose new op would not verify (possible when a `?`
// hid a size mismatch that only fails at run time) is skipped.

/// True for the ops that only reinterpret the row-major order of their
/// input's elements: any chain of them is one reshape of the chain's input.
static bool isPureReshape(Operation *op) {
  return isa_and_nonnull<ReshapeOp, FlattenOp, SqueezeOp, UnsqueezeOp>(op);
}

/// True when a reshape of `input` by the runtime or constant `shape` infers
/// a type compatible with `type`, i.e. the op would verify.
static bool isValidReshape(MLIRContext *context, Value input, Value shape,
                           bool allowZero, Type type) {
  ReshapeOp::Properties properties;
  properties.allowzero = BoolAttr::get(context, allowZero);
  // The adaptor keeps a view of the operands: they must outlive it.
  SmallVector<Value, 2> operands = {input, shape};
  ReshapeOp::Adaptor adaptor(operands, nullptr, properties);
  SmallVector<Type> inferred;
  return succeeded(ReshapeOp::inferReturnTypes(context, std::nullopt, adaptor,
                                               inferred)) &&
         areCompatibleTensorTypes(inferred, type);
}

/// Replaces `op`, the last op of a chain of pure reshapes whose first input
/// is `source`, by one reshape of `source` to `op`'s static type (or by
/// `source` itself when it already has that type). Row-major order is kept
/// by every op of the chain, so only the final shape matters. The new shape
/// is a graph.constant with `allowzero` set when it holds a 0, so that a 0
/// is a size and not a copy of an input dim. Fails without touching the IR
/// when `op`'s type is not static, or when `source` is statically known to
/// hold a different element count (a program that fails at run time; the
/// new reshape would not verify).
static LogicalResult replaceByStaticReshape(Operation *op, Value source,
                                            PatternRewriter &rewriter) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  auto sourceType = getRankedType(source);
  if (!type.hasStaticShape() || !sourceType ||
      sourceType.getElementType() != type.getElementType())
    return failure();
  if (sourceType == type) {
    rewriter.replaceOp(op, source);
    return success();
  }
  FailureOr<int64_t> sourceCount =
      multiplySizes(std::nullopt, sourceType.getShape());
  if (failed(sourceCount) || (!ShapedType::isDynamic(*sourceCount) &&
                              *sourceCount != type.getNumElements()))
    return failure();
  ArrayRef<int64_t> shape = type.getShape();
  auto shapeType =
      RankedTensorType::get({type.getRank()}, rewriter.getIntegerType(64));
  Value shapeValue = ConstantOp::create(
      rewriter, op->getLoc(), DenseIntElementsAttr::get(shapeType, shape));
  rewriter.replaceOpWithNewOp<ReshapeOp>(op, type, source, shapeValue,
                                         llvm::is_contained(shape, 0));
  return success();
}

namespace {

/// transpose(transpose(x, inner), outer) -> transpose(x, composed), or x
/// when the composition is the identity and x has the result type. Result
/// dim i of the outer op is dim outer[i] of the inner result, which is dim
/// inner[outer[i]] of x: composed[i] = inner[outer[i]]. An identity
/// composition whose types differ only in refinement keeps one (identity)
/// transpose to carry the declared type.
struct ComposeTransposes : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> innerPerm = inner.getPerm();
    ArrayRef<int64_t> outerPerm = op.getPerm();
    int64_t rank = static_cast<int64_t>(innerPerm.size());
    SmallVector<int64_t> perm;
    bool identity = true;
    for (int64_t dim : outerPerm) {
      if (dim < 0 || dim >= rank)
        return failure();
      perm.push_back(innerPerm[dim]);
      identity &= perm.back() == static_cast<int64_t>(perm.size()) - 1;
    }
    Value source = inner.getInput();
    if (identity && source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    // A less refined intermediate type can hide sizes that disagree with
    // the declared result (the program fails at run time); the new op
    // would not verify then.
    RankedTensorType sourceType = inner.getInput().getType();
    SmallVector<int64_t> shape;
    for (int64_t dim : perm)
      shape.push_back(sourceType.getDimSize(dim));
    if (failed(verifyCompatibleShape(shape, op.getType().getShape())))
      return failure();
    rewriter.replaceOpWithNewOp<TransposeOp>(op, op.getType(), source, perm);
    return success();
  }
};

/// reshape(r(x), s) -> reshape(x, s) where r is any pure reshape (reshape,
/// flatten, squeeze, unsqueeze), when every entry of `s` is a size that does
/// not depend on the intermediate's dims: `allowzero` is set, or `s` is a
/// constant without 0 entries (a 0 would copy a dim of r(x), not of x). A
/// -1 is inferred from the element count, which r keeps. Otherwise, when the
/// result type is static, the chain becomes one reshape to that type (see
/// replaceByStaticReshape). The runtime shape is preferred: it adds no
/// constant and works for dynamic results.
struct FoldReshapeOfReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getInput().getDefiningOp();
    if (!isPureReshape(producer))
      return failure();
    Value source = producer->getOperand(0);
    bool allowZero = op.getAllowzero();
    std::optional<SmallVector<int64_t>> values =
        getConstantShape(op.getShape());
    bool keepsShape = allowZero || (values && !llvm::is_contained(*values, 0));
    if (keepsShape && isValidReshape(getContext(), source, op.getShape(),
                                     allowZero, op.getType())) {
      rewriter.modifyOpInPlace(op,
                               [&] { op.getInputMutable().assign(source); });
      return success();
    }
    return replaceByStaticReshape(op, source, rewriter);
  }
};

/// flatten, squeeze or unsqueeze of a pure reshape -> one reshape of the
/// chain's input when the result type is static (see
/// replaceByStaticReshape): all of them keep the row-major order.
template <typename OpTy> struct CollapseReshapeChain : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getInput().getDefiningOp();
    if (!isPureReshape(producer))
      return failure();
    return replaceByStaticReshape(op, producer->getOperand(0), rewriter);
  }
};

/// squeeze(unsqueeze(x, axes), axes') -> x when both name the same dims of
/// the intermediate: the inserted size-1 dims are removed again and every
/// other dim is x's, in order. Needs x to have the result type (equal
/// types: a `?` of x cannot be replaced by a more refined result).
struct FoldSqueezeOfUnsqueeze : OpRewritePattern<SqueezeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SqueezeOp op,
                                PatternRewriter &rewriter) const override {
    auto unsqueeze = op.getInput().getDefiningOp<UnsqueezeOp>();
    if (!unsqueeze || unsqueeze.getInput().getType() != op.getType())
      return failure();
    FailureOr<SmallVector<bool>> inserted =
        getInsertedDims(std::nullopt, unsqueeze.getInput().getType().getRank(),
                        unsqueeze.getAxes());
    FailureOr<SmallVector<bool>> removed =
        getSqueezedDims(std::nullopt, op.getInput().getType(), op.getAxes());
    if (failed(inserted) || failed(removed) || *inserted != *removed)
      return failure();
    rewriter.replaceOp(op, unsqueeze.getInput());
    return success();
  }
};

/// unsqueeze(squeeze(x, axes), axes') -> x when the unsqueeze inserts size-1
/// dims exactly where the squeeze removed them. The removed dims are 1 (a
/// `?` one must be 1 at run time), so the result has x's sizes and
/// elements. Needs x to have the result type: x's `?` in a removed dim
/// would otherwise stand for the result's static 1.
struct FoldUnsqueezeOfSqueeze : OpRewritePattern<UnsqueezeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(UnsqueezeOp op,
                                PatternRewriter &rewriter) const override {
    auto squeeze = op.getInput().getDefiningOp<SqueezeOp>();
    if (!squeeze || squeeze.getInput().getType() != op.getType())
      return failure();
    FailureOr<SmallVector<bool>> removed = getSqueezedDims(
        std::nullopt, squeeze.getInput().getType(), squeeze.getAxes());
    FailureOr<SmallVector<bool>> inserted = getInsertedDims(
        std::nullopt, op.getInput().getType().getRank(), op.getAxes());
    if (failed(removed) || failed(inserted) || *removed != *inserted)
      return failure();
    rewriter.replaceOp(op, squeeze.getInput());
    return success();
  }
};

/// expand(x, s) -> x for a constant `s` that changes no size of x: it is no
/// longer than x's rank (so no dim is prepended) and each entry is 1 (which
/// keeps the input size, even a `?` one) or x's static size at that dim.
/// This covers dynamic x, which the folder (equal static types) does not.
/// Needs x to have the declared result type.
struct FoldIdentityExpand : OpRewritePattern<ExpandOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExpandOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inputType = op.getInput().getType();
    if (inputType != op.getType())
      return failure();
    std::optional<SmallVector<int64_t>> values =
        getConstantShape(op.getShape());
    if (!values)
      return failure();
    int64_t rank = inputType.getRank();
    int64_t length = static_cast<int64_t>(values->size());
    if (length > rank)
      return failure();
    for (auto [index, value] : llvm::enumerate(*values)) {
      int64_t size = inputType.getDimSize(rank - length + index);
      if (value != 1 && value != size)
        return failure();
    }
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
};

/// shape_of(reshape(_, s)) -> s for a constant `s` whose entries are all
/// sizes: positive, or 0 with `allowzero` (without it a 0 copies an input
/// dim; a -1 is inferred). The reshape's result then has exactly the sizes
/// in `s`, even when its declared type is less refined.
/// shape_of(constant_of_shape(s)) -> s for any `s`: its result sizes are the
/// values of `s` (which must not be negative).
struct FoldShapeOfShapedOp : OpRewritePattern<ShapeOfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ShapeOfOp op,
                                PatternRewriter &rewriter) const override {
    Value shape;
    if (auto reshape = op.getInput().getDefiningOp<ReshapeOp>()) {
      std::optional<SmallVector<int64_t>> values =
          getConstantShape(reshape.getShape());
      bool allowZero = reshape.getAllowzero();
      if (!values || llvm::any_of(*values, [&](int64_t value) {
            return value < 0 || (value == 0 && !allowZero);
          }))
        return failure();
      shape = reshape.getShape();
    } else if (auto fill = op.getInput().getDefiningOp<ConstantOfShapeOp>()) {
      shape = fill.getShape();
    } else {
      return failure();
    }
    if (shape.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, shape);
    return success();
  }
};

} // namespace

void ShapeOfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldShapeOfShapedOp>(context);
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldReshapeOfReshape>(context);
}

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ComposeTransposes>(context);
}

void SqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldSqueezeOfUnsqueeze, CollapseReshapeChain<SqueezeOp>>(context);
}

void UnsqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldUnsqueezeOfSqueeze, CollapseReshapeChain<UnsqueezeOp>>(
      context);
}

void FlattenOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<CollapseReshapeChain<FlattenOp>>(context);
}

void ExpandOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FoldIdentityExpand>(context);
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphShapeOps.cpp.inc"
