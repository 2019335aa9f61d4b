// RUN: strata-opt %s --convert-graph-to-kernel -split-input-file | FileCheck %s

// Unsigned integers become signless inside the function; the signature
// keeps ui8 (the runtime's u8), viewed with tensor.bitcast at entry and
// before the return. Signedness shows in the division (divui), comparison
// (ult), conversion (uitofp) and maximum (maxui); the sum is the same bits.
// CHECK-LABEL: func.func @u8
// CHECK-SAME: (%[[A:.*]]: tensor<4xui8>, %[[B:.*]]: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui8>)
// CHECK-DAG: %[[SA:.*]] = tensor.bitcast %[[A]] : tensor<4xui8> to tensor<4xi8>
// CHECK-DAG: %[[SB:.*]] = tensor.bitcast %[[B]] : tensor<4xui8> to tensor<4xi8>
// CHECK: arith.divui
// CHECK: arith.cmpi ult
// CHECK: arith.uitofp
// CHECK: arith.addi
// CHECK: arith.maxui
// CHECK: %[[R0:.*]] = tensor.bitcast %{{.*}} : tensor<4xi8> to tensor<4xui8>
// CHECK: %[[R3:.*]] = tensor.bitcast %{{.*}} : tensor<4xi8> to tensor<4xui8>
// CHECK: return %[[R0]], %{{.*}}, %{{.*}}, %[[R3]]
func.func @u8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui8>) {
  %0 = graph.div %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %1 = graph.less %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xi1>
  %2 = graph.cast %a : tensor<4xui8> -> tensor<4xf32>
  %s = graph.add %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %3 = graph.max %s, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %0, %1, %2, %3 : tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui8>
}

// -----

// Constants are the same bits as signless attributes; extension to a wider
// type is zero-extension.
// CHECK-LABEL: func.func @constant_extend
// CHECK: arith.constant dense<[-1, 1]> : tensor<2xi8>
// CHECK: arith.extui
func.func @constant_extend() -> tensor<2xi32> {
  %c = graph.constant dense<[255, 1]> : tensor<2xui8>
  %0 = graph.cast %c : tensor<2xui8> -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// Calls keep the callee's unsigned types, viewed around the call.
// CHECK-LABEL: func.func @caller
// CHECK: %[[V:.*]] = tensor.bitcast %{{.*}} : tensor<2xi16> to tensor<2xui16>
// CHECK: %[[C:.*]] = call @callee(%[[V]]) : (tensor<2xui16>) -> tensor<2xui16>
// CHECK: tensor.bitcast %[[C]] : tensor<2xui16> to tensor<2xi16>
func.func private @callee(%a: tensor<2xui16>) -> tensor<2xui16> {
  return %a : tensor<2xui16>
}
func.func @caller(%a: tensor<2xui16>) -> tensor<2xui16> {
  %0 = graph.add %a, %a : tensor<2xui16>, tensor<2xui16> -> tensor<2xui16>
  %1 = func.call @callee(%0) : (tensor<2xui16>) -> tensor<2xui16>
  return %1 : tensor<2xui16>
}

