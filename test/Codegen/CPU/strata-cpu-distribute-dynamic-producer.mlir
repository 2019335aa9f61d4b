// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-distribute-tiles))' | FileCheck %s --check-prefix=TILED
// RUN: strata-opt %s --strata-lower-cpu=distribute --mlir-print-ir-before=strata-cpu-forall-to-tile-range -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUFFERIZED
// A root whose loop bound is a dynamic dim of a fused producer (the bias
// add whose `outs` is the matmul): upstream tiling takes the forall's upper
// bound from `tensor.dim %matmul`; strata-cpu-distribute-tiles rewrites such
// dims through the producers' shapes, so that the fill and matmul are
// computed only inside the loop, and the kernel stays distributable (a grid
// function). This is every dynamic-batch linear layer.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// After distribution, nothing but the loop computes the matmul, and the loop
// bound does not read it.
// TILED-LABEL: func.func @mm_bias(
// TILED-NOT: linalg.matmul
// TILED: scf.forall
// TILED: linalg.fill
// TILED: linalg.matmul
// TILED: } {strata.distribute}
// TILED-NOT: linalg.matmul

// After bufferization: nothing at the top level but the distributed loop (no
// top-level allocation of the matmul's result).
// BUFFERIZED-LABEL: func.func @mm_bias(
// BUFFERIZED-NOT: memref.alloc
// BUFFERIZED: scf.forall
func.func @mm_bias(%xm: memref<?x8xf32>, %wm: memref<8x4xf32>, %bm: memref<4xf32>, %out: memref<?x4xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<?x8xf32> to tensor<?x8xf32>
  %w = bufferization.to_tensor %wm restrict : memref<8x4xf32> to tensor<8x4xf32>
  %b = bufferization.to_tensor %bm restrict : memref<4xf32> to tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%mm : tensor<?x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %o, %in : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x4xf32>, memref<?x4xf32>) -> ()
  return
}
