// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// The accumulator drops the reduced dims (its map is a projected
// permutation); keepdims re-inserts them with tensor.expand_shape. Float sums
// start from -0.0, the identity of IEEE addition.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @sum_last_keepdims
// CHECK-SAME: (%[[X:.*]]: tensor<?x768xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x768xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?xf32>
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<?xf32>) -> tensor<?xf32>
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$D0]]]
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[X]] : tensor<?x768xf32>) outs(%[[INIT]] : tensor<?xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:   %[[ADD:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK:   linalg.yield %[[ADD]] : f32
// CHECK: %[[R:.*]] = tensor.expand_shape %[[SUM]] {{\[}}[0, 1]] output_shape [%[[DIM]], 1] : tensor<?xf32> into tensor<?x1xf32>
// CHECK: return %[[R]]
func.func @sum_last_keepdims(%x: tensor<?x768xf32>) -> tensor<?x1xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: -1>, keepdims = true} : tensor<?x768xf32> -> tensor<?x1xf32>
  return %0 : tensor<?x1xf32>
}

// -----

// Empty axes reduce every dim; without keepdims the result is rank 0.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @sum_all_int
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<i32>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[EMPTY]] : tensor<i32>)
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$NONE]]]
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK-SAME: outs(%[[INIT]] : tensor<i32>)
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: return %[[SUM]] : tensor<i32>
func.func @sum_all_int(%x: tensor<3x?xi32>) -> tensor<i32> {
  %0 = graph.reduce_sum %x {keepdims = false} : tensor<3x?xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// 16-bit float sums accumulate in f32 and round once; reducing every dim
// with keepdims expands a rank-0 tensor.

// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<() -> ()>
// CHECK-LABEL: func.func @sum_all_f16
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<f32>
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<f32>)
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK: ^bb0(%[[IN:.*]]: f16, %[[ACC:.*]]: f32):
// CHECK:   %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK:   %[[ADD:.*]] = arith.addf %[[ACC]], %[[W]] : f32
// CHECK:   linalg.yield %[[ADD]] : f32
// CHECK: %[[EMPTY16:.*]] = tensor.empty() : tensor<f16>
// CHECK: %[[NARROW:.*]] = linalg.generic {indexing_maps = [#[[$SCALAR]], #[[$SCALAR]]], iterator_types = []} ins(%[[SUM]] : tensor<f32>) outs(%[[EMPTY16]] : tensor<f16>)
// CHECK:   arith.truncf %{{.*}} : f32 to f16
// CHECK: tensor.expand_shape %[[NARROW]] [] output_shape [1, 1] : tensor<f16> into tensor<1x1xf16>
func.func @sum_all_f16(%x: tensor<3x4xf16>) -> tensor<1x1xf16> {
  %0 = graph.reduce_sum %x : tensor<3x4xf16> -> tensor<1x1xf16>
  return %0 : tensor<1x1xf16>
}

// -----

// A statically empty sum is +0.0, as the evaluator's.

// CHECK-LABEL: func.func @sum_empty
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: linalg.fill
func.func @sum_empty(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<2x0xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// mean divides by the static count of reduced elements.

// CHECK-DAG: #[[$ID4:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$KEPT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @mean_static_count
// CHECK: %[[DIM:.*]] = tensor.dim
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID4]], #[[$KEPT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.addf
// CHECK: %[[COUNT:.*]] = arith.constant 4.900000e+01 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?x64xf32>
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[SUM]] : tensor<?x64xf32>) outs(%[[EMPTY]] : tensor<?x64xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK:   %[[Q:.*]] = arith.divf %[[S]], %[[COUNT]] : f32
// CHECK:   linalg.yield %[[Q]] : f32
// CHECK: tensor.expand_shape %[[MEAN]] {{\[}}[0], [1, 2, 3]] output_shape [%[[DIM]], 64, 1, 1] : tensor<?x64xf32> into tensor<?x64x1x1xf32>
func.func @mean_static_count(%x: tensor<?x64x7x7xf32>) -> tensor<?x64x1x1xf32> {
  %0 = graph.reduce_mean %x {axes = array<i64: 2, 3>} : tensor<?x64x7x7xf32> -> tensor<?x64x1x1xf32>
  return %0 : tensor<?x64x1x1xf32>
}

// -----

// A dynamic count is the product of tensor.dim, converted to the
// accumulator type; bf16 divides in f32 and rounds once.

// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$MID:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-LABEL: func.func @mean_dynamic_count
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x?xbf16>)
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID3]], #[[$MID]]]
// CHECK-SAME: iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4x?xbf16>
// CHECK: %[[D2:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4x?xbf16>
// CHECK: %[[N:.*]] = arith.muli %[[D0]], %[[D2]] : index
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[NF:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[SUM]] : tensor<4xf32>)
// CHECK: ^bb0(%[[S:.*]]: f32, %{{.*}}: bf16):
// CHECK:   %[[Q:.*]] = arith.divf %[[S]], %[[NF]] : f32
// CHECK:   %[[QN:.*]] = arith.truncf %[[Q]] : f32 to bf16
// CHECK:   linalg.yield %[[QN]] : bf16
func.func @mean_dynamic_count(%x: tensor<?x4x?xbf16>) -> tensor<4xbf16> {
  %0 = graph.reduce_mean %x {axes = array<i64: 0, 2>, keepdims = false} : tensor<?x4x?xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// max/min start from the lowest/highest value; floats use IEEE
// maximumf/minimumf (NaN propagates) and stay in their type.

// CHECK-LABEL: func.func @max_min
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFC00 : f16
// CHECK: linalg.fill ins(%[[NEGINF]] : f16)
// CHECK: ^bb0(%[[IN:.*]]: f16, %[[ACC:.*]]: f16):
// CHECK:   arith.maximumf %[[ACC]], %[[IN]] : f16
// CHECK: %[[MAXINT:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[MAXINT]] : i32)
// CHECK: ^bb0(%[[IN2:.*]]: i32, %[[ACC2:.*]]: i32):
// CHECK:   arith.minsi %[[ACC2]], %[[IN2]] : i32
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<i32> into tensor<1x1xi32>
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.fill ins(%[[INF]] : f32)
// CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
// CHECK: %[[MININT:.*]] = arith.constant -128 : i8
// CHECK: linalg.fill ins(%[[MININT]] : i8)
// CHECK: arith.maxsi %{{.*}}, %{{.*}} : i8
func.func @max_min(%x: tensor<?x10xf16>, %i: tensor<4x?xi32>, %f: tensor<2x3xf32>, %b: tensor<5xi8>) -> (tensor<?xf16>, tensor<1x1xi32>, tensor<2xf32>, tensor<i8>) {
  %0 = graph.reduce_max %x {axes = array<i64: -1>, keepdims = false} : tensor<?x10xf16> -> tensor<?xf16>
  %1 = graph.reduce_min %i : tensor<4x?xi32> -> tensor<1x1xi32>
  %2 = graph.reduce_min %f {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf32> -> tensor<2xf32>
  %3 = graph.reduce_max %b {keepdims = false} : tensor<5xi8> -> tensor<i8>
  return %0, %1, %2, %3 : tensor<?xf16>, tensor<1x1xi32>, tensor<2xf32>, tensor<i8>
}

// -----

// Kept dims between reduced ones: each reduced dim joins the group of the
// kept dim before it, leading ones the group after.

// CHECK-DAG: #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$MID:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$FIRST:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @prod
// CHECK: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: linalg.fill ins(%[[ONE]] : i64) outs(%{{.*}} : tensor<?xi64>)
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$FIRST]]]
// CHECK-SAME: iterator_types = ["reduction", "parallel"]
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: %[[FONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: linalg.fill ins(%[[FONE]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[P:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID3]], #[[$MID]]]
// CHECK-SAME: iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: tensor.expand_shape %[[P]] {{\[}}[0, 1, 2]] output_shape [1, 3, 1] : tensor<3xf32> into tensor<1x3x1xf32>
func.func @prod(%x: tensor<3x?xi64>, %f: tensor<2x3x4xf32>) -> (tensor<?xi64>, tensor<1x3x1xf32>) {
  %0 = graph.reduce_prod %x {axes = array<i64: 0>, keepdims = false} : tensor<3x?xi64> -> tensor<?xi64>
  %1 = graph.reduce_prod %f {axes = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<1x3x1xf32>
  return %0, %1 : tensor<?xi64>, tensor<1x3x1xf32>
}

// -----

// argmax carries the value and its index. The first occurrence wins
// (strict ogt); a NaN replaces a number, and the first NaN stays.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[X:.*]]: tensor<?x1000xf32>)
// CHECK: %[[DIM:.*]] = tensor.dim %[[X]]
// CHECK: %[[VEMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?xf32>
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[VINIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%[[VEMPTY]] : tensor<?xf32>)
// CHECK: %[[IEMPTY:.*]] = tensor.empty(%[[DIM]]) : tensor<?xi64>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[IINIT:.*]] = linalg.fill ins(%[[ZERO]] : i64) outs(%[[IEMPTY]] : tensor<?xi64>)
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$D0]], #[[$D0]]]
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK-SAME: ins(%[[X]] : tensor<?x1000xf32>) outs(%[[VINIT]], %[[IINIT]] : tensor<?xf32>, tensor<?xi64>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[BEST:.*]]: f32, %[[BESTI:.*]]: i64):
// CHECK:   %[[IDX:.*]] = linalg.index 1 : index
// CHECK:   %[[IDX64:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[BEST]] : f32
// CHECK:   %[[ISNAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK:   %[[BESTNUM:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]] : f32
// CHECK:   %[[NANWINS:.*]] = arith.andi %[[ISNAN]], %[[BESTNUM]] : i1
// CHECK:   %[[BETTER:.*]] = arith.ori %[[GT]], %[[NANWINS]] : i1
// CHECK:   %[[V:.*]] = arith.select %[[BETTER]], %[[IN]], %[[BEST]] : f32
// CHECK:   %[[I:.*]] = arith.select %[[BETTER]], %[[IDX64]], %[[BESTI]] : i64
// CHECK:   linalg.yield %[[V]], %[[I]] : f32, i64
// CHECK: return %[[R]]#1 : tensor<?xi64>
func.func @argmax(%x: tensor<?x1000xf32>) -> tensor<?xi64> {
  %0 = graph.argmax %x {axis = -1 : i64, keepdims = false} : tensor<?x1000xf32> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// select_last_index: ties (oge) and every NaN replace the accumulator.

// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @argmax_last
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID2]], #[[$D1]], #[[$D1]]]
// CHECK-SAME: iterator_types = ["reduction", "parallel"]
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[BEST:.*]]: f32, %[[BESTI:.*]]: i64):
// CHECK:   %[[IDX:.*]] = linalg.index 0 : index
// CHECK:   %[[IDX64:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK:   %[[GE:.*]] = arith.cmpf oge, %[[IN]], %[[BEST]] : f32
// CHECK:   %[[ISNAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK:   %[[BETTER:.*]] = arith.ori %[[GE]], %[[ISNAN]] : i1
// CHECK:   arith.select %[[BETTER]], %[[IN]], %[[BEST]] : f32
// CHECK:   arith.select %[[BETTER]], %[[IDX64]], %[[BESTI]] : i64
// CHECK: tensor.expand_shape %[[R]]#1 {{\[}}[0, 1]] output_shape [1, 5] : tensor<5xi64> into tensor<1x5xi64>
func.func @argmax_last(%x: tensor<?x5xf32>) -> tensor<1x5xi64> {
  %0 = graph.argmax %x {select_last_index = true} : tensor<?x5xf32> -> tensor<1x5xi64>
  return %0 : tensor<1x5xi64>
}

// -----

// Integer argmin: the highest value first, signed comparisons.

// CHECK-LABEL: func.func @argmin_int
// CHECK: %[[HIGH:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[HIGH]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: i32, %[[BEST:.*]]: i32, %[[BESTI:.*]]: i64):
// CHECK:   %[[IDX:.*]] = linalg.index 1 : index
// CHECK:   %[[IDX64:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK:   %[[LE:.*]] = arith.cmpi sle, %[[IN]], %[[BEST]] : i32
// CHECK:   arith.select %[[LE]], %[[IN]], %[[BEST]] : i32
// CHECK:   arith.select %[[LE]], %[[IDX64]], %[[BESTI]] : i64
// CHECK: tensor.expand_shape %[[R]]#1 {{\[}}[0, 1]] output_shape [4, 1] : tensor<4xi64> into tensor<4x1xi64>
// CHECK: %[[R2:.*]]:2 = linalg.generic
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
func.func @argmin_int(%x: tensor<4x?xi32>) -> (tensor<4x1xi64>, tensor<4x1xi64>) {
  %0 = graph.argmin %x {axis = 1 : i64, select_last_index = true} : tensor<4x?xi32> -> tensor<4x1xi64>
  %1 = graph.argmin %x {axis = 1 : i64} : tensor<4x?xi32> -> tensor<4x1xi64>
  return %0, %1 : tensor<4x1xi64>, tensor<4x1xi64>
}

// -----

// argmin of floats: olt, +inf first, same NaN rule as argmax.

// CHECK-LABEL: func.func @argmin_float
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.fill ins(%[[INF]] : f32)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[BEST:.*]]: f32, %{{.*}}: i64):
// CHECK:   linalg.index 0 : index
// CHECK:   arith.cmpf olt, %[[IN]], %[[BEST]] : f32
// CHECK:   arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK:   arith.cmpf ord, %[[BEST]], %[[BEST]] : f32
func.func @argmin_float(%x: tensor<7xf32>) -> tensor<i64> {
  %0 = graph.argmin %x {keepdims = false} : tensor<7xf32> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// dynamic_reduce: the host normalizes and checks each axis, flags each dim
// as reduced; the generic runs over kept sizes (parallel) and reduced sizes
// (reduction), reading the input at `reduced ? k : o`. Without keepdims the
// result is reshaped to the kept sizes.
// CHECK-LABEL: func.func @dynamic_reduce_max
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xi32>, %[[A:.*]]: tensor<1xi64>)
// CHECK: %[[RAW:.*]] = tensor.extract %[[A]]
// CHECK: kernel.check %{{.*}}, "graph.dynamic_reduce: an axis is out of range"
// CHECK: %[[R0:.*]] = arith.cmpi eq, %[[AXIS:.*]], %{{.*}} : index
// CHECK: %[[R1:.*]] = arith.cmpi eq, %[[AXIS]], %{{.*}} : index
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<?x?xi32>)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME: outs(%[[INIT]] : tensor<?x?xi32>)
// CHECK: %[[K0:.*]] = linalg.index 2
// CHECK: %[[O0:.*]] = linalg.index 0
// CHECK: %[[I0:.*]] = arith.select %[[R0]], %[[K0]], %[[O0]]
// CHECK: %[[K1:.*]] = linalg.index 3
// CHECK: %[[O1:.*]] = linalg.index 1
// CHECK: %[[I1:.*]] = arith.select %[[R1]], %[[K1]], %[[O1]]
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[I0]], %[[I1]]]
// CHECK: arith.maxsi %{{.*}}, %[[E]] : i32
// CHECK: tensor.from_elements %{{.*}} : tensor<1xi64>
// CHECK: tensor.reshape %{{.*}} : (tensor<?x?xi32>, tensor<1xi64>) -> tensor<?xi32>
func.func @dynamic_reduce_max(%x: tensor<?x3xi32>, %a: tensor<1xi64>) -> tensor<?xi32> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<max>, keepdims = false} : tensor<?x3xi32>, tensor<1xi64> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Two axes are also checked against each other; a float sum starts from
// -0.0 and a mean divides by the product of the reduced sizes.
// CHECK-LABEL: func.func @dynamic_reduce_mean
// CHECK-COUNT-2: "graph.dynamic_reduce: an axis is out of range"
// CHECK: kernel.check %{{.*}}, "graph.dynamic_reduce: an axis is repeated"
// CHECK: arith.constant -0.000000e+00 : f32
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: linalg.generic
// CHECK: arith.divf
func.func @dynamic_reduce_mean(%x: tensor<2x3x4xf32>, %a: tensor<2xi64>) -> tensor<?x?x?xf32> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<mean>} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// cumsum along a constant axis: one parallel generic whose element sums its
// prefix along the axis in an scf.for (exclusive: up to but excluding it),
// from +0.0 for an exclusive sum.
// CHECK-LABEL: func.func @cumsum_static_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>
// CHECK-NOT: kernel.check
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: %[[J:.*]] = linalg.index 1
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for %[[M:.*]] = %{{.*}} to %[[J]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%{{.*}}, %[[M]]]
// CHECK: arith.addf %[[ACC]], %[[E]] : f32
func.func @cumsum_static_axis(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %a = graph.constant dense<-1> : tensor<i64>
  %0 = graph.cumsum %x, %a {exclusive = true} : tensor<2x?xf32>, tensor<i64> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// An axis read at run time is normalized and checked on the host; the body
// selects the position along it. f16 accumulates in f32, and reverse sums
// run from the element to the end.
// CHECK-LABEL: func.func @cumsum_runtime_axis
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf16>, %[[A:.*]]: tensor<i32>)
// CHECK: tensor.extract %[[A]][] : tensor<i32>
// CHECK: kernel.check %{{.*}}, "graph.cumsum: the axis is out of range"
// CHECK: linalg.generic
// CHECK: arith.constant -0.000000e+00 : f32
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.addf %{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @cumsum_runtime_axis(%x: tensor<2x3xf16>, %a: tensor<i32>) -> tensor<2x3xf16> {
  %0 = graph.cumsum %x, %a {reverse = true} : tensor<2x3xf16>, tensor<i32> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// top_k: k is read and checked on the host; a first generic ranks each
// element (how many come before it, stopping at k), a second fills position
// j with the element of rank j and its index.
// CHECK-LABEL: func.func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[K:.*]]: tensor<1xi64>)
// CHECK: %[[KE:.*]] = tensor.extract %[[K]]
// CHECK: %[[KI:.*]] = arith.index_cast %[[KE]] : i64 to index
// CHECK: kernel.check %{{.*}}, "graph.top_k: k is out of range"
// CHECK: %[[RANKS:.*]] = linalg.generic
// CHECK: scf.while
// CHECK: arith.cmpf ogt
// CHECK: -> tensor<3x4xi64>
// CHECK: %[[V:.*]] = tensor.empty(%[[KI]]) : tensor<3x?xf32>
// CHECK: %[[I:.*]] = tensor.empty(%[[KI]]) : tensor<3x?xi64>
// CHECK: %[[G:.*]]:2 = linalg.generic
// CHECK-SAME: outs(%[[V]], %[[I]] : tensor<3x?xf32>, tensor<3x?xi64>)
// CHECK: scf.for
// CHECK: tensor.extract %[[RANKS]]
// CHECK: return %[[G]]#0, %[[G]]#1
func.func @top_k(%x: tensor<3x4xf32>, %k: tensor<1xi64>) -> (tensor<3x?xf32>, tensor<3x?xi64>) {
  %0:2 = graph.top_k %x, %k {axis = 1 : i64} : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return %0#0, %0#1 : tensor<3x?xf32>, tensor<3x?xi64>
}

// -----

// A constant k gives static results and no check; unsigned integers compare
// unsigned, smallest first.
// CHECK-LABEL: func.func @top_k_unsigned
// CHECK-NOT: kernel.check
// CHECK: linalg.generic
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<2x3xi32>, tensor<2x3xi64>)
func.func @top_k_unsigned(%x: tensor<4x3xui32>) -> (tensor<2x3xui32>, tensor<2x3xi64>) {
  %k = graph.constant dense<2> : tensor<1xi64>
  %0:2 = graph.top_k %x, %k {axis = 0 : i64, largest = false} : tensor<4x3xui32>, tensor<1xi64> -> tensor<2x3xui32>, tensor<2x3xi64>
  return %0#0, %0#1 : tensor<2x3xui32>, tensor<2x3xi64>
}
