// Round trip of the image family (resize): custom form, generic form and
// MLIR bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @resize
func.func @resize(%x: tensor<?x3x8x8xf32>, %s: tensor<4xf32>, %z: tensor<4xi64>, %i: tensor<2x5xi8>, %zi: tensor<2xi64>) -> (tensor<?x3x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xi8>, tensor<?x?x?x?xf32>) {
  // CHECK: graph.resize %{{.*}} scales %{{.*}} {mode = #graph.resize_mode<linear>} : (tensor<?x3x8x8xf32>, tensor<4xf32>) -> tensor<?x3x?x?xf32>
  %0 = graph.resize %x scales %s {mode = #graph.resize_mode<linear>} : (tensor<?x3x8x8xf32>, tensor<4xf32>) -> tensor<?x3x?x?xf32>
  // CHECK: graph.resize %{{.*}} sizes %{{.*}} {coordinate_mode = #graph.coordinate_mode<align_corners>, cubic_coeff_a = -5.000000e-01 : f64, exclude_outside = true, mode = #graph.resize_mode<cubic>} : (tensor<?x3x8x8xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  %1 = graph.resize %x sizes %z {mode = #graph.resize_mode<cubic>, coordinate_mode = #graph.coordinate_mode<align_corners>, cubic_coeff_a = -0.5 : f64, exclude_outside = true} : (tensor<?x3x8x8xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  // CHECK: graph.resize %{{.*}} sizes %{{.*}} {coordinate_mode = #graph.coordinate_mode<asymmetric>, nearest_mode = #graph.nearest_mode<ceil>} : (tensor<2x5xi8>, tensor<2xi64>) -> tensor<?x?xi8>
  %2 = graph.resize %i sizes %zi {coordinate_mode = #graph.coordinate_mode<asymmetric>, nearest_mode = #graph.nearest_mode<ceil>} : (tensor<2x5xi8>, tensor<2xi64>) -> tensor<?x?xi8>
  // Both: sizes give the result, scales the coordinate mapping.
  // CHECK: graph.resize %{{.*}} scales %{{.*}} sizes %{{.*}} : (tensor<?x3x8x8xf32>, tensor<4xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  %3 = graph.resize %x scales %s sizes %z : (tensor<?x3x8x8xf32>, tensor<4xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3 : tensor<?x3x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?xi8>, tensor<?x?x?x?xf32>
}
