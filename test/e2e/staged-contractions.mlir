// Matrix products that the CUDA backend stages through shared memory
// (block tiles of 16..64 per matrix dim, a slice of the reduction per
// step, a register tile per thread; strata-cuda-distribute), with fused
// epilogues, batch dims, transposed operands, reductions short enough to
// stage whole or stepped by 8, f16 operands, a 1x1 convolution, sizes no
// tile divides, and dynamic dims. Each static function is compared with the reference evaluator (one
// [1.] per result) on the CPU, through the CUDA emulator (the staged
// schedules run on this CPU), and compiled for sm_80 and sm_90.
// REQUIRES: onnx
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// The staged kernels' schedules (three levels: block, thread, stage).
// RUN: strata-compile %s --target=cuda:sm_90 --compile-to=kernel | FileCheck %s --check-prefix=SCHEDULE

// CHECK-COUNT-8: [1.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// SCHEDULE-LABEL: kernel.func private @linear_relu_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 64, 64, 0>, array<i64: 4, 4, 0>, array<i64: 0, 0, 32>]
func.func @linear_relu(%x: tensor<128x256xf32>, %w: tensor<192x256xf32>, %b: tensor<192xf32>) -> tensor<128x192xf32> {
  %h = graph.linear %x, %w, %b {trans_b = true} : tensor<128x256xf32>, tensor<192x256xf32>, tensor<192xf32> -> tensor<128x192xf32>
  %r = graph.relu %h : tensor<128x192xf32> -> tensor<128x192xf32>
  return %r : tensor<128x192xf32>
}

// SCHEDULE-LABEL: kernel.func private @batched_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 1, 64, 32, 0>, array<i64: 1, 4, 2, 0>, array<i64: 0, 0, 0, 32>]
func.func @batched(%a: tensor<3x64x96xf32>, %b: tensor<3x96x32xf32>) -> tensor<3x64x32xf32> {
  %0 = graph.matmul %a, %b : tensor<3x64x96xf32>, tensor<3x96x32xf32> -> tensor<3x64x32xf32>
  return %0 : tensor<3x64x32xf32>
}

// A reduction of 40: steps of 8; m of 48: tiles of 16.
// SCHEDULE-LABEL: kernel.func private @short_steps_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 16, 64, 0>, array<i64: 1, 4, 0>, array<i64: 0, 0, 8>]
func.func @short_steps(%a: tensor<48x40xf32>, %b: tensor<40x128xf32>) -> tensor<48x128xf32> {
  %0 = graph.matmul %a, %b : tensor<48x40xf32>, tensor<40x128xf32> -> tensor<48x128xf32>
  return %0 : tensor<48x128xf32>
}

// A reduction of 24: staged whole (one step).
// SCHEDULE-LABEL: kernel.func private @whole_reduction_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 32, 32, 0>, array<i64: 2, 2, 0>, array<i64: 0, 0, 24>]
func.func @whole_reduction(%a: tensor<32x24xf32>, %b: tensor<24x96xf32>) -> tensor<32x96xf32> {
  %0 = graph.matmul %a, %b : tensor<32x24xf32>, tensor<24x96xf32> -> tensor<32x96xf32>
  %s = graph.sigmoid %0 : tensor<32x96xf32> -> tensor<32x96xf32>
  return %s : tensor<32x96xf32>
}

// Attention scores: Q.K^T of 2 heads, scaled, then a softmax over keys.
// SCHEDULE-LABEL: kernel.func private @scores_dispatch_0
//       SCHEDULE:   array<i64: 0, 0, 0, 16>]
func.func @scores(%q: tensor<2x64x16xf32>, %k: tensor<2x64x16xf32>) -> tensor<2x64x64xf32> {
  %kt = graph.transpose %k {perm = array<i64: 0, 2, 1>} : tensor<2x64x16xf32> -> tensor<2x16x64xf32>
  %s = graph.matmul %q, %kt : tensor<2x64x16xf32>, tensor<2x16x64xf32> -> tensor<2x64x64xf32>
  %c = graph.constant dense<0.25> : tensor<f32>
  %sc = graph.mul %s, %c : tensor<2x64x64xf32>, tensor<f32> -> tensor<2x64x64xf32>
  %p = graph.softmax %sc {axis = -1 : i64} : tensor<2x64x64xf32> -> tensor<2x64x64xf32>
  return %p : tensor<2x64x64xf32>
}

// f16 operands (accumulated as the graph op says).
// SCHEDULE-LABEL: kernel.func private @half_dispatch_0
//       SCHEDULE:   array<i64: 0, 0, 32>]
func.func @half(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x32xf16> {
  %0 = graph.matmul %a, %b : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf16>
  return %0 : tensor<32x32xf16>
}

// A 1x1 convolution (NCHW in the graph, NHWC in kernels): on GPUs a
// product of the image, already a [pixels, channels] matrix, and the
// filter, staged like the others (36 pixels: tiles of 32, the second
// partial).
// SCHEDULE-LABEL: kernel.func private @pointwise_conv_dispatch_1
//       SCHEDULE:   tile_sizes = [array<i64: 32, 32, 0>, array<i64: 2, 2, 0>, array<i64: 0, 0, 32>]
func.func @pointwise_conv(%x: tensor<1x64x6x6xf32>, %w: tensor<32x64x1x1xf32>, %b: tensor<32xf32>) -> tensor<1x32x6x6xf32> {
  %c = graph.conv2d %x, %w, %b : tensor<1x64x6x6xf32>, tensor<32x64x1x1xf32>, tensor<32xf32> -> tensor<1x32x6x6xf32>
  %r = graph.relu %c : tensor<1x32x6x6xf32> -> tensor<1x32x6x6xf32>
  return %r : tensor<1x32x6x6xf32>
}

// Sizes no tile divides: partial last tiles along m (50 = 32 + 18), n
// (70 = 64 + 6) and the reduction (37 = 32 + 5), staged as zeros.
// SCHEDULE-LABEL: kernel.func private @ragged_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 32, 64, 0>, array<i64: 2, 4, 0>, array<i64: 0, 0, 32>]
func.func @ragged(%a: tensor<50x37xf32>, %b: tensor<37x70xf32>) -> tensor<50x70xf32> {
  %0 = graph.matmul %a, %b : tensor<50x37xf32>, tensor<37x70xf32> -> tensor<50x70xf32>
  return %0 : tensor<50x70xf32>
}

// A dynamic m (and reduction): blocks of 64 rows, steps of 32. Run below
// with 70 rows and a reduction of 45 (test-graph-build-e2e checks static
// functions only), compared with the CPU backend.
// SCHEDULE-LABEL: kernel.func private @dynamic_rows_dispatch_0
//       SCHEDULE:   tile_sizes = [array<i64: 64, 32, 0>, array<i64: 4, 2, 0>, array<i64: 0, 0, 32>]
// RUN: %onnx_python -c "import numpy as np; r = np.random.default_rng(7); np.save('%t.a.npy', r.standard_normal((70, 45), np.float32)); np.save('%t.b.npy', r.standard_normal((45, 32), np.float32))"
// RUN: strata-compile %s -o %t.dyn.smod
// RUN: strata-run %t.dyn.smod --function=dynamic_rows --input=@%t.a.npy --input=@%t.b.npy --output=@%t.cpu.npy
// RUN: strata-compile %s --target=cuda-emulator -o %t.dyn.emu.smod
// RUN: strata-run %t.dyn.emu.smod --function=dynamic_rows --input=@%t.a.npy --input=@%t.b.npy --output=@%t.emu.npy
// RUN: %onnx_python -c "import numpy as np; c, e = np.load('%t.cpu.npy'), np.load('%t.emu.npy'); print(e.shape, np.allclose(c, e, rtol=1e-5, atol=1e-5))" | FileCheck %s --check-prefix=DYN
// DYN: (70, 32) True
func.func @dynamic_rows(%a: tensor<?x?xf32>, %b: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %0 = graph.matmul %a, %b : tensor<?x?xf32>, tensor<?x32xf32> -> tensor<?x32xf32>
  return %0 : tensor<?x32xf32>
}
