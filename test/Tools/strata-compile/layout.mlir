// strata-compile converts NCHW image ops to NHWC by default (--layout=nhwc):
// the image is transposed once at the start, the convolution becomes an
// im2col copy (rows of KW*C = 24 elements: 8 channels are narrower than a
// cache line) and a pixel-major product (rows: the 16 pixels, columns: the
// 64 filters in panels of 32 lanes with AVX-512 or 16 with AVX2) with its
// bias and relu fused, and the pooling reads NHWC and writes the NCHW
// result. --layout=nchw keeps the model's layout: a filter-major product
// over the 16 pixels.
// RUN: strata-compile %s --compile-to=kernel | FileCheck %s --check-prefix=NHWC
// RUN: strata-compile %s --compile-to=kernel --layout=nchw | FileCheck %s --check-prefix=NCHW

// NHWC-LABEL: func.func @main
// NHWC: kernel.launch @{{.*}}(%arg0) : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
// NHWC: kernel.launch @{{.*}}(%{{.*}}) : (tensor<6x48xf32>) -> tensor<4x4x3x24xf32>
// NHWC: kernel.launch @{{.*}}(%{{.*}}, %{{.*}}) : (tensor<{{2x32|4x16}}xf32>, tensor<16x72xf32>) -> tensor<16x{{2x32|4x16}}xf32>
// NHWC: kernel.launch @{{.*}}(%{{.*}}) : (tensor<1x4x4x64xf32>) -> tensor<1x64x2x2xf32>
// NHWC-NOT: kernel.launch
// NHWC: linalg.pooling_nhwc_max

// NCHW-LABEL: func.func @main
// NCHW-NOT: tensor<1x4x4x8xf32>
// NCHW: kernel.launch @{{.*}}(%{{.*}}) : (tensor<8x4x4xf32>) -> tensor<8x3x3x4x4xf32>
// NCHW: kernel.launch @{{.*}}(%arg1, %{{.*}}) : (tensor<64xf32>, tensor<72x16xf32>) -> tensor<64x16xf32>
// NCHW: kernel.launch @{{.*}}(%{{.*}}) : (tensor<1x64x4x4xf32>) -> tensor<1x64x2x2xf32>
// NCHW-NOT: kernel.launch
// NCHW: linalg.pooling_nchw_max
func.func @main(%x: tensor<1x8x4x4xf32>, %b: tensor<64xf32>) -> tensor<1x64x2x2xf32> {
  %w = graph.constant dense<0.5> : tensor<64x8x3x3xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x4x4xf32>, tensor<64x8x3x3xf32>, tensor<64xf32> -> tensor<1x64x4x4xf32>
  %r = graph.relu %c : tensor<1x64x4x4xf32> -> tensor<1x64x4x4xf32>
  %p = graph.max_pool2d %r {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x64x4x4xf32> -> tensor<1x64x2x2xf32>
  return %p : tensor<1x64x2x2xf32>
}
