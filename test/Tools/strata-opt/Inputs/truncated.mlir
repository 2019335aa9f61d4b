func.func @main(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = graph.add %x, %b : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4
