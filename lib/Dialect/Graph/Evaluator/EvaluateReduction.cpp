//===- EvaluateReduction.cpp - Reference evaluation of Reduction ops ------===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

using namespace mlir;

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateReductionOp(Operation *, ArrayRef<EvalTensor>,
                                           SmallVectorImpl<EvalTensor> &,
                                           std::string &) {
  return std::nullopt;
}
