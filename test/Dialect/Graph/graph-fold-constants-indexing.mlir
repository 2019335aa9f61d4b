// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s

// The reference evaluator on the indexing ops. Expected values come from
// numpy (concatenate, basic slicing, take, pad, split), with ONNX's bounds
// and pads translated by hand.

// CHECK-LABEL: func.func @concat
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[1, 2, 5], [3, 4, 6]]> : tensor<2x3xi64>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[1.500000e+00], [2.500000e+00], [-1.000000e+00], [1.500000e+00], [2.500000e+00]]> : tensor<5x1xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @concat() -> (tensor<2x3xi64>, tensor<5x1xf32>) {
  %a = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = graph.constant dense<[[5], [6]]> : tensor<2x1xi64>
  %0 = graph.concat %a, %b {axis = -1 : i64} : tensor<2x2xi64>, tensor<2x1xi64> -> tensor<2x3xi64>
  %p = graph.constant dense<[[1.5], [2.5]]> : tensor<2x1xf32>
  %q = graph.constant dense<[[-1.0]]> : tensor<1x1xf32>
  %1 = graph.concat %p, %q, %p {axis = 0 : i64} : tensor<2x1xf32>, tensor<1x1xf32>, tensor<2x1xf32> -> tensor<5x1xf32>
  return %0, %1 : tensor<2x3xi64>, tensor<5x1xf32>
}

// -----

// One input is not a constant: concat stays.
// CHECK-LABEL: func.func @concat_with_argument
// CHECK: graph.concat
func.func @concat_with_argument(%x: tensor<2x1xi64>) -> tensor<2x3xi64> {
  %a = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %0 = graph.concat %a, %x {axis = 1 : i64} : tensor<2x2xi64>, tensor<2x1xi64> -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// Negative steps: [-1:INT64_MIN:-2] walks back from the last element to
// the first; [100:-100:-1] clamps to [3, -1] and reverses the whole axis.
// CHECK-LABEL: func.func @slice_negative_steps
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<[9, 7, 5, 3, 1]> : tensor<5xi32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[7.000000e+00, 6.000000e+00, 5.000000e+00, 4.000000e+00], [1.100000e+01, 1.000000e+01, 9.000000e+00, 8.000000e+00]]> : tensor<2x4xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @slice_negative_steps() -> (tensor<5xi32>, tensor<2x4xf32>) {
  %v = graph.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<10xi32>
  %0 = graph.slice %v {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, steps = array<i64: -2>} : tensor<10xi32> -> tensor<5xi32>
  %m = graph.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %1 = graph.slice %m {starts = array<i64: 1, 100>, ends = array<i64: 9223372036854775807, -100>, axes = array<i64: 0, 1>, steps = array<i64: 1, -1>} : tensor<3x4xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<5xi32>, tensor<2x4xf32>
}

// -----

// [-10:100:3] on the last axis clamps to [0, 4) and takes columns 0 and 3;
// [-6:-3:-1] of a size-4 axis clamps to [0, 1) backwards: empty.
// CHECK-LABEL: func.func @slice_clamped
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[0.000000e+00, 3.000000e+00], [4.000000e+00, 7.000000e+00], [8.000000e+00, 1.100000e+01]]> : tensor<3x2xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<> : tensor<3x0xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @slice_clamped() -> (tensor<3x2xf32>, tensor<3x0xf32>) {
  %m = graph.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]> : tensor<3x4xf32>
  %0 = graph.slice %m {starts = array<i64: -10>, ends = array<i64: 100>, axes = array<i64: -1>, steps = array<i64: 3>} : tensor<3x4xf32> -> tensor<3x2xf32>
  %1 = graph.slice %m {starts = array<i64: -6>, ends = array<i64: -3>, axes = array<i64: 1>, steps = array<i64: -1>} : tensor<3x4xf32> -> tensor<3x0xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x0xf32>
}

// -----

// CHECK-LABEL: func.func @slice_of_argument
// CHECK: graph.slice
func.func @slice_of_argument(%x: tensor<10xi32>) -> tensor<5xi32> {
  %0 = graph.slice %x {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, steps = array<i64: -2>} : tensor<10xi32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// 2-D data (beyond the gather folder, which takes 1-D data), negative
// indices, and 2-D indices.
// CHECK-LABEL: func.func @gather
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[3, 1, 1], [6, 4, 4]]> : tensor<2x3xi32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[\[}}[4, 5, 6], [1, 2, 3]], {{\[}}[4, 5, 6], [1, 2, 3]]]> : tensor<2x2x3xi32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @gather() -> (tensor<2x3xi32>, tensor<2x2x3xi32>) {
  %d = graph.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = graph.constant dense<[-1, 0, -3]> : tensor<3xi64>
  %0 = graph.gather %d, %i {axis = 1 : i64} : tensor<2x3xi32>, tensor<3xi64> -> tensor<2x3xi32>
  %j = graph.constant dense<[[1, 0], [-1, -2]]> : tensor<2x2xi32>
  %1 = graph.gather %d, %j {axis = 0 : i64} : tensor<2x3xi32>, tensor<2x2xi32> -> tensor<2x2x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x2x3xi32>
}

// -----

// Indices outside [-d, d) make gather undefined: it must not fold.
// CHECK-LABEL: func.func @gather_out_of_range
// CHECK: graph.gather
// CHECK: graph.gather
func.func @gather_out_of_range() -> (tensor<2x2xi32>, tensor<1xi64>) {
  %d = graph.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = graph.constant dense<[0, 3]> : tensor<2xi64>
  %0 = graph.gather %d, %i {axis = 1 : i64} : tensor<2x3xi32>, tensor<2xi64> -> tensor<2x2xi32>
  %s = graph.constant dense<[2, 3, 4]> : tensor<3xi64>
  %j = graph.constant dense<[-4]> : tensor<1xi64>
  %1 = graph.gather %s, %j {axis = 0 : i64} : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  return %0, %1 : tensor<2x2xi32>, tensor<1xi64>
}

// -----

// Reflect mirrors without repeating the border (pads [1, 2, 1, 2]); edge
// repeats it (pads [0, 1, 2, 1]).
// CHECK-LABEL: func.func @pad_reflect_edge
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[6.000000e+00, 5.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 5.000000e+00, 4.000000e+00], [3.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 2.000000e+00, 1.000000e+00], [6.000000e+00, 5.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 5.000000e+00, 4.000000e+00], [3.000000e+00, 2.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<4x7xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 3.000000e+00], [4.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 6.000000e+00], [4.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 6.000000e+00], [4.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 6.000000e+00]]> : tensor<4x5xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @pad_reflect_edge() -> (tensor<4x7xf32>, tensor<4x5xf32>) {
  %x = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = graph.pad %x {pads = array<i64: 1, 2, 1, 2>, mode = #graph.pad_mode<reflect>} : tensor<2x3xf32> -> tensor<4x7xf32>
  %1 = graph.pad %x {pads = array<i64: 0, 1, 2, 1>, mode = #graph.pad_mode<edge>} : tensor<2x3xf32> -> tensor<4x5xf32>
  return %0, %1 : tensor<4x7xf32>, tensor<4x5xf32>
}

// -----

// Constant mode: pads [1, -1, 0, 1] add a row of 1.5 on top, crop the first
// column and add a column of 1.5 on the right; an i8 fill of -7.
// CHECK-LABEL: func.func @pad_constant
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[1.500000e+00, 1.500000e+00, 1.500000e+00], [2.000000e+00, 3.000000e+00, 1.500000e+00], [5.000000e+00, 6.000000e+00, 1.500000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[-7, 1, 2], [-7, 3, 4], [-7, -7, -7]]> : tensor<3x3xi8>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @pad_constant() -> (tensor<3x3xf32>, tensor<3x3xi8>) {
  %x = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = graph.pad %x {pads = array<i64: 1, -1, 0, 1>, value = 1.5 : f64} : tensor<2x3xf32> -> tensor<3x3xf32>
  %i = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %1 = graph.pad %i {pads = array<i64: 0, 1, 1, 0>, value = -7.0 : f64} : tensor<2x2xi8> -> tensor<3x3xi8>
  return %0, %1 : tensor<3x3xf32>, tensor<3x3xi8>
}

// -----

// CHECK-LABEL: func.func @pad_of_argument
// CHECK: graph.pad
func.func @pad_of_argument(%x: tensor<2x3xf32>) -> tensor<4x7xf32> {
  %0 = graph.pad %x {pads = array<i64: 1, 2, 1, 2>, mode = #graph.pad_mode<reflect>} : tensor<2x3xf32> -> tensor<4x7xf32>
  return %0 : tensor<4x7xf32>
}

// -----

// Uneven num_outputs: 7 elements in pieces of ceil(7 / 3) = 3, 3 and 1;
// explicit sizes along a negative axis.
// CHECK-LABEL: func.func @split
// CHECK-DAG: %[[A:.*]] = graph.constant dense<[0.000000e+00, 5.000000e-01, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[B:.*]] = graph.constant dense<[1.500000e+00, 2.000000e+00, 2.500000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C:.*]] = graph.constant dense<3.000000e+00> : tensor<1xf32>
// CHECK-DAG: %[[D:.*]] = graph.constant dense<{{\[}}[0], [4]]> : tensor<2x1xi64>
// CHECK-DAG: %[[E:.*]] = graph.constant dense<{{\[}}[1, 2, 3], [5, 6, 7]]> : tensor<2x3xi64>
// CHECK-NOT: graph.split
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @split() -> (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<2x1xi64>, tensor<2x3xi64>) {
  %s = graph.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0]> : tensor<7xf32>
  %0:3 = graph.split %s {num_outputs = 3 : i64} : tensor<7xf32> -> tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
  %t = graph.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>
  %1:2 = graph.split %t {axis = -1 : i64, split = array<i64: 1, 3>} : tensor<2x4xi64> -> tensor<2x1xi64>, tensor<2x3xi64>
  return %0#0, %0#1, %0#2, %1#0, %1#1 : tensor<3xf32>, tensor<3xf32>, tensor<1xf32>, tensor<2x1xi64>, tensor<2x3xi64>
}

// -----

// CHECK-LABEL: func.func @split_of_argument
// CHECK: graph.split
func.func @split_of_argument(%x: tensor<7xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<1xf32>) {
  %0:3 = graph.split %x {num_outputs = 3 : i64} : tensor<7xf32> -> tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
  return %0#0, %0#1, %0#2 : tensor<3xf32>, tensor<3xf32>, tensor<1xf32>
}

// -----

// dynamic_slice on constants: x[1:3, ::-2] of [[0..5], [6..11], ...].
// CHECK-LABEL: func.func @dynamic_slice
// CHECK-NEXT: %[[R:.*]] = graph.constant dense<{{\[}}[1.100000e+01, 9.000000e+00, 7.000000e+00], [1.700000e+01, 1.500000e+01, 1.300000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
func.func @dynamic_slice() -> tensor<2x3xf32> {
  %x = graph.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]> : tensor<4x6xf32>
  %s = graph.constant dense<[1, -1]> : tensor<2xi64>
  %e = graph.constant dense<[3, -9223372036854775808]> : tensor<2xi64>
  %t = graph.constant dense<[1, -2]> : tensor<2xi32>
  %0 = graph.dynamic_slice %x, %s, %e steps %t : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// trilu on constants: numpy.triu(m, 1) and numpy.tril(m, -1).
// CHECK-LABEL: func.func @trilu
// CHECK-DAG: graph.constant dense<{{\[}}[0, 2, 3], [0, 0, 6]]> : tensor<2x3xi32>
// CHECK-DAG: graph.constant dense<{{\[}}[0, 0, 0], [4, 0, 0]]> : tensor<2x3xi32>
func.func @trilu() -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %m = graph.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %k = graph.constant dense<1> : tensor<i64>
  %n = graph.constant dense<-1> : tensor<i64>
  %0 = graph.trilu %m, %k : (tensor<2x3xi32>, tensor<i64>) -> tensor<2x3xi32>
  %1 = graph.trilu %m, %n {upper = false} : (tensor<2x3xi32>, tensor<i64>) -> tensor<2x3xi32>
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
}

// -----

// The gathers and scatters on constants (numpy: take_along_axis,
// x[tuple(i.T)], put_along_axis, x[i] = u; duplicate indices: the last
// update wins; add accumulates).
// CHECK-LABEL: func.func @gathers_scatters
// CHECK-DAG: graph.constant dense<{{\[}}[1, 4], [6, 5], [9, 9]]> : tensor<3x2xi32>
// CHECK-DAG: graph.constant dense<{{\[}}[5, 6, 7, 8], [5, 6, 7, 8]]> : tensor<2x4xi32>
// CHECK-DAG: graph.constant dense<{{\[}}[200, 2, 3, 4], [5, 6, 7, 400], [9, 10, 11, 12]]> : tensor<3x4xi32>
// CHECK-DAG: graph.constant dense<{{\[}}[301, 2, 3, 4], [5, 6, 7, 708], [9, 10, 11, 12]]> : tensor<3x4xi32>
// CHECK-DAG: graph.constant dense<{{\[}}[1, 2, 3, 4], [-1, -2, -3, -4], [-5, -6, -7, -8]]> : tensor<3x4xi32>
func.func @gathers_scatters() -> (tensor<3x2xi32>, tensor<2x4xi32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<3x4xi32>) {
  %x = graph.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
  %i = graph.constant dense<[[0, 3], [1, 0], [0, 0]]> : tensor<3x2xi64>
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<3x4xi32>, tensor<3x2xi64> -> tensor<3x2xi32>
  %g = graph.constant dense<[[-2], [1]]> : tensor<2x1xi64>
  %1 = graph.gather_nd %x, %g : tensor<3x4xi32>, tensor<2x1xi64> -> tensor<2x4xi32>
  %si = graph.constant dense<[[0, 0], [3, -1]]> : tensor<2x2xi64>
  %su = graph.constant dense<[[100, 200], [300, 400]]> : tensor<2x2xi32>
  %2 = graph.scatter_elements %x, %si, %su {axis = 1 : i64} : tensor<3x4xi32>, tensor<2x2xi64>, tensor<2x2xi32> -> tensor<3x4xi32>
  %3 = graph.scatter_elements %x, %si, %su {axis = 1 : i64, reduction = #graph.scatter_reduction<add>} : tensor<3x4xi32>, tensor<2x2xi64>, tensor<2x2xi32> -> tensor<3x4xi32>
  %ni = graph.constant dense<[[2], [1], [-1]]> : tensor<3x1xi64>
  %nu = graph.constant dense<[[0, 0, 0, 0], [-1, -2, -3, -4], [-5, -6, -7, -8]]> : tensor<3x4xi32>
  %4 = graph.scatter_nd %x, %ni, %nu : tensor<3x4xi32>, tensor<3x1xi64>, tensor<3x4xi32> -> tensor<3x4xi32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi32>, tensor<2x4xi32>, tensor<3x4xi32>, tensor<3x4xi32>, tensor<3x4xi32>
}

// -----

// Ops whose results are static and empty become empty constants whatever
// their operands (here a slice of a run-time zero-length tensor by run-time
// bounds); an op with a non-empty result stays.
// CHECK-LABEL: func.func @empty_results
// CHECK-NEXT: %[[E:.*]] = graph.constant dense<> : tensor<0xf32>
// CHECK-NEXT: %[[R:.*]] = graph.relu %arg2
// CHECK-NEXT: return %[[E]], %[[R]]
func.func @empty_results(%x: tensor<0xf32>, %b: tensor<1xi64>, %y: tensor<2xf32>) -> (tensor<0xf32>, tensor<2xf32>) {
  %0 = graph.dynamic_slice %x, %b, %b : (tensor<0xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<0xf32>
  %1 = graph.relu %y : tensor<2xf32> -> tensor<2xf32>
  return %0, %1 : tensor<0xf32>, tensor<2xf32>
}
