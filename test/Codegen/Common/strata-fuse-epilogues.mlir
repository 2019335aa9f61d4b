// RUN: strata-opt %s --strata-fuse-epilogues -split-input-file | FileCheck %s

// A 1x1 convolution as a product of the filter [16, 8] and the image
// [8, 128], its accumulator initialized with the bias, then relu6. The
// schedule keeps K = 8 whole above its 8x32 register tile: the relu6 is
// tiled by 8x32, the bias broadcast and the product fused into each tile.
// The tiles are marked for strata-cpu-vectorize with their static sizes,
// the register tile loops for strata-cpu-unroll-transfers and kept out of
// loop-invariant code motion. (The ops left dead outside the loops go at
// the next canonicalization.)

// CHECK-LABEL: func.func @conv1x1_relu6
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK: scf.for %{{.*}} = %{{.*}} to %c128 step %c32
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<8x32xf32>) attrs = {kernel.vectorize = array<i64: 8, 32>}
// CHECK: linalg.matmul {kernel.vectorize = array<i64: 8, 32, 8>} {{.*}} -> tensor<8x32xf32>
// CHECK: arith.maximumf
// CHECK: } {kernel.no_hoist, kernel.unroll_transfers}
// CHECK: } {kernel.no_hoist, kernel.unroll_transfers}
#bias = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @conv1x1_relu6(%w: tensor<16x8xf32>, %x: tensor<8x128xf32>, %b: tensor<16xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<16x128xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x128xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 64, 0>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [1]>} ins(%w, %x : tensor<16x8xf32>, tensor<8x128xf32>) outs(%init : tensor<16x128xf32>) -> tensor<16x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x128xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

// -----

// The same product with its bias and no epilogue (a projection convolution):
// the product is the root, tiled by its 8x32 register tile (K = 8 whole),
// the bias broadcast fused into each tile. Tiled alone, the broadcast would
// write the whole output and the product read it back (a 12544x96x16
// product plus bias took 700 us so, 369 fused).

// CHECK-LABEL: func.func @conv1x1_bias
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK: scf.for %{{.*}} = %{{.*}} to %c128 step %c32
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<8x32xf32>) attrs = {kernel.vectorize = array<i64: 8, 32>}
// CHECK: linalg.matmul {kernel.vectorize = array<i64: 8, 32, 8>} {{.*}} -> tensor<8x32xf32>
// CHECK: } {kernel.no_hoist, kernel.unroll_transfers}
// CHECK: } {kernel.no_hoist, kernel.unroll_transfers}
#bias = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @conv1x1_bias(%w: tensor<16x8xf32>, %x: tensor<8x128xf32>, %b: tensor<16xf32>) -> tensor<16x128xf32> {
  %e = tensor.empty() : tensor<16x128xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x128xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 64, 0>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [1]>} ins(%w, %x : tensor<16x8xf32>, tensor<8x128xf32>) outs(%init : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %p : tensor<16x128xf32>
}

// -----

// Without an epilogue, an accumulator initialized by a fill is left to the
// tile pass (which makes it zero accumulators): nothing fused, nothing
// marked.

// CHECK-LABEL: func.func @matmul_fill
// CHECK-NOT: scf.for
// CHECK-NOT: kernel.vectorize
// CHECK: return
func.func @matmul_fill(%w: tensor<16x8xf32>, %x: tensor<8x128xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x128xf32>) -> tensor<16x128xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 64, 0>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [1]>} ins(%w, %x : tensor<16x8xf32>, tensor<8x128xf32>) outs(%init : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %p : tensor<16x128xf32>
}

// -----

// The same product without a schedule: nothing to fuse by, nothing marked.

// CHECK-LABEL: func.func @unscheduled
// CHECK-NOT: scf.for
// CHECK-NOT: kernel.
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @unscheduled(%w: tensor<16x8xf32>, %x: tensor<8x128xf32>, %init: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x128xf32>
  %p = linalg.matmul ins(%w, %x : tensor<16x8xf32>, tensor<8x128xf32>) outs(%init : tensor<16x128xf32>) -> tensor<16x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x128xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    linalg.yield %lo : f32
  } -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}
