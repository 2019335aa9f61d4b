// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file -verify-diagnostics | FileCheck %s

// Constants keep their attribute, dense or dense_resource.
// CHECK-LABEL: func.func @constant
func.func @constant() -> (tensor<2xf32>, tensor<2x3xf32>, tensor<2xi1>) {
  // CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: arith.constant dense_resource<weight> : tensor<2x3xf32>
  %1 = graph.constant dense_resource<weight> : tensor<2x3xf32>
  // CHECK: arith.constant dense<[true, false]> : tensor<2xi1>
  %2 = graph.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-NOT: graph.
  return %0, %1, %2 : tensor<2xf32>, tensor<2x3xf32>, tensor<2xi1>
}
{-#
  dialect_resources: {
    builtin: {
      weight: "0x04000000000000000000803F0000004000004040000080400000A040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @shape_of
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x?xf16>, %[[S:.*]]: tensor<i1>, %[[Y:.*]]: tensor<2x3xi8>)
func.func @shape_of(%x: tensor<?x4x?xf16>, %s: tensor<i1>, %y: tensor<2x3xi8>) -> (tensor<3xi64>, tensor<0xi64>, tensor<2xi64>) {
  // CHECK: %[[D0:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[I0:.*]] = arith.index_cast %[[D0]] : index to i64
  // CHECK: %[[C4:.*]] = arith.constant 4 : i64
  // CHECK: %[[D2:.*]] = tensor.dim %[[X]], %c2
  // CHECK: %[[I2:.*]] = arith.index_cast %[[D2]] : index to i64
  // CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[I0]], %[[C4]], %[[I2]] : tensor<3xi64>
  %0 = graph.shape_of %x : tensor<?x4x?xf16> -> tensor<3xi64>
  // CHECK: %[[EMPTY:.*]] = arith.constant dense<> : tensor<0xi64>
  %1 = graph.shape_of %s : tensor<i1> -> tensor<0xi64>
  // CHECK: %[[STATIC:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
  %2 = graph.shape_of %y : tensor<2x3xi8> -> tensor<2xi64>
  // CHECK: return %[[SHAPE]], %[[EMPTY]], %[[STATIC]]
  return %0, %1, %2 : tensor<3xi64>, tensor<0xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @constant_of_shape
// CHECK-SAME: (%[[S:.*]]: tensor<2xi64>)
func.func @constant_of_shape(%s: tensor<2xi64>) -> (tensor<?x?xi32>, tensor<2x3xf16>) {
  // CHECK: %[[SEVEN:.*]] = arith.constant 7 : i32
  // CHECK: %[[E0:.*]] = tensor.extract %[[S]][%c0] : tensor<2xi64>
  // CHECK: %[[N0:.*]] = arith.index_cast %[[E0]] : i64 to index
  // CHECK: %[[E1:.*]] = tensor.extract %[[S]][%c1] : tensor<2xi64>
  // CHECK: %[[N1:.*]] = arith.index_cast %[[E1]] : i64 to index
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[N0]], %[[N1]]) : tensor<?x?xi32>
  // CHECK: %[[FILL:.*]] = linalg.fill ins(%[[SEVEN]] : i32) outs(%[[INIT]] : tensor<?x?xi32>)
  %0 = graph.constant_of_shape %s {value = dense<7> : tensor<1xi32>} : tensor<2xi64> -> tensor<?x?xi32>
  // A declared static result of a run-time shape is filled with the sizes
  // the shape gives, each checked against the declared one.
  // CHECK: %[[INIT2:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf16>
  // CHECK: %[[FILL2:.*]] = linalg.fill ins(%{{.*}} : f16) outs(%[[INIT2]] : tensor<?x?xf16>)
  // CHECK: %[[D0:.*]] = tensor.dim %[[FILL2]], %c0
  // CHECK: %[[SAME0:.*]] = arith.cmpi eq, %[[D0]], %c2
  // CHECK: kernel.check %[[SAME0]], "graph.constant_of_shape: result #0 dim 0 computed from the operands differs from its declared size ({0} vs {1})"
  // CHECK: kernel.check %{{.*}}, "graph.constant_of_shape: result #0 dim 1
  // CHECK: %[[CAST:.*]] = tensor.cast %[[FILL2]] : tensor<?x?xf16> to tensor<2x3xf16>
  %1 = graph.constant_of_shape %s {value = dense<0.5> : tensor<1xf16>} : tensor<2xi64> -> tensor<2x3xf16>
  // CHECK: return %[[FILL]], %[[CAST]]
  return %0, %1 : tensor<?x?xi32>, tensor<2x3xf16>
}

// -----

// A fill value held in a resource blob cannot be read as a scalar.
func.func @constant_of_shape_resource(%s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @below {{failed to legalize operation 'graph.constant_of_shape'}}
  %0 = graph.constant_of_shape %s {value = dense_resource<fill> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
{-#
  dialect_resources: {
    builtin: {
      fill: "0x040000000000803F"
    }
  }
#-}

// -----

// Static reshapes group dims when they can, else collapse to one dim and
// expand (reshape propagation moves those through elementwise ops; it stops
// at tensor.reshape).
// CHECK-LABEL: func.func @reshape_static
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @reshape_static(%x: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<24xf32>) {
  // CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %s0 = graph.constant dense<[6, 4]> : tensor<2xi64>
  %0 = graph.reshape %x, %s0 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<6x4xf32>
  // CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  %s1 = graph.constant dense<[2, 3, 2, 2]> : tensor<4xi64>
  %1 = graph.reshape %x, %s1 : tensor<2x3x4xf32>, tensor<4xi64> -> tensor<2x3x2x2xf32>
  // CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  // CHECK: %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 6] : tensor<24xf32> into tensor<4x6xf32>
  %s2 = graph.constant dense<[4, -1]> : tensor<2xi64>
  %2 = graph.reshape %x, %s2 : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<4x6xf32>
  // CHECK: %[[V:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %s3 = graph.constant dense<[-1]> : tensor<1xi64>
  %3 = graph.reshape %x, %s3 : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<24xf32>
  // CHECK: return %[[C]], %[[E]], %[[R]], %[[V]]
  return %0, %1, %2, %3 : tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<4x6xf32>, tensor<24xf32>
}

// -----

// One `?` on each side still groups: the element count ties them.
// CHECK-LABEL: func.func @reshape_grouped_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x12x64xf32>, %[[Y:.*]]: tensor<?x768xf32>)
func.func @reshape_grouped_dynamic(%x: tensor<?x12x64xf32>, %y: tensor<?x768xf32>) -> (tensor<?x768xf32>, tensor<?x12x64xf32>) {
  // CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<?x12x64xf32> into tensor<?x768xf32>
  %s0 = graph.constant dense<[0, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %s0 : tensor<?x12x64xf32>, tensor<2xi64> -> tensor<?x768xf32>
  // CHECK: %[[D:.*]] = tensor.dim %[[Y]], %c0
  // CHECK: %[[E:.*]] = tensor.expand_shape %[[Y]] {{\[}}[0], [1, 2]] output_shape [%[[D]], 12, 64] : tensor<?x768xf32> into tensor<?x12x64xf32>
  %s1 = graph.constant dense<[0, 12, 64]> : tensor<3xi64>
  %1 = graph.reshape %y, %s1 : tensor<?x768xf32>, tensor<3xi64> -> tensor<?x12x64xf32>
  // CHECK: return %[[C]], %[[E]]
  return %0, %1 : tensor<?x768xf32>, tensor<?x12x64xf32>
}

// -----

// A runtime shape: 0 copies the input dim (without allowzero), -1 is the
// element count over the product of the other sizes.
// CHECK-LABEL: func.func @reshape_runtime
// CHECK-SAME: (%[[Y:.*]]: tensor<?x?xf32>, %[[S:.*]]: tensor<2xi64>)
func.func @reshape_runtime(%y: tensor<?x?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // CHECK: %[[E0:.*]] = tensor.extract %[[S]][%c0{{.*}}] : tensor<2xi64>
  // CHECK: %[[V0:.*]] = arith.index_cast %[[E0]] : i64 to index
  // CHECK: %[[D0:.*]] = tensor.dim %[[Y]], %c0
  // CHECK: %[[ZERO0:.*]] = arith.cmpi eq, %[[V0]], %c0
  // CHECK: %[[S0:.*]] = arith.select %[[ZERO0]], %[[D0]], %[[V0]] : index
  // CHECK: %[[INF0:.*]] = arith.cmpi eq, %[[V0]], %c-1
  // CHECK: %[[E1:.*]] = tensor.extract %[[S]][%c1{{.*}}] : tensor<2xi64>
  // CHECK: %[[V1:.*]] = arith.index_cast %[[E1]] : i64 to index
  // CHECK: %[[D1:.*]] = tensor.dim %[[Y]], %c1
  // CHECK: %[[ZERO1:.*]] = arith.cmpi eq, %[[V1]], %c0
  // CHECK: %[[S1:.*]] = arith.select %[[ZERO1]], %[[D1]], %[[V1]] : index
  // CHECK: %[[INF1:.*]] = arith.cmpi eq, %[[V1]], %c-1
  // CHECK: %[[OTHERS:.*]] = arith.muli
  // CHECK: %[[DIVISOR:.*]] = arith.maxui %[[OTHERS]], %c1
  // CHECK: %[[Q:.*]] = arith.divui %{{.*}}, %[[DIVISOR]] : index
  // CHECK: %[[R0:.*]] = arith.select %[[INF0]], %[[Q]], %[[S0]] : index
  // CHECK: %[[R1:.*]] = arith.select %[[INF1]], %[[Q]], %[[S1]] : index
  // CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[R0]], %[[R1]] : tensor<2xindex>
  // CHECK: %[[R:.*]] = tensor.reshape %[[Y]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = graph.reshape %y, %s : tensor<?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x?xf32>
}

// -----

// With allowzero a 0 is a real 0: no select against the input dim.
// CHECK-LABEL: func.func @reshape_allowzero
func.func @reshape_allowzero(%y: tensor<?x4xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  // CHECK-NOT: arith.cmpi eq, %{{.*}}, %c0
  // CHECK: tensor.from_elements {{.*}} : tensor<3xindex>
  // CHECK: tensor.reshape {{.*}} : (tensor<?x4xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %0 = graph.reshape %y, %s {allowzero = true} : tensor<?x4xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// Two `?` dims cannot be grouped: the shape is computed.
// CHECK-LABEL: func.func @reshape_infer_dynamic
// CHECK-SAME: (%[[Y:.*]]: tensor<?x?xf32>)
func.func @reshape_infer_dynamic(%y: tensor<?x?xf32>) -> tensor<?x2xf32> {
  // CHECK: %[[D0:.*]] = tensor.dim %[[Y]], %c0
  // CHECK: %[[D1:.*]] = tensor.dim %[[Y]], %c1
  // CHECK: %[[N:.*]] = arith.muli %{{.*}}, %[[D1]] : index
  // CHECK: %[[Q:.*]] = arith.divui %[[N]], %c2 : index
  // CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[Q]], %c2{{.*}} : tensor<2xindex>
  // CHECK: tensor.reshape %[[Y]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x2xf32>
  %s = graph.constant dense<[-1, 2]> : tensor<2xi64>
  %0 = graph.reshape %y, %s : tensor<?x?xf32>, tensor<2xi64> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<?x128x12x64xf32>)
func.func @transpose(%x: tensor<?x128x12x64xf32>) -> tensor<?x12x128x64xf32> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<?x12x128x64xf32>
  // CHECK: %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<?x128x12x64xf32>) outs(%[[INIT]] : tensor<?x12x128x64xf32>) permutation = [0, 2, 1, 3]
  %0 = graph.transpose %x {perm = array<i64: 0, 2, 1, 3>} : tensor<?x128x12x64xf32> -> tensor<?x12x128x64xf32>
  // CHECK: return %[[T]]
  return %0 : tensor<?x12x128x64xf32>
}

// -----

// A transpose that only moves dims of size 1 moves no element: a reshape
// (here through one dim, as no grouping relates [1, 1, 1, 8] and
// [1, 8, 1, 1]). One that reorders two dims of size 8 stays a transpose.
// CHECK-LABEL: func.func @transpose_unit_dims
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x1x8xf32>, %[[Y:.*]]: tensor<1x8x1x8xf32>)
func.func @transpose_unit_dims(%x: tensor<1x1x1x8xf32>, %y: tensor<1x8x1x8xf32>) -> (tensor<1x8x1x1xf32>, tensor<1x8x8x1xf32>) {
  // CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3]] : tensor<1x1x1x8xf32> into tensor<8xf32>
  // CHECK: %[[R:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1, 2, 3]] output_shape [1, 8, 1, 1] : tensor<8xf32> into tensor<1x8x1x1xf32>
  // CHECK-NOT: linalg.transpose ins(%[[X]]
  %0 = graph.transpose %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x1x1x8xf32> -> tensor<1x8x1x1xf32>
  // CHECK: %[[T:.*]] = linalg.transpose ins(%[[Y]] : tensor<1x8x1x8xf32>) {{.*}} permutation = [0, 3, 1, 2]
  %1 = graph.transpose %y {perm = array<i64: 0, 3, 1, 2>} : tensor<1x8x1x8xf32> -> tensor<1x8x8x1xf32>
  // CHECK: return %[[R]], %[[T]]
  return %0, %1 : tensor<1x8x1x1xf32>, tensor<1x8x8x1xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK-SAME: (%[[X:.*]]: tensor<?x768x1xf32>, %[[Y:.*]]: tensor<1x?x1x4xf32>, %[[Z:.*]]: tensor<1x1xi8>)
func.func @squeeze(%x: tensor<?x768x1xf32>, %y: tensor<1x?x1x4xf32>, %z: tensor<1x1xi8>) -> (tensor<?x768xf32>, tensor<4xf32>, tensor<i8>) {
  // CHECK: %[[A:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<?x768x1xf32> into tensor<?x768xf32>
  %0 = graph.squeeze %x {axes = array<i64: -1>} : tensor<?x768x1xf32> -> tensor<?x768xf32>
  // A squeezed `?` dim is 1: cast first.
  // CHECK: %[[CAST:.*]] = tensor.cast %[[Y]] : tensor<1x?x1x4xf32> to tensor<1x1x1x4xf32>
  // CHECK: %[[B:.*]] = tensor.collapse_shape %[[CAST]] {{\[}}[0, 1, 2, 3]] : tensor<1x1x1x4xf32> into tensor<4xf32>
  %1 = graph.squeeze %y {axes = array<i64: 0, 1, 2>} : tensor<1x?x1x4xf32> -> tensor<4xf32>
  // CHECK: %[[C:.*]] = tensor.collapse_shape %[[Z]] [] : tensor<1x1xi8> into tensor<i8>
  %2 = graph.squeeze %z : tensor<1x1xi8> -> tensor<i8>
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : tensor<?x768xf32>, tensor<4xf32>, tensor<i8>
}

// -----

// CHECK-LABEL: func.func @unsqueeze
// CHECK-SAME: (%[[M:.*]]: tensor<?x128xi1>, %[[S:.*]]: tensor<f32>)
func.func @unsqueeze(%m: tensor<?x128xi1>, %s: tensor<f32>) -> (tensor<?x1x1x128xi1>, tensor<1x1xf32>, tensor<?x128x1xi1>) {
  // CHECK: %[[D:.*]] = tensor.dim %[[M]], %c0
  // CHECK: %[[A:.*]] = tensor.expand_shape %[[M]] {{\[}}[0], [1, 2, 3]] output_shape [%[[D]], 1, 1, 128] : tensor<?x128xi1> into tensor<?x1x1x128xi1>
  %0 = graph.unsqueeze %m {axes = array<i64: 1, 2>} : tensor<?x128xi1> -> tensor<?x1x1x128xi1>
  // CHECK: %[[B:.*]] = tensor.expand_shape %[[S]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %1 = graph.unsqueeze %s {axes = array<i64: 0, 1>} : tensor<f32> -> tensor<1x1xf32>
  // CHECK: %[[D2:.*]] = tensor.dim %[[M]], %c0
  // CHECK: %[[C:.*]] = tensor.expand_shape %[[M]] {{\[}}[0], [1, 2]] output_shape [%[[D2]], 128, 1] : tensor<?x128xi1> into tensor<?x128x1xi1>
  %2 = graph.unsqueeze %m {axes = array<i64: -1>} : tensor<?x128xi1> -> tensor<?x128x1xi1>
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0, %1, %2 : tensor<?x1x1x128xi1>, tensor<1x1xf32>, tensor<?x128x1xi1>
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK-SAME: (%[[X:.*]]: tensor<?x512x1x1xf32>, %[[Y:.*]]: tensor<2x3xf32>, %[[Z:.*]]: tensor<f32>)
func.func @flatten(%x: tensor<?x512x1x1xf32>, %y: tensor<2x3xf32>, %z: tensor<f32>) -> (tensor<?x512xf32>, tensor<1x6xf32>, tensor<6x1xf32>, tensor<1x1xf32>) {
  // CHECK: %[[A:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2, 3]] : tensor<?x512x1x1xf32> into tensor<?x512xf32>
  %0 = graph.flatten %x {axis = 1 : i64} : tensor<?x512x1x1xf32> -> tensor<?x512xf32>
  // CHECK: %[[V:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  // CHECK: %[[B:.*]] = tensor.expand_shape %[[V]] {{\[}}[0, 1]] output_shape [1, 6] : tensor<6xf32> into tensor<1x6xf32>
  %1 = graph.flatten %y {axis = 0 : i64} : tensor<2x3xf32> -> tensor<1x6xf32>
  // CHECK: %[[W:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  // CHECK: %[[C:.*]] = tensor.expand_shape %[[W]] {{\[}}[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %2 = graph.flatten %y {axis = 2 : i64} : tensor<2x3xf32> -> tensor<6x1xf32>
  // CHECK: %[[D:.*]] = tensor.expand_shape %[[Z]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %3 = graph.flatten %z {axis = 0 : i64} : tensor<f32> -> tensor<1x1xf32>
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
  return %0, %1, %2, %3 : tensor<?x512xf32>, tensor<1x6xf32>, tensor<6x1xf32>, tensor<1x1xf32>
}

// -----

// Static broadcasting is in the indexing map.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @expand_static
// CHECK-SAME: (%[[X:.*]]: tensor<1x4xf32>)
func.func @expand_static(%x: tensor<1x4xf32>) -> tensor<3x2x4xf32> {
  // CHECK: %[[INIT:.*]] = tensor.empty() : tensor<3x2x4xf32>
  // CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[BCAST]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
  // CHECK-SAME: ins(%[[X]] : tensor<1x4xf32>) outs(%[[INIT]] : tensor<3x2x4xf32>)
  // CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  %s = graph.constant dense<[3, 2, 4]> : tensor<3xi64>
  %0 = graph.expand %x, %s : tensor<1x4xf32>, tensor<3xi64> -> tensor<3x2x4xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<3x2x4xf32>
}

// -----

// A `?` dim kept by a shape entry of 1 maps to the result dim.
// CHECK-DAG: #[[BCAST:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @expand_keep_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x1xi64>)
func.func @expand_keep_dynamic(%x: tensor<?x1xi64>) -> tensor<?x5xi64> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[D]]) : tensor<?x5xi64>
  // CHECK: linalg.generic {indexing_maps = [#[[BCAST]], #{{.*}}]
  // CHECK-SAME: ins(%[[X]] : tensor<?x1xi64>) outs(%[[INIT]] : tensor<?x5xi64>)
  %s = graph.constant dense<[1, 5]> : tensor<2xi64>
  %0 = graph.expand %x, %s : tensor<?x1xi64>, tensor<2xi64> -> tensor<?x5xi64>
  return %0 : tensor<?x5xi64>
}

// -----

// A `?` dim that may be a runtime 1 under a larger result: read at
// select(dim == 1, 0, i) with tensor.extract.
// CHECK-LABEL: func.func @expand_dynamic
// CHECK-SAME: (%[[Y:.*]]: tensor<1x?x1xf32>, %[[S:.*]]: tensor<3xi64>)
func.func @expand_dynamic(%y: tensor<1x?x1xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  // CHECK: %[[INIT:.*]] = tensor.empty(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<?x?x?xf32>
  // CHECK: %[[D:.*]] = tensor.dim %[[Y]], %c1
  // CHECK: %[[UNIT:.*]] = arith.cmpi eq, %[[D]], %c1
  // CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x?x?xf32>)
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : index
  // CHECK: %[[P:.*]] = arith.select %[[UNIT]], %[[ZERO]], %[[I1]] : index
  // CHECK: %[[E:.*]] = tensor.extract %[[Y]][%[[ZERO]], %[[P]], %[[ZERO]]] : tensor<1x?x1xf32>
  // CHECK: linalg.yield %[[E]] : f32
  %0 = graph.expand %y, %s : tensor<1x?x1xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
func.func @tile(%x: tensor<?x4xf32>) -> tensor<?x12xf32> {
  // CHECK: %[[N:.*]] = arith.muli %{{.*}}, %c2 : index
  // CHECK: %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?x12xf32>
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %c0
  // CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%[[INIT]] : tensor<?x12xf32>)
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: %[[P0:.*]] = arith.remui %[[I0]], %[[D]] : index
  // CHECK: %[[P1:.*]] = arith.remui %[[I1]], %c4 : index
  // CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[P0]], %[[P1]]] : tensor<?x4xf32>
  // CHECK: linalg.yield %[[E]] : f32
  %0 = graph.tile %x {repeats = array<i64: 2, 3>} : tensor<?x4xf32> -> tensor<?x12xf32>
  // CHECK: return %[[R]]
  return %0 : tensor<?x12xf32>
}

// -----

// A repeat of 1 reads the index as is.
// CHECK-LABEL: func.func @tile_partial
func.func @tile_partial(%x: tensor<2x3xi8>) -> tensor<2x6xi8> {
  // CHECK: linalg.generic
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK-NOT: arith.remui %[[I0]]
  // CHECK: %[[P1:.*]] = arith.remui %[[I1]], %c3 : index
  // CHECK: tensor.extract %{{.*}}[%[[I0]], %[[P1]]] : tensor<2x3xi8>
  %0 = graph.tile %x {repeats = array<i64: 1, 2>} : tensor<2x3xi8> -> tensor<2x6xi8>
  return %0 : tensor<2x6xi8>
}

// -----

// An integer range with a limit computed at run time: the host computes the
// count and asserts it is valid; a generic writes start + i * delta.
// CHECK-LABEL: func.func @range_int
// CHECK: tensor.extract
// CHECK: arith.ceildivsi
// CHECK: kernel.check %{{.*}}, "graph.range: delta is zero or the range has too many elements"
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?xi64>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<i64>, tensor<i64>) outs(%[[E]] : tensor<?xi64>)
// CHECK: linalg.index 0
// CHECK: arith.muli
// CHECK: arith.addi
func.func @range_int(%s: tensor<i64>, %l: tensor<i64>, %d: tensor<i64>) -> tensor<?xi64> {
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// A float range: the count comes from a 0-d generic (a kernel: the host has
// no float arithmetic).
// CHECK-LABEL: func.func @range_float
// CHECK: %[[C:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>, tensor<f32>) outs(%{{.*}} : tensor<i64>)
// CHECK: arith.divf
// CHECK: arith.fptosi
// CHECK: tensor.extract %[[C]][] : tensor<i64>
// CHECK: kernel.check
// CHECK: linalg.generic
// CHECK: arith.sitofp
// CHECK: arith.mulf
func.func @range_float(%s: tensor<f32>, %l: tensor<f32>, %d: tensor<f32>) -> tensor<?xf32> {
  %0 = graph.range %s, %l, %d : tensor<f32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
