//===- Passes.td - Downstream passes -------------------------*- tablegen -*-===//

#ifndef DOWNSTREAM_PASSES_TD
#define DOWNSTREAM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExpandSwishPass : Pass<"downstream-expand-swish"> {
  let summary = "Rewrite downstream.swish into graph.sigmoid and graph.mul";
  let description = [{
    Expands each swish into graph ops and, in the same greedy run, applies
    Strata's graph canonicalizations and folders to the result (so a swish
    of a splat constant folds to a constant).
  }];
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

#endif // DOWNSTREAM_PASSES_TD
