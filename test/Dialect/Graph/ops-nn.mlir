// Round trip of the neural-network ops: custom form, generic form and MLIR
// bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<?x128x64xf32>, %b: tensor<64x32xf32>, %v: tensor<64xf32>,
                  %i: tensor<2x3xi8>, %j: tensor<?x3x4xi8>, %h: tensor<8x?xbf16>, %k: tensor<?xbf16>)
    -> (tensor<?x128x32xf32>, tensor<?x128xf32>, tensor<?x2x4xi32>, tensor<8xbf16>) {
  // CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<?x128x64xf32>, tensor<64x32xf32> -> tensor<?x128x32xf32>
  %0 = graph.matmul %a, %b : tensor<?x128x64xf32>, tensor<64x32xf32> -> tensor<?x128x32xf32>
  // CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<?x128x64xf32>, tensor<64xf32> -> tensor<?x128xf32>
  %1 = graph.matmul %a, %v : tensor<?x128x64xf32>, tensor<64xf32> -> tensor<?x128xf32>
  // Bytes multiply into i32.
  // CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<2x3xi8>, tensor<?x3x4xi8> -> tensor<?x2x4xi32>
  %2 = graph.matmul %i, %j : tensor<2x3xi8>, tensor<?x3x4xi8> -> tensor<?x2x4xi32>
  // CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<8x?xbf16>, tensor<?xbf16> -> tensor<8xbf16>
  %3 = graph.matmul %h, %k : tensor<8x?xbf16>, tensor<?xbf16> -> tensor<8xbf16>
  return %0, %1, %2, %3 : tensor<?x128x32xf32>, tensor<?x128xf32>, tensor<?x2x4xi32>, tensor<8xbf16>
}

// CHECK-LABEL: func.func @linear
func.func @linear(%x: tensor<?x768xf32>, %w: tensor<3072x768xf32>, %b: tensor<3072xf32>,
                  %xi: tensor<4x?xi32>, %wi: tensor<?x5xi32>, %bi: tensor<4x1xi32>,
                  %t: tensor<16x8xf16>, %u: tensor<4x16xf16>, %c: tensor<f16>)
    -> (tensor<?x3072xf32>, tensor<4x5xi32>, tensor<8x4xf16>, tensor<8x4xf16>) {
  // CHECK: graph.linear %{{.*}}, %{{.*}}, %{{.*}} {trans_b = true} : tensor<?x768xf32>, tensor<3072x768xf32>, tensor<3072xf32> -> tensor<?x3072xf32>
  %0 = graph.linear %x, %w, %b {trans_b = true} : tensor<?x768xf32>, tensor<3072x768xf32>, tensor<3072xf32> -> tensor<?x3072xf32>
  // Attributes at their defaults are not printed.
  // CHECK: graph.linear %{{.*}}, %{{.*}}, %{{.*}} {alpha = 5.000000e-01 : f32, beta = 2.000000e+00 : f32} : tensor<4x?xi32>, tensor<?x5xi32>, tensor<4x1xi32> -> tensor<4x5xi32>
  %1 = graph.linear %xi, %wi, %bi {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = false} : tensor<4x?xi32>, tensor<?x5xi32>, tensor<4x1xi32> -> tensor<4x5xi32>
  // CHECK: graph.linear %{{.*}}, %{{.*}} {trans_a = true, trans_b = true} : tensor<16x8xf16>, tensor<4x16xf16> -> tensor<8x4xf16>
  %2 = graph.linear %t, %u {trans_a = true, trans_b = true} : tensor<16x8xf16>, tensor<4x16xf16> -> tensor<8x4xf16>
  // CHECK: graph.linear %{{.*}}, %{{.*}}, %{{.*}} {trans_a = true, trans_b = true} : tensor<16x8xf16>, tensor<4x16xf16>, tensor<f16> -> tensor<8x4xf16>
  %3 = graph.linear %t, %u, %c {trans_a = true, trans_b = true, alpha = 1.0 : f32} : tensor<16x8xf16>, tensor<4x16xf16>, tensor<f16> -> tensor<8x4xf16>
  return %0, %1, %2, %3 : tensor<?x3072xf32>, tensor<4x5xi32>, tensor<8x4xf16>, tensor<8x4xf16>
}

// CHECK-LABEL: func.func @conv2d
func.func @conv2d(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x3x3xf32>, %b: tensor<64xf32>,
                  %xh: tensor<1x?x?x32xf16>, %wh: tensor<32x3x3x1xf16>, %xd: tensor<2x8x?x?xbf16>, %wd: tensor<?x2x?x?xbf16>)
    -> (tensor<?x64x112x112xf32>, tensor<?x64x222x222xf32>, tensor<1x?x?x32xf16>, tensor<2x?x?x?xbf16>) {
  // CHECK: graph.conv2d %{{.*}}, %{{.*}}, %{{.*}} {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x112x112xf32>
  %0 = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x112x112xf32>
  // CHECK: graph.conv2d %{{.*}}, %{{.*}} : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32> -> tensor<?x64x222x222xf32>
  %1 = graph.conv2d %x, %w {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, groups = 1 : i64, layout = #graph.layout<nchw>} : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32> -> tensor<?x64x222x222xf32>
  // Depthwise NHWC: OHWI weight with I = 1.
  // CHECK: graph.conv2d %{{.*}}, %{{.*}} {dilations = array<i64: 2, 2>, groups = 32 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x?x?x32xf16>, tensor<32x3x3x1xf16> -> tensor<1x?x?x32xf16>
  %2 = graph.conv2d %xh, %wh {dilations = array<i64: 2, 2>, groups = 32 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x?x?x32xf16>, tensor<32x3x3x1xf16> -> tensor<1x?x?x32xf16>
  // CHECK: graph.conv2d %{{.*}}, %{{.*}} {groups = 4 : i64} : tensor<2x8x?x?xbf16>, tensor<?x2x?x?xbf16> -> tensor<2x?x?x?xbf16>
  %3 = graph.conv2d %xd, %wd {groups = 4 : i64} : tensor<2x8x?x?xbf16>, tensor<?x2x?x?xbf16> -> tensor<2x?x?x?xbf16>
  return %0, %1, %2, %3 : tensor<?x64x112x112xf32>, tensor<?x64x222x222xf32>, tensor<1x?x?x32xf16>, tensor<2x?x?x?xbf16>
}

// CHECK-LABEL: func.func @conv_transpose2d
func.func @conv_transpose2d(%x: tensor<1x64x16x16xf32>, %w: tensor<64x32x2x2xf32>, %b: tensor<64xf32>,
                            %xh: tensor<?x?x?x8xf16>, %wh: tensor<8x3x3x2xf16>)
    -> (tensor<1x32x32x32xf32>, tensor<1x64x32x32xf32>, tensor<?x?x?x4xf16>) {
  // CHECK: graph.conv_transpose2d %{{.*}}, %{{.*}} {strides = array<i64: 2, 2>} : tensor<1x64x16x16xf32>, tensor<64x32x2x2xf32> -> tensor<1x32x32x32xf32>
  %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 2, 2>, output_padding = array<i64: 0, 0>} : tensor<1x64x16x16xf32>, tensor<64x32x2x2xf32> -> tensor<1x32x32x32xf32>
  // CHECK: graph.conv_transpose2d %{{.*}}, %{{.*}}, %{{.*}} {groups = 2 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x64x16x16xf32>, tensor<64x32x2x2xf32>, tensor<64xf32> -> tensor<1x64x32x32xf32>
  %1 = graph.conv_transpose2d %x, %w, %b {groups = 2 : i64, output_padding = array<i64: 1, 1>, pads = array<i64: 0, 0, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x64x16x16xf32>, tensor<64x32x2x2xf32>, tensor<64xf32> -> tensor<1x64x32x32xf32>
  // CHECK: graph.conv_transpose2d %{{.*}}, %{{.*}} {dilations = array<i64: 2, 1>, groups = 2 : i64, layout = #graph.layout<nhwc>} : tensor<?x?x?x8xf16>, tensor<8x3x3x2xf16> -> tensor<?x?x?x4xf16>
  %2 = graph.conv_transpose2d %xh, %wh {dilations = array<i64: 2, 1>, groups = 2 : i64, layout = #graph.layout<nhwc>} : tensor<?x?x?x8xf16>, tensor<8x3x3x2xf16> -> tensor<?x?x?x4xf16>
  return %0, %1, %2 : tensor<1x32x32x32xf32>, tensor<1x64x32x32xf32>, tensor<?x?x?x4xf16>
}

// CHECK-LABEL: func.func @pools
func.func @pools(%x: tensor<?x64x112x112xf32>, %y: tensor<1x7x7x32xbf16>, %z: tensor<?x?x?x?xf16>)
    -> (tensor<?x64x56x56xf32>, tensor<?x64x110x110xf32>, tensor<1x4x4x32xbf16>, tensor<?x?x?x?xf16>) {
  // CHECK: graph.max_pool2d %{{.*}} {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x64x112x112xf32> -> tensor<?x64x56x56xf32>
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x64x112x112xf32> -> tensor<?x64x56x56xf32>
  // CHECK: graph.max_pool2d %{{.*}} {dilations = array<i64: 2, 2>, kernel_shape = array<i64: 2, 2>} : tensor<?x64x112x112xf32> -> tensor<?x64x110x110xf32>
  %1 = graph.max_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 2>, ceil_mode = false, layout = #graph.layout<nchw>} : tensor<?x64x112x112xf32> -> tensor<?x64x110x110xf32>
  // CHECK: graph.avg_pool2d %{{.*}} {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>, strides = array<i64: 2, 2>} : tensor<1x7x7x32xbf16> -> tensor<1x4x4x32xbf16>
  %2 = graph.avg_pool2d %y {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>, strides = array<i64: 2, 2>} : tensor<1x7x7x32xbf16> -> tensor<1x4x4x32xbf16>
  // CHECK: graph.avg_pool2d %{{.*}} {kernel_shape = array<i64: 3, 1>} : tensor<?x?x?x?xf16> -> tensor<?x?x?x?xf16>
  %3 = graph.avg_pool2d %z {kernel_shape = array<i64: 3, 1>, count_include_pad = false} : tensor<?x?x?x?xf16> -> tensor<?x?x?x?xf16>
  return %0, %1, %2, %3 : tensor<?x64x56x56xf32>, tensor<?x64x110x110xf32>, tensor<1x4x4x32xbf16>, tensor<?x?x?x?xf16>
}

// Dilated average pools (the default dilation prints nothing) and max pools
// of integers.
// CHECK-LABEL: func.func @pools_dilated_and_integer
func.func @pools_dilated_and_integer(%x: tensor<1x1x4x4xf32>, %v: tensor<1x1x32x32x32xf32>,
                                     %u: tensor<1x3x5x5xui8>, %i: tensor<2x3x8x8x8xi8>)
    -> (tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>, tensor<1x1x9x9x9xf32>, tensor<1x3x5x5xui8>, tensor<2x3x7x7x7xi8>) {
  // CHECK: graph.avg_pool2d %{{.*}} {dilations = array<i64: 2, 2>, kernel_shape = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 2>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  // CHECK: graph.avg_pool2d %{{.*}} {kernel_shape = array<i64: 1, 1>} : tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  %1 = graph.avg_pool2d %x {kernel_shape = array<i64: 1, 1>, dilations = array<i64: 1, 1>} : tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  // CHECK: graph.avg_pool3d %{{.*}} {ceil_mode = true, dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 5, 5, 5>, strides = array<i64: 3, 3, 3>} : tensor<1x1x32x32x32xf32> -> tensor<1x1x9x9x9xf32>
  %2 = graph.avg_pool3d %v {kernel_shape = array<i64: 5, 5, 5>, strides = array<i64: 3, 3, 3>, dilations = array<i64: 2, 2, 2>, ceil_mode = true} : tensor<1x1x32x32x32xf32> -> tensor<1x1x9x9x9xf32>
  // CHECK: graph.max_pool2d %{{.*}} {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x3x5x5xui8> -> tensor<1x3x5x5xui8>
  %3 = graph.max_pool2d %u {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x3x5x5xui8> -> tensor<1x3x5x5xui8>
  // CHECK: graph.max_pool3d %{{.*}} {kernel_shape = array<i64: 2, 2, 2>} : tensor<2x3x8x8x8xi8> -> tensor<2x3x7x7x7xi8>
  %4 = graph.max_pool3d %i {kernel_shape = array<i64: 2, 2, 2>} : tensor<2x3x8x8x8xi8> -> tensor<2x3x7x7x7xi8>
  return %0, %1, %2, %3, %4 : tensor<1x1x2x2xf32>, tensor<1x1x4x4xf32>, tensor<1x1x9x9x9xf32>, tensor<1x3x5x5xui8>, tensor<2x3x7x7x7xi8>
}

// CHECK-LABEL: func.func @global_pools
func.func @global_pools(%x: tensor<?x2048x7x7xf32>, %y: tensor<1x?x?x16xbf16>)
    -> (tensor<?x2048x1x1xf32>, tensor<1x1x1x16xbf16>) {
  // CHECK: graph.global_avg_pool %{{.*}} : tensor<?x2048x7x7xf32> -> tensor<?x2048x1x1xf32>
  %0 = graph.global_avg_pool %x : tensor<?x2048x7x7xf32> -> tensor<?x2048x1x1xf32>
  // CHECK: graph.global_max_pool %{{.*}} {layout = #graph.layout<nhwc>} : tensor<1x?x?x16xbf16> -> tensor<1x1x1x16xbf16>
  %1 = graph.global_max_pool %y {layout = #graph.layout<nhwc>} : tensor<1x?x?x16xbf16> -> tensor<1x1x1x16xbf16>
  return %0, %1 : tensor<?x2048x1x1xf32>, tensor<1x1x1x16xbf16>
}

// CHECK-LABEL: func.func @conv3d
func.func @conv3d(%x: tensor<?x3x16x112x112xf32>, %w: tensor<64x3x3x3x3xf32>, %b: tensor<64xf32>,
                  %xh: tensor<2x8x?x?x?xf16>, %wh: tensor<?x2x3x3x3xf16>)
    -> (tensor<?x64x16x56x56xf32>, tensor<?x64x14x110x110xf32>, tensor<2x?x?x?x?xf16>) {
  // CHECK: graph.conv3d %{{.*}}, %{{.*}}, %{{.*}} {pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 1, 2, 2>} : tensor<?x3x16x112x112xf32>, tensor<64x3x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x16x56x56xf32>
  %0 = graph.conv3d %x, %w, %b {pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 1, 2, 2>} : tensor<?x3x16x112x112xf32>, tensor<64x3x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x16x56x56xf32>
  // Attributes at their defaults are not printed.
  // CHECK: graph.conv3d %{{.*}}, %{{.*}} : tensor<?x3x16x112x112xf32>, tensor<64x3x3x3x3xf32> -> tensor<?x64x14x110x110xf32>
  %1 = graph.conv3d %x, %w {strides = array<i64: 1, 1, 1>, pads = array<i64: 0, 0, 0, 0, 0, 0>, dilations = array<i64: 1, 1, 1>, groups = 1 : i64} : tensor<?x3x16x112x112xf32>, tensor<64x3x3x3x3xf32> -> tensor<?x64x14x110x110xf32>
  // CHECK: graph.conv3d %{{.*}}, %{{.*}} {dilations = array<i64: 2, 1, 1>, groups = 4 : i64} : tensor<2x8x?x?x?xf16>, tensor<?x2x3x3x3xf16> -> tensor<2x?x?x?x?xf16>
  %2 = graph.conv3d %xh, %wh {dilations = array<i64: 2, 1, 1>, groups = 4 : i64} : tensor<2x8x?x?x?xf16>, tensor<?x2x3x3x3xf16> -> tensor<2x?x?x?x?xf16>
  return %0, %1, %2 : tensor<?x64x16x56x56xf32>, tensor<?x64x14x110x110xf32>, tensor<2x?x?x?x?xf16>
}

// CHECK-LABEL: func.func @conv_transpose3d
func.func @conv_transpose3d(%x: tensor<1x64x4x8x8xf32>, %w: tensor<64x32x2x2x2xf32>, %b: tensor<64xf32>,
                            %xh: tensor<?x8x?x?x?xbf16>, %wh: tensor<8x3x3x3x3xbf16>)
    -> (tensor<1x32x8x16x16xf32>, tensor<1x64x8x16x16xf32>, tensor<?x6x?x?x?xbf16>) {
  // CHECK: graph.conv_transpose3d %{{.*}}, %{{.*}} {strides = array<i64: 2, 2, 2>} : tensor<1x64x4x8x8xf32>, tensor<64x32x2x2x2xf32> -> tensor<1x32x8x16x16xf32>
  %0 = graph.conv_transpose3d %x, %w {strides = array<i64: 2, 2, 2>, output_padding = array<i64: 0, 0, 0>} : tensor<1x64x4x8x8xf32>, tensor<64x32x2x2x2xf32> -> tensor<1x32x8x16x16xf32>
  // CHECK: graph.conv_transpose3d %{{.*}}, %{{.*}}, %{{.*}} {groups = 2 : i64, output_padding = array<i64: 1, 1, 1>, pads = array<i64: 0, 0, 0, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<1x64x4x8x8xf32>, tensor<64x32x2x2x2xf32>, tensor<64xf32> -> tensor<1x64x8x16x16xf32>
  %1 = graph.conv_transpose3d %x, %w, %b {groups = 2 : i64, output_padding = array<i64: 1, 1, 1>, pads = array<i64: 0, 0, 0, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<1x64x4x8x8xf32>, tensor<64x32x2x2x2xf32>, tensor<64xf32> -> tensor<1x64x8x16x16xf32>
  // CHECK: graph.conv_transpose3d %{{.*}}, %{{.*}} {dilations = array<i64: 2, 1, 1>, groups = 2 : i64} : tensor<?x8x?x?x?xbf16>, tensor<8x3x3x3x3xbf16> -> tensor<?x6x?x?x?xbf16>
  %2 = graph.conv_transpose3d %xh, %wh {dilations = array<i64: 2, 1, 1>, groups = 2 : i64} : tensor<?x8x?x?x?xbf16>, tensor<8x3x3x3x3xbf16> -> tensor<?x6x?x?x?xbf16>
  return %0, %1, %2 : tensor<1x32x8x16x16xf32>, tensor<1x64x8x16x16xf32>, tensor<?x6x?x?x?xbf16>
}

// CHECK-LABEL: func.func @pools3d
func.func @pools3d(%x: tensor<?x64x16x56x56xf32>, %y: tensor<1x32x7x7x7xbf16>, %z: tensor<?x?x?x?x?xf16>)
    -> (tensor<?x64x8x28x28xf32>, tensor<?x64x14x54x54xf32>, tensor<1x32x4x4x4xbf16>, tensor<?x?x?x?x?xf16>) {
  // CHECK: graph.max_pool3d %{{.*}} {kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<?x64x16x56x56xf32> -> tensor<?x64x8x28x28xf32>
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<?x64x16x56x56xf32> -> tensor<?x64x8x28x28xf32>
  // CHECK: graph.max_pool3d %{{.*}} {dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 2, 2, 2>} : tensor<?x64x16x56x56xf32> -> tensor<?x64x14x54x54xf32>
  %1 = graph.max_pool3d %x {kernel_shape = array<i64: 2, 2, 2>, dilations = array<i64: 2, 2, 2>, ceil_mode = false} : tensor<?x64x16x56x56xf32> -> tensor<?x64x14x54x54xf32>
  // CHECK: graph.avg_pool3d %{{.*}} {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : tensor<1x32x7x7x7xbf16> -> tensor<1x32x4x4x4xbf16>
  %2 = graph.avg_pool3d %y {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : tensor<1x32x7x7x7xbf16> -> tensor<1x32x4x4x4xbf16>
  // CHECK: graph.avg_pool3d %{{.*}} {kernel_shape = array<i64: 3, 1, 1>} : tensor<?x?x?x?x?xf16> -> tensor<?x?x?x?x?xf16>
  %3 = graph.avg_pool3d %z {kernel_shape = array<i64: 3, 1, 1>, count_include_pad = false} : tensor<?x?x?x?x?xf16> -> tensor<?x?x?x?x?xf16>
  return %0, %1, %2, %3 : tensor<?x64x8x28x28xf32>, tensor<?x64x14x54x54xf32>, tensor<1x32x4x4x4xbf16>, tensor<?x?x?x?x?xf16>
}

// Global pools of 1-D and 3-D images (3-D and 5-D inputs).
// CHECK-LABEL: func.func @global_pools_nd
func.func @global_pools_nd(%v: tensor<?x64x8x7x7xf32>, %l: tensor<2x16x100xf16>, %n: tensor<1x?x16xf32>, %d: tensor<1x4x?x5x8xbf16>)
    -> (tensor<?x64x1x1x1xf32>, tensor<2x16x1xf16>, tensor<1x1x16xf32>, tensor<1x1x1x1x8xbf16>) {
  // CHECK: graph.global_avg_pool %{{.*}} : tensor<?x64x8x7x7xf32> -> tensor<?x64x1x1x1xf32>
  %0 = graph.global_avg_pool %v : tensor<?x64x8x7x7xf32> -> tensor<?x64x1x1x1xf32>
  // CHECK: graph.global_max_pool %{{.*}} : tensor<2x16x100xf16> -> tensor<2x16x1xf16>
  %1 = graph.global_max_pool %l : tensor<2x16x100xf16> -> tensor<2x16x1xf16>
  // CHECK: graph.global_max_pool %{{.*}} {layout = #graph.layout<nhwc>} : tensor<1x?x16xf32> -> tensor<1x1x16xf32>
  %2 = graph.global_max_pool %n {layout = #graph.layout<nhwc>} : tensor<1x?x16xf32> -> tensor<1x1x16xf32>
  // CHECK: graph.global_avg_pool %{{.*}} {layout = #graph.layout<nhwc>} : tensor<1x4x?x5x8xbf16> -> tensor<1x1x1x1x8xbf16>
  %3 = graph.global_avg_pool %d {layout = #graph.layout<nhwc>} : tensor<1x4x?x5x8xbf16> -> tensor<1x1x1x1x8xbf16>
  return %0, %1, %2, %3 : tensor<?x64x1x1x1xf32>, tensor<2x16x1xf16>, tensor<1x1x16xf32>, tensor<1x1x1x1x8xbf16>
}

// CHECK-LABEL: func.func @norms
func.func @norms(%x: tensor<?x64x?x?xf32>, %p: tensor<64xf32>, %s: tensor<?x128x768xf16>, %g: tensor<768xf16>, %h: tensor<128x1xf16>)
    -> (tensor<?x64x?x?xf32>, tensor<?x64x?x?xf32>, tensor<?x128x768xf16>, tensor<?x128x768xf16>) {
  // CHECK: graph.batch_norm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<?x64x?x?xf32>
  %0 = graph.batch_norm %x, %p, %p, %p, %p : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<?x64x?x?xf32>
  // CHECK: graph.batch_norm %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {axis = -3 : i64, epsilon = 1.000000e-03 : f32} : tensor<?x64x?x?xf32>
  %1 = graph.batch_norm %x, %p, %p, %p, %p {axis = -3 : i64, epsilon = 1.0e-3 : f32} : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<?x64x?x?xf32>
  // CHECK: graph.layer_norm %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<?x128x768xf16>
  %2 = graph.layer_norm %s, %g, %g {axis = -1 : i64, epsilon = 1.0e-5 : f32} : tensor<?x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<?x128x768xf16>
  // CHECK: graph.layer_norm %{{.*}}, %{{.*}} {axis = 1 : i64, epsilon = 9.99999996E-13 : f32} : tensor<?x128x768xf16>, tensor<128x1xf16> -> tensor<?x128x768xf16>
  %3 = graph.layer_norm %s, %h {axis = 1 : i64, epsilon = 1.0e-12 : f32} : tensor<?x128x768xf16>, tensor<128x1xf16> -> tensor<?x128x768xf16>
  return %0, %1, %2, %3 : tensor<?x64x?x?xf32>, tensor<?x64x?x?xf32>, tensor<?x128x768xf16>, tensor<?x128x768xf16>
}

// CHECK-LABEL: func.func @softmax
func.func @softmax(%x: tensor<?x10xf32>, %y: tensor<2x?x8xbf16>) -> (tensor<?x10xf32>, tensor<2x?x8xbf16>, tensor<?x10xf32>) {
  // CHECK: graph.softmax %{{.*}} : tensor<?x10xf32> -> tensor<?x10xf32>
  %0 = graph.softmax %x : tensor<?x10xf32> -> tensor<?x10xf32>
  // CHECK: graph.softmax %{{.*}} {axis = 1 : i64} : tensor<2x?x8xbf16> -> tensor<2x?x8xbf16>
  %1 = graph.softmax %y {axis = 1 : i64} : tensor<2x?x8xbf16> -> tensor<2x?x8xbf16>
  // CHECK: graph.log_softmax %{{.*}} {axis = 0 : i64} : tensor<?x10xf32> -> tensor<?x10xf32>
  %2 = graph.log_softmax %x {axis = 0 : i64} : tensor<?x10xf32> -> tensor<?x10xf32>
  return %0, %1, %2 : tensor<?x10xf32>, tensor<2x?x8xbf16>, tensor<?x10xf32>
}
