// Ops whose location is a name without a file position (as the ONNX
// importer gives every op its node's name) report errors under that name,
// not as `<unknown>:0: error: loc("name")`.
// RUN: not strata-compile %s -o %t.smod 2>&1 | FileCheck %s
// CHECK-NOT: <unknown>
// CHECK: {{^}}bad_add: error: operands are not broadcast-compatible: [3] vs [4] (operand #1)
// CHECK: {{^}}bad_add: error: 'graph.add' op failed to infer returned types

func.func @main(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = graph.add %a, %b : tensor<3xf32>, tensor<4xf32> -> tensor<4xf32> loc("bad_add")
  return %0 : tensor<4xf32>
}
