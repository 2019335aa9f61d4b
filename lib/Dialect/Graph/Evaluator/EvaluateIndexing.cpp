//===- EvaluateIndexing.cpp - Reference evaluation of Indexing ops ------===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

using namespace mlir;

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateIndexingOp(Operation *, ArrayRef<EvalTensor>,
                                          SmallVectorImpl<EvalTensor> &,
                                          std::string &) {
  return std::nullopt;
}
