// Round trip of the indexing family (concat, slice, gather, pad, split):
// custom form, generic form and MLIR bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @concat
func.func @concat(%a: tensor<?x2xf32>, %b: tensor<?x3xf32>, %c: tensor<4xi8>) -> (tensor<?x5xf32>, tensor<4xi8>, tensor<?x5xf32>) {
  // CHECK: graph.concat %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x5xf32>
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x5xf32>
  // CHECK: graph.concat %{{.*}} {axis = -1 : i64} : tensor<4xi8> -> tensor<4xi8>
  %1 = graph.concat %c {axis = -1 : i64} : tensor<4xi8> -> tensor<4xi8>
  // A less refined declared result is accepted.
  // CHECK: graph.concat %{{.*}}, %{{.*}} {axis = -1 : i64} : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x?xf32>
  %2 = graph.concat %a, %b {axis = -1 : i64} : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x?xf32>
  %3 = tensor.cast %2 : tensor<?x?xf32> to tensor<?x5xf32>
  return %0, %1, %3 : tensor<?x5xf32>, tensor<4xi8>, tensor<?x5xf32>
}

// CHECK-LABEL: func.func @slice
func.func @slice(%x: tensor<?x8x5xf32>, %y: tensor<10xi64>, %z: tensor<2x?xbf16>) -> (tensor<?x3x5xf32>, tensor<3xi64>, tensor<2x?xbf16>, tensor<?x8x5xf32>) {
  // CHECK: graph.slice %{{.*}} {axes = array<i64: 1, -1>, ends = array<i64: -1, 9223372036854775807>, starts = array<i64: 1, 0>, steps = array<i64: 2, 1>} : tensor<?x8x5xf32> -> tensor<?x3x5xf32>
  %0 = graph.slice %x {starts = array<i64: 1, 0>, ends = array<i64: -1, 9223372036854775807>, axes = array<i64: 1, -1>, steps = array<i64: 2, 1>} : tensor<?x8x5xf32> -> tensor<?x3x5xf32>
  // Defaults: axes [0, n), steps all 1.
  // CHECK: graph.slice %{{.*}} {ends = array<i64: 5>, starts = array<i64: 2>} : tensor<10xi64> -> tensor<3xi64>
  %1 = graph.slice %y {starts = array<i64: 2>, ends = array<i64: 5>} : tensor<10xi64> -> tensor<3xi64>
  // CHECK: graph.slice %{{.*}} {axes = array<i64: 1>, ends = array<i64: -9223372036854775808>, starts = array<i64: -1>, steps = array<i64: -1>} : tensor<2x?xbf16> -> tensor<2x?xbf16>
  %2 = graph.slice %z {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -1>} : tensor<2x?xbf16> -> tensor<2x?xbf16>
  // No slices at all: the identity.
  // CHECK: graph.slice %{{.*}} {ends = array<i64>, starts = array<i64>} : tensor<?x8x5xf32> -> tensor<?x8x5xf32>
  %3 = graph.slice %x {starts = array<i64>, ends = array<i64>} : tensor<?x8x5xf32> -> tensor<?x8x5xf32>
  return %0, %1, %2, %3 : tensor<?x3x5xf32>, tensor<3xi64>, tensor<2x?xbf16>, tensor<?x8x5xf32>
}

// CHECK-LABEL: func.func @gather
func.func @gather(%t: tensor<1000x64xf32>, %i: tensor<?x16xi64>, %s: tensor<4xi64>, %j: tensor<i32>, %b: tensor<3x?xi1>) -> (tensor<?x16x64xf32>, tensor<i64>, tensor<3xi1>) {
  // CHECK: graph.gather %{{.*}}, %{{.*}} : tensor<1000x64xf32>, tensor<?x16xi64> -> tensor<?x16x64xf32>
  %0 = graph.gather %t, %i : tensor<1000x64xf32>, tensor<?x16xi64> -> tensor<?x16x64xf32>
  // CHECK: graph.gather %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i32> -> tensor<i64>
  %1 = graph.gather %s, %j {axis = 0 : i64} : tensor<4xi64>, tensor<i32> -> tensor<i64>
  // CHECK: graph.gather %{{.*}}, %{{.*}} {axis = -1 : i64} : tensor<3x?xi1>, tensor<i32> -> tensor<3xi1>
  %2 = graph.gather %b, %j {axis = -1 : i64} : tensor<3x?xi1>, tensor<i32> -> tensor<3xi1>
  return %0, %1, %2 : tensor<?x16x64xf32>, tensor<i64>, tensor<3xi1>
}

// CHECK-LABEL: func.func @pad
func.func @pad(%p: tensor<1x3x?x32xf32>, %q: tensor<4x?xi32>, %r: tensor<5xf16>) -> (tensor<1x3x?x34xf32>, tensor<3x?xi32>, tensor<7xf16>) {
  // CHECK: graph.pad %{{.*}} {mode = #graph.pad_mode<reflect>, pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>} : tensor<1x3x?x32xf32> -> tensor<1x3x?x34xf32>
  %0 = graph.pad %p {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, mode = #graph.pad_mode<reflect>} : tensor<1x3x?x32xf32> -> tensor<1x3x?x34xf32>
  // Constant mode (the default) with a crop and an integral fill.
  // CHECK: graph.pad %{{.*}} {pads = array<i64: -1, 2, 0, 0>, value = -7.000000e+00 : f64} : tensor<4x?xi32> -> tensor<3x?xi32>
  %1 = graph.pad %q {pads = array<i64: -1, 2, 0, 0>, mode = #graph.pad_mode<constant>, value = -7.0} : tensor<4x?xi32> -> tensor<3x?xi32>
  // CHECK: graph.pad %{{.*}} {mode = #graph.pad_mode<edge>, pads = array<i64: 2, 0>} : tensor<5xf16> -> tensor<7xf16>
  %2 = graph.pad %r {pads = array<i64: 2, 0>, mode = #graph.pad_mode<edge>} : tensor<5xf16> -> tensor<7xf16>
  return %0, %1, %2 : tensor<1x3x?x34xf32>, tensor<3x?xi32>, tensor<7xf16>
}

// CHECK-LABEL: func.func @split
func.func @split(%x: tensor<?x8xf32>, %y: tensor<7xf16>, %z: tensor<?x2xi8>) -> (tensor<?x2xf32>, tensor<?x6xf32>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>, tensor<?x2xi8>, tensor<?x2xi8>) {
  // CHECK: graph.split %{{.*}} {axis = -1 : i64, split = array<i64: 2, 6>} : tensor<?x8xf32> -> tensor<?x2xf32>, tensor<?x6xf32>
  %0:2 = graph.split %x {axis = -1 : i64, split = array<i64: 2, 6>} : tensor<?x8xf32> -> tensor<?x2xf32>, tensor<?x6xf32>
  // CHECK: graph.split %{{.*}} {num_outputs = 3 : i64} : tensor<7xf16> -> tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
  %1:3 = graph.split %y {axis = 0 : i64, num_outputs = 3 : i64} : tensor<7xf16> -> tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
  // CHECK: graph.split %{{.*}} {num_outputs = 2 : i64} : tensor<?x2xi8> -> tensor<?x2xi8>, tensor<?x2xi8>
  %2:2 = graph.split %z {num_outputs = 2 : i64} : tensor<?x2xi8> -> tensor<?x2xi8>, tensor<?x2xi8>
  return %0#0, %0#1, %1#0, %1#1, %1#2, %2#0, %2#1 : tensor<?x2xf32>, tensor<?x6xf32>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>, tensor<?x2xi8>, tensor<?x2xi8>
}

// CHECK-LABEL: func.func @dynamic_slice
func.func @dynamic_slice(%x: tensor<?x192xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>, %a: tensor<1xi32>, %t: tensor<1xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  // CHECK: graph.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  %0 = graph.dynamic_slice %x, %s, %e : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  // CHECK: graph.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}} axes %{{.*}} steps %{{.*}} : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<?x?xf32>
  %1 = graph.dynamic_slice %x, %s, %e axes %a steps %t : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<?x?xf32>
  // CHECK: graph.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}} steps %{{.*}} : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  %2 = graph.dynamic_slice %x, %s, %e steps %t : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// CHECK-LABEL: func.func @trilu
func.func @trilu(%x: tensor<?x8x8xf32>, %k: tensor<i64>) -> (tensor<?x8x8xf32>, tensor<?x8x8xf32>) {
  // CHECK: graph.trilu %{{.*}}, %{{.*}} {upper = false} : (tensor<?x8x8xf32>, tensor<i64>) -> tensor<?x8x8xf32>
  %0 = graph.trilu %x, %k {upper = false} : (tensor<?x8x8xf32>, tensor<i64>) -> tensor<?x8x8xf32>
  // CHECK: graph.trilu %{{.*}} : (tensor<?x8x8xf32>) -> tensor<?x8x8xf32>
  %1 = graph.trilu %x : (tensor<?x8x8xf32>) -> tensor<?x8x8xf32>
  return %0, %1 : tensor<?x8x8xf32>, tensor<?x8x8xf32>
}

// CHECK-LABEL: func.func @gathers_scatters
func.func @gathers_scatters(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>, %j: tensor<2x1xi32>, %v: tensor<2x4xf32>, %p: tensor<4xi64>) -> (tensor<3x2xf32>, tensor<2x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x?xf32>) {
  // CHECK: graph.gather_elements %{{.*}}, %{{.*}} {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  // CHECK: graph.gather_nd %{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<2x1xi32> -> tensor<2x4xf32>
  %1 = graph.gather_nd %x, %j : tensor<3x4xf32>, tensor<2x1xi32> -> tensor<2x4xf32>
  // CHECK: graph.scatter_elements %{{.*}}, %{{.*}}, %{{.*}} {axis = 1 : i64, reduction = #graph.scatter_reduction<max>} : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x4xf32>
  %2 = graph.scatter_elements %x, %i, %u {axis = 1 : i64, reduction = #graph.scatter_reduction<max>} : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x4xf32>
  // CHECK: graph.scatter_nd %{{.*}}, %{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32> -> tensor<3x4xf32>
  %3 = graph.scatter_nd %x, %j, %v : tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32> -> tensor<3x4xf32>
  // CHECK: graph.dynamic_pad %{{.*}}, %{{.*}} {mode = #graph.pad_mode<edge>} : tensor<3x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  %4 = graph.dynamic_pad %x, %p {mode = #graph.pad_mode<edge>} : tensor<3x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32>, tensor<2x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x?xf32>
}
