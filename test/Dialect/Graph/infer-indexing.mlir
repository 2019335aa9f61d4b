// RUN: strata-opt %s -test-graph-infer-types -mlir-print-op-on-diagnostic=false -verify-diagnostics -split-input-file
// RUN: strata-opt %s -split-input-file --resolve-ranked-shaped-type-result-dims -canonicalize | FileCheck %s --check-prefix=REIFY

//===----------------------------------------------------------------------===//
// graph.concat
//===----------------------------------------------------------------------===//

func.func @concat(%a: tensor<?x2x?xf32>, %b: tensor<3x3x4xf32>, %c: tensor<?x?x4xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  // A static size from any input refines a `?` of another.
  // expected-remark @+1 {{inferred: 'tensor<3x5x4xf32>'}}
  %0 = graph.concat %a, %b {axis = -2 : i64} : tensor<?x2x?xf32>, tensor<3x3x4xf32> -> tensor<?x?x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<?x2x4xf32>'}}
  %1 = graph.concat %a, %c {axis = 0 : i64} : tensor<?x2x?xf32>, tensor<?x?x4xf32> -> tensor<?x?x?xf32>
  return %0, %1 : tensor<?x?x?xf32>, tensor<?x?x?xf32>
}

// -----

// REIFY-LABEL: func.func @reify_concat
// REIFY-SAME: (%[[A:.*]]: tensor<?x2xf32>, %[[B:.*]]: tensor<?x2xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[DA:.*]] = tensor.dim %[[A]], %[[C0]]
// REIFY-DAG: %[[DB:.*]] = tensor.dim %[[B]], %[[C0]]
// REIFY: %[[SUM:.*]] = arith.addi %[[DA]], %[[DB]]
// REIFY: return %[[SUM]]
func.func @reify_concat(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<?x2xf32>'}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<?x2xf32>, tensor<?x2xf32> -> tensor<?x2xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %0, %c0 : tensor<?x2xf32>
  return %d : index
}

// -----

//===----------------------------------------------------------------------===//
// graph.slice
//===----------------------------------------------------------------------===//

func.func @slice_static(%x: tensor<10x8x5x6xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // [2:7], [-3:INT64_MAX] = [5:8], [1:-1:2] = {1, 3}, axis 3 kept.
  // expected-remark @+1 {{inferred: 'tensor<5x3x2x6xf32>'}}
  %0 = graph.slice %x {starts = array<i64: 2, -3, 1>, ends = array<i64: 7, 9223372036854775807, -1>, steps = array<i64: 1, 1, 2>} : tensor<10x8x5x6xf32> -> tensor<?x?x?x?xf32>
  // Reversals: [INT64_MAX:INT64_MIN:-1] is all 10; [-1:-4:-2] = {7, 5}; [100:1:-2] on 5 = {4, 2};
  // [3:3] is empty.
  // expected-remark @+1 {{inferred: 'tensor<10x2x2x0xf32>'}}
  %1 = graph.slice %x {starts = array<i64: 9223372036854775807, -1, 100, 3>, ends = array<i64: -9223372036854775808, -4, 1, 3>, axes = array<i64: 0, 1, -2, -1>, steps = array<i64: -1, -2, -2, 1>} : tensor<10x8x5x6xf32> -> tensor<?x?x?x?xf32>
  // Huge steps take one element (100 clamps to 7, -100 to -1 for step < 0);
  // an end before the start is empty.
  // expected-remark @+1 {{inferred: 'tensor<1x1x0x6xf32>'}}
  %2 = graph.slice %x {starts = array<i64: 0, 100, 4>, ends = array<i64: 10, -100, 2>, steps = array<i64: 9223372036854775807, -9223372036854775808, 1>} : tensor<10x8x5x6xf32> -> tensor<?x?x?x?xf32>
  return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

func.func @slice_dynamic(%x: tensor<?x?x?x4xf32>, %e: tensor<0xf32>, %o: tensor<1x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<0xf32>, tensor<?x?xf32>) {
  // `?` sizes stay `?` (even for the whole axis) unless the slice is
  // provably empty: [5:2] and [-1:-3] are empty whatever the size.
  // expected-remark @+1 {{inferred: 'tensor<?x0x0x2xf32>'}}
  %0 = graph.slice %x {starts = array<i64: 0, 5, -1, 1>, ends = array<i64: 9223372036854775807, 2, -3, 3>} : tensor<?x?x?x4xf32> -> tensor<?x?x?x?xf32>
  // An empty axis with a negative step.
  // expected-remark @+1 {{inferred: 'tensor<0xf32>'}}
  %1 = graph.slice %e {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, steps = array<i64: -1>} : tensor<0xf32> -> tensor<0xf32>
  // Negative bounds with a negative step clamp differently (start to >= 0,
  // end to >= -1): [-6:-3:-1] of a size-1 axis is one element, so the `?`
  // stays `?`.
  // expected-remark @+1 {{inferred: 'tensor<1x?xf32>'}}
  %2 = graph.slice %o {starts = array<i64: -6, -6>, ends = array<i64: -3, -3>, steps = array<i64: -1, -1>} : tensor<1x?xf32> -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<0xf32>, tensor<?x?xf32>
}

// -----

// REIFY-LABEL: func.func @reify_slice
// REIFY-SAME: (%[[X:.*]]: tensor<?x?x?x4xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[CM1:.*]] = arith.constant -1 : index
// REIFY-DAG: %[[CM2:.*]] = arith.constant -2 : index
// [1:INT64_MAX:2]: ceil((d - min(1, d)) / 2).
// REIFY: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[S0:.*]] = arith.minsi %[[D0]], %[[C1]]
// REIFY: %[[N0:.*]] = arith.subi %[[D0]], %[[S0]]
// REIFY: %[[Q0:.*]] = arith.ceildivsi %[[N0]], %[[C2]]
// REIFY: %[[R0:.*]] = arith.maxsi %[[Q0]], %[[C0]]
// [0:-2]: max(d - 2, 0).
// REIFY: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// REIFY: %[[E1:.*]] = arith.addi %[[D1]], %[[CM2]]
// REIFY: %[[R1:.*]] = arith.maxsi %[[E1]], %[[C0]]
// [-1:INT64_MIN:-1]: start min(max(d - 1, 0), d - 1), end -1.
// REIFY: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// REIFY: %[[L2:.*]] = arith.subi %[[D2]], %[[C1]]
// REIFY: %[[A2:.*]] = arith.addi %[[D2]], %[[CM1]]
// REIFY: %[[M2:.*]] = arith.maxsi %[[A2]], %[[C0]]
// REIFY: %[[S2:.*]] = arith.minsi %[[M2]], %[[L2]]
// REIFY: %[[N2:.*]] = arith.subi %[[S2]], %[[CM1]]
// REIFY: %[[R2:.*]] = arith.maxsi %[[N2]], %[[C0]]
// REIFY: return %[[R0]], %[[R1]], %[[R2]], %[[C2]]
func.func @reify_slice(%x: tensor<?x?x?x4xf32>) -> (index, index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x?x?x2xf32>'}}
  %0 = graph.slice %x {starts = array<i64: 1, 0, -1, 1>, ends = array<i64: 9223372036854775807, -2, -9223372036854775808, 3>, steps = array<i64: 2, 1, -1, 1>} : tensor<?x?x?x4xf32> -> tensor<?x?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %0, %c2 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %0, %c3 : tensor<?x?x?x?xf32>
  return %d0, %d1, %d2, %d3 : index, index, index, index
}

// -----

// The whole `?` axis: its size is the input's.
// REIFY-LABEL: func.func @reify_slice_all
// REIFY-SAME: (%[[X:.*]]: tensor<?xf32>)
// REIFY: %[[D:.*]] = tensor.dim %[[X]]
// REIFY-NEXT: return %[[D]]
func.func @reify_slice_all(%x: tensor<?xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<?xf32>'}}
  %0 = graph.slice %x {starts = array<i64: -9223372036854775808>, ends = array<i64: 9223372036854775807>} : tensor<?xf32> -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %0, %c0 : tensor<?xf32>
  return %d : index
}

// -----

//===----------------------------------------------------------------------===//
// graph.gather
//===----------------------------------------------------------------------===//

func.func @gather(%d: tensor<?x5x7xf16>, %i: tensor<2x?xi32>, %s: tensor<i64>) -> (tensor<?x?x?x?xf16>, tensor<?x?xf16>, tensor<?x?x?x?xf16>) {
  // expected-remark @+1 {{inferred: 'tensor<?x2x?x7xf16>'}}
  %0 = graph.gather %d, %i {axis = 1 : i64} : tensor<?x5x7xf16>, tensor<2x?xi32> -> tensor<?x?x?x?xf16>
  // 0-d indices drop the axis.
  // expected-remark @+1 {{inferred: 'tensor<?x5xf16>'}}
  %1 = graph.gather %d, %s {axis = -1 : i64} : tensor<?x5x7xf16>, tensor<i64> -> tensor<?x?xf16>
  // expected-remark @+1 {{inferred: 'tensor<2x?x5x7xf16>'}}
  %2 = graph.gather %d, %i : tensor<?x5x7xf16>, tensor<2x?xi32> -> tensor<?x?x?x?xf16>
  return %0, %1, %2 : tensor<?x?x?x?xf16>, tensor<?x?xf16>, tensor<?x?x?x?xf16>
}

// -----

// REIFY-LABEL: func.func @reify_gather
// REIFY-SAME: (%[[D:.*]]: tensor<?x5xi64>, %[[I:.*]]: tensor<3x?xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY-DAG: %[[D0:.*]] = tensor.dim %[[D]], %[[C0]]
// REIFY-DAG: %[[I1:.*]] = tensor.dim %[[I]], %[[C1]]
// REIFY: return %[[D0]], %[[C3]], %[[I1]]
func.func @reify_gather(%d: tensor<?x5xi64>, %i: tensor<3x?xi64>) -> (index, index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x3x?xi64>'}}
  %0 = graph.gather %d, %i {axis = 1 : i64} : tensor<?x5xi64>, tensor<3x?xi64> -> tensor<?x?x?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %0, %c0 : tensor<?x?x?xi64>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?xi64>
  %d2 = tensor.dim %0, %c2 : tensor<?x?x?xi64>
  return %d0, %d1, %d2 : index, index, index
}

// -----

//===----------------------------------------------------------------------===//
// graph.pad
//===----------------------------------------------------------------------===//

func.func @pad(%x: tensor<?x4x6xbf16>, %b: tensor<3xi1>) -> (tensor<?x?x?xbf16>, tensor<?xi1>) {
  // Crops in constant mode: 4 - 1 - 1 = 2, 6 + 2 - 3 = 5.
  // expected-remark @+1 {{inferred: 'tensor<?x2x5xbf16>'}}
  %0 = graph.pad %x {pads = array<i64: 1, -1, 2, 0, -1, -3>, value = -2.0} : tensor<?x4x6xbf16> -> tensor<?x?x?xbf16>
  // expected-remark @+1 {{inferred: 'tensor<6xi1>'}}
  %1 = graph.pad %b {pads = array<i64: 1, 2>, value = 1.0} : tensor<3xi1> -> tensor<?xi1>
  return %0, %1 : tensor<?x?x?xbf16>, tensor<?xi1>
}

// -----

// REIFY-LABEL: func.func @reify_pad
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[S:.*]] = arith.addi %[[D]], %[[C3]]
// REIFY: return %[[S]]
func.func @reify_pad(%x: tensor<?x4xf32>) -> index {
  // expected-remark @+1 {{inferred: 'tensor<?x4xf32>'}}
  %0 = graph.pad %x {pads = array<i64: 1, 0, 2, 0>, mode = #graph.pad_mode<edge>} : tensor<?x4xf32> -> tensor<?x4xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %0, %c0 : tensor<?x4xf32>
  return %d : index
}

// -----

//===----------------------------------------------------------------------===//
// graph.split
//===----------------------------------------------------------------------===//

func.func @split(%x: tensor<?x10xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  // ceil(10 / 4) = 3: pieces 3, 3, 3, 1.
  // expected-remark @+1 {{inferred: 'tensor<?x3xf32>', 'tensor<?x3xf32>', 'tensor<?x3xf32>', 'tensor<?x1xf32>'}}
  %0:4 = graph.split %x {axis = -1 : i64, num_outputs = 4 : i64} : tensor<?x10xf32> -> tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
  // Explicit sizes along a `?` axis are exact.
  // expected-remark @+1 {{inferred: 'tensor<2x10xf32>', 'tensor<0x10xf32>', 'tensor<5x10xf32>'}}
  %1:3 = graph.split %x {split = array<i64: 2, 0, 5>} : tensor<?x10xf32> -> tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
  // Without sizes, a `?` axis gives `?` pieces.
  // expected-remark @+1 {{inferred: 'tensor<?x10xf32>', 'tensor<?x10xf32>'}}
  %2:2 = graph.split %x {num_outputs = 2 : i64} : tensor<?x10xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return %0#0, %0#3, %1#1, %2#0, %2#1 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// num_outputs on a `?` axis: ceil(d / 3) for the first pieces, the rest last.
// REIFY-LABEL: func.func @reify_split
// REIFY-SAME: (%[[X:.*]]: tensor<?x4xi32>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY-DAG: %[[C3:.*]] = arith.constant 3 : index
// REIFY: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[CH:.*]] = arith.ceildivsi %[[D]], %[[C3]]
// REIFY: %[[D2:.*]] = tensor.dim %[[X]], %[[C0]]
// REIFY: %[[CH2:.*]] = arith.ceildivsi %[[D2]], %[[C3]]
// REIFY: %[[M:.*]] = arith.muli %[[CH2]], %[[C2]]
// REIFY: %[[L:.*]] = arith.subi %[[D2]], %[[M]]
// REIFY: return %[[CH]], %[[L]]
func.func @reify_split(%x: tensor<?x4xi32>) -> (index, index) {
  // expected-remark @+1 {{inferred: 'tensor<?x4xi32>', 'tensor<?x4xi32>', 'tensor<?x4xi32>'}}
  %0:3 = graph.split %x {num_outputs = 3 : i64} : tensor<?x4xi32> -> tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %0#0, %c0 : tensor<?x4xi32>
  %d2 = tensor.dim %0#2, %c0 : tensor<?x4xi32>
  return %d0, %d2 : index, index
}

// -----

// Negative axes in reification (a regression: they were used unnormalized).
// REIFY-LABEL: func.func @reify_negative_axes
// REIFY-SAME: (%[[A:.*]]: tensor<2x?xf32>, %[[I:.*]]: tensor<?xi64>)
// REIFY-DAG: %[[C0:.*]] = arith.constant 0 : index
// REIFY-DAG: %[[C1:.*]] = arith.constant 1 : index
// REIFY-DAG: %[[C2:.*]] = arith.constant 2 : index
// REIFY: %[[D1:.*]] = tensor.dim %[[A]], %[[C1]]
// REIFY: %[[D2:.*]] = tensor.dim %[[A]], %[[C1]]
// REIFY: %[[SUM:.*]] = arith.addi %[[D1]], %[[D2]]
// REIFY: %[[DI:.*]] = tensor.dim %[[I]], %[[C0]]
// REIFY: %[[D3:.*]] = tensor.dim %[[A]], %[[C1]]
// REIFY: %[[HALF:.*]] = arith.ceildivsi %[[D3]], %[[C2]]
// REIFY: %[[REST:.*]] = arith.subi %[[D3]], %[[HALF]]
// REIFY: return %[[SUM]], %[[DI]], %[[REST]]
func.func @reify_negative_axes(%a: tensor<2x?xf32>, %i: tensor<?xi64>) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  // expected-remark @+1 {{inferred: 'tensor<2x?xf32>'}}
  %0 = graph.concat %a, %a {axis = -1 : i64} : tensor<2x?xf32>, tensor<2x?xf32> -> tensor<2x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2x?xf32>'}}
  %1 = graph.gather %a, %i {axis = -1 : i64} : tensor<2x?xf32>, tensor<?xi64> -> tensor<2x?xf32>
  // expected-remark @+1 {{inferred: 'tensor<2x?xf32>', 'tensor<2x?xf32>'}}
  %2:2 = graph.split %a {axis = -1 : i64, num_outputs = 2 : i64} : tensor<2x?xf32> -> tensor<2x?xf32>, tensor<2x?xf32>
  %d0 = tensor.dim %0, %c1 : tensor<2x?xf32>
  %d1 = tensor.dim %1, %c1 : tensor<2x?xf32>
  %d2 = tensor.dim %2#1, %c1 : tensor<2x?xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

//===----------------------------------------------------------------------===//
// graph.dynamic_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_slice(%x: tensor<4x6x0xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>, %a: tensor<1xi64>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  // Constant axes: only the named dim is `?`.
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %c = graph.constant dense<-2> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<4x?x0xf32>'}}
  %0 = graph.dynamic_slice %x, %s, %e axes %c : (tensor<4x6x0xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?x?xf32>
  // Axes computed at run time: any dim may be sliced, but an empty one
  // stays empty.
  // expected-remark @+1 {{inferred: 'tensor<?x?x0xf32>'}}
  %1 = graph.dynamic_slice %x, %s, %e axes %a : (tensor<4x6x0xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?x?xf32>
  // All bounds constant: graph.slice's sizes (5:0:-2 selects 5, 3, 1).
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %b = graph.constant dense<5> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %z = graph.constant dense<0> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<1xi64>'}}
  %st = graph.constant dense<-2> : tensor<1xi64>
  // expected-remark @+1 {{inferred: 'tensor<4x3x0xf32>'}}
  %2 = graph.dynamic_slice %x, %b, %z axes %c steps %st : (tensor<4x6x0xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?x?xf32>
  return %0, %1, %2 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
