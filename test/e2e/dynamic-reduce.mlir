// graph.dynamic_reduce through strata-compile and strata-run with the axes
// given at run time: negative axes count from the back, keepdims=0 drops
// the reduced dims, and an axis out of range or repeated is an error naming
// the op's location.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,-1 | FileCheck %s --check-prefix=SUM
// RUN: strata-run %t.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=2,1 | FileCheck %s --check-prefix=SUM21
// RUN: strata-run %t.smod --function=max_drop --input=2x3xi32=5,-7,2,-1,9,0 --input=1xi64=1 | FileCheck %s --check-prefix=MAX
// RUN: strata-run %t.smod --function=max_drop --input=2x3xi32=5,-7,2,-1,9,0 --input=1xi64=-2 | FileCheck %s --check-prefix=MAX0
// RUN: strata-run %t.smod --function=mean_f16 --input=2x2xf16=1,2,3,5 --input=1xi64=0 | FileCheck %s --check-prefix=MEAN
// RUN: not strata-run %t.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,3 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not strata-run %t.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=1,-2 2>&1 | FileCheck %s --check-prefix=REPEAT
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,-1 | FileCheck %s --check-prefix=SUM
// RUN: strata-run %t.emu.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=2,1 | FileCheck %s --check-prefix=SUM21
// RUN: strata-run %t.emu.smod --function=max_drop --input=2x3xi32=5,-7,2,-1,9,0 --input=1xi64=1 | FileCheck %s --check-prefix=MAX
// RUN: strata-run %t.emu.smod --function=max_drop --input=2x3xi32=5,-7,2,-1,9,0 --input=1xi64=-2 | FileCheck %s --check-prefix=MAX0
// RUN: strata-run %t.emu.smod --function=mean_f16 --input=2x2xf16=1,2,3,5 --input=1xi64=0 | FileCheck %s --check-prefix=MEAN
// RUN: not strata-run %t.emu.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,3 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not strata-run %t.emu.smod --function=sum --input=2x3x4xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=1,-2 2>&1 | FileCheck %s --check-prefix=REPEAT

// Axes [0, -1]: sums over the first and last dims, kept as size 1.
// SUM: tensor<1x3x1xf32>
// SUM-NEXT: {{\[\[\[}} 60.]
// SUM-NEXT: {{^}}  [ 92.]
// SUM-NEXT: {{^}}  [124.]]]
// Axes [2, 1]: sums of each 3x4 block.
// SUM21: tensor<2x1x1xf32>
// SUM21-NEXT: {{\[\[\[}} 66.]]
// SUM21-EMPTY:
// SUM21-NEXT: {{^}} {{\[\[}}210.]]]
// RANGE: error: {{.*}}dynamic-reduce.mlir:[[@LINE+3]]:{{[0-9]+}}: graph.dynamic_reduce: an axis is out of range
// REPEAT: error: {{.*}}dynamic-reduce.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.dynamic_reduce: an axis is repeated
func.func @sum(%x: tensor<2x3x4xf32>, %a: tensor<2xi64>) -> tensor<?x?x?xf32> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<2x3x4xf32>, tensor<2xi64> -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// Row maxima, then column maxima (axis -2).
// MAX: tensor<2xi32>
// MAX-NEXT: [5 9]
// MAX0: tensor<3xi32>
// MAX0-NEXT: [5 9 2]
func.func @max_drop(%x: tensor<2x3xi32>, %a: tensor<1xi64>) -> tensor<?xi32> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<max>, keepdims = false} : tensor<2x3xi32>, tensor<1xi64> -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// Column means in f16, accumulated in f32.
// MEAN: tensor<1x2xf16>
// MEAN-NEXT: {{\[\[}}2.  3.5]]
func.func @mean_f16(%x: tensor<2x2xf16>, %a: tensor<1xi64>) -> tensor<?x?xf16> {
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<mean>} : tensor<2x2xf16>, tensor<1xi64> -> tensor<?x?xf16>
  return %0 : tensor<?x?xf16>
}
