//===- GraphShapeOps.cpp - Data movement and shape ops --------------------===//
//
// Type inference, verification, folders and shape reification of constants,
// reshapes, transposes, concatenation, slicing, gathering, padding and shape
// computations.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace strata::graph;

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

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphShapeOps.cpp.inc"
