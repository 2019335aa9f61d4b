// RUN: strata-opt %s --convert-kernel-to-device | FileCheck %s

// Signatures, calls, returns, cf branches and scf ops switch to buffers.

kernel.func private @twice(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  kernel.return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index) -> memref<?xf32>
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[IT:.*]] = %[[X]]) -> (memref<?xf32>) {
// CHECK:   %[[D:.*]] = memref.dim %[[IT]], %c0
// CHECK:   %[[OUT:.*]] = device.alloc(%[[D]]) : memref<?xf32>
// CHECK:   device.launch @twice(%[[IT]]) outs(%[[OUT]])
// CHECK:   scf.yield %[[OUT]] : memref<?xf32>
// CHECK: return %[[R]] : memref<?xf32>
func.func @loop(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %x) -> (tensor<?xf32>) {
    %t = kernel.launch @twice(%it) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @branch(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[C:.*]]: i1) -> memref<?xf32>
// CHECK: %[[IF:.*]] = scf.if %[[C]] -> (memref<?xf32>) {
// CHECK:   %[[CALL:.*]] = func.call @loop(%[[X]], %{{.*}}) : (memref<?xf32>, index) -> memref<?xf32>
// CHECK:   scf.yield %[[CALL]] : memref<?xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[X]] : memref<?xf32>
// CHECK: cf.cond_br %[[C]], ^[[BB1:.*]](%[[IF]] : memref<?xf32>), ^[[BB1]](%[[X]] : memref<?xf32>)
// CHECK: ^[[BB1]](%[[ARG:.*]]: memref<?xf32>):
// CHECK: return %[[ARG]] : memref<?xf32>
func.func @branch(%x: tensor<?xf32>, %c: i1) -> tensor<?xf32> {
  %c3 = arith.constant 3 : index
  %0 = scf.if %c -> (tensor<?xf32>) {
    %1 = func.call @loop(%x, %c3) : (tensor<?xf32>, index) -> tensor<?xf32>
    scf.yield %1 : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  cf.cond_br %c, ^bb1(%0 : tensor<?xf32>), ^bb1(%x : tensor<?xf32>)
^bb1(%y: tensor<?xf32>):
  return %y : tensor<?xf32>
}

// CHECK-LABEL: func.func @while(
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (memref<?xf32>) -> memref<?xf32>
// CHECK: scf.condition(%{{.*}}) %{{.*}} : memref<?xf32>
// CHECK: device.launch @twice
func.func @while(%x: tensor<?xf32>, %c: i1) -> tensor<?xf32> {
  %r = scf.while (%a = %x) : (tensor<?xf32>) -> tensor<?xf32> {
    scf.condition(%c) %a : tensor<?xf32>
  } do {
  ^bb0(%b: tensor<?xf32>):
    %t = kernel.launch @twice(%b) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %t : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
