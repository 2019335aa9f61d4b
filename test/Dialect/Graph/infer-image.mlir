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

// -----

func.func @grid_sample(%x: tensor<?x3x5x7xf32>, %g: tensor<2x4x6x2xf32>, %v: tensor<1x2x3x4x5xi8>, %gv: tensor<?x6x?x8x3xf16>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xi8>) {
  // The batch size may come from the grid.
  // expected-remark @+1 {{inferred: 'tensor<2x3x4x6xf32>'}}
  %0 = graph.grid_sample %x, %g : (tensor<?x3x5x7xf32>, tensor<2x4x6x2xf32>) -> tensor<?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x2x6x?x8xi8>'}}
  %1 = graph.grid_sample %v, %gv {mode = #graph.resize_mode<nearest>} : (tensor<1x2x3x4x5xi8>, tensor<?x6x?x8x3xf16>) -> tensor<?x?x?x?x?xi8>
  return %0, %1 : tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xi8>
}

// -----

func.func @affine_grid(%t: tensor<2x2x3xf32>, %s: tensor<4xi64>, %t3: tensor<?x3x4xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  // Constant sizes give the spatial dims (N and C are not read).
  // expected-remark @+1 {{inferred: 'tensor<4xi64>'}}
  %c = graph.constant dense<[7, 1, 5, 6]> : tensor<4xi64>
  // expected-remark @+1 {{inferred: 'tensor<2x5x6x2xf32>'}}
  %0 = graph.affine_grid %t, %c : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  // Computed at run time: `?`.
  // expected-remark @+1 {{inferred: 'tensor<2x?x?x2xf32>'}}
  %1 = graph.affine_grid %t, %s : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<5xi64>'}}
  %c3 = graph.constant dense<[1, 1, 2, 3, 4]> : tensor<5xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x2x3x4x3xf32>'}}
  %2 = graph.affine_grid %t3, %c3 {align_corners = true} : (tensor<?x3x4xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}

// -----

// grid_sample's sizes: N and C from the input, the rest from the grid.
// REIFY-LABEL: func.func @reify_grid_sample
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x4x4xf32>, %[[G:.*]]: tensor<?x?x5x2xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[C:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY-DAG: %[[H:.*]] = tensor.dim %[[G]], %[[C1]]
// REIFY: return %[[N]], %[[C]], %[[H]]
func.func @reify_grid_sample(%x: tensor<?x?x4x4xf32>, %g: tensor<?x?x5x2xf32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x5xf32>'}}
  %0 = graph.grid_sample %x, %g : (tensor<?x?x4x4xf32>, tensor<?x?x5x2xf32>) -> tensor<?x?x?x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %0, %c0 : tensor<?x?x?x5xf32>
  %c = tensor.dim %0, %c1 : tensor<?x?x?x5xf32>
  %h = tensor.dim %0, %c2 : tensor<?x?x?x5xf32>
  return %n, %c, %h : index, index, index
}

// -----

// affine_grid's spatial sizes are read from `size`.
// REIFY-LABEL: func.func @reify_affine_grid
// REIFY-SAME: (%[[T:.*]]: tensor<?x2x3xf32>, %[[S:.*]]: tensor<4xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[N:.*]] = tensor.dim %[[T]], %[[C0]]
// REIFY-DAG: %[[E:.*]] = tensor.extract %[[S]][%[[C3]]]
// REIFY-DAG: %[[W:.*]] = arith.index_cast %[[E]] : i64 to index
// REIFY: return %[[N]], %[[W]]
func.func @reify_affine_grid(%t: tensor<?x2x3xf32>, %s: tensor<4xi64>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x2xf32>'}}
  %0 = graph.affine_grid %t, %s : (tensor<?x2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x2xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %0, %c0 : tensor<?x?x?x2xf32>
  %w = tensor.dim %0, %c2 : tensor<?x?x?x2xf32>
  return %n, %w : index, index
}
