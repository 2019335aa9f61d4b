//===- Utils.cpp - Helpers shared by the graph lowerings ------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/APFloat.h"

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
  if (!reify)
    return failure();
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reify.reifyResultShapes(builder, shapes)) ||
      shapes.size() <= resultIndex ||
      shapes[resultIndex].size() != static_cast<size_t>(type.getRank()))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (ShapedType::isDynamic(size))
      sizes.push_back(shapes[resultIndex][dim]);
    else
      sizes.push_back(builder.getIndexAttr(size));
  }
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
  return arith::ConstantOp::create(
      builder, loc, IntegerAttr::get(elementType, static_cast<int64_t>(value)));
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
