// The element types beyond f32/f16/bf16/i64/i32/i8/i1: f64, i16 and the
// unsigned ui8..ui64, through the whole CPU path. Unsigned integers keep
// their types in signatures (u8..u64 at the runtime's interface) and are
// signless inside, with unsigned comparisons, divisions, extensions and
// conversions where signedness shows. Each function is compared with the
// reference evaluator by the @entry of test-graph-build-e2e (one and two
// threads, and without vectorization), then run on values where signedness
// matters (200 is -56 as i8).
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// RUN: strata-compile %s -o %t.direct.smod
// RUN: strata-run %t.direct.smod --function=unsigned8 --input=4xu8=200,3,100,255 --input=4xu8=7,250,100,1 | FileCheck %s --check-prefix=U8
// RUN: strata-run %t.direct.smod --function=unsigned64 --input=2xu64=18446744073709551615,5 --input=2xu64=2,9223372036854775808 | FileCheck %s --check-prefix=U64
// RUN: strata-run %t.direct.smod --function=widen --input=3xu16=65535,1,0 --input=3xu32=4294967295,2,3 | FileCheck %s --check-prefix=WIDEN
// RUN: not strata-run %t.direct.smod --function=unsigned8 --input=4xi8=1,2,3,4 --input=4xu8=1,2,3,4 2>&1 | FileCheck %s --check-prefix=DTYPE
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-18: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

// 200 / 7 = 28, 3 < 250, 200 as f32, max(200, 7), the largest of all.
// U8: result[0]: tensor<4xu8>
// U8-NEXT: [ 28   0   1 255]
// U8-NEXT: result[1]: tensor<4xi1>
// U8-NEXT: [False  True False False]
// U8-NEXT: result[2]: tensor<4xf32>
// U8-NEXT: [200.   3. 100. 255.]
// U8-NEXT: result[3]: tensor<4xu8>
// U8-NEXT: [200 250 100 255]
// U8-NEXT: result[4]: tensor<u8>
// U8-NEXT: 255
// U8-NEXT: result[5]: tensor<4xi32>
// U8-NEXT: [200   3 100 255]
// DTYPE: error: {{.*}}u8{{.*}}i8
func.func @unsigned8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui8>, tensor<ui8>, tensor<4xi32>) {
  %one = graph.constant dense<1> : tensor<ui8>
  %d = graph.max %b, %one : tensor<4xui8>, tensor<ui8> -> tensor<4xui8>
  %0 = graph.div %a, %d : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %1 = graph.less %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xi1>
  %2 = graph.cast %a : tensor<4xui8> -> tensor<4xf32>
  %3 = graph.max %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %4 = graph.reduce_max %a {keepdims = false} : tensor<4xui8> -> tensor<ui8>
  %5 = graph.cast %a : tensor<4xui8> -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui8>, tensor<ui8>, tensor<4xi32>
}

// The full 64-bit range: 2^64 - 1 > 2^63, unsigned modulo, argmax.
// U64: result[0]: tensor<2xi1>
// U64-NEXT: [ True False]
// U64-NEXT: result[1]: tensor<2xu64>
// U64-NEXT: [1 5]
// U64-NEXT: result[2]: tensor<i64>
// U64-NEXT: 0
func.func @unsigned64(%a: tensor<2xui64>, %b: tensor<2xui64>) -> (tensor<2xi1>, tensor<2xui64>, tensor<i64>) {
  %0 = graph.greater %a, %b : tensor<2xui64>, tensor<2xui64> -> tensor<2xi1>
  %one = graph.constant dense<1> : tensor<ui64>
  %d = graph.max %b, %one : tensor<2xui64>, tensor<ui64> -> tensor<2xui64>
  %1 = graph.mod %a, %d : tensor<2xui64>, tensor<2xui64> -> tensor<2xui64>
  %2 = graph.argmax %a {axis = 0 : i64, keepdims = false} : tensor<2xui64> -> tensor<i64>
  return %0, %1, %2 : tensor<2xi1>, tensor<2xui64>, tensor<i64>
}

// Zero-extension to wider types.
// WIDEN: result[0]: tensor<3xu32>
// WIDEN-NEXT: [65535     1     0]
// WIDEN-NEXT: result[1]: tensor<3xi64>
// WIDEN-NEXT: [4294967295          2          3]
func.func @widen(%a: tensor<3xui16>, %b: tensor<3xui32>) -> (tensor<3xui32>, tensor<3xi64>) {
  %0 = graph.cast %a : tensor<3xui16> -> tensor<3xui32>
  %1 = graph.cast %b : tensor<3xui32> -> tensor<3xi64>
  return %0, %1 : tensor<3xui32>, tensor<3xi64>
}

func.func @f64_math(%a: tensor<2x3xf64>, %b: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<2xf64>, tensor<2x3xf32>) {
  %0 = graph.exp %a : tensor<2x3xf64> -> tensor<2x3xf64>
  %1 = graph.mul %0, %b : tensor<2x3xf64>, tensor<3xf64> -> tensor<2x3xf64>
  %2 = graph.reduce_sum %1 {axes = array<i64: 1>, keepdims = false} : tensor<2x3xf64> -> tensor<2xf64>
  %3 = graph.cast %1 : tensor<2x3xf64> -> tensor<2x3xf32>
  return %1, %2, %3 : tensor<2x3xf64>, tensor<2xf64>, tensor<2x3xf32>
}

func.func @f64_matmul(%a: tensor<3x4xf64>, %b: tensor<4x2xf64>) -> tensor<3x2xf64> {
  %0 = graph.matmul %a, %b : tensor<3x4xf64>, tensor<4x2xf64> -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

func.func @i16_ops(%a: tensor<4xi16>, %b: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi1>) {
  %0 = graph.sub %a, %b : tensor<4xi16>, tensor<4xi16> -> tensor<4xi16>
  %1 = graph.min %0, %b : tensor<4xi16>, tensor<4xi16> -> tensor<4xi16>
  %2 = graph.greater_equal %0, %b : tensor<4xi16>, tensor<4xi16> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi16>, tensor<4xi16>, tensor<4xi1>
}

// Data movement and constants of unsigned types.
func.func @unsigned_data(%a: tensor<2x3xui16>) -> (tensor<3x2xui16>, tensor<2x5xui16>, tensor<2x3xui32>) {
  %0 = graph.transpose %a {perm = array<i64: 1, 0>} : tensor<2x3xui16> -> tensor<3x2xui16>
  %c = graph.constant dense<[[65535, 1], [2, 40000]]> : tensor<2x2xui16>
  %1 = graph.concat %a, %c {axis = 1 : i64} : tensor<2x3xui16>, tensor<2x2xui16> -> tensor<2x5xui16>
  %w = graph.cast %a : tensor<2x3xui16> -> tensor<2x3xui32>
  %k = graph.constant dense<4000000000> : tensor<ui32>
  %2 = graph.add %w, %k : tensor<2x3xui32>, tensor<ui32> -> tensor<2x3xui32>
  return %0, %1, %2 : tensor<3x2xui16>, tensor<2x5xui16>, tensor<2x3xui32>
}

// bf16 arithmetic computes in f32 and rounds back with integer ops, so the
// kernel library loads on CPUs without avx512bf16 too (LLVM would call
// compiler-rt's __truncsfbf2, which the library does not link).
func.func @bf16_math(%a: tensor<2x4xbf16>, %b: tensor<4xbf16>) -> (tensor<2x4xbf16>, tensor<2x4xf32>) {
  %0 = graph.add %a, %b : tensor<2x4xbf16>, tensor<4xbf16> -> tensor<2x4xbf16>
  %1 = graph.mul %0, %a : tensor<2x4xbf16>, tensor<2x4xbf16> -> tensor<2x4xbf16>
  %2 = graph.cast %1 : tensor<2x4xbf16> -> tensor<2x4xf32>
  return %1, %2 : tensor<2x4xbf16>, tensor<2x4xf32>
}
