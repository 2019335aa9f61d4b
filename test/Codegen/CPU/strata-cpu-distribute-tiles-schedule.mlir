// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-distribute-tiles))' | FileCheck %s

// The distributed loop's tile size follows the kernel's schedule: a
// multiple of the schedule's innermost tile along that loop (12 rows here)
// dividing the loop (96), with about 16 tiles: 8 tiles of 12 rows, so every
// register tile stays whole. Without a schedule it would be 96 / 16 = 6.

// CHECK-LABEL: func.func @scheduled
// CHECK: scf.forall (%{{.*}}) = (0) to (96) step (12)
// CHECK: linalg.matmul
// CHECK: } {strata.distribute}
func.func @scheduled(%a: memref<96x64xf32>, %b: memref<64x32xf32>, %out: memref<96x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<96x64xf32> to tensor<96x64xf32>
  %tb = bufferization.to_tensor %b restrict : memref<64x32xf32> to tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x32xf32>) -> tensor<96x32xf32>
  %m = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 48, 32, 64>, array<i64: 12, 16, 8>], vector_sizes = [12, 16, 8], parallel_dims = [0, 1]>} ins(%ta, %tb : tensor<96x64xf32>, tensor<64x32xf32>) outs(%f : tensor<96x32xf32>) -> tensor<96x32xf32>
  bufferization.materialize_in_destination %m in restrict writable %out : (tensor<96x32xf32>, memref<96x32xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @unscheduled
// CHECK: scf.forall (%{{.*}}) = (0) to (96) step (6)
func.func @unscheduled(%a: memref<96x64xf32>, %b: memref<64x32xf32>, %out: memref<96x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<96x64xf32> to tensor<96x64xf32>
  %tb = bufferization.to_tensor %b restrict : memref<64x32xf32> to tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x32xf32>) -> tensor<96x32xf32>
  %m = linalg.matmul ins(%ta, %tb : tensor<96x64xf32>, tensor<64x32xf32>) outs(%f : tensor<96x32xf32>) -> tensor<96x32xf32>
  bufferization.materialize_in_destination %m in restrict writable %out : (tensor<96x32xf32>, memref<96x32xf32>) -> ()
  return
}

// A matrix-vector product on panel-major weights: the schedule keeps the
// 512-wide n loop whole in its register tile, so the grid splits the 4
// panels (one contiguous block of B each), not the longer n loop.
// CHECK-LABEL: func.func @panels
// CHECK: scf.forall (%{{.*}}) in (4)
// CHECK: linalg.generic
// CHECK: } {strata.distribute}
func.func @panels(%a: memref<1x64xf32>, %b: memref<4x64x512xf32>, %out: memref<4x1x512xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<1x64xf32> to tensor<1x64xf32>
  %tb = bufferization.to_tensor %b restrict : memref<4x64x512xf32> to tensor<4x64x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x1x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x1x512xf32>) -> tensor<4x1x512xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(p, m, n, k) -> (m, k)>, affine_map<(p, m, n, k) -> (p, k, n)>, affine_map<(p, m, n, k) -> (p, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ta, %tb : tensor<1x64xf32>, tensor<4x64x512xf32>) outs(%f : tensor<4x1x512xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0, 512, 0>, array<i64: 1, 0, 512, 1>], vector_sizes = [1, 1, 512, 1], parallel_dims = [0]>} {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x1x512xf32>
  bufferization.materialize_in_destination %m in restrict writable %out : (tensor<4x1x512xf32>, memref<4x1x512xf32>) -> ()
  return
}

// A matrix-vector product whose 10 columns are one register tile (n kept
// whole, the single row too): no loop is worth splitting, so the kernel
// stays one tile rather than running one column per tile.
// CHECK-LABEL: func.func @one_register_tile
// CHECK-NOT: scf.forall
// CHECK: linalg.matmul
// CHECK-NOT: scf.forall
// CHECK: return
func.func @one_register_tile(%a: memref<1x64xf32>, %b: memref<64x10xf32>, %out: memref<1x10xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<1x64xf32> to tensor<1x64xf32>
  %tb = bufferization.to_tensor %b restrict : memref<64x10xf32> to tensor<64x10xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10xf32>) -> tensor<1x10xf32>
  %m = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 0, 0, 4>], vector_sizes = [1, 10, 4], parallel_dims = []>} ins(%ta, %tb : tensor<1x64xf32>, tensor<64x10xf32>) outs(%f : tensor<1x10xf32>) -> tensor<1x10xf32>
  bufferization.materialize_in_destination %m in restrict writable %out : (tensor<1x10xf32>, memref<1x10xf32>) -> ()
  return
}

// A depthwise convolution's 144 channels in register tiles of 48 would make
// 3 tiles (one thread of two idle a third of the time): tiles of whole
// cache lines (16 f32) that divide 48 and 144 instead, 9 of them. The relu
// computes the output, the convolution and its padding are fused.
// CHECK-LABEL: func.func @few_register_tiles
// CHECK: scf.forall (%{{.*}}) = (0) to (144) step (16)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: } {strata.distribute}
func.func @few_register_tiles(%x: memref<1x8x8x144xf32>, %w: memref<3x3x144xf32>, %out: memref<1x8x8x144xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %tx = bufferization.to_tensor %x restrict : memref<1x8x8x144xf32> to tensor<1x8x8x144xf32>
  %tw = bufferization.to_tensor %w restrict : memref<3x3x144xf32> to tensor<3x3x144xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %tx low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x144xf32> to tensor<1x10x10x144xf32>
  %e = tensor.empty() : tensor<1x8x8x144xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x144xf32>) -> tensor<1x8x8x144xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 48, 0, 0>], vector_sizes = [1, 1, 8, 48, 3, 3], parallel_dims = [1, 2, 3]>} ins(%padded, %tw : tensor<1x10x10x144xf32>, tensor<3x3x144xf32>) outs(%f : tensor<1x8x8x144xf32>) -> tensor<1x8x8x144xf32>
  %e2 = tensor.empty() : tensor<1x8x8x144xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x8x144xf32>) outs(%e2 : tensor<1x8x8x144xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x144xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x8x8x144xf32>, memref<1x8x8x144xf32>) -> ()
  return
}

// A relu under a depthwise convolution over 32 channels (one register tile,
// kept whole): the relu's own maps have no windows, but the rows and
// columns it writes are those the convolution's windows read through, and
// tiles along them would fuse the padding with dynamic sizes (a padded
// slab allocated, filled and copied per tile). The channels are split in
// two halves of whole cache lines instead.
// CHECK-LABEL: func.func @producer_windows
// CHECK: scf.forall (%{{.*}}) = (0) to (32) step (16)
// CHECK: tensor.pad
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: } {strata.distribute}
func.func @producer_windows(%x: memref<1x8x8x32xf32>, %w: memref<3x3x32xf32>, %out: memref<1x8x8x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %tx = bufferization.to_tensor %x restrict : memref<1x8x8x32xf32> to tensor<1x8x8x32xf32>
  %tw = bufferization.to_tensor %w restrict : memref<3x3x32xf32> to tensor<3x3x32xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %tx low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x32xf32> to tensor<1x10x10x32xf32>
  %e = tensor.empty() : tensor<1x8x8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 32, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2, 3]>} ins(%padded, %tw : tensor<1x10x10x32xf32>, tensor<3x3x32xf32>) outs(%f : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %e2 = tensor.empty() : tensor<1x8x8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x8x8x32xf32>) outs(%e2 : tensor<1x8x8x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x32xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x8x8x32xf32>, memref<1x8x8x32xf32>) -> ()
  return
}

// 80 channels in register tiles of 32: a partial last tile (80 = 2 x 32 +
// 16) would fuse the padding with a dynamic size (a padded slab allocated,
// filled and copied element by element): the dividing tiles of whole cache
// lines nearest the 32 wanted, five of 16.
// CHECK-LABEL: func.func @padded_window_dividing_tiles
// CHECK: scf.forall (%{{.*}}) = (0) to (80) step (16)
// CHECK: tensor.pad
// CHECK: to tensor<1x10x10x16xf32>
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: } {strata.distribute}
func.func @padded_window_dividing_tiles(%x: memref<1x8x8x80xf32>, %w: memref<3x3x80xf32>, %out: memref<1x8x8x80xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %tx = bufferization.to_tensor %x restrict : memref<1x8x8x80xf32> to tensor<1x8x8x80xf32>
  %tw = bufferization.to_tensor %w restrict : memref<3x3x80xf32> to tensor<3x3x80xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %tx low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x80xf32> to tensor<1x10x10x80xf32>
  %e = tensor.empty() : tensor<1x8x8x80xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x80xf32>) -> tensor<1x8x8x80xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 32, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2, 3]>} ins(%padded, %tw : tensor<1x10x10x80xf32>, tensor<3x3x80xf32>) outs(%f : tensor<1x8x8x80xf32>) -> tensor<1x8x8x80xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<1x8x8x80xf32>, memref<1x8x8x80xf32>) -> ()
  return
}

// 58 channels (ShuffleNetV2): no tiles of whole cache lines divide them, and
// tiles that are not whole lines (two of 29) would make both threads write
// the same lines at every pixel (138 us on two threads against 25 on one):
// the kernel stays one tile.
// CHECK-LABEL: func.func @padded_window_unaligned_channels
// CHECK-NOT: scf.forall
// CHECK: tensor.pad
// CHECK: to tensor<1x10x10x58xf32>
// CHECK-NEXT: tensor.empty
// CHECK-NOT: scf.forall
// CHECK: return
func.func @padded_window_unaligned_channels(%x: memref<1x8x8x58xf32>, %w: memref<3x3x58xf32>, %out: memref<1x8x8x58xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %tx = bufferization.to_tensor %x restrict : memref<1x8x8x58xf32> to tensor<1x8x8x58xf32>
  %tw = bufferization.to_tensor %w restrict : memref<3x3x58xf32> to tensor<3x3x58xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %tx low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x58xf32> to tensor<1x10x10x58xf32>
  %e = tensor.empty() : tensor<1x8x8x58xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x58xf32>) -> tensor<1x8x8x58xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 32, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2, 3]>} ins(%padded, %tw : tensor<1x10x10x58xf32>, tensor<3x3x58xf32>) outs(%f : tensor<1x8x8x58xf32>) -> tensor<1x8x8x58xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<1x8x8x58xf32>, memref<1x8x8x58xf32>) -> ()
  return
}

// Attention's Q.K^T with K transposed in the kernel: split along its 197
// rows (the longest loop), each of the 13 tiles would transpose all of K.
// The transpose varies along the heads and the columns only; 197 columns
// make no whole tiles, so the 3 heads are the tiles, each transposing its
// own rows of K.
// CHECK-LABEL: func.func @transposed_operand
// CHECK: scf.forall (%{{.*}}) in (3)
// CHECK: linalg.transpose ins(%{{.*}} : tensor<197x1x64xf32>)
// CHECK: linalg.batch_matmul
// CHECK: } {strata.distribute}
func.func @transposed_operand(%q: memref<3x197x64xf32>, %k: memref<197x3x64xf32>, %out: memref<3x197x197xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %tq = bufferization.to_tensor %q restrict : memref<3x197x64xf32> to tensor<3x197x64xf32>
  %tk = bufferization.to_tensor %k restrict : memref<197x3x64xf32> to tensor<197x3x64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x64x197xf32>
  %kt = linalg.transpose ins(%tk : tensor<197x3x64xf32>) outs(%e : tensor<3x64x197xf32>) permutation = [1, 2, 0]
  %e2 = tensor.empty() : tensor<3x197x197xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  %r = linalg.batch_matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0, 0, 0>, array<i64: 1, 8, 32, 16>], vector_sizes = [1, 8, 32, 16], parallel_dims = [0]>} ins(%tq, %kt : tensor<3x197x64xf32>, tensor<3x64x197xf32>) outs(%f : tensor<3x197x197xf32>) -> tensor<3x197x197xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<3x197x197xf32>, memref<3x197x197xf32>) -> ()
  return
}

// A squeeze-excite multiply (EfficientNet-B0's): 3136 pixels by a
// 96-channel vector computed in the kernel (a 1x4x96 product on weight
// panels). Recomputing the product in each of the 16 tiles along the pixels
// costs little next to the multiply: the pixels are split as usual.
// CHECK-LABEL: func.func @small_producer
// CHECK: scf.forall (%{{.*}}) = (0) to (3136) step (196)
// CHECK: } {strata.distribute}
func.func @small_producer(%s: memref<1x4xf32>, %w: memref<3x4x32xf32>, %x: memref<3136x1x3x32xf32>, %out: memref<3136x1x3x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ts = bufferization.to_tensor %s restrict : memref<1x4xf32> to tensor<1x4xf32>
  %tw = bufferization.to_tensor %w restrict : memref<3x4x32xf32> to tensor<3x4x32xf32>
  %tx = bufferization.to_tensor %x restrict : memref<3136x1x3x32xf32> to tensor<3136x1x3x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x32xf32>) -> tensor<1x3x32xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(m, p, n, k) -> (m, k)>, affine_map<(m, p, n, k) -> (p, k, n)>, affine_map<(m, p, n, k) -> (m, p, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ts, %tw : tensor<1x4xf32>, tensor<3x4x32xf32>) outs(%f : tensor<1x3x32xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 32, 0>, array<i64: 0, 1, 32, 1>], vector_sizes = [1, 1, 32, 1], parallel_dims = [1]>} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %y = arith.addf %o, %m : f32
    linalg.yield %y : f32
  } -> tensor<1x3x32xf32>
  %e2 = tensor.empty() : tensor<3136x1x3x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(q, m, p, n) -> (m, p, n)>, affine_map<(q, m, p, n) -> (q, m, p, n)>, affine_map<(q, m, p, n) -> (q, m, p, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%g, %tx : tensor<1x3x32xf32>, tensor<3136x1x3x32xf32>) outs(%e2 : tensor<3136x1x3x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<3136x1x3x32xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<3136x1x3x32xf32>, memref<3136x1x3x32xf32>) -> ()
  return
}
