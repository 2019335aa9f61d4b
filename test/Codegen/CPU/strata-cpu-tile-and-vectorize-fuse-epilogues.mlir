// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-tile-and-vectorize))' -split-input-file | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-tile-and-vectorize{fuse-epilogues=false}))' -split-input-file | FileCheck %s --check-prefix=UNFUSED
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cpu-tile-and-vectorize{peel=false}))' -split-input-file | FileCheck %s --check-prefix=NOPEEL

// A 1x1 convolution as a product of the filter [16, 8] and the image
// [8, 128], its accumulator initialized with the bias, then relu6. The
// schedule keeps K = 8 whole above its 8x32 register tile, so the relu6 is
// tiled by 8x32 and the bias broadcast, the product and
// the relu6 all run in each tile on vectors: the result is written once
// (row by row) per tile, after the clamp.
// CHECK-LABEL: func.func @conv1x1_relu6
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK: scf.for %{{.*}} = %c0 to %c128 step %c32
// CHECK-NOT: scf.for
// CHECK: vector.broadcast
// CHECK: vector.contract
// CHECK: arith.maximumf {{.*}} : vector<8x32xf32>
// CHECK: arith.minimumf {{.*}} : vector<8x32xf32>
// CHECK-COUNT-8: vector.transfer_write {{.*}} : vector<32xf32>, tensor<8x32xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: tensor.insert_slice
// Without fusion, each op has loops of its own.
// UNFUSED-LABEL: func.func @conv1x1_relu6
// UNFUSED: vector.contract
// UNFUSED: scf.yield
// UNFUSED: arith.maximumf
#bias = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @conv1x1_relu6(%w: tensor<16x8xf32>, %x: tensor<8x128xf32>, %b: tensor<16xf32>) -> tensor<16x128xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<16x128xf32>
  %init = linalg.generic {indexing_maps = [#bias, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<16xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<16x128xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 64, 0>, array<i64: 8, 32, 8>], vector_sizes = [8, 32, 8], parallel_dims = [1]>} ins(%w, %x : tensor<16x8xf32>, tensor<8x128xf32>) outs(%init : tensor<16x128xf32>) -> tensor<16x128xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x128xf32>) outs(%e : tensor<16x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %lo = arith.maximumf %in, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

// -----

// 12 rows in register tiles of 8: the fused loop over rows is peeled into
// a full tile of 8 rows and a partial one of 4, both with the epilogue in
// registers and static shapes (no masks).
// CHECK-LABEL: func.func @partial_rows
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c32
// CHECK: vector.contract {{.*}} : vector<8x16xf32>, vector<16x32xf32> into vector<8x32xf32>
// CHECK: arith.maximumf {{.*}} : vector<8x32xf32>
// CHECK: vector.contract {{.*}} : vector<4x16xf32>, vector<16x32xf32> into vector<4x32xf32>
// CHECK: arith.maximumf {{.*}} : vector<4x32xf32>
// CHECK-NOT: vector.mask
// Without peeling, partial tiles would need masks: each op is tiled on its
// own.
// NOPEEL-LABEL: func.func @partial_rows
// NOPEEL: vector.contract
// NOPEEL: scf.yield
// NOPEEL: arith.maximumf
// UNFUSED-LABEL: func.func @partial_rows
// UNFUSED: vector.contract
// UNFUSED: scf.yield
// UNFUSED: arith.maximumf
#id3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @partial_rows(%a: tensor<12x16xf32>, %bm: tensor<16x64xf32>) -> tensor<12x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<12x64xf32>) -> tensor<12x64xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = []>} ins(%a, %bm : tensor<12x16xf32>, tensor<16x64xf32>) outs(%f : tensor<12x64xf32>) -> tensor<12x64xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<12x64xf32>) outs(%e : tensor<12x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<12x64xf32>
  return %r : tensor<12x64xf32>
}

// -----

// A schedule that splits K above its register tile (k_c = 64 of 128): the
// epilogue needs the whole sum, so nothing is fused; the relu is tiled on
// its own after the product's loops.
// CHECK-LABEL: func.func @split_k
// CHECK: vector.contract
// CHECK: scf.yield
// CHECK: arith.maximumf
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @split_k(%a: tensor<16x128xf32>, %bm: tensor<128x64xf32>) -> tensor<16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %p = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 64, 64>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [1]>} ins(%a, %bm : tensor<16x128xf32>, tensor<128x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// A depthwise convolution with its bias and a relu6, split by output
// region first (padded-windows.mlir): each region's clip is tiled by the
// convolution's register tile (1 row of 8 columns of 32 channels) and the
// convolution and bias are fused into each tile. The interior's 10 columns
// are a full tile of 8 and a peeled one of 2, each a chain of nine
// fused multiply-adds from the broadcast bias, clamped before the store.
// CHECK-LABEL: func.func @dw_bias_relu6
// CHECK: scf.for
// CHECK: %[[BIAS:.*]] = vector.broadcast %{{.*}} : vector<32xf32> to vector<1x1x8x32xf32>
// CHECK: math.fma %{{.*}}, %{{.*}}, %[[BIAS]] : vector<1x1x8x32xf32>
// CHECK-COUNT-8: math.fma {{.*}} : vector<1x1x8x32xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: arith.maximumf {{.*}} : vector<1x1x8x32xf32>
// CHECK: arith.minimumf {{.*}} : vector<1x1x8x32xf32>
// CHECK-COUNT-8: vector.transfer_write {{.*}} : vector<32xf32>, tensor<1x1x8x32xf32>
// CHECK: %[[BIAS2:.*]] = vector.broadcast %{{.*}} : vector<32xf32> to vector<1x1x2x32xf32>
// CHECK: math.fma %{{.*}}, %{{.*}}, %[[BIAS2]] : vector<1x1x2x32xf32>
// CHECK-COUNT-8: math.fma {{.*}} : vector<1x1x2x32xf32>
// CHECK: arith.minimumf {{.*}} : vector<1x1x2x32xf32>
// UNFUSED-LABEL: func.func @dw_bias_relu6
// UNFUSED: math.fma
// UNFUSED: scf.yield
// UNFUSED: arith.maximumf
#dwbias = affine_map<(d0, d1, d2, d3) -> (d3)>
#dwid = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @dw_bias_relu6(%x: tensor<1x12x12x32xf32>, %w: tensor<3x3x32xf32>, %b: tensor<32xf32>) -> tensor<1x12x12x32xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %e0 = tensor.empty() : tensor<1x12x12x32xf32>
  %e1 = tensor.empty() : tensor<1x12x12x32xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x12x12x32xf32> to tensor<1x14x14x32xf32>
  %init = linalg.generic {indexing_maps = [#dwbias, #dwid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<32xf32>) outs(%e0 : tensor<1x12x12x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x12x12x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 1, 8, 0, 0, 0>], vector_sizes = [1, 1, 8, 32, 3, 3], parallel_dims = [1, 2]>}
    ins(%p, %w : tensor<1x14x14x32xf32>, tensor<3x3x32xf32>) outs(%init : tensor<1x12x12x32xf32>) -> tensor<1x12x12x32xf32>
  %r = linalg.generic {indexing_maps = [#dwid, #dwid], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x12x12x32xf32>) outs(%e1 : tensor<1x12x12x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    %1 = arith.minimumf %0, %six : f32
    linalg.yield %1 : f32
  } -> tensor<1x12x12x32xf32>
  return %r : tensor<1x12x12x32xf32>
}
