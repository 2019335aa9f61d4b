// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s

// An im2col copy (kernel-rewrite-convolutions) reads its input through
// convolution windows. In a tile of one output row, every window term but
// `ow` has a single iteration, so the tile reads a row slice of the input:
// it becomes a copy of that slice, vectorized (one 8-wide read and write
// per row). A stride-2 row is read as 15 contiguous elements whose even
// lanes a shuffle keeps.

#window = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d4 + d2)>
#window2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 2 + d1, d4 * 2 + d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>

// CHECK-LABEL: func.func @im2col
// CHECK: %[[ROW:.*]] = tensor.extract_slice %{{.*}} [1, 1, 8] [1, 1, 1] : tensor<4x10x10xf32> to tensor<1x1x8xf32>
// CHECK: vector.transfer_read %[[ROW]]{{.*}} : tensor<1x1x8xf32>, vector<8xf32>
// CHECK: vector.transfer_write {{.*}} : vector<8xf32>, tensor<1x1x1x1x8xf32>
// CHECK-NOT: linalg.generic
func.func @im2col(%x: tensor<4x10x10xf32>) -> tensor<4x3x3x8x8xf32> {
  %e = tensor.empty() : tensor<4x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 1, 1, 0>], vector_sizes = [1, 1, 1, 1, 8], parallel_dims = [0, 1, 2, 3]>, iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<4x10x10xf32>) outs(%e : tensor<4x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3x3x8x8xf32>
  return %c : tensor<4x3x3x8x8xf32>
}

// CHECK-LABEL: func.func @im2col_strided
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x15xf32>, vector<15xf32>
// CHECK-NEXT: vector.shuffle %{{.*}}, %{{.*}} [0, 2, 4, 6, 8, 10, 12, 14] : vector<15xf32>, vector<15xf32>
// CHECK-NOT: linalg.generic
func.func @im2col_strided(%x: tensor<4x17x17xf32>) -> tensor<4x3x3x8x8xf32> {
  %e = tensor.empty() : tensor<4x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window2, #id5], kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 1, 1, 0>], vector_sizes = [1, 1, 1, 1, 8], parallel_dims = [0, 1, 2, 3]>, iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<4x17x17xf32>) outs(%e : tensor<4x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x3x3x8x8xf32>
  return %c : tensor<4x3x3x8x8xf32>
}
