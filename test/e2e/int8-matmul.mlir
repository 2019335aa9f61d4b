// int8 matrix products: ui8 (or i8) times i8 into exact i32 sums. With
// AVX512-VNNI, products of ui8 by constant i8 weights, K a multiple of 4
// and N of 32, read their weights in groups of four bytes per i32 lane
// (kernel-pack-weights' int8-dot-products) and run as vpdpbusd
// (strata-cpu-lower-dot-products); other products, and every product on
// CPUs without VNNI, widen each byte and multiply in i32. Each result is
// compared with the reference evaluator by the @entry of
// test-graph-build-e2e: for the host (one and two threads), a VNNI CPU
// (cascadelake) and one without VNNI (skylake-avx512), where they run.
// The weights are products of small constants, which wrap in i8 (a[k] *
// b[n]) and fold at compile time into signed bytes of the whole range.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --cpu=cascadelake -o %t.vnni.smod
// RUN: %if host-avx512vnni %{ strata-run %t.vnni.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %t.mlir --cpu=skylake-avx512 -o %t.avx512.smod
// RUN: %if host-avx512 %{ strata-run %t.avx512.smod --function=entry | FileCheck %s %}
// RUN: strata-compile %s --compile-to=kernel --cpu=cascadelake | FileCheck %s --check-prefix=VNNI
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 | FileCheck %s --check-prefix=NO-VNNI
// RUN: strata-compile %s --compile-to=llvm --cpu=cascadelake | FileCheck %s --check-prefix=LLVM
// CHECK-COUNT-8: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]

// Weights in groups of four bytes per lane, [N/32, K/4, 32, 4]; the rows
// of A in groups of four.
// VNNI-LABEL: func.func @rows16
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<16x16x4xi8>) -> tensor<16x2x32xi32>
// VNNI: tensor<2x16x32x4xi8>
// VNNI-LABEL: func.func @row1
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<1x16x4xi8>) -> tensor<1x2x32xi32>
// Signed A, K = 30 and N = 48 keep the row-major weight.
// VNNI-LABEL: func.func @signed_rows
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<8x64xi8>) -> tensor<8x64xi32>
// VNNI-LABEL: func.func @odd_sizes
// VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<5x30xi8>) -> tensor<5x48xi32>
// NO-VNNI-LABEL: func.func @rows16
// NO-VNNI: kernel.launch @{{.*}}(%{{.*}}) : (tensor<16x64xi8>) -> tensor<16x64xi32>
// Two vpdpbusd (32 lanes) per row of the register tile and step of k/4.
// LLVM: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"

// 16 rows: two register tiles of 8 rows, 2 panels of 32 columns.
func.func @rows16(%x: tensor<16x64xui8>) -> tensor<16x64xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[126, -125, -104, -79, 120, 49, 97, -77, 56, -34, -3, -128, 30, 84, 41, -89, 8, -60, 119, 97, -81, 2, 112, 88, 53, 35, -118, 61, -7, -105, -66, 10, 58, 1, 28, 95, 47, -36, 36, 25, -101, -113, 41, -29, 25, -46, -71, -90, -31, 80, -26, -31, 19, 122, -28, 23, -16, 26, -14, 35, 12, 45, 116, -90]> : tensor<64xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<64xi8> -> tensor<64x64xi8>
  %0 = graph.matmul %x, %w : tensor<16x64xui8>, tensor<64x64xi8> -> tensor<16x64xi32>
  return %0 : tensor<16x64xi32>
}

// One row (a batch-1 fully connected layer).
func.func @row1(%x: tensor<1x64xui8>) -> tensor<1x64xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[126, -125, -104, -79, 120, 49, 97, -77, 56, -34, -3, -128, 30, 84, 41, -89, 8, -60, 119, 97, -81, 2, 112, 88, 53, 35, -118, 61, -7, -105, -66, 10, 58, 1, 28, 95, 47, -36, 36, 25, -101, -113, 41, -29, 25, -46, -71, -90, -31, 80, -26, -31, 19, 122, -28, 23, -16, 26, -14, 35, 12, 45, 116, -90]> : tensor<64xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<64xi8> -> tensor<64x64xi8>
  %0 = graph.matmul %x, %w : tensor<1x64xui8>, tensor<64x64xi8> -> tensor<1x64xi32>
  return %0 : tensor<1x64xi32>
}

// 13 rows: a full tile of 8 and a peeled one of 5.
func.func @rows13(%x: tensor<13x64xui8>) -> tensor<13x32xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[15, -16, -37, -67, -115, -25, 83, -104, -25, 119, 115, -73, -127, 43, -125, -52, -1, 95, -105, 41, 8, -95, 88, 88, -5, 113, 27, 103, 117, 17, -57, -91]> : tensor<32xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<32xi8> -> tensor<64x32xi8>
  %0 = graph.matmul %x, %w : tensor<13x64xui8>, tensor<64x32xi8> -> tensor<13x32xi32>
  return %0 : tensor<13x32xi32>
}

// A stack of matrices times a matrix (a transformer's projection).
func.func @stack(%x: tensor<2x8x64xui8>) -> tensor<2x8x32xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[15, -16, -37, -67, -115, -25, 83, -104, -25, 119, 115, -73, -127, 43, -125, -52, -1, 95, -105, 41, 8, -95, 88, 88, -5, 113, 27, 103, 117, 17, -57, -91]> : tensor<32xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<32xi8> -> tensor<64x32xi8>
  %0 = graph.matmul %x, %w : tensor<2x8x64xui8>, tensor<64x32xi8> -> tensor<2x8x32xi32>
  return %0 : tensor<2x8x32xi32>
}

// Signed A (vpdpbusd multiplies unsigned by signed bytes).
func.func @signed_rows(%x: tensor<8x64xi8>) -> tensor<8x64xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[126, -125, -104, -79, 120, 49, 97, -77, 56, -34, -3, -128, 30, 84, 41, -89, 8, -60, 119, 97, -81, 2, 112, 88, 53, 35, -118, 61, -7, -105, -66, 10, 58, 1, 28, 95, 47, -36, 36, 25, -101, -113, 41, -29, 25, -46, -71, -90, -31, 80, -26, -31, 19, 122, -28, 23, -16, 26, -14, 35, 12, 45, 116, -90]> : tensor<64xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<64xi8> -> tensor<64x64xi8>
  %0 = graph.matmul %x, %w : tensor<8x64xi8>, tensor<64x64xi8> -> tensor<8x64xi32>
  return %0 : tensor<8x64xi32>
}

// K = 30 (not whole groups of four) and N = 48 (not whole panels).
func.func @odd_sizes(%x: tensor<5x30xui8>) -> tensor<5x48xi32> {
  %a = graph.constant dense<[16, -79, 64, 109, -66, 13, -116, -82, -32, 98, 120, 36, 21, 17, -113, -32, 123, -23, -74, -67, 54, -119, 120, 96, 17, -9, 66, 12, -6, -46]> : tensor<30xi8>
  %b = graph.constant dense<[-14, 64, -114, -122, 56, -33, 77, -121, 104, -97, -22, 119, -101, 40, 58, -19, -108, 6, -18, 95, 46, -40, -114, 23, -57, 47, 93, -38, 103, 4, 7, 67, 74, 104, 127, -90, -23, 110, -50, -127, 19, 64, 62, 79, 36, -93, 88, -21]> : tensor<48xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<30xi8> -> tensor<30x1xi8>
  %w = graph.mul %ac, %b : tensor<30x1xi8>, tensor<48xi8> -> tensor<30x48xi8>
  %0 = graph.matmul %x, %w : tensor<5x30xui8>, tensor<30x48xi8> -> tensor<5x48xi32>
  return %0 : tensor<5x48xi32>
}

// Both operands computed (no constant weight), batched.
func.func @batched(%x: tensor<3x4x16xui8>, %y: tensor<3x16x8xi8>) -> tensor<3x4x8xi32> {
  %0 = graph.matmul %x, %y : tensor<3x4x16xui8>, tensor<3x16x8xi8> -> tensor<3x4x8xi32>
  return %0 : tensor<3x4x8xi32>
}

// Widening casts of bytes fold into the product (ONNX MatMulInteger
// without zero points).
func.func @widened(%x: tensor<4x64xui8>) -> tensor<4x32xi32> {
  %a = graph.constant dense<[113, 32, 47, 101, 20, 70, 85, -71, -114, -52, -56, 95, 105, -127, -1, 82, -95, 76, -98, -9, 81, -51, -41, -57, 56, -63, 125, -15, -6, 1, 21, 13, 2, 126, 78, 74, 51, 31, -41, 125, -9, -73, 88, -87, 91, 28, -99, -117, -15, -119, -92, 3, 120, -9, 78, 106, 82, 33, -16, 3, -60, -1, -31, -65]> : tensor<64xi8>
  %b = graph.constant dense<[15, -16, -37, -67, -115, -25, 83, -104, -25, 119, 115, -73, -127, 43, -125, -52, -1, 95, -105, 41, 8, -95, 88, 88, -5, 113, 27, 103, 117, 17, -57, -91]> : tensor<32xi8>
  %ac = graph.unsqueeze %a {axes = array<i64: 1>} : tensor<64xi8> -> tensor<64x1xi8>
  %w = graph.mul %ac, %b : tensor<64x1xi8>, tensor<32xi8> -> tensor<64x32xi8>
  %xi = graph.cast %x : tensor<4x64xui8> -> tensor<4x64xi32>
  %wi = graph.cast %w : tensor<64x32xi8> -> tensor<64x32xi32>
  %0 = graph.matmul %xi, %wi : tensor<4x64xi32>, tensor<64x32xi32> -> tensor<4x32xi32>
  return %0 : tensor<4x32xi32>
}
