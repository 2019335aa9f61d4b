// RUN: strata-opt %s --strata-decompose-result-pads | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=LLVM

// A padding that is the kernel's result becomes a fill of the result and an
// insert_slice of the image into it, which bufferize into the output
// buffer: no padded temporary (a tensor.pad bufferizes to an allocation,
// then a copy of it into the output); the image's rows are copied straight
// into the output's interior, one memcpy per row.

// CHECK-LABEL: func.func @pad_result
// CHECK-NOT: tensor.pad
// CHECK: linalg.fill
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 1, 1, 0] [1, 4, 4, 3] [1, 1, 1, 1]
// CHECK: bufferization.materialize_in_destination
// LLVM-LABEL: llvm.func @pad_result
// LLVM-NOT: llvm.call @malloc
// LLVM: llvm.cond_br
// LLVM: "llvm.intr.memcpy"
// LLVM-NOT: llvm.call @malloc
// LLVM: llvm.return
func.func @pad_result(%xm: memref<1x4x4x3xf32>, %om: memref<1x6x6x3xf32>) {
  %x = bufferization.to_tensor %xm restrict : memref<1x4x4x3xf32> to tensor<1x4x4x3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x3xf32> to tensor<1x6x6x3xf32>
  bufferization.materialize_in_destination %padded in restrict writable %om : (tensor<1x6x6x3xf32>, memref<1x6x6x3xf32>) -> ()
  return
}

// A padding read by another op stays (the tile pass fuses it into tiles).
// CHECK-LABEL: func.func @pad_read
// CHECK: tensor.pad
func.func @pad_read(%x: tensor<4x4xf32>) -> tensor<6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %e = tensor.empty() : tensor<6x6xf32>
  %r = linalg.exp ins(%padded : tensor<6x6xf32>) outs(%e : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

// A padding returned by the function is decomposed too.
// CHECK-LABEL: func.func @pad_returned
// CHECK-NOT: tensor.pad
// CHECK: linalg.fill
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[1, 1] [2, 2] [1, 1]
func.func @pad_returned(%x: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x2xf32> to tensor<4x4xf32>
  return %padded : tensor<4x4xf32>
}
