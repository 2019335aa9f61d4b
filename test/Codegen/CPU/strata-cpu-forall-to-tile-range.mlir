// RUN: strata-opt %s --strata-cpu-forall-to-tile-range -split-input-file | FileCheck %s

// strata-cpu-forall-to-tile-range, after bufferization: the scf.forall marked
// strata.distribute of a destination-passing kernel becomes an scf.for over
// the tiles [tileBegin, min(tileEnd, numTiles)) (the last two arguments), the
// forall indices recovered by delinearization (innermost fastest), and a
// function @__strata_grid_body_<kernel> with the kernel's arguments returns
// numTiles. A kernel with other effects at its top level runs its tiles in a
// sequential scf.for and gets no grid function.

// 16 tiles of 4 rows. Allocations next to the loop are replicable: the tile
// range loop is still built.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME: %[[X:[^:]*]]: memref<64x32xf32>, %[[OUT:[^:]*]]: memref<64x32xf32>, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK-SAME: attributes {llvm.emit_c_interface, strata.kernel_abi = 1 : i64}
// CHECK: memref.alloc
// CHECK: %[[NT:.*]] = arith.ceildivsi
// CHECK: %[[COUNT:.*]] = arith.muli %{{.*}}, %[[NT]] : index
// CHECK: %[[LAST:.*]] = arith.minsi %[[END]], %[[COUNT]] : index
// CHECK: scf.for %[[T:.*]] = %[[BEGIN]] to %[[LAST]] step %{{.*}} {
// CHECK: %[[IDX:.*]] = arith.remsi %[[T]], %{{.*}} : index
// CHECK: %[[OFF:.*]] = arith.muli %[[IDX]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[OFF]] : index
// CHECK: memref.subview %[[X]][%[[I]], 0] [4, 32] [1, 1]
// CHECK: memref.subview %[[OUT]][%[[I]], 0] [4, 32] [1, 1]
// CHECK: memref.copy
// CHECK: }
// CHECK-NOT: scf.forall
// CHECK: memref.dealloc
// CHECK: return
// The grid function: same arguments, returns the count; nothing else.
// CHECK-LABEL: func.func @__strata_grid_body_rows(
// CHECK-SAME: memref<64x32xf32>, %{{[^:]*}}: memref<64x32xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index) -> index
// CHECK-SAME: attributes {llvm.emit_c_interface, strata.kernel_export}
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[EXT:.*]] = arith.subi %[[C64]], %[[C0]] : index
// CHECK: %[[N:.*]] = arith.ceildivsi %[[EXT]], %[[C4]] : index
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %[[N]] : index
// CHECK-NOT: memref.
// CHECK: return %[[P]] : index
// CHECK-NEXT: }
func.func @rows(%x: memref<64x32xf32>, %out: memref<64x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
  %tmp = memref.alloc() : memref<4x32xf32>
  scf.forall (%i) = (0) to (64) step (4) {
    %s = memref.subview %x[%i, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %d = memref.subview %out[%i, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %s, %d : memref<4x32xf32, strided<[32, 1], offset: ?>> to memref<4x32xf32, strided<[32, 1], offset: ?>>
  } {strata.distribute}
  memref.dealloc %tmp : memref<4x32xf32>
  return
}

// -----

// Two dimensions, the inner one dynamic: numTiles = 4 * ceil(n / 4); tile t
// is (i, j) = ((t / nj) % 4 * 2, t % nj * 4). The grid function keeps the
// memref.dim the count needs.
// CHECK-LABEL: func.func @grid2d(
// CHECK-SAME: %[[X:[^:]*]]: memref<8x?xf32>, %[[OUT:[^:]*]]: memref<8x?xf32>, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK: %[[D:.*]] = memref.dim %[[X]]
// CHECK: %[[NI:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : index
// CHECK: %[[NJ:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : index
// CHECK: %[[COUNT:.*]] = arith.muli %{{.*}}, %[[NJ]] : index
// CHECK: %[[LAST:.*]] = arith.minsi %[[END]], %[[COUNT]] : index
// CHECK: scf.for %[[T:.*]] = %[[BEGIN]] to %[[LAST]]
// CHECK: %[[JT:.*]] = arith.remsi %[[T]], %[[NJ2:.*]] : index
// CHECK: %[[REST:.*]] = arith.divsi %[[T]], %[[NJ2]] : index
// CHECK: %[[JO:.*]] = arith.muli %[[JT]], %{{.*}} : index
// CHECK: %[[J:.*]] = arith.addi %{{.*}}, %[[JO]] : index
// CHECK: %[[IT:.*]] = arith.remsi %[[REST]], %{{.*}} : index
// CHECK: %[[IO:.*]] = arith.muli %[[IT]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %{{.*}}, %[[IO]] : index
// CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]], %[[J]]]
// CHECK: memref.store %[[V]], %[[OUT]][%[[I]], %[[J]]]
// CHECK-LABEL: func.func @__strata_grid_body_grid2d(
// CHECK-SAME: -> index attributes {strata.kernel_export}
// CHECK: memref.dim
// CHECK: arith.muli
// CHECK: %[[R:.*]] = arith.muli
// CHECK-NEXT: return %[[R]] : index
func.func @grid2d(%x: memref<8x?xf32>, %out: memref<8x?xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c1 : memref<8x?xf32>
  scf.forall (%i, %j) = (0, 0) to (8, %n) step (2, 4) {
    %v = memref.load %x[%i, %j] : memref<8x?xf32>
    memref.store %v, %out[%i, %j] : memref<8x?xf32>
  } {strata.distribute}
  return
}

// -----

// A write outside the loop would be repeated by every call: the tiles run
// in one sequential loop, and there is no grid function.
// CHECK-LABEL: func.func @writes_outside(
// CHECK-SAME: %[[X:[^:]*]]: memref<16xf32>, %[[OUT:[^:]*]]: memref<16xf32>, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK: memref.store %{{.*}}, %[[OUT]]
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.for %{{.*}} = %[[C1]] to %[[C16]] step
// CHECK-NOT: %[[BEGIN]]
// CHECK-NOT: strata.distribute
// CHECK-NOT: __strata_grid_body_writes_outside
func.func @writes_outside(%x: memref<16xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %out[%c0] : memref<16xf32>
  scf.forall (%i) = (1) to (16) step (1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  } {strata.distribute}
  return
}

// -----

// The tile count depends on an allocation (not computable without effects):
// sequential loop, no grid function.
// CHECK-LABEL: func.func @count_needs_alloc(
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[M:.*]] = memref.dim %[[A]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[M]] step
// CHECK-NOT: strata.distribute
// CHECK-NOT: __strata_grid_body
func.func @count_needs_alloc(%x: memref<?xf32>, %out: memref<?xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %m = memref.dim %a, %c0 : memref<?xf32>
  scf.forall (%i) = (0) to (%m) step (1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
  } {strata.distribute}
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// Two marked loops: both run sequentially, no grid function.
// CHECK-LABEL: func.func @two_marked(
// CHECK-NOT: scf.forall
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: __strata_grid_body
func.func @two_marked(%x: memref<16xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  scf.forall (%i) = (0) to (8) step (1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  } {strata.distribute}
  scf.forall (%i) = (8) to (16) step (1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  } {strata.distribute}
  return
}

// -----

// Unmarked foralls and functions that are not kernels are left alone.
// CHECK-LABEL: func.func @unmarked(
// CHECK: scf.forall
// CHECK-LABEL: func.func @not_a_kernel(
// CHECK: scf.forall
// CHECK: } {strata.distribute}
// CHECK-NOT: __strata_grid_body
func.func @unmarked(%x: memref<16xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  scf.forall (%i) = (0) to (16) step (1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  }
  return
}
func.func @not_a_kernel(%x: memref<16xf32>, %out: memref<16xf32>) {
  scf.forall (%i) = (0) to (16) step (1) {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %out[%i] : memref<16xf32>
  } {strata.distribute}
  return
}

// -----

// A tile buffer allocated in the tile body (a padded input tile) with a
// static shape moves before the tile loop: one allocation per call, shared
// by the call's tiles, which each write it before reading it.
// CHECK-LABEL: func.func @tile_buffer(
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4x34xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %{{.*}}, %{{.*}}
// CHECK: }
func.func @tile_buffer(%x: memref<64x32xf32>, %out: memref<64x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64, llvm.emit_c_interface} {
  scf.forall (%i) = (0) to (64) step (4) {
    %buf = memref.alloc() : memref<4x34xf32>
    %in = memref.subview %x[%i, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    %inner = memref.subview %buf[0, 1] [4, 32] [1, 1] : memref<4x34xf32> to memref<4x32xf32, strided<[34, 1], offset: 1>>
    memref.copy %in, %inner : memref<4x32xf32, strided<[32, 1], offset: ?>> to memref<4x32xf32, strided<[34, 1], offset: 1>>
    %o = memref.subview %out[%i, 0] [4, 32] [1, 1] : memref<64x32xf32> to memref<4x32xf32, strided<[32, 1], offset: ?>>
    memref.copy %inner, %o : memref<4x32xf32, strided<[34, 1], offset: 1>> to memref<4x32xf32, strided<[32, 1], offset: ?>>
  } {strata.distribute}
  return
}
