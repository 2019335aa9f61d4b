// RUN: strata-opt %s --kernel-rewrite-convolutions=panel-bytes=64 -split-input-file | FileCheck %s

// Convolutions of bf16 into f32 (kernel-demote-products' named ones): as
// byte products, the windows' matrix of the whole batch, [N*OH*OW, K],
// times the [K, F] filter (no panels: kernel-pack-weights lays them out for
// bf16 dot products), K rounded up to the pairs of the dot products with
// zero filter rows. Winograd (f32 only) does not take them.

// An RGB 3x3 stem, padded: runs of KW*C = 9 elements read as 10, the
// padded image holding the element past the last window; K = 3 * 10.
// CHECK-LABEL: func.func @stem
// CHECK: %[[WIN:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x4x4x3x10xbf16>)
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2], [3, 4]] : tensor<1x4x4x3x10xbf16> into tensor<16x30xbf16>
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%[[COL]], %{{.*}} : tensor<16x30xbf16>, tensor<30x32xbf16>) outs(%{{.*}} : tensor<16x32xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// CHECK-NEXT: arith.extf
// CHECK-NEXT: arith.extf
func.func @stem(%x: tensor<1x10x10x3xbf16>, %init: tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32> {
  %filter = arith.constant dense<0.5> : tensor<32x3x3x3xbf16>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %filter : tensor<1x10x10x3xbf16>, tensor<32x3x3x3xbf16>) outs(%init : tensor<1x4x4x32xf32>) -> tensor<1x4x4x32xf32>
  return %0 : tensor<1x4x4x32xf32>
}

// -----

// A 3x3 convolution with unit strides of 16 channels (what Winograd takes
// in f32): im2col, K = 144.
// CHECK-LABEL: func.func @unit_strides
// CHECK-NOT: tensor<36x
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x144xbf16>, tensor<144x32xbf16>) outs(%{{.*}} : tensor<64x32xf32>)
func.func @unit_strides(%x: tensor<1x10x10x16xbf16>, %init: tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32> {
  %filter = arith.constant dense<0.5> : tensor<32x3x3x16xbf16>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %filter : tensor<1x10x10x16xbf16>, tensor<32x3x3x16xbf16>) outs(%init : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %0 : tensor<1x8x8x32xf32>
}
