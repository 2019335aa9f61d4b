// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-tile-and-vectorize))' | FileCheck %s

// A static tensor.pad with a constant value becomes a fill of the padded
// shape and a copy of the source into its interior, both tiled like any
// linalg op: the fill is vectorized, the copy's row tiles fold to slice
// insertions (bufferized into row copies, which
// strata-cpu-lower-strided-copies moves one vector a row). A pad left as is
// bufferized to element-by-element loops.
// CHECK-LABEL: func.func @pad
// CHECK-NOT: tensor.pad
// CHECK: vector.transfer_write %{{.*}} : vector<1x1x10xf32>, tensor<1x1x10xf32>
// CHECK: %[[ROW:.*]] = tensor.extract_slice %arg0[%{{.*}}, %{{.*}}, 0] [1, 1, 8] [1, 1, 1]
// CHECK: tensor.insert_slice %[[ROW]] into
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 1, 1] [4, 8, 8] [1, 1, 1] : tensor<4x8x8xf32> into tensor<4x10x10xf32>
func.func @pad(%x: tensor<4x8x8xf32>) -> tensor<4x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<4x8x8xf32> to tensor<4x10x10xf32>
  return %p : tensor<4x10x10xf32>
}
