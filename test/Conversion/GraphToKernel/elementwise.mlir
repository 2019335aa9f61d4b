// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// Broadcasting is expressed in the indexing maps: a lower-rank operand drops
// the leading dims; a `?` result dim comes from reification.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<?x4xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = tensor.dim %[[A]], %[[C0]] : tensor<?x4xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?x4xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<?x4xf32>, tensor<4xf32>)
// CHECK-SAME: outs(%[[EMPTY]] : tensor<?x4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[SUM:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:   linalg.yield %[[SUM]] : f32
// CHECK: return %[[R]]
func.func @add_broadcast(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = graph.add %a, %b : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Static size-1 dims facing larger result dims read index 0.

// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @add_size_one_dims
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x4xi32>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$A]], #[[$B]], #[[$ID3]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%[[EMPTY]] : tensor<2x3x4xi32>)
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
func.func @add_size_one_dims(%a: tensor<2x1x4xi32>, %b: tensor<3x1xi32>) -> tensor<2x3x4xi32> {
  %0 = graph.add %a, %b : tensor<2x1x4xi32>, tensor<3x1xi32> -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}

// -----

// A rank-0 operand maps to ().

// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @sub_scalar
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$SCALAR]], #[[$ID2]], #[[$ID2]]]
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.subf %[[X]], %[[Y]] : f32
func.func @sub_scalar(%a: tensor<f32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = graph.sub %a, %b : tensor<f32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A static 1 facing a `?` result dim reads index 0; a `?` operand dim is
// assumed to equal the result dim. The result sizes are the reified
// broadcast sizes.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @mul_dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<1x?xf32>)
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x?xf32>
// CHECK-DAG: %[[SEL:.*]] = arith.select
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[D0]], %[[SEL]]) : tensor<?x?xf32>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$ROW]], #[[$ID2]]]
// CHECK-SAME: outs(%[[EMPTY]] : tensor<?x?xf32>)
// CHECK: arith.mulf
func.func @mul_dynamic(%a: tensor<?x?xf32>, %b: tensor<1x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.mul %a, %b : tensor<?x?xf32>, tensor<1x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// select broadcasts all three operands.

// CHECK-DAG: #[[$COND:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
// CHECK-DAG: #[[$ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0, d1, d2, d3) -> ()>
// CHECK-LABEL: func.func @select
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) : tensor<1x12x?x?xf32>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$COND]], #[[$ID4]], #[[$SCALAR]], #[[$ID4]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK: ^bb0(%[[C:.*]]: i1, %[[T:.*]]: f32, %[[F:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[T]], %[[F]] : f32
// CHECK: linalg.yield %[[R]] : f32
func.func @select(%c: tensor<1x1x?x?xi1>, %x: tensor<1x12x?x?xf32>, %y: tensor<f32>) -> tensor<1x12x?x?xf32> {
  %0 = graph.select %c, %x, %y : tensor<1x1x?x?xi1>, tensor<1x12x?x?xf32>, tensor<f32> -> tensor<1x12x?x?xf32>
  return %0 : tensor<1x12x?x?xf32>
}

// -----

// Integer division by a divisor made safe (1 for 0 and -1), then selects
// for x / 0 = 0 and x / -1 = -x (wrapping): no element traps.
// CHECK-LABEL: func.func @div
// CHECK: linalg.generic
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: i64, %[[Y:.*]]: i64, %{{.*}}: i64):
// CHECK:   %[[IS0:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i64
// CHECK:   %[[ISM1:.*]] = arith.cmpi eq, %[[Y]], %{{.*}} : i64
// CHECK:   %[[UNSAFE:.*]] = arith.ori %[[IS0]], %[[ISM1]] : i1
// CHECK:   %[[SAFE:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[Y]] : i64
// CHECK:   %[[Q:.*]] = arith.divsi %[[X]], %[[SAFE]] : i64
// CHECK:   %[[NEG:.*]] = arith.subi %{{.*}}, %[[X]] : i64
// CHECK:   %[[Q1:.*]] = arith.select %[[ISM1]], %[[NEG]], %[[Q]] : i64
// CHECK:   arith.select %[[IS0]], %{{.*}}, %[[Q1]] : i64
func.func @div(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi64>, %d: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = graph.div %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = graph.div %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
  return %0, %1 : tensor<4xf32>, tensor<4xi64>
}

// -----

// Integer mod: remsi with a -1 or 0 divisor replaced by 1 (remainder 0);
// without fmod the remainder takes the divisor's sign. Float mod is fmod
// (remf).

// CHECK-LABEL: func.func @mod
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG:   %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG:   %[[IS0:.*]] = arith.cmpi eq, %[[Y]], %c0{{.*}} : i32
// CHECK-DAG:   %[[ISM1:.*]] = arith.cmpi eq, %[[Y]], %[[M1]] : i32
// CHECK:   %[[UNSAFE:.*]] = arith.ori %[[IS0]], %[[ISM1]] : i1
// CHECK:   %[[DIV:.*]] = arith.select %[[UNSAFE]], %[[ONE]], %[[Y]] : i32
// CHECK:   %[[REM:.*]] = arith.remsi %[[X]], %[[DIV]] : i32
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:   %[[RNEG:.*]] = arith.cmpi slt, %[[REM]], %[[ZERO]] : i32
// CHECK:   %[[YNEG:.*]] = arith.cmpi slt, %[[Y]], %[[ZERO]] : i32
// CHECK:   %[[DIFF:.*]] = arith.xori %[[RNEG]], %[[YNEG]] : i1
// CHECK:   %[[NZ:.*]] = arith.cmpi ne, %[[REM]], %[[ZERO]] : i32
// CHECK:   %[[ADJ:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK:   %[[ADD:.*]] = arith.addi %[[REM]], %[[Y]] : i32
// CHECK:   %[[RES:.*]] = arith.select %[[ADJ]], %[[ADD]], %[[REM]] : i32
// CHECK:   linalg.yield %[[RES]] : i32
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X2:.*]]: i32, %[[Y2:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[DIV2:.*]] = arith.select
// CHECK:   %[[REM2:.*]] = arith.remsi %[[X2]], %[[DIV2]] : i32
// CHECK-NEXT: linalg.yield %[[REM2]] : i32
// CHECK: linalg.generic
// CHECK: %[[FREM:.*]] = arith.remf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: linalg.yield %[[FREM]] : f32
func.func @mod(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = graph.mod %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %1 = graph.mod %a, %b {fmod = true} : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %2 = graph.mod %c, %d {fmod = true} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// Float max/min propagate NaN (maximumf/minimumf); integers are signed. pow
// of 16-bit floats runs in f32.

// CHECK-LABEL: func.func @max_min_pow
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f16
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f16
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i8
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i8
// CHECK: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %{{.*}}: f16):
// CHECK:   %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK:   %[[YW:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK:   %[[P:.*]] = math.powf %[[XW]], %[[YW]] : f32
// CHECK:   %[[PN:.*]] = arith.truncf %[[P]] : f32 to f16
// CHECK:   linalg.yield %[[PN]] : f16
func.func @max_min_pow(%a: tensor<4xf16>, %b: tensor<4xf16>, %c: tensor<4xi8>, %d: tensor<4xi8>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xi8>, tensor<4xi8>, tensor<4xf16>) {
  %0 = graph.max %a, %b : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %1 = graph.min %a, %b : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  %2 = graph.max %c, %d : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %3 = graph.min %c, %d : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %4 = graph.pow %a, %b : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  return %0, %1, %2, %3, %4 : tensor<4xf16>, tensor<4xf16>, tensor<4xi8>, tensor<4xi8>, tensor<4xf16>
}

// -----

// Integer pow: one select of a product per exponent bit (no branches), then
// the negative-exponent cases; unsigned operands skip those.
// CHECK-LABEL: func.func @int_pow
// CHECK: ^bb0(%[[B:.*]]: i8, %[[E:.*]]: i8, %{{.*}}: i8):
// CHECK-COUNT-8: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i8
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[E]], %{{.*}} : i8
// CHECK: %[[R:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : i8
// CHECK: linalg.yield %[[R]] : i8
// CHECK: ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i8):
// CHECK-COUNT-8: arith.select
// CHECK-NOT: arith.cmpi slt
// CHECK: linalg.yield
func.func @int_pow(%a: tensor<4xi8>, %b: tensor<4xi8>, %c: tensor<4xui8>, %d: tensor<4xui8>) -> (tensor<4xi8>, tensor<4xui8>) {
  %0 = graph.pow %a, %b : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  %1 = graph.pow %c, %d : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %0, %1 : tensor<4xi8>, tensor<4xui8>
}

// -----

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @logic
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.xori %{{.*}}, %{{.*}} : i1
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]]
// CHECK: ^bb0(%[[X:.*]]: i1, %{{.*}}: i1):
// CHECK:   %[[TRUE:.*]] = arith.constant true
// CHECK:   arith.xori %[[X]], %[[TRUE]] : i1
func.func @logic(%a: tensor<?x4xi1>, %b: tensor<4xi1>) -> (tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>) {
  %0 = graph.and %a, %b : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %1 = graph.or %a, %b : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %2 = graph.xor %a, %b : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  %3 = graph.not %a : tensor<?x4xi1> -> tensor<?x4xi1>
  return %0, %1, %2, %3 : tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>, tensor<?x4xi1>
}

// -----

// Float comparisons are ordered (false on NaN); integers compare signed,
// booleans with eq.

// CHECK-LABEL: func.func @compare
// CHECK: tensor.empty() : tensor<2x4xi1>
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i1):
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf ole
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sle
// CHECK: arith.cmpi sgt
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i1
func.func @compare(%a: tensor<2x4xf32>, %b: tensor<4xf32>, %c: tensor<4xi64>, %d: tensor<4xi64>, %e: tensor<4xi1>) -> (tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = graph.equal %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xi1>
  %1 = graph.less %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xi1>
  %2 = graph.less_equal %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xi1>
  %3 = graph.greater %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xi1>
  %4 = graph.greater_equal %a, %b : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xi1>
  %5 = graph.equal %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %6 = graph.less %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %7 = graph.less_equal %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %8 = graph.greater %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %9 = graph.greater_equal %c, %d : tensor<4xi64>, tensor<4xi64> -> tensor<4xi1>
  %10 = graph.equal %e, %e : tensor<4xi1>, tensor<4xi1> -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<2x4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unary_float
// CHECK-SAME: (%[[ARG:.*]]: tensor<?x4xf32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[ARG]]
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[ARG]] : tensor<?x4xf32>) outs(%[[EMPTY]] : tensor<?x4xf32>)
// CHECK: arith.negf
// CHECK: math.absf
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: arith.divf %[[ONE]], %{{.*}} : f32
// CHECK: math.tanh
// CHECK: math.erf
// CHECK: math.floor
// CHECK: math.ceil
// CHECK: math.roundeven
func.func @unary_float(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = graph.neg %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = graph.abs %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %2 = graph.exp %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %3 = graph.log %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %4 = graph.sqrt %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %5 = graph.rsqrt %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %6 = graph.reciprocal %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %7 = graph.tanh %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %8 = graph.erf %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %9 = graph.floor %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %10 = graph.ceil %x : tensor<?x4xf32> -> tensor<?x4xf32>
  %11 = graph.round %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// Transcendental functions of 16-bit floats run in f32 and round once;
// correctly rounded operations stay in the narrow type.

// CHECK-LABEL: func.func @unary_bf16
// CHECK: ^bb0(%[[X:.*]]: bf16, %{{.*}}: bf16):
// CHECK:   %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:   %[[E:.*]] = math.exp %[[W]] : f32
// CHECK:   %[[N:.*]] = arith.truncf %[[E]] : f32 to bf16
// CHECK:   linalg.yield %[[N]] : bf16
// CHECK: ^bb0(%[[Y:.*]]: bf16, %{{.*}}: bf16):
// CHECK:   %[[S:.*]] = math.sqrt %[[Y]] : bf16
// CHECK:   linalg.yield %[[S]] : bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: math.rsqrt %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @unary_bf16(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %0 = graph.exp %x : tensor<4xbf16> -> tensor<4xbf16>
  %1 = graph.sqrt %x : tensor<4xbf16> -> tensor<4xbf16>
  %2 = graph.rsqrt %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xbf16>, tensor<4xbf16>, tensor<4xbf16>
}

// -----

// The trigonometric and hyperbolic functions are math ops, in f32 for
// 16-bit floats (extf, op, truncf) and in their own type otherwise.

// CHECK-LABEL: func.func @trigonometric
// CHECK: math.sin %{{.*}} : f32
// CHECK: math.cos %{{.*}} : f32
// CHECK: math.tan %{{.*}} : f32
// CHECK: math.asin %{{.*}} : f32
// CHECK: math.acos %{{.*}} : f32
// CHECK: math.atan %{{.*}} : f32
// CHECK: math.sinh %{{.*}} : f32
// CHECK: math.cosh %{{.*}} : f32
// CHECK: math.asinh %{{.*}} : f32
// CHECK: math.acosh %{{.*}} : f32
// CHECK: math.atanh %{{.*}} : f32
// CHECK: ^bb0(%[[H:.*]]: f16, %{{.*}}: f16):
// CHECK:   %[[HW:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK:   %[[HS:.*]] = math.sinh %[[HW]] : f32
// CHECK:   %[[HN:.*]] = arith.truncf %[[HS]] : f32 to f16
// CHECK:   linalg.yield %[[HN]] : f16
// CHECK: ^bb0(%[[B:.*]]: bf16, %{{.*}}: bf16):
// CHECK:   %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK:   %[[BS:.*]] = math.acos %[[BW]] : f32
// CHECK:   %[[BN:.*]] = arith.truncf %[[BS]] : f32 to bf16
// CHECK:   linalg.yield %[[BN]] : bf16
// CHECK: ^bb0(%[[D:.*]]: f64, %{{.*}}: f64):
// CHECK:   %[[DS:.*]] = math.tan %[[D]] : f64
// CHECK:   linalg.yield %[[DS]] : f64
func.func @trigonometric(%x: tensor<2x3xf32>, %h: tensor<4xf16>, %b: tensor<4xbf16>, %d: tensor<4xf64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>) {
  %0 = graph.sin %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = graph.cos %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = graph.tan %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = graph.asin %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %4 = graph.acos %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %5 = graph.atan %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %6 = graph.sinh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %7 = graph.cosh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %8 = graph.asinh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %9 = graph.acosh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %10 = graph.atanh %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %11 = graph.sinh %h : tensor<4xf16> -> tensor<4xf16>
  %12 = graph.acos %b : tensor<4xbf16> -> tensor<4xbf16>
  %13 = graph.tan %d : tensor<4xf64> -> tensor<4xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf16>, tensor<4xbf16>, tensor<4xf64>
}

// -----

// On integers the logic ops are bitwise: not is xor with all ones (-1),
// not `true`.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @bitwise
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.andi %{{.*}}, %{{.*}} : i32
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.ori %{{.*}}, %{{.*}} : i32
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$D1]], #[[$ID2]]]
// CHECK: arith.xori %{{.*}}, %{{.*}} : i32
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]]
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[ONES:.*]] = arith.constant -1 : i32
// CHECK:   %[[NOT:.*]] = arith.xori %[[X]], %[[ONES]] : i32
// CHECK:   linalg.yield %[[NOT]] : i32
func.func @bitwise(%a: tensor<?x4xi32>, %b: tensor<4xi32>) -> (tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>) {
  %0 = graph.and %a, %b : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  %1 = graph.or %a, %b : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  %2 = graph.xor %a, %b : tensor<?x4xi32>, tensor<4xi32> -> tensor<?x4xi32>
  %3 = graph.not %a : tensor<?x4xi32> -> tensor<?x4xi32>
  return %0, %1, %2, %3 : tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>
}

// -----

// arith's shifts are poison for amounts of the width or more: a left or
// logical right shift selects 0 there (the amount compared unsigned), an
// arithmetic one shifts by at most width - 1 (the sign fill). Right shifts
// of unsigned integers are logical, of signed ones arithmetic.

// CHECK-LABEL: func.func @shifts
// CHECK: ^bb0(%[[X:.*]]: i8, %[[N:.*]]: i8, %{{.*}}: i8):
// CHECK:   %[[W:.*]] = arith.constant 8 : i8
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[N]], %[[W]] : i8
// CHECK:   %[[SHL:.*]] = arith.shli %[[X]], %[[N]] : i8
// CHECK:   %[[Z:.*]] = arith.constant 0 : i8
// CHECK:   %[[R:.*]] = arith.select %[[IN]], %[[SHL]], %[[Z]] : i8
// CHECK:   linalg.yield %[[R]] : i8
// CHECK: ^bb0(%[[X2:.*]]: i8, %[[N2:.*]]: i8, %{{.*}}: i8):
// CHECK:   %[[W2:.*]] = arith.constant 8 : i8
// CHECK:   %[[IN2:.*]] = arith.cmpi ult, %[[N2]], %[[W2]] : i8
// CHECK:   %[[SHR:.*]] = arith.shrui %[[X2]], %[[N2]] : i8
// CHECK:   %[[Z2:.*]] = arith.constant 0 : i8
// CHECK:   %[[R2:.*]] = arith.select %[[IN2]], %[[SHR]], %[[Z2]] : i8
// CHECK:   linalg.yield %[[R2]] : i8
// CHECK: ^bb0(%[[X3:.*]]: i16, %[[N3:.*]]: i16, %{{.*}}: i16):
// CHECK:   %[[MAX:.*]] = arith.constant 15 : i16
// CHECK:   %[[C:.*]] = arith.minui %[[N3]], %[[MAX]] : i16
// CHECK:   %[[SAR:.*]] = arith.shrsi %[[X3]], %[[C]] : i16
// CHECK:   linalg.yield %[[SAR]] : i16
// CHECK: arith.cmpi ult
// CHECK: arith.shli %{{.*}}, %{{.*}} : i64
func.func @shifts(%u: tensor<4xui8>, %n: tensor<4xui8>, %s: tensor<3xi16>, %m: tensor<i16>, %l: tensor<2xi64>) -> (tensor<4xui8>, tensor<4xui8>, tensor<3xi16>, tensor<2xi64>) {
  %0 = graph.shift_left %u, %n : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %1 = graph.shift_right %u, %n : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %2 = graph.shift_right %s, %m : tensor<3xi16>, tensor<i16> -> tensor<3xi16>
  %3 = graph.shift_left %l, %l : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0, %1, %2, %3 : tensor<4xui8>, tensor<4xui8>, tensor<3xi16>, tensor<2xi64>
}

// -----

// Integer neg wraps (0 - x); abs is max(x, 0 - x) (INT_MIN stays INT_MIN);
// sign selects -1, 0 or 1.

// CHECK-LABEL: func.func @unary_int
// CHECK: ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:   arith.subi %[[ZERO]], %[[X]] : i32
// CHECK: ^bb0(%[[A:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[NEGA:.*]] = arith.subi %{{.*}}, %[[A]] : i32
// CHECK:   arith.maxsi %[[A]], %[[NEGA]] : i32
// CHECK: ^bb0(%[[Y:.*]]: i32, %{{.*}}: i32):
// CHECK:   %[[ZERO2:.*]] = arith.constant 0 : i32
// CHECK:   arith.maxsi %[[Y]], %[[ZERO2]] : i32
// CHECK: ^bb0(%[[Z:.*]]: i32, %{{.*}}: i32):
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[CM1:.*]] = arith.constant -1 : i32
// CHECK:   %[[POS:.*]] = arith.cmpi sgt, %[[Z]], %[[C0]] : i32
// CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[Z]], %[[C0]] : i32
// CHECK:   %[[S0:.*]] = arith.select %[[NEG]], %[[CM1]], %[[C0]] : i32
// CHECK:   %[[S1:.*]] = arith.select %[[POS]], %[[C1]], %[[S0]] : i32
// CHECK:   linalg.yield %[[S1]] : i32
func.func @unary_int(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = graph.neg %x : tensor<4xi32> -> tensor<4xi32>
  %1 = graph.abs %x : tensor<4xi32> -> tensor<4xi32>
  %2 = graph.relu %x : tensor<4xi32> -> tensor<4xi32>
  %3 = graph.sign %x : tensor<4xi32> -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Float relu is maximumf with 0 (NaN stays NaN, -0.0 becomes +0.0); float
// sign keeps NaN.

// CHECK-LABEL: func.func @relu_sign_float
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[R:.*]] = arith.maximumf %[[X]], %[[ZERO]] : f32
// CHECK:   linalg.yield %[[R]] : f32
// CHECK: ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:   %[[CM1:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:   %[[POS:.*]] = arith.cmpf ogt, %[[Y]], %[[C0]] : f32
// CHECK:   %[[NEG:.*]] = arith.cmpf olt, %[[Y]], %[[C0]] : f32
// CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[Y]], %[[Y]] : f32
// CHECK:   %[[S0:.*]] = arith.select %[[NAN]], %[[Y]], %[[C0]] : f32
// CHECK:   %[[S1:.*]] = arith.select %[[NEG]], %[[CM1]], %[[S0]] : f32
// CHECK:   %[[S2:.*]] = arith.select %[[POS]], %[[C1]], %[[S1]] : f32
// CHECK:   linalg.yield %[[S2]] : f32
func.func @relu_sign_float(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = graph.relu %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.sign %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @sigmoid
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:   %[[NEG:.*]] = arith.negf %[[X]] : f32
// CHECK:   %[[EXP:.*]] = math.exp %[[NEG]] : f32
// CHECK:   %[[DEN:.*]] = arith.addf %[[ONE]], %[[EXP]] : f32
// CHECK:   %[[R:.*]] = arith.divf %[[ONE]], %[[DEN]] : f32
// CHECK:   linalg.yield %[[R]] : f32
// CHECK: ^bb0(%[[H:.*]]: f16, %{{.*}}: f16):
// CHECK:   %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK:   arith.negf %[[W]] : f32
// CHECK:   %[[RW:.*]] = arith.divf
// CHECK:   %[[RN:.*]] = arith.truncf %[[RW]] : f32 to f16
// CHECK:   linalg.yield %[[RN]] : f16
func.func @sigmoid(%x: tensor<4xf32>, %h: tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = graph.sigmoid %x : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.sigmoid %h : tensor<4xf16> -> tensor<4xf16>
  return %0, %1 : tensor<4xf32>, tensor<4xf16>
}

// -----

// alpha is an f32 attribute; 16-bit floats multiply by it in f32.

// CHECK-LABEL: func.func @leaky_relu
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:   %[[ALPHA:.*]] = arith.constant 2.000000e-01 : f32
// CHECK:   %[[SCALED:.*]] = arith.mulf %[[ALPHA]], %[[X]] : f32
// CHECK:   %[[GE:.*]] = arith.cmpf oge, %[[X]], %[[ZERO]] : f32
// CHECK:   %[[R:.*]] = arith.select %[[GE]], %[[X]], %[[SCALED]] : f32
// CHECK:   linalg.yield %[[R]] : f32
// CHECK: ^bb0(%[[H:.*]]: bf16, %{{.*}}: bf16):
// CHECK:   %[[W:.*]] = arith.extf %[[H]] : bf16 to f32
// CHECK:   %[[DEFAULT:.*]] = arith.constant 0.00999999977 : f32
// CHECK:   arith.mulf %[[DEFAULT]], %[[W]] : f32
// CHECK:   %[[RW:.*]] = arith.select
// CHECK:   %[[RN:.*]] = arith.truncf %[[RW]] : f32 to bf16
// CHECK:   linalg.yield %[[RN]] : bf16
func.func @leaky_relu(%x: tensor<4xf32>, %h: tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xbf16>) {
  %0 = graph.leaky_relu %x {alpha = 0.2 : f32} : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.leaky_relu %h : tensor<4xbf16> -> tensor<4xbf16>
  return %0, %1 : tensor<4xf32>, tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @gelu
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:   %[[SQRT2:.*]] = arith.constant 1.41421354 : f32
// CHECK:   %[[SCALED:.*]] = arith.divf %[[X]], %[[SQRT2]] : f32
// CHECK:   %[[ERF:.*]] = math.erf %[[SCALED]] : f32
// CHECK:   %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:   %[[HALFX:.*]] = arith.mulf %[[HALF]], %[[X]] : f32
// CHECK:   %[[SUM:.*]] = arith.addf %[[ONE]], %[[ERF]] : f32
// CHECK:   %[[R:.*]] = arith.mulf %[[HALFX]], %[[SUM]] : f32
// CHECK:   linalg.yield %[[R]] : f32
// CHECK: ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[ONE2:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:   %[[C:.*]] = arith.constant 4.471500e-02 : f32
// CHECK:   %[[T0:.*]] = arith.mulf %[[C]], %[[Y]] : f32
// CHECK:   %[[T1:.*]] = arith.mulf %[[T0]], %[[Y]] : f32
// CHECK:   %[[T2:.*]] = arith.mulf %[[T1]], %[[Y]] : f32
// CHECK:   %[[T3:.*]] = arith.addf %[[Y]], %[[T2]] : f32
// CHECK:   %[[K:.*]] = arith.constant 0.797884583 : f32
// CHECK:   %[[T4:.*]] = arith.mulf %[[K]], %[[T3]] : f32
// CHECK:   %[[TANH:.*]] = math.tanh %[[T4]] : f32
// CHECK:   %[[HALF2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:   %[[HALFY:.*]] = arith.mulf %[[HALF2]], %[[Y]] : f32
// CHECK:   %[[SUM2:.*]] = arith.addf %[[ONE2]], %[[TANH]] : f32
// CHECK:   %[[R2:.*]] = arith.mulf %[[HALFY]], %[[SUM2]] : f32
// CHECK:   linalg.yield %[[R2]] : f32
func.func @gelu(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %0 = graph.gelu %x : tensor<?x8xf32> -> tensor<?x8xf32>
  %1 = graph.gelu %x {approximate = #graph.gelu_approximation<tanh>} : tensor<?x8xf32> -> tensor<?x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Only the given bounds clamp.

// CHECK-LABEL: func.func @clip
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[LO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[A:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK:   %[[HI:.*]] = arith.constant 6.000000e+00 : f32
// CHECK:   %[[B:.*]] = arith.minimumf %[[A]], %[[HI]] : f32
// CHECK:   linalg.yield %[[B]] : f32
// CHECK: ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[HI2:.*]] = arith.constant 1.500000e+00 : f32
// CHECK:   %[[C:.*]] = arith.minimumf %[[Y]], %[[HI2]] : f32
// CHECK:   linalg.yield %[[C]] : f32
// CHECK: ^bb0(%[[I:.*]]: i8, %{{.*}}: i8):
// CHECK:   %[[LO3:.*]] = arith.constant -3 : i8
// CHECK:   %[[D:.*]] = arith.maxsi %[[I]], %[[LO3]] : i8
// CHECK:   linalg.yield %[[D]] : i8
func.func @clip(%x: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi8>) {
  %0 = graph.clip %x {min = 0.0, max = 6.0} : tensor<4xf32> -> tensor<4xf32>
  %1 = graph.clip %x {max = 1.5} : tensor<4xf32> -> tensor<4xf32>
  %2 = graph.clip %i {min = -3.0} : tensor<4xi8> -> tensor<4xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xi8>
}

// -----

// Casts from floats: round to nearest, f16 <-> bf16 through f32, truncate
// toward zero to integers, non-zero (NaN included) is true.

// CHECK-LABEL: func.func @cast_from_float
// CHECK: tensor.empty(%{{.*}}) : tensor<?x4xf16>
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: ^bb0(%[[H:.*]]: f16, %{{.*}}: bf16):
// CHECK:   %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK:   %[[B:.*]] = arith.truncf %[[W]] : f32 to bf16
// CHECK:   linalg.yield %[[B]] : bf16
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: ^bb0(%[[F:.*]]: f32, %{{.*}}: i1):
// CHECK:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[NZ:.*]] = arith.cmpf une, %[[F]], %[[ZERO]] : f32
// CHECK:   linalg.yield %[[NZ]] : i1
func.func @cast_from_float(%f: tensor<?x4xf32>, %h: tensor<4xf16>) -> (tensor<?x4xf16>, tensor<4xf32>, tensor<4xbf16>, tensor<?x4xi32>, tensor<?x4xi1>) {
  %0 = graph.cast %f : tensor<?x4xf32> -> tensor<?x4xf16>
  %1 = graph.cast %h : tensor<4xf16> -> tensor<4xf32>
  %2 = graph.cast %h : tensor<4xf16> -> tensor<4xbf16>
  %3 = graph.cast %f : tensor<?x4xf32> -> tensor<?x4xi32>
  %4 = graph.cast %f : tensor<?x4xf32> -> tensor<?x4xi1>
  return %0, %1, %2, %3, %4 : tensor<?x4xf16>, tensor<4xf32>, tensor<4xbf16>, tensor<?x4xi32>, tensor<?x4xi1>
}

// -----

// Casts from integers are signed; i1 converts as 0 or 1.

// CHECK-LABEL: func.func @cast_from_int
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK: ^bb0(%[[I:.*]]: i64, %{{.*}}: i1):
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:   %[[NZ:.*]] = arith.cmpi ne, %[[I]], %[[ZERO]] : i64
// CHECK:   linalg.yield %[[NZ]] : i1
// CHECK: arith.uitofp %{{.*}} : i1 to f16
// CHECK: arith.extui %{{.*}} : i1 to i32
func.func @cast_from_int(%i: tensor<4xi64>, %b: tensor<4xi1>, %s: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>, tensor<4xf16>, tensor<4xi32>) {
  %0 = graph.cast %i : tensor<4xi64> -> tensor<4xf32>
  %1 = graph.cast %i : tensor<4xi64> -> tensor<4xi8>
  %2 = graph.cast %s : tensor<4xi8> -> tensor<4xi64>
  %3 = graph.cast %i : tensor<4xi64> -> tensor<4xi1>
  %4 = graph.cast %b : tensor<4xi1> -> tensor<4xf16>
  %5 = graph.cast %b : tensor<4xi1> -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xi8>, tensor<4xi64>, tensor<4xi1>, tensor<4xf16>, tensor<4xi32>
}

// -----

// A cast may declare a more static shape: the generic converts the `?`
// input with the identity map into a result of its size, which is checked
// against the declared one before the cast to it.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @cast_refines_shape
// CHECK: %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xi32>
// CHECK: %[[C:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<?x4xf32>) outs(%[[EMPTY]] : tensor<?x4xi32>)
// CHECK: arith.fptosi
// CHECK: kernel.check %{{.*}}, "graph.cast: result #0 dim 0 computed from the operands differs from its declared size ({0} vs {1})"
// CHECK: tensor.cast %[[C]] : tensor<?x4xi32> to tensor<3x4xi32>
func.func @cast_refines_shape(%f: tensor<?x4xf32>) -> tensor<3x4xi32> {
  %0 = graph.cast %f : tensor<?x4xf32> -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}
