// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-rewrite-convolutions{panel-bytes=8}))' -split-input-file | FileCheck %s

// With panels of 2 f32 (8 bytes), a constant [F=4, 1, 1, C=3] NHWC filter
// becomes [F/2, C, 2] (panel q, row c: filters 2q and 2q+1 of channel c),
// and the product writes the accumulator viewed as [P, F/2, 2].

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @panels
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]], {{\[\[}}7.000000e+00, 1.000000e+01], [8.000000e+00, 1.100000e+01], [9.000000e+00, 1.200000e+01]]]> : tensor<2x3x2xf32>
// CHECK-DAG: %[[ACC:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : tensor<1x2x2x4xf32> into tensor<4x4xf32>
// CHECK: %[[ACC3:.*]] = tensor.expand_shape %[[ACC]] {{\[\[}}0], [1, 2]] output_shape [4, 2, 2] : tensor<4x4xf32> into tensor<4x2x2xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %[[W]] : tensor<4x3xf32>, tensor<2x3x2xf32>) outs(%[[ACC3]] : tensor<4x2x2xf32>)
// CHECK: %[[P2:.*]] = tensor.collapse_shape %[[P]] {{\[\[}}0], [1, 2]] : tensor<4x2x2xf32> into tensor<4x4xf32>
// CHECK: tensor.expand_shape %[[P2]] {{\[\[}}0, 1, 2], [3]] output_shape [1, 2, 2, 4]
func.func @panels(%x: tensor<1x2x2x3xf32>, %b: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0, 3.0]]], [[[4.0, 5.0, 6.0]]], [[[7.0, 8.0, 9.0]]], [[[10.0, 11.0, 12.0]]]]> : tensor<4x1x1x3xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x2x2x3xf32>, tensor<4x1x1x3xf32>) outs(%b : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// -----

// Panels need a constant filter and F a multiple of the panel width (and
// more than one panel): otherwise the [K, F] matrix.

// CHECK-LABEL: func.func @odd_filters
// CHECK: arith.constant {{.*}} : tensor<3x3xf32>
// CHECK-NOT: tensor.expand_shape {{.*}} into tensor<4x
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
func.func @odd_filters(%x: tensor<1x2x2x3xf32>, %b: tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %w = arith.constant dense<1.0> : tensor<3x1x1x3xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x2x2x3xf32>, tensor<3x1x1x3xf32>) outs(%b : tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}
