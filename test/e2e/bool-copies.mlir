// i1 tensors hold a byte per element; the copies that move parts of them
// (a split, a slice at a non-zero offset) must move bytes, not the packed
// bits of a vector<Nxi1> (issue 17: the second half of a split came out
// all false).
//
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=split --input=6xi1=1,0,0,1,1,0 | FileCheck %s --check-prefix=SPLIT
// SPLIT: result[0]: tensor<2xi1>
// SPLIT-NEXT: [ True False]
// SPLIT: result[1]: tensor<4xi1>
// SPLIT-NEXT: [False  True  True False]
func.func @split(%x: tensor<6xi1>) -> (tensor<2xi1>, tensor<4xi1>) {
  %0:2 = graph.split %x {axis = 0 : i64, split = array<i64: 2, 4>} : tensor<6xi1> -> tensor<2xi1>, tensor<4xi1>
  return %0#0, %0#1 : tensor<2xi1>, tensor<4xi1>
}

// RUN: strata-run %t.smod --function=slice_rows --input=3x4xi1=1,1,1,1,0,1,0,1,1,0,0,1 | FileCheck %s --check-prefix=ROWS
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=split --input=6xi1=1,0,0,1,1,0 | FileCheck %s --check-prefix=SPLIT
// RUN: strata-run %t.emu.smod --function=slice_rows --input=3x4xi1=1,1,1,1,0,1,0,1,1,0,0,1 | FileCheck %s --check-prefix=ROWS
// ROWS: {{\[\[}} True False  True]
// ROWS-NEXT: {{\[}}False False  True]]
func.func @slice_rows(%x: tensor<3x4xi1>) -> tensor<2x3xi1> {
  %0 = graph.slice %x {starts = array<i64: 1, 1>, ends = array<i64: 3, 4>} : tensor<3x4xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}
