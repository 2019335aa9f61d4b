//===- Patterns.cpp - Graph rewrite pattern sets --------------------------===//
//
// Collects the graph dialect's rewrite patterns for reuse by other passes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Transforms/Patterns.h"

#include "mlir/IR/PatternMatch.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"

using namespace mlir;

void strata::graph::populateGraphCanonicalizationPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  auto *dialect = context->getOrLoadDialect<GraphDialect>();
  dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations()) {
    if (&op.getDialect() == dialect)
      op.getCanonicalizationPatterns(patterns, context);
  }
}
