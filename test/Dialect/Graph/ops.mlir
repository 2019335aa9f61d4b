// Round trip of the graph dialect's core ops: custom form, generic form and
// MLIR bytecode must all print the same IR.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() -> (tensor<2xf32>, tensor<2x2xi64>, tensor<i1>, tensor<3xbf16>, tensor<2x3xf32>) {
  // CHECK: graph.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: graph.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>
  %1 = graph.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  // CHECK: graph.constant dense<true> : tensor<i1>
  %2 = graph.constant dense<true> : tensor<i1>
  // CHECK: graph.constant dense<5.000000e-01> : tensor<3xbf16>
  %3 = graph.constant dense<0.5> : tensor<3xbf16>
  // CHECK: graph.constant dense_resource<weight> : tensor<2x3xf32>
  %4 = graph.constant dense_resource<weight> : tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2x2xi64>, tensor<i1>, tensor<3xbf16>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @shape_of
func.func @shape_of(%x: tensor<?x4x?xf16>) -> tensor<3xi64> {
  // CHECK: graph.shape_of %{{.*}} : tensor<?x4x?xf16> -> tensor<3xi64>
  %0 = graph.shape_of %x : tensor<?x4x?xf16> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

{-#
  dialect_resources: {
    builtin: {
      weight: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}
