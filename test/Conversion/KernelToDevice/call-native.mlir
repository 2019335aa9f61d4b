// RUN: strata-opt %s --convert-kernel-to-device | FileCheck %s

// kernel.call_native: host code, not a kernel. Each result gets a buffer
// that the call writes (destination-passing), after the arguments; the
// params follow as i64 values.

// CHECK-LABEL: func.func @call_native(
//  CHECK-SAME:     %[[X:.*]]: memref<2x3xf32>, %[[W:.*]]: memref<3x4xf32>)
//       CHECK:   %[[OUT:.*]] = device.alloc() : memref<2x4xf32>
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i64
//   CHECK-DAG:   %[[C7:.*]] = arith.constant 7 : i64
//       CHECK:   device.call_native "dnnl.matmul"(%[[X]], %[[W]], %[[OUT]], %[[C0]], %[[C7]]) : (memref<2x3xf32>, memref<3x4xf32>, memref<2x4xf32>, i64, i64) -> ()
//       CHECK:   return %[[OUT]] : memref<2x4xf32>
func.func @call_native(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = kernel.call_native "dnnl.matmul"(%x, %w) {params = array<i64: 0, 7>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
