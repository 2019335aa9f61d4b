// RUN: strata-opt %s --convert-graph-to-kernel | FileCheck %s

// A stack of matrices times one matrix (a transformer's projections) folds
// the stack's leading dims into M: one linalg.matmul, which kernel schedules
// and the vectorizer handle, instead of a generic contraction.
// CHECK-LABEL: func.func @projection
// CHECK-SAME: (%[[X:.*]]: tensor<2x128x768xf32>, %[[W:.*]]: tensor<768x3072xf32>)
// CHECK: %[[LHS:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x128x768xf32> into tensor<256x768xf32>
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[LHS]], %[[W]] : tensor<256x768xf32>, tensor<768x3072xf32>)
// CHECK: tensor.expand_shape %[[MM]] {{\[\[}}0, 1], [2]] output_shape [2, 128, 3072] : tensor<256x3072xf32> into tensor<2x128x3072xf32>
// CHECK-NOT: linalg.generic
func.func @projection(%x: tensor<2x128x768xf32>, %w: tensor<768x3072xf32>) -> tensor<2x128x3072xf32> {
  %0 = graph.matmul %x, %w : tensor<2x128x768xf32>, tensor<768x3072xf32> -> tensor<2x128x3072xf32>
  return %0 : tensor<2x128x3072xf32>
}

// A dynamic batch and sequence fold too.
// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<?x?x64xf32> into tensor<?x64xf32>
// CHECK: linalg.matmul
// CHECK: tensor.expand_shape
func.func @dynamic(%x: tensor<?x?x64xf32>, %w: tensor<64x32xf32>) -> tensor<?x?x32xf32> {
  %0 = graph.matmul %x, %w : tensor<?x?x64xf32>, tensor<64x32xf32> -> tensor<?x?x32xf32>
  return %0 : tensor<?x?x32xf32>
}
