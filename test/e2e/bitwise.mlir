// The bitwise ops (and, or, xor, not on integers) and the shifts through
// the whole CPU path. Each function is compared with the reference
// evaluator by the @entry of test-graph-build-e2e (one and two threads, and
// without vectorization); the random inputs (0..3) are spread over the type
// first (multiplied and offset, wrapping), and the shift amounts reach past
// the width (and below 0 for signed types). Then chosen values, whose
// results were computed with numpy (np.left_shift, np.right_shift,
// np.bitwise_*, np.invert), check the corner cases directly: amounts of the
// width and more give 0 (or -1 for a negative signed value shifted right),
// unsigned right shifts are logical, signed ones arithmetic.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-run %t.smod --function=entry --threads=2 | FileCheck %s
// RUN: strata-compile %t.mlir --vectorize=false -o %t.0.smod
// RUN: strata-run %t.0.smod --function=entry | FileCheck %s
// The CUDA schedules, tiling and thread mapping, run on this CPU (the
// CUDA emulator); and PTX for sm_80 and sm_90 (cubins when ptxas is here).
// RUN: strata-compile %t.mlir --target=cuda-emulator -o %t.emu.smod
// RUN: strata-run %t.emu.smod --function=entry | FileCheck %s
// RUN: strata-compile %t.mlir --target=cuda:sm_80 -o %t.sm80.smod
// RUN: strata-compile %t.mlir --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-dump %t.sm90.smod --section=library | FileCheck %s --check-prefixes=%cuda_lib_prefixes
// CHECK-COUNT-33: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]
// CUDA-LIB: kernel library (cuda): {{[0-9]+}} kernels for sm_90
// CUDA-LIB-NOT: PTX 0 bytes
// CUDA-CUBIN-NOT: cubin none

func.func @and_0(%a: tensor<4x9xi8>, %b: tensor<9xi8>) -> tensor<4x9xi8> {
  %xm = graph.constant dense<53> : tensor<i8>
  %xa = graph.constant dense<-100> : tensor<i8>
  %x1 = graph.mul %a, %xm : tensor<4x9xi8>, tensor<i8> -> tensor<4x9xi8>
  %x = graph.add %x1, %xa : tensor<4x9xi8>, tensor<i8> -> tensor<4x9xi8>
  %ym = graph.constant dense<91> : tensor<i8>
  %ya = graph.constant dense<7> : tensor<i8>
  %y1 = graph.mul %b, %ym : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %y = graph.add %y1, %ya : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %0 = graph.and %x, %y : tensor<4x9xi8>, tensor<9xi8> -> tensor<4x9xi8>
  return %0 : tensor<4x9xi8>
}

func.func @or_1(%a: tensor<3x5xi32>, %b: tensor<5xi32>) -> tensor<3x5xi32> {
  %xm = graph.constant dense<-1000003> : tensor<i32>
  %xa = graph.constant dense<77> : tensor<i32>
  %x1 = graph.mul %a, %xm : tensor<3x5xi32>, tensor<i32> -> tensor<3x5xi32>
  %x = graph.add %x1, %xa : tensor<3x5xi32>, tensor<i32> -> tensor<3x5xi32>
  %ym = graph.constant dense<65537> : tensor<i32>
  %ya = graph.constant dense<-3> : tensor<i32>
  %y1 = graph.mul %b, %ym : tensor<5xi32>, tensor<i32> -> tensor<5xi32>
  %y = graph.add %y1, %ya : tensor<5xi32>, tensor<i32> -> tensor<5xi32>
  %0 = graph.or %x, %y : tensor<3x5xi32>, tensor<5xi32> -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

func.func @xor_2(%a: tensor<2x8xui8>, %b: tensor<8xui8>) -> tensor<2x8xui8> {
  %xm = graph.constant dense<85> : tensor<ui8>
  %xa = graph.constant dense<40> : tensor<ui8>
  %x1 = graph.mul %a, %xm : tensor<2x8xui8>, tensor<ui8> -> tensor<2x8xui8>
  %x = graph.add %x1, %xa : tensor<2x8xui8>, tensor<ui8> -> tensor<2x8xui8>
  %ym = graph.constant dense<170> : tensor<ui8>
  %ya = graph.constant dense<3> : tensor<ui8>
  %y1 = graph.mul %b, %ym : tensor<8xui8>, tensor<ui8> -> tensor<8xui8>
  %y = graph.add %y1, %ya : tensor<8xui8>, tensor<ui8> -> tensor<8xui8>
  %0 = graph.xor %x, %y : tensor<2x8xui8>, tensor<8xui8> -> tensor<2x8xui8>
  return %0 : tensor<2x8xui8>
}

func.func @and_3(%a: tensor<2x3xui64>, %b: tensor<1x3xui64>) -> tensor<2x3xui64> {
  %xm = graph.constant dense<6148914691236517205> : tensor<ui64>
  %xa = graph.constant dense<3> : tensor<ui64>
  %x1 = graph.mul %a, %xm : tensor<2x3xui64>, tensor<ui64> -> tensor<2x3xui64>
  %x = graph.add %x1, %xa : tensor<2x3xui64>, tensor<ui64> -> tensor<2x3xui64>
  %ym = graph.constant dense<18446744073709551615> : tensor<ui64>
  %ya = graph.constant dense<0> : tensor<ui64>
  %y1 = graph.mul %b, %ym : tensor<1x3xui64>, tensor<ui64> -> tensor<1x3xui64>
  %y = graph.add %y1, %ya : tensor<1x3xui64>, tensor<ui64> -> tensor<1x3xui64>
  %0 = graph.and %x, %y : tensor<2x3xui64>, tensor<1x3xui64> -> tensor<2x3xui64>
  return %0 : tensor<2x3xui64>
}

func.func @xor_4(%a: tensor<6xi16>, %b: tensor<6xi16>) -> tensor<6xi16> {
  %xm = graph.constant dense<-9000> : tensor<i16>
  %xa = graph.constant dense<1234> : tensor<i16>
  %x1 = graph.mul %a, %xm : tensor<6xi16>, tensor<i16> -> tensor<6xi16>
  %x = graph.add %x1, %xa : tensor<6xi16>, tensor<i16> -> tensor<6xi16>
  %ym = graph.constant dense<12345> : tensor<i16>
  %ya = graph.constant dense<-1> : tensor<i16>
  %y1 = graph.mul %b, %ym : tensor<6xi16>, tensor<i16> -> tensor<6xi16>
  %y = graph.add %y1, %ya : tensor<6xi16>, tensor<i16> -> tensor<6xi16>
  %0 = graph.xor %x, %y : tensor<6xi16>, tensor<6xi16> -> tensor<6xi16>
  return %0 : tensor<6xi16>
}

func.func @not_5(%a: tensor<7xi8>) -> tensor<7xi8> {
  %xm = graph.constant dense<53> : tensor<i8>
  %xa = graph.constant dense<-100> : tensor<i8>
  %x1 = graph.mul %a, %xm : tensor<7xi8>, tensor<i8> -> tensor<7xi8>
  %x = graph.add %x1, %xa : tensor<7xi8>, tensor<i8> -> tensor<7xi8>
  %0 = graph.not %x : tensor<7xi8> -> tensor<7xi8>
  return %0 : tensor<7xi8>
}

func.func @not_6(%a: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %xm = graph.constant dense<1431655765> : tensor<ui32>
  %xa = graph.constant dense<7> : tensor<ui32>
  %x1 = graph.mul %a, %xm : tensor<2x3xui32>, tensor<ui32> -> tensor<2x3xui32>
  %x = graph.add %x1, %xa : tensor<2x3xui32>, tensor<ui32> -> tensor<2x3xui32>
  %0 = graph.not %x : tensor<2x3xui32> -> tensor<2x3xui32>
  return %0 : tensor<2x3xui32>
}

func.func @not_7(%a: tensor<5xi64>) -> tensor<5xi64> {
  %xm = graph.constant dense<-3074457345618258602> : tensor<i64>
  %xa = graph.constant dense<1> : tensor<i64>
  %x1 = graph.mul %a, %xm : tensor<5xi64>, tensor<i64> -> tensor<5xi64>
  %x = graph.add %x1, %xa : tensor<5xi64>, tensor<i64> -> tensor<5xi64>
  %0 = graph.not %x : tensor<5xi64> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

func.func @shift_left_8(%a: tensor<4x6xui8>, %b: tensor<6xui8>) -> tensor<4x6xui8> {
  %xm = graph.constant dense<85> : tensor<ui8>
  %xa = graph.constant dense<3> : tensor<ui8>
  %x1 = graph.mul %a, %xm : tensor<4x6xui8>, tensor<ui8> -> tensor<4x6xui8>
  %x = graph.add %x1, %xa : tensor<4x6xui8>, tensor<ui8> -> tensor<4x6xui8>
  %ym = graph.constant dense<3> : tensor<ui8>
  %ya = graph.constant dense<0> : tensor<ui8>
  %y1 = graph.mul %b, %ym : tensor<6xui8>, tensor<ui8> -> tensor<6xui8>
  %y = graph.add %y1, %ya : tensor<6xui8>, tensor<ui8> -> tensor<6xui8>
  %0 = graph.shift_left %x, %y : tensor<4x6xui8>, tensor<6xui8> -> tensor<4x6xui8>
  return %0 : tensor<4x6xui8>
}

func.func @shift_right_9(%a: tensor<4x6xui8>, %b: tensor<6xui8>) -> tensor<4x6xui8> {
  %xm = graph.constant dense<85> : tensor<ui8>
  %xa = graph.constant dense<170> : tensor<ui8>
  %x1 = graph.mul %a, %xm : tensor<4x6xui8>, tensor<ui8> -> tensor<4x6xui8>
  %x = graph.add %x1, %xa : tensor<4x6xui8>, tensor<ui8> -> tensor<4x6xui8>
  %ym = graph.constant dense<3> : tensor<ui8>
  %ya = graph.constant dense<0> : tensor<ui8>
  %y1 = graph.mul %b, %ym : tensor<6xui8>, tensor<ui8> -> tensor<6xui8>
  %y = graph.add %y1, %ya : tensor<6xui8>, tensor<ui8> -> tensor<6xui8>
  %0 = graph.shift_right %x, %y : tensor<4x6xui8>, tensor<6xui8> -> tensor<4x6xui8>
  return %0 : tensor<4x6xui8>
}

func.func @shift_left_10(%a: tensor<9xi8>, %b: tensor<9xi8>) -> tensor<9xi8> {
  %xm = graph.constant dense<53> : tensor<i8>
  %xa = graph.constant dense<-100> : tensor<i8>
  %x1 = graph.mul %a, %xm : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %x = graph.add %x1, %xa : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %ym = graph.constant dense<5> : tensor<i8>
  %ya = graph.constant dense<-7> : tensor<i8>
  %y1 = graph.mul %b, %ym : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %y = graph.add %y1, %ya : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %0 = graph.shift_left %x, %y : tensor<9xi8>, tensor<9xi8> -> tensor<9xi8>
  return %0 : tensor<9xi8>
}

func.func @shift_right_11(%a: tensor<9xi8>, %b: tensor<9xi8>) -> tensor<9xi8> {
  %xm = graph.constant dense<53> : tensor<i8>
  %xa = graph.constant dense<-100> : tensor<i8>
  %x1 = graph.mul %a, %xm : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %x = graph.add %x1, %xa : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %ym = graph.constant dense<5> : tensor<i8>
  %ya = graph.constant dense<-7> : tensor<i8>
  %y1 = graph.mul %b, %ym : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %y = graph.add %y1, %ya : tensor<9xi8>, tensor<i8> -> tensor<9xi8>
  %0 = graph.shift_right %x, %y : tensor<9xi8>, tensor<9xi8> -> tensor<9xi8>
  return %0 : tensor<9xi8>
}

func.func @shift_left_12(%a: tensor<3x4xi32>, %b: tensor<4xi32>) -> tensor<3x4xi32> {
  %xm = graph.constant dense<-1000003> : tensor<i32>
  %xa = graph.constant dense<77> : tensor<i32>
  %x1 = graph.mul %a, %xm : tensor<3x4xi32>, tensor<i32> -> tensor<3x4xi32>
  %x = graph.add %x1, %xa : tensor<3x4xi32>, tensor<i32> -> tensor<3x4xi32>
  %ym = graph.constant dense<11> : tensor<i32>
  %ya = graph.constant dense<0> : tensor<i32>
  %y1 = graph.mul %b, %ym : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %y = graph.add %y1, %ya : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %0 = graph.shift_left %x, %y : tensor<3x4xi32>, tensor<4xi32> -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

func.func @shift_right_13(%a: tensor<3x4xi32>, %b: tensor<4xi32>) -> tensor<3x4xi32> {
  %xm = graph.constant dense<-1000003> : tensor<i32>
  %xa = graph.constant dense<77> : tensor<i32>
  %x1 = graph.mul %a, %xm : tensor<3x4xi32>, tensor<i32> -> tensor<3x4xi32>
  %x = graph.add %x1, %xa : tensor<3x4xi32>, tensor<i32> -> tensor<3x4xi32>
  %ym = graph.constant dense<11> : tensor<i32>
  %ya = graph.constant dense<-2> : tensor<i32>
  %y1 = graph.mul %b, %ym : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %y = graph.add %y1, %ya : tensor<4xi32>, tensor<i32> -> tensor<4xi32>
  %0 = graph.shift_right %x, %y : tensor<3x4xi32>, tensor<4xi32> -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

func.func @shift_left_14(%a: tensor<10xui16>, %b: tensor<10xui16>) -> tensor<10xui16> {
  %xm = graph.constant dense<21845> : tensor<ui16>
  %xa = graph.constant dense<3> : tensor<ui16>
  %x1 = graph.mul %a, %xm : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %x = graph.add %x1, %xa : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %ym = graph.constant dense<6> : tensor<ui16>
  %ya = graph.constant dense<0> : tensor<ui16>
  %y1 = graph.mul %b, %ym : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %y = graph.add %y1, %ya : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %0 = graph.shift_left %x, %y : tensor<10xui16>, tensor<10xui16> -> tensor<10xui16>
  return %0 : tensor<10xui16>
}

func.func @shift_right_15(%a: tensor<10xui16>, %b: tensor<10xui16>) -> tensor<10xui16> {
  %xm = graph.constant dense<43691> : tensor<ui16>
  %xa = graph.constant dense<3> : tensor<ui16>
  %x1 = graph.mul %a, %xm : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %x = graph.add %x1, %xa : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %ym = graph.constant dense<6> : tensor<ui16>
  %ya = graph.constant dense<0> : tensor<ui16>
  %y1 = graph.mul %b, %ym : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %y = graph.add %y1, %ya : tensor<10xui16>, tensor<ui16> -> tensor<10xui16>
  %0 = graph.shift_right %x, %y : tensor<10xui16>, tensor<10xui16> -> tensor<10xui16>
  return %0 : tensor<10xui16>
}

func.func @shift_left_16(%a: tensor<2x4xui64>, %b: tensor<4xui64>) -> tensor<2x4xui64> {
  %xm = graph.constant dense<6148914691236517205> : tensor<ui64>
  %xa = graph.constant dense<3> : tensor<ui64>
  %x1 = graph.mul %a, %xm : tensor<2x4xui64>, tensor<ui64> -> tensor<2x4xui64>
  %x = graph.add %x1, %xa : tensor<2x4xui64>, tensor<ui64> -> tensor<2x4xui64>
  %ym = graph.constant dense<30> : tensor<ui64>
  %ya = graph.constant dense<0> : tensor<ui64>
  %y1 = graph.mul %b, %ym : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  %y = graph.add %y1, %ya : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  %0 = graph.shift_left %x, %y : tensor<2x4xui64>, tensor<4xui64> -> tensor<2x4xui64>
  return %0 : tensor<2x4xui64>
}

func.func @shift_right_17(%a: tensor<2x4xui64>, %b: tensor<4xui64>) -> tensor<2x4xui64> {
  %xm = graph.constant dense<12297829382473034411> : tensor<ui64>
  %xa = graph.constant dense<3> : tensor<ui64>
  %x1 = graph.mul %a, %xm : tensor<2x4xui64>, tensor<ui64> -> tensor<2x4xui64>
  %x = graph.add %x1, %xa : tensor<2x4xui64>, tensor<ui64> -> tensor<2x4xui64>
  %ym = graph.constant dense<30> : tensor<ui64>
  %ya = graph.constant dense<0> : tensor<ui64>
  %y1 = graph.mul %b, %ym : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  %y = graph.add %y1, %ya : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  %0 = graph.shift_right %x, %y : tensor<2x4xui64>, tensor<4xui64> -> tensor<2x4xui64>
  return %0 : tensor<2x4xui64>
}

func.func @shift_right_18(%a: tensor<2x4xi64>, %b: tensor<4xi64>) -> tensor<2x4xi64> {
  %xm = graph.constant dense<-3074457345618258602> : tensor<i64>
  %xa = graph.constant dense<5> : tensor<i64>
  %x1 = graph.mul %a, %xm : tensor<2x4xi64>, tensor<i64> -> tensor<2x4xi64>
  %x = graph.add %x1, %xa : tensor<2x4xi64>, tensor<i64> -> tensor<2x4xi64>
  %ym = graph.constant dense<30> : tensor<i64>
  %ya = graph.constant dense<-40> : tensor<i64>
  %y1 = graph.mul %b, %ym : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  %y = graph.add %y1, %ya : tensor<4xi64>, tensor<i64> -> tensor<4xi64>
  %0 = graph.shift_right %x, %y : tensor<2x4xi64>, tensor<4xi64> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// Corner cases on chosen values (also compared with the evaluator above).
// RUN: strata-compile %s -o %t.direct.smod
// RUN: strata-run %t.direct.smod --function=corner_u8 --input=6xu8=255,129,1,200,15,170 --input=6xu8=1,7,8,9,255,0 | FileCheck %s --check-prefix=U8
// RUN: strata-run %t.direct.smod --function=corner_i8 --input=6xi8=-128,-1,100,-7,64,-100 --input=6xi8=1,7,8,-1,3,100 | FileCheck %s --check-prefix=I8
// RUN: strata-run %t.direct.smod --function=corner_u32 --input=4xu32=4294967295,2147483649,5,7 --input=4xu32=31,32,33,4294967295 | FileCheck %s --check-prefix=U32
// RUN: strata-run %t.direct.smod --function=corner_u64 --input=4xu64=18446744073709551615,9223372036854775809,1,12345 --input=4xu64=1,63,64,18446744073709551615 | FileCheck %s --check-prefix=U64
// 255 << 1 drops the top bit, 129 >> 7 is logical, amounts 8, 9 and 255
// leave 0.
// U8: result[0]: tensor<6xu8>
// U8-NEXT: [254 128   0   0   0 170]
// U8-NEXT: result[1]: tensor<6xu8>
// U8-NEXT: [127   1   0   0   0 170]
// U8-NEXT: result[2]: tensor<6xu8>
// U8-NEXT: [ 1  1  0  8 15  0]
// U8-NEXT: result[3]: tensor<6xu8>
// U8-NEXT: [255 135   9 201 255 170]
// U8-NEXT: result[4]: tensor<6xu8>
// U8-NEXT: [254 134   9 193 240 170]
// U8-NEXT: result[5]: tensor<6xu8>
// U8-NEXT: [  0 126 254  55 240  85]
// Signed: -128 >> 1 is -64 (arithmetic); an amount of -1 reads as 255, so
// -7 << -1 is 0 and -7 >> -1 is -1; -100 >> 100 is -1.
// I8: result[0]: tensor<6xi8>
// I8-NEXT: [   0 -128    0    0    0    0]
// I8-NEXT: result[1]: tensor<6xi8>
// I8-NEXT: [-64  -1   0  -1   8  -1]
// I8-NEXT: result[2]: tensor<6xi8>
// I8-NEXT: [ 127    0 -101    6  -65   99]
// 32, 33 and 2^32 - 1 leave 0 (onnxruntime would shift by the amount
// modulo 32: 2147483649 << 32 is 2147483649 there).
// U32: result[0]: tensor<4xu32>
// U32-NEXT: [2147483648          0          0          0]
// U32-NEXT: result[1]: tensor<4xu32>
// U32-NEXT: [1 0 0 0]
// U64: result[0]: tensor<4xu64>
// U64-NEXT: [18446744073709551614  9223372036854775808                    0
// U64-NEXT:                     0]
// U64-NEXT: result[1]: tensor<4xu64>
// U64-NEXT: [9223372036854775807                   1                   0
// U64-NEXT:                    0]
// U64-NEXT: result[2]: tensor<4xu64>
// U64-NEXT: [                   0  9223372036854775806 18446744073709551614
// U64-NEXT:  18446744073709539270]
func.func @corner_u8(%x: tensor<6xui8>, %n: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>) {
  %0 = graph.shift_left %x, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %1 = graph.shift_right %x, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %2 = graph.and %x, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %3 = graph.or %x, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %4 = graph.xor %x, %n : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %5 = graph.not %x : tensor<6xui8> -> tensor<6xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>
}

func.func @corner_i8(%x: tensor<6xi8>, %n: tensor<6xi8>) -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %0 = graph.shift_left %x, %n : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %1 = graph.shift_right %x, %n : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %2 = graph.not %x : tensor<6xi8> -> tensor<6xi8>
  return %0, %1, %2 : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}

func.func @corner_u32(%x: tensor<4xui32>, %n: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>) {
  %0 = graph.shift_left %x, %n : tensor<4xui32>, tensor<4xui32> -> tensor<4xui32>
  %1 = graph.shift_right %x, %n : tensor<4xui32>, tensor<4xui32> -> tensor<4xui32>
  return %0, %1 : tensor<4xui32>, tensor<4xui32>
}

func.func @corner_u64(%x: tensor<4xui64>, %n: tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui64>, tensor<4xui64>) {
  %0 = graph.shift_left %x, %n : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  %1 = graph.shift_right %x, %n : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  %2 = graph.not %x : tensor<4xui64> -> tensor<4xui64>
  return %0, %1, %2 : tensor<4xui64>, tensor<4xui64>, tensor<4xui64>
}
