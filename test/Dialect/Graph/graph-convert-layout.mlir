// RUN: strata-opt %s --graph-convert-layout -split-input-file | FileCheck %s
// RUN: strata-opt %s --graph-convert-layout=target-layout=nchw -split-input-file | FileCheck %s --check-prefix=NCHW
// RUN: strata-opt %s --graph-convert-layout --graph-fold-constants -split-input-file | FileCheck %s --check-prefix=FOLD
// The numeric oracle runs each static function before and after the pass on
// the same random inputs with the reference evaluator; it errors on a
// mismatch.
// RUN: strata-opt %s -split-input-file -mlir-print-op-on-diagnostic=false -o /dev/null \
// RUN:   --test-graph-compare-pipeline='pipeline=graph-convert-layout' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORACLE
// RUN: strata-opt %s -split-input-file -mlir-print-op-on-diagnostic=false -o /dev/null \
// RUN:   --test-graph-compare-pipeline='pipeline=graph-convert-layout{target-layout=nchw}' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ORACLE
// RUN: not strata-opt %s --graph-convert-layout=target-layout=nwhc -split-input-file 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// BAD: error: graph-convert-layout: unknown target-layout 'nwhc', expected 'nhwc' or 'nchw'

// conv -> batch_norm -> relu -> max_pool -> conv -> add(residual) ->
// global_avg_pool -> flatten: one transpose after the argument, one before
// flatten; the filter transposes are on constants and fold away.

// ORACLE: remark: pipeline preserves @network: 1 result(s) match
// CHECK-LABEL: func.func @network
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x6x6xf32>, %[[S:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>, %[[M:.*]]: tensor<2xf32>, %[[V:.*]]: tensor<2xf32>)
// CHECK-DAG: %[[W1:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, -2.000000e+00
// CHECK-DAG: %[[W2:.*]] = graph.constant dense<{{\[\[\[\[}}-1.000000e+00, 2.000000e+00
// CHECK: %[[XT:.*]] = graph.transpose %[[X]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x6x6xf32> -> tensor<1x6x6x2xf32>
// CHECK-NEXT: %[[W1T:.*]] = graph.transpose %[[W1]] {perm = array<i64: 0, 2, 3, 1>} : tensor<2x2x3x3xf32> -> tensor<2x3x3x2xf32>
// CHECK-NEXT: %[[C1:.*]] = graph.conv2d %[[XT]], %[[W1T]] {layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x6x6x2xf32>, tensor<2x3x3x2xf32> -> tensor<1x6x6x2xf32>
// CHECK-NEXT: %[[BN:.*]] = graph.batch_norm %[[C1]], %[[S]], %[[B]], %[[M]], %[[V]] {axis = 3 : i64} : tensor<1x6x6x2xf32>, {{.*}} -> tensor<1x6x6x2xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[BN]] : tensor<1x6x6x2xf32> -> tensor<1x6x6x2xf32>
// CHECK-NEXT: %[[P:.*]] = graph.max_pool2d %[[R]] {kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>, strides = array<i64: 2, 2>} : tensor<1x6x6x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[W2T:.*]] = graph.transpose %[[W2]] {perm = array<i64: 0, 2, 3, 1>} : tensor<2x2x3x3xf32> -> tensor<2x3x3x2xf32>
// CHECK-NEXT: %[[C2:.*]] = graph.conv2d %[[P]], %[[W2T]] {layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>}
// CHECK-NEXT: %[[A:.*]] = graph.add %[[C2]], %[[P]] : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[G:.*]] = graph.global_avg_pool %[[A]] {layout = #graph.layout<nhwc>} : tensor<1x3x3x2xf32> -> tensor<1x1x1x2xf32>
// CHECK-NEXT: %[[GT:.*]] = graph.transpose %[[G]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x1x1x2xf32> -> tensor<1x2x1x1xf32>
// CHECK-NEXT: %[[F:.*]] = graph.flatten %[[GT]] : tensor<1x2x1x1xf32> -> tensor<1x2xf32>
// CHECK-NEXT: return %[[F]]

// Once graph-fold-constants has transposed the weights, exactly the two
// boundary transposes remain.
// FOLD-LABEL: func.func @network
// FOLD-NOT: graph.transpose
// FOLD: graph.transpose %arg0 {perm = array<i64: 0, 2, 3, 1>}
// FOLD-NOT: graph.transpose
// FOLD: graph.transpose %{{.*}} {perm = array<i64: 0, 3, 1, 2>} : tensor<1x1x1x2xf32> -> tensor<1x2x1x1xf32>
// FOLD-NEXT: graph.flatten
// FOLD-NOT: graph.transpose
// FOLD: return

// With target nchw, the network (already NCHW) is left alone.
// NCHW-LABEL: func.func @network
// NCHW-NOT: graph.transpose
// NCHW-NOT: layout
// NCHW: return
func.func @network(%x: tensor<1x2x6x6xf32>, %scale: tensor<2xf32>, %shift: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>) -> tensor<1x2xf32> {
  %w1 = graph.constant dense<[[[[1.0, -2.0, 3.0], [0.5, 0.25, -1.0], [2.0, 1.5, -0.5]], [[-1.0, 0.0, 1.0], [2.0, -3.0, 0.5], [1.0, 1.0, -2.0]]], [[[0.5, 1.0, -1.5], [-2.0, 2.5, 1.0], [0.0, -1.0, 3.0]], [[1.0, 2.0, 3.0], [-1.0, -2.0, -3.0], [0.5, -0.5, 1.5]]]]> : tensor<2x2x3x3xf32>
  %w2 = graph.constant dense<[[[[-1.0, 2.0, 0.5], [1.0, -0.25, 3.0], [0.0, 1.0, -1.0]], [[2.0, 1.0, -2.0], [0.5, 1.5, -0.5], [-3.0, 1.0, 2.0]]], [[[1.0, 0.0, 1.0], [-1.0, 2.0, -2.0], [0.25, 0.5, 0.75]], [[-0.5, 1.0, 2.5], [1.0, -1.0, 1.0], [2.0, 0.0, -1.0]]]]> : tensor<2x2x3x3xf32>
  %c1 = graph.conv2d %x, %w1 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x6x6xf32>
  %bn = graph.batch_norm %c1, %scale, %shift, %mean, %var : tensor<1x2x6x6xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x6x6xf32>
  %r = graph.relu %bn : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  %p = graph.max_pool2d %r {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x2x6x6xf32> -> tensor<1x2x3x3xf32>
  %c2 = graph.conv2d %p, %w2 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %a = graph.add %c2, %p : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %g = graph.global_avg_pool %a : tensor<1x2x3x3xf32> -> tensor<1x2x1x1xf32>
  %f = graph.flatten %g : tensor<1x2x1x1xf32> -> tensor<1x2xf32>
  return %f : tensor<1x2xf32>
}

// -----

// Spatial attributes stay; the OIHW filter becomes OHWI; the bias stays.

// ORACLE: remark: pipeline preserves @conv2d: 1 result(s) match
// CHECK-LABEL: func.func @conv2d
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x9x7xf32>, %[[W:.*]]: tensor<6x2x3x2xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK-NEXT: %[[XT:.*]] = graph.transpose %[[X]] {perm = array<i64: 0, 2, 3, 1>} : tensor<2x4x9x7xf32> -> tensor<2x9x7x4xf32>
// CHECK-NEXT: %[[WT:.*]] = graph.transpose %[[W]] {perm = array<i64: 0, 2, 3, 1>} : tensor<6x2x3x2xf32> -> tensor<6x3x2x2xf32>
// CHECK-NEXT: %[[C:.*]] = graph.conv2d %[[XT]], %[[WT]], %[[B]] {dilations = array<i64: 1, 2>, groups = 2 : i64, layout = #graph.layout<nhwc>, pads = array<i64: 1, 0, 0, 1>, strides = array<i64: 2, 2>} : tensor<2x9x7x4xf32>, tensor<6x3x2x2xf32>, tensor<6xf32> -> tensor<2x4x3x6xf32>
// CHECK-NEXT: %[[CT:.*]] = graph.transpose %[[C]] {perm = array<i64: 0, 3, 1, 2>} : tensor<2x4x3x6xf32> -> tensor<2x6x4x3xf32>
// CHECK-NEXT: return %[[CT]]
func.func @conv2d(%x: tensor<2x4x9x7xf32>, %w: tensor<6x2x3x2xf32>, %b: tensor<6xf32>) -> tensor<2x6x4x3xf32> {
  %0 = graph.conv2d %x, %w, %b {strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 0, 1>, dilations = array<i64: 1, 2>, groups = 2 : i64} : tensor<2x4x9x7xf32>, tensor<6x2x3x2xf32>, tensor<6xf32> -> tensor<2x6x4x3xf32>
  return %0 : tensor<2x6x4x3xf32>
}

// -----

// CHECK-LABEL: func.func @conv2d_dynamic
// CHECK-NEXT: graph.transpose %arg0 {perm = array<i64: 0, 2, 3, 1>} : tensor<?x3x?x?xf32> -> tensor<?x?x?x3xf32>
// CHECK-NEXT: graph.transpose %arg1 {perm = array<i64: 0, 2, 3, 1>} : tensor<8x3x3x3xf32> -> tensor<8x3x3x3xf32>
// CHECK-NEXT: graph.conv2d {{.*}} {layout = #graph.layout<nhwc>} : tensor<?x?x?x3xf32>, tensor<8x3x3x3xf32> -> tensor<?x?x?x8xf32>
// CHECK-NEXT: graph.transpose {{.*}} {perm = array<i64: 0, 3, 1, 2>} : tensor<?x?x?x8xf32> -> tensor<?x8x?x?xf32>
func.func @conv2d_dynamic(%x: tensor<?x3x?x?xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<?x8x?x?xf32> {
  %0 = graph.conv2d %x, %w : tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32> -> tensor<?x8x?x?xf32>
  return %0 : tensor<?x8x?x?xf32>
}

// -----

// The IOHW filter becomes IHWO.

// ORACLE: remark: pipeline preserves @conv_transpose2d: 1 result(s) match
// CHECK-LABEL: func.func @conv_transpose2d
// CHECK-NEXT: %[[XT:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x4x3x3xf32> -> tensor<1x3x3x4xf32>
// CHECK-NEXT: %[[WT:.*]] = graph.transpose %arg1 {perm = array<i64: 0, 2, 3, 1>} : tensor<4x3x2x3xf32> -> tensor<4x2x3x3xf32>
// CHECK-NEXT: %[[C:.*]] = graph.conv_transpose2d %[[XT]], %[[WT]], %arg2 {groups = 2 : i64, layout = #graph.layout<nhwc>, output_padding = array<i64: 1, 0>, pads = array<i64: 0, 1, 0, 0>, strides = array<i64: 2, 3>} : tensor<1x3x3x4xf32>, tensor<4x2x3x3xf32>, tensor<6xf32> -> tensor<1x7x8x6xf32>
// CHECK-NEXT: %[[CT:.*]] = graph.transpose %[[C]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x7x8x6xf32> -> tensor<1x6x7x8xf32>
// CHECK-NEXT: return %[[CT]]
func.func @conv_transpose2d(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x2x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x7x8xf32> {
  %0 = graph.conv_transpose2d %x, %w, %b {strides = array<i64: 2, 3>, groups = 2 : i64, output_padding = array<i64: 1, 0>, pads = array<i64: 0, 1, 0, 0>} : tensor<1x4x3x3xf32>, tensor<4x3x2x3xf32>, tensor<6xf32> -> tensor<1x6x7x8xf32>
  return %0 : tensor<1x6x7x8xf32>
}

// -----

// The four pools share one input transpose; results go back to NCHW for the
// function results.

// ORACLE: remark: pipeline preserves @pools: 4 result(s) match
// CHECK-LABEL: func.func @pools
// CHECK-NEXT: %[[XT:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x7x7xf32> -> tensor<1x7x7x3xf32>
// CHECK-NEXT: %[[P0:.*]] = graph.max_pool2d %[[XT]] {kernel_shape = array<i64: 3, 3>, layout = #graph.layout<nhwc>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : tensor<1x7x7x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[R0:.*]] = graph.transpose %[[P0]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x3xf32> -> tensor<1x3x4x4xf32>
// CHECK-NEXT: %[[P1:.*]] = graph.avg_pool2d %[[XT]] {count_include_pad = true, kernel_shape = array<i64: 3, 2>, layout = #graph.layout<nhwc>, pads = array<i64: 1, 0, 0, 1>, strides = array<i64: 2, 3>} : tensor<1x7x7x3xf32> -> tensor<1x3x3x3xf32>
// CHECK-NEXT: %[[R1:.*]] = graph.transpose %[[P1]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[P2:.*]] = graph.global_avg_pool %[[XT]] {layout = #graph.layout<nhwc>} : tensor<1x7x7x3xf32> -> tensor<1x1x1x3xf32>
// CHECK-NEXT: %[[R2:.*]] = graph.transpose %[[P2]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x1x1x3xf32> -> tensor<1x3x1x1xf32>
// CHECK-NEXT: %[[P3:.*]] = graph.global_max_pool %[[XT]] {layout = #graph.layout<nhwc>} : tensor<1x7x7x3xf32> -> tensor<1x1x1x3xf32>
// CHECK-NEXT: %[[R3:.*]] = graph.transpose %[[P3]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x1x1x3xf32> -> tensor<1x3x1x1xf32>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @pools(%x: tensor<1x3x7x7xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x3x3xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) {
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x3x7x7xf32> -> tensor<1x3x4x4xf32>
  %1 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 2>, strides = array<i64: 2, 3>, pads = array<i64: 1, 0, 0, 1>, count_include_pad = true} : tensor<1x3x7x7xf32> -> tensor<1x3x3x3xf32>
  %2 = graph.global_avg_pool %x : tensor<1x3x7x7xf32> -> tensor<1x3x1x1xf32>
  %3 = graph.global_max_pool %x : tensor<1x3x7x7xf32> -> tensor<1x3x1x1xf32>
  return %0, %1, %2, %3 : tensor<1x3x4x4xf32>, tensor<1x3x3x3xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>
}

// -----

// Dilated average and unsigned max pools convert too: their [h, w] lists do
// not depend on the layout.

// ORACLE: remark: pipeline preserves @pools_dilated_unsigned: 2 result(s) match
// CHECK-LABEL: func.func @pools_dilated_unsigned
// CHECK: graph.avg_pool2d %{{.*}} {dilations = array<i64: 2, 1>, kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>, pads = array<i64: 1, 0, 0, 1>} : tensor<1x5x5x3xf32> -> tensor<1x4x5x3xf32>
// CHECK: graph.max_pool2d %{{.*}} {dilations = array<i64: 1, 2>, kernel_shape = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x5x5x3xui8> -> tensor<1x4x3x3xui8>
func.func @pools_dilated_unsigned(%x: tensor<1x3x5x5xf32>, %u: tensor<1x3x5x5xui8>) -> (tensor<1x3x4x5xf32>, tensor<1x3x4x3xui8>) {
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 0, 0, 1>} : tensor<1x3x5x5xf32> -> tensor<1x3x4x5xf32>
  %1 = graph.max_pool2d %u {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 1, 2>} : tensor<1x3x5x5xui8> -> tensor<1x3x4x3xui8>
  return %0, %1 : tensor<1x3x4x5xf32>, tensor<1x3x4x3xui8>
}

// -----

// Unary ops (with their attributes, and a cast) follow the conv into NHWC.

// ORACLE: remark: pipeline preserves @unary_chain: 1 result(s) match
// CHECK-LABEL: func.func @unary_chain
// CHECK: %[[C:.*]] = graph.conv2d {{.*}} -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[U0:.*]] = graph.sigmoid %[[C]] : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[U1:.*]] = graph.leaky_relu %[[U0]] {alpha = 2.000000e-01 : f32} : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[U2:.*]] = graph.clip %[[U1]] {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[U3:.*]] = graph.cast %[[U2]] : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf16>
// CHECK-NEXT: %[[T:.*]] = graph.transpose %[[U3]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x3xf16> -> tensor<1x3x4x4xf16>
// CHECK-NEXT: return %[[T]]
func.func @unary_chain(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>) -> tensor<1x3x4x4xf16> {
  %c = graph.conv2d %x, %w : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
  %0 = graph.sigmoid %c : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %1 = graph.leaky_relu %0 {alpha = 0.2 : f32} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %2 = graph.clip %1 {min = 0.0, max = 6.0} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %3 = graph.cast %2 : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf16>
  return %3 : tensor<1x3x4x4xf16>
}

// -----

// Broadcast operands: the per-channel bias [C,1,1] becomes [1,1,C], the
// scalar stays, a [W] row argument is reshaped to [1,1,W,1], and a rank-4
// constant is transposed (folded later by graph-fold-constants).

// ORACLE: remark: pipeline preserves @binary_broadcast: 1 result(s) match
// CHECK-LABEL: func.func @binary_broadcast
// CHECK-SAME: %[[ROW:[^:]*]]: tensor<4xf32>
// CHECK-DAG: %[[S:.*]] = graph.constant dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[K:.*]] = graph.constant dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]{{.*}} : tensor<1x3x2x4xf32>
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK-NEXT: %[[BIAS:.*]] = graph.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]]> : tensor<1x1x3xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %[[C]], %[[BIAS]] : tensor<1x2x4x3xf32>, tensor<1x1x3xf32> -> tensor<1x2x4x3xf32>
// CHECK-NEXT: %[[M:.*]] = graph.mul %[[S]], %[[A]] : tensor<f32>, tensor<1x2x4x3xf32> -> tensor<1x2x4x3xf32>
// CHECK-NEXT: %[[RU:.*]] = graph.unsqueeze %[[ROW]] {axes = array<i64: 0, 1, 3>} : tensor<4xf32> -> tensor<1x1x4x1xf32>
// CHECK-NEXT: %[[SUB:.*]] = graph.sub %[[M]], %[[RU]] : tensor<1x2x4x3xf32>, tensor<1x1x4x1xf32> -> tensor<1x2x4x3xf32>
// CHECK-NEXT: %[[KT:.*]] = graph.transpose %[[K]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x2x4xf32> -> tensor<1x2x4x3xf32>
// CHECK-NEXT: %[[D:.*]] = graph.div %[[SUB]], %[[KT]] : tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32> -> tensor<1x2x4x3xf32>
// CHECK-NEXT: %[[P:.*]] = graph.max_pool2d %[[D]] {kernel_shape = array<i64: 1, 1>, layout = #graph.layout<nhwc>}
// CHECK-NEXT: %[[T:.*]] = graph.transpose %[[P]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x2x4x3xf32> -> tensor<1x3x2x4xf32>
// CHECK-NEXT: return %[[T]]
func.func @binary_broadcast(%x: tensor<1x3x2x4xf32>, %w: tensor<3x3x1x1xf32>, %row: tensor<4xf32>) -> tensor<1x3x2x4xf32> {
  %bias = graph.constant dense<[[[1.0]], [[2.0]], [[3.0]]]> : tensor<3x1x1xf32>
  %s = graph.constant dense<0.5> : tensor<f32>
  %k = graph.constant dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]], [[9.0, 10.0, 11.0, 12.0], [13.0, 14.0, 15.0, 16.0]], [[17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0]]]]> : tensor<1x3x2x4xf32>
  %c = graph.conv2d %x, %w : tensor<1x3x2x4xf32>, tensor<3x3x1x1xf32> -> tensor<1x3x2x4xf32>
  %0 = graph.add %c, %bias : tensor<1x3x2x4xf32>, tensor<3x1x1xf32> -> tensor<1x3x2x4xf32>
  %1 = graph.mul %s, %0 : tensor<f32>, tensor<1x3x2x4xf32> -> tensor<1x3x2x4xf32>
  %2 = graph.sub %1, %row : tensor<1x3x2x4xf32>, tensor<4xf32> -> tensor<1x3x2x4xf32>
  %3 = graph.div %2, %k : tensor<1x3x2x4xf32>, tensor<1x3x2x4xf32> -> tensor<1x3x2x4xf32>
  %4 = graph.max_pool2d %3 {kernel_shape = array<i64: 1, 1>} : tensor<1x3x2x4xf32> -> tensor<1x3x2x4xf32>
  return %4 : tensor<1x3x2x4xf32>
}

// -----

// A [C,H,W] constant moves its elements: it is viewed as rank 4, transposed
// to [H,W,C] and squeezed back to rank 3.

// ORACLE: remark: pipeline preserves @full_bias: 1 result(s) match
// CHECK-LABEL: func.func @full_bias
// CHECK: %[[BIAS:.*]] = graph.constant {{.*}} : tensor<2x2x3xf32>
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK-NEXT: %[[U:.*]] = graph.unsqueeze %[[BIAS]] {axes = array<i64: 0>} : tensor<2x2x3xf32> -> tensor<1x2x2x3xf32>
// CHECK-NEXT: %[[T:.*]] = graph.transpose %[[U]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x2x3xf32> -> tensor<1x2x3x2xf32>
// CHECK-NEXT: %[[SQ:.*]] = graph.squeeze %[[T]] {axes = array<i64: 0>} : tensor<1x2x3x2xf32> -> tensor<2x3x2xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %[[C]], %[[SQ]] : tensor<1x2x3x2xf32>, tensor<2x3x2xf32> -> tensor<1x2x3x2xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[A]]
// CHECK-NEXT: %[[RT:.*]] = graph.transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: return %[[RT]]
func.func @full_bias(%x: tensor<1x2x2x3xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x2x3xf32> {
  %bias = graph.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]]> : tensor<2x2x3xf32>
  %c = graph.conv2d %x, %w : tensor<1x2x2x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x2x3xf32>
  %0 = graph.add %c, %bias : tensor<1x2x2x3xf32>, tensor<2x2x3xf32> -> tensor<1x2x2x3xf32>
  %1 = graph.relu %0 : tensor<1x2x2x3xf32> -> tensor<1x2x2x3xf32>
  return %1 : tensor<1x2x2x3xf32>
}

// -----

// Comparisons and select (an i1 operand) move too.

// ORACLE: remark: pipeline preserves @select_compare: 1 result(s) match
// CHECK-LABEL: func.func @select_compare
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK-NEXT: %[[G:.*]] = graph.greater %[[C]], %{{.*}} : tensor<1x3x3x2xf32>, tensor<f32> -> tensor<1x3x3x2xi1>
// CHECK-NEXT: %[[N:.*]] = graph.neg %[[C]] : tensor<1x3x3x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[S:.*]] = graph.select %[[G]], %[[C]], %[[N]] : tensor<1x3x3x2xi1>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[P:.*]] = graph.avg_pool2d %[[S]] {kernel_shape = array<i64: 3, 3>, layout = #graph.layout<nhwc>}
// CHECK-NEXT: graph.transpose %[[P]] {perm = array<i64: 0, 3, 1, 2>}
func.func @select_compare(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x3x3xf32>) -> tensor<1x2x1x1xf32> {
  %zero = graph.constant dense<0.0> : tensor<f32>
  %c = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x3x3xf32>, tensor<2x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %m = graph.greater %c, %zero : tensor<1x2x3x3xf32>, tensor<f32> -> tensor<1x2x3x3xi1>
  %n = graph.neg %c : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %s = graph.select %m, %c, %n : tensor<1x2x3x3xi1>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %p = graph.avg_pool2d %s {kernel_shape = array<i64: 3, 3>} : tensor<1x2x3x3xf32> -> tensor<1x2x1x1xf32>
  return %p : tensor<1x2x1x1xf32>
}

// -----

// A channel concat (axis 1 -> 3) of two converted convs and a constant.

// ORACLE: remark: pipeline preserves @concat_channels: 1 result(s) match
// CHECK-LABEL: func.func @concat_channels
// CHECK: %[[K:.*]] = graph.constant dense<1.000000e+00> : tensor<1x2x4x4xf32>
// CHECK: %[[A:.*]] = graph.conv2d {{.*}} -> tensor<1x4x4x3xf32>
// CHECK: %[[B:.*]] = graph.conv2d {{.*}} -> tensor<1x4x4x1xf32>
// CHECK-NEXT: %[[KT:.*]] = graph.transpose %[[K]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x4x4xf32> -> tensor<1x4x4x2xf32>
// CHECK-NEXT: %[[CC:.*]] = graph.concat %[[A]], %[[B]], %[[KT]] {axis = 3 : i64} : tensor<1x4x4x3xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x2xf32> -> tensor<1x4x4x6xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[CC]]
// CHECK-NEXT: graph.transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x6xf32> -> tensor<1x6x4x4xf32>
func.func @concat_channels(%x: tensor<1x2x4x4xf32>, %w1: tensor<3x2x1x1xf32>, %w2: tensor<1x2x3x3xf32>) -> tensor<1x6x4x4xf32> {
  %k = graph.constant dense<1.0> : tensor<1x2x4x4xf32>
  %a = graph.conv2d %x, %w1 : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
  %b = graph.conv2d %x, %w2 {pads = array<i64: 1, 1, 1, 1>} : tensor<1x2x4x4xf32>, tensor<1x2x3x3xf32> -> tensor<1x1x4x4xf32>
  %c = graph.concat %a, %b, %k {axis = 1 : i64} : tensor<1x3x4x4xf32>, tensor<1x1x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x6x4x4xf32>
  %r = graph.relu %c : tensor<1x6x4x4xf32> -> tensor<1x6x4x4xf32>
  return %r : tensor<1x6x4x4xf32>
}

// -----

// Reductions: axes are remapped; without keepdims the kept dims are
// reordered only where the layouts disagree (N reduced: HWC -> CHW).

// ORACLE: remark: pipeline preserves @reductions: 5 result(s) match
// CHECK-LABEL: func.func @reductions
// CHECK: %[[P:.*]] = graph.max_pool2d {{.*}} -> tensor<2x4x5x3xf32>
// CHECK-NEXT: %[[R0:.*]] = graph.reduce_mean %[[P]] {axes = array<i64: 1, 2>} : tensor<2x4x5x3xf32> -> tensor<2x1x1x3xf32>
// CHECK-NEXT: %[[T0:.*]] = graph.transpose %[[R0]] {perm = array<i64: 0, 3, 1, 2>} : tensor<2x1x1x3xf32> -> tensor<2x3x1x1xf32>
// CHECK-NEXT: %[[R1:.*]] = graph.reduce_sum %[[P]] {axes = array<i64: 3>, keepdims = false} : tensor<2x4x5x3xf32> -> tensor<2x4x5xf32>
// CHECK-NEXT: %[[R2:.*]] = graph.reduce_max %[[P]] {axes = array<i64: 0>, keepdims = false} : tensor<2x4x5x3xf32> -> tensor<4x5x3xf32>
// CHECK-NEXT: %[[T2:.*]] = graph.transpose %[[R2]] {perm = array<i64: 2, 0, 1>} : tensor<4x5x3xf32> -> tensor<3x4x5xf32>
// CHECK-NEXT: %[[R3:.*]] = graph.reduce_min %[[P]] {keepdims = false} : tensor<2x4x5x3xf32> -> tensor<f32>
// CHECK-NEXT: %[[R4:.*]] = graph.reduce_prod %[[P]] : tensor<2x4x5x3xf32> -> tensor<1x1x1x1xf32>
// CHECK-NEXT: %[[T4:.*]] = graph.transpose %[[R4]]
// CHECK-NEXT: return %[[T0]], %[[R1]], %[[T2]], %[[R3]], %[[T4]]
func.func @reductions(%x: tensor<2x3x4x5xf32>) -> (tensor<2x3x1x1xf32>, tensor<2x4x5xf32>, tensor<3x4x5xf32>, tensor<f32>, tensor<1x1x1x1xf32>) {
  %p = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>} : tensor<2x3x4x5xf32> -> tensor<2x3x4x5xf32>
  %0 = graph.reduce_mean %p {axes = array<i64: 2, 3>} : tensor<2x3x4x5xf32> -> tensor<2x3x1x1xf32>
  %1 = graph.reduce_sum %p {axes = array<i64: 1>, keepdims = false} : tensor<2x3x4x5xf32> -> tensor<2x4x5xf32>
  %2 = graph.reduce_max %p {axes = array<i64: 0>, keepdims = false} : tensor<2x3x4x5xf32> -> tensor<3x4x5xf32>
  %3 = graph.reduce_min %p {keepdims = false} : tensor<2x3x4x5xf32> -> tensor<f32>
  %4 = graph.reduce_prod %p : tensor<2x3x4x5xf32> -> tensor<1x1x1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3x1x1xf32>, tensor<2x4x5xf32>, tensor<3x4x5xf32>, tensor<f32>, tensor<1x1x1x1xf32>
}

// -----

// softmax, log_softmax (negative axis) and argmax/argmin remap their axis.

// ORACLE: remark: pipeline preserves @channel_axis_ops: 4 result(s) match
// CHECK-LABEL: func.func @channel_axis_ops
// CHECK: %[[P:.*]] = graph.avg_pool2d {{.*}} -> tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[S:.*]] = graph.softmax %[[P]] {axis = 3 : i64} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[ST:.*]] = graph.transpose %[[S]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[L:.*]] = graph.log_softmax %[[P]] {axis = 3 : i64} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[LT:.*]] = graph.transpose %[[L]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[AM:.*]] = graph.argmax %[[P]] {axis = 3 : i64} : tensor<1x2x3x4xf32> -> tensor<1x2x3x1xi64>
// CHECK-NEXT: %[[AMT:.*]] = graph.transpose %[[AM]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x2x3x1xi64> -> tensor<1x1x2x3xi64>
// CHECK-NEXT: %[[AN:.*]] = graph.argmin %[[P]] {axis = 1 : i64, keepdims = false, select_last_index = true} : tensor<1x2x3x4xf32> -> tensor<1x3x4xi64>
// CHECK-NEXT: %[[ANT:.*]] = graph.transpose %[[AN]] {perm = array<i64: 0, 2, 1>} : tensor<1x3x4xi64> -> tensor<1x4x3xi64>
// CHECK-NEXT: return %[[ST]], %[[LT]], %[[AMT]], %[[ANT]]
func.func @channel_axis_ops(%x: tensor<1x4x2x3xf32>) -> (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>, tensor<1x1x2x3xi64>, tensor<1x4x3xi64>) {
  %p = graph.avg_pool2d %x {kernel_shape = array<i64: 1, 1>} : tensor<1x4x2x3xf32> -> tensor<1x4x2x3xf32>
  %0 = graph.softmax %p {axis = 1 : i64} : tensor<1x4x2x3xf32> -> tensor<1x4x2x3xf32>
  %1 = graph.log_softmax %p {axis = -3 : i64} : tensor<1x4x2x3xf32> -> tensor<1x4x2x3xf32>
  %2 = graph.argmax %p {axis = 1 : i64} : tensor<1x4x2x3xf32> -> tensor<1x1x2x3xi64>
  %3 = graph.argmin %p {axis = 2 : i64, keepdims = false, select_last_index = true} : tensor<1x4x2x3xf32> -> tensor<1x4x3xi64>
  return %0, %1, %2, %3 : tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>, tensor<1x1x2x3xi64>, tensor<1x4x3xi64>
}

// -----

// Must not move: the other operand is a rank-4 argument that would need a
// new transpose, so the add stays in NCHW.

// ORACLE: remark: pipeline preserves @costly_operand: 1 result(s) match
// CHECK-LABEL: func.func @costly_operand
// CHECK: %[[P:.*]] = graph.max_pool2d
// CHECK-NEXT: %[[PT:.*]] = graph.transpose %[[P]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[A:.*]] = graph.add %[[PT]], %arg1 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
// CHECK-NEXT: return %[[A]]
func.func @costly_operand(%x: tensor<1x2x3x3xf32>, %y: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %p = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %0 = graph.add %p, %y : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// ... but when the argument is already transposed for the conv (a residual
// from the block input), the add reuses that transpose.

// ORACLE: remark: pipeline preserves @reuse_input_transpose: 1 result(s) match
// CHECK-LABEL: func.func @reuse_input_transpose
// CHECK-NEXT: %[[XT:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 2, 3, 1>}
// CHECK-NEXT: %[[WT:.*]] = graph.transpose %arg1
// CHECK-NEXT: %[[C:.*]] = graph.conv2d %[[XT]], %[[WT]]
// CHECK-NEXT: %[[A:.*]] = graph.add %[[C]], %[[XT]] : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[AT:.*]] = graph.transpose %[[A]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: return %[[AT]]
func.func @reuse_input_transpose(%x: tensor<1x2x3x3xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %c = graph.conv2d %x, %w : tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x3x3xf32>
  %0 = graph.add %c, %x : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

// -----

// A transposed value with a user that cannot move (flatten) keeps its
// transpose for that user; the relu moves.

// ORACLE: remark: pipeline preserves @multi_use: 2 result(s) match
// CHECK-LABEL: func.func @multi_use
// CHECK: %[[P:.*]] = graph.max_pool2d
// CHECK-NEXT: %[[PT:.*]] = graph.transpose %[[P]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[F:.*]] = graph.flatten %[[PT]] : tensor<1x2x3x3xf32> -> tensor<1x18xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[P]] : tensor<1x3x3x2xf32> -> tensor<1x3x3x2xf32>
// CHECK-NEXT: %[[RT:.*]] = graph.transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: return %[[F]], %[[RT]]
func.func @multi_use(%x: tensor<1x2x3x3xf32>) -> (tensor<1x18xf32>, tensor<1x2x3x3xf32>) {
  %p = graph.max_pool2d %x {kernel_shape = array<i64: 1, 1>} : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  %f = graph.flatten %p : tensor<1x2x3x3xf32> -> tensor<1x18xf32>
  %r = graph.relu %p : tensor<1x2x3x3xf32> -> tensor<1x2x3x3xf32>
  return %f, %r : tensor<1x18xf32>, tensor<1x2x3x3xf32>
}

// -----

// A reshape consumes the NCHW layout and blocks propagation: transposes stay
// on both sides of it.

// ORACLE: remark: pipeline preserves @reshape_blocks: 1 result(s) match
// CHECK-LABEL: func.func @reshape_blocks
// CHECK: %[[C1:.*]] = graph.conv2d
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[C1]] : tensor<1x4x4x2xf32>
// CHECK-NEXT: %[[RT:.*]] = graph.transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x2xf32> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[S:.*]] = graph.reshape %[[RT]], %{{.*}} : tensor<1x2x4x4xf32>, tensor<4xi64> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[ST:.*]] = graph.transpose %[[S]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x4x4xf32> -> tensor<1x4x4x2xf32>
// CHECK-NEXT: %[[C2:.*]] = graph.conv2d %[[ST]]
// CHECK-NEXT: graph.transpose %[[C2]] {perm = array<i64: 0, 3, 1, 2>}
func.func @reshape_blocks(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %shape = graph.constant dense<[1, 2, 4, 4]> : tensor<4xi64>
  %c = graph.conv2d %x, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %r = graph.relu %c : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %s = graph.reshape %r, %shape : tensor<1x2x4x4xf32>, tensor<4xi64> -> tensor<1x2x4x4xf32>
  %d = graph.conv2d %s, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  return %d : tensor<1x2x4x4xf32>
}

// -----

// Already in the target layout: no change. With target nchw it converts;
// the OHWI filter becomes OIHW and the default layout is no longer printed.

// ORACLE: remark: pipeline preserves @already_nhwc: 1 result(s) match
// CHECK-LABEL: func.func @already_nhwc
// CHECK-NEXT: %[[C:.*]] = graph.conv2d %arg0, %arg1 {layout = #graph.layout<nhwc>} : tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32> -> tensor<1x4x4x3xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[C]]
// CHECK-NEXT: %[[F:.*]] = graph.flatten %[[R]]
// CHECK-NEXT: return %[[F]]

// NCHW-LABEL: func.func @already_nhwc
// NCHW-NEXT: %[[XT:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x2xf32> -> tensor<1x2x4x4xf32>
// NCHW-NEXT: %[[WT:.*]] = graph.transpose %arg1 {perm = array<i64: 0, 3, 1, 2>} : tensor<3x1x1x2xf32> -> tensor<3x2x1x1xf32>
// NCHW-NEXT: %[[C:.*]] = graph.conv2d %[[XT]], %[[WT]] : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
// NCHW-NEXT: %[[R:.*]] = graph.relu %[[C]] : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
// NCHW-NEXT: %[[RT:.*]] = graph.transpose %[[R]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x4xf32> -> tensor<1x4x4x3xf32>
// NCHW-NEXT: %[[F:.*]] = graph.flatten %[[RT]] : tensor<1x4x4x3xf32> -> tensor<1x48xf32>
// NCHW-NEXT: return %[[F]]
func.func @already_nhwc(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>) -> tensor<1x48xf32> {
  %c = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32> -> tensor<1x4x4x3xf32>
  %r = graph.relu %c : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf32>
  %f = graph.flatten %r : tensor<1x4x4x3xf32> -> tensor<1x48xf32>
  return %f : tensor<1x48xf32>
}

// -----

// Target nchw from NHWC input: a per-channel [C] bias becomes [1,C,1,1].

// ORACLE: remark: pipeline preserves @nhwc_input: 1 result(s) match
// CHECK-LABEL: func.func @nhwc_input
// CHECK-NOT: graph.transpose
// CHECK: return

// NCHW-LABEL: func.func @nhwc_input
// NCHW-NEXT: %[[XT:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 3, 1, 2>}
// NCHW-NEXT: %[[WT:.*]] = graph.transpose %arg1 {perm = array<i64: 0, 3, 1, 2>}
// NCHW-NEXT: %[[C:.*]] = graph.conv2d %[[XT]], %[[WT]] : tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32> -> tensor<1x3x4x4xf32>
// NCHW-NEXT: %[[B:.*]] = graph.unsqueeze %arg2 {axes = array<i64: 0, 2, 3>} : tensor<3xf32> -> tensor<1x3x1x1xf32>
// NCHW-NEXT: %[[A:.*]] = graph.add %[[C]], %[[B]] : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
// NCHW-NEXT: %[[R:.*]] = graph.relu %[[A]]
// NCHW-NEXT: %[[P:.*]] = graph.avg_pool2d %[[R]] {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : tensor<1x3x4x4xf32> -> tensor<1x3x2x2xf32>
// NCHW-NEXT: %[[PT:.*]] = graph.transpose %[[P]] {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x2x2xf32> -> tensor<1x2x2x3xf32>
// NCHW-NEXT: return %[[PT]]
func.func @nhwc_input(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>, %b: tensor<3xf32>) -> tensor<1x2x2x3xf32> {
  %c = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32> -> tensor<1x4x4x3xf32>
  %a = graph.add %c, %b : tensor<1x4x4x3xf32>, tensor<3xf32> -> tensor<1x4x4x3xf32>
  %r = graph.relu %a : tensor<1x4x4x3xf32> -> tensor<1x4x4x3xf32>
  %p = graph.avg_pool2d %r {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>, layout = #graph.layout<nhwc>} : tensor<1x4x4x3xf32> -> tensor<1x2x2x3xf32>
  return %p : tensor<1x2x2x3xf32>
}

// -----

// No image op at all: user transposes and elementwise ops are left alone.

// CHECK-LABEL: func.func @no_image_ops
// CHECK-NEXT: %[[T:.*]] = graph.transpose %arg0 {perm = array<i64: 0, 3, 1, 2>}
// CHECK-NEXT: %[[R:.*]] = graph.relu %[[T]]
// CHECK-NEXT: return %[[R]]
func.func @no_image_ops(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32> {
  %t = graph.transpose %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x4x2xf32> -> tensor<1x2x4x4xf32>
  %r = graph.relu %t : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// -----

// conv -> pad (of a quantized depthwise convolution's bytes, say) -> conv:
// the pad moves into NHWC with its amounts permuted (H and W: dims 1, 2),
// and no transpose is left between the convolutions.
// ORACLE: remark: pipeline preserves @conv_pad_conv: 1 result(s) match
// CHECK-LABEL: func.func @conv_pad_conv
// CHECK: %[[C:.*]] = graph.conv2d
// CHECK: %[[P:.*]] = graph.pad %[[C]] {pads = array<i64: 0, 1, 2, 0, 0, 3, 4, 0>, value = -3.000000e+00 : f64} : tensor<1x4x4x2xf32> -> tensor<1x8x10x2xf32>
// CHECK: graph.conv2d %[[P]],
// NCHW-LABEL: func.func @conv_pad_conv
// NCHW-NOT: graph.transpose
func.func @conv_pad_conv(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>, %d: tensor<2x1x3x3xf32>) -> tensor<1x2x6x8xf32> {
  %0 = graph.conv2d %x, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %1 = graph.pad %0 {pads = array<i64: 0, 0, 1, 2, 0, 0, 3, 4>, value = -3.0 : f64} : tensor<1x2x4x4xf32> -> tensor<1x2x8x10xf32>
  %2 = graph.conv2d %1, %d {groups = 2 : i64} : tensor<1x2x8x10xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x6x8xf32>
  return %2 : tensor<1x2x6x8xf32>
}
