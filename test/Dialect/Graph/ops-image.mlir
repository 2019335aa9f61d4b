// Round trip of the image family (resize, grid_sample, affine_grid): custom form, generic form and
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

// CHECK-LABEL: func.func @grid_sample
func.func @grid_sample(%x: tensor<?x3x8x8xf32>, %g: tensor<?x4x5x2xf32>, %v: tensor<1x2x3x4x5xi8>, %gv: tensor<1x6x7x8x3xf16>) -> (tensor<?x3x4x5xf32>, tensor<?x3x4x5xf32>, tensor<1x2x6x7x8xi8>) {
  // CHECK: graph.grid_sample %{{.*}}, %{{.*}} : (tensor<?x3x8x8xf32>, tensor<?x4x5x2xf32>) -> tensor<?x3x4x5xf32>
  %0 = graph.grid_sample %x, %g : (tensor<?x3x8x8xf32>, tensor<?x4x5x2xf32>) -> tensor<?x3x4x5xf32>
  // CHECK: graph.grid_sample %{{.*}}, %{{.*}} {align_corners = true, mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<reflection>} : (tensor<?x3x8x8xf32>, tensor<?x4x5x2xf32>) -> tensor<?x3x4x5xf32>
  %1 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<reflection>, align_corners = true} : (tensor<?x3x8x8xf32>, tensor<?x4x5x2xf32>) -> tensor<?x3x4x5xf32>
  // Nearest on integers, 3 spatial dims.
  // CHECK: graph.grid_sample %{{.*}}, %{{.*}} {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<border>} : (tensor<1x2x3x4x5xi8>, tensor<1x6x7x8x3xf16>) -> tensor<1x2x6x7x8xi8>
  %2 = graph.grid_sample %v, %gv {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<border>} : (tensor<1x2x3x4x5xi8>, tensor<1x6x7x8x3xf16>) -> tensor<1x2x6x7x8xi8>
  return %0, %1, %2 : tensor<?x3x4x5xf32>, tensor<?x3x4x5xf32>, tensor<1x2x6x7x8xi8>
}

// CHECK-LABEL: func.func @affine_grid
func.func @affine_grid(%t: tensor<2x2x3xf32>, %s: tensor<4xi64>, %t3: tensor<?x3x4xbf16>, %s3: tensor<5xi64>) -> (tensor<2x?x?x2xf32>, tensor<?x?x?x?x3xbf16>) {
  // CHECK: graph.affine_grid %{{.*}}, %{{.*}} : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x?x?x2xf32>
  %0 = graph.affine_grid %t, %s : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x?x?x2xf32>
  // CHECK: graph.affine_grid %{{.*}}, %{{.*}} {align_corners = true} : (tensor<?x3x4xbf16>, tensor<5xi64>) -> tensor<?x?x?x?x3xbf16>
  %1 = graph.affine_grid %t3, %s3 {align_corners = true} : (tensor<?x3x4xbf16>, tensor<5xi64>) -> tensor<?x?x?x?x3xbf16>
  return %0, %1 : tensor<2x?x?x2xf32>, tensor<?x?x?x?x3xbf16>
}
