// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-pack-weights{panel-bytes=8 int8-dot-products=true}))' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(kernel-pack-weights{panel-bytes=8}))' | FileCheck %s --check-prefix=OFF

// With panels of 2 i32 (8 bytes) and 4-byte dot products, unsigned bytes A
// [2, 8] times constant signed bytes B [8, 4] read B as [N/2, K/4, 2, 4]:
// panel q, step s, lane l holds B[4s .. 4s+3][2q + l]; A is read as
// [2, K/4, 4] and the accumulator written as [2, N/2, 2].
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d2, d4)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dot_products
// CHECK-SAME: (%[[X:.*]]: tensor<2x8xi8>, %[[INIT:.*]]: tensor<2x4xi32>)
// B[k][n] = 4k + n: panel 0 of step 0 is lanes (0, 4, 8, 12), (1, 5, 9, 13).
// CHECK: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}0, 4, 8, 12], [1, 5, 9, 13]], {{\[\[}}16, 20, 24, 28], [17, 21, 25, 29]]], {{\[\[\[}}2, 6, 10, 14], [3, 7, 11, 15]], {{\[\[}}18, 22, 26, 30], [19, 23, 27, 31]]]]> : tensor<2x2x2x4xi8>
// CHECK: %[[GROUPS:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2]] output_shape [2, 2, 4] : tensor<2x8xi8> into tensor<2x2x4xi8>
// CHECK: %[[ACC:.*]] = tensor.expand_shape %[[INIT]] {{\[\[}}0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xi32> into tensor<2x2x2xi32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[GROUPS]], %[[W]] : tensor<2x2x4xi8>, tensor<2x2x2x4xi8>) outs(%[[ACC]] : tensor<2x2x2xi32>)
// CHECK: arith.extui
// CHECK: arith.extsi
// CHECK: tensor.collapse_shape %[[P]] {{\[\[}}0], [1, 2]] : tensor<2x2x2xi32> into tensor<2x4xi32>
// Without the option, the byte product (no linalg.matmul) stays as it is.
// OFF-LABEL: func.func @dot_products
// OFF: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x8xi8>, tensor<8x4xi8>)
func.func @dot_products(%x: tensor<2x8xi8>, %init: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %w = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], [24, 25, 26, 27], [28, 29, 30, 31]]> : tensor<8x4xi8>
  %0 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x8xi8>, tensor<8x4xi8>) outs(%init : tensor<2x4xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// Left alone: signed A (extsi), K not a multiple of 4, N not whole panels,
// a B computed at run time, a splat B.
// CHECK-LABEL: func.func @not_packed
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: xi8> into
func.func @not_packed(%x: tensor<2x8xi8>, %x6: tensor<2x6xi8>, %b: tensor<8x4xi8>, %init: tensor<2x4xi32>, %init3: tensor<2x3xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x4xi32>) {
  %w = arith.constant dense<3> : tensor<8x4xi8>
  %w6 = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24]]> : tensor<6x4xi8>
  %w3 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15], [16, 17, 18], [19, 20, 21], [22, 23, 24]]> : tensor<8x3xi8>
  %wv = arith.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23], [24, 25, 26, 27], [28, 29, 30, 31]]> : tensor<8x4xi8>
  %0 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %wv : tensor<2x8xi8>, tensor<8x4xi8>) outs(%init : tensor<2x4xi32>) {
  ^bb0(%a: i8, %b2: i8, %c: i32):
    %ea = arith.extsi %a : i8 to i32
    %eb = arith.extsi %b2 : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  %1 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x6, %w6 : tensor<2x6xi8>, tensor<6x4xi8>) outs(%init : tensor<2x4xi32>) {
  ^bb0(%a: i8, %b2: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b2 : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  %2 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w3 : tensor<2x8xi8>, tensor<8x3xi8>) outs(%init3 : tensor<2x3xi32>) {
  ^bb0(%a: i8, %b2: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b2 : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  %3 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %b : tensor<2x8xi8>, tensor<8x4xi8>) outs(%init : tensor<2x4xi32>) {
  ^bb0(%a: i8, %b2: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b2 : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  %4 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x8xi8>, tensor<8x4xi8>) outs(%init : tensor<2x4xi32>) {
  ^bb0(%a: i8, %b2: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b2 : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %c, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  return %0, %1, %2, %3, %4 : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x3xi32>, tensor<2x4xi32>, tensor<2x4xi32>
}
