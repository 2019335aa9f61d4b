// RUN: strata-opt %s --kernel-rewrite-convolutions=pointwise-only=true -split-input-file | FileCheck %s

// What GPUs get: a 1x1 convolution with unit strides becomes a product of
// its input, already a matrix (no copy), and the filter; every other
// convolution stays a convolution (no im2col copy, no Winograd).

// CHECK-LABEL: func.func @pointwise
//       CHECK:   %[[COL:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3]] : tensor<2x5x5x2xf32> into tensor<2x25x2xf32>
//       CHECK:   linalg.generic {{.*}} ins(%[[COL]], %{{.*}} : tensor<2x25x2xf32>, tensor<2x3xf32>)
//   CHECK-NOT:   linalg.conv_2d
func.func @pointwise(%x: tensor<2x5x5x2xf32>, %b: tensor<2x5x5x3xf32>) -> tensor<2x5x5x3xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]], [[[5.0, 6.0]]]]> : tensor<3x1x1x2xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<2x5x5x2xf32>, tensor<3x1x1x2xf32>) outs(%b : tensor<2x5x5x3xf32>) -> tensor<2x5x5x3xf32>
  return %0 : tensor<2x5x5x3xf32>
}

// -----

// CHECK-LABEL: func.func @window
//   CHECK-NOT:   tensor.collapse_shape
//       CHECK:   linalg.conv_2d_nhwc_fhwc
func.func @window(%x: tensor<1x8x8x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x8x8x4xf32>, tensor<8x3x3x4xf32>) outs(%b : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

// A strided 1x1 convolution reads every other pixel: not a matrix.
// CHECK-LABEL: func.func @strided_pointwise
//       CHECK:   linalg.conv_2d_nchw_fchw
func.func @strided_pointwise(%x: tensor<1x4x8x8xf32>, %w: tensor<8x4x1x1xf32>, %b: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<1x4x8x8xf32>, tensor<8x4x1x1xf32>) outs(%b : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}
