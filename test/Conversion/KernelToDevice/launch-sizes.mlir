// RUN: strata-opt %s --convert-kernel-to-device | FileCheck %s

// The `?` dims of a launch's results are computed on the host before the
// launch, from the kernel's arguments (dims of its buffers, its scalars).

kernel.func private @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  kernel.return %r : tensor<?x?xf32>
}

kernel.func private @pad_and_scale(%a: tensor<?xf32>, %k: index) -> (tensor<?xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %a low[%k] high[2] {
  ^bb0(%i: index):
    tensor.yield %cst : f32
  } : tensor<?xf32> to tensor<?xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  kernel.return %p, %f : tensor<?xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[V:.*]]: memref<?xf32>, %[[K:.*]]: index)
// CHECK: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[N:.*]] = memref.dim %[[B]], %c1
// CHECK: %[[C:.*]] = device.alloc(%[[M]], %[[N]]) : memref<?x?xf32>
// CHECK-NEXT: device.launch @matmul(%[[A]], %[[B]]) outs(%[[C]])
// CHECK: %[[VD:.*]] = memref.dim %[[V]], %c0
// CHECK: %[[S1:.*]] = arith.addi %[[VD]], %[[K]] : index
// CHECK: %[[S2:.*]] = arith.addi %[[S1]], %c2{{.*}} : index
// CHECK: %[[P:.*]] = device.alloc(%[[S2]]) : memref<?xf32>
// CHECK-NEXT: %[[F:.*]] = device.alloc() : memref<4xf32>
// CHECK-NEXT: device.launch @pad_and_scale(%[[V]], %[[K]]) outs(%[[P]], %[[F]]) : (memref<?xf32>, index) -> (memref<?xf32>, memref<4xf32>)
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %v: tensor<?xf32>, %k: index) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<4xf32>) {
  %0 = kernel.launch @matmul(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1:2 = kernel.launch @pad_and_scale(%v, %k) : (tensor<?xf32>, index) -> (tensor<?xf32>, tensor<4xf32>)
  return %0, %1#0, %1#1 : tensor<?x?xf32>, tensor<?xf32>, tensor<4xf32>
}
