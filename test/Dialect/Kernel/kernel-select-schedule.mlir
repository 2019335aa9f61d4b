// Schedules chosen by kernel-select-schedule from an explicit kernel.target.
// RUN: strata-opt %s --kernel-select-schedule -split-input-file | FileCheck %s

// AVX-512 (16 f32 per vector, 32 registers).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {

// Two levels: cache tiles, then an 8x32 register tile (two vectors per row,
// 16 accumulators) over k = 16.
// CHECK-LABEL: func.func @matmul_1024
// CHECK: linalg.fill ins
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 256, 256>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>}
func.func @matmul_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}

// 1000 = 2^3 * 5^3: no multiple of a vector divides N, so n_r stays two
// vectors (the tile pass peels the partial last tile: 31 x 32 + 8) and m_r
// 8 rows (divides); k_r = 1, one step of K at a time (20, the divisor
// nearest to 16, is no multiple of it: 105 GFLOP/s on a Zen 4 core, as
// with the divisor 10).
// CHECK-LABEL: func.func @matmul_1000
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 200, 256, 200>, array<i64: 8, 32, 1>], vector_sizes = [8, 32, 1], parallel_dims = [0, 1]>}
func.func @matmul_1000(%a: tensor<1000x1000xf32>, %b: tensor<1000x1000xf32>, %c: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%c : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %r : tensor<1000x1000xf32>
}

// N = 48, three vectors: n_r is two vectors, the last vector a peeled tile
// (never three: 8x48 register tiles ran at a third of the speed of 8x32
// ones; 16x16 tiles of one vector ran as fast here, and at half the speed
// with a short K).
// CHECK-LABEL: func.func @matmul_48
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 0, 0>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16]
func.func @matmul_48(%a: tensor<1280x320xf32>, %b: tensor<320x48xf32>, %c: tensor<1280x48xf32>) -> tensor<1280x48xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1280x320xf32>, tensor<320x48xf32>) outs(%c : tensor<1280x48xf32>) -> tensor<1280x48xf32>
  return %r : tensor<1280x48xf32>
}

// N = 24, one and a half vectors: one vector, the half a peeled tile, and
// m_r 16 rows of one vector.
// CHECK-LABEL: func.func @matmul_24
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 0, 0>, array<i64: 16, 16, 16>], vector_sizes = [16, 16, 16]
func.func @matmul_24(%a: tensor<3136x96xf32>, %b: tensor<96x24xf32>, %c: tensor<3136x24xf32>) -> tensor<3136x24xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<3136x96xf32>, tensor<96x24xf32>) outs(%c : tensor<3136x24xf32>) -> tensor<3136x24xf32>
  return %r : tensor<3136x24xf32>
}

// K = 27 (a 3x3 RGB stem's im2col rows), above k_r and no multiple of it:
// not whole (rows of 27-element vectors, broadcast lane by lane, ran the
// 12544x24x27 product at a quarter of the speed) but one step at a time
// (the largest divisor up to k_r, 9, kept 18 B vectors live beside 16
// accumulators: spills, 150 us against 110).
// CHECK-LABEL: func.func @matmul_k27
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 0, 0>, array<i64: 16, 16, 1>], vector_sizes = [16, 16, 1]
func.func @matmul_k27(%a: tensor<12544x27xf32>, %b: tensor<27x24xf32>, %c: tensor<12544x24xf32>) -> tensor<12544x24xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<12544x27xf32>, tensor<27x24xf32>) outs(%c : tensor<12544x24xf32>) -> tensor<12544x24xf32>
  return %r : tensor<12544x24xf32>
}

// `?` sizes: the preferred sizes (partial tiles are masked).
// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 256, 192>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>}
func.func @matmul_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Batch loops run one at a time.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0, 0, 0>, array<i64: 1, 8, 32, 16>], vector_sizes = [1, 8, 32, 16], parallel_dims = [0]>}
func.func @batch_matmul(%a: tensor<4x64x128xf32>, %b: tensor<4x128x64xf32>, %c: tensor<4x64x64xf32>) -> tensor<4x64x64xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x64x128xf32>, tensor<4x128x64xf32>) outs(%c : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  return %r : tensor<4x64x64xf32>
}

// Convolution (n, oh, ow, f, kh, kw, c): ow 8-ish (9 divides 54), output
// channels two vectors, input channels 16, kw whole (3), the rest 1.
// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 9, 32, 1, 0, 16>], vector_sizes = [1, 1, 9, 32, 1, 3, 16], parallel_dims = [1, 2, 3]>}
func.func @conv(%x: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x128xf32>, %o: tensor<1x54x54x128xf32>) -> tensor<1x54x54x128xf32> {
  %r = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<1x56x56x64xf32>, tensor<3x3x64x128xf32>) outs(%o : tensor<1x54x54x128xf32>) -> tensor<1x54x54x128xf32>
  return %r : tensor<1x54x54x128xf32>
}

// Elementwise: four vectors along the innermost dim, 1 elsewhere.
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 64>], vector_sizes = [1, 64], parallel_dims = [0, 1]>}
func.func @elementwise(%a: tensor<128x1024xf32>, %b: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %e = tensor.empty() : tensor<128x1024xf32>
  %r = linalg.add ins(%a, %b : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %r : tensor<128x1024xf32>
}

// Reduction over the innermost dim: the vectors run along it (i32: 16 per
// vector, 64 wanted, 40 = 2.5 vectors divides 1000); the reduction is the root, not the fill.
// CHECK-LABEL: func.func @reduction
// CHECK: linalg.fill ins
// CHECK-NOT: kernel.schedule
// CHECK: linalg.reduce {{.*}} dimensions = [1] {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 40>], vector_sizes = [1, 40], parallel_dims = [0]>}
func.func @reduction(%a: tensor<16x1000xi32>) -> tensor<16xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<16xi32>) -> tensor<16xi32>
  %r = linalg.reduce ins(%a : tensor<16x1000xi32>) outs(%f : tensor<16xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %s = arith.addi %x, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<16xi32>
}

// A row of up to 16 vectors is one tile (ViT's 197 attention scores): one
// sum across the lanes per row.
// CHECK-LABEL: func.func @short_rows
// CHECK: linalg.reduce {{.*}} dimensions = [1] {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0>], vector_sizes = [1, 197], parallel_dims = [0]>}
func.func @short_rows(%a: tensor<591x197xf32>) -> tensor<591xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<591xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<591xf32>) -> tensor<591xf32>
  %r = linalg.reduce ins(%a : tensor<591x197xf32>) outs(%f : tensor<591xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<591xf32>
}

// Reduction over outer dims (a global average pool's sum of 56x56 pixels
// per channel): one vector along the channels, whose accumulators carry
// from pixel to pixel (72 channels at a time, 64 + a masked 8, ran 4x
// slower).
// CHECK-LABEL: func.func @pool_sum
// CHECK: linalg.reduce {{.*}} dimensions = [1, 2] {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 1, 16>], vector_sizes = [1, 1, 1, 16], parallel_dims = [3]>}
func.func @pool_sum(%a: tensor<1x56x56x144xf32>) -> tensor<1x144xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x144xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x144xf32>) -> tensor<1x144xf32>
  %r = linalg.reduce ins(%a : tensor<1x56x56x144xf32>) outs(%f : tensor<1x144xf32>) dimensions = [1, 2]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1x144xf32>
}

// A schedule given by hand on the root is kept.
// CHECK-LABEL: func.func @by_hand
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 4, 8, 2>], vector_sizes = [4, 8, 2], parallel_dims = [0]>}
func.func @by_hand(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 4, 8, 2>], vector_sizes = [4, 8, 2], parallel_dims = [0]>}
    ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// Kernels: the schedule goes on the kernel.func and on its root; a kernel's
// own schedule is copied to its root.
// CHECK-LABEL: kernel.func @kernel_matmul
// CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 256, 256>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>}
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 256, 256>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>}
kernel.func @kernel_matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  kernel.return %r : tensor<512x512xf32>
}

// CHECK-LABEL: kernel.func @kernel_given
// CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>}
// CHECK: linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>}
kernel.func @kernel_given(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>} {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.add ins(%a, %b : tensor<8x64xf32>, tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
  kernel.return %r : tensor<8x64xf32>
}

// Dispatch regions (before outlining) are scheduled one by one.
// CHECK-LABEL: func.func @dispatches
// CHECK: kernel.dispatch schedule(<tile_sizes = [array<i64: 1, 64>], vector_sizes = [1, 64], parallel_dims = [0, 1]>)
// CHECK: linalg.add {kernel.schedule
func.func @dispatches(%a: tensor<4x256xf32>) -> tensor<4x256xf32> {
  %0 = kernel.dispatch -> tensor<4x256xf32> {
    %e = tensor.empty() : tensor<4x256xf32>
    %r = linalg.add ins(%a, %a : tensor<4x256xf32>, tensor<4x256xf32>) outs(%e : tensor<4x256xf32>) -> tensor<4x256xf32>
    kernel.yield %r : tensor<4x256xf32>
  }
  return %0 : tensor<4x256xf32>
}
}

// -----

// AVX2 (8 f32 per vector, 16 registers): 4x16 register tiles (8
// accumulators) and 32-element elementwise tiles.
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "+avx2,+fma", vector_bits = 256, l1_bytes = 32768, l2_bytes = 262144, cores = 4>} {
// CHECK-LABEL: func.func @matmul_avx2
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 64, 256, 256>, array<i64: 4, 16, 16>], vector_sizes = [4, 16, 16], parallel_dims = [0, 1]>}
func.func @matmul_avx2(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>, %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
// CHECK-LABEL: func.func @elementwise_avx2
// CHECK: linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 32>], vector_sizes = [1, 32], parallel_dims = [0, 1]>}
func.func @elementwise_avx2(%a: tensor<128x1024xf32>, %b: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %e = tensor.empty() : tensor<128x1024xf32>
  %r = linalg.add ins(%a, %b : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %r : tensor<128x1024xf32>
}
}

// -----

// Without a kernel.target, a named CPU: SSE only (4 f32 per vector).
// RUN: strata-opt %s --kernel-select-schedule=cpu=x86-64 -split-input-file | FileCheck %s --check-prefix=SSE
// SSE-LABEL: func.func @elementwise_sse
// SSE: linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 16>], vector_sizes = [1, 16], parallel_dims = [0, 1]>}
func.func @elementwise_sse(%a: tensor<128x1024xf32>, %b: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %e = tensor.empty() : tensor<128x1024xf32>
  %r = linalg.add ins(%a, %b : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %r : tensor<128x1024xf32>
}

// -----

// NCHW depthwise (the tile pass sums shifted windows, vectors along OW): OW
// two vectors (56 = 32 + a peeled 24), 4 channels, the 3x3 window whole
// (loops n, oh, ow, c, kh, kw).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @depthwise_nchw
// CHECK: linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 32, 4, 0, 0>], vector_sizes = [1, 1, 32, 4, 3, 3], parallel_dims = [1, 2, 3]>
func.func @depthwise_nchw(%x: tensor<1x144x58x58xf32>, %w: tensor<144x3x3xf32>, %o: tensor<1x144x56x56xf32>) -> tensor<1x144x56x56xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x144x58x58xf32>, tensor<144x3x3xf32>) outs(%o : tensor<1x144x56x56xf32>) -> tensor<1x144x56x56xf32>
  return %r : tensor<1x144x56x56xf32>
}
}

// -----

// NCHW max pooling is scheduled like NCHW depthwise: the channel is the
// output's batch dim at position 1 (loops n, c, oh, ow, kh, kw).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @max_pool_nchw
// CHECK: linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 4, 1, 32, 0, 0>], vector_sizes = [1, 4, 1, 32, 3, 3], parallel_dims = [1, 2, 3]>
func.func @max_pool_nchw(%x: tensor<1x64x114x114xf32>, %o: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
    ins(%x, %w : tensor<1x64x114x114xf32>, tensor<3x3xf32>) outs(%o : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  return %r : tensor<1x64x56x56xf32>
}
}

// -----

// NHWC depthwise and max pooling (the tile pass sums shifted windows,
// vectors along C): channels two vectors or whole vectors dividing C
// (144 = 3 x 48), OW 8 (rows of accumulators), the 3x3 window whole (loops
// n, oh, ow, c, kh, kw).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @depthwise_nhwc
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 48, 0, 0>], vector_sizes = [1, 1, 8, 48, 3, 3], parallel_dims = [1, 2, 3]>
func.func @depthwise_nhwc(%x: tensor<1x58x58x144xf32>, %w: tensor<3x3x144xf32>, %o: tensor<1x56x56x144xf32>) -> tensor<1x56x56x144xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x58x58x144xf32>, tensor<3x3x144xf32>) outs(%o : tensor<1x56x56x144xf32>) -> tensor<1x56x56x144xf32>
  return %r : tensor<1x56x56x144xf32>
}
// CHECK-LABEL: func.func @max_pool_nhwc
// CHECK: linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 32, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2, 3]>
func.func @max_pool_nhwc(%x: tensor<1x114x114x64xf32>, %o: tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
    ins(%x, %w : tensor<1x114x114x64xf32>, tensor<3x3xf32>) outs(%o : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %r : tensor<1x56x56x64xf32>
}
}

// -----

// N = 49 (a 7x7 image of an im2col convolution): two vectors would leave a
// 17-wide last tile (a vector and a lone lane per row), so n_r is one
// vector (3 x 16 + a peeled 1) and m_r 16 rows.
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @matmul_n49
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 0, {{[0-9]+}}>, array<i64: 16, 16, 16>]
func.func @matmul_n49(%a: tensor<512x4608xf32>, %b: tensor<4608x49xf32>, %c: tensor<512x49xf32>) -> tensor<512x49xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<512x4608xf32>, tensor<4608x49xf32>) outs(%c : tensor<512x49xf32>) -> tensor<512x49xf32>
  return %r : tensor<512x49xf32>
}
}
