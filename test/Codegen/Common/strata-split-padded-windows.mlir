// RUN: strata-opt %s --strata-split-padded-windows -split-input-file | FileCheck %s

// A 3x3 stride-2 max pooling reading its 8x8 input through a tensor.pad of
// one row and column on top and left is split by output region: the
// interior (output rows and columns 1..3) reads the image directly; the top
// row strip and the left column strip read small padded slices. No padded
// copy of the whole image remains; each region keeps the op's schedule, and
// its accumulator is a slice of the regions inserted so far.

// CHECK-LABEL: func.func @max_pool_nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x16xf32>, %[[INIT:.*]]: tensor<1x4x4x16xf32>)
// CHECK-NOT: tensor<1x9x9x16xf32>
// CHECK: tensor.extract_slice %[[X]][0, 1, 1, 0] [1, 7, 7, 16] [1, 1, 1, 1]
// CHECK: linalg.pooling_nhwc_max {{.*}}kernel.schedule = #kernel.schedule<{{.*}} -> tensor<1x3x3x16xf32>
// CHECK: %[[R1:.*]] = tensor.insert_slice %{{.*}} into %[[INIT]][0, 1, 1, 0] [1, 3, 3, 16] [1, 1, 1, 1]
// CHECK: %[[TOP:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 2, 8, 16] [1, 1, 1, 1]
// CHECK: tensor.pad %[[TOP]] low[0, 1, 1, 0] high[0, 0, 0, 0]
// CHECK: linalg.pooling_nhwc_max {{.*}}kernel.schedule = #kernel.schedule<{{.*}} -> tensor<1x1x4x16xf32>
// CHECK: %[[R2:.*]] = tensor.insert_slice %{{.*}} into %[[R1]][0, 0, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1]
// CHECK: %[[LEFT:.*]] = tensor.extract_slice %[[X]][0, 1, 0, 0] [1, 7, 2, 16] [1, 1, 1, 1]
// CHECK: tensor.pad %[[LEFT]] low[0, 0, 1, 0] high[0, 0, 0, 0]
// CHECK: linalg.pooling_nhwc_max {{.*}}kernel.schedule = #kernel.schedule<{{.*}} -> tensor<1x3x1x16xf32>
// CHECK: %[[R3:.*]] = tensor.insert_slice %{{.*}} into %[[R2]][0, 1, 0, 0] [1, 3, 1, 16] [1, 1, 1, 1]
// CHECK-NOT: linalg.pooling_nhwc_max
// CHECK: return %[[R3]]
func.func @max_pool_nhwc(%x: tensor<1x8x8x16xf32>, %init: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %ninf : f32
  } : tensor<1x8x8x16xf32> to tensor<1x9x9x16xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 4, 16, 0, 0>], vector_sizes = [1, 1, 4, 16, 3, 3], parallel_dims = [1, 2, 3]>}
    ins(%p, %w : tensor<1x9x9x16xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %r : tensor<1x4x4x16xf32>
}

// -----

// An elementwise op reading a padding has no windows: left alone.

// CHECK-LABEL: func.func @pad_elementwise
// CHECK: tensor.pad
// CHECK: linalg.exp
func.func @pad_elementwise(%x: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %e = tensor.empty() : tensor<6x6xf32>
  %r = linalg.exp ins(%padded : tensor<6x6xf32>) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}
