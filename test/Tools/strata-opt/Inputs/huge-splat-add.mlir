func.func @main() -> tensor<9223372036854775807x2xf32> {
  %0 = graph.constant dense<1.0> : tensor<9223372036854775807x2xf32>
  %1 = graph.add %0, %0 : tensor<9223372036854775807x2xf32>, tensor<9223372036854775807x2xf32> -> tensor<9223372036854775807x2xf32>
  return %1 : tensor<9223372036854775807x2xf32>
}
