// Reductions (linalg.generic with reduction iterators, linalg.reduce)
// through strata-lower-cpu, static and `?` shapes, run with mlir-runner.
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu=vectorize=false | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s "--strata-lower-cpu=tile-sizes=2,2" | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s --check-prefix=VEC

func.func private @printMemrefF32(memref<*xf32>)

// Row sums of a `?`x`?` tensor: the reduction loop is tiled by 64 as well.
// VEC-LABEL: func.func @row_sum
// VEC:         scf.for
// VEC:         scf.for {{.*}} step %c64
// VEC:         vector.mask {{.*}} vector.multi_reduction <add>
// VEC-NOT:     linalg.generic
func.func @row_sum(%a: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%d0) : tensor<?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Column maxima of a static tensor, the reduced dim outermost: tiles of
// [1, 64] clamped to [1, 5], so one row at a time is max'ed into the output.
// VEC-LABEL: func.func @col_max
// VEC:         scf.for {{.*}} = %c0 to %c3 step %c1
// VEC:         arith.maxnumf {{.*}} : vector<5xf32>
func.func @col_max(%a: tensor<3x5xf32>) -> tensor<5xf32> {
  %lowest = arith.constant -3.40282347E+38 : f32
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.reduce ins(%a : tensor<3x5xf32>) outs(%f : tensor<5xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %m = arith.maxnumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<5xf32>
}

// sum_{j < 100} 2 * j = 9900 over a 1x100 row: a full and a partial
// (masked) 64-wide tile of the reduction loop.
func.func @sum_iota() -> tensor<1xf32> {
  %zero = arith.constant 0.0 : f32
  %ex = tensor.empty() : tensor<1x100xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} outs(%ex : tensor<1x100xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %v = arith.addf %jf, %jf : f32
    linalg.yield %v : f32
  } -> tensor<1x100xf32>
  %e = tensor.empty() : tensor<1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.reduce ins(%x : tensor<1x100xf32>) outs(%f : tensor<1xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1xf32>
}

func.func @print1d(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                             [0.0, 1.0, 0.0, 1.0, 0.0],
                             [1.0, -1.0, 7.0, -1.0, 2.5]]> : tensor<3x5xf32>
  // CHECK: sizes = [3]
  // CHECK-NEXT: [15, 2, 8.5]
  %ad = tensor.cast %a : tensor<3x5xf32> to tensor<?x?xf32>
  %r0 = func.call @row_sum(%ad) : (tensor<?x?xf32>) -> tensor<?xf32>
  func.call @print1d(%r0) : (tensor<?xf32>) -> ()

  // CHECK: sizes = [5]
  // CHECK-NEXT: [1, 2, 7, 4, 5]
  %r1 = func.call @col_max(%a) : (tensor<3x5xf32>) -> tensor<5xf32>
  %r1d = tensor.cast %r1 : tensor<5xf32> to tensor<?xf32>
  func.call @print1d(%r1d) : (tensor<?xf32>) -> ()

  // CHECK: sizes = [1]
  // CHECK-NEXT: [9900]
  %r2 = func.call @sum_iota() : () -> tensor<1xf32>
  %r2d = tensor.cast %r2 : tensor<1xf32> to tensor<?xf32>
  func.call @print1d(%r2d) : (tensor<?xf32>) -> ()
  return
}
