// RUN: strata-opt %s --strata-cuda-map-forall --split-input-file -verify-diagnostics | FileCheck %s
// RUN: strata-opt %s --strata-cuda-map-forall=sequential=true --split-input-file | FileCheck %s --check-prefix=SEQ

// A block of two thread loops: the row sums in shared memory between
// them, a barrier after each, one block per tile of rows.
// CHECK-LABEL: gpu.module @rows attributes {strata.cuda.block = 256 : i64, strata.cuda.grid = 8 : i64}
//       CHECK:   gpu.func @rows(%[[A:.*]]: memref<8x500xf32>, %[[O:.*]]: memref<8x500xf32>)
//  CHECK-SAME:       workgroup(%[[SHARED:.*]] : memref<1xf32, #gpu.address_space<workgroup>>)
//  CHECK-SAME:       kernel attributes {known_block_size = array<i32: 256, 1, 1>}
//       CHECK:     %[[BID:.*]] = gpu.block_id  x
//       CHECK:     %[[GDIM:.*]] = gpu.grid_dim  x
//       CHECK:     %[[TID:.*]] = gpu.thread_id  x
//       CHECK:     %[[BDIM:.*]] = gpu.block_dim  x
//       CHECK:     scf.for %[[B:.*]] = %[[BID]] to %{{.*}} step %[[GDIM]]
//       CHECK:       %[[SUMS:.*]] = memref.memory_space_cast %[[SHARED]]
//       CHECK:       scf.for %{{.*}} = %[[TID]] to %{{.*}} step %[[BDIM]]
//       CHECK:         linalg.generic {{.*}} outs(%[[SUMS]]
//       CHECK:       gpu.barrier
//       CHECK:       scf.for %{{.*}} = %[[TID]] to %{{.*}} step %[[BDIM]]
//       CHECK:         memref.subview %[[SUMS]]
//       CHECK:       gpu.barrier
//       CHECK:     gpu.return
//   CHECK-NOT: func.func @rows

// SEQ-LABEL: func.func @rows
//       SEQ:   %[[GRID:.*]] = arith.constant 8 : index
//       SEQ:   %[[BLOCK:.*]] = arith.constant 256 : index
//       SEQ:   scf.for %[[BID:.*]] = %c0{{.*}} to %[[GRID]]
//       SEQ:     scf.for %{{.*}} = %[[BID]] to %{{.*}} step %[[GRID]]
//       SEQ:       memref.alloc() : memref<1xf32>
//       SEQ:       scf.for %[[TID:.*]] = %c0{{.*}} to %[[BLOCK]]
//       SEQ:         scf.for %{{.*}} = %[[TID]] to %{{.*}} step %[[BLOCK]]
//       SEQ:       scf.for %[[TID2:.*]] = %c0{{.*}} to %[[BLOCK]]
//       SEQ:         scf.for %{{.*}} = %[[TID2]] to %{{.*}} step %[[BLOCK]]
//   SEQ-NOT:   gpu.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @rows(%a: memref<8x500xf32>, %out: memref<8x500xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %cst = arith.constant 0.0 : f32
  scf.forall (%i) in (8) {
    %rows = memref.subview %a[%i, 0] [1, 500] [1, 1] : memref<8x500xf32> to memref<1x500xf32, strided<[500, 1], offset: ?>>
    %sums = memref.alloc() : memref<1xf32>
    scf.forall (%r) in (1) {
      linalg.fill ins(%cst : f32) outs(%sums : memref<1xf32>)
      linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%rows : memref<1x500xf32, strided<[500, 1], offset: ?>>) outs(%sums : memref<1xf32>) {
      ^bb0(%in: f32, %acc: f32):
        %s = arith.addf %in, %acc : f32
        linalg.yield %s : f32
      }
    } {mapping = [#gpu.thread<linear_dim_0>]}
    %dst = memref.subview %out[%i, 0] [1, 500] [1, 1] : memref<8x500xf32> to memref<1x500xf32, strided<[500, 1], offset: ?>>
    scf.forall (%r, %c) in (1, 500) {
      %c0 = arith.constant 0 : index
      %x = memref.load %rows[%r, %c] : memref<1x500xf32, strided<[500, 1], offset: ?>>
      %sum = memref.subview %sums[%r] [1] [1] : memref<1xf32> to memref<1xf32, strided<[1], offset: ?>>
      %s = memref.load %sum[%c0] : memref<1xf32, strided<[1], offset: ?>>
      %d = arith.divf %x, %s : f32
      memref.store %d, %dst[%r, %c] : memref<1x500xf32, strided<[500, 1], offset: ?>>
    } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>]}
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// Dynamic shapes: blocks that stride over the tiles, as many as the host
// computes at launch (ceil(dim 0 of argument 0 / 4)), at most max-blocks;
// a partial tile's buffer (min(4, n - i) rows) gets the bound's size in
// shared memory.
// CHECK-LABEL: gpu.module @dynamic attributes {strata.cuda.block = 256 : i64, strata.cuda.grid = 1056 : i64, strata.cuda.grid_factors = array<i64: 0, 0, 4>, strata.cuda.grid_scale = 1 : i64}
//       CHECK:   workgroup(%[[SHARED:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
//       CHECK:     %[[CAST:.*]] = memref.memory_space_cast %[[SHARED]]
//       CHECK:     memref.reinterpret_cast %[[CAST]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<4xf32> to memref<?xf32>
// SEQ-LABEL: func.func @dynamic
//       SEQ:   arith.constant 1056 : index
#map = affine_map<(d0)[s0] -> (4, -d0 + s0)>
func.func @dynamic(%a: memref<?xf32>, %out: memref<?xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.forall (%i) = (0) to (%n) step (4) {
    %size = affine.min #map(%i)[%n]
    %tmp = memref.alloc(%size) : memref<?xf32>
    scf.forall (%t) in (%size) {
      %x = memref.load %a[%t] : memref<?xf32>
      memref.store %x, %tmp[%t] : memref<?xf32>
    } {mapping = [#gpu.thread<linear_dim_0>]}
    scf.forall (%t) in (%size) {
      %x = memref.load %tmp[%t] : memref<?xf32>
      memref.store %x, %out[%t] : memref<?xf32>
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// Without a block loop, a kernel runs on one thread of one block, its
// temporaries in private memory.
// CHECK-LABEL: gpu.module @sequential attributes {strata.cuda.block = 1 : i64, strata.cuda.grid = 1 : i64}
//       CHECK:   gpu.func @sequential
//       CHECK:     memref.alloca() : memref<f32>
//   CHECK-NOT:     gpu.thread_id
// SEQ-LABEL: func.func @sequential
//       SEQ:   memref.alloc() : memref<f32>
func.func @sequential(%a: memref<4xf32>, %out: memref<f32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %tmp = memref.alloc() : memref<f32>
  %x = memref.load %a[%c0] : memref<4xf32>
  memref.store %x, %tmp[] : memref<f32>
  memref.copy %tmp, %out : memref<f32> to memref<f32>
  return
}

// -----

// A temporary of a size nothing bounds (dynamic shapes) comes from the
// device heap and goes back at the end of its block.
// CHECK-LABEL: gpu.func @unbounded
//       CHECK:     %[[TMP:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:     memref.dealloc %[[TMP]]
//  CHECK-NEXT:     gpu.return
func.func @unbounded(%a: memref<?xf32>, %out: memref<?xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %tmp = memref.alloc(%n) : memref<?xf32>
  memref.copy %a, %tmp : memref<?xf32> to memref<?xf32>
  memref.copy %tmp, %out : memref<?xf32> to memref<?xf32>
  return
}

// -----

// One that a loop carries out of its block is not supported.
func.func @escaping(%a: memref<?xf32>, %out: memref<?xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%buf = %a) -> memref<?xf32> {
    // expected-error @below {{a temporary buffer of type 'memref<?xf32>' leaves the block it is allocated in: not supported in CUDA kernels}}
    %tmp = memref.alloc(%n) : memref<?xf32>
    scf.yield %tmp : memref<?xf32>
  }
  memref.copy %r, %out : memref<?xf32> to memref<?xf32>
  return
}

// -----

// A buffer at the top that nothing reads (a pooling window's shape) does not
// keep the kernel from its grid: each thread gets its own, in private memory.
// CHECK-LABEL: gpu.module @pool_window attributes {strata.cuda.block = 32 : i64, strata.cuda.grid = 2 : i64}
//       CHECK:     gpu.thread_id
//       CHECK:     memref.alloca() : memref<3xf32>
func.func @pool_window(%a: memref<2x8xf32>, %out: memref<2x6xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %window = memref.alloc() : memref<3xf32>
  scf.forall (%i) in (2) {
    %row = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<2x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    %dst = memref.subview %out[%i, 0] [1, 6] [1, 1] : memref<2x6xf32> to memref<1x6xf32, strided<[6, 1], offset: ?>>
    scf.forall (%j) in (6) {
      %in = memref.subview %row[0, %j] [1, 3] [1, 1] : memref<1x8xf32, strided<[8, 1], offset: ?>> to memref<1x3xf32, strided<[8, 1], offset: ?>>
      %o = memref.subview %dst[0, %j] [1, 1] [1, 1] : memref<1x6xf32, strided<[6, 1], offset: ?>> to memref<1x1xf32, strided<[6, 1], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 + d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%in, %window : memref<1x3xf32, strided<[8, 1], offset: ?>>, memref<3xf32>) outs(%o : memref<1x1xf32, strided<[6, 1], offset: ?>>) {
      ^bb0(%x: f32, %w: f32, %acc: f32):
        %m = arith.maximumf %x, %acc : f32
        linalg.yield %m : f32
      }
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// A staged product: the stage loop runs in every thread of the block; its
// operand tile's buffer (allocated in the loop by bufferization) moves
// before the loop into shared memory, and the thread loops inside it get a
// barrier each (the copy's before the product reads the tile; the
// product's before the next step overwrites it).
// CHECK-LABEL: gpu.module @staged
//       CHECK:   gpu.func @staged(
//  CHECK-SAME:       workgroup(%[[TILE:.*]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
//       CHECK:     scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:       %[[STAGED:.*]] = memref.memory_space_cast %[[TILE]]
//       CHECK:       scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:           memref.store %{{.*}}, %[[STAGED]]
//       CHECK:         gpu.barrier
//       CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:           memref.load %[[STAGED]]
//       CHECK:         gpu.barrier
//       CHECK:       } {strata.cuda.stage_loop}

// SEQ-LABEL: func.func @staged
//       SEQ:   memref.alloc() : memref<32x8xf32>
//       SEQ:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
//       SEQ:     scf.for %[[TID:.*]] = %c0{{.*}} to %c256
//       SEQ:       memref.store
//       SEQ:     scf.for %[[TID2:.*]] = %c0{{.*}} to %c256
//       SEQ:       memref.load
//       SEQ:   } {strata.cuda.stage_loop}
func.func @staged(%a: memref<32x24xf32>, %out: memref<32xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  scf.forall (%blk) in (1) {
    scf.for %k = %c0 to %c24 step %c8 {
      %tile = memref.alloc() : memref<32x8xf32>
      scf.forall (%i, %j) in (32, 8) {
        %kj = arith.addi %k, %j : index
        %x = memref.load %a[%i, %kj] : memref<32x24xf32>
        memref.store %x, %tile[%i, %j] : memref<32x8xf32>
      } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>]}
      scf.forall (%i) in (32) {
        %acc = memref.load %out[%i] : memref<32xf32>
        %x = memref.load %tile[%i, %c0] : memref<32x8xf32>
        %s = arith.addf %acc, %x : f32
        memref.store %s, %out[%i] : memref<32xf32>
      } {mapping = [#gpu.thread<linear_dim_0>]}
    } {strata.cuda.stage_loop}
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// A dynamic count of tiles: the grid is computed at launch from the
// arguments (ceil(dim 0 of argument 0 / 4) x ceil(argument 2 / 8) x 3
// tiles), capped at 1056 blocks.
// CHECK-LABEL: gpu.module @dynamic_grid
//  CHECK-SAME:   strata.cuda.grid = 1056 : i64
//  CHECK-SAME:   strata.cuda.grid_factors = array<i64: 0, 0, 4, 2, -1, 8>
//  CHECK-SAME:   strata.cuda.grid_scale = 3 : i64

// The emulator runs the blocks a GPU launch would get: the tile count (the
// same loop bounds), at most 1056.
// SEQ-LABEL: func.func @dynamic_grid
//       SEQ:   %[[ROWS:.*]] = memref.dim %arg0, %c0
//       SEQ:   arith.subi %[[ROWS]]
//       SEQ:   arith.ceildivsi {{.*}}, %c4
//       SEQ:   arith.subi %arg2
//       SEQ:   arith.ceildivsi {{.*}}, %c8
//       SEQ:   arith.ceildivsi {{.*}}, %c32
//       SEQ:   %[[TILES:.*]] = arith.muli
//       SEQ:   %[[CAP:.*]] = arith.constant 1056 : index
//       SEQ:   %[[GRID:.*]] = arith.minsi %[[TILES]], %[[CAP]]
//       SEQ:   scf.for %{{.*}} = %{{.*}} to %[[GRID]]
func.func @dynamic_grid(%a: memref<?x96xf32>, %out: memref<?x96xf32>, %n: index, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %a, %c0 : memref<?x96xf32>
  scf.forall (%i, %j, %k) = (0, 0, 0) to (%rows, %n, 96) step (4, 8, 32) {
    scf.forall (%t) in (32) {
      %x = memref.load %a[%i, %k] : memref<?x96xf32>
      memref.store %x, %out[%i, %k] : memref<?x96xf32>
    } {mapping = [#gpu.thread<linear_dim_0>]}
  } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_2>]}
  return
}
