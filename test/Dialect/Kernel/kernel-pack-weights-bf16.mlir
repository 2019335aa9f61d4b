// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-pack-weights{panel-bytes=8 bf16-dot-products=true}))' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-pack-weights{panel-bytes=8}))' | FileCheck %s --check-prefix=OFF

// With panels of 2 f32 accumulators (8 bytes) and bf16 dot products, bf16
// A [8, 4] times a constant bf16 B [4, 4] into f32 (kernel-demote-products'
// matmul) reads B as [N/2, K/2, 2, 2]: panel q, step s, lane l holds
// B[2s .. 2s+1][2q + l]; A is read as [8, K/2, 2] and the accumulator
// written as [8, N/2, 2].
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d2, d4)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @pairs
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xbf16>, %[[INIT:.*]]: tensor<8x4xf32>)
// B[k][n] = 4k + n: panel 0 of step 0 is lanes (0, 4), (1, 5).
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0.000000e+00, 4.000000e+00], [1.000000e+00, 5.000000e+00]], {{\[\[}}8.000000e+00, 1.200000e+01], [9.000000e+00, 1.300000e+01]]], {{\[\[\[}}2.000000e+00, 6.000000e+00], [3.000000e+00, 7.000000e+00]], {{\[\[}}1.000000e+01, 1.400000e+01], [1.100000e+01, 1.500000e+01]]]]> : tensor<2x2x2x2xbf16>
// CHECK: %[[PAIRS:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2]] output_shape [8, 2, 2] : tensor<8x4xbf16> into tensor<8x2x2xbf16>
// CHECK: %[[ACC:.*]] = tensor.expand_shape %[[INIT]] {{\[\[}}0], [1, 2]] output_shape [8, 2, 2] : tensor<8x4xf32> into tensor<8x2x2xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[PAIRS]], %[[W]] : tensor<8x2x2xbf16>, tensor<2x2x2x2xbf16>) outs(%[[ACC]] : tensor<8x2x2xf32>)
// CHECK: arith.extf
// CHECK: arith.extf
// CHECK: tensor.collapse_shape %[[P]] {{\[\[}}0], [1, 2]] : tensor<8x2x2xf32> into tensor<8x4xf32>
// Without the option: panels as wide as 2 f32 accumulators (not 4 bf16).
// OFF-LABEL: func.func @pairs
// OFF: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x4xbf16>, tensor<2x4x2xbf16>) outs(%{{.*}} : tensor<8x2x2xf32>)
func.func @pairs(%x: tensor<8x4xbf16>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : tensor<4x4xbf16>
  %0 = linalg.matmul ins(%x, %w : tensor<8x4xbf16>, tensor<4x4xbf16>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// Odd K keeps the f32-wide panels.
// CHECK-LABEL: func.func @odd_k
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x3xbf16>, tensor<2x3x2xbf16>) outs(%{{.*}} : tensor<8x2x2xf32>)
func.func @odd_k(%x: tensor<8x3xbf16>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xbf16>
  %0 = linalg.matmul ins(%x, %w : tensor<8x3xbf16>, tensor<3x4xbf16>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
