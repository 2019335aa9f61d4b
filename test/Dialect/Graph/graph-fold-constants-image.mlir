// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s

// graph-fold-constants on grid_sample and affine_grid: the reference
// evaluator's values, checked exactly. Expected values were computed
// independently with ONNX's reference implementation
// (onnx.reference.ReferenceEvaluator); inputs are dyadic so that every
// value is exact in f32. The grid's points, (x, y) normalized:
// (-1.5, -1) (-0.75, -0.25) (0, 0.5) / (1, 1.25) (0.25, -1.25) (1.75, 2.5),
// sampling the 3x4 image 0..11.

// CHECK-LABEL: func.func @grid_sample
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}0.000000e+00, 2.500000e+00, 8.500000e+00], [6.875000e-01, 2.500000e-01, 0.000000e+00]]]]> : tensor<1x1x2x3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}7.500000e-01, 3.375000e+00, 7.500000e+00], [1.000000e+01, 2.875000e+00, 3.875000e+00]]]]> : tensor<1x1x2x3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}1.000000e+00, 4.000000e+00, 1.000000e+01], [1.100000e+01, 2.000000e+00, 2.000000e+00]]]]> : tensor<1x1x2x3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}0.000000e+00, 4.000000e+00, 1.000000e+01], [1.100000e+01, 2.000000e+00, 0.000000e+00]]]]> : tensor<1x1x2x3xf32>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}-3.750000e-01, 2.11914063, 8.734375], [11.09375, 2.000000e+00, 1.100000e+01]]]]> : tensor<1x1x2x3xf32>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}0.6328125, 2.71582031, 8.250000e+00], [10.65625, 2.17773438, 3.08398438]]]]> : tensor<1x1x2x3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]]
func.func @grid_sample() -> (tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>) {
  %x = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]]]> : tensor<1x1x3x4xf32>
  %g = graph.constant dense<[[[[-1.5, -1.0], [-0.75, -0.25], [0.0, 0.5]], [[1.0, 1.25], [0.25, -1.25], [1.75, 2.5]]]]> : tensor<1x2x3x2xf32>
  %0 = graph.grid_sample %x, %g : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  %1 = graph.grid_sample %x, %g {padding_mode = #graph.grid_padding<reflection>, align_corners = true} : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  %2 = graph.grid_sample %x, %g {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<reflection>} : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  %3 = graph.grid_sample %x, %g {mode = #graph.resize_mode<nearest>, align_corners = true} : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  %4 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<border>} : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  %5 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<reflection>, align_corners = true} : (tensor<1x1x3x4xf32>, tensor<1x2x3x2xf32>) -> tensor<1x1x2x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>, tensor<1x1x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @affine_grid
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}-1.000000e+00, -2.187500e+00], [-5.000000e-01, -2.062500e+00], [0.000000e+00, -1.937500e+00], [5.000000e-01, -1.812500e+00]], {{\[\[}}-5.000000e-01, -1.875000e-01], [0.000000e+00, -6.250000e-02], [5.000000e-01, 6.250000e-02], [1.000000e+00, 1.875000e-01]]], {{\[\[}}[1.000000e+00, -5.000000e-01], [1.000000e+00, 0.000000e+00], [1.000000e+00, 5.000000e-01], [1.000000e+00, 1.000000e+00]], {{\[\[}}0.000000e+00, -5.000000e-01], [0.000000e+00, 0.000000e+00], [0.000000e+00, 5.000000e-01], [0.000000e+00, 1.000000e+00]]]]> : tensor<2x2x4x2xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}{{\[\[}}-1.500000e+00, -3.250000e+00], [-1.000000e+00, -3.125000e+00], [-5.000000e-01, -3.000000e+00], [0.000000e+00, -2.875000e+00], [5.000000e-01, -2.750000e+00]], {{\[\[}}-1.000000e+00, -1.250000e+00], [-5.000000e-01, -1.125000e+00], [0.000000e+00, -1.000000e+00], [5.000000e-01, -8.750000e-01], [1.000000e+00, -7.500000e-01]], {{\[\[}}-5.000000e-01, 7.500000e-01], [0.000000e+00, 8.750000e-01], [5.000000e-01, 1.000000e+00], [1.000000e+00, 1.125000e+00], [1.500000e+00, 1.250000e+00]]], {{\[\[}}[1.500000e+00, -7.500000e-01], [1.500000e+00, -2.500000e-01], [1.500000e+00, 2.500000e-01], [1.500000e+00, 7.500000e-01], [1.500000e+00, 1.250000e+00]], {{\[\[}}5.000000e-01, -7.500000e-01], [5.000000e-01, -2.500000e-01], [5.000000e-01, 2.500000e-01], [5.000000e-01, 7.500000e-01], [5.000000e-01, 1.250000e+00]], {{\[\[}}-5.000000e-01, -7.500000e-01], [-5.000000e-01, -2.500000e-01], [-5.000000e-01, 2.500000e-01], [-5.000000e-01, 7.500000e-01], [-5.000000e-01, 1.250000e+00]]]]> : tensor<2x3x5x2xf32>
// CHECK: return %[[R0]], %[[R1]]
func.func @affine_grid() -> (tensor<2x2x4x2xf32>, tensor<2x3x5x2xf32>) {
  %t = graph.constant dense<[[[1.0, 0.5, 0.0], [0.25, 2.0, -1.0]], [[0.0, -1.0, 0.5], [1.0, 0.0, 0.25]]]> : tensor<2x2x3xf32>
  %s = graph.constant dense<[2, 1, 2, 4]> : tensor<4xi64>
  %0 = graph.affine_grid %t, %s : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x2x4x2xf32>
  %s1 = graph.constant dense<[2, 1, 3, 5]> : tensor<4xi64>
  %1 = graph.affine_grid %t, %s1 {align_corners = true} : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x3x5x2xf32>
  return %0, %1 : tensor<2x2x4x2xf32>, tensor<2x3x5x2xf32>
}
