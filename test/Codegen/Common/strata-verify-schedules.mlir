// RUN: strata-opt %s --strata-verify-schedules -split-input-file -verify-diagnostics | FileCheck %s

// A schedule whose vector sizes fit the op's loops passes unchanged: the K
// loop (16 iterations) is whole in the innermost tile and vectorized by 16.

// CHECK-LABEL: func.func @fits
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<
func.func @fits(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %m = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 32, 0>], vector_sizes = [8, 32, 16], parallel_dims = [0]>} ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %m : tensor<8x32xf32>
}

// -----

// A vector of 32 along a loop of 16 iterations kept whole: the dialect's
// verifier cannot see the loop sizes, this pass does.

func.func @misfit(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'linalg.matmul' op kernel.schedule: vector size 32 of loop 2 does not fit the loop, whole in its innermost tile, of 16 iterations}}
  %m = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 32, 0>], vector_sizes = [8, 32, 32], parallel_dims = [0]>} ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %m : tensor<8x32xf32>
}

// -----

// Inside the scf.forall of strata-cpu-distribute-tiles, an op is one tile
// of the kernel, smaller than the loops its schedule was written for: it
// is not checked.

// CHECK-LABEL: func.func @distributed
// CHECK: scf.forall
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<
func.func @distributed(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %c) -> (tensor<8x32xf32>) {
    %i4 = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %ta = tensor.extract_slice %a[%i4, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
    %tc = tensor.extract_slice %o[%i4, 0] [4, 32] [1, 1] : tensor<8x32xf32> to tensor<4x32xf32>
    %m = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 32, 0>], vector_sizes = [8, 32, 16], parallel_dims = [0]>} ins(%ta, %b : tensor<4x16xf32>, tensor<16x32xf32>) outs(%tc : tensor<4x32xf32>) -> tensor<4x32xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %m into %o[%i4, 0] [4, 32] [1, 1] : tensor<4x32xf32> into tensor<8x32xf32>
    }
  }
  return %r : tensor<8x32xf32>
}
