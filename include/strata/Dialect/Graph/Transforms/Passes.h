//===- Passes.h - Graph-level passes ----------------------------*- C++ -*-===//
//
// Declarations of the graph passes (generated from Passes.td) and of the
// strata-graph-optimize pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_H
#define STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace strata::graph {

#define GEN_PASS_DECL
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"

/// Adds the default graph-level pipeline (strata-graph-optimize) to `pm`:
/// shape inference, canonicalization, weight prepacking, constant folding,
/// batch-norm folding, CSE and symbol DCE.
void buildGraphOptimizePipeline(mlir::OpPassManager &pm);

/// Registers the graph passes and the strata-graph-optimize pipeline.
void registerGraphPasses();

} // namespace strata::graph

#endif // STRATA_DIALECT_GRAPH_TRANSFORMS_PASSES_H
