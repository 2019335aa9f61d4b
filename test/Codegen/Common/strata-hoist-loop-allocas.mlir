// RUN: strata-opt %s --strata-hoist-loop-allocas -split-input-file | FileCheck %s

// convert-vector-to-scf's scratch buffers at the start of loop bodies move
// to the function's entry: one buffer per function, not one per iteration
// of the stack.
// CHECK-LABEL: func.func @scratch
// CHECK-NEXT: %[[B1:.*]] = memref.alloca() : memref<vector<1x32xf32>>
// CHECK-NEXT: %[[B0:.*]] = memref.alloca() : memref<vector<32x1xf32>>
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: memref.alloca
// CHECK: vector.type_cast %[[B0]]
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[B1]][]
func.func @scratch(%m: memref<64x32xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.alloca() : memref<vector<32x1xf32>>
      %cast = vector.type_cast %a : memref<vector<32x1xf32>> to memref<32xvector<1xf32>>
      %v = vector.transfer_read %m[%j, %c0], %f0 : memref<64x32xf32>, vector<1xf32>
      memref.store %v, %cast[%c0] : memref<32xvector<1xf32>>
      scf.if %c {
        %b = memref.alloca() : memref<vector<1x32xf32>>
        %w = vector.transfer_read %m[%i, %c0], %f0 : memref<64x32xf32>, vector<1x32xf32>
        memref.store %w, %b[] : memref<vector<1x32xf32>>
      }
    }
  }
  return
}

// -----

// Buffers that may outlive their iteration stay: one carried to the next
// iteration, one passed to a call. So do allocas with dynamic sizes, those
// outside loops, and those of scf.parallel's concurrent iterations.
// CHECK-LABEL: func.func @stays
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[TOP:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.alloca() : memref<4xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloca() : memref<8xf32>
// CHECK-NEXT: func.call @use
// CHECK: scf.for
// CHECK-NEXT: memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloca() : memref<2xf32>
func.func private @use(memref<8xf32>)
func.func @stays(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %top = memref.alloca() : memref<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %top) -> (memref<4xf32>) {
    %a = memref.alloca() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloca() : memref<8xf32>
    func.call @use(%b) : (memref<8xf32>) -> ()
  }
  scf.for %i = %c0 to %n step %c1 {
    %d = memref.alloca(%i) : memref<?xf32>
    %f = arith.constant 1.0 : f32
    memref.store %f, %d[%c0] : memref<?xf32>
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %p = memref.alloca() : memref<2xf32>
    %f = arith.constant 1.0 : f32
    memref.store %f, %p[%c0] : memref<2xf32>
  }
  return
}
