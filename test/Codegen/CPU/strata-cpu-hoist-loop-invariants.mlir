// RUN: strata-opt %s --strata-cpu-hoist-loop-invariants -split-input-file | FileCheck %s

// The k loop of a 4x16 register tile (K = 64 in steps of 8) reads the
// accumulator tile and writes it back on every iteration: the pair is
// hoisted, the accumulator vector becoming a loop-carried value, read once
// before the loop and written once after it.

// CHECK-LABEL: func.func @accumulator
// CHECK: scf.for %[[M:.*]] = %c0 to %c8 step %c4
// CHECK: %[[ACC:.*]] = tensor.extract_slice %{{.*}}[%[[M]], 0] [4, 16] [1, 1]
// CHECK: %[[READ:.*]] = vector.transfer_read %[[ACC]]
// CHECK: %[[K:.*]]:3 = scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[ACC]], %[[V:.*]] = %[[READ]])
// CHECK-NOT: tensor.insert_slice
// CHECK: %[[SUM:.*]] = vector.contract {{.*}} %[[V]]
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[SUM]]
// CHECK: vector.transfer_write %[[K]]#2, %[[K]]#1
// CHECK: tensor.insert_slice
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @accumulator(%arg0: tensor<8x64xf32>, %arg1: tensor<64x16xf32>, %arg2: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c4 = arith.constant 4 : index
  %1 = scf.for %arg3 = %c0 to %c8 step %c4 iter_args(%arg4 = %arg2) -> (tensor<8x16xf32>) {
    %2 = scf.for %arg5 = %c0 to %c64 step %c8 iter_args(%arg6 = %arg4) -> (tensor<8x16xf32>) {
      %extracted_slice = tensor.extract_slice %arg0[%arg3, %arg5] [4, 8] [1, 1] : tensor<8x64xf32> to tensor<4x8xf32>
      %extracted_slice_0 = tensor.extract_slice %arg1[%arg5, 0] [8, 16] [1, 1] : tensor<64x16xf32> to tensor<8x16xf32>
      %extracted_slice_1 = tensor.extract_slice %arg6[%arg3, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
      %3 = vector.transfer_read %extracted_slice[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<4x8xf32>, vector<4x8xf32>
      %4 = vector.transfer_read %extracted_slice_0[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<8x16xf32>, vector<8x16xf32>
      %5 = vector.transfer_read %extracted_slice_1[%c0, %c0], %0 {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x16xf32>
      %6 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %5 : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
      %7 = vector.transfer_write %6, %extracted_slice_1[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<4x16xf32>
      %inserted_slice = tensor.insert_slice %7 into %arg6[%arg3, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
      scf.yield %inserted_slice : tensor<8x16xf32>
    } {kernel.unroll_transfers}
    scf.yield %2 : tensor<8x16xf32>
  } {kernel.unroll_transfers}
  return %1 : tensor<8x16xf32>
}

// -----

// Loop-invariant code leaves the loops of scheduled ops (marked
// kernel.unroll_transfers), but not those marked kernel.no_hoist (a fused
// epilogue's register tile, whose hoisted vectors would outnumber the
// registers) nor unmarked ones.

// CHECK-LABEL: func.func @marked
// CHECK: vector.broadcast
// CHECK: scf.for
// CHECK-LABEL: func.func @no_hoist
// CHECK: scf.for
// CHECK: vector.broadcast
// CHECK-LABEL: func.func @unmarked
// CHECK: scf.for
// CHECK: vector.broadcast
func.func @marked(%s: f32, %t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %t) -> (tensor<8x16xf32>) {
    %b = vector.broadcast %s : f32 to vector<16xf32>
    %w = vector.transfer_write %b, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<8x16xf32>
    scf.yield %w : tensor<8x16xf32>
  } {kernel.unroll_transfers}
  return %r : tensor<8x16xf32>
}

func.func @no_hoist(%s: f32, %t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %t) -> (tensor<8x16xf32>) {
    %b = vector.broadcast %s : f32 to vector<16xf32>
    %w = vector.transfer_write %b, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<8x16xf32>
    scf.yield %w : tensor<8x16xf32>
  } {kernel.no_hoist, kernel.unroll_transfers}
  return %r : tensor<8x16xf32>
}

func.func @unmarked(%s: f32, %t: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %t) -> (tensor<8x16xf32>) {
    %b = vector.broadcast %s : f32 to vector<16xf32>
    %w = vector.transfer_write %b, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<8x16xf32>
    scf.yield %w : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}
