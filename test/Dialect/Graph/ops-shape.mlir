// Round trip of the constant and shape family: custom form, generic form and
// MLIR bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @constants_dense
func.func @constants_dense() -> (tensor<2xf32>, tensor<2x2xf16>, tensor<3xbf16>, tensor<2x2xi64>, tensor<i32>, tensor<3xi8>, tensor<2xi1>, tensor<0x4xf32>) {
  // CHECK: graph.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: graph.constant dense<{{\[\[}}1.000000e+00, -2.500000e-01], [0.000000e+00, 6.550400e+04]]> : tensor<2x2xf16>
  %1 = graph.constant dense<[[1.0, -0.25], [0.0, 65504.0]]> : tensor<2x2xf16>
  // CHECK: graph.constant dense<5.000000e-01> : tensor<3xbf16>
  %2 = graph.constant dense<0.5> : tensor<3xbf16>
  // CHECK: graph.constant dense<{{\[\[}}1, 2], [3, -9223372036854775808]]> : tensor<2x2xi64>
  %3 = graph.constant dense<[[1, 2], [3, -9223372036854775808]]> : tensor<2x2xi64>
  // CHECK: graph.constant dense<-7> : tensor<i32>
  %4 = graph.constant dense<-7> : tensor<i32>
  // CHECK: graph.constant dense<[-128, 0, 127]> : tensor<3xi8>
  %5 = graph.constant dense<[-128, 0, 127]> : tensor<3xi8>
  // CHECK: graph.constant dense<[true, false]> : tensor<2xi1>
  %6 = graph.constant dense<[true, false]> : tensor<2xi1>
  // CHECK: graph.constant dense<> : tensor<0x4xf32>
  %7 = graph.constant dense<> : tensor<0x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2x2xf16>, tensor<3xbf16>, tensor<2x2xi64>, tensor<i32>, tensor<3xi8>, tensor<2xi1>, tensor<0x4xf32>
}

// CHECK-LABEL: func.func @constants_resource
func.func @constants_resource() -> (tensor<2x3xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<2xi32>, tensor<4xi8>, tensor<4xi1>) {
  // CHECK: graph.constant dense_resource<weight_f32> : tensor<2x3xf32>
  %0 = graph.constant dense_resource<weight_f32> : tensor<2x3xf32>
  // CHECK: graph.constant dense_resource<weight_f16> : tensor<2xf16>
  %1 = graph.constant dense_resource<weight_f16> : tensor<2xf16>
  // CHECK: graph.constant dense_resource<weight_bf16> : tensor<2xbf16>
  %2 = graph.constant dense_resource<weight_bf16> : tensor<2xbf16>
  // CHECK: graph.constant dense_resource<weight_i64> : tensor<2xi64>
  %3 = graph.constant dense_resource<weight_i64> : tensor<2xi64>
  // CHECK: graph.constant dense_resource<weight_i32> : tensor<2xi32>
  %4 = graph.constant dense_resource<weight_i32> : tensor<2xi32>
  // CHECK: graph.constant dense_resource<weight_i8> : tensor<4xi8>
  %5 = graph.constant dense_resource<weight_i8> : tensor<4xi8>
  // CHECK: graph.constant dense_resource<weight_i1> : tensor<4xi1>
  %6 = graph.constant dense_resource<weight_i1> : tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<2xi32>, tensor<4xi8>, tensor<4xi1>
}

// CHECK-LABEL: func.func @shape_of
func.func @shape_of(%x: tensor<?x4x?xf16>, %s: tensor<i1>) -> (tensor<3xi64>, tensor<0xi64>) {
  // CHECK: graph.shape_of %{{.*}} : tensor<?x4x?xf16> -> tensor<3xi64>
  %0 = graph.shape_of %x : tensor<?x4x?xf16> -> tensor<3xi64>
  // CHECK: graph.shape_of %{{.*}} : tensor<i1> -> tensor<0xi64>
  %1 = graph.shape_of %s : tensor<i1> -> tensor<0xi64>
  return %0, %1 : tensor<3xi64>, tensor<0xi64>
}

// CHECK-LABEL: func.func @constant_of_shape
func.func @constant_of_shape(%s: tensor<2xi64>) -> (tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<2x3xbf16>) {
  // CHECK: graph.constant_of_shape %{{.*}} {value = dense<0.000000e+00> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  // CHECK: graph.constant_of_shape %{{.*}} {value = dense<-1> : tensor<1xi64>} : tensor<2xi64> -> tensor<?x?xi64>
  %1 = graph.constant_of_shape %s {value = dense<-1> : tensor<1xi64>} : tensor<2xi64> -> tensor<?x?xi64>
  // CHECK: graph.constant_of_shape %{{.*}} {value = dense<true> : tensor<i1>} : tensor<2xi64> -> tensor<?x?xi1>
  %2 = graph.constant_of_shape %s {value = dense<true> : tensor<i1>} : tensor<2xi64> -> tensor<?x?xi1>
  // CHECK: %[[C:.*]] = graph.constant dense<[2, 3]> : tensor<2xi64>
  // CHECK: graph.constant_of_shape %[[C]] {value = dense<1.000000e+00> : tensor<1xbf16>} : tensor<2xi64> -> tensor<2x3xbf16>
  %c = graph.constant dense<[2, 3]> : tensor<2xi64>
  %3 = graph.constant_of_shape %c {value = dense<1.0> : tensor<1xbf16>} : tensor<2xi64> -> tensor<2x3xbf16>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: tensor<?x12x64xf32>, %s: tensor<3xi64>, %i: tensor<2x3xi8>) -> (tensor<?x768xf32>, tensor<?x?x?xf32>, tensor<?x?x?xi8>, tensor<6xi8>) {
  // CHECK: %[[C:.*]] = graph.constant dense<[0, -1]> : tensor<2xi64>
  // CHECK: graph.reshape %{{.*}}, %[[C]] : tensor<?x12x64xf32>, tensor<2xi64> -> tensor<?x768xf32>
  %c = graph.constant dense<[0, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %c : tensor<?x12x64xf32>, tensor<2xi64> -> tensor<?x768xf32>
  // CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<?x12x64xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  %1 = graph.reshape %x, %s : tensor<?x12x64xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  // CHECK: graph.reshape %{{.*}}, %{{.*}} {allowzero = true} : tensor<2x3xi8>, tensor<3xi64> -> tensor<?x?x?xi8>
  %2 = graph.reshape %i, %s {allowzero = true} : tensor<2x3xi8>, tensor<3xi64> -> tensor<?x?x?xi8>
  // CHECK: graph.reshape %{{.*}}, %{{.*}} : tensor<2x3xi8>, tensor<1xi64> -> tensor<6xi8>
  %c6 = graph.constant dense<6> : tensor<1xi64>
  %3 = graph.reshape %i, %c6 {allowzero = false} : tensor<2x3xi8>, tensor<1xi64> -> tensor<6xi8>
  return %0, %1, %2, %3 : tensor<?x768xf32>, tensor<?x?x?xf32>, tensor<?x?x?xi8>, tensor<6xi8>
}

// CHECK-LABEL: func.func @transpose
func.func @transpose(%x: tensor<?x128x12x64xf32>, %b: tensor<2x?xi1>) -> (tensor<?x12x128x64xf32>, tensor<?x2xi1>) {
  // CHECK: graph.transpose %{{.*}} {perm = array<i64: 0, 2, 1, 3>} : tensor<?x128x12x64xf32> -> tensor<?x12x128x64xf32>
  %0 = graph.transpose %x {perm = array<i64: 0, 2, 1, 3>} : tensor<?x128x12x64xf32> -> tensor<?x12x128x64xf32>
  // CHECK: graph.transpose %{{.*}} {perm = array<i64: 1, 0>} : tensor<2x?xi1> -> tensor<?x2xi1>
  %1 = graph.transpose %b {perm = array<i64: 1, 0>} : tensor<2x?xi1> -> tensor<?x2xi1>
  return %0, %1 : tensor<?x12x128x64xf32>, tensor<?x2xi1>
}

// CHECK-LABEL: func.func @squeeze_unsqueeze
func.func @squeeze_unsqueeze(%x: tensor<?x768x1xf32>, %y: tensor<1x3x1xi32>, %m: tensor<?x128xi1>) -> (tensor<?x768xf32>, tensor<3xi32>, tensor<?x1x1x128xi1>, tensor<?x128x1xi1>) {
  // CHECK: graph.squeeze %{{.*}} {axes = array<i64: -1>} : tensor<?x768x1xf32> -> tensor<?x768xf32>
  %0 = graph.squeeze %x {axes = array<i64: -1>} : tensor<?x768x1xf32> -> tensor<?x768xf32>
  // CHECK: graph.squeeze %{{.*}} : tensor<1x3x1xi32> -> tensor<3xi32>
  %1 = graph.squeeze %y : tensor<1x3x1xi32> -> tensor<3xi32>
  // CHECK: graph.unsqueeze %{{.*}} {axes = array<i64: 1, 2>} : tensor<?x128xi1> -> tensor<?x1x1x128xi1>
  %2 = graph.unsqueeze %m {axes = array<i64: 1, 2>} : tensor<?x128xi1> -> tensor<?x1x1x128xi1>
  // CHECK: graph.unsqueeze %{{.*}} {axes = array<i64: -1>} : tensor<?x128xi1> -> tensor<?x128x1xi1>
  %3 = graph.unsqueeze %m {axes = array<i64: -1>} : tensor<?x128xi1> -> tensor<?x128x1xi1>
  return %0, %1, %2, %3 : tensor<?x768xf32>, tensor<3xi32>, tensor<?x1x1x128xi1>, tensor<?x128x1xi1>
}

// CHECK-LABEL: func.func @flatten
func.func @flatten(%x: tensor<?x512x1x1xf16>, %y: tensor<2x3x4xi64>) -> (tensor<?x512xf16>, tensor<1x24xi64>, tensor<6x4xi64>) {
  // CHECK: graph.flatten %{{.*}} : tensor<?x512x1x1xf16> -> tensor<?x512xf16>
  %0 = graph.flatten %x {axis = 1 : i64} : tensor<?x512x1x1xf16> -> tensor<?x512xf16>
  // CHECK: graph.flatten %{{.*}} {axis = 0 : i64} : tensor<2x3x4xi64> -> tensor<1x24xi64>
  %1 = graph.flatten %y {axis = 0 : i64} : tensor<2x3x4xi64> -> tensor<1x24xi64>
  // CHECK: graph.flatten %{{.*}} {axis = -1 : i64} : tensor<2x3x4xi64> -> tensor<6x4xi64>
  %2 = graph.flatten %y {axis = -1 : i64} : tensor<2x3x4xi64> -> tensor<6x4xi64>
  return %0, %1, %2 : tensor<?x512xf16>, tensor<1x24xi64>, tensor<6x4xi64>
}

// CHECK-LABEL: func.func @expand_tile
func.func @expand_tile(%x: tensor<1x?x1xf32>, %s: tensor<3xi64>, %y: tensor<?x4xbf16>) -> (tensor<?x?x?xf32>, tensor<2x?x5xf32>, tensor<?x12xbf16>, tensor<?x0xbf16>) {
  // CHECK: graph.expand %{{.*}}, %{{.*}} : tensor<1x?x1xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  %0 = graph.expand %x, %s : tensor<1x?x1xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  // CHECK: graph.expand %{{.*}}, %{{.*}} : tensor<1x?x1xf32>, tensor<3xi64> -> tensor<2x?x5xf32>
  %c = graph.constant dense<[2, 1, 5]> : tensor<3xi64>
  %1 = graph.expand %x, %c : tensor<1x?x1xf32>, tensor<3xi64> -> tensor<2x?x5xf32>
  // CHECK: graph.tile %{{.*}} {repeats = array<i64: 1, 3>} : tensor<?x4xbf16> -> tensor<?x12xbf16>
  %2 = graph.tile %y {repeats = array<i64: 1, 3>} : tensor<?x4xbf16> -> tensor<?x12xbf16>
  // CHECK: graph.tile %{{.*}} {repeats = array<i64: 2, 0>} : tensor<?x4xbf16> -> tensor<?x0xbf16>
  %3 = graph.tile %y {repeats = array<i64: 2, 0>} : tensor<?x4xbf16> -> tensor<?x0xbf16>
  return %0, %1, %2, %3 : tensor<?x?x?xf32>, tensor<2x?x5xf32>, tensor<?x12xbf16>, tensor<?x0xbf16>
}

{-#
  dialect_resources: {
    builtin: {
      weight_f32: "0x040000000000803F0000004000004040000080400000A0400000C040",
      weight_f16: "0x02000000003C0040",
      weight_bf16: "0x02000000803F0040",
      weight_i64: "0x0800000001000000000000000200000000000000",
      weight_i32: "0x040000000100000002000000",
      weight_i8: "0x0100000001020304",
      weight_i1: "0x0100000001000100"
    }
  }
#-}

// CHECK-LABEL: func.func @range
func.func @range(%s: tensor<i64>, %l: tensor<i64>, %d: tensor<i64>, %f: tensor<f16>) -> (tensor<?xi64>, tensor<?xf16>) {
  // CHECK: graph.range %{{.*}}, %{{.*}}, %{{.*}} : tensor<i64> -> tensor<?xi64>
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<?xi64>
  // CHECK: graph.range %{{.*}}, %{{.*}}, %{{.*}} : tensor<f16> -> tensor<?xf16>
  %1 = graph.range %f, %f, %f : tensor<f16> -> tensor<?xf16>
  return %0, %1 : tensor<?xi64>, tensor<?xf16>
}
