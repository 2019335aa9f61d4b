//===- Evaluator.cpp - Dispatch of the reference evaluator ----------------===//
//
// Checks the common preconditions and hands each op to its family's
// evaluator.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

#include "mlir/IR/Operation.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace strata::graph;

LogicalResult strata::graph::evaluateOp(Operation *op,
                                        ArrayRef<EvalTensor> operands,
                                        SmallVectorImpl<EvalTensor> &results,
                                        std::string *whyNot) {
  std::string reason;
  auto fail = [&](const Twine &message) {
    if (whyNot)
      *whyNot = message.str();
    return failure();
  };
  if (!isa_and_nonnull<GraphDialect>(op->getDialect()))
    return fail("'" + op->getName().getStringRef() + "' is not a graph op");
  if (operands.size() != op->getNumOperands())
    return fail("expected " + Twine(op->getNumOperands()) + " operands, got " +
                Twine(operands.size()));
  for (Type type : op->getResultTypes()) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType || !tensorType.hasStaticShape())
      return fail("result type is not static");
  }
  results.clear();
  using Family =
      detail::FamilyResult (*)(Operation *, ArrayRef<EvalTensor>,
                               SmallVectorImpl<EvalTensor> &, std::string &);
  for (Family family :
       {detail::evaluateElementwiseOp, detail::evaluateReductionOp,
        detail::evaluateNNOp, detail::evaluateShapeOp,
        detail::evaluateIndexingOp, detail::evaluateImageOp}) {
    detail::FamilyResult result = family(op, operands, results, reason);
    if (!result)
      continue;
    if (failed(*result))
      return fail(reason.empty() ? "evaluation failed" : reason);
    return success();
  }
  return fail("no reference implementation of '" +
              op->getName().getStringRef() + "'");
}
