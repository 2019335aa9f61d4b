//===- EvaluateElementwise.cpp - Reference evaluation of Elementwise ops
//------===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

using namespace mlir;

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateElementwiseOp(Operation *, ArrayRef<EvalTensor>,
                                             SmallVectorImpl<EvalTensor> &,
                                             std::string &) {
  return std::nullopt;
}
