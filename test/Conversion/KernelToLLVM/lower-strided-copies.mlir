// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-lower-strided-copies))' | FileCheck %s
// Through the whole CPU lowering (which runs the pass), the copies left are
// contiguous: llvm.memcpy, and no call of memrefCopy (which the runtime does
// not link).
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=LLVM

// strata-cpu-lower-strided-copies: a memref.copy between buffers that are
// not both contiguous (identity layout) becomes loops in the kernel: with
// static shapes and unit innermost strides, an scf.for per outer dim and
// one vector transfer per row; otherwise linalg.copy. Contiguous copies
// stay memref.copy (an llvm.memcpy).

// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[A:[^:]*]]: memref<8x8xf32>, %[[B:[^:]*]]: memref<8x8xf32>, %[[I:[^:]*]]: index)
// Contiguous to contiguous: unchanged.
// CHECK: memref.copy %[[A]], %[[B]] : memref<8x8xf32> to memref<8x8xf32>
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SB:.*]] = memref.subview %[[B]]
// Strided to strided: 4 rows of vector<4xf32>.
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[V:.*]] = vector.transfer_read %[[SA]][%[[R]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<4x4xf32, strided<[8, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.transfer_write %[[V]], %[[SB]][%[[R]], %{{.*}}] {in_bounds = [true]} : vector<4xf32>, memref<4x4xf32, strided<[8, 1], offset: ?>>
// Strided source, contiguous target.
// CHECK: %[[T:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: vector.transfer_read %[[SA]]
// CHECK: vector.transfer_write %{{.*}}, %[[T]]
// Contiguous source, strided target.
// CHECK: vector.transfer_read %[[T]]
// CHECK: vector.transfer_write %{{.*}}, %[[SB]]
// A contiguous temporary to another: unchanged.
// CHECK: %[[U:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: memref.copy %[[T]], %[[U]] : memref<4x4xf32> to memref<4x4xf32>
// CHECK-NOT: memref.copy
// CHECK: return
func.func @copies(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %i: index) {
  memref.copy %a, %b : memref<8x8xf32> to memref<8x8xf32>
  %sa = memref.subview %a[%i, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %sb = memref.subview %b[0, %i] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  memref.copy %sa, %sb : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %t = memref.alloc() : memref<4x4xf32>
  memref.copy %sa, %t : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4x4xf32>
  memref.copy %t, %sb : memref<4x4xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %u = memref.alloc() : memref<4x4xf32>
  memref.copy %t, %u : memref<4x4xf32> to memref<4x4xf32>
  return
}

// A rank-1 subview with a dynamic offset has a strided layout too, even
// though it is contiguous in memory: it becomes one vector transfer.
// CHECK-LABEL: func.func @offset_only(
// CHECK: vector.transfer_read %{{.*}} : memref<4xf32, strided<[1], offset: ?>>, vector<4xf32>
// CHECK: vector.transfer_write %{{.*}} : vector<4xf32>, memref<4xf32>
func.func @offset_only(%a: memref<16xf32>, %i: index) {
  %s = memref.subview %a[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
  return
}

// Rows read with a stride, or of dynamic size: linalg.copy.
// CHECK-LABEL: func.func @not_rows(
// CHECK: linalg.copy ins(%{{.*}} : memref<4x2xf32, strided<[16, 2]>>)
// CHECK: linalg.copy ins(%{{.*}} : memref<?xf32, strided<[1], offset: ?>>)
func.func @not_rows(%a: memref<8x8xf32>, %i: index, %n: index) {
  %strided = memref.subview %a[0, 0] [4, 2] [2, 2] : memref<8x8xf32> to memref<4x2xf32, strided<[16, 2]>>
  %u = memref.alloc() : memref<4x2xf32>
  memref.copy %strided, %u : memref<4x2xf32, strided<[16, 2]>> to memref<4x2xf32>
  %flat = memref.subview %a[0, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<8xf32, strided<[1]>>
  %dyn = memref.subview %flat[%i] [%n] [1] : memref<8xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  %w = memref.alloc(%n) : memref<?xf32>
  memref.copy %dyn, %w : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
  return
}

// LLVM-NOT: memrefCopy
// LLVM: llvm.func @copies(
// LLVM: "llvm.intr.memcpy"
// LLVM-NOT: memrefCopy
