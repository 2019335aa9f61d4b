// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(strata-cuda-distribute))' --split-input-file | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Elementwise: blocks of the schedule's first level, one element per
// thread in each block.
// CHECK-LABEL: func.func @elementwise
//       CHECK:   scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (64, 100) step (2, 100)
//       CHECK:     scf.forall (%{{.*}}, %{{.*}}) in (2, 100)
//       CHECK:       linalg.generic {{.*}} ins(%{{.*}} : tensor<1x1xf32>)
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>]
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>]
func.func @elementwise(%a: memref<64x100xf32>, %out: memref<64x100xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<64x100xf32> to tensor<64x100xf32>
  %init = tensor.empty() : tensor<64x100xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x100xf32>) outs(%init : tensor<64x100xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 2, 100>, array<i64: 1, 1>], vector_sizes = [], parallel_dims = [0, 1]>} {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<64x100xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x100xf32>, memref<64x100xf32>) -> ()
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A row sum read by every element of its row: blocks keep rows whole, and
// the sum is thread loops of its own before the elementwise one (here
// shared by the block's threads: partials, then their merge), not
// recomputed by each thread.
// CHECK-LABEL: func.func @row_normalize
//       CHECK:   scf.forall (%{{.*}}) in (8)
//       CHECK:     scf.forall (%{{.*}}) in (256)
//       CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
//       CHECK:     %[[SUMS:.*]] = scf.forall (%{{.*}}) in (1)
//       CHECK:       linalg.reduce
//       CHECK:     scf.forall (%{{.*}}, %{{.*}}) in (1, 500)
//       CHECK:       tensor.extract_slice %[[SUMS]]
//       CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>]
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>]
func.func @row_normalize(%a: memref<8x500xf32>, %out: memref<8x500xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<8x500xf32> to tensor<8x500xf32>
  %zero = arith.constant 0.0 : f32
  %sinit = tensor.empty() : tensor<8xf32>
  %sfill = linalg.fill ins(%zero : f32) outs(%sinit : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x500xf32>) outs(%sfill : tensor<8xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0>, array<i64: 1, 0>], vector_sizes = [], parallel_dims = [0]>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %init = tensor.empty() : tensor<8x500xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : tensor<8x500xf32>, tensor<8xf32>) outs(%init : tensor<8x500xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.divf %in, %s : f32
    linalg.yield %d : f32
  } -> tensor<8x500xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8x500xf32>, memref<8x500xf32>) -> ()
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A product accumulated on top of an argument (its residual input): each
// thread copies its slice of the argument into the output, then
// accumulates; no copy of the whole argument before the loops.
// CHECK-LABEL: func.func @residual_product
//   CHECK-NOT:   linalg.copy
//       CHECK:   scf.forall
//       CHECK:     scf.forall
//       CHECK:       linalg.copy ins(%{{.*}} : tensor<1x1xf32>)
//       CHECK:       linalg.matmul {{.*}} outs(%{{.*}} : tensor<1x1xf32>)
func.func @residual_product(%a: memref<16x8xf32>, %w: memref<8x32xf32>, %res: memref<16x32xf32>, %out: memref<16x32xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<16x8xf32> to tensor<16x8xf32>
  %y = bufferization.to_tensor %w restrict : memref<8x32xf32> to tensor<8x32xf32>
  %r0 = bufferization.to_tensor %res restrict : memref<16x32xf32> to tensor<16x32xf32>
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 32, 0>, array<i64: 1, 1, 0>], vector_sizes = [], parallel_dims = [0, 1]>} ins(%x, %y : tensor<16x8xf32>, tensor<8x32xf32>) outs(%r0 : tensor<16x32xf32>) -> tensor<16x32xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16x32xf32>, memref<16x32xf32>) -> ()
  return
}

// -----

// A kernel of several outputs is left alone (it runs on one thread).
// CHECK-LABEL: func.func @two_outputs
//   CHECK-NOT:   scf.forall
func.func @two_outputs(%a: memref<4xf32>, %o1: memref<4xf32>, %o2: memref<4xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 2 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
  bufferization.materialize_in_destination %x in restrict writable %o1 : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.materialize_in_destination %x in restrict writable %o2 : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A long reduction over few rows: the block's threads share it, each into
// its partial; then the partials are merged, one thread per row.
// CHECK-LABEL: func.func @shared_reduction
//       CHECK:   scf.forall (%{{.*}}) in (2)
//       CHECK:     %[[PARTIALS:.*]] = tensor.empty() : tensor<1x256xf32>
//       CHECK:     %[[FILLED:.*]] = scf.forall {{.*}} in (1, 256)
//       CHECK:       linalg.fill
//       CHECK:     %[[REDUCED:.*]] = scf.forall (%{{.*}}) in (256) shared_outs(%{{.*}} = %[[FILLED]])
//       CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_0>]
//       CHECK:     scf.forall (%{{.*}}) in (1)
//       CHECK:       tensor.extract_slice %[[REDUCED]]
//       CHECK:       linalg.reduce
func.func @shared_reduction(%a: memref<2x1000xf32>, %out: memref<2xf32>, %b: index, %e: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<2x1000xf32> to tensor<2x1000xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x1000xf32>) outs(%fill : tensor<2xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0>, array<i64: 1, 0>], vector_sizes = [], parallel_dims = [0]>} {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  bufferization.materialize_in_destination %sum in restrict writable %out : (tensor<2xf32>, memref<2xf32>) -> ()
  return
}


// -----

// A matrix product with a staging level: the block's tile accumulates in
// a tensor of its own (a block buffer) that the block steps through the
// reduction into, 8 at a time (a stage loop). Each step copies its operand
// tiles into tensors of their own (block buffers) one element per thread,
// reading them by index (no predicate: 24 is 3 whole steps), then each
// thread accumulates its 2x4 register tile from them as outer products
// (vector.fma), and the block's threads copy the result out.
// CHECK-LABEL: func.func @staged_matmul
//       CHECK:   scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (32, 64) step (32, 64)
//       CHECK:     %[[ACC:.*]] = bufferization.alloc_tensor() : tensor<32x64xf32>
//       CHECK:     %[[INIT:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (32, 64) shared_outs(%{{.*}} = %[[ACC]])
//       CHECK:       linalg.fill
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>], strata.cuda.threads}
//       CHECK:     %[[STEPS:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SUM:.*]] = %[[INIT]])
//       CHECK:       %[[A:.*]] = bufferization.alloc_tensor() : tensor<32x8xf32>
//       CHECK:       %[[ASTAGE:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (32, 8) shared_outs(%{{.*}} = %[[A]])
//       CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1xf32>) attrs = {strata.cuda.stage_copy}
//   CHECK-NOT:           arith.select
//       CHECK:           tensor.extract
//       CHECK:       %[[B:.*]] = bufferization.alloc_tensor() : tensor<8x64xf32>
//       CHECK:       %[[BSTAGE:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (8, 64) shared_outs(%{{.*}} = %[[B]])
//       CHECK:         linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:       scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (32, 64) step (2, 4) shared_outs(%{{.*}} = %[[SUM]])
//       CHECK:         tensor.extract_slice %[[ASTAGE]][%[[I]], 0] [2, 8]
//       CHECK:         tensor.extract_slice %[[BSTAGE]][0, %[[J]]] [8, 4]
//   CHECK-NOT:         linalg.matmul
//       CHECK:         vector.fma {{.*}} : vector<4xf32>
//       CHECK:       } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>], strata.cuda.threads}
//       CHECK:     } {strata.cuda.stage_loop}
//       CHECK:     scf.forall (%{{.*}}, %{{.*}}) in (32, 64)
//       CHECK:       tensor.extract_slice %[[STEPS]]
//       CHECK:       linalg.copy
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>], strata.cuda.blocks}

func.func @staged_matmul(%a: memref<32x24xf32>, %b: memref<24x64xf32>, %out: memref<32x64xf32>, %lo: index, %hi: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<32x24xf32> to tensor<32x24xf32>
  %y = bufferization.to_tensor %b restrict : memref<24x64xf32> to tensor<24x64xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<32x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 32, 64, 0>, array<i64: 2, 4, 0>, array<i64: 0, 0, 8>], vector_sizes = [], parallel_dims = [0, 1]>} ins(%x, %y : tensor<32x24xf32>, tensor<24x64xf32>) outs(%fill : tensor<32x64xf32>) -> tensor<32x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x64xf32>, memref<32x64xf32>) -> ()
  return
}

// -----

// A partial last step (a reduction of 20 in steps of 8) and a partial
// block (m of 40 in tiles of 32): staged tiles read by index where the
// index is inside the operand, zero elsewhere (reads clamped inside).
// CHECK-LABEL: func.func @staged_partial
//       CHECK:   scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
//       CHECK:     linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:       arith.cmpi ult
//       CHECK:       arith.minui
//       CHECK:       arith.addi %[[K]]
//       CHECK:       arith.cmpi ult
//       CHECK:       arith.andi
//       CHECK:       arith.minui
//       CHECK:       tensor.extract
//       CHECK:       arith.select
//       CHECK:   } {strata.cuda.stage_loop}
func.func @staged_partial(%a: memref<40x20xf32>, %b: memref<20x64xf32>, %out: memref<40x64xf32>, %lo: index, %hi: index) attributes {strata.kernel_abi = 1 : i64} {
  %x = bufferization.to_tensor %a restrict : memref<40x20xf32> to tensor<40x20xf32>
  %y = bufferization.to_tensor %b restrict : memref<20x64xf32> to tensor<20x64xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<40x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<40x64xf32>) -> tensor<40x64xf32>
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 32, 64, 0>, array<i64: 2, 4, 0>, array<i64: 0, 0, 8>], vector_sizes = [], parallel_dims = [0, 1]>} ins(%x, %y : tensor<40x20xf32>, tensor<20x64xf32>) outs(%fill : tensor<40x64xf32>) -> tensor<40x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<40x64xf32>, memref<40x64xf32>) -> ()
  return
}

// -----

// A convolution with a staging level: an implicit matrix product of the
// block's 4x8 pixels (32 rows) by its 32 output channels, stepped through
// the 9 filter taps with 16 input channels each. Each step gathers the
// pixels' window elements of the tap (the im2col tile, [32, 16]) and the
// tap's weights ([32, 16]: the FHWC filter's order, read through its
// transpose from the OIHW graph weight in place) into block buffers; the
// bias init is computed into the accumulator in place too (no block tile
// of the transpose or the bias). The accumulator's rows become the
// block's 1x4x8 pixels.
// CHECK-LABEL: func.func @staged_conv
//       CHECK:   scf.forall (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (0, 0, 0, 0) to (1, 8, 8, 32) step (1, 4, 8, 32)
//   CHECK-NOT:     linalg.transpose
//       CHECK:     %[[ACC:.*]] = bufferization.alloc_tensor() : tensor<32x32xf32>
//       CHECK:     %[[INIT:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (32, 32) shared_outs(%{{.*}} = %[[ACC]])
//       CHECK:       linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:         tensor.extract %{{.*}}[%{{.*}}] : tensor<32xf32>
//       CHECK:     %[[STEPS:.*]] = scf.for %[[STEP:.*]] = %c0 to %c9 step %c1 iter_args(%[[SUM:.*]] = %[[INIT]])
//       CHECK:       %[[TAPH:.*]] = arith.divui %[[STEP]], %c3
//       CHECK:       %[[TAPW:.*]] = arith.remui %[[STEP]], %c3
//       CHECK:       %[[A:.*]] = bufferization.alloc_tensor() : tensor<32x16xf32>
//       CHECK:       %[[ASTAGE:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (32, 16) shared_outs(%{{.*}} = %[[A]])
//       CHECK:         linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:           arith.divui %{{.*}}, %c8
//       CHECK:           arith.remui %{{.*}}, %c8
//       CHECK:           tensor.extract %{{.*}} : tensor<1x6x10x16xf32>
//       CHECK:       %[[B:.*]] = bufferization.alloc_tensor() : tensor<32x16xf32>
//       CHECK:       %[[BSTAGE:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (32, 16) shared_outs(%{{.*}} = %[[B]])
//       CHECK:         linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:           tensor.extract %{{.*}} : tensor<32x16x3x3xf32>
//       CHECK:       scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 0) to (32, 32) step (2, 2) shared_outs(%{{.*}} = %[[SUM]])
//       CHECK:         vector.fma {{.*}} : vector<2xf32>
//       CHECK:     } {strata.cuda.stage_loop}
//       CHECK:     tensor.expand_shape %[[STEPS]] {{\[\[}}0, 1, 2], [3]] output_shape [1, 4, 8, 32]
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_3>], strata.cuda.blocks}

func.func @staged_conv(%x: memref<1x10x10x16xf32>, %w: memref<32x16x3x3xf32>, %b: memref<32xf32>, %out: memref<1x8x8x32xf32>) attributes {strata.kernel_abi = 1 : i64} {
  %input = bufferization.to_tensor %x restrict : memref<1x10x10x16xf32> to tensor<1x10x10x16xf32>
  %weight = bufferization.to_tensor %w restrict : memref<32x16x3x3xf32> to tensor<32x16x3x3xf32>
  %bias = bufferization.to_tensor %b restrict : memref<32xf32> to tensor<32xf32>
  %e0 = tensor.empty() : tensor<32x3x3x16xf32>
  %fhwc = linalg.transpose ins(%weight : tensor<32x16x3x3xf32>) outs(%e0 : tensor<32x3x3x16xf32>) permutation = [0, 2, 3, 1]
  %e1 = tensor.empty() : tensor<1x8x8x32xf32>
  %init = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bias : tensor<32xf32>) outs(%e1 : tensor<1x8x8x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x8x32xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 4, 8, 32, 0, 0, 0>, array<i64: 1, 1, 2, 2, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 16>], vector_sizes = [], parallel_dims = [0, 1, 2, 3]>} ins(%input, %fhwc : tensor<1x10x10x16xf32>, tensor<32x3x3x16xf32>) outs(%init : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x8x8x32xf32>, memref<1x8x8x32xf32>) -> ()
  return
}

// -----

// A padded input (the pad's generic, as strata-cuda-copies-to-generics
// leaves it for a staged convolution) and an HWCF filter: the im2col tile
// computes the pad's predicated read of the image in place (no block tile
// of the padded input); the filter's tile is [input channels, output
// channels], its order; 24 input channels in steps of 16 (the second
// partial: zeros beyond 24); 4x4 pixels (16 rows).
// CHECK-LABEL: func.func @staged_padded_conv
//   CHECK-NOT:   strata.cuda.pad
//       CHECK:   scf.for %[[STEP:.*]] = %c0 to %c18 step %c1
//       CHECK:     %[[A:.*]] = bufferization.alloc_tensor() : tensor<16x16xf32>
//       CHECK:     scf.forall (%{{.*}}, %{{.*}}) in (16, 16) shared_outs(%{{.*}} = %[[A]])
//       CHECK:       linalg.generic {{.*}} attrs = {strata.cuda.stage_copy}
//       CHECK:         arith.cmpi ult, %{{.*}}, %c24
//       CHECK:         arith.minui %{{.*}}, %c23
//       CHECK:         scf.if
//       CHECK:           tensor.extract %{{.*}} : tensor<1x4x4x24xf32>
//       CHECK:         arith.select
//       CHECK:     %[[B:.*]] = bufferization.alloc_tensor() : tensor<16x16xf32>
//       CHECK:     scf.forall (%{{.*}}, %{{.*}}) in (16, 16) shared_outs(%{{.*}} = %[[B]])
//       CHECK:       tensor.extract %{{.*}} : tensor<3x3x24x16xf32>
//       CHECK:     vector.fma
//       CHECK:   } {strata.cuda.stage_loop}

func.func @staged_padded_conv(%x: memref<1x4x4x24xf32>, %w: memref<3x3x24x16xf32>, %out: memref<1x4x4x16xf32>) attributes {strata.kernel_abi = 1 : i64} {
  %input = bufferization.to_tensor %x restrict : memref<1x4x4x24xf32> to tensor<1x4x4x24xf32>
  %weight = bufferization.to_tensor %w restrict : memref<3x3x24x16xf32> to tensor<3x3x24x16xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %e0 = tensor.empty() : tensor<1x6x6x24xf32>
  %padded = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e0 : tensor<1x6x6x24xf32>) attrs = {strata.cuda.pad} {
  ^bb0(%o: f32):
    %n = linalg.index 0 : index
    %h = linalg.index 1 : index
    %ww = linalg.index 2 : index
    %c = linalg.index 3 : index
    %hs = arith.subi %h, %c1 : index
    %ws = arith.subi %ww, %c1 : index
    %h0 = arith.cmpi sge, %hs, %c0 : index
    %h1 = arith.cmpi slt, %hs, %c4 : index
    %w0 = arith.cmpi sge, %ws, %c0 : index
    %w1 = arith.cmpi slt, %ws, %c4 : index
    %a = arith.andi %h0, %h1 : i1
    %b = arith.andi %w0, %w1 : i1
    %in = arith.andi %a, %b : i1
    %v = scf.if %in -> (f32) {
      %e = tensor.extract %input[%n, %hs, %ws, %c] : tensor<1x4x4x24xf32>
      scf.yield %e : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %v : f32
  } -> tensor<1x6x6x24xf32>
  %e1 = tensor.empty() : tensor<1x4x4x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 4, 4, 16, 0, 0, 0>, array<i64: 1, 1, 1, 1, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 16>], vector_sizes = [], parallel_dims = [0, 1, 2, 3]>} ins(%padded, %weight : tensor<1x6x6x24xf32>, tensor<3x3x24x16xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x4x4x16xf32>, memref<1x4x4x16xf32>) -> ()
  return
}

// -----

// A staging level that cuda::stageConvolution cannot carry out (blocks of
// 3 rows of an image of 4: a partial block tile): the convolution is not
// staged; each thread computes one output, the padded input's elements
// computed where its window reads them (the pad's generic inlined).
// CHECK-LABEL: func.func @unstaged_conv
//   CHECK-NOT:   strata.cuda.stage_loop
//   CHECK-NOT:   strata.cuda.pad
//       CHECK:   scf.forall ({{.*}}) = (0, 0, 0, 0) to (1, 4, 4, 16) step (1, 3, 4, 16)
//       CHECK:     scf.forall
//       CHECK:       linalg.generic
//  CHECK-SAME:         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
//       CHECK:         scf.if
//       CHECK:           tensor.extract %{{.*}} : tensor<1x4x4x24xf32>
//       CHECK:         arith.mulf
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_0>, #gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_2>, #gpu.thread<linear_dim_3>], strata.cuda.threads}

func.func @unstaged_conv(%x: memref<1x4x4x24xf32>, %w: memref<3x3x24x16xf32>, %out: memref<1x4x4x16xf32>) attributes {strata.kernel_abi = 1 : i64} {
  %input = bufferization.to_tensor %x restrict : memref<1x4x4x24xf32> to tensor<1x4x4x24xf32>
  %weight = bufferization.to_tensor %w restrict : memref<3x3x24x16xf32> to tensor<3x3x24x16xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %e0 = tensor.empty() : tensor<1x6x6x24xf32>
  %padded = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e0 : tensor<1x6x6x24xf32>) attrs = {strata.cuda.pad} {
  ^bb0(%o: f32):
    %n = linalg.index 0 : index
    %h = linalg.index 1 : index
    %ww = linalg.index 2 : index
    %c = linalg.index 3 : index
    %hs = arith.subi %h, %c1 : index
    %ws = arith.subi %ww, %c1 : index
    %h0 = arith.cmpi sge, %hs, %c0 : index
    %h1 = arith.cmpi slt, %hs, %c4 : index
    %w0 = arith.cmpi sge, %ws, %c0 : index
    %w1 = arith.cmpi slt, %ws, %c4 : index
    %a = arith.andi %h0, %h1 : i1
    %b = arith.andi %w0, %w1 : i1
    %in = arith.andi %a, %b : i1
    %v = scf.if %in -> (f32) {
      %e = tensor.extract %input[%n, %hs, %ws, %c] : tensor<1x4x4x24xf32>
      scf.yield %e : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %v : f32
  } -> tensor<1x6x6x24xf32>
  %e1 = tensor.empty() : tensor<1x4x4x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>, kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 3, 4, 16, 0, 0, 0>, array<i64: 1, 1, 1, 1, 0, 0, 0>, array<i64: 0, 0, 0, 0, 1, 1, 16>], vector_sizes = [], parallel_dims = [0, 1, 2, 3]>} ins(%padded, %weight : tensor<1x6x6x24xf32>, tensor<3x3x24x16xf32>) outs(%fill : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x4x4x16xf32>, memref<1x4x4x16xf32>) -> ()
  return
}
