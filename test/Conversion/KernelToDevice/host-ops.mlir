// RUN: strata-opt %s --convert-kernel-to-device=target=cuda -split-input-file | FileCheck %s

// What the host does itself: dims, scalar loads, allocations and reshapes.
// Everything else on tensors becomes a kernel of its own, with the
// tensor.empty/linalg.fill of its destination.

// CHECK: module attributes {device.target = #device.target<cuda>}
// CHECK-LABEL: func.func @host_ops(
// CHECK-SAME: %[[X:.*]]: memref<?x4xf32>, %[[S:.*]]: memref<2xi64>, %[[N:.*]]: index)
func.func @host_ops(%x: tensor<?x4xf32>, %s: tensor<2xi64>, %n: index) -> (index, i64, tensor<?x2xf32>, tensor<?xf32>, tensor<?x2x2xf32>, tensor<2x?xf32>, tensor<?x?xf32>, tensor<8x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[D:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x4xf32>
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  // CHECK: %[[E:.*]] = memref.load %[[S]][%{{.*}}] : memref<2xi64>
  %e = tensor.extract %s[%c1] : tensor<2xi64>
  // CHECK: device.alloc(%[[N]]) : memref<?x2xf32>
  %empty = tensor.empty(%n) : tensor<?x2xf32>
  // collapse_shape: the product of the group's dims.
  // CHECK: %[[D0:.*]] = memref.dim %[[X]], %c0{{.*}} : memref<?x4xf32>
  // CHECK: %[[D1:.*]] = memref.dim %[[X]], %c1{{.*}} : memref<?x4xf32>
  // CHECK: %[[P:.*]] = arith.muli %[[D0]], %[[D1]] : index
  // CHECK: device.reshape %[[X]](%[[P]]) : memref<?x4xf32> -> memref<?xf32>
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  // CHECK: device.reshape %[[X]](%[[D]]) : memref<?x4xf32> -> memref<?x2x2xf32>
  %ex = tensor.expand_shape %x [[0], [1, 2]] output_shape [%d, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  // tensor.reshape with its shape from from_elements: the elements are the sizes.
  // CHECK: %[[NI:.*]] = arith.index_cast %{{.*}} : i64 to index
  // CHECK: device.reshape %[[X]](%[[NI]]) : memref<?x4xf32> -> memref<2x?xf32>
  %half = arith.divui %d, %c1 : index
  %h64 = arith.index_cast %half : index to i64
  %c2_i64 = arith.constant 2 : i64
  %shape = tensor.from_elements %c2_i64, %h64 : tensor<2xi64>
  %r = tensor.reshape %x(%shape) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<2x?xf32>
  // CHECK-NOT: tensor.from_elements
  // tensor.cast: the source's dims.
  // CHECK: %[[CD0:.*]] = memref.dim %[[X]], %c0{{.*}}
  // CHECK: %[[CD1:.*]] = memref.dim %[[X]], %c1{{.*}}
  // CHECK: device.reshape %[[X]](%[[CD0]], %[[CD1]]) : memref<?x4xf32> -> memref<?x?xf32>
  %cast = tensor.cast %x : tensor<?x4xf32> to tensor<?x?xf32>
  // tensor.reshape with a shape computed elsewhere: loads from its buffer.
  // CHECK: %[[L:.*]] = memref.load %[[S]][%c1{{.*}}] : memref<2xi64>
  // CHECK: %[[LI:.*]] = arith.index_cast %[[L]] : i64 to index
  // CHECK: device.reshape %[[X]](%[[LI]]) : memref<?x4xf32> -> memref<8x?xf32>
  %r2 = tensor.reshape %x(%s) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<8x?xf32>
  return %d, %e, %empty, %flat, %ex, %r, %cast, %r2 : index, i64, tensor<?x2xf32>, tensor<?xf32>, tensor<?x2x2xf32>, tensor<2x?xf32>, tensor<?x?xf32>, tensor<8x?xf32>
}

// -----

// CHECK-LABEL: func.func @leftovers(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<3xf32>, %[[I:.*]]: i64)
func.func @leftovers(%a: tensor<?xf32>, %b: tensor<3xf32>, %i: i64) -> (tensor<?xf32>, tensor<2xi64>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  // The concat's size, from the kernel's reified result dims.
  // CHECK: %[[D:.*]] = memref.dim %[[A]], %c0
  // CHECK: %[[SUM3:.*]] = arith.addi %[[D]], %c3
  // CHECK: %[[CAT:.*]] = device.alloc(%[[SUM3]]) : memref<?xf32>
  // CHECK: device.launch @leftovers_dispatch_0(%[[A]], %[[B]]) outs(%[[CAT]]) : (memref<?xf32>, memref<3xf32>) -> (memref<?xf32>)
  %cat = tensor.concat dim(0) %a, %b : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  // CHECK: %[[FE:.*]] = device.alloc() : memref<2xi64>
  // CHECK: device.launch @leftovers_dispatch_1(%[[I]]) outs(%[[FE]]) : (i64) -> (memref<2xi64>)
  %fe = tensor.from_elements %i, %i : tensor<2xi64>
  // The fill and the empty tensor go into the kernel of their consumer.
  // CHECK-NOT: linalg.fill
  // CHECK: %[[D2:.*]] = memref.dim %[[A]], %c0
  // CHECK: %[[OUT:.*]] = device.alloc(%[[D2]]) : memref<?xf32>
  // CHECK: device.launch @leftovers_dispatch_2(%[[A]]) outs(%[[OUT]]) : (memref<?xf32>) -> (memref<?xf32>)
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%f : tensor<?xf32>) -> tensor<?xf32>
  // Dead tensor ops go away.
  // CHECK-NOT: device.launch
  %dead = tensor.extract_slice %a[0] [2] [1] : tensor<?xf32> to tensor<2xf32>
  return %cat, %fe, %sum : tensor<?xf32>, tensor<2xi64>, tensor<?xf32>
}
// CHECK: kernel.func private @leftovers_dispatch_0(%{{.*}}: tensor<?xf32>, %{{.*}}: tensor<3xf32>) -> tensor<?xf32>
// CHECK: tensor.concat
// CHECK: kernel.func private @leftovers_dispatch_1(%{{.*}}: i64) -> tensor<2xi64>
// CHECK: tensor.from_elements
// CHECK: kernel.func private @leftovers_dispatch_2(%{{.*}}: tensor<?xf32>) -> tensor<?xf32>
// CHECK: tensor.empty
// CHECK: linalg.fill
// CHECK: linalg.add

// -----

// tensor.bitcast (an unsigned argument viewed as signless, and back) is a
// device.reshape to the same sizes.
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[X:.*]]: memref<?x4xui8>) -> memref<?x4xui8>
// CHECK: %[[D:.*]] = memref.dim %[[X]], %c0 : memref<?x4xui8>
// CHECK: %[[S:.*]] = device.reshape %[[X]](%[[D]]) : memref<?x4xui8> -> memref<?x4xi8>
// CHECK: device.reshape %[[S]](%{{.*}}) : memref<?x4xi8> -> memref<?x4xui8>
func.func @bitcast(%x: tensor<?x4xui8>) -> tensor<?x4xui8> {
  %0 = tensor.bitcast %x : tensor<?x4xui8> to tensor<?x4xi8>
  %1 = tensor.bitcast %0 : tensor<?x4xi8> to tensor<?x4xui8>
  return %1 : tensor<?x4xui8>
}
