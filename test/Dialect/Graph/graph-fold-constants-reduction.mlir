// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s
// RUN: strata-opt %s --graph-fold-constants=max-elements=4 -split-input-file | FileCheck %s --check-prefix=SMALL

// graph-fold-constants on reductions: the reference evaluator's values,
// checked exactly (floats as MLIR prints them after rounding to the element
// type). Expected values were computed independently with numpy (in double,
// rounded once to the element type).

// CHECK-LABEL: func.func @reduce_sum_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[6.000000e+00, 1.550000e+01]> : tensor<2xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<2.150000e+01> : tensor<1x1xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}5.000000e+00, 7.000000e+00, 9.500000e+00]]> : tensor<1x3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<2.150000e+01> : tensor<f32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @reduce_sum_f32() -> (tensor<2xf32>, tensor<1x1xf32>, tensor<1x3xf32>, tensor<f32>) {
  %x = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xf32>
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  %1 = graph.reduce_sum %x : tensor<2x3xf32> -> tensor<1x1xf32>
  %2 = graph.reduce_sum %x {axes = array<i64: -2>} : tensor<2x3xf32> -> tensor<1x3xf32>
  %3 = graph.reduce_sum %x {axes = array<i64: 1, 0>, keepdims = false} : tensor<2x3xf32> -> tensor<f32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<1x1xf32>, tensor<1x3xf32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @reduce_axes_i32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}-9, -6, -3, 0], [27, 30, 33, 36]]> : tensor<2x4xi32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}[8], [12], [16]]]> : tensor<1x3x1xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}[-7], [-3], [1]]]> : tensor<1x3x1xi32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[1411200, 0, 1048320]> : tensor<3xi32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @reduce_axes_i32() -> (tensor<2x4xi32>, tensor<1x3x1xi32>, tensor<1x3x1xi32>, tensor<3xi32>) {
  %x = graph.constant dense<[[[-7, -6, -5, -4], [-3, -2, -1, 0], [1, 2, 3, 4]], [[5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]> : tensor<2x3x4xi32>
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<2x3x4xi32> -> tensor<2x4xi32>
  %1 = graph.reduce_max %x {axes = array<i64: 0, 2>} : tensor<2x3x4xi32> -> tensor<1x3x1xi32>
  %2 = graph.reduce_min %x {axes = array<i64: 2, 0>} : tensor<2x3x4xi32> -> tensor<1x3x1xi32>
  %3 = graph.reduce_prod %x {axes = array<i64: 0, -1>, keepdims = false} : tensor<2x3x4xi32> -> tensor<3xi32>
  return %0, %1, %2, %3 : tensor<2x4xi32>, tensor<1x3x1xi32>, tensor<1x3x1xi32>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @integer_wraparound
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<44> : tensor<i8>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<-112> : tensor<i8>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<4294967296> : tensor<i64>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @integer_wraparound() -> (tensor<i8>, tensor<i8>, tensor<i64>) {
  %x = graph.constant dense<[100, 100, 100]> : tensor<3xi8>
  %0 = graph.reduce_sum %x {keepdims = false} : tensor<3xi8> -> tensor<i8>
  %y = graph.constant dense<[16, 9]> : tensor<2xi8>
  %1 = graph.reduce_prod %y {keepdims = false} : tensor<2xi8> -> tensor<i8>
  %z = graph.constant dense<[4294967296, 4294967297]> : tensor<2xi64>
  %2 = graph.reduce_prod %z {keepdims = false} : tensor<2xi64> -> tensor<i64>
  return %0, %1, %2 : tensor<i8>, tensor<i8>, tensor<i64>
}

// -----

// CHECK-LABEL: func.func @half_precision
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<2.050000e+03> : tensor<f16>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<1.015630e+00> : tensor<1xbf16>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[1.500000e+00, 1.499020e-01]> : tensor<2xf16>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @half_precision() -> (tensor<f16>, tensor<1xbf16>, tensor<2xf16>) {
  %x = graph.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %0 = graph.reduce_sum %x {keepdims = false} : tensor<3xf16> -> tensor<f16>
  %y = graph.constant dense<[1.0, 0.00390625, 0.00390625, 0.00390625]> : tensor<4xbf16>
  %1 = graph.reduce_sum %y : tensor<4xbf16> -> tensor<1xbf16>
  %z = graph.constant dense<[[1.0, 2.0], [0.1, 0.2]]> : tensor<2x2xf16>
  %2 = graph.reduce_mean %z {axes = array<i64: 1>, keepdims = false} : tensor<2x2xf16> -> tensor<2xf16>
  return %0, %1, %2 : tensor<f16>, tensor<1xbf16>, tensor<2xf16>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_prod_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}0.000000e+00, 2.500000e+00]]> : tensor<1x2xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[2.000000e+00, 1.500000e+01, -2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<1.250000e+00> : tensor<f32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @reduce_mean_prod_f32() -> (tensor<1x2xf32>, tensor<3xf32>, tensor<f32>) {
  %x = graph.constant dense<[[1.0, 2.0], [3.0, 5.0], [-4.0, 0.5]]> : tensor<3x2xf32>
  %0 = graph.reduce_mean %x {axes = array<i64: 0>} : tensor<3x2xf32> -> tensor<1x2xf32>
  %1 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : tensor<3x2xf32> -> tensor<3xf32>
  %2 = graph.reduce_mean %x {keepdims = false} : tensor<3x2xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<1x2xf32>, tensor<3xf32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @max_min_nan_zeros
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0x7FC00000, 0.000000e+00, -2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[0x7FC00000, -0.000000e+00, -3.000000e+00]> : tensor<3xf32>
// CHECK: return %[[R0]], %[[R1]]
func.func @max_min_nan_zeros() -> (tensor<3xf32>, tensor<3xf32>) {
  %x = graph.constant dense<[[1.0, 0x7FC00000], [-0.0, 0.0], [-3.0, -2.0]]> : tensor<3x2xf32>
  %0 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<3x2xf32> -> tensor<3xf32>
  %1 = graph.reduce_min %x {axes = array<i64: 1>, keepdims = false} : tensor<3x2xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @empty_reductions
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<1> : tensor<2x1xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<0x7FC00000> : tensor<2xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<> : tensor<0x1xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @empty_reductions() -> (tensor<2xf32>, tensor<2x1xi32>, tensor<2xf32>, tensor<0x1xf32>) {
  %x = graph.constant dense<> : tensor<2x0xf32>
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<2x0xf32> -> tensor<2xf32>
  %i = graph.constant dense<> : tensor<2x0xi32>
  %1 = graph.reduce_prod %i {axes = array<i64: 1>} : tensor<2x0xi32> -> tensor<2x1xi32>
  %2 = graph.reduce_mean %x {axes = array<i64: 1>, keepdims = false} : tensor<2x0xf32> -> tensor<2xf32>
  %y = graph.constant dense<> : tensor<0x3xf32>
  %3 = graph.reduce_max %y {axes = array<i64: 1>} : tensor<0x3xf32> -> tensor<0x1xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2x1xi32>, tensor<2xf32>, tensor<0x1xf32>
}

// -----

// CHECK-LABEL: func.func @argmax_argmin_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[1, 0, 0]> : tensor<3xi64>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}2], [2], [1]]> : tensor<3x1xi64>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0, 0, 2]> : tensor<3xi64>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[0, 2, 2]> : tensor<3xi64>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<{{\[\[}}1, 0, 1]]> : tensor<1x3xi64>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @argmax_argmin_f32() -> (tensor<3xi64>, tensor<3x1xi64>, tensor<3xi64>, tensor<3xi64>, tensor<1x3xi64>) {
  %x = graph.constant dense<[[1.0, 3.0, 3.0], [0x7FC00000, 2.0, 0x7FC00000], [0.0, -0.0, -1.0]]> : tensor<3x3xf32>
  %0 = graph.argmax %x {axis = 1 : i64, keepdims = false} : tensor<3x3xf32> -> tensor<3xi64>
  %1 = graph.argmax %x {axis = -1 : i64, select_last_index = true} : tensor<3x3xf32> -> tensor<3x1xi64>
  %2 = graph.argmin %x {axis = 1 : i64, keepdims = false} : tensor<3x3xf32> -> tensor<3xi64>
  %3 = graph.argmin %x {axis = 1 : i64, keepdims = false, select_last_index = true} : tensor<3x3xf32> -> tensor<3xi64>
  %4 = graph.argmax %x : tensor<3x3xf32> -> tensor<1x3xi64>
  return %0, %1, %2, %3, %4 : tensor<3xi64>, tensor<3x1xi64>, tensor<3xi64>, tensor<3xi64>, tensor<1x3xi64>
}

// -----

// CHECK-LABEL: func.func @argmax_argmin_i8
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}[1, 0]], {{\[\[}}0, 1]]]> : tensor<2x1x2xi64>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}0, 1], [1, 1]]> : tensor<2x2xi64>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @argmax_argmin_i8() -> (tensor<2x2xi64>, tensor<2x1x2xi64>, tensor<2x2xi64>) {
  %x = graph.constant dense<[[[5, -1], [5, 7]], [[-128, 7], [2, 7]]]> : tensor<2x2x2xi8>
  %0 = graph.argmax %x {axis = 1 : i64, keepdims = false} : tensor<2x2x2xi8> -> tensor<2x2xi64>
  %1 = graph.argmin %x {axis = 1 : i64, select_last_index = true} : tensor<2x2x2xi8> -> tensor<2x1x2xi64>
  %2 = graph.argmax %x {axis = 2 : i64, keepdims = false, select_last_index = true} : tensor<2x2x2xi8> -> tensor<2x2xi64>
  return %0, %1, %2 : tensor<2x2xi64>, tensor<2x1x2xi64>, tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @no_fold_empty
// CHECK: graph.reduce_max
// CHECK: graph.reduce_min
// CHECK: graph.argmax
// CHECK: graph.argmin
func.func @no_fold_empty() -> (tensor<1x3xf32>, tensor<i32>, tensor<2xi64>, tensor<1x3xi64>) {
  %x = graph.constant dense<> : tensor<0x3xf32>
  %0 = graph.reduce_max %x {axes = array<i64: 0>} : tensor<0x3xf32> -> tensor<1x3xf32>
  %i = graph.constant dense<> : tensor<0xi32>
  %1 = graph.reduce_min %i {keepdims = false} : tensor<0xi32> -> tensor<i32>
  %y = graph.constant dense<> : tensor<2x0xf32>
  %2 = graph.argmax %y {axis = 1 : i64, keepdims = false} : tensor<2x0xf32> -> tensor<2xi64>
  %3 = graph.argmin %x : tensor<0x3xf32> -> tensor<1x3xi64>
  return %0, %1, %2, %3 : tensor<1x3xf32>, tensor<i32>, tensor<2xi64>, tensor<1x3xi64>
}

// -----

// CHECK-LABEL: func.func @max_elements
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[7, 9, 11, 13, 15]> : tensor<5xi64>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[15, 40]> : tensor<2xi64>
// CHECK: return %[[R0]], %[[R1]]
// SMALL-LABEL: func.func @max_elements
// SMALL-DAG: %[[FOLDED:.*]] = graph.constant dense<[15, 40]> : tensor<2xi64>
// SMALL-DAG: %[[KEPT:.*]] = graph.reduce_sum %{{.*}} {axes = array<i64: 0>, keepdims = false} : tensor<2x5xi64> -> tensor<5xi64>
// SMALL: return %[[KEPT]], %[[FOLDED]]
func.func @max_elements() -> (tensor<5xi64>, tensor<2xi64>) {
  %x = graph.constant dense<[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]> : tensor<2x5xi64>
  %0 = graph.reduce_sum %x {axes = array<i64: 0>, keepdims = false} : tensor<2x5xi64> -> tensor<5xi64>
  %1 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<2x5xi64> -> tensor<2xi64>
  return %0, %1 : tensor<5xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @dense_resource
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[6, 5]> : tensor<2xi32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1, 1, 0]> : tensor<3xi64>
// CHECK: return %[[R0]], %[[R1]]
func.func @dense_resource() -> (tensor<2xi32>, tensor<3xi64>) {
  %w = graph.constant dense_resource<weights> : tensor<2x3xi32>
  %0 = graph.reduce_sum %w {axes = array<i64: 1>, keepdims = false} : tensor<2x3xi32> -> tensor<2xi32>
  %1 = graph.argmin %w {keepdims = false} : tensor<2x3xi32> -> tensor<3xi64>
  return %0, %1 : tensor<2xi32>, tensor<3xi64>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x0400000003000000FFFFFFFF0400000001000000FBFFFFFF09000000"
    }
  }
#-}

// -----

// dynamic_reduce with constant axes (mean of rows 15.5 / 3, products of
// columns, max of all).
// CHECK-LABEL: func.func @dynamic_reduce
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}2.000000e+00], [5.16666651]]> : tensor<2x1xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[3, -10, -28]> : tensor<3xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<6.500000e+00> : tensor<1x1xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @dynamic_reduce() -> (tensor<2x1xf32>, tensor<3xi32>, tensor<1x1xf32>) {
  %x = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xf32>
  %i = graph.constant dense<[[3, -2, 7], [1, 5, -4]]> : tensor<2x3xi32>
  %a = graph.constant dense<1> : tensor<1xi64>
  %b = graph.constant dense<-2> : tensor<1xi64>
  %e = graph.constant dense<> : tensor<0xi64>
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<mean>} : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x1xf32>
  %1 = graph.dynamic_reduce %i, %b {kind = #graph.reduce_kind<prod>, keepdims = false} : tensor<2x3xi32>, tensor<1xi64> -> tensor<3xi32>
  %2 = graph.dynamic_reduce %x, %e {kind = #graph.reduce_kind<max>} : tensor<2x3xf32>, tensor<0xi64> -> tensor<1x1xf32>
  return %0, %1, %2 : tensor<2x1xf32>, tensor<3xi32>, tensor<1x1xf32>
}

// -----

// cumsum: rows of floats (inclusive), reverse exclusive i32 along a 0-D i32
// axis of -1 (the first exclusive sum is 0).
// CHECK-LABEL: func.func @cumsum
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00, 6.000000e+00], [4.000000e+00, 9.000000e+00, 1.550000e+01]]> : tensor<2x3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}5, 7, 0], [1, -4, 0]]> : tensor<2x3xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [5.000000e+00, 7.000000e+00, 9.500000e+00]]> : tensor<2x3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @cumsum() -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>) {
  %x = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]]> : tensor<2x3xf32>
  %i = graph.constant dense<[[3, -2, 7], [1, 5, -4]]> : tensor<2x3xi32>
  %one = graph.constant dense<1> : tensor<i64>
  %last = graph.constant dense<-1> : tensor<i32>
  %zero = graph.constant dense<0> : tensor<1xi64>
  %0 = graph.cumsum %x, %one : tensor<2x3xf32>, tensor<i64> -> tensor<2x3xf32>
  %1 = graph.cumsum %i, %last {exclusive = true, reverse = true} : tensor<2x3xi32>, tensor<i32> -> tensor<2x3xi32>
  %2 = graph.cumsum %x, %zero : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>
}

// -----

// top_k: the 2 largest per row, ties to the lower index; the smallest per
// column of ui8 (unsigned order: 200 is large); k = 0 gives empty results.
// CHECK-LABEL: func.func @top_k
// CHECK-DAG: %[[V:.*]] = graph.constant dense<{{\[\[}}3.000000e+00, 3.000000e+00], [5.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-DAG: %[[I:.*]] = graph.constant dense<{{\[\[}}0, 2], [1, 0]]> : tensor<2x2xi64>
// CHECK-DAG: %[[SV:.*]] = graph.constant dense<{{\[\[}}1, 7, 200]]> : tensor<1x3xui8>
// CHECK-DAG: %[[SI:.*]] = graph.constant dense<{{\[\[}}1, 0, 1]]> : tensor<1x3xi64>
// CHECK-DAG: %[[EV:.*]] = graph.constant dense<> : tensor<2x0xf32>
// CHECK: return %[[V]], %[[I]], %[[SV]], %[[SI]], %[[EV]]
func.func @top_k() -> (tensor<2x2xf32>, tensor<2x2xi64>, tensor<1x3xui8>, tensor<1x3xi64>, tensor<2x0xf32>) {
  %x = graph.constant dense<[[3.0, 1.0, 3.0], [4.0, 5.0, -1.0]]> : tensor<2x3xf32>
  %u = graph.constant dense<[[200, 7, 255], [1, 9, 200]]> : tensor<2x3xui8>
  %k2 = graph.constant dense<2> : tensor<1xi64>
  %k1 = graph.constant dense<1> : tensor<1xi64>
  %k0 = graph.constant dense<0> : tensor<1xi64>
  %0:2 = graph.top_k %x, %k2 : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x2xf32>, tensor<2x2xi64>
  %1:2 = graph.top_k %u, %k1 {axis = 0 : i64, largest = false} : tensor<2x3xui8>, tensor<1xi64> -> tensor<1x3xui8>, tensor<1x3xi64>
  %2:2 = graph.top_k %x, %k0 : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x0xf32>, tensor<2x0xi64>
  return %0#0, %0#1, %1#0, %1#1, %2#0 : tensor<2x2xf32>, tensor<2x2xi64>, tensor<1x3xui8>, tensor<1x3xi64>, tensor<2x0xf32>
}
