// Matmuls on tensors through strata-lower-cpu, run with mlir-runner.
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu=vectorize=false | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s "--strata-lower-cpu=tile-sizes=2,3,2" | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s --check-prefix=VEC

func.func private @printMemrefF32(memref<*xf32>)

// 3x5x4 fits in one 8x32x16 tile: not tiled, one static vector.contract
// (the fill is tiled by rows: [1, 64] clamped to [1, 4]).
// VEC-LABEL: func.func @matmul_static
// VEC:         scf.for
// VEC:         vector.transfer_write {{.*}} : vector<1x4xf32>, tensor<1x4xf32>
// VEC-NOT:     vector.mask
// VEC:         vector.contract
// VEC-SAME:      vector<3x5xf32>, vector<5x4xf32> into vector<3x4xf32>
// VEC-NOT:     linalg.matmul
func.func @matmul_static(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>)
                     outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// `?` sizes: 8x32x16 tiles, the partial ones peeled. Partial tiles along N
// and K are masked vectors of the tile size; a contraction masked only
// along N (a parallel dim) loses its mask, one masked along K keeps it.
// Partial tiles along M (rows) loop over rows of one vector each.
// VEC-LABEL: func.func @matmul_dynamic
// VEC:         scf.for {{.*}} step %c8
// VEC:         scf.for {{.*}} step %c32
// VEC:         scf.for {{.*}} step %c16
// VEC:         vector.contract {{.*}} : vector<8x16xf32>, vector<16x32xf32> into vector<8x32xf32>
// VEC:         vector.transfer_read {{.*}} : tensor<8x?xf32>, vector<8x16xf32>
// VEC:         vector.mask {{.*}} { vector.contract
// VEC:         vector.transfer_read {{.*}} : tensor<16x?xf32>, vector<16x32xf32>
// VEC-NOT:     vector.mask
// VEC:         vector.contract {{.*}} : vector<8x16xf32>, vector<16x32xf32> into vector<8x32xf32>
// VEC:         scf.for {{.*}} step %c1
// VEC:         vector.contract {{.*}} : vector<1x16xf32>, vector<16x32xf32> into vector<1x32xf32>
// VEC-NOT:     linalg.matmul
func.func @matmul_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// 9x33x17: one full and one partial tile along each of M, N and K. The
// partial ones are peeled off, so the eight combinations are all static
// tiles (single iterations, inlined): no masks.
// VEC-LABEL: func.func @matmul_partial_tiles
// VEC-NOT:     vector.mask
// VEC:         vector.contract {{.*}} : vector<8x16xf32>, vector<16x32xf32> into vector<8x32xf32>
// VEC:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// VEC:         vector.contract {{.*}} : vector<8x16xf32>, vector<16x1xf32> into vector<8x1xf32>
// VEC:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x1xf32> into vector<8x1xf32>
// VEC:         vector.contract {{.*}} : vector<1x16xf32>, vector<16x32xf32> into vector<1x32xf32>
// VEC:         vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// VEC:         vector.contract {{.*}} : vector<1x16xf32>, vector<16x1xf32> into vector<1x1xf32>
// VEC:         vector.contract {{.*}} : vector<1x1xf32>, vector<1x1xf32> into vector<1x1xf32>
// VEC-NOT:     vector.mask
// VEC-NOT:     linalg.matmul
func.func @matmul_partial_tiles() -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %ea = tensor.empty() : tensor<9x17xf32>
  %a = linalg.fill ins(%one : f32) outs(%ea : tensor<9x17xf32>) -> tensor<9x17xf32>
  %eb = tensor.empty() : tensor<17x33xf32>
  %b = linalg.fill ins(%half : f32) outs(%eb : tensor<17x33xf32>) -> tensor<17x33xf32>
  %ec = tensor.empty() : tensor<9x33xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<9x33xf32>) -> tensor<9x33xf32>
  %r = linalg.matmul ins(%a, %b : tensor<9x17xf32>, tensor<17x33xf32>)
                     outs(%c : tensor<9x33xf32>) -> tensor<9x33xf32>
  %corner = tensor.extract_slice %r[7, 30] [2, 3] [1, 1] : tensor<9x33xf32> to tensor<2x3xf32>
  return %corner : tensor<2x3xf32>
}

func.func @print2d(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                             [0.0, 1.0, 0.0, 1.0, 0.0],
                             [1.0, -1.0, 1.0, -1.0, 2.0]]> : tensor<3x5xf32>
  %b = arith.constant dense<[[1.0, 0.0, 0.0, 1.0],
                             [0.0, 1.0, 0.0, 1.0],
                             [0.0, 0.0, 1.0, 1.0],
                             [1.0, 1.0, 1.0, 1.0],
                             [2.0, 0.0, 0.0, 0.5]]> : tensor<5x4xf32>

  // CHECK: sizes = [3, 4]
  // CHECK-NEXT: [15, 6, 7, 12.5]
  // CHECK-NEXT: [1, 2, 1, 2]
  // CHECK-NEXT: [4, -2, 0, 1]
  %r0 = func.call @matmul_static(%a, %b) : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %r0d = tensor.cast %r0 : tensor<3x4xf32> to tensor<?x?xf32>
  func.call @print2d(%r0d) : (tensor<?x?xf32>) -> ()

  // CHECK: sizes = [3, 4]
  // CHECK-NEXT: [15, 6, 7, 12.5]
  // CHECK-NEXT: [1, 2, 1, 2]
  // CHECK-NEXT: [4, -2, 0, 1]
  %ad = tensor.cast %a : tensor<3x5xf32> to tensor<?x?xf32>
  %bd = tensor.cast %b : tensor<5x4xf32> to tensor<?x?xf32>
  %r1 = func.call @matmul_dynamic(%ad, %bd) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.call @print2d(%r1) : (tensor<?x?xf32>) -> ()

  // Every entry is 17 * 1 * 0.5.
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [8.5, 8.5, 8.5]
  // CHECK-NEXT: [8.5, 8.5, 8.5]
  %r2 = func.call @matmul_partial_tiles() : () -> tensor<2x3xf32>
  %r2d = tensor.cast %r2 : tensor<2x3xf32> to tensor<?x?xf32>
  func.call @print2d(%r2d) : (tensor<?x?xf32>) -> ()
  return
}
