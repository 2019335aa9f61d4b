//===- GraphExternalOps.cpp - Calls of external libraries -----------------===//
//
// Verification of the ops an external backend's code generation makes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// CallNativeOp
//===----------------------------------------------------------------------===//

LogicalResult CallNativeOp::verify() {
  StringRef callee = getCallee();
  size_t dot = callee.find('.');
  if (dot == StringRef::npos || dot == 0 || dot + 1 == callee.size())
    return emitOpError("callee '")
           << callee << "' is not of the form '<plugin>.<name>'";
  if (getResults().empty())
    return emitOpError("needs at least one result (its outputs)");
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (!cast<RankedTensorType>(type).hasStaticShape())
      return emitOpError("result #")
             << index << " has type " << type
             << ": results of native calls need static shapes";
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphExternalOps.cpp.inc"
