// Integer division and remainder never trap (issue 17): x / 0 and x % 0 are
// 0 and INT_MIN / -1 wraps to INT_MIN, numpy's results, in every integer
// width, signed and unsigned; the folder and the evaluator agree (see
// test/Dialect/Graph/canonicalize-elementwise.mlir).
//
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=div_i32 --input=5xi32=7,-7,-2147483648,5,-2147483648 --input=5xi32=0,2,-1,-1,1 | FileCheck %s --check-prefix=DIV32
// RUN: strata-run %t.smod --function=mod_i32 --input=5xi32=7,-7,-2147483648,5,-7 --input=5xi32=0,2,-1,-1,3 | FileCheck %s --check-prefix=MOD32
// RUN: strata-run %t.smod --function=div_i8 --input=4xi8=-128,100,-128,9 --input=4xi8=-1,0,1,-3 | FileCheck %s --check-prefix=DIV8
// RUN: strata-run %t.smod --function=div_i64 --input=3xi64=-9223372036854775808,4,9 --input=3xi64=-1,0,2 | FileCheck %s --check-prefix=DIV64
// RUN: strata-run %t.smod --function=div_u8 --input=3xu8=200,7,255 --input=3xu8=0,2,16 | FileCheck %s --check-prefix=DIVU8
// RUN: strata-run %t.smod --function=mod_u8 --input=3xu8=200,7,255 --input=3xu8=0,2,16 | FileCheck %s --check-prefix=MODU8
// RUN: strata-run %t.smod --function=fmod_i32 --input=3xi32=7,-7,5 --input=3xi32=0,2,-1 | FileCheck %s --check-prefix=FMOD32
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=div_i32 --input=5xi32=7,-7,-2147483648,5,-2147483648 --input=5xi32=0,2,-1,-1,1 | FileCheck %s --check-prefix=DIV32
// RUN: strata-run %t.emu.smod --function=mod_i32 --input=5xi32=7,-7,-2147483648,5,-7 --input=5xi32=0,2,-1,-1,3 | FileCheck %s --check-prefix=MOD32
// RUN: strata-run %t.emu.smod --function=div_i8 --input=4xi8=-128,100,-128,9 --input=4xi8=-1,0,1,-3 | FileCheck %s --check-prefix=DIV8
// RUN: strata-run %t.emu.smod --function=div_i64 --input=3xi64=-9223372036854775808,4,9 --input=3xi64=-1,0,2 | FileCheck %s --check-prefix=DIV64
// RUN: strata-run %t.emu.smod --function=div_u8 --input=3xu8=200,7,255 --input=3xu8=0,2,16 | FileCheck %s --check-prefix=DIVU8
// RUN: strata-run %t.emu.smod --function=mod_u8 --input=3xu8=200,7,255 --input=3xu8=0,2,16 | FileCheck %s --check-prefix=MODU8
// RUN: strata-run %t.emu.smod --function=fmod_i32 --input=3xi32=7,-7,5 --input=3xi32=0,2,-1 | FileCheck %s --check-prefix=FMOD32

// DIV32: [          0          -3 -2147483648          -5 -2147483648]
func.func @div_i32(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = graph.div %a, %b : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// MOD32: [0 1 0 0 2]
func.func @mod_i32(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = graph.mod %a, %b : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// FMOD32: [ 0 -1  0]
func.func @fmod_i32(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = graph.mod %a, %b {fmod = true} : tensor<?xi32>, tensor<?xi32> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// DIV8: [-128    0 -128   -3]
func.func @div_i8(%a: tensor<?xi8>, %b: tensor<?xi8>) -> tensor<?xi8> {
  %0 = graph.div %a, %b : tensor<?xi8>, tensor<?xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}
// DIV64: [-9223372036854775808                    0                    4]
func.func @div_i64(%a: tensor<?xi64>, %b: tensor<?xi64>) -> tensor<?xi64> {
  %0 = graph.div %a, %b : tensor<?xi64>, tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
// DIVU8: [ 0  3 15]
func.func @div_u8(%a: tensor<?xui8>, %b: tensor<?xui8>) -> tensor<?xui8> {
  %0 = graph.div %a, %b : tensor<?xui8>, tensor<?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}
// MODU8: [ 0  1 15]
func.func @mod_u8(%a: tensor<?xui8>, %b: tensor<?xui8>) -> tensor<?xui8> {
  %0 = graph.mod %a, %b : tensor<?xui8>, tensor<?xui8> -> tensor<?xui8>
  return %0 : tensor<?xui8>
}
