// Contractions, convolutions, pooling and normalizations through the whole CPU path.
// Each function is compiled into a module (strata-compile: graph pipeline,
// kernels, device program, .smod) and run by the runtime (strata-run, on one
// and two threads, and once without vectorization) on pseudo-random inputs;
// the @entry that test-graph-build-e2e adds compares each result with the
// reference evaluator and returns [1.] when they match.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-24: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @matmul_2d(%a0: tensor<7x13xf32>, %a1: tensor<13x9xf32>) -> tensor<7x9xf32> {
  %0 = graph.matmul %a0, %a1 : tensor<7x13xf32>, tensor<13x9xf32> -> tensor<7x9xf32>
  return %0 : tensor<7x9xf32>
}

func.func @matmul_batched(%a0: tensor<2x3x5x4xf32>, %a1: tensor<2x3x4x6xf32>) -> tensor<2x3x5x6xf32> {
  %0 = graph.matmul %a0, %a1 : tensor<2x3x5x4xf32>, tensor<2x3x4x6xf32> -> tensor<2x3x5x6xf32>
  return %0 : tensor<2x3x5x6xf32>
}

func.func @matmul_broadcast(%a0: tensor<2x1x5x4xf32>, %a1: tensor<3x4x6xf32>) -> tensor<2x3x5x6xf32> {
  %0 = graph.matmul %a0, %a1 : tensor<2x1x5x4xf32>, tensor<3x4x6xf32> -> tensor<2x3x5x6xf32>
  return %0 : tensor<2x3x5x6xf32>
}

func.func @matmul_vector(%a0: tensor<4xf32>, %a1: tensor<3x4x5xf32>) -> tensor<3x5xf32> {
  %0 = graph.matmul %a0, %a1 : tensor<4xf32>, tensor<3x4x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @matmul_int(%a0: tensor<3x4xi32>, %a1: tensor<4x2xi32>) -> tensor<3x2xi32> {
  %0 = graph.matmul %a0, %a1 : tensor<3x4xi32>, tensor<4x2xi32> -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

func.func @matmul_1000(%a0: tensor<1x1000xf32>, %a1: tensor<1000x7xf32>) -> tensor<1x7xf32> {
  %0 = graph.matmul %a0, %a1 : tensor<1x1000xf32>, tensor<1000x7xf32> -> tensor<1x7xf32>
  return %0 : tensor<1x7xf32>
}

func.func @linear(%a0: tensor<3x5xf32>, %a1: tensor<6x5xf32>, %a2: tensor<6xf32>) -> tensor<3x6xf32> {
  %0 = graph.linear %a0, %a1, %a2 {trans_b = true, alpha = 0.5 : f32, beta = 2.0 : f32} : tensor<3x5xf32>, tensor<6x5xf32>, tensor<6xf32> -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

func.func @linear_ta(%a0: tensor<5x3xf32>, %a1: tensor<5x6xf32>, %a2: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %0 = graph.linear %a0, %a1, %a2 {trans_a = true} : tensor<5x3xf32>, tensor<5x6xf32>, tensor<3x6xf32> -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

func.func @conv(%a0: tensor<1x3x9x9xf32>, %a1: tensor<4x3x3x3xf32>, %a2: tensor<4xf32>) -> tensor<1x4x9x9xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x9x9xf32>
  return %0 : tensor<1x4x9x9xf32>
}

func.func @conv_strided_dilated(%a0: tensor<2x3x11x10xf32>, %a1: tensor<5x3x3x2xf32>) -> tensor<2x5x5x4xf32> {
  %0 = graph.conv2d %a0, %a1 {strides = array<i64: 2, 3>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 0, 2, 1>} : tensor<2x3x11x10xf32>, tensor<5x3x3x2xf32> -> tensor<2x5x5x4xf32>
  return %0 : tensor<2x5x5x4xf32>
}

func.func @conv_grouped(%a0: tensor<1x4x7x7xf32>, %a1: tensor<6x2x3x3xf32>) -> tensor<1x6x5x5xf32> {
  %0 = graph.conv2d %a0, %a1 {groups = 2 : i64} : tensor<1x4x7x7xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x5x5xf32>
  return %0 : tensor<1x6x5x5xf32>
}

func.func @conv_depthwise(%a0: tensor<1x4x7x7xf32>, %a1: tensor<4x1x3x3xf32>, %a2: tensor<4xf32>) -> tensor<1x4x7x7xf32> {
  %0 = graph.conv2d %a0, %a1, %a2 {groups = 4 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x4x7x7xf32>, tensor<4x1x3x3xf32>, tensor<4xf32> -> tensor<1x4x7x7xf32>
  return %0 : tensor<1x4x7x7xf32>
}

func.func @conv_nhwc(%a0: tensor<1x8x8x3xf32>, %a1: tensor<4x3x3x3xf32>) -> tensor<1x3x3x4xf32> {
  %0 = graph.conv2d %a0, %a1 {layout = #graph.layout<nhwc>, strides = array<i64: 2, 2>} : tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

func.func @conv_transpose(%a0: tensor<1x2x4x4xf32>, %a1: tensor<2x3x3x3xf32>, %a2: tensor<3xf32>) -> tensor<1x3x8x8xf32> {
  %0 = graph.conv_transpose2d %a0, %a1, %a2 {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x3x3x3xf32>, tensor<3xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

func.func @max_pool(%a0: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = graph.max_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

func.func @max_pool_ceil(%a0: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %0 = graph.max_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x2x8x8xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

func.func @avg_pool(%a0: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = graph.avg_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

func.func @avg_pool_incl(%a0: tensor<1x7x7x2xf32>) -> tensor<1x4x4x2xf32> {
  %0 = graph.avg_pool2d %a0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true, layout = #graph.layout<nhwc>} : tensor<1x7x7x2xf32> -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}

func.func @global_avg(%a0: tensor<2x3x5x5xf32>) -> tensor<2x3x1x1xf32> {
  %0 = graph.global_avg_pool %a0 : tensor<2x3x5x5xf32> -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

func.func @global_max(%a0: tensor<2x5x5x3xf32>) -> tensor<2x1x1x3xf32> {
  %0 = graph.global_max_pool %a0 {layout = #graph.layout<nhwc>} : tensor<2x5x5x3xf32> -> tensor<2x1x1x3xf32>
  return %0 : tensor<2x1x1x3xf32>
}

func.func @batch_norm(%a0: tensor<2x3x4x4xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) -> tensor<2x3x4x4xf32> {
  %0 = graph.batch_norm %a0, %a1, %a2, %a3, %a4 {epsilon = 1.5 : f32} : tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

func.func @layer_norm(%a0: tensor<2x5x16xf32>, %a1: tensor<16xf32>, %a2: tensor<16xf32>) -> tensor<2x5x16xf32> {
  %0 = graph.layer_norm %a0, %a1, %a2 : tensor<2x5x16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<2x5x16xf32>
  return %0 : tensor<2x5x16xf32>
}

func.func @softmax(%a0: tensor<3x10xf32>) -> tensor<3x10xf32> {
  %0 = graph.softmax %a0 : tensor<3x10xf32> -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}

func.func @log_softmax(%a0: tensor<4x3x5xf32>) -> tensor<4x3x5xf32> {
  %0 = graph.log_softmax %a0 {axis = 1 : i64} : tensor<4x3x5xf32> -> tensor<4x3x5xf32>
  return %0 : tensor<4x3x5xf32>
}
