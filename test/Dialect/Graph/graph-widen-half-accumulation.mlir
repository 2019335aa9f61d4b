// RUN: strata-opt %s --graph-widen-half-accumulation | FileCheck %s

// An f16 matmul runs on f32 between casts, and rounds once.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<2x8xf16>, %[[B:.*]]: tensor<8x3xf16>)
// CHECK: %[[A32:.*]] = graph.cast %[[A]] : tensor<2x8xf16> -> tensor<2x8xf32>
// CHECK: %[[B32:.*]] = graph.cast %[[B]] : tensor<8x3xf16> -> tensor<8x3xf32>
// CHECK: %[[P:.*]] = graph.matmul %[[A32]], %[[B32]] : tensor<2x8xf32>, tensor<8x3xf32> -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = graph.cast %[[P]] : tensor<2x3xf32> -> tensor<2x3xf16>
// CHECK: return %[[R]]
func.func @matmul(%a: tensor<2x8xf16>, %b: tensor<8x3xf16>) -> tensor<2x3xf16> {
  %0 = graph.matmul %a, %b : tensor<2x8xf16>, tensor<8x3xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// Every half-precision operand is widened (a bf16 layer_norm's scale and
// bias too); attributes and `?` dims stay.
// CHECK-LABEL: func.func @layer_norm_bf16
// CHECK-COUNT-3: graph.cast {{.*}}bf16> -> tensor<{{.*}}xf32>
// CHECK: graph.layer_norm {{.*}} {epsilon = 1.000000e-03 : f32} : tensor<2x?xf32>, tensor<?xf32>, tensor<?xf32> -> tensor<2x?xf32>
// CHECK: graph.cast {{.*}} : tensor<2x?xf32> -> tensor<2x?xbf16>
func.func @layer_norm_bf16(%x: tensor<2x?xbf16>, %s: tensor<?xbf16>, %b: tensor<?xbf16>) -> tensor<2x?xbf16> {
  %0 = graph.layer_norm %x, %s, %b {axis = -1 : i64, epsilon = 1.0e-03 : f32} : tensor<2x?xbf16>, tensor<?xbf16>, tensor<?xbf16> -> tensor<2x?xbf16>
  return %0 : tensor<2x?xbf16>
}

// A sum and a mean; a max (nothing to accumulate), elementwise ops and f32
// ops stay as they are.
// CHECK-LABEL: func.func @reductions
// CHECK: graph.reduce_sum {{.*}} : tensor<4x16xf32> -> tensor<4xf32>
// CHECK: graph.reduce_mean {{.*}} : tensor<4x16xf32> -> tensor<4xf32>
// CHECK: graph.reduce_max {{.*}} : tensor<4x16xf16> -> tensor<4xf16>
// CHECK: graph.add {{.*}} : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
// CHECK: graph.reduce_sum {{.*}} : tensor<4x16xf32> -> tensor<4xf32>
func.func @reductions(%x: tensor<4x16xf16>, %y: tensor<4x16xf32>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf32>) {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<4x16xf16> -> tensor<4xf16>
  %1 = graph.reduce_mean %x {axes = array<i64: 1>, keepdims = false} : tensor<4x16xf16> -> tensor<4xf16>
  %2 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<4x16xf16> -> tensor<4xf16>
  %3 = graph.add %0, %2 : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %4 = graph.reduce_sum %y {axes = array<i64: 1>, keepdims = false} : tensor<4x16xf32> -> tensor<4xf32>
  return %3, %1, %2, %4 : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf32>
}

// A constant weight becomes one f32 constant (exact, subnormals and the
// largest f16 too), placed after it and shared by its users: no cast runs
// at each call.
// CHECK-LABEL: func.func @constant_weight
// CHECK: graph.constant dense<{{\[\[}}1.000000e+00, 5.000000e-01], [-5.96046448E-8, 6.550400e+04]]> : tensor<2x2xf32>
// CHECK-NOT: graph.constant
// CHECK: graph.matmul {{.*}} -> tensor<3x2xf32>
// CHECK-NOT: graph.constant
// CHECK: graph.matmul {{.*}} -> tensor<3x2xf32>
func.func @constant_weight(%a: tensor<3x2xf16>, %b: tensor<3x2xf16>) -> (tensor<3x2xf16>, tensor<3x2xf16>) {
  %w = graph.constant dense<[[1.0, 0.5], [-5.96046448E-8, 65504.0]]> : tensor<2x2xf16>
  %0 = graph.matmul %a, %w : tensor<3x2xf16>, tensor<2x2xf16> -> tensor<3x2xf16>
  %1 = graph.matmul %b, %w : tensor<3x2xf16>, tensor<2x2xf16> -> tensor<3x2xf16>
  return %0, %1 : tensor<3x2xf16>, tensor<3x2xf16>
}

// A splat stays a splat; a bf16 constant widens by its bits.
// CHECK-LABEL: func.func @splat_bf16
// CHECK: graph.constant dense<2.500000e-01> : tensor<4xf32>
// CHECK: graph.reduce_sum {{.*}} : tensor<4xf32> -> tensor<1xf32>
func.func @splat_bf16() -> tensor<1xbf16> {
  %c = graph.constant dense<0.25> : tensor<4xbf16>
  %0 = graph.reduce_sum %c {axes = array<i64: 0>} : tensor<4xbf16> -> tensor<1xbf16>
  return %0 : tensor<1xbf16>
}

// A blob (how the ONNX importer holds weights) becomes a new blob of f32
// named after it: 1.0 and -2.0 in f16 (3C00, C000) become 3F800000 and
// C0000000.
// CHECK-LABEL: func.func @blob_weight
// CHECK: graph.constant dense_resource<w_f32> : tensor<2x1xf32>
// CHECK: w_f32: "0x{{[0-9A-F]+}}0000803F000000C0"
func.func @blob_weight(%a: tensor<3x2xf16>) -> tensor<3x1xf16> {
  %w = graph.constant dense_resource<w> : tensor<2x1xf16>
  %0 = graph.matmul %a, %w : tensor<3x2xf16>, tensor<2x1xf16> -> tensor<3x1xf16>
  return %0 : tensor<3x1xf16>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x02000000003C00C0"
    }
  }
#-}
