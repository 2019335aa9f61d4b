// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cuda-copies-to-generics))' --split-input-file | FileCheck %s

// A pad becomes an elementwise generic over the padded shape that reads the
// source only where the index lies inside it.
// CHECK-LABEL: func.func @pad_static
//  CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
//       CHECK:   %[[PAD:.*]] = arith.constant 5.000000e-01 : f32
//       CHECK:   %[[EMPTY:.*]] = tensor.empty() : tensor<4x8xf32>
//       CHECK:   linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
//  CHECK-SAME:     outs(%[[EMPTY]] : tensor<4x8xf32>)
//       CHECK:     %[[I:.*]] = linalg.index 0
//       CHECK:     %[[SI:.*]] = arith.subi %[[I]], %c1
//       CHECK:     arith.cmpi sge, %[[SI]]
//       CHECK:     arith.cmpi slt, %[[SI]]
//       CHECK:     %[[J:.*]] = linalg.index 1
//       CHECK:     %[[SJ:.*]] = arith.subi %[[J]], %c2
//       CHECK:     %[[V:.*]] = scf.if %{{.*}} -> (f32) {
//       CHECK:       %[[E:.*]] = tensor.extract %[[X]][%[[SI]], %[[SJ]]]
//       CHECK:       scf.yield %[[E]]
//       CHECK:     } else {
//       CHECK:       scf.yield %[[PAD]]
//       CHECK:     linalg.yield %[[V]]
//   CHECK-NOT:   tensor.pad
func.func @pad_static(%x: tensor<2x3xf32>) -> tensor<4x8xf32> {
  %cst = arith.constant 0.5 : f32
  %0 = tensor.pad %x low[1, 2] high[1, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Dynamic pads: the result's sizes come from the source's and the pads.
// CHECK-LABEL: func.func @pad_dynamic
//       CHECK:   tensor.empty(%{{.*}}) : tensor<?xf32>
//       CHECK:   linalg.generic
//   CHECK-NOT:   tensor.pad
func.func @pad_dynamic(%x: tensor<?xf32>, %low: index, %high: index) -> tensor<?xf32> {
  %cst = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[%low] high[%high] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A padding value computed from the index is left alone.
// CHECK-LABEL: func.func @pad_by_index
//       CHECK:   tensor.pad
func.func @pad_by_index(%x: tensor<2xindex>) -> tensor<4xindex> {
  %0 = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<2xindex> to tensor<4xindex>
  return %0 : tensor<4xindex>
}

// -----

// A concatenation reads, for each element, the input whose range along the
// axis holds it.
// CHECK-LABEL: func.func @concat
//  CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x5xf32>)
//       CHECK:   linalg.generic {{.*}} outs(%{{.*}} : tensor<2x8xf32>)
//       CHECK:     %[[I:.*]] = linalg.index 0
//       CHECK:     %[[J:.*]] = linalg.index 1
//       CHECK:     %[[IN_A:.*]] = arith.cmpi slt, %[[J]], %c3
//       CHECK:     scf.if %[[IN_A]] -> (f32) {
//       CHECK:       tensor.extract %[[A]][%[[I]], %{{.*}}]
//       CHECK:     } else {
//       CHECK:       %[[JB:.*]] = arith.subi %[[J]], %c3
//       CHECK:       tensor.extract %[[B]][%[[I]], %[[JB]]]
//   CHECK-NOT:   tensor.concat
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// A slice written to a kernel's output reads its source at the offsets and
// strides (here rank-reducing).
// CHECK-LABEL: func.func @output_slice
//       CHECK:   %[[OUT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
//       CHECK:     %[[I:.*]] = linalg.index 0
//       CHECK:     %[[SCALED:.*]] = arith.muli %[[I]], %c2
//       CHECK:     %[[AT:.*]] = arith.addi %[[SCALED]], %c1
//       CHECK:     tensor.extract %{{.*}}[%c4, %[[AT]]]
//       CHECK:   bufferization.materialize_in_destination %[[OUT]]
func.func @output_slice(%src: memref<8x8xf32>, %out: memref<3xf32>) {
  %x = bufferization.to_tensor %src restrict : memref<8x8xf32> to tensor<8x8xf32>
  %s = tensor.extract_slice %x[4, 1] [1, 3] [1, 2] : tensor<8x8xf32> to tensor<3xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<3xf32>, memref<3xf32>) -> ()
  return
}

// -----

// Other slices stay (tile-and-fuse folds them into its slices).
// CHECK-LABEL: func.func @inner_slice
//       CHECK:   tensor.extract_slice
func.func @inner_slice(%x: tensor<8x8xf32>) -> tensor<2x2xf32> {
  %s = tensor.extract_slice %x[0, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  return %s : tensor<2x2xf32>
}

// -----

// A padded image in the kernel's layout (NCHW input, NHWC kernel) reads the
// input at the permuted indices: no transpose of the whole image is left.
// CHECK-LABEL: func.func @pad_of_transpose
//  CHECK-SAME: (%[[X:.*]]: tensor<1x3x4x4xf32>)
//   CHECK-NOT:   linalg.transpose
//       CHECK:   linalg.generic
//       CHECK:     %[[H:.*]] = arith.subi %{{.*}}, %c1
//       CHECK:     %[[W:.*]] = arith.subi %{{.*}}, %c1
//       CHECK:     %[[C:.*]] = linalg.index 3
//       CHECK:     tensor.extract %[[X]][%c0, %[[C]], %[[H]], %[[W]]]
func.func @pad_of_transpose(%x: tensor<1x3x4x4xf32>) -> tensor<1x6x6x3xf32> {
  %cst = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x4x4x3xf32>
  %t = linalg.transpose ins(%x : tensor<1x3x4x4xf32>) outs(%init : tensor<1x4x4x3xf32>) permutation = [0, 2, 3, 1]
  %0 = tensor.pad %t low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x4x4x3xf32> to tensor<1x6x6x3xf32>
  return %0 : tensor<1x6x6x3xf32>
}

// -----

// A dilated convolution of a padded image: the pad's element moves into
// the convolution's body at the index the window reads (image row oh +
// 2 * kh, less the low pad), so that no thread computes its window's
// bounding box of the padded image; the pad's own generic is gone.
// CHECK-LABEL: func.func @padded_window
//  CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>, %[[W:.*]]: tensor<3x3x8x16xf32>)
//       CHECK:   linalg.generic
//  CHECK-SAME:     iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
//  CHECK-SAME:     ins(%[[W]] : tensor<3x3x8x16xf32>)
//       CHECK:     %[[OH:.*]] = linalg.index 1
//       CHECK:     %[[KH:.*]] = linalg.index 4
//       CHECK:     %[[ROW:.*]] = affine.apply #{{.*}}(%{{.*}}, %[[OH]], %{{.*}}, %{{.*}}, %[[KH]],
//       CHECK:     arith.subi %[[ROW]], %c2
//       CHECK:     scf.if
//       CHECK:       tensor.extract %[[X]]
//       CHECK:     arith.mulf
//       CHECK:     arith.addf
//   CHECK-NOT:   linalg.generic
//   CHECK-NOT:   linalg.conv_2d
func.func @padded_window(%x: tensor<1x4x4x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x4x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x8xf32> to tensor<1x8x8x8xf32>
  %init = tensor.empty() : tensor<1x4x4x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%padded, %w : tensor<1x8x8x8xf32>, tensor<3x3x8x16xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %conv : tensor<1x4x4x16xf32>
}

// -----

// A convolution that strata-cuda-distribute stages (a third schedule
// level) gathers its padded input's elements into its staged tiles itself:
// it keeps reading the pad's generic.
// CHECK-LABEL: func.func @staged_padded_window
//       CHECK:   %[[PAD:.*]] = linalg.generic
//  CHECK-SAME:     strata.cuda.pad
//       CHECK:   linalg.conv_2d_nhwc_hwcf
//  CHECK-SAME:     ins(%[[PAD]], %{{.*}} : tensor<1x6x6x8xf32>, tensor<3x3x8x16xf32>)
func.func @staged_padded_window(%x: tensor<1x4x4x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x4x4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x8xf32> to tensor<1x6x6x8xf32>
  %init = tensor.empty() : tensor<1x4x4x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 4, 4, 16, 0, 0, 0>, array<i64: 1, 1, 1, 1, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 8>], vector_sizes = [], parallel_dims = [0, 1, 2, 3]>} ins(%padded, %w : tensor<1x6x6x8xf32>, tensor<3x3x8x16xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  return %conv : tensor<1x4x4x16xf32>
}
