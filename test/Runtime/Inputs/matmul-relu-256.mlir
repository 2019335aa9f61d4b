// A 256x256 matmul + relu in the graph dialect: big enough for the runtime
// to run its kernels as many tiles (see test/Runtime/compiled-threads.test).
func.func @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %m = graph.matmul %a, %b : tensor<256x256xf32>, tensor<256x256xf32> -> tensor<256x256xf32>
  %r = graph.relu %m : tensor<256x256xf32> -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
