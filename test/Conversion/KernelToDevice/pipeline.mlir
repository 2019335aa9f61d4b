// RUN: strata-opt %S/../../../examples/models/mlp.mlir --strata-graph-optimize \
// RUN:   --convert-graph-to-kernel --kernel-form-dispatches --kernel-outline \
// RUN:   --kernel-select-schedule --convert-kernel-to-device --device-plan-memory \
// RUN:   --canonicalize --cse | FileCheck %s

// The dynamic MLP from the graph level to the device level: weights in the
// constant pool, every launch's output allocated with sizes computed on the
// host before it, the static shape-computation buffers planned into one
// storage, the dynamic ones left as device.alloc.

// CHECK: module attributes {device.target = #device.target<cpu>}
// CHECK-COUNT-4: device.pool_entry @__constant_{{[0-3]}} = dense
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: memref<?x1x4x4xf32>) -> memref<?x4xf32>
// CHECK-SAME: device.memory = {planned_peak_bytes = 128 : i64, unplanned_bytes = 192 : i64}
// CHECK: %[[S:.*]] = device.alloc_storage %c128 : !device.storage
// CHECK: device.view %[[S]]
// CHECK: %[[FLAT:.*]] = device.reshape %[[X]](%{{.*}}, %{{.*}}) : memref<?x1x4x4xf32> -> memref<?x?xf32>
// CHECK: %[[B:.*]] = memref.dim %[[FLAT]], %c0
// CHECK: %[[W1:.*]] = device.constant @__constant_{{.*}} : memref<16x8xf32>
// CHECK: %[[B1:.*]] = device.constant @__constant_{{.*}} : memref<8xf32>
// CHECK: %[[H:.*]] = device.alloc(%[[B]]) : memref<?x8xf32>
// CHECK: device.launch @main_dispatch_1(%[[FLAT]], %[[W1]], %[[B1]]) outs(%[[H]])
// CHECK: %[[L:.*]] = device.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: device.launch @main_dispatch_2(%[[B]], %[[H]], %{{.*}}, %{{.*}}) outs(%[[L]])
// CHECK: %[[MAX:.*]] = device.alloc(%{{.*}}) : memref<?xf32>
// CHECK: device.launch @main_dispatch_3(%[[B]], %[[L]]) outs(%[[MAX]])
// CHECK: %[[P:.*]] = device.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: device.launch @main_dispatch_4(%[[B]], %[[L]], %[[MAX]]) outs(%[[P]])
// CHECK: return %[[P]] : memref<?x4xf32>
// The kernels stay on tensors, the weights are their arguments.
// CHECK: kernel.func private @main_dispatch_1(%{{.*}}: tensor<?x?xf32>, %{{.*}}: tensor<16x8xf32>, %{{.*}}: tensor<8xf32>) -> tensor<?x8xf32>
// CHECK-NOT: arith.constant dense<"0x
