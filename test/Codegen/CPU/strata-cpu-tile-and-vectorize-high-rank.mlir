// Ops of high rank through the CPU pipeline. Tiled by 1 along all loops
// but the innermost, they made a nest of one scf.for per loop, which
// upstream bufferization analyzes in time exponential in its depth (rank 16
// took 2 s, rank 40 never finished): strata-cpu-tile-and-vectorize
// coalesces the outer loops of a nest deeper than 8 into one loop.
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s --check-prefix=TILE
// RUN: strata-opt %s --strata-lower-cpu | FileCheck %s --check-prefix=LLVM
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s --check-prefix=EXEC

// Rank 12: 11 unit tile loops, the outer 4 of them one loop of 16
// iterations, then 7 loops of 2.
// TILE-LABEL: func.func @add12
// TILE:         scf.for %{{.*}} = %c0 to %c16 step %c1
// TILE-COUNT-7: scf.for %{{.*}} = %c0 to %c2 step %c1
// TILE-NOT:     scf.for
// TILE:         arith.addf {{.*}} : vector<1x1x1x1x1x1x1x1x1x1x1x2xf32>
func.func @add12(%a: tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>, %b: tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32> {
  %e = tensor.empty() : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %r = linalg.add ins(%a, %b : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>, tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) outs(%e : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  return %r : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
}

// Rank 40 (2^40 elements): the outer 32 unit tile loops become one loop of
// 2^32 iterations.
// TILE-LABEL: func.func @add40
// TILE:         scf.for %{{.*}} = %c0 to %c4294967296 step %c1
// TILE-COUNT-7: scf.for %{{.*}} = %c0 to %c2 step %c1
// TILE-NOT:     scf.for
// TILE:         arith.mulf {{.*}} : vector<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>
// LLVM: llvm.func @add40
func.func @add40(%a: tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>, %b: tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32> {
  %e = tensor.empty() : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39) -> (d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39) -> (d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39) -> (d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>, tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) outs(%e : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
  return %r : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

// The coalesced loops visit every element: the sum of a + b over the 4096
// elements of a (0, 1, ..., 4095) and b (all 1).
// EXEC: [8.39066e+06]
func.func @main() {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %iota = tensor.generate {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index, %i5: index, %i6: index, %i7: index, %i8: index, %i9: index, %i10: index, %i11: index):
    %lin0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %m0 = arith.muli %lin0, %c2 : index
    %l0 = arith.addi %m0, %i0 : index
    %m1 = arith.muli %l0, %c2 : index
    %l1 = arith.addi %m1, %i1 : index
    %m2 = arith.muli %l1, %c2 : index
    %l2 = arith.addi %m2, %i2 : index
    %m3 = arith.muli %l2, %c2 : index
    %l3 = arith.addi %m3, %i3 : index
    %m4 = arith.muli %l3, %c2 : index
    %l4 = arith.addi %m4, %i4 : index
    %m5 = arith.muli %l4, %c2 : index
    %l5 = arith.addi %m5, %i5 : index
    %m6 = arith.muli %l5, %c2 : index
    %l6 = arith.addi %m6, %i6 : index
    %m7 = arith.muli %l6, %c2 : index
    %l7 = arith.addi %m7, %i7 : index
    %m8 = arith.muli %l7, %c2 : index
    %l8 = arith.addi %m8, %i8 : index
    %m9 = arith.muli %l8, %c2 : index
    %l9 = arith.addi %m9, %i9 : index
    %m10 = arith.muli %l9, %c2 : index
    %l10 = arith.addi %m10, %i10 : index
    %m11 = arith.muli %l10, %c2 : index
    %l11 = arith.addi %m11, %i11 : index
    %int = arith.index_cast %l11 : index to i32
    %f = arith.sitofp %int : i32 to f32
    tensor.yield %f : f32
  } : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %e = tensor.empty() : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %ones = linalg.fill ins(%one : f32) outs(%e : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %sum = call @add12(%iota, %ones) : (tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>, tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32>
  %flat = tensor.collapse_shape %sum [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]] : tensor<2x2x2x2x2x2x2x2x2x2x2x2xf32> into tensor<4096xf32>
  %e1 = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %total = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>], iterator_types = ["reduction"]} ins(%flat : tensor<4096xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  %m = bufferization.to_buffer %total : tensor<1xf32> to memref<1xf32>
  %u = memref.cast %m : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
