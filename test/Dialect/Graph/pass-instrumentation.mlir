// The graph passes work with MLIR's pass instrumentation and textual
// pipelines: timing, IR printing after each pass, and --pass-pipeline with
// options and nesting.
// RUN: strata-opt %s --strata-graph-optimize -mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: strata-opt %s --strata-graph-optimize -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// RUN: strata-opt %s --pass-pipeline="builtin.module(graph-infer-shapes{function=main input-shapes=2x3},func.func(graph-fold-constants{max-elements=16},canonicalize))" | FileCheck %s --check-prefix=PIPE

// TIMING: Execution time report
// TIMING-DAG: GraphInferShapesPass
// TIMING-DAG: GraphFoldConstantsPass
// TIMING-DAG: GraphFoldBatchNormPass
// TIMING-DAG: Canonicalizer

// PRINT: IR Dump After GraphInferShapesPass (graph-infer-shapes)
// PRINT: IR Dump After Canonicalizer (canonicalize)
// PRINT: IR Dump After GraphFoldConstantsPass (graph-fold-constants)
// PRINT: IR Dump After GraphFoldBatchNormPass (graph-fold-batchnorm)

// PIPE-LABEL: func.func @main
// PIPE-SAME: (%[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// PIPE: %[[C:.*]] = graph.constant dense<[2.000000e+00, 4.000000e+00, 6.000000e+00]> : tensor<3xf32>
// PIPE: %[[M:.*]] = graph.mul %[[X]], %[[C]] : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
// PIPE: return %[[M]]
func.func @main(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %a = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = graph.add %a, %a : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %0 = graph.mul %x, %b : tensor<?x3xf32>, tensor<3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
