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

def TestGraphComparePipelinePass
    : Pass<"test-graph-compare-pipeline", "::mlir::ModuleOp"> {
  let summary = "Check numerically that a pipeline preserves each function";
  let description = [{
    The numeric oracle of the graph passes. For every public function with
    static argument types, runs `pipeline` on a copy, feeds the original
    and the optimized function the same pseudo-random inputs (from `seed`),
    evaluates both op by op with the reference evaluator, and reports a
    remark with the largest difference, or an error when an element differs
    by more than `tolerance` (relative to max(1, |expected|)). The module
    itself is left unchanged.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"strata-graph-optimize\"",
           "The pass pipeline to check, in --pass-pipeline syntax without "
           "the builtin.module anchor">,
    Option<"tolerance", "tolerance", "double", /*default=*/"1e-4",
           "The largest relative difference accepted">,
    Option<"seed", "seed", "unsigned", /*default=*/"1",
           "Seed of the pseudo-random inputs">,
  ];
}

def TestGraphBuildE2EPass : Pass<"test-graph-build-e2e", "::mlir::ModuleOp"> {
  let summary = "Add a self-checking @entry that runs each function";
  let description = [{
    The end-to-end oracle. For every public function with static argument
    types, evaluates it with the reference evaluator on pseudo-random inputs
    (from `seed`) and adds to `@entry` (no arguments, no results): the
    inputs as constants, a call of the function, and for each result a
    comparison with the evaluated values, printed with printMemrefF32 as a
    rank-1 tensor holding 1 (match within `tolerance`, relative to
    max(1, |expected|), NaN matching NaN; exact for integers and booleans)
    or 0. After
    convert-graph-to-kernel and strata-lower-cpu, `mlir-runner -e entry`
    prints `[1]` once per result when the compiled code is right.
    With `return-checks`, @entry returns the checks instead of printing them
    (for strata-compile + strata-run, which prints each result: `[1.]`).
  }];
  let options = [
    Option<"tolerance", "tolerance", "double", /*default=*/"1e-5",
           "The largest relative difference accepted for floats">,
    Option<"seed", "seed", "unsigned", /*default=*/"1",
           "Seed of the pseudo-random inputs">,
    Option<"returnChecks", "return-checks", "bool", /*default=*/"false",
           "Return the checks from @entry instead of printing them">,
  ];
  let dependentDialects = ["::strata::graph::GraphDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // STRATA_TEST_DIALECT_GRAPH_TESTPASSES_TD
