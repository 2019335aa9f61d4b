// Tensor data movement through strata-lower-cpu (bufferized by One-Shot
// Bufferize), mixed with linalg ops, run with mlir-runner.
// RUN: strata-opt %s --strata-lower-cpu | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: strata-opt %s --strata-lower-cpu=vectorize=false | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

// Pad 2x2 by one row on top and one column on the right with -1, then add 1
// elementwise.
func.func @pad_add(%a: tensor<2x2xf32>) -> tensor<3x3xf32> {
  %m1 = arith.constant -1.0 : f32
  %one = arith.constant 1.0 : f32
  %p = tensor.pad %a low[1, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %m1 : f32
  } : tensor<2x2xf32> to tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<3x3xf32>) outs(%e : tensor<3x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %one : f32
    linalg.yield %s : f32
  } -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// Dynamic pad: `?` sizes, pad amounts from the arguments.
func.func @pad_dynamic(%a: tensor<?x?xf32>, %lo: index, %hi: index) -> tensor<?x?xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, %lo] high[0, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %p : tensor<?x?xf32>
}

// Rows 0, 2 and columns 1, 3, 5 of a 4x6 tensor, times 2 with a linalg op.
func.func @strided_slice(%a: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %s = tensor.extract_slice %a[0, 1] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.addf %x, %x : f32
    linalg.yield %d : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// insert_slice into zeros, concat, collapse/expand/reshape, from_elements and
// extract.
func.func @shuffle(%a: tensor<4x6xf32>) -> (tensor<2x4xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<1x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  // Zeros 2x4 with a[3, 4:6] at [1, 1].
  %e = tensor.empty() : tensor<2x4xf32>
  %zeros = linalg.fill ins(%z : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %src = tensor.extract_slice %a[3, 4] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
  %ins = tensor.insert_slice %src into %zeros[1, 1] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x4xf32>
  // a[0, 0:2] ++ a[1, 0:4] -> 6 values, expanded to 3x2.
  %r0 = tensor.extract_slice %a[0, 0] [1, 2] [1, 1] : tensor<4x6xf32> to tensor<1x2xf32>
  %r1 = tensor.extract_slice %a[1, 0] [1, 4] [1, 1] : tensor<4x6xf32> to tensor<1x4xf32>
  %cat = tensor.concat dim(1) %r0, %r1 : (tensor<1x2xf32>, tensor<1x4xf32>) -> tensor<1x6xf32>
  %flat = tensor.collapse_shape %cat [[0, 1]] : tensor<1x6xf32> into tensor<6xf32>
  %exp = tensor.expand_shape %flat [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  // tensor.reshape of the same 6 values to 2x3 through a shape tensor.
  %shape = arith.constant dense<[2, 3]> : tensor<2xindex>
  %res = tensor.reshape %flat(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  // [a[2, 3], a[3, 0], a[0, 2]].
  %v0 = tensor.extract %a[%c2, %c3] : tensor<4x6xf32>
  %v1 = tensor.extract %a[%c3, %c0] : tensor<4x6xf32>
  %v2 = tensor.extract %a[%c0, %c2] : tensor<4x6xf32>
  %fe = tensor.from_elements %v0, %v1, %v2 : tensor<1x3xf32>
  return %ins, %exp, %res, %fe : tensor<2x4xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<1x3xf32>
}

func.func @main() {
  // a[i, j] = 10 * i + j.
  %a = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0],
                             [10.0, 11.0, 12.0, 13.0, 14.0, 15.0],
                             [20.0, 21.0, 22.0, 23.0, 24.0, 25.0],
                             [30.0, 31.0, 32.0, 33.0, 34.0, 35.0]]> : tensor<4x6xf32>
  %b = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>

  // CHECK: sizes = [3, 3]
  // CHECK-NEXT: [0, 0, 0]
  // CHECK-NEXT: [2, 3, 0]
  // CHECK-NEXT: [4, 5, 0]
  %p = func.call @pad_add(%b) : (tensor<2x2xf32>) -> tensor<3x3xf32>
  %pd = tensor.cast %p : tensor<3x3xf32> to tensor<?x?xf32>
  func.call @print(%pd) : (tensor<?x?xf32>) -> ()

  // CHECK: sizes = [2, 5]
  // CHECK-NEXT: [0, 0, 1, 2, 0]
  // CHECK-NEXT: [0, 0, 3, 4, 0]
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bd = tensor.cast %b : tensor<2x2xf32> to tensor<?x?xf32>
  %pdyn = func.call @pad_dynamic(%bd, %c2, %c1) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  func.call @print(%pdyn) : (tensor<?x?xf32>) -> ()

  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [2, 6, 10]
  // CHECK-NEXT: [42, 46, 50]
  %s = func.call @strided_slice(%a) : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %sd = tensor.cast %s : tensor<2x3xf32> to tensor<?x?xf32>
  func.call @print(%sd) : (tensor<?x?xf32>) -> ()

  %ins, %exp, %res, %fe = func.call @shuffle(%a)
      : (tensor<4x6xf32>) -> (tensor<2x4xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<1x3xf32>)
  // CHECK: sizes = [2, 4]
  // CHECK-NEXT: [0, 0, 0, 0]
  // CHECK-NEXT: [0, 34, 35, 0]
  %insd = tensor.cast %ins : tensor<2x4xf32> to tensor<?x?xf32>
  func.call @print(%insd) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [3, 2]
  // CHECK-NEXT: [0, 1]
  // CHECK-NEXT: [10, 11]
  // CHECK-NEXT: [12, 13]
  %expd = tensor.cast %exp : tensor<3x2xf32> to tensor<?x?xf32>
  func.call @print(%expd) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [0, 1, 10]
  // CHECK-NEXT: [11, 12, 13]
  %resd = tensor.cast %res : tensor<2x3xf32> to tensor<?x?xf32>
  func.call @print(%resd) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [1, 3]
  // CHECK-NEXT: [23, 30, 2]
  %fed = tensor.cast %fe : tensor<1x3xf32> to tensor<?x?xf32>
  func.call @print(%fed) : (tensor<?x?xf32>) -> ()
  return
}
