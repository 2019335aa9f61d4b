// Round trip of the reduction family: custom form, generic form and MLIR
// bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @reduce_sum
func.func @reduce_sum(%x: tensor<?x768xf32>, %y: tensor<2x3xi64>) -> (tensor<?x1xf32>, tensor<1x1xi64>, tensor<3xi64>) {
  // CHECK: graph.reduce_sum %{{.*}} {axes = array<i64: -1>} : tensor<?x768xf32> -> tensor<?x1xf32>
  %0 = graph.reduce_sum %x {axes = array<i64: -1>, keepdims = true} : tensor<?x768xf32> -> tensor<?x1xf32>
  // CHECK: graph.reduce_sum %{{.*}} : tensor<2x3xi64> -> tensor<1x1xi64>
  %1 = graph.reduce_sum %y : tensor<2x3xi64> -> tensor<1x1xi64>
  // CHECK: graph.reduce_sum %{{.*}} {axes = array<i64: 0>, keepdims = false} : tensor<2x3xi64> -> tensor<3xi64>
  %2 = graph.reduce_sum %y {axes = array<i64: 0>, keepdims = false} : tensor<2x3xi64> -> tensor<3xi64>
  return %0, %1, %2 : tensor<?x1xf32>, tensor<1x1xi64>, tensor<3xi64>
}

// CHECK-LABEL: func.func @reduce_mean
func.func @reduce_mean(%x: tensor<?x64x7x7xf16>, %y: tensor<4xbf16>) -> (tensor<?x64x1x1xf16>, tensor<bf16>) {
  // CHECK: graph.reduce_mean %{{.*}} {axes = array<i64: 2, 3>} : tensor<?x64x7x7xf16> -> tensor<?x64x1x1xf16>
  %0 = graph.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<?x64x7x7xf16> -> tensor<?x64x1x1xf16>
  // CHECK: graph.reduce_mean %{{.*}} {keepdims = false} : tensor<4xbf16> -> tensor<bf16>
  %1 = graph.reduce_mean %y {keepdims = false} : tensor<4xbf16> -> tensor<bf16>
  return %0, %1 : tensor<?x64x1x1xf16>, tensor<bf16>
}

// CHECK-LABEL: func.func @reduce_max_min_prod
func.func @reduce_max_min_prod(%x: tensor<?x10xf32>, %y: tensor<4x?xi32>, %z: tensor<3x?xi8>) -> (tensor<?xf32>, tensor<1x1xi32>, tensor<?xi8>, tensor<?xi32>) {
  // CHECK: graph.reduce_max %{{.*}} {axes = array<i64: -1>, keepdims = false} : tensor<?x10xf32> -> tensor<?xf32>
  %0 = graph.reduce_max %x {axes = array<i64: -1>, keepdims = false} : tensor<?x10xf32> -> tensor<?xf32>
  // CHECK: graph.reduce_min %{{.*}} : tensor<4x?xi32> -> tensor<1x1xi32>
  %1 = graph.reduce_min %y : tensor<4x?xi32> -> tensor<1x1xi32>
  // CHECK: graph.reduce_prod %{{.*}} {axes = array<i64: 0>, keepdims = false} : tensor<3x?xi8> -> tensor<?xi8>
  %2 = graph.reduce_prod %z {axes = array<i64: 0>, keepdims = false} : tensor<3x?xi8> -> tensor<?xi8>
  // A declared result may be less refined than the inferred one.
  // CHECK: graph.reduce_min %{{.*}} {axes = array<i64: 1>, keepdims = false} : tensor<4x?xi32> -> tensor<?xi32>
  %3 = graph.reduce_min %y {axes = array<i64: 1>, keepdims = false} : tensor<4x?xi32> -> tensor<?xi32>
  return %0, %1, %2, %3 : tensor<?xf32>, tensor<1x1xi32>, tensor<?xi8>, tensor<?xi32>
}

// CHECK-LABEL: func.func @argmax_argmin
func.func @argmax_argmin(%x: tensor<?x1000xf32>, %y: tensor<4x?xi32>) -> (tensor<?xi64>, tensor<1x?xi64>, tensor<4x1xi64>, tensor<?x1xi64>) {
  // CHECK: graph.argmax %{{.*}} {axis = -1 : i64, keepdims = false} : tensor<?x1000xf32> -> tensor<?xi64>
  %0 = graph.argmax %x {axis = -1 : i64, keepdims = false} : tensor<?x1000xf32> -> tensor<?xi64>
  // CHECK: graph.argmax %{{.*}} : tensor<4x?xi32> -> tensor<1x?xi64>
  %1 = graph.argmax %y : tensor<4x?xi32> -> tensor<1x?xi64>
  // CHECK: graph.argmin %{{.*}} {axis = 1 : i64, select_last_index = true} : tensor<4x?xi32> -> tensor<4x1xi64>
  %2 = graph.argmin %y {axis = 1 : i64, select_last_index = true} : tensor<4x?xi32> -> tensor<4x1xi64>
  // CHECK: graph.argmin %{{.*}} {axis = 1 : i64} : tensor<?x1000xf32> -> tensor<?x1xi64>
  %3 = graph.argmin %x {axis = 1 : i64, keepdims = true, select_last_index = false} : tensor<?x1000xf32> -> tensor<?x1xi64>
  return %0, %1, %2, %3 : tensor<?xi64>, tensor<1x?xi64>, tensor<4x1xi64>, tensor<?x1xi64>
}

// CHECK-LABEL: func.func @dynamic_reduce
func.func @dynamic_reduce(%x: tensor<2x1x?xf32>, %a: tensor<2xi64>, %b: tensor<0xi64>, %y: tensor<4x?xi32>) -> (tensor<?x1x?xf32>, tensor<?xf32>, tensor<2x1x?xf32>, tensor<?x?xi32>) {
  // CHECK: graph.dynamic_reduce %{{.*}}, %{{.*}} {kind = #graph.reduce_kind<sum>} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?x1x?xf32>
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?x1x?xf32>
  // CHECK: graph.dynamic_reduce %{{.*}}, %{{.*}} {keepdims = false, kind = #graph.reduce_kind<mean>} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?xf32>
  %1 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<mean>, keepdims = false} : tensor<2x1x?xf32>, tensor<2xi64> -> tensor<?xf32>
  // CHECK: graph.dynamic_reduce %{{.*}}, %{{.*}} {kind = #graph.reduce_kind<max>, noop_with_empty_axes = true} : tensor<2x1x?xf32>, tensor<0xi64> -> tensor<2x1x?xf32>
  %2 = graph.dynamic_reduce %x, %b {kind = #graph.reduce_kind<max>, noop_with_empty_axes = true} : tensor<2x1x?xf32>, tensor<0xi64> -> tensor<2x1x?xf32>
  // CHECK: graph.dynamic_reduce %{{.*}}, %{{.*}} {kind = #graph.reduce_kind<prod>} : tensor<4x?xi32>, tensor<2xi64> -> tensor<?x?xi32>
  %3 = graph.dynamic_reduce %y, %a {kind = #graph.reduce_kind<prod>} : tensor<4x?xi32>, tensor<2xi64> -> tensor<?x?xi32>
  return %0, %1, %2, %3 : tensor<?x1x?xf32>, tensor<?xf32>, tensor<2x1x?xf32>, tensor<?x?xi32>
}

// CHECK-LABEL: func.func @cumsum
func.func @cumsum(%x: tensor<2x?xf32>, %a: tensor<i64>, %b: tensor<1xi32>, %y: tensor<5xi32>) -> (tensor<2x?xf32>, tensor<5xi32>) {
  // CHECK: graph.cumsum %{{.*}}, %{{.*}} : tensor<2x?xf32>, tensor<i64> -> tensor<2x?xf32>
  %0 = graph.cumsum %x, %a : tensor<2x?xf32>, tensor<i64> -> tensor<2x?xf32>
  // CHECK: graph.cumsum %{{.*}}, %{{.*}} {exclusive = true, reverse = true} : tensor<5xi32>, tensor<1xi32> -> tensor<5xi32>
  %1 = graph.cumsum %y, %b {exclusive = true, reverse = true} : tensor<5xi32>, tensor<1xi32> -> tensor<5xi32>
  return %0, %1 : tensor<2x?xf32>, tensor<5xi32>
}

// CHECK-LABEL: func.func @top_k
func.func @top_k(%x: tensor<?x1000xf32>, %k: tensor<1xi64>, %y: tensor<4x3xui64>) -> (tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x3xui64>, tensor<?x3xi64>) {
  // CHECK: %{{.*}}, %{{.*}} = graph.top_k %{{.*}}, %{{.*}} : tensor<?x1000xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  %0:2 = graph.top_k %x, %k : tensor<?x1000xf32>, tensor<1xi64> -> tensor<?x?xf32>, tensor<?x?xi64>
  // CHECK: %{{.*}}, %{{.*}} = graph.top_k %{{.*}}, %{{.*}} {axis = 0 : i64, largest = false, sorted = false} : tensor<4x3xui64>, tensor<1xi64> -> tensor<?x3xui64>, tensor<?x3xi64>
  %1:2 = graph.top_k %y, %k {axis = 0 : i64, largest = false, sorted = false} : tensor<4x3xui64>, tensor<1xi64> -> tensor<?x3xui64>, tensor<?x3xi64>
  return %0#0, %0#1, %1#0, %1#1 : tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x3xui64>, tensor<?x3xi64>
}
