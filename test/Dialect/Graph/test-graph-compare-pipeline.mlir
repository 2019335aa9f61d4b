// The oracle itself reports what it cannot check or what differs.
// RUN: not strata-opt %s --test-graph-compare-pipeline="tolerance=-1" -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIFF
// RUN: not strata-opt %s --test-graph-compare-pipeline="pipeline=no-such-pass" -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: strata-opt %s --test-graph-compare-pipeline="pipeline=canonicalize" -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=OK

// A negative tolerance turns any comparison into a mismatch report.
// DIFF: error: result #0 element 0 is {{.*}} after the pipeline, {{.*}} before
// PARSE: error: cannot parse pipeline 'no-such-pass'
// OK: remark: pipeline preserves @f: 1 result(s) match, max abs diff 0.000000e+00
func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = graph.exp %x : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
