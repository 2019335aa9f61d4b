//===- Utils.cpp - Helpers shared by the graph lowerings ------------------===//

#include "Utils.h"

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/APFloat.h"

#include <limits>

using namespace mlir;

FailureOr<Value> strata::detail::createEmptyResult(OpBuilder &builder,
                                                   Operation *op,
                                                   unsigned resultIndex) {
  auto type = cast<RankedTensorType>(op->getResult(resultIndex).getType());
  Location loc = op->getLoc();
  if (type.hasStaticShape())
    return tensor::EmptyOp::create(builder, loc, type.getShape(),
                                   type.getElementType())
        .getResult();
  auto reify = dyn_cast<ReifyRankedShapedTypeOpInterface>(op);
  ReifiedRankedShapedTypeDims shapes;
  if (!reify || failed(reify.reifyResultShapes(builder, shapes)) ||
      shapes.size() <= resultIndex ||
      shapes[resultIndex].size() != static_cast<size_t>(type.getRank()))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(type.getShape()))
    sizes.push_back(ShapedType::isDynamic(size)
                        ? shapes[resultIndex][dim]
                        : OpFoldResult(builder.getIndexAttr(size)));
  return tensor::EmptyOp::create(builder, loc, sizes, type.getElementType())
      .getResult();
}

FailureOr<Value> strata::detail::createFilledResult(OpBuilder &builder,
                                                    Operation *op,
                                                    unsigned resultIndex,
                                                    Value value) {
  FailureOr<Value> empty = createEmptyResult(builder, op, resultIndex);
  if (failed(empty))
    return failure();
  return linalg::FillOp::create(builder, op->getLoc(), value, *empty)
      .getResult(0);
}

Value strata::detail::castTo(OpBuilder &builder, Location loc, Value value,
                             Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

Value strata::detail::createIndexedGeneric(
    OpBuilder &builder, Location loc, Value init,
    function_ref<Value(OpBuilder &, Location, ValueRange)> computeElement) {
  auto type = cast<RankedTensorType>(init.getType());
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &b, Location nestedLoc, ValueRange) {
        SmallVector<Value> indices;
        for (int64_t dim = 0; dim < rank; ++dim)
          indices.push_back(linalg::IndexOp::create(b, nestedLoc, dim));
        Value element = computeElement(b, nestedLoc, indices);
        linalg::YieldOp::create(b, nestedLoc, element);
      });
  return generic.getResult(0);
}

Value strata::detail::createScalarConstant(OpBuilder &builder, Location loc,
                                           Type elementType, double value) {
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    APFloat converted(value);
    bool losesInfo = false;
    converted.convert(floatType.getFloatSemantics(),
                      APFloat::rmNearestTiesToEven, &losesInfo);
    return arith::ConstantOp::create(builder, loc,
                                     FloatAttr::get(floatType, converted));
  }
  // Truncated to the width: an unsigned value (a ui8 pad value of 130) has
  // its bits in the signless type.
  APInt bits(elementType.getIntOrFloatBitWidth(),
             static_cast<uint64_t>(static_cast<int64_t>(value)),
             /*isSigned=*/false, /*implicitTrunc=*/true);
  return arith::ConstantOp::create(builder, loc,
                                   IntegerAttr::get(elementType, bits));
}

TypedAttr strata::detail::getLowestValue(Type elementType, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return FloatAttr::get(floatType,
                          APFloat::getInf(floatType.getFloatSemantics(),
                                          /*Negative=*/true));
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 1 || isUnsigned)
    return IntegerAttr::get(elementType, APInt::getZero(width));
  return IntegerAttr::get(elementType, APInt::getSignedMinValue(width));
}

TypedAttr strata::detail::getHighestValue(Type elementType, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return FloatAttr::get(floatType,
                          APFloat::getInf(floatType.getFloatSemantics(),
                                          /*Negative=*/false));
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 1 || isUnsigned)
    return IntegerAttr::get(elementType, APInt::getAllOnes(width));
  return IntegerAttr::get(elementType, APInt::getSignedMaxValue(width));
}

void strata::detail::checkAtRunTime(OpBuilder &builder, Location loc,
                                    Value condition, const Twine &message,
                                    ValueRange values) {
  if (matchPattern(condition, m_One()))
    return;
  SmallVector<Value> checked;
  for (Value value : values)
    checked.push_back(value.getType().isIndex() || value.getType().isInteger(64)
                          ? value
                          : arith::IndexCastOp::create(
                                builder, loc, builder.getIndexType(), value)
                                .getResult());
  kernel::CheckOp::create(builder, loc, condition, message.str(), checked);
}

bool strata::detail::isSameSize(OpFoldResult lhs, OpFoldResult rhs) {
  if (isEqualConstantIntOrValue(lhs, rhs))
    return true;
  auto lhsDim = dyn_cast_if_present<Value>(lhs)
                    ? cast<Value>(lhs).getDefiningOp<tensor::DimOp>()
                    : tensor::DimOp();
  auto rhsDim = dyn_cast_if_present<Value>(rhs)
                    ? cast<Value>(rhs).getDefiningOp<tensor::DimOp>()
                    : tensor::DimOp();
  if (!lhsDim || !rhsDim || lhsDim.getSource() != rhsDim.getSource())
    return false;
  std::optional<int64_t> lhsIndex = lhsDim.getConstantIndex();
  std::optional<int64_t> rhsIndex = rhsDim.getConstantIndex();
  return lhsIndex && rhsIndex && *lhsIndex == *rhsIndex;
}

void strata::detail::checkSizesEqual(OpBuilder &builder, Location loc,
                                     OpFoldResult lhs, OpFoldResult rhs,
                                     const Twine &what, Value unless) {
  if (isSameSize(lhs, rhs) || (unless && matchPattern(unless, m_One())))
    return;
  Value lhsValue = getValueOrCreateConstantIndexOp(builder, loc, lhs);
  Value rhsValue = getValueOrCreateConstantIndexOp(builder, loc, rhs);
  Value same = builder.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq, lhsValue, rhsValue);
  if (unless)
    same = builder.createOrFold<arith::OrIOp>(loc, same, unless);
  checkAtRunTime(builder, loc, same, what + " ({0} vs {1})",
                 {lhsValue, rhsValue});
}

OpFoldResult strata::detail::getSizeForCheck(OpBuilder &builder, Location loc,
                                             Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return builder.getIndexAttr(type.getDimSize(dim));
  // Bounded: each step moves to an operand of the defining op.
  for (int depth = 0; depth < 64; ++depth) {
    Operation *producer = value.getDefiningOp();
    if (!producer)
      break;
    if (auto empty = dyn_cast<tensor::EmptyOp>(producer))
      return empty.getMixedSizes()[dim];
    if (auto cast = dyn_cast<tensor::CastOp>(producer)) {
      value = cast.getSource();
      if (!cast.getSource().getType().isDynamicDim(dim))
        return builder.getIndexAttr(cast.getSource().getType().getDimSize(dim));
      continue;
    }
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(producer))
      return expand.getMixedOutputShape()[dim];
    auto destination = dyn_cast<DestinationStyleOpInterface>(producer);
    if (!destination || !destination.hasPureTensorSemantics())
      break;
    value = destination.getTiedOpOperand(cast<OpResult>(value))->get();
  }
  return tensor::getMixedSize(builder, loc, value, dim);
}

void strata::detail::checkDimsEqual(OpBuilder &builder, Location loc, Value lhs,
                                    int64_t lhsDim, Value rhs, int64_t rhsDim,
                                    const Twine &what, Value unless) {
  checkSizesEqual(builder, loc, getSizeForCheck(builder, loc, lhs, lhsDim),
                  getSizeForCheck(builder, loc, rhs, rhsDim), what, unless);
}

Value strata::detail::isAnySizeZero(OpBuilder &builder, Location loc,
                                    ArrayRef<OpFoldResult> sizes) {
  Value any = arith::ConstantIntOp::create(builder, loc, 0, 1);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  for (OpFoldResult size : sizes) {
    Value isZero = builder.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::eq,
        getValueOrCreateConstantIndexOp(builder, loc, size), zero);
    any = builder.createOrFold<arith::OrIOp>(loc, any, isZero);
  }
  return any;
}

LogicalResult strata::detail::checkIndicesInRange(OpBuilder &builder,
                                                  Operation *op, Value indices,
                                                  OpFoldResult size,
                                                  const Twine &what) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(indices.getType());
  auto elementType = dyn_cast<IntegerType>(type.getElementType());
  if (!elementType)
    return op->emitOpError("indices must be integers");
  std::string message = (op->getName().getStringRef() +
                         ": index {0} is out "
                         "of range for " +
                         what + " of size {1}")
                            .str();
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  DenseIntElementsAttr constant;
  if (staticSize && matchPattern(indices, m_Constant(&constant))) {
    for (APInt element : constant) {
      int64_t index = element.getSExtValue();
      if (index < -*staticSize || index >= *staticSize)
        return op->emitOpError() << "index " << index << " is out of range for "
                                 << what << " of size " << *staticSize;
    }
    return success();
  }
  if (type.hasStaticShape() && type.getNumElements() == 0)
    return success();

  // The smallest and largest index, in one pass over the indices.
  Type i64 = builder.getI64Type();
  auto filled = [&](int64_t value) {
    Value empty =
        tensor::EmptyOp::create(builder, loc, ArrayRef<int64_t>{}, i64);
    Value fill = arith::ConstantOp::create(builder, loc, i64,
                                           builder.getI64IntegerAttr(value));
    return linalg::FillOp::create(builder, loc, fill, empty).getResult(0);
  };
  Value initMin = filled(std::numeric_limits<int64_t>::max());
  Value initMax = filled(std::numeric_limits<int64_t>::min());
  MLIRContext *context = builder.getContext();
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(rank, context),
      AffineMap::get(rank, 0, context), AffineMap::get(rank, 0, context)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::reduction);
  auto bounds = linalg::GenericOp::create(
      builder, loc, TypeRange{initMin.getType(), initMax.getType()},
      ValueRange{indices}, ValueRange{initMin, initMax}, maps, iterators,
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        Value index = args[0];
        if (elementType.getWidth() < 64)
          index = arith::ExtSIOp::create(b, nestedLoc, i64, index);
        linalg::YieldOp::create(
            b, nestedLoc,
            ValueRange{arith::MinSIOp::create(b, nestedLoc, index, args[1]),
                       arith::MaxSIOp::create(b, nestedLoc, index, args[2])});
      });
  Value smallest = tensor::ExtractOp::create(builder, loc, bounds.getResult(0),
                                             ValueRange{});
  Value largest = tensor::ExtractOp::create(builder, loc, bounds.getResult(1),
                                            ValueRange{});
  Value sizeValue = arith::IndexCastOp::create(
      builder, loc, i64, getValueOrCreateConstantIndexOp(builder, loc, size));
  Value negativeSize = arith::SubIOp::create(
      builder, loc,
      arith::ConstantOp::create(builder, loc, i64,
                                builder.getI64IntegerAttr(0)),
      sizeValue);
  checkAtRunTime(builder, loc,
                 arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                       smallest, negativeSize),
                 message, {smallest, sizeValue});
  checkAtRunTime(builder, loc,
                 arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                       largest, sizeValue),
                 message, {largest, sizeValue});
  return success();
}
