//===- EvaluateNN.cpp - Reference evaluation of NN ops ------===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

using namespace mlir;

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateNNOp(Operation *, ArrayRef<EvalTensor>,
                                    SmallVectorImpl<EvalTensor> &,
                                    std::string &) {
  return std::nullopt;
}
