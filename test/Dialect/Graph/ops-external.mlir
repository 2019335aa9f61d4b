// Round trip of the external family (call_native): custom form, generic form
// and MLIR bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @call_native(
//       CHECK:   %[[Y:.*]] = graph.call_native "dnnl.conv2d"(%{{.*}}, %{{.*}}) {params = array<i64: 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32>
//       CHECK:   graph.call_native "testplugin.pair"(%[[Y]]) : (tensor<1x4x8x8xf32>) -> (tensor<1x4x8x8xf32>, tensor<2xi64>)
func.func @call_native(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x1x1xf32>) -> (tensor<1x4x8x8xf32>, tensor<2xi64>) {
  %y = graph.call_native "dnnl.conv2d"(%x, %w) {params = array<i64: 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32>
  %a, %b = graph.call_native "testplugin.pair"(%y) : (tensor<1x4x8x8xf32>) -> (tensor<1x4x8x8xf32>, tensor<2xi64>)
  return %a, %b : tensor<1x4x8x8xf32>, tensor<2xi64>
}
