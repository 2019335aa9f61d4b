// RUN: strata-opt %s --strata-cpu-approximate-vector-math | FileCheck %s

// Vector exp/erf/tanh/log become polynomials (no math op left, no libm
// call per lane later); scalar ones and ops the pass does not approximate
// (math.sqrt) stay.

// CHECK-LABEL: func.func @vectors
// CHECK-NOT: math.exp
// CHECK-NOT: math.erf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.log
// CHECK: math.sqrt {{.*}} : vector<8xf32>
// CHECK: return
func.func @vectors(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = math.exp %x : vector<8xf32>
  %1 = math.erf %x : vector<8xf32>
  %2 = math.tanh %x : vector<8xf32>
  %3 = math.log %x : vector<8xf32>
  %4 = math.sqrt %x : vector<8xf32>
  return %0, %1, %2, %3, %4 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// CHECK-LABEL: func.func @scalars
// CHECK: math.exp {{.*}} : f32
// CHECK: math.tanh {{.*}} : f32
func.func @scalars(%x: f32) -> (f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.tanh %x : f32
  return %0, %1 : f32, f32
}
