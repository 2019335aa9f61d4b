//===- GraphIndexingOps.cpp - Concat, slice, gather, pad, split -----------===//
//
// Type inference, verification, folders and shape reification of the ops
// that select, join or extend parts of tensors.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

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
      return emitOptionalError(location, "input #", index,
                               " has element type ", type.getElementType(),
                               ", expected ", firstType.getElementType());
    if (type.getRank() != rank)
      return emitOptionalError(location, "input #", index, " has rank ",
                               type.getRank(), ", expected ", rank);
    if (index == 0)
      continue;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = type.getDimSize(dim);
      if (dim == *axis) {
        shape[dim] = ShapedType::isDynamic(shape[dim]) ||
                             ShapedType::isDynamic(size)
                         ? ShapedType::kDynamic
                         : shape[dim] + size;
        continue;
      }
      if (ShapedType::isDynamic(shape[dim])) {
        shape[dim] = size;
      } else if (!ShapedType::isDynamic(size) && size != shape[dim]) {
        return emitOptionalError(location, "input #", index, " has size ",
                                 size, " in dim ", dim, ", expected ",
                                 shape[dim]);
      }
    }
  }
  inferred.push_back(RankedTensorType::get(shape, firstType.getElementType()));
  return success();
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  // Concatenating a single tensor is the identity.
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  return {};
}

LogicalResult
ConcatOp::reifyResultShapes(OpBuilder &builder,
                            ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  Value first = getInputs().front();
  int64_t rank = getType().getRank();
  int64_t axis = getAxis() < 0 ? getAxis() + rank : getAxis();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, first);
  // Other dims: take a static size from any input when the first lacks one.
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim == axis || !getType().isDynamicDim(dim))
      continue;
    for (Value input : getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (!type.isDynamicDim(dim)) {
        sizes[dim] = builder.getIndexAttr(type.getDimSize(dim));
        break;
      }
    }
  }
  for (Value input : getInputs().drop_front()) {
    OpFoldResult size = tensor::getMixedSize(builder, loc, input, axis);
    sizes[axis] = addSizes(builder, loc, sizes[axis], size);
  }
  shapes.push_back(std::move(sizes));
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphIndexingOps.cpp.inc"
