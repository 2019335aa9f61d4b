// RUN: strata-opt %s --convert-kernel-to-dps-func -split-input-file | FileCheck %s

// convert-kernel-to-dps-func: every kernel.func becomes a func.func on
// memrefs taking its inputs (tensors as identity-layout memrefs, index/i64
// scalars as they are), one memref per result and the two index arguments of
// the tile range. Inputs are read through `to_tensor restrict`, results are
// written with `materialize_in_destination restrict writable`; the function
// gets llvm.emit_c_interface and strata.kernel_abi = <number of outputs>,
// keeps its schedule as kernel.schedule and its discardable attributes.

// CHECK-NOT: kernel.func
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x16xf32>, %[[B:[^:]*]]: memref<?x16xf32>, %[[N:[^:]*]]: index, %[[S:[^:]*]]: i64,
// CHECK-SAME: %[[OUT:[^:]*]]: memref<?x16xf32>, %[[BEGIN:[^:]*]]: index, %[[END:[^:]*]]: index)
// CHECK-SAME: attributes {
// CHECK-SAME: kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16>], vector_sizes = [1, 16], parallel_dims = [0]>
// CHECK-SAME: llvm.emit_c_interface
// CHECK-SAME: strata.kernel_abi = 1 : i64
// CHECK-SAME: strata.test_mark
// CHECK-NEXT: %[[TA:.*]] = bufferization.to_tensor %[[A]] restrict : memref<?x16xf32> to tensor<?x16xf32>
// CHECK-NEXT: %[[TB:.*]] = bufferization.to_tensor %[[B]] restrict : memref<?x16xf32> to tensor<?x16xf32>
// Scalars are used directly.
// CHECK-NEXT: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x16xf32>
// CHECK-NEXT: %[[R:.*]] = linalg.add ins(%[[TA]], %[[TB]] : {{.*}}) outs(%[[E]] : tensor<?x16xf32>)
// CHECK-NEXT: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]] : (tensor<?x16xf32>, memref<?x16xf32>) -> ()
// CHECK-NEXT: return{{$}}
// CHECK-NEXT: }
kernel.func private @add(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %n: index, %s: i64) -> tensor<?x16xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16>], vector_sizes = [1, 16], parallel_dims = [0]>,
                strata.test_mark} {
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.add ins(%a, %b : tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  kernel.return %r : tensor<?x16xf32>
}

// -----

// Two results: two output buffers after the inputs, in order, and
// strata.kernel_abi = 2. Returning an input materializes it (a copy).

// CHECK-LABEL: func.func @pair(
// CHECK-SAME: %[[A:[^:]*]]: memref<4xi32>, %[[O0:[^:]*]]: memref<4xi32>, %[[O1:[^:]*]]: memref<2x2xi32>, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK-SAME: strata.kernel_abi = 2 : i64
// CHECK: %[[TA:.*]] = bufferization.to_tensor %[[A]] restrict
// CHECK: %[[X:.*]] = tensor.expand_shape %[[TA]]
// CHECK: bufferization.materialize_in_destination %[[TA]] in restrict writable %[[O0]]
// CHECK: bufferization.materialize_in_destination %[[X]] in restrict writable %[[O1]]
// CHECK: return
kernel.func @pair(%a: tensor<4xi32>) -> (tensor<4xi32>, tensor<2x2xi32>) {
  %c = tensor.expand_shape %a [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  kernel.return %a, %c : tensor<4xi32>, tensor<2x2xi32>
}

// -----

// A kernel with no inputs: just the output and the tile range; 0-d tensors
// are memrefs of rank 0.

// CHECK-LABEL: func.func @zero(
// CHECK-SAME: %[[O:[^:]*]]: memref<f64>, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK-NOT: bufferization.to_tensor
// CHECK: %[[C:.*]] = linalg.fill
// CHECK: bufferization.materialize_in_destination %[[C]] in restrict writable %[[O]] : (tensor<f64>, memref<f64>) -> ()
kernel.func @zero() -> tensor<f64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<f64>) -> tensor<f64>
  kernel.return %f : tensor<f64>
}

// -----

// Several returns (a kernel body with control flow): each one materializes
// its values.

// CHECK-LABEL: func.func @branches(
// CHECK-SAME: %[[X:[^:]*]]: memref<8xf32>, %[[C:[^:]*]]: i64, %[[O:[^:]*]]: memref<8xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index)
// CHECK: %[[TX:.*]] = bufferization.to_tensor %[[X]] restrict
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: bufferization.materialize_in_destination %[[TX]] in restrict writable %[[O]]
// CHECK-NEXT: return
// CHECK: ^bb2:
// CHECK: bufferization.materialize_in_destination %{{.*}} in restrict writable %[[O]]
// CHECK-NEXT: return
kernel.func @branches(%x: tensor<8xf32>, %c: i64) -> tensor<8xf32> {
  %zero = arith.constant 0 : i64
  %p = arith.cmpi eq, %c, %zero : i64
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  kernel.return %x : tensor<8xf32>
^bb2:
  %e = tensor.empty() : tensor<8xf32>
  %n = linalg.negf ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  kernel.return %n : tensor<8xf32>
}
