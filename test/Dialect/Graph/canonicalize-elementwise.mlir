// Folders of the elementwise ops: splat constants fold to splats of the
// result type (integers wrap at their width; NaN, signed zeros, f16 and bf16
// follow IEEE), identities return an operand, and nothing folds when the
// result type is not static, the constant is not a splat, the fold would
// change the type, or the value is undefined.
// RUN: strata-opt %s -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @neg
func.func @neg() -> (tensor<4xf32>, tensor<2xi8>, tensor<f16>, tensor<4xf32>, tensor<?xf32>) {
  // CHECK-DAG: %[[NONSPLAT:.*]] = graph.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<-2.000000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[I8:.*]] = graph.constant dense<-128> : tensor<2xi8>
  // CHECK-DAG: %[[H:.*]] = graph.constant dense<0.000000e+00> : tensor<f16>
  // CHECK-DAG: %[[SPLAT:.*]] = graph.constant dense<2.000000e+00> : tensor<4xf32>
  // CHECK: %[[N:.*]] = graph.neg %[[NONSPLAT]] : tensor<4xf32> -> tensor<4xf32>
  // CHECK: %[[D:.*]] = graph.neg %[[SPLAT]] : tensor<4xf32> -> tensor<?xf32>
  // CHECK: return %[[F]], %[[I8]], %[[H]], %[[N]], %[[D]]
  %a = graph.constant dense<2.0> : tensor<4xf32>
  // -(-128) wraps to -128 in i8.
  %b = graph.constant dense<-128> : tensor<2xi8>
  %c = graph.constant dense<-0.0> : tensor<f16>
  %d = graph.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %0 = graph.neg %a : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.neg %b : tensor<2xi8> -> tensor<2xi8>
  %2 = graph.neg %c : tensor<f16> -> tensor<f16>
  // Not folded: a non-splat constant, a dynamic result type.
  %3 = graph.neg %d : tensor<4xf32> -> tensor<4xf32>
  %4 = graph.neg %a : tensor<4xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<2xi8>, tensor<f16>, tensor<4xf32>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @abs
func.func @abs(%x: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi32>) {
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[I:.*]] = graph.constant dense<5> : tensor<2xi32>
  // CHECK-DAG: %[[I8:.*]] = graph.constant dense<-128> : tensor<2xi8>
  // CHECK: %[[X:.*]] = graph.abs %arg0
  // CHECK: return %[[F]], %[[I]], %[[I8]], %[[X]]
  %a = graph.constant dense<-0.0> : tensor<2xf32>
  %b = graph.constant dense<-5> : tensor<2xi32>
  %c = graph.constant dense<-128> : tensor<2xi8>
  %0 = graph.abs %a : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.abs %b : tensor<2xi32> -> tensor<2xi32>
  // |-128| wraps to -128 in i8.
  %2 = graph.abs %c : tensor<2xi8> -> tensor<2xi8>
  %3 = graph.abs %x : tensor<2xi32> -> tensor<2xi32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @exp_log
func.func @exp_log(%x: tensor<2xf32>) -> (tensor<bf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>) {
  // CHECK-DAG: %[[E:.*]] = graph.constant dense<2.718750e+00> : tensor<bf16>
  // CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x{{[7F]}}FC00000> : tensor<2xf32>
  // CHECK-DAG: %[[NINF:.*]] = graph.constant dense<0xFF800000> : tensor<2xf32>
  // CHECK-DAG: %[[HINF:.*]] = graph.constant dense<0x7C00> : tensor<2xf16>
  // CHECK: %[[X:.*]] = graph.exp %arg0
  // CHECK: return %[[E]], %[[ZERO]], %[[NAN]], %[[NINF]], %[[X]], %[[HINF]]
  %a = graph.constant dense<1.0> : tensor<bf16>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %m = graph.constant dense<-1.0> : tensor<2xf32>
  %z = graph.constant dense<0.0> : tensor<2xf32>
  %big = graph.constant dense<12.0> : tensor<2xf16>
  // e rounds to 2.71875 in bf16.
  %0 = graph.exp %a : tensor<bf16> -> tensor<bf16>
  %1 = graph.log %one : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.log %m : tensor<2xf32> -> tensor<2xf32>
  %3 = graph.log %z : tensor<2xf32> -> tensor<2xf32>
  %4 = graph.exp %x : tensor<2xf32> -> tensor<2xf32>
  // e^12 overflows f16 to +inf.
  %5 = graph.exp %big : tensor<2xf16> -> tensor<2xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<bf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>
}

// -----

// CHECK-LABEL: func.func @roots
func.func @roots(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-DAG: %[[TWO:.*]] = graph.constant dense<2.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[HALF:.*]] = graph.constant dense<5.000000e-01> : tensor<2xf32>
  // CHECK-DAG: %[[QUARTER:.*]] = graph.constant dense<2.500000e-01> : tensor<2xf32>
  // CHECK-DAG: %[[NINF:.*]] = graph.constant dense<0xFF800000> : tensor<2xf32>
  // CHECK: %[[S:.*]] = graph.sqrt %arg0
  // CHECK: %[[R:.*]] = graph.rsqrt %arg0
  // CHECK: %[[C:.*]] = graph.reciprocal %arg0
  // CHECK: return %[[TWO]], %[[HALF]], %[[QUARTER]], %[[NINF]], %[[S]], %[[R]], %[[C]]
  %four = graph.constant dense<4.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %0 = graph.sqrt %four : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.rsqrt %four : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.reciprocal %four : tensor<2xf32> -> tensor<2xf32>
  // 1 / -0.0 is -inf.
  %3 = graph.reciprocal %nz : tensor<2xf32> -> tensor<2xf32>
  %4 = graph.sqrt %x : tensor<2xf32> -> tensor<2xf32>
  %5 = graph.rsqrt %x : tensor<2xf32> -> tensor<2xf32>
  %6 = graph.reciprocal %x : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @activations
func.func @activations(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[HALF:.*]] = graph.constant dense<5.000000e-01> : tensor<2xf32>
  // CHECK-DAG: %[[ERF:.*]] = graph.constant dense<0.842700779> : tensor<2xf32>
  // CHECK: %[[T:.*]] = graph.tanh %arg0
  // CHECK: %[[S:.*]] = graph.sigmoid %arg0
  // CHECK: %[[E:.*]] = graph.erf %arg0
  // CHECK: return %[[ZERO]], %[[HALF]], %[[ERF]], %[[T]], %[[S]], %[[E]]
  %zero = graph.constant dense<0.0> : tensor<2xf32>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %0 = graph.tanh %zero : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.sigmoid %zero : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.erf %one : tensor<2xf32> -> tensor<2xf32>
  %3 = graph.tanh %x : tensor<2xf32> -> tensor<2xf32>
  %4 = graph.sigmoid %x : tensor<2xf32> -> tensor<2xf32>
  %5 = graph.erf %x : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @relu
func.func @relu(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xf32>) {
  // CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x7FC00000> : tensor<2xf32>
  // CHECK-DAG: %[[I:.*]] = graph.constant dense<0> : tensor<2xi8>
  // CHECK: %[[R:.*]] = graph.relu %arg0
  // CHECK: return %[[ZERO]], %[[ZERO]], %[[NAN]], %[[I]], %[[R]]
  %m = graph.constant dense<-2.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %i = graph.constant dense<-3> : tensor<2xi8>
  %0 = graph.relu %m : tensor<2xf32> -> tensor<2xf32>
  // max(-0.0, 0.0) is +0.0; NaN stays NaN.
  %1 = graph.relu %nz : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.relu %nan : tensor<2xf32> -> tensor<2xf32>
  %3 = graph.relu %i : tensor<2xi8> -> tensor<2xi8>
  %4 = graph.relu %x : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @rounding
func.func @rounding(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-DAG: %[[M2:.*]] = graph.constant dense<-2.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[M1:.*]] = graph.constant dense<-1.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[TWO:.*]] = graph.constant dense<2.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NZ:.*]] = graph.constant dense<-0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[FOUR:.*]] = graph.constant dense<4.000000e+00> : tensor<2xf16>
  // CHECK: %[[F:.*]] = graph.floor %arg0
  // CHECK: %[[C:.*]] = graph.ceil %arg0
  // CHECK: %[[R:.*]] = graph.round %arg0
  // CHECK: return %[[M2]], %[[M1]], %[[TWO]], %[[NZ]], %[[FOUR]], %[[F]], %[[C]], %[[R]]
  %a = graph.constant dense<-1.5> : tensor<2xf32>
  %b = graph.constant dense<2.5> : tensor<2xf32>
  %c = graph.constant dense<-0.5> : tensor<2xf32>
  %d = graph.constant dense<3.5> : tensor<2xf16>
  %0 = graph.floor %a : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.ceil %a : tensor<2xf32> -> tensor<2xf32>
  // Halves round to even; -0.5 rounds to -0.0.
  %2 = graph.round %b : tensor<2xf32> -> tensor<2xf32>
  %3 = graph.round %c : tensor<2xf32> -> tensor<2xf32>
  %4 = graph.round %d : tensor<2xf16> -> tensor<2xf16>
  %5 = graph.floor %x : tensor<2xf32> -> tensor<2xf32>
  %6 = graph.ceil %x : tensor<2xf32> -> tensor<2xf32>
  %7 = graph.round %x : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @sign_not
func.func @sign_not(%x: tensor<2xi64>, %p: tensor<2xi1>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi1>, tensor<2xi64>, tensor<2xi1>) {
  // CHECK-DAG: %[[M1:.*]] = graph.constant dense<-1.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x7FC00000> : tensor<2xf32>
  // CHECK-DAG: %[[ONE:.*]] = graph.constant dense<1> : tensor<2xi64>
  // CHECK-DAG: %[[FALSE:.*]] = graph.constant dense<false> : tensor<2xi1>
  // CHECK: %[[S:.*]] = graph.sign %arg0
  // CHECK: %[[N:.*]] = graph.not %arg1
  // CHECK: return %[[M1]], %[[NAN]], %[[ONE]], %[[FALSE]], %[[S]], %[[N]]
  %a = graph.constant dense<-3.0> : tensor<2xf32>
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %b = graph.constant dense<7> : tensor<2xi64>
  %t = graph.constant dense<true> : tensor<2xi1>
  %0 = graph.sign %a : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.sign %nan : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.sign %b : tensor<2xi64> -> tensor<2xi64>
  %3 = graph.not %t : tensor<2xi1> -> tensor<2xi1>
  %4 = graph.sign %x : tensor<2xi64> -> tensor<2xi64>
  %5 = graph.not %p : tensor<2xi1> -> tensor<2xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi1>, tensor<2xi64>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @leaky_relu_gelu
func.func @leaky_relu_gelu(%x: tensor<2xf32>) -> (tensor<2xf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-DAG: %[[L:.*]] = graph.constant dense<-2.000430e-02> : tensor<2xf16>
  // CHECK-DAG: %[[LA:.*]] = graph.constant dense<-1.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[G:.*]] = graph.constant dense<0.841344773> : tensor<2xf32>
  // CHECK-DAG: %[[GT:.*]] = graph.constant dense<8.411920e-01> : tensor<2xf32>
  // CHECK: %[[LR:.*]] = graph.leaky_relu %arg0
  // CHECK: %[[GE:.*]] = graph.gelu %arg0
  // CHECK: return %[[L]], %[[LA]], %[[G]], %[[GT]], %[[LR]], %[[GE]]
  %m = graph.constant dense<-2.0> : tensor<2xf16>
  %mf = graph.constant dense<-2.0> : tensor<2xf32>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  // The default alpha 0.01, rounded to f16.
  %0 = graph.leaky_relu %m : tensor<2xf16> -> tensor<2xf16>
  %1 = graph.leaky_relu %mf {alpha = 0.5 : f32} : tensor<2xf32> -> tensor<2xf32>
  // The exact form 0.8413447 and the tanh approximation 0.8411920.
  %2 = graph.gelu %one : tensor<2xf32> -> tensor<2xf32>
  %3 = graph.gelu %one {approximate = #graph.gelu_approximation<tanh>} : tensor<2xf32> -> tensor<2xf32>
  %4 = graph.leaky_relu %x : tensor<2xf32> -> tensor<2xf32>
  %5 = graph.gelu %x : tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2xf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @clip
func.func @clip(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>) {
  // CHECK-DAG: %[[SIX:.*]] = graph.constant dense<6.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[I8:.*]] = graph.constant dense<-3> : tensor<2xi8>
  // CHECK-DAG: %[[I64:.*]] = graph.constant dense<9007199254740993> : tensor<2xi64>
  // CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x7FC00000> : tensor<2xf32>
  // CHECK: %[[C:.*]] = graph.clip %arg0 {max = 6.000000e+00 : f64}
  // CHECK: %[[D:.*]] = graph.clip %arg0 : tensor<2xf32> -> tensor<?xf32>
  // CHECK: return %[[SIX]], %[[ZERO]], %[[I8]], %[[I64]], %[[NAN]], %arg0, %[[C]], %[[D]]
  %ten = graph.constant dense<10.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %i = graph.constant dense<-100> : tensor<2xi8>
  // 2^53 + 1: clamping through double would round it to 2^53.
  %big = graph.constant dense<9007199254740993> : tensor<2xi64>
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %0 = graph.clip %ten {min = 0.0, max = 6.0} : tensor<2xf32> -> tensor<2xf32>
  // -0.0 clamped at 0.0 is +0.0.
  %1 = graph.clip %nz {min = 0.0} : tensor<2xf32> -> tensor<2xf32>
  %2 = graph.clip %i {min = -3.0, max = 3.0} : tensor<2xi8> -> tensor<2xi8>
  %3 = graph.clip %big {min = 0.0} : tensor<2xi64> -> tensor<2xi64>
  %4 = graph.clip %nan {min = 0.0, max = 1.0} : tensor<2xf32> -> tensor<2xf32>
  // Without bounds clip is the identity.
  %5 = graph.clip %x : tensor<2xf32> -> tensor<2xf32>
  // Not folded: bounds on a non-constant; the identity changing the type.
  %6 = graph.clip %x {max = 6.0} : tensor<2xf32> -> tensor<2xf32>
  %7 = graph.clip %x : tensor<2xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @cast
func.func @cast(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi8>, tensor<2xi1>, tensor<2xf16>, tensor<2xbf16>) {
  // CHECK-DAG: %[[I32:.*]] = graph.constant dense<2> : tensor<2xi32>
  // CHECK-DAG: %[[I8:.*]] = graph.constant dense<-2> : tensor<2xi8>
  // CHECK-DAG: %[[TRUE:.*]] = graph.constant dense<true> : tensor<2xi1>
  // CHECK-DAG: %[[ONE:.*]] = graph.constant dense<1.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[BIG:.*]] = graph.constant dense<9.007200e+15> : tensor<2xf32>
  // CHECK-DAG: %[[M1:.*]] = graph.constant dense<-1> : tensor<2xi64>
  // CHECK-DAG: %[[WRAP:.*]] = graph.constant dense<44> : tensor<2xi8>
  // CHECK-DAG: %[[HINF:.*]] = graph.constant dense<0x7C00> : tensor<2xf16>
  // CHECK-DAG: %[[BNZ:.*]] = graph.constant dense<-0.000000e+00> : tensor<2xbf16>
  // CHECK: return %arg0, %[[I32]], %[[I8]], %[[TRUE]], %[[ONE]], %[[BIG]], %[[M1]], %[[WRAP]], %[[TRUE]], %[[HINF]], %[[BNZ]]
  %f = graph.constant dense<2.7> : tensor<2xf32>
  %g = graph.constant dense<-2.7> : tensor<2xf32>
  %h = graph.constant dense<0.5> : tensor<2xf32>
  %t = graph.constant dense<true> : tensor<2xi1>
  // 2^53 + 2^29 + 1 is 2^53 + 2^30 in f32 (one rounding), 2^53 through f64.
  %big = graph.constant dense<9007199791611905> : tensor<2xi64>
  %m = graph.constant dense<-1> : tensor<2xi8>
  %w = graph.constant dense<300> : tensor<2xi64>
  %k = graph.constant dense<7> : tensor<2xi32>
  %l = graph.constant dense<65520.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %0 = graph.cast %x : tensor<2xf32> -> tensor<2xf32>
  // Floats truncate toward zero.
  %1 = graph.cast %f : tensor<2xf32> -> tensor<2xi32>
  %2 = graph.cast %g : tensor<2xf32> -> tensor<2xi8>
  %3 = graph.cast %h : tensor<2xf32> -> tensor<2xi1>
  // true is 1, not -1.
  %4 = graph.cast %t : tensor<2xi1> -> tensor<2xf32>
  %5 = graph.cast %big : tensor<2xi64> -> tensor<2xf32>
  %6 = graph.cast %m : tensor<2xi8> -> tensor<2xi64>
  %7 = graph.cast %w : tensor<2xi64> -> tensor<2xi8>
  %8 = graph.cast %k : tensor<2xi32> -> tensor<2xi1>
  // 65520 rounds to +inf in f16.
  %9 = graph.cast %l : tensor<2xf32> -> tensor<2xf16>
  %10 = graph.cast %nz : tensor<2xf32> -> tensor<2xbf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2xf32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi8>, tensor<2xi1>, tensor<2xf16>, tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func @cast_no_fold
func.func @cast_no_fold(%x: tensor<2xf32>) -> (tensor<2xi8>, tensor<2xi32>, tensor<?xi32>, tensor<2xi64>, tensor<?xf32>) {
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<2xi8>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<2xi32>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<?xi32>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<2xi64>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<?xf32>
  %big = graph.constant dense<300.0> : tensor<2xf32>
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %huge = graph.constant dense<9.3e18> : tensor<2xf32>
  // Out of range or NaN: undefined, left alone.
  %0 = graph.cast %big : tensor<2xf32> -> tensor<2xi8>
  %1 = graph.cast %nan : tensor<2xf32> -> tensor<2xi32>
  // A dynamic result.
  %2 = graph.cast %one : tensor<2xf32> -> tensor<?xi32>
  %3 = graph.cast %huge : tensor<2xf32> -> tensor<2xi64>
  // Same element type, but not the same type.
  %4 = graph.cast %x : tensor<2xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<2xi8>, tensor<2xi32>, tensor<?xi32>, tensor<2xi64>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @add
func.func @add(%x: tensor<4xf32>, %y: tensor<1xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<2xi8>, tensor<2xf16>, tensor<2xi64>) {
  // CHECK-NOT: dense<-0.000000e+00>
  // CHECK-DAG: %[[PZ:.*]] = graph.constant dense<0.000000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[WRAP:.*]] = graph.constant dense<-56> : tensor<2xi8>
  // CHECK-DAG: %[[HINF:.*]] = graph.constant dense<0x7C00> : tensor<2xf16>
  // CHECK-DAG: %[[I64:.*]] = graph.constant dense<-9223372036854775808> : tensor<2xi64>
  // CHECK: %[[A:.*]] = graph.add %arg0, %[[PZ]]
  // CHECK: %[[B:.*]] = graph.add %arg1, %[[PZ]] : tensor<1xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: return %arg0, %[[A]], %arg2, %arg2, %[[B]], %[[WRAP]], %[[HINF]], %[[I64]]
  %nz = graph.constant dense<-0.0> : tensor<4xf32>
  %pz = graph.constant dense<0.0> : tensor<4xf32>
  %z = graph.constant dense<0> : tensor<4xi32>
  %a = graph.constant dense<100> : tensor<2xi8>
  %h = graph.constant dense<65504.0> : tensor<2xf16>
  %max = graph.constant dense<9223372036854775807> : tensor<2xi64>
  %one = graph.constant dense<1> : tensor<2xi64>
  // x + -0.0 is x; x + 0.0 is not (-0.0 + 0.0 = +0.0).
  %0 = graph.add %x, %nz : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.add %x, %pz : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = graph.add %i, %z : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // The constant moves to the right (commutative).
  %3 = graph.add %z, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // Not folded: the zero broadcasts %y to a larger type.
  %4 = graph.add %y, %pz : tensor<1xf32>, tensor<4xf32> -> tensor<4xf32>
  // Integers wrap; f16 overflows to +inf.
  %5 = graph.add %a, %a : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %6 = graph.add %h, %h : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  %7 = graph.add %max, %one : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<2xi8>, tensor<2xf16>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @sub
func.func @sub(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi64>, tensor<2xbf16>) {
  // CHECK-DAG: %[[NZ:.*]] = graph.constant dense<-0.000000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[Z:.*]] = graph.constant dense<0> : tensor<4xi32>
  // CHECK-DAG: %[[M2:.*]] = graph.constant dense<-2> : tensor<2xi32>
  // CHECK-DAG: %[[WRAP:.*]] = graph.constant dense<9223372036854775807> : tensor<2xi64>
  // CHECK-DAG: %[[B:.*]] = graph.constant dense<-2.500000e-01> : tensor<2xbf16>
  // CHECK: %[[A:.*]] = graph.sub %arg0, %[[NZ]]
  // CHECK: %[[C:.*]] = graph.sub %[[Z]], %arg1
  // CHECK: return %arg0, %[[A]], %arg1, %[[C]], %[[M2]], %[[WRAP]], %[[B]]
  %pz = graph.constant dense<0.0> : tensor<4xf32>
  %nz = graph.constant dense<-0.0> : tensor<4xf32>
  %z = graph.constant dense<0> : tensor<4xi32>
  %one = graph.constant dense<1> : tensor<2xi32>
  %three = graph.constant dense<3> : tensor<2xi32>
  %min = graph.constant dense<-9223372036854775808> : tensor<2xi64>
  %lone = graph.constant dense<1> : tensor<2xi64>
  %q = graph.constant dense<0.25> : tensor<2xbf16>
  %hq = graph.constant dense<0.5> : tensor<2xbf16>
  // x - 0.0 is x; x - -0.0 is not (-0.0 - -0.0 = +0.0).
  %0 = graph.sub %x, %pz : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.sub %x, %nz : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = graph.sub %i, %z : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  // Not commutative: 0 - x stays.
  %3 = graph.sub %z, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %4 = graph.sub %one, %three : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %5 = graph.sub %min, %lone : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %6 = graph.sub %q, %hq : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi64>, tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func @mul
func.func @mul(%x: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi8>, tensor<4xf32>, tensor<2xi32>, tensor<2xf32>) {
  // CHECK-DAG: %[[TWO:.*]] = graph.constant dense<2.000000e+00> : tensor<4xf32>
  // CHECK-DAG: %[[WRAP:.*]] = graph.constant dense<0> : tensor<2xi32>
  // CHECK-DAG: %[[NZ:.*]] = graph.constant dense<-0.000000e+00> : tensor<2xf32>
  // CHECK: %[[A:.*]] = graph.mul %arg0, %[[TWO]]
  // CHECK: return %arg0, %arg1, %[[A]], %[[WRAP]], %[[NZ]]
  %one = graph.constant dense<1.0> : tensor<4xf32>
  %ione = graph.constant dense<1> : tensor<4xi8>
  %two = graph.constant dense<2.0> : tensor<4xf32>
  %big = graph.constant dense<65536> : tensor<2xi32>
  %three = graph.constant dense<3.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %0 = graph.mul %one, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.mul %i, %ione : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %2 = graph.mul %x, %two : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // 2^32 wraps to 0 in i32.
  %3 = graph.mul %big, %big : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %4 = graph.mul %three, %nz : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi8>, tensor<4xf32>, tensor<2xi32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @div
func.func @div(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi64>, tensor<4xf32>) {
  // CHECK-DAG: %[[M3:.*]] = graph.constant dense<-3> : tensor<2xi32>
  // CHECK-DAG: %[[INF:.*]] = graph.constant dense<0x7F800000> : tensor<2xf32>
  // CHECK-DAG: %[[A:.*]] = graph.constant dense<-128> : tensor<2xi8>
  // CHECK-DAG: %[[B:.*]] = graph.constant dense<0> : tensor<2xi32>
  // CHECK-DAG: %[[C:.*]] = graph.constant dense<-9223372036854775808> : tensor<2xi64>
  // CHECK: %[[D:.*]] = graph.div %{{.*}}, %arg0
  // CHECK: return %arg0, %[[M3]], %[[M3]], %[[INF]], %[[A]], %[[B]], %[[C]], %[[D]]
  %one = graph.constant dense<1.0> : tensor<4xf32>
  %seven = graph.constant dense<7> : tensor<2xi32>
  %mseven = graph.constant dense<-7> : tensor<2xi32>
  %two = graph.constant dense<2> : tensor<2xi32>
  %mtwo = graph.constant dense<-2> : tensor<2xi32>
  %zero = graph.constant dense<0> : tensor<2xi32>
  %fone = graph.constant dense<1.0> : tensor<2xf32>
  %fzero = graph.constant dense<0.0> : tensor<2xf32>
  %i8min = graph.constant dense<-128> : tensor<2xi8>
  %i8m1 = graph.constant dense<-1> : tensor<2xi8>
  %i64min = graph.constant dense<-9223372036854775808> : tensor<2xi64>
  %i64m1 = graph.constant dense<-1> : tensor<2xi64>
  %0 = graph.div %x, %one : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // Integer division truncates toward zero.
  %1 = graph.div %seven, %mtwo : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %2 = graph.div %mseven, %two : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %3 = graph.div %fone, %fzero : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  // As graph.div defines: INT_MIN / -1 at the element width wraps to
  // INT_MIN, division by zero is 0.
  %4 = graph.div %i8min, %i8m1 : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %5 = graph.div %seven, %zero : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %6 = graph.div %i64min, %i64m1 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  // Not commutative: 1 / x stays.
  %7 = graph.div %one, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi64>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @pow
func.func @pow(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) {
  // CHECK-DAG: %[[R:.*]] = graph.constant dense<1.024000e+03> : tensor<2xf32>
  // CHECK-DAG: %[[TWO:.*]] = graph.constant dense<2.000000e+00> : tensor<4xf32>
  // CHECK: %[[P:.*]] = graph.pow %arg0, %[[TWO]]
  // CHECK: return %arg0, %[[R]], %[[P]]
  %one = graph.constant dense<1.0> : tensor<4xf32>
  %two = graph.constant dense<2.0> : tensor<4xf32>
  %a = graph.constant dense<2.0> : tensor<2xf32>
  %b = graph.constant dense<10.0> : tensor<2xf32>
  %0 = graph.pow %x, %one : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.pow %a, %b : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %2 = graph.pow %x, %two : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @max_min
func.func @max_min(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi8>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x7FC00000> : tensor<2xf32>
  // CHECK-DAG: %[[PZ:.*]] = graph.constant dense<0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NZ:.*]] = graph.constant dense<-0.000000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[IMAX:.*]] = graph.constant dense<3> : tensor<2xi8>
  // CHECK-DAG: %[[IMIN:.*]] = graph.constant dense<-5> : tensor<2xi8>
  // CHECK: %[[MX:.*]] = graph.max %arg0, %arg1
  // CHECK: %[[MN:.*]] = graph.min %arg0, %arg1
  // CHECK: return %arg0, %arg0, %[[NAN]], %[[NAN]], %[[PZ]], %[[NZ]], %[[IMAX]], %[[IMIN]], %[[MX]], %[[MN]]
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %pz = graph.constant dense<0.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %a = graph.constant dense<3> : tensor<2xi8>
  %b = graph.constant dense<-5> : tensor<2xi8>
  %0 = graph.max %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.min %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // NaN propagates; -0.0 < +0.0.
  %2 = graph.max %one, %nan : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %3 = graph.min %nan, %one : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %4 = graph.max %nz, %pz : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %5 = graph.min %pz, %nz : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %6 = graph.max %a, %b : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %7 = graph.min %a, %b : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %8 = graph.max %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %9 = graph.min %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi8>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @max_no_fold
func.func @max_no_fold(%x: tensor<4xf32>) -> tensor<?xf32> {
  // CHECK: %[[M:.*]] = graph.max %arg0, %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<?xf32>
  // CHECK: return %[[M]]
  %0 = graph.max %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @mod
func.func @mod() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi8>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi64>) {
  // CHECK-DAG: %[[P2:.*]] = graph.constant dense<2> : tensor<2xi64>
  // CHECK-DAG: %[[M1:.*]] = graph.constant dense<-1> : tensor<2xi64>
  // CHECK-DAG: %[[M2:.*]] = graph.constant dense<-2> : tensor<2xi64>
  // CHECK-DAG: %[[P1:.*]] = graph.constant dense<1> : tensor<2xi64>
  // CHECK-DAG: %[[I8:.*]] = graph.constant dense<0> : tensor<2xi8>
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<1.500000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[NF:.*]] = graph.constant dense<-1.500000e+00> : tensor<2xf32>
  // CHECK-DAG: %[[ZERO:.*]] = graph.constant dense<0> : tensor<2xi64>
  // CHECK-NOT: graph.mod
  // CHECK: return %[[P2]], %[[M1]], %[[M1]], %[[M2]], %[[P1]], %[[I8]], %[[F]], %[[NF]], %[[ZERO]], %[[ZERO]]
  %m7 = graph.constant dense<-7> : tensor<2xi64>
  %p7 = graph.constant dense<7> : tensor<2xi64>
  %p3 = graph.constant dense<3> : tensor<2xi64>
  %m3 = graph.constant dense<-3> : tensor<2xi64>
  %zero = graph.constant dense<0> : tensor<2xi64>
  %i8min = graph.constant dense<-128> : tensor<2xi8>
  %i8m1 = graph.constant dense<-1> : tensor<2xi8>
  %a = graph.constant dense<5.5> : tensor<2xf32>
  %b = graph.constant dense<-5.5> : tensor<2xf32>
  %c = graph.constant dense<2.0> : tensor<2xf32>
  // The divisor's sign by default (Python %), the dividend's with fmod.
  %0 = graph.mod %m7, %p3 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %1 = graph.mod %m7, %p3 {fmod = true} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %2 = graph.mod %m7, %m3 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %3 = graph.mod %p7, %m3 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %4 = graph.mod %p7, %m3 {fmod = true} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  // x % -1 is 0, also for INT_MIN.
  %5 = graph.mod %i8min, %i8m1 : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %6 = graph.mod %a, %c {fmod = true} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %7 = graph.mod %b, %c {fmod = true} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  // x % 0 is 0 (numpy's result), as graph.mod defines.
  %8 = graph.mod %p7, %zero : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %9 = graph.mod %p7, %zero {fmod = true} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi8>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @mod_no_fold
func.func @mod_no_fold(%x: tensor<2xi64>) -> tensor<2xi64> {
  // CHECK: %[[M:.*]] = graph.mod %arg0, %{{.*}} : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  // CHECK: return %[[M]]
  %one = graph.constant dense<1> : tensor<2xi64>
  %0 = graph.mod %x, %one : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @logic
func.func @logic(%p: tensor<4xi1>, %q: tensor<1xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  // CHECK-DAG: %[[T:.*]] = graph.constant dense<true> : tensor<4xi1>
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<false> : tensor<4xi1>
  // CHECK-DAG: %[[T2:.*]] = graph.constant dense<true> : tensor<2xi1>
  // CHECK-DAG: %[[F2:.*]] = graph.constant dense<false> : tensor<2xi1>
  // CHECK: %[[A:.*]] = graph.and %arg0, %[[F]]
  // CHECK: %[[O:.*]] = graph.or %arg0, %[[T]]
  // CHECK: %[[X:.*]] = graph.xor %arg0, %[[T]]
  // CHECK: %[[B:.*]] = graph.and %arg1, %[[T]] : tensor<1xi1>, tensor<4xi1> -> tensor<4xi1>
  // CHECK: return %arg0, %arg0, %arg0, %arg0, %[[F2]], %[[T2]], %[[F2]], %[[A]], %[[O]], %[[X]], %[[B]]
  %t = graph.constant dense<true> : tensor<4xi1>
  %f = graph.constant dense<false> : tensor<4xi1>
  %t2 = graph.constant dense<true> : tensor<2xi1>
  %f2 = graph.constant dense<false> : tensor<2xi1>
  %0 = graph.and %p, %t : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %1 = graph.and %t, %p : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %2 = graph.or %p, %f : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %3 = graph.xor %f, %p : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %4 = graph.and %t2, %f2 : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  %5 = graph.or %f2, %t2 : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  %6 = graph.xor %t2, %t2 : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  // Not folded: absorbing values are not identities; a broadcasting identity.
  %7 = graph.and %p, %f : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %8 = graph.or %p, %t : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %9 = graph.xor %p, %t : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %10 = graph.and %q, %t : tensor<1xi1>, tensor<4xi1> -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// The trigonometric and hyperbolic functions fold splats in double, rounded
// once to the element type.
// CHECK-LABEL: func.func @trigonometric
// CHECK-DAG: %[[NS:.*]] = graph.constant dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[SIN:.*]] = graph.constant dense<0.47942555> : tensor<2xf32>
// CHECK-DAG: %[[COSH:.*]] = graph.constant dense<3.761720e+00> : tensor<2xf16>
// CHECK-DAG: %[[TAN:.*]] = graph.constant dense<-1.425780e-01> : tensor<2xbf16>
// CHECK-DAG: %[[ASIN:.*]] = graph.constant dense<0.25268025514207865> : tensor<2xf64>
// CHECK-DAG: %[[INF:.*]] = graph.constant dense<0x7F800000> : tensor<2xf32>
// CHECK-DAG: %[[NAN:.*]] = graph.constant dense<0x{{7F|FF}}C00000> : tensor<2xf32>
// CHECK: %[[COS:.*]] = graph.cos %[[NS]]
// CHECK: %[[ATAN:.*]] = graph.atan %arg0
// CHECK: %[[SINH:.*]] = graph.sinh %arg1
// CHECK: return %[[SIN]], %[[COSH]], %[[TAN]], %[[ASIN]], %[[INF]], %[[NAN]], %[[COS]], %[[ATAN]], %[[SINH]]
func.func @trigonometric(%x: tensor<2xf32>, %d: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>) {
  %h = graph.constant dense<0.5> : tensor<2xf32>
  %m = graph.constant dense<-2.0> : tensor<2xf16>
  %b = graph.constant dense<3.0> : tensor<2xbf16>
  %q = graph.constant dense<0.25> : tensor<2xf64>
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %ns = graph.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %0 = graph.sin %h : tensor<2xf32> -> tensor<2xf32>
  %1 = graph.cosh %m : tensor<2xf16> -> tensor<2xf16>
  %2 = graph.tan %b : tensor<2xbf16> -> tensor<2xbf16>
  %3 = graph.asin %q : tensor<2xf64> -> tensor<2xf64>
  // Poles and domains fold as libm computes them: atanh(1) = inf,
  // acosh(0.5) = NaN.
  %4 = graph.atanh %one : tensor<2xf32> -> tensor<2xf32>
  %5 = graph.acosh %h : tensor<2xf32> -> tensor<2xf32>
  // Not folded: a non-splat constant (graph-fold-constants' job) and
  // non-constant operands.
  %6 = graph.cos %ns : tensor<2xf32> -> tensor<2xf32>
  %7 = graph.atan %x : tensor<2xf32> -> tensor<2xf32>
  %8 = graph.sinh %d : tensor<?xf32> -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>
}

// -----

// On integers the logic ops are bitwise: the identity of and is all ones
// (not 1, as on i1), and splats fold on the bits, unsigned ones too.
// CHECK-LABEL: func.func @bitwise
// CHECK-DAG: %[[ONES:.*]] = graph.constant dense<-1> : tensor<4xi8>
// CHECK-DAG: %[[ONE:.*]] = graph.constant dense<1> : tensor<4xi8>
// CHECK-DAG: %[[AND:.*]] = graph.constant dense<34> : tensor<2xi8>
// CHECK-DAG: %[[XOR:.*]] = graph.constant dense<165> : tensor<2xui8>
// CHECK-DAG: %[[NOTU:.*]] = graph.constant dense<85> : tensor<2xui8>
// CHECK-DAG: %[[NOTS:.*]] = graph.constant dense<-4661> : tensor<2xi16>
// CHECK: %[[A1:.*]] = graph.and %arg0, %[[ONE]]
// CHECK: %[[O1:.*]] = graph.or %arg0, %[[ONES]]
// CHECK: %[[N:.*]] = graph.not %arg1
// CHECK: return %arg0, %arg0, %arg0, %arg1, %[[AND]], %[[XOR]], %[[NOTU]], %[[NOTS]], %[[A1]], %[[O1]], %[[N]]
func.func @bitwise(%x: tensor<4xi8>, %u: tensor<4xui8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi16>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>) {
  %ones = graph.constant dense<-1> : tensor<4xi8>
  %zero = graph.constant dense<0> : tensor<4xi8>
  %one = graph.constant dense<1> : tensor<4xi8>
  %max = graph.constant dense<255> : tensor<4xui8>
  %a = graph.constant dense<-86> : tensor<2xi8>
  %b = graph.constant dense<51> : tensor<2xi8>
  %c = graph.constant dense<170> : tensor<2xui8>
  %e = graph.constant dense<15> : tensor<2xui8>
  %s = graph.constant dense<4660> : tensor<2xi16>
  // Identities: x & ~0 (-1 for i8, 255 for ui8), x | 0, x ^ 0.
  %0 = graph.and %x, %ones : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %1 = graph.or %zero, %x : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %2 = graph.xor %x, %zero : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %3 = graph.and %u, %max : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  // Splats fold, unsigned ones too.
  %4 = graph.and %a, %b : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %5 = graph.xor %c, %e : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %6 = graph.not %c : tensor<2xui8> -> tensor<2xui8>
  %7 = graph.not %s : tensor<2xi16> -> tensor<2xi16>
  // Not folded: 1 is the identity of and on i1 only; absorbing values.
  %8 = graph.and %x, %one : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %9 = graph.or %x, %ones : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %10 = graph.not %u : tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi16>, tensor<4xi8>, tensor<4xi8>, tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @shifts
// CHECK-DAG: %[[Z:.*]] = graph.constant dense<0> : tensor<4xui8>
// CHECK-DAG: %[[SHL:.*]] = graph.constant dense<12> : tensor<2xui8>
// CHECK-DAG: %[[SHR:.*]] = graph.constant dense<50> : tensor<2xui8>
// CHECK-DAG: %[[PAST:.*]] = graph.constant dense<0> : tensor<2xui8>
// CHECK-DAG: %[[SAR:.*]] = graph.constant dense<-13> : tensor<2xi8>
// CHECK-DAG: %[[FILL:.*]] = graph.constant dense<-1> : tensor<2xi8>
// CHECK-DAG: %[[NEGL:.*]] = graph.constant dense<0> : tensor<2xi8>
// CHECK-DAG: %[[TOP:.*]] = graph.constant dense<1> : tensor<2xui64>
// CHECK: %[[L:.*]] = graph.shift_left %[[Z]], %arg0
// CHECK: %[[R:.*]] = graph.shift_right %arg0, %arg1
// CHECK: return %arg0, %arg2, %[[SHL]], %[[SHR]], %[[PAST]], %[[SAR]], %[[FILL]], %[[NEGL]], %[[TOP]], %[[L]], %[[R]]
func.func @shifts(%x: tensor<4xui8>, %n: tensor<4xui8>, %y: tensor<3xi32>) -> (tensor<4xui8>, tensor<3xi32>, tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xui64>, tensor<4xui8>, tensor<4xui8>) {
  %z = graph.constant dense<0> : tensor<4xui8>
  %zi = graph.constant dense<0> : tensor<3xi32>
  %three = graph.constant dense<3> : tensor<2xui8>
  %two = graph.constant dense<2> : tensor<2xui8>
  %nine = graph.constant dense<9> : tensor<2xui8>
  %big = graph.constant dense<200> : tensor<2xui8>
  %m = graph.constant dense<-100> : tensor<2xi8>
  %k = graph.constant dense<3> : tensor<2xi8>
  %neg = graph.constant dense<-1> : tensor<2xi8>
  %w = graph.constant dense<9223372036854775809> : tensor<2xui64>
  %sixty3 = graph.constant dense<63> : tensor<2xui64>
  // Shifts by 0 are identities.
  %0 = graph.shift_left %x, %z : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %1 = graph.shift_right %y, %zi : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
  // Splats: 3 << 2, 200 >> 2 (logical), 3 << 9 (past the width),
  // -100 >> 3 (arithmetic), -100 >> -1 (the amount reads as 255),
  // 3 << -1, and a ui64 with the top bit set shifted right by 63.
  %2 = graph.shift_left %three, %two : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %3 = graph.shift_right %big, %two : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %4 = graph.shift_left %three, %nine : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %5 = graph.shift_right %m, %k : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %6 = graph.shift_right %m, %neg : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %7 = graph.shift_left %k, %neg : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %8 = graph.shift_right %w, %sixty3 : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  // Not folded: a zero shifted is not zero by itself (x << 0 is x, 0 << x
  // is 0 but the folders only know right identities).
  %9 = graph.shift_left %z, %x : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %10 = graph.shift_right %x, %n : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4xui8>, tensor<3xi32>, tensor<2xui8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xui64>, tensor<4xui8>, tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @compare
func.func @compare(%x: tensor<2xf32>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<3x2xi1>, tensor<2xi1>, tensor<2xi1>) {
  // CHECK-DAG: %[[T:.*]] = graph.constant dense<true> : tensor<2xi1>
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<false> : tensor<2xi1>
  // CHECK-DAG: %[[T32:.*]] = graph.constant dense<true> : tensor<3x2xi1>
  // CHECK: %[[E:.*]] = graph.equal %arg0, %arg0
  // CHECK: %[[L:.*]] = graph.less %{{.*}}, %{{.*}} : tensor<2xi64>
  // CHECK: return %[[T]], %[[F]], %[[T]], %[[F]], %[[T]], %[[F]], %[[T]], %[[F]], %[[T32]], %[[E]], %[[L]]
  %one = graph.constant dense<1.0> : tensor<2xf32>
  %nan = graph.constant dense<0x7FC00000> : tensor<2xf32>
  %pz = graph.constant dense<0.0> : tensor<2xf32>
  %nz = graph.constant dense<-0.0> : tensor<2xf32>
  %t = graph.constant dense<true> : tensor<2xi1>
  %f = graph.constant dense<false> : tensor<2xi1>
  %m1 = graph.constant dense<-1> : tensor<2xi64>
  %p1 = graph.constant dense<1> : tensor<2xi64>
  %h3 = graph.constant dense<3.0> : tensor<2xf16>
  %h2 = graph.constant dense<2.0> : tensor<2xf16>
  %r = graph.constant dense<[1, 2]> : tensor<2xi64>
  %bc = graph.constant dense<5> : tensor<3x1xi8>
  %bd = graph.constant dense<5> : tensor<2xi8>
  %0 = graph.equal %one, %one : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  // NaN is unordered; -0.0 == +0.0.
  %1 = graph.equal %nan, %nan : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  %2 = graph.equal %nz, %pz : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  %3 = graph.equal %t, %f : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  // Signed: -1 < 1.
  %4 = graph.less %m1, %p1 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi1>
  %5 = graph.less %nan, %one : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  %6 = graph.greater %h3, %h2 : tensor<2xf16>, tensor<2xf16> -> tensor<2xi1>
  %7 = graph.greater_equal %nan, %nan : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  // Splats broadcast to the result's shape.
  %8 = graph.less_equal %bc, %bd : tensor<3x1xi8>, tensor<2xi8> -> tensor<3x2xi1>
  // Not folded: non-constant, non-splat operands.
  %9 = graph.equal %x, %x : tensor<2xf32>, tensor<2xf32> -> tensor<2xi1>
  %10 = graph.less %r, %p1 : tensor<2xi64>, tensor<2xi64> -> tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<3x2xi1>, tensor<2xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @compare_more
func.func @compare_more() -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
  // CHECK-DAG: %[[T:.*]] = graph.constant dense<true> : tensor<2xi1>
  // CHECK-DAG: %[[F:.*]] = graph.constant dense<false> : tensor<2xi1>
  // CHECK: return %[[T]], %[[F]], %[[T]]
  %a = graph.constant dense<2> : tensor<2xi32>
  %b = graph.constant dense<-2> : tensor<2xi32>
  %0 = graph.less_equal %a, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi1>
  %1 = graph.greater %b, %a : tensor<2xi32>, tensor<2xi32> -> tensor<2xi1>
  %2 = graph.greater_equal %a, %b : tensor<2xi32>, tensor<2xi32> -> tensor<2xi1>
  return %0, %1, %2 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @select
func.func @select(%c: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK-DAG: %[[T:.*]] = graph.constant dense<true> : tensor<4xi1>
  // CHECK: %[[A:.*]] = graph.select %[[T]], %arg3, %arg2
  // CHECK: %[[B:.*]] = graph.select %arg0, %arg1, %arg2
  // CHECK: %[[C:.*]] = graph.select %{{.*}}, %arg1, %arg2 : tensor<4xi1>
  // CHECK: return %arg1, %arg1, %arg2, %[[A]], %[[B]], %[[C]]
  %t = graph.constant dense<true> : tensor<4xi1>
  %f = graph.constant dense<false> : tensor<4xi1>
  %m = graph.constant dense<[true, false, true, false]> : tensor<4xi1>
  // Both values the same, or a splat condition.
  %0 = graph.select %c, %x, %x : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.select %t, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = graph.select %f, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // Not folded: the chosen value is broadcast; a non-constant or non-splat
  // condition.
  %3 = graph.select %t, %s, %y : tensor<4xi1>, tensor<f32>, tensor<4xf32> -> tensor<4xf32>
  %4 = graph.select %c, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %5 = graph.select %m, %x, %y : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
