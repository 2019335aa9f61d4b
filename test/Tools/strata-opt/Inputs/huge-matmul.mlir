func.func @main(%a: tensor<9223372036854775807x2xf32>, %b: tensor<2x2xf32>) -> tensor<9223372036854775807x2xf32> {
  %0 = graph.matmul %a, %b : tensor<9223372036854775807x2xf32>, tensor<2x2xf32> -> tensor<9223372036854775807x2xf32>
  return %0 : tensor<9223372036854775807x2xf32>
}
