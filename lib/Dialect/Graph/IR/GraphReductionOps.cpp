//===- GraphReductionOps.cpp - Reductions ---------------------------------===//
//
// Type inference, verification and shape reification of reductions.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// ReduceSumOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceSumOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<SmallVector<int64_t>> axes =
      normalizeAxes(location, adaptor.getAxes(), inputType.getRank());
  if (failed(axes))
    return failure();
  SmallVector<bool> reduced(inputType.getRank(), axes->empty());
  for (int64_t axis : *axes)
    reduced[axis] = true;
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (!reduced[dim])
      shape.push_back(size);
    else if (adaptor.getKeepdims())
      shape.push_back(1);
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
ReduceSumOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  int64_t rank = getInput().getType().getRank();
  SmallVector<bool> reduced(rank, getAxes().empty());
  for (int64_t axis : getAxes())
    reduced[axis < 0 ? axis + rank : axis] = true;
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!reduced[dim])
      sizes.push_back(tensor::getMixedSize(builder, getLoc(), getInput(), dim));
    else if (getKeepdims())
      sizes.push_back(builder.getIndexAttr(1));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphReductionOps.cpp.inc"
