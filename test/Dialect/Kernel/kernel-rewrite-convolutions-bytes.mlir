// RUN: strata-opt %s --kernel-rewrite-convolutions=panel-bytes=64 -split-input-file | FileCheck %s

// Convolutions of bytes into i32 (convert-graph-to-kernel's linalg.generic
// with conv_2d_nhwc_fhwc's maps where the image zero-extends): the windows'
// matrix of the whole batch, [N*OH*OW, K], times the [K, F] filter (no
// panels: kernel-pack-weights lays byte products out for dot products),
// the convolution's body (its extensions) cloned.

#in = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh + kh, ow + kw, c)>
#filter = affine_map<(n, oh, ow, f, kh, kw, c) -> (f, kh, kw, c)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @batch_of_bytes
// CHECK: %[[WIN:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x4x3x24xi8>)
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[WIN]] {{\[\[}}0, 1, 2], [3, 4]] : tensor<2x4x4x3x24xi8> into tensor<32x72xi8>
// CHECK: %[[FILTER:.*]] = arith.constant dense<3> : tensor<72x32xi8>
// CHECK: %[[ACC:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]] : tensor<2x4x4x32xi32> into tensor<32x32xi32>
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[COL]], %[[FILTER]] : tensor<32x72xi8>, tensor<72x32xi8>) outs(%[[ACC]] : tensor<32x32xi32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8, %[[W:.*]]: i8, %[[O:.*]]: i32):
// CHECK-NEXT: %[[XE:.*]] = arith.extui %[[X]] : i8 to i32
// CHECK-NEXT: %[[WE:.*]] = arith.extsi %[[W]] : i8 to i32
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 4, 4, 32] : tensor<32x32xi32> into tensor<2x4x4x32xi32>
func.func @batch_of_bytes(%x: tensor<2x6x6x8xi8>, %init: tensor<2x4x4x32xi32>) -> tensor<2x4x4x32xi32> {
  %w = arith.constant dense<3> : tensor<32x3x3x8xi8>
  %0 = linalg.generic {indexing_maps = [#in, #filter, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x6x6x8xi8>, tensor<32x3x3x8xi8>) outs(%init : tensor<2x4x4x32xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ae = arith.extui %a : i8 to i32
    %be = arith.extsi %b : i8 to i32
    %m = arith.muli %ae, %be : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<2x4x4x32xi32>
  return %0 : tensor<2x4x4x32xi32>
}

// -----

// Three channels, stride 2: each window row's 3x3 = 9 bytes is read as 12
// (the last window's extra bytes lie inside the padded image's rows of 7x3
// = 21 bytes: 2 * 2 * 3 + 12 = 24 > 21 would not, 1 * 2 * 3 + 12 = 18
// does), and the filter gets three zero rows per window row.
#in2 = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh * 2 + kh, ow * 2 + kw, c)>
#filter = affine_map<(n, oh, ow, f, kh, kw, c) -> (f, kh, kw, c)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>
// CHECK-LABEL: func.func @rounded_runs
// CHECK: %[[FILTER:.*]] = arith.constant dense<{{\[\[}}1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [0, 0], [0, 0], [0, 0], [1, 1]{{.*}}> : tensor<36x2xi8>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x2x2x3x12xi8>
// CHECK: %[[WIN:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<1x2x2x3x12xi8>)
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[WIN]] {{.*}} into tensor<4x36xi8>
// CHECK: linalg.generic {{.*}} ins(%[[COL]], %[[FILTER]] : tensor<4x36xi8>, tensor<36x2xi8>)
func.func @rounded_runs(%x: tensor<1x7x7x3xi8>, %init: tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32> {
  %w = arith.constant dense<1> : tensor<2x3x3x3xi8>
  %0 = linalg.generic {indexing_maps = [#in2, #filter, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x7x7x3xi8>, tensor<2x3x3x3xi8>) outs(%init : tensor<1x2x2x2xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ae = arith.extui %a : i8 to i32
    %be = arith.extsi %b : i8 to i32
    %m = arith.muli %ae, %be : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<1x2x2x2xi32>
  return %0 : tensor<1x2x2x2xi32>
}

// -----

// No bytes past the last window (unit stride, unpadded): K = 27 gets a zero
// column of windows (a tensor.pad) and a zero filter row.
#in = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh + kh, ow + kw, c)>
#filter = affine_map<(n, oh, ow, f, kh, kw, c) -> (f, kh, kw, c)>
#out = affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>
// CHECK-LABEL: func.func @padded_columns
// CHECK: %[[COL:.*]] = tensor.collapse_shape %{{.*}} into tensor<25x27xi8>
// CHECK: %[[FILTER:.*]] = arith.constant dense<{{.*}}[1, 1], [0, 0]]> : tensor<28x2xi8>
// CHECK: %[[PAD:.*]] = tensor.pad %[[COL]] low[0, 0] high[0, 1]
// CHECK: linalg.generic {{.*}} ins(%[[PAD]], %[[FILTER]] : tensor<25x28xi8>, tensor<28x2xi8>)
func.func @padded_columns(%x: tensor<1x7x7x3xi8>, %init: tensor<1x5x5x2xi32>) -> tensor<1x5x5x2xi32> {
  %w = arith.constant dense<1> : tensor<2x3x3x3xi8>
  %0 = linalg.generic {indexing_maps = [#in, #filter, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x7x7x3xi8>, tensor<2x3x3x3xi8>) outs(%init : tensor<1x5x5x2xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ae = arith.extui %a : i8 to i32
    %be = arith.extsi %b : i8 to i32
    %m = arith.muli %ae, %be : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<1x5x5x2xi32>
  return %0 : tensor<1x5x5x2xi32>
}
