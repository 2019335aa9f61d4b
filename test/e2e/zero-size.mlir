// Ops over tensors with a dimension of static size 0 through the whole CPU
// path: kernels whose iteration space is empty compile (tiling and the
// split into tiles for threads leave empty loops whole) and produce the
// empty result, or the reduction's initial value over an empty axis (a sum
// 0, a mean NaN, a product 1), or a convolution's bias over 0 input
// channels. The @entry that test-graph-build-e2e adds compares each result
// with the reference evaluator's and returns [1.] when they match.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --layout=nchw -o %t.nchw.smod
// RUN: strata-run %t.nchw.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-27: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// Convolutions: no input channels (only the bias), no filters, no images.
func.func @conv_no_channels(%x: tensor<1x0x8x8xf32>, %w: tensor<4x0x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %0 = graph.conv2d %x, %w, %b : tensor<1x0x8x8xf32>, tensor<4x0x3x3xf32>, tensor<4xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

func.func @conv_no_channels_relu(%x: tensor<2x0x5x5xf32>, %w: tensor<3x0x1x1xf32>, %b: tensor<3xf32>) -> tensor<2x3x5x5xf32> {
  %0 = graph.conv2d %x, %w, %b : tensor<2x0x5x5xf32>, tensor<3x0x1x1xf32>, tensor<3xf32> -> tensor<2x3x5x5xf32>
  %1 = graph.relu %0 : tensor<2x3x5x5xf32> -> tensor<2x3x5x5xf32>
  return %1 : tensor<2x3x5x5xf32>
}

func.func @conv_no_filters(%x: tensor<1x3x8x8xf32>, %w: tensor<0x3x3x3xf32>) -> tensor<1x0x6x6xf32> {
  %0 = graph.conv2d %x, %w : tensor<1x3x8x8xf32>, tensor<0x3x3x3xf32> -> tensor<1x0x6x6xf32>
  return %0 : tensor<1x0x6x6xf32>
}

func.func @conv_no_images(%x: tensor<0x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<0x4x6x6xf32> {
  %0 = graph.conv2d %x, %w, %b : tensor<0x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<0x4x6x6xf32>
  return %0 : tensor<0x4x6x6xf32>
}

// Reductions over an empty axis, and of an empty tensor over a full one.
func.func @sum_empty_axis(%x: tensor<3x0xf32>) -> tensor<3x1xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<3x0xf32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

func.func @mean_empty_axis(%x: tensor<3x0xf32>) -> tensor<3x1xf32> {
  %0 = graph.reduce_mean %x {axes = array<i64: 1>} : tensor<3x0xf32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

func.func @prod_empty_axis(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : tensor<2x0xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @sum_all_empty(%x: tensor<0x7xf32>) -> tensor<f32> {
  %0 = graph.reduce_sum %x {keepdims = false} : tensor<0x7xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @sum_of_empty(%x: tensor<0x7xf32>) -> tensor<0x1xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<0x7xf32> -> tensor<0x1xf32>
  return %0 : tensor<0x1xf32>
}

// Products with an empty inner dim (all zeros) or an empty outer one.
func.func @matmul_empty_k(%a: tensor<3x0xf32>, %b: tensor<0x4xf32>) -> tensor<3x4xf32> {
  %0 = graph.matmul %a, %b : tensor<3x0xf32>, tensor<0x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @matmul_empty_k_bias(%a: tensor<3x0xf32>, %b: tensor<0x4xf32>, %c: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = graph.matmul %a, %b : tensor<3x0xf32>, tensor<0x4xf32> -> tensor<3x4xf32>
  %1 = graph.add %0, %c : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

func.func @matmul_empty_m(%a: tensor<0x5xf32>, %b: tensor<5x4xf32>) -> tensor<0x4xf32> {
  %0 = graph.matmul %a, %b : tensor<0x5xf32>, tensor<5x4xf32> -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

func.func @matmul_empty_batch(%a: tensor<0x3x5xf32>, %b: tensor<0x5x2xf32>) -> tensor<0x3x2xf32> {
  %0 = graph.matmul %a, %b : tensor<0x3x5xf32>, tensor<0x5x2xf32> -> tensor<0x3x2xf32>
  return %0 : tensor<0x3x2xf32>
}

func.func @matmul_empty_k_int(%a: tensor<2x0xi32>, %b: tensor<0x3xi32>) -> tensor<2x3xi32> {
  %0 = graph.matmul %a, %b : tensor<2x0xi32>, tensor<0x3xi32> -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// Elementwise ops and broadcasts of empty tensors.
func.func @add_empty(%a: tensor<3x0x2xi32>, %b: tensor<3x0x2xi32>) -> tensor<3x0x2xi32> {
  %0 = graph.add %a, %b : tensor<3x0x2xi32>, tensor<3x0x2xi32> -> tensor<3x0x2xi32>
  return %0 : tensor<3x0x2xi32>
}

func.func @exp_broadcast_empty(%a: tensor<0x4xf32>, %b: tensor<4xf32>) -> tensor<0x4xf32> {
  %0 = graph.add %a, %b : tensor<0x4xf32>, tensor<4xf32> -> tensor<0x4xf32>
  %1 = graph.exp %0 : tensor<0x4xf32> -> tensor<0x4xf32>
  return %1 : tensor<0x4xf32>
}

// Unique-like: every pair of rows compared over an empty axis (no
// element differs).
func.func @pairwise_differences(%a: tensor<3x1x0x2xi32>, %b: tensor<1x3x0x2xi32>) -> tensor<3x3xi32> {
  %0 = graph.equal %a, %b : tensor<3x1x0x2xi32>, tensor<1x3x0x2xi32> -> tensor<3x3x0x2xi1>
  %1 = graph.not %0 : tensor<3x3x0x2xi1> -> tensor<3x3x0x2xi1>
  %2 = graph.cast %1 : tensor<3x3x0x2xi1> -> tensor<3x3x0x2xi32>
  %3 = graph.reduce_sum %2 {axes = array<i64: 2, 3>, keepdims = false} : tensor<3x3x0x2xi32> -> tensor<3x3xi32>
  %4 = graph.add %3, %3 : tensor<3x3xi32>, tensor<3x3xi32> -> tensor<3x3xi32>
  return %4 : tensor<3x3xi32>
}

// Concatenations with empty operands.
func.func @concat_empty_operand(%a: tensor<2x0xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<2x0xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @concat_all_empty(%a: tensor<0x4xf32>, %b: tensor<0x4xf32>) -> tensor<0x4xf32> {
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<0x4xf32>, tensor<0x4xf32> -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// Running sums along and across an empty axis.
func.func @cumsum_empty_axis(%x: tensor<4x0xf32>) -> tensor<4x0xf32> {
  %a = graph.constant dense<1> : tensor<i64>
  %0 = graph.cumsum %x, %a : tensor<4x0xf32>, tensor<i64> -> tensor<4x0xf32>
  %1 = graph.cumsum %0, %a {reverse = true} : tensor<4x0xf32>, tensor<i64> -> tensor<4x0xf32>
  return %1 : tensor<4x0xf32>
}

func.func @cumsum_across_empty(%x: tensor<0x4xi32>) -> tensor<0x4xi32> {
  %a = graph.constant dense<1> : tensor<i64>
  %0 = graph.cumsum %x, %a {exclusive = true} : tensor<0x4xi32>, tensor<i64> -> tensor<0x4xi32>
  return %0 : tensor<0x4xi32>
}

// Softmax, transposes and padding of empty tensors.
func.func @softmax_empty(%x: tensor<3x0xf32>) -> tensor<3x0xf32> {
  %0 = graph.softmax %x {axis = 1 : i64} : tensor<3x0xf32> -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

func.func @transpose_empty(%x: tensor<0x3xf32>) -> tensor<3x0xf32> {
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<0x3xf32> -> tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}

func.func @pad_empty(%x: tensor<0xf32>) -> tensor<3xf32> {
  %0 = graph.pad %x {pads = array<i64: 1, 2>, value = 5.0 : f64} : tensor<0xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @pad_to_empty(%x: tensor<0x2xf32>) -> tensor<0x3xf32> {
  %0 = graph.pad %x {pads = array<i64: 1, 0, -1, 1>} : tensor<0x2xf32> -> tensor<0x3xf32>
  return %0 : tensor<0x3xf32>
}

// Empty and non-empty results of one kernel; a scalar kernel beside them.
func.func @mixed(%a: tensor<0x4xf32>, %b: tensor<4xf32>) -> (tensor<0x4xf32>, tensor<4xf32>) {
  %0 = graph.mul %a, %b : tensor<0x4xf32>, tensor<4xf32> -> tensor<0x4xf32>
  %1 = graph.reduce_sum %a {axes = array<i64: 0>, keepdims = false} : tensor<0x4xf32> -> tensor<4xf32>
  %2 = graph.add %1, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %2 : tensor<0x4xf32>, tensor<4xf32>
}
