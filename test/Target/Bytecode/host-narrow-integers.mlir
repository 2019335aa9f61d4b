// Host registers hold 64 bits, narrower integers sign-extended and i1 as
// 0/1. What that representation computes exactly is encoded (constants,
// comparisons, sign extension of i8..i32, index_cast from them, extui of
// i1, bitwise ops on i1); what would need the narrow width (arithmetic that
// wraps, unsigned division, zero extension of i32, sign extension of i1,
// truncation) is an error at the op, never a silently wrong value.
// RUN: split-file %s %t
// RUN: strata-compile --from-device %t/exact.mlir -o %t/exact.smod
// RUN: strata-run %t/exact.smod --function=exact --input=i64=-3 | FileCheck %s --check-prefix=EXACT --match-full-lines
// RUN: not strata-compile --from-device %t/extsi-i1.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=EXTSI
// RUN: not strata-compile --from-device %t/castui.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=CASTUI
// RUN: not strata-compile --from-device %t/wrap32.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not strata-compile --from-device %t/divu32.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=DIVU
// RUN: not strata-compile --from-device %t/extui32.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=EXTUI
// RUN: not strata-compile --from-device %t/trunc.mlir -o %t/x.smod 2>&1 | FileCheck %s --check-prefix=TRUNC

// EXACT: result[0]: i64
// EXACT-NEXT: -3
// EXACT: result[1]: i64
// EXACT-NEXT: 1
// EXACT: result[2]: i64
// EXACT-NEXT: 1

// EXTSI: extsi-i1.mlir:4:8: error: 'arith.extsi' of i1 is not supported on the host (i1 is held as 0/1)
// CASTUI: castui.mlir:4:8: error: 'arith.index_castui' on 'i32' is not supported on the host: the runtime computes in 64 bits (index and i64, and i1 only)
// WRAP: wrap32.mlir:5:8: error: 'arith.addi' on 'i32' is not supported on the host: the runtime computes in 64 bits (index and i64 only)
// DIVU: divu32.mlir:5:8: error: 'arith.divui' on 'i32' is not supported on the host
// EXTUI: extui32.mlir:4:8: error: 'arith.extui' of 'i32' is not supported on the host (only of i1, held as 0/1)
// TRUNC: trunc.mlir:2:8: error: 'arith.trunci' cannot run on the host

//--- exact.mlir
module {
  // An i32 constant, sign-extended to index; an unsigned comparison of
  // sign-extended i32 values (order is kept); extui and xori of i1.
  func.func @exact(%a: i64) -> (i64, i64, i64) {
    %m = arith.constant -3 : i32
    %i = arith.index_cast %m : i32 to index
    %r = arith.index_castui %i : index to i64
    %big = arith.constant -1 : i32
    %one = arith.constant 1 : i32
    %lt = arith.cmpi ult, %one, %big : i32
    %z = arith.extui %lt : i1 to i64
    %true = arith.constant true
    %f = arith.xori %lt, %true : i1
    %g = arith.xori %f, %true : i1
    %y = arith.extui %g : i1 to i64
    return %r, %z, %y : i64, i64, i64
  }
}
//--- extsi-i1.mlir
func.func @extsi_bool(%a: i64, %b: i64) -> i64 {
  %p = arith.cmpi slt, %a, %b : i64
  // Would be -1 for true.
  %e = arith.extsi %p : i1 to i64
  return %e : i64
}
//--- castui.mlir
func.func @castui() -> index {
  %t = arith.constant -1 : i32
  // Would zero-extend to 4294967295.
  %u = arith.index_castui %t : i32 to index
  return %u : index
}
//--- wrap32.mlir
func.func @wrap32() -> i64 {
  %a = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  // Would wrap to -2147483648.
  %s = arith.addi %a, %one : i32
  %e = arith.extsi %s : i32 to i64
  return %e : i64
}
//--- divu32.mlir
func.func @divu32() -> i64 {
  %a = arith.constant -2 : i32
  %two = arith.constant 2 : i32
  // 0xFFFFFFFE / 2 = 2147483647 in 32 bits.
  %q = arith.divui %a, %two : i32
  %e = arith.extsi %q : i32 to i64
  return %e : i64
}
//--- extui32.mlir
func.func @extui32() -> i64 {
  %a = arith.constant -2 : i32
  // Would zero-extend.
  %e = arith.extui %a : i32 to i64
  return %e : i64
}
//--- trunc.mlir
func.func @trunc(%a: i64) -> i32 {
  %t = arith.trunci %a : i64 to i32
  return %t : i32
}
