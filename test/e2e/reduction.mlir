// Reductions through the whole CPU path.
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
// CHECK-COUNT-10: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @reduce_sum_0(%x: tensor<3x7x5xf32>) -> tensor<3x1x5xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<3x7x5xf32> -> tensor<3x1x5xf32>
  return %0 : tensor<3x1x5xf32>
}

func.func @reduce_sum_1(%x: tensor<3x7x5xf32>) -> tensor<7xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 0, -1>, keepdims = false} : tensor<3x7x5xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @reduce_mean_2(%x: tensor<4x1000xf32>) -> tensor<4x1xf32> {
  %0 = graph.reduce_mean %x {axes = array<i64: -1>} : tensor<4x1000xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

func.func @reduce_max_3(%x: tensor<6x9xf32>) -> tensor<f32> {
  %0 = graph.reduce_max %x {keepdims = false} : tensor<6x9xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @reduce_min_4(%x: tensor<6x9xi32>) -> tensor<1x9xi32> {
  %0 = graph.reduce_min %x {axes = array<i64: 0>} : tensor<6x9xi32> -> tensor<1x9xi32>
  return %0 : tensor<1x9xi32>
}

func.func @reduce_prod_5(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @reduce_sum_6(%x: tensor<5x8xf16>) -> tensor<5x1xf16> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<5x8xf16> -> tensor<5x1xf16>
  return %0 : tensor<5x1xf16>
}

func.func @argmax_7(%x: tensor<4x7xf32>) -> tensor<4x1xi64> {
  %0 = graph.argmax %x {axis = 1 : i64} : tensor<4x7xf32> -> tensor<4x1xi64>
  return %0 : tensor<4x1xi64>
}

func.func @argmin_8(%x: tensor<4x7xf32>) -> tensor<7xi64> {
  %0 = graph.argmin %x {axis = 0 : i64, keepdims = false} : tensor<4x7xf32> -> tensor<7xi64>
  return %0 : tensor<7xi64>
}

func.func @argmax_9(%x: tensor<10xi32>) -> tensor<1xi64> {
  %0 = graph.argmax %x {select_last_index = true} : tensor<10xi32> -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
