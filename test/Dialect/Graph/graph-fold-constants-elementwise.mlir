// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s
// RUN: strata-opt %s --graph-fold-constants=max-elements=4 -split-input-file | FileCheck %s --check-prefix=SMALL

// graph-fold-constants on elementwise ops: the reference evaluator's
// values, checked exactly (floats as MLIR prints them after rounding to the
// element type). Expected values were computed independently with numpy
// (in double, rounded once to the element type).

// CHECK-LABEL: func.func @unary_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[1.500000e+00, -5.000000e-01, -2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1.500000e+00, 5.000000e-01, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0.223130167, 1.64872122, 7.3890562]> : tensor<3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-0.905148268, 0.462117165, 0.964027583]> : tensor<3xf32>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[0.182425529, 0.622459352, 0.880797088]> : tensor<3xf32>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<[-0.966105163, 0.520499885, 0.995322287]> : tensor<3xf32>
// CHECK-DAG: %[[R6:.*]] = graph.constant dense<[-0.666666686, 2.000000e+00, 5.000000e-01]> : tensor<3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]]
func.func @unary_f32() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %x = graph.constant dense<[-1.5, 0.5, 2.0]> : tensor<3xf32>
  %0 = graph.neg %x : tensor<3xf32> -> tensor<3xf32>
  %1 = graph.abs %x : tensor<3xf32> -> tensor<3xf32>
  %2 = graph.exp %x : tensor<3xf32> -> tensor<3xf32>
  %3 = graph.tanh %x : tensor<3xf32> -> tensor<3xf32>
  %4 = graph.sigmoid %x : tensor<3xf32> -> tensor<3xf32>
  %5 = graph.erf %x : tensor<3xf32> -> tensor<3xf32>
  %6 = graph.reciprocal %x : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @exp_of_one
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[2.71828175, 1.000000e+00]> : tensor<2xf32>
// CHECK: return %[[R0]]
func.func @exp_of_one() -> tensor<2xf32> {
  %x = graph.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %0 = graph.exp %x : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @unary_positive_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-1.38629436, 0.693147182, 2.30258512]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[5.000000e-01, 1.41421354, 3.1622777]> : tensor<3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[2.000000e+00, 0.707106769, 0.316227764]> : tensor<3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @unary_positive_f32() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %y = graph.constant dense<[0.25, 2.0, 10.0]> : tensor<3xf32>
  %0 = graph.log %y : tensor<3xf32> -> tensor<3xf32>
  %1 = graph.sqrt %y : tensor<3xf32> -> tensor<3xf32>
  %2 = graph.rsqrt %y : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @activations_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 1.250000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[-3.000000e-02, -5.000000e-03, 0.000000e+00, 1.250000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[-1.500000e+00, -2.500000e-01, 0.000000e+00, 1.250000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-0.00404969417, -0.154268771, 0.000000e+00, 1.1179378]> : tensor<4xf32>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[-0.00363739207, -1.542860e-01, 0.000000e+00, 1.11771417]> : tensor<4xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @activations_f32() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = graph.constant dense<[-3.0, -0.5, 0.0, 1.25]> : tensor<4xf32>
  %0 = graph.relu %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.leaky_relu %x : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.leaky_relu %x {alpha = 0.5 : f32} : tensor<4xf32> -> tensor<4xf32>
  %3 = graph.gelu %x : tensor<4xf32> -> tensor<4xf32>
  %4 = graph.gelu %x {approximate = #graph.gelu_approximation<tanh>} : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @rounding_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, -1.000000e+00, -3.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<7xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, -0.000000e+00, -2.000000e+00, 3.000000e+00, -1.000000e+00]> : tensor<7xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -0.000000e+00, -2.000000e+00, 2.000000e+00, -2.000000e+00]> : tensor<7xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[1.000000e+00, 1.000000e+00, 1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00, -1.000000e+00]> : tensor<7xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @rounding_f32() -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>) {
  %x = graph.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 2.4, -1.7]> : tensor<7xf32>
  %0 = graph.floor %x : tensor<7xf32> -> tensor<7xf32>
  %1 = graph.ceil %x : tensor<7xf32> -> tensor<7xf32>
  %2 = graph.round %x : tensor<7xf32> -> tensor<7xf32>
  %3 = graph.sign %x : tensor<7xf32> -> tensor<7xf32>
  return %0, %1, %2, %3 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
}

// -----

// CHECK-LABEL: func.func @nan_and_zeros
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0x7FC00000, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[0x7FC00000, 0.000000e+00, 0x7FC00000]> : tensor<3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0x7FC00000, -0.000000e+00, 0x7FC00000]> : tensor<3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[1.000000e+00, 0.000000e+00, 0x7FC00000]> : tensor<3xf32>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[0x7FC00000, 5.000000e-01, 1.000000e+00]> : tensor<3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @nan_and_zeros() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = graph.constant dense<[0x7FC00000, -0.0, 1.0]> : tensor<3xf32>
  %b = graph.constant dense<[1.0, 0.0, 0x7FC00000]> : tensor<3xf32>
  %0 = graph.relu %a : tensor<3xf32> -> tensor<3xf32>
  %1 = graph.max %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %2 = graph.min %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %3 = graph.sign %b : tensor<3xf32> -> tensor<3xf32>
  %4 = graph.clip %a {min = 0.5 : f64} : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @clip
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0.000000e+00, 3.000000e+00, 6.000000e+00, 6.000000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[-2, 0, 5, 5]> : tensor<4xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[-128, 0, 4, 4]> : tensor<4xi8>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @clip() -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi8>) {
  %x = graph.constant dense<[-1.0, 3.0, 7.5, 6.0]> : tensor<4xf32>
  %0 = graph.clip %x {min = 0.0 : f64, max = 6.0 : f64} : tensor<4xf32> -> tensor<4xf32>
  %i = graph.constant dense<[-10, 0, 100, 5]> : tensor<4xi32>
  %1 = graph.clip %i {min = -2.0 : f64, max = 5.0 : f64} : tensor<4xi32> -> tensor<4xi32>
  %j = graph.constant dense<[-128, 0, 127, 5]> : tensor<4xi8>
  %2 = graph.clip %j {max = 4.0 : f64} : tensor<4xi8> -> tensor<4xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi32>, tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @half_precision
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[2.048000e+03, 4.000000e+00]> : tensor<2xf16>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1.105470e+00, 2.718750e+00]> : tensor<2xf16>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[3.312500e+00, 5.500000e+00]> : tensor<2xbf16>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[3.332520e-01, 6.665040e-01, 0x7C00]> : tensor<3xf16>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @half_precision() -> (tensor<2xf16>, tensor<2xf16>, tensor<2xbf16>, tensor<3xf16>) {
  %a = graph.constant dense<[2048.0, 1.0]> : tensor<2xf16>
  %b = graph.constant dense<[1.0, 3.0]> : tensor<2xf16>
  %0 = graph.add %a, %b : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  %h = graph.constant dense<[0.1, 1.0]> : tensor<2xf16>
  %1 = graph.exp %h : tensor<2xf16> -> tensor<2xf16>
  %c = graph.constant dense<[3.0, 1.1]> : tensor<2xbf16>
  %d = graph.constant dense<[1.1, 5.0]> : tensor<2xbf16>
  %2 = graph.mul %c, %d : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  %e = graph.constant dense<[1.0, 2.0, 60000.0]> : tensor<3xf16>
  %f = graph.constant dense<[3.0, 3.0, 0.5]> : tensor<3xf16>
  %3 = graph.div %e, %f : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
  return %0, %1, %2, %3 : tensor<2xf16>, tensor<2xf16>, tensor<2xbf16>, tensor<3xf16>
}

// -----

// CHECK-LABEL: func.func @i8_wraparound
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-56, -127, 10]> : tensor<3xi8>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[0, 127, 4]> : tensor<3xi8>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0, -128, -106]> : tensor<3xi8>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-128, -5]> : tensor<2xi8>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[-128, 5]> : tensor<2xi8>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @i8_wraparound() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<2xi8>, tensor<2xi8>) {
  %a = graph.constant dense<[100, -128, 7]> : tensor<3xi8>
  %b = graph.constant dense<[100, 1, 3]> : tensor<3xi8>
  %0 = graph.add %a, %b : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %1 = graph.sub %a, %b : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %c = graph.constant dense<[16, -128, 3]> : tensor<3xi8>
  %d = graph.constant dense<[16, -1, 50]> : tensor<3xi8>
  %2 = graph.mul %c, %d : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %e = graph.constant dense<[-128, 5]> : tensor<2xi8>
  %3 = graph.neg %e : tensor<2xi8> -> tensor<2xi8>
  %4 = graph.abs %e : tensor<2xi8> -> tensor<2xi8>
  return %0, %1, %2, %3, %4 : tensor<3xi8>, tensor<3xi8>, tensor<3xi8>, tensor<2xi8>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @i64_exact
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-9223372036854775808, 18014398509481985]> : tensor<2xi64>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<true> : tensor<2xi1>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<false> : tensor<2xi1>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @i64_exact() -> (tensor<2xi64>, tensor<2xi1>, tensor<2xi1>) {
  %a = graph.constant dense<[9223372036854775807, 9007199254740993]> : tensor<2xi64>
  %b = graph.constant dense<[1, 9007199254740992]> : tensor<2xi64>
  %0 = graph.add %a, %b : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  %1 = graph.greater %a, %b : tensor<2xi64>, tensor<2xi64> -> tensor<2xi1>
  %2 = graph.equal %a, %b : tensor<2xi64>, tensor<2xi64> -> tensor<2xi1>
  return %0, %1, %2 : tensor<2xi64>, tensor<2xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @div_mod_int
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[3, -3, -3, 3]> : tensor<4xi32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1, 2, -2, -1]> : tensor<4xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[1, -1, 1, -1]> : tensor<4xi32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<0> : tensor<2xi8>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @div_mod_int() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi8>) {
  %a = graph.constant dense<[7, -7, 7, -7]> : tensor<4xi32>
  %b = graph.constant dense<[2, 2, -2, -2]> : tensor<4xi32>
  %0 = graph.div %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %m = graph.constant dense<[3, 3, -3, -3]> : tensor<4xi32>
  %1 = graph.mod %a, %m : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %2 = graph.mod %a, %m {fmod = true} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %c = graph.constant dense<[-128, 127]> : tensor<2xi8>
  %d = graph.constant dense<[-1, -1]> : tensor<2xi8>
  %3 = graph.mod %c, %d : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @float_div_mod_pow
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[0x7F800000, 0xFF800000, 0.428571433]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[1.500000e+00, -1.500000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}8.000000e+00, 1.41421354, 5.000000e-01], [7.290000e+02, 3.000000e+00, 0.111111112]]> : tensor<2x3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @float_div_mod_pow() -> (tensor<3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %a = graph.constant dense<[1.0, -1.0, 3.0]> : tensor<3xf32>
  %b = graph.constant dense<[0.0, 0.0, 7.0]> : tensor<3xf32>
  %0 = graph.div %a, %b : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %c = graph.constant dense<[5.5, -5.5]> : tensor<2xf32>
  %d = graph.constant dense<[2.0, 2.0]> : tensor<2xf32>
  %1 = graph.mod %c, %d {fmod = true} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  %e = graph.constant dense<[[2.0], [9.0]]> : tensor<2x1xf32>
  %f = graph.constant dense<[3.0, 0.5, -1.0]> : tensor<3xf32>
  %2 = graph.pow %e, %f : tensor<2x1xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<2xf32>, tensor<2x3xf32>
}

// -----

// Integer pow: repeated squaring that wraps, negative exponents truncate.
// CHECK-LABEL: func.func @int_pow
// CHECK: %[[R:.*]] = graph.constant dense<[1, -1, 1, 0, 1, -243, -808182895, 0, 0]> : tensor<9xi32>
// CHECK: return %[[R]]
func.func @int_pow() -> tensor<9xi32> {
  %b = graph.constant dense<[1, -1, -1, 2, 5, -3, 3, 0, 2]> : tensor<9xi32>
  %e = graph.constant dense<[-5, -3, -4, -2, 0, 5, 20, 4, 32]> : tensor<9xi32>
  %0 = graph.pow %b, %e : tensor<9xi32>, tensor<9xi32> -> tensor<9xi32>
  return %0 : tensor<9xi32>
}

// -----

// CHECK-LABEL: func.func @compare_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[false, true, false, false]> : tensor<4xi1>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[true, true, false, false]> : tensor<4xi1>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[false, false, false, true]> : tensor<4xi1>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[false, true, false, true]> : tensor<4xi1>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @compare_f32() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = graph.constant dense<[1.0, 2.0, 0x7FC00000, 3.0]> : tensor<4xf32>
  %b = graph.constant dense<[2.0, 2.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  %0 = graph.equal %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %1 = graph.less %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %2 = graph.less_equal %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %3 = graph.greater %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %4 = graph.greater_equal %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @logic_i1
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[true, true, true, false]> : tensor<4xi1>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[false, false, true, true]> : tensor<4xi1>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<{{\[\[}}true, false, true, false], [false, true, false, true]]> : tensor<2x4xi1>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @logic_i1() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>) {
  %p = graph.constant dense<[true, true, false, false]> : tensor<4xi1>
  %q = graph.constant dense<[true, false, true, false]> : tensor<4xi1>
  %0 = graph.and %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %1 = graph.or %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %2 = graph.xor %p, %q : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  %3 = graph.not %p : tensor<4xi1> -> tensor<4xi1>
  %r = graph.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %4 = graph.equal %r, %q : tensor<2x1xi1>, tensor<4xi1> -> tensor<2x4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x4xi1>
}

// -----

// CHECK-LABEL: func.func @broadcast
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}[-1, 9, 19], [-2, 8, 18], [-3, 7, 17], [-4, 6, 16]], {{\[\[}}29, 39, 49], [28, 38, 48], [27, 37, 47], [26, 36, 46]]]> : tensor<2x4x3xi32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}10, 20, 30], [20, 40, 60]]> : tensor<2x3xi32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<{{\[\[}}4, 3], [2, 1]]> : tensor<2x2xi32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<> : tensor<0x3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @broadcast() -> (tensor<2x4x3xi32>, tensor<2x3xi32>, tensor<2x2xi32>, tensor<0x3xf32>) {
  %a = graph.constant dense<[[[0, 10, 20]], [[30, 40, 50]]]> : tensor<2x1x3xi32>
  %b = graph.constant dense<[[1], [2], [3], [4]]> : tensor<4x1xi32>
  %0 = graph.sub %a, %b : tensor<2x1x3xi32>, tensor<4x1xi32> -> tensor<2x4x3xi32>
  %c = graph.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %d = graph.constant dense<[[10], [20]]> : tensor<2x1xi32>
  %1 = graph.mul %d, %c : tensor<2x1xi32>, tensor<1x3xi32> -> tensor<2x3xi32>
  %s = graph.constant dense<5> : tensor<i32>
  %e = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = graph.sub %s, %e : tensor<i32>, tensor<2x2xi32> -> tensor<2x2xi32>
  %z = graph.constant dense<> : tensor<0x3xf32>
  %f = graph.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %3 = graph.add %z, %f : tensor<0x3xf32>, tensor<1x3xf32> -> tensor<0x3xf32>
  return %0, %1, %2, %3 : tensor<2x4x3xi32>, tensor<2x3xi32>, tensor<2x2xi32>, tensor<0x3xf32>
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [-1.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}1, 10], [3, 20]]> : tensor<2x2xi64>
// CHECK: return %[[R0]], %[[R1]]
func.func @select() -> (tensor<2x3xf32>, tensor<2x2xi64>) {
  %c = graph.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %t = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %f = graph.constant dense<-1.0> : tensor<f32>
  %0 = graph.select %c, %t, %f : tensor<2x1xi1>, tensor<3xf32>, tensor<f32> -> tensor<2x3xf32>
  %m = graph.constant dense<[true, false]> : tensor<2xi1>
  %x = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %y = graph.constant dense<[[10], [20]]> : tensor<2x1xi64>
  %1 = graph.select %m, %x, %y : tensor<2xi1>, tensor<2x2xi64>, tensor<2x1xi64> -> tensor<2x2xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<2x2xi64>
}

// -----

// CHECK-LABEL: func.func @cast
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[2, -2, 0, 1000000000]> : tensor<4xi32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[127, -128]> : tensor<2xi8>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0x4B800000, 1.15292164E+18, -3.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[44, 127]> : tensor<2xi8>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<[false, true, false]> : tensor<3xi1>
// CHECK-DAG: %[[R6:.*]] = graph.constant dense<[0x7C00, 5.960460e-08, 9.997550e-02]> : tensor<3xf16>
// CHECK-DAG: %[[R7:.*]] = graph.constant dense<[1.000000e+00, 1.015630e+00]> : tensor<2xbf16>
// CHECK-DAG: %[[R8:.*]] = graph.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[R8]]
func.func @cast() -> (tensor<4xi32>, tensor<2xi8>, tensor<3xf32>, tensor<2xi8>, tensor<3xi1>, tensor<3xi1>, tensor<3xf16>, tensor<2xbf16>, tensor<2xf32>) {
  %a = graph.constant dense<[2.7, -2.7, -0.5, 1.0e9]> : tensor<4xf32>
  %0 = graph.cast %a : tensor<4xf32> -> tensor<4xi32>
  %b = graph.constant dense<[127.9, -128.9]> : tensor<2xf32>
  %1 = graph.cast %b : tensor<2xf32> -> tensor<2xi8>
  %c = graph.constant dense<[16777217, 1152921573326323713, -3]> : tensor<3xi64>
  %2 = graph.cast %c : tensor<3xi64> -> tensor<3xf32>
  %d = graph.constant dense<[300, -129]> : tensor<2xi32>
  %3 = graph.cast %d : tensor<2xi32> -> tensor<2xi8>
  %e = graph.constant dense<[0, 2, -1]> : tensor<3xi32>
  %4 = graph.cast %e : tensor<3xi32> -> tensor<3xi1>
  %f = graph.constant dense<[0.0, 0.5, -0.0]> : tensor<3xf32>
  %5 = graph.cast %f : tensor<3xf32> -> tensor<3xi1>
  %g = graph.constant dense<[65520.0, 3.0e-8, 0.1]> : tensor<3xf32>
  %6 = graph.cast %g : tensor<3xf32> -> tensor<3xf16>
  %h = graph.constant dense<[1.00390625, 1.01171875]> : tensor<2xf32>
  %7 = graph.cast %h : tensor<2xf32> -> tensor<2xbf16>
  %i = graph.constant dense<[true, false]> : tensor<2xi1>
  %8 = graph.cast %i : tensor<2xi1> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi32>, tensor<2xi8>, tensor<3xf32>, tensor<2xi8>, tensor<3xi1>, tensor<3xi1>, tensor<3xf16>, tensor<2xbf16>, tensor<2xf32>
}

// -----

// Integer division and remainder by zero and INT_MIN / -1 fold to what
// graph.div and graph.mod define (numpy's results).
// CHECK-LABEL: func.func @fold_division_edges
// CHECK-DAG: %[[A:.*]] = graph.constant dense<[0, 2]> : tensor<2xi32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[-128, 2]> : tensor<2xi8>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<[2, 0]> : tensor<2xi64>
// CHECK-NOT: graph.div
// CHECK-NOT: graph.mod
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @fold_division_edges() -> (tensor<2xi32>, tensor<2xi8>, tensor<2xi64>) {
  %a = graph.constant dense<[1, 2]> : tensor<2xi32>
  %b = graph.constant dense<[0, 1]> : tensor<2xi32>
  %0 = graph.div %a, %b : tensor<2xi32>, tensor<2xi32> -> tensor<2xi32>
  %c = graph.constant dense<[-128, 4]> : tensor<2xi8>
  %d = graph.constant dense<[-1, 2]> : tensor<2xi8>
  %1 = graph.div %c, %d : tensor<2xi8>, tensor<2xi8> -> tensor<2xi8>
  %e = graph.constant dense<[5, 6]> : tensor<2xi64>
  %f = graph.constant dense<[3, 0]> : tensor<2xi64>
  %2 = graph.mod %e, %f : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0, %1, %2 : tensor<2xi32>, tensor<2xi8>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @no_fold_undefined
// CHECK: graph.cast
// CHECK: graph.cast
func.func @no_fold_undefined() -> (tensor<2xi8>, tensor<2xi32>) {
  %g = graph.constant dense<[200.0, 1.0]> : tensor<2xf32>
  %3 = graph.cast %g : tensor<2xf32> -> tensor<2xi8>
  %h = graph.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %4 = graph.cast %h : tensor<2xf32> -> tensor<2xi32>
  return %3, %4 : tensor<2xi8>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @max_elements
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}1.100000e+01, 2.100000e+01, 3.100000e+01], [1.200000e+01, 2.200000e+01, 3.200000e+01]]> : tensor<2x3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<{{\[\[}}1.100000e+01, 2.100000e+01], [1.200000e+01, 2.200000e+01]]> : tensor<2x2xf32>
// CHECK: return %[[R0]], %[[R1]]
// SMALL-LABEL: func.func @max_elements
// SMALL-DAG: %[[FOLDED:.*]] = graph.constant dense<{{\[}}[1.100000e+01, 2.100000e+01], [1.200000e+01, 2.200000e+01]]> : tensor<2x2xf32>
// SMALL-DAG: %[[KEPT:.*]] = graph.add %{{.*}}, %{{.*}} : tensor<2x1xf32>, tensor<3xf32> -> tensor<2x3xf32>
// SMALL: return %[[KEPT]], %[[FOLDED]]
func.func @max_elements() -> (tensor<2x3xf32>, tensor<2x2xf32>) {
  %a = graph.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = graph.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %0 = graph.add %a, %b : tensor<2x1xf32>, tensor<3xf32> -> tensor<2x3xf32>
  %c = graph.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %1 = graph.add %a, %c : tensor<2x1xf32>, tensor<2xf32> -> tensor<2x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dense_resource
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<{{\[\[}}5.000000e-01, 5.000000e-01, 3.750000e-01], [2.000000e+00, 1.250000e+00, 7.500000e-01]]> : tensor<2x3xf32>
// CHECK: return %[[R0]]
func.func @dense_resource() -> tensor<2x3xf32> {
  %w = graph.constant dense_resource<weights> : tensor<2x3xf32>
  %b = graph.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  %0 = graph.mul %w, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----

// Unsigned integers: the evaluator compares, divides and converts them as
// unsigned (200 is not -56); f64 and i16 fold too. ui64 values from 2^63 on
// are not ordered by the evaluator's int64 arithmetic: that op stays.
// CHECK-LABEL: func.func @unsigned_and_wide
// CHECK-DAG: graph.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: graph.constant dense<[2.000000e+02, 3.000000e+00]> : tensor<2xf32>
// CHECK-DAG: graph.constant dense<[28, 0]> : tensor<2xui8>
// CHECK-DAG: graph.constant dense<[2.500000e+00, 1.000000e+300]> : tensor<2xf64>
// CHECK-DAG: graph.constant dense<[-32768, 7]> : tensor<2xi16>
// CHECK: graph.greater
// CHECK-NOT: graph.div
func.func @unsigned_and_wide() -> (tensor<2xi1>, tensor<2xf32>, tensor<2xui8>, tensor<2xf64>, tensor<2xi16>, tensor<2xi1>) {
  %a = graph.constant dense<[200, 3]> : tensor<2xui8>
  %b = graph.constant dense<[7, 250]> : tensor<2xui8>
  %0 = graph.less %a, %b : tensor<2xui8>, tensor<2xui8> -> tensor<2xi1>
  %1 = graph.cast %a : tensor<2xui8> -> tensor<2xf32>
  %2 = graph.div %a, %b : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %d = graph.constant dense<[1.25, 5.0e299]> : tensor<2xf64>
  %3 = graph.add %d, %d : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
  %e = graph.constant dense<[-32768, -7]> : tensor<2xi16>
  %4 = graph.mul %e, %e : tensor<2xi16>, tensor<2xi16> -> tensor<2xi16>
  %5 = graph.neg %e : tensor<2xi16> -> tensor<2xi16>
  %u = graph.constant dense<[18446744073709551615, 1]> : tensor<2xui64>
  %v = graph.constant dense<[2, 2]> : tensor<2xui64>
  %6 = graph.greater %u, %v : tensor<2xui64>, tensor<2xui64> -> tensor<2xi1>
  return %0, %1, %2, %3, %5, %6 : tensor<2xi1>, tensor<2xf32>, tensor<2xui8>, tensor<2xf64>, tensor<2xi16>, tensor<2xi1>
}

// -----

// The trigonometric and hyperbolic functions and their inverses (f32).
// CHECK-LABEL: func.func @trigonometric_f32
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-0.598472118, 0.841470957, 1.411200e-01]> : tensor<3xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[-0.801143586, 0.540302277, -0.989992499]> : tensor<3xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0.747022271, 1.55740774, -0.142546549]> : tensor<3xf32>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-0.848062098, 0.252680242, 0.52359879]> : tensor<3xf32>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[2.41885829, 1.31811607, 1.04719758]> : tensor<3xf32>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<[-1.190290e+00, 0.785398185, 1.24904573]> : tensor<3xf32>
// CHECK-DAG: %[[R6:.*]] = graph.constant dense<[-6.05020427, 1.17520118, 10.0178747]> : tensor<3xf32>
// CHECK-DAG: %[[R7:.*]] = graph.constant dense<[6.13228941, 1.54308069, 10.0676622]> : tensor<3xf32>
// CHECK-DAG: %[[R8:.*]] = graph.constant dense<[-1.6472311, 0.881373584, 1.81844652]> : tensor<3xf32>
// CHECK-DAG: %[[R9:.*]] = graph.constant dense<[0.000000e+00, 0.962423622, 1.76274717]> : tensor<3xf32>
// CHECK-DAG: %[[R10:.*]] = graph.constant dense<[-0.972955048, 0.255412817, 0.549306154]> : tensor<3xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[R8]], %[[R9]], %[[R10]]
func.func @trigonometric_f32() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %x = graph.constant dense<[-0.75, 0.25, 0.5]> : tensor<3xf32>
  %y = graph.constant dense<[-2.5, 1.0, 3.0]> : tensor<3xf32>
  %z = graph.constant dense<[1.0, 1.5, 3.0]> : tensor<3xf32>
  %0 = graph.sin %y : tensor<3xf32> -> tensor<3xf32>
  %1 = graph.cos %y : tensor<3xf32> -> tensor<3xf32>
  %2 = graph.tan %y : tensor<3xf32> -> tensor<3xf32>
  %3 = graph.asin %x : tensor<3xf32> -> tensor<3xf32>
  %4 = graph.acos %x : tensor<3xf32> -> tensor<3xf32>
  %5 = graph.atan %y : tensor<3xf32> -> tensor<3xf32>
  %6 = graph.sinh %y : tensor<3xf32> -> tensor<3xf32>
  %7 = graph.cosh %y : tensor<3xf32> -> tensor<3xf32>
  %8 = graph.asinh %y : tensor<3xf32> -> tensor<3xf32>
  %9 = graph.acosh %z : tensor<3xf32> -> tensor<3xf32>
  %10 = graph.atanh %x : tensor<3xf32> -> tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// At and beyond the edges of the domains: asin(+-1) = +-pi/2, atanh(+-1) =
// +-inf, NaN outside (whose sign libm chooses, hence either), acosh(1) = 0.
// CHECK-LABEL: func.func @trigonometric_domain
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-1.57079637, 1.57079637, 0x{{7F|FF}}C00000, 0x{{7F|FF}}C00000]> : tensor<4xf32>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[0xFF800000, 0x7F800000, 0x{{7F|FF}}C00000, 0x{{7F|FF}}C00000]> : tensor<4xf32>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0x{{7F|FF}}C00000, 0.000000e+00, 0x7F800000, 0x{{7F|FF}}C00000]> : tensor<4xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @trigonometric_domain() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = graph.constant dense<[-1.0, 1.0, 2.0, 0x7FC00000]> : tensor<4xf32>
  %z = graph.constant dense<[0.5, 1.0, 0x7F800000, -0.0]> : tensor<4xf32>
  %0 = graph.asin %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.atanh %x : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.acosh %z : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// f16 and bf16 round the double result once; f64 keeps it.
// CHECK-LABEL: func.func @trigonometric_narrow
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-6.050780e+00, 1.174800e+00, 1.001560e+01]> : tensor<3xf16>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[-8.007810e-01, 5.390630e-01, -9.882810e-01]> : tensor<3xbf16>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[-1.1902899496825317, 0.78539816339744828, 1.2490457723982544]> : tensor<3xf64>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-1.6472311463710958, 0.88137358701954305, 1.8184464592320668]> : tensor<3xf64>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @trigonometric_narrow() -> (tensor<3xf16>, tensor<3xbf16>, tensor<3xf64>, tensor<3xf64>) {
  %h = graph.constant dense<[-2.5, 1.0, 3.0]> : tensor<3xf16>
  %b = graph.constant dense<[-2.5, 1.0, 3.0]> : tensor<3xbf16>
  %d = graph.constant dense<[-2.5, 1.0, 3.0]> : tensor<3xf64>
  %0 = graph.sinh %h : tensor<3xf16> -> tensor<3xf16>
  %1 = graph.cos %b : tensor<3xbf16> -> tensor<3xbf16>
  %2 = graph.atan %d : tensor<3xf64> -> tensor<3xf64>
  %3 = graph.asinh %d : tensor<3xf64> -> tensor<3xf64>
  return %0, %1, %2, %3 : tensor<3xf16>, tensor<3xbf16>, tensor<3xf64>, tensor<3xf64>
}

// -----

// On integers the logic ops are bitwise; unsigned values fold too (the
// bits do not depend on the signedness).
// CHECK-LABEL: func.func @bitwise_int
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[-128, 15, 0, 17, 0]> : tensor<5xi8>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[-1, -1, -86, 119, -1]> : tensor<5xi8>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[127, -16, -86, 102, -1]> : tensor<5xi8>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[127, 0, -1, -86, -128]> : tensor<5xi8>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<[240, 0, 15, 0]> : tensor<4xui8>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<[255, 255, 255, 1]> : tensor<4xui8>
// CHECK-DAG: %[[R6:.*]] = graph.constant dense<[15, 255, 240, 1]> : tensor<4xui8>
// CHECK-DAG: %[[R7:.*]] = graph.constant dense<[0, 85, 240, 254]> : tensor<4xui8>
// CHECK-DAG: %[[R8:.*]] = graph.constant dense<[9223372036854775807, -6148914691236517206]> : tensor<2xi64>
// CHECK-DAG: %[[R9:.*]] = graph.constant dense<[6148914691236517205, 9223372036854775809]> : tensor<2xui64>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[R8]], %[[R9]]
func.func @bitwise_int() -> (tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<2xi64>, tensor<2xui64>) {
  %a = graph.constant dense<[-128, -1, 0, 85, 127]> : tensor<5xi8>
  %b = graph.constant dense<[-1, 15, -86, 51, -128]> : tensor<5xi8>
  %0 = graph.and %a, %b : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %1 = graph.or %a, %b : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %2 = graph.xor %a, %b : tensor<5xi8>, tensor<5xi8> -> tensor<5xi8>
  %3 = graph.not %a : tensor<5xi8> -> tensor<5xi8>
  %u = graph.constant dense<[255, 170, 15, 1]> : tensor<4xui8>
  %v = graph.constant dense<[240, 85, 255, 0]> : tensor<4xui8>
  %4 = graph.and %u, %v : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %5 = graph.or %u, %v : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %6 = graph.xor %u, %v : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %7 = graph.not %u : tensor<4xui8> -> tensor<4xui8>
  %l = graph.constant dense<[-9223372036854775808, 6148914691236517205]> : tensor<2xi64>
  %8 = graph.not %l : tensor<2xi64> -> tensor<2xi64>
  %w = graph.constant dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>
  %w2 = graph.constant dense<[12297829382473034410, 1]> : tensor<2xui64>
  %9 = graph.xor %w, %w2 : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<2xi64>, tensor<2xui64>
}

// -----

// Shifts: amounts of the width or more (a negative signed one included:
// it reads as unsigned) give 0, or -1 for a negative value shifted right;
// unsigned right shifts are logical, signed ones arithmetic.
// CHECK-LABEL: func.func @shifts
// CHECK-DAG: %[[R0:.*]] = graph.constant dense<[254, 128, 0, 0, 0, 170]> : tensor<6xui8>
// CHECK-DAG: %[[R1:.*]] = graph.constant dense<[127, 1, 0, 0, 0, 170]> : tensor<6xui8>
// CHECK-DAG: %[[R2:.*]] = graph.constant dense<[0, -128, 0, 0, 0, 0]> : tensor<6xi8>
// CHECK-DAG: %[[R3:.*]] = graph.constant dense<[-64, -1, 0, -1, 8, -1]> : tensor<6xi8>
// CHECK-DAG: %[[R4:.*]] = graph.constant dense<{{\[\[}}65520, 32768, 0], [9024, 0, 0]]> : tensor<2x3xui16>
// CHECK-DAG: %[[R5:.*]] = graph.constant dense<[18446744073709551614, 9223372036854775808, 0, 0]> : tensor<4xui64>
// CHECK-DAG: %[[R6:.*]] = graph.constant dense<[9223372036854775807, 1, 0, 0]> : tensor<4xui64>
// CHECK-DAG: %[[R7:.*]] = graph.constant dense<[-1, 536870912, -1]> : tensor<3xi32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]]
func.func @shifts() -> (tensor<6xui8>, tensor<6xui8>, tensor<6xi8>, tensor<6xi8>, tensor<2x3xui16>, tensor<4xui64>, tensor<4xui64>, tensor<3xi32>) {
  %u = graph.constant dense<[255, 129, 1, 200, 15, 170]> : tensor<6xui8>
  %n = graph.constant dense<[1, 7, 8, 9, 255, 0]> : tensor<6xui8>
  %0 = graph.shift_left %u, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %1 = graph.shift_right %u, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %s = graph.constant dense<[-128, -1, 100, -7, 64, -100]> : tensor<6xi8>
  %m = graph.constant dense<[1, 7, 8, -1, 3, 100]> : tensor<6xi8>
  %2 = graph.shift_left %s, %m : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %3 = graph.shift_right %s, %m : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %h = graph.constant dense<[[65535], [4660]]> : tensor<2x1xui16>
  %k = graph.constant dense<[4, 15, 16]> : tensor<3xui16>
  %4 = graph.shift_left %h, %k : tensor<2x1xui16>, tensor<3xui16> -> tensor<2x3xui16>
  %w = graph.constant dense<[18446744073709551615, 9223372036854775809, 1, 12345]> : tensor<4xui64>
  %p = graph.constant dense<[1, 63, 64, 18446744073709551615]> : tensor<4xui64>
  %5 = graph.shift_left %w, %p : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  %6 = graph.shift_right %w, %p : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  %i = graph.constant dense<[-2147483648, 1073741824, -5]> : tensor<3xi32>
  %q = graph.constant dense<[31, 1, 32]> : tensor<3xi32>
  %7 = graph.shift_right %i, %q : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<6xui8>, tensor<6xui8>, tensor<6xi8>, tensor<6xi8>, tensor<2x3xui16>, tensor<4xui64>, tensor<4xui64>, tensor<3xi32>
}
