// The reference evaluator of the NN ops, through graph-fold-constants: each
// op on constant operands folds to one constant. Expected values come from
// hand-written numpy references (convolutions on explicitly padded and
// dilated inputs, transposed convolution as a convolution of the
// zero-stuffed input with flipped weights, pooling over padded arrays with
// count masks), rounded to the element type.
// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s

// A plain 2-D product.
// CHECK-LABEL: func.func @matmul_2d()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}5.000000e+00, 3.000000e+00], [-3.000000e+00, -8.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @matmul_2d() -> tensor<2x2xf32> {
  %c0 = graph.constant dense<[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]]> : tensor<2x3xf32>
  %c1 = graph.constant dense<[[-2.0, 2.0], [-1.0, 3.0], [0.0, -3.0]]> : tensor<3x2xf32>
  %0 = graph.matmul %c0, %c1 : tensor<2x3xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Batch dims broadcast: (2, 1) with (3) gives (2, 3).
// CHECK-LABEL: func.func @matmul_batch_broadcast()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, -8.000000e+00], [1.000000e+00, 3.000000e+00]], {{\[\[}}-5.000000e+00, -3.000000e+00], [1.000000e+00, 5.000000e+00]], {{\[\[}}0.000000e+00, -9.000000e+00], [3.000000e+00, 5.000000e+00]]], {{\[\[\[}}2.000000e+00, 2.000000e+00], [1.000000e+00, -1.200000e+01]], {{\[\[}}2.000000e+00, 2.000000e+00], [-1.100000e+01, 3.000000e+00]], {{\[\[}}2.000000e+00, 2.000000e+00], [4.000000e+00, -9.000000e+00]]]]> : tensor<2x3x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @matmul_batch_broadcast() -> tensor<2x3x2x2xf32> {
  %c0 = graph.constant dense<[[[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]]], [[[0.0, -2.0, 2.0], [-1.0, 3.0, 0.0]]]]> : tensor<2x1x2x3xf32>
  %c1 = graph.constant dense<[[[-1.0, 3.0], [0.0, -3.0], [1.0, -2.0]], [[2.0, 0.0], [-3.0, 1.0], [-2.0, 2.0]], [[-1.0, 3.0], [1.0, -2.0], [2.0, -1.0]]]> : tensor<3x3x2xf32>
  %0 = graph.matmul %c0, %c1 : tensor<2x1x2x3xf32>, tensor<3x3x2xf32> -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}

// -----

// A 1-D lhs is a row vector, its dim is dropped: (3) x (2, 3, 2) -> (2, 2).
// CHECK-LABEL: func.func @matmul_vector_lhs()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}-7.000000e+00, 5.000000e+00], [8.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @matmul_vector_lhs() -> tensor<2x2xf32> {
  %c0 = graph.constant dense<[-3.0, 1.0, -2.0]> : tensor<3xf32>
  %c1 = graph.constant dense<[[[1.0, -2.0], [2.0, -1.0], [3.0, 0.0]], [[-3.0, 2.0], [-1.0, 3.0], [0.0, -3.0]]]> : tensor<2x3x2xf32>
  %0 = graph.matmul %c0, %c1 : tensor<3xf32>, tensor<2x3x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// A 1-D rhs is a column vector: (2, 3) x (3) -> (2).
// CHECK-LABEL: func.func @matmul_vector_rhs()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<[-5.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[R]]
func.func @matmul_vector_rhs() -> tensor<2xf32> {
  %c0 = graph.constant dense<[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]]> : tensor<2x3xf32>
  %c1 = graph.constant dense<[0.0, -3.0, 1.0]> : tensor<3xf32>
  %0 = graph.matmul %c0, %c1 : tensor<2x3xf32>, tensor<3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Two 1-D operands give a 0-D dot product.
// CHECK-LABEL: func.func @matmul_dot()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: return %[[R]]
func.func @matmul_dot() -> tensor<f32> {
  %c0 = graph.constant dense<[-3.0, 1.0, -2.0, 2.0]> : tensor<4xf32>
  %c1 = graph.constant dense<[-1.0, 3.0, 0.0, -3.0]> : tensor<4xf32>
  %0 = graph.matmul %c0, %c1 : tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Products of bytes are exact i32 sums, each operand read with its own
// signedness: 100*2 + 27*1 = 227, -128*2 + 1*1 = -255; ui8 255 is 255.
// CHECK-LABEL: func.func @matmul_i8_into_i32()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}227, 181], [-255, -125]]> : tensor<2x2xi32>
// CHECK-NEXT: %[[U:.*]] = graph.constant dense<{{\[\[}}510, 255]]> : tensor<1x2xi32>
// CHECK-NEXT: return %[[R]], %[[U]]
func.func @matmul_i8_into_i32() -> (tensor<2x2xi32>, tensor<1x2xi32>) {
  %c0 = graph.constant dense<[[100, 27], [-128, 1]]> : tensor<2x2xi8>
  %c1 = graph.constant dense<[[2, 1], [1, 3]]> : tensor<2x2xi8>
  %0 = graph.matmul %c0, %c1 : tensor<2x2xi8>, tensor<2x2xi8> -> tensor<2x2xi32>
  %u = graph.constant dense<[[255]]> : tensor<1x1xui8>
  %w = graph.constant dense<[[2, 1]]> : tensor<1x2xi8>
  %1 = graph.matmul %u, %w : tensor<1x1xui8>, tensor<1x2xi8> -> tensor<1x2xi32>
  return %0, %1 : tensor<2x2xi32>, tensor<1x2xi32>
}

// -----

// f16 accumulates in double and rounds once: 1 + 2^-11 + 2^-11 = 1 + 2^-10
// (rounding after each add would give 1).
// CHECK-LABEL: func.func @matmul_f16_rounds_once()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<1.000980e+00> : tensor<1x1xf16>
// CHECK-NEXT: return %[[R]]
func.func @matmul_f16_rounds_once() -> tensor<1x1xf16> {
  %c0 = graph.constant dense<[[1.0, 1.0, 1.0]]> : tensor<1x3xf16>
  %c1 = graph.constant dense<[[1.0], [0.00048828125], [0.00048828125]]> : tensor<3x1xf16>
  %0 = graph.matmul %c0, %c1 : tensor<1x3xf16>, tensor<3x1xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// -----

// Gemm with trans_a, trans_b, alpha 0.5, beta 2 and a per-column bias:
// A is (K=3, M=2), B is (N=4, K=3).
// CHECK-LABEL: func.func @linear_trans_alpha_beta()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}-5.000000e-01, 3.000000e+00, -2.000000e+00, -3.500000e+00], [-2.500000e+00, 3.000000e+00, 4.000000e+00, -7.500000e+00]]> : tensor<2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @linear_trans_alpha_beta() -> tensor<2x4xf32> {
  %c0 = graph.constant dense<[[-3.0, 1.0], [-2.0, 2.0], [-1.0, 3.0]]> : tensor<3x2xf32>
  %c1 = graph.constant dense<[[-2.0, 2.0, -1.0], [3.0, 0.0, -3.0], [1.0, -1.0, 3.0], [0.0, -3.0, 1.0]]> : tensor<4x3xf32>
  %c2 = graph.constant dense<[-1.0, 3.0, 0.0, -3.0]> : tensor<4xf32>
  %0 = graph.linear %c0, %c1, %c2 {trans_a = true, trans_b = true, alpha = 5.0e-01 : f32, beta = 2.0 : f32} : tensor<3x2xf32>, tensor<4x3xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A (M, 1) bias broadcasts along N.
// CHECK-LABEL: func.func @linear_bias_column()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}1.500000e+01, 1.300000e+01], [1.700000e+01, 1.200000e+01]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @linear_bias_column() -> tensor<2x2xf32> {
  %c0 = graph.constant dense<[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]]> : tensor<2x3xf32>
  %c1 = graph.constant dense<[[-2.0, 2.0], [-1.0, 3.0], [0.0, -3.0]]> : tensor<3x2xf32>
  %c2 = graph.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %0 = graph.linear %c0, %c1, %c2 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x1xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// No bias, trans_b only, alpha -1.
// CHECK-LABEL: func.func @linear_no_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}-1.000000e+01, 3.000000e+00], [9.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @linear_no_bias() -> tensor<2x2xf32> {
  %c0 = graph.constant dense<[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]]> : tensor<2x3xf32>
  %c1 = graph.constant dense<[[-2.0, 2.0, -1.0], [3.0, 0.0, -3.0]]> : tensor<2x3xf32>
  %0 = graph.linear %c0, %c1 {trans_b = true, alpha = -1.0 : f32} : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Integer Gemm with a full (M, N) bias.
// CHECK-LABEL: func.func @linear_i32()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}6, 13], [9, 10]]> : tensor<2x2xi32>
// CHECK-NEXT: return %[[R]]
func.func @linear_i32() -> tensor<2x2xi32> {
  %c0 = graph.constant dense<[[-3, 1], [-2, 2]]> : tensor<2x2xi32>
  %c1 = graph.constant dense<[[0, -3], [1, -2]]> : tensor<2x2xi32>
  %c2 = graph.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %0 = graph.linear %c0, %c1, %c2 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// NCHW, OIHW weights, 3x3 kernel with pads 1: same-size output.
// CHECK-LABEL: func.func @conv2d_nchw_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-8.000000e+00, -2.200000e+01, 1.000000e+01, 6.000000e+00], [1.000000e+00, 1.000000e+01, -2.000000e+00, -2.000000e+01], [0.000000e+00, 2.000000e+00, 1.600000e+01, 1.000000e+01], [0.000000e+00, -5.000000e+00, -1.000000e+00, -4.000000e+00]], {{\[\[}}7.000000e+00, 0.000000e+00, -1.600000e+01, 5.000000e+00], [7.000000e+00, 7.000000e+00, 1.000000e+01, 3.000000e+00], [-4.000000e+00, -1.500000e+01, -1.100000e+01, 5.000000e+00], [8.000000e+00, 1.000000e+00, 1.100000e+01, -7.000000e+00]]]]> : tensor<1x2x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv2d_nchw_pad() -> tensor<1x2x4x4xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0, 1.0, 0.0], [-1.0, -1.0, -2.0, 2.0], [1.0, 0.0, 0.0, -1.0], [-2.0, 2.0, 1.0, 1.0]], [[0.0, -1.0, -2.0, 2.0], [2.0, 1.0, 0.0, -1.0], [-2.0, -2.0, 2.0, 1.0], [0.0, -1.0, -1.0, -2.0]]]]> : tensor<1x2x4x4xf32>
  %c1 = graph.constant dense<[[[[-2.0, 2.0, -1.0], [3.0, 0.0, -3.0], [1.0, -1.0, 3.0]], [[0.0, -3.0, 1.0], [-2.0, 2.0, 0.0], [-3.0, 1.0, -2.0]]], [[[2.0, -1.0, 3.0], [1.0, -2.0, 2.0], [-1.0, 3.0, 0.0]], [[-3.0, 2.0, -1.0], [3.0, 0.0, -3.0], [1.0, -2.0, 3.0]]]]> : tensor<2x2x3x3xf32>
  %0 = graph.conv2d %c0, %c1 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Strides [2, 1], dilations [2, 1], pads [top 1, left 0, bottom 0, right 1].
// CHECK-LABEL: func.func @conv2d_stride_dilation_asym_pads()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-8.000000e+00, 9.000000e+00, -1.000000e+01, 6.000000e+00, -9.000000e+00], [1.300000e+01, -1.200000e+01, 7.000000e+00, -1.300000e+01, 3.000000e+00]]]]> : tensor<1x1x2x5xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv2d_stride_dilation_asym_pads() -> tensor<1x1x2x5xf32> {
  %c0 = graph.constant dense<[[[[-4.0, 0.0, 4.0, -1.0, 3.0], [-2.0, 2.0, -3.0, 1.0, -3.0], [1.0, -4.0, 0.0, 4.0, -1.0], [3.0, -2.0, 2.0, -2.0, 2.0], [-3.0, 1.0, -4.0, 0.0, 4.0]]]]> : tensor<1x1x5x5xf32>
  %c1 = graph.constant dense<[[[[1.0, 2.0], [3.0, -1.0]]]]> : tensor<1x1x2x2xf32>
  %0 = graph.conv2d %c0, %c1 {strides = array<i64: 2, 1>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 0, 0, 1>} : tensor<1x1x5x5xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x5xf32>
  return %0 : tensor<1x1x2x5xf32>
}

// -----

// groups = 2: output channels 0-1 read input channels 0-1, 2-3 read 2-3; with bias.
// CHECK-LABEL: func.func @conv2d_groups_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-7.000000e+00, 7.000000e+00], [-5.000000e+00, 6.000000e+00]], {{\[\[}}-2.000000e+00, 1.000000e+00], [1.000000e+00, -2.000000e+00]], {{\[\[}}-4.500000e+00, -3.500000e+00], [3.500000e+00, 1.850000e+01]], {{\[\[}}-7.000000e+00, 8.000000e+00], [0.000000e+00, 6.000000e+00]]]]> : tensor<1x4x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv2d_groups_bias() -> tensor<1x4x2x2xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0, 1.0], [0.0, -1.0, -1.0], [-2.0, 2.0, 1.0]], [[0.0, 0.0, -1.0], [-2.0, 2.0, 1.0], [1.0, 0.0, -1.0]], [[-2.0, 2.0, 2.0], [1.0, 0.0, -1.0], [-2.0, -2.0, 2.0]], [[1.0, 0.0, -1.0], [-1.0, -2.0, 2.0], [1.0, 0.0, 0.0]]]]> : tensor<1x4x3x3xf32>
  %c1 = graph.constant dense<[[[[0.0, -3.0], [1.0, -2.0]], [[2.0, -1.0], [3.0, 1.0]]], [[[-2.0, 2.0], [-1.0, 3.0]], [[0.0, -3.0], [2.0, -1.0]]], [[[3.0, 0.0], [-3.0, 1.0]], [[-2.0, 3.0], [0.0, -3.0]]], [[[1.0, -2.0], [2.0, -1.0]], [[-3.0, 1.0], [-2.0, 2.0]]]]> : tensor<4x2x2x2xf32>
  %c2 = graph.constant dense<[1.0, -1.0, 0.5, 2.0]> : tensor<4xf32>
  %0 = graph.conv2d %c0, %c1, %c2 {groups = 2 : i64} : tensor<1x4x3x3xf32>, tensor<4x2x2x2xf32>, tensor<4xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

// Depthwise NHWC convolution (groups = channels), OHWI weights, stride 2 with pads.
// CHECK-LABEL: func.func @conv2d_nhwc_depthwise()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00, 0.000000e+00], [0.000000e+00, 2.000000e+00]], {{\[\[}}0.000000e+00, 4.000000e+00], [-2.000000e+00, 5.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv2d_nhwc_depthwise() -> tensor<1x2x2x2xf32> {
  %c0 = graph.constant dense<[[[[-1.0, -2.0], [2.0, 1.0], [0.0, 0.0]], [[-1.0, -2.0], [2.0, 1.0], [1.0, 0.0]], [[-1.0, -2.0], [2.0, 2.0], [1.0, 0.0]]]]> : tensor<1x3x3x2xf32>
  %c1 = graph.constant dense<[[[[-1.0], [3.0]], [[0.0], [-3.0]]], [[[1.0], [-2.0]], [[2.0], [0.0]]]]> : tensor<2x2x2x1xf32>
  %0 = graph.conv2d %c0, %c1 {groups = 2 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 0, 0>, layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32>, tensor<2x2x2x1xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// NHWC with OHWI weights (3 outputs, 2 inputs) and bias.
// CHECK-LABEL: func.func @conv2d_nhwc_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-1.250000e+01, 5.000000e+00, 2.500000e+00], [1.500000e+00, 3.000000e+00, -2.500000e+00]], {{\[\[}}-1.050000e+01, 5.000000e+00, 5.000000e-01], [3.500000e+00, 1.000000e+00, -7.500000e+00]]]]> : tensor<1x2x2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv2d_nhwc_bias() -> tensor<1x2x2x3xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0], [1.0, 0.0], [-1.0, -1.0]], [[-2.0, 2.0], [1.0, 0.0], [0.0, -1.0]], [[-2.0, 2.0], [1.0, 1.0], [0.0, -1.0]]]]> : tensor<1x3x3x2xf32>
  %c1 = graph.constant dense<[[[[1.0, -2.0], [2.0, -1.0]], [[3.0, 0.0], [-3.0, 2.0]]], [[[-1.0, 3.0], [0.0, -3.0]], [[1.0, -2.0], [3.0, 0.0]]], [[[-3.0, 1.0], [-2.0, 2.0]], [[-1.0, -3.0], [1.0, -2.0]]]]> : tensor<3x2x2x2xf32>
  %c2 = graph.constant dense<[0.5, 0.0, -0.5]> : tensor<3xf32>
  %0 = graph.conv2d %c0, %c1, %c2 {layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32>, tensor<3x2x2x2xf32>, tensor<3xf32> -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

// Stride 2, 2x2 kernel: each input pixel writes its own 2x2 block of each output channel.
// CHECK-LABEL: func.func @conv_transpose2d_stride2()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-2.000000e+00, 2.000000e+00, -4.000000e+00, 4.000000e+00], [-1.000000e+00, 3.000000e+00, -2.000000e+00, 6.000000e+00], [-6.000000e+00, 6.000000e+00, -8.000000e+00, 8.000000e+00], [-3.000000e+00, 9.000000e+00, -4.000000e+00, 1.200000e+01]], {{\[\[}}0.000000e+00, -3.000000e+00, 0.000000e+00, -6.000000e+00], [1.000000e+00, -1.000000e+00, 2.000000e+00, -2.000000e+00], [0.000000e+00, -9.000000e+00, 0.000000e+00, -1.200000e+01], [3.000000e+00, -3.000000e+00, 4.000000e+00, -4.000000e+00]]]]> : tensor<1x2x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose2d_stride2() -> tensor<1x2x4x4xf32> {
  %c0 = graph.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %c1 = graph.constant dense<[[[[-2.0, 2.0], [-1.0, 3.0]], [[0.0, -3.0], [1.0, -1.0]]]]> : tensor<1x2x2x2xf32>
  %0 = graph.conv_transpose2d %c0, %c1 {strides = array<i64: 2, 2>} : tensor<1x1x2x2xf32>, tensor<1x2x2x2xf32> -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// -----

// Stride 2, pads 1, output_padding 1: (3 - 1) * 2 + 1 + 3 - 2 = 6; the last row and column
// get only taps that reach them.
// CHECK-LABEL: func.func @conv_transpose2d_pads_output_padding()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-2.000000e+00, -2.000000e+00, 2.000000e+00, -7.000000e+00, 1.000000e+00, -2.000000e+00], [0.000000e+00, 1.100000e+01, -3.000000e+00, -3.000000e+00, -3.000000e+00, -3.000000e+00], [0.000000e+00, 3.000000e+00, -1.000000e+00, 5.000000e+00, -1.000000e+00, 2.000000e+00], [-6.000000e+00, -4.000000e+00, 6.000000e+00, 0.000000e+00, 3.000000e+00, 3.000000e+00], [-2.000000e+00, -2.000000e+00, 2.000000e+00, -7.000000e+00, 1.000000e+00, -2.000000e+00], [0.000000e+00, 1.000000e+01, 0.000000e+00, -4.000000e+00, 0.000000e+00, -3.000000e+00]]]]> : tensor<1x1x6x6xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose2d_pads_output_padding() -> tensor<1x1x6x6xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0, 1.0], [0.0, -1.0, -1.0], [-2.0, 2.0, 1.0]]]]> : tensor<1x1x3x3xf32>
  %c1 = graph.constant dense<[[[[-1.0, 3.0, 0.0], [-3.0, 1.0, -2.0], [2.0, 0.0, -3.0]]]]> : tensor<1x1x3x3xf32>
  %0 = graph.conv_transpose2d %c0, %c1 {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, output_padding = array<i64: 1, 1>} : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32> -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}

// -----

// Dilation 2 spreads the taps: output (2 - 1) + 3 = 4 by (3 - 1) + 3 = 5.
// CHECK-LABEL: func.func @conv_transpose2d_dilation()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-2.000000e+00, 2.000000e+00, 3.000000e+00, -2.000000e+00, -1.000000e+00], [0.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00], [-4.000000e+00, 4.000000e+00, 1.000000e+00, 1.000000e+00, 5.000000e-01], [0.000000e+00, -2.000000e+00, -2.000000e+00, -5.000000e-01, -5.000000e-01]]]]> : tensor<1x1x4x5xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose2d_dilation() -> tensor<1x1x4x5xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0, 1.0], [0.0, -1.0, -1.0]]]]> : tensor<1x1x2x3xf32>
  %c1 = graph.constant dense<[[[[1.0, -1.0], [2.0, 0.5]]]]> : tensor<1x1x2x2xf32>
  %0 = graph.conv_transpose2d %c0, %c1 {dilations = array<i64: 2, 2>} : tensor<1x1x2x3xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x4x5xf32>
  return %0 : tensor<1x1x4x5xf32>
}

// -----

// NHWC, IHWO weights, groups = 2 (4 inputs, 1 output each group), bias.
// CHECK-LABEL: func.func @conv_transpose2d_nhwc_groups_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}5.000000e+00, 0.000000e+00], [3.000000e+00, 8.000000e+00], [5.000000e+00, -8.000000e+00]], {{\[\[}}5.000000e+00, 1.000000e+00], [4.000000e+00, 1.200000e+01], [6.000000e+00, -7.000000e+00]], {{\[\[}}2.000000e+00, 0.000000e+00], [3.000000e+00, 4.000000e+00], [7.000000e+00, 4.000000e+00]]]]> : tensor<1x3x3x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose2d_nhwc_groups_bias() -> tensor<1x3x3x2xf32> {
  %c0 = graph.constant dense<[[[[-2.0, 2.0, 1.0, 0.0], [-1.0, -1.0, -2.0, 2.0]], [[1.0, 0.0, 0.0, -1.0], [-2.0, 2.0, 1.0, 1.0]]]]> : tensor<1x2x2x4xf32>
  %c1 = graph.constant dense<[[[[0.0], [-3.0]], [[1.0], [-2.0]]], [[[2.0], [-1.0]], [[3.0], [1.0]]], [[[-2.0], [2.0]], [[-1.0], [3.0]]], [[[0.0], [-3.0]], [[2.0], [-1.0]]]]> : tensor<4x2x2x1xf32>
  %c2 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.conv_transpose2d %c0, %c1, %c2 {groups = 2 : i64, layout = #graph.layout<nhwc>} : tensor<1x2x2x4xf32>, tensor<4x2x2x1xf32>, tensor<2xf32> -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

// 2x2 windows, stride 2.
// CHECK-LABEL: func.func @max_pool2d_stride2()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}4.000000e+00, 3.000000e+00], [5.000000e+00, 2.000000e+00]], {{\[\[}}5.000000e+00, 2.000000e+00], [5.000000e+00, 2.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_stride2() -> tensor<1x2x2x2xf32> {
  %c0 = graph.constant dense<[[[[-5.0, -1.0, 3.0, -4.0], [0.0, 4.0, -3.0, 1.0], [5.0, -2.0, 2.0, -4.0], [0.0, 4.0, -3.0, 1.0]], [[5.0, -2.0, 2.0, -5.0], [-1.0, 3.0, -3.0, 1.0], [5.0, -2.0, 2.0, -5.0], [-1.0, 3.0, -4.0, 0.0]]]]> : tensor<1x2x4x4xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// All inputs negative: the padded zeros must never win.
// CHECK-LABEL: func.func @max_pool2d_pads_negative()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-1.000000e+00, -2.000000e+00], [-5.000000e+00, -6.000000e+00]]]]> : tensor<1x1x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_pads_negative() -> tensor<1x1x2x2xf32> {
  %c0 = graph.constant dense<[[[[-1.0, -2.0, -3.0, -4.0], [-5.0, -6.0, -7.0, -8.0], [-9.0, -10.0, -11.0, -12.0], [-13.0, -14.0, -15.0, -16.0]]]]> : tensor<1x1x4x4xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// Dilation 2 with a 2x2 kernel takes taps two apart.
// CHECK-LABEL: func.func @max_pool2d_dilation()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00, 6.000000e+00, 3.000000e+00], [3.000000e+00, 5.000000e+00, 6.000000e+00], [5.000000e+00, 1.000000e+00, 5.000000e+00]]]]> : tensor<1x1x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_dilation() -> tensor<1x1x3x3xf32> {
  %c0 = graph.constant dense<[[[[-6.0, -2.0, 2.0, 6.0, -3.0], [1.0, 5.0, -4.0, 0.0, 4.0], [-5.0, -1.0, 3.0, -5.0, -1.0], [3.0, -6.0, -2.0, 2.0, 6.0], [-3.0, 1.0, 5.0, -4.0, 0.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// ceil_mode: (5 - 2) / 2 rounds up to 2, so 3 windows; the last one overhangs the input.
// CHECK-LABEL: func.func @max_pool2d_ceil_mode()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}4.000000e+00, 5.000000e+00, 0.000000e+00], [6.000000e+00, 6.000000e+00, 2.000000e+00], [4.000000e+00, -1.000000e+00, 3.000000e+00]]]]> : tensor<1x1x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_ceil_mode() -> tensor<1x1x3x3xf32> {
  %c0 = graph.constant dense<[[[[-3.0, 1.0, 5.0, -4.0, 0.0], [4.0, -5.0, -1.0, 3.0, -6.0], [-2.0, 2.0, 6.0, -2.0, 2.0], [6.0, -3.0, 1.0, 5.0, -4.0], [0.0, 4.0, -5.0, -1.0, 3.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// ceil_mode where the last height window would start in the end padding
// (pads [0, 0, 2, 0]: (4 + 2 - 3) / 2 rounds up to 2, but a window at row 4
// starts past the input): it is dropped, leaving 2 rows.
// CHECK-LABEL: func.func @max_pool2d_ceil_mode_drops_window()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}6.000000e+00, 4.000000e+00], [5.000000e+00, 4.000000e+00]]]]> : tensor<1x1x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_ceil_mode_drops_window() -> tensor<1x1x2x2xf32> {
  %c0 = graph.constant dense<[[[[-1.0, 3.0, -6.0, -2.0], [2.0, 6.0, -3.0, 1.0], [5.0, -4.0, 0.0, 4.0], [-5.0, 0.0, 4.0, -5.0]]]]> : tensor<1x1x4x4xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 2, 0>, ceil_mode = true} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// NHWC: channels last.
// CHECK-LABEL: func.func @max_pool2d_nhwc()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}5.000000e+00, 5.000000e+00], [5.000000e+00, 5.000000e+00]], {{\[\[}}4.000000e+00, 5.000000e+00], [4.000000e+00, 5.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_nhwc() -> tensor<1x2x2x2xf32> {
  %c0 = graph.constant dense<[[[[-3.0, 1.0], [5.0, -2.0], [2.0, -5.0], [-1.0, 3.0]], [[-4.0, 0.0], [4.0, -2.0], [2.0, -5.0], [-1.0, 3.0]], [[-4.0, 0.0], [4.0, -3.0], [1.0, 5.0], [-1.0, 3.0]], [[-4.0, 0.0], [4.0, -3.0], [1.0, 5.0], [-2.0, 2.0]]]]> : tensor<1x4x4x2xf32>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 3, 3>, layout = #graph.layout<nhwc>} : tensor<1x4x4x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Pads 1, count_include_pad false: corners average 4 inputs, edges 6.
// CHECK-LABEL: func.func @avg_pool2d_exclude_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}2.500000e+00, 3.000000e+00, 4.000000e+00, 4.500000e+00], [4.500000e+00, 5.000000e+00, 6.000000e+00, 6.500000e+00], [8.500000e+00, 9.000000e+00, 1.000000e+01, 1.050000e+01], [1.050000e+01, 1.100000e+01, 1.200000e+01, 1.250000e+01]]]]> : tensor<1x1x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_exclude_pad() -> tensor<1x1x4x4xf32> {
  %c0 = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]]]> : tensor<1x1x4x4xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// Pads 1, count_include_pad: every window divides by 9.
// CHECK-LABEL: func.func @avg_pool2d_include_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}1.11111116, 2.000000e+00, 2.66666675, 2.000000e+00], [3.000000e+00, 5.000000e+00, 6.000000e+00, 4.33333349], [5.66666651, 9.000000e+00, 1.000000e+01, 7.000000e+00], [4.66666651, 7.33333349, 8.000000e+00, 5.55555534]]]]> : tensor<1x1x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_include_pad() -> tensor<1x1x4x4xf32> {
  %c0 = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]]]> : tensor<1x1x4x4xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : tensor<1x1x4x4xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// ceil_mode without count_include_pad: the overhanging last windows average
// only their input cells.
// CHECK-LABEL: func.func @avg_pool2d_ceil_exclude_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00, 5.000000e+00, 6.500000e+00], [1.300000e+01, 1.500000e+01, 1.650000e+01], [2.050000e+01, 2.250000e+01, 2.400000e+01]]]]> : tensor<1x1x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_ceil_exclude_pad() -> tensor<1x1x3x3xf32> {
  %c0 = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0, 24.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// ceil_mode with count_include_pad and pads 1: the padded input spans rows and
// columns -1..6; windows start at -1, 1, 3, 5, and the last covers 5..7, where 6
// is padding and counts but 7 lies past the padded input and does not: the
// bottom-right window divides 35 by 2 * 2 = 4.
// CHECK-LABEL: func.func @avg_pool2d_ceil_include_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}1.55555558, 3.33333325, 4.66666651, 2.66666675], [8.33333301, 1.400000e+01, 1.600000e+01, 8.500000e+00], [16.333334, 2.600000e+01, 2.800000e+01, 1.450000e+01], [10.166667, 1.600000e+01, 1.700000e+01, 8.750000e+00]]]]> : tensor<1x1x4x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_ceil_include_pad() -> tensor<1x1x4x4xf32> {
  %c0 = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0, 28.0, 29.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0]]]]> : tensor<1x1x6x6xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true, ceil_mode = true} : tensor<1x1x6x6xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

// The same dropped window for avg_pool2d; with count_include_pad the second row
// of windows covers rows 2, 3 and padding row 4, so divides by 3 * 3.
// CHECK-LABEL: func.func @avg_pool2d_ceil_mode_drops_window()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}5.000000e+00, 6.500000e+00], [7.33333349, 8.33333301]]]]> : tensor<1x1x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_ceil_mode_drops_window() -> tensor<1x1x2x2xf32> {
  %c0 = graph.constant dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]]]> : tensor<1x1x4x4xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 2, 0>, count_include_pad = true, ceil_mode = true} : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// NHWC, 2x2 windows, stride 1.
// CHECK-LABEL: func.func @avg_pool2d_nhwc()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-7.500000e-01, 0.000000e+00], [5.000000e-01, 1.000000e+00]], {{\[\[}}-5.000000e-01, 2.500000e-01], [1.000000e+00, -2.500000e-01]]]]> : tensor<1x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_nhwc() -> tensor<1x2x2x2xf32> {
  %c0 = graph.constant dense<[[[[-3.0, 1.0], [-2.0, 2.0], [-1.0, 3.0]], [[0.0, -2.0], [2.0, -1.0], [3.0, 0.0]], [[-3.0, 1.0], [-1.0, 3.0], [0.0, -3.0]]]]> : tensor<1x3x3x2xf32>
  %0 = graph.avg_pool2d %c0 {kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// The mean over H and W per (n, c).
// CHECK-LABEL: func.func @global_avg_pool_nchw()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-5.000000e-01]], {{\[\[}}-0.166666672]]], {{\[\[\[}}0.833333313]], {{\[\[}}-5.000000e-01]]]]> : tensor<2x2x1x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_avg_pool_nchw() -> tensor<2x2x1x1xf32> {
  %c0 = graph.constant dense<[[[[-5.0, -1.0, 3.0], [-4.0, 0.0, 4.0]], [[-3.0, 1.0, 5.0], [-2.0, 2.0, -4.0]]], [[[0.0, 4.0, -3.0], [1.0, 5.0, -2.0]], [[2.0, -5.0, -1.0], [3.0, -3.0, 1.0]]]]> : tensor<2x2x2x3xf32>
  %0 = graph.global_avg_pool %c0 : tensor<2x2x2x3xf32> -> tensor<2x2x1x1xf32>
  return %0 : tensor<2x2x1x1xf32>
}

// -----

// The same data read as NHWC: the mean over dims 1 and 2.
// CHECK-LABEL: func.func @global_avg_pool_nhwc()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-3.500000e+00, 5.000000e-01, 2.000000e+00]]], {{\[\[\[}}1.500000e+00, 2.500000e-01, -1.250000e+00]]]]> : tensor<2x1x1x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_avg_pool_nhwc() -> tensor<2x1x1x3xf32> {
  %c0 = graph.constant dense<[[[[-5.0, -1.0, 3.0], [-4.0, 0.0, 4.0]], [[-3.0, 1.0, 5.0], [-2.0, 2.0, -4.0]]], [[[0.0, 4.0, -3.0], [1.0, 5.0, -2.0]], [[2.0, -5.0, -1.0], [3.0, -3.0, 1.0]]]]> : tensor<2x2x2x3xf32>
  %0 = graph.global_avg_pool %c0 {layout = #graph.layout<nhwc>} : tensor<2x2x2x3xf32> -> tensor<2x1x1x3xf32>
  return %0 : tensor<2x1x1x3xf32>
}

// -----

// The maximum over H and W per (n, c).
// CHECK-LABEL: func.func @global_max_pool_nchw()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}4.000000e+00]], {{\[\[}}5.000000e+00]]], {{\[\[\[}}5.000000e+00]], {{\[\[}}3.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_max_pool_nchw() -> tensor<2x2x1x1xf32> {
  %c0 = graph.constant dense<[[[[-5.0, -1.0, 3.0], [-4.0, 0.0, 4.0]], [[-3.0, 1.0, 5.0], [-2.0, 2.0, -4.0]]], [[[0.0, 4.0, -3.0], [1.0, 5.0, -2.0]], [[2.0, -5.0, -1.0], [3.0, -3.0, 1.0]]]]> : tensor<2x2x2x3xf32>
  %0 = graph.global_max_pool %c0 : tensor<2x2x2x3xf32> -> tensor<2x2x1x1xf32>
  return %0 : tensor<2x2x1x1xf32>
}

// -----

// NHWC: the maximum over dims 1 and 2.
// CHECK-LABEL: func.func @global_max_pool_nhwc()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-2.000000e+00, 2.000000e+00, 5.000000e+00]]], {{\[\[\[}}3.000000e+00, 5.000000e+00, 1.000000e+00]]]]> : tensor<2x1x1x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_max_pool_nhwc() -> tensor<2x1x1x3xf32> {
  %c0 = graph.constant dense<[[[[-5.0, -1.0, 3.0], [-4.0, 0.0, 4.0]], [[-3.0, 1.0, 5.0], [-2.0, 2.0, -4.0]]], [[[0.0, 4.0, -3.0], [1.0, 5.0, -2.0]], [[2.0, -5.0, -1.0], [3.0, -3.0, 1.0]]]]> : tensor<2x2x2x3xf32>
  %0 = graph.global_max_pool %c0 {layout = #graph.layout<nhwc>} : tensor<2x2x2x3xf32> -> tensor<2x1x1x3xf32>
  return %0 : tensor<2x1x1x3xf32>
}

// -----

// Channel axis 1, epsilon 0: scale * (x - mean) / sqrt(var) + bias.
// CHECK-LABEL: func.func @batch_norm_nchw()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-2.500000e+00, 1.500000e+00], [-1.500000e+00, 2.500000e+00]], {{\[\[}}-1.000000e+00, 3.000000e+00], [0.000000e+00, -2.000000e+00]]]]> : tensor<1x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @batch_norm_nchw() -> tensor<1x2x2x2xf32> {
  %c0 = graph.constant dense<[[[[-3.0, 1.0], [-2.0, 2.0]], [[-1.0, 3.0], [0.0, -2.0]]]]> : tensor<1x2x2x2xf32>
  %c1 = graph.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %c2 = graph.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %c3 = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %c4 = graph.constant dense<[4.0, 0.25]> : tensor<2xf32>
  %0 = graph.batch_norm %c0, %c1, %c2, %c3, %c4 {epsilon = 0.0 : f32} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// Channel axis -1 of a rank-3 input, default epsilon.
// CHECK-LABEL: func.func @batch_norm_axis_last()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[}}-3.999980e+00, 2.414210e+00, 0.267952085], [0.999994993, -0.414210021, 8.92819214]], {{\[\[}}-0.999994993, -1.828420e+00, 7.19614363], [-1.999990e+00, 5.242630e+00, 3.73204803]]]> : tensor<2x2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @batch_norm_axis_last() -> tensor<2x2x3xf32> {
  %c0 = graph.constant dense<[[[-3.0, 1.0, -2.0], [2.0, -1.0, 3.0]], [[0.0, -2.0, 2.0], [-1.0, 3.0, 0.0]]]> : tensor<2x2x3xf32>
  %c1 = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %c2 = graph.constant dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  %c3 = graph.constant dense<[1.0, 0.0, -1.0]> : tensor<3xf32>
  %c4 = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = graph.batch_norm %c0, %c1, %c2, %c3, %c4 {axis = -1 : i64} : tensor<2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

// Normalize each row (axis -1), with scale and bias.
// CHECK-LABEL: func.func @layer_norm_last_axis()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}-1.31055534, 1.17474067, 7.426480e-01, -0.737888932], [1.17669594, -0.568927884, 0.392231971, 0.176695913]]> : tensor<2x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @layer_norm_last_axis() -> tensor<2x4xf32> {
  %c0 = graph.constant dense<[[-4.0, 0.0, 4.0, -1.0], [3.0, -2.0, 2.0, -3.0]]> : tensor<2x4xf32>
  %c1 = graph.constant dense<[1.0, 2.0, 0.5, -1.0]> : tensor<4xf32>
  %c2 = graph.constant dense<[0.0, 1.0, 0.0, -1.0]> : tensor<4xf32>
  %0 = graph.layer_norm %c0, %c1, %c2 : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Normalize over dims [1, 3) with a (1, 3) scale broadcast over the (2, 3)
// slice, epsilon 0.1, no bias.
// CHECK-LABEL: func.func @layer_norm_axis1_broadcast()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[}}-0.857388735, 2.02655506, -1.16916645], [1.48094416, 0.155888855, -3.97516584]], {{\[\[}}0.440909564, -1.23454678, 4.49727774], [-0.0881819128, -3.35091281, 1.32272875]]]> : tensor<2x2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @layer_norm_axis1_broadcast() -> tensor<2x2x3xf32> {
  %c0 = graph.constant dense<[[[-2.0, 2.0, -1.0], [3.0, 0.0, -3.0]], [[1.0, -1.0, 3.0], [0.0, -3.0, 1.0]]]> : tensor<2x2x3xf32>
  %c1 = graph.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %0 = graph.layer_norm %c0, %c1 {axis = 1 : i64, epsilon = 1.000000e-01 : f32} : tensor<2x2x3xf32>, tensor<1x3xf32> -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

// Softmax of each row.
// CHECK-LABEL: func.func @softmax_last_axis()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}0.0900305733, 0.244728476, 0.665240943], [0.333333343, 0.333333343, 0.333333343]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @softmax_last_axis() -> tensor<2x3xf32> {
  %c0 = graph.constant dense<[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %0 = graph.softmax %c0 : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Along axis 0 with large values: stable (no overflow to inf / inf).
// CHECK-LABEL: func.func @softmax_axis0_large()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}0.268941432, 5.000000e-01], [0.731058597, 5.000000e-01]]> : tensor<2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @softmax_axis0_large() -> tensor<2x2xf32> {
  %c0 = graph.constant dense<[[1000.0, 0.0], [1001.0, 0.0]]> : tensor<2x2xf32>
  %0 = graph.softmax %c0 {axis = 0 : i64} : tensor<2x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// log_softmax is stable too: -2000 stays finite.
// CHECK-LABEL: func.func @log_softmax_last_axis()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[}}-2.40760589, -1.40760601, -0.407605976], [-2.000000e+03, -1.000000e+03, 0.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @log_softmax_last_axis() -> tensor<2x3xf32> {
  %c0 = graph.constant dense<[[1.0, 2.0, 3.0], [-1000.0, 0.0, 1000.0]]> : tensor<2x3xf32>
  %0 = graph.log_softmax %c0 : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// log_softmax along the middle axis.
// CHECK-LABEL: func.func @log_softmax_middle_axis()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[}}-3.16984606, -0.169846013], [-0.169846013, -2.16984606], [-2.16984606, -3.16984606]], {{\[\[}}-3.34901214, -0.169846013], [-0.349012226, -2.16984606], [-1.34901226, -3.16984606]]]> : tensor<2x3x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @log_softmax_middle_axis() -> tensor<2x3x2xf32> {
  %c0 = graph.constant dense<[[[-2.0, 2.0], [1.0, 0.0], [-1.0, -1.0]], [[-2.0, 2.0], [1.0, 0.0], [0.0, -1.0]]]> : tensor<2x3x2xf32>
  %0 = graph.log_softmax %c0 {axis = 1 : i64} : tensor<2x3x2xf32> -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// -----

// A non-constant operand: nothing to evaluate, the op stays.
// CHECK-LABEL: func.func @conv2d_not_constant
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK: return %[[C]]
func.func @conv2d_not_constant(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %w = graph.constant dense<1.0> : tensor<1x1x2x2xf32>
  %0 = graph.conv2d %x, %w : tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_not_constant
// CHECK: %[[M:.*]] = graph.matmul
// CHECK: return %[[M]]
func.func @matmul_not_constant(%b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %a = graph.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %0 = graph.matmul %a, %b : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// A dynamic result type: the evaluator needs a static result, the op stays.
// CHECK-LABEL: func.func @softmax_dynamic_result
// CHECK: %[[S:.*]] = graph.softmax
// CHECK: return %[[S]]
func.func @softmax_dynamic_result() -> tensor<?xf32> {
  %x = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.softmax %x : tensor<2xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// NaN propagates through max pooling (as in PyTorch), whatever its position.
// CHECK-LABEL: func.func @max_pool2d_nan
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}0x7FC00000]], {{\[\[}}4.000000e+00]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_nan() -> tensor<1x2x1x1xf32> {
  %x = graph.constant dense<[[[[1.0, 0x7FC00000], [3.0, 2.0]], [[4.0, 1.0], [0.0, -1.0]]]]> : tensor<1x2x2x2xf32>
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 2, 2>} : tensor<1x2x2x2xf32> -> tensor<1x2x1x1xf32>
  return %0 : tensor<1x2x1x1xf32>
}

// -----

// 3-D convolutions and pooling, and global pooling of 1-D and 3-D images.
// Expected values from torch.nn.functional (conv3d, conv_transpose3d,
// max_pool3d, avg_pool3d; asymmetric pads applied with F.pad, or cropped
// from the transposed convolution's output) and numpy (means, maxima).

// conv3d: asymmetric pads, strides and dilations, and a bias.
// CHECK-LABEL: func.func @conv3d_pads_strides_dilation_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}-8.500000e+00, 5.000000e-01], [6.500000e+00, 1.150000e+01], [-3.500000e+00, -5.500000e+00]], {{\[\[}}5.000000e-01, -1.250000e+01], [1.450000e+01, 1.050000e+01], [1.650000e+01, -2.850000e+01]]], {{\[\[\[}}-1.100000e+01, 1.600000e+01], [-5.000000e+00, -3.000000e+00], [-1.500000e+01, 1.200000e+01]], {{\[\[}}-1.600000e+01, -7.000000e+00], [1.100000e+01, -3.000000e+00], [-1.600000e+01, 6.000000e+00]]]]]> : tensor<1x2x2x3x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv3d_pads_strides_dilation_bias() -> tensor<1x2x2x3x2xf32> {
  %x = graph.constant dense<[[[[[1.0, -2.0, 3.0, 0.0], [0.0, 1.0, -2.0, 3.0], [-3.0, -2.0, 3.0, -1.0], [-1.0, -3.0, 3.0, 1.0]], [[-3.0, 1.0, -3.0, 0.0], [-1.0, 3.0, 0.0, 1.0], [1.0, 2.0, -3.0, -3.0], [2.0, -3.0, 0.0, 2.0]], [[-3.0, -1.0, -3.0, -2.0], [3.0, 3.0, 1.0, 3.0], [-2.0, 0.0, 0.0, -3.0], [0.0, -3.0, -2.0, -3.0]]], [[[-3.0, 3.0, 2.0, 1.0], [1.0, 1.0, -1.0, -2.0], [0.0, -3.0, 2.0, 1.0], [-3.0, 2.0, 1.0, 0.0]], [[-2.0, 0.0, 0.0, 0.0], [-2.0, 0.0, 0.0, 1.0], [0.0, -2.0, 0.0, 3.0], [-2.0, 2.0, -2.0, 2.0]], [[-2.0, -1.0, 0.0, -1.0], [-1.0, 2.0, 0.0, 0.0], [-1.0, -3.0, 1.0, 2.0], [0.0, -2.0, -2.0, 1.0]]]]]> : tensor<1x2x3x4x4xf32>
  %w = graph.constant dense<[[[[[0.0, 3.0], [3.0, 1.0]], [[1.0, 2.0], [1.0, 0.0]]], [[[0.0, -3.0], [1.0, 0.0]], [[-3.0, -1.0], [-1.0, 3.0]]]], [[[[0.0, 2.0], [-1.0, 0.0]], [[2.0, 1.0], [1.0, 2.0]]], [[[-3.0, 3.0], [3.0, 2.0]], [[3.0, 2.0], [1.0, 0.0]]]]]> : tensor<2x2x2x2x2xf32>
  %b = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %0 = graph.conv3d %x, %w, %b {dilations = array<i64: 1, 2, 1>, pads = array<i64: 1, 0, 0, 0, 1, 1>, strides = array<i64: 2, 1, 2>} : tensor<1x2x3x4x4xf32>, tensor<2x2x2x2x2xf32>, tensor<2xf32> -> tensor<1x2x2x3x2xf32>
  return %0 : tensor<1x2x2x3x2xf32>
}

// -----

// conv3d: two groups of two input and three output channels.
// CHECK-LABEL: func.func @conv3d_groups()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}3.000000e+00, 2.000000e+00], [1.000000e+01, -5.000000e+00]], {{\[\[}}-2.000000e+00, 1.900000e+01], [-3.000000e+01, 5.000000e+00]]], {{\[\[\[}}4.000000e+00, -6.000000e+00], [-7.000000e+00, 4.000000e+00]], {{\[\[}}1.000000e+01, -1.100000e+01], [3.000000e+00, -9.000000e+00]]], {{\[\[\[}}-4.000000e+00, -4.000000e+00], [2.000000e+00, -5.000000e+00]], {{\[\[}}1.100000e+01, 3.000000e+00], [1.000000e+01, -8.000000e+00]]], {{\[\[\[}}1.200000e+01, -1.700000e+01], [1.900000e+01, -2.800000e+01]], {{\[\[}}1.800000e+01, -3.000000e+00], [-1.400000e+01, 1.200000e+01]]], {{\[\[\[}}-5.000000e+00, 2.000000e+00], [-1.000000e+01, 8.000000e+00]], {{\[\[}}0.000000e+00, 0.000000e+00], [2.000000e+00, -1.400000e+01]]], {{\[\[\[}}1.100000e+01, 3.000000e+00], [-2.000000e+00, 2.000000e+00]], {{\[\[}}-1.100000e+01, 2.000000e+00], [0.000000e+00, -6.000000e+00]]]]]> : tensor<1x6x2x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv3d_groups() -> tensor<1x6x2x2x2xf32> {
  %x = graph.constant dense<[[[[[-2.0, -1.0, 2.0], [1.0, 1.0, -2.0], [-2.0, 2.0, -1.0]], [[-3.0, 1.0, 3.0], [3.0, -1.0, 1.0], [3.0, -3.0, -1.0]]], [[[0.0, -1.0, 3.0], [1.0, -2.0, 2.0], [3.0, -1.0, -2.0]], [[2.0, -2.0, 3.0], [1.0, -2.0, -3.0], [1.0, 3.0, 2.0]]], [[[-2.0, 2.0, 1.0], [0.0, 1.0, -2.0], [0.0, 3.0, -3.0]], [[-2.0, 2.0, 2.0], [3.0, 0.0, 1.0], [-3.0, 0.0, -2.0]]], [[[1.0, 1.0, 2.0], [1.0, 2.0, -1.0], [-2.0, 3.0, 0.0]], [[0.0, -1.0, 1.0], [-3.0, 2.0, 0.0], [2.0, -3.0, 2.0]]]]]> : tensor<1x4x2x3x3xf32>
  %w = graph.constant dense<[[[[[-2.0, 2.0], [-3.0, 1.0]]], [[[0.0, 3.0], [2.0, -2.0]]]], [[[[-1.0, -3.0], [-1.0, -3.0]]], [[[3.0, -1.0], [-2.0, -2.0]]]], [[[[2.0, 2.0], [0.0, -2.0]]], [[[3.0, -3.0], [-3.0, -2.0]]]], [[[[-2.0, 3.0], [-2.0, 2.0]]], [[[0.0, -1.0], [-3.0, 2.0]]]], [[[[-1.0, -1.0], [3.0, 1.0]]], [[[-1.0, 0.0], [1.0, -3.0]]]], [[[[-2.0, 1.0], [-2.0, 1.0]]], [[[3.0, 0.0], [3.0, -1.0]]]]]> : tensor<6x2x1x2x2xf32>
  %0 = graph.conv3d %x, %w {groups = 2 : i64} : tensor<1x4x2x3x3xf32>, tensor<6x2x1x2x2xf32> -> tensor<1x6x2x2x2xf32>
  return %0 : tensor<1x6x2x2x2xf32>
}

// -----

// conv3d: depthwise (groups = channels), begin pads only.
// CHECK-LABEL: func.func @conv3d_depthwise()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}1.000000e+00, -3.000000e+00, -1.000000e+00], [2.000000e+00, -2.000000e+00, -1.700000e+01]], {{\[\[}}-5.000000e+00, 1.000000e+01, -1.000000e+00], [-4.000000e+00, -1.200000e+01, 4.000000e+00]]], {{\[\[\[}}-9.000000e+00, -9.000000e+00, 6.000000e+00], [-3.000000e+00, 6.000000e+00, -9.000000e+00]], {{\[\[}}3.000000e+00, 0.000000e+00, -1.400000e+01], [-1.400000e+01, 1.000000e+00, 1.000000e+01]]]]]> : tensor<1x2x2x2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv3d_depthwise() -> tensor<1x2x2x2x3xf32> {
  %x = graph.constant dense<[[[[[1.0, -2.0, -3.0], [-1.0, 1.0, -3.0]], [[-3.0, 1.0, -2.0], [3.0, -3.0, -1.0]]], [[[-3.0, 0.0, 2.0], [2.0, -3.0, -2.0]], [[0.0, -1.0, -3.0], [-3.0, 1.0, 2.0]]]]]> : tensor<1x2x2x2x3xf32>
  %w = graph.constant dense<[[[[[1.0, 0.0], [2.0, -2.0]], [[2.0, 3.0], [-1.0, 1.0]]]], [[[[-3.0, 1.0], [-1.0, -1.0]], [[-3.0, 3.0], [3.0, 3.0]]]]]> : tensor<2x1x2x2x2xf32>
  %0 = graph.conv3d %x, %w {groups = 2 : i64, pads = array<i64: 1, 1, 1, 0, 0, 0>} : tensor<1x2x2x2x3xf32>, tensor<2x1x2x2x2xf32> -> tensor<1x2x2x2x3xf32>
  return %0 : tensor<1x2x2x2x3xf32>
}

// -----

// conv_transpose3d: strides, asymmetric pads, output_padding, two groups and a bias.
// CHECK-LABEL: func.func @conv_transpose3d_groups_bias()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]], {{\[\[}}5.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]], {{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]], {{\[\[}}-3.000000e+00, 1.000000e+00, 5.000000e+00, 1.000000e+00, 1.000000e+00]]], {{\[\[\[}}-9.500000e+00, -9.500000e+00, -5.000000e-01, -5.000000e-01, -5.000000e-01]], {{\[\[}}-3.500000e+00, 8.500000e+00, -5.000000e-01, -5.000000e-01, -5.000000e-01]], {{\[\[}}-6.500000e+00, -6.500000e+00, -3.500000e+00, -3.500000e+00, -5.000000e-01]], {{\[\[}}-2.500000e+00, 5.500000e+00, -1.500000e+00, 2.500000e+00, -5.000000e-01]]]]]> : tensor<1x2x4x1x5xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose3d_groups_bias() -> tensor<1x2x4x1x5xf32> {
  %x = graph.constant dense<[[[[[2.0, 0.0]], [[-2.0, 2.0]]], [[[-3.0, 0.0]], [[-2.0, -1.0]]]]]> : tensor<1x2x2x1x2xf32>
  %w = graph.constant dense<[[[[[-3.0, -2.0], [0.0, 0.0]], [[1.0, 3.0], [2.0, 0.0]]]], [[[[-2.0, 2.0], [3.0, 3.0]], [[1.0, 0.0], [1.0, -3.0]]]]]> : tensor<2x1x2x2x2xf32>
  %b = graph.constant dense<[1.0, -0.5]> : tensor<2xf32>
  %0 = graph.conv_transpose3d %x, %w, %b {groups = 2 : i64, output_padding = array<i64: 1, 0, 1>, pads = array<i64: 0, 1, 0, 1, 0, 0>, strides = array<i64: 2, 1, 2>} : tensor<1x2x2x1x2xf32>, tensor<2x1x2x2x2xf32>, tensor<2xf32> -> tensor<1x2x4x1x5xf32>
  return %0 : tensor<1x2x4x1x5xf32>
}

// -----

// conv_transpose3d: dilation 2 in depth.
// CHECK-LABEL: func.func @conv_transpose3d_dilation()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}-2.000000e+00, 0.000000e+00], [-1.000000e+00, 0.000000e+00]], {{\[\[}}-1.000000e+00, 0.000000e+00], [-3.000000e+00, 0.000000e+00]], {{\[\[}}4.000000e+00, 6.000000e+00], [2.000000e+00, 3.000000e+00]], {{\[\[}}2.000000e+00, 3.000000e+00], [6.000000e+00, 9.000000e+00]]], {{\[\[\[}}-2.000000e+00, -6.000000e+00], [-1.000000e+00, -3.000000e+00]], {{\[\[}}-1.000000e+00, -3.000000e+00], [-3.000000e+00, -9.000000e+00]], {{\[\[}}4.000000e+00, -6.000000e+00], [2.000000e+00, -3.000000e+00]], {{\[\[}}2.000000e+00, -3.000000e+00], [6.000000e+00, -9.000000e+00]]]]]> : tensor<1x2x4x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @conv_transpose3d_dilation() -> tensor<1x2x4x2x2xf32> {
  %x = graph.constant dense<[[[[[-2.0], [-1.0]], [[-1.0], [-3.0]]]]]> : tensor<1x1x2x2x1xf32>
  %w = graph.constant dense<[[[[[1.0, 0.0]], [[-2.0, -3.0]]], [[[1.0, 3.0]], [[-2.0, 3.0]]]]]> : tensor<1x2x2x1x2xf32>
  %0 = graph.conv_transpose3d %x, %w {dilations = array<i64: 2, 1, 1>} : tensor<1x1x2x2x1xf32>, tensor<1x2x2x1x2xf32> -> tensor<1x2x4x2x2xf32>
  return %0 : tensor<1x2x4x2x2xf32>
}

// -----

// max_pool3d: pads, strides, a dilation and ceil_mode.
// CHECK-LABEL: func.func @max_pool3d_ceil_dilation()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}9.000000e+00, 9.000000e+00, 9.000000e+00], [9.000000e+00, 9.000000e+00, 9.000000e+00]], {{\[\[}}5.000000e+00, 7.000000e+00, 7.000000e+00], [3.000000e+00, 7.000000e+00, 7.000000e+00]], {{\[\[}}6.000000e+00, 6.000000e+00, 6.000000e+00], [8.000000e+00, 8.000000e+00, 8.000000e+00]]], {{\[\[\[}}6.000000e+00, 6.000000e+00, 6.000000e+00], [-1.000000e+00, 8.000000e+00, 8.000000e+00]], {{\[\[}}9.000000e+00, 9.000000e+00, 9.000000e+00], [9.000000e+00, 9.000000e+00, 9.000000e+00]], {{\[\[}}9.000000e+00, 9.000000e+00, 9.000000e+00], [9.000000e+00, 9.000000e+00, 9.000000e+00]]]]]> : tensor<1x2x3x2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @max_pool3d_ceil_dilation() -> tensor<1x2x3x2x3xf32> {
  %x = graph.constant dense<[[[[[-7.0, 3.0, -5.0], [3.0, 2.0, 8.0], [9.0, 9.0, 9.0], [-4.0, -2.0, -4.0], [-4.0, -3.0, 7.0]], [[1.0, 5.0, -5.0], [5.0, -3.0, 4.0], [-7.0, 3.0, 7.0], [5.0, -4.0, -1.0], [0.0, 3.0, -2.0]], [[5.0, -3.0, -7.0], [-4.0, 8.0, 5.0], [0.0, -6.0, 6.0], [-9.0, -6.0, -3.0], [-9.0, -8.0, -7.0]], [[2.0, 6.0, 2.0], [-5.0, -1.0, 4.0], [2.0, -2.0, -2.0], [-2.0, 4.0, 9.0], [-6.0, 8.0, -8.0]]], [[[-1.0, 6.0, 1.0], [9.0, 8.0, -2.0], [-9.0, -1.0, 4.0], [3.0, 8.0, -7.0], [-6.0, -9.0, 8.0]], [[2.0, -8.0, -4.0], [-4.0, 7.0, 0.0], [2.0, 9.0, -7.0], [6.0, -1.0, 7.0], [1.0, -9.0, 4.0]], [[-7.0, -6.0, 0.0], [6.0, 4.0, -3.0], [0.0, 0.0, 0.0], [-5.0, -1.0, 3.0], [-7.0, -5.0, -4.0]], [[6.0, -6.0, -4.0], [9.0, 5.0, 5.0], [-5.0, 9.0, 3.0], [-4.0, 5.0, -4.0], [2.0, -7.0, 7.0]]]]]> : tensor<1x2x4x5x3xf32>
  %0 = graph.max_pool3d %x {ceil_mode = true, dilations = array<i64: 1, 2, 1>, kernel_shape = array<i64: 2, 2, 3>, pads = array<i64: 1, 0, 1, 1, 0, 1>, strides = array<i64: 2, 2, 1>} : tensor<1x2x4x5x3xf32> -> tensor<1x2x3x2x3xf32>
  return %0 : tensor<1x2x3x2x3xf32>
}

// -----

// avg_pool3d: pads not counted, ceil_mode.
// CHECK-LABEL: func.func @avg_pool3d_exclude_pad_ceil()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}4.250000e+00, 3.250000e+00, 2.500000e+00], [5.33333349, 5.000000e+00, 0.666666686], [2.500000e+00, 5.500000e+00, 0.000000e+00]], {{\[\[}}2.875000e+00, 4.875000e+00, 3.500000e+00], [3.500000e+00, 4.66666651, 4.33333349], [5.250000e+00, 5.250000e+00, 3.000000e+00]]]]]> : tensor<1x1x2x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool3d_exclude_pad_ceil() -> tensor<1x1x2x3x3xf32> {
  %x = graph.constant dense<[[[[[3.0, 2.0, 2.0, 4.0, 3.0], [4.0, 8.0, 7.0, 0.0, 2.0], [7.0, 8.0, 8.0, 4.0, 0.0], [4.0, 1.0, 7.0, 4.0, 0.0]], [[1.0, 0.0, 6.0, 2.0, 0.0], [2.0, 4.0, 4.0, 1.0, 0.0], [0.0, 2.0, 3.0, 7.0, 6.0], [3.0, 5.0, 6.0, 8.0, 6.0]], [[7.0, 3.0, 8.0, 5.0, 6.0], [4.0, 2.0, 7.0, 6.0, 8.0], [6.0, 1.0, 0.0, 7.0, 6.0], [8.0, 5.0, 4.0, 3.0, 0.0]]]]]> : tensor<1x1x3x4x5xf32>
  %0 = graph.avg_pool3d %x {ceil_mode = true, kernel_shape = array<i64: 2, 3, 2>, pads = array<i64: 1, 1, 0, 1, 1, 0>, strides = array<i64: 2, 2, 2>} : tensor<1x1x3x4x5xf32> -> tensor<1x1x2x3x3xf32>
  return %0 : tensor<1x1x2x3x3xf32>
}

// -----

// avg_pool3d: pads counted (count_include_pad).
// CHECK-LABEL: func.func @avg_pool3d_include_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}8.750000e-01, 5.000000e-01], [1.875000e+00, 1.375000e+00]], {{\[\[}}1.500000e+00, 1.125000e+00], [3.625000e+00, 3.875000e+00]], {{\[\[}}6.250000e-01, 6.250000e-01], [1.750000e+00, 2.500000e+00]]], {{\[\[\[}}7.500000e-01, 7.500000e-01], [1.000000e+00, 1.375000e+00]], {{\[\[}}7.500000e-01, 2.125000e+00], [1.125000e+00, 2.875000e+00]], {{\[\[}}0.000000e+00, 1.375000e+00], [1.250000e-01, 1.500000e+00]]]]]> : tensor<1x2x3x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool3d_include_pad() -> tensor<1x2x3x2x2xf32> {
  %x = graph.constant dense<[[[[[7.0, 4.0, 0.0], [8.0, 5.0, 0.0], [7.0, 5.0, 1.0]], [[5.0, 4.0, 1.0], [6.0, 5.0, 6.0], [8.0, 5.0, 4.0]]], [[[6.0, 0.0, 6.0], [2.0, 3.0, 1.0], [6.0, 7.0, 0.0]], [[0.0, 4.0, 7.0], [0.0, 2.0, 6.0], [1.0, 2.0, 2.0]]]]]> : tensor<1x2x2x3x3xf32>
  %0 = graph.avg_pool3d %x {count_include_pad = true, kernel_shape = array<i64: 2, 2, 2>, pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 1, 2, 2>} : tensor<1x2x2x3x3xf32> -> tensor<1x2x3x2x2xf32>
  return %0 : tensor<1x2x3x2x2xf32>
}

// -----

// global_avg_pool: mean over L of (N, C, L).
// CHECK-LABEL: func.func @global_avg_pool_1d()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[}}4.000000e+00], [-0.666666686]], {{\[\[}}2.66666675], [-4.33333349]]]> : tensor<2x2x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_avg_pool_1d() -> tensor<2x2x1xf32> {
  %x = graph.constant dense<[[[3.0, 4.0, 5.0], [2.0, -3.0, -1.0]], [[2.0, 2.0, 4.0], [-4.0, -5.0, -4.0]]]> : tensor<2x2x3xf32>
  %0 = graph.global_avg_pool %x : tensor<2x2x3xf32> -> tensor<2x2x1xf32>
  return %0 : tensor<2x2x1xf32>
}

// -----

// global_max_pool: maximum over D, H and W.
// CHECK-LABEL: func.func @global_max_pool_3d()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}5.000000e+00]]], {{\[\[\[}}4.000000e+00]]], {{\[\[\[}}5.000000e+00]]]]]> : tensor<1x3x1x1x1xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_max_pool_3d() -> tensor<1x3x1x1x1xf32> {
  %x = graph.constant dense<[[[[[3.0, 2.0], [5.0, -1.0]], [[5.0, 1.0], [-4.0, -1.0]]], [[[3.0, 2.0], [-2.0, -2.0]], [[1.0, -1.0], [4.0, 0.0]]], [[[2.0, 4.0], [5.0, 4.0]], [[2.0, 1.0], [4.0, 3.0]]]]]> : tensor<1x3x2x2x2xf32>
  %0 = graph.global_max_pool %x : tensor<1x3x2x2x2xf32> -> tensor<1x3x1x1x1xf32>
  return %0 : tensor<1x3x1x1x1xf32>
}

// -----

// global_avg_pool: NDHWC, the channel is last.
// CHECK-LABEL: func.func @global_avg_pool_ndhwc()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}0.000000e+00, -0.583333313]]]]]> : tensor<1x1x1x1x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @global_avg_pool_ndhwc() -> tensor<1x1x1x1x2xf32> {
  %x = graph.constant dense<[[[[[3.0, 1.0], [-3.0, -3.0], [-3.0, 0.0]], [[-4.0, -1.0], [-4.0, -1.0], [4.0, 0.0]]], [[[5.0, -2.0], [0.0, 3.0], [2.0, -5.0]], [[5.0, 3.0], [0.0, -1.0], [-5.0, -1.0]]]]]> : tensor<1x2x2x3x2xf32>
  %0 = graph.global_avg_pool %x {layout = #graph.layout<nhwc>} : tensor<1x2x2x3x2xf32> -> tensor<1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x2xf32>
}

// -----

// Dilation 2, pads 1: each window averages its taps inside the input only.
// CHECK-LABEL: func.func @avg_pool2d_dilation_exclude_pad()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}4.000000e+00, 0.000000e+00, -1.000000e+00, -3.500000e+00, -6.000000e+00], [3.500000e+00, 2.500000e+00, 1.500000e+00, 2.000000e+00, -5.000000e-01], [-5.000000e-01, 2.000000e+00, -3.000000e+00, -7.500000e-01, -5.500000e+00], [1.000000e+00, 1.000000e+00, -1.750000e+00, 1.500000e+00, -4.500000e+00], [-5.000000e+00, 4.000000e+00, -5.000000e+00, 2.000000e+00, -5.000000e+00]]]]> : tensor<1x1x5x5xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_dilation_exclude_pad() -> tensor<1x1x5x5xf32> {
  %c0 = graph.constant dense<[[[[6.0, 2.0, 2.0, 5.0, 1.0], [4.0, 4.0, -4.0, -6.0, -3.0], [-3.0, 5.0, 5.0, -6.0, 0.0], [4.0, -5.0, 4.0, -5.0, 0.0], [4.0, -3.0, -2.0, -3.0, 3.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.avg_pool2d %c0 {dilations = array<i64: 2, 2>, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x1x5x5xf32> -> tensor<1x1x5x5xf32>
  return %0 : tensor<1x1x5x5xf32>
}

// -----

// Dilation 2, pads 1, stride 2, ceil_mode, count_include_pad: padding taps count,
// the taps the last windows hang past the end padding do not.
// CHECK-LABEL: func.func @avg_pool2d_dilation_include_pad_ceil()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, -5.000000e-01, -1.500000e+00], [-2.500000e-01, -3.000000e+00, -2.750000e+00], [-1.250000e+00, -2.500000e+00, -1.250000e+00]]]]> : tensor<1x1x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_dilation_include_pad_ceil() -> tensor<1x1x3x3xf32> {
  %c0 = graph.constant dense<[[[[6.0, 2.0, 2.0, 5.0, 1.0], [4.0, 4.0, -4.0, -6.0, -3.0], [-3.0, 5.0, 5.0, -6.0, 0.0], [4.0, -5.0, 4.0, -5.0, 0.0], [4.0, -3.0, -2.0, -3.0, 3.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.avg_pool2d %c0 {ceil_mode = true, count_include_pad = true, dilations = array<i64: 2, 2>, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

// Dilation 3 over the height with ceil_mode: the last window's second row of taps
// lies past the input, so it averages one row.
// CHECK-LABEL: func.func @avg_pool2d_dilation_ceil()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}2.16666675, 1.16666663], [2.33333325, -0.333333343]]]]> : tensor<1x1x2x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool2d_dilation_ceil() -> tensor<1x1x2x2xf32> {
  %c0 = graph.constant dense<[[[[6.0, 2.0, 2.0, 5.0, 1.0], [4.0, 4.0, -4.0, -6.0, -3.0], [-3.0, 5.0, 5.0, -6.0, 0.0], [4.0, -5.0, 4.0, -5.0, 0.0], [4.0, -3.0, -2.0, -3.0, 3.0]]]]> : tensor<1x1x5x5xf32>
  %0 = graph.avg_pool2d %c0 {ceil_mode = true, dilations = array<i64: 3, 1>, kernel_shape = array<i64: 2, 3>, strides = array<i64: 2, 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// 3-D: dilations [2, 1, 2], asymmetric pads, ceil_mode.
// CHECK-LABEL: func.func @avg_pool3d_dilation()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}2.000000e+00, 7.500000e-01, -5.000000e-01], [-2.500000e+00, -5.000000e-01, 1.500000e+00], [-4.000000e+00, -3.000000e+00, -2.000000e+00]], {{\[\[}}1.500000e+00, 2.375000e+00, 3.250000e+00], [2.000000e+00, 0.000000e+00, -2.000000e+00], [-1.000000e+00, -5.000000e-01, 0.000000e+00]], {{\[\[}}1.000000e+00, 6.250000e-01, 2.500000e-01], [-2.250000e+00, -3.750000e-01, 1.500000e+00], [-1.500000e+00, -7.500000e-01, 0.000000e+00]]]]]> : tensor<1x1x3x3x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @avg_pool3d_dilation() -> tensor<1x1x3x3x3xf32> {
  %c0 = graph.constant dense<[[[[[-3.0, 6.0, -1.0, 0.0, 0.0], [1.0, 1.0, 0.0, 6.0, 4.0], [4.0, 3.0, 2.0, -2.0, 6.0], [0.0, -4.0, 4.0, -4.0, 5.0], [1.0, -5.0, -6.0, -1.0, -6.0]], [[-5.0, 0.0, 6.0, 0.0, 4.0], [5.0, 4.0, 2.0, -1.0, 0.0], [-3.0, 0.0, -2.0, -3.0, 6.0], [-6.0, -5.0, -4.0, 6.0, 2.0], [5.0, -4.0, 3.0, -2.0, 0.0]], [[-6.0, 2.0, 4.0, 2.0, -4.0], [0.0, -3.0, 6.0, 5.0, -4.0], [0.0, 6.0, 5.0, 3.0, 2.0], [-6.0, 3.0, 0.0, -5.0, -3.0], [1.0, 3.0, 0.0, 1.0, 5.0]], [[2.0, -2.0, 2.0, 1.0, -5.0], [-6.0, 2.0, -1.0, 1.0, -2.0], [-4.0, -5.0, -2.0, 4.0, -1.0], [-2.0, 1.0, 6.0, -1.0, 1.0], [-1.0, 1.0, -1.0, 2.0, 1.0]]]]]> : tensor<1x1x4x5x5xf32>
  %0 = graph.avg_pool3d %c0 {ceil_mode = true, dilations = array<i64: 2, 1, 2>, kernel_shape = array<i64: 2, 2, 2>, pads = array<i64: 1, 0, 1, 0, 1, 1>, strides = array<i64: 1, 2, 2>} : tensor<1x1x4x5x5xf32> -> tensor<1x1x3x3x3xf32>
  return %0 : tensor<1x1x3x3x3xf32>
}

// -----

// ui8 compares unsigned: 200, 255 and 128 win over the small values.
// CHECK-LABEL: func.func @max_pool2d_ui8()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}200, 255], [128, 255]]]]> : tensor<1x1x2x2xui8>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_ui8() -> tensor<1x1x2x2xui8> {
  %c0 = graph.constant dense<[[[[10, 200, 30, 5], [128, 1, 255, 7], [3, 4, 129, 127], [0, 90, 60, 250]]]]> : tensor<1x1x4x4xui8>
  %0 = graph.max_pool2d %c0 {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x1x4x4xui8> -> tensor<1x1x2x2xui8>
  return %0 : tensor<1x1x2x2xui8>
}

// -----

// i8 with dilation and pads: negative values, padding never wins.
// CHECK-LABEL: func.func @max_pool2d_i8()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}1, 127, 127, -7], [3, 30, 30, 27], [1, 127, 127, -7]]]]> : tensor<1x1x3x4xi8>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_i8() -> tensor<1x1x3x4xi8> {
  %c0 = graph.constant dense<[[[[-10, -100, 30, -5], [-128, 1, 127, -7], [3, -4, -29, 27], [0, -90, 60, -50]]]]> : tensor<1x1x4x4xi8>
  %0 = graph.max_pool2d %c0 {dilations = array<i64: 2, 1>, kernel_shape = array<i64: 2, 2>, pads = array<i64: 1, 0, 0, 1>} : tensor<1x1x4x4xi8> -> tensor<1x1x3x4xi8>
  return %0 : tensor<1x1x3x4xi8>
}

// -----

// ui8 in 3-D.
// CHECK-LABEL: func.func @max_pool3d_ui8()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[\[}}244, 244], [143, 112], [61, 103]], {{\[\[}}247, 244], [247, 243], [171, 171]], {{\[\[}}247, 243], [247, 243], [216, 216]]], {{\[\[}}[245, 245], [245, 245], [71, 144]], {{\[\[}}245, 245], [245, 245], [96, 226]], {{\[\[}}248, 237], [251, 226], [251, 226]]]]]> : tensor<1x2x3x3x2xui8>
// CHECK-NEXT: return %[[R]]
func.func @max_pool3d_ui8() -> tensor<1x2x3x3x2xui8> {
  %c0 = graph.constant dense<[[[[[173, 244, 38], [143, 112, 91], [61, 13, 103]], [[211, 24, 103], [247, 243, 55], [1, 171, 3]], [[76, 127, 223], [23, 169, 136], [33, 216, 216]]], [[[123, 241, 155], [231, 245, 145], [71, 37, 144]], [[49, 192, 237], [62, 141, 12], [46, 96, 226]], [[248, 164, 149], [145, 15, 96], [251, 105, 54]]]]]> : tensor<1x2x3x3x3xui8>
  %0 = graph.max_pool3d %c0 {kernel_shape = array<i64: 2, 2, 2>, pads = array<i64: 1, 0, 0, 0, 1, 0>} : tensor<1x2x3x3x3xui8> -> tensor<1x2x3x3x2xui8>
  return %0 : tensor<1x2x3x3x2xui8>
}

// -----

// Dilation 3 and pads 2 over 2 rows: the middle row's windows take no input
// element, giving the lowest i8 value, -128.
// CHECK-LABEL: func.func @max_pool2d_i8_window_misses_input()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}-3, 9, -100], [-128, -128, -128], [5, -7, 100]]]]> : tensor<1x1x3x3xi8>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_i8_window_misses_input() -> tensor<1x1x3x3xi8> {
  %c0 = graph.constant dense<[[[[5, -7, 100], [-3, 9, -100]]]]> : tensor<1x1x2x3xi8>
  %0 = graph.max_pool2d %c0 {dilations = array<i64: 3, 1>, kernel_shape = array<i64: 2, 1>, pads = array<i64: 2, 0, 2, 0>} : tensor<1x1x2x3xi8> -> tensor<1x1x3x3xi8>
  return %0 : tensor<1x1x3x3xi8>
}

// -----

// The same in ui8: the lowest value is 0.
// CHECK-LABEL: func.func @max_pool2d_ui8_window_misses_input()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[\[\[\[}}253, 9, 156], [0, 0, 0], [5, 249, 100]]]]> : tensor<1x1x3x3xui8>
// CHECK-NEXT: return %[[R]]
func.func @max_pool2d_ui8_window_misses_input() -> tensor<1x1x3x3xui8> {
  %c0 = graph.constant dense<[[[[5, 249, 100], [253, 9, 156]]]]> : tensor<1x1x2x3xui8>
  %0 = graph.max_pool2d %c0 {dilations = array<i64: 3, 1>, kernel_shape = array<i64: 2, 1>, pads = array<i64: 2, 0, 2, 0>} : tensor<1x1x2x3xui8> -> tensor<1x1x3x3xui8>
  return %0 : tensor<1x1x3x3xui8>
}

// -----

// A tap on the padding reads a zero that still multiplies its weight: a NaN
// weight makes every output it reaches NaN, as onnxruntime's and the
// compiled zero-padded convolutions compute (x = 0 reads the padding with
// the NaN tap).
// CHECK-LABEL: func.func @conv2d_nan_weight_on_padding()
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<0x{{7FC00000|FFC00000}}> : tensor<1x1x1x2xf32>
func.func @conv2d_nan_weight_on_padding() -> tensor<1x1x1x2xf32> {
  %c0 = graph.constant dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>
  %c1 = graph.constant dense<[[[[0x7FC00000, 1.0, 1.0]]]]> : tensor<1x1x1x3xf32>
  %0 = graph.conv2d %c0, %c1 {pads = array<i64: 0, 1, 0, 1>} : tensor<1x1x1x2xf32>, tensor<1x1x1x3xf32> -> tensor<1x1x1x2xf32>
  return %0 : tensor<1x1x1x2xf32>
}
