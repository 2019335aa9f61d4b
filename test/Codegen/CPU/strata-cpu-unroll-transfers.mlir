// RUN: strata-opt %s --strata-cpu-unroll-transfers | FileCheck %s --implicit-check-not=kernel.

// In a loop marked kernel.unroll_transfers, a 4x16 read and write become
// four 1-D transfers each, one per row; the marks are removed.
// CHECK-LABEL: func.func @rows
// CHECK: scf.for
// CHECK-COUNT-4: vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<16xf32>
// CHECK: math.exp {{.*}} : vector<4x16xf32>
// CHECK-COUNT-4: vector.transfer_write {{.*}} : vector<16xf32>, tensor<8x16xf32>
// CHECK: scf.yield

// Unmarked loops keep their n-D transfers (convert-vector-to-scf lowers
// them after bufferization).
// CHECK-LABEL: func.func @unmarked
// CHECK: vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x16xf32>
// CHECK: vector.transfer_write {{.*}} : vector<4x16xf32>, tensor<8x16xf32>

// A row read with stride 2 becomes one contiguous read of 31 elements of
// the slice's source and a shuffle keeping every other one.
// CHECK-LABEL: func.func @strided
// CHECK: %[[WIDE:.*]] = vector.transfer_read %{{.*}} : tensor<4x64xf32>, vector<31xf32>
// CHECK: vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK-NOT: tensor.extract_slice

func.func @rows(%x: tensor<4x16xf32>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %o) -> (tensor<8x16xf32>) {
    %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x16xf32>
    %e = math.exp %v : vector<4x16xf32>
    %w = vector.transfer_write %e, %acc[%i, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<8x16xf32>
    scf.yield %w : tensor<8x16xf32>
  } {kernel.no_hoist, kernel.unroll_transfers}
  return %r : tensor<8x16xf32>
}

func.func @unmarked(%x: tensor<4x16xf32>, %o: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %o) -> (tensor<8x16xf32>) {
    %v = vector.transfer_read %x[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x16xf32>, vector<4x16xf32>
    %w = vector.transfer_write %v, %acc[%i, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, tensor<8x16xf32>
    scf.yield %w : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

func.func @strided(%x: tensor<4x64xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %o) -> (tensor<4x16xf32>) {
    %s = tensor.extract_slice %x[%i, 0] [1, 16] [1, 2] : tensor<4x64xf32> to tensor<1x16xf32>
    %v = vector.transfer_read %s[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<1x16xf32>, vector<1x16xf32>
    %w = vector.transfer_write %v, %acc[%i, %c0] {in_bounds = [true, true]} : vector<1x16xf32>, tensor<4x16xf32>
    scf.yield %w : tensor<4x16xf32>
  } {kernel.unroll_transfers}
  return %r : tensor<4x16xf32>
}
