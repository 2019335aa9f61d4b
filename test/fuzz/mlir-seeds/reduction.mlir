// Seeds of test/fuzz/mlir_fuzz.py: reductions, arg-reductions, cumsum and
// top_k.
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @reduce_keepdims(%x: tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<1x1x1xf32>, tensor<2x3x1xf32>) {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %1 = graph.reduce_mean %x : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
  %2 = graph.reduce_max %x {axes = array<i64: -1>} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  return %0, %1, %2 : tensor<2x1x4xf32>, tensor<1x1x1xf32>, tensor<2x3x1xf32>
}

func.func @reduce_drop(%x: tensor<3x5xf32>, %y: tensor<4x3xi32>) -> (tensor<5xf32>, tensor<3xf32>, tensor<3xi32>, tensor<4xi32>) {
  %0 = graph.reduce_min %x {axes = array<i64: 0>, keepdims = false} : tensor<3x5xf32> -> tensor<5xf32>
  %1 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : tensor<3x5xf32> -> tensor<3xf32>
  %2 = graph.reduce_sum %y {axes = array<i64: 0>, keepdims = false} : tensor<4x3xi32> -> tensor<3xi32>
  %3 = graph.reduce_max %y {axes = array<i64: 1>, keepdims = false} : tensor<4x3xi32> -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<5xf32>, tensor<3xf32>, tensor<3xi32>, tensor<4xi32>
}

func.func @reduce_half(%x: tensor<4x6xf16>, %y: tensor<8xbf16>) -> (tensor<4x1xf16>, tensor<bf16>) {
  %0 = graph.reduce_mean %x {axes = array<i64: 1>} : tensor<4x6xf16> -> tensor<4x1xf16>
  %1 = graph.reduce_sum %y {keepdims = false} : tensor<8xbf16> -> tensor<bf16>
  return %0, %1 : tensor<4x1xf16>, tensor<bf16>
}

func.func @argmax_argmin(%x: tensor<3x4xf32>, %y: tensor<5x2xi64>) -> (tensor<3xi64>, tensor<1x4xi64>, tensor<5x1xi64>) {
  %0 = graph.argmax %x {axis = 1 : i64, keepdims = false} : tensor<3x4xf32> -> tensor<3xi64>
  %1 = graph.argmin %x : tensor<3x4xf32> -> tensor<1x4xi64>
  %2 = graph.argmax %y {axis = -1 : i64, select_last_index = true} : tensor<5x2xi64> -> tensor<5x1xi64>
  return %0, %1, %2 : tensor<3xi64>, tensor<1x4xi64>, tensor<5x1xi64>
}

func.func @dynamic_reduce(%x: tensor<2x3x4xf32>) -> (tensor<2x1x1xf32>, tensor<?xf32>) {
  %a = graph.constant dense<[1, 2]> : tensor<2xi64>
  %b = graph.constant dense<[0, 2]> : tensor<2xi64>
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?x?xf32>
  %1 = graph.dynamic_reduce %x, %b {kind = #graph.reduce_kind<max>, keepdims = false} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?xf32>
  %shape = graph.constant dense<[2, 1, 1]> : tensor<3xi64>
  %2 = graph.reshape %0, %shape : tensor<?x?x?xf32>, tensor<3xi64> -> tensor<2x1x1xf32>
  return %2, %1 : tensor<2x1x1xf32>, tensor<?xf32>
}

func.func @cumsum(%x: tensor<2x5xf32>, %y: tensor<6xi32>) -> (tensor<2x5xf32>, tensor<6xi32>) {
  %a = graph.constant dense<1> : tensor<i64>
  %b = graph.constant dense<0> : tensor<i32>
  %0 = graph.cumsum %x, %a : tensor<2x5xf32>, tensor<i64> -> tensor<2x5xf32>
  %1 = graph.cumsum %y, %b {exclusive = true, reverse = true} : tensor<6xi32>, tensor<i32> -> tensor<6xi32>
  return %0, %1 : tensor<2x5xf32>, tensor<6xi32>
}

func.func @top_k(%x: tensor<3x6xf32>, %y: tensor<7xi32>) -> (tensor<3x?xf32>, tensor<3x?xi64>, tensor<?xi32>, tensor<?xi64>) {
  %k = graph.constant dense<2> : tensor<1xi64>
  %j = graph.constant dense<3> : tensor<1xi64>
  %0:2 = graph.top_k %x, %k : tensor<3x6xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  %1:2 = graph.top_k %y, %j {largest = false} : tensor<7xi32>, tensor<1xi64> -> tensor<?xi32>, tensor<?xi64>
  return %0#0, %0#1, %1#0, %1#1 : tensor<3x?xf32>, tensor<3x?xi64>, tensor<?xi32>, tensor<?xi64>
}
