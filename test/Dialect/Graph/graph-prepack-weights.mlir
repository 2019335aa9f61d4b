// RUN: strata-opt %s --graph-prepack-weights -split-input-file | FileCheck %s
// RUN: strata-opt %s --graph-prepack-weights=panel-bytes=8 -split-input-file | FileCheck %s --check-prefix=PANEL
// RUN: strata-opt %s --graph-prepack-weights=panel-bytes=64 -split-input-file | FileCheck %s --check-prefix=PAD

// A dense weight read transposed: the linear gets the transposed constant
// (w is [N=3, K=2]; w^T is [K=2, N=3]) and no trans_b.
// CHECK-LABEL: func.func @linear_dense
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK-DAG: %[[W:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK: %[[Y:.*]] = graph.linear %[[X]], %[[W]], %[[B]] {alpha = 2.000000e+00 : f32} : tensor<4x2xf32>, tensor<2x3xf32>, tensor<3xf32> -> tensor<4x3xf32>
// CHECK-NOT: trans_b
// CHECK: return %[[Y]]
func.func @linear_dense(%x: tensor<4x2xf32>) -> tensor<4x3xf32> {
  %w = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = graph.linear %x, %w, %b {trans_b = true, alpha = 2.0 : f32} : tensor<4x2xf32>, tensor<3x2xf32>, tensor<3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A dense_resource weight stays a dense_resource (a new blob, transposed:
// [[1, 2, 3], [4, 5, 6]] as i32 becomes [[1, 4], [2, 5], [3, 6]]); the
// old blob is no longer used.
// CHECK-LABEL: func.func @linear_resource
// CHECK: %[[W:.*]] = graph.constant dense_resource<w_transposed> : tensor<3x2xi32>
// CHECK: graph.linear %{{.*}}, %[[W]] : tensor<1x3xi32>, tensor<3x2xi32> -> tensor<1x2xi32>
// CHECK: w_transposed: "0x40000000010000000400000002000000050000000300000006000000"
func.func @linear_resource(%x: tensor<1x3xi32>) -> tensor<1x2xi32> {
  %w = graph.constant dense_resource<w> : tensor<2x3xi32>
  %0 = graph.linear %x, %w {trans_b = true} : tensor<1x3xi32>, tensor<2x3xi32> -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000010000000200000003000000040000000500000006000000"
    }
  }
#-}

// -----

// A B that is not a constant keeps trans_b (the lowering reads it
// transposed); a constant B that is not transposed and a constant A read
// transposed are left alone.
// CHECK-LABEL: func.func @not_prepacked
// CHECK: graph.linear %{{.*}}, %{{.*}} {trans_b = true} : tensor<2x3xf32>, tensor<4x3xf32>
// CHECK: graph.linear %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<3x4xf32>
// CHECK: graph.linear %{{.*}}, %{{.*}} {trans_a = true} : tensor<3x2xf32>, tensor<3x4xf32>
func.func @not_prepacked(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %xt: tensor<3x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = graph.linear %x, %w {trans_b = true} : tensor<2x3xf32>, tensor<4x3xf32> -> tensor<2x4xf32>
  %c = graph.constant dense<1.0> : tensor<3x4xf32>
  %1 = graph.linear %x, %c : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  %2 = graph.linear %xt, %c {trans_a = true} : tensor<3x2xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// A splat weight stays a splat of the transposed shape.
// CHECK-LABEL: func.func @linear_splat
// CHECK: %[[W:.*]] = graph.constant dense<5.000000e-01> : tensor<3x4xf32>
// CHECK: graph.linear %{{.*}}, %[[W]] : tensor<2x3xf32>, tensor<3x4xf32>
func.func @linear_splat(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %w = graph.constant dense<0.5> : tensor<4x3xf32>
  %0 = graph.linear %x, %w {trans_b = true} : tensor<2x3xf32>, tensor<4x3xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// transpose of a constant folds, in 3-D with a non-trivial perm: the result
// element [i, j, k] is input [k, i, j] (input [2, 2, 3] = 0..11 as i8).
// CHECK-LABEL: func.func @transpose_3d
// CHECK: %[[C:.*]] = graph.constant dense<{{\[\[\[}}0, 6], [1, 7], [2, 8]], {{\[\[}}3, 9], [4, 10], [5, 11]]]> : tensor<2x3x2xi8>
// CHECK-NOT: graph.transpose
// CHECK: return %[[C]]
func.func @transpose_3d() -> tensor<2x3x2xi8> {
  %c = graph.constant dense<[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]]]> : tensor<2x2x3xi8>
  %0 = graph.transpose %c {perm = array<i64: 1, 2, 0>} : tensor<2x2x3xi8> -> tensor<2x3x2xi8>
  return %0 : tensor<2x3x2xi8>
}

// -----

// transpose of a dense_resource f16 constant: a new blob; matmul(x, W^T)
// then reads a plain constant.
// CHECK-LABEL: func.func @matmul_transposed_resource
// CHECK: %[[W:.*]] = graph.constant dense_resource<m_transposed> : tensor<2x2xf16>
// CHECK: graph.matmul %{{.*}}, %[[W]]
// CHECK: m_transposed: "0x40000000003C004200400044"
func.func @matmul_transposed_resource(%x: tensor<1x2xf16>) -> tensor<1x2xf16> {
  %w = graph.constant dense_resource<m> : tensor<2x2xf16>
  %t = graph.transpose %w {perm = array<i64: 1, 0>} : tensor<2x2xf16> -> tensor<2x2xf16>
  %0 = graph.matmul %x, %t : tensor<1x2xf16>, tensor<2x2xf16> -> tensor<1x2xf16>
  return %0 : tensor<1x2xf16>
}

{-#
  dialect_resources: {
    builtin: {
      m: "0x04000000003C004000420044"
    }
  }
#-}

// -----

// Packed i1 data is not transposed (the pattern leaves the op alone).
// CHECK-LABEL: func.func @transpose_i1
// CHECK: graph.transpose
func.func @transpose_i1() -> tensor<3x2xi1> {
  %c = graph.constant dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>
  %0 = graph.transpose %c {perm = array<i64: 1, 0>} : tensor<2x3xi1> -> tensor<3x2xi1>
  return %0 : tensor<3x2xi1>
}

// -----

// With panel-bytes=8 (2 f32 a panel row), a one-row linear of a [K=3, N=8]
// constant weight: the weight in 4 panels [4][3][2] (panel p, row k holds
// w[k][2p], w[k][2p + 1]), a matmul broadcasting the row over the panels,
// a reshape to [1, 8] and the bias. Without panel-bytes it is left alone.
// CHECK-LABEL: func.func @matvec_panels
// CHECK: graph.linear
// PANEL-LABEL: func.func @matvec_panels
// PANEL-SAME: (%[[X:.*]]: tensor<1x3xf32>)
// PANEL-DAG: %[[S:.*]] = graph.constant dense<[1, 8]> : tensor<2xi64>
// PANEL-DAG: %[[B:.*]] = graph.constant dense<1.000000e+00> : tensor<8xf32>
// PANEL-DAG: %[[W:.*]] = graph.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+00], [8.000000e+00, 9.000000e+00], [1.600000e+01, 1.700000e+01]], {{\[\[}}2.000000e+00, 3.000000e+00], [1.000000e+01, 1.100000e+01], [1.800000e+01, 1.900000e+01]], {{\[\[}}4.000000e+00, 5.000000e+00], [1.200000e+01, 1.300000e+01], [2.000000e+01, 2.100000e+01]], {{\[\[}}6.000000e+00, 7.000000e+00], [1.400000e+01, 1.500000e+01], [2.200000e+01, 2.300000e+01]]]> : tensor<4x3x2xf32>
// PANEL: %[[P:.*]] = graph.matmul %[[X]], %[[W]] : tensor<1x3xf32>, tensor<4x3x2xf32> -> tensor<4x1x2xf32>
// PANEL: %[[R:.*]] = graph.reshape %[[P]], %[[S]] : tensor<4x1x2xf32>, tensor<2xi64> -> tensor<1x8xf32>
// PANEL: %[[Y:.*]] = graph.add %[[R]], %[[B]] : tensor<1x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
// PANEL: return %[[Y]]
func.func @matvec_panels(%x: tensor<1x3xf32>) -> tensor<1x8xf32> {
  %w = graph.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]> : tensor<3x8xf32>
  %b = graph.constant dense<1.0> : tensor<8xf32>
  %0 = graph.linear %x, %w, %b : tensor<1x3xf32>, tensor<3x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// Not cut into panels: a product of two rows, an alpha other than 1, and a
// weight that is not a constant.
// PANEL-LABEL: func.func @matvec_not_panels
// PANEL-COUNT-3: graph.linear
// PANEL-NOT: graph.matmul
func.func @matvec_not_panels(%x: tensor<1x3xf32>, %x2: tensor<2x3xf32>, %warg: tensor<3x8xf32>) -> (tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) {
  %w = graph.constant dense<0.5> : tensor<3x8xf32>
  %0 = graph.linear %x2, %w : tensor<2x3xf32>, tensor<3x8xf32> -> tensor<2x8xf32>
  %1 = graph.linear %x, %w {alpha = 2.0 : f32} : tensor<1x3xf32>, tensor<3x8xf32> -> tensor<1x8xf32>
  %2 = graph.linear %x, %warg : tensor<1x3xf32>, tensor<3x8xf32> -> tensor<1x8xf32>
  return %0, %1, %2 : tensor<2x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// N = 31 with panel-bytes=64 (widths 16, 8, 4 or 2 f32): none divides 31,
// so 4 panels of 8 (the widest making 4 panels), the last one with one zero
// column, and the [1, 32] product is sliced back to 31 columns.
// PAD-LABEL: func.func @matvec_padded
// PANEL-LABEL: func.func @matvec_padded
// PAD-DAG: %[[W:.*]] = graph.constant dense<{{.*}}0.000000e+00]]]> : tensor<4x2x8xf32>
// PAD: %[[P:.*]] = graph.matmul %{{.*}}, %[[W]] : tensor<1x2xf32>, tensor<4x2x8xf32> -> tensor<4x1x8xf32>
// PAD: %[[R:.*]] = graph.reshape %[[P]], %{{.*}} : tensor<4x1x8xf32>, tensor<2xi64> -> tensor<1x32xf32>
// PAD: %[[S:.*]] = graph.slice %[[R]] {axes = array<i64: 1>, ends = array<i64: 31>, starts = array<i64: 0>} : tensor<1x32xf32> -> tensor<1x31xf32>
// PAD: return %[[S]]
func.func @matvec_padded(%x: tensor<1x2xf32>) -> tensor<1x31xf32> {
  %w = graph.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0, -9.0, -10.0, -11.0, -12.0, -13.0, -14.0, -15.0, -16.0, -17.0, -18.0, -19.0, -20.0, -21.0, -22.0, -23.0, -24.0, -25.0, -26.0, -27.0, -28.0, -29.0, -30.0, -31.0]]> : tensor<2x31xf32>
  %0 = graph.linear %x, %w : tensor<1x2xf32>, tensor<2x31xf32> -> tensor<1x31xf32>
  return %0 : tensor<1x31xf32>
}
