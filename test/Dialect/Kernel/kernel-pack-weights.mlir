// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-pack-weights{panel-bytes=8}))' | FileCheck %s

// With panels of 2 f32 (8 bytes), a matmul of an [8, 3] A and a constant
// [3, 4] B reads B as [N/2, K, 2] (panel q, row k: columns 2q and 2q+1 of
// row k) and writes its accumulator viewed as [8, 2, 2].

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @panels
// CHECK-SAME: (%[[X:.*]]: tensor<8x3xf32>, %[[INIT:.*]]: tensor<8x4xf32>)
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00], [5.000000e+00, 6.000000e+00], [9.000000e+00, 1.000000e+01]], {{\[\[}}3.000000e+00, 4.000000e+00], [7.000000e+00, 8.000000e+00], [1.100000e+01, 1.200000e+01]]]> : tensor<2x3x2xf32>
// CHECK: %[[ACC:.*]] = tensor.expand_shape %[[INIT]] {{\[\[}}0], [1, 2]] output_shape [8, 2, 2] : tensor<8x4xf32> into tensor<8x2x2xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<8x3xf32>, tensor<2x3x2xf32>) outs(%[[ACC]] : tensor<8x2x2xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[P]] {{\[\[}}0], [1, 2]] : tensor<8x2x2xf32> into tensor<8x4xf32>
// CHECK: return %[[R]]
func.func @panels(%x: tensor<8x3xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<8x3xf32>, tensor<3x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// A dynamic M is packed too.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2]] output_shape [%{{.*}}, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<?x2x2xf32>)
func.func @dynamic_rows(%x: tensor<?x3xf32>, %init: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %0 = linalg.matmul ins(%x, %w : tensor<?x3xf32>, tensor<3x4xf32>) outs(%init : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// Left alone: at most 4 rows (graph-prepack-weights' matrix-vector
// panels), a splat B, N not a multiple of the panel width, a B that is no
// constant.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: linalg.generic
// CHECK-COUNT-4: linalg.matmul
// CHECK-NOT: linalg.generic
func.func @left_alone(%x4: tensor<4x3xf32>, %init4: tensor<4x4xf32>, %x: tensor<8x3xf32>, %init: tensor<8x4xf32>, %init3: tensor<8x3xf32>, %b: tensor<3x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>, tensor<8x3xf32>, tensor<8x4xf32>) {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %splat = arith.constant dense<0.5> : tensor<3x4xf32>
  %w3 = arith.constant dense<[[1.0, 2.0, 3.0], [5.0, 6.0, 7.0], [9.0, 10.0, 11.0]]> : tensor<3x3xf32>
  %0 = linalg.matmul ins(%x4, %w : tensor<4x3xf32>, tensor<3x4xf32>) outs(%init4 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = linalg.matmul ins(%x, %splat : tensor<8x3xf32>, tensor<3x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  %2 = linalg.matmul ins(%x, %w3 : tensor<8x3xf32>, tensor<3x3xf32>) outs(%init3 : tensor<8x3xf32>) -> tensor<8x3xf32>
  %3 = linalg.matmul ins(%x, %b : tensor<8x3xf32>, tensor<3x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0, %1, %2, %3 : tensor<4x4xf32>, tensor<8x4xf32>, tensor<8x3xf32>, tensor<8x4xf32>
}

// A transpose of a constant, through a reshape (a depthwise filter [C, 3, 3,
// 1] made [3, 3, C]), becomes the transposed constant.
// CHECK-LABEL: func.func @constant_transpose
// CHECK-NOT: linalg.transpose
// CHECK: %[[T:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 5.000000e+00], [2.000000e+00, 6.000000e+00]], {{\[\[}}3.000000e+00, 7.000000e+00], [4.000000e+00, 8.000000e+00]]]> : tensor<2x2x2xf32>
// CHECK: return %[[T]]
func.func @constant_transpose() -> tensor<2x2x2xf32> {
  %w = arith.constant dense<[[[[1.0], [2.0]], [[3.0], [4.0]]], [[[5.0], [6.0]], [[7.0], [8.0]]]]> : tensor<2x2x2x1xf32>
  %c = tensor.collapse_shape %w [[0], [1], [2, 3]] : tensor<2x2x2x1xf32> into tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<2x2x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x2x2xf32>) outs(%e : tensor<2x2x2xf32>) permutation = [1, 2, 0]
  return %t : tensor<2x2x2xf32>
}
