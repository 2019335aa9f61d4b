// RUN: strata-opt %s --device-plan-memory | FileCheck %s
// RUN: strata-opt %s --device-plan-memory=report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

kernel.func private @k(tensor<16xf32>) -> tensor<16xf32>
kernel.func private @k2(tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
kernel.func private @big(tensor<16xf32>) -> tensor<64xf32>
kernel.func private @dyn(tensor<16xf32>) -> tensor<?xf32>

// A chain: each buffer dies at the launch after its own, so buffers two
// apart share memory, neighbours never (a launch's output does not overlap
// its input).
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: device.memory = {planned_peak_bytes = 128 : i64, unplanned_bytes = 192 : i64}
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[S:.*]] = device.alloc_storage %[[C128]] : !device.storage
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A:.*]] = device.view %[[S]][%[[O0]]] : memref<16xf32>
// CHECK-NEXT: device.launch @k(%{{.*}}) outs(%[[A]])
// CHECK: %[[O64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[B:.*]] = device.view %[[S]][%[[O64]]] : memref<16xf32>
// CHECK-NEXT: device.launch @k(%[[A]]) outs(%[[B]])
// CHECK: %[[O0B:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C:.*]] = device.view %[[S]][%[[O0B]]] : memref<16xf32>
// CHECK-NEXT: device.launch @k(%[[B]]) outs(%[[C]])
// The returned buffer escapes.
// CHECK: %[[D:.*]] = device.alloc() : memref<16xf32>
// CHECK-NEXT: device.launch @k(%[[C]]) outs(%[[D]])
// CHECK: return %[[D]]
func.func @chain(%x: memref<16xf32>) -> memref<16xf32> {
  %a = device.alloc() : memref<16xf32>
  device.launch @k(%x) outs(%a) : (memref<16xf32>) -> (memref<16xf32>)
  %b = device.alloc() : memref<16xf32>
  device.launch @k(%a) outs(%b) : (memref<16xf32>) -> (memref<16xf32>)
  %c = device.alloc() : memref<16xf32>
  device.launch @k(%b) outs(%c) : (memref<16xf32>) -> (memref<16xf32>)
  %d = device.alloc() : memref<16xf32>
  device.launch @k(%c) outs(%d) : (memref<16xf32>) -> (memref<16xf32>)
  return %d : memref<16xf32>
}

// Largest first; buffers whose ranges all overlap (one through a reshape)
// never share; dynamic shapes and buffers passed to calls, native calls or
// branches are not planned.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: device.memory = {planned_peak_bytes = 384 : i64, unplanned_bytes = 384 : i64}
// CHECK: device.alloc_storage %c384
// CHECK: %[[BIG:.*]] = device.view %{{.*}}[%c0{{.*}}] : memref<64xf32>
// CHECK: %[[LONG:.*]] = device.view %{{.*}}[%c256{{.*}}] : memref<16xf32>
// CHECK: %[[R:.*]] = device.reshape %[[LONG]] : memref<16xf32> -> memref<4x4xf32>
// CHECK: %[[T:.*]] = device.view %{{.*}}[%c320{{.*}}] : memref<16xf32>
// CHECK: device.launch @k2(%[[LONG]], %{{.*}}) outs(%[[T]])
// CHECK: device.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[CALLED:.*]] = device.alloc() : memref<16xf32>
// CHECK: call @use(%[[CALLED]])
// CHECK: %[[NATIVE:.*]] = device.alloc() : memref<16xf32>
// CHECK: device.call_native "print"(%[[NATIVE]])
// CHECK: %[[BR:.*]] = device.alloc() : memref<16xf32>
// CHECK: cf.br ^bb1(%[[BR]] : memref<16xf32>)
func.func @mixed(%x: memref<16xf32>, %n: index) -> index {
  %big = device.alloc() : memref<64xf32>
  device.launch @big(%x) outs(%big) : (memref<16xf32>) -> (memref<64xf32>)
  %long = device.alloc() : memref<16xf32>
  device.launch @k(%x) outs(%long) : (memref<16xf32>) -> (memref<16xf32>)
  %r = device.reshape %long : memref<16xf32> -> memref<4x4xf32>
  %t = device.alloc() : memref<16xf32>
  device.launch @k2(%long, %x) outs(%t) : (memref<16xf32>, memref<16xf32>) -> (memref<16xf32>)
  %dyn = device.alloc(%n) : memref<?xf32>
  device.launch @dyn(%t) outs(%dyn) : (memref<16xf32>) -> (memref<?xf32>)
  %called = device.alloc() : memref<16xf32>
  func.call @use(%called) : (memref<16xf32>) -> ()
  %native = device.alloc() : memref<16xf32>
  device.call_native "print"(%native) : (memref<16xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %big[%c0] : memref<64xf32>
  %d = memref.dim %r, %c1 : memref<4x4xf32>
  %br = device.alloc() : memref<16xf32>
  cf.br ^bb1(%br : memref<16xf32>)
^bb1(%arg: memref<16xf32>):
  return %d : index
}
func.func private @use(memref<16xf32>)

// A use in a nested region counts at the op that holds it: %a lives
// through the loop, so %b (allocated before it ends) gets its own place;
// the loop body gets its own storage.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME: device.memory = {planned_peak_bytes = 192 : i64, unplanned_bytes = 192 : i64}
// CHECK: device.alloc_storage %c128
// CHECK: %[[A:.*]] = device.view %{{.*}}[%c0{{.*}}] : memref<16xf32>
// CHECK: %[[B:.*]] = device.view %{{.*}}[%c64{{.*}}] : memref<16xf32>
// CHECK: scf.for
// CHECK:   device.alloc_storage %c64
// CHECK:   %[[T:.*]] = device.view
// CHECK:   device.launch @k2(%[[A]], %[[B]]) outs(%[[T]])
// CHECK:   device.copy %[[T]], %[[OUT:.*]] :
func.func @nested(%x: memref<16xf32>, %out: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = device.alloc() : memref<16xf32>
  device.launch @k(%x) outs(%a) : (memref<16xf32>) -> (memref<16xf32>)
  %b = device.alloc() : memref<16xf32>
  device.launch @k(%x) outs(%b) : (memref<16xf32>) -> (memref<16xf32>)
  scf.for %i = %c0 to %n step %c1 {
    %t = device.alloc() : memref<16xf32>
    device.launch @k2(%a, %b) outs(%t) : (memref<16xf32>, memref<16xf32>) -> (memref<16xf32>)
    device.copy %t, %out : memref<16xf32>, memref<16xf32>
  }
  return
}

// REPORT-DAG: remark: memory plan of @chain: 128 bytes of storage for 192 bytes of planned buffers
// REPORT-DAG: remark: memory plan of @mixed: 384 bytes of storage for 384 bytes of planned buffers
// REPORT-DAG: remark: memory plan of @nested: 192 bytes of storage for 192 bytes of planned buffers
// REPORT-DAG: remark: memory plan of @none: 0 bytes of storage for 0 bytes of planned buffers

// Nothing to plan: zero bytes.
// CHECK-LABEL: func.func @none(
// CHECK-SAME: device.memory = {planned_peak_bytes = 0 : i64, unplanned_bytes = 0 : i64}
// CHECK-NOT: device.alloc_storage
func.func @none(%x: memref<16xf32>) -> memref<16xf32> {
  return %x : memref<16xf32>
}
