// Each kernel is lowered, optimized and compiled on its own, on the
// compile's threads: the module is byte-identical with one thread or
// several. Kernels identical but for
// their weights (the two layers here) are compiled once and launched twice.
// RUN: strata-compile %s -o %t.smod --timing 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: strata-compile %s -o %t-1.smod --mlir-disable-threading
// RUN: cmp %t.smod %t-1.smod
// RUN: strata-compile %s -o %t-t1.smod --compile-threads=1
// RUN: cmp %t.smod %t-t1.smod
// RUN: strata-compile %s -o %t-t3.smod --compile-threads=3
// RUN: cmp %t.smod %t-t3.smod
// A thread count that is not a number is refused before any work.
// RUN: not strata-compile %s -o %t-bad.smod --compile-threads=two 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --compile-threads option: 'two' value invalid for uint argument!
// RUN: strata-dump %t.smod --section=kernels,functions | FileCheck %s
// RUN: strata-run %t.smod --input=1x8xf32=1,-1,2,-2,3,-3,4,-4 | FileCheck %s --check-prefix=OUT

// TIMING: kernel code generation pipeline
// TIMING: translation to LLVM IR
// TIMING: LLVM optimization and code generation
// TIMING: LLVM IR optimization
// TIMING: LLVM code generation
// TIMING: linking (ld.lld)

// Two layers x -> relu(x W + b): one kernel, two launches.
// CHECK: launch @main_dispatch_0(
// CHECK: launch @main_dispatch_0(
// CHECK: kernels:
// CHECK-NEXT: 0: @main_dispatch_0 on cpu
// CHECK-NOT: @main_dispatch_1 on
// CHECK: 1: @main_dispatch_2 on cpu

// Layer 1: W1 = 2 I, b1 = 1: relu(2x + 1) = [3, 0, 5, 0, 7, 0, 9, 0];
// layer 2: W2 = I, b2 = 1: relu(h + 1) = [4, 1, 6, 1, 8, 1, 10, 1], whose
// softmax is e^(y - 10) / sum.
// OUT: result[0]: tensor<1x8xf32>
// OUT-NEXT: {{\[\[}}2.143093{{[0-9]*}}e-03 1.066983{{[0-9]*}}e-04 1.583543{{[0-9]*}}e-02 1.066983{{[0-9]*}}e-04
// OUT-NEXT: 1.170089{{[0-9]*}}e-01 1.066983{{[0-9]*}}e-04 8.645856{{[0-9]*}}e-01 1.066983{{[0-9]*}}e-04]]
func.func @main(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %w1 = graph.constant dense<[[2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0]]> : tensor<8x8xf32>
  %b1 = graph.constant dense<1.0> : tensor<8xf32>
  %w2 = graph.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<8x8xf32>
  %b2 = graph.constant dense<1.0> : tensor<8xf32>
  %h0 = graph.linear %x, %w1, %b1 : tensor<1x8xf32>, tensor<8x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  %h = graph.relu %h0 : tensor<1x8xf32> -> tensor<1x8xf32>
  %y0 = graph.linear %h, %w2, %b2 : tensor<1x8xf32>, tensor<8x8xf32>, tensor<8xf32> -> tensor<1x8xf32>
  %y = graph.relu %y0 : tensor<1x8xf32> -> tensor<1x8xf32>
  %z = graph.softmax %y {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %z : tensor<1x8xf32>
}
