// graph.range and graph.trilu through strata-compile and strata-run, with
// operands given at run time: integer and float counts (the float count is
// computed by a kernel), ONNX's ceil((limit - start) / delta), empty ranges,
// and the error for a zero delta; trilu above and below a diagonal given at
// run time.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=irange --input=i64=10 --input=i64=1 --input=i64=-3 | FileCheck %s --check-prefix=IRANGE
// RUN: strata-run %t.smod --function=irange --input=i64=1 --input=i64=10 --input=i64=-3 | FileCheck %s --check-prefix=EMPTY
// RUN: strata-run %t.smod --function=frange --input=f32=0.5 --input=f32=2.0 --input=f32=0.4 | FileCheck %s --check-prefix=FRANGE
// RUN: not strata-run %t.smod --function=irange --input=i64=1 --input=i64=10 --input=i64=0 2>&1 | FileCheck %s --check-prefix=IZERO
// RUN: not strata-run %t.smod --function=frange --input=f32=1 --input=f32=10 --input=f32=0 2>&1 | FileCheck %s --check-prefix=FZERO
// RUN: strata-run %t.smod --function=trilu --input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12 --input=i64=1 | FileCheck %s --check-prefix=TRILU
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=irange --input=i64=10 --input=i64=1 --input=i64=-3 | FileCheck %s --check-prefix=IRANGE
// RUN: strata-run %t.emu.smod --function=irange --input=i64=1 --input=i64=10 --input=i64=-3 | FileCheck %s --check-prefix=EMPTY
// RUN: strata-run %t.emu.smod --function=frange --input=f32=0.5 --input=f32=2.0 --input=f32=0.4 | FileCheck %s --check-prefix=FRANGE
// RUN: not strata-run %t.emu.smod --function=irange --input=i64=1 --input=i64=10 --input=i64=0 2>&1 | FileCheck %s --check-prefix=IZERO
// RUN: not strata-run %t.emu.smod --function=frange --input=f32=1 --input=f32=10 --input=f32=0 2>&1 | FileCheck %s --check-prefix=FZERO
// RUN: strata-run %t.emu.smod --function=trilu --input=3x4xf32=1,2,3,4,5,6,7,8,9,10,11,12 --input=i64=1 | FileCheck %s --check-prefix=TRILU

// IRANGE: tensor<3xi64>
// IRANGE-NEXT: [10  7  4]
// EMPTY: tensor<0xi64>
// IZERO: error: {{.*}}range-trilu.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.range: delta is zero
func.func @irange(%s: tensor<i64>, %l: tensor<i64>, %d: tensor<i64>) -> tensor<?xi64> {
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// FRANGE: tensor<4xf32>
// FRANGE-NEXT: [0.5 0.9 1.3 1.7]
// FZERO: error: {{.*}}range-trilu.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.range: delta is zero
func.func @frange(%s: tensor<f32>, %l: tensor<f32>, %d: tensor<f32>) -> tensor<?xf32> {
  %0 = graph.range %s, %l, %d : tensor<f32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// TRILU: result[0]: tensor<3x4xf32>
// TRILU-NEXT: {{\[\[}} 0.  2.  3.  4.]
// TRILU-NEXT: {{\[}} 0.  0.  7.  8.]
// TRILU-NEXT: {{\[}} 0.  0.  0. 12.]]
// TRILU-NEXT: result[1]: tensor<3x4xf32>
// TRILU-NEXT: {{\[\[}} 1.  0.  0.  0.]
// TRILU-NEXT: {{\[}} 5.  6.  0.  0.]
// TRILU-NEXT: {{\[}} 9. 10. 11.  0.]]
func.func @trilu(%x: tensor<3x4xf32>, %k: tensor<i64>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = graph.trilu %x, %k : (tensor<3x4xf32>, tensor<i64>) -> tensor<3x4xf32>
  %1 = graph.trilu %x {upper = false} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xf32>
}
