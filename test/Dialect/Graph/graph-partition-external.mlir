// graph-partition-external: the ops an external backend supports, merged
// into regions without cycles and outlined into functions marked with the
// backend; the rest stays.
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl cost-rule=false" -split-input-file | FileCheck %s
// RUN: strata-opt %s --graph-partition-external=backends=dnnl -split-input-file | FileCheck %s --check-prefix=COST
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl cpu=sapphirerapids" -split-input-file | FileCheck %s --check-prefix=COST
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl cpu=znver4" -split-input-file | FileCheck %s --check-prefix=ZEN
// RUN: strata-opt %s "--graph-partition-external=backends=dnnl cpu=znver4 cost-rule=false" -split-input-file | FileCheck %s
// RUN: not strata-opt %s --graph-partition-external=backends=dnnl,nonesuch -split-input-file 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// With dnnl's cost rule, regions with a convolution or a product of 16
// rows or more are offloaded; a matrix-vector product stays (Strata's
// packed matrix-vector kernels are faster than oneDNN's).
// COST: func.func private @conv_block_dnnl(
// COST: func.func private @no_cycle_dnnl(
// COST-NOT: @matrix_vector_dnnl

// On AMD's Zen CPUs dnnl's cost rule offloads nothing (oneDNN 2.6 was
// slower than Strata on every region measured there); without the cost
// rule the regions are offloaded as on any CPU.
// ZEN-NOT: _dnnl(

// UNKNOWN: error: graph-partition-external: unknown external backend 'nonesuch' (known: dnnl)

// A convolution with its bias, activation and residual add: one region,
// the weights copied in; the softmax (not supported) stays.
// CHECK-LABEL: func.func @conv_block(
//  CHECK-SAME:     %[[X:.*]]: tensor<1x8x16x16xf32>
//       CHECK:   %[[R:.*]] = call @conv_block_dnnl(%[[X]]) : (tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
//       CHECK:   %[[S:.*]] = graph.softmax %[[R]]
//       CHECK:   return %[[S]]
// CHECK-LABEL: func.func private @conv_block_dnnl(
//  CHECK-SAME:     %[[A:.*]]: tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32> attributes {graph.external = "dnnl"}
//   CHECK-DAG:   %[[W:.*]] = graph.constant dense<1.000000e+00> : tensor<8x8x3x3xf32>
//   CHECK-DAG:   %[[B:.*]] = graph.constant dense<5.000000e-01> : tensor<8xf32>
//       CHECK:   %[[C:.*]] = graph.conv2d %[[A]], %[[W]], %[[B]]
//       CHECK:   %[[RELU:.*]] = graph.relu %[[C]]
//       CHECK:   %[[SUM:.*]] = graph.add %[[RELU]], %[[A]]
//       CHECK:   return %[[SUM]]
func.func @conv_block(%x: tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32> {
  %w = graph.constant dense<1.0> : tensor<8x8x3x3xf32>
  %b = graph.constant dense<0.5> : tensor<8xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x16x16xf32>
  %r = graph.relu %c : tensor<1x8x16x16xf32> -> tensor<1x8x16x16xf32>
  %s = graph.add %r, %x : tensor<1x8x16x16xf32>, tensor<1x8x16x16xf32> -> tensor<1x8x16x16xf32>
  %o = graph.softmax %s {axis = 1 : i64} : tensor<1x8x16x16xf32> -> tensor<1x8x16x16xf32>
  return %o : tensor<1x8x16x16xf32>
}

// -----

// No cycle: the second product uses the first one's result through an op
// the backend does not run (a softmax), so joining the first product's
// region would make that region both feed and use the softmax. Two
// regions, called in order; the residual add joins the second.
// CHECK-LABEL: func.func @no_cycle(
//  CHECK-SAME:     %[[A:.*]]: tensor<16x32xf32>, %[[B:.*]]: tensor<32x32xf32>
//       CHECK:   %[[P:.*]]:2 = call @no_cycle_dnnl(%[[A]], %[[B]])
//       CHECK:   %[[S:.*]] = graph.softmax %[[P]]#1
//       CHECK:   %[[Q:.*]] = call @no_cycle_dnnl_0(%[[S]], %[[B]], %[[P]]#0)
//       CHECK:   return %[[Q]]
// CHECK-LABEL: func.func private @no_cycle_dnnl(
//       CHECK:   graph.matmul
//       CHECK:   graph.relu
//       CHECK:   return
// CHECK-LABEL: func.func private @no_cycle_dnnl_0(
//       CHECK:   graph.matmul
//       CHECK:   graph.add
//   CHECK-NOT:   graph.softmax
//       CHECK:   return
func.func @no_cycle(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>) -> tensor<16x32xf32> {
  %p = graph.matmul %a, %b : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  %r = graph.relu %p : tensor<16x32xf32> -> tensor<16x32xf32>
  %s = graph.softmax %r {axis = 1 : i64} : tensor<16x32xf32> -> tensor<16x32xf32>
  %t = graph.matmul %s, %b : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  %u = graph.add %t, %p : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
  return %u : tensor<16x32xf32>
}

// -----

// What the backend does not run: f16 tensors, dynamic shapes; and a region
// of elementwise ops alone is not worth a call.
// CHECK-LABEL: func.func @not_offloaded(
//   CHECK-NOT:   call
//       CHECK:   graph.matmul {{.*}} : tensor<16x32xf16>
//       CHECK:   graph.matmul {{.*}} : tensor<?x32xf32>
//       CHECK:   graph.relu
//       CHECK:   graph.sigmoid
//   CHECK-NOT:   func.func private
func.func @not_offloaded(%a: tensor<16x32xf16>, %b: tensor<32x32xf16>, %c: tensor<?x32xf32>, %d: tensor<32x32xf32>, %e: tensor<8xf32>) -> (tensor<16x32xf16>, tensor<?x32xf32>, tensor<8xf32>) {
  %p = graph.matmul %a, %b : tensor<16x32xf16>, tensor<32x32xf16> -> tensor<16x32xf16>
  %q = graph.matmul %c, %d : tensor<?x32xf32>, tensor<32x32xf32> -> tensor<?x32xf32>
  %r = graph.relu %e : tensor<8xf32> -> tensor<8xf32>
  %s = graph.sigmoid %r : tensor<8xf32> -> tensor<8xf32>
  return %p, %q, %s : tensor<16x32xf16>, tensor<?x32xf32>, tensor<8xf32>
}

// -----

// A region's result used by an op placed before the region's last op: the
// call comes after the region's last op, and that user moves after it.
// CHECK-LABEL: func.func @user_in_between(
//       CHECK:   %[[R:.*]]:2 = call @user_in_between_dnnl(
//       CHECK:   %[[S:.*]] = graph.softmax %[[R]]#0
//       CHECK:   return %[[S]], %[[R]]#1
func.func @user_in_between(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %p = graph.matmul %a, %b : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  %s = graph.softmax %p {axis = 1 : i64} : tensor<16x32xf32> -> tensor<16x32xf32>
  %r = graph.relu %p : tensor<16x32xf32> -> tensor<16x32xf32>
  return %s, %r : tensor<16x32xf32>, tensor<16x32xf32>
}

// -----

// A matrix-vector product is offloaded only without the cost rule.
// CHECK-LABEL: func.func @matrix_vector(
//       CHECK:   call @matrix_vector_dnnl(
// CHECK-LABEL: func.func private @matrix_vector_dnnl(
//       CHECK:   graph.linear
func.func @matrix_vector(%x: tensor<1x32xf32>) -> tensor<1x64xf32> {
  %w = graph.constant dense<0.5> : tensor<64x32xf32>
  %b = graph.constant dense<0.25> : tensor<64xf32>
  %l = graph.linear %x, %w, %b {trans_b = true} : tensor<1x32xf32>, tensor<64x32xf32>, tensor<64xf32> -> tensor<1x64xf32>
  %r = graph.relu %l : tensor<1x64xf32> -> tensor<1x64xf32>
  return %r : tensor<1x64xf32>
}
