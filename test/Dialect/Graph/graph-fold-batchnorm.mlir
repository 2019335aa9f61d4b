// RUN: strata-opt %s --graph-fold-batchnorm -split-input-file | FileCheck %s

// Most cases use the same statistics: gamma = [2, 3], beta = [0.5, -1],
// mean = [3, 0], var = [3.75, 0.75], epsilon = 0.25, so
// s = gamma / sqrt(var + eps) = [2, 3] / sqrt([4, 1]) = [1, 3] and
// t = beta - mean * s = [0.5 - 3, -1 - 0] = [-2.5, -1].

// batch_norm after an NCHW conv with a bias: w' = w * s over dim 0,
// b' = (b - mean) * s + beta = [(1 - 3) * 1 + 0.5, (2 - 0) * 3 - 1].
// CHECK-LABEL: func.func @bn_conv_nchw
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x3x3xf32>)
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]], {{\[\[\[}}9.000000e+00]], {{\[\[}}1.200000e+01]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-1.500000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %[[X]], %[[W]], %[[B]] : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
// CHECK-NOT: graph.batch_norm
// CHECK: return %[[C]]
func.func @bn_conv_nchw(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w, %b : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// NHWC conv (OHWI weight) without a bias, batch_norm on axis 3 (written as
// -1): w' scales dim 0, b' = t. The declared result types may be less
// refined; the new conv takes the batch_norm's type.
// CHECK-LABEL: func.func @bn_conv_nhwc_no_bias
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00]]], {{\[\[\[}}9.000000e+00, 1.200000e+01]]]]> : tensor<2x1x1x2xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-2.500000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %[[W]], %[[B]] {layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32> -> tensor<1x3x3x?xf32>
// CHECK-NOT: graph.batch_norm
// CHECK: return %[[C]]
func.func @bn_conv_nhwc_no_bias(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x?xf32> {
  %w = graph.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32> -> tensor<1x3x3x2xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {axis = -1 : i64, epsilon = 0.25 : f32}
      : tensor<1x3x3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x3x3x?xf32>
  return %1 : tensor<1x3x3x?xf32>
}

// -----

// Depthwise conv (groups = 2, weight 2x1x2x2) with pads and strides, which
// the new conv keeps: filter 0 is scaled by 1, filter 1 by 3.
// CHECK-LABEL: func.func @bn_conv_depthwise
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]], {{\[\[\[}}1.500000e+01, 1.800000e+01], [2.100000e+01, 2.400000e+01]]]]> : tensor<2x1x2x2xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-2.500000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK: graph.conv2d %{{.*}}, %[[W]], %[[B]] {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x2x3x3xf32>, tensor<2x1x2x2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
// CHECK-NOT: graph.batch_norm
func.func @bn_conv_depthwise(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %w = graph.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]], [[[5.0, 6.0], [7.0, 8.0]]]]> : tensor<2x1x2x2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w {groups = 2 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
      : tensor<1x2x3x3xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x2x2xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// batch_norm after a linear with a bias, alpha = 2, beta = 0.5:
// s * (2 * A B + 0.5 * C) + t = 2 * A (B * s) + 0.5 * (C * s + t / 0.5), so
// B' = [[1, 2], [3, 4], [5, 6]] * [1, 3] and C' = [1, 6] + [-5, -2].
// CHECK-LABEL: func.func @bn_linear
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>)
// CHECK-DAG: %[[B:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 6.000000e+00], [3.000000e+00, 1.200000e+01], [5.000000e+00, 1.800000e+01]]> : tensor<3x2xf32>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[-4.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK: %[[L:.*]] = graph.linear %[[A]], %[[B]], %[[C]] {alpha = 2.000000e+00 : f32, beta = 5.000000e-01 : f32} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
// CHECK-NOT: graph.batch_norm
// CHECK: return %[[L]]
func.func @bn_linear(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.linear %a, %b, %c {alpha = 2.0 : f32, beta = 0.5 : f32} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// trans_b: B is (N, K), so its rows are scaled; no bias, so C' = t with
// beta 1.
// CHECK-LABEL: func.func @bn_linear_trans_b_no_bias
// CHECK-DAG: %[[B:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [6.000000e+00, 1.200000e+01, 1.800000e+01]]> : tensor<2x3xf32>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[-2.500000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK: graph.linear %{{.*}}, %[[B]], %[[C]] {trans_b = true} : tensor<?x3xf32>, tensor<2x3xf32>, tensor<2xf32> -> tensor<?x2xf32>
// CHECK-NOT: graph.batch_norm
func.func @bn_linear_trans_b_no_bias(%a: tensor<?x3xf32>) -> tensor<?x2xf32> {
  %b = graph.constant dense<[[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]> : tensor<2x3xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.linear %a, %b {trans_b = true} : tensor<?x3xf32>, tensor<2x3xf32> -> tensor<?x2xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<?x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<?x2xf32>
  return %1 : tensor<?x2xf32>
}

// -----

// beta = 0 makes the bias irrelevant: it is replaced by t with beta 1.
// CHECK-LABEL: func.func @bn_linear_beta_zero
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[-2.500000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK: graph.linear %{{.*}}, %{{.*}}, %[[C]] : tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
// CHECK-NOT: graph.batch_norm
func.func @bn_linear_beta_zero(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = graph.constant dense<[100.0, 200.0]> : tensor<2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = graph.linear %a, %b, %c {beta = 0.0 : f32} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// mul by a [C, 1, 1] constant: w' = w * k over dim 0, b' = b * k.
// CHECK-LABEL: func.func @mul_conv_per_channel
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}1.500000e+00]], {{\[\[}}2.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[2.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %[[W]], %[[B]] : {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NOT: graph.mul
// CHECK: return %[[C]]
func.func @mul_conv_per_channel(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %k = graph.constant dense<[[[2.0]], [[0.5]]]> : tensor<2x1x1xf32>
  %0 = graph.conv2d %x, %w, %b : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.mul %0, %k : tensor<1x2x3x3xf32>, tensor<2x1x1xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// The constant on the left, a rank-0 scalar, and no conv bias (0 * k = 0).
// CHECK-LABEL: func.func @mul_conv_scalar_lhs
// CHECK: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}3.000000e+00]], {{\[\[}}6.000000e+00]]], {{\[\[\[}}9.000000e+00]], {{\[\[}}1.200000e+01]]]]> : tensor<2x2x1x1xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %[[W]] : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
// CHECK-NOT: graph.mul
// CHECK: return %[[C]]
func.func @mul_conv_scalar_lhs(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %k = graph.constant dense<3.0> : tensor<f32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.mul %k, %0 : tensor<f32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// add of a per-channel [C] constant after an NHWC conv without a bias:
// b' = k.
// CHECK-LABEL: func.func @add_conv_nhwc
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00]]], {{\[\[\[}}3.000000e+00, 4.000000e+00]]]]> : tensor<2x1x1x2xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[1.000000e+01, 2.000000e+01]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %[[W]], %[[B]] {layout = #graph.layout<nhwc>}
// CHECK-NOT: graph.add
// CHECK: return %[[C]]
func.func @add_conv_nhwc(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %w = graph.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>
  %k = graph.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32> -> tensor<1x3x3x2xf32>
  %1 = graph.add %0, %k : tensor<1x3x3x2xf32>, tensor<2xf32> -> tensor<1x3x3x2xf32>
  return %1 : tensor<1x3x3x2xf32>
}

// -----

// add of a splat that spans H and W (static there, so it does not enlarge
// the result): b' = b + 1.5.
// CHECK-LABEL: func.func @add_conv_splat
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[2.500000e+00, 3.500000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %{{.*}}, %[[B]] : {{.*}} -> tensor<1x2x3x3xf32>
// CHECK-NOT: graph.add
// CHECK: return %[[C]]
func.func @add_conv_splat(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %k = graph.constant dense<1.5> : tensor<1x1x3x3xf32>
  %0 = graph.conv2d %x, %w, %b : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.add %0, %k : tensor<1x2x3x3xf32>, tensor<1x1x3x3xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// conv -> batch_norm -> mul -> add folds to one conv: after the batch_norm,
// w = [[1, 2], [9, 12]], b = [-1.5, 5]; * [2, 0.5] gives
// w = [[2, 4], [4.5, 6]], b = [-3, 2.5]; + [1, -1] gives b = [-2, 1.5].
// CHECK-LABEL: func.func @bn_mul_add_chain
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}4.500000e+00]], {{\[\[}}6.000000e+00]]]]> : tensor<2x2x1x1xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-2.000000e+00, 1.500000e+00]> : tensor<2xf32>
// CHECK: %[[C:.*]] = graph.conv2d %{{.*}}, %[[W]], %[[B]]
// CHECK-NEXT: return %[[C]]
func.func @bn_mul_add_chain(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %b = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %gamma = graph.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = graph.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %mean = graph.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = graph.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %k = graph.constant dense<[[[[2.0]], [[0.5]]]]> : tensor<1x2x1x1xf32>
  %q = graph.constant dense<[[[1.0]], [[-1.0]]]> : tensor<2x1x1xf32>
  %0 = graph.conv2d %x, %w, %b : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %gamma, %beta, %mean, %var {epsilon = 0.25 : f32}
      : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %2 = graph.mul %1, %k : tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %3 = graph.add %2, %q : tensor<1x2x3x3xf32>, tensor<2x1x1xf32> -> tensor<1x2x3x3xf32>
  return %3 : tensor<1x2x3x3xf32>
}

// -----

// mul of a linear by a per-column constant: B' scales the rows of the
// trans_b weight, C' = C * k.
// CHECK-LABEL: func.func @mul_linear_trans_b
// CHECK-DAG: %[[B:.*]] = graph.constant dense<{{\[\[}}2.000000e+00, 6.000000e+00, 1.000000e+01], [1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[2.000000e+00, 1.000000e+00]> : tensor<2xf32>
// CHECK: %[[L:.*]] = graph.linear %{{.*}}, %[[B]], %[[C]] {trans_b = true}
// CHECK-NOT: graph.mul
// CHECK: return %[[L]]
func.func @mul_linear_trans_b(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]> : tensor<2x3xf32>
  %c = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %k = graph.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %0 = graph.linear %a, %b, %c {trans_b = true} : tensor<4x3xf32>, tensor<2x3xf32>, tensor<2xf32> -> tensor<4x2xf32>
  %1 = graph.mul %0, %k : tensor<4x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// add of a [1, N] constant to a linear with beta = 0.5: C' = C + k / 0.5.
// CHECK-LABEL: func.func @add_linear_beta
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[2.100000e+01, 4.200000e+01]> : tensor<2xf32>
// CHECK: %[[L:.*]] = graph.linear %{{.*}}, %{{.*}}, %[[C]] {beta = 5.000000e-01 : f32}
// CHECK-NOT: graph.add
// CHECK: return %[[L]]
func.func @add_linear_beta(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %c = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %k = graph.constant dense<[[10.0, 20.0]]> : tensor<1x2xf32>
  %0 = graph.linear %a, %b, %c {beta = 0.5 : f32} : tensor<4x3xf32>, tensor<3x2xf32>, tensor<2xf32> -> tensor<4x2xf32>
  %1 = graph.add %0, %k : tensor<4x2xf32>, tensor<1x2xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// add of a splat to a linear without a bias: C' = [3] with beta 1.
// CHECK-LABEL: func.func @add_linear_splat_no_bias
// CHECK-DAG: %[[C:.*]] = graph.constant dense<3.000000e+00> : tensor<1xf32>
// CHECK: %[[L:.*]] = graph.linear %{{.*}}, %{{.*}}, %[[C]] : tensor<4x3xf32>, tensor<3x2xf32>, tensor<1xf32> -> tensor<4x2xf32>
// CHECK-NOT: graph.add
// CHECK: return %[[L]]
func.func @add_linear_splat_no_bias(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %k = graph.constant dense<3.0> : tensor<2xf32>
  %0 = graph.linear %a, %b : tensor<4x3xf32>, tensor<3x2xf32> -> tensor<4x2xf32>
  %1 = graph.add %k, %0 : tensor<2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// Negative: batch_norm over H (axis 2), not the conv's channels. It
// becomes its multiply-add per row: the scale and shift as [3, 1].
// CHECK-LABEL: func.func @no_fold_bn_other_axis
// CHECK-DAG: %[[T:.*]] = graph.constant dense<{{\[\[}}5.006790e-06], [-0.828419924], [-2.19614363]]> : tensor<3x1xf32>
// CHECK-DAG: %[[S:.*]] = graph.constant dense<{{\[\[}}0.999994993], [1.414210e+00], [1.73204792]]> : tensor<3x1xf32>
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK: %[[M:.*]] = graph.mul %[[C]], %[[S]]
// CHECK: graph.add %[[M]], %[[T]]
// CHECK-NOT: graph.batch_norm
func.func @no_fold_bn_other_axis(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %p = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %p, %p, %p, %p {axis = 2 : i64}
      : tensor<1x2x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// Negative: batch_norm on axis 1 of an NHWC conv (that is H, not channels):
// a multiply-add per row, [2, 1, 1].
// CHECK-LABEL: func.func @no_fold_bn_nhwc_axis1
// CHECK: graph.conv2d
// CHECK: graph.mul %{{.*}}, %{{.*}} : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>
// CHECK: graph.add %{{.*}}, %{{.*}} : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>
func.func @no_fold_bn_nhwc_axis1(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = graph.constant dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>
  %p = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32> -> tensor<1x2x2x2xf32>
  %1 = graph.batch_norm %0, %p, %p, %p, %p
      : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// Negative: the mean is not a constant.
// CHECK-LABEL: func.func @no_fold_bn_dynamic_stats
// CHECK: graph.conv2d
// CHECK: graph.batch_norm
func.func @no_fold_bn_dynamic_stats(%x: tensor<1x2x3x3xf32>, %mean: tensor<2xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %p = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %p, %p, %mean, %p
      : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// Negative: the conv weight is not a constant; the batch_norm becomes its
// multiply-add per channel.
// CHECK-LABEL: func.func @no_fold_bn_dynamic_weight
// CHECK: graph.conv2d %arg0, %arg1
// CHECK: graph.mul %{{.*}}, %{{.*}} : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>
// CHECK: graph.add
// CHECK-NOT: graph.batch_norm
func.func @no_fold_bn_dynamic_weight(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %p = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %p, %p, %p, %p
      : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// Negative: the conv result has a second use, which needs the unscaled
// result; the batch_norm is its multiply-add.
// CHECK-LABEL: func.func @no_fold_conv_two_uses
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK: graph.mul %[[C]], %{{.*}} : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>
// CHECK: graph.add
// CHECK: graph.mul %[[C]], %{{.*}} : tensor<1x2x3x3xf32>, tensor<f32>
func.func @no_fold_conv_two_uses(%x: tensor<1x2x3x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %p = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %k = graph.constant dense<2.0> : tensor<f32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.batch_norm %0, %p, %p, %p, %p
      : tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3x3xf32>
  %2 = graph.mul %0, %k : tensor<1x2x3x3xf32>, tensor<f32> -> tensor<1x2x3x3xf32>
  return %0, %1, %2 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Negative: the factor varies over H, which no per-channel weight scale can
// express.
// CHECK-LABEL: func.func @no_fold_mul_varies_over_h
// CHECK: graph.conv2d
// CHECK: graph.mul
func.func @no_fold_mul_varies_over_h(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %k = graph.constant dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.mul %0, %k : tensor<1x2x3x3xf32>, tensor<3x1xf32> -> tensor<1x2x3x3xf32>
  return %1 : tensor<1x2x3x3xf32>
}

// -----

// Negative: a per-channel-sized [C] constant after an NCHW conv lines up
// with W, not with the channels.
// CHECK-LABEL: func.func @no_fold_add_nchw_last_dim
// CHECK: graph.conv2d
// CHECK: graph.add
func.func @no_fold_add_nchw_last_dim(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %k = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x2x2xf32>
  %1 = graph.add %0, %k : tensor<1x2x2x2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// Negative: a splat over H and W with unknown spatial sizes could broadcast
// a size-1 result up, so the shape is not known to be kept.
// CHECK-LABEL: func.func @no_fold_mul_splat_dynamic
// CHECK: graph.conv2d
// CHECK: graph.mul
func.func @no_fold_mul_splat_dynamic(%x: tensor<1x2x?x?xf32>) -> tensor<1x2x?x?xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %k = graph.constant dense<2.0> : tensor<1x1x3x3xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x?x?xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x?x?xf32>
  %1 = graph.mul %0, %k : tensor<1x2x?x?xf32>, tensor<1x1x3x3xf32> -> tensor<1x2x?x?xf32>
  return %1 : tensor<1x2x?x?xf32>
}

// -----

// Negative: a splat with a batch dim of 2 enlarges a batch-1 result.
// CHECK-LABEL: func.func @no_fold_mul_enlarges
// CHECK: graph.conv2d
// CHECK: graph.mul
func.func @no_fold_mul_enlarges(%x: tensor<1x2x3x3xf32>) -> tensor<2x2x3x3xf32> {
  %w = graph.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %k = graph.constant dense<2.0> : tensor<2x1x1x1xf32>
  %0 = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %1 = graph.mul %0, %k : tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32> -> tensor<2x2x3x3xf32>
  return %1 : tensor<2x2x3x3xf32>
}

// -----

// Negative: a factor per row (over M) of a linear.
// CHECK-LABEL: func.func @no_fold_mul_linear_rows
// CHECK: graph.linear
// CHECK: graph.mul
func.func @no_fold_mul_linear_rows(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %b = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %k = graph.constant dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>
  %0 = graph.linear %a, %b : tensor<4x3xf32>, tensor<3x2xf32> -> tensor<4x2xf32>
  %1 = graph.mul %0, %k : tensor<4x2xf32>, tensor<4x1xf32> -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// Negative: an integer linear is left alone (alpha and beta are floats).
// CHECK-LABEL: func.func @no_fold_mul_linear_int
// CHECK: graph.linear
// CHECK: graph.mul
func.func @no_fold_mul_linear_int(%a: tensor<4x3xi32>) -> tensor<4x2xi32> {
  %b = graph.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %k = graph.constant dense<[2, 3]> : tensor<2xi32>
  %0 = graph.linear %a, %b : tensor<4x3xi32>, tensor<3x2xi32> -> tensor<4x2xi32>
  %1 = graph.mul %0, %k : tensor<4x2xi32>, tensor<2xi32> -> tensor<4x2xi32>
  return %1 : tensor<4x2xi32>
}

// -----

// A batch_norm with constant statistics and no contraction before it:
// x * s + t per channel, s = gamma / sqrt(var + eps) and t = beta - mean * s
// computed now, [C, 1, 1] along NCHW's channels (no square root or division
// left for every element).
// CHECK-LABEL: func.func @bn_to_affine
// CHECK-DAG: %[[T:.*]] = graph.constant dense<{{\[\[\[}}-1.000000e+00]], {{\[\[}}1.000000e+00]]]> : tensor<2x1x1xf32>
// CHECK-DAG: %[[S:.*]] = graph.constant dense<{{\[\[\[}}2.000000e+00]], {{\[\[}}5.000000e-01]]]> : tensor<2x1x1xf32>
// CHECK: %[[M:.*]] = graph.mul %arg0, %[[S]] : tensor<?x2x4x4xf32>, tensor<2x1x1xf32> -> tensor<?x2x4x4xf32>
// CHECK: %[[A:.*]] = graph.add %[[M]], %[[T]]
// CHECK: return %[[A]]
func.func @bn_to_affine(%x: tensor<?x2x4x4xf32>) -> tensor<?x2x4x4xf32> {
  %gamma = graph.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %beta = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %mean = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %var = graph.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %0 = graph.batch_norm %x, %gamma, %beta, %mean, %var {epsilon = 0.0 : f32}
      : tensor<?x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<?x2x4x4xf32>
  return %0 : tensor<?x2x4x4xf32>
}
