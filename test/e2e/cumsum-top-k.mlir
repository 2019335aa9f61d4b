// graph.cumsum and graph.top_k through strata-compile and strata-run: the
// cumsum axis and the top_k k are given at run time (as ONNX models pass
// them); out-of-range values are errors naming the op's location.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=1 | FileCheck %s --check-prefix=ROWS
// RUN: strata-run %t.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=-2 | FileCheck %s --check-prefix=COLS
// RUN: strata-run %t.smod --function=cumsum_i32 --input=5xi32=1,2,3,4,5 --input=i32=0 | FileCheck %s --check-prefix=EXCL
// RUN: strata-run %t.smod --function=cumsum_f16 --input=3xf16=2048,1,1 | FileCheck %s --check-prefix=F16
// RUN: not strata-run %t.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=2 2>&1 | FileCheck %s --check-prefix=AXIS
// RUN: strata-run %t.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=3 | FileCheck %s --check-prefix=TOP3
// RUN: strata-run %t.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=0 | FileCheck %s --check-prefix=TOP0
// RUN: strata-run %t.smod --function=smallest_ties --input=6xi64=3,1,3,1,-2,3 --input=1xi64=5 | FileCheck %s --check-prefix=TIES
// RUN: strata-run %t.smod --function=largest_u8 --input=5xui8=7,200,255,7,1 | FileCheck %s --check-prefix=U8
// RUN: not strata-run %t.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=5 2>&1 | FileCheck %s --check-prefix=KBIG
// RUN: not strata-run %t.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=-1 2>&1 | FileCheck %s --check-prefix=KNEG
// RUN: strata-run %t.smod --function=top_k_static --input=2x3xf32=1,nan,2,-1,-3,-2 --input=1xi64=2 | FileCheck %s --check-prefix=STATIC
// RUN: not strata-run %t.smod --function=top_k_static --input=2x3xf32=1,nan,2,-1,-3,-2 --input=1xi64=1 2>&1 | FileCheck %s --check-prefix=MISMATCH
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=1 | FileCheck %s --check-prefix=ROWS
// RUN: strata-run %t.emu.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=-2 | FileCheck %s --check-prefix=COLS
// RUN: strata-run %t.emu.smod --function=cumsum_i32 --input=5xi32=1,2,3,4,5 --input=i32=0 | FileCheck %s --check-prefix=EXCL
// RUN: strata-run %t.emu.smod --function=cumsum_f16 --input=3xf16=2048,1,1 | FileCheck %s --check-prefix=F16
// RUN: not strata-run %t.emu.smod --function=cumsum --input=2x3xf32=1,2,3,4,5,6 --input=i64=2 2>&1 | FileCheck %s --check-prefix=AXIS
// RUN: strata-run %t.emu.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=3 | FileCheck %s --check-prefix=TOP3
// RUN: strata-run %t.emu.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=0 | FileCheck %s --check-prefix=TOP0
// RUN: strata-run %t.emu.smod --function=smallest_ties --input=6xi64=3,1,3,1,-2,3 --input=1xi64=5 | FileCheck %s --check-prefix=TIES
// RUN: strata-run %t.emu.smod --function=largest_u8 --input=5xui8=7,200,255,7,1 | FileCheck %s --check-prefix=U8
// RUN: not strata-run %t.emu.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=5 2>&1 | FileCheck %s --check-prefix=KBIG
// RUN: not strata-run %t.emu.smod --function=top_k --input=3x4xf32=0,1,2,3,4,5,6,7,11,10,9,8 --input=1xi64=-1 2>&1 | FileCheck %s --check-prefix=KNEG
// RUN: strata-run %t.emu.smod --function=top_k_static --input=2x3xf32=1,nan,2,-1,-3,-2 --input=1xi64=2 | FileCheck %s --check-prefix=STATIC
// RUN: not strata-run %t.emu.smod --function=top_k_static --input=2x3xf32=1,nan,2,-1,-3,-2 --input=1xi64=1 2>&1 | FileCheck %s --check-prefix=MISMATCH

// ROWS: tensor<2x3xf32>
// ROWS-NEXT: {{\[\[}} 1.  3.  6.]
// ROWS-NEXT: {{^}} [ 4.  9. 15.]]
// COLS: tensor<2x3xf32>
// COLS-NEXT: {{\[\[}}1. 2. 3.]
// COLS-NEXT: {{^}} [5. 7. 9.]]
// AXIS: error: {{.*}}cumsum-top-k.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.cumsum: the axis is out of range
func.func @cumsum(%x: tensor<2x3xf32>, %a: tensor<i64>) -> tensor<2x3xf32> {
  %0 = graph.cumsum %x, %a : tensor<2x3xf32>, tensor<i64> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Reverse exclusive sums of integers: 14 = 2+3+4+5, ..., 0 for the last.
// EXCL: tensor<5xi32>
// EXCL-NEXT: [14 12  9  5  0]
func.func @cumsum_i32(%x: tensor<5xi32>, %a: tensor<i32>) -> tensor<5xi32> {
  %0 = graph.cumsum %x, %a {exclusive = true, reverse = true} : tensor<5xi32>, tensor<i32> -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// f16 sums accumulate in f32: 2049 rounds to 2048 in f16 (its spacing is 2
// there) but the running sum goes on to 2050 (an f16 sum would stay 2048).
// F16: tensor<3xf16>
// F16-NEXT: [2.048e+03 2.048e+03 2.050e+03]
func.func @cumsum_f16(%x: tensor<3xf16>) -> tensor<3xf16> {
  %a = graph.constant dense<0> : tensor<1xi64>
  %0 = graph.cumsum %x, %a : tensor<3xf16>, tensor<1xi64> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// The 3 largest of each row, best first, and their indices; k = 0 gives
// empty results.
// TOP3: result[0]: tensor<3x3xf32>
// TOP3-NEXT: {{\[\[}} 3.  2.  1.]
// TOP3-NEXT: {{^}} [ 7.  6.  5.]
// TOP3-NEXT: {{^}} [11. 10.  9.]]
// TOP3: result[1]: tensor<3x3xi64>
// TOP3-NEXT: {{\[\[}}3 2 1]
// TOP3-NEXT: {{^}} [3 2 1]
// TOP3-NEXT: {{^}} [0 1 2]]
// TOP0: result[0]: tensor<3x0xf32>
// TOP0: result[1]: tensor<3x0xi64>
// KBIG: error: {{.*}}cumsum-top-k.mlir:[[@LINE+3]]:{{[0-9]+}}: graph.top_k: k is out of range
// KNEG: error: {{.*}}cumsum-top-k.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.top_k: k is out of range
func.func @top_k(%x: tensor<3x4xf32>, %k: tensor<1xi64>) -> (tensor<3x?xf32>, tensor<3x?xi64>) {
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return %0#0, %0#1 : tensor<3x?xf32>, tensor<3x?xi64>
}

// Smallest first; equal values keep their order (lower index first).
// TIES: result[0]: tensor<5xi64>
// TIES-NEXT: [-2  1  1  3  3]
// TIES: result[1]: tensor<5xi64>
// TIES-NEXT: [4 1 3 0 2]
func.func @smallest_ties(%x: tensor<6xi64>, %k: tensor<1xi64>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0:2 = graph.top_k %x, %k {axis = 0 : i64, largest = false} : tensor<6xi64>, tensor<1xi64> -> tensor<?xi64>, tensor<?xi64>
  return %0#0, %0#1 : tensor<?xi64>, tensor<?xi64>
}

// Unsigned order: 255 and 200 are the largest.
// U8: result[0]: tensor<2xu8>
// U8-NEXT: [255 200]
// U8: result[1]: tensor<2xi64>
// U8-NEXT: [2 1]
func.func @largest_u8(%x: tensor<5xui8>) -> (tensor<2xui8>, tensor<2xi64>) {
  %k = graph.constant dense<2> : tensor<1xi64>
  %0:2 = graph.top_k %x, %k : tensor<5xui8>, tensor<1xi64> -> tensor<2xui8>, tensor<2xi64>
  return %0#0, %0#1 : tensor<2xui8>, tensor<2xi64>
}

// A result type with a static k (as the importer declares from ONNX's
// shapes) and k given at run time: they must agree. NaN is larger than
// every number.
// STATIC: result[0]: tensor<2x2xf32>
// STATIC-NEXT: {{\[\[}}nan  2.]
// STATIC-NEXT: {{^}} [-1. -2.]]
// STATIC: result[1]: tensor<2x2xi64>
// STATIC-NEXT: {{\[\[}}1 2]
// STATIC-NEXT: {{^}} [0 2]]
// MISMATCH: error: {{.*}}cumsum-top-k.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.top_k: result #0 dim 1 computed from the operands differs from its declared size (1 vs 2)
func.func @top_k_static(%x: tensor<2x3xf32>, %k: tensor<1xi64>) -> (tensor<2x2xf32>, tensor<2x2xi64>) {
  %0:2 = graph.top_k %x, %k : tensor<2x3xf32>, tensor<1xi64> -> tensor<2x2xf32>, tensor<2x2xi64>
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi64>
}
