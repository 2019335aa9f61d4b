// A small valid module; the test emits it as bytecode and truncates it.
func.func @main(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = graph.add %x, %b : tensor<?x4xf32>, tensor<4xf32> -> tensor<?x4xf32>
  %1 = graph.relu %0 : tensor<?x4xf32> -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
