// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-lower-strided-copies))' | FileCheck %s
// Through the whole CPU lowering (which runs the pass), the copies left are
// contiguous: llvm.memcpy, and no call of memrefCopy (which the runtime does
// not link).
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=LLVM

// strata-cpu-lower-strided-copies: a memref.copy between buffers that are
// not both contiguous (identity layout) becomes linalg.copy; contiguous
// copies stay memref.copy (an llvm.memcpy).

// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[A:[^:]*]]: memref<8x8xf32>, %[[B:[^:]*]]: memref<8x8xf32>, %[[I:[^:]*]]: index)
// Contiguous to contiguous: unchanged.
// CHECK: memref.copy %[[A]], %[[B]] : memref<8x8xf32> to memref<8x8xf32>
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SB:.*]] = memref.subview %[[B]]
// Strided to strided.
// CHECK: linalg.copy ins(%[[SA]] : memref<4x4xf32, strided<[8, 1], offset: ?>>) outs(%[[SB]] : memref<4x4xf32, strided<[8, 1], offset: ?>>)
// Strided source, contiguous target.
// CHECK: %[[T:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: linalg.copy ins(%[[SA]] : memref<4x4xf32, strided<[8, 1], offset: ?>>) outs(%[[T]] : memref<4x4xf32>)
// Contiguous source, strided target.
// CHECK: linalg.copy ins(%[[T]] : memref<4x4xf32>) outs(%[[SB]] : memref<4x4xf32, strided<[8, 1], offset: ?>>)
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
// though it is contiguous in memory: it becomes a linalg.copy as well.
// CHECK-LABEL: func.func @offset_only(
// CHECK: linalg.copy ins(%{{.*}} : memref<4xf32, strided<[1], offset: ?>>) outs(%{{.*}} : memref<4xf32>)
func.func @offset_only(%a: memref<16xf32>, %i: index) {
  %s = memref.subview %a[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
  return
}

// LLVM-NOT: memrefCopy
// LLVM: llvm.func @copies(
// LLVM: "llvm.intr.memcpy"
// LLVM-NOT: memrefCopy
