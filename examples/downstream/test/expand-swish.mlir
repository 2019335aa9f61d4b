// RUN: downstream-opt %s --downstream-expand-swish | FileCheck %s

// The downstream op expands into graph ops.
// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK: %[[S:.*]] = graph.sigmoid %[[X]] : tensor<?x8xf32> -> tensor<?x8xf32>
// CHECK: %[[M:.*]] = graph.mul %[[X]], %[[S]]
// CHECK: return %[[M]]
func.func @expand(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = downstream.swish %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// Strata's graph folders run in the same pass: swish(0) folds to 0.
// CHECK-LABEL: func.func @folds
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @folds() -> tensor<4xf32> {
  %0 = graph.constant dense<0.0> : tensor<4xf32>
  %1 = downstream.swish %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
