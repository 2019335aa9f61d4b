// RUN: strata-opt %s --strata-cpu-vectorize | FileCheck %s --implicit-check-not=kernel.vectorize

// A static tile marked by the tiling passes becomes vectors of its shape;
// the mark is consumed.
// CHECK-LABEL: func.func @static_tile
// CHECK: vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK: math.exp {{.*}} : vector<8x32xf32>
// CHECK: vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// CHECK-NOT: linalg.exp

// A partial tile of dynamic size, at most 64: masked vectors of 64, the
// mask an operand of the transfers (no vector.mask region).
// CHECK-LABEL: func.func @partial_tile
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<64xi1>
// CHECK: vector.transfer_read %{{.*}}, %[[MASK]] {{.*}} : tensor<?xf32>, vector<64xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[MASK]] {{.*}} : vector<64xf32>, tensor<?xf32>
// CHECK-NOT: vector.mask

// Dynamic without a bound, unmarked, or f16 (which LLVM's x86 backend
// cannot always select as vectors): the op stays scalar.
// CHECK-LABEL: func.func @unbounded
// CHECK: linalg.exp ins
// CHECK-LABEL: func.func @unmarked
// CHECK: linalg.exp ins
// CHECK-LABEL: func.func @half
// CHECK: linalg.exp ins

// A matmul tile: its multiply and reduction become one vector.contract.
// CHECK-LABEL: func.func @matmul_tile
// CHECK: vector.contract {{.*}} : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK-NOT: linalg.matmul

func.func @static_tile(%x: tensor<8x32xf32>, %o: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %r = linalg.exp {kernel.vectorize = array<i64: 8, 32>} ins(%x : tensor<8x32xf32>) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

func.func @partial_tile(%x: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.exp {kernel.vectorize = array<i64: 64>} ins(%x : tensor<?xf32>) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @unbounded(%x: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.exp {kernel.vectorize = array<i64: 0>} ins(%x : tensor<?xf32>) outs(%o : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @unmarked(%x: tensor<8x32xf32>, %o: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %r = linalg.exp ins(%x : tensor<8x32xf32>) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

func.func @half(%x: tensor<8xf16>, %o: tensor<8xf16>) -> tensor<8xf16> {
  %r = linalg.exp {kernel.vectorize = array<i64: 8>} ins(%x : tensor<8xf16>) outs(%o : tensor<8xf16>) -> tensor<8xf16>
  return %r : tensor<8xf16>
}

func.func @matmul_tile(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul {kernel.vectorize = array<i64: 4, 16, 8>} ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
