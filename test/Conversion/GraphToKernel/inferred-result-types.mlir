// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// convert-graph-to-kernel lowers each graph op with the result types it
// infers: a declared type static where the op infers `?` (here the
// transpose of a `?` dim into a declared 2, which linalg.transpose's
// verifier rejects) is checked at run time and cast back to.

// CHECK-LABEL: func.func @transpose_declared_static
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
func.func @transpose_declared_static(%x: tensor<?x3xf32>) -> tensor<3x2xf32> {
  // CHECK: %[[T:.*]] = linalg.transpose ins(%[[X]] : tensor<?x3xf32>) outs(%{{.*}} : tensor<3x?xf32>) permutation = [1, 0]
  // CHECK: %[[D:.*]] = tensor.dim %[[T]], %c1
  // CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[D]], %c2
  // CHECK: kernel.check %[[SAME]], "graph.transpose: result #0 dim 1 computed from the operands differs from its declared size ({0} vs {1})", %[[D]], %c2
  // CHECK: %[[CAST:.*]] = tensor.cast %[[T]] : tensor<3x?xf32> to tensor<3x2xf32>
  // CHECK: return %[[CAST]]
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<?x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// A declared `?` where the op infers a static size (IR that did not go
// through graph-infer-shapes): lowered static, cast to `?`, no check.
// CHECK-LABEL: func.func @transpose_declared_dynamic
func.func @transpose_declared_dynamic(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  // CHECK-NOT: kernel.check
  // CHECK: %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3x2xf32>) permutation = [1, 0]
  // CHECK: %[[CAST:.*]] = tensor.cast %[[T]] : tensor<3x2xf32> to tensor<?x?xf32>
  // CHECK: return %[[CAST]]
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Multi-result ops: each result's checks follow the op in result order.
// CHECK-LABEL: func.func @top_k_declared_static
func.func @top_k_declared_static(%x: tensor<2x5xf32>, %k: tensor<1xi64>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  // CHECK: kernel.check %{{.*}}, "graph.top_k: result #0 dim 1
  // CHECK: tensor.cast %{{.*}} : tensor<2x?xf32> to tensor<2x3xf32>
  // CHECK: kernel.check %{{.*}}, "graph.top_k: result #1 dim 1
  // CHECK: tensor.cast %{{.*}} : tensor<2x?xi64> to tensor<2x3xi64>
  %0:2 = graph.top_k %x, %k {axis = 1 : i64} : tensor<2x5xf32>, tensor<1xi64> -> tensor<2x3xf32>, tensor<2x3xi64>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

// graph.cast keeps its input's shape (it does not implement type
// inference, but the same rule applies).
// CHECK-LABEL: func.func @cast_declared_dynamic
func.func @cast_declared_dynamic(%x: tensor<16xi64>) -> tensor<?xf32> {
  // CHECK: %[[C:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16xf32>)
  // CHECK: %[[CAST:.*]] = tensor.cast %[[C]] : tensor<16xf32> to tensor<?xf32>
  // CHECK: return %[[CAST]]
  %0 = graph.cast %x : tensor<16xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
