// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-distribute-tiles))' | FileCheck %s

// The tile size along a huge loop is found in time independent of its size
// (the search went through every multiple of the schedule's tile up to the
// loop's size: a loop of 2^36 iterations took seconds, 2^62 never ended):
// 16 tiles of 2^58 rows, a multiple of the schedule's 64.
// CHECK-LABEL: func.func @huge
// CHECK: scf.forall (%{{.*}}) = (0) to (4611686018427387904) step (288230376151711744)
// CHECK: } {strata.distribute}
func.func @huge(%a: memref<4611686018427387904xi8>, %out: memref<4611686018427387904xi8>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<4611686018427387904xi8> to tensor<4611686018427387904xi8>
  %e = tensor.empty() : tensor<4611686018427387904xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta : tensor<4611686018427387904xi8>) outs(%e : tensor<4611686018427387904xi8>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 64>], vector_sizes = [64], parallel_dims = [0]>} {
  ^bb0(%x: i8, %o: i8):
    %y = arith.addi %x, %x : i8
    linalg.yield %y : i8
  } -> tensor<4611686018427387904xi8>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4611686018427387904xi8>, memref<4611686018427387904xi8>) -> ()
  return
}

// A prime number of iterations: no multiple of the schedule's tile divides
// it; tiles of about a sixteenth, rounded up to the schedule's tile.
// CHECK-LABEL: func.func @prime
// CHECK: scf.forall (%{{.*}}) = (0) to (4294967311) step (268435520)
func.func @prime(%a: memref<4294967311xf32>, %out: memref<4294967311xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<4294967311xf32> to tensor<4294967311xf32>
  %e = tensor.empty() : tensor<4294967311xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta : tensor<4294967311xf32>) outs(%e : tensor<4294967311xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 64>], vector_sizes = [64], parallel_dims = [0]>} {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4294967311xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4294967311xf32>, memref<4294967311xf32>) -> ()
  return
}

// A producer with an empty iteration space (a sum over an empty axis, which
// only fills its result) is not fused into the tiles (upstream fusion
// crashed computing the slices of its zero-size loop): it stays before the
// loop, the consumer is split.
// CHECK-LABEL: func.func @empty_producer
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<64x0xf32>)
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[SUM]]
// CHECK: arith.addf
// CHECK: } {strata.distribute}
func.func @empty_producer(%a: memref<64x0xf32>, %b: memref<64xf32>, %out: memref<64xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<64x0xf32> to tensor<64x0xf32>
  %tb = bufferization.to_tensor %b restrict : memref<64xf32> to tensor<64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%ta : tensor<64x0xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s, %tb : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
  return
}
