// RUN: strata-opt %s --kernel-fuse-elementwise -split-input-file | FileCheck %s

// GELU written op by op (as ONNX exports it): x / sqrt(2), erf, + 1, * x,
// * 0.5. Each intermediate has one use, so the chain becomes one generic
// that reads x (twice) and computes everything in its body.
// CHECK-LABEL: func.func @gelu
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: math.erf
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %sqrt2 = arith.constant 1.41421354 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.divf %in, %sqrt2 : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.erf %in : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %one : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %2 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.mulf %in, %half : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}

// -----

// Not merged: a producer with two uses (it would be computed twice), and an
// elementwise producer of a matmul (whose body must stay a multiply-add for
// the contraction schedules).
// CHECK-LABEL: func.func @not_fused
// CHECK: %[[B:.*]] = linalg.generic {{.*}} ins(%arg0
// CHECK: linalg.generic {{.*}} ins(%[[B]]
// CHECK: linalg.generic {{.*}} ins(%[[B]]
// CHECK: linalg.matmul
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_fused(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %u = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %v = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.subf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %m = linalg.matmul ins(%u, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %v, %m : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A product plus a broadcast bias (MatMul + Add as ONNX exports a linear
// layer): the accumulator starts from the broadcast bias instead of zero,
// and the add is gone.
// CHECK-DAG: #[[BIAS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @bias_into_init
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<8x16xf32>, %[[B:.*]]: tensor<16xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x16xf32>
// CHECK: %[[INIT:.*]] = linalg.generic {indexing_maps = [#[[BIAS]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<16xf32>) outs(%[[E]] : tensor<4x16xf32>)
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[INIT]] : tensor<4x16xf32>)
// CHECK-NOT: linalg.fill
// CHECK-NOT: arith.addf
// CHECK: return %[[P]]
#bias3 = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @bias_into_init(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %p = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.generic {indexing_maps = [#id3, #bias3, #id3], iterator_types = ["parallel", "parallel"]} ins(%p, %b : tensor<4x16xf32>, tensor<16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// A producer that loops per element (cumsum's lowering) merges into a
// consumer that reads each of its elements once, but not into one that
// broadcasts it: there the loop would run once per consumer element.
// CHECK-LABEL: func.func @looping_producer
// CHECK: %[[SUMS:.*]] = linalg.generic
// CHECK: scf.for
// CHECK: linalg.generic {{.*}} ins(%[[SUMS]]
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK-NOT: linalg.generic
// CHECK: return
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#id4 = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
func.func @looping_producer(%x: tensor<16xf32>, %y: tensor<16xf32>, %k: tensor<8xf32>) -> (tensor<8x16xi1>, tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %sums = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<16xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %end = arith.addi %i, %c1 : index
    %s = scf.for %j = %c0 to %end step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = tensor.extract %x[%j] : tensor<16xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %eb = tensor.empty() : tensor<8x16xi1>
  %cmp = linalg.generic {indexing_maps = [#row, #col, #id4], iterator_types = ["parallel", "parallel"]} ins(%sums, %k : tensor<16xf32>, tensor<8xf32>) outs(%eb : tensor<8x16xi1>) {
  ^bb0(%a: f32, %b: f32, %out: i1):
    %r = arith.cmpf ole, %a, %b : f32
    linalg.yield %r : i1
  } -> tensor<8x16xi1>
  %sums2 = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e : tensor<16xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %end = arith.addi %i, %c1 : index
    %s = scf.for %j = %c0 to %end step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = tensor.extract %y[%j] : tensor<16xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    linalg.yield %s : f32
  } -> tensor<16xf32>
  %twice = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]} ins(%sums2 : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%a: f32, %out: f32):
    %r = arith.addf %a, %a : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %cmp, %twice : tensor<8x16xi1>, tensor<16xf32>
}

// -----

// Per-channel constants read through maps with zeros ([1, 1, C] by
// (0, 0, c), as kernel-propagate-reshapes leaves a depthwise
// convolution's epilogue in its shape) do not stop the chain: scale, shift
// and clip become one generic.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (0, 0, d3)>
// CHECK-LABEL: func.func @channel_constants
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: arith.sitofp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.maximumf
func.func @channel_constants(%acc: tensor<1x4x4x8xi32>, %scale: tensor<1x1x8xf32>, %shift: tensor<1x1x8xf32>) -> tensor<1x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x4x4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%acc : tensor<1x4x4x8xi32>) outs(%e0 : tensor<1x4x4x8xf32>) {
  ^bb0(%a: i32, %o: f32):
    %f = arith.sitofp %a : i32 to f32
    linalg.yield %f : f32
  } -> tensor<1x4x4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %scale : tensor<1x4x4x8xf32>, tensor<1x1x8xf32>) outs(%e0 : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #channel, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %shift : tensor<1x4x4x8xf32>, tensor<1x1x8xf32>) outs(%e0 : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.addf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x8xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x4x4x8xf32>) outs(%e0 : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x8xf32>
  return %3 : tensor<1x4x4x8xf32>
}
