// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-rewrite-convolutions{panel-bytes=8}))' -split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-rewrite-convolutions{panel-bytes=8 winograd=false}))' -split-input-file | FileCheck %s --check-prefix=OFF
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-rewrite-convolutions{panel-bytes=8 winograd-tile=4}))' -split-input-file | FileCheck %s --check-prefix=F4
// RUN: not strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-rewrite-convolutions{winograd-tile=3}))' -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: kernel-rewrite-convolutions: winograd-tile must be 0 (chosen per convolution), 2 or 4, not 3

// A 3x3 NHWC convolution with unit strides and a constant filter, over 16
// channels (a cache line) into an even 4x4 output, becomes Winograd's
// F(2x2, 3x3): the input transform V[16, 2, 2, C] = sum_ab K[e, a, b] *
// X[2th + a, 2tw + b, c] (K = B^T (x) B^T, a constant of 0 and +-1), the 16
// products with the filter transformed at compile time in panels of 2
// ([16, F/2, C, 2]), and the output transform accumulating into the
// convolution's init viewed as [2, 2, 2, 2, F/2, 2] with A = A^T (x) A^T.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1 * 2 + d4, d2 * 2 + d5, d3)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>
// CHECK-DAG: #[[VMAP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[M:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d6, d7, d0, d2, d4, d5)>
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d3, d6, d7)>
// CHECK-LABEL: func.func @winograd
// CHECK: %[[U:.*]] = arith.constant dense<{{.*}}> : tensor<16x2x16x2xf32>
// CHECK: %[[X:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] : tensor<1x6x6x16xf32> into tensor<6x6x16xf32>
// CHECK: %[[KC:.*]] = arith.constant dense<{{.*}}> : tensor<16x4x4xf32>
// CHECK: %[[VF:.*]] = linalg.fill {{.*}} -> tensor<16x2x2x16xf32>
// CHECK: %[[V:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[K]], #[[VMAP]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[KC]] : tensor<6x6x16xf32>, tensor<16x4x4xf32>) outs(%[[VF]] : tensor<16x2x2x16xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[VM:.*]] = tensor.collapse_shape %[[V]] {{\[\[}}0], [1, 2], [3]] : tensor<16x2x2x16xf32> into tensor<16x4x16xf32>
// CHECK: %[[P:.*]] = linalg.generic {{.*}} ins(%[[VM]], %[[U]] : tensor<16x4x16xf32>, tensor<16x2x16x2xf32>) outs(%{{.*}} : tensor<16x4x2x2xf32>)
// CHECK: %[[PT:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2, 3], [4], [5]] output_shape [4, 4, 2, 2, 2, 2]
// CHECK: %[[ACC:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2, 3], [4, 5]] output_shape [2, 2, 2, 2, 2, 2] : tensor<4x4x4xf32> into tensor<2x2x2x2x2x2xf32>
// CHECK: %[[AC:.*]] = arith.constant dense<{{.*}}> : tensor<2x2x4x4xf32>
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[M]], #[[A]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[PT]], %[[AC]] : tensor<4x4x2x2x2x2xf32>, tensor<2x2x4x4xf32>) outs(%[[ACC]] : tensor<2x2x2x2x2x2xf32>)
// CHECK: %[[Y3:.*]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1], [2, 3], [4, 5]] : tensor<2x2x2x2x2x2xf32> into tensor<4x4x4xf32>
// CHECK: %[[R:.*]] = tensor.expand_shape %[[Y3]] {{\[\[}}0, 1], [2], [3]] output_shape [1, 4, 4, 4]
// CHECK: return %[[R]]
// CHECK-NOT: linalg.conv_2d

// winograd-tile=4: F(4x4, 3x3), the 4x4 output one tile: V[36, 1, 1, C]
// from the 6x6 window with stride 4, K = B^T (x) B^T [36, 6, 6], 36
// products with the filter in panels [36, F/2, C, 2], the output transform
// into the init viewed as [1, 4, 1, 4, 2, 2] with A [4, 4, 6, 6].
// F4-DAG: #[[IN4:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1 * 4 + d4, d2 * 4 + d5, d3)>
// F4-LABEL: func.func @winograd
// F4: arith.constant dense<{{.*}}> : tensor<36x2x16x2xf32>
// F4: %[[KC4:.*]] = arith.constant dense<{{.*}}> : tensor<36x6x6xf32>
// F4: linalg.generic {indexing_maps = [#[[IN4]], {{.*}}} ins(%{{.*}}, %[[KC4]] : tensor<6x6x16xf32>, tensor<36x6x6xf32>) outs(%{{.*}} : tensor<36x1x1x16xf32>)
// F4: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<36x1x16xf32>, tensor<36x2x16x2xf32>) outs(%{{.*}} : tensor<36x1x2x2xf32>)
// F4: tensor.expand_shape %{{.*}} output_shape [6, 6, 1, 1, 2, 2]
// F4: %[[ACC4:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 4, 1, 4, 2, 2] : tensor<4x4x4xf32> into tensor<1x4x1x4x2x2xf32>
// F4: %[[AC4:.*]] = arith.constant dense<{{.*}}> : tensor<4x4x6x6xf32>
// F4: linalg.generic {{.*}} ins(%{{.*}}, %[[AC4]] : tensor<6x6x1x1x2x2xf32>, tensor<4x4x6x6xf32>) outs(%[[ACC4]] : tensor<1x4x1x4x2x2xf32>)
// F4-NOT: linalg.conv_2d

// winograd=false keeps the im2col product.
// OFF-LABEL: func.func @winograd
// OFF: tensor<1x4x4x3x3x16xf32>
// OFF-NOT: tensor<16x4x4xf32>
func.func @winograd(%x: tensor<1x6x6x16xf32>, %b: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x3x3x16xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x16xf32>, tensor<4x3x3x16xf32>) outs(%b : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// Not Winograd (im2col instead): strides, a filter that is not constant,
// channels narrower than a cache line.

// CHECK-LABEL: func.func @strided
// CHECK-NOT: tensor<16x4x4xf32>
// CHECK: linalg.generic
func.func @strided(%x: tensor<1x9x9x16xf32>, %b: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x3x3x16xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<1x9x9x16xf32>, tensor<4x3x3x16xf32>) outs(%b : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @filter_argument
// CHECK-NOT: tensor<16x4x4xf32>
// CHECK: linalg.transpose
func.func @filter_argument(%x: tensor<1x6x6x16xf32>, %w: tensor<4x3x3x16xf32>, %b: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x16xf32>, tensor<4x3x3x16xf32>) outs(%b : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func.func @few_channels
// CHECK-NOT: tensor<16x4x4xf32>
// CHECK: linalg.generic
func.func @few_channels(%x: tensor<1x6x6x8xf32>, %b: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x3x3x8xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x8xf32>, tensor<4x3x3x8xf32>) outs(%b : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// An odd output size (3x3) rounds up to 2x2 tiles: the [5, 5, C] image gets
// one more row and column of zeros, the output transform writes [4, 4, F]
// from a zero init, and the convolution's init is added to its [3, 3, F]
// slice.

// CHECK-LABEL: func.func @odd_output
// CHECK-SAME: %[[X:.*]]: tensor<1x5x5x16xf32>, %[[B:.*]]: tensor<1x3x3x4xf32>
// CHECK: %[[XC:.*]] = tensor.collapse_shape %[[X]]
// CHECK: %[[XP:.*]] = tensor.pad %[[XC]] low[0, 0, 0] high[1, 1, 0]
// CHECK: } : tensor<5x5x16xf32> to tensor<6x6x16xf32>
// CHECK: linalg.generic {{.*}} ins(%[[XP]], %{{.*}} : tensor<6x6x16xf32>, tensor<16x4x4xf32>) outs(%{{.*}} : tensor<16x2x2x16xf32>)
// CHECK: %[[BC:.*]] = tensor.collapse_shape %[[B]] {{\[\[}}0, 1], [2], [3]] : tensor<1x3x3x4xf32> into tensor<3x3x4xf32>
// CHECK: %[[ZERO:.*]] = linalg.fill {{.*}} -> tensor<2x2x2x2x2x2xf32>
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} outs(%[[ZERO]] : tensor<2x2x2x2x2x2xf32>)
// CHECK: %[[Y3:.*]] = tensor.collapse_shape %[[Y]] {{.*}} into tensor<4x4x4xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[Y3]][0, 0, 0] [3, 3, 4] [1, 1, 1]
// CHECK: %[[SUM:.*]] = linalg.add ins(%[[S]], %[[BC]] : tensor<3x3x4xf32>, tensor<3x3x4xf32>)
// CHECK: tensor.expand_shape %[[SUM]] {{.*}} output_shape [1, 3, 3, 4]
func.func @odd_output(%x: tensor<1x5x5x16xf32>, %b: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %w = arith.constant dense<0.25> : tensor<4x3x3x16xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x5x5x16xf32>, tensor<4x3x3x16xf32>) outs(%b : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// The convolution's own zero padding and the extra row and column are one
// padding (low 1, high 2).
// CHECK-LABEL: func.func @odd_output_padded
// CHECK: tensor.pad %{{.*}} low[1, 1, 0] high[2, 2, 0]
// CHECK: } : tensor<3x3x16xf32> to tensor<6x6x16xf32>
// CHECK-NOT: tensor.pad
func.func @odd_output_padded(%x: tensor<1x3x3x16xf32>, %b: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.25> : tensor<4x3x3x16xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x3x3x16xf32> to tensor<1x5x5x16xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x5x5x16xf32>, tensor<4x3x3x16xf32>) outs(%b : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// The choice per convolution (winograd-tile=0): F(2x2, 3x3) for the small
// image of @winograd above (16 channels), F(4x4, 3x3) for a reduction of
// 256 channels, whose 36 products run near the FMA peak even with few rows.

// CHECK-LABEL: func.func @deep
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<36x1x1x256xf32>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<36x1x1x2xf32>)
func.func @deep(%x: tensor<1x6x6x256xf32>, %b: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %w = arith.constant dense<0.25> : tensor<2x3x3x256xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x256xf32>, tensor<2x3x3x256xf32>) outs(%b : tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}
