// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// Equal constants are uniqued; different ones stay.
// CHECK-LABEL: func.func @constant
// CHECK: %[[A:.*]] = graph.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK: %[[B:.*]] = graph.constant dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-NOT: graph.constant
// CHECK: return %[[A]], %[[A]], %[[B]]
func.func @constant() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %2 = graph.constant dense<[1.0, 3.0]> : tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @shape_of
// CHECK-DAG: %[[S:.*]] = graph.constant dense<[2, 0, 7]> : tensor<3xi64>
// CHECK-DAG: %[[E:.*]] = graph.constant dense<> : tensor<0xi64>
// CHECK-DAG: %[[D:.*]] = graph.shape_of %{{.*}} : tensor<?x4xf32> -> tensor<2xi64>
// CHECK: return %[[S]], %[[E]], %[[D]]
func.func @shape_of(%x: tensor<2x0x7xi8>, %y: tensor<f16>, %z: tensor<?x4xf32>) -> (tensor<3xi64>, tensor<0xi64>, tensor<2xi64>) {
  %0 = graph.shape_of %x : tensor<2x0x7xi8> -> tensor<3xi64>
  %1 = graph.shape_of %y : tensor<f16> -> tensor<0xi64>
  %2 = graph.shape_of %z : tensor<?x4xf32> -> tensor<2xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<0xi64>, tensor<2xi64>
}

// -----

// A static result folds to a splat; shape_of of a static tensor feeds it.
// CHECK-LABEL: func.func @constant_of_shape
// CHECK-DAG: %[[A:.*]] = graph.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<7> : tensor<4x5xi8>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<true> : tensor<i1>
// CHECK-NOT: graph.constant_of_shape
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @constant_of_shape(%x: tensor<4x5xf16>) -> (tensor<2x3xf32>, tensor<4x5xi8>, tensor<i1>) {
  %s = graph.constant dense<[2, 3]> : tensor<2xi64>
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<2x3xf32>
  %t = graph.shape_of %x : tensor<4x5xf16> -> tensor<2xi64>
  %1 = graph.constant_of_shape %t {value = dense<7> : tensor<1xi8>} : tensor<2xi64> -> tensor<4x5xi8>
  %e = graph.constant dense<> : tensor<0xi64>
  %2 = graph.constant_of_shape %e {value = dense<true> : tensor<i1>} : tensor<0xi64> -> tensor<i1>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<4x5xi8>, tensor<i1>
}

// -----

// A runtime shape, or a value held in a resource blob, does not fold.
// CHECK-LABEL: func.func @constant_of_shape_not_folded
// CHECK: graph.constant_of_shape %{{.*}} {value = dense<0.000000e+00> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
// CHECK: graph.constant_of_shape %{{.*}} {value = dense_resource<one> : tensor<1xf32>} : tensor<2xi64> -> tensor<2x3xf32>
func.func @constant_of_shape_not_folded(%s: tensor<2xi64>) -> (tensor<?x?xf32>, tensor<2x3xf32>) {
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  %c = graph.constant dense<[2, 3]> : tensor<2xi64>
  %1 = graph.constant_of_shape %c {value = dense_resource<one> : tensor<1xf32>} : tensor<2xi64> -> tensor<2x3xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<2x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      one: "0x040000000000803F"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<4> : tensor<3x2xi32>
// CHECK-NOT: graph.reshape
// CHECK: return %[[X]], %[[SPLAT]]
func.func @reshape(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<3x2xi32>) {
  %0 = graph.reshape %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  %c = graph.constant dense<4> : tensor<6xi32>
  %1 = graph.reshape %c, %s : tensor<6xi32>, tensor<2xi64> -> tensor<3x2xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x2xi32>
}

// -----

// Same but dynamic type or a dynamic result: no fold. A non-splat constant
// with a static result is only reinterpreted, so it folds.
// CHECK-LABEL: func.func @reshape_not_folded
// CHECK-DAG: graph.constant dense<{{\[\[}}1, 2]]> : tensor<1x2xi32>
// CHECK-DAG: graph.reshape %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
// CHECK-DAG: graph.reshape %{{.*}}, %{{.*}} : tensor<6xi32>, tensor<2xi64> -> tensor<?x?xi32>
// CHECK-NOT: graph.reshape
func.func @reshape_not_folded(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> (tensor<?x3xf32>, tensor<1x2xi32>, tensor<?x?xi32>) {
  %0 = graph.reshape %x, %s : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
  %c = graph.constant dense<[1, 2]> : tensor<2xi32>
  %1 = graph.reshape %c, %s : tensor<2xi32>, tensor<2xi64> -> tensor<1x2xi32>
  %d = graph.constant dense<4> : tensor<6xi32>
  %2 = graph.reshape %d, %s : tensor<6xi32>, tensor<2xi64> -> tensor<?x?xi32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<1x2xi32>, tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<1.500000e+00> : tensor<3x2xbf16>
// CHECK-NOT: graph.transpose
// CHECK: return %[[X]], %[[SPLAT]]
func.func @transpose(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<3x2xbf16>) {
  %0 = graph.transpose %x {perm = array<i64: 0, 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  %c = graph.constant dense<1.5> : tensor<2x3xbf16>
  %1 = graph.transpose %c {perm = array<i64: 1, 0>} : tensor<2x3xbf16> -> tensor<3x2xbf16>
  return %0, %1 : tensor<?x4xf32>, tensor<3x2xbf16>
}

// -----

// CHECK-LABEL: func.func @transpose_not_folded
// CHECK: graph.transpose %{{.*}} {perm = array<i64: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
// CHECK: graph.transpose %{{.*}} {perm = array<i64: 1, 0>} : tensor<2x2xi64> -> tensor<2x2xi64>
func.func @transpose_not_folded(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<2x2xi64>) {
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %c = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %1 = graph.transpose %c {perm = array<i64: 1, 0>} : tensor<2x2xi64> -> tensor<2x2xi64>
  return %0, %1 : tensor<4x4xf32>, tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @squeeze_unsqueeze
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[A:.*]] = graph.constant dense<2> : tensor<3xi8>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<false> : tensor<1x3x1xi1>
// CHECK-NOT: graph.squeeze
// CHECK-NOT: graph.unsqueeze
// CHECK: return %[[X]], %[[A]], %[[B]]
func.func @squeeze_unsqueeze(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xi8>, tensor<1x3x1xi1>) {
  %0 = graph.squeeze %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %c = graph.constant dense<2> : tensor<1x3x1xi8>
  %1 = graph.squeeze %c {axes = array<i64: 0, 2>} : tensor<1x3x1xi8> -> tensor<3xi8>
  %b = graph.constant dense<false> : tensor<3xi1>
  %2 = graph.unsqueeze %b {axes = array<i64: 0, -1>} : tensor<3xi1> -> tensor<1x3x1xi1>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<3xi8>, tensor<1x3x1xi1>
}

// -----

// Dynamic operands do not fold; a squeezed non-splat constant does.
// CHECK-LABEL: func.func @squeeze_unsqueeze_not_folded
// CHECK-DAG: graph.constant dense<[1, 2]> : tensor<2xi8>
// CHECK-DAG: graph.squeeze %{{.*}} {axes = array<i64: 0>} : tensor<1x?xf32> -> tensor<?xf32>
// CHECK-DAG: graph.unsqueeze %{{.*}} {axes = array<i64: 0>} : tensor<?xf32> -> tensor<1x?xf32>
// CHECK-NOT: graph.squeeze
func.func @squeeze_unsqueeze_not_folded(%x: tensor<1x?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<1x?xf32>, tensor<2xi8>) {
  %0 = graph.squeeze %x {axes = array<i64: 0>} : tensor<1x?xf32> -> tensor<?xf32>
  %1 = graph.unsqueeze %y {axes = array<i64: 0>} : tensor<?xf32> -> tensor<1x?xf32>
  %c = graph.constant dense<[[1, 2]]> : tensor<1x2xi8>
  %2 = graph.squeeze %c : tensor<1x2xi8> -> tensor<2xi8>
  return %0, %1, %2 : tensor<?xf32>, tensor<1x?xf32>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<3> : tensor<6x4xi64>
// CHECK-NOT: graph.flatten
// CHECK: return %[[X]], %[[X]], %[[SPLAT]]
func.func @flatten(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<6x4xi64>) {
  %0 = graph.flatten %x : tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = graph.flatten %x {axis = -1 : i64} : tensor<?x?xf32> -> tensor<?x?xf32>
  %c = graph.constant dense<3> : tensor<2x3x4xi64>
  %2 = graph.flatten %c {axis = 2 : i64} : tensor<2x3x4xi64> -> tensor<6x4xi64>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<6x4xi64>
}

// -----

// Equal (less refined) types alone are not the identity: axis 0 gives 1x(d0*d1).
// CHECK-LABEL: func.func @flatten_not_folded
// CHECK: graph.flatten %{{.*}} {axis = 0 : i64} : tensor<?x?xf32> -> tensor<?x?xf32>
// CHECK: graph.flatten %{{.*}} : tensor<2x3x4xi32> -> tensor<?x?xi32>
func.func @flatten_not_folded(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xi32>) {
  %0 = graph.flatten %x {axis = 0 : i64} : tensor<?x?xf32> -> tensor<?x?xf32>
  %c = graph.constant dense<3> : tensor<2x3x4xi32>
  %1 = graph.flatten %c : tensor<2x3x4xi32> -> tensor<?x?xi32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @expand
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi64>)
// CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<-1> : tensor<4x2x3xi32>
// CHECK-NOT: graph.expand
// CHECK: return %[[X]], %[[SPLAT]]
func.func @expand(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<4x2x3xi32>) {
  %0 = graph.expand %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  %c = graph.constant dense<-1> : tensor<1x3xi32>
  %t = graph.constant dense<[4, 2, 1]> : tensor<3xi64>
  %1 = graph.expand %c, %t : tensor<1x3xi32>, tensor<3xi64> -> tensor<4x2x3xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<4x2x3xi32>
}

// -----

// A `?` may be broadcast from 1: equal dynamic types do not fold.
// CHECK-LABEL: func.func @expand_not_folded
// CHECK: graph.expand %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
// CHECK: graph.expand %{{.*}}, %{{.*}} : tensor<1x3xi32>, tensor<2xi64> -> tensor<?x3xi32>
func.func @expand_not_folded(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> (tensor<?x3xf32>, tensor<?x3xi32>) {
  %0 = graph.expand %x, %s : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
  %c = graph.constant dense<-1> : tensor<1x3xi32>
  %1 = graph.expand %c, %s : tensor<1x3xi32>, tensor<2xi64> -> tensor<?x3xi32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xi32>
}

// -----

// CHECK-LABEL: func.func @tile
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf16>)
// CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<2.000000e+00> : tensor<4x0xf32>
// CHECK-NOT: graph.tile
// CHECK: return %[[X]], %[[SPLAT]]
func.func @tile(%x: tensor<?x4xf16>) -> (tensor<?x4xf16>, tensor<4x0xf32>) {
  %0 = graph.tile %x {repeats = array<i64: 1, 1>} : tensor<?x4xf16> -> tensor<?x4xf16>
  %c = graph.constant dense<2.0> : tensor<2x3xf32>
  %1 = graph.tile %c {repeats = array<i64: 2, 0>} : tensor<2x3xf32> -> tensor<4x0xf32>
  return %0, %1 : tensor<?x4xf16>, tensor<4x0xf32>
}

// -----

// CHECK-LABEL: func.func @tile_not_folded
// CHECK: graph.tile %{{.*}} {repeats = array<i64: 2, 1>} : tensor<?x4xf16> -> tensor<?x4xf16>
// CHECK: graph.tile %{{.*}} {repeats = array<i64: 2>} : tensor<2xi64> -> tensor<4xi64>
func.func @tile_not_folded(%x: tensor<?x4xf16>) -> (tensor<?x4xf16>, tensor<4xi64>) {
  %0 = graph.tile %x {repeats = array<i64: 2, 1>} : tensor<?x4xf16> -> tensor<?x4xf16>
  %c = graph.constant dense<[1, 2]> : tensor<2xi64>
  %1 = graph.tile %c {repeats = array<i64: 2>} : tensor<2xi64> -> tensor<4xi64>
  return %0, %1 : tensor<?x4xf16>, tensor<4xi64>
}
