// A hand-written device-level module using every host op the encoder
// supports, serialized with --from-device, checked in the bytecode
// (strata-dump) and run with strata-run for values.
// RUN: strata-compile %s --from-device -o %t.smod
// RUN: strata-dump %t.smod | FileCheck %s --check-prefix=DUMP
// RUN: strata-run %t.smod --function=sum_to --input=i64=10 | FileCheck %s --check-prefix=SUM10 --match-full-lines
// RUN: strata-run %t.smod --function=sum_to --input=i64=0 | FileCheck %s --check-prefix=SUM0 --match-full-lines
// RUN: strata-run %t.smod --function=swap --input=i64=7 --input=i64=9 --input=i64=1 | FileCheck %s --check-prefix=SWAP1 --match-full-lines
// RUN: strata-run %t.smod --function=swap --input=i64=7 --input=i64=9 --input=i64=4 | FileCheck %s --check-prefix=SWAP4 --match-full-lines
// RUN: strata-run %t.smod --function=swap --input=i64=7 --input=i64=9 --input=i64=5 | FileCheck %s --check-prefix=SWAP1 --match-full-lines
// RUN: strata-run %t.smod --function=arith --input=i64=-7 --input=i64=2 | FileCheck %s --check-prefix=ARITH --match-full-lines
// RUN: strata-run %t.smod --function=compare --input=i64=-7 --input=i64=2 | FileCheck %s --check-prefix=CMP --match-full-lines
// RUN: strata-run %t.smod --input=3xf32=1,2,3 --input=3xi64=5,6,7 | FileCheck %s --check-prefix=MAIN --match-full-lines
// RUN: strata-run %t.smod --input=2xf32=-1,0.5 --input=3xi64=1,1,1 --threads=1 | FileCheck %s --check-prefix=MAIN2 --match-full-lines
// RUN: strata-run %t.smod --function=check --input=i64=3 --input=i64=3 | FileCheck %s --check-prefix=CHECKED
// RUN: not strata-run %t.smod --function=check --input=i64=3 --input=i64=4 2>&1 | FileCheck %s --check-prefix=CHECK-FAIL
// The assertion fails for an empty x: the message has the source location.
// RUN: not strata-run %t.smod --input=0xf32=0 --input=3xi64=5,6,7 2>&1 | FileCheck %s --check-prefix=ASSERT

module attributes {device.target = #device.target<cpu>} {
  device.pool_entry @__constant_0 = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>

  kernel.func private @double(%x: tensor<?xf32>) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %n = tensor.dim %x, %c0 : tensor<?xf32>
    %e = tensor.empty(%n) : tensor<?xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %in : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    kernel.return %r : tensor<?xf32>
  }

  // The sum of 0..n-1: block arguments passed by cf.br and cf.cond_br.
  // DUMP-LABEL: func 0 @sum_to(%r0: i64) -> (i64)
  // DUMP: = const 0
  // DUMP: = const 1
  // DUMP: br ^[[LOOP:[0-9]+]]
  // DUMP: [[LOOP]]: %r{{[0-9]+}} = cmp slt,
  // DUMP: cond_br %r{{[0-9]+}}, ^{{[0-9]+}}, ^{{[0-9]+}}
  // DUMP: br ^[[LOOP]]
  // DUMP: ret %r{{[0-9]+}}
  // SUM10: result[0]: i64
  // SUM10-NEXT: 45
  // SUM0: result[0]: i64
  // SUM0-NEXT: 0
  func.func @sum_to(%n: i64) -> i64 {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    cf.br ^loop(%c0, %c0 : i64, i64)
  ^loop(%i: i64, %acc: i64):
    %more = arith.cmpi slt, %i, %n : i64
    %next = arith.addi %i, %c1 : i64
    %sum = arith.addi %acc, %i : i64
    cf.cond_br %more, ^loop(%next, %sum : i64, i64), ^done(%acc : i64)
  ^done(%r: i64):
    return %r : i64
  }

  // k times (a, b) <- (b, a): the branch's block arguments are a parallel
  // copy, so the moves go through temporaries.
  // DUMP-LABEL: func 1 @swap(%r0: i64, %r1: i64, %r2: i64) -> (i64, i64)
  // DUMP: cond_br %r{{[0-9]+}}, ^{{[0-9]+}}, ^{{[0-9]+}}
  // DUMP-NEXT: [[T0:%r[0-9]+]] = move [[I:%r[0-9]+]]
  // DUMP-NEXT: [[T1:%r[0-9]+]] = move [[B:%r[0-9]+]]
  // DUMP-NEXT: [[T2:%r[0-9]+]] = move [[A:%r[0-9]+]]
  // DUMP-NEXT: [[I2:%r[0-9]+]] = move [[T0]]
  // DUMP-NEXT: [[A]] = move [[T1]]
  // DUMP-NEXT: [[B]] = move [[T2]]
  // DUMP-NEXT: br
  // SWAP1: result[0]: i64
  // SWAP1-NEXT: 9
  // SWAP1-NEXT: result[1]: i64
  // SWAP1-NEXT: 7
  // SWAP4: result[0]: i64
  // SWAP4-NEXT: 7
  // SWAP4-NEXT: result[1]: i64
  // SWAP4-NEXT: 9
  func.func @swap(%a0: i64, %b0: i64, %k: i64) -> (i64, i64) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    cf.br ^loop(%c0, %a0, %b0 : i64, i64, i64)
  ^loop(%i: i64, %a: i64, %b: i64):
    %more = arith.cmpi slt, %i, %k : i64
    %next = arith.addi %i, %c1 : i64
    cf.cond_br %more, ^loop(%next, %b, %a : i64, i64, i64), ^done
  ^done:
    return %a, %b : i64, i64
  }

  // Every integer binary op on (a, b) = (-7, 2).
  // DUMP-LABEL: func 2 @arith(
  // DUMP: = add
  // DUMP: = sub
  // DUMP: = mul
  // DUMP: = divs
  // DUMP: = rems
  // DUMP: = floordivs
  // DUMP: = ceildivs
  // DUMP: = mins
  // DUMP: = maxs
  // DUMP: = divu
  // DUMP: = remu
  // DUMP: = minu
  // DUMP: = maxu
  // DUMP: = and
  // DUMP: = or
  // DUMP: = xor
  // ARITH: result[0]: i64
  // ARITH-NEXT: -5
  // ARITH-NEXT: result[1]: i64
  // ARITH-NEXT: -9
  // ARITH-NEXT: result[2]: i64
  // ARITH-NEXT: -14
  // ARITH-NEXT: result[3]: i64
  // ARITH-NEXT: -3
  // ARITH-NEXT: result[4]: i64
  // ARITH-NEXT: -1
  // ARITH-NEXT: result[5]: i64
  // ARITH-NEXT: -4
  // ARITH-NEXT: result[6]: i64
  // ARITH-NEXT: -3
  // ARITH-NEXT: result[7]: i64
  // ARITH-NEXT: -7
  // ARITH-NEXT: result[8]: i64
  // ARITH-NEXT: 2
  // 2^64 - 7 = 18446744073709551609: / 2 and % 10 as unsigned.
  // ARITH-NEXT: result[9]: i64
  // ARITH-NEXT: 9223372036854775804
  // ARITH-NEXT: result[10]: i64
  // ARITH-NEXT: 9
  // ARITH-NEXT: result[11]: i64
  // ARITH-NEXT: 2
  // ARITH-NEXT: result[12]: i64
  // ARITH-NEXT: -7
  // ARITH-NEXT: result[13]: i64
  // ARITH-NEXT: 0
  // ARITH-NEXT: result[14]: i64
  // ARITH-NEXT: -5
  // ARITH-NEXT: result[15]: i64
  // ARITH-NEXT: -5
  // index_cast and extsi are moves: a - 3.
  // ARITH-NEXT: result[16]: i64
  // ARITH-NEXT: -10
  func.func @arith(%a: i64, %b: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, index) {
    %c10 = arith.constant 10 : i64
    %add = arith.addi %a, %b : i64
    %sub = arith.subi %a, %b : i64
    %mul = arith.muli %a, %b : i64
    %divs = arith.divsi %a, %b : i64
    %rems = arith.remsi %a, %b : i64
    %floor = arith.floordivsi %a, %b : i64
    %ceil = arith.ceildivsi %a, %b : i64
    %mins = arith.minsi %a, %b : i64
    %maxs = arith.maxsi %a, %b : i64
    %divu = arith.divui %a, %b : i64
    %remu = arith.remui %a, %c10 : i64
    %minu = arith.minui %a, %b : i64
    %maxu = arith.maxui %a, %b : i64
    %and = arith.andi %a, %b : i64
    %or = arith.ori %a, %b : i64
    %xor = arith.xori %a, %b : i64
    %ia = arith.index_cast %a : i64 to index
    %ib = arith.index_cast %ia : index to i64
    %m3 = arith.constant -3 : i32
    %e3 = arith.extsi %m3 : i32 to i64
    %ic = arith.addi %ib, %e3 : i64
    %id = arith.index_cast %ic : i64 to index
    return %add, %sub, %mul, %divs, %rems, %floor, %ceil, %mins, %maxs, %divu, %remu, %minu, %maxu, %and, %or, %xor, %id : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, index
  }

  // Every cmpi predicate on (-7, 2), turned into 0/1 by select; the
  // predicates are the VM's CmpPredicate values.
  // DUMP-LABEL: func 3 @compare(
  // DUMP: cmp eq,
  // DUMP: cmp ne,
  // DUMP: cmp slt,
  // DUMP: cmp sle,
  // DUMP: cmp sgt,
  // DUMP: cmp sge,
  // DUMP: cmp ult,
  // DUMP: cmp ule,
  // DUMP: cmp ugt,
  // DUMP: cmp uge,
  // DUMP: select
  // CMP: result[0]: i64
  // CMP-NEXT: 10111000011
  func.func @compare(%a: i64, %b: i64) -> i64 {
    %one = arith.constant 1 : i64
    %zero = arith.constant 0 : i64
    %ten = arith.constant 10 : i64
    %eq = arith.cmpi eq, %a, %b : i64
    %ne = arith.cmpi ne, %a, %b : i64
    %slt = arith.cmpi slt, %a, %b : i64
    %sle = arith.cmpi sle, %a, %b : i64
    %sgt = arith.cmpi sgt, %a, %b : i64
    %sge = arith.cmpi sge, %a, %b : i64
    %ult = arith.cmpi ult, %a, %b : i64
    %ule = arith.cmpi ule, %a, %b : i64
    %ugt = arith.cmpi ugt, %a, %b : i64
    %uge = arith.cmpi uge, %a, %b : i64
    // One decimal digit per flag after a leading 1, most significant first:
    // eq ne slt sle sgt sge ult ule ugt uge.
    %d0 = arith.select %eq, %one, %zero : i64
    %d1 = arith.select %ne, %one, %zero : i64
    %d2 = arith.select %slt, %one, %zero : i64
    %d3 = arith.select %sle, %one, %zero : i64
    %d4 = arith.select %sgt, %one, %zero : i64
    %d5 = arith.select %sge, %one, %zero : i64
    %d6 = arith.select %ult, %one, %zero : i64
    %d7 = arith.select %ule, %one, %zero : i64
    %d8 = arith.select %ugt, %one, %zero : i64
    %d9 = arith.select %uge, %one, %zero : i64
    %n0 = arith.muli %one, %ten : i64
    %n1 = arith.addi %n0, %d0 : i64
    %n2 = arith.muli %n1, %ten : i64
    %n3 = arith.addi %n2, %d1 : i64
    %n4 = arith.muli %n3, %ten : i64
    %n5 = arith.addi %n4, %d2 : i64
    %n6 = arith.muli %n5, %ten : i64
    %n7 = arith.addi %n6, %d3 : i64
    %n8 = arith.muli %n7, %ten : i64
    %n9 = arith.addi %n8, %d4 : i64
    %n10 = arith.muli %n9, %ten : i64
    %n11 = arith.addi %n10, %d5 : i64
    %n12 = arith.muli %n11, %ten : i64
    %n13 = arith.addi %n12, %d6 : i64
    %n14 = arith.muli %n13, %ten : i64
    %n15 = arith.addi %n14, %d7 : i64
    %n16 = arith.muli %n15, %ten : i64
    %n17 = arith.addi %n16, %d8 : i64
    %n18 = arith.muli %n17, %ten : i64
    %n19 = arith.addi %n18, %d9 : i64
    return %n19 : i64
  }

  // The device ops: a planned storage and a view, a constant, allocations,
  // a reshape, a launch, copies, memref.dim/load/store, func.call, select of
  // buffers and cf.assert. Results: 2 * x (computed in the view, copied
  // out), the constant reshaped to 2x2 and copied, and
  // sum_to(idx[1] + dim(x)) through a buffer written with memref.store.
  // DUMP-LABEL: func 4 @main(%r0: tensor<?xf32>, %r1: tensor<3xi64>) -> (tensor<?xf32>, tensor<2x2xf32>, i64)
  // DUMP: planned bytes 64
  // DUMP: = dim %r0, 0
  // DUMP: assert %r{{[0-9]+}}, "{{.*}}host-ops.mlir:{{[0-9]+}}:5: x must not be empty"
  // DUMP: = alloc_storage %r
  // DUMP: = view %r{{[0-9]+}}, %r{{[0-9]+}}, [%r{{[0-9]+}}]
  // DUMP: launch @double(%r0, %r{{[0-9]+}})
  // DUMP: = alloc [%r{{[0-9]+}}]
  // DUMP: copy %r{{[0-9]+}}, %r{{[0-9]+}}
  // DUMP: = constant @__constant_0
  // DUMP: = reshape %r{{[0-9]+}}, []
  // DUMP: = alloc []
  // DUMP: = select
  // DUMP: = load %r1, [%r{{[0-9]+}}]
  // DUMP: store %r{{[0-9]+}}, %r{{[0-9]+}}, [%r{{[0-9]+}}]
  // DUMP: = call @sum_to(%r{{[0-9]+}})
  // DUMP: ret
  // DUMP-LABEL: @check(%r0: i64, %r1: i64) -> (i64)
  // DUMP: check %r{{[0-9]+}}, "{{.*}}host-ops.mlir:{{[0-9]+}}:5: sizes differ ({0} vs {1}) {x}"(%r0, %r{{[0-9]+}})
  // DUMP-LABEL: kernels:
  // DUMP-NEXT: 0: @double on cpu, symbol strata_kernel_double, grid strata_grid_double, args 2, outputs 1
  // DUMP-LABEL: constants:
  // DUMP-NEXT: 0: @__constant_0: tensor<4xf32>, offset 0, size 16: [1, 2, 3, 4]
  // MAIN: result[0]: tensor<3xf32>
  // MAIN-NEXT: [2. 4. 6.]
  // MAIN-NEXT: result[1]: tensor<2x2xf32>
  // MAIN-NEXT: {{\[}}[1. 2.]
  // MAIN-NEXT:  [3. 4.]]
  // MAIN-NEXT: result[2]: i64
  // MAIN-NEXT: 36
  // MAIN2: result[0]: tensor<2xf32>
  // MAIN2-NEXT: [-2.  1.]
  // MAIN2: result[2]: i64
  // MAIN2-NEXT: 3
  // ASSERT: assertion failed: {{.*}}host-ops.mlir:{{[0-9]+}}:5: x must not be empty
  func.func @main(%x: memref<?xf32>, %idx: memref<3xi64>) -> (memref<?xf32>, memref<2x2xf32>, i64) attributes {device.memory = {planned_peak_bytes = 64 : i64, unplanned_bytes = 64 : i64}} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %nonempty = arith.cmpi sgt, %n, %c0 : index
    cf.assert %nonempty, "x must not be empty"
    %storage = device.alloc_storage %c64 : !device.storage
    %view = device.view %storage[%c0](%n) : memref<?xf32>
    device.launch @double(%x) outs(%view) : (memref<?xf32>) -> (memref<?xf32>)
    %doubled = device.alloc(%n) : memref<?xf32>
    device.copy %view, %doubled : memref<?xf32>, memref<?xf32>
    %c = device.constant @__constant_0 : memref<4xf32>
    %square = device.reshape %c : memref<4xf32> -> memref<2x2xf32>
    %copy = device.alloc() : memref<2x2xf32>
    device.copy %square, %copy : memref<2x2xf32>, memref<2x2xf32>
    %pick = arith.select %nonempty, %copy, %square : memref<2x2xf32>
    %i = memref.load %idx[%c1] : memref<3xi64>
    %ni = arith.index_cast %n : index to i64
    %total = arith.addi %i, %ni : i64
    %buffer = device.alloc() : memref<3xi64>
    memref.store %total, %buffer[%c2] : memref<3xi64>
    %back = memref.load %buffer[%c2] : memref<3xi64>
    %sum = func.call @sum_to(%back) : (i64) -> i64
    return %doubled, %pick, %sum : memref<?xf32>, memref<2x2xf32>, i64
  }

  // kernel.check: the message names the location and the values; braces
  // that are not a placeholder stay text. (Its DUMP lines are above, with
  // main's: the dump lists functions before kernels.)
  // CHECKED: 3
  // CHECK-FAIL: run-time check failed: {{.*}}host-ops.mlir:{{[0-9]+}}:5: sizes differ (3 vs 4) {x}
  func.func @check(%a: i64, %b: i64) -> i64 {
    %bi = arith.index_cast %b : i64 to index
    %same = arith.cmpi eq, %a, %b : i64
    kernel.check %same, "sizes differ ({0} vs {1}) {x}", %a, %bi : i64, index
    return %a : i64
  }
}
