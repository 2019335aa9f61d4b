// graph-lower-external: each function outlined for an external backend is
// handed to that backend's code generation; dnnl's makes one call of its
// plugin per convolution, product, linear layer or pooling, with the
// elementwise chain after it as post-ops, and leaves the rest to Strata.
// RUN: strata-opt %s --graph-lower-external -split-input-file -verify-diagnostics | FileCheck %s

// The dnnl.conv2d parameters: has_bias, strides, pads (top, left, bottom,
// right), dilations, groups, weight_is_constant, nhwc; then the post-op
// count and (kind, alpha bits, beta bits) per post-op: add = 16 (its
// tensor follows the inputs), relu = 1.
// CHECK-LABEL: func.func private @conv_block_dnnl(
//  CHECK-SAME:     %[[X:.*]]: tensor<1x10x10x8xf32>)
//   CHECK-DAG:   %[[W:.*]] = graph.constant dense<1.250000e-01> : tensor<8x3x3x8xf32>
//   CHECK-DAG:   %[[B:.*]] = graph.constant dense<5.000000e-01> : tensor<8xf32>
//       CHECK:   %[[C:.*]] = graph.call_native "dnnl.conv2d"(%[[X]], %[[W]], %[[B]], %[[X]]) {params = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 16, 0, 0, 1, 0, 0>}
//  CHECK-SAME:     (tensor<1x10x10x8xf32>, tensor<8x3x3x8xf32>, tensor<8xf32>, tensor<1x10x10x8xf32>) -> tensor<1x10x10x8xf32>
//  CHECK-NEXT:   return %[[C]]
func.func private @conv_block_dnnl(%x: tensor<1x10x10x8xf32>) -> tensor<1x10x10x8xf32> attributes {graph.external = "dnnl"} {
  %w = graph.constant dense<0.125> : tensor<8x3x3x8xf32>
  %b = graph.constant dense<0.5> : tensor<8xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, layout = #graph.layout<nhwc>} : tensor<1x10x10x8xf32>, tensor<8x3x3x8xf32>, tensor<8xf32> -> tensor<1x10x10x8xf32>
  %s = graph.add %x, %c : tensor<1x10x10x8xf32>, tensor<1x10x10x8xf32> -> tensor<1x10x10x8xf32>
  %r = graph.relu %s : tensor<1x10x10x8xf32> -> tensor<1x10x10x8xf32>
  return %r : tensor<1x10x10x8xf32>
}

// -----

// NCHW: oneDNN's fast convolutions take no binary post-op there, so the
// add stays (and ends the chain).
// CHECK-LABEL: func.func private @nchw_dnnl(
//       CHECK:   %[[C:.*]] = graph.call_native "dnnl.conv2d"(%{{.*}}, %{{.*}}) {params = array<i64: 0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0>}
//       CHECK:   %[[S:.*]] = graph.add %[[C]], %{{.*}}
//       CHECK:   graph.relu %[[S]]
func.func private @nchw_dnnl(%x: tensor<1x4x6x6xf32>, %y: tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> attributes {graph.external = "dnnl"} {
  %w = graph.constant dense<0.125> : tensor<4x4x1x1xf32>
  %c = graph.conv2d %x, %w : tensor<1x4x6x6xf32>, tensor<4x4x1x1xf32> -> tensor<1x4x6x6xf32>
  %s = graph.add %c, %y : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32>
  %r = graph.relu %s : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32>
  return %r : tensor<1x4x6x6xf32>
}

// -----

// A weight computed at run time (an argument) is not constant; a clip's
// bounds travel as f32 bits (0.0, 6.0); a second use ends the chain.
// CHECK-LABEL: func.func private @grouped_dnnl(
//       CHECK:   %[[C:.*]] = graph.call_native "dnnl.conv2d"(%{{.*}}, %{{.*}}) {params = array<i64: 0, 2, 2, 0, 0, 1, 1, 1, 1, 4, 0, 0, 1, 6, 0, 1086324736>}
//       CHECK:   %[[E:.*]] = graph.exp %[[C]]
//       CHECK:   return %[[C]], %[[E]]
func.func private @grouped_dnnl(%x: tensor<1x8x9x9xf32>, %w: tensor<8x2x3x3xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) attributes {graph.external = "dnnl"} {
  %c = graph.conv2d %x, %w {groups = 4 : i64, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 1, 1>} : tensor<1x8x9x9xf32>, tensor<8x2x3x3xf32> -> tensor<1x8x4x4xf32>
  %k = graph.clip %c {min = 0.0, max = 6.0} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  %e = graph.exp %k : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  return %k, %e : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

// -----

// Products: matmul (b not constant), linear with transposed constant
// weights and a bias, gelu (tanh: 5, erf: 4) and a broadcast scale (mul:
// 17) as post-ops; a sub whose product is the subtrahend is no post-op.
// CHECK-LABEL: func.func private @products_dnnl(
//       CHECK:   %[[M:.*]] = graph.call_native "dnnl.matmul"(%{{.*}}, %{{.*}}) {params = array<i64: 0, 0, 0, 1, 5, 0, 0>}
//       CHECK:   %[[L:.*]] = graph.call_native "dnnl.matmul"(%[[M]], %{{.*}}, %{{.*}}, %{{.*}}) {params = array<i64: 1, 1, 1, 2, 4, 0, 0, 17, 0, 0>}
//       CHECK:   %[[S:.*]] = graph.sub %{{.*}}, %[[L]]
//       CHECK:   return %[[S]]
func.func private @products_dnnl(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %scale: tensor<1x24xf32>, %y: tensor<4x24xf32>) -> tensor<4x24xf32> attributes {graph.external = "dnnl"} {
  %m = graph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %g = graph.gelu %m {approximate = #graph.gelu_approximation<tanh>} : tensor<4x16xf32> -> tensor<4x16xf32>
  %w = graph.constant dense<0.5> : tensor<24x16xf32>
  %bias = graph.constant dense<0.25> : tensor<24xf32>
  %l = graph.linear %g, %w, %bias {trans_b = true} : tensor<4x16xf32>, tensor<24x16xf32>, tensor<24xf32> -> tensor<4x24xf32>
  %h = graph.gelu %l : tensor<4x24xf32> -> tensor<4x24xf32>
  %p = graph.mul %scale, %h : tensor<1x24xf32>, tensor<4x24xf32> -> tensor<4x24xf32>
  %s = graph.sub %y, %p : tensor<4x24xf32>, tensor<4x24xf32> -> tensor<4x24xf32>
  return %s : tensor<4x24xf32>
}

// -----

// Pooling: kind (max 0), kernel, strides, pads with the end pads that give
// the output size (ceil mode: 1 more than declared), nhwc.
// CHECK-LABEL: func.func private @pool_dnnl(
//       CHECK:   graph.call_native "dnnl.pool2d"(%{{.*}}) {params = array<i64: 0, 3, 3, 2, 2, 0, 0, 1, 1, 0, 1, 1, 0, 0>}
func.func private @pool_dnnl(%x: tensor<1x4x10x10xf32>) -> tensor<1x4x5x5xf32> attributes {graph.external = "dnnl"} {
  %p = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x4x10x10xf32> -> tensor<1x4x5x5xf32>
  %r = graph.relu %p : tensor<1x4x5x5xf32> -> tensor<1x4x5x5xf32>
  return %r : tensor<1x4x5x5xf32>
}

// -----

// What the plugin does not take stays: an average pool counting padding
// in ceil mode, a dilated pool, a lone activation, and functions not
// marked for a backend.
// CHECK-LABEL: func.func private @left_dnnl(
//   CHECK-NOT:   graph.call_native
//       CHECK:   graph.avg_pool2d
//       CHECK:   graph.max_pool2d
//       CHECK:   graph.relu
// CHECK-LABEL: func.func @unmarked(
//       CHECK:   graph.matmul
func.func private @left_dnnl(%x: tensor<1x4x10x10xf32>, %y: tensor<4xf32>) -> (tensor<1x4x5x5xf32>, tensor<1x4x2x2xf32>, tensor<4xf32>) attributes {graph.external = "dnnl"} {
  %a = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true, count_include_pad = true} : tensor<1x4x10x10xf32> -> tensor<1x4x5x5xf32>
  %m = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>, dilations = array<i64: 2, 2>} : tensor<1x4x10x10xf32> -> tensor<1x4x2x2xf32>
  %r = graph.relu %y : tensor<4xf32> -> tensor<4xf32>
  return %a, %m, %r : tensor<1x4x5x5xf32>, tensor<1x4x2x2xf32>, tensor<4xf32>
}
func.func @unmarked(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %m = graph.matmul %a, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// -----

// expected-error @+1 {{function @f_acme is marked for external backend 'acme', which is not registered (known: dnnl)}}
func.func private @f_acme(%x: tensor<2xf32>) -> tensor<2xf32> attributes {graph.external = "acme"} {
  return %x : tensor<2xf32>
}
