// RUN: strata-opt %s --graph-fold-quantized-products -split-input-file | FileCheck %s

// onnxruntime's QDQ form of a MatMul: ui8 activations with a zero point,
// a constant i8 weight with zero point 0 (no terms). The product of the
// bytes, A's zero point times B's column sums (computed now: 6 and 16),
// then one scaling by sa * sb.
// CHECK-LABEL: func.func @qdq_matmul
// CHECK-SAME: (%[[QA:.*]]: tensor<2x8x4xui8>, %[[ZA:.*]]: tensor<ui8>, %[[SA:.*]]: tensor<f32>, %[[SB:.*]]: tensor<f32>)
// CHECK-DAG: %[[QB:.*]] = graph.constant dense<{{\[\[}}1, -2], [3, 4], [-5, 6], [7, 8]]> : tensor<4x2xi8>
// CHECK-DAG: %[[COLS:.*]] = graph.constant dense<{{\[\[}}6, 16]]> : tensor<1x2xi32>
// CHECK: %[[P:.*]] = graph.matmul %[[QA]], %[[QB]] : tensor<2x8x4xui8>, tensor<4x2xi8> -> tensor<2x8x2xi32>
// CHECK: %[[ZAI:.*]] = graph.cast %[[ZA]] : tensor<ui8> -> tensor<i32>
// CHECK: %[[T:.*]] = graph.mul %[[ZAI]], %[[COLS]] : tensor<i32>, tensor<1x2xi32> -> tensor<1x2xi32>
// CHECK: %[[S:.*]] = graph.sub %[[P]], %[[T]] : tensor<2x8x2xi32>, tensor<1x2xi32> -> tensor<2x8x2xi32>
// CHECK: %[[F:.*]] = graph.cast %[[S]] : tensor<2x8x2xi32> -> tensor<2x8x2xf32>
// CHECK: %[[SC:.*]] = graph.mul %[[SA]], %[[SB]] : tensor<f32>, tensor<f32> -> tensor<f32>
// CHECK: %[[R:.*]] = graph.mul %[[F]], %[[SC]] : tensor<2x8x2xf32>, tensor<f32> -> tensor<2x8x2xf32>
// CHECK: return %[[R]]
func.func @qdq_matmul(%qa: tensor<2x8x4xui8>, %za: tensor<ui8>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<2x8x2xf32> {
  %qb = graph.constant dense<[[1, -2], [3, 4], [-5, 6], [7, 8]]> : tensor<4x2xi8>
  %zb = graph.constant dense<0> : tensor<i8>
  %a0 = graph.cast %qa : tensor<2x8x4xui8> -> tensor<2x8x4xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<2x8x4xf32>, tensor<f32> -> tensor<2x8x4xf32>
  %a = graph.mul %a1, %sa : tensor<2x8x4xf32>, tensor<f32> -> tensor<2x8x4xf32>
  %b0 = graph.cast %qb : tensor<4x2xi8> -> tensor<4x2xf32>
  %zb0 = graph.cast %zb : tensor<i8> -> tensor<f32>
  %b1 = graph.sub %b0, %zb0 : tensor<4x2xf32>, tensor<f32> -> tensor<4x2xf32>
  %b = graph.mul %sb, %b1 : tensor<f32>, tensor<4x2xf32> -> tensor<4x2xf32>
  %0 = graph.matmul %a, %b : tensor<2x8x4xf32>, tensor<4x2xf32> -> tensor<2x8x2xf32>
  return %0 : tensor<2x8x2xf32>
}

// -----

// A Gemm with trans_b and per-channel weights (scale and zero point [N, 1]
// along B's rows): B's bytes transposed, its parameters made rows [1, N];
// both zero points give terms, K * za * zb too; the bias is added after.
// CHECK-LABEL: func.func @qdq_linear
// CHECK-SAME: (%[[QA:.*]]: tensor<4x3xui8>, %[[ZA:.*]]: tensor<ui8>, %[[ZB:.*]]: tensor<2x1xi8>, %[[SA:.*]]: tensor<f32>, %[[SB:.*]]: tensor<2x1xf32>, %[[BIAS:.*]]: tensor<2xf32>)
// CHECK-DAG: %[[K:.*]] = graph.constant dense<3> : tensor<i32>
// CHECK-DAG: %[[QB:.*]] = graph.constant dense<{{\[\[}}1, 2, 3], [-4, 5, 6]]> : tensor<2x3xi8>
// CHECK-DAG: %[[SUMS:.*]] = graph.constant dense<{{\[\[}}6, 7]]> : tensor<1x2xi32>
// CHECK: %[[BT:.*]] = graph.transpose %[[QB]] {perm = array<i64: 1, 0>} : tensor<2x3xi8> -> tensor<3x2xi8>
// CHECK: %[[P:.*]] = graph.matmul %[[QA]], %[[BT]] : tensor<4x3xui8>, tensor<3x2xi8> -> tensor<4x2xi32>
// CHECK: graph.transpose %[[ZB]] {perm = array<i64: 1, 0>} : tensor<2x1xi8> -> tensor<1x2xi8>
// CHECK-NOT: graph.reduce_sum %{{.*}} {axes = array<i64: 0>}
// CHECK: %[[ROWS:.*]] = graph.reduce_sum %{{.*}} {axes = array<i64: -1>} : tensor<4x3xi32> -> tensor<4x1xi32>
// CHECK: graph.mul %{{.*}}, %[[ROWS]] : tensor<1x2xi32>, tensor<4x1xi32> -> tensor<4x2xi32>
// CHECK: graph.mul %[[K]], %{{.*}} : tensor<i32>, tensor<1x2xi32> -> tensor<1x2xi32>
// CHECK: %[[SBT:.*]] = graph.transpose %[[SB]] {perm = array<i64: 1, 0>} : tensor<2x1xf32> -> tensor<1x2xf32>
// CHECK: graph.mul %[[SA]], %[[SBT]] : tensor<f32>, tensor<1x2xf32> -> tensor<1x2xf32>
// CHECK: %[[R:.*]] = graph.add %{{.*}}, %[[BIAS]] : tensor<4x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
// CHECK: return %[[R]]
func.func @qdq_linear(%qa: tensor<4x3xui8>, %za: tensor<ui8>, %zb: tensor<2x1xi8>, %sa: tensor<f32>, %sb: tensor<2x1xf32>, %bias: tensor<2xf32>) -> tensor<4x2xf32> {
  %qb = graph.constant dense<[[1, 2, 3], [-4, 5, 6]]> : tensor<2x3xi8>
  %a0 = graph.cast %qa : tensor<4x3xui8> -> tensor<4x3xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %a = graph.mul %a1, %sa : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %b0 = graph.cast %qb : tensor<2x3xi8> -> tensor<2x3xf32>
  %zb0 = graph.cast %zb : tensor<2x1xi8> -> tensor<2x1xf32>
  %b1 = graph.sub %b0, %zb0 : tensor<2x3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  %b = graph.mul %b1, %sb : tensor<2x3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  %0 = graph.linear %a, %b, %bias {trans_b = true} : tensor<4x3xf32>, tensor<2x3xf32>, tensor<2xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// QLinearMatMul / MatMulInteger as the importer writes them: an i32
// product of shifted bytes, with a constant weight. The bytes multiply;
// the zero point's term stays in i32 (column sums 14, 24, 18, 28), with no
// scaling.
// CHECK-LABEL: func.func @integer_matmul
// CHECK: graph.constant dense<{{\[\[}}14, 24, 18, 28]]> : tensor<1x4xi32>
// CHECK: %[[P:.*]] = graph.matmul %{{.*}}, %{{.*}} : tensor<3x8xui8>, tensor<8x4xi8> -> tensor<3x4xi32>
// CHECK: %[[S:.*]] = graph.sub %[[P]], %{{.*}} : tensor<3x4xi32>, tensor<1x4xi32> -> tensor<3x4xi32>
// CHECK-NEXT: return %[[S]]
func.func @integer_matmul(%qa: tensor<3x8xui8>, %za: tensor<ui8>) -> tensor<3x4xi32> {
  %qb = graph.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [-1, -2, -3, -4], [9, 10, 11, 12], [0, 1, 0, 1], [2, 2, 2, 2], [-5, 5, -5, 5], [3, 0, 3, 0]]> : tensor<8x4xi8>
  %a0 = graph.cast %qa : tensor<3x8xui8> -> tensor<3x8xi32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<i32>
  %a = graph.sub %a0, %za0 : tensor<3x8xi32>, tensor<i32> -> tensor<3x8xi32>
  %b = graph.cast %qb : tensor<8x4xi8> -> tensor<8x4xi32>
  %0 = graph.matmul %a, %b : tensor<3x8xi32>, tensor<8x4xi32> -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// Left alone: a B computed at run time (activations times activations),
// a per-row scale of A, per-column parameters of a batched B, a float
// operand that is not dequantized, 16-bit integers, and an i32 product of
// bytes without zero points (a canonicalization's).
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-5: graph.matmul %{{.*}}, %{{.*}} : tensor<{{.*}}xf32>, tensor<{{.*}}xf32>
// CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<4x16xi32>, tensor<16x8xi32>
func.func @not_folded(%qa: tensor<4x16xui8>, %qb: tensor<16x8xi8>, %sa: tensor<4x1xf32>, %s: tensor<f32>, %sb: tensor<1x8xf32>, %qc: tensor<2x16x8xi8>, %q16: tensor<4x16xi16>, %y: tensor<16x8xf32>, %x: tensor<4x16xf32>) -> (tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>) {
  %a0 = graph.cast %qa : tensor<4x16xui8> -> tensor<4x16xf32>
  %ar = graph.mul %a0, %sa : tensor<4x16xf32>, tensor<4x1xf32> -> tensor<4x16xf32>
  %a = graph.mul %a0, %s : tensor<4x16xf32>, tensor<f32> -> tensor<4x16xf32>
  %b0 = graph.cast %qb : tensor<16x8xi8> -> tensor<16x8xf32>
  %b = graph.mul %b0, %sb : tensor<16x8xf32>, tensor<1x8xf32> -> tensor<16x8xf32>
  %0 = graph.matmul %ar, %b : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  %c0 = graph.cast %qc : tensor<2x16x8xi8> -> tensor<2x16x8xf32>
  %c = graph.mul %c0, %sb : tensor<2x16x8xf32>, tensor<1x8xf32> -> tensor<2x16x8xf32>
  %1 = graph.matmul %a, %c : tensor<4x16xf32>, tensor<2x16x8xf32> -> tensor<2x4x8xf32>
  %2 = graph.matmul %a, %y : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  %d0 = graph.cast %q16 : tensor<4x16xi16> -> tensor<4x16xf32>
  %d = graph.mul %d0, %s : tensor<4x16xf32>, tensor<f32> -> tensor<4x16xf32>
  %3 = graph.matmul %d, %b : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  %4 = graph.matmul %x, %b : tensor<4x16xf32>, tensor<16x8xf32> -> tensor<4x8xf32>
  %ai = graph.cast %qa : tensor<4x16xui8> -> tensor<4x16xi32>
  %qk = graph.constant dense<3> : tensor<16x8xi8>
  %bi = graph.cast %qk : tensor<16x8xi8> -> tensor<16x8xi32>
  %5 = graph.matmul %ai, %bi : tensor<4x16xi32>, tensor<16x8xi32> -> tensor<4x8xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x8xf32>, tensor<2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xi32>
}

// -----

// A constant weight's column sums are computed by the pass (a [1, N] i32
// constant), read across the rows of a trans_b weight: columns of
// [[1, 2, 3], [-4, 5, 6]]^T sum to 6 and 7.
// CHECK-LABEL: func.func @constant_weight
// CHECK: %[[SUMS:.*]] = graph.constant dense<{{\[\[}}6, 7]]> : tensor<1x2xi32>
// CHECK-NOT: graph.reduce_sum
// CHECK: graph.mul %{{.*}}, %[[SUMS]] : tensor<i32>, tensor<1x2xi32> -> tensor<1x2xi32>
func.func @constant_weight(%qa: tensor<4x3xui8>, %za: tensor<ui8>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<4x2xf32> {
  %qb = graph.constant dense<[[1, 2, 3], [-4, 5, 6]]> : tensor<2x3xi8>
  %a0 = graph.cast %qa : tensor<4x3xui8> -> tensor<4x3xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %a = graph.mul %a1, %sa : tensor<4x3xf32>, tensor<f32> -> tensor<4x3xf32>
  %b0 = graph.cast %qb : tensor<2x3xi8> -> tensor<2x3xf32>
  %b = graph.mul %b0, %sb : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  %0 = graph.linear %a, %b {trans_b = true} : tensor<4x3xf32>, tensor<2x3xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// A constant weight dequantized for a float op (a convolution) is
// dequantized now, on its bytes, per output channel: (q - zp) * scale with
// the per-axis scale reshaped to [2, 1] (evaluated as a small constant).
// CHECK-LABEL: func.func @dequantized_weight
// CHECK: %[[W:.*]] = graph.constant dense<{{\[\[}}5.000000e-01, 1.000000e+00], [-6.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[W]]
func.func @dequantized_weight() -> tensor<2x2xf32> {
  %q = graph.constant dense<[[2, 3], [-2, 3]]> : tensor<2x2xi8>
  %zp = graph.constant dense<1> : tensor<i8>
  %s = graph.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %shape = graph.constant dense<[2, 1]> : tensor<2xi64>
  %s2 = graph.reshape %s, %shape : tensor<2xf32>, tensor<2xi64> -> tensor<2x1xf32>
  %q0 = graph.cast %q : tensor<2x2xi8> -> tensor<2x2xf32>
  %zp0 = graph.cast %zp : tensor<i8> -> tensor<f32>
  %d = graph.sub %q0, %zp0 : tensor<2x2xf32>, tensor<f32> -> tensor<2x2xf32>
  %w = graph.mul %d, %s2 : tensor<2x2xf32>, tensor<2x1xf32> -> tensor<2x2xf32>
  return %w : tensor<2x2xf32>
}

// -----

// QLinearConv's weight shifted by its zero point in f64 (no scale) is
// computed now too; a shift that a scale multiplies is left to the
// dequantization's pattern (both at once).
// CHECK-LABEL: func.func @shifted_weight
// CHECK: %[[W:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [-3.000000e+00, 2.000000e+00]]> : tensor<2x2xf64>
// CHECK-NEXT: return %[[W]]
func.func @shifted_weight() -> tensor<2x2xf64> {
  %q = graph.constant dense<[[2, 3], [-2, 3]]> : tensor<2x2xi8>
  %zp = graph.constant dense<1> : tensor<i8>
  %q0 = graph.cast %q : tensor<2x2xi8> -> tensor<2x2xf64>
  %zp0 = graph.cast %zp : tensor<i8> -> tensor<f64>
  %w = graph.sub %q0, %zp0 : tensor<2x2xf64>, tensor<f64> -> tensor<2x2xf64>
  return %w : tensor<2x2xf64>
}

// -----

// QLinearMatMul of two computed byte tensors (attention's QK^T): the i32
// product of shifted bytes in f32, exact for K = 64 (sums below 2^24);
// K = 300 could exceed it and stays in i32.
// CHECK-LABEL: func.func @computed_operands
// CHECK: %[[AF:.*]] = graph.cast %{{.*}} : tensor<2x8x64xi32> -> tensor<2x8x64xf32>
// CHECK: %[[BF:.*]] = graph.cast %{{.*}} : tensor<2x64x8xi32> -> tensor<2x64x8xf32>
// CHECK: %[[P:.*]] = graph.matmul %[[AF]], %[[BF]] : tensor<2x8x64xf32>, tensor<2x64x8xf32> -> tensor<2x8x8xf32>
// CHECK: %[[R:.*]] = graph.cast %[[P]] : tensor<2x8x8xf32> -> tensor<2x8x8xi32>
// CHECK: graph.matmul %{{.*}}, %{{.*}} : tensor<2x8x300xi32>, tensor<2x300x8xi32> -> tensor<2x8x8xi32>
// CHECK: return %[[R]]
func.func @computed_operands(%qa: tensor<2x8x64xui8>, %qb: tensor<2x64x8xui8>, %za: tensor<ui8>, %qc: tensor<2x8x300xui8>, %qd: tensor<2x300x8xui8>) -> (tensor<2x8x8xi32>, tensor<2x8x8xi32>) {
  %za0 = graph.cast %za : tensor<ui8> -> tensor<i32>
  %a0 = graph.cast %qa : tensor<2x8x64xui8> -> tensor<2x8x64xi32>
  %a = graph.sub %a0, %za0 : tensor<2x8x64xi32>, tensor<i32> -> tensor<2x8x64xi32>
  %b0 = graph.cast %qb : tensor<2x64x8xui8> -> tensor<2x64x8xi32>
  %b = graph.sub %b0, %za0 : tensor<2x64x8xi32>, tensor<i32> -> tensor<2x64x8xi32>
  %0 = graph.matmul %a, %b : tensor<2x8x64xi32>, tensor<2x64x8xi32> -> tensor<2x8x8xi32>
  %c0 = graph.cast %qc : tensor<2x8x300xui8> -> tensor<2x8x300xi32>
  %c = graph.sub %c0, %za0 : tensor<2x8x300xi32>, tensor<i32> -> tensor<2x8x300xi32>
  %d0 = graph.cast %qd : tensor<2x300x8xui8> -> tensor<2x300x8xi32>
  %d = graph.sub %d0, %za0 : tensor<2x300x8xi32>, tensor<i32> -> tensor<2x300x8xi32>
  %1 = graph.matmul %c, %d : tensor<2x8x300xi32>, tensor<2x300x8xi32> -> tensor<2x8x8xi32>
  return %0, %1 : tensor<2x8x8xi32>, tensor<2x8x8xi32>
}

// -----

// onnxruntime's QDQ form of a padded Conv: ui8 activations with a constant
// zero point (7), an i8 weight with per-filter scales ([2, 1, 1, 1]) and
// zero points 0. The convolution of the bytes padded with the zero point
// (the spec pads the dequantized input with zeros), less za times each
// filter's sum (computed now: 10 and -4, as [1, 2, 1, 1] along NCHW's
// channels), converted and scaled by sa * sw[f], plus the bias.
// CHECK-LABEL: func.func @qdq_conv
// CHECK-SAME: (%[[QA:.*]]: tensor<1x2x4x4xui8>, %[[SA:.*]]: tensor<f32>, %[[BIAS:.*]]: tensor<2xf32>)
// CHECK-DAG: %[[QW:.*]] = graph.constant dense<{{.*}}> : tensor<2x2x1x2xi8>
// CHECK-DAG: %[[ZA:.*]] = graph.constant dense<7> : tensor<ui8>
// CHECK-DAG: %[[SUMS:.*]] = graph.constant dense<{{\[\[\[\[}}10]], {{\[\[}}-4]]]]> : tensor<1x2x1x1xi32>
// CHECK-DAG: %[[SW:.*]] = graph.constant dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}2.500000e-01]]]]> : tensor<1x2x1x1xf32>
// CHECK: %[[P:.*]] = graph.pad %[[QA]] {pads = array<i64: 0, 0, 1, 0, 0, 0, 1, 1>, value = 7.000000e+00 : f64} : tensor<1x2x4x4xui8> -> tensor<1x2x6x5xui8>
// CHECK: %[[C:.*]] = graph.conv2d %[[P]], %[[QW]] {strides = array<i64: 2, 1>} : tensor<1x2x6x5xui8>, tensor<2x2x1x2xi8> -> tensor<1x2x3x4xi32>
// CHECK: %[[ZAI:.*]] = graph.cast %[[ZA]] : tensor<ui8> -> tensor<i32>
// CHECK: %[[T:.*]] = graph.mul %[[ZAI]], %[[SUMS]]
// CHECK: %[[S:.*]] = graph.sub %[[C]], %[[T]]
// CHECK: %[[F:.*]] = graph.cast %[[S]] : tensor<1x2x3x4xi32> -> tensor<1x2x3x4xf32>
// CHECK: %[[SC:.*]] = graph.mul %[[SA]], %[[SW]] : tensor<f32>, tensor<1x2x1x1xf32> -> tensor<1x2x1x1xf32>
// CHECK: %[[R:.*]] = graph.mul %[[F]], %[[SC]]
// CHECK: %[[B:.*]] = graph.unsqueeze %[[BIAS]] {axes = array<i64: 1, 2>} : tensor<2xf32> -> tensor<2x1x1xf32>
// CHECK: %[[Y:.*]] = graph.add %[[R]], %[[B]]
// CHECK: return %[[Y]]
func.func @qdq_conv(%qa: tensor<1x2x4x4xui8>, %sa: tensor<f32>, %bias: tensor<2xf32>) -> tensor<1x2x3x4xf32> {
  %za = graph.constant dense<7> : tensor<ui8>
  %qw = graph.constant dense<[[[[1, 2]], [[3, 4]]], [[[-5, 6]], [[-7, 2]]]]> : tensor<2x2x1x2xi8>
  %zw = graph.constant dense<0> : tensor<2x1x1x1xi8>
  %sw = graph.constant dense<[[[[0.5]]], [[[0.25]]]]> : tensor<2x1x1x1xf32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a1, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x2x1x2xi8> -> tensor<2x2x1x2xf32>
  %zw0 = graph.cast %zw : tensor<2x1x1x1xi8> -> tensor<2x1x1x1xf32>
  %w1 = graph.sub %w0, %zw0 : tensor<2x2x1x2xf32>, tensor<2x1x1x1xf32> -> tensor<2x2x1x2xf32>
  %w = graph.mul %w1, %sw : tensor<2x2x1x2xf32>, tensor<2x1x1x1xf32> -> tensor<2x2x1x2xf32>
  %0 = graph.conv2d %a, %w, %bias {pads = array<i64: 1, 0, 1, 1>, strides = array<i64: 2, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x1x2xf32>, tensor<2xf32> -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

// A zero point of 0 (ReLU outputs): no terms, and the convolution pads the
// bytes with zeros itself.
// CHECK-LABEL: func.func @qdq_conv_zero_point_0
// CHECK-NOT: graph.pad
// CHECK: %[[C:.*]] = graph.conv2d %arg0, %{{.*}} {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xui8>, tensor<2x2x3x3xi8> -> tensor<1x2x4x4xi32>
// CHECK-NEXT: %[[F:.*]] = graph.cast %[[C]] : tensor<1x2x4x4xi32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: graph.mul %arg1, %{{.*}} : tensor<f32>, tensor<1x2x1x1xf32>
func.func @qdq_conv_zero_point_0(%qa: tensor<1x2x4x4xui8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %qw = graph.constant dense<3> : tensor<2x2x3x3xi8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a0, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x2x3x3xi8> -> tensor<2x2x3x3xf32>
  %w = graph.mul %w0, %sw : tensor<2x2x3x3xf32>, tensor<f32> -> tensor<2x2x3x3xf32>
  %0 = graph.conv2d %a, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// ConvInteger / QLinearConv: the f64 convolution of shifted bytes (no
// padding, a run-time zero point) and its bias: the same terms, converted
// to f64, the bias added along the channels.
// CHECK-LABEL: func.func @shifted_conv
// CHECK-SAME: (%[[QA:.*]]: tensor<1x2x4x4xui8>, %[[ZA:.*]]: tensor<ui8>, %[[BIAS:.*]]: tensor<2xf64>)
// CHECK: %[[C:.*]] = graph.conv2d %[[QA]], %{{.*}} : tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8> -> tensor<1x2x4x4xi32>
// CHECK: %[[ZAI:.*]] = graph.cast %[[ZA]] : tensor<ui8> -> tensor<i32>
// CHECK: graph.sub %[[C]], %{{.*}}
// CHECK: %[[F:.*]] = graph.cast %{{.*}} : tensor<1x2x4x4xi32> -> tensor<1x2x4x4xf64>
// CHECK-NOT: graph.mul %[[F]]
// CHECK: graph.add %[[F]], %{{.*}} : tensor<1x2x4x4xf64>, tensor<2x1x1xf64>
func.func @shifted_conv(%qa: tensor<1x2x4x4xui8>, %za: tensor<ui8>, %bias: tensor<2xf64>) -> tensor<1x2x4x4xf64> {
  %qw = graph.constant dense<[[[[1]], [[2]]], [[[3]], [[4]]]]> : tensor<2x2x1x1xi8>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf64>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f64>
  %a = graph.sub %a0, %za0 : tensor<1x2x4x4xf64>, tensor<f64> -> tensor<1x2x4x4xf64>
  %w = graph.cast %qw : tensor<2x2x1x1xi8> -> tensor<2x2x1x1xf64>
  %0 = graph.conv2d %a, %w, %bias : tensor<1x2x4x4xf64>, tensor<2x2x1x1xf64>, tensor<2xf64> -> tensor<1x2x4x4xf64>
  return %0 : tensor<1x2x4x4xf64>
}

// -----

// A padded convolution whose zero point is computed at run time (dynamic
// quantization): the bytes padded with 0, then the zero point selected
// into the border (a constant mask), the byte convolution less za times
// the filters' sums (54 = 18 * 3).
// CHECK-LABEL: func.func @padded_computed_zero_point
// CHECK-SAME: (%[[QA:.*]]: tensor<1x2x4x4xui8>, %[[ZA:.*]]: tensor<ui8>
// CHECK-DAG: %[[SUMS:.*]] = graph.constant dense<54> : tensor<1x2x1x1xi32>
// CHECK-DAG: %[[BORDER:.*]] = graph.constant dense<{{\[\[\[\[}}true, true, true, true, true, true], [true, false, false, false, false, true], [true, false, false, false, false, true], [true, false, false, false, false, true], [true, false, false, false, false, true], [true, true, true, true, true, true]]]]> : tensor<1x1x6x6xi1>
// CHECK: %[[P:.*]] = graph.pad %[[QA]] {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>} : tensor<1x2x4x4xui8> -> tensor<1x2x6x6xui8>
// CHECK: %[[S:.*]] = graph.select %[[BORDER]], %[[ZA]], %[[P]] : tensor<1x1x6x6xi1>, tensor<ui8>, tensor<1x2x6x6xui8> -> tensor<1x2x6x6xui8>
// CHECK: %[[C:.*]] = graph.conv2d %[[S]], %{{.*}} : tensor<1x2x6x6xui8>, tensor<2x2x3x3xi8> -> tensor<1x2x4x4xi32>
// CHECK: %[[Z:.*]] = graph.cast %[[ZA]] : tensor<ui8> -> tensor<i32>
// CHECK: %[[T:.*]] = graph.mul %[[Z]], %[[SUMS]]
// CHECK: graph.sub %[[C]], %[[T]]
func.func @padded_computed_zero_point(%qa: tensor<1x2x4x4xui8>, %za: tensor<ui8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %qw = graph.constant dense<3> : tensor<2x2x3x3xi8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a1, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x2x3x3xi8> -> tensor<2x2x3x3xf32>
  %w = graph.mul %w0, %sw : tensor<2x2x3x3xf32>, tensor<f32> -> tensor<2x2x3x3xf32>
  %0 = graph.conv2d %a, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// The same with an image of dynamic size stays float (the border mask is
// a constant).
// CHECK-LABEL: func.func @padded_computed_zero_point_dynamic_image
// CHECK: graph.conv2d %{{.*}}, %{{.*}} {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x?x?xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x?x?xf32>
func.func @padded_computed_zero_point_dynamic_image(%qa: tensor<1x2x?x?xui8>, %za: tensor<ui8>, %sa: tensor<f32>) -> tensor<1x2x?x?xf32> {
  %qw = graph.constant dense<3> : tensor<2x2x3x3xi8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x?x?xui8> -> tensor<1x2x?x?xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x2x?x?xf32>, tensor<f32> -> tensor<1x2x?x?xf32>
  %a = graph.mul %a1, %sa : tensor<1x2x?x?xf32>, tensor<f32> -> tensor<1x2x?x?xf32>
  %w0 = graph.cast %qw : tensor<2x2x3x3xi8> -> tensor<2x2x3x3xf32>
  %w = graph.mul %w0, %sw : tensor<2x2x3x3xf32>, tensor<f32> -> tensor<2x2x3x3xf32>
  %0 = graph.conv2d %a, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x?x?xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x?x?xf32>
  return %0 : tensor<1x2x?x?xf32>
}

// -----

// A weight zero point (1): minus 1 times each window's sum of the input
// bytes, a convolution with one filter of ones.
// CHECK-LABEL: func.func @weight_zero_point
// CHECK-DAG: %[[ZW:.*]] = graph.constant dense<1> : tensor<1x2x1x1xi32>
// CHECK-DAG: %[[ONES:.*]] = graph.constant dense<1> : tensor<1x2x1x1xi8>
// CHECK-DAG: %[[W:.*]] = graph.constant dense<3> : tensor<2x2x1x1xi8>
// CHECK: %[[C:.*]] = graph.conv2d %arg0, %[[W]] : tensor<1x2x4x4xui8>, tensor<2x2x1x1xi8> -> tensor<1x2x4x4xi32>
// CHECK: %[[SUMS:.*]] = graph.conv2d %arg0, %[[ONES]] : tensor<1x2x4x4xui8>, tensor<1x2x1x1xi8> -> tensor<1x1x4x4xi32>
// CHECK: %[[T:.*]] = graph.mul %[[SUMS]], %[[ZW]]
// CHECK: graph.sub %[[C]], %[[T]]
func.func @weight_zero_point(%qa: tensor<1x2x4x4xui8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %qw = graph.constant dense<3> : tensor<2x2x1x1xi8>
  %zw = graph.constant dense<1> : tensor<i8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a0, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x2x1x1xi8> -> tensor<2x2x1x1xf32>
  %zw0 = graph.cast %zw : tensor<i8> -> tensor<f32>
  %w1 = graph.sub %w0, %zw0 : tensor<2x2x1x1xf32>, tensor<f32> -> tensor<2x2x1x1xf32>
  %w = graph.mul %w1, %sw : tensor<2x2x1x1xf32>, tensor<f32> -> tensor<2x2x1x1xf32>
  %0 = graph.conv2d %a, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// QLinearConv's depthwise convolution, padded with a zero point computed
// at run time: a depthwise convolution of signed bytes (qa - 128), padded
// with -128 and the shifted zero point selected into the border, less the
// zero point times the filters' sums (27).
// CHECK-LABEL: func.func @shifted_depthwise
// CHECK-SAME: (%{{.*}}: tensor<1x2x4x4xui8>, %[[ZA:.*]]: tensor<ui8>)
// CHECK: %[[ZS:.*]] = graph.cast %{{.*}} : tensor<i32> -> tensor<i8>
// CHECK: %[[P:.*]] = graph.pad %{{.*}} {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = -1.280000e+02 : f64} : tensor<1x2x4x4xi8> -> tensor<1x2x6x6xi8>
// CHECK: %[[S:.*]] = graph.select %{{.*}}, %[[ZS]], %[[P]] : tensor<1x1x6x6xi1>, tensor<i8>, tensor<1x2x6x6xi8> -> tensor<1x2x6x6xi8>
// CHECK: graph.conv2d %[[S]], %{{.*}} {groups = 2 : i64} : tensor<1x2x6x6xi8>, tensor<2x1x3x3xi8> -> tensor<1x2x4x4xi32>
func.func @shifted_depthwise(%qa: tensor<1x2x4x4xui8>, %za: tensor<ui8>) -> tensor<1x2x4x4xf64> {
  %qw = graph.constant dense<3> : tensor<2x1x3x3xi8>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf64>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f64>
  %a = graph.sub %a0, %za0 : tensor<1x2x4x4xf64>, tensor<f64> -> tensor<1x2x4x4xf64>
  %w = graph.cast %qw : tensor<2x1x3x3xi8> -> tensor<2x1x3x3xf64>
  %0 = graph.conv2d %a, %w {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf64>, tensor<2x1x3x3xf64> -> tensor<1x2x4x4xf64>
  return %0 : tensor<1x2x4x4xf64>
}

// -----

// The same with a weight zero point (u8 weights): no byte convolution (a
// grouped one would need grouped window sums); 9 products per group,
// computed in f32, exactly, and converted back.
// CHECK-LABEL: func.func @shifted_depthwise_weight_zero_point
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %{{.*}} {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x4x4xf32>
// CHECK: graph.cast %[[C]] : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf64>
func.func @shifted_depthwise_weight_zero_point(%qa: tensor<1x2x4x4xui8>, %za: tensor<ui8>) -> tensor<1x2x4x4xf64> {
  %qw = graph.constant dense<3> : tensor<2x1x3x3xui8>
  %zw = graph.constant dense<7> : tensor<ui8>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf64>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f64>
  %a = graph.sub %a0, %za0 : tensor<1x2x4x4xf64>, tensor<f64> -> tensor<1x2x4x4xf64>
  %w0 = graph.cast %qw : tensor<2x1x3x3xui8> -> tensor<2x1x3x3xf64>
  %zw0 = graph.cast %zw : tensor<ui8> -> tensor<f64>
  %w = graph.sub %w0, %zw0 : tensor<2x1x3x3xf64>, tensor<f64> -> tensor<2x1x3x3xf64>
  %0 = graph.conv2d %a, %w {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf64>, tensor<2x1x3x3xf64> -> tensor<1x2x4x4xf64>
  return %0 : tensor<1x2x4x4xf64>
}

// -----

// Signed activations with zero point 0 (QInt8, symmetric): qa + 128 as
// ui8 with zero point 128, whose term is the weight's column sums (6, 16).
// CHECK-LABEL: func.func @signed_activations
// CHECK-DAG: %[[OFFSET:.*]] = graph.constant dense<128> : tensor<i32>
// CHECK-DAG: %[[ZA:.*]] = graph.constant dense<128> : tensor<ui8>
// CHECK-DAG: %[[COLS:.*]] = graph.constant dense<{{\[\[}}6, 16]]> : tensor<1x2xi32>
// CHECK: %[[W:.*]] = graph.cast %arg0 : tensor<3x4xi8> -> tensor<3x4xi32>
// CHECK: %[[S:.*]] = graph.add %[[W]], %[[OFFSET]] : tensor<3x4xi32>, tensor<i32> -> tensor<3x4xi32>
// CHECK: %[[U:.*]] = graph.cast %[[S]] : tensor<3x4xi32> -> tensor<3x4xui8>
// CHECK: %[[P:.*]] = graph.matmul %[[U]], %{{.*}} : tensor<3x4xui8>, tensor<4x2xi8> -> tensor<3x2xi32>
// CHECK: %[[ZAI:.*]] = graph.cast %[[ZA]] : tensor<ui8> -> tensor<i32>
// CHECK: graph.mul %[[ZAI]], %[[COLS]]
func.func @signed_activations(%qa: tensor<3x4xi8>, %sa: tensor<f32>, %sb: tensor<f32>) -> tensor<3x2xf32> {
  %qb = graph.constant dense<[[1, -2], [3, 4], [-5, 6], [7, 8]]> : tensor<4x2xi8>
  %a0 = graph.cast %qa : tensor<3x4xi8> -> tensor<3x4xf32>
  %a = graph.mul %a0, %sa : tensor<3x4xf32>, tensor<f32> -> tensor<3x4xf32>
  %b0 = graph.cast %qb : tensor<4x2xi8> -> tensor<4x2xf32>
  %b = graph.mul %b0, %sb : tensor<4x2xf32>, tensor<f32> -> tensor<4x2xf32>
  %0 = graph.matmul %a, %b : tensor<3x4xf32>, tensor<4x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A padded convolution of signed activations with zero point -3: the
// bytes shifted to ui8 pad with -3 + 128 = 125.
// CHECK-LABEL: func.func @signed_conv
// CHECK: %[[U:.*]] = graph.cast %{{.*}} : tensor<1x2x4x4xi32> -> tensor<1x2x4x4xui8>
// CHECK: graph.pad %[[U]] {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = 1.250000e+02 : f64}
// CHECK: graph.conv2d %{{.*}}, %{{.*}} : tensor<1x2x6x6xui8>, tensor<2x2x3x3xi8> -> tensor<1x2x4x4xi32>
func.func @signed_conv(%qa: tensor<1x2x4x4xi8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %za = graph.constant dense<-3> : tensor<i8>
  %qw = graph.constant dense<3> : tensor<2x2x3x3xi8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xi8> -> tensor<1x2x4x4xf32>
  %za0 = graph.cast %za : tensor<i8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a1, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x2x3x3xi8> -> tensor<2x2x3x3xf32>
  %w = graph.mul %w0, %sw : tensor<2x2x3x3xf32>, tensor<f32> -> tensor<2x2x3x3xf32>
  %0 = graph.conv2d %a, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Unsigned weights (zero point 128) and activations (zero point 5, padded):
// the weight's bytes become signed at compile time (q - 128: 200 -> 72),
// its zero point 128 - 128 = 0 leaves no window sums; the filter sums
// (72 * 4 = 288) times za, as for signed weights.
// CHECK-LABEL: func.func @unsigned_weights
// CHECK-DAG: %[[W:.*]] = graph.constant dense<72> : tensor<2x1x2x2xi8>
// CHECK-DAG: %[[SUMS:.*]] = graph.constant dense<288> : tensor<1x2x1x1xi32>
// CHECK: graph.pad %arg0 {pads = array<i64: 0, 0, 1, 1, 0, 0, 0, 0>, value = 5.000000e+00 : f64}
// CHECK: graph.conv2d %{{.*}}, %[[W]] : tensor<1x1x5x5xui8>, tensor<2x1x2x2xi8> -> tensor<1x2x4x4xi32>
// CHECK-NOT: graph.conv2d
// CHECK: graph.mul %{{.*}}, %[[SUMS]]
func.func @unsigned_weights(%qa: tensor<1x1x4x4xui8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %za = graph.constant dense<5> : tensor<ui8>
  %qw = graph.constant dense<200> : tensor<2x1x2x2xui8>
  %zw = graph.constant dense<128> : tensor<ui8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x1x4x4xui8> -> tensor<1x1x4x4xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x1x4x4xf32>, tensor<f32> -> tensor<1x1x4x4xf32>
  %a = graph.mul %a1, %sa : tensor<1x1x4x4xf32>, tensor<f32> -> tensor<1x1x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x1x2x2xui8> -> tensor<2x1x2x2xf32>
  %zw0 = graph.cast %zw : tensor<ui8> -> tensor<f32>
  %w1 = graph.sub %w0, %zw0 : tensor<2x1x2x2xf32>, tensor<f32> -> tensor<2x1x2x2xf32>
  %w = graph.mul %w1, %sw : tensor<2x1x2x2xf32>, tensor<f32> -> tensor<2x1x2x2xf32>
  %0 = graph.conv2d %a, %w {pads = array<i64: 1, 1, 0, 0>} : tensor<1x1x4x4xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Unsigned weights of a product (QUInt8, zero point 130): made signed at
// compile time (q - 128), zero point 130 - 128 = 2, whose term is 2 times
// A's row sums; the column sums of the signed weight (-127 + -126 = -253,
// -125 + -124 = -249) times za.
// CHECK-LABEL: func.func @unsigned_weight_product
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[}}-127, -125], [-126, -124]]> : tensor<2x2xi8>
// CHECK-DAG: %[[COLS:.*]] = graph.constant dense<{{\[\[}}-253, -249]]> : tensor<1x2xi32>
// CHECK: graph.matmul %arg0, %[[W]] : tensor<3x2xui8>, tensor<2x2xi8> -> tensor<3x2xi32>
// CHECK: graph.mul %{{.*}}, %[[COLS]]
// CHECK: %[[ROWS:.*]] = graph.reduce_sum %{{.*}} {axes = array<i64: -1>} : tensor<3x2xi32> -> tensor<3x1xi32>
// CHECK: graph.mul %{{.*}}, %[[ROWS]]
func.func @unsigned_weight_product(%qa: tensor<3x2xui8>, %sa: tensor<f32>) -> tensor<3x2xf32> {
  %za = graph.constant dense<3> : tensor<ui8>
  %qb = graph.constant dense<[[1, 3], [2, 4]]> : tensor<2x2xui8>
  %zb = graph.constant dense<130> : tensor<ui8>
  %sb = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<3x2xui8> -> tensor<3x2xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<3x2xf32>, tensor<f32> -> tensor<3x2xf32>
  %a = graph.mul %a1, %sa : tensor<3x2xf32>, tensor<f32> -> tensor<3x2xf32>
  %b0 = graph.cast %qb : tensor<2x2xui8> -> tensor<2x2xf32>
  %zb0 = graph.cast %zb : tensor<ui8> -> tensor<f32>
  %b1 = graph.sub %b0, %zb0 : tensor<2x2xf32>, tensor<f32> -> tensor<2x2xf32>
  %b = graph.mul %b1, %sb : tensor<2x2xf32>, tensor<f32> -> tensor<2x2xf32>
  %0 = graph.matmul %a, %b : tensor<3x2xf32>, tensor<2x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A QDQ depthwise convolution (two groups) of ui8 activations with zero
// point 7: the grouped convolution of signed bytes, qa - 128 with zero
// point 7 - 128 = -121 (the named depthwise op sign-extends both operands),
// padded with -121; less -121 times each filter's sum (9 * 3 = 27, and
// 9 * -2 = -18), scaled by sa * sw.
// CHECK-LABEL: func.func @qdq_depthwise
// CHECK-DAG: %[[SUMS:.*]] = graph.constant dense<{{\[\[\[\[}}27]], {{\[\[}}-18]]]]> : tensor<1x2x1x1xi32>
// CHECK-DAG: %[[OFFSET:.*]] = graph.constant dense<128> : tensor<i32>
// CHECK: %[[WIDE:.*]] = graph.cast %arg0 : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xi32>
// CHECK: %[[SHIFTED:.*]] = graph.sub %[[WIDE]], %[[OFFSET]]
// CHECK: %[[QA:.*]] = graph.cast %[[SHIFTED]] : tensor<1x2x4x4xi32> -> tensor<1x2x4x4xi8>
// CHECK: %[[P:.*]] = graph.pad %[[QA]] {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>, value = -1.210000e+02 : f64} : tensor<1x2x4x4xi8> -> tensor<1x2x6x6xi8>
// CHECK: %[[C:.*]] = graph.conv2d %[[P]], %{{.*}} {groups = 2 : i64} : tensor<1x2x6x6xi8>, tensor<2x1x3x3xi8> -> tensor<1x2x4x4xi32>
// CHECK: graph.mul %{{.*}}, %[[SUMS]]
// CHECK: graph.sub %[[C]]
func.func @qdq_depthwise(%qa: tensor<1x2x4x4xui8>, %sa: tensor<f32>) -> tensor<1x2x4x4xf32> {
  %za = graph.constant dense<7> : tensor<ui8>
  %qw = graph.constant dense<[[[[3, 3, 3], [3, 3, 3], [3, 3, 3]]], [[[-2, -2, -2], [-2, -2, -2], [-2, -2, -2]]]]> : tensor<2x1x3x3xi8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %za0 = graph.cast %za : tensor<ui8> -> tensor<f32>
  %a1 = graph.sub %a0, %za0 : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a1, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x1x3x3xi8> -> tensor<2x1x3x3xf32>
  %w = graph.mul %w0, %sw : tensor<2x1x3x3xf32>, tensor<f32> -> tensor<2x1x3x3xf32>
  %0 = graph.conv2d %a, %w {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// A grouped convolution with a weight zero point stays float.
// CHECK-LABEL: func.func @grouped_weight_zero_point
// CHECK-NOT: xi32>
// CHECK: graph.conv2d {{.*}} : tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x2x2xf32>
func.func @grouped_weight_zero_point(%qa: tensor<1x2x4x4xui8>, %sa: tensor<f32>) -> tensor<1x2x2x2xf32> {
  %qw = graph.constant dense<[[[[3, 3, 3], [3, 3, 3], [3, 3, 3]]], [[[-2, -2, -2], [-2, -2, -2], [-2, -2, -2]]]]> : tensor<2x1x3x3xi8>
  %zw = graph.constant dense<1> : tensor<i8>
  %sw = graph.constant dense<0.5> : tensor<f32>
  %a0 = graph.cast %qa : tensor<1x2x4x4xui8> -> tensor<1x2x4x4xf32>
  %a = graph.mul %a0, %sa : tensor<1x2x4x4xf32>, tensor<f32> -> tensor<1x2x4x4xf32>
  %w0 = graph.cast %qw : tensor<2x1x3x3xi8> -> tensor<2x1x3x3xf32>
  %zw0 = graph.cast %zw : tensor<i8> -> tensor<f32>
  %w1 = graph.sub %w0, %zw0 : tensor<2x1x3x3xf32>, tensor<f32> -> tensor<2x1x3x3xf32>
  %w = graph.mul %w1, %sw : tensor<2x1x3x3xf32>, tensor<f32> -> tensor<2x1x3x3xf32>
  %0 = graph.conv2d %a, %w {groups = 2 : i64} : tensor<1x2x4x4xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
