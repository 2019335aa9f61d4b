// Functions of test/e2e/gather-scatter.mlir run with pads given at run time.
func.func @pad(%x: tensor<2x3xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_pad %x, %p : tensor<2x3xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @reflect(%x: tensor<2x3xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_pad %x, %p {mode = #graph.pad_mode<reflect>} : tensor<2x3xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
