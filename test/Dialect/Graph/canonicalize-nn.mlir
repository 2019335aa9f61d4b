// The cheap folders of the neural-network ops: pooling (2-D, 3-D, global)
// that copies its input.
// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// A 1x1 window with stride 1 and no padding is the identity.
// CHECK-LABEL: func.func @max_pool2d_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x?x8xf32>)
// CHECK-NOT: graph.max_pool2d
// CHECK: return %[[X]]
func.func @max_pool2d_identity(%x: tensor<?x3x?x8xf32>) -> tensor<?x3x?x8xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>, dilations = array<i64: 2, 2>, ceil_mode = true} : tensor<?x3x?x8xf32> -> tensor<?x3x?x8xf32>
  return %0 : tensor<?x3x?x8xf32>
}

// -----

// Stride 2 subsamples: no fold.
// CHECK-LABEL: func.func @max_pool2d_strided
// CHECK: %[[P:.*]] = graph.max_pool2d
// CHECK: return %[[P]]
func.func @max_pool2d_strided(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// A result type more refined than the input's: no fold (types differ).
// CHECK-LABEL: func.func @max_pool2d_refined
// CHECK: %[[P:.*]] = graph.max_pool2d
// CHECK: return %[[P]]
func.func @max_pool2d_refined(%x: tensor<?x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>} : tensor<?x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool2d_identity
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x3xf16>)
// CHECK-NOT: graph.avg_pool2d
// CHECK: return %[[X]]
func.func @avg_pool2d_identity(%x: tensor<1x8x8x3xf16>) -> tensor<1x8x8x3xf16> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 1, 1>, count_include_pad = true, layout = #graph.layout<nhwc>} : tensor<1x8x8x3xf16> -> tensor<1x8x8x3xf16>
  return %0 : tensor<1x8x8x3xf16>
}

// -----

// A 2x1 window averages rows: no fold.
// CHECK-LABEL: func.func @avg_pool2d_window
// CHECK: %[[P:.*]] = graph.avg_pool2d
// CHECK: return %[[P]]
func.func @avg_pool2d_window(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x8xf32> {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x7x8xf32>
  return %0 : tensor<1x3x7x8xf32>
}

// -----

// CHECK-LABEL: func.func @global_avg_pool_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x1x1xf32>)
// CHECK-NOT: graph.global_avg_pool
// CHECK: return %[[X]]
func.func @global_avg_pool_identity(%x: tensor<?x?x1x1xf32>) -> tensor<?x?x1x1xf32> {
  %0 = graph.global_avg_pool %x : tensor<?x?x1x1xf32> -> tensor<?x?x1x1xf32>
  return %0 : tensor<?x?x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @global_avg_pool_reduces
// CHECK: %[[P:.*]] = graph.global_avg_pool
// CHECK: return %[[P]]
func.func @global_avg_pool_reduces(%x: tensor<2x8x1x7xf32>) -> tensor<2x8x1x1xf32> {
  %0 = graph.global_avg_pool %x : tensor<2x8x1x7xf32> -> tensor<2x8x1x1xf32>
  return %0 : tensor<2x8x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @global_max_pool_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x1x8xbf16>)
// CHECK-NOT: graph.global_max_pool
// CHECK: return %[[X]]
func.func @global_max_pool_identity(%x: tensor<2x1x1x8xbf16>) -> tensor<2x1x1x8xbf16> {
  %0 = graph.global_max_pool %x {layout = #graph.layout<nhwc>} : tensor<2x1x1x8xbf16> -> tensor<2x1x1x8xbf16>
  return %0 : tensor<2x1x1x8xbf16>
}

// -----

// Unknown spatial sizes may be larger than 1: no fold.
// CHECK-LABEL: func.func @global_max_pool_dynamic
// CHECK: %[[P:.*]] = graph.global_max_pool
// CHECK: return %[[P]]
func.func @global_max_pool_dynamic(%x: tensor<2x?x?x8xbf16>) -> tensor<2x1x1x8xbf16> {
  %0 = graph.global_max_pool %x {layout = #graph.layout<nhwc>} : tensor<2x?x?x8xbf16> -> tensor<2x1x1x8xbf16>
  return %0 : tensor<2x1x1x8xbf16>
}

// -----

// 3-D pooling: a 1x1x1 window with stride 1 and no padding is the identity.
// CHECK-LABEL: func.func @max_pool3d_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4x?x8xf32>)
// CHECK-NOT: graph.max_pool3d
// CHECK: return %[[X]]
func.func @max_pool3d_identity(%x: tensor<?x3x4x?x8xf32>) -> tensor<?x3x4x?x8xf32> {
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 1, 1, 1>, dilations = array<i64: 2, 2, 2>, ceil_mode = true} : tensor<?x3x4x?x8xf32> -> tensor<?x3x4x?x8xf32>
  return %0 : tensor<?x3x4x?x8xf32>
}

// -----

// A stride in depth subsamples: no fold.
// CHECK-LABEL: func.func @max_pool3d_strided
// CHECK: %[[P:.*]] = graph.max_pool3d
// CHECK: return %[[P]]
func.func @max_pool3d_strided(%x: tensor<1x3x8x8x8xf32>) -> tensor<1x3x4x8x8xf32> {
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 1, 1, 1>, strides = array<i64: 2, 1, 1>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x4x8x8xf32>
  return %0 : tensor<1x3x4x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool3d_identity
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x2x8x8xf16>)
// CHECK-NOT: graph.avg_pool3d
// CHECK: return %[[X]]
func.func @avg_pool3d_identity(%x: tensor<1x3x2x8x8xf16>) -> tensor<1x3x2x8x8xf16> {
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 1, 1, 1>, count_include_pad = true} : tensor<1x3x2x8x8xf16> -> tensor<1x3x2x8x8xf16>
  return %0 : tensor<1x3x2x8x8xf16>
}

// -----

// Padding makes the border windows averages with zeros: no fold.
// CHECK-LABEL: func.func @avg_pool3d_padded
// CHECK: %[[P:.*]] = graph.avg_pool3d
// CHECK: return %[[P]]
func.func @avg_pool3d_padded(%x: tensor<1x3x2x8x8xf32>) -> tensor<1x3x2x8x9xf32> {
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 1, 1, 2>, pads = array<i64: 0, 0, 1, 0, 0, 1>, count_include_pad = true} : tensor<1x3x2x8x8xf32> -> tensor<1x3x2x8x9xf32>
  return %0 : tensor<1x3x2x8x9xf32>
}

// -----

// Global pooling of 1-D and 3-D images whose spatial sizes are 1.
// CHECK-LABEL: func.func @global_pools_nd_identity
// CHECK-SAME: (%[[L:.*]]: tensor<?x8x1xf32>, %[[V:.*]]: tensor<2x1x1x1x8xf32>)
// CHECK-NOT: graph.global
// CHECK: return %[[L]], %[[V]]
func.func @global_pools_nd_identity(%l: tensor<?x8x1xf32>, %v: tensor<2x1x1x1x8xf32>) -> (tensor<?x8x1xf32>, tensor<2x1x1x1x8xf32>) {
  %0 = graph.global_avg_pool %l : tensor<?x8x1xf32> -> tensor<?x8x1xf32>
  %1 = graph.global_max_pool %v {layout = #graph.layout<nhwc>} : tensor<2x1x1x1x8xf32> -> tensor<2x1x1x1x8xf32>
  return %0, %1 : tensor<?x8x1xf32>, tensor<2x1x1x1x8xf32>
}

// -----

// One spatial size is not 1: no fold.
// CHECK-LABEL: func.func @global_avg_pool_3d_reduces
// CHECK: %[[P:.*]] = graph.global_avg_pool
// CHECK: return %[[P]]
func.func @global_avg_pool_3d_reduces(%x: tensor<2x8x1x1x3xf32>) -> tensor<2x8x1x1x1xf32> {
  %0 = graph.global_avg_pool %x : tensor<2x8x1x1x3xf32> -> tensor<2x8x1x1x1xf32>
  return %0 : tensor<2x8x1x1x1xf32>
}

// -----

// Widening casts of bytes to i32 fold into their product, which multiplies
// bytes into i32 itself (each with its own signedness); a cast of wider
// integers, or of one operand only, stays.
// CHECK-LABEL: func.func @matmul_of_widened_bytes
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xui8>, %[[W:.*]]: tensor<8x2xi8>, %[[V:.*]]: tensor<8x2xi16>)
// CHECK-DAG: %[[XI:.*]] = graph.cast %[[X]]
// CHECK-DAG: %[[VI:.*]] = graph.cast %[[V]]
// CHECK-DAG: %[[P:.*]] = graph.matmul %[[X]], %[[W]] : tensor<4x8xui8>, tensor<8x2xi8> -> tensor<4x2xi32>
// CHECK: %[[Q:.*]] = graph.matmul %[[XI]], %[[VI]] : tensor<4x8xi32>, tensor<8x2xi32> -> tensor<4x2xi32>
// CHECK: return %[[P]], %[[Q]]
func.func @matmul_of_widened_bytes(%x: tensor<4x8xui8>, %w: tensor<8x2xi8>, %v: tensor<8x2xi16>) -> (tensor<4x2xi32>, tensor<4x2xi32>) {
  %xi = graph.cast %x : tensor<4x8xui8> -> tensor<4x8xi32>
  %wi = graph.cast %w : tensor<8x2xi8> -> tensor<8x2xi32>
  %vi = graph.cast %v : tensor<8x2xi16> -> tensor<8x2xi32>
  %0 = graph.matmul %xi, %wi : tensor<4x8xi32>, tensor<8x2xi32> -> tensor<4x2xi32>
  %1 = graph.matmul %xi, %vi : tensor<4x8xi32>, tensor<8x2xi32> -> tensor<4x2xi32>
  return %0, %1 : tensor<4x2xi32>, tensor<4x2xi32>
}
