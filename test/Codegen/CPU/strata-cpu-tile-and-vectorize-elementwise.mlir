// Elementwise linalg.generic (broadcast in the maps) and math ops through
// strata-lower-cpu, static and `?` shapes, run with mlir-runner.
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu=vectorize=false | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s --check-prefix=VEC

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>

func.func private @printMemrefF32(memref<*xf32>)

// out = a + 2 * b (b broadcast along the rows).
// VEC-LABEL: func.func @axpy_bcast
// VEC:         scf.for
// VEC:         vector.transfer_read {{.*}} : tensor<1x3xf32>, vector<1x3xf32>
// VEC:         arith.mulf {{.*}} : vector<1x3xf32>
// VEC-NOT:     linalg.generic
func.func @axpy_bcast(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %y, %two : f32
    %s = arith.addf %x, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// exp, erf and tanh of `?`x`?` tensors: three results of one generic.
// VEC-LABEL: func.func @transcendental
// VEC:         vector.create_mask {{.*}} : vector<1x64xi1>
// VEC:         math.exp {{.*}} : vector<1x64xf32>
// VEC:         math.erf {{.*}} : vector<1x64xf32>
// VEC:         math.tanh {{.*}} : vector<1x64xf32>
func.func @transcendental(%a: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r:3 = linalg.generic {indexing_maps = [#id, #id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%e, %e, %e : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32, %o2: f32):
    %0 = math.exp %x : f32
    %1 = math.erf %x : f32
    %2 = math.tanh %x : f32
    linalg.yield %0, %1, %2 : f32, f32, f32
  } -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0, %r#1, %r#2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// A long row: two 64-wide tiles, the second one partial (masked).
// out[j] = 0.5 * j, printed at j = 0, 63, 64, 99.
func.func @iota_half() -> tensor<4xf32> {
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<100xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>],
                       iterator_types = ["parallel"]} outs(%e : tensor<100xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f32
    %v = arith.mulf %jf, %half : f32
    linalg.yield %v : f32
  } -> tensor<100xf32>
  %c0 = arith.constant 0 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %c99 = arith.constant 99 : index
  %v0 = tensor.extract %r[%c0] : tensor<100xf32>
  %v1 = tensor.extract %r[%c63] : tensor<100xf32>
  %v2 = tensor.extract %r[%c64] : tensor<100xf32>
  %v3 = tensor.extract %r[%c99] : tensor<100xf32>
  %p = tensor.from_elements %v0, %v1, %v2, %v3 : tensor<4xf32>
  return %p : tensor<4xf32>
}

func.func @print(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[0.0, 1.0, -1.0], [0.5, -0.5, 2.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>

  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [2, 5, 5]
  // CHECK-NEXT: [2.5, 3.5, 8]
  %r0 = func.call @axpy_bcast(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r0d = tensor.cast %r0 : tensor<2x3xf32> to tensor<?x?xf32>
  func.call @print(%r0d) : (tensor<?x?xf32>) -> ()

  %ad = tensor.cast %a : tensor<2x3xf32> to tensor<?x?xf32>
  %exp, %erf, %tanh = func.call @transcendental(%ad)
      : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [1, 2.71828, 0.367879]
  // CHECK-NEXT: [1.64872, 0.606531, 7.38906]
  func.call @print(%exp) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [0, 0.842701, -0.842701]
  // CHECK-NEXT: [0.5205, -0.5205, 0.995322]
  func.call @print(%erf) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [0, 0.761594, -0.761594]
  // CHECK-NEXT: [0.462117, -0.462117, 0.964028]
  func.call @print(%tanh) : (tensor<?x?xf32>) -> ()

  // CHECK: sizes = [4]
  // CHECK-NEXT: [0, 31.5, 32, 49.5]
  %r2 = func.call @iota_half() : () -> tensor<4xf32>
  %m2 = bufferization.to_buffer %r2 : tensor<4xf32> to memref<4xf32>
  %u2 = memref.cast %m2 : memref<4xf32> to memref<*xf32>
  func.call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
