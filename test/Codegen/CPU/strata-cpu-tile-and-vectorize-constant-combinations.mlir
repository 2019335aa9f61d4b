// RUN: strata-opt %s --strata-cpu-tile-and-vectorize --canonicalize --cse -split-input-file | FileCheck %s

// Constant combinations (the form of Winograd's transforms): sums of the x
// elements a small constant K of mostly 0 and +-1 weights. Each tile (K's
// loops whole, one vector along the output's innermost loop) is unrolled
// over K's non-zero entries: out[0] = x[0] - x[2], out[1] = 0.5 * x[0] +
// x[1], with one read per x vector. The zero fill of the init joins the
// tiles and disappears: the first term starts each sum.

#x = affine_map<(e, t, c, a) -> (t * 2 + a, c)>
#k = affine_map<(e, t, c, a) -> (e, a)>
#o = affine_map<(e, t, c, a) -> (e, t, c)>

// CHECK-LABEL: func.func @zero_init
// CHECK-DAG: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : vector<16xf32>
// CHECK-NOT: linalg.fill
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[X0:.*]] = vector.transfer_read %[[XS:.*]][%c0, %c0]
// CHECK: %[[X2:.*]] = vector.transfer_read %[[XS]][%c2, %c0]
// CHECK: %[[S0:.*]] = arith.subf %[[X0]], %[[X2]] : vector<16xf32>
// CHECK: %[[W0:.*]] = vector.transfer_write %[[S0]], %{{.*}}[%c0, %c0, %c0]
// CHECK: %[[P:.*]] = arith.mulf %[[X0]], %[[HALF]] : vector<16xf32>
// CHECK: %[[X1:.*]] = vector.transfer_read %[[XS]][%c1, %c0]
// CHECK: %[[S1:.*]] = arith.addf %[[P]], %[[X1]] : vector<16xf32>
// CHECK: vector.transfer_write %[[S1]], %[[W0]][%c1, %c0, %c0]
// CHECK-NOT: vector.contract
// CHECK-NOT: vector.multi_reduction
func.func @zero_init(%x: tensor<5x32xf32>) -> tensor<2x2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant dense<[[1.0, 0.0, -1.0], [0.5, 1.0, 0.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x2x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
  %r = linalg.generic {indexing_maps = [#x, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 16, 0>], vector_sizes = [2, 1, 16, 3], parallel_dims = [1, 2]>} ins(%x, %k : tensor<5x32xf32>, tensor<2x3xf32>) outs(%f : tensor<2x2x32xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x32xf32>
  return %r : tensor<2x2x32xf32>
}

// -----

// Any other init is read and accumulated into (the Winograd output
// transform adds into the convolution's bias); a coefficient of 2 is a
// multiply-add.

#x = affine_map<(e, t, c, a) -> (t * 2 + a, c)>
#k = affine_map<(e, t, c, a) -> (e, a)>
#o = affine_map<(e, t, c, a) -> (e, t, c)>

// CHECK-LABEL: func.func @accumulate
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<16xf32>
// CHECK: scf.for
// CHECK: %[[ACC:.*]] = vector.transfer_read %{{.*}}[%c0, %c0, %c0]
// CHECK: %[[X0:.*]] = vector.transfer_read
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[X0]] : vector<16xf32>
// CHECK: %[[X1:.*]] = vector.transfer_read
// CHECK: vector.fma %[[X1]], %[[TWO]], %[[S]] : vector<16xf32>
func.func @accumulate(%x: tensor<5x32xf32>, %init: tensor<1x2x32xf32>) -> tensor<1x2x32xf32> {
  %k = arith.constant dense<[[1.0, 2.0, 0.0]]> : tensor<1x3xf32>
  %r = linalg.generic {indexing_maps = [#x, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 16, 0>], vector_sizes = [1, 1, 16, 3], parallel_dims = [1, 2]>} ins(%x, %k : tensor<5x32xf32>, tensor<1x3xf32>) outs(%init : tensor<1x2x32xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x32xf32>
  return %r : tensor<1x2x32xf32>
}

// -----

// Weights that are mostly not 0 or +-1 are a small weight matrix, not a
// transform: the generic vectorization, no unrolling, and the fill stays.

#x = affine_map<(e, t, c, a) -> (t * 2 + a, c)>
#k = affine_map<(e, t, c, a) -> (e, a)>
#o = affine_map<(e, t, c, a) -> (e, t, c)>

// CHECK-LABEL: func.func @weights
// CHECK: vector.transfer_write %{{.*}} : vector<1x1x32xf32>, tensor<1x1x32xf32>
// CHECK: vector.contract
// CHECK-NOT: arith.subf
func.func @weights(%x: tensor<5x32xf32>) -> tensor<2x2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant dense<[[0.3, 0.2, -0.7], [0.5, 1.5, 0.25]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x2x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x32xf32>) -> tensor<2x2x32xf32>
  %r = linalg.generic {indexing_maps = [#x, #k, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"], kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 16, 0>], vector_sizes = [2, 1, 16, 3], parallel_dims = [1, 2]>} ins(%x, %k : tensor<5x32xf32>, tensor<2x3xf32>) outs(%f : tensor<2x2x32xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x32xf32>
  return %r : tensor<2x2x32xf32>
}
