// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-distribute-tiles))' -split-input-file | FileCheck %s

// strata-cpu-distribute-tiles, on destination-passing kernels (as
// convert-kernel-to-dps-func writes them): the linalg op computing the one
// output is tiled along its longest parallel loop (the outermost on ties)
// into an scf.forall marked strata.distribute (16 tiles of a
// static loop, tiles of 8 along a dynamic one), its producers fused in.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// Static 64 rows: 16 tiles of 4 rows. The bias add (producer) is fused into
// the loop: one iteration reads a 4x32 slab of the input.
// CHECK-LABEL: func.func @bias_relu(
// CHECK-SAME: %[[X:[^:]*]]: memref<64x32xf32>, %[[B:[^:]*]]: memref<32xf32>, %[[OUT:[^:]*]]: memref<64x32xf32>
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]]) = (0) to (64) step (4) shared_outs(%[[ACC:.*]] = %{{.*}}) -> (tensor<64x32xf32>) {
// CHECK: tensor.extract_slice %{{.*}}[%[[I]], 0] [4, 32] [1, 1] : tensor<64x32xf32> to tensor<4x32xf32>
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4x32xf32>, tensor<32xf32>) outs(%{{.*}} : tensor<4x32xf32>)
// CHECK: arith.addf
// CHECK: %[[OS:.*]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [4, 32] [1, 1]
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<4x32xf32>) outs(%[[OS]] : tensor<4x32xf32>)
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %[[RELU]] into %[[ACC]][%[[I]], 0] [4, 32] [1, 1]
// CHECK: } {strata.distribute}
// CHECK-NEXT: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]]
// The relu outside the loop is gone.
// CHECK-NOT: arith.maximumf
// CHECK: return
func.func @bias_relu(%xm: memref<64x32xf32>, %bm: memref<32xf32>, %out: memref<64x32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<64x32xf32> to tensor<64x32xf32>
  %b = bufferization.to_tensor %bm restrict : memref<32xf32> to tensor<32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %add = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<64x32xf32>, tensor<32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%in: f32, %in2: f32, %o: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x32xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<64x32xf32>) outs(%e2 : tensor<64x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x32xf32>
  bufferization.materialize_in_destination %relu in restrict writable %out : (tensor<64x32xf32>, memref<64x32xf32>) -> ()
  return
}

// -----

// A dynamic outer loop: tiles of 8 rows, the last one partial (affine.min).
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dynamic(
// CHECK: %[[D:.*]] = tensor.dim
// CHECK: scf.forall (%[[I:.*]]) = (0) to (%[[D]]) step (8) shared_outs
// CHECK: %[[SZ:.*]] = affine.min #{{.*}}(%[[I]])[%[[D]]]
// CHECK: tensor.extract_slice %{{.*}}[%[[I]], 0] [%[[SZ]], 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK: arith.negf
// CHECK: } {strata.distribute}
func.func @dynamic(%xm: memref<?x8xf32>, %n: index, %out: memref<?x8xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<?x8xf32> to tensor<?x8xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.negf %in : f32
    linalg.yield %m : f32
  } -> tensor<?x8xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x8xf32>, memref<?x8xf32>) -> ()
  return
}

// -----

// A unit outer loop is skipped: the 40 columns are cut into tiles of
// ceil(40 / 16) = 3.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @unit_outer(
// CHECK: scf.forall (%[[J:.*]]) = (0) to (40) step (3) shared_outs
// CHECK: tensor.extract_slice %{{.*}}[0, %[[J]]] [1, %{{.*}}] [1, 1] : tensor<1x40xf32> to tensor<1x?xf32>
// CHECK: } {strata.distribute}
func.func @unit_outer(%xm: memref<1x40xf32>, %out: memref<1x40xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<1x40xf32> to tensor<1x40xf32>
  %e = tensor.empty() : tensor<1x40xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x40xf32>) outs(%e : tensor<1x40xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.negf %in : f32
    linalg.yield %m : f32
  } -> tensor<1x40xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x40xf32>, memref<1x40xf32>) -> ()
  return
}

// -----

// A row reduction: the parallel loop (rows) is distributed, the reduction
// stays inside the tile; the fill of the accumulator is fused.
// CHECK-LABEL: func.func @row_sum(
// CHECK: scf.forall (%[[I:.*]]) = (0) to (32) step (2) shared_outs
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: } {strata.distribute}
func.func @row_sum(%xm: memref<32x16xf32>, %out: memref<32xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<32x16xf32> to tensor<32x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<32x16xf32>) outs(%f : tensor<32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32xf32>, memref<32xf32>) -> ()
  return
}

// -----

// Kernels of another shape are left alone.

// A full reduction: no parallel loop.
// CHECK-LABEL: func.func @full_sum(
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK-NOT: scf.forall
// CHECK: return
func.func @full_sum(%xm: memref<16xf32>, %out: memref<f32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16xf32> to tensor<16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<16xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<f32>, memref<f32>) -> ()
  return
}

// Two outputs.
// CHECK-LABEL: func.func @two_outputs(
// CHECK-NOT: scf.forall
// CHECK: return
func.func @two_outputs(%xm: memref<16xf32>, %o1: memref<16xf32>, %o2: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 2 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16xf32> to tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.negf ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  bufferization.materialize_in_destination %r in restrict writable %o1 : (tensor<16xf32>, memref<16xf32>) -> ()
  bufferization.materialize_in_destination %r in restrict writable %o2 : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}

// The output is not computed by a linalg op.
// CHECK-LABEL: func.func @reshape_only(
// CHECK-NOT: scf.forall
// CHECK: tensor.collapse_shape
// CHECK: return
func.func @reshape_only(%xm: memref<4x4xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<4x4xf32> to tensor<4x4xf32>
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}

// A map that is not a projected permutation (a reversed read).
// CHECK-LABEL: func.func @reversed(
// CHECK-NOT: scf.forall
// CHECK: return
func.func @reversed(%xm: memref<16xf32>, %out: memref<16xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16xf32> to tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (15 - d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}

// Not a destination-passing kernel (no strata.kernel_abi).
// CHECK-LABEL: func.func @not_a_kernel(
// CHECK-NOT: scf.forall
// CHECK: return
func.func @not_a_kernel(%xm: memref<16xf32>, %out: memref<16xf32>) {
  %x = bufferization.to_tensor %xm restrict : memref<16xf32> to tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.negf ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16xf32>, memref<16xf32>) -> ()
  return
}

// Every loop has one iteration.
// CHECK-LABEL: func.func @single(
// CHECK-NOT: scf.forall
// CHECK: return
func.func @single(%xm: memref<1x1xf32>, %out: memref<1x1xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<1x1xf32> to tensor<1x1xf32>
  %e = tensor.empty() : tensor<1x1xf32>
  %r = linalg.negf ins(%x : tensor<1x1xf32>) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x1xf32>, memref<1x1xf32>) -> ()
  return
}

// -----

// An im2col copy reads its argument through convolution windows: it is
// distributed along its longest parallel loop (the 16 channels: 16 tiles
// of 1), each tile reading the window rows it needs.
#window = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d4 + d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @im2col(
// CHECK: scf.forall (%[[C:.*]]) in (16)
// CHECK: tensor.extract_slice %{{.*}}[%[[C]], 0, 0] [1, 10, 10] [1, 1, 1] : tensor<16x10x10xf32> to tensor<1x10x10xf32>
// CHECK: linalg.generic
// CHECK: } {strata.distribute}
func.func @im2col(%xm: memref<16x10x10xf32>, %out: memref<16x3x3x8x8xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16x10x10xf32> to tensor<16x10x10xf32>
  %e = tensor.empty() : tensor<16x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<16x10x10xf32>) outs(%e : tensor<16x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<16x3x3x8x8xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16x3x3x8x8xf32>, memref<16x3x3x8x8xf32>) -> ()
  return
}

// -----

// The same copy of the padding of an argument: split along the channels
// (no window reads through them), the pad fused into each tile with static
// sizes.
#window = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d4 + d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @im2col_of_pad(
// CHECK: scf.forall (%[[C:.*]]) in (16)
// CHECK: tensor.extract_slice %{{.*}}[%[[C]], 0, 0] [1, 8, 8] [1, 1, 1] : tensor<16x8x8xf32> to tensor<1x8x8xf32>
// CHECK: tensor.pad %{{.*}} low[0, 1, 1] high[0, 1, 1]
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x10x10xf32>)
// CHECK: } {strata.distribute}
func.func @im2col_of_pad(%xm: memref<16x8x8xf32>, %out: memref<16x3x3x8x8xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16x8x8xf32> to tensor<16x8x8xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<16x8x8xf32> to tensor<16x10x10xf32>
  %e = tensor.empty() : tensor<16x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%p : tensor<16x10x10xf32>) outs(%e : tensor<16x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<16x3x3x8x8xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16x3x3x8x8xf32>, memref<16x3x3x8x8xf32>) -> ()
  return
}

// -----

// An NHWC im2col copy of the padding of an argument whose schedule copies
// the 64 channels of a window row as one row (the channels, the only loop
// no window reads through, are kept whole in its tiles): split in two
// halves of 32 channels (whole cache lines), so that it does not run on one
// thread.
#window = affine_map<(d0, d1, d2, d3, d4) -> (d0 + d2, d1 + d3, d4)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @nhwc_im2col_whole_channels(
// CHECK: scf.forall (%[[C:.*]]) = (0) to (64) step (32)
// CHECK: tensor.extract_slice %{{.*}}[0, 0, %[[C]]] [8, 8, 32] [1, 1, 1] : tensor<8x8x64xf32> to tensor<8x8x32xf32>
// CHECK: tensor.pad %{{.*}} low[1, 1, 0] high[1, 1, 0]
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<10x10x32xf32>)
// CHECK: } {strata.distribute}
func.func @nhwc_im2col_whole_channels(%xm: memref<8x8x64xf32>, %out: memref<8x8x3x3x64xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<8x8x64xf32> to tensor<8x8x64xf32>
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 1, 0] high[1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<8x8x64xf32> to tensor<10x10x64xf32>
  %e = tensor.empty() : tensor<8x8x3x3x64xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%p : tensor<10x10x64xf32>) outs(%e : tensor<8x8x3x3x64xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 1, 1, 0>], vector_sizes = [1, 1, 1, 1, 64], parallel_dims = [0, 1, 2, 3]>} {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<8x8x3x3x64xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<8x8x3x3x64xf32>, memref<8x8x3x3x64xf32>) -> ()
  return
}

// -----

// An im2col copy of an RGB image whose window rows are runs of KW*C = 21
// elements (loops oh, ow, kh, j: every loop reads through a window) that
// reads a kernel argument (no padding to fuse): split along its longest
// window loop, the output rows, in whole tiles (112 = 16 x 7), each
// reading the 19 input rows (and 687 columns) its windows cover.
#runs = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 * 6 + d3)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @rgb_im2col_rows(
// CHECK: scf.forall (%[[R:.*]]) = (0) to (112) step (7)
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [19, 687] [1, 1] : tensor<230x690xf32> to tensor<19x687xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<19x687xf32>)
// CHECK: } {strata.distribute}
func.func @rgb_im2col_rows(%xm: memref<230x690xf32>, %out: memref<112x112x7x21xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<230x690xf32> to tensor<230x690xf32>
  %e = tensor.empty() : tensor<112x112x7x21xf32>
  %c = linalg.generic {indexing_maps = [#runs, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<230x690xf32>) outs(%e : tensor<112x112x7x21xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 1, 0>], vector_sizes = [1, 1, 1, 21], parallel_dims = [0, 1, 2]>} {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<112x112x7x21xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<112x112x7x21xf32>, memref<112x112x7x21xf32>) -> ()
  return
}

// -----

// A window op reading a value computed in the kernel stays one tile.
#window = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d4 + d2)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @im2col_of_computed(
// CHECK-NOT: scf.forall
// CHECK: return
func.func @im2col_of_computed(%xm: memref<16x10x10xf32>, %out: memref<16x3x3x8x8xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %xm restrict : memref<16x10x10xf32> to tensor<16x10x10xf32>
  %e3 = tensor.empty() : tensor<16x10x10xf32>
  %y = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<16x10x10xf32>) outs(%e3 : tensor<16x10x10xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<16x10x10xf32>
  %e = tensor.empty() : tensor<16x3x3x8x8xf32>
  %c = linalg.generic {indexing_maps = [#window, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<16x10x10xf32>) outs(%e : tensor<16x3x3x8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<16x3x3x8x8xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16x3x3x8x8xf32>, memref<16x3x3x8x8xf32>) -> ()
  return
}

// -----

// A concatenation of arguments along the channels (NHWC, as DenseNet's):
// split along its longest dim other than the concatenated and innermost
// ones (the 56 rows, 14 tiles of 4), each tile inserting the inputs' rows
// into its slice of the output.
// CHECK-LABEL: func.func @concat
// CHECK: scf.forall (%[[I:.*]]) = (0) to (56) step (4) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<1x56x56x96xf32>)
// CHECK: %[[TILE:.*]] = tensor.extract_slice %[[OUT]][0, %[[I]], 0, 0] [1, 4, 56, 96]
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}}[0, %[[I]], 0, 0] [1, 4, 56, 64]
// CHECK: %[[T1:.*]] = tensor.insert_slice %[[A]] into %[[TILE]][0, 0, 0, 0] [1, 4, 56, 64]
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[0, %[[I]], 0, 0] [1, 4, 56, 32]
// CHECK: %[[T2:.*]] = tensor.insert_slice %[[B]] into %[[T1]][0, 0, 0, 64] [1, 4, 56, 32]
// CHECK: tensor.parallel_insert_slice %[[T2]] into %[[OUT]][0, %[[I]], 0, 0] [1, 4, 56, 96]
// CHECK: } {strata.distribute}
// CHECK-NOT: tensor.concat
func.func @concat(%a: memref<1x56x56x64xf32>, %b: memref<1x56x56x32xf32>, %out: memref<1x56x56x96xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<1x56x56x64xf32> to tensor<1x56x56x64xf32>
  %tb = bufferization.to_tensor %b restrict : memref<1x56x56x32xf32> to tensor<1x56x56x32xf32>
  %c = tensor.concat dim(3) %ta, %tb : (tensor<1x56x56x64xf32>, tensor<1x56x56x32xf32>) -> tensor<1x56x56x96xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<1x56x56x96xf32>, memref<1x56x56x96xf32>) -> ()
  return
}

// -----

// A concatenation of 4 KiB: copied on one thread (waking another costs
// more), left as it is.
// CHECK-LABEL: func.func @small_concat
// CHECK-NOT: scf.forall
// CHECK: tensor.concat
func.func @small_concat(%a: memref<16x32xf32>, %b: memref<16x32xf32>, %out: memref<16x64xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<16x32xf32> to tensor<16x32xf32>
  %tb = bufferization.to_tensor %b restrict : memref<16x32xf32> to tensor<16x32xf32>
  %c = tensor.concat dim(1) %ta, %tb : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16x64xf32>, memref<16x64xf32>) -> ()
  return
}

// -----

// Concatenated along the only dim that is not innermost: nothing to split
// along that keeps tiles on whole cache lines.
// CHECK-LABEL: func.func @concat_rows
// CHECK-NOT: scf.forall
// CHECK: tensor.concat
func.func @concat_rows(%a: memref<64x1024xf32>, %b: memref<64x1024xf32>, %out: memref<128x1024xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<64x1024xf32> to tensor<64x1024xf32>
  %tb = bufferization.to_tensor %b restrict : memref<64x1024xf32> to tensor<64x1024xf32>
  %c = tensor.concat dim(0) %ta, %tb : (tensor<64x1024xf32>, tensor<64x1024xf32>) -> tensor<128x1024xf32>
  bufferization.materialize_in_destination %c in restrict writable %out : (tensor<128x1024xf32>, memref<128x1024xf32>) -> ()
  return
}

// -----

// A slice of an argument (the 55x55 part of a Winograd product's 56x56
// output): split along its longest dim but the innermost (55 rows, 11
// tiles of 5), each tile the slice of the source its rows come from.
// CHECK-LABEL: func.func @slice
// CHECK: scf.forall (%[[I:.*]]) = (0) to (55) step (5) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<55x55x64xf32>)
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[T:.*]] = tensor.extract_slice %{{.*}}[%[[ROW]], 1, 0] [5, 55, 64] [1, 1, 1] : tensor<56x56x64xf32> to tensor<5x55x64xf32>
// CHECK: tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[I]], 0, 0] [5, 55, 64]
// CHECK: } {strata.distribute}
func.func @slice(%a: memref<56x56x64xf32>, %out: memref<55x55x64xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<56x56x64xf32> to tensor<56x56x64xf32>
  %s = tensor.extract_slice %ta[1, 1, 0] [55, 55, 64] [1, 1, 1] : tensor<56x56x64xf32> to tensor<55x55x64xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<55x55x64xf32>, memref<55x55x64xf32>) -> ()
  return
}

// -----

// A slice dropping a dim (rank-reducing) is left as it is.
// CHECK-LABEL: func.func @rank_reducing_slice
// CHECK-NOT: scf.forall
// CHECK: tensor.extract_slice
func.func @rank_reducing_slice(%a: memref<2x128x128xf32>, %out: memref<128x128xf32>, %begin: index, %end: index) attributes {strata.kernel_abi = 1 : i64} {
  %ta = bufferization.to_tensor %a restrict : memref<2x128x128xf32> to tensor<2x128x128xf32>
  %s = tensor.extract_slice %ta[1, 0, 0] [1, 128, 128] [1, 1, 1] : tensor<2x128x128xf32> to tensor<128x128xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<128x128xf32>, memref<128x128xf32>) -> ()
  return
}

// -----

// A constant combination (F(4x4, 3x3)'s input transform, 36 elements of
// 6x6 windows with stride 4) is not split along its coefficient loop (36,
// the longest loop free of windows): a tile would read a slice of the
// coefficients, no constant, and lose the unrolled lowering. Its other
// loops read padded windows: it stays on one thread.
#window = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1 * 4 + d4, d2 * 4 + d5, d3)>
#coefficients = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5)>
#transformed = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @winograd_input_transform
// CHECK-NOT: scf.forall
// CHECK: linalg.generic
func.func @winograd_input_transform(%arg0: memref<55x55x16xf32>, %arg1: memref<36x14x14x16xf32>, %arg2: index, %arg3: index) attributes {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 1, 0, 0, 0>], vector_sizes = [36, 1, 1, 16, 6, 6], parallel_dims = [1, 2]>, llvm.emit_c_interface, strata.kernel_abi = 1 : i64} {
  %0 = bufferization.to_tensor %arg0 restrict : memref<55x55x16xf32> to tensor<55x55x16xf32>
  %cst = arith.constant 0.000000e+00 : f32
  %cst_0 = arith.constant dense<1.000000e+00> : tensor<36x6x6xf32>
  %1 = tensor.empty() : tensor<36x14x14x16xf32>
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<36x14x14x16xf32>) -> tensor<36x14x14x16xf32>
  %padded = tensor.pad %0 low[1, 1, 0] high[2, 2, 0] {
  ^bb0(%arg4: index, %arg5: index, %arg6: index):
    tensor.yield %cst : f32
  } : tensor<55x55x16xf32> to tensor<58x58x16xf32>
  %3 = linalg.generic {indexing_maps = [#window, #coefficients, #transformed], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %cst_0 : tensor<58x58x16xf32>, tensor<36x6x6xf32>) outs(%2 : tensor<36x14x14x16xf32>) attrs =  {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 1, 0, 0, 0>], vector_sizes = [36, 1, 1, 16, 6, 6], parallel_dims = [1, 2]>} {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %4 = arith.mulf %in, %in_1 : f32
    %5 = arith.addf %out, %4 : f32
    linalg.yield %5 : f32
  } -> tensor<36x14x14x16xf32>
  bufferization.materialize_in_destination %3 in restrict writable %arg1 : (tensor<36x14x14x16xf32>, memref<36x14x14x16xf32>) -> ()
  return
}
