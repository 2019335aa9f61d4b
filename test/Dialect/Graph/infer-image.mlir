// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s -split-input-file --resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s --check-prefix=REIFY

func.func @resize(%x: tensor<?x3x5x7xf32>, %s: tensor<4xf32>, %z: tensor<4xi64>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // Constant scales: floor(size * scale) of static dims.
  // expected-remark @+1 {{inferred: 'tensor<4xf32>'}}
  %c = graph.constant dense<[1.0, 1.0, 0.6, 2.5]> : tensor<4xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x3x3x17xf32>'}}
  %0 = graph.resize %x scales %c : (tensor<?x3x5x7xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  // Constant sizes are the result sizes.
  // expected-remark @+1 {{inferred: 'tensor<4xi64>'}}
  %d = graph.constant dense<[2, 3, 10, 1]> : tensor<4xi64>
  // expected-remark @+1 {{inferred: 'tensor<2x3x10x1xf32>'}}
  %1 = graph.resize %x sizes %d : (tensor<?x3x5x7xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  // Computed at run time: `?` everywhere.
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %2 = graph.resize %x scales %s : (tensor<?x3x5x7xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x?xf32>'}}
  %3 = graph.resize %x sizes %z : (tensor<?x3x5x7xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// A `?` dim scaled by a constant is floor(size * scale) in integers: 1.5 is
// 3 * 2^-1, so (size * 3) floordiv 2.
// REIFY-LABEL: func.func @reify_resize
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %{{.*}}
// REIFY: %[[M:.*]] = arith.muli %[[D]], %[[C3]] : index
// REIFY: %[[R:.*]] = arith.divui %[[M]], %[[C2]] : index
// REIFY: return %[[R]]
func.func @reify_resize(%x: tensor<?x4xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<2xf32>'}}
  %s = graph.constant dense<[1.5, 1.0]> : tensor<2xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x4xf32>'}}
  %0 = graph.resize %x scales %s : (tensor<?x4xf32>, tensor<2xf32>) -> tensor<?x4xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %0, %c0 : tensor<?x4xf32>
  return %d : index
}
