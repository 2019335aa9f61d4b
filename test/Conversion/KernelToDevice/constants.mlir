// RUN: strata-opt %s --convert-kernel-to-device | FileCheck %s

// Non-splat constants of kernels and of host code go to the pool, one entry
// per distinct value, named in order of first appearance; a kernel's
// constant becomes a kernel argument that every launch passes. Splats stay
// in kernels, and so do the coefficients of constant combinations (below).

// CHECK: module attributes {device.target = #device.target<cpu>}
// CHECK: device.pool_entry @__constant_0 = dense<7> : tensor<2xi64>
// CHECK-NEXT: device.pool_entry @__constant_1 = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: device.pool_entry @__constant_2 = dense<[3, 4]> : tensor<2xi32>
// CHECK-NOT: device.pool_entry

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: memref<2xf32>) -> (memref<2xf32>, memref<2xf32>, memref<2xi64>)
// CHECK: %[[C0:.*]] = device.constant @__constant_1 : memref<2xf32>
// CHECK: %[[OUT0:.*]] = device.alloc() : memref<2xf32>
// CHECK: device.launch @add_consts(%[[X]], %[[C0]]) outs(%[[OUT0]])
// CHECK: %[[C0B:.*]] = device.constant @__constant_1 : memref<2xf32>
// CHECK: %[[OUT1:.*]] = device.alloc() : memref<2xf32>
// CHECK: device.launch @add_consts(%[[OUT0]], %[[C0B]]) outs(%[[OUT1]])
// CHECK: %[[C2:.*]] = device.constant @__constant_0 : memref<2xi64>
// CHECK: return %[[OUT0]], %[[OUT1]], %[[C2]]
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi64>) {
  %0 = kernel.launch @add_consts(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = kernel.launch @add_consts(%0) : (tensor<2xf32>) -> tensor<2xf32>
  %c = arith.constant dense<7> : tensor<2xi64>
  return %0, %1, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xi64>
}

// The same value twice in one kernel is one argument.
// CHECK-LABEL: kernel.func private @add_consts(
// CHECK-SAME: %[[A:.*]]: tensor<2xf32>, %[[W:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK: %[[SPLAT:.*]] = arith.constant dense<5.000000e-01> : tensor<2xf32>
// CHECK: linalg.add ins(%[[A]], %[[W]] :
// CHECK: linalg.add ins(%{{.*}}, %[[W]] :
// CHECK: linalg.add ins(%{{.*}}, %[[SPLAT]] :
kernel.func private @add_consts(%a: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %w2 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %half = arith.constant dense<0.5> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %0 = linalg.add ins(%a, %w : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %1 = linalg.add ins(%0, %w2 : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %2 = linalg.add ins(%1, %half : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  kernel.return %2 : tensor<2xf32>
}

// A kernel that is never launched still gets its argument.
// CHECK-LABEL: kernel.func private @unused(
// CHECK-SAME: %{{.*}}: tensor<2xi32>) -> tensor<2xi32>
kernel.func private @unused() -> tensor<2xi32> {
  %c = arith.constant dense<[3, 4]> : tensor<2xi32>
  kernel.return %c : tensor<2xi32>
}

// The coefficients of a constant combination (a Winograd transform) stay in
// the kernel, unlike other non-splat constants: the tile pass unrolls the
// combination over their values.
// CHECK-LABEL: kernel.func private @combination(
// CHECK-SAME: %{{.*}}: tensor<5x16xf32>) -> tensor<2x2x16xf32>
// CHECK: arith.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00, -1.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>
kernel.func private @combination(%x: tensor<5x16xf32>) -> tensor<2x2x16xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant dense<[[1.0, 0.0, -1.0], [0.0, 1.0, 1.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x2x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x16xf32>) -> tensor<2x2x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(e, t, c, a) -> (t * 2 + a, c)>, affine_map<(e, t, c, a) -> (e, a)>, affine_map<(e, t, c, a) -> (e, t, c)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %k : tensor<5x16xf32>, tensor<2x3xf32>) outs(%f : tensor<2x2x16xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x16xf32>
  kernel.return %r : tensor<2x2x16xf32>
}
