// RUN: strata-opt %s --strata-cpu-tile | FileCheck %s
// RUN: strata-opt %s --strata-cpu-tile=vectorize=false | FileCheck %s --check-prefix=NOVEC --implicit-check-not=kernel.unroll_transfers --implicit-check-not=kernel.schedule
// RUN: strata-opt %s --strata-cpu-tile=peel=false | FileCheck %s --check-prefix=NOPEEL

// A scheduled exp over 4x196 in tiles of 2x32: 196 = 6 x 32 + 4, so the
// column loop runs six static tiles and its partial last tile of 4 is
// peeled off. Both tiles are marked for strata-cpu-vectorize with the tile
// sizes as bounds, the tile loops for strata-cpu-unroll-transfers; the
// schedule is gone.

// CHECK-LABEL: func.func @scheduled
// CHECK-NOT: kernel.schedule
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c2
// CHECK: scf.for %{{.*}} = %c0 to %c192 step %c32
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x32xf32>) {{.*}} attrs = {kernel.vectorize = array<i64: 2, 32>}
// CHECK: } {kernel.unroll_transfers}
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x4xf32>) {{.*}} attrs = {kernel.vectorize = array<i64: 2, 32>}
// CHECK: } {kernel.unroll_transfers}
// Without vectorization, the same tiles and no marks.
// NOVEC-LABEL: func.func @scheduled
// NOVEC: scf.for %{{.*}} = %c0 to %c192 step %c32
// NOVEC: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x32xf32>) {
// NOVEC: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4xf32>) {
// NOVEC-LABEL: func.func @dynamic
// NOVEC: linalg.exp ins
// NOVEC: linalg.exp ins
// Without peeling, every tile has a dynamic width bounded by 32.
// NOPEEL-LABEL: func.func @scheduled
// NOPEEL: scf.for %{{.*}} = %c0 to %c196 step %c32
// NOPEEL: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x?xf32>) {{.*}} attrs = {kernel.vectorize = array<i64: 2, 32>}
// NOPEEL-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scheduled(%x: tensor<4x196xf32>) -> tensor<4x196xf32> {
  %e = tensor.empty() : tensor<4x196xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x196xf32>) outs(%e : tensor<4x196xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 32>], vector_sizes = [2, 32], parallel_dims = [0]>} {
  ^bb0(%in: f32, %out: f32):
    %s = math.exp %in : f32
    linalg.yield %s : f32
  } -> tensor<4x196xf32>
  return %r : tensor<4x196xf32>
}

// An unscheduled op gets the default tiles (64 along its innermost loop):
// a loop of static tiles of 64 and the peeled remainder of dynamic size,
// bounded by 64. Without a schedule its loops are not marked.

// CHECK-LABEL: func.func @dynamic
// CHECK: scf.for
// CHECK: linalg.exp {kernel.vectorize = array<i64: 64>} {{.*}} -> tensor<64xf32>
// CHECK-NEXT: tensor.insert_slice
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: linalg.exp {kernel.vectorize = array<i64: 64>} {{.*}} -> tensor<?xf32>
// CHECK-NEXT: tensor.insert_slice
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.exp ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// An op strata-fuse-epilogues already made a register tile is left alone.

// CHECK-LABEL: func.func @fused_tile
// CHECK-NOT: scf.for
// CHECK: linalg.exp {kernel.vectorize = array<i64: 128>}
func.func @fused_tile(%x: tensor<128xf32>) -> tensor<128xf32> {
  %e = tensor.empty() : tensor<128xf32>
  %r = linalg.exp {kernel.vectorize = array<i64: 128>} ins(%x : tensor<128xf32>) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// A schedule's unroll: the loop directly around the register tiles that
// reduce (the k loop, 64 / 8 = 8 steps) runs 2 tiles per iteration; the
// loops around it stay.

// CHECK-LABEL: func.func @unrolled
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK: scf.for %[[K:.*]] = %c0 to %c64 step %c16
// CHECK: %[[FIRST:.*]] = linalg.matmul {kernel.vectorize = array<i64: 8, 16, 8>} ins(%{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x16xf32>)
// CHECK: %[[K2:.*]] = arith.addi %[[K]], %c8
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, %[[K2]]] [8, 8]
// CHECK: linalg.matmul {kernel.vectorize = array<i64: 8, 16, 8>} {{.*}} outs(%[[FIRST]] : tensor<8x16xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @unrolled(%a: tensor<16x64xf32>, %b: tensor<64x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16, 8>], vector_sizes = [8, 16, 8], parallel_dims = [0, 1], unroll = 2>} ins(%a, %b : tensor<16x64xf32>, tensor<64x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
