// Shape computations and data movement through the whole CPU path.
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
// CHECK-COUNT-20: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<2x6x2xf32> {
  %s = graph.constant dense<[0, -1, 2]> : tensor<3xi64>
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<3xi64> -> tensor<2x6x2xf32>
  return %0 : tensor<2x6x2xf32>
}

func.func @transpose(%x: tensor<2x3x5xf32>) -> tensor<5x2x3xf32> {
  %0 = graph.transpose %x {perm = array<i64: 2, 0, 1>} : tensor<2x3x5xf32> -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

func.func @squeeze_unsqueeze(%x: tensor<3x1x4xf32>) -> tensor<1x3x4x1xf32> {
  %0 = graph.squeeze %x {axes = array<i64: 1>} : tensor<3x1x4xf32> -> tensor<3x4xf32>
  %1 = graph.unsqueeze %0 {axes = array<i64: 0, -1>} : tensor<3x4xf32> -> tensor<1x3x4x1xf32>
  return %1 : tensor<1x3x4x1xf32>
}

func.func @flatten(%x: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %0 = graph.flatten %x {axis = 2 : i64} : tensor<2x3x4x5xf32> -> tensor<6x20xf32>
  return %0 : tensor<6x20xf32>
}

func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %s = graph.constant dense<[2, 3, 4]> : tensor<3xi64>
  %0 = graph.expand %x, %s : tensor<3x1xf32>, tensor<3xi64> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @tile(%x: tensor<2x3xi32>) -> tensor<4x9xi32> {
  %0 = graph.tile %x {repeats = array<i64: 2, 3>} : tensor<2x3xi32> -> tensor<4x9xi32>
  return %0 : tensor<4x9xi32>
}

func.func @shape_chain(%x: tensor<4x3x2xf32>) -> tensor<4x6xf32> {
  %s = graph.shape_of %x : tensor<4x3x2xf32> -> tensor<3xi64>
  %c = graph.constant dense<[0]> : tensor<1xi64>
  %g = graph.gather %s, %c : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  %m = graph.constant dense<[-1]> : tensor<1xi64>
  %t = graph.concat %g, %m {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %0 = graph.reshape %x, %t : tensor<4x3x2xf32>, tensor<2xi64> -> tensor<4x6xf32>
  %r = graph.shape_of %0 : tensor<4x6xf32> -> tensor<2xi64>
  %1 = graph.constant_of_shape %r {value = dense<2.5> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  %2 = graph.cast %1 : tensor<?x?xf32> -> tensor<4x6xf32>
  %3 = graph.add %0, %2 : tensor<4x6xf32>, tensor<4x6xf32> -> tensor<4x6xf32>
  return %3 : tensor<4x6xf32>
}

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x11xf32> {
  %0 = graph.concat %a, %b, %a {axis = -1 : i64} : tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x3xf32> -> tensor<2x11xf32>
  return %0 : tensor<2x11xf32>
}

// Concatenations and slices of more than 32 KiB are split into tiles for the
// threads (strata-cpu-distribute-tiles): NHWC channels split along the 20
// columns, NCHW channels along the 30 rows, the slice along its 31 columns.
func.func @concat_tiled_nhwc(%a: tensor<1x12x20x24xf32>, %b: tensor<1x12x20x40xf32>, %c: tensor<1x12x20x8xf32>) -> tensor<1x12x20x72xf32> {
  %0 = graph.concat %a, %b, %c {axis = 3 : i64} : tensor<1x12x20x24xf32>, tensor<1x12x20x40xf32>, tensor<1x12x20x8xf32> -> tensor<1x12x20x72xf32>
  return %0 : tensor<1x12x20x72xf32>
}

func.func @slice_tiled(%x: tensor<30x34x16xf32>) -> tensor<27x31x16xf32> {
  %0 = graph.slice %x {starts = array<i64: 2, 1>, ends = array<i64: 29, 32>, axes = array<i64: 0, 1>} : tensor<30x34x16xf32> -> tensor<27x31x16xf32>
  return %0 : tensor<27x31x16xf32>
}

func.func @concat_tiled_nchw(%a: tensor<1x5x30x40xf32>, %b: tensor<1x3x30x40xf32>) -> tensor<1x8x30x40xf32> {
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<1x5x30x40xf32>, tensor<1x3x30x40xf32> -> tensor<1x8x30x40xf32>
  return %0 : tensor<1x8x30x40xf32>
}

func.func @slice(%x: tensor<8x10xf32>) -> tensor<3x4xf32> {
  %0 = graph.slice %x {starts = array<i64: 1, -1>, ends = array<i64: 7, -9223372036854775807>, steps = array<i64: 2, -3>} : tensor<8x10xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @gather(%x: tensor<3x4xf32>) -> tensor<3x2x2xf32> {
  %i = graph.constant dense<[[0, -1], [2, 1]]> : tensor<2x2xi64>
  %0 = graph.gather %x, %i {axis = 1 : i64} : tensor<3x4xf32>, tensor<2x2xi64> -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

func.func @pad_modes(%x: tensor<3x4xf32>) -> (tensor<4x7xf32>, tensor<6x8xf32>, tensor<6x7xf32>, tensor<2x2xf32>) {
  %0 = graph.pad %x {pads = array<i64: 1, 2, 0, 1>, value = 0.5} : tensor<3x4xf32> -> tensor<4x7xf32>
  %1 = graph.pad %x {pads = array<i64: 2, 1, 1, 3>, mode = #graph.pad_mode<reflect>} : tensor<3x4xf32> -> tensor<6x8xf32>
  %2 = graph.pad %x {pads = array<i64: 1, 1, 2, 2>, mode = #graph.pad_mode<edge>} : tensor<3x4xf32> -> tensor<6x7xf32>
  %3 = graph.pad %x {pads = array<i64: -1, 0, 0, -2>} : tensor<3x4xf32> -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<4x7xf32>, tensor<6x8xf32>, tensor<6x7xf32>, tensor<2x2xf32>
}

func.func @split(%x: tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>) {
  %0:3 = graph.split %x {axis = 1 : i64, num_outputs = 3 : i64} : tensor<2x7xf32> -> tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>
}
