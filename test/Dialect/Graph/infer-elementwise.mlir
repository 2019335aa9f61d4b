// Result types inferred for the elementwise ops (unary: the operand's type;
// binary and select: the numpy broadcast of the operands, `i1` for
// comparisons), and the reification of their result sizes.
// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s -split-input-file --resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s --check-prefix=REIFY

// REIFY-LABEL: func.func @unary
// REIFY-SAME: (%[[X:.*]]: tensor<?x4x?xf16>
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C4:.*]] = arith.constant 4 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: return %[[D0]], %[[C4]], %[[D2]]
func.func @unary(%x: tensor<?x4x?xf16>, %p: tensor<?xi1>, %i: tensor<i32>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x4x?xf16>'}}
  %0 = graph.exp %x : tensor<?x4x?xf16> -> tensor<?x4x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<?xi1>'}}
  %1 = graph.not %p : tensor<?xi1> -> tensor<?xi1>
  // expected-remark @+1 {{inferred: 'tensor<i32>'}}
  %2 = graph.abs %i : tensor<i32> -> tensor<i32>
  // A declared result less refined than the operand still infers the
  // operand's type.
  // expected-remark @+1 {{inferred: 'tensor<?x4x?xf16>'}}
  %3 = graph.gelu %x : tensor<?x4x?xf16> -> tensor<?x?x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<?x?x?xf16>'}}
  %4 = graph.leaky_relu %3 {alpha = 0.1 : f32} : tensor<?x?x?xf16> -> tensor<?x4x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<?x4x?xf16>'}}
  %5 = graph.clip %4 {min = 0.0} : tensor<?x4x?xf16> -> tensor<?x4x?xf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x4x?xf16>
  %d1 = tensor.dim %3, %c1 : tensor<?x?x?xf16>
  %d2 = tensor.dim %5, %c2 : tensor<?x4x?xf16>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// REIFY-LABEL: func.func @cast
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xi64>
// REIFY: %[[C0:.*]] = arith.constant 0 : index
// REIFY: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: return %[[D0]]
func.func @cast(%x: tensor<?x4xi64>) -> index {
  // graph.cast is not inferred (its result type is the target type).
  %0 = graph.cast %x : tensor<?x4xi64> -> tensor<?x4xf32>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x4xf32>
  return %d0 : index
}

// -----

func.func @broadcast(%a: tensor<?x768xf32>, %b: tensor<768xf32>, %one: tensor<1xf32>, %dyn: tensor<?xf32>, %five: tensor<5xf32>, %s: tensor<f32>) {
  // Rank extension: the lower-rank operand aligns to the right.
  // expected-remark @+1 {{inferred: 'tensor<?x768xf32>'}}
  %0 = graph.add %a, %b : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x768xf32>'}}
  %1 = graph.sub %b, %a : tensor<768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  // 1 vs ?: stays ? (the ? may be 1 or anything).
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %2 = graph.mul %one, %dyn : tensor<1xf32>, tensor<?xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %3 = graph.mul %dyn, %one : tensor<?xf32>, tensor<1xf32> -> tensor<?xf32>
  // ? vs 5: a valid program has 5 (or 1, broadcast to 5) there.
  // expected-remark @+1 {{inferred: 'tensor<5xf32>'}}
  %4 = graph.div %dyn, %five : tensor<?xf32>, tensor<5xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<5xf32>'}}
  %5 = graph.pow %five, %dyn : tensor<5xf32>, tensor<?xf32> -> tensor<5xf32>
  // ? vs ? stays ?.
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %6 = graph.max %dyn, %dyn : tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  // 1 vs 5 and rank-0 operands.
  // expected-remark @+1 {{inferred: 'tensor<5xf32>'}}
  %7 = graph.min %one, %five : tensor<1xf32>, tensor<5xf32> -> tensor<5xf32>
  // expected-remark @+1 {{inferred: 'tensor<f32>'}}
  %8 = graph.add %s, %s : tensor<f32>, tensor<f32> -> tensor<f32>
  // expected-remark @+1 {{inferred: 'tensor<?x768xf32>'}}
  %9 = graph.mod %s, %a {fmod = true} : tensor<f32>, tensor<?x768xf32> -> tensor<?x768xf32>
  return
}

// -----

func.func @broadcast_corners(%a: tensor<2x1x?xi64>, %b: tensor<3x1xi64>, %c: tensor<?x?xi64>, %d: tensor<1x?x5xi64>, %z: tensor<0x1xi64>, %o: tensor<1x4xi64>) {
  // Rank 3 vs 2: [2, 1, ?] and [_, 3, 1] give [2, 3, ?].
  // expected-remark @+1 {{inferred: 'tensor<2x3x?xi64>'}}
  %0 = graph.add %a, %b : tensor<2x1x?xi64>, tensor<3x1xi64> -> tensor<2x3x?xi64>
  // [?, ?] and [1, ?, 5]: 5 wins over ?, ? vs ? stays ?.
  // expected-remark @+1 {{inferred: 'tensor<1x?x5xi64>'}}
  %1 = graph.mul %c, %d : tensor<?x?xi64>, tensor<1x?x5xi64> -> tensor<1x?x5xi64>
  // A declared result less refined than the inferred one.
  // expected-remark @+1 {{inferred: 'tensor<2x3x?xi64>'}}
  %2 = graph.sub %a, %b : tensor<2x1x?xi64>, tensor<3x1xi64> -> tensor<?x?x?xi64>
  // Size 0 broadcasts with 1 to 0.
  // expected-remark @+1 {{inferred: 'tensor<0x4xi64>'}}
  %3 = graph.add %z, %o : tensor<0x1xi64>, tensor<1x4xi64> -> tensor<0x4xi64>
  return
}

// -----

func.func @compare_logic(%a: tensor<?x3xbf16>, %b: tensor<1x3xbf16>, %i: tensor<4xi8>, %j: tensor<?x1xi8>, %p: tensor<?x4xi1>, %q: tensor<4xi1>) {
  // Comparisons give i1 with the broadcast shape.
  // expected-remark @+1 {{inferred: 'tensor<?x3xi1>'}}
  %0 = graph.equal %a, %b : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %1 = graph.less %i, %j : tensor<4xi8>, tensor<?x1xi8> -> tensor<?x4xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x3xi1>'}}
  %2 = graph.less_equal %a, %b : tensor<?x3xbf16>, tensor<1x3xbf16> -> tensor<?x3xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %3 = graph.greater %j, %i : tensor<?x1xi8>, tensor<4xi8> -> tensor<?x4xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x3xi1>'}}
  %4 = graph.greater_equal %b, %a : tensor<1x3xbf16>, tensor<?x3xbf16> -> tensor<?x3xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %5 = graph.equal %p, %q : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %6 = graph.and %p, %q : tensor<?x4xi1>, tensor<4xi1> -> tensor<?x4xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %7 = graph.or %q, %p : tensor<4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi1>'}}
  %8 = graph.xor %p, %p : tensor<?x4xi1>, tensor<?x4xi1> -> tensor<?x4xi1>
  return
}

// -----

// Bitwise ops and shifts keep the integer type with the broadcast shape;
// the trigonometric functions the operand's type.
func.func @bitwise_trigonometric(%i: tensor<4xi8>, %j: tensor<?x1xi8>, %u: tensor<2x1xui16>, %v: tensor<3xui16>, %x: tensor<?x2xbf16>) {
  // expected-remark @+1 {{inferred: 'tensor<?x4xi8>'}}
  %0 = graph.and %i, %j : tensor<4xi8>, tensor<?x1xi8> -> tensor<?x4xi8>
  // expected-remark @+1 {{inferred: 'tensor<2x3xui16>'}}
  %1 = graph.or %u, %v : tensor<2x1xui16>, tensor<3xui16> -> tensor<2x3xui16>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi8>'}}
  %2 = graph.xor %j, %i : tensor<?x1xi8>, tensor<4xi8> -> tensor<?x4xi8>
  // expected-remark @+1 {{inferred: 'tensor<2x1xui16>'}}
  %3 = graph.not %u : tensor<2x1xui16> -> tensor<2x1xui16>
  // expected-remark @+1 {{inferred: 'tensor<2x3xui16>'}}
  %4 = graph.shift_left %u, %v : tensor<2x1xui16>, tensor<3xui16> -> tensor<2x3xui16>
  // expected-remark @+1 {{inferred: 'tensor<?x4xi8>'}}
  %5 = graph.shift_right %j, %i : tensor<?x1xi8>, tensor<4xi8> -> tensor<?x4xi8>
  // expected-remark @+1 {{inferred: 'tensor<?x2xbf16>'}}
  %6 = graph.sin %x : tensor<?x2xbf16> -> tensor<?x2xbf16>
  // expected-remark @+1 {{inferred: 'tensor<?x2xbf16>'}}
  %7 = graph.atanh %x : tensor<?x2xbf16> -> tensor<?x2xbf16>
  return
}

// -----

func.func @select(%m: tensor<1x1x?x?xi1>, %x: tensor<1x12x?x?xf32>, %f: tensor<f32>, %c: tensor<?xi1>, %v: tensor<3x1xi8>, %w: tensor<5xi8>) {
  // expected-remark @+1 {{inferred: 'tensor<1x12x?x?xf32>'}}
  %0 = graph.select %m, %x, %f : tensor<1x1x?x?xi1>, tensor<1x12x?x?xf32>, tensor<f32> -> tensor<1x12x?x?xf32>
  // The condition takes part in the broadcast: ? vs 1 vs 5.
  // expected-remark @+1 {{inferred: 'tensor<3x5xi8>'}}
  %1 = graph.select %c, %v, %w : tensor<?xi1>, tensor<3x1xi8>, tensor<5xi8> -> tensor<3x5xi8>
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %2 = graph.select %c, %f, %f : tensor<?xi1>, tensor<f32>, tensor<f32> -> tensor<?xf32>
  return
}

// -----

// REIFY-LABEL: func.func @reify_broadcast
// REIFY-SAME: (%[[A:[^:]*]]: tensor<?x768xf32>, %[[B:[^:]*]]: tensor<768xf32>, %[[ONE:[^:]*]]: tensor<1xf32>, %[[DYN:[^:]*]]: tensor<?xf32>, %[[FIVE:[^:]*]]: tensor<5xf32>
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C5:.*]] = arith.constant 5 : index
// REIFY-DAG: %[[DA:.*]] = tensor.dim %[[A]], %[[C0]]
// REIFY-DAG: %[[DD1:.*]] = tensor.dim %[[DYN]], %[[C0]]
// REIFY-DAG: %[[DD2:.*]] = tensor.dim %[[DYN]], %[[C0]]
// REIFY-NOT: arith.select
// REIFY: return %[[DA]], %[[DD1]], %[[DD2]], %[[C5]], %[[C5]]
func.func @reify_broadcast(%a: tensor<?x768xf32>, %b: tensor<768xf32>, %one: tensor<1xf32>, %dyn: tensor<?xf32>, %five: tensor<5xf32>) -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  // Rank extension: dim 0 comes from %a alone.
  // expected-remark @+1 {{inferred: 'tensor<?x768xf32>'}}
  %0 = graph.add %b, %a : tensor<768xf32>, tensor<?x768xf32> -> tensor<?x768xf32>
  // 1 vs ?: the ? operand's size.
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %1 = graph.mul %one, %dyn : tensor<1xf32>, tensor<?xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %2 = graph.mul %dyn, %one : tensor<?xf32>, tensor<1xf32> -> tensor<?xf32>
  // ? vs 5: 5, even when the result is declared with ?.
  // expected-remark @+1 {{inferred: 'tensor<5xf32>'}}
  %3 = graph.sub %dyn, %five : tensor<?xf32>, tensor<5xf32> -> tensor<?xf32>
  // expected-remark @+1 {{inferred: 'tensor<5xf32>'}}
  %4 = graph.sub %five, %dyn : tensor<5xf32>, tensor<?xf32> -> tensor<?xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x768xf32>
  %d1 = tensor.dim %1, %c0 : tensor<?xf32>
  %d2 = tensor.dim %2, %c0 : tensor<?xf32>
  %d3 = tensor.dim %3, %c0 : tensor<?xf32>
  %d4 = tensor.dim %4, %c0 : tensor<?xf32>
  return %d0, %d1, %d2, %d3, %d4 : index, index, index, index, index
}

// -----

// Both sizes unknown: whichever is not 1, chosen at run time.
// REIFY-LABEL: func.func @reify_both_dynamic
// REIFY-SAME: (%[[X:[^:]*]]: tensor<?x3xf32>, %[[Y:[^:]*]]: tensor<2x?x3xf32>
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[DX:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY-DAG: %[[DY:.*]] = tensor.dim %[[Y]], %[[C1]]
// REIFY: %[[IS1:.*]] = arith.cmpi eq, %[[DX]], %[[C1]]
// REIFY: %[[SEL:.*]] = arith.select %[[IS1]], %[[DY]], %[[DX]]
// REIFY: return %[[SEL]]
func.func @reify_both_dynamic(%x: tensor<?x3xf32>, %y: tensor<2x?x3xf32>) -> index {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<2x?x3xi1>'}}
  %0 = graph.greater %x, %y : tensor<?x3xf32>, tensor<2x?x3xf32> -> tensor<2x?x3xi1>
  %d = tensor.dim %0, %c1 : tensor<2x?x3xi1>
  return %d : index
}

// -----

// REIFY-LABEL: func.func @reify_select
// REIFY-SAME: (%[[C:[^:]*]]: tensor<?xi1>, %[[X:[^:]*]]: tensor<?xf32>, %[[Y:[^:]*]]: tensor<?xf32>
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY: %[[DC:.*]] = tensor.dim %[[C]], %[[C0]]
// REIFY: %[[DX:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[IS1:.*]] = arith.cmpi eq, %[[DC]], %[[C1]]
// REIFY: %[[S1:.*]] = arith.select %[[IS1]], %[[DX]], %[[DC]]
// REIFY: %[[DY:.*]] = tensor.dim %[[Y]], %[[C0]]
// REIFY: %[[IS1B:.*]] = arith.cmpi eq, %[[S1]], %[[C1]]
// REIFY: %[[S2:.*]] = arith.select %[[IS1B]], %[[DY]], %[[S1]]
// REIFY: return %[[S2]]
func.func @reify_select(%c: tensor<?xi1>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %0 = graph.select %c, %x, %y : tensor<?xi1>, tensor<?xf32>, tensor<?xf32> -> tensor<?xf32>
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}
