// graph.grid_sample and graph.affine_grid through the whole CPU path: each
// function is compiled into a module and run (one and two threads, and
// without vectorization), and the @entry that test-graph-build-e2e adds
// compares each result with the reference evaluator (ONNX's
// op_grid_sample and op_affine_grid semantics) on pseudo-random inputs in
// [-1, 1]. Grids are scaled past [-1, 1] so that every padding mode reads
// outside the input. Sizes given at run time: grid-sample-runtime.mlir.
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
// CHECK-COUNT-12: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// Bilinear with zero padding, the default.
func.func @linear_zeros(%x: tensor<2x3x5x6xf32>, %g: tensor<2x4x7x2xf32>) -> tensor<2x3x4x7xf32> {
  %k = graph.constant dense<1.4> : tensor<f32>
  %s = graph.mul %g, %k : tensor<2x4x7x2xf32>, tensor<f32> -> tensor<2x4x7x2xf32>
  %0 = graph.grid_sample %x, %s : (tensor<2x3x5x6xf32>, tensor<2x4x7x2xf32>) -> tensor<2x3x4x7xf32>
  return %0 : tensor<2x3x4x7xf32>
}

func.func @linear_reflection_aligned(%x: tensor<1x2x4x5xf32>, %g: tensor<1x6x3x2xf32>) -> tensor<1x2x6x3xf32> {
  %k = graph.constant dense<3.5> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x6x3x2xf32>, tensor<f32> -> tensor<1x6x3x2xf32>
  %0 = graph.grid_sample %x, %s {padding_mode = #graph.grid_padding<reflection>, align_corners = true} : (tensor<1x2x4x5xf32>, tensor<1x6x3x2xf32>) -> tensor<1x2x6x3xf32>
  return %0 : tensor<1x2x6x3xf32>
}

func.func @nearest_border_aligned(%x: tensor<1x3x4x4xf32>, %g: tensor<1x5x5x2xf32>) -> tensor<1x3x5x5xf32> {
  %k = graph.constant dense<1.5> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x5x5x2xf32>, tensor<f32> -> tensor<1x5x5x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<border>, align_corners = true} : (tensor<1x3x4x4xf32>, tensor<1x5x5x2xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}

func.func @nearest_reflection(%x: tensor<1x2x3x5xf32>, %g: tensor<1x4x6x2xf32>) -> tensor<1x2x4x6xf32> {
  %k = graph.constant dense<2.5> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x4x6x2xf32>, tensor<f32> -> tensor<1x4x6x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<nearest>, padding_mode = #graph.grid_padding<reflection>} : (tensor<1x2x3x5xf32>, tensor<1x4x6x2xf32>) -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// Nearest on integers with zero padding.
func.func @nearest_int(%x: tensor<2x2x3x4xi32>, %g: tensor<2x3x3x2xf32>) -> tensor<2x2x3x3xi32> {
  %k = graph.constant dense<1.3> : tensor<f32>
  %s = graph.mul %g, %k : tensor<2x3x3x2xf32>, tensor<f32> -> tensor<2x3x3x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<nearest>} : (tensor<2x2x3x4xi32>, tensor<2x3x3x2xf32>) -> tensor<2x2x3x3xi32>
  return %0 : tensor<2x2x3x3xi32>
}

func.func @cubic_zeros_aligned(%x: tensor<1x2x5x4xf32>, %g: tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32> {
  %k = graph.constant dense<1.2> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x3x4x2xf32>, tensor<f32> -> tensor<1x3x4x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<cubic>, align_corners = true} : (tensor<1x2x5x4xf32>, tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

func.func @cubic_border(%x: tensor<1x1x6x6xf32>, %g: tensor<1x5x4x2xf32>) -> tensor<1x1x5x4xf32> {
  %k = graph.constant dense<1.5> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x5x4x2xf32>, tensor<f32> -> tensor<1x5x4x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<border>} : (tensor<1x1x6x6xf32>, tensor<1x5x4x2xf32>) -> tensor<1x1x5x4xf32>
  return %0 : tensor<1x1x5x4xf32>
}

func.func @cubic_reflection(%x: tensor<1x2x4x3xf32>, %g: tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32> {
  %k = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %g, %k : tensor<1x4x4x2xf32>, tensor<f32> -> tensor<1x4x4x2xf32>
  %0 = graph.grid_sample %x, %s {mode = #graph.resize_mode<cubic>, padding_mode = #graph.grid_padding<reflection>} : (tensor<1x2x4x3xf32>, tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// Volumetric (3 spatial dims), in f16.
func.func @volumetric_f16(%x: tensor<1x2x3x4x3xf16>, %g: tensor<1x2x3x4x3xf16>) -> tensor<1x2x2x3x4xf16> {
  %k = graph.constant dense<1.25> : tensor<f16>
  %s = graph.mul %g, %k : tensor<1x2x3x4x3xf16>, tensor<f16> -> tensor<1x2x3x4x3xf16>
  %0 = graph.grid_sample %x, %s {padding_mode = #graph.grid_padding<border>} : (tensor<1x2x3x4x3xf16>, tensor<1x2x3x4x3xf16>) -> tensor<1x2x2x3x4xf16>
  return %0 : tensor<1x2x2x3x4xf16>
}

// A spatial transformer: a grid from theta, then sampling.
func.func @affine_then_sample(%x: tensor<2x3x6x5xf32>, %t: tensor<2x2x3xf32>) -> tensor<2x3x4x7xf32> {
  %size = graph.constant dense<[2, 3, 4, 7]> : tensor<4xi64>
  %g = graph.affine_grid %t, %size : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x4x7x2xf32>
  %0 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>} : (tensor<2x3x6x5xf32>, tensor<2x4x7x2xf32>) -> tensor<2x3x4x7xf32>
  return %0 : tensor<2x3x4x7xf32>
}

func.func @affine_3d_aligned(%t: tensor<2x3x4xf32>) -> tensor<2x3x1x5x3xf32> {
  %size = graph.constant dense<[2, 1, 3, 1, 5]> : tensor<5xi64>
  %0 = graph.affine_grid %t, %size {align_corners = true} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x1x5x3xf32>
  return %0 : tensor<2x3x1x5x3xf32>
}

func.func @affine_f64(%t: tensor<1x2x3xf64>) -> tensor<1x3x4x2xf64> {
  %size = graph.constant dense<[1, 1, 3, 4]> : tensor<4xi64>
  %0 = graph.affine_grid %t, %size : (tensor<1x2x3xf64>, tensor<4xi64>) -> tensor<1x3x4x2xf64>
  return %0 : tensor<1x3x4x2xf64>
}
