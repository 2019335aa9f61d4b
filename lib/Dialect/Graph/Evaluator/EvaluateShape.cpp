//===- EvaluateShape.cpp - Reference evaluation of Shape ops ------===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

using namespace mlir;

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateShapeOp(Operation *, ArrayRef<EvalTensor>,
                                       SmallVectorImpl<EvalTensor> &,
                                       std::string &) {
  return std::nullopt;
}
