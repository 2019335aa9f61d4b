// graph.resize through the whole CPU path: each function is compiled into a
// module and run (one and two threads, and without vectorization), and the
// @entry that test-graph-build-e2e adds compares each result with the
// reference evaluator (ONNX's op_resize semantics) on pseudo-random inputs.
// Scales and sizes given at run time: resize-runtime.mlir.
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
// CHECK-COUNT-8: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// U-Net and segmentation heads: bilinear and nearest upsampling by 2.
func.func @up_linear(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = graph.resize %x scales %s {mode = #graph.resize_mode<linear>} : (tensor<1x2x3x4xf32>, tensor<4xf32>) -> tensor<1x2x6x8xf32>
  return %0 : tensor<1x2x6x8xf32>
}

func.func @up_nearest(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x8x10xf32> {
  %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = graph.resize %x scales %s {coordinate_mode = #graph.coordinate_mode<asymmetric>, nearest_mode = #graph.nearest_mode<floor>} : (tensor<2x3x4x5xf32>, tensor<4xf32>) -> tensor<2x3x8x10xf32>
  return %0 : tensor<2x3x8x10xf32>
}

// Downsampling by sizes, cubic with align_corners and exclude_outside.
func.func @down_cubic(%x: tensor<1x1x8x8xf32>) -> tensor<1x1x3x5xf32> {
  %s = graph.constant dense<[1, 1, 3, 5]> : tensor<4xi64>
  %0 = graph.resize %x sizes %s {mode = #graph.resize_mode<cubic>, exclude_outside = true, coordinate_mode = #graph.coordinate_mode<align_corners>} : (tensor<1x1x8x8xf32>, tensor<4xi64>) -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// Nearest on integers, every dim resized, rounding up.
func.func @nearest_int(%x: tensor<2x3x5xi32>) -> tensor<2x7x2xi32> {
  %s = graph.constant dense<[2, 7, 2]> : tensor<3xi64>
  %0 = graph.resize %x sizes %s {coordinate_mode = #graph.coordinate_mode<asymmetric>, nearest_mode = #graph.nearest_mode<ceil>} : (tensor<2x3x5xi32>, tensor<3xi64>) -> tensor<2x7x2xi32>
  return %0 : tensor<2x7x2xi32>
}

// Non-integer scales: half_pixel_symmetric and pytorch_half_pixel.
func.func @symmetric(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x6xf32> {
  %s = graph.constant dense<[1.0, 1.0, 0.8, 1.7]> : tensor<4xf32>
  %0 = graph.resize %x scales %s {mode = #graph.resize_mode<linear>, coordinate_mode = #graph.coordinate_mode<half_pixel_symmetric>} : (tensor<1x1x4x4xf32>, tensor<4xf32>) -> tensor<1x1x3x6xf32>
  return %0 : tensor<1x1x3x6xf32>
}

func.func @pytorch(%x: tensor<1x2x5x3xf16>) -> tensor<1x2x1x7xf16> {
  %s = graph.constant dense<[1, 2, 1, 7]> : tensor<4xi64>
  %0 = graph.resize %x sizes %s {mode = #graph.resize_mode<linear>, coordinate_mode = #graph.coordinate_mode<pytorch_half_pixel>} : (tensor<1x2x5x3xf16>, tensor<4xi64>) -> tensor<1x2x1x7xf16>
  return %0 : tensor<1x2x1x7xf16>
}

// Cubic upsampling with the default coefficient, 3 of 4 dims.
func.func @up_cubic(%x: tensor<2x3x4x4xf32>) -> tensor<2x5x8x6xf32> {
  %s = graph.constant dense<[1.0, 1.75, 2.0, 1.5]> : tensor<4xf32>
  %0 = graph.resize %x scales %s {mode = #graph.resize_mode<cubic>, coordinate_mode = #graph.coordinate_mode<asymmetric>} : (tensor<2x3x4x4xf32>, tensor<4xf32>) -> tensor<2x5x8x6xf32>
  return %0 : tensor<2x5x8x6xf32>
}

// Sizes and coordinate scales both given (keep_aspect_ratio_policy).
func.func @both(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xf32> {
  %s = graph.constant dense<[1.0, 1.0, 0.75, 0.75]> : tensor<4xf32>
  %z = graph.constant dense<[1, 1, 3, 3]> : tensor<4xi64>
  %0 = graph.resize %x scales %s sizes %z {mode = #graph.resize_mode<linear>} : (tensor<1x1x4x4xf32>, tensor<4xf32>, tensor<4xi64>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}
