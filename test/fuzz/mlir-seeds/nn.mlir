// Seeds of test/fuzz/mlir_fuzz.py: convolutions, pools, normalizations and
// softmax.
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @conv2d_nchw(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32> -> tensor<1x3x3x3xf32>
  %1 = graph.relu %0 : tensor<1x3x3x3xf32> -> tensor<1x3x3x3xf32>
  return %1 : tensor<1x3x3x3xf32>
}

func.func @conv2d_const_filter(%x: tensor<1x1x6x6xf32>) -> tensor<1x2x6x6xf32> {
  %w = graph.constant dense<[[[[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [1.0, 0.0, -1.0]]], [[[0.5, 1.0, 0.5], [0.0, 0.0, 0.0], [-0.5, -1.0, -0.5]]]]> : tensor<2x1x3x3xf32>
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x6x6xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x6x6xf32>
  return %0 : tensor<1x2x6x6xf32>
}

func.func @conv2d_depthwise_nhwc(%x: tensor<1x4x4x2xf32>, %w: tensor<2x3x3x1xf32>) -> tensor<1x4x4x2xf32> {
  %0 = graph.conv2d %x, %w {groups = 2 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x4x4x2xf32>, tensor<2x3x3x1xf32> -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

func.func @conv2d_dilated_grouped(%x: tensor<2x4x7x7xf32>, %w: tensor<4x2x2x2xf32>) -> tensor<2x4x5x5xf32> {
  %0 = graph.conv2d %x, %w {dilations = array<i64: 2, 2>, groups = 2 : i64} : tensor<2x4x7x7xf32>, tensor<4x2x2x2xf32> -> tensor<2x4x5x5xf32>
  return %0 : tensor<2x4x5x5xf32>
}

func.func @conv_transpose2d(%x: tensor<1x2x3x3xf32>, %w: tensor<2x1x2x2xf32>, %b: tensor<1xf32>) -> tensor<1x1x6x6xf32> {
  %0 = graph.conv_transpose2d %x, %w, %b {strides = array<i64: 2, 2>} : tensor<1x2x3x3xf32>, tensor<2x1x2x2xf32>, tensor<1xf32> -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}

func.func @pools(%x: tensor<1x2x6x6xf32>, %y: tensor<1x2x5x5xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x2x6x6xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.avg_pool2d %y {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
  %2 = graph.global_avg_pool %x : tensor<1x2x6x6xf32> -> tensor<1x2x1x1xf32>
  return %0, %1, %2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>
}

func.func @pools_nhwc_int(%x: tensor<1x4x4x3xi32>, %y: tensor<1x3x4x4xf16>) -> (tensor<1x2x2x3xi32>, tensor<1x3x1x1xf16>, tensor<1x3x4x4xf16>) {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x4x4x3xi32> -> tensor<1x2x2x3xi32>
  %1 = graph.global_max_pool %y : tensor<1x3x4x4xf16> -> tensor<1x3x1x1xf16>
  %2 = graph.avg_pool2d %y {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : tensor<1x3x4x4xf16> -> tensor<1x3x4x4xf16>
  return %0, %1, %2 : tensor<1x2x2x3xi32>, tensor<1x3x1x1xf16>, tensor<1x3x4x4xf16>
}

func.func @conv3d_pool3d(%x: tensor<1x1x4x4x4xf32>, %w: tensor<2x1x2x2x2xf32>) -> (tensor<1x2x3x3x3xf32>, tensor<1x1x2x2x2xf32>) {
  %0 = graph.conv3d %x, %w : tensor<1x1x4x4x4xf32>, tensor<2x1x2x2x2xf32> -> tensor<1x2x3x3x3xf32>
  %1 = graph.max_pool3d %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : tensor<1x1x4x4x4xf32> -> tensor<1x1x2x2x2xf32>
  return %0, %1 : tensor<1x2x3x3x3xf32>, tensor<1x1x2x2x2xf32>
}

func.func @batch_norm(%x: tensor<2x3x2x2xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>) -> tensor<2x3x2x2xf32> {
  %v = graph.constant dense<[1.0, 0.5, 2.0]> : tensor<3xf32>
  %0 = graph.batch_norm %x, %s, %b, %m, %v {epsilon = 1.0e-3 : f32} : tensor<2x3x2x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

func.func @softmax(%x: tensor<2x5xf32>, %y: tensor<2x3x4xf32>) -> (tensor<2x5xf32>, tensor<2x3x4xf32>) {
  %0 = graph.softmax %x : tensor<2x5xf32> -> tensor<2x5xf32>
  %1 = graph.log_softmax %y {axis = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x3x4xf32>
}

func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = graph.layer_norm %x, %s, %b : tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<2x3x4xf32>
  %1 = graph.softmax %0 {axis = 0 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

func.func @layer_norm_half(%x: tensor<3x8xf16>, %s: tensor<8xf16>) -> tensor<3x8xf16> {
  %0 = graph.layer_norm %x, %s {axis = 1 : i64, epsilon = 1.0e-2 : f32} : tensor<3x8xf16>, tensor<8xf16> -> tensor<3x8xf16>
  return %0 : tensor<3x8xf16>
}
