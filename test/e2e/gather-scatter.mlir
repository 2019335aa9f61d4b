// gather_elements, gather_nd, scatter_elements, scatter_nd and dynamic_pad
// through the whole CPU path. Each function is compiled and run (one and
// two threads, and without vectorization), and the @entry of
// test-graph-build-e2e compares each result with the reference evaluator
// on pseudo-random inputs. Then dynamic_pad's run-time checks, and empty
// slices and concat inputs (offsets at the end of a dim).
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// RUN: strata-compile %S/Inputs/dynamic-pad.mlir -o %t.pad.smod
// RUN: strata-run %t.pad.smod --function=pad --input=2x3xf32=1,2,3,4,5,6 --input=4xi64=1,0,0,2 | FileCheck %s --check-prefix=PAD
// RUN: not strata-run %t.pad.smod --function=pad --input=2x3xf32=1,2,3,4,5,6 --input=4xi64=0,-5,0,0 2>&1 | FileCheck %s --check-prefix=CROP
// RUN: not strata-run %t.pad.smod --function=reflect --input=2x3xf32=1,2,3,4,5,6 --input=4xi64=2,0,0,0 2>&1 | FileCheck %s --check-prefix=REFLECT
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
// PAD: tensor<3x5xf32>
// PAD-NEXT: {{\[\[}}0. 0. 0. 0. 0.]
// PAD-NEXT: {{\[}}1. 2. 3. 0. 0.]
// PAD-NEXT: {{\[}}4. 5. 6. 0. 0.]]
// CROP: error: {{.*}}dynamic-pad.mlir:{{[0-9]+}}:{{[0-9]+}}: graph.dynamic_pad: pads crop a dim to a negative size
// REFLECT: error: {{.*}}dynamic-pad.mlir:{{[0-9]+}}:{{[0-9]+}}: graph.dynamic_pad: reflect pads must be smaller than the dim

func.func @gather_elements(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %i = graph.constant dense<[[0, 3], [-1, 1], [2, 2]]> : tensor<3x2xi64>
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @gather_nd(%x: tensor<4x5x6xf32>) -> tensor<2x6xf32> {
  %i = graph.constant dense<[[1, 2], [-1, 0]]> : tensor<2x2xi64>
  %0 = graph.gather_nd %x, %i : tensor<4x5x6xf32>, tensor<2x2xi64> -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

func.func @gather_nd_batch(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %i = graph.constant dense<[[1], [-1]]> : tensor<2x1xi32>
  %0 = graph.gather_nd %x, %i {batch_dims = 1 : i64} : tensor<2x3x4xf32>, tensor<2x1xi32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Duplicate indices: the last update wins; with add they accumulate.
func.func @scatter_elements(%x: tensor<3x4xf32>, %u: tensor<2x2xf32>) -> tensor<3x4xf32> {
  %i = graph.constant dense<[[0, 0], [3, -1]]> : tensor<2x2xi64>
  %0 = graph.scatter_elements %x, %i, %u {axis = 1 : i64} : tensor<3x4xf32>, tensor<2x2xi64>, tensor<2x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @scatter_elements_add(%x: tensor<3x4xf32>, %u: tensor<2x2xf32>) -> tensor<3x4xf32> {
  %i = graph.constant dense<[[0, 0], [3, -1]]> : tensor<2x2xi64>
  %0 = graph.scatter_elements %x, %i, %u {axis = 1 : i64, reduction = #graph.scatter_reduction<add>} : tensor<3x4xf32>, tensor<2x2xi64>, tensor<2x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// Swin's window masks: rows replaced by index.
func.func @scatter_nd(%x: tensor<4x4x3xf32>, %u: tensor<2x4x3xf32>) -> tensor<4x4x3xf32> {
  %i = graph.constant dense<[[1], [-2]]> : tensor<2x1xi64>
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x4x3xf32>, tensor<2x1xi64>, tensor<2x4x3xf32> -> tensor<4x4x3xf32>
  return %0 : tensor<4x4x3xf32>
}

func.func @scatter_nd_max(%x: tensor<4x5xi32>, %u: tensor<3xi32>) -> tensor<4x5xi32> {
  %i = graph.constant dense<[[1, 2], [1, 2], [3, 0]]> : tensor<3x2xi64>
  %0 = graph.scatter_nd %x, %i, %u {reduction = #graph.scatter_reduction<max>} : tensor<4x5xi32>, tensor<3x2xi64>, tensor<3xi32> -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}

func.func @scatter_nd_mul(%x: tensor<2x3x4xf32>, %u: tensor<2x2x4xf32>) -> tensor<2x3x4xf32> {
  %i = graph.constant dense<[[[0, 1], [1, 2]], [[0, 1], [1, 0]]]> : tensor<2x2x2xi64>
  %0 = graph.scatter_nd %x, %i, %u {reduction = #graph.scatter_reduction<mul>} : tensor<2x3x4xf32>, tensor<2x2x2xi64>, tensor<2x2x4xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

func.func @dynamic_pad_reflect(%x: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %p = graph.constant dense<[1, 2, 1, 1]> : tensor<4xi64>
  %0 = graph.dynamic_pad %x, %p {mode = #graph.pad_mode<reflect>} : tensor<3x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  %1 = graph.cast %0 : tensor<?x?xf32> -> tensor<5x7xf32>
  return %1 : tensor<5x7xf32>
}

// Empty selections: a slice starting at the end of its dim, and an empty
// input of a concat.
func.func @empty_pieces(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.slice %x {starts = array<i64: 3>, ends = array<i64: 9223372036854775807>, axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2x0xf32>
  %1 = graph.concat %x, %0 {axis = 1 : i64} : tensor<2x3xf32>, tensor<2x0xf32> -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
