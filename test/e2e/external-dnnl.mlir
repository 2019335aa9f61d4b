// REQUIRES: dnnl
// The dnnl external backend end to end: strata-compile --external=dnnl --external-cost-rule=false
// partitions the model, turns each convolution, product and pooling with
// its elementwise chain into a call of the dnnl plugin (oneDNN), compiles
// the rest, and the module computes what the reference evaluator computes
// (one [1.] per result), whatever the layout of Strata's own kernels
// (without the cost rule, which would leave the products to Strata).
// RUN: strata-opt %s "--test-graph-build-e2e=return-checks tolerance=1e-4" -o %t.mlir
// RUN: strata-compile %t.mlir --external=dnnl --external-cost-rule=false --compile-to=kernel | FileCheck %s --check-prefix=KERNEL
// RUN: strata-compile %t.mlir --external=dnnl --external-cost-rule=false -o %t.smod
// RUN: strata-dump %t.smod --section=metadata | FileCheck %s --check-prefix=META
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --external=dnnl --external-cost-rule=false --layout=nchw -o %t-nchw.smod
// RUN: strata-run %t-nchw.smod --function=entry --threads=2 | FileCheck %s
// A cache of reordered weights of one byte: each constant weight evicts the
// others (and is reordered again at its next call).
// RUN: env STRATA_DNNL_WEIGHT_CACHE_BYTES=1 strata-run %t.smod --function=entry | FileCheck %s

// CHECK-COUNT-9: [1.]
// CHECK-NOT: [0.]

// META: plugins{{.*}}dnnl

// KERNEL-DAG: kernel.call_native "dnnl.conv2d"
// KERNEL-DAG: kernel.call_native "dnnl.matmul"
// KERNEL-DAG: kernel.call_native "dnnl.pool2d"

// Convolution, bias, residual add and relu: one call; the softmax stays.
func.func @conv_block(%x: tensor<1x8x10x10xf32>) -> tensor<1x8x10x10xf32> {
  %w = graph.constant dense<0.125> : tensor<8x8x3x3xf32>
  %b = graph.constant dense<0.5> : tensor<8xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
  %s = graph.add %c, %x : tensor<1x8x10x10xf32>, tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  %r = graph.relu %s : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  %o = graph.softmax %r {axis = 1 : i64} : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  return %o : tensor<1x8x10x10xf32>
}

// Grouped, strided, dilated, asymmetrically padded; clip as a post-op; the
// weights an argument (reordered per call).
func.func @grouped(%x: tensor<2x6x11x11xf32>, %w: tensor<12x2x3x3xf32>) -> tensor<2x12x5x6xf32> {
  %c = graph.conv2d %x, %w {groups = 3 : i64, strides = array<i64: 2, 2>, dilations = array<i64: 2, 1>, pads = array<i64: 1, 1, 2, 2>} : tensor<2x6x11x11xf32>, tensor<12x2x3x3xf32> -> tensor<2x12x5x6xf32>
  %k = graph.clip %c {min = -0.5, max = 0.75} : tensor<2x12x5x6xf32> -> tensor<2x12x5x6xf32>
  return %k : tensor<2x12x5x6xf32>
}

// Depthwise with a broadcast scale.
func.func @depthwise(%x: tensor<1x16x7x7xf32>, %scale: tensor<1x16x1x1xf32>) -> tensor<1x16x7x7xf32> {
  %w = graph.constant dense<0.25> : tensor<16x1x3x3xf32>
  %c = graph.conv2d %x, %w {groups = 16 : i64, pads = array<i64: 1, 1, 1, 1>} : tensor<1x16x7x7xf32>, tensor<16x1x3x3xf32> -> tensor<1x16x7x7xf32>
  %m = graph.mul %c, %scale : tensor<1x16x7x7xf32>, tensor<1x16x1x1xf32> -> tensor<1x16x7x7xf32>
  return %m : tensor<1x16x7x7xf32>
}

// Products: batched matmul with gelu; linear with transposed weights, bias
// and tanh; a matmul of two arguments with a subtracted bias row.
func.func @products(%a: tensor<3x5x8xf32>, %b: tensor<3x8x6xf32>, %x: tensor<4x24xf32>, %y: tensor<4x9xf32>, %z: tensor<9x7xf32>, %row: tensor<1x7xf32>) -> (tensor<3x5x6xf32>, tensor<4x16xf32>, tensor<4x7xf32>) {
  %m = graph.matmul %a, %b : tensor<3x5x8xf32>, tensor<3x8x6xf32> -> tensor<3x5x6xf32>
  %g = graph.gelu %m : tensor<3x5x6xf32> -> tensor<3x5x6xf32>
  %w = graph.constant dense<0.0625> : tensor<16x24xf32>
  %bias = graph.constant dense<-0.25> : tensor<16xf32>
  %l = graph.linear %x, %w, %bias {trans_b = true} : tensor<4x24xf32>, tensor<16x24xf32>, tensor<16xf32> -> tensor<4x16xf32>
  %t = graph.tanh %l : tensor<4x16xf32> -> tensor<4x16xf32>
  %p = graph.matmul %y, %z : tensor<4x9xf32>, tensor<9x7xf32> -> tensor<4x7xf32>
  %s = graph.sub %p, %row : tensor<4x7xf32>, tensor<1x7xf32> -> tensor<4x7xf32>
  return %g, %t, %s : tensor<3x5x6xf32>, tensor<4x16xf32>, tensor<4x7xf32>
}

// Pooling: max in ceil mode, average with and without the padding counted.
func.func @pools(%x: tensor<1x4x10x10xf32>) -> (tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>) {
  %p = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, ceil_mode = true} : tensor<1x4x10x10xf32> -> tensor<1x4x5x5xf32>
  %a = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>} : tensor<1x4x10x10xf32> -> tensor<1x4x5x5xf32>
  %i = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, count_include_pad = true} : tensor<1x4x10x10xf32> -> tensor<1x4x5x5xf32>
  return %p, %a, %i : tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>, tensor<1x4x5x5xf32>
}
