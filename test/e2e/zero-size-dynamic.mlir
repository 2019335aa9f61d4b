// Ops over tensors whose `?` dims are 0 at run time, through strata-compile
// and strata-run: the kernels compiled for any size run their empty loops
// and produce the empty result, or the reduction's initial value over an
// empty axis (a sum 0, a mean NaN), or a convolution's bias over 0 input
// channels.
// RUN: strata-compile %s -o %t.smod
// RUN: strata-compile %s --target=cuda-emulator -o %t.emu.smod
// RUN: strata-compile %s --target=cuda:sm_90 -o %t.sm90.smod
// RUN: strata-run %t.smod --function=conv --input=1x0x4x4xf32= --input=2x0x3x3xf32= --input=2xf32=1.5,-2 | FileCheck %s --check-prefix=CONV
// RUN: strata-run %t.smod --function=conv --input=1x0x4x4xf32= --input=2x0x3x3xf32= --input=2xf32=1.5,-2 --threads=2 | FileCheck %s --check-prefix=CONV
// RUN: strata-run %t.smod --function=reduce --input=3x0xf32= | FileCheck %s --check-prefix=REDUCE
// RUN: strata-run %t.smod --function=reduce --input=0x4xf32= | FileCheck %s --check-prefix=REDUCE-ROWS
// RUN: strata-run %t.smod --function=matmul --input=3x0xf32= --input=0x2xf32= | FileCheck %s --check-prefix=MATMUL-K
// RUN: strata-run %t.smod --function=matmul --input=0x3xf32= --input=3x2xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=MATMUL-M
// RUN: strata-run %t.smod --function=elementwise --input=2x0xf32= --input=2x0xf32= | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: strata-run %t.smod --function=concat --input=2x0xf32= --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=CONCAT
// RUN: strata-run %t.smod --function=cumsum --input=4x0xf32= | FileCheck %s --check-prefix=CUMSUM
// RUN: strata-run %t.smod --function=cumsum --input=0x3xf32= | FileCheck %s --check-prefix=CUMSUM-ROWS
// RUN: strata-run %t.smod --function=softmax --input=2x0xf32= | FileCheck %s --check-prefix=SOFTMAX
// The same runs with the CUDA schedules on this CPU (the CUDA emulator);
// the module also compiles for sm_90.
// RUN: strata-run %t.emu.smod --function=conv --input=1x0x4x4xf32= --input=2x0x3x3xf32= --input=2xf32=1.5,-2 | FileCheck %s --check-prefix=CONV
// RUN: strata-run %t.emu.smod --function=reduce --input=3x0xf32= | FileCheck %s --check-prefix=REDUCE
// RUN: strata-run %t.emu.smod --function=reduce --input=0x4xf32= | FileCheck %s --check-prefix=REDUCE-ROWS
// RUN: strata-run %t.emu.smod --function=matmul --input=3x0xf32= --input=0x2xf32= | FileCheck %s --check-prefix=MATMUL-K
// RUN: strata-run %t.emu.smod --function=matmul --input=0x3xf32= --input=3x2xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=MATMUL-M
// RUN: strata-run %t.emu.smod --function=elementwise --input=2x0xf32= --input=2x0xf32= | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: strata-run %t.emu.smod --function=concat --input=2x0xf32= --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=CONCAT
// RUN: strata-run %t.emu.smod --function=cumsum --input=4x0xf32= | FileCheck %s --check-prefix=CUMSUM
// RUN: strata-run %t.emu.smod --function=cumsum --input=0x3xf32= | FileCheck %s --check-prefix=CUMSUM-ROWS
// RUN: strata-run %t.emu.smod --function=softmax --input=2x0xf32= | FileCheck %s --check-prefix=SOFTMAX

// 0 input channels: the bias alone.
// CONV: tensor<1x2x2x2xf32>
// CONV-NEXT: {{\[\[\[\[}} 1.5  1.5]
// CONV-NEXT: {{^}}   [ 1.5  1.5]]
// CONV-EMPTY:
// CONV-NEXT: {{^}}  {{\[\[}}-2.  -2. ]
// CONV-NEXT: {{^}}   [-2.  -2. ]]]]
func.func @conv(%x: tensor<1x?x4x4xf32>, %w: tensor<2x?x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = graph.conv2d %x, %w, %b : tensor<1x?x4x4xf32>, tensor<2x?x3x3xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// Sums and means along the rows: over an empty axis 0 and NaN; of no rows,
// nothing.
// REDUCE: result[0]: tensor<3xf32>
// REDUCE-NEXT: [{{-?}}0. {{-?}}0. {{-?}}0.]
// REDUCE: result[1]: tensor<3x1xf32>
// REDUCE-NEXT: {{\[\[}}nan]
// REDUCE-NEXT: {{^}} [nan]
// REDUCE-NEXT: {{^}} [nan]]
// REDUCE-ROWS: result[0]: tensor<0xf32>
// REDUCE-ROWS-NEXT: []
// REDUCE-ROWS: result[1]: tensor<0x1xf32>
// REDUCE-ROWS-NEXT: []
func.func @reduce(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x1xf32>) {
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<?x?xf32> -> tensor<?xf32>
  %1 = graph.reduce_mean %x {axes = array<i64: 1>} : tensor<?x?xf32> -> tensor<?x1xf32>
  return %0, %1 : tensor<?xf32>, tensor<?x1xf32>
}

// An empty inner dim gives zeros, an empty outer one nothing.
// MATMUL-K: tensor<3x2xf32>
// MATMUL-K-NEXT: {{\[\[}}0. 0.]
// MATMUL-K-NEXT: {{^}} [0. 0.]
// MATMUL-K-NEXT: {{^}} [0. 0.]]
// MATMUL-M: tensor<0x2xf32>
// MATMUL-M-NEXT: []
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.matmul %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = graph.relu %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// ELEMENTWISE: tensor<2x0xf32>
// ELEMENTWISE-NEXT: []
func.func @elementwise(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.add %a, %b : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  %1 = graph.exp %0 : tensor<?x?xf32> -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// CONCAT: tensor<2x3xf32>
// CONCAT-NEXT: {{\[\[}}1. 2. 3.]
// CONCAT-NEXT: {{^}} [4. 5. 6.]]
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.concat %a, %b {axis = 1 : i64} : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A chain of running sums along an empty axis, and of no rows.
// CUMSUM: tensor<4x0xf32>
// CUMSUM-NEXT: []
// CUMSUM-ROWS: tensor<0x3xf32>
// CUMSUM-ROWS-NEXT: []
func.func @cumsum(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %a = graph.constant dense<1> : tensor<i64>
  %0 = graph.cumsum %x, %a : tensor<?x?xf32>, tensor<i64> -> tensor<?x?xf32>
  %1 = graph.cumsum %0, %a {reverse = true} : tensor<?x?xf32>, tensor<i64> -> tensor<?x?xf32>
  %2 = graph.cumsum %1, %a {exclusive = true} : tensor<?x?xf32>, tensor<i64> -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// SOFTMAX: tensor<2x0xf32>
// SOFTMAX-NEXT: []
func.func @softmax(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = graph.softmax %x {axis = 1 : i64} : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
