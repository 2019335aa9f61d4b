// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s --resolve-ranked-shaped-type-result-dims -canonicalize -split-input-file | FileCheck %s --check-prefix=REIFY

func.func @reduce(%x: tensor<?x4x?xf32>, %i: tensor<2x?xi32>) {
  // expected-remark @+1 {{inferred: 'tensor<?x1x?xf32>'}}
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<?x4x?xf32> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x4xf32>'}}
  %1 = graph.reduce_mean %x {axes = array<i64: -1>, keepdims = false} : tensor<?x4x?xf32> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x1x1xf32>'}}
  %2 = graph.reduce_max %x : tensor<?x4x?xf32> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %3 = graph.reduce_min %x {keepdims = false} : tensor<?x4x?xf32> -> tensor<f32>
  // expected-remark @+1 {{inferred: 'tensor<4xf32>'}}
  %4 = graph.reduce_prod %x {axes = array<i64: 2, -3>, keepdims = false} : tensor<?x4x?xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2x1xi32>'}}
  %5 = graph.reduce_sum %i {axes = array<i64: 1>} : tensor<2x?xi32> -> tensor<2x1xi32>
  return
}

// -----

func.func @reduce_scalar(%x: tensor<f16>) {
  // expected-remark @+1 {{inferred: 'tensor<f16>'}}
  %0 = graph.reduce_sum %x : tensor<f16> -> tensor<f16>
  return
}

// -----

func.func @argmax(%x: tensor<?x4x?xf32>, %i: tensor<3xi8>) {
  // expected-remark @+1 {{inferred: 'tensor<1x4x?xi64>'}}
  %0 = graph.argmax %x : tensor<?x4x?xf32> -> tensor<?x4x?xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi64>'}}
  %1 = graph.argmin %x {axis = -1 : i64, keepdims = false} : tensor<?x4x?xf32> -> tensor<?x4xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x1x?xi64>'}}
  %2 = graph.argmax %x {axis = -2 : i64, select_last_index = true} : tensor<?x4x?xf32> -> tensor<?x1x?xi64>
  // expected-remark @+1 {{inferred: 'tensor<i64>'}}
  %3 = graph.argmin %i {keepdims = false} : tensor<3xi8> -> tensor<i64>
  return
}

// -----

// REIFY-LABEL: func.func @reify_reduce_keep
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf32>)
// REIFY: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D]]
func.func @reify_reduce_keep(%x: tensor<?x4x?xf32>) -> index {
  %c2 = arith.constant 2 : index
  // expected-remark @+1 {{inferred: 'tensor<?x1x?xf32>'}}
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<?x4x?xf32> -> tensor<?x1x?xf32>
  %d = tensor.dim %0, %c2 : tensor<?x1x?xf32>
  return %d : index
}

// -----

// Dropped dims shift the others: result dim 1 is input dim 2.
// REIFY-LABEL: func.func @reify_reduce_drop
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf32>)
// REIFY: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D]]
func.func @reify_reduce_drop(%x: tensor<?x4x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %0 = graph.reduce_mean %x {axes = array<i64: -2>, keepdims = false} : tensor<?x4x?xf32> -> tensor<?x?xf32>
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

// REIFY-LABEL: func.func @reify_reduce_max_min_prod
// REIFY-SAME: (%[[X:.*]]: tensor<?x?xi32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY: return %[[D0]], %[[D1]], %[[C1]]
func.func @reify_reduce_max_min_prod(%x: tensor<?x?xi32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x1xi32>'}}
  %0 = graph.reduce_max %x {axes = array<i64: 1>} : tensor<?x?xi32> -> tensor<?x?xi32>
  // expected-remark @+1 {{inferred: 'tensor<?xi32>'}}
  %1 = graph.reduce_min %x {axes = array<i64: 0>, keepdims = false} : tensor<?x?xi32> -> tensor<?xi32>
  // expected-remark @+1 {{inferred: 'tensor<1x?xi32>'}}
  %2 = graph.reduce_prod %x {axes = array<i64: 0>} : tensor<?x?xi32> -> tensor<?x?xi32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %1, %c0 : tensor<?xi32>
  %d2 = tensor.dim %2, %c0 : tensor<?x?xi32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// REIFY-LABEL: func.func @reify_argmax
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x8xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY: return %[[D0]], %[[C1]], %[[D1]]
func.func @reify_argmax(%x: tensor<?x?x8xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x8xi64>'}}
  %0 = graph.argmax %x {axis = 1 : i64, keepdims = false} : tensor<?x?x8xf32> -> tensor<?x8xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x1x8xi64>'}}
  %1 = graph.argmin %x {axis = -2 : i64} : tensor<?x?x8xf32> -> tensor<?x?x8xi64>
  // expected-remark @+1 {{inferred: 'tensor<1x?x8xi64>'}}
  %2 = graph.argmax %x : tensor<?x?x8xf32> -> tensor<?x?x8xi64>
  %d0 = tensor.dim %0, %c0 : tensor<?x8xi64>
  %d1 = tensor.dim %1, %c1 : tensor<?x?x8xi64>
  %d2 = tensor.dim %2, %c1 : tensor<?x?x8xi64>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// Axes known only at run time: every dim may be reduced (static 1s stay 1);
// constant axes infer as the static reductions do.
func.func @dynamic_reduce(%x: tensor<2x1x?xf32>, %a: tensor<2xi64>, %e: tensor<0xi64>) {
  // expected-remark @+1 {{inferred: 'tensor<?x1x?xf32>'}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %1 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<max>, keepdims = false} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c = graph.constant dense<[0, -1]> : tensor<2xi64>
  // expected-remark @+1 {{inferred: 'tensor<1xf32>'}}
  %2 = graph.dynamic_reduce %x, %c {kind = #graph.reduce_kind<min>, keepdims = false} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x1x1xf32>'}}
  %3 = graph.dynamic_reduce %x, %e {kind = #graph.reduce_kind<mean>} : tensor<2x1x?xf32>, tensor<0xi64> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2x1x?xf32>'}}
  %4 = graph.dynamic_reduce %x, %e {kind = #graph.reduce_kind<prod>, noop_with_empty_axes = true} : tensor<2x1x?xf32>, tensor<0xi64> -> tensor<?x?x?xf32>
  return
}

// -----

// With constant axes the sizes reify as the static op's.
// REIFY-LABEL: func.func @reify_dynamic_reduce
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf32>)
// REIFY: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D]]
func.func @reify_dynamic_reduce(%x: tensor<?x4x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %a = graph.constant dense<0> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<4x?xf32>'}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>, keepdims = false} : tensor<?x4x?xf32>, tensor<1xi64> -> tensor<?x?xf32>
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

// cumsum keeps the input type, whatever the axis; top_k has k along the
// axis when k is a constant, else `?`.
func.func @cumsum_top_k(%x: tensor<?x4xf32>, %a: tensor<i32>, %k: tensor<1xi64>) {
  // expected-remark @+1 {{inferred: 'tensor<?x4xf32>'}}
  %0 = graph.cumsum %x, %a : tensor<?x4xf32>, tensor<i32> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>', 'tensor<?x?xi64>'}}
  %1:2 = graph.top_k %x, %k : tensor<?x4xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %c = graph.constant dense<3> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x3xf32>', 'tensor<?x3xi64>'}}
  %2:2 = graph.top_k %x, %c : tensor<?x4xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  // expected-remark @+1 {{inferred: 'tensor<3x4xf32>', 'tensor<3x4xi64>'}}
  %3:2 = graph.top_k %x, %c {axis = 0 : i64, largest = false} : tensor<?x4xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  return
}

// -----

// The top_k sizes reify from the input, and k along the axis (read from
// the tensor when it is not a constant).
// REIFY-LABEL: func.func @reify_top_k
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[K:.*]]: tensor<1xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[E:.*]] = tensor.extract %[[K]][%[[C0]]]
// REIFY-DAG: %[[KI:.*]] = arith.index_cast %[[E]] : i64 to index
// REIFY: return %[[D0]], %[[KI]]
func.func @reify_top_k(%x: tensor<?x4xf32>, %k: tensor<1xi64>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>', 'tensor<?x?xi64>'}}
  %0:2 = graph.top_k %x, %k : tensor<?x4xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  %d0 = tensor.dim %0#0, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %0#1, %c1 : tensor<?x?xi64>
  return %d0, %d1 : index, index
}
