//===- Patterns.h - Graph rewrite pattern sets ------------------*- C++ -*-===//
//
// Entry points that expose the graph dialect's rewrites to other passes,
// in Strata and in downstream projects.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_TRANSFORMS_PATTERNS_H
#define STRATA_DIALECT_GRAPH_TRANSFORMS_PATTERNS_H

#include <cstdint>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace strata::graph {

/// Adds the canonicalization patterns of every graph op to `patterns`, so a
/// pass that rewrites into graph ops can simplify the result in the same
/// greedy run (op folders run in that driver anyway).
void populateGraphCanonicalizationPatterns(mlir::RewritePatternSet &patterns);

/// Adds the graph-fold-batchnorm rewrites to `patterns`: batch_norm, and mul
/// or add by a constant per-channel tensor, folded into the weights and bias
/// of a preceding conv2d or linear whose parameters are constants. The new
/// parameters are evaluated as the patterns apply.
void populateGraphFoldBatchNormPatterns(mlir::RewritePatternSet &patterns);

/// Adds the graph-prepack-weights rewrites to `patterns`: a linear whose B
/// is a constant read transposed gets the transposed constant instead, and
/// a transpose of a constant folds (any size; dense_resource stays a blob).
/// With `panelBytes` > 0, a linear of one row and a constant weight also
/// gets the weight in panel-major order, panels of `panelBytes` a row.
void populateGraphPrepackWeightsPatterns(mlir::RewritePatternSet &patterns,
                                         int64_t panelBytes = 0);

} // namespace strata::graph

#endif // STRATA_DIALECT_GRAPH_TRANSFORMS_PATTERNS_H
