// bf16 values that live in registers across blocks (a scatter's update
// loop) make x86 without avx512bf16 round f32 to bf16 by calling
// compiler-rt's __truncsfbf2, which kernel libraries are not linked with:
// the module did not load ("undefined symbol: __truncsfbf2", issue 17). Each
// kernel library now defines the helper itself.
//
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --input=5xbf16=1,2,3,4,5 --input=2xi64=0,3 --input=2xbf16=10,20.5 | FileCheck %s
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --input=5xbf16=1,2,3,4,5 --input=2xi64=0,3 --input=2xbf16=10,20.5 | FileCheck %s
// CHECK: [11. 2. 3. 24.5 5. ]
// numpy has no bf16: --output writes a bf16 result as its raw bits (<u2),
// and --input reads such a file back for a bf16 argument (f32 data is not
// taken for one).
// RUN: strata-run %t.smod --input=5xbf16=1,2,3,4,5 --input=2xi64=0,3 --input=2xbf16=10,20.5 --output=@%t.out.npy 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: strata-run %t.smod --input=@%t.out.npy --input=2xi64=0,3 --input=2xbf16=10,20.5 | FileCheck %s --check-prefix=AGAIN
// RUN: strata-run %t.smod --function=widen --input=@%t.out.npy --output=@%t.f32.npy
// RUN: not strata-run %t.smod --input=@%t.f32.npy --input=2xi64=0,3 --input=2xbf16=10,20.5 2>&1 | FileCheck %s --check-prefix=NOTBF16
// BITS: note: result 0 is bf16, written to {{.*}}out.npy as its raw bits (<u2): numpy has no bf16
// AGAIN: [21. 2. 3. 45. 5.]
// NOTBF16: error: {{.*}}bf16
func.func @main(%x: tensor<5xbf16>, %i: tensor<2xi64>, %u: tensor<2xbf16>) -> tensor<5xbf16> {
  %0 = graph.scatter_elements %x, %i, %u {axis = 0 : i64, reduction = #graph.scatter_reduction<add>} : tensor<5xbf16>, tensor<2xi64>, tensor<2xbf16> -> tensor<5xbf16>
  return %0 : tensor<5xbf16>
}

func.func @widen(%x: tensor<5xbf16>) -> tensor<5xf32> {
  %0 = graph.cast %x : tensor<5xbf16> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
