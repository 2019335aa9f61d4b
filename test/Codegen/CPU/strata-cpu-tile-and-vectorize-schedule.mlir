// Schedules given by hand (the discardable attribute kernel.schedule on a
// linalg op) drive strata-cpu-tile-and-vectorize: one scf.for nest per
// tiling level, vectors of the innermost tile; the products still compute
// the right values.
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s --check-prefix=VEC --implicit-check-not=kernel.schedule
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu=vectorize=false | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// Chosen schedules run correctly too.
// RUN: strata-opt %s --kernel-select-schedule --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)

// Two levels: 16x32x16 tiles of 4x8x4 register tiles. The accumulator is
// read before the innermost (k) loop, carried through it as a vector and
// written after it.
// VEC-LABEL: func.func @matmul_two_levels
// VEC:         scf.for {{.*}} = %c0 to %c32 step %c16
// VEC:         scf.for {{.*}} = %c0 to %c64 step %c32
// VEC:         scf.for {{.*}} = %c0 to %c48 step %c16
// VEC:         scf.for {{.*}} = %c0 to %c16 step %c4
// VEC:         scf.for {{.*}} = %c0 to %c32 step %c8
// VEC:         vector.transfer_read {{.*}} : tensor<4x8xf32>, vector<8xf32>
// VEC:         scf.for {{.*}} = %c0 to %c16 step %c4 {{.*}} -> (tensor<16x32xf32>, tensor<4x8xf32>, vector<4x8xf32>)
// VEC-NOT:       vector.transfer_write
// VEC:           vector.contract {{.*}} : vector<4x4xf32>, vector<4x8xf32> into vector<4x8xf32>
// VEC:           scf.yield
// VEC:         vector.transfer_write {{.*}} : vector<8xf32>, tensor<4x8xf32>
// VEC-NOT:     linalg.matmul
func.func @matmul_two_levels(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 16, 32, 16>, array<i64: 4, 8, 4>], vector_sizes = [4, 8, 4], parallel_dims = [0, 1]>}
    ins(%a, %b : tensor<32x48xf32>, tensor<48x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// The same product with the default tiling: the reference.
func.func @matmul_default(%a: tensor<32x48xf32>, %b: tensor<48x64xf32>) -> tensor<32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x48xf32>, tensor<48x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// `?` sizes: the tiles of both levels are partial at the edges; the
// innermost tile is vectorized with masks of the innermost tile sizes.
// VEC-LABEL: func.func @matmul_dynamic_two_levels
// VEC:         scf.for {{.*}} step %c8
// VEC:         scf.for {{.*}} step %c16
// VEC:         scf.for {{.*}} step %c8
// VEC:         scf.for {{.*}} step %c4
// VEC:         scf.for {{.*}} step %c8
// VEC:         scf.for {{.*}} step %c4
// VEC:         vector.contract
// VEC-NOT:     linalg.matmul
func.func @matmul_dynamic_two_levels(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16, 8>, array<i64: 4, 8, 4>], vector_sizes = [4, 8, 4], parallel_dims = [0, 1]>}
    ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// One level on an elementwise op: rows by 2, columns by 8; an empty
// vector_sizes leaves the tile scalar.
// VEC-LABEL: func.func @add_one_level
// VEC:         scf.for {{.*}} = %c0 to %c4 step %c2
// VEC:         scf.for {{.*}} = %c0 to %c16 step %c8
// VEC:         arith.addf {{.*}} : vector<2x8xf32>
// VEC-LABEL: func.func @add_scalar
// VEC-NOT:     vector.
// VEC:         scf.for {{.*}} = %c0 to %c16 step %c8
// VEC-NOT:     vector.
// VEC:         linalg.add
// VEC-NOT:     vector.
// VEC:         return
func.func @add_one_level(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 8>], vector_sizes = [2, 8], parallel_dims = [0]>}
    ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
func.func @add_scalar(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.add {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 8>], vector_sizes = [], parallel_dims = [1]>}
    ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

func.func @print2d(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// The largest |x - y| over two tensors, as a 1x1 tensor to print.
func.func @max_diff(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (0, 0)>],
                       iterator_types = ["reduction", "reduction"]}
    ins(%x, %y : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<1x1xf32>) {
  ^bb0(%u: f32, %v: f32, %acc: f32):
    %d = arith.subf %u, %v : f32
    %a = math.absf %d : f32
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// Small integers in f32: (3i + 5j) mod 7 - 3, exact in every sum.
func.func @pattern(%m: index, %n: index) -> tensor<?x?xf32> {
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    outs(%e : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %i3 = arith.muli %i, %c3 : index
    %j5 = arith.muli %j, %c5 : index
    %s = arith.addi %i3, %j5 : index
    %r = arith.remui %s, %c7 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    %three = arith.constant 3.0 : f32
    %v = arith.subf %f, %three : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index

  %ad = func.call @pattern(%c32, %c48) : (index, index) -> tensor<?x?xf32>
  %bd = func.call @pattern(%c48, %c64) : (index, index) -> tensor<?x?xf32>
  %a = tensor.cast %ad : tensor<?x?xf32> to tensor<32x48xf32>
  %b = tensor.cast %bd : tensor<?x?xf32> to tensor<48x64xf32>
  %r0 = func.call @matmul_two_levels(%a, %b) : (tensor<32x48xf32>, tensor<48x64xf32>) -> tensor<32x64xf32>
  %ref = func.call @matmul_default(%a, %b) : (tensor<32x48xf32>, tensor<48x64xf32>) -> tensor<32x64xf32>
  %r0d = tensor.cast %r0 : tensor<32x64xf32> to tensor<?x?xf32>
  %refd = tensor.cast %ref : tensor<32x64xf32> to tensor<?x?xf32>
  // CHECK: sizes = [1, 1]
  // CHECK-NEXT: [0]
  %d0 = func.call @max_diff(%r0d, %refd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<1x1xf32>
  %d0d = tensor.cast %d0 : tensor<1x1xf32> to tensor<?x?xf32>
  func.call @print2d(%d0d) : (tensor<?x?xf32>) -> ()
  // Rows 0-1, columns 0-3.
  // CHECK: sizes = [2, 4]
  // CHECK-NEXT: [99, -1, -3, 100]
  // CHECK-NEXT: [96, -47, -92, -53]
  %corner = tensor.extract_slice %r0d[0, 0] [2, 4] [1, 1] : tensor<?x?xf32> to tensor<2x4xf32>
  %cornerd = tensor.cast %corner : tensor<2x4xf32> to tensor<?x?xf32>
  func.call @print2d(%cornerd) : (tensor<?x?xf32>) -> ()

  // 10x12 times 12x20 (partial tiles at both levels) against the default
  // tiling of the same shapes.
  %a2 = func.call @pattern(%c10, %c12) : (index, index) -> tensor<?x?xf32>
  %b2 = func.call @pattern(%c12, %c20) : (index, index) -> tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty(%c10, %c20) : tensor<?x?xf32>
  %c2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r2 = func.call @matmul_dynamic_two_levels(%a2, %b2, %c2) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %e3 = tensor.empty(%c10, %c20) : tensor<?x?xf32>
  %c3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ref2 = linalg.matmul ins(%a2, %b2 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c3 : tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: sizes = [1, 1]
  // CHECK-NEXT: [0]
  %d2 = func.call @max_diff(%r2, %ref2) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<1x1xf32>
  %d2d = tensor.cast %d2 : tensor<1x1xf32> to tensor<?x?xf32>
  func.call @print2d(%d2d) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [1, 4]
  // CHECK-NEXT: [-6, 4, 28, -18]
  %row = tensor.extract_slice %r2[9, 16] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<1x4xf32>
  %rowd = tensor.cast %row : tensor<1x4xf32> to tensor<?x?xf32>
  func.call @print2d(%rowd) : (tensor<?x?xf32>) -> ()

  // Elementwise: rows 2-3 of A + A, vectorized and scalar.
  %a4d = func.call @pattern(%c4, %c16) : (index, index) -> tensor<?x?xf32>
  %a4 = tensor.cast %a4d : tensor<?x?xf32> to tensor<4x16xf32>
  %s1 = func.call @add_one_level(%a4, %a4) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %s2 = func.call @add_scalar(%a4, %a4) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  // CHECK: sizes = [2, 16]
  // CHECK-NEXT: [6, 2, -2, -6, 4, 0, -4, 6, 2, -2, -6, 4, 0, -4, 6, 2]
  // CHECK-NEXT: [-2, -6, 4, 0, -4, 6, 2, -2, -6, 4, 0, -4, 6, 2, -2, -6]
  %s1r = tensor.extract_slice %s1[2, 0] [2, 16] [1, 1] : tensor<4x16xf32> to tensor<2x16xf32>
  %s1rd = tensor.cast %s1r : tensor<2x16xf32> to tensor<?x?xf32>
  func.call @print2d(%s1rd) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [2, 16]
  // CHECK-NEXT: [6, 2, -2, -6, 4, 0, -4, 6, 2, -2, -6, 4, 0, -4, 6, 2]
  // CHECK-NEXT: [-2, -6, 4, 0, -4, 6, 2, -2, -6, 4, 0, -4, 6, 2, -2, -6]
  %s2r = tensor.extract_slice %s2[2, 0] [2, 16] [1, 1] : tensor<4x16xf32> to tensor<2x16xf32>
  %s2rd = tensor.cast %s2r : tensor<2x16xf32> to tensor<?x?xf32>
  func.call @print2d(%s2rd) : (tensor<?x?xf32>) -> ()
  return
}
