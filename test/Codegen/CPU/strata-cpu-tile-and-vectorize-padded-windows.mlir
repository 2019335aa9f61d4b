// RUN: strata-opt %s --strata-cpu-tile-and-vectorize=vectorize=false | FileCheck %s

// A max pooling that reads its input through a tensor.pad is split by
// output region before tiling: the interior (output rows and columns 1..3,
// whose 3x3 stride-2 windows lie inside the 8x8 image) reads the image
// directly; the top row strip and the left column strip read small padded
// slices (one padded row, one padded column). No padded copy of the whole
// image remains. Each region's accumulator is a slice of the regions
// inserted so far, so that bufferization writes them all in place. (Without
// vectorization, so that the ops stay visible.)

// CHECK-LABEL: func.func @max_pool_nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x16xf32>, %[[INIT:.*]]: tensor<1x4x4x16xf32>)
// CHECK-NOT: tensor<1x9x9x16xf32>
// Interior: image rows and columns 1..7, no padding.
// CHECK: tensor.extract_slice %[[X]][0, 1, 1, 0] [1, 7, 7, 16] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[INIT]][0, 1, 1, 0] [1, 3, 3, 16] [1, 1, 1, 1]
// CHECK: linalg.pooling_nhwc_max
// CHECK: %[[R1:.*]] = tensor.insert_slice %{{.*}} into %[[INIT]][0, 1, 1, 0] [1, 3, 3, 16] [1, 1, 1, 1]
// Top row strip: image rows 0..1 below one row of padding.
// CHECK: %[[TOP:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 2, 8, 16] [1, 1, 1, 1]
// CHECK: tensor.pad %[[TOP]] low[0, 1, 1, 0] high[0, 0, 0, 0]
// CHECK: linalg.pooling_nhwc_max
// CHECK: %[[R2:.*]] = tensor.insert_slice %{{.*}} into %[[R1]][0, 0, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1]
// Left column strip: output rows 1..3, image columns 0..1 right of one
// column of padding.
// CHECK: %[[LEFT:.*]] = tensor.extract_slice %[[X]][0, 1, 0, 0] [1, 7, 2, 16] [1, 1, 1, 1]
// CHECK: tensor.pad %[[LEFT]] low[0, 0, 1, 0] high[0, 0, 0, 0]
// CHECK: linalg.pooling_nhwc_max
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

// A depthwise convolution with its bias as the accumulator's initial value
// and a relu6 after it: each region gets its own slice of the whole chain,
// the bias broadcast, the convolution and the clip, and only the clip's
// results are inserted into the kernel's result (the regions inserted so
// far). strata-cpu-tile-and-vectorize then fuses each region's chain into
// register tiles (fuse-epilogues.mlir).

// CHECK-LABEL: func.func @dw_bias_relu6
// CHECK-SAME: (%[[X:.*]]: tensor<1x12x12x32xf32>, %{{.*}}: tensor<3x3x32xf32>, %[[B:.*]]: tensor<32xf32>)
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<1x12x12x32xf32>
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<1x12x12x32xf32>
// CHECK-NOT: tensor<1x14x14x32xf32>
// Interior: output rows and columns 1..10, from the unpadded image.
// CHECK: tensor.extract_slice %[[E0]][0, 1, 1, 0] [1, 10, 10, 32]
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<32xf32>)
// CHECK: tensor.extract_slice %[[X]][0, %{{.*}}, 0, 0] [1, 3, 10, 32]
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: tensor.extract_slice %[[E1]][0, 1, 1, 0] [1, 10, 10, 32]
// CHECK: arith.maximumf
// CHECK: %[[R1:.*]] = tensor.insert_slice %{{.*}} into %[[E1]][0, 1, 1, 0] [1, 10, 10, 32]
// Top strip: a padded slice of image rows 0..1.
// CHECK: tensor.pad
// CHECK: tensor.extract_slice %[[E0]][0, 0, 0, 0] [1, 1, 12, 32]
// CHECK: linalg.generic {{.*}} ins(%[[B]] : tensor<32xf32>)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: tensor.extract_slice %[[R1]][0, 0, 0, 0] [1, 1, 12, 32]
// CHECK: arith.maximumf
// CHECK: tensor.insert_slice %{{.*}} into %[[R1]][0, 0, 0, 0] [1, 1, 12, 32]
#dwbias = affine_map<(d0, d1, d2, d3) -> (d3)>
#dwid = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @dw_bias_relu6(%x: tensor<1x12x12x32xf32>, %w: tensor<3x3x32xf32>, %b: tensor<32xf32>) -> tensor<1x12x12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e0 = tensor.empty() : tensor<1x12x12x32xf32>
  %e1 = tensor.empty() : tensor<1x12x12x32xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x12x12x32xf32> to tensor<1x14x14x32xf32>
  %init = linalg.generic {indexing_maps = [#dwbias, #dwid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<32xf32>) outs(%e0 : tensor<1x12x12x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x12x12x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 0, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2]>}
    ins(%p, %w : tensor<1x14x14x32xf32>, tensor<3x3x32xf32>) outs(%init : tensor<1x12x12x32xf32>) -> tensor<1x12x12x32xf32>
  %r = linalg.generic {indexing_maps = [#dwid, #dwid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x12x12x32xf32>) outs(%e1 : tensor<1x12x12x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    %1 = arith.minimumf %0, %six : f32
    linalg.yield %1 : f32
  } -> tensor<1x12x12x32xf32>
  return %r : tensor<1x12x12x32xf32>
}
