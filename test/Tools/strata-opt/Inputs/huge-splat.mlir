func.func @main() -> tensor<9223372036854775807x2xf32> {
  %0 = graph.constant dense<1.0> : tensor<9223372036854775807x2xf32>
  return %0 : tensor<9223372036854775807x2xf32>
}
