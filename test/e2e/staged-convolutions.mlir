// Convolutions that the CUDA backend stages as implicit matrix products
// (a block's pixels by its output channels, one filter tap and a slice of
// the input channels per step, the input's window elements gathered into
// shared memory with padding as predicated reads; strata-cuda-distribute):
// padded, strided, dilated and unpadded windows, input channels staged
// whole (3, the stem's), in steps that divide them or not, output channels
// no block tile divides, pixel tiles short of the 16 rows of a thread
// column, no bias, residual epilogues, an NHWC graph, a dynamic batch, and
// f16. Each static function is compared with the reference evaluator (one
// [1.] per result) on the CPU, through the CUDA emulator (the staged
// schedules run on this CPU), and compiled for sm_80 and sm_90.
// REQUIRES: onnx
// RUN: strata-opt %s "--test-graph-build-e2e=return-checks tolerance=1e-4" -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// The staged kernels' schedules (three levels: block, thread, stage).
// RUN: strata-compile %s --target=cuda:sm_90 --compile-to=kernel | FileCheck %s --check-prefix=SCHEDULE

// CHECK-COUNT-12: [1.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// A padded 3x3 convolution: 7x7 pixels per block (49 of 64 rows), 64
// channels, 32 input channels per step.
// SCHEDULE-LABEL: kernel.func private @same_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 7, 7, 64, 0, 0, 0>, array<i64: 1, 1, 4, 4, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 32>]
func.func @same(%x: tensor<1x64x14x14xf32>, %w: tensor<64x64x3x3xf32>, %b: tensor<64xf32>) -> tensor<1x64x14x14xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x64x14x14xf32>, tensor<64x64x3x3xf32>, tensor<64xf32> -> tensor<1x64x14x14xf32>
  %r = graph.relu %c : tensor<1x64x14x14xf32> -> tensor<1x64x14x14xf32>
  return %r : tensor<1x64x14x14xf32>
}

// A stem: 3 input channels staged whole, a 7x7 window, stride 2, padding
// 3; 16x16 output pixels in tiles of 4x16 (the widest of 64 pixels).
// SCHEDULE-LABEL: kernel.func private @stem_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 4, 16, 32, 0, 0, 0>, array<i64: 1, 1, 4, 2, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 3>]
func.func @stem(%x: tensor<1x3x32x32xf32>, %w: tensor<32x3x7x7xf32>, %b: tensor<32xf32>) -> tensor<1x32x16x16xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 3, 3, 3, 3>, strides = array<i64: 2, 2>} : tensor<1x3x32x32xf32>, tensor<32x3x7x7xf32>, tensor<32xf32> -> tensor<1x32x16x16xf32>
  return %c : tensor<1x32x16x16xf32>
}

// 40 output channels (a block of 32, then one of 8), 20 input channels
// staged whole, no bias, no padding.
// SCHEDULE-LABEL: kernel.func private @ragged_channels_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 8, 8, 32, 0, 0, 0>, array<i64: 1, 1, 4, 2, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 20>]
func.func @ragged_channels(%x: tensor<1x20x10x10xf32>, %w: tensor<40x20x3x3xf32>) -> tensor<1x40x8x8xf32> {
  %c = graph.conv2d %x, %w : tensor<1x20x10x10xf32>, tensor<40x20x3x3xf32> -> tensor<1x40x8x8xf32>
  return %c : tensor<1x40x8x8xf32>
}

// 70 input channels: steps of 32, the last of 6 (zeros beyond); 36
// pixels (48 rows, 3 per thread).
// SCHEDULE-LABEL: kernel.func private @ragged_steps_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 6, 6, 16, 0, 0, 0>, array<i64: 1, 1, 3, 1, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 32>]
func.func @ragged_steps(%x: tensor<1x70x6x6xf32>, %w: tensor<16x70x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x6x6xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x70x6x6xf32>, tensor<16x70x3x3xf32>, tensor<16xf32> -> tensor<1x16x6x6xf32>
  return %c : tensor<1x16x6x6xf32>
}

// A strided 3x3 downsampling (padding 1, stride 2) and a strided 1x1
// shortcut (not a plain product), added: a ResNet block's join.
func.func @downsample(%x: tensor<1x32x16x16xf32>, %w: tensor<64x32x3x3xf32>, %b: tensor<64xf32>, %ws: tensor<64x32x1x1xf32>) -> tensor<1x64x8x8xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x16x16xf32>, tensor<64x32x3x3xf32>, tensor<64xf32> -> tensor<1x64x8x8xf32>
  %s = graph.conv2d %x, %ws {strides = array<i64: 2, 2>} : tensor<1x32x16x16xf32>, tensor<64x32x1x1xf32> -> tensor<1x64x8x8xf32>
  %a = graph.add %c, %s : tensor<1x64x8x8xf32>, tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  %r = graph.relu %a : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  return %r : tensor<1x64x8x8xf32>
}

// A dilated window (DeepLabV3's atrous convolutions): dilation 2,
// padding 2.
func.func @dilated(%x: tensor<1x16x12x12xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>) -> tensor<1x32x12x12xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 2, 2, 2, 2>, dilations = array<i64: 2, 2>} : tensor<1x16x12x12xf32>, tensor<32x16x3x3xf32>, tensor<32xf32> -> tensor<1x32x12x12xf32>
  return %c : tensor<1x32x12x12xf32>
}

// Uneven padding and a rectangular window.
func.func @uneven(%x: tensor<1x8x9x11xf32>, %w: tensor<16x8x2x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x9x11xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 0, 1, 1, 1>} : tensor<1x8x9x11xf32>, tensor<16x8x2x3xf32>, tensor<16xf32> -> tensor<1x16x9x11xf32>
  return %c : tensor<1x16x9x11xf32>
}

// An NHWC graph (OHWI weights): no transposes around the kernel.
func.func @nhwc(%x: tensor<2x10x10x24xf32>, %w: tensor<32x3x3x24xf32>, %b: tensor<32xf32>) -> tensor<2x10x10x32xf32> {
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<2x10x10x24xf32>, tensor<32x3x3x24xf32>, tensor<32xf32> -> tensor<2x10x10x32xf32>
  %s = graph.sigmoid %c : tensor<2x10x10x32xf32> -> tensor<2x10x10x32xf32>
  return %s : tensor<2x10x10x32xf32>
}

// Grouped and depthwise convolutions are not products: one output per
// thread, as before.
func.func @grouped(%x: tensor<1x32x8x8xf32>, %w: tensor<32x8x3x3xf32>, %wd: tensor<32x1x3x3xf32>) -> tensor<1x32x8x8xf32> {
  %g = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>, groups = 4 : i64} : tensor<1x32x8x8xf32>, tensor<32x8x3x3xf32> -> tensor<1x32x8x8xf32>
  %d = graph.conv2d %g, %wd {pads = array<i64: 1, 1, 1, 1>, groups = 32 : i64} : tensor<1x32x8x8xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x8x8xf32>
  return %d : tensor<1x32x8x8xf32>
}

// f16 (accumulated as the graph op says).
// SCHEDULE-LABEL: kernel.func private @half_dispatch_2
//       SCHEDULE:   array<i64: 0, 0, 0, 0, 1, 1, 16>]
func.func @half(%x: tensor<1x16x8x8xf16>, %w: tensor<32x16x3x3xf16>) -> tensor<1x32x8x8xf16> {
  %c = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x8x8xf16>, tensor<32x16x3x3xf16> -> tensor<1x32x8x8xf16>
  return %c : tensor<1x32x8x8xf16>
}

// Two results: the convolution and its activation.
func.func @two_results(%x: tensor<1x16x8x8xf32>, %w: tensor<16x16x3x3xf32>) -> (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) {
  %c = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32> -> tensor<1x16x8x8xf32>
  %r = graph.relu %c : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %c, %r : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>
}

// A dynamic batch: one image per block, the grid computed by the host.
// SCHEDULE-LABEL: kernel.func private @dynamic_batch_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 3, 9, 32, 0, 0, 0>
// Run below with 3 images, compared with the CPU backend.
// RUN: %onnx_python -c "import numpy as np; r = np.random.default_rng(5); np.save('%t.x.npy', r.standard_normal((3, 16, 9, 9), np.float32)); np.save('%t.w.npy', r.standard_normal((32, 16, 3, 3), np.float32))"
// RUN: strata-compile %s -o %t.dyn.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.dyn.emu.smod
// RUN: strata-run %t.dyn.smod --function=dynamic_batch --input=@%t.x.npy --input=@%t.w.npy --output=@%t.cpu.npy
// RUN: strata-run %t.dyn.emu.smod --function=dynamic_batch --input=@%t.x.npy --input=@%t.w.npy --output=@%t.emu.npy
// RUN: %onnx_python -c "import numpy as np; c, e = np.load('%t.cpu.npy'), np.load('%t.emu.npy'); print(e.shape, np.allclose(c, e, rtol=1e-4, atol=1e-4))" | FileCheck %s --check-prefix=DYN
// DYN: (3, 32, 9, 9) True
func.func @dynamic_batch(%x: tensor<?x16x9x9xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<?x32x9x9xf32> {
  %c = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<?x16x9x9xf32>, tensor<32x16x3x3xf32> -> tensor<?x32x9x9xf32>
  return %c : tensor<?x32x9x9xf32>
}
