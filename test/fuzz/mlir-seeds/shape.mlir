// Seeds of test/fuzz/mlir_fuzz.py: shape and indexing ops (reshape,
// transpose, concat, slice, gathers, scatters, pad, split, tile, expand,
// trilu, range).
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @reshape_transpose(%x: tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<4x3x2xf32>) {
  %s = graph.constant dense<[4, -1]> : tensor<2xi64>
  %0 = graph.reshape %x, %s : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<4x6xf32>
  %1 = graph.transpose %x {perm = array<i64: 2, 1, 0>} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  return %0, %1 : tensor<4x6xf32>, tensor<4x3x2xf32>
}

func.func @reshape_runtime_shape(%x: tensor<2x6xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %0 = graph.reshape %x, %s : tensor<2x6xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x2xf32>, %c: tensor<1x5xf32>) -> (tensor<2x5xf32>, tensor<3x5xf32>) {
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<2x3xf32>, tensor<2x2xf32> -> tensor<2x5xf32>
  %1 = graph.concat %0, %c {axis = 0 : i64} : tensor<2x5xf32>, tensor<1x5xf32> -> tensor<3x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<3x5xf32>
}

func.func @concat_int(%a: tensor<3xi32>, %b: tensor<2xi32>, %c: tensor<4xi32>) -> tensor<9xi32> {
  %0 = graph.concat %a, %b, %c {axis = -1 : i64} : tensor<3xi32>, tensor<2xi32>, tensor<4xi32> -> tensor<9xi32>
  return %0 : tensor<9xi32>
}

func.func @slice(%x: tensor<4x5xf32>, %y: tensor<8x10xf32>) -> (tensor<2x2xf32>, tensor<3x4xf32>) {
  %0 = graph.slice %x {starts = array<i64: 1, 0>, ends = array<i64: 3, 4>, axes = array<i64: 0, 1>, steps = array<i64: 1, 2>} : tensor<4x5xf32> -> tensor<2x2xf32>
  %1 = graph.slice %y {starts = array<i64: 1, -1>, ends = array<i64: 7, -9223372036854775807>, steps = array<i64: 2, -3>} : tensor<8x10xf32> -> tensor<3x4xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<3x4xf32>
}

func.func @dynamic_slice(%x: tensor<6x4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>, %t: tensor<1xi64>) -> tensor<?x4xf32> {
  %a = graph.constant dense<0> : tensor<1xi64>
  %0 = graph.dynamic_slice %x, %s, %e axes %a steps %t : (tensor<6x4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @gather(%x: tensor<5x3xf32>, %i: tensor<4xi64>, %j: tensor<2x2xi32>) -> (tensor<4x3xf32>, tensor<5x2x2xf32>) {
  %0 = graph.gather %x, %i : tensor<5x3xf32>, tensor<4xi64> -> tensor<4x3xf32>
  %1 = graph.gather %x, %j {axis = 1 : i64} : tensor<5x3xf32>, tensor<2x2xi32> -> tensor<5x2x2xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<5x2x2xf32>
}

func.func @gather_const_index(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %i = graph.constant dense<[5, 0, -2]> : tensor<3xi64>
  %0 = graph.gather %x, %i {axis = 1 : i64} : tensor<4x6xf32>, tensor<3xi64> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

func.func @gather_elements_nd(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>, %j: tensor<2x1xi32>) -> (tensor<3x2xf32>, tensor<2x4xf32>) {
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
  %1 = graph.gather_nd %x, %j : tensor<3x4xf32>, tensor<2x1xi32> -> tensor<2x4xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<2x4xf32>
}

func.func @scatter(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf32>, %j: tensor<2x1xi32>, %v: tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = graph.scatter_elements %x, %i, %u {axis = 1 : i64, reduction = #graph.scatter_reduction<add>} : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x4xf32>
  %1 = graph.scatter_nd %x, %j, %v {reduction = #graph.scatter_reduction<max>} : tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32> -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}

func.func @pad(%x: tensor<3x4xf32>, %y: tensor<5xi32>) -> (tensor<6x5xf32>, tensor<4x5xf32>, tensor<9xi32>) {
  %0 = graph.pad %x {pads = array<i64: 1, 0, 2, 1>, value = -1.5} : tensor<3x4xf32> -> tensor<6x5xf32>
  %1 = graph.pad %x {pads = array<i64: 0, 1, 1, 0>, mode = #graph.pad_mode<edge>} : tensor<3x4xf32> -> tensor<4x5xf32>
  %2 = graph.pad %y {pads = array<i64: 2, 2>, mode = #graph.pad_mode<reflect>} : tensor<5xi32> -> tensor<9xi32>
  return %0, %1, %2 : tensor<6x5xf32>, tensor<4x5xf32>, tensor<9xi32>
}

func.func @squeeze_unsqueeze_flatten(%x: tensor<2x1x3xf32>) -> (tensor<2x3xf32>, tensor<1x2x1x3x1xf32>, tensor<2x3xf32>) {
  %0 = graph.squeeze %x {axes = array<i64: 1>} : tensor<2x1x3xf32> -> tensor<2x3xf32>
  %1 = graph.unsqueeze %x {axes = array<i64: 0, -1>} : tensor<2x1x3xf32> -> tensor<1x2x1x3x1xf32>
  %2 = graph.flatten %x {axis = 1 : i64} : tensor<2x1x3xf32> -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<1x2x1x3x1xf32>, tensor<2x3xf32>
}

func.func @tile_expand(%x: tensor<2x3xi32>, %y: tensor<3x1xf32>) -> (tensor<4x9xi32>, tensor<2x3x4xf32>) {
  %s = graph.constant dense<[2, 3, 4]> : tensor<3xi64>
  %0 = graph.tile %x {repeats = array<i64: 2, 3>} : tensor<2x3xi32> -> tensor<4x9xi32>
  %1 = graph.expand %y, %s : tensor<3x1xf32>, tensor<3xi64> -> tensor<2x3x4xf32>
  return %0, %1 : tensor<4x9xi32>, tensor<2x3x4xf32>
}

func.func @split(%x: tensor<2x5xf32>, %y: tensor<7xf16>) -> (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>) {
  %0:2 = graph.split %x {axis = 1 : i64, split = array<i64: 2, 3>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x3xf32>
  %1:3 = graph.split %y {num_outputs = 3 : i64} : tensor<7xf16> -> tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
  return %0#0, %0#1, %1#0, %1#1, %1#2 : tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
}

func.func @trilu(%x: tensor<2x4x4xf32>, %k: tensor<i64>) -> (tensor<2x4x4xf32>, tensor<2x4x4xf32>) {
  %0 = graph.trilu %x, %k {upper = false} : (tensor<2x4x4xf32>, tensor<i64>) -> tensor<2x4x4xf32>
  %1 = graph.trilu %x : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %0, %1 : tensor<2x4x4xf32>, tensor<2x4x4xf32>
}

func.func @range_shape_of(%x: tensor<3x5xf32>) -> (tensor<?xi64>, tensor<2xi64>, tensor<?x?xf32>) {
  %s = graph.constant dense<1> : tensor<i64>
  %l = graph.constant dense<9> : tensor<i64>
  %d = graph.constant dense<2> : tensor<i64>
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<?xi64>
  %1 = graph.shape_of %x : tensor<3x5xf32> -> tensor<2xi64>
  %2 = graph.constant_of_shape %1 {value = dense<1.5> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?xi64>, tensor<2xi64>, tensor<?x?xf32>
}
