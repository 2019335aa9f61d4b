//===- GraphDialect.cpp - The graph dialect -------------------------------===//
//
// Registers the graph dialect's ops and attributes and materializes folded
// constants as graph.constant.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace strata::graph;

#include "strata/Dialect/Graph/IR/GraphDialect.cpp.inc"
#include "strata/Dialect/Graph/IR/GraphEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Graph/IR/GraphAttrs.cpp.inc"

void GraphDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphElementwiseOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphNNOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphReductionOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphShapeOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphIndexingOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphImageOps.cpp.inc"
      ,
#define GET_OP_LIST
#include "strata/Dialect/Graph/IR/GraphExternalOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "strata/Dialect/Graph/IR/GraphAttrs.cpp.inc"
      >();
}

Operation *GraphDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type || !isa<RankedTensorType>(type))
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
