// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @matmul_2d
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4x16xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x16xf32>)
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[FILL]] : tensor<4x16xf32>)
// CHECK:         return %[[MM]]
func.func @matmul_2d(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = graph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_dyn
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[M:.*]] = tensor.dim %arg0, %c0
// CHECK-DAG:     %[[N:.*]] = tensor.dim %arg1, %c1
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[M]], %[[N]]) : tensor<?x?xi32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[EMPTY]] : tensor<?x?xi32>)
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<?x8xi32>, tensor<8x?xi32>) outs(%[[FILL]] : tensor<?x?xi32>)
func.func @matmul_dyn(%a: tensor<?x8xi32>, %b: tensor<8x?xi32>) -> tensor<?x?xi32> {
  %0 = graph.matmul %a, %b : tensor<?x8xi32>, tensor<8x?xi32> -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @matmul_batch
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x4x16xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x4x16xf32>)
// CHECK:         linalg.batch_matmul ins(%arg0, %arg1 : tensor<?x4x8xf32>, tensor<?x8x16xf32>) outs(%[[FILL]] : tensor<?x4x16xf32>)
func.func @matmul_batch(%a: tensor<?x4x8xf32>, %b: tensor<?x8x16xf32>) -> tensor<?x4x16xf32> {
  %0 = graph.matmul %a, %b : tensor<?x4x8xf32>, tensor<?x8x16xf32> -> tensor<?x4x16xf32>
  return %0 : tensor<?x4x16xf32>
}

// -----

// More than one (equal) batch dim: collapsed into one for batch_matmul.
// CHECK-LABEL: func.func @matmul_batch4
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<2x?x4x16xf16>
// CHECK:         %[[INIT:.*]] = tensor.collapse_shape %[[EMPTY]] {{\[}}[0, 1], [2], [3]] : tensor<2x?x4x16xf16> into tensor<?x4x16xf16>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f16) outs(%[[INIT]] : tensor<?x4x16xf16>)
// CHECK:         %[[LHS:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1], [2], [3]] : tensor<2x?x4x8xf16> into tensor<?x4x8xf16>
// CHECK:         %[[RHS:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2], [3]] : tensor<2x?x8x16xf16> into tensor<?x8x16xf16>
// CHECK:         %[[BMM:.*]] = linalg.batch_matmul ins(%[[LHS]], %[[RHS]] : tensor<?x4x8xf16>, tensor<?x8x16xf16>) outs(%[[FILL]] : tensor<?x4x16xf16>)
// CHECK:         %[[DIM:.*]] = tensor.dim %[[EMPTY]], %{{.*}} : tensor<2x?x4x16xf16>
// CHECK:         %[[RES:.*]] = tensor.expand_shape %[[BMM]] {{\[}}[0, 1], [2], [3]] output_shape [2, %[[DIM]], 4, 16] : tensor<?x4x16xf16> into tensor<2x?x4x16xf16>
// CHECK:         return %[[RES]]
func.func @matmul_batch4(%a: tensor<2x?x4x8xf16>, %b: tensor<2x?x8x16xf16>) -> tensor<2x?x4x16xf16> {
  %0 = graph.matmul %a, %b : tensor<2x?x4x8xf16>, tensor<2x?x8x16xf16> -> tensor<2x?x4x16xf16>
  return %0 : tensor<2x?x4x16xf16>
}

// -----

// Broadcast batch dims: a generic contraction; the size-1 dim maps to 0 and
// the lower-rank operand aligns from the back.
// CHECK-DAG:   #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>
// CHECK-DAG:   #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @matmul_broadcast
// CHECK:         %[[FILL:.*]] = linalg.fill
// CHECK:         linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<3x1x4x8xf32>, tensor<5x8x16xf32>) outs(%[[FILL]] : tensor<3x5x4x16xf32>)
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[MUL:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK:           %[[ADD:.*]] = arith.addf %[[ACC]], %[[MUL]] : f32
// CHECK:           linalg.yield %[[ADD]] : f32
func.func @matmul_broadcast(%a: tensor<3x1x4x8xf32>, %b: tensor<5x8x16xf32>) -> tensor<3x5x4x16xf32> {
  %0 = graph.matmul %a, %b : tensor<3x1x4x8xf32>, tensor<5x8x16xf32> -> tensor<3x5x4x16xf32>
  return %0 : tensor<3x5x4x16xf32>
}

// -----

// 1-D operands: the promoted dim is dropped from the maps.
// CHECK-DAG:   #[[$VEC:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG:   #[[$MAT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[$SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @matmul_vectors
// CHECK:         linalg.generic {indexing_maps = [#[[$VEC]], #[[$MAT]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<8xf32>, tensor<2x8x16xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<f32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<f32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$ID1]], #[[$ID1]], #[[$SCALAR]]], iterator_types = ["reduction"]}
// CHECK-SAME:      ins(%arg2, %arg2 : tensor<16xf32>, tensor<16xf32>) outs(%[[FILL]] : tensor<f32>)
func.func @matmul_vectors(%a: tensor<8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<16xf32>) -> (tensor<2x16xf32>, tensor<f32>) {
  %0 = graph.matmul %a, %b : tensor<8xf32>, tensor<2x8x16xf32> -> tensor<2x16xf32>
  %1 = graph.matmul %c, %c : tensor<16xf32>, tensor<16xf32> -> tensor<f32>
  return %0, %1 : tensor<2x16xf32>, tensor<f32>
}

// -----

// CHECK-DAG:   #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[$BT:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[$C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$BIAS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @linear
// CHECK:         %[[DIM:.*]] = tensor.dim %arg0, %c0 : tensor<?x768xf32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?x3072xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<?x3072xf32>)
// CHECK:         %[[PROD:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$BT]], #[[$C]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<?x768xf32>, tensor<3072x768xf32>) outs(%[[FILL]] : tensor<?x3072xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         linalg.generic {indexing_maps = [#[[$BIAS]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:      ins(%arg2 : tensor<3072xf32>) outs(%[[PROD]] : tensor<?x3072xf32>)
// CHECK:         ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK:           %[[ALPHA:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[ALPHA]], %[[OUT]] : f32
// CHECK:           %[[BETA:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:           %[[SB:.*]] = arith.mulf %[[BETA]], %[[IN]] : f32
// CHECK:           %[[SUM:.*]] = arith.addf %[[SCALED]], %[[SB]] : f32
// CHECK:           linalg.yield %[[SUM]] : f32
func.func @linear(%x: tensor<?x768xf32>, %w: tensor<3072x768xf32>, %b: tensor<3072xf32>) -> tensor<?x3072xf32> {
  %0 = graph.linear %x, %w, %b {trans_b = true, alpha = 2.0 : f32, beta = 0.5 : f32} : tensor<?x768xf32>, tensor<3072x768xf32>, tensor<3072xf32> -> tensor<?x3072xf32>
  return %0 : tensor<?x3072xf32>
}

// -----

// Integer Gemm with trans_a; without bias there is no epilogue, with a
// (4, 1) bias it broadcasts along n.
// CHECK-DAG:   #[[$AT:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[$BIAS:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @linear_int
// CHECK:         %[[P0:.*]] = linalg.generic {indexing_maps = [#[[$AT]], #[[$B]], #{{.*}}]
// CHECK:           arith.muli
// CHECK:           arith.addi
// CHECK:         %[[P1:.*]] = linalg.generic {indexing_maps = [#[[$AT]], #[[$B]], #{{.*}}]
// CHECK:         %[[R1:.*]] = linalg.generic {indexing_maps = [#[[$BIAS]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<4x1xi32>) outs(%[[P1]] : tensor<4x16xi32>)
// CHECK:         ^bb0(%[[IN:.*]]: i32, %[[OUT:.*]]: i32):
// CHECK:           %[[SUM:.*]] = arith.addi %[[OUT]], %[[IN]] : i32
// CHECK:           linalg.yield %[[SUM]] : i32
// CHECK:         return %[[P0]], %[[R1]]
func.func @linear_int(%a: tensor<8x4xi32>, %b: tensor<8x16xi32>, %c: tensor<4x1xi32>) -> (tensor<4x16xi32>, tensor<4x16xi32>) {
  %0 = graph.linear %a, %b {trans_a = true} : tensor<8x4xi32>, tensor<8x16xi32> -> tensor<4x16xi32>
  %1 = graph.linear %a, %b, %c {trans_a = true} : tensor<8x4xi32>, tensor<8x16xi32>, tensor<4x1xi32> -> tensor<4x16xi32>
  return %0, %1 : tensor<4x16xi32>, tensor<4x16xi32>
}

// -----

// Integer Gemm with alpha: scaled in f64 and truncated toward zero.
// CHECK-LABEL: func.func @linear_int_alpha
// CHECK:         linalg.generic
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[IN:.*]]: i32, %[[OUT:.*]]: i32):
// CHECK:           %[[ACC:.*]] = arith.sitofp %[[OUT]] : i32 to f64
// CHECK:           %[[ALPHA:.*]] = arith.constant 5.000000e-01 : f64
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[ALPHA]], %[[ACC]] : f64
// CHECK:           %[[BIAS:.*]] = arith.sitofp %[[IN]] : i32 to f64
// CHECK:           %[[SUM:.*]] = arith.addf %[[SCALED]], %[[BIAS]] : f64
// CHECK:           %[[INT:.*]] = arith.fptosi %[[SUM]] : f64 to i32
// CHECK:           linalg.yield %[[INT]] : i32
func.func @linear_int_alpha(%a: tensor<4x8xi32>, %b: tensor<8x16xi32>, %c: tensor<i32>) -> tensor<4x16xi32> {
  %0 = graph.linear %a, %b, %c {alpha = 0.5 : f32} : tensor<4x8xi32>, tensor<8x16xi32>, tensor<i32> -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}

// -----

// CHECK-DAG:   #[[$CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_nchw
// CHECK:         %[[DIM:.*]] = tensor.dim %arg0, %c0 : tensor<?x3x224x224xf32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?x64x112x112xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %[[ZERO]] : f32
// CHECK:         } : tensor<?x3x224x224xf32> to tensor<?x3x226x226xf32>
// CHECK:         %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[$CHANNEL]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<64xf32>) outs(%[[EMPTY]] : tensor<?x64x112x112xf32>)
// CHECK:         ^bb0(%[[B:.*]]: f32, %{{.*}}: f32):
// CHECK:           linalg.yield %[[B]] : f32
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[PADDED]], %arg1 : tensor<?x3x226x226xf32>, tensor<64x3x3x3xf32>) outs(%[[INIT]] : tensor<?x64x112x112xf32>)
// CHECK:         return %[[CONV]]
func.func @conv_nchw(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x3x3xf32>, %b: tensor<64xf32>) -> tensor<?x64x112x112xf32> {
  %0 = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x112x112xf32>
  return %0 : tensor<?x64x112x112xf32>
}

// -----

// CHECK-LABEL: func.func @conv_nhwc
// CHECK-NOT:     tensor.pad
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x6x6x16xf32>)
// CHECK:         linalg.conv_2d_nhwc_fhwc {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x10x10x8xf32>, tensor<16x3x3x8xf32>) outs(%[[FILL]] : tensor<1x6x6x16xf32>)
func.func @conv_nhwc(%x: tensor<1x10x10x8xf32>, %w: tensor<16x3x3x8xf32>) -> tensor<1x6x6x16xf32> {
  %0 = graph.conv2d %x, %w {dilations = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x10x10x8xf32>, tensor<16x3x3x8xf32> -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

// CHECK-LABEL: func.func @conv_depthwise
// CHECK:         %[[W0:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2], [3]] : tensor<8x1x3x3xf32> into tensor<8x3x3xf32>
// CHECK:         linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %[[W0]] : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>)
// CHECK:         %[[W1:.*]] = tensor.collapse_shape %arg3 {{\[}}[0], [1], [2, 3]] : tensor<8x3x3x1xf32> into tensor<8x3x3xf32>
// CHECK:         %[[T:.*]] = tensor.empty() : tensor<3x3x8xf32>
// CHECK:         %[[W2:.*]] = linalg.transpose ins(%[[W1]] : tensor<8x3x3xf32>) outs(%[[T]] : tensor<3x3x8xf32>) permutation = [1, 2, 0]
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg2, %[[W2]] : tensor<1x10x10x8xf32>, tensor<3x3x8xf32>)
func.func @conv_depthwise(%x: tensor<1x8x10x10xf32>, %w: tensor<8x1x3x3xf32>, %y: tensor<1x10x10x8xf32>, %v: tensor<8x3x3x1xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) {
  %0 = graph.conv2d %x, %w {groups = 8 : i64} : tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x8x8xf32>
  %1 = graph.conv2d %y, %v {groups = 8 : i64, layout = #graph.layout<nhwc>} : tensor<1x10x10x8xf32>, tensor<8x3x3x1xf32> -> tensor<1x8x8x8xf32>
  return %0, %1 : tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>
}

// -----

// 8-bit integers into i32: the image padded with (byte) zeros; a ui8 image
// zero-extends, which the named ops cannot say (they sign-extend both
// operands): a linalg.generic with conv_2d_nchw_fchw's maps. Signed bytes
// keep the named op; a grouped convolution of ui8 the generic of its
// grouped named op.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 + d6)>
// CHECK-DAG: #[[FILTER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-LABEL: func.func @conv_bytes
// CHECK:         %[[X:.*]] = tensor.bitcast %arg0 : tensor<1x4x9x8xui8> to tensor<1x4x9x8xi8>
// CHECK:         %[[PAD:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %{{.*}} : i8
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<1x6x5x8xi32>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[FILTER]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[PAD]], %arg1 : tensor<1x4x11x10xi8>, tensor<6x4x3x3xi8>) outs(%[[FILL]] : tensor<1x6x5x8xi32>)
// CHECK:           %[[A:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:           %[[B:.*]] = arith.extsi %{{.*}} : i8 to i32
// CHECK:           %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK:           arith.addi %{{.*}}, %[[M]] : i32
// CHECK:         linalg.conv_2d_nchw_fchw {{.*}} ins(%arg2, %arg1 : tensor<1x4x9x8xi8>, tensor<6x4x3x3xi8>) outs(%{{.*}} : tensor<1x6x7x6xi32>)
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %{{.*}} : tensor<1x2x2x9x8xi8>, tensor<2x3x2x3x3xi8>)
// CHECK:           arith.extui
func.func @conv_bytes(%x: tensor<1x4x9x8xui8>, %w: tensor<6x4x3x3xi8>, %y: tensor<1x4x9x8xi8>, %v: tensor<6x2x3x3xi8>) -> (tensor<1x6x5x8xi32>, tensor<1x6x7x6xi32>, tensor<1x6x7x6xi32>) {
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 1>} : tensor<1x4x9x8xui8>, tensor<6x4x3x3xi8> -> tensor<1x6x5x8xi32>
  %1 = graph.conv2d %y, %w : tensor<1x4x9x8xi8>, tensor<6x4x3x3xi8> -> tensor<1x6x7x6xi32>
  %2 = graph.conv2d %x, %v {groups = 2 : i64} : tensor<1x4x9x8xui8>, tensor<6x2x3x3xi8> -> tensor<1x6x7x6xi32>
  return %0, %1, %2 : tensor<1x6x5x8xi32>, tensor<1x6x7x6xi32>, tensor<1x6x7x6xi32>
}

// -----

// CHECK-LABEL: func.func @conv_grouped
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x6x8x8xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x8x10x10xf32>
// CHECK:         %[[NO:.*]] = tensor.dim %[[FILL]], %{{.*}} : tensor<?x6x8x8xf32>
// CHECK:         %[[IN:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2], [3], [4]] output_shape [%[[N]], 2, 4, 10, 10] : tensor<?x8x10x10xf32> into tensor<?x2x4x10x10xf32>
// CHECK:         %[[OUT:.*]] = tensor.expand_shape %[[FILL]] {{\[}}[0], [1, 2], [3], [4]] output_shape [%[[NO]], 2, 3, 8, 8] : tensor<?x6x8x8xf32> into tensor<?x2x3x8x8xf32>
// CHECK:         %[[W:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2], [3], [4]] output_shape [2, 3, 4, 3, 3] : tensor<6x4x3x3xf32> into tensor<2x3x4x3x3xf32>
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[IN]], %[[W]] : tensor<?x2x4x10x10xf32>, tensor<2x3x4x3x3xf32>) outs(%[[OUT]] : tensor<?x2x3x8x8xf32>)
// CHECK:         %[[R0:.*]] = tensor.collapse_shape %[[CONV]] {{\[}}[0], [1, 2], [3], [4]] : tensor<?x2x3x8x8xf32> into tensor<?x6x8x8xf32>
// CHECK:         tensor.expand_shape %arg2 {{\[}}[0], [1], [2], [3, 4]] output_shape [1, 10, 10, 2, 4] : tensor<1x10x10x8xf32> into tensor<1x10x10x2x4xf32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2], [3, 4]] output_shape [1, 8, 8, 2, 3] : tensor<1x8x8x6xf32> into tensor<1x8x8x2x3xf32>
// CHECK:         tensor.expand_shape %arg3 {{\[}}[0, 1], [2], [3], [4]] output_shape [2, 3, 3, 3, 4] : tensor<6x3x3x4xf32> into tensor<2x3x3x3x4xf32>
// CHECK:         %[[CONV1:.*]] = linalg.conv_2d_nhwgc_gfhwc
// CHECK:         %[[R1:.*]] = tensor.collapse_shape %[[CONV1]] {{\[}}[0], [1], [2], [3, 4]] : tensor<1x8x8x2x3xf32> into tensor<1x8x8x6xf32>
// CHECK:         return %[[R0]], %[[R1]]
func.func @conv_grouped(%x: tensor<?x8x10x10xf32>, %w: tensor<6x4x3x3xf32>, %y: tensor<1x10x10x8xf32>, %v: tensor<6x3x3x4xf32>) -> (tensor<?x6x8x8xf32>, tensor<1x8x8x6xf32>) {
  %0 = graph.conv2d %x, %w {groups = 2 : i64} : tensor<?x8x10x10xf32>, tensor<6x4x3x3xf32> -> tensor<?x6x8x8xf32>
  %1 = graph.conv2d %y, %v {groups = 2 : i64, layout = #graph.layout<nhwc>} : tensor<1x10x10x8xf32>, tensor<6x3x3x4xf32> -> tensor<1x8x8x6xf32>
  return %0, %1 : tensor<?x6x8x8xf32>, tensor<1x8x8x6xf32>
}

// -----

// Transposed convolution: zero insertion with strides, padding
// (k - 1) * d - pad (+ output_padding at the end), flipped kernel.
// CHECK-DAG:   #[[$FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, -d3 + 2, -d4 + 2)>
// CHECK-DAG:   #[[$ID5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG:   #[[$CHANNEL:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @conv_transpose
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x10x10xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[Z:.*]] = tensor.empty() : tensor<1x4x12x12xf32>
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[Z]] : tensor<1x4x12x12xf32>)
// CHECK:         %[[DILATED:.*]] = tensor.insert_slice %arg0 into %[[ZEROS]][0, 0, 1, 1] [1, 4, 5, 5] [1, 1, 2, 2] : tensor<1x4x5x5xf32> into tensor<1x4x12x12xf32>
// CHECK:         %[[WE:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 4, 2, 3, 3] : tensor<4x2x3x3xf32> into tensor<1x4x2x3x3xf32>
// CHECK:         %[[FE:.*]] = tensor.empty() : tensor<1x2x4x3x3xf32>
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[$FLIP]], #[[$ID5]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[WE]] : tensor<1x4x2x3x3xf32>) outs(%[[FE]] : tensor<1x2x4x3x3xf32>)
// CHECK:         %[[W:.*]] = tensor.collapse_shape %[[F]] {{\[}}[0, 1], [2], [3], [4]] : tensor<1x2x4x3x3xf32> into tensor<2x4x3x3xf32>
// CHECK:         %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[$CHANNEL]], #{{.*}}], {{.*}} ins(%arg2 : tensor<2xf32>) outs(%[[EMPTY]] : tensor<1x2x10x10xf32>)
// CHECK:         linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[DILATED]], %[[W]] : tensor<1x4x12x12xf32>, tensor<2x4x3x3xf32>) outs(%[[INIT]] : tensor<1x2x10x10xf32>)
func.func @conv_transpose(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x10x10xf32> {
  %0 = graph.conv_transpose2d %x, %w, %b {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : tensor<1x4x5x5xf32>, tensor<4x2x3x3xf32>, tensor<2xf32> -> tensor<1x2x10x10xf32>
  return %0 : tensor<1x2x10x10xf32>
}

// -----

// CHECK-DAG:   #[[$FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, -d2 + 1, -d3 + 1, d1)>
// CHECK-LABEL: func.func @conv_transpose_nhwc_grouped
// CHECK:         %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x4x4xf32>
// CHECK:         %[[N2:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x4x4xf32>
// CHECK:         %[[Z:.*]] = tensor.empty(%[[N2]]) : tensor<?x9x9x4xf32>
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[Z]] : tensor<?x9x9x4xf32>)
// CHECK:         %[[DILATED:.*]] = tensor.insert_slice %arg0 into %[[ZEROS]][0, 1, 1, 0] [%[[N2]], 4, 4, 4] [1, 2, 2, 1] : tensor<?x4x4x4xf32> into tensor<?x9x9x4xf32>
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[$FLIP]], #{{.*}}], {{.*}} ins(%{{.*}} : tensor<2x2x2x2x3xf32>) outs(%{{.*}} : tensor<2x3x2x2x2xf32>)
// CHECK:         tensor.collapse_shape %[[F]] {{\[}}[0, 1], [2], [3], [4]] : tensor<2x3x2x2x2xf32> into tensor<6x2x2x2xf32>
// CHECK:         %[[IN:.*]] = tensor.expand_shape %[[DILATED]] {{\[}}[0], [1], [2], [3, 4]] output_shape [%{{.*}}, 9, 9, 2, 2]
// CHECK:         linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[IN]], %{{.*}} : tensor<?x9x9x2x2xf32>, tensor<2x3x2x2x2xf32>) outs(%{{.*}} : tensor<?x8x8x2x3xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2], [3, 4]] : tensor<?x8x8x2x3xf32> into tensor<?x8x8x6xf32>
func.func @conv_transpose_nhwc_grouped(%x: tensor<?x4x4x4xf32>, %w: tensor<4x2x2x3xf32>) -> tensor<?x8x8x6xf32> {
  %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 2, 2>, groups = 2 : i64, layout = #graph.layout<nhwc>} : tensor<?x4x4x4xf32>, tensor<4x2x2x3xf32> -> tensor<?x8x8x6xf32>
  return %0 : tensor<?x8x8x6xf32>
}

// -----

// Pads beyond the dilated kernel extent crop the dilated input.
// CHECK-LABEL: func.func @conv_transpose_crop
// CHECK:         %[[DILATED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0, 0, 1] [1, 2, 4, 4] [1, 1, 2, 3] : tensor<1x2x4x4xf32> into tensor<1x2x8x13xf32>
// CHECK:         %[[CROPPED:.*]] = tensor.extract_slice %[[DILATED]][0, 0, 1, 0] [1, 2, 7, 13] [1, 1, 1, 1] : tensor<1x2x8x13xf32> to tensor<1x2x7x13xf32>
// CHECK:         linalg.conv_2d_nchw_fchw {{.*}} ins(%[[CROPPED]], %{{.*}} : tensor<1x2x7x13xf32>, tensor<3x2x1x2xf32>) outs(%{{.*}} : tensor<1x3x7x12xf32>)
func.func @conv_transpose_crop(%x: tensor<1x2x4x4xf32>, %w: tensor<2x3x1x2xf32>) -> tensor<1x3x7x12xf32> {
  %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 0, 1>, output_padding = array<i64: 1, 2>} : tensor<1x2x4x4xf32>, tensor<2x3x1x2xf32> -> tensor<1x3x7x12xf32>
  return %0 : tensor<1x3x7x12xf32>
}

// -----

// The kernel flip needs static kernel sizes.
func.func @conv_transpose_dynamic_weight(%x: tensor<1x4x5x5xf32>, %w: tensor<4x2x?x3xf32>) -> tensor<1x2x?x7xf32> {
  // expected-error @+1 {{failed to legalize operation 'graph.conv_transpose2d'}}
  %0 = graph.conv_transpose2d %x, %w : tensor<1x4x5x5xf32>, tensor<4x2x?x3xf32> -> tensor<1x2x?x7xf32>
  return %0 : tensor<1x2x?x7xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x64x56x56xf32>
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           tensor.yield %[[NEG_INF]] : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<?x64x56x56xf32>)
// CHECK:         %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK:         linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<?x64x114x114xf32>, tensor<3x3xf32>) outs(%[[FILL]] : tensor<?x64x56x56xf32>)
func.func @max_pool(%x: tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<?x64x112x112xf32> -> tensor<?x64x56x56xf32>
  return %0 : tensor<?x64x56x56xf32>
}

// -----

// ceil_mode pads the end so that the last window exists.
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK:         } : tensor<1x6x6x2xf16> to tensor<1x7x7x2xf16>
// CHECK:         linalg.pooling_nhwc_max {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%[[PADDED]], %{{.*}} : tensor<1x7x7x2xf16>, tensor<3x2xf16>) outs(%{{.*}} : tensor<1x3x3x2xf16>)
func.func @max_pool_ceil(%x: tensor<1x6x6x2xf16>) -> tensor<1x3x3x2xf16> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 2>, strides = array<i64: 2, 2>, dilations = array<i64: 1, 2>, ceil_mode = true, layout = #graph.layout<nhwc>} : tensor<1x6x6x2xf16> -> tensor<1x3x3x2xf16>
  return %0 : tensor<1x3x3x2xf16>
}

// -----

// With `?` spatial sizes the ceil_mode end padding is computed at runtime.
// CHECK-LABEL: func.func @max_pool_dyn_ceil
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}, %{{.*}}) : tensor<1x2x?x?xf32>
// CHECK:         %[[OH:.*]] = tensor.dim %[[EMPTY]], %{{.*}} : tensor<1x2x?x?xf32>
// CHECK:         %[[OW:.*]] = tensor.dim %[[EMPTY]], %{{.*}} : tensor<1x2x?x?xf32>
// CHECK:         arith.muli %[[OH]]
// CHECK:         %[[H:.*]] = arith.maxsi
// CHECK:         arith.muli %[[OW]]
// CHECK:         %[[W:.*]] = arith.maxsi
// CHECK:         tensor.pad %arg0 low[0, 0, 0, 0] high[0, 0, %{{.*}}, %{{.*}}]
// CHECK:         linalg.pooling_nchw_max
func.func @max_pool_dyn_ceil(%x: tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x2x?x?xf32> -> tensor<1x2x?x?xf32>
  return %0 : tensor<1x2x?x?xf32>
}

// -----

// Unsigned max pooling: no NCHW named op orders ui8, so a window generic
// over (n, c, oh, ow, kh, kw) with arith.maxui, padded and filled with 0,
// the lowest ui8, on the signless view of the argument.
// CHECK-DAG:   #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
// CHECK-DAG:   #[[$WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool_ui8
// CHECK:         %[[X:.*]] = tensor.bitcast %arg0 : tensor<1x3x5x5xui8> to tensor<1x3x5x5xi8>
// CHECK:         %[[LOWEST:.*]] = arith.constant 0 : i8
// CHECK:         %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 2, 2] high[0, 0, 2, 2]
// CHECK:           tensor.yield %[[LOWEST]] : i8
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[LOWEST]] : i8)
// CHECK:         %[[POOL:.*]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$WIN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[PADDED]], %{{.*}} : tensor<1x3x9x9xi8>, tensor<5x5xi8>) outs(%[[INIT]] : tensor<1x3x5x5xi8>)
// CHECK:         ^bb0(%[[V:.*]]: i8, %{{.*}}: i8, %[[ACC:.*]]: i8):
// CHECK:           %[[MAX:.*]] = arith.maxui %[[ACC]], %[[V]] : i8
// CHECK:           linalg.yield %[[MAX]] : i8
// CHECK:         %[[R:.*]] = tensor.bitcast %[[POOL]] : tensor<1x3x5x5xi8> to tensor<1x3x5x5xui8>
// CHECK:         return %[[R]]
func.func @max_pool_ui8(%x: tensor<1x3x5x5xui8>) -> tensor<1x3x5x5xui8> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : tensor<1x3x5x5xui8> -> tensor<1x3x5x5xui8>
  return %0 : tensor<1x3x5x5xui8>
}

// -----

// Signed integers keep the named op (its max is maxsi) from the lowest i8.
// CHECK-LABEL: func.func @max_pool_i8_nhwc
// CHECK:         %[[LOWEST:.*]] = arith.constant -128 : i8
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[LOWEST]] : i8)
// CHECK:         linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %{{.*}} : tensor<1x5x5x3xi8>, tensor<3x3xi8>) outs(%[[INIT]] : tensor<1x3x3x3xi8>)
func.func @max_pool_i8_nhwc(%x: tensor<1x5x5x3xi8>) -> tensor<1x3x3x3xi8> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, layout = #graph.layout<nhwc>} : tensor<1x5x5x3xi8> -> tensor<1x3x3x3xi8>
  return %0 : tensor<1x3x3x3xi8>
}

// -----

// Whole windows divide by the kernel area.
// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @avg_pool
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK:         %[[SUM:.*]] = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %{{.*}} : tensor<1x32x8x8xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<1x32x4x4xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[SUM]] : tensor<1x32x4x4xf32>)
// CHECK:         ^bb0(%[[OUT:.*]]: f32):
// CHECK:           %[[AREA:.*]] = arith.constant 4.000000e+00 : f32
// CHECK:           %[[AVG:.*]] = arith.divf %[[OUT]], %[[AREA]] : f32
// CHECK:           linalg.yield %[[AVG]] : f32
// CHECK:         tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         linalg.pooling_nchw_sum
// CHECK:         linalg.generic
// CHECK:           arith.constant 9.000000e+00 : f32
// CHECK:           arith.divf
func.func @avg_pool(%x: tensor<1x32x8x8xf32>) -> (tensor<1x32x4x4xf32>, tensor<1x32x4x4xf32>) {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x32x8x8xf32> -> tensor<1x32x4x4xf32>
  %1 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : tensor<1x32x8x8xf32> -> tensor<1x32x4x4xf32>
  return %0, %1 : tensor<1x32x4x4xf32>, tensor<1x32x4x4xf32>
}

// -----

// Clipped windows: per-position counts from linalg.index,
// min(start + k, in + pad_end) clipped to [0, in).
// CHECK-LABEL: func.func @avg_pool_counts
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 1, 0, 0] high[0, 1, 1, 0]
// CHECK:         %[[SUM:.*]] = linalg.pooling_nhwc_sum {{.*}} ins(%[[PADDED]], %{{.*}} : tensor<1x9x8x32xf32>, tensor<3x2xf32>) outs(%{{.*}} : tensor<1x4x4x32xf32>)
// CHECK:         linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x4x4x32xf32>)
// CHECK:         ^bb0(%[[OUT:.*]]: f32):
// CHECK:           %[[OH:.*]] = linalg.index 1 : index
// CHECK:           %[[SH:.*]] = arith.muli %[[OH]], %{{.*}} : index
// CHECK:           %[[START:.*]] = arith.subi %[[SH]], %{{.*}} : index
// CHECK:           %[[END:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK:           %[[STOP:.*]] = arith.minsi %[[END]], %{{.*}} : index
// CHECK:           %[[CLIPPED:.*]] = arith.minsi %[[STOP]], %{{.*}} : index
// CHECK:           %[[BEGIN:.*]] = arith.maxsi %[[START]], %{{.*}} : index
// CHECK:           %[[ROWS:.*]] = arith.subi %[[CLIPPED]], %[[BEGIN]] : index
// CHECK:           %[[OW:.*]] = linalg.index 2 : index
// CHECK:           %[[COUNT:.*]] = arith.muli %[[ROWS]], %[[COLS:.*]] : index
// CHECK:           %[[I64:.*]] = arith.index_cast %[[COUNT]] : index to i64
// CHECK:           %[[F:.*]] = arith.sitofp %[[I64]] : i64 to f32
// CHECK:           %[[AVG:.*]] = arith.divf %[[OUT]], %[[F]] : f32
// CHECK:           linalg.yield %[[AVG]] : f32
func.func @avg_pool_counts(%x: tensor<1x7x7x32xf32>) -> tensor<1x4x4x32xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 2>, strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 0>, ceil_mode = true, layout = #graph.layout<nhwc>} : tensor<1x7x7x32xf32> -> tensor<1x4x4x32xf32>
  return %0 : tensor<1x4x4x32xf32>
}

// -----

// count_include_pad with ceil_mode: the padded cells count, the cells past
// the end padding do not.
// CHECK-LABEL: func.func @avg_pool_include_pad_ceil
// CHECK:         linalg.pooling_nchw_sum
// CHECK:         linalg.generic
// CHECK:           %[[START:.*]] = arith.subi
// CHECK:           %[[STOP:.*]] = arith.minsi
// CHECK-NEXT:      %[[ROWS:.*]] = arith.subi %[[STOP]], %[[START]] : index
// CHECK:           arith.divf
func.func @avg_pool_include_pad_ceil(%x: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, ceil_mode = true, count_include_pad = true} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Dilated whole windows: the named op takes the dilations, the divisor is
// the kernel volume.
// CHECK-LABEL: func.func @avg_pool_dilated
// CHECK-NOT:     tensor.pad
// CHECK:         %[[SUM:.*]] = linalg.pooling_nchw_sum {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %{{.*}} : tensor<1x2x8x8xf32>, tensor<2x3xf32>) outs(%{{.*}} : tensor<1x2x6x4xf32>)
// CHECK:         linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x2x6x4xf32>)
// CHECK:           %[[VOLUME:.*]] = arith.constant 6.000000e+00 : f32
// CHECK:           arith.divf %{{.*}}, %[[VOLUME]] : f32
func.func @avg_pool_dilated(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x6x4xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 3>, dilations = array<i64: 2, 2>} : tensor<1x2x8x8xf32> -> tensor<1x2x6x4xf32>
  return %0 : tensor<1x2x6x4xf32>
}

// -----

// Dilated height (2), padded: the divisor counts the taps start + 2 * j
// inside [0, in): min(k, (in - 1 - start) / 2 + 1) - ceil(max(0, -start) / 2),
// at least 0; the undilated width counts cells as before.
// CHECK-LABEL: func.func @avg_pool_dilated_counts
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 1, 0] high[0, 0, 1, 1]
// CHECK:         %[[SUM:.*]] = linalg.pooling_nchw_sum {dilations = dense<[2, 1]> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%[[PADDED]], %{{.*}} : tensor<1x2x7x6xf32>, tensor<2x2xf32>)
// CHECK:         %[[HIN:.*]] = arith.constant 5 : index
// CHECK:         linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x2x5x5xf32>)
// CHECK:           %[[OH:.*]] = linalg.index 2 : index
// CHECK:           %[[S:.*]] = arith.muli %[[OH]], %{{.*}} : index
// CHECK:           %[[START:.*]] = arith.subi %[[S]], %{{.*}} : index
// CHECK:           %[[MINUS1:.*]] = arith.constant -1 : index
// CHECK:           %[[END:.*]] = arith.addi %[[HIN]], %[[MINUS1]] : index
// CHECK:           %[[SPAN:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK:           %[[D:.*]] = arith.constant 2 : index
// CHECK:           %[[STEPS:.*]] = arith.divui %[[SPAN]], %[[D]] : index
// CHECK:           %[[LAST:.*]] = arith.addi %[[STEPS]], %{{.*}} : index
// CHECK:           %[[K:.*]] = arith.constant 2 : index
// CHECK:           %[[CLAMPED:.*]] = arith.minsi %[[LAST]], %[[K]] : index
// CHECK:           %[[NEG:.*]] = arith.subi %{{.*}}, %[[START]] : index
// CHECK:           %[[BEFORE:.*]] = arith.maxsi %[[NEG]], %{{.*}} : index
// CHECK:           %[[ROUND:.*]] = arith.addi %[[BEFORE]], %{{.*}} : index
// CHECK:           %[[FIRST:.*]] = arith.divui %[[ROUND]], %{{.*}} : index
// CHECK:           %[[TAPS:.*]] = arith.subi %[[CLAMPED]], %[[FIRST]] : index
// CHECK:           %[[ROWS:.*]] = arith.maxsi %[[TAPS]], %{{.*}} : index
// CHECK:           linalg.index 3 : index
// CHECK:           arith.maxsi
// CHECK-NEXT:      %[[COLS:.*]] = arith.subi
// CHECK-NEXT:      %[[COUNT:.*]] = arith.muli %[[ROWS]], %[[COLS]] : index
// CHECK:           arith.divf
func.func @avg_pool_dilated_counts(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 0, 1, 1>} : tensor<1x2x5x5xf32> -> tensor<1x2x5x5xf32>
  return %0 : tensor<1x2x5x5xf32>
}

// -----

// Dilated, count_include_pad and ceil_mode: the taps inside the padded
// input, min(k, (in + pad_end - 1 - start) / d + 1); the first one always
// is.
// CHECK-LABEL: func.func @avg_pool_dilated_include_pad_ceil
// CHECK:         linalg.pooling_nchw_sum {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
// CHECK:         linalg.generic
// CHECK:           %[[START:.*]] = arith.subi
// CHECK:           %[[END:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[SPAN:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK:           %[[STEPS:.*]] = arith.divui %[[SPAN]], %{{.*}} : index
// CHECK:           %[[LAST:.*]] = arith.addi %[[STEPS]], %{{.*}} : index
// CHECK:           %[[ROWS:.*]] = arith.minsi %[[LAST]], %{{.*}} : index
// CHECK-NEXT:      linalg.index 3 : index
// CHECK:           arith.divf
func.func @avg_pool_dilated_include_pad_ceil(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>, ceil_mode = true, count_include_pad = true} : tensor<1x2x5x5xf32> -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// CHECK-DAG:   #[[$ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[$NC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG:   #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$NHWC:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
// CHECK-LABEL: func.func @global_pools
// CHECK:         %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x2048x7x7xf32>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x2048xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x2048xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$ID4]], #[[$NC]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<?x2048x7x7xf32>) outs(%[[FILL]] : tensor<?x2048xf32>)
// CHECK:           arith.addf
// CHECK:         %[[AREA:.*]] = arith.constant 4.900000e+01 : f32
// CHECK:         %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[$ID2]]], iterator_types = ["parallel", "parallel"]} outs(%[[SUM]] : tensor<?x2048xf32>)
// CHECK:           arith.divf %{{.*}}, %[[AREA]] : f32
// CHECK:         %[[R0:.*]] = tensor.expand_shape %[[MEAN]] {{\[}}[0], [1, 2, 3]] output_shape [%[[N]], 2048, 1, 1] : tensor<?x2048xf32> into tensor<?x2048x1x1xf32>
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF80 : bf16
// CHECK:         %[[MFILL:.*]] = linalg.fill ins(%[[NEG_INF]] : bf16) outs(%{{.*}} : tensor<2x16xbf16>)
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[$ID4]], #[[$NHWC]]], iterator_types = ["parallel", "reduction", "reduction", "parallel"]} ins(%arg1 : tensor<2x?x?x16xbf16>) outs(%[[MFILL]] : tensor<2x16xbf16>)
// CHECK:           arith.maximumf
// CHECK:         %[[R1:.*]] = tensor.expand_shape %[[MAX]] {{\[}}[0, 1, 2], [3]] output_shape [2, 1, 1, 16] : tensor<2x16xbf16> into tensor<2x1x1x16xbf16>
// CHECK:         linalg.generic {indexing_maps = [#[[$ID4]], #[[$NHWC]]]
// CHECK:         %[[H:.*]] = tensor.dim %arg1, %{{.*}} : tensor<2x?x?x16xbf16>
// CHECK:         %[[W:.*]] = tensor.dim %arg1, %{{.*}} : tensor<2x?x?x16xbf16>
// CHECK:         %[[HW:.*]] = arith.muli %[[H]], %[[W]] : index
// CHECK:         %[[I64:.*]] = arith.index_cast %[[HW]] : index to i64
// CHECK:         %[[COUNT:.*]] = arith.sitofp %[[I64]] : i64 to bf16
// CHECK:         linalg.generic
// CHECK:           arith.divf %{{.*}}, %[[COUNT]] : bf16
// CHECK:         return %[[R0]], %[[R1]], %{{.*}}
func.func @global_pools(%x: tensor<?x2048x7x7xf32>, %y: tensor<2x?x?x16xbf16>) -> (tensor<?x2048x1x1xf32>, tensor<2x1x1x16xbf16>, tensor<2x1x1x16xbf16>) {
  %0 = graph.global_avg_pool %x : tensor<?x2048x7x7xf32> -> tensor<?x2048x1x1xf32>
  %1 = graph.global_max_pool %y {layout = #graph.layout<nhwc>} : tensor<2x?x?x16xbf16> -> tensor<2x1x1x16xbf16>
  %2 = graph.global_avg_pool %y {layout = #graph.layout<nhwc>} : tensor<2x?x?x16xbf16> -> tensor<2x1x1x16xbf16>
  return %0, %1, %2 : tensor<?x2048x1x1xf32>, tensor<2x1x1x16xbf16>, tensor<2x1x1x16xbf16>
}

// -----

// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @batch_norm
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<?x64x?x?xf32>
// CHECK:         %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$C]], #[[$C]], #[[$C]], #[[$C]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%arg0, %arg1, %arg2, %arg3, %arg4 : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%[[EMPTY]] : tensor<?x64x?x?xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[SCALE:.*]]: f32, %[[BIAS:.*]]: f32, %[[MEAN:.*]]: f32, %[[VAR:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[CENTERED:.*]] = arith.subf %[[X]], %[[MEAN]] : f32
// CHECK:           %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK:           %[[STD:.*]] = math.sqrt %[[VE]] : f32
// CHECK:           %[[NORM:.*]] = arith.divf %[[CENTERED]], %[[STD]] : f32
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[SCALE]], %[[NORM]] : f32
// CHECK:           %[[RES:.*]] = arith.addf %[[SCALED]], %[[BIAS]] : f32
// CHECK:           linalg.yield %[[RES]] : f32
func.func @batch_norm(%x: tensor<?x64x?x?xf32>, %s: tensor<64xf32>, %b: tensor<64xf32>, %m: tensor<64xf32>, %v: tensor<64xf32>) -> tensor<?x64x?x?xf32> {
  %0 = graph.batch_norm %x, %s, %b, %m, %v {epsilon = 1.0e-03 : f32} : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<?x64x?x?xf32>
  return %0 : tensor<?x64x?x?xf32>
}

// -----

// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$OUTER:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$SCALE:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG:   #[[$BIAS:.*]] = affine_map<(d0, d1, d2) -> (0)>
// CHECK-LABEL: func.func @layer_norm
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x128x768xf32>
// CHECK:         %[[COUNT:.*]] = arith.constant 7.680000e+02 : f32
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x128xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$OUTER]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<?x128x768xf32>) outs(%[[ACC]] : tensor<?x128xf32>)
// CHECK:           arith.addf
// CHECK:         %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[$ID2]]], iterator_types = ["parallel", "parallel"]} outs(%[[SUM]] : tensor<?x128xf32>)
// CHECK:           arith.divf %{{.*}}, %[[COUNT]] : f32
// CHECK:         %[[SQ:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %[[MEAN]] : tensor<?x128x768xf32>, tensor<?x128xf32>) outs(%[[ACC]] : tensor<?x128xf32>)
// CHECK:           %[[D:.*]] = arith.subf
// CHECK:           %[[D2:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK:           arith.addf %{{.*}}, %[[D2]] : f32
// CHECK:         %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$OUTER]], #[[$OUTER]], #[[$SCALE]], #[[$BIAS]], #[[$ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%arg0, %[[MEAN]], %[[SQ]], %arg1, %arg2 : tensor<?x128x768xf32>, tensor<?x128xf32>, tensor<?x128xf32>, tensor<768xf32>, tensor<1xf32>) outs(%[[EMPTY]] : tensor<?x128x768xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[M:.*]]: f32, %[[S:.*]]: f32, %[[G:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[VAR:.*]] = arith.divf %[[S]], %[[COUNT]] : f32
// CHECK:           %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK:           %[[STD:.*]] = math.sqrt %[[VE]] : f32
// CHECK:           %[[INV:.*]] = arith.divf %{{.*}}, %[[STD]] : f32
// CHECK:           %[[C:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK:           %[[N:.*]] = arith.mulf %[[C]], %[[INV]] : f32
// CHECK:           %[[SC:.*]] = arith.mulf %[[N]], %[[G]] : f32
// CHECK:           %[[R:.*]] = arith.addf %[[SC]], %[[B]] : f32
// CHECK:           linalg.yield %[[R]] : f32
func.func @layer_norm(%x: tensor<?x128x768xf32>, %g: tensor<768xf32>, %b: tensor<1xf32>) -> tensor<?x128x768xf32> {
  %0 = graph.layer_norm %x, %g, %b : tensor<?x128x768xf32>, tensor<768xf32>, tensor<1xf32> -> tensor<?x128x768xf32>
  return %0 : tensor<?x128x768xf32>
}

// -----

// A `?` normalized dim: the count is computed at runtime.
// CHECK-DAG:   #[[$OUTER:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-DAG:   #[[$SCALE:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @layer_norm_axis
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %{{.*}} : tensor<2x?x4xf16>
// CHECK:         %[[N:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         %[[I64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[COUNT:.*]] = arith.sitofp %[[I64]] : i64 to f16
// CHECK:         linalg.fill ins(%{{.*}} : f16) outs(%{{.*}} : tensor<2xf16>)
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[$OUTER]]], iterator_types = ["parallel", "reduction", "reduction"]}
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[$OUTER]], #[[$OUTER]], #[[$SCALE]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:      ins(%arg0, %{{.*}}, %{{.*}}, %arg1 : tensor<2x?x4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<?x4xf16>)
// CHECK:           %[[R:.*]] = arith.mulf %{{.*}}, %in_{{.*}} : f16
// CHECK-NEXT:      linalg.yield %[[R]] : f16
func.func @layer_norm_axis(%x: tensor<2x?x4xf16>, %g: tensor<?x4xf16>) -> tensor<2x?x4xf16> {
  %0 = graph.layer_norm %x, %g {axis = 1 : i64} : tensor<2x?x4xf16>, tensor<?x4xf16> -> tensor<2x?x4xf16>
  return %0 : tensor<2x?x4xf16>
}

// -----

// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$OUTER3:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @softmax
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x10xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[MAXINIT:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[E]] : tensor<?xf32>)
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x10xf32>) outs(%[[MAXINIT]] : tensor<?xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[SUMINIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[MAX]] : tensor<?x10xf32>, tensor<?xf32>) outs(%[[SUMINIT]] : tensor<?xf32>)
// CHECK:           %[[S:.*]] = arith.subf
// CHECK:           %[[EXP:.*]] = math.exp %[[S]] : f32
// CHECK:           arith.addf %{{.*}}, %[[EXP]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ROW]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %[[MAX]], %[[SUM]] : tensor<?x10xf32>, tensor<?xf32>, tensor<?xf32>) outs(%[[EMPTY]] : tensor<?x10xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[M:.*]]: f32, %[[T:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[SH:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK:           %[[EX:.*]] = math.exp %[[SH]] : f32
// CHECK:           %[[R:.*]] = arith.divf %[[EX]], %[[T]] : f32
// CHECK:           linalg.yield %[[R]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[$ID3]], #[[$OUTER3]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK:         linalg.generic {indexing_maps = [#[[$ID3]], #[[$OUTER3]], #[[$OUTER3]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK:         linalg.generic {indexing_maps = [#[[$ID3]], #[[$OUTER3]], #[[$OUTER3]], #[[$ID3]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[M:.*]]: f32, %[[T:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[SH:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK:           %[[LOG:.*]] = math.log %[[T]] : f32
// CHECK:           %[[R:.*]] = arith.subf %[[SH]], %[[LOG]] : f32
// CHECK:           linalg.yield %[[R]] : f32
func.func @softmax(%x: tensor<?x10xf32>, %y: tensor<2x?x3xf32>) -> (tensor<?x10xf32>, tensor<2x?x3xf32>) {
  %0 = graph.softmax %x : tensor<?x10xf32> -> tensor<?x10xf32>
  %1 = graph.log_softmax %y {axis = 1 : i64} : tensor<2x?x3xf32> -> tensor<2x?x3xf32>
  return %0, %1 : tensor<?x10xf32>, tensor<2x?x3xf32>
}

// -----

// 3-D convolution: asymmetric zero padding of D, H, W, the bias broadcast
// along the channels, linalg.conv_3d_ncdhw_fcdhw.
// CHECK-DAG:   #[[$CHANNEL5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1)>
// CHECK-LABEL: func.func @conv3d
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x3x8x8xf32>
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 0, 1, 1] high[0, 0, 1, 1, 1]
// CHECK:         } : tensor<1x3x6x8x8xf32> to tensor<1x3x7x10x10xf32>
// CHECK:         %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[$CHANNEL5]], #{{.*}}], {{.*}} ins(%arg2 : tensor<4xf32>) outs(%[[EMPTY]] : tensor<1x4x3x8x8xf32>)
// CHECK:         %[[CONV:.*]] = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : vector<3xi64>, strides = dense<[2, 1, 1]> : vector<3xi64>} ins(%[[PADDED]], %arg1 : tensor<1x3x7x10x10xf32>, tensor<4x3x3x3x3xf32>) outs(%[[INIT]] : tensor<1x4x3x8x8xf32>)
// CHECK:         return %[[CONV]]
func.func @conv3d(%x: tensor<1x3x6x8x8xf32>, %w: tensor<4x3x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x3x8x8xf32> {
  %0 = graph.conv3d %x, %w, %b {strides = array<i64: 2, 1, 1>, pads = array<i64: 0, 1, 1, 1, 1, 1>} : tensor<1x3x6x8x8xf32>, tensor<4x3x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x3x8x8xf32>
  return %0 : tensor<1x4x3x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @conv3d_depthwise
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x4x3x3x3xf32>)
// CHECK:         %[[W:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1], [2], [3], [4]] : tensor<4x1x3x3x3xf32> into tensor<4x3x3x3xf32>
// CHECK:         linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<1> : vector<3xi64>, strides = dense<1> : vector<3xi64>} ins(%arg0, %[[W]] : tensor<?x4x5x5x5xf32>, tensor<4x3x3x3xf32>) outs(%[[FILL]] : tensor<?x4x3x3x3xf32>)
func.func @conv3d_depthwise(%x: tensor<?x4x5x5x5xf32>, %w: tensor<4x1x3x3x3xf32>) -> tensor<?x4x3x3x3xf32> {
  %0 = graph.conv3d %x, %w {groups = 4 : i64} : tensor<?x4x5x5x5xf32>, tensor<4x1x3x3x3xf32> -> tensor<?x4x3x3x3xf32>
  return %0 : tensor<?x4x3x3x3xf32>
}

// -----

// Grouped 3-D convolution (upstream has no named op): input, weight and
// accumulator get a group dim, one linalg.generic over
// (n, g, f, od, oh, ow, c, kd, kh, kw) multiplies and adds.
// CHECK-DAG:   #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d6, d3 * 2 + d7, d4 + d8, d5 + d9)>
// CHECK-DAG:   #[[$W:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d1, d2, d6, d7, d8, d9)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d2, d3, d4, d5)>
// CHECK-LABEL: func.func @conv3d_grouped
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x6x2x4x4xf32>)
// CHECK:         %[[IN:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2], [3], [4], [5]] output_shape [1, 2, 2, 5, 5, 5] : tensor<1x4x5x5x5xf32> into tensor<1x2x2x5x5x5xf32>
// CHECK:         %[[ACC:.*]] = tensor.expand_shape %[[FILL]] {{\[}}[0], [1, 2], [3], [4], [5]] output_shape [1, 2, 3, 2, 4, 4] : tensor<1x6x2x4x4xf32> into tensor<1x2x3x2x4x4xf32>
// CHECK:         %[[W:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2], [3], [4], [5]] output_shape [2, 3, 2, 2, 2, 2] : tensor<6x2x2x2x2xf32> into tensor<2x3x2x2x2x2xf32>
// CHECK:         %[[CONV:.*]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%[[IN]], %[[W]] : tensor<1x2x2x5x5x5xf32>, tensor<2x3x2x2x2x2xf32>) outs(%[[ACC]] : tensor<1x2x3x2x4x4xf32>)
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// CHECK:           %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK:           %[[S:.*]] = arith.addf %[[C]], %[[M]] : f32
// CHECK:           linalg.yield %[[S]] : f32
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[CONV]] {{\[}}[0], [1, 2], [3], [4], [5]] : tensor<1x2x3x2x4x4xf32> into tensor<1x6x2x4x4xf32>
// CHECK:         return %[[R]]
func.func @conv3d_grouped(%x: tensor<1x4x5x5x5xf32>, %w: tensor<6x2x2x2x2xf32>) -> tensor<1x6x2x4x4xf32> {
  %0 = graph.conv3d %x, %w {groups = 2 : i64, strides = array<i64: 2, 1, 1>} : tensor<1x4x5x5x5xf32>, tensor<6x2x2x2x2xf32> -> tensor<1x6x2x4x4xf32>
  return %0 : tensor<1x6x2x4x4xf32>
}

// -----

// Grouped channels must be static to split them.
func.func @conv3d_grouped_dynamic_weight(%x: tensor<1x4x5x5x5xf32>, %w: tensor<?x2x2x2x2xf32>) -> tensor<1x?x4x4x4xf32> {
  // expected-error @+1 {{failed to legalize operation 'graph.conv3d'}}
  %0 = graph.conv3d %x, %w {groups = 2 : i64} : tensor<1x4x5x5x5xf32>, tensor<?x2x2x2x2xf32> -> tensor<1x?x4x4x4xf32>
  return %0 : tensor<1x?x4x4x4xf32>
}

// -----

// Transposed 3-D convolution: zero insertion with the strides at
// (k - 1) * d - pad_begin, the regrouped kernel flipped in D, H and W, and
// the grouped convolution of the stride-1 case.
// CHECK-DAG:   #[[$FLIP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d1, -d3 + 1, -d4 + 2, -d5 + 2)>
// CHECK-LABEL: func.func @conv_transpose3d
// CHECK:         %[[Z:.*]] = tensor.empty() : tensor<1x4x5x8x8xf32>
// CHECK:         %[[ZEROS:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[Z]] : tensor<1x4x5x8x8xf32>)
// CHECK:         %[[DILATED:.*]] = tensor.insert_slice %arg0 into %[[ZEROS]][0, 0, 1, 1, 1] [1, 4, 2, 3, 3] [1, 1, 2, 2, 2] : tensor<1x4x2x3x3xf32> into tensor<1x4x5x8x8xf32>
// CHECK:         %[[WE:.*]] = tensor.expand_shape %arg1 {{\[}}[0, 1], [2], [3], [4], [5]] output_shape [2, 2, 3, 2, 3, 3] : tensor<4x3x2x3x3xf32> into tensor<2x2x3x2x3x3xf32>
// CHECK:         %[[F:.*]] = linalg.generic {indexing_maps = [#[[$FLIP]], #{{.*}}], {{.*}} ins(%[[WE]] : tensor<2x2x3x2x3x3xf32>) outs(%{{.*}} : tensor<2x3x2x2x3x3xf32>)
// CHECK:         tensor.collapse_shape %[[F]] {{\[}}[0, 1], [2], [3], [4], [5]] : tensor<2x3x2x2x3x3xf32> into tensor<6x2x2x3x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x2x5x8x8xf32>, tensor<2x3x2x2x3x3xf32>) outs(%{{.*}} : tensor<1x2x3x4x6x6xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2], [3], [4], [5]] : tensor<1x2x3x4x6x6xf32> into tensor<1x6x4x6x6xf32>
func.func @conv_transpose3d(%x: tensor<1x4x2x3x3xf32>, %w: tensor<4x3x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x4x6x6xf32> {
  %0 = graph.conv_transpose3d %x, %w, %b {groups = 2 : i64, strides = array<i64: 2, 2, 2>, pads = array<i64: 0, 1, 1, 0, 1, 1>, output_padding = array<i64: 0, 1, 1>} : tensor<1x4x2x3x3xf32>, tensor<4x3x2x3x3xf32>, tensor<6xf32> -> tensor<1x6x4x6x6xf32>
  return %0 : tensor<1x6x4x6x6xf32>
}

// -----

// The kernel flip needs static kernel sizes.
func.func @conv_transpose3d_dynamic_weight(%x: tensor<1x4x5x5x5xf32>, %w: tensor<4x2x3x?x3xf32>) -> tensor<1x2x7x?x7xf32> {
  // expected-error @+1 {{failed to legalize operation 'graph.conv_transpose3d'}}
  %0 = graph.conv_transpose3d %x, %w : tensor<1x4x5x5x5xf32>, tensor<4x2x3x?x3xf32> -> tensor<1x2x7x?x7xf32>
  return %0 : tensor<1x2x7x?x7xf32>
}

// -----

// 3-D max pooling (upstream has pooling_ndhwc_max only): -inf padding,
// one more row at the depth's end for ceil_mode, and a linalg.generic over
// (n, c, od, oh, ow, kd, kh, kw) whose (kd, kh, kw) loops take their sizes
// from an empty window tensor.
// CHECK-DAG:   #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG:   #[[$WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @max_pool3d
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x3x4x4xf32>
// CHECK:         %[[LOWEST:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 0, 1, 1] high[0, 0, 1, 1, 1]
// CHECK:           tensor.yield %[[LOWEST]] : f32
// CHECK:         } : tensor<1x2x5x7x7xf32> to tensor<1x2x6x9x9xf32>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[LOWEST]] : f32) outs(%[[EMPTY]] : tensor<1x2x3x4x4xf32>)
// CHECK:         %[[WINDOW:.*]] = tensor.empty() : tensor<2x3x3xf32>
// CHECK:         %[[POOL:.*]] = linalg.generic {indexing_maps = [#[[$IN]], #[[$WIN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x2x6x9x9xf32>, tensor<2x3x3xf32>) outs(%[[INIT]] : tensor<1x2x3x4x4xf32>)
// CHECK:         ^bb0(%[[V:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[MAX:.*]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK:           linalg.yield %[[MAX]] : f32
// CHECK:         return %[[POOL]]
func.func @max_pool3d(%x: tensor<1x2x5x7x7xf32>) -> tensor<1x2x3x4x4xf32> {
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 2, 3, 3>, strides = array<i64: 2, 2, 2>, pads = array<i64: 0, 1, 1, 0, 1, 1>, ceil_mode = true} : tensor<1x2x5x7x7xf32> -> tensor<1x2x3x4x4xf32>
  return %0 : tensor<1x2x3x4x4xf32>
}

// -----

// Unsigned 3-D max pooling: arith.maxui from 0.
// CHECK-LABEL: func.func @max_pool3d_ui16
// CHECK:         %[[LOWEST:.*]] = arith.constant 0 : i16
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[LOWEST]] : i16)
// CHECK:         linalg.generic {{.*}} outs(%[[INIT]] : tensor<1x2x3x3x3xi16>)
// CHECK:           arith.maxui %{{.*}}, %{{.*}} : i16
// CHECK:         tensor.bitcast %{{.*}} : tensor<1x2x3x3x3xi16> to tensor<1x2x3x3x3xui16>
func.func @max_pool3d_ui16(%x: tensor<1x2x4x4x4xui16>) -> tensor<1x2x3x3x3xui16> {
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 2, 2, 2>} : tensor<1x2x4x4x4xui16> -> tensor<1x2x3x3x3xui16>
  return %0 : tensor<1x2x3x3x3xui16>
}

// -----

// Whole windows: the sum divided by the kernel volume.
// CHECK-LABEL: func.func @avg_pool3d
// CHECK-NOT:     tensor.pad
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %{{.*}} : tensor<1x2x4x6x6xf32>, tensor<2x2x2xf32>) outs(%{{.*}} : tensor<1x2x2x3x3xf32>)
// CHECK:           arith.addf
// CHECK:         %[[AVG:.*]] = linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x2x2x3x3xf32>)
// CHECK:           %[[VOLUME:.*]] = arith.constant 8.000000e+00 : f32
// CHECK:           arith.divf %{{.*}}, %[[VOLUME]] : f32
// CHECK:         return %[[AVG]]
func.func @avg_pool3d(%x: tensor<1x2x4x6x6xf32>) -> tensor<1x2x2x3x3xf32> {
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>} : tensor<1x2x4x6x6xf32> -> tensor<1x2x2x3x3xf32>
  return %0 : tensor<1x2x2x3x3xf32>
}

// -----

// Padding not counted: each window's count is the product over D, H, W of
// min(start + k, in + pad_end, in) - max(start, 0), start = o * s - pad,
// with the runtime height.
// CHECK-LABEL: func.func @avg_pool3d_counts
// CHECK:         %[[H:.*]] = tensor.dim %arg0, %c3{{.*}} : tensor<1x2x4x?x6xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x2x6x?x8xf32>, tensor<2x3x3xf32>)
// CHECK:         %[[HIN:.*]] = tensor.dim %arg0, %{{.*}} : tensor<1x2x4x?x6xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x2x3x?x3xf32>)
// CHECK:           linalg.index 2 : index
// CHECK:           %[[OH:.*]] = linalg.index 3 : index
// CHECK:           %[[S:.*]] = arith.muli %[[OH]], %{{.*}} : index
// CHECK:           %[[START:.*]] = arith.subi %[[S]], %{{.*}} : index
// CHECK:           %[[STOP:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK:           %[[END:.*]] = arith.addi %[[HIN]], %{{.*}} : index
// CHECK:           %[[MIN:.*]] = arith.minsi %[[STOP]], %[[END]] : index
// CHECK:           arith.minsi %[[MIN]], %[[HIN]] : index
// CHECK:           arith.maxsi %[[START]], %{{.*}} : index
// CHECK:           linalg.index 4 : index
// CHECK:           %[[COUNT:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           arith.divf %{{.*}}, %[[COUNT]] : f32
func.func @avg_pool3d_counts(%x: tensor<1x2x4x?x6xf32>) -> tensor<1x2x3x?x3xf32> {
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 2, 3, 3>, strides = array<i64: 2, 2, 2>, pads = array<i64: 1, 1, 1, 1, 1, 1>} : tensor<1x2x4x?x6xf32> -> tensor<1x2x3x?x3xf32>
  return %0 : tensor<1x2x3x?x3xf32>
}

// -----

// Dilated 3-D average pooling (ONNX's 3d_dilations_large): the window
// generic reads input[..., o * 3 + t * 2, ...]; ceil_mode pads one more
// element at each end and the divisor counts the taps inside the input.
// CHECK-DAG:   #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 3 + d5 * 2, d3 * 3 + d6 * 2, d4 * 3 + d7 * 2)>
// CHECK-LABEL: func.func @avg_pool3d_dilated
// CHECK:         %[[PADDED:.*]] = tensor.pad %arg0 low[0, 0, 0, 0, 0] high[0, 0, 1, 1, 1]
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$IN]], {{.*}}]{{.*}} ins(%[[PADDED]], %{{.*}} : tensor<1x1x33x33x33xf32>, tensor<5x5x5xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x1x9x9x9xf32>)
// CHECK-COUNT-6:   arith.divui
// CHECK:           arith.divf
func.func @avg_pool3d_dilated(%x: tensor<1x1x32x32x32xf32>) -> tensor<1x1x9x9x9xf32> {
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 5, 5, 5>, strides = array<i64: 3, 3, 3>, dilations = array<i64: 2, 2, 2>, ceil_mode = true} : tensor<1x1x32x32x32xf32> -> tensor<1x1x9x9x9xf32>
  return %0 : tensor<1x1x9x9x9xf32>
}

// -----

// Global pooling of a 1-D (NCL) and a 3-D channels-last (NDHWC) image:
// every dim but the batch and the channel is reduced.
// CHECK-DAG:   #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$NC3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$ID5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-DAG:   #[[$NC5:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4)>
// CHECK-LABEL: func.func @global_pools_nd
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[$ID3]], #[[$NC3]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x3x9xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:         %[[COUNT:.*]] = arith.constant 9.000000e+00 : f32
// CHECK:         %[[MEAN:.*]] = linalg.generic {{.*}} outs(%[[SUM]] : tensor<2x3xf32>)
// CHECK:           arith.divf %{{.*}}, %[[COUNT]] : f32
// CHECK:         %[[R0:.*]] = tensor.expand_shape %[[MEAN]] {{\[}}[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32>
// CHECK:         %[[N:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x4x2x3x5xf32>
// CHECK:         %[[MAX:.*]] = linalg.generic {indexing_maps = [#[[$ID5]], #[[$NC5]]], iterator_types = ["parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%arg1 : tensor<?x4x2x3x5xf32>) outs(%{{.*}} : tensor<?x5xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[R1:.*]] = tensor.expand_shape %[[MAX]] {{\[}}[0, 1, 2, 3], [4]] output_shape [%[[N]], 1, 1, 1, 5] : tensor<?x5xf32> into tensor<?x1x1x1x5xf32>
// CHECK:         return %[[R0]], %[[R1]]
func.func @global_pools_nd(%l: tensor<2x3x9xf32>, %v: tensor<?x4x2x3x5xf32>) -> (tensor<2x3x1xf32>, tensor<?x1x1x1x5xf32>) {
  %0 = graph.global_avg_pool %l : tensor<2x3x9xf32> -> tensor<2x3x1xf32>
  %1 = graph.global_max_pool %v {layout = #graph.layout<nhwc>} : tensor<?x4x2x3x5xf32> -> tensor<?x1x1x1x5xf32>
  return %0, %1 : tensor<2x3x1xf32>, tensor<?x1x1x1x5xf32>
}

// -----

// Bytes multiply into i32: unsigned A zero-extended, signed B
// sign-extended, each by its own signedness (linalg.matmul's `cast` would
// take one for both); a stack of matrices folds into the rows first.
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_bytes
// CHECK: %[[X:.*]] = tensor.bitcast %{{.*}} : tensor<2x3x8xui8> to tensor<2x3x8xi8>
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2]] : tensor<2x3x8xi8> into tensor<6x8xi8>
// CHECK: linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[ROWS]], %{{.*}} : tensor<6x8xi8>, tensor<8x4xi8>) outs(%{{.*}} : tensor<6x4xi32>)
// CHECK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[ACC:.*]]: i32):
// CHECK:   %[[EA:.*]] = arith.extui %[[A]] : i8 to i32
// CHECK:   %[[EB:.*]] = arith.extsi %[[B]] : i8 to i32
// CHECK:   %[[M:.*]] = arith.muli %[[EA]], %[[EB]] : i32
// CHECK:   arith.addi %[[ACC]], %[[M]] : i32
// Signed bytes of both operands with equal batch dims: the general
// contraction, both sign-extended.
// CHECK: linalg.generic
// CHECK: arith.extsi
// CHECK: arith.extsi
func.func @matmul_bytes(%x: tensor<2x3x8xui8>, %w: tensor<8x4xi8>, %y: tensor<2x3x8xi8>, %z: tensor<2x8x4xi8>) -> (tensor<2x3x4xi32>, tensor<2x3x4xi32>) {
  %0 = graph.matmul %x, %w : tensor<2x3x8xui8>, tensor<8x4xi8> -> tensor<2x3x4xi32>
  %1 = graph.matmul %y, %z : tensor<2x3x8xi8>, tensor<2x8x4xi8> -> tensor<2x3x4xi32>
  return %0, %1 : tensor<2x3x4xi32>, tensor<2x3x4xi32>
}
