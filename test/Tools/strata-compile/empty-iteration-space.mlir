// Ops over zero-sized tensors (an argmax over an empty axis, a reduction of
// a 0x3 tensor) compile and run: tiling and tile distribution leave empty
// iteration spaces alone (upstream tiling crashes on them).
// RUN: strata-compile %s -o %t.smod
// RUN: strata-run %t.smod --function=main --input=2x0xf32= --input=0x3xf32= | FileCheck %s

// CHECK: result[0]: tensor<2xi64>
// CHECK-NEXT: [0 0]
// CHECK: result[1]: tensor<3xf32>
// CHECK-NEXT: [-inf -inf -inf]
func.func @main(%a: tensor<2x0xf32>, %b: tensor<0x3xf32>) -> (tensor<2xi64>, tensor<3xf32>) {
  %0 = graph.argmax %a {axis = 1 : i64, keepdims = false} : tensor<2x0xf32> -> tensor<2xi64>
  %1 = graph.reduce_max %b {axes = array<i64: 0>, keepdims = false} : tensor<0x3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<2xi64>, tensor<3xf32>
}
