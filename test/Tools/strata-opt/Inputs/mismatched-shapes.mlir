func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = graph.add %x, %y : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
