// Round trip of the elementwise ops: custom form, generic form and MLIR
// bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @unary_float
func.func @unary_float(%x: tensor<?x4xf32>, %h: tensor<2x?xf16>, %b: tensor<bf16>) {
  // CHECK: graph.neg %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %0 = graph.neg %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.abs %{{.*}} : tensor<2x?xf16> -> tensor<2x?xf16>
  %1 = graph.abs %h : tensor<2x?xf16> -> tensor<2x?xf16>
  // CHECK: graph.exp %{{.*}} : tensor<bf16> -> tensor<bf16>
  %2 = graph.exp %b : tensor<bf16> -> tensor<bf16>
  // CHECK: graph.log %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = graph.log %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.sqrt %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %4 = graph.sqrt %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.rsqrt %{{.*}} : tensor<2x?xf16> -> tensor<2x?xf16>
  %5 = graph.rsqrt %h : tensor<2x?xf16> -> tensor<2x?xf16>
  // CHECK: graph.reciprocal %{{.*}} : tensor<bf16> -> tensor<bf16>
  %6 = graph.reciprocal %b : tensor<bf16> -> tensor<bf16>
  // CHECK: graph.tanh %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %7 = graph.tanh %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.sigmoid %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %8 = graph.sigmoid %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.relu %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %9 = graph.relu %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.erf %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %10 = graph.erf %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.floor %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %11 = graph.floor %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.ceil %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %12 = graph.ceil %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.round %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %13 = graph.round %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.sign %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %14 = graph.sign %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // A declared result less refined than the inferred one.
  // CHECK: graph.neg %{{.*}} : tensor<?x4xf32> -> tensor<?x?xf32>
  %15 = graph.neg %x : tensor<?x4xf32> -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @unary_int_bool
func.func @unary_int_bool(%i: tensor<3xi64>, %j: tensor<?xi32>, %k: tensor<2x2xi8>, %p: tensor<?x2xi1>) {
  // CHECK: graph.neg %{{.*}} : tensor<3xi64> -> tensor<3xi64>
  %0 = graph.neg %i : tensor<3xi64> -> tensor<3xi64>
  // CHECK: graph.abs %{{.*}} : tensor<?xi32> -> tensor<?xi32>
  %1 = graph.abs %j : tensor<?xi32> -> tensor<?xi32>
  // CHECK: graph.relu %{{.*}} : tensor<2x2xi8> -> tensor<2x2xi8>
  %2 = graph.relu %k : tensor<2x2xi8> -> tensor<2x2xi8>
  // CHECK: graph.sign %{{.*}} : tensor<3xi64> -> tensor<3xi64>
  %3 = graph.sign %i : tensor<3xi64> -> tensor<3xi64>
  // CHECK: graph.not %{{.*}} : tensor<?x2xi1> -> tensor<?x2xi1>
  %4 = graph.not %p : tensor<?x2xi1> -> tensor<?x2xi1>
  return
}

// CHECK-LABEL: func.func @unary_trigonometric
func.func @unary_trigonometric(%x: tensor<?x4xf32>, %h: tensor<2x?xf16>, %b: tensor<bf16>, %d: tensor<3xf64>) {
  // CHECK: graph.sin %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %0 = graph.sin %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.cos %{{.*}} : tensor<2x?xf16> -> tensor<2x?xf16>
  %1 = graph.cos %h : tensor<2x?xf16> -> tensor<2x?xf16>
  // CHECK: graph.tan %{{.*}} : tensor<bf16> -> tensor<bf16>
  %2 = graph.tan %b : tensor<bf16> -> tensor<bf16>
  // CHECK: graph.asin %{{.*}} : tensor<3xf64> -> tensor<3xf64>
  %3 = graph.asin %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK: graph.acos %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %4 = graph.acos %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.atan %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %5 = graph.atan %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.sinh %{{.*}} : tensor<2x?xf16> -> tensor<2x?xf16>
  %6 = graph.sinh %h : tensor<2x?xf16> -> tensor<2x?xf16>
  // CHECK: graph.cosh %{{.*}} : tensor<bf16> -> tensor<bf16>
  %7 = graph.cosh %b : tensor<bf16> -> tensor<bf16>
  // CHECK: graph.asinh %{{.*}} : tensor<3xf64> -> tensor<3xf64>
  %8 = graph.asinh %d : tensor<3xf64> -> tensor<3xf64>
  // CHECK: graph.acosh %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %9 = graph.acosh %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.atanh %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %10 = graph.atanh %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // A declared result less refined than the inferred one.
  // CHECK: graph.sin %{{.*}} : tensor<?x4xf32> -> tensor<?x?xf32>
  %11 = graph.sin %x : tensor<?x4xf32> -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @unary_attrs
func.func @unary_attrs(%x: tensor<?x4xf32>, %i: tensor<3xi32>) {
  // CHECK: graph.leaky_relu %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %0 = graph.leaky_relu %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.leaky_relu %{{.*}} {alpha = 2.000000e-01 : f32} : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = graph.leaky_relu %x {alpha = 0.2 : f32} : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.gelu %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = graph.gelu %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.gelu %{{.*}} {approximate = #graph.gelu_approximation<tanh>} : tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = graph.gelu %x {approximate = #graph.gelu_approximation<tanh>} : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.clip %{{.*}} : tensor<?x4xf32> -> tensor<?x4xf32>
  %4 = graph.clip %x : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.clip %{{.*}} {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<?x4xf32> -> tensor<?x4xf32>
  %5 = graph.clip %x {min = 0.0, max = 6.0} : tensor<?x4xf32> -> tensor<?x4xf32>
  // CHECK: graph.clip %{{.*}} {min = -3.000000e+00 : f64} : tensor<3xi32> -> tensor<3xi32>
  %6 = graph.clip %i {min = -3.0} : tensor<3xi32> -> tensor<3xi32>
  // CHECK: graph.clip %{{.*}} {max = 3.000000e+00 : f64} : tensor<3xi32> -> tensor<3xi32>
  %7 = graph.clip %i {max = 3.0} : tensor<3xi32> -> tensor<3xi32>
  return
}

// CHECK-LABEL: func.func @cast
func.func @cast(%x: tensor<?x4xi64>, %f: tensor<2xf32>, %p: tensor<2xi1>) {
  // CHECK: graph.cast %{{.*}} : tensor<?x4xi64> -> tensor<?x4xf32>
  %0 = graph.cast %x : tensor<?x4xi64> -> tensor<?x4xf32>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<2xi1>
  %1 = graph.cast %f : tensor<2xf32> -> tensor<2xi1>
  // CHECK: graph.cast %{{.*}} : tensor<2xi1> -> tensor<?xbf16>
  %2 = graph.cast %p : tensor<2xi1> -> tensor<?xbf16>
  // CHECK: graph.cast %{{.*}} : tensor<?x4xi64> -> tensor<3x4xi8>
  %3 = graph.cast %x : tensor<?x4xi64> -> tensor<3x4xi8>
  // CHECK: graph.cast %{{.*}} : tensor<2xf32> -> tensor<2xf16>
  %4 = graph.cast %f : tensor<2xf32> -> tensor<2xf16>
  return
}

// CHECK-LABEL: func.func @binary_arith
func.func @binary_arith(%a: tensor<?x768xf32>, %b: tensor<768xf32>, %h: tensor<2x1xf16>, %g: tensor<1x3xf16>) {
  // CHECK: graph.add %{{.*}}, %{{.*}} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  %0 = graph.add %a, %b : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  // CHECK: graph.sub %{{.*}}, %{{.*}} : tensor<768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  %1 = graph.sub %b, %a : tensor<768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  // CHECK: graph.mul %{{.*}}, %{{.*}} : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<2x3xf16>
  %2 = graph.mul %h, %g : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<2x3xf16>
  // CHECK: graph.div %{{.*}}, %{{.*}} : tensor<?x768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  %3 = graph.div %a, %a : tensor<?x768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  // CHECK: graph.pow %{{.*}}, %{{.*}} : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<2x3xf16>
  %4 = graph.pow %h, %g : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<2x3xf16>
  // CHECK: graph.max %{{.*}}, %{{.*}} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  %5 = graph.max %a, %b : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  // CHECK: graph.min %{{.*}}, %{{.*}} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  %6 = graph.min %a, %b : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  // CHECK: graph.mod %{{.*}}, %{{.*}} {fmod = true} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  %7 = graph.mod %a, %b {fmod = true} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  // A declared result less refined than the inferred one.
  // CHECK: graph.mul %{{.*}}, %{{.*}} : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<?x?xf16>
  %8 = graph.mul %h, %g : tensor<2x1xf16>, tensor<1x3xf16> -> tensor<?x?xf16>
  return
}

// CHECK-LABEL: func.func @binary_int
func.func @binary_int(%a: tensor<4xi64>, %b: tensor<i64>, %c: tensor<?xi32>, %d: tensor<2x?xi8>) {
  // CHECK: graph.add %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  %0 = graph.add %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  // CHECK: graph.mod %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  %1 = graph.mod %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  // CHECK: graph.mod %{{.*}}, %{{.*}} {fmod = true} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  %2 = graph.mod %c, %c {fmod = true} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  // CHECK: graph.div %{{.*}}, %{{.*}} : tensor<2x?xi8>, tensor<2x?xi8> -> tensor<2x?xi8>
  %3 = graph.div %d, %d : tensor<2x?xi8>, tensor<2x?xi8> -> tensor<2x?xi8>
  return
}

// CHECK-LABEL: func.func @logic
func.func @logic(%p: tensor<?x4xi1>, %q: tensor<4xi1>) {
  // CHECK: graph.and %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %0 = graph.and %p, %q : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  // CHECK: graph.or %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %1 = graph.or %p, %q : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  // CHECK: graph.xor %{{.*}}, %{{.*}} : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %2 = graph.xor %p, %q : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  return
}

// The logic ops are bitwise on integers, signed and unsigned.
// CHECK-LABEL: func.func @bitwise
func.func @bitwise(%a: tensor<?x4xi32>, %b: tensor<4xi32>, %u: tensor<3xui8>, %v: tensor<ui8>, %w: tensor<2xui64>, %s: tensor<2x?xi16>) {
  // CHECK: graph.and %{{.*}}, %{{.*}} : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  %0 = graph.and %a, %b : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  // CHECK: graph.or %{{.*}}, %{{.*}} : tensor<3xui8>, tensor<ui8> -> tensor<3xui8>
  %1 = graph.or %u, %v : tensor<3xui8>, tensor<ui8> -> tensor<3xui8>
  // CHECK: graph.xor %{{.*}}, %{{.*}} : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  %2 = graph.xor %w, %w : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  // CHECK: graph.not %{{.*}} : tensor<2x?xi16> -> tensor<2x?xi16>
  %3 = graph.not %s : tensor<2x?xi16> -> tensor<2x?xi16>
  // CHECK: graph.not %{{.*}} : tensor<3xui8> -> tensor<3xui8>
  %4 = graph.not %u : tensor<3xui8> -> tensor<3xui8>
  // CHECK: graph.shift_left %{{.*}}, %{{.*}} : tensor<3xui8>, tensor<ui8> -> tensor<3xui8>
  %5 = graph.shift_left %u, %v : tensor<3xui8>, tensor<ui8> -> tensor<3xui8>
  // CHECK: graph.shift_right %{{.*}}, %{{.*}} : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  %6 = graph.shift_right %w, %w : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  // CHECK: graph.shift_right %{{.*}}, %{{.*}} : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  %7 = graph.shift_right %a, %b : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  // CHECK: graph.shift_left %{{.*}}, %{{.*}} : tensor<4xi32>, tensor<?x4xi32> -> tensor<?x?xi32>
  %8 = graph.shift_left %b, %a : tensor<4xi32>, tensor<?x4xi32> -> tensor<?x?xi32>
  return
}

// CHECK-LABEL: func.func @compare
func.func @compare(%a: tensor<4xi64>, %b: tensor<i64>, %x: tensor<?x3xbf16>, %y: tensor<1x3xbf16>, %p: tensor<2xi1>) {
  // CHECK: graph.equal %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  %0 = graph.equal %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  // CHECK: graph.equal %{{.*}}, %{{.*}} : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  %1 = graph.equal %p, %p : tensor<2xi1>, tensor<2xi1> -> tensor<2xi1>
  // CHECK: graph.less %{{.*}}, %{{.*}} : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  %2 = graph.less %x, %y : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  // CHECK: graph.less_equal %{{.*}}, %{{.*}} : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  %3 = graph.less_equal %x, %y : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  // CHECK: graph.greater %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  %4 = graph.greater %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  // CHECK: graph.greater_equal %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  %5 = graph.greater_equal %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
  return
}

// CHECK-LABEL: func.func @select
func.func @select(%m: tensor<1x1x?x?xi1>, %x: tensor<1x12x?x?xf32>, %f: tensor<f32>, %i: tensor<3xi8>, %c: tensor<i1>) {
  // CHECK: graph.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x1x?x?xi1>, tensor<1x12x?x?xf32>, tensor<f32> -> tensor<1x12x?x?xf32>
  %0 = graph.select %m, %x, %f : tensor<1x1x?x?xi1>, tensor<1x12x?x?xf32>, tensor<f32> -> tensor<1x12x?x?xf32>
  // CHECK: graph.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %1 = graph.select %c, %i, %i : tensor<i1>, tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  return
}

// Large but countable sizes are fine: INT64_MAX elements, or 0 elements.
// CHECK-LABEL: func.func @large_sizes
func.func @large_sizes(%x: tensor<9223372036854775807xf32>, %z: tensor<0x9223372036854775807x4xf32>) {
  // CHECK: graph.add %{{.*}}, %{{.*}} : tensor<9223372036854775807xf32>, tensor<9223372036854775807xf32> -> tensor<9223372036854775807xf32>
  %0 = graph.add %x, %x : tensor<9223372036854775807xf32>, tensor<9223372036854775807xf32> -> tensor<9223372036854775807xf32>
  // CHECK: graph.neg %{{.*}} : tensor<0x9223372036854775807x4xf32> -> tensor<0x9223372036854775807x4xf32>
  %1 = graph.neg %z : tensor<0x9223372036854775807x4xf32> -> tensor<0x9223372036854775807x4xf32>
  return
}
