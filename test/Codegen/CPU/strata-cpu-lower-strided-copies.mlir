// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-lower-strided-copies))' | FileCheck %s
// Through the whole CPU lowering (which runs the pass), the copies left are
// contiguous: llvm.memcpy, and no call of memrefCopy (which the runtime does
// not link).
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=LLVM

// strata-cpu-lower-strided-copies: a memref.copy between buffers that are
// not both contiguous becomes loops in the kernel: with static shapes and
// unit innermost strides, an scf.for per outer dim and a memref.copy of
// rank-1 contiguous views per row (an llvm.memcpy); otherwise linalg.copy.
// Copies memref-to-llvm makes an llvm.memcpy stay.

// The row loops are not to be unrolled by LLVM (a model's concatenations
// became blocks of thousands of copies, slow to compile).
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[NO_UNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %[[A:[^:]*]]: memref<8x8xf32>, %[[B:[^:]*]]: memref<8x8xf32>, %[[I:[^:]*]]: index)
// Contiguous to contiguous: unchanged.
// CHECK: memref.copy %[[A]], %[[B]] : memref<8x8xf32> to memref<8x8xf32>
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SB:.*]] = memref.subview %[[B]]
// Strided to strided: 4 rows of 4 elements.
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[RA:.*]] = memref.subview %[[SA]][%[[R]], 0] [1, 4] [1, 1] : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[RB:.*]] = memref.subview %[[SB]][%[[R]], 0] [1, 4] [1, 1] : memref<4x4xf32, strided<[8, 1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
// CHECK: memref.copy %[[RA]], %[[RB]] : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT: } {loop_annotation = #[[NO_UNROLL]]}
// Strided source, contiguous target.
// CHECK: %[[T:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: scf.for
// CHECK: memref.subview %[[SA]]
// CHECK: memref.subview %[[T]]
// CHECK: memref.copy
// Contiguous source, strided target.
// CHECK: scf.for
// CHECK: memref.subview %[[T]]
// CHECK: memref.subview %[[SB]]
// CHECK: memref.copy
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

// Copies one after the other over the same rows share one loop nest, each
// copying its row per iteration (a concatenation along the last dim: one
// loop for all inputs, not one per input).
// CHECK-LABEL: func.func @concat(
// CHECK-SAME: %[[A:[^:]*]]: memref<3x4xf32>, %[[B:[^:]*]]: memref<3x2xf32>, %[[OUT:[^:]*]]: memref<3x6xf32>)
// CHECK: %[[S0:.*]] = memref.subview %[[OUT]][0, 0] [3, 4]
// CHECK: %[[S1:.*]] = memref.subview %[[OUT]][0, 4] [3, 2]
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[RA:.*]] = memref.subview %[[A]][%[[R]], 0] [1, 4] [1, 1]
// CHECK: %[[R0:.*]] = memref.subview %[[S0]][%[[R]], 0] [1, 4] [1, 1]
// CHECK: memref.copy %[[RA]], %[[R0]] : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
// CHECK: %[[RB:.*]] = memref.subview %[[B]][%[[R]], 0] [1, 2] [1, 1]
// CHECK: %[[R1:.*]] = memref.subview %[[S1]][%[[R]], 0] [1, 2] [1, 1]
// CHECK: memref.copy %[[RB]], %[[R1]] : memref<2xf32, strided<[1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: } {loop_annotation =
// CHECK-NOT: scf.for
// CHECK: return
func.func @concat(%a: memref<3x4xf32>, %b: memref<3x2xf32>, %out: memref<3x6xf32>) {
  %s0 = memref.subview %out[0, 0] [3, 4] [1, 1] : memref<3x6xf32> to memref<3x4xf32, strided<[6, 1]>>
  memref.copy %a, %s0 : memref<3x4xf32> to memref<3x4xf32, strided<[6, 1]>>
  %s1 = memref.subview %out[0, 4] [3, 2] [1, 1] : memref<3x6xf32> to memref<3x2xf32, strided<[6, 1], offset: 4>>
  memref.copy %b, %s1 : memref<3x2xf32> to memref<3x2xf32, strided<[6, 1], offset: 4>>
  return
}

// They do not share a loop nest when one reads a buffer another writes (in
// turns, row by row, it would read rows not written yet), when their outer
// shapes differ, or when an op that touches memory comes between them.
// CHECK-LABEL: func.func @not_joined(
// CHECK-COUNT-4: scf.for
// CHECK-NOT: scf.for
// CHECK: return
func.func @not_joined(%a: memref<3x4xf32>, %out: memref<3x8xf32>, %c: memref<4x4xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %s0 = memref.subview %out[0, 0] [3, 4] [1, 1] : memref<3x8xf32> to memref<3x4xf32, strided<[8, 1]>>
  memref.copy %a, %s0 : memref<3x4xf32> to memref<3x4xf32, strided<[8, 1]>>
  %s1 = memref.subview %out[0, 4] [3, 4] [1, 1] : memref<3x8xf32> to memref<3x4xf32, strided<[8, 1], offset: 4>>
  memref.copy %s0, %s1 : memref<3x4xf32, strided<[8, 1]>> to memref<3x4xf32, strided<[8, 1], offset: 4>>
  %s2 = memref.subview %c[0, 0] [4, 2] [1, 1] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 1]>>
  %s3 = memref.subview %c[0, 2] [4, 2] [1, 1] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 1], offset: 2>>
  %t = memref.alloc() : memref<4x2xf32>
  memref.copy %t, %s2 : memref<4x2xf32> to memref<4x2xf32, strided<[4, 1]>>
  memref.store %f, %t[%c0, %c0] : memref<4x2xf32>
  memref.copy %t, %s3 : memref<4x2xf32> to memref<4x2xf32, strided<[4, 1], offset: 2>>
  return
}

// A rank-1 subview with a dynamic offset has a strided layout, but it is
// contiguous: memref-to-llvm copies it with llvm.memcpy, it stays.
// CHECK-LABEL: func.func @offset_only(
// CHECK-NOT: scf.for
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
func.func @offset_only(%a: memref<16xf32>, %i: index) {
  %s = memref.subview %a[%i] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %t = memref.alloc() : memref<4xf32>
  memref.copy %s, %t : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
  return
}

// Trailing dims contiguous on both sides form one row: the interior of a
// padded [6, 6, 3] image is 4 rows of 12 elements, not 16 of 3. Long rows are
// one copy each too (a call of memcpy), not unrolled vector code.
// CHECK-LABEL: func.func @merged_rows(
// CHECK: %[[SRC:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : memref<4x4x3xf32> into memref<4x12xf32>
// CHECK: %[[DST:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : memref<4x4x3xf32, strided<[18, 3, 1], offset: 21>> into memref<4x12xf32, strided<[18, 1], offset: 21>>
// CHECK: scf.for %[[R:.*]] =
// CHECK: %[[RS:.*]] = memref.subview %[[SRC]][%[[R]], 0] [1, 12] [1, 1]
// CHECK: %[[RD:.*]] = memref.subview %[[DST]][%[[R]], 0] [1, 12] [1, 1]
// CHECK: memref.copy %[[RS]], %[[RD]] : memref<12xf32, strided<[1], offset: ?>> to memref<12xf32, strided<[1], offset: ?>>
// CHECK-LABEL: func.func @long_rows(
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK-NOT: scf.for
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<600xf32, strided<[1], offset: ?>> to memref<600xf32, strided<[1], offset: ?>>
func.func @merged_rows(%a: memref<4x4x3xf32>, %b: memref<6x6x3xf32>) {
  %s = memref.subview %b[1, 1, 0] [4, 4, 3] [1, 1, 1] : memref<6x6x3xf32> to memref<4x4x3xf32, strided<[18, 3, 1], offset: 21>>
  memref.copy %a, %s : memref<4x4x3xf32> to memref<4x4x3xf32, strided<[18, 3, 1], offset: 21>>
  return
}
func.func @long_rows(%a: memref<4x600xf32>, %b: memref<4x602xf32>) {
  %s = memref.subview %b[0, 1] [4, 600] [1, 1] : memref<4x602xf32> to memref<4x600xf32, strided<[602, 1], offset: 1>>
  memref.copy %a, %s : memref<4x600xf32> to memref<4x600xf32, strided<[602, 1], offset: 1>>
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

// Strided rows of i1 (a byte per element in a buffer, a bit per lane in a
// vector in memory): linalg.copy, element by element (issue 17: a split of
// an i1 tensor copied the wrong bits); a contiguous one stays a memcpy of
// bytes.
// CHECK-LABEL: func.func @bool_rows(
// CHECK-NOT: vector.transfer_read
// CHECK: linalg.copy ins(%{{.*}} : memref<2x2xi1, strided<[3, 1], offset: 1>>)
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4xi1, strided<[1], offset: 2>> to memref<4xi1>
func.func @bool_rows(%a: memref<6xi1>, %m: memref<2x3xi1>) {
  %sm = memref.subview %m[0, 1] [2, 2] [1, 1] : memref<2x3xi1> to memref<2x2xi1, strided<[3, 1], offset: 1>>
  %tm = memref.alloc() : memref<2x2xi1>
  memref.copy %sm, %tm : memref<2x2xi1, strided<[3, 1], offset: 1>> to memref<2x2xi1>
  %s = memref.subview %a[2] [4] [1] : memref<6xi1> to memref<4xi1, strided<[1], offset: 2>>
  %t = memref.alloc() : memref<4xi1>
  memref.copy %s, %t : memref<4xi1, strided<[1], offset: 2>> to memref<4xi1>
  return
}

// LLVM-NOT: memrefCopy
// LLVM: llvm.func @copies(
// LLVM: "llvm.intr.memcpy"
// LLVM: llvm.br {{.*}} {loop_annotation = #
// LLVM-NOT: memrefCopy
