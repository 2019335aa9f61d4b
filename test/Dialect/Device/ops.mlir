// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s

// CHECK: module attributes {device.target = #device.target<cpu, triple = "x86_64-unknown-linux-gnu", cpu = "skylake", features = "+avx2,+fma">}
module attributes {device.target = #device.target<cpu, features = "+avx2,+fma", cpu = "skylake", triple = "x86_64-unknown-linux-gnu">} {

// CHECK: device.pool_entry @__constant_0 = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
device.pool_entry @__constant_0 = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
// CHECK: device.pool_entry @weights = dense_resource<blob> : tensor<2x2xf32>
device.pool_entry @weights = dense_resource<blob> : tensor<2x2xf32>

kernel.func private @add(%a: tensor<?x4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<?x4xf32>
kernel.func private @iota() -> tensor<8xf32>

// CHECK-LABEL: func.func @ops(
// CHECK-SAME: %[[X:.*]]: memref<?x4xf32>, %[[N:.*]]: index
func.func @ops(%x: memref<?x4xf32>, %n: index) -> (memref<?x4xf32>, memref<4xf32>, i64) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  // CHECK: %[[C:.*]] = device.constant @__constant_0 : memref<4xf32>
  %c = device.constant @__constant_0 : memref<4xf32>
  // CHECK: device.constant @weights : memref<2x2xf32>
  %w = device.constant @weights : memref<2x2xf32>
  // CHECK: %[[S:.*]] = device.alloc_storage %{{.*}} : !device.storage
  %s = device.alloc_storage %c4096 : !device.storage
  // CHECK: device.view %[[S]][%{{.*}}] : memref<4xf32>
  %v0 = device.view %s[%c0] : memref<4xf32>
  // CHECK: device.view %[[S]][%{{.*}}](%[[N]]) : memref<?x4xf32>
  %v1 = device.view %s[%c64](%n) : memref<?x4xf32>
  // CHECK: %[[OUT:.*]] = device.alloc(%[[N]]) : memref<?x4xf32>
  %out = device.alloc(%n) : memref<?x4xf32>
  // CHECK: device.alloc() : memref<2x2xf32>
  %a = device.alloc() : memref<2x2xf32>
  // CHECK: device.reshape %[[X]](%{{.*}}) : memref<?x4xf32> -> memref<?xf32>
  %flat = device.reshape %x(%n) : memref<?x4xf32> -> memref<?xf32>
  // CHECK: device.reshape %[[C]] : memref<4xf32> -> memref<2x2xf32>
  %sq = device.reshape %c : memref<4xf32> -> memref<2x2xf32>
  // Unsigned and signless integers of one width reinterpret each other.
  // CHECK: device.reshape %{{.*}} : memref<4xui8> -> memref<4xi8>
  %u = device.alloc() : memref<4xui8>
  %s8 = device.reshape %u : memref<4xui8> -> memref<4xi8>
  // CHECK: device.launch @add(%[[X]], %[[C]], %[[N]]) outs(%[[OUT]]) : (memref<?x4xf32>, memref<4xf32>, index) -> (memref<?x4xf32>)
  device.launch @add(%x, %c, %n) outs(%out) : (memref<?x4xf32>, memref<4xf32>, index) -> (memref<?x4xf32>)
  // A kernel without inputs (a constant the compiler did not fold) round-trips.
  // CHECK: device.launch @iota() outs(%{{.*}}) : () -> (memref<8xf32>)
  %iota = device.alloc() : memref<8xf32>
  device.launch @iota() outs(%iota) : () -> (memref<8xf32>)
  // CHECK: device.copy %{{.*}}, %{{.*}} : memref<2x2xf32>, memref<4xf32>
  device.copy %sq, %v0 : memref<2x2xf32>, memref<4xf32>
  // CHECK: device.copy %{{.*}}, %{{.*}} : memref<?x4xf32>, memref<?xf32>
  device.copy %v1, %flat : memref<?x4xf32>, memref<?xf32>
  // CHECK: %{{.*}}:2 = device.call_native "strata.topk"(%[[X]], %[[N]]) : (memref<?x4xf32>, index) -> (memref<?x4xf32>, i64)
  %r:2 = device.call_native "strata.topk"(%x, %n) : (memref<?x4xf32>, index) -> (memref<?x4xf32>, i64)
  // CHECK: device.call_native "strata.print"(%[[C]]) : (memref<4xf32>) -> ()
  device.call_native "strata.print"(%c) : (memref<4xf32>) -> ()
  return %out, %v0, %r#1 : memref<?x4xf32>, memref<4xf32>, i64
}

// CHECK-LABEL: func.func @planned
// CHECK-SAME: device.memory = {planned_peak_bytes = 128 : i64, unplanned_bytes = 192 : i64}
func.func @planned() attributes {device.memory = {planned_peak_bytes = 128 : i64, unplanned_bytes = 192 : i64}} {
  return
}

}

// CHECK-LABEL: module attributes {device.target = #device.target<cuda, chip = "sm_90", features = "+ptx80">}
module attributes {device.target = #device.target<cuda, chip = "sm_90", features = "+ptx80">} {}
// CHECK-LABEL: module attributes {device.target = #device.target<cpu>}
module attributes {device.target = #device.target<cpu>} {}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
