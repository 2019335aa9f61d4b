// RUN: strata-opt %s --strata-lower-kernels-cpu -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: grep -c llvm.insertelement %t.mlir | FileCheck %s --check-prefix=INSERTS
// RUN: grep -c llvm.extractelement %t.mlir | FileCheck %s --check-prefix=EXTRACTS

// A matrix product with 4x16 register tiles over k_r = 16 (the CPU
// heuristics' choice for AVX2), a bias for accumulator and a row left over
// (9 = 2 x 4 + 1): the tiles of A are transposed for the outer products by
// shuffles, and the rows of B stay vectors. Lowered element by
// element instead (vector.transpose's default lowering, and
// vector.from_elements made of the rows by the canonicalizer), each tile
// took 256 extractelement and 256 insertelement ops: half the LLVM IR of a
// matrix-product kernel (this one had 1152 of each). What is left is one
// broadcast of an element of A per FMA (extract, insert, splat shuffle):
// 64 in the full tile's body, 16 in the loop over the rows left over (a
// thread's share of rows, here 4 or 1, is dynamic: one row of 16 FMAs per
// iteration, where a masked 4-row tile took 64 and selects).
// CHECK-LABEL: llvm.func internal @gemm(
// CHECK-COUNT-80: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.return
// INSERTS: {{^}}80{{$}}
// EXTRACTS: {{^}}80{{$}}

#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d1, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#bias = affine_map<(d0, d1, d2) -> (d1, d2)>
#all = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
kernel.func private @gemm(%bias: tensor<1x16xf32>, %a: tensor<9x64xf32>, %b: tensor<1x64x16xf32>) -> tensor<9x1x16xf32> attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 0, 32>, array<i64: 4, 1, 0, 16>], vector_sizes = [4, 1, 16, 16], parallel_dims = [1]>} {
  %e = tensor.empty() : tensor<9x1x16xf32>
  %init = linalg.generic {indexing_maps = [#bias, #all], iterator_types = ["parallel", "parallel", "parallel"]} ins(%bias : tensor<1x16xf32>) outs(%e : tensor<9x1x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<9x1x16xf32>
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<9x64xf32>, tensor<1x64x16xf32>) outs(%init : tensor<9x1x16xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 0, 32>, array<i64: 4, 1, 0, 16>], vector_sizes = [4, 1, 16, 16], parallel_dims = [1]>} {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<9x1x16xf32>
  kernel.return %r : tensor<9x1x16xf32>
}
