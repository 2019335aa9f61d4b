//===- TestPasses.td - Test-only passes of the graph dialect -*- tablegen -*-===//
//
// Passes that expose graph-dialect internals to lit tests.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TEST_DIALECT_GRAPH_TESTPASSES_TD
#define STRATA_TEST_DIALECT_GRAPH_TESTPASSES_TD

include "mlir/Pass/PassBase.td"

def TestGraphInferTypesPass : Pass<"test-graph-infer-types"> {
  let summary = "Report the result types each graph op infers";
  let description = [{
    Emits a remark `inferred: <types>` at every graph op that implements
    InferTypeOpInterface, or the op's own inference error. Lets lit tests
    check inference (including `?` dims) independently of the declared
    result types.
  }];
}

#endif // STRATA_TEST_DIALECT_GRAPH_TESTPASSES_TD
