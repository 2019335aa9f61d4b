// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// Reducing only static size-1 dims and keeping them is the identity.
// CHECK-LABEL: func.func @reduce_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x1x4xf32>, %[[Y:.*]]: tensor<1x1xi32>)
// CHECK-NOT: graph.reduce
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[Y]]
func.func @reduce_identity(%x: tensor<?x1x4xf32>, %y: tensor<1x1xi32>) -> (tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<1x1xi32>) {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<?x1x4xf32> -> tensor<?x1x4xf32>
  %1 = graph.reduce_mean %x {axes = array<i64: -2>} : tensor<?x1x4xf32> -> tensor<?x1x4xf32>
  %2 = graph.reduce_max %x {axes = array<i64: 1>} : tensor<?x1x4xf32> -> tensor<?x1x4xf32>
  %3 = graph.reduce_min %x {axes = array<i64: 1>} : tensor<?x1x4xf32> -> tensor<?x1x4xf32>
  %4 = graph.reduce_prod %x {axes = array<i64: 1>} : tensor<?x1x4xf32> -> tensor<?x1x4xf32>
  %5 = graph.reduce_prod %y : tensor<1x1xi32> -> tensor<1x1xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<1x1xi32>
}

// -----

// Not the identity: a `?` dim, a dim of size 4, or a size-1 dim dropped.
// CHECK-LABEL: func.func @reduce_not_identity
// CHECK: graph.reduce_sum %{{.*}} {axes = array<i64: 0>} : tensor<?x1xf32> -> tensor<?x1xf32>
// CHECK: graph.reduce_prod %{{.*}} {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1xf32>
// CHECK: graph.reduce_max %{{.*}} {axes = array<i64: 1>, keepdims = false} : tensor<?x1xf32> -> tensor<?xf32>
// CHECK: graph.reduce_min %{{.*}} : tensor<?x1xf32> -> tensor<?x1xf32>
func.func @reduce_not_identity(%x: tensor<?x1xf32>, %y: tensor<?x4xf32>) -> (tensor<?x1xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<?x1xf32>) {
  %0 = graph.reduce_sum %x {axes = array<i64: 0>} : tensor<?x1xf32> -> tensor<?x1xf32>
  %1 = graph.reduce_prod %y {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  %2 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<?x1xf32> -> tensor<?xf32>
  %3 = graph.reduce_min %x : tensor<?x1xf32> -> tensor<?x1xf32>
  return %0, %1, %2, %3 : tensor<?x1xf32>, tensor<?x1xf32>, tensor<?xf32>, tensor<?x1xf32>
}

// -----

// max, min and mean of a splat are the splat.
// CHECK-LABEL: func.func @reduce_splat
// CHECK-DAG: %[[A:.*]] = graph.constant dense<2.500000e+00> : tensor<2x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<-3> : tensor<i8>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<1.500000e+00> : tensor<3xf16>
// CHECK-NOT: graph.reduce
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @reduce_splat() -> (tensor<2x1xf32>, tensor<i8>, tensor<3xf16>) {
  %c = graph.constant dense<2.5> : tensor<2x8xf32>
  %i = graph.constant dense<-3> : tensor<4x5xi8>
  %h = graph.constant dense<1.5> : tensor<3x7xf16>
  %0 = graph.reduce_mean %c {axes = array<i64: 1>} : tensor<2x8xf32> -> tensor<2x1xf32>
  %1 = graph.reduce_max %i {keepdims = false} : tensor<4x5xi8> -> tensor<i8>
  %2 = graph.reduce_min %h {axes = array<i64: -1>, keepdims = false} : tensor<3x7xf16> -> tensor<3xf16>
  return %0, %1, %2 : tensor<2x1xf32>, tensor<i8>, tensor<3xf16>
}

// -----

// Sums and products of splats, non-splat constants and empty inputs stay.
// CHECK-LABEL: func.func @reduce_splat_not_folded
// CHECK: graph.reduce_sum
// CHECK: graph.reduce_prod
// CHECK: graph.reduce_max
// CHECK: graph.reduce_mean
func.func @reduce_splat_not_folded() -> (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) {
  %c = graph.constant dense<2.0> : tensor<4xf32>
  %n = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = graph.constant dense<1.0> : tensor<0xf32>
  %0 = graph.reduce_sum %c : tensor<4xf32> -> tensor<1xf32>
  %1 = graph.reduce_prod %c : tensor<4xf32> -> tensor<1xf32>
  %2 = graph.reduce_max %n : tensor<2xf32> -> tensor<1xf32>
  %3 = graph.reduce_mean %e : tensor<0xf32> -> tensor<1xf32>
  return %0, %1, %2, %3 : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
}

// -----

// argmax/argmin along a static size-1 dim, or of a splat, is a constant.
// CHECK-LABEL: func.func @arg_constant
// CHECK-DAG: %[[Z:.*]] = graph.constant dense<0> : tensor<4x1xi64>
// CHECK-DAG: %[[S:.*]] = graph.constant dense<0> : tensor<3xi64>
// CHECK-DAG: %[[L:.*]] = graph.constant dense<6> : tensor<3x1xi64>
// CHECK-NOT: graph.arg
// CHECK: return %[[Z]], %[[Z]], %[[S]], %[[L]]
func.func @arg_constant(%x: tensor<4x1xf32>) -> (tensor<4x1xi64>, tensor<4x1xi64>, tensor<3xi64>, tensor<3x1xi64>) {
  %c = graph.constant dense<5> : tensor<3x7xi32>
  %0 = graph.argmax %x {axis = 1 : i64} : tensor<4x1xf32> -> tensor<4x1xi64>
  %1 = graph.argmin %x {axis = -1 : i64, select_last_index = true} : tensor<4x1xf32> -> tensor<4x1xi64>
  %2 = graph.argmax %c {axis = 1 : i64, keepdims = false} : tensor<3x7xi32> -> tensor<3xi64>
  %3 = graph.argmin %c {axis = 1 : i64, select_last_index = true} : tensor<3x7xi32> -> tensor<3x1xi64>
  return %0, %1, %2, %3 : tensor<4x1xi64>, tensor<4x1xi64>, tensor<3xi64>, tensor<3x1xi64>
}

// -----

// Not constant: a real reduction, a dynamic result, a non-splat constant.
// CHECK-LABEL: func.func @arg_not_constant
// CHECK: graph.argmax %{{.*}} : tensor<4x1xf32> -> tensor<1x1xi64>
// CHECK: graph.argmin %{{.*}} {axis = 1 : i64} : tensor<?x1xf32> -> tensor<?x1xi64>
// CHECK: graph.argmax %{{.*}} : tensor<2xf32> -> tensor<1xi64>
func.func @arg_not_constant(%x: tensor<4x1xf32>, %y: tensor<?x1xf32>) -> (tensor<1x1xi64>, tensor<?x1xi64>, tensor<1xi64>) {
  %n = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.argmax %x : tensor<4x1xf32> -> tensor<1x1xi64>
  %1 = graph.argmin %y {axis = 1 : i64} : tensor<?x1xf32> -> tensor<?x1xi64>
  %2 = graph.argmax %n : tensor<2xf32> -> tensor<1xi64>
  return %0, %1, %2 : tensor<1x1xi64>, tensor<?x1xi64>, tensor<1xi64>
}

// -----

// dynamic_reduce with constant axes becomes the static reduction of its
// kind; empty axes reduce everything, or nothing with noop_with_empty_axes.
// CHECK-LABEL: func.func @dynamic_reduce_to_static
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[E:.*]]: tensor<0xi64>)
// CHECK-NOT: graph.dynamic_reduce
// CHECK-DAG: %[[S:.*]] = graph.reduce_sum %[[X]] {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x1xf32>
// CHECK-DAG: %[[M:.*]] = graph.reduce_mean %[[X]] {axes = array<i64: -2>, keepdims = false} : tensor<2x3xf32> -> tensor<3xf32>
// CHECK-DAG: %[[MX:.*]] = graph.reduce_max %[[X]] {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x1xf32>
// CHECK-DAG: %[[MN:.*]] = graph.reduce_min %[[X]] {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x1xf32>
// CHECK-DAG: %[[P:.*]] = graph.reduce_prod %[[X]] : tensor<2x3xf32> -> tensor<1x1xf32>
// CHECK: return %[[S]], %[[M]], %[[MX]], %[[MN]], %[[P]], %[[X]]
func.func @dynamic_reduce_to_static(%x: tensor<2x3xf32>, %e: tensor<0xi64>) -> (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<1x1xf32>, tensor<2x3xf32>) {
  %a = graph.constant dense<1> : tensor<1xi64>
  %b = graph.constant dense<-2> : tensor<1xi64>
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x1xf32>
  %1 = graph.dynamic_reduce %x, %b {kind = #graph.reduce_kind<mean>, keepdims = false} : tensor<2x3xf32>, tensor<1xi64> -> tensor<3xf32>
  %2 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<max>} : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x1xf32>
  %3 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<min>} : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x1xf32>
  %4 = graph.dynamic_reduce %x, %e {kind = #graph.reduce_kind<prod>} : tensor<2x3xf32>, tensor<0xi64> -> tensor<1x1xf32>
  %5 = graph.dynamic_reduce %x, %e {kind = #graph.reduce_kind<sum>, noop_with_empty_axes = true} : tensor<2x3xf32>, tensor<0xi64> -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<1x1xf32>, tensor<2x3xf32>
}

// -----

// Axes from an argument stay.
// CHECK-LABEL: func.func @dynamic_reduce_stays
// CHECK: graph.dynamic_reduce
func.func @dynamic_reduce_stays(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x3xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// An inclusive running sum along a static size-1 dim is its input; an
// exclusive one (zeros), another dim or an axis from an argument stay.
// CHECK-LABEL: func.func @cumsum_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4x1xf32>, %[[A:.*]]: tensor<i64>)
// CHECK: %[[E:.*]] = graph.cumsum %[[X]], %{{.*}} {exclusive = true}
// CHECK: %[[D:.*]] = graph.cumsum %[[X]], %{{.*}} :
// CHECK: %[[R:.*]] = graph.cumsum %[[X]], %[[A]] :
// CHECK: return %[[X]], %[[X]], %[[E]], %[[D]], %[[R]]
func.func @cumsum_identity(%x: tensor<4x1xf32>, %a: tensor<i64>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %c1 = graph.constant dense<1> : tensor<i64>
  %cm1 = graph.constant dense<-1> : tensor<1xi32>
  %c0 = graph.constant dense<0> : tensor<i64>
  %0 = graph.cumsum %x, %c1 : tensor<4x1xf32>, tensor<i64> -> tensor<4x1xf32>
  %1 = graph.cumsum %x, %cm1 {reverse = true} : tensor<4x1xf32>, tensor<1xi32> -> tensor<4x1xf32>
  %2 = graph.cumsum %x, %c1 {exclusive = true} : tensor<4x1xf32>, tensor<i64> -> tensor<4x1xf32>
  %3 = graph.cumsum %x, %c0 : tensor<4x1xf32>, tensor<i64> -> tensor<4x1xf32>
  %4 = graph.cumsum %x, %a : tensor<4x1xf32>, tensor<i64> -> tensor<4x1xf32>
  return %0, %1, %2, %3, %4 : tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}
