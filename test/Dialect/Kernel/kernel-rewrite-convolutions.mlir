// RUN: strata-opt %s --kernel-rewrite-convolutions -split-input-file | FileCheck %s

// A 3x3 stride-2 convolution of one image: the windows are copied into a
// [C*KH*KW, OH*OW] matrix (the 6-D copy reads the input through the window
// map), multiplied by the [F, C*KH*KW] filter (filter on the left, so that
// the contiguous OH*OW is the vectorized n dim), and the product is expanded
// back to NCHW.

// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2, d5 * 2 + d3)>
// CHECK-DAG: #[[ID6:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @conv3x3s2
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x9x9xf32>, %[[W:.*]]: tensor<8x4x3x3xf32>, %[[INIT:.*]]: tensor<1x8x4x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x3x3x4x4xf32>
// CHECK: %[[WIN:.*]] = linalg.generic {indexing_maps = [#[[WINDOW]], #[[ID6]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]]
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2, 3], [4, 5]] : tensor<1x4x3x3x4x4xf32> into tensor<36x16xf32>
// CHECK: %[[MAT:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK: %[[ACC:.*]] = tensor.collapse_shape %[[INIT]] {{\[\[}}0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[MAT]], %[[COL]] : tensor<8x36xf32>, tensor<36x16xf32>) outs(%[[ACC]] : tensor<8x16xf32>)
// CHECK-NEXT: ^bb0(%[[F:.*]]: f32, %[[I:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[F]], %[[I]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[O]], %[[M]] : f32
// CHECK-NEXT: linalg.yield %[[S]]
// CHECK: %[[R:.*]] = tensor.expand_shape %[[P]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
// CHECK: return %[[R]]
func.func @conv3x3s2(%x: tensor<1x4x9x9xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%b : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// A 1x1 convolution with unit strides needs no copy: the input is the
// matrix. A dynamic batch stays a loop of the product (an n dim: the
// filter does not have it).

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @pointwise_dynamic_batch
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x5x5xf32>, %[[W:.*]]: tensor<8x4x1x1xf32>, %[[INIT:.*]]: tensor<?x8x5x5xf32>)
// CHECK-NOT: tensor.empty
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1], [2, 3]] : tensor<?x4x5x5xf32> into tensor<?x4x25xf32>
// CHECK: %[[MAT:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2, 3]] : tensor<8x4x1x1xf32> into tensor<8x4xf32>
// CHECK: %[[ACC:.*]] = tensor.collapse_shape %[[INIT]] {{\[\[}}0], [1], [2, 3]]
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[MAT]], %[[COL]] : {{.*}}) outs(%[[ACC]] : tensor<?x8x25xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[INIT]], %{{.*}} : tensor<?x8x5x5xf32>
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0], [1], [2, 3]] output_shape [%[[N]], 8, 5, 5] : tensor<?x8x25xf32> into tensor<?x8x5x5xf32>
func.func @pointwise_dynamic_batch(%x: tensor<?x4x5x5xf32>, %w: tensor<8x4x1x1xf32>, %b: tensor<?x8x5x5xf32>) -> tensor<?x8x5x5xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<?x4x5x5xf32>, tensor<8x4x1x1xf32>) outs(%b : tensor<?x8x5x5xf32>) -> tensor<?x8x5x5xf32>
  return %0 : tensor<?x8x5x5xf32>
}

// -----

// Dilations scale the window offsets; the body keeps the convolution's
// element casts (i8 products accumulated in i32).

// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 + d2 * 2, d5 + d3 * 2)>
// CHECK-LABEL: func.func @dilated_i8
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], {{.*}}]
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2, 3], [4, 5]] : tensor<2x3x2x2x5x5xi8> into tensor<2x12x25xi8>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<5x12xi8>, tensor<2x12x25xi8>) outs(%{{.*}} : tensor<2x5x25xi32>)
// CHECK-DAG: arith.extsi %{{.*}} : i8 to i32
// CHECK-DAG: arith.extsi %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: tensor.expand_shape %{{.*}} output_shape [2, 5, 5, 5] : tensor<2x5x25xi32> into tensor<2x5x5x5xi32>
func.func @dilated_i8(%x: tensor<2x3x7x7xi8>, %w: tensor<5x3x2x2xi8>, %b: tensor<2x5x5x5xi32>) -> tensor<2x5x5x5xi32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<2x3x7x7xi8>, tensor<5x3x2x2xi8>) outs(%b : tensor<2x5x5x5xi32>) -> tensor<2x5x5x5xi32>
  return %0 : tensor<2x5x5x5xi32>
}

// -----

// Dynamic image sizes: left as a convolution.

// CHECK-LABEL: func.func @dynamic_image
// CHECK: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.generic
func.func @dynamic_image(%x: tensor<1x4x?x?xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x4x?x?xf32>, tensor<8x4x3x3xf32>) outs(%b : tensor<1x8x?x?xf32>) -> tensor<1x8x?x?xf32>
  return %0 : tensor<1x8x?x?xf32>
}

// -----

// NHWC: the windows are copied into a [OH*OW, KH*KW*C] matrix, one
// contiguous run of KW*C elements of the [H, W*C] input per window row, and
// multiplied by the filter as a [KH*KW*C, F] matrix (pixels are the rows,
// filters the vectorized columns). A filter that is no constant is
// transposed by a linalg.transpose.

// CHECK-DAG: #[[ROWS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d3, d2 * 8 + d4)>
// CHECK-DAG: #[[ID5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @nhwc_conv3x3s2
// CHECK-SAME: (%[[X:.*]]: tensor<1x9x9x4xf32>, %[[W:.*]]: tensor<8x3x3x4xf32>, %[[INIT:.*]]: tensor<1x4x4x8xf32>)
// CHECK: %[[XR:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0], [1], [2, 3]] : tensor<1x9x9x4xf32> into tensor<1x9x36xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x4x3x12xf32>
// CHECK: %[[WIN:.*]] = linalg.generic {indexing_maps = [#[[ROWS]], #[[ID5]]], {{.*}}} ins(%[[XR]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2], [3, 4]] : tensor<1x4x4x3x12xf32> into tensor<16x36xf32>
// CHECK: %[[WM:.*]] = tensor.collapse_shape %[[W]] {{\[\[}}0], [1, 2, 3]] : tensor<8x3x3x4xf32> into tensor<8x36xf32>
// CHECK: %[[WT:.*]] = linalg.transpose ins(%[[WM]] : tensor<8x36xf32>) outs(%{{.*}} : tensor<36x8xf32>) permutation = [1, 0]
// CHECK: %[[ACC:.*]] = tensor.collapse_shape %[[INIT]] {{\[\[}}0, 1, 2], [3]] : tensor<1x4x4x8xf32> into tensor<16x8xf32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[COL]], %[[WT]] : tensor<16x36xf32>, tensor<36x8xf32>) outs(%[[ACC]] : tensor<16x8xf32>)
// CHECK-NEXT: ^bb0(%[[I:.*]]: f32, %[[F:.*]]: f32, %[[O:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[I]], %[[F]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[O]], %[[M]] : f32
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2], [3]] output_shape [1, 4, 4, 8] : tensor<16x8xf32> into tensor<1x4x4x8xf32>
func.func @nhwc_conv3x3s2(%x: tensor<1x9x9x4xf32>, %w: tensor<8x3x3x4xf32>, %b: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %w : tensor<1x9x9x4xf32>, tensor<8x3x3x4xf32>) outs(%b : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// -----

// NHWC 1x1 with unit strides: the input is the matrix. A constant filter is
// transposed at compile time.

// CHECK-LABEL: func.func @nhwc_pointwise_constant
// CHECK-NOT: linalg.transpose
// CHECK-DAG: %[[WT:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: %[[COL:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : tensor<1x5x5x2xf32> into tensor<25x2xf32>
// CHECK: linalg.generic {{.*}} ins(%[[COL]], %[[WT]] : tensor<25x2xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<25x3xf32>)
func.func @nhwc_pointwise_constant(%x: tensor<1x5x5x2xf32>, %b: tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]], [[[5.0, 6.0]]]]> : tensor<3x1x1x2xf32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x5x5x2xf32>, tensor<3x1x1x2xf32>) outs(%b : tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32>
  return %0 : tensor<1x5x5x3xf32>
}

// -----

// A dilated NHWC window indexes (kw, c) separately: its rows are no runs.

// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d3 * 2, d2 + d4 * 2, d5)>
// CHECK-LABEL: func.func @nhwc_dilated
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], {{.*}}]
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3, 4, 5]] : tensor<2x3x3x2x2x4xf32> into tensor<2x9x16xf32>
func.func @nhwc_dilated(%x: tensor<2x5x5x4xf32>, %w: tensor<8x2x2x4xf32>, %b: tensor<2x3x3x8xf32>) -> tensor<2x3x3x8xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<2x5x5x4xf32>, tensor<8x2x2x4xf32>) outs(%b : tensor<2x3x3x8xf32>) -> tensor<2x3x3x8xf32>
  return %0 : tensor<2x3x3x8xf32>
}

// -----

// NHWC channels as wide as a cache line (16 f32) are runs already: the
// copy reads the [N, H, W, C] image unreshaped, (kw, c) as two loops, so
// that the image's producers keep the shape the products write.

// CHECK-DAG: #[[WINDOW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d3, d2 + d4, d5)>
// CHECK-LABEL: func.func @nhwc_wide_channels
// CHECK-SAME: (%[[X:.*]]: tensor<1x6x6x16xf32>
// CHECK-NOT: tensor.collapse_shape %[[X]]
// CHECK: linalg.generic {indexing_maps = [#[[WINDOW]], {{.*}}]} ins(%[[X]] : tensor<1x6x6x16xf32>)
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3, 4, 5]] : tensor<1x4x4x3x3x16xf32> into tensor<16x144xf32>
func.func @nhwc_wide_channels(%x: tensor<1x6x6x16xf32>, %w: tensor<8x3x3x16xf32>, %b: tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x16xf32>, tensor<8x3x3x16xf32>) outs(%b : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}
