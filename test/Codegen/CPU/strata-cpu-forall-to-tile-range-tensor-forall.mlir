// RUN: strata-opt %s --strata-cpu-forall-to-tile-range -verify-diagnostics
// A marked scf.forall that still has shared_outs (tensor results: the pass
// run before bufferization) is reported, not turned into a sequential loop
// (MLIR 22's forallToForLoop would leave its results dangling).

func.func @tensor_forall(%x: tensor<16xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %e = tensor.empty() : tensor<16xf32>
  // expected-error @+1 {{the tile loop still has tensor results}}
  %r = scf.forall (%i) = (0) to (16) step (4) shared_outs(%acc = %e) -> (tensor<16xf32>) {
    %s = tensor.extract_slice %x[%i] [4] [1] : tensor<16xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %acc[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
    }
  } {strata.distribute}
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}
