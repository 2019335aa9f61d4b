// graph.dynamic_slice through strata-compile and strata-run with bounds
// given at run time: the host computes each dim's start, step and count,
// ONNX's clamping included, and rejects a zero step, an axis out of range
// or a repeated axis with an error naming the op's location.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=1 --input=1xi64=-1 | FileCheck %s --check-prefix=LAST
// RUN: strata-run %t.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=-100 --input=1xi64=100 | FileCheck %s --check-prefix=CLAMP
// RUN: strata-run %t.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=4 --input=1xi64=2 | FileCheck %s --check-prefix=EMPTY
// RUN: strata-run %t.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=-1,0 --input=2xi64=0,100 --input=2xi32=1,0 --input=2xi64=-2,3 | FileCheck %s --check-prefix=GENERAL
// RUN: not strata-run %t.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=1,0 --input=2xi64=0,1 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not strata-run %t.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=2,0 --input=2xi64=1,1 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not strata-run %t.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=-1,1 --input=2xi64=1,1 2>&1 | FileCheck %s --check-prefix=REPEAT
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=1 --input=1xi64=-1 | FileCheck %s --check-prefix=LAST
// RUN: strata-run %t.emu.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=-100 --input=1xi64=100 | FileCheck %s --check-prefix=CLAMP
// RUN: strata-run %t.emu.smod --function=last_dim --input=2x6xf32=0,1,2,3,4,5,6,7,8,9,10,11 --input=1xi64=4 --input=1xi64=2 | FileCheck %s --check-prefix=EMPTY
// RUN: strata-run %t.emu.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=-1,0 --input=2xi64=0,100 --input=2xi32=1,0 --input=2xi64=-2,3 | FileCheck %s --check-prefix=GENERAL
// RUN: not strata-run %t.emu.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=1,0 --input=2xi64=0,1 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not strata-run %t.emu.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=2,0 --input=2xi64=1,1 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not strata-run %t.emu.smod --function=general --input=4x6xf32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 --input=2xi64=0,0 --input=2xi64=1,1 --input=2xi32=-1,1 --input=2xi64=1,1 2>&1 | FileCheck %s --check-prefix=REPEAT

// x[:, 1:-1]
// LAST: tensor<2x4xf32>
// LAST-NEXT: {{\[\[}} 1.  2.  3.  4.]
// LAST-NEXT: {{\[}} 7.  8.  9. 10.]]
// x[:, -100:100] is all of x.
// CLAMP: tensor<2x6xf32>
// x[:, 4:2] is empty.
// EMPTY: tensor<2x0xf32>
func.func @last_dim(%x: tensor<2x6xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<2x?xf32> {
  %a = graph.constant dense<-1> : tensor<1xi64>
  %0 = graph.dynamic_slice %x, %s, %e axes %a : (tensor<2x6xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// Axes [1, 0], steps [-2, 3]: x[0:100:3, -1:0:-2].
// GENERAL: tensor<2x3xf32>
// GENERAL-NEXT: {{\[\[}} 5.  3.  1.]
// GENERAL-NEXT: {{\[}}23. 21. 19.]]
// ZERO: error: {{.*}}dynamic-slice.mlir:[[@LINE+4]]:{{[0-9]+}}: graph.dynamic_slice: a step is zero
// RANGE: error: {{.*}}dynamic-slice.mlir:[[@LINE+3]]:{{[0-9]+}}: graph.dynamic_slice: an axis is out of range
// REPEAT: error: {{.*}}dynamic-slice.mlir:[[@LINE+2]]:{{[0-9]+}}: graph.dynamic_slice: an axis is repeated
func.func @general(%x: tensor<4x6xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>, %a: tensor<2xi32>, %t: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = graph.dynamic_slice %x, %s, %e axes %a steps %t : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
