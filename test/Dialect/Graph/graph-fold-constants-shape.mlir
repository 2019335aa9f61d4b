// RUN: strata-opt %s --graph-fold-constants -split-input-file | FileCheck %s

// The reference evaluator on the shape ops. The folders of reshape, flatten,
// squeeze, unsqueeze and constant_of_shape already handle dense constants,
// so those cases read dense_resource blobs, which only the evaluator reads.
// Expected values come from numpy (reshape, transpose, broadcast_to, tile).

// The shape computation of a dynamic export: shape_of of a static tensor,
// a gather of one size, an unsqueeze to 1-D and a concat with -1 fold to the
// constant shape operand of the reshape, whose input is not a constant.
// CHECK-LABEL: func.func @shape_chain
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NOT: graph.shape_of
// CHECK-NOT: graph.gather
// CHECK-NOT: graph.unsqueeze
// CHECK-NOT: graph.concat
// CHECK: %[[S:.*]] = graph.constant dense<[3, -1]> : tensor<2xi64>
// CHECK-NEXT: %[[R:.*]] = graph.reshape %[[X]], %[[S]] : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
// CHECK-NEXT: return %[[R]]
func.func @shape_chain(%x: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %shape = graph.shape_of %x : tensor<2x3x4xf32> -> tensor<3xi64>
  %index = graph.constant dense<-2> : tensor<i64>
  %dim = graph.gather %shape, %index {axis = 0 : i64} : tensor<3xi64>, tensor<i64> -> tensor<i64>
  %dim1 = graph.unsqueeze %dim {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %rest = graph.constant dense<-1> : tensor<1xi64>
  %new = graph.concat %dim1, %rest {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %0 = graph.reshape %x, %new : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// On a constant input with a static declared result the reshape folds too:
// the chain gives [2, -1], and [0, -1] keeps dim 0 and infers 6.
// CHECK-LABEL: func.func @reshape_zero_and_infer
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<{{\[}}[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00], [3.500000e+00, 4.000000e+00, 4.500000e+00, 5.000000e+00, 5.500000e+00, 6.000000e+00]]> : tensor<2x6xf32>
// CHECK-NEXT: return %[[C]], %[[C]]
func.func @reshape_zero_and_infer() -> (tensor<2x6xf32>, tensor<2x6xf32>) {
  %x = graph.constant dense_resource<x> : tensor<2x3x2xf32>
  %shape = graph.shape_of %x : tensor<2x3x2xf32> -> tensor<3xi64>
  %index = graph.constant dense<[0]> : tensor<1xi64>
  %first = graph.gather %shape, %index {axis = 0 : i64} : tensor<3xi64>, tensor<1xi64> -> tensor<1xi64>
  %rest = graph.constant dense<[-1]> : tensor<1xi64>
  %new = graph.concat %first, %rest {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %0 = graph.reshape %x, %new : tensor<2x3x2xf32>, tensor<2xi64> -> tensor<2x6xf32>
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  %1 = graph.reshape %x, %s : tensor<2x3x2xf32>, tensor<2xi64> -> tensor<2x6xf32>
  return %0, %1 : tensor<2x6xf32>, tensor<2x6xf32>
}

{-#
  dialect_resources: {
    builtin: {
      x: "0x040000000000003F0000803F0000C03F0000004000002040000040400000604000008040000090400000A0400000B0400000C040"
    }
  }
#-}

// -----

// A declared result that is not static is left alone (the evaluator's
// contract), even with constant operands.
// CHECK-LABEL: func.func @reshape_dynamic_result
// CHECK: graph.reshape
func.func @reshape_dynamic_result() -> tensor<?x?xf32> {
  %x = graph.constant dense_resource<x> : tensor<2x3x2xf32>
  %s = graph.constant dense<[3, 4]> : tensor<2xi64>
  %0 = graph.reshape %x, %s : tensor<2x3x2xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

{-#
  dialect_resources: {
    builtin: {
      x: "0x040000000000003F0000803F0000C03F0000004000002040000040400000604000008040000090400000A0400000B0400000C040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[5.000000e-01, 1.000000e+00], [1.500000e+00, 2.000000e+00], [2.500000e+00, 3.000000e+00], [3.500000e+00, 4.000000e+00], [4.500000e+00, 5.000000e+00], [5.500000e+00, 6.000000e+00]]> : tensor<6x2xf32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00, 3.500000e+00, 4.000000e+00, 4.500000e+00, 5.000000e+00, 5.500000e+00, 6.000000e+00]]> : tensor<1x12xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @flatten() -> (tensor<6x2xf32>, tensor<1x12xf32>) {
  %x = graph.constant dense_resource<x> : tensor<2x3x2xf32>
  %0 = graph.flatten %x {axis = -1 : i64} : tensor<2x3x2xf32> -> tensor<6x2xf32>
  %1 = graph.flatten %x {axis = 0 : i64} : tensor<2x3x2xf32> -> tensor<1x12xf32>
  return %0, %1 : tensor<6x2xf32>, tensor<1x12xf32>
}

{-#
  dialect_resources: {
    builtin: {
      x: "0x040000000000003F0000803F0000C03F0000004000002040000040400000604000008040000090400000A0400000B0400000C040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[1, 2, 3]]> : tensor<1x3xi32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @squeeze() -> (tensor<3xi32>, tensor<1x3xi32>) {
  %y = graph.constant dense_resource<y> : tensor<1x3x1xi32>
  %0 = graph.squeeze %y : tensor<1x3x1xi32> -> tensor<3xi32>
  %1 = graph.squeeze %y {axes = array<i64: -1>} : tensor<1x3x1xi32> -> tensor<1x3xi32>
  return %0, %1 : tensor<3xi32>, tensor<1x3xi32>
}

{-#
  dialect_resources: {
    builtin: {
      y: "0x04000000010000000200000003000000"
    }
  }
#-}

// -----

// f16 values survive the copy unchanged.
// CHECK-LABEL: func.func @unsqueeze
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[\[\[}}[1.500000e+00], [-2.000000e+00], [3.250000e+00]]]]> : tensor<1x1x3x1xf16>
// CHECK-NEXT: return %[[A]]
func.func @unsqueeze() -> tensor<1x1x3x1xf16> {
  %z = graph.constant dense_resource<z> : tensor<1x3xf16>
  %0 = graph.unsqueeze %z {axes = array<i64: 0, -1>} : tensor<1x3xf16> -> tensor<1x1x3x1xf16>
  return %0 : tensor<1x1x3x1xf16>
}

{-#
  dialect_resources: {
    builtin: {
      z: "0x02000000003E00C08042"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[\[}}[0, 2, 4], [6, 8, 10]], {{\[}}[1, 3, 5], [7, 9, 11]]]> : tensor<2x2x3xi64>
// CHECK-NEXT: return %[[A]]
func.func @transpose() -> tensor<2x2x3xi64> {
  %t = graph.constant dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]> : tensor<2x3x2xi64>
  %0 = graph.transpose %t {perm = array<i64: 2, 0, 1>} : tensor<2x3x2xi64> -> tensor<2x2x3xi64>
  return %0 : tensor<2x2x3xi64>
}

// -----

// An operand that is not a constant: nothing to evaluate.
// CHECK-LABEL: func.func @transpose_of_argument
// CHECK: graph.transpose
func.func @transpose_of_argument(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Broadcasts grow dims of size 1 (and add leading dims) in both directions.
// CHECK-LABEL: func.func @expand
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[\[}}[1, 1], [2, 2], [3, 3]], {{\[}}[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi32>
// CHECK-NEXT: %[[B:.*]] = graph.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @expand() -> (tensor<2x3x2xi32>, tensor<2x3xf32>) {
  %e = graph.constant dense<[[1], [2], [3]]> : tensor<3x1xi32>
  %s = graph.constant dense<[2, 3, 2]> : tensor<3xi64>
  %0 = graph.expand %e, %s : tensor<3x1xi32>, tensor<3xi64> -> tensor<2x3x2xi32>
  %f = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %t = graph.constant dense<[2, 1]> : tensor<2xi64>
  %1 = graph.expand %f, %t : tensor<3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3x2xi32>, tensor<2x3xf32>
}

// -----

// A shape that is not a constant: expand stays.
// CHECK-LABEL: func.func @expand_runtime_shape
// CHECK: graph.expand
func.func @expand_runtime_shape(%s: tensor<2xi64>) -> tensor<?x3xf32> {
  %f = graph.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = graph.expand %f, %s : tensor<3xf32>, tensor<2xi64> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @tile
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<{{\[}}[1, 2, 1, 2, 1, 2], [3, 4, 3, 4, 3, 4], [1, 2, 1, 2, 1, 2], [3, 4, 3, 4, 3, 4]]> : tensor<4x6xi8>
// CHECK-NEXT: return %[[A]]
func.func @tile() -> tensor<4x6xi8> {
  %c = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %0 = graph.tile %c {repeats = array<i64: 2, 3>} : tensor<2x2xi8> -> tensor<4x6xi8>
  return %0 : tensor<4x6xi8>
}

// -----

// Over --max-elements (default 2^20): left alone.
// CHECK-LABEL: func.func @tile_too_large
// CHECK: graph.tile
func.func @tile_too_large() -> tensor<2048x1024xi8> {
  %c = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %0 = graph.tile %c {repeats = array<i64: 1024, 512>} : tensor<2x2xi8> -> tensor<2048x1024xi8>
  return %0 : tensor<2048x1024xi8>
}

// -----

// The fill value read from a blob, the sizes from a shape computation.
// CHECK-LABEL: func.func @constant_of_shape
// CHECK-NEXT: %[[A:.*]] = graph.constant dense<7> : tensor<2x3xi8>
// CHECK-NEXT: return %[[A]]
func.func @constant_of_shape() -> tensor<2x3xi8> {
  %a = graph.constant dense<[2]> : tensor<1xi64>
  %b = graph.constant dense<[3]> : tensor<1xi64>
  %s = graph.concat %a, %b {axis = 0 : i64} : tensor<1xi64>, tensor<1xi64> -> tensor<2xi64>
  %0 = graph.constant_of_shape %s {value = dense_resource<seven> : tensor<1xi8>} : tensor<2xi64> -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

{-#
  dialect_resources: {
    builtin: {
      seven: "0x0100000007"
    }
  }
#-}

// -----

// range on constants: numpy.arange(10, 1, -3) and arange(0.5, 2.0, 0.4).
// CHECK-LABEL: func.func @range
// CHECK-DAG: graph.constant dense<[10, 7, 4]> : tensor<3xi64>
// CHECK-DAG: graph.constant dense<[5.000000e-01, 0.899999976, 1.300000e+00, 1.700000e+00]> : tensor<4xf32>
func.func @range() -> (tensor<3xi64>, tensor<4xf32>) {
  %s = graph.constant dense<10> : tensor<i64>
  %l = graph.constant dense<1> : tensor<i64>
  %d = graph.constant dense<-3> : tensor<i64>
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<3xi64>
  %a = graph.constant dense<0.5> : tensor<f32>
  %b = graph.constant dense<2.0> : tensor<f32>
  %c = graph.constant dense<0.4> : tensor<f32>
  %1 = graph.range %a, %b, %c : tensor<f32> -> tensor<4xf32>
  return %0, %1 : tensor<3xi64>, tensor<4xf32>
}
