// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// Canonicalization patterns of the graph ops (algebraic simplification that
// folders cannot express). Each pattern has a case where it fires and one
// where it must not; the expected shapes and values are worked out by hand
// in the comments.

// transpose(transpose(x, inner), outer) is transpose(x, composed) with
// composed[i] = inner[outer[i]].
// - inner [1, 2, 0], outer [2, 0, 1]: composed [0, 1, 2], the identity: x.
// - inner [1, 0, 2], outer [0, 2, 1]: composed [1, 2, 0] (2x3x4 -> 3x4x2).
// - An identity composition whose declared type is more refined than x's
//   keeps one identity transpose to carry that type.
// CHECK-LABEL: func.func @transpose_of_transpose
// CHECK: %[[C:.*]] = graph.transpose %arg0 {perm = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK: %[[R:.*]] = graph.transpose %arg1 {perm = array<i64: 0, 1>} : tensor<?x3xf32> -> tensor<2x3xf32>
// CHECK-NOT: graph.transpose
// CHECK: return %arg0, %[[C]], %[[R]]
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>, %y: tensor<?x3xf32>) -> (tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<2x3xf32>) {
  %0 = graph.transpose %x {perm = array<i64: 1, 2, 0>} : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = graph.transpose %0 {perm = array<i64: 2, 0, 1>} : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
  %2 = graph.transpose %x {perm = array<i64: 1, 0, 2>} : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  %3 = graph.transpose %2 {perm = array<i64: 0, 2, 1>} : tensor<3x2x4xf32> -> tensor<3x4x2xf32>
  %4 = graph.transpose %y {perm = array<i64: 1, 0>} : tensor<?x3xf32> -> tensor<3x?xf32>
  %5 = graph.transpose %4 {perm = array<i64: 1, 0>} : tensor<3x?xf32> -> tensor<2x3xf32>
  return %1, %3, %5 : tensor<2x3x4xf32>, tensor<3x4x2xf32>, tensor<2x3xf32>
}

// -----

// Must not fire: an op between the transposes; a `?` intermediate that
// hides sizes (2x3) disagreeing with the declared result (5x7): that
// program fails at run time, and a transpose of x to 5x7 would not verify.
// CHECK-LABEL: func.func @transpose_not_composed
// CHECK: %[[A:.*]] = graph.transpose %arg0 {perm = array<i64: 1, 0>}
// CHECK: %[[N:.*]] = graph.neg %[[A]]
// CHECK: %[[B:.*]] = graph.transpose %[[N]] {perm = array<i64: 1, 0>}
// CHECK: %[[C:.*]] = graph.transpose %arg0 {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<?x?xf32>
// CHECK: %[[D:.*]] = graph.transpose %[[C]] {perm = array<i64: 1, 0>} : tensor<?x?xf32> -> tensor<5x7xf32>
// CHECK: return %[[B]], %[[D]]
func.func @transpose_not_composed(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<5x7xf32>) {
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = graph.neg %0 : tensor<3x2xf32> -> tensor<3x2xf32>
  %2 = graph.transpose %1 {perm = array<i64: 1, 0>} : tensor<3x2xf32> -> tensor<2x3xf32>
  %3 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<?x?xf32>
  %4 = graph.transpose %3 {perm = array<i64: 1, 0>} : tensor<?x?xf32> -> tensor<5x7xf32>
  return %2, %4 : tensor<2x3xf32>, tensor<5x7xf32>
}

// -----

// reshape(r(x), s) is reshape(x, s) when no entry of s copies a dim of r(x):
// a constant s without 0 (a -1 is inferred from the element count, which
// every reshape keeps), or any s with allowzero. Works on dynamic shapes.
// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-DAG: %[[S:.*]] = graph.constant dense<[-1, 3, 4]> : tensor<3xi64>
// CHECK-DAG: %[[A:.*]] = graph.reshape %arg0, %[[S]] : tensor<?x12xf32>, tensor<3xi64> -> tensor<?x3x4xf32>
// CHECK-DAG: %[[B:.*]] = graph.reshape %arg0, %arg2 {allowzero = true} : tensor<?x12xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK-DAG: %[[C:.*]] = graph.reshape %arg0, %[[S]] : tensor<?x12xf32>, tensor<3xi64> -> tensor<?x3x4xf32>
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @reshape_of_reshape(%x: tensor<?x12xf32>, %s1: tensor<3xi64>, %s2: tensor<2xi64>) -> (tensor<?x3x4xf32>, tensor<?x?xf32>, tensor<?x3x4xf32>) {
  %s = graph.constant dense<[-1, 3, 4]> : tensor<3xi64>
  %0 = graph.reshape %x, %s1 : tensor<?x12xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  %1 = graph.reshape %0, %s : tensor<?x?x?xf32>, tensor<3xi64> -> tensor<?x3x4xf32>
  %2 = graph.reshape %0, %s2 {allowzero = true} : tensor<?x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  // A flatten in front of a reshape is dropped the same way.
  %3 = graph.flatten %x {axis = 0 : i64} : tensor<?x12xf32> -> tensor<1x?xf32>
  %4 = graph.reshape %3, %s : tensor<1x?xf32>, tensor<3xi64> -> tensor<?x3x4xf32>
  return %1, %2, %4 : tensor<?x3x4xf32>, tensor<?x?xf32>, tensor<?x3x4xf32>
}

// -----

// Must not fire: a 0 entry copies a dim of the intermediate (not of x), a
// runtime shape may hold such a 0, and the results are not static.
// CHECK-LABEL: func.func @reshape_of_reshape_kept
// CHECK: %[[A:.*]] = graph.reshape %arg0, %arg1 : tensor<?x12xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
// CHECK: %[[B:.*]] = graph.reshape %[[A]], %{{.*}} : tensor<?x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK: %[[C:.*]] = graph.reshape %[[A]], %arg2 : tensor<?x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK: return %[[B]], %[[C]]
func.func @reshape_of_reshape_kept(%x: tensor<?x12xf32>, %s1: tensor<3xi64>, %s2: tensor<2xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %s1 : tensor<?x12xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  %1 = graph.reshape %0, %s : tensor<?x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %2 = graph.reshape %0, %s2 : tensor<?x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// A chain of flatten/squeeze/unsqueeze/reshape with a static final type is
// one reshape to a constant shape (allowzero when the shape holds a 0), or
// x itself when x has that type.
// - unsqueeze [0] then flatten at 2: 2x3x4 -> 1x2x3x4 -> (1*2)x(3*4) = 2x12.
// - 0x4 -> unsqueeze [0] 1x0x4 -> flatten at 1: 1x0.
// - a runtime reshape of ?x6 squeezed to a declared 6: one reshape of x to
//   [6] (x's `?` is then 1).
// - 2x3 -> unsqueeze [1] 2x1x3 -> flatten at 1: 2x3, x's type.
// CHECK-LABEL: func.func @reshape_chain_static
// CHECK-DAG: %[[S1:.*]] = graph.constant dense<[2, 12]> : tensor<2xi64>
// CHECK-DAG: %[[S2:.*]] = graph.constant dense<[1, 0]> : tensor<2xi64>
// CHECK-DAG: %[[S3:.*]] = graph.constant dense<6> : tensor<1xi64>
// CHECK-DAG: %[[A:.*]] = graph.reshape %arg0, %[[S1]] : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<2x12xf32>
// CHECK-DAG: %[[B:.*]] = graph.reshape %arg1, %[[S2]] {allowzero = true} : tensor<0x4xf32>, tensor<2xi64> -> tensor<1x0xf32>
// CHECK-DAG: %[[C:.*]] = graph.reshape %arg2, %[[S3]] : tensor<?x6xf32>, tensor<1xi64> -> tensor<6xf32>
// CHECK-NOT: graph.unsqueeze
// CHECK-NOT: graph.flatten
// CHECK-NOT: graph.squeeze
// CHECK: return %[[A]], %[[B]], %[[C]], %arg3
func.func @reshape_chain_static(%x: tensor<2x3x4xf32>, %e: tensor<0x4xf32>, %d: tensor<?x6xf32>, %m: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<2x12xf32>, tensor<1x0xf32>, tensor<6xf32>, tensor<2x3xf32>) {
  %0 = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<1x2x3x4xf32>
  %1 = graph.flatten %0 {axis = 2 : i64} : tensor<1x2x3x4xf32> -> tensor<2x12xf32>
  %2 = graph.unsqueeze %e {axes = array<i64: 0>} : tensor<0x4xf32> -> tensor<1x0x4xf32>
  %3 = graph.flatten %2 {axis = 1 : i64} : tensor<1x0x4xf32> -> tensor<1x0xf32>
  %4 = graph.reshape %d, %s : tensor<?x6xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %5 = graph.squeeze %4 {axes = array<i64: 0>} : tensor<?x?xf32> -> tensor<6xf32>
  %6 = graph.unsqueeze %m {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x1x3xf32>
  %7 = graph.flatten %6 {axis = 1 : i64} : tensor<2x1x3xf32> -> tensor<2x3xf32>
  return %1, %3, %5, %7 : tensor<2x12xf32>, tensor<1x0xf32>, tensor<6xf32>, tensor<2x3xf32>
}

// -----

// Must not fire: a dynamic final shape, and a static one whose element
// count (4 * 5 = 20) differs from x's (2 * 3 = 6): that program fails at
// run time, and a reshape of x to 4x5 would not verify.
// CHECK-LABEL: func.func @reshape_chain_kept
// CHECK: %[[F:.*]] = graph.flatten %arg0 : tensor<?x3x4xf32> -> tensor<?x12xf32>
// CHECK: %[[U:.*]] = graph.unsqueeze %[[F]] {axes = array<i64: 0>} : tensor<?x12xf32> -> tensor<1x?x12xf32>
// CHECK: %[[R:.*]] = graph.reshape %arg1, %arg2 : tensor<2x3xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK: %[[G:.*]] = graph.flatten %[[R]] : tensor<?x?xf32> -> tensor<4x5xf32>
// CHECK: return %[[U]], %[[G]]
func.func @reshape_chain_kept(%x: tensor<?x3x4xf32>, %y: tensor<2x3xf32>, %s: tensor<2xi64>) -> (tensor<1x?x12xf32>, tensor<4x5xf32>) {
  %0 = graph.flatten %x {axis = 1 : i64} : tensor<?x3x4xf32> -> tensor<?x12xf32>
  %1 = graph.unsqueeze %0 {axes = array<i64: 0>} : tensor<?x12xf32> -> tensor<1x?x12xf32>
  %2 = graph.reshape %y, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %3 = graph.flatten %2 {axis = 1 : i64} : tensor<?x?xf32> -> tensor<4x5xf32>
  return %1, %3 : tensor<1x?x12xf32>, tensor<4x5xf32>
}

// -----

// squeeze(unsqueeze(x)) and unsqueeze(squeeze(x)) over the same dims are x
// (axes normalized: -2 of rank 4 is 2), also with dynamic sizes.
// CHECK-LABEL: func.func @squeeze_unsqueeze
// CHECK-NOT: graph.squeeze
// CHECK-NOT: graph.unsqueeze
// CHECK: return %arg0, %arg1
func.func @squeeze_unsqueeze(%x: tensor<?x4xf32>, %y: tensor<?x1x4xf32>) -> (tensor<?x4xf32>, tensor<?x1x4xf32>) {
  %0 = graph.unsqueeze %x {axes = array<i64: 0, 2>} : tensor<?x4xf32> -> tensor<1x?x1x4xf32>
  %1 = graph.squeeze %0 {axes = array<i64: -2, 0>} : tensor<1x?x1x4xf32> -> tensor<?x4xf32>
  %2 = graph.squeeze %y {axes = array<i64: 1>} : tensor<?x1x4xf32> -> tensor<?x4xf32>
  %3 = graph.unsqueeze %2 {axes = array<i64: -2>} : tensor<?x4xf32> -> tensor<?x1x4xf32>
  return %1, %3 : tensor<?x4xf32>, tensor<?x1x4xf32>
}

// -----

// Must not fire: other dims, and a removed `?` dim that comes back as a
// static 1 (x's type is not the result's).
// CHECK-LABEL: func.func @squeeze_unsqueeze_kept
// CHECK: %[[U:.*]] = graph.unsqueeze %arg0 {axes = array<i64: 0>} : tensor<?x1x4xf32> -> tensor<1x?x1x4xf32>
// CHECK: %[[S:.*]] = graph.squeeze %[[U]] {axes = array<i64: 2>} : tensor<1x?x1x4xf32> -> tensor<1x?x4xf32>
// CHECK: %[[T:.*]] = graph.squeeze %arg1 {axes = array<i64: 0>} : tensor<1x?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[V:.*]] = graph.unsqueeze %[[T]] {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1x4xf32>
// CHECK: %[[W:.*]] = graph.squeeze %arg2 {axes = array<i64: 1>} : tensor<?x?x4xf32> -> tensor<?x4xf32>
// CHECK: %[[X:.*]] = graph.unsqueeze %[[W]] {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1x4xf32>
// CHECK: return %[[S]], %[[V]], %[[X]]
func.func @squeeze_unsqueeze_kept(%x: tensor<?x1x4xf32>, %y: tensor<1x?x4xf32>, %z: tensor<?x?x4xf32>) -> (tensor<1x?x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>) {
  %0 = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<?x1x4xf32> -> tensor<1x?x1x4xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 2>} : tensor<1x?x1x4xf32> -> tensor<1x?x4xf32>
  %2 = graph.squeeze %y {axes = array<i64: 0>} : tensor<1x?x4xf32> -> tensor<?x4xf32>
  %3 = graph.unsqueeze %2 {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1x4xf32>
  %4 = graph.squeeze %z {axes = array<i64: 1>} : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %5 = graph.unsqueeze %4 {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1x4xf32>
  return %1, %3, %5 : tensor<1x?x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>
}

// -----

// expand(x, s) is x when s is no longer than x's rank and each entry is 1
// (keeps the size, even `?`) or x's static size there.
// CHECK-LABEL: func.func @expand_identity
// CHECK-NOT: graph.expand
// CHECK: return %arg0, %arg0
func.func @expand_identity(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %a = graph.constant dense<[1, 3]> : tensor<2xi64>
  %b = graph.constant dense<1> : tensor<1xi64>
  %0 = graph.expand %x, %a : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
  %1 = graph.expand %x, %b : tensor<?x3xf32>, tensor<1xi64> -> tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<?x3xf32>
}

// -----

// Must not fire: an entry other than 1 on a `?` dim, a longer shape (adds a
// dim), a runtime shape.
// CHECK-LABEL: func.func @expand_kept
// CHECK: graph.expand %arg0, %{{.*}} : tensor<?x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
// CHECK: graph.expand %arg0, %{{.*}} : tensor<?x3xf32>, tensor<3xi64> -> tensor<1x?x3xf32>
// CHECK: graph.expand %arg0, %arg1 : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
func.func @expand_kept(%x: tensor<?x3xf32>, %s: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<1x?x3xf32>, tensor<?x3xf32>) {
  %a = graph.constant dense<[2, 3]> : tensor<2xi64>
  %b = graph.constant dense<[1, 1, 3]> : tensor<3xi64>
  %0 = graph.expand %x, %a : tensor<?x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  %1 = graph.expand %x, %b : tensor<?x3xf32>, tensor<3xi64> -> tensor<1x?x3xf32>
  %2 = graph.expand %x, %s : tensor<?x3xf32>, tensor<2xi64> -> tensor<?x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<1x?x3xf32>, tensor<?x3xf32>
}

// -----

// shape_of(reshape(_, s)) is s when every entry of the constant s is a size
// (positive, or 0 with allowzero), even when the reshape's declared type is
// less refined; shape_of(constant_of_shape(s)) is s for any s.
// CHECK-LABEL: func.func @shape_of_shaped
// CHECK-DAG: %[[A:.*]] = graph.constant dense<[2, 6]> : tensor<2xi64>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[0, 5]> : tensor<2xi64>
// CHECK-NOT: graph.shape_of
// CHECK: return %[[A]], %[[B]], %arg2
func.func @shape_of_shaped(%x: tensor<?x12xf32>, %e: tensor<?x5xf32>, %s: tensor<3xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<3xi64>) {
  %a = graph.constant dense<[2, 6]> : tensor<2xi64>
  %b = graph.constant dense<[0, 5]> : tensor<2xi64>
  %0 = graph.reshape %x, %a : tensor<?x12xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %1 = graph.shape_of %0 : tensor<?x?xf32> -> tensor<2xi64>
  %2 = graph.reshape %e, %b {allowzero = true} : tensor<?x5xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %3 = graph.shape_of %2 : tensor<?x?xf32> -> tensor<2xi64>
  %4 = graph.constant_of_shape %s {value = dense<1.0> : tensor<1xf32>} : tensor<3xi64> -> tensor<?x?x?xf32>
  %5 = graph.shape_of %4 : tensor<?x?x?xf32> -> tensor<3xi64>
  return %1, %3, %5 : tensor<2xi64>, tensor<2xi64>, tensor<3xi64>
}

// -----

// Must not fire: a -1 (inferred) entry, a 0 without allowzero (a copy), a
// runtime shape.
// CHECK-LABEL: func.func @shape_of_shaped_kept
// CHECK-COUNT-3: graph.shape_of
func.func @shape_of_shaped_kept(%x: tensor<?x12xf32>, %s: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %a = graph.constant dense<[-1, 6]> : tensor<2xi64>
  %b = graph.constant dense<[0, 12]> : tensor<2xi64>
  %0 = graph.reshape %x, %a : tensor<?x12xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %1 = graph.shape_of %0 : tensor<?x?xf32> -> tensor<2xi64>
  %2 = graph.reshape %x, %b : tensor<?x12xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %3 = graph.shape_of %2 : tensor<?x?xf32> -> tensor<2xi64>
  %4 = graph.reshape %x, %s : tensor<?x12xf32>, tensor<2xi64> -> tensor<?x?xf32>
  %5 = graph.shape_of %4 : tensor<?x?xf32> -> tensor<2xi64>
  return %1, %3, %5 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

// -----

// gather of shape_of(x : ?x3x4) at constant indices of static dims:
// [2, -2] -> [4, 3]; a 0-d index -1 -> 4; i32 indices [1] -> [3].
// CHECK-LABEL: func.func @gather_of_shape
// CHECK-DAG: %[[A:.*]] = graph.constant dense<[4, 3]> : tensor<2xi64>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<4> : tensor<i64>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<3> : tensor<1xi64>
// CHECK-NOT: graph.gather
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @gather_of_shape(%x: tensor<?x3x4xf32>) -> (tensor<2xi64>, tensor<i64>, tensor<1xi64>) {
  %s = graph.shape_of %x : tensor<?x3x4xf32> -> tensor<3xi64>
  %i = graph.constant dense<[2, -2]> : tensor<2xi64>
  %j = graph.constant dense<-1> : tensor<i64>
  %k = graph.constant dense<1> : tensor<1xi32>
  %0 = graph.gather %s, %i : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  %1 = graph.gather %s, %j : tensor<3xi64>, tensor<i64> -> tensor<i64>
  %2 = graph.gather %s, %k : tensor<3xi64>, tensor<1xi32> -> tensor<1xi64>
  return %0, %1, %2 : tensor<2xi64>, tensor<i64>, tensor<1xi64>
}

// -----

// Must not fire: a dynamic dim selected (index 0, or -3), an index out of
// range (3), runtime indices.
// CHECK-LABEL: func.func @gather_of_shape_kept
// CHECK-COUNT-4: graph.gather
func.func @gather_of_shape_kept(%x: tensor<?x3x4xf32>, %r: tensor<1xi64>) -> (tensor<2xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>) {
  %s = graph.shape_of %x : tensor<?x3x4xf32> -> tensor<3xi64>
  %i = graph.constant dense<[1, 0]> : tensor<2xi64>
  %j = graph.constant dense<-3> : tensor<i64>
  %k = graph.constant dense<3> : tensor<1xi64>
  %0 = graph.gather %s, %i : tensor<3xi64>, tensor<2xi64> -> tensor<2xi64>
  %1 = graph.gather %s, %j : tensor<3xi64>, tensor<i64> -> tensor<i64>
  %2 = graph.gather %s, %k : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  %3 = graph.gather %s, %r : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  return %0, %1, %2, %3 : tensor<2xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>
}

// -----

// slice of shape_of(x : ?x3x4x5) selecting static dims:
// [1:INT64_MAX] -> dims 1, 2, 3 = [3, 4, 5];
// [-1:0:-2]: start 4 - 1 = 3, end 0, count ceil(3 / 2) = 2 -> dims 3, 1
// = [5, 3].
// CHECK-LABEL: func.func @slice_of_shape
// CHECK-DAG: %[[A:.*]] = graph.constant dense<[3, 4, 5]> : tensor<3xi64>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[5, 3]> : tensor<2xi64>
// CHECK-NOT: graph.slice
// CHECK: return %[[A]], %[[B]]
func.func @slice_of_shape(%x: tensor<?x3x4x5xf32>) -> (tensor<3xi64>, tensor<2xi64>) {
  %s = graph.shape_of %x : tensor<?x3x4x5xf32> -> tensor<4xi64>
  %0 = graph.slice %s {starts = array<i64: 1>, ends = array<i64: 9223372036854775807>} : tensor<4xi64> -> tensor<3xi64>
  %1 = graph.slice %s {starts = array<i64: -1>, ends = array<i64: 0>, steps = array<i64: -2>} : tensor<4xi64> -> tensor<2xi64>
  return %0, %1 : tensor<3xi64>, tensor<2xi64>
}

// -----

// Must not fire: the slice selects the dynamic dim 0 ([0:2] and [-2::-2],
// which is dims 2, 0).
// CHECK-LABEL: func.func @slice_of_shape_kept
// CHECK-COUNT-2: graph.slice
func.func @slice_of_shape_kept(%x: tensor<?x3x4x5xf32>) -> (tensor<2xi64>, tensor<2xi64>) {
  %s = graph.shape_of %x : tensor<?x3x4x5xf32> -> tensor<4xi64>
  %0 = graph.slice %s {starts = array<i64: 0>, ends = array<i64: 2>} : tensor<4xi64> -> tensor<2xi64>
  %1 = graph.slice %s {starts = array<i64: -2>, ends = array<i64: -9223372036854775808>, steps = array<i64: -2>} : tensor<4xi64> -> tensor<2xi64>
  return %0, %1 : tensor<2xi64>, tensor<2xi64>
}

// -----

// cast round trips through a type that holds every value exactly are x:
// i8 -> i32 -> i8, f16 -> f32 -> f16, bf16 -> f32 -> bf16, i1 -> i8 -> i1,
// i8 -> f16 -> i8 (|i8| <= 128 needs 7 of f16's 11 bits).
// CHECK-LABEL: func.func @cast_round_trip
// CHECK-NOT: graph.cast
// CHECK: return %arg0, %arg1, %arg2, %arg3, %arg0
func.func @cast_round_trip(%a: tensor<4xi8>, %b: tensor<4xf16>, %c: tensor<4xbf16>, %d: tensor<4xi1>) -> (tensor<4xi8>, tensor<4xf16>, tensor<4xbf16>, tensor<4xi1>, tensor<4xi8>) {
  %0 = graph.cast %a : tensor<4xi8> -> tensor<4xi32>
  %1 = graph.cast %0 : tensor<4xi32> -> tensor<4xi8>
  %2 = graph.cast %b : tensor<4xf16> -> tensor<4xf32>
  %3 = graph.cast %2 : tensor<4xf32> -> tensor<4xf16>
  %4 = graph.cast %c : tensor<4xbf16> -> tensor<4xf32>
  %5 = graph.cast %4 : tensor<4xf32> -> tensor<4xbf16>
  %6 = graph.cast %d : tensor<4xi1> -> tensor<4xi8>
  %7 = graph.cast %6 : tensor<4xi8> -> tensor<4xi1>
  %8 = graph.cast %a : tensor<4xi8> -> tensor<4xf16>
  %9 = graph.cast %8 : tensor<4xf16> -> tensor<4xi8>
  return %1, %3, %5, %7, %9 : tensor<4xi8>, tensor<4xf16>, tensor<4xbf16>, tensor<4xi1>, tensor<4xi8>
}

// -----

// Must not fire: the first cast loses values. f32 -> f16 rounds (and
// overflows), i32 -> i8 wraps, i32 -> f32 rounds above 2^24, f16 and bf16
// do not hold each other, i8 -> i1 keeps only zero/non-zero.
// CHECK-LABEL: func.func @cast_round_trip_kept
// CHECK-COUNT-10: graph.cast
// CHECK-NOT: graph.cast
func.func @cast_round_trip_kept(%a: tensor<4xf32>, %b: tensor<4xi32>, %c: tensor<4xf16>, %d: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf16>, tensor<4xi8>) {
  %0 = graph.cast %a : tensor<4xf32> -> tensor<4xf16>
  %1 = graph.cast %0 : tensor<4xf16> -> tensor<4xf32>
  %2 = graph.cast %b : tensor<4xi32> -> tensor<4xi8>
  %3 = graph.cast %2 : tensor<4xi8> -> tensor<4xi32>
  %4 = graph.cast %b : tensor<4xi32> -> tensor<4xf32>
  %5 = graph.cast %4 : tensor<4xf32> -> tensor<4xi32>
  %6 = graph.cast %c : tensor<4xf16> -> tensor<4xbf16>
  %7 = graph.cast %6 : tensor<4xbf16> -> tensor<4xf16>
  %8 = graph.cast %d : tensor<4xi8> -> tensor<4xi1>
  %9 = graph.cast %8 : tensor<4xi1> -> tensor<4xi8>
  return %1, %3, %5, %7, %9 : tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf16>, tensor<4xi8>
}

// -----

// cast(cast(x : A -> B) : B -> C) is cast(x : A -> C) when B holds every
// value of A (i8 -> i32 -> f32, f16 -> f32 -> i32), or when all are
// integers and B is at least as wide as C (i64 -> i32 -> i8 wraps to 8
// bits either way). A round trip that only refines the shape keeps one
// cast for the type.
// CHECK-LABEL: func.func @cast_chain
// CHECK: %[[A:.*]] = graph.cast %arg0 : tensor<4xi8> -> tensor<4xf32>
// CHECK: %[[B:.*]] = graph.cast %arg1 : tensor<4xf16> -> tensor<4xi32>
// CHECK: %[[C:.*]] = graph.cast %arg2 : tensor<4xi64> -> tensor<4xi8>
// CHECK: %[[D:.*]] = graph.cast %arg3 : tensor<?x4xi8> -> tensor<2x4xi8>
// CHECK-NOT: graph.cast
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @cast_chain(%a: tensor<4xi8>, %b: tensor<4xf16>, %c: tensor<4xi64>, %d: tensor<?x4xi8>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<2x4xi8>) {
  %0 = graph.cast %a : tensor<4xi8> -> tensor<4xi32>
  %1 = graph.cast %0 : tensor<4xi32> -> tensor<4xf32>
  %2 = graph.cast %b : tensor<4xf16> -> tensor<4xf32>
  %3 = graph.cast %2 : tensor<4xf32> -> tensor<4xi32>
  %4 = graph.cast %c : tensor<4xi64> -> tensor<4xi32>
  %5 = graph.cast %4 : tensor<4xi32> -> tensor<4xi8>
  %6 = graph.cast %d : tensor<?x4xi8> -> tensor<?x4xi32>
  %7 = graph.cast %6 : tensor<?x4xi32> -> tensor<2x4xi8>
  return %1, %3, %5, %7 : tensor<4xf32>, tensor<4xi32>, tensor<4xi8>, tensor<2x4xi8>
}

// -----

// Must not fire: i64 -> i8 -> i32 (the middle is narrower than the end:
// -129 gives 127, not -129), f32 -> f16 -> i32 (rounds first: 2049.0 gives
// 2048), i32 -> i1 -> i8 (2 gives 1, not 2), and an exact chain whose ends
// have incompatible shapes (2 and 3, hidden by a `?`: a cast from 2 to 3
// would not verify).
// CHECK-LABEL: func.func @cast_chain_kept
// CHECK-COUNT-8: graph.cast
// CHECK-NOT: graph.cast
func.func @cast_chain_kept(%a: tensor<4xi64>, %b: tensor<4xf32>, %c: tensor<4xi32>, %d: tensor<2xi8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<3xf32>) {
  %0 = graph.cast %a : tensor<4xi64> -> tensor<4xi8>
  %1 = graph.cast %0 : tensor<4xi8> -> tensor<4xi32>
  %2 = graph.cast %b : tensor<4xf32> -> tensor<4xf16>
  %3 = graph.cast %2 : tensor<4xf16> -> tensor<4xi32>
  %4 = graph.cast %c : tensor<4xi32> -> tensor<4xi1>
  %5 = graph.cast %4 : tensor<4xi1> -> tensor<4xi8>
  %6 = graph.cast %d : tensor<2xi8> -> tensor<?xi32>
  %7 = graph.cast %6 : tensor<?xi32> -> tensor<3xf32>
  return %1, %3, %5, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xi8>, tensor<3xf32>
}

// -----

// A splat operand that only raises the rank (leading 1s; its other sizes
// are 1 or x's static sizes) becomes a rank-0 splat, and the added dims an
// unsqueeze at the front: add(2x3, 1x1x1) is 1x2x3; sub keeps the operand
// order (5 - x); less gives i1.
// CHECK-LABEL: func.func @splat_rank
// CHECK-DAG: %[[TWO:.*]] = graph.constant dense<2.000000e+00> : tensor<f32>
// CHECK-DAG: %[[FIVE:.*]] = graph.constant dense<5> : tensor<i32>
// CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[A:.*]] = graph.add %arg0, %[[TWO]] : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
// CHECK: %[[UA:.*]] = graph.unsqueeze %[[A]] {axes = array<i64: 0>} : tensor<2x3xf32> -> tensor<1x2x3xf32>
// CHECK: %[[S:.*]] = graph.sub %[[FIVE]], %arg1 : tensor<i32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %[[US:.*]] = graph.unsqueeze %[[S]] {axes = array<i64: 0, 1>} : tensor<4xi32> -> tensor<1x1x4xi32>
// CHECK: %[[L:.*]] = graph.less %arg2, %[[ZERO]] : tensor<?x3xf32>, tensor<f32> -> tensor<?x3xi1>
// CHECK: %[[UL:.*]] = graph.unsqueeze %[[L]] {axes = array<i64: 0>} : tensor<?x3xi1> -> tensor<1x?x3xi1>
// CHECK: return %[[UA]], %[[US]], %[[UL]]
func.func @splat_rank(%x: tensor<2x3xf32>, %i: tensor<4xi32>, %d: tensor<?x3xf32>) -> (tensor<1x2x3xf32>, tensor<1x1x4xi32>, tensor<1x?x3xi1>) {
  %two = graph.constant dense<2.0> : tensor<1x1x1xf32>
  %five = graph.constant dense<5> : tensor<1x1x4xi32>
  %zero = graph.constant dense<0.0> : tensor<1x1x3xf32>
  %0 = graph.add %x, %two : tensor<2x3xf32>, tensor<1x1x1xf32> -> tensor<1x2x3xf32>
  %1 = graph.sub %five, %i : tensor<1x1x4xi32>, tensor<4xi32> -> tensor<1x1x4xi32>
  %2 = graph.less %d, %zero : tensor<?x3xf32>, tensor<1x1x3xf32> -> tensor<1x?x3xi1>
  return %0, %1, %2 : tensor<1x2x3xf32>, tensor<1x1x4xi32>, tensor<1x?x3xi1>
}

// -----

// With a splat 1 the shrunk mul folds away: x * 1 over 1x?x3 is
// unsqueeze(x).
// CHECK-LABEL: func.func @splat_rank_identity
// CHECK-NOT: graph.mul
// CHECK: %[[U:.*]] = graph.unsqueeze %arg0 {axes = array<i64: 0>} : tensor<?x3xf32> -> tensor<1x?x3xf32>
// CHECK: return %[[U]]
func.func @splat_rank_identity(%x: tensor<?x3xf32>) -> tensor<1x?x3xf32> {
  %one = graph.constant dense<1.0> : tensor<1x1x3xf32>
  %0 = graph.mul %x, %one : tensor<?x3xf32>, tensor<1x1x3xf32> -> tensor<1x?x3xf32>
  return %0 : tensor<1x?x3xf32>
}

// -----

// Must not fire: the splat widens a dim of x (2x3 with 3), sizes a `?` dim
// (1x3 with ?), has x's rank (1x3 with 2x3), or is not a splat.
// CHECK-LABEL: func.func @splat_rank_kept
// CHECK: graph.add %arg0, %{{.*}} : tensor<3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK: graph.add %arg1, %{{.*}} : tensor<?xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
// CHECK: graph.add %arg2, %{{.*}} : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
// CHECK: graph.add %arg0, %{{.*}} : tensor<3xf32>, tensor<1x1x3xf32> -> tensor<1x1x3xf32>
// CHECK-NOT: graph.unsqueeze
func.func @splat_rank_kept(%x: tensor<3xf32>, %d: tensor<?xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x1x3xf32>) {
  %a = graph.constant dense<2.0> : tensor<2x3xf32>
  %b = graph.constant dense<2.0> : tensor<1x3xf32>
  %c = graph.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %0 = graph.add %x, %a : tensor<3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.add %d, %b : tensor<?xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  %2 = graph.add %y, %b : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
  %3 = graph.add %x, %c : tensor<3xf32>, tensor<1x1x3xf32> -> tensor<1x1x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x1x3xf32>
}

// -----

// x * 1, 1 * x and x / 1 that broadcast x to a larger static result are
// expand(x, result shape): 1x3 * (2x3 ones) is x repeated twice; 3 / (2x1
// ones) is x repeated to 2x3.
// CHECK-LABEL: func.func @identity_broadcast
// CHECK-DAG: %[[S:.*]] = graph.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[A:.*]] = graph.expand %arg0, %[[S]] : tensor<1x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
// CHECK-DAG: %[[B:.*]] = graph.expand %arg0, %[[S]] : tensor<1x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
// CHECK-DAG: %[[C:.*]] = graph.expand %arg1, %[[S]] : tensor<3xi32>, tensor<2xi64> -> tensor<2x3xi32>
// CHECK-NOT: graph.mul
// CHECK-NOT: graph.div
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @identity_broadcast(%x: tensor<1x3xf32>, %i: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>) {
  %one = graph.constant dense<1.0> : tensor<2x3xf32>
  %ione = graph.constant dense<1> : tensor<2x1xi32>
  %0 = graph.mul %x, %one : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.mul %one, %x : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
  %2 = graph.div %i, %ione : tensor<3xi32>, tensor<2x1xi32> -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// Must not fire: a factor other than 1, 1 / x (not an identity), a dynamic
// result.
// CHECK-LABEL: func.func @identity_broadcast_kept
// CHECK: graph.mul %arg0, %{{.*}} : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK: graph.div %{{.*}}, %arg0 : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
// CHECK: graph.mul %arg1, %{{.*}} : tensor<1x?xf32>, tensor<2x1xf32> -> tensor<2x?xf32>
// CHECK-NOT: graph.expand
func.func @identity_broadcast_kept(%x: tensor<1x3xf32>, %d: tensor<1x?xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x?xf32>) {
  %two = graph.constant dense<2.0> : tensor<2x3xf32>
  %one = graph.constant dense<1.0> : tensor<2x3xf32>
  %col = graph.constant dense<1.0> : tensor<2x1xf32>
  %0 = graph.mul %x, %two : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.div %one, %x : tensor<2x3xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
  %2 = graph.mul %d, %col : tensor<1x?xf32>, tensor<2x1xf32> -> tensor<2x?xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x?xf32>
}

// -----

// x - x is 0 for integers: a splat when static, else
// constant_of_shape(shape_of(x)).
// CHECK-LABEL: func.func @sub_self
// CHECK-DAG: %[[Z:.*]] = graph.constant dense<0> : tensor<2x3xi32>
// CHECK-DAG: %[[S:.*]] = graph.shape_of %arg1 : tensor<?x3xi64> -> tensor<2xi64>
// CHECK-DAG: %[[D:.*]] = graph.constant_of_shape %[[S]] {value = dense<0> : tensor<1xi64>} : tensor<2xi64> -> tensor<?x3xi64>
// CHECK-NOT: graph.sub
// CHECK: return %[[Z]], %[[D]]
func.func @sub_self(%x: tensor<2x3xi32>, %y: tensor<?x3xi64>) -> (tensor<2x3xi32>, tensor<?x3xi64>) {
  %0 = graph.sub %x, %x : tensor<2x3xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
  %1 = graph.sub %y, %y : tensor<?x3xi64>, tensor<?x3xi64> -> tensor<?x3xi64>
  return %0, %1 : tensor<2x3xi32>, tensor<?x3xi64>
}

// -----

// Must not fire: floats (inf - inf and NaN - NaN are NaN), different
// operands.
// CHECK-LABEL: func.func @sub_self_kept
// CHECK: graph.sub %arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK: graph.sub %arg1, %arg2 : tensor<2x3xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
func.func @sub_self_kept(%x: tensor<2x3xf32>, %a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0 = graph.sub %x, %x : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.sub %a, %b : tensor<2x3xi32>, tensor<2x3xi32> -> tensor<2x3xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xi32>
}
