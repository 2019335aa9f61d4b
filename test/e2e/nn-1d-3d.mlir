// 1-D and 3-D convolutions and pooling through the whole CPU path: the 1-D
// ops as the ONNX importer composes them (graph.unsqueeze to a unit height,
// the 2-D op, graph.squeeze), the 3-D ops, and global pooling of 1-D and
// 3-D images. Each function is compiled into a module (strata-compile) and
// run by the runtime (strata-run, on one and two threads, and once without
// vectorization) on pseudo-random inputs; the @entry that
// test-graph-build-e2e adds compares each result with the reference
// evaluator and returns [1.] when they match.
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
// CHECK-COUNT-16: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// Conv with pads [1, 2], stride 2, dilation 2, two groups and a bias.
func.func @conv1d(%x: tensor<2x4x11xf32>, %w: tensor<6x2x3xf32>, %b: tensor<6xf32>) -> tensor<2x6x5xf32> {
  %xu = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<2x4x11xf32> -> tensor<2x4x1x11xf32>
  %wu = graph.unsqueeze %w {axes = array<i64: 2>} : tensor<6x2x3xf32> -> tensor<6x2x1x3xf32>
  %0 = graph.conv2d %xu, %wu, %b {dilations = array<i64: 1, 2>, groups = 2 : i64, pads = array<i64: 0, 1, 0, 2>, strides = array<i64: 1, 2>} : tensor<2x4x1x11xf32>, tensor<6x2x1x3xf32>, tensor<6xf32> -> tensor<2x6x1x5xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 2>} : tensor<2x6x1x5xf32> -> tensor<2x6x5xf32>
  return %1 : tensor<2x6x5xf32>
}

// ConvTranspose with stride 2, pads [1, 0], output_padding 1, two groups.
func.func @conv_transpose1d(%x: tensor<1x4x5xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x6x11xf32> {
  %xu = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<1x4x5xf32> -> tensor<1x4x1x5xf32>
  %wu = graph.unsqueeze %w {axes = array<i64: 2>} : tensor<4x3x3xf32> -> tensor<4x3x1x3xf32>
  %0 = graph.conv_transpose2d %xu, %wu {groups = 2 : i64, output_padding = array<i64: 0, 1>, pads = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 2>} : tensor<1x4x1x5xf32>, tensor<4x3x1x3xf32> -> tensor<1x6x1x11xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 2>} : tensor<1x6x1x11xf32> -> tensor<1x6x11xf32>
  return %1 : tensor<1x6x11xf32>
}

func.func @max_pool1d_ceil(%x: tensor<2x3x10xf32>) -> tensor<2x3x5xf32> {
  %xu = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<2x3x10xf32> -> tensor<2x3x1x10xf32>
  %0 = graph.max_pool2d %xu {ceil_mode = true, kernel_shape = array<i64: 1, 3>, pads = array<i64: 0, 1, 0, 0>, strides = array<i64: 1, 2>} : tensor<2x3x1x10xf32> -> tensor<2x3x1x5xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 2>} : tensor<2x3x1x5xf32> -> tensor<2x3x5xf32>
  return %1 : tensor<2x3x5xf32>
}

func.func @avg_pool1d_incl(%x: tensor<2x3x10xf32>) -> tensor<2x3x4xf32> {
  %xu = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<2x3x10xf32> -> tensor<2x3x1x10xf32>
  %0 = graph.avg_pool2d %xu {count_include_pad = true, kernel_shape = array<i64: 1, 4>, pads = array<i64: 0, 2, 0, 2>, strides = array<i64: 1, 3>} : tensor<2x3x1x10xf32> -> tensor<2x3x1x4xf32>
  %1 = graph.squeeze %0 {axes = array<i64: 2>} : tensor<2x3x1x4xf32> -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

func.func @conv3d(%x: tensor<1x3x5x6x7xf32>, %w: tensor<4x3x2x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x3x3x4xf32> {
  %0 = graph.conv3d %x, %w, %b {dilations = array<i64: 1, 2, 1>, pads = array<i64: 1, 0, 1, 0, 1, 1>, strides = array<i64: 2, 1, 2>} : tensor<1x3x5x6x7xf32>, tensor<4x3x2x3x3xf32>, tensor<4xf32> -> tensor<1x4x3x3x4xf32>
  return %0 : tensor<1x4x3x3x4xf32>
}

func.func @conv3d_depthwise(%x: tensor<2x4x4x5x5xf32>, %w: tensor<4x1x3x3x3xf32>) -> tensor<2x4x4x5x5xf32> {
  %0 = graph.conv3d %x, %w {groups = 4 : i64, pads = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<2x4x4x5x5xf32>, tensor<4x1x3x3x3xf32> -> tensor<2x4x4x5x5xf32>
  return %0 : tensor<2x4x4x5x5xf32>
}

func.func @conv3d_grouped(%x: tensor<1x4x4x5x5xf32>, %w: tensor<6x2x2x2x2xf32>, %b: tensor<6xf32>) -> tensor<1x6x3x2x4xf32> {
  %0 = graph.conv3d %x, %w, %b {groups = 2 : i64, strides = array<i64: 1, 2, 1>} : tensor<1x4x4x5x5xf32>, tensor<6x2x2x2x2xf32>, tensor<6xf32> -> tensor<1x6x3x2x4xf32>
  return %0 : tensor<1x6x3x2x4xf32>
}

func.func @conv_transpose3d(%x: tensor<1x4x2x3x3xf32>, %w: tensor<4x3x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x6x6xf32> {
  %0 = graph.conv_transpose3d %x, %w, %b {groups = 2 : i64, output_padding = array<i64: 0, 1, 1>, pads = array<i64: 0, 1, 1, 0, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<1x4x2x3x3xf32>, tensor<4x3x2x3x3xf32>, tensor<6xf32> -> tensor<1x6x4x6x6xf32>
  return %0 : tensor<1x6x4x6x6xf32>
}

// A depth pad beyond the dilated kernel extent crops the zero-inserted input.
func.func @conv_transpose3d_crop(%x: tensor<1x2x3x3x3xf32>, %w: tensor<2x3x1x2x2xf32>) -> tensor<1x3x5x5x10xf32> {
  %0 = graph.conv_transpose3d %x, %w {output_padding = array<i64: 1, 0, 2>, pads = array<i64: 1, 0, 0, 0, 1, 0>, strides = array<i64: 2, 2, 3>} : tensor<1x2x3x3x3xf32>, tensor<2x3x1x2x2xf32> -> tensor<1x3x5x5x10xf32>
  return %0 : tensor<1x3x5x5x10xf32>
}

func.func @conv_transpose3d_dilated(%x: tensor<1x2x3x3x2xf32>, %w: tensor<2x2x2x2x2xf32>) -> tensor<1x2x5x4x4xf32> {
  %0 = graph.conv_transpose3d %x, %w {dilations = array<i64: 2, 1, 2>} : tensor<1x2x3x3x2xf32>, tensor<2x2x2x2x2xf32> -> tensor<1x2x5x4x4xf32>
  return %0 : tensor<1x2x5x4x4xf32>
}

func.func @max_pool3d(%x: tensor<1x2x5x7x6xf32>) -> tensor<1x2x3x4x5xf32> {
  %0 = graph.max_pool3d %x {ceil_mode = true, dilations = array<i64: 1, 1, 2>, kernel_shape = array<i64: 2, 3, 2>, pads = array<i64: 0, 1, 1, 1, 1, 0>, strides = array<i64: 2, 2, 1>} : tensor<1x2x5x7x6xf32> -> tensor<1x2x3x4x5xf32>
  return %0 : tensor<1x2x3x4x5xf32>
}

func.func @avg_pool3d_ceil(%x: tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x4x4xf32> {
  %0 = graph.avg_pool3d %x {ceil_mode = true, kernel_shape = array<i64: 2, 3, 3>, pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : tensor<1x2x5x6x7xf32> -> tensor<1x2x3x4x4xf32>
  return %0 : tensor<1x2x3x4x4xf32>
}

func.func @avg_pool3d_incl(%x: tensor<2x3x4x4x4xf32>) -> tensor<2x3x4x4x4xf32> {
  %0 = graph.avg_pool3d %x {count_include_pad = true, kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<2x3x4x4x4xf32> -> tensor<2x3x4x4x4xf32>
  return %0 : tensor<2x3x4x4x4xf32>
}

func.func @global_avg_1d(%x: tensor<2x3x9xf32>) -> tensor<2x3x1xf32> {
  %0 = graph.global_avg_pool %x : tensor<2x3x9xf32> -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

func.func @global_max_ndhwc(%x: tensor<2x3x4x2x5xf32>) -> tensor<2x1x1x1x5xf32> {
  %0 = graph.global_max_pool %x {layout = #graph.layout<nhwc>} : tensor<2x3x4x2x5xf32> -> tensor<2x1x1x1x5xf32>
  return %0 : tensor<2x1x1x1x5xf32>
}

func.func @global_avg_3d(%x: tensor<1x4x3x3x3xf32>) -> tensor<1x4x1x1x1xf32> {
  %0 = graph.global_avg_pool %x : tensor<1x4x3x3x3xf32> -> tensor<1x4x1x1x1xf32>
  return %0 : tensor<1x4x1x1x1xf32>
}
