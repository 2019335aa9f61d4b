// RUN: strata-opt %s --device-deduplicate-kernels | FileCheck %s
// RUN: strata-opt %s --device-deduplicate-kernels --mlir-print-debuginfo --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s

// Kernels identical but for their names and locations are merged into the
// first one; the launches of the others launch it. Kernels that differ in a
// constant (even one the printer would elide), a schedule or a type stay.
// The printing flags of the command line do not change what is identical.

// CHECK-LABEL: kernel.func private @relu(
// CHECK-NOT: kernel.func private @relu_again
// CHECK-LABEL: kernel.func private @scale_by_2(
// CHECK-LABEL: kernel.func private @scale_by_3(
// CHECK-LABEL: kernel.func private @relu_tiled(
// CHECK-LABEL: kernel.func private @relu_wide(
// CHECK-NOT: kernel.func
// CHECK-LABEL: func.func @main(
// CHECK: device.launch @relu(%{{.*}}) outs(%[[A:[^)]*]])
// CHECK: device.launch @relu(%[[A]])
// CHECK: device.launch @scale_by_2(
// CHECK: device.launch @scale_by_3(
// CHECK: device.launch @relu_tiled(
// CHECK: device.launch @relu_wide(

#map = affine_map<(d0) -> (d0)>
kernel.func private @relu(%x: tensor<16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  kernel.return %r : tensor<16xf32>
} loc("relu")
kernel.func private @relu_again(%x: tensor<16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32 loc("elsewhere")
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  kernel.return %r : tensor<16xf32>
} loc("relu_again")
kernel.func private @scale_by_2(%x: tensor<16xf32>) -> tensor<16xf32> {
  %k = arith.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]> : tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.mul ins(%x, %k : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  kernel.return %r : tensor<16xf32>
}
kernel.func private @scale_by_3(%x: tensor<16xf32>) -> tensor<16xf32> {
  %k = arith.constant dense<[2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 3.0]> : tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.mul ins(%x, %k : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  kernel.return %r : tensor<16xf32>
}
kernel.func private @relu_tiled(%x: tensor<16xf32>) -> tensor<16xf32> attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 8>], vector_sizes = [8], parallel_dims = [0]>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  kernel.return %r : tensor<16xf32>
}
kernel.func private @relu_wide(%x: tensor<32xf32>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  kernel.return %r : tensor<32xf32>
}

func.func @main(%x: memref<16xf32>, %w: memref<32xf32>) -> (memref<16xf32>, memref<32xf32>) {
  %a = device.alloc() : memref<16xf32>
  device.launch @relu(%x) outs(%a) : (memref<16xf32>) -> (memref<16xf32>)
  %b = device.alloc() : memref<16xf32>
  device.launch @relu_again(%a) outs(%b) : (memref<16xf32>) -> (memref<16xf32>)
  %c = device.alloc() : memref<16xf32>
  device.launch @scale_by_2(%b) outs(%c) : (memref<16xf32>) -> (memref<16xf32>)
  %d = device.alloc() : memref<16xf32>
  device.launch @scale_by_3(%c) outs(%d) : (memref<16xf32>) -> (memref<16xf32>)
  %e = device.alloc() : memref<16xf32>
  device.launch @relu_tiled(%d) outs(%e) : (memref<16xf32>) -> (memref<16xf32>)
  %f = device.alloc() : memref<32xf32>
  device.launch @relu_wide(%w) outs(%f) : (memref<32xf32>) -> (memref<32xf32>)
  return %e, %f : memref<16xf32>, memref<32xf32>
}
