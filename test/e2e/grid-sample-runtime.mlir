// graph.affine_grid with its size read at run time and graph.grid_sample
// with dynamic batch sizes, through strata-compile and strata-run: the
// grid's sizes come from the host, and sizes the types leave open are
// checked at run time with errors naming the op's location.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=affine --input=1x2x3xf32=1,0,0,0,1,0 --input=4xi64=1,1,2,3 | FileCheck %s --check-prefix=AFFINE
// RUN: strata-run %t.smod --function=affine --input=1x2x3xf32=0,1,0.5,2,0,0 --input=4xi64=5,7,1,2 | FileCheck %s --check-prefix=ROTATE
// RUN: not strata-run %t.smod --function=affine --input=1x2x3xf32=1,0,0,0,1,0 --input=4xi64=1,1,-2,3 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: strata-run %t.smod --function=sample --input=1x1x2x2xf32=1,2,3,4 --input=1x1x3x2xf32=-1,-1,0,0,0.5,1 | FileCheck %s --check-prefix=SAMPLE
// RUN: not strata-run %t.smod --function=sample --input=1x1x2x2xf32=1,2,3,4 --input=2x1x1x2xf32=0,0,0,0 2>&1 | FileCheck %s --check-prefix=BATCH
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=affine --input=1x2x3xf32=1,0,0,0,1,0 --input=4xi64=1,1,2,3 | FileCheck %s --check-prefix=AFFINE
// RUN: strata-run %t.emu.smod --function=affine --input=1x2x3xf32=0,1,0.5,2,0,0 --input=4xi64=5,7,1,2 | FileCheck %s --check-prefix=ROTATE
// RUN: not strata-run %t.emu.smod --function=affine --input=1x2x3xf32=1,0,0,0,1,0 --input=4xi64=1,1,-2,3 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: strata-run %t.emu.smod --function=sample --input=1x1x2x2xf32=1,2,3,4 --input=1x1x3x2xf32=-1,-1,0,0,0.5,1 | FileCheck %s --check-prefix=SAMPLE
// RUN: not strata-run %t.emu.smod --function=sample --input=1x1x2x2xf32=1,2,3,4 --input=2x1x1x2xf32=0,0,0,0 2>&1 | FileCheck %s --check-prefix=BATCH

// The identity's grid over 2x3 pixels: x at the column centers (-2/3, 0,
// 2/3), y at the row centers (-1/2, 1/2); the middle column is not exactly
// 0, as in ONNX's reference (an arange from the first pixel).
// AFFINE: tensor<1x2x3x2xf32>
// AFFINE-NEXT: {{\[\[\[\[}}-6.666667e-01 -5.000000e-01]
// AFFINE-NEXT: {{^}}   [-1.110223e-16 -5.000000e-01]
// AFFINE-NEXT: {{^}}   [ 6.666667e-01 -5.000000e-01]]
// AFFINE-EMPTY:
// AFFINE-NEXT: {{^}}  {{\[\[}}-6.666667e-01  5.000000e-01]
// AFFINE-NEXT: {{^}}   [-1.110223e-16  5.000000e-01]
// AFFINE-NEXT: {{^}}   [ 6.666667e-01  5.000000e-01]]]]
// Swapped axes and a shift; N and C of size are not read.
// ROTATE: tensor<1x1x2x2xf32>
// ROTATE-NEXT: {{\[\[\[\[}} 0.5 -1. ]
// ROTATE-NEXT: {{^}}   [ 0.5  1. ]]]]
// NEGATIVE: error: {{.*}}grid-sample-runtime.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.affine_grid: a size is negative
func.func @affine(%t: tensor<1x2x3xf32>, %s: tensor<4xi64>) -> tensor<?x?x?x?xf32> {
  %0 = graph.affine_grid %t, %s : (tensor<1x2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// Bilinear, zero padding: the corner (-1, -1) is the outer corner of pixel
// (0, 0), a quarter of it; the center mixes all four; (0.5, 1) lies on the
// bottom edge, half of pixel (1, 1) and half zeros.
// SAMPLE: tensor<1x1x1x3xf32>
// SAMPLE-NEXT: {{\[\[\[\[}}0.25 2.5  2.  ]]]]
// BATCH: error: {{.*}}grid-sample-runtime.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.grid_sample: the input and the grid differ in batch size
func.func @sample(%x: tensor<?x1x2x2xf32>, %g: tensor<?x?x?x2xf32>) -> tensor<?x1x?x?xf32> {
  %0 = graph.grid_sample %x, %g : (tensor<?x1x2x2xf32>, tensor<?x?x?x2xf32>) -> tensor<?x1x?x?xf32>
  return %0 : tensor<?x1x?x?xf32>
}
