// RUN: strata-opt %s --kernel-outline -split-input-file | FileCheck %s

// Each dispatch becomes @<func>_dispatch_<n> after its function and a launch
// in place. Captured tensors and non-constant indices become arguments in
// the order of first use; constants (scalars, indices, tensors) are cloned
// into the kernel and disappear from the host when it was their only user;
// tensor.dim of an argument is recomputed in the kernel. The schedule moves
// from the dispatch to the kernel.

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<8xf32>, %[[N:.*]]: index)
// CHECK-NOT: arith.constant 2.0
// CHECK-NOT: arith.constant dense
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[L0:.*]] = kernel.launch @f_dispatch_0(%[[X]], %[[B]], %[[N]]) : (tensor<?x8xf32>, tensor<8xf32>, index) -> tensor<?x8xf32>
// CHECK: %[[L1:.*]] = kernel.launch @f_dispatch_1(%[[L0]]) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK: return %[[L1]], %[[ZERO]]
// CHECK: kernel.func private @f_dispatch_0(%[[A0:.*]]: tensor<?x8xf32>, %[[A1:.*]]: tensor<8xf32>, %[[A2:.*]]: index) -> tensor<?x8xf32>
// CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 8>], vector_sizes = [1, 8], parallel_dims = [0]>}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-DAG: %[[DIM:.*]] = tensor.dim %[[A0]], %[[C0]]
// CHECK: %[[E:.*]] = tensor.empty(%[[DIM]]) : tensor<?x8xf32>
// CHECK: %[[G:.*]] = linalg.generic {{.*}} ins(%[[A0]], %[[A1]], %[[CST]] : {{.*}}) outs(%[[E]] : tensor<?x8xf32>)
// CHECK:   arith.mulf %{{.*}}, %[[TWO]]
// CHECK:   linalg.index
// CHECK:   arith.cmpi slt, %{{.*}}, %[[A2]]
// CHECK: return %[[G]] : tensor<?x8xf32>
// CHECK: kernel.func private @f_dispatch_1(%[[B0:.*]]: tensor<?x8xf32>) -> tensor<?x8xf32> {
// CHECK-NOT: schedule
// CHECK: linalg.exp ins(%[[B0]]
// CHECK: return
// CHECK-LABEL: func.func @g
// CHECK: kernel.launch @g_dispatch_0()
// CHECK: kernel.func private @g_dispatch_0() -> tensor<4xf32>

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%x: tensor<?x8xf32>, %b: tensor<8xf32>, %n: index) -> (tensor<?x8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %ones = arith.constant dense<1.0> : tensor<8xf32>
  %dim = tensor.dim %x, %c0 : tensor<?x8xf32>
  %0 = kernel.dispatch schedule(<tile_sizes = [array<i64: 8, 8>], vector_sizes = [1, 8], parallel_dims = [0]>) -> tensor<?x8xf32> {
    %e = tensor.empty(%dim) : tensor<?x8xf32>
    %g = linalg.generic {indexing_maps = [#id2, #row, #row, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %b, %ones : tensor<?x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<?x8xf32>) {
    ^bb0(%in: f32, %bias: f32, %one: f32, %out: f32):
      %m = arith.mulf %in, %two : f32
      %s = arith.addf %m, %bias : f32
      %t = arith.addf %s, %one : f32
      %i = linalg.index 0 : index
      %lt = arith.cmpi slt, %i, %n : index
      %r = arith.select %lt, %t, %in : f32
      linalg.yield %r : f32
    } -> tensor<?x8xf32>
    kernel.yield %g : tensor<?x8xf32>
  }
  %1 = kernel.dispatch -> tensor<?x8xf32> {
    %r = linalg.exp ins(%0 : tensor<?x8xf32>) outs(%0 : tensor<?x8xf32>) -> tensor<?x8xf32>
    kernel.yield %r : tensor<?x8xf32>
  }
  return %1, %zero : tensor<?x8xf32>, f32
}

func.func @g() -> tensor<4xf32> {
  %0 = kernel.dispatch -> tensor<4xf32> {
    %c = arith.constant dense<3.0> : tensor<4xf32>
    kernel.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// Names already taken are skipped; kernels follow their function in order.

// CHECK-LABEL: func.func @h
// CHECK: kernel.launch @h_dispatch_1(
// CHECK: kernel.launch @h_dispatch_2(
// CHECK: kernel.func private @h_dispatch_1(
// CHECK: kernel.func private @h_dispatch_2(
// CHECK: func.func private @h_dispatch_0(
func.func @h(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = kernel.dispatch -> tensor<4xf32> {
    %r = linalg.exp ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    kernel.yield %r : tensor<4xf32>
  }
  %1 = kernel.dispatch -> tensor<4xf32> {
    %r = linalg.negf ins(%0 : tensor<4xf32>) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
    kernel.yield %r : tensor<4xf32>
  }
  return %1 : tensor<4xf32>
}
func.func private @h_dispatch_0(tensor<4xf32>) -> tensor<4xf32>

// -----

// A floating-point scalar computed on the host from sizes (a mean's divisor)
// cannot be a launch operand: the kernel recomputes it from the integer it
// comes from.
// CHECK-LABEL: func.func @float_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[N:.*]]: index)
// CHECK-NOT: arith.uitofp
// CHECK: %[[I:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: kernel.launch @float_scalar_dispatch_0(%[[I]], %[[X]]) : (i64, tensor<?xf32>) -> tensor<?xf32>
// CHECK: kernel.func private @float_scalar_dispatch_0(%[[A0:.*]]: i64, %[[A1:.*]]: tensor<?xf32>)
// CHECK: %[[F:.*]] = arith.uitofp %[[A0]] : i64 to f32
// CHECK: arith.divf %{{.*}}, %[[F]]
func.func @float_scalar(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %i = arith.index_cast %n : index to i64
  %f = arith.uitofp %i : i64 to f32
  %0 = kernel.dispatch -> tensor<?xf32> {
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<?xf32>) {
    ^bb0(%out: f32):
      %d = arith.divf %out, %f : f32
      linalg.yield %d : f32
    } -> tensor<?xf32>
    kernel.yield %r : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// A captured tensor.dim whose constant index is also used directly: both
// are recomputed in the kernel, the constant before the dim.
// CHECK-LABEL: kernel.func private @dim_and_index_dispatch_0
// CHECK-SAME: (%[[A:.*]]: tensor<?xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: tensor.dim %[[A]], %[[C0]]
func.func @dim_and_index(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %x, %c0 : tensor<?xf32>
  %0 = kernel.dispatch -> tensor<?xf32> {
    %e = tensor.empty(%dim) : tensor<?xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xf32>) {
    ^bb0(%out: f32):
      %i = linalg.index 0 : index
      %v = tensor.extract %x[%c0] : tensor<?xf32>
      linalg.yield %v : f32
    } -> tensor<?xf32>
    kernel.yield %r : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// Scalars a launch cannot pass: an i32 computed from an index is recomputed
// in the kernel; an i1 argument travels as i64 (extended on the host,
// truncated in the kernel); a float read from a tensor is read in the
// kernel, which receives the tensor.
// CHECK-LABEL: func.func @narrow_scalars
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: index, %[[C:.*]]: i1, %[[S:.*]]: tensor<2xf32>)
// CHECK: %[[W:.*]] = arith.extui %[[C]] : i1 to i64
// CHECK: kernel.launch @narrow_scalars_dispatch_0(%[[W]], %[[N]], %[[S]], %[[X]]) : (i64, index, tensor<2xf32>, tensor<4xf32>)
// CHECK: kernel.func private @narrow_scalars_dispatch_0(%[[A0:.*]]: i64, %[[A1:.*]]: index, %[[A2:.*]]: tensor<2xf32>, %[[A3:.*]]: tensor<4xf32>)
// CHECK-DAG: arith.trunci %[[A0]] : i64 to i1
// CHECK-DAG: tensor.extract %[[A2]]
// CHECK-DAG: arith.index_cast %[[A1]] : index to i32
func.func @narrow_scalars(%x: tensor<4xf32>, %n: index, %c: i1, %s: tensor<2xf32>) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %t = arith.index_cast %n : index to i32
  %v = tensor.extract %s[%c1] : tensor<2xf32>
  %0 = kernel.dispatch -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %f = arith.sitofp %t : i32 to f32
      %g = arith.addf %f, %v : f32
      %sel = arith.select %c, %in, %g : f32
      linalg.yield %sel : f32
    } -> tensor<4xf32>
    kernel.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}
