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

// f32 erf: one odd rational function on x clamped to [-4, 4] (no selects of
// coefficients by interval), 7 + 5 coefficients by Horner's rule, one
// divide; NaN lanes put back after the clamp (which turns them into -4).
// CHECK-LABEL: func.func @erf_f32
// CHECK-SAME: (%[[X:.*]]: vector<16xf32>)
// CHECK: %[[LO:.*]] = arith.constant dense<-4.000000e+00> : vector<16xf32>
// CHECK: %[[C0:.*]] = arith.maxnumf %[[X]], %[[LO]]
// CHECK: %[[HI:.*]] = arith.constant dense<4.000000e+00> : vector<16xf32>
// CHECK: %[[C:.*]] = arith.minnumf %[[C0]], %[[HI]]
// CHECK: %[[X2:.*]] = arith.mulf %[[C]], %[[C]]
// CHECK-COUNT-6: math.fma {{.*}}, %[[X2]],
// CHECK-COUNT-4: math.fma {{.*}}, %[[X2]],
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %[[C]]
// CHECK: %[[E:.*]] = arith.divf %[[P]], %{{.*}}
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]]
// CHECK: %[[R:.*]] = arith.select %[[NAN]], %[[X]], %[[E]]
// CHECK-NOT: arith.select
// CHECK: return %[[R]]
func.func @erf_f32(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.erf %x : vector<16xf32>
  return %0 : vector<16xf32>
}

// f16 erf keeps upstream's approximation (three rational functions chosen
// lane by lane).
// CHECK-LABEL: func.func @erf_f16
// CHECK-NOT: math.erf
// CHECK: arith.select
// CHECK: return
func.func @erf_f16(%x: vector<16xf16>) -> vector<16xf16> {
  %0 = math.erf %x : vector<16xf16>
  return %0 : vector<16xf16>
}
