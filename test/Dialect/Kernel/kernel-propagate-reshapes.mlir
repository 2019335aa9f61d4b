// RUN: strata-opt %s --kernel-propagate-reshapes -split-input-file | FileCheck %s

// An im2col convolution's product (a [C, HW] matrix, expanded to
// [1, C, H, W]) with its bias, residual add and relu: the unit batch dim is
// dropped, the epilogues are collapsed to [C, HW] and consume the product
// directly (so that they fuse into its dispatch), the fill of the
// accumulator is collapsed too, and one expand_shape remains at the end.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @epilogue
// CHECK-SAME: (%[[A:.*]]: tensor<8x36xf32>, %[[COL:.*]]: tensor<36x16xf32>, %[[BIAS:.*]]: tensor<8xf32>, %[[RES:.*]]: tensor<1x8x4x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x16xf32>)
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[A]], %[[COL]] : {{.*}}) outs(%[[F]] : tensor<8x16xf32>)
// CHECK: %[[B:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[P]], %[[BIAS]] : tensor<8x16xf32>, tensor<8xf32>)
// CHECK: %[[R2:.*]] = tensor.collapse_shape %[[RES]] {{\[\[}}0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
// CHECK: %[[O:.*]] = linalg.generic {{.*}} ins(%[[B]], %[[R2]] : tensor<8x16xf32>, tensor<8x16xf32>)
// CHECK: arith.maximumf
// CHECK: %[[X:.*]] = tensor.expand_shape %[[O]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
// CHECK-NEXT: return %[[X]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @epilogue(%a: tensor<8x36xf32>, %col: tensor<36x16xf32>, %bias: tensor<8xf32>, %res: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e4 = tensor.empty() : tensor<1x8x4x4xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %acc = tensor.collapse_shape %f4 [[0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
  %p = linalg.matmul ins(%a, %col : tensor<8x36xf32>, tensor<36x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %x = tensor.expand_shape %p [[0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
  %b = linalg.generic {indexing_maps = [#id4, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %bias : tensor<1x8x4x4xf32>, tensor<8xf32>) outs(%e4 : tensor<1x8x4x4xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x8x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b, %res : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) outs(%e4 : tensor<1x8x4x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// A reduction keeps the shape its schedule expects: the expand_shape stays
// in front of it.

// CHECK-LABEL: func.func @reduction_stays
// CHECK: %[[X:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2, 3]] output_shape [1, 8, 4, 4]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<1x8x4x4xf32>)
#id4r = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @reduction_stays(%p: tensor<8x16xf32>) -> tensor<1x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %x = tensor.expand_shape %p [[0, 1], [2, 3]] output_shape [1, 8, 4, 4] : tensor<8x16xf32> into tensor<1x8x4x4xf32>
  %e = tensor.empty() : tensor<1x8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %s = linalg.generic {indexing_maps = [#id4r, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<1x8x4x4xf32>) outs(%f : tensor<1x8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<1x8x4xf32>
  return %s : tensor<1x8x4xf32>
}

// -----

// The bias broadcast into a [1, C, P] accumulator, collapsed into the
// product's [C, P] one: the broadcast is rebuilt on [C, P], so that it fuses
// into the product's dispatch as its init.

// CHECK-LABEL: func.func @bias_init
// CHECK-SAME: (%[[A:.*]]: tensor<8x36xf32>, %[[COL:.*]]: tensor<36x16xf32>, %[[BIAS:.*]]: tensor<8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8x16xf32>
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[BIAS]] : tensor<8xf32>) outs(%[[E]] : tensor<8x16xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.matmul ins(%[[A]], %[[COL]] : {{.*}}) outs(%[[INIT]] : tensor<8x16xf32>)
#bias3 = affine_map<(d0, d1, d2) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @bias_init(%a: tensor<8x36xf32>, %col: tensor<36x16xf32>, %bias: tensor<8xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<1x8x16xf32>
  %b = linalg.generic {indexing_maps = [#bias3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x16xf32>
  %acc = tensor.collapse_shape %b [[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
  %p = linalg.matmul ins(%a, %col : tensor<8x36xf32>, tensor<36x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %p : tensor<8x16xf32>
}

// -----

// The collapse of a padded image (an im2col copy dropping the unit batch)
// moves above the padding, so that the pad stays next to its window reader.

// CHECK-LABEL: func.func @pad_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x8x8xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[C]] low[0, 1, 1] high[0, 1, 1]
// CHECK: return %[[P]] : tensor<4x10x10xf32>
func.func @pad_collapse(%x: tensor<1x4x8x8xf32>) -> tensor<4x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x4x10x10xf32> into tensor<4x10x10xf32>
  return %c : tensor<4x10x10xf32>
}

// -----

// An NCHW depthwise convolution between two products (MobileNetV2): its
// padded input arrives as a [C, H, W] pad expanded to the unit batch, and
// its relu6 result is collapsed into the next product's [C, HW] operand.
// The pad moves after the unit expand_shape, right before the convolution
// (whose dispatch then takes it), and the relu6 keeps the convolution's 4-D
// shape and reads it directly (so that it fuses as its epilogue); the
// collapse_shape stays after the relu6.
// CHECK-LABEL: func.func @depthwise
// CHECK-SAME: (%[[X:.*]]: tensor<4x36xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1], [2, 3]] output_shape [1, 4, 6, 6] : tensor<4x36xf32> into tensor<1x4x6x6xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[E]] low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
// CHECK: %[[D:.*]] = linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[P]], %{{.*}} : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[D]] : tensor<1x4x6x6xf32>) outs(%{{.*}} : tensor<1x4x6x6xf32>)
// CHECK: arith.minimumf
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0, 1], [2, 3]] : tensor<1x4x6x6xf32> into tensor<4x36xf32>
// CHECK: return %[[C]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @depthwise(%x: tensor<4x36xf32>, %w: tensor<4x3x3xf32>) -> tensor<4x36xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %x3 = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 6, 6] : tensor<4x36xf32> into tensor<4x6x6xf32>
  %padded = tensor.pad %x3 low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<4x6x6xf32> to tensor<4x8x8xf32>
  %x4 = tensor.expand_shape %padded [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x4, %w : tensor<1x4x8x8xf32>, tensor<4x3x3xf32>) outs(%f : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%d : tensor<1x4x6x6xf32>) outs(%e : tensor<1x4x6x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<1x4x6x6xf32>
  %c = tensor.collapse_shape %r [[0, 1], [2, 3]] : tensor<1x4x6x6xf32> into tensor<4x36xf32>
  return %c : tensor<4x36xf32>
}

// -----

// A quantized NHWC depthwise convolution's epilogue, two elementwise ops
// long (its requantization, then the shift to the next product's bytes),
// collapsed into the next product's [HW, C] operand: both ops keep the
// convolution's shape (they would otherwise end behind the collapse_shape
// in a kernel of their own); the collapse_shape stays after the last one.
// CHECK-LABEL: func.func @depthwise_epilogue
// CHECK: %[[D:.*]] = linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} ins(%[[D]] : tensor<1x6x6x4xi32>) outs(%{{.*}} : tensor<1x6x6x4xf32>)
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%[[Q]] : tensor<1x6x6x4xf32>) outs(%{{.*}} : tensor<1x6x6x4xi8>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1, 2], [3]] : tensor<1x6x6x4xi8> into tensor<36x4xi8>
// CHECK: return %[[C]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @depthwise_epilogue(%x: tensor<1x8x8x4xi8>, %w: tensor<3x3x4xi8>) -> tensor<36x4xi8> {
  %zero = arith.constant 0 : i32
  %scale = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<1x6x6x4xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<1x6x6x4xi32>) -> tensor<1x6x6x4xi32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<1x8x8x4xi8>, tensor<3x3x4xi8>) outs(%f : tensor<1x6x6x4xi32>) -> tensor<1x6x6x4xi32>
  %ef = tensor.empty() : tensor<1x6x6x4xf32>
  %q = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%d : tensor<1x6x6x4xi32>) outs(%ef : tensor<1x6x6x4xf32>) {
  ^bb0(%in: i32, %out: f32):
    %v = arith.sitofp %in : i32 to f32
    %s = arith.mulf %v, %scale : f32
    linalg.yield %s : f32
  } -> tensor<1x6x6x4xf32>
  %eb = tensor.empty() : tensor<1x6x6x4xi8>
  %b = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%q : tensor<1x6x6x4xf32>) outs(%eb : tensor<1x6x6x4xi8>) {
  ^bb0(%in: f32, %out: i8):
    %r = arith.fptosi %in : f32 to i8
    linalg.yield %r : i8
  } -> tensor<1x6x6x4xi8>
  %c = tensor.collapse_shape %b [[0, 1, 2], [3]] : tensor<1x6x6x4xi8> into tensor<36x4xi8>
  return %c : tensor<36x4xi8>
}

// -----

// A panel product (kernel-rewrite-convolutions' NHWC form: pixels x panels
// x lanes) writes an expanded [P, F/W, W] view of its bias-initialized
// accumulator, and its relu and residual add read the collapsed [P, F]
// result: the bias broadcast, relu and add are expanded to the product's
// shape instead, so that they fuse into its dispatch, and one
// collapse_shape remains at the end.

// CHECK-LABEL: func.func @panel_epilogue
// CHECK-SAME: (%[[COL:.*]]: tensor<4x6xf32>, %[[W:.*]]: tensor<2x6x2xf32>, %[[BIAS:.*]]: tensor<4xf32>, %[[RES:.*]]: tensor<4x4xf32>)
// CHECK: %[[B2:.*]] = tensor.expand_shape %[[BIAS]] {{\[\[}}0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} ins(%[[B2]] : tensor<2x2xf32>) outs(%{{.*}} : tensor<4x2x2xf32>)
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[COL]], %[[W]] : {{.*}}) outs(%[[INIT]] : tensor<4x2x2xf32>)
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<4x2x2xf32>) outs(%{{.*}} : tensor<4x2x2xf32>)
// CHECK: arith.maximumf
// CHECK: %[[R3:.*]] = tensor.expand_shape %[[RES]] {{\[\[}}0], [1, 2]] output_shape [4, 2, 2] : tensor<4x4xf32> into tensor<4x2x2xf32>
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[RELU]], %[[R3]] : tensor<4x2x2xf32>, tensor<4x2x2xf32>)
// CHECK: %[[OUT:.*]] = tensor.collapse_shape %[[ADD]] {{\[\[}}0], [1, 2]] : tensor<4x2x2xf32> into tensor<4x4xf32>
// CHECK-NEXT: return %[[OUT]]
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col2 = affine_map<(d0, d1) -> (d1)>
#pcol = affine_map<(p, o, j, k) -> (p, k)>
#pw = affine_map<(p, o, j, k) -> (o, k, j)>
#pacc = affine_map<(p, o, j, k) -> (p, o, j)>
func.func @panel_epilogue(%col: tensor<4x6xf32>, %w: tensor<2x6x2xf32>, %bias: tensor<4xf32>, %res: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %init = linalg.generic {indexing_maps = [#col2, #id2], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  } -> tensor<4x4xf32>
  %acc = tensor.expand_shape %init [[0], [1, 2]] output_shape [4, 2, 2] : tensor<4x4xf32> into tensor<4x2x2xf32>
  %p = linalg.generic {indexing_maps = [#pcol, #pw, #pacc], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%col, %w : tensor<4x6xf32>, tensor<2x6x2xf32>) outs(%acc : tensor<4x2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %a: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %a, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x2x2xf32>
  %pc = tensor.collapse_shape %p [[0], [1, 2]] : tensor<4x2x2xf32> into tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%pc : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %e3 = tensor.empty() : tensor<4x4xf32>
  %add = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%relu, %res : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e3 : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %add : tensor<4x4xf32>
}

// -----

// The padding of an NHWC image whose unit batch is dropped by a
// collapse_shape moves after the collapse_shape, next to the copy that reads
// it through windows (so that it joins the copy's dispatch).

// CHECK-LABEL: func.func @pad_after_unit_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x4x8xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2], [3]] : tensor<1x4x4x8xf32> into tensor<4x4x8xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[C]] low[1, 1, 0] high[1, 1, 0]
// CHECK: } : tensor<4x4x8xf32> to tensor<6x6x8xf32>
// CHECK: return %[[P]]
func.func @pad_after_unit_collapse(%x: tensor<1x4x4x8xf32>) -> tensor<6x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x8xf32> to tensor<1x6x6x8xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x6x6x8xf32> into tensor<6x6x8xf32>
  return %c : tensor<6x6x8xf32>
}

// -----

// A collapse_shape that merges a padded dim with another real one keeps the
// pad where it is.

// CHECK-LABEL: func.func @pad_before_real_collapse
// CHECK: tensor.pad
// CHECK: tensor.collapse_shape
func.func @pad_before_real_collapse(%x: tensor<2x4x4xf32>) -> tensor<12x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 0] high[0, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<2x4x4xf32> to tensor<2x6x4xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2]] : tensor<2x6x4xf32> into tensor<12x4xf32>
  return %c : tensor<12x4xf32>
}
