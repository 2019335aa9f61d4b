// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s --resolve-ranked-shaped-type-result-dims -canonicalize -split-input-file | FileCheck %s --check-prefix=REIFY

func.func @constant_and_shape_of(%x: tensor<?x4x?xf16>) {
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c = graph.constant dense<[1, 2]> : tensor<2xi64>
  // expected-remark @+1 {{inferred: 'tensor<3xi64>'}}
  %0 = graph.shape_of %x : tensor<?x4x?xf16> -> tensor<?xi64>
  return
}

// -----

func.func @constant_of_shape(%s: tensor<3xi64>) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?xf32>'}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<3xi64> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c = graph.constant dense<[2, 0]> : tensor<2xi64>
  // expected-remark @+1 {{inferred: 'tensor<2x0xi8>'}}
  %1 = graph.constant_of_shape %c {value = dense<3> : tensor<i8>} : tensor<2xi64> -> tensor<?x?xi8>
  return
}

// -----

func.func @reshape(%x: tensor<?x4x8xf32>, %y: tensor<?x?x8xf32>, %z: tensor<2x3x4xi32>, %s: tensor<2xi64>, %w: tensor<?x0xf32>) {
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c0 = graph.constant dense<[0, -1]> : tensor<2xi64>
  // The copied `?` cancels out: 4 * 8 elements remain.
  // expected-remark @+1 {{inferred: 'tensor<?x32xf32>'}}
  %0 = graph.reshape %x, %c0 : tensor<?x4x8xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // Two `?` input dims, one copied: the -1 stays unknown.
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %1 = graph.reshape %y, %c0 : tensor<?x?x8xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %cz = graph.constant dense<[0, 7]> : tensor<2xi64>
  // With allowzero a 0 is a size: 0 elements reshaped to 0x7.
  // expected-remark @+1 {{inferred: 'tensor<0x7xf32>'}}
  %2 = graph.reshape %w, %cz {allowzero = true} : tensor<?x0xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<3xi64>'}}
  %c1 = graph.constant dense<[-1, 0, 2]> : tensor<3xi64>
  // expected-remark @+1 {{inferred: 'tensor<4x3x2xi32>'}}
  %3 = graph.reshape %z, %c1 : tensor<2x3x4xi32>, tensor<3xi64> -> tensor<?x?x?xi32>
  // A runtime shape only gives the rank.
  // expected-remark @+1 {{inferred: 'tensor<?x?xi32>'}}
  %4 = graph.reshape %z, %s : tensor<2x3x4xi32>, tensor<2xi64> -> tensor<?x?xi32>
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %c2 = graph.constant dense<-1> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<24xi32>'}}
  %5 = graph.reshape %z, %c2 : tensor<2x3x4xi32>, tensor<1xi64> -> tensor<?xi32>
  // A static 0 makes the element count 0 even next to `?`.
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c3 = graph.constant dense<[5, -1]> : tensor<2xi64>
  // expected-remark @+1 {{inferred: 'tensor<5x0xf32>'}}
  %6 = graph.reshape %w, %c3 : tensor<?x0xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_copied_zero(%x: tensor<0x4xf32>, %y: tensor<?x4x6xf32>) {
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %c0 = graph.constant dense<[0, 5]> : tensor<2xi64>
  // Both counts are 0.
  // expected-remark @+1 {{inferred: 'tensor<0x5xf32>'}}
  %0 = graph.reshape %x, %c0 : tensor<0x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<3xi64>'}}
  %c1 = graph.constant dense<[0, 5, 5]> : tensor<3xi64>
  // 24 vs 25 elements per row: only valid for 0 rows, which a `?` allows.
  // expected-remark @+1 {{inferred: 'tensor<?x5x5xf32>'}}
  %1 = graph.reshape %y, %c1 : tensor<?x4x6xf32>, tensor<3xi64> -> tensor<?x5x5xf32>
  return
}

// -----

func.func @reshape_scalar(%x: tensor<1x1xf32>, %s: tensor<0xi64>) {
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %0 = graph.reshape %x, %s : tensor<1x1xf32>, tensor<0xi64> -> tensor<f32>
  return
}

// -----

func.func @transpose(%x: tensor<?x128x12x64xf32>) {
  // expected-remark @+1 {{inferred: 'tensor<?x12x128x64xf32>'}}
  %0 = graph.transpose %x {perm = array<i64: 0, 2, 1, 3>} : tensor<?x128x12x64xf32> -> tensor<?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<64x12x128x?xf32>'}}
  %1 = graph.transpose %x {perm = array<i64: 3, 2, 1, 0>} : tensor<?x128x12x64xf32> -> tensor<64x12x128x?xf32>
  return
}

// -----

func.func @squeeze_unsqueeze(%x: tensor<?x1x4x1xf32>, %y: tensor<1x3x1xi8>, %z: tensor<1xi1>) {
  // expected-remark @+1 {{inferred: 'tensor<?x4x1xf32>'}}
  %0 = graph.squeeze %x {axes = array<i64: 1>} : tensor<?x1x4x1xf32> -> tensor<?x4x1xf32>
  // A `?` dim may be squeezed (it must be 1 at runtime).
  // expected-remark @+1 {{inferred: 'tensor<4xf32>'}}
  %1 = graph.squeeze %x {axes = array<i64: -1, 0, -3>} : tensor<?x1x4x1xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<3xi8>'}}
  %2 = graph.squeeze %y : tensor<1x3x1xi8> -> tensor<3xi8>
  // expected-remark @+1 {{inferred: 'tensor<i1>'}}
  %3 = graph.squeeze %z : tensor<1xi1> -> tensor<i1>
  // Unsqueeze axes index the output (rank 6 here).
  // expected-remark @+1 {{inferred: 'tensor<1x?x1x4x1x1xf32>'}}
  %4 = graph.unsqueeze %0 {axes = array<i64: 0, -1, 2>} : tensor<?x4x1xf32> -> tensor<?x?x?x?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x3x1x1xi8>'}}
  %5 = graph.unsqueeze %y {axes = array<i64: -2>} : tensor<1x3x1xi8> -> tensor<1x3x1x1xi8>
  return
}

// -----

func.func @flatten(%x: tensor<?x512x1x1xf16>, %y: tensor<2x3x4xi64>, %z: tensor<?x0x4xf32>, %s: tensor<i32>) {
  // expected-remark @+1 {{inferred: 'tensor<?x512xf16>'}}
  %0 = graph.flatten %x : tensor<?x512x1x1xf16> -> tensor<?x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<1x?xf16>'}}
  %1 = graph.flatten %x {axis = 0 : i64} : tensor<?x512x1x1xf16> -> tensor<1x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<6x4xi64>'}}
  %2 = graph.flatten %y {axis = -1 : i64} : tensor<2x3x4xi64> -> tensor<?x?xi64>
  // expected-remark @+1 {{inferred: 'tensor<24x1xi64>'}}
  %3 = graph.flatten %y {axis = 3 : i64} : tensor<2x3x4xi64> -> tensor<?x?xi64>
  // A static 0 makes the product 0 next to `?`.
  // expected-remark @+1 {{inferred: 'tensor<0x4xf32>'}}
  %4 = graph.flatten %z {axis = 2 : i64} : tensor<?x0x4xf32> -> tensor<?x4xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x1xi32>'}}
  %5 = graph.flatten %s {axis = 0 : i64} : tensor<i32> -> tensor<1x1xi32>
  return
}

// -----

func.func @expand(%x: tensor<1x?x3xf32>, %s: tensor<4xi64>, %t: tensor<2xi64>, %y: tensor<?x1xi8>) {
  // expected-remark @+1 {{inferred: 'tensor<4xi64>'}}
  %c = graph.constant dense<[2, 5, 1, 3]> : tensor<4xi64>
  // expected-remark @+1 {{inferred: 'tensor<2x5x?x3xf32>'}}
  %0 = graph.expand %x, %c : tensor<1x?x3xf32>, tensor<4xi64> -> tensor<?x?x?x3xf32>
  // A runtime shape: only a static input size other than 1 is known.
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x3xf32>'}}
  %1 = graph.expand %x, %s : tensor<1x?x3xf32>, tensor<4xi64> -> tensor<?x?x?x3xf32>
  // The input rank wins over a shorter shape.
  // expected-remark @+1 {{inferred: 'tensor<1x?x3xf32>'}}
  %2 = graph.expand %x, %t : tensor<1x?x3xf32>, tensor<2xi64> -> tensor<1x?x3xf32>
  // expected-remark @+1 {{inferred: 'tensor<2xi64>'}}
  %d = graph.constant dense<[4, 0]> : tensor<2xi64>
  // expected-remark @+1 {{inferred: 'tensor<4x0xi8>'}}
  %3 = graph.expand %y, %d : tensor<?x1xi8>, tensor<2xi64> -> tensor<?x?xi8>
  return
}

// -----

func.func @tile(%x: tensor<?x4xf32>) {
  // expected-remark @+1 {{inferred: 'tensor<?x12xf32>'}}
  %0 = graph.tile %x {repeats = array<i64: 2, 3>} : tensor<?x4xf32> -> tensor<?x12xf32>
  // expected-remark @+1 {{inferred: 'tensor<0x4xf32>'}}
  %1 = graph.tile %x {repeats = array<i64: 0, 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

// REIFY-LABEL: func.func @reify_transpose
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D2]], %[[D0]]
func.func @reify_transpose(%x: tensor<?x4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-remark @+1 {{inferred: 'tensor<?x4x?xf32>'}}
  %0 = graph.transpose %x {perm = array<i64: 2, 1, 0>} : tensor<?x4x?xf32> -> tensor<?x4x?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x4x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x4x?xf32>
  return %d0, %d2 : index, index
}

// -----

// REIFY-LABEL: func.func @reify_squeeze_unsqueeze
// REIFY-SAME: (%[[X:.*]]: tensor<?x1x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D2]], %[[D0]]
func.func @reify_squeeze_unsqueeze(%x: tensor<?x1x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %0 = graph.squeeze %x {axes = array<i64: -2>} : tensor<?x1x?xf32> -> tensor<?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<1x?x1x?x1xf32>'}}
  %1 = graph.unsqueeze %x {axes = array<i64: 0, -1>} : tensor<?x1x?xf32> -> tensor<?x?x?x?x?xf32>
  %d0 = tensor.dim %0, %c1 : tensor<?x?xf32>
  %d1 = tensor.dim %1, %c1 : tensor<?x?x?x?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// REIFY-LABEL: func.func @reify_flatten
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY-DAG: %[[OUTER:.*]] = arith.muli %[[D0]], %[[C4]]
// REIFY: return %[[OUTER]], %[[D2]]
func.func @reify_flatten(%x: tensor<?x4x?xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %0 = graph.flatten %x {axis = -1 : i64} : tensor<?x4x?xf32> -> tensor<?x?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %d0, %d1 : index, index
}

// -----

// REIFY-LABEL: func.func @reify_tile
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[M:.*]] = arith.muli %[[D0]], %[[C3]]
// REIFY: return %[[M]]
func.func @reify_tile(%x: tensor<?x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{inferred: 'tensor<?x8xf32>'}}
  %0 = graph.tile %x {repeats = array<i64: 3, 2>} : tensor<?x4xf32> -> tensor<?x8xf32>
  %d = tensor.dim %0, %c0 : tensor<?x8xf32>
  return %d : index
}

// -----

// A constant shape: a copied dim, and a -1 over the uncopied input dims.
// REIFY-LABEL: func.func @reify_reshape_constant
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x8xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C8:.*]] = arith.constant 8 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY-DAG: %[[M:.*]] = arith.muli %[[D1]], %[[C8]]
// REIFY-DAG: %[[Q:.*]] = arith.divui %[[M]], %[[C8]]
// REIFY: return %[[D0]], %[[Q]]
func.func @reify_reshape_constant(%x: tensor<?x?x8xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<3xi64>'}}
  %s = graph.constant dense<[0, -1, 8]> : tensor<3xi64>
  // expected-remark @+1 {{inferred: 'tensor<?x?x8xf32>'}}
  %0 = graph.reshape %x, %s : tensor<?x?x8xf32>, tensor<3xi64> -> tensor<?x?x8xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?x8xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x8xf32>
  return %d0, %d1 : index, index
}

// -----

// A runtime shape: entry 0 copies the input dim when 0, and a -1 entry is
// the element count over the product of the other entries.
// REIFY-LABEL: func.func @reify_reshape_runtime
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<2xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY: %[[E0:.*]] = tensor.extract %[[S]][%[[C0]]] : tensor<2xi64>
// REIFY: %[[V0:.*]] = arith.index_cast %[[E0]] : i64 to index
// REIFY: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[Z0:.*]] = arith.cmpi eq, %[[V0]], %[[C0]]
// REIFY: %[[S0:.*]] = arith.select %[[Z0]], %[[D0]], %[[V0]]
// REIFY: %[[I0:.*]] = arith.cmpi eq, %[[V0]], %[[CM1]]
// REIFY: %[[F0:.*]] = arith.select %[[I0]], %[[C1]], %[[S0]]
// REIFY: tensor.extract %[[S]][%[[C1]]] : tensor<2xi64>
// REIFY: %[[P:.*]] = arith.muli %[[F0]], %{{.*}}
// REIFY: %[[N:.*]] = arith.muli %{{.*}}, %[[C4]]
// REIFY: %[[PP:.*]] = arith.maxui %[[P]], %[[C1]]
// REIFY: %[[Q:.*]] = arith.divui %[[N]], %[[PP]]
// REIFY: %[[R0:.*]] = arith.select %[[I0]], %[[Q]], %[[S0]]
// REIFY: return %[[R0]]
func.func @reify_reshape_runtime(%x: tensor<?x4xf32>, %s: tensor<2xi64>) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?xf32>
  return %d0 : index
}

// -----

// With allowzero the entries are the sizes (or a -1).
// REIFY-LABEL: func.func @reify_reshape_allowzero
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<1xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY: %[[E:.*]] = tensor.extract %[[S]][%[[C0]]]
// REIFY: %[[V:.*]] = arith.index_cast %[[E]] : i64 to index
// REIFY-NOT: arith.cmpi eq, %[[V]], %[[C0]]
// REIFY: %[[I:.*]] = arith.cmpi eq, %[[V]], %[[CM1]]
// REIFY: %[[F:.*]] = arith.select %[[I]], %[[C1]], %[[V]]
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[N:.*]] = arith.muli %[[D]], %[[C4]]
// REIFY: %[[P:.*]] = arith.maxui %[[F]], %[[C1]]
// REIFY: %[[Q:.*]] = arith.divui %[[N]], %[[P]]
// REIFY: %[[R:.*]] = arith.select %[[I]], %[[Q]], %[[V]]
// REIFY: return %[[R]]
func.func @reify_reshape_allowzero(%x: tensor<?x4xf32>, %s: tensor<1xi64>) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %0 = graph.reshape %x, %s {allowzero = true} : tensor<?x4xf32>, tensor<1xi64> -> tensor<?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?xf32>
  return %d0 : index
}

// -----

// REIFY-LABEL: func.func @reify_expand
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x3xf32>, %[[S:.*]]: tensor<4xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// The leading dim only comes from the shape.
// REIFY: %[[E0:.*]] = tensor.extract %[[S]][%[[C0]]]
// REIFY: %[[V0:.*]] = arith.index_cast %[[E0]] : i64 to index
// Then a `?` input dim: the shape value where the input is 1.
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[E1:.*]] = tensor.extract %[[S]][%[[C1]]]
// REIFY: %[[V1:.*]] = arith.index_cast %[[E1]] : i64 to index
// REIFY: %[[ONE:.*]] = arith.cmpi eq, %[[D]], %[[C1]]
// REIFY: %[[R1:.*]] = arith.select %[[ONE]], %[[V1]], %[[D]]
// A constant shape: 5 where the shape says so, the input size where it says 1.
// REIFY: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY: return %[[V0]], %[[R1]], %[[D1]]
func.func @reify_expand(%x: tensor<?x?x3xf32>, %s: tensor<4xi64>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x3xf32>'}}
  %0 = graph.expand %x, %s : tensor<?x?x3xf32>, tensor<4xi64> -> tensor<?x?x?x3xf32>
  // expected-remark @+1 {{inferred: 'tensor<3xi64>'}}
  %c = graph.constant dense<[5, 1, 1]> : tensor<3xi64>
  // expected-remark @+1 {{inferred: 'tensor<5x?x3xf32>'}}
  %1 = graph.expand %x, %c : tensor<?x?x3xf32>, tensor<3xi64> -> tensor<?x?x3xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?x?x3xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?x3xf32>
  %d2 = tensor.dim %1, %c1 : tensor<?x?x3xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// REIFY-LABEL: func.func @reify_constant_of_shape
// REIFY-SAME: (%[[S:.*]]: tensor<2xi64>)
// REIFY: %[[C1:.*]] = arith.constant 1 : index
// REIFY: %[[E:.*]] = tensor.extract %[[S]][%[[C1]]] : tensor<2xi64>
// REIFY: %[[V:.*]] = arith.index_cast %[[E]] : i64 to index
// REIFY: return %[[V]]
func.func @reify_constant_of_shape(%s: tensor<2xi64>) -> index {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<?x?xf32>'}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  %d = tensor.dim %0, %c1 : tensor<?x?xf32>
  return %d : index
}

// -----

func.func @range(%n: tensor<i64>) -> (tensor<?xi64>, tensor<?xf32>, tensor<?xi32>) {
  // expected-remark @+1 {{inferred: 'tensor<i64>'}}
  %z = graph.constant dense<0> : tensor<i64>
  // expected-remark @+1 {{inferred: 'tensor<i64>'}}
  %one = graph.constant dense<1> : tensor<i64>
  // A limit computed at run time: `?`.
  // expected-remark @+1 {{inferred: 'tensor<?xi64>'}}
  %0 = graph.range %z, %n, %one : tensor<i64> -> tensor<?xi64>
  // ceil((2.0 - 0.5) / 0.4) = 4
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %a = graph.constant dense<0.5> : tensor<f32>
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %b = graph.constant dense<2.0> : tensor<f32>
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %c = graph.constant dense<0.4> : tensor<f32>
  // expected-remark @+1 {{inferred: 'tensor<4xf32>'}}
  %1 = graph.range %a, %b, %c : tensor<f32> -> tensor<?xf32>
  // An empty range: 10 down to 1 by +3.
  // expected-remark @+1 {{inferred: 'tensor<i32>'}}
  %p = graph.constant dense<10> : tensor<i32>
  // expected-remark @+1 {{inferred: 'tensor<i32>'}}
  %q = graph.constant dense<1> : tensor<i32>
  // expected-remark @+1 {{inferred: 'tensor<i32>'}}
  %r = graph.constant dense<3> : tensor<i32>
  // expected-remark @+1 {{inferred: 'tensor<0xi32>'}}
  %2 = graph.range %p, %q, %r : tensor<i32> -> tensor<?xi32>
  return %0, %1, %2 : tensor<?xi64>, tensor<?xf32>, tensor<?xi32>
}
