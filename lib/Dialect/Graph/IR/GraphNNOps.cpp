//===- GraphNNOps.cpp - Neural-network graph ops --------------------------===//
//
// Type inference, verification and shape reification of contractions,
// convolutions, pooling, normalizations and softmax.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto lhsType = getRankedType(adaptor.getLhs());
  auto rhsType = getRankedType(adaptor.getRhs());
  if (!lhsType || !rhsType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (lhsType.getElementType() != rhsType.getElementType())
    return emitOptionalError(location,
                             "operands have different element types: ",
                             lhsType.getElementType(), " vs ",
                             rhsType.getElementType());
  if (lhsType.getRank() == 0 || rhsType.getRank() == 0)
    return emitOptionalError(location, "operands must have rank >= 1");
  // Promote 1-D operands as numpy does; remember which dims to drop.
  SmallVector<int64_t> lhsShape(lhsType.getShape());
  SmallVector<int64_t> rhsShape(rhsType.getShape());
  bool lhsVector = lhsShape.size() == 1;
  bool rhsVector = rhsShape.size() == 1;
  if (lhsVector)
    lhsShape.insert(lhsShape.begin(), 1);
  if (rhsVector)
    rhsShape.push_back(1);
  int64_t lhsK = lhsShape.back();
  int64_t rhsK = rhsShape[rhsShape.size() - 2];
  if (!ShapedType::isDynamic(lhsK) && !ShapedType::isDynamic(rhsK) &&
      lhsK != rhsK)
    return emitOptionalError(location, "contraction sizes differ: lhs has ",
                             lhsK, ", rhs has ", rhsK);
  SmallVector<int64_t> batch;
  ArrayRef<int64_t> lhsBatch = ArrayRef(lhsShape).drop_back(2);
  ArrayRef<int64_t> rhsBatch = ArrayRef(rhsShape).drop_back(2);
  if (!OpTrait::util::getBroadcastedShape(lhsBatch, rhsBatch, batch))
    return emitOptionalError(location,
                             "batch dims are not broadcast-compatible: [",
                             lhsBatch, "] vs [", rhsBatch, "]");
  SmallVector<int64_t> shape = batch;
  if (!lhsVector)
    shape.push_back(lhsShape[lhsShape.size() - 2]);
  if (!rhsVector)
    shape.push_back(rhsShape.back());
  inferred.push_back(RankedTensorType::get(shape, lhsType.getElementType()));
  return success();
}

LogicalResult
MatmulOp::reifyResultShapes(OpBuilder &builder,
                            ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  auto lhsType = getLhs().getType();
  auto rhsType = getRhs().getType();
  int64_t lhsRank = lhsType.getRank();
  int64_t rhsRank = rhsType.getRank();
  // Batch dims broadcast like elementwise operands.
  int64_t lhsBatchRank = std::max<int64_t>(lhsRank - 2, 0);
  int64_t rhsBatchRank = std::max<int64_t>(rhsRank - 2, 0);
  int64_t batchRank = std::max(lhsBatchRank, rhsBatchRank);
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < batchRank; ++i) {
    int64_t lhsDim = i - (batchRank - lhsBatchRank);
    int64_t rhsDim = i - (batchRank - rhsBatchRank);
    OpFoldResult size = builder.getIndexAttr(1);
    if (lhsDim >= 0)
      size = combineBroadcastSize(builder, loc, size, getLhs(), lhsDim);
    if (rhsDim >= 0)
      size = combineBroadcastSize(builder, loc, size, getRhs(), rhsDim);
    sizes.push_back(size);
  }
  if (lhsRank >= 2)
    sizes.push_back(tensor::getMixedSize(builder, loc, getLhs(), lhsRank - 2));
  if (rhsRank >= 2)
    sizes.push_back(tensor::getMixedSize(builder, loc, getRhs(), rhsRank - 1));
  shapes.push_back(std::move(sizes));
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphNNOps.cpp.inc"
