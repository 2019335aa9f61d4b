// A convolution whose filter is an argument: its product kernel transposes
// the [F, KH*KW*C] filter at run time (an unscheduled linalg.transpose),
// whose vector transfers convert-vector-to-scf lowers with scratch buffers.
// strata-hoist-loop-allocas moves them to the kernel's entry: in the loop
// bodies every iteration grew the stack (a 512-channel 3x3 filter
// overflowed 8 MB). The result is checked against the reference
// evaluator.
// RUN: strata-opt %s --test-graph-build-e2e=return-checks -o %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s
// RUN: strata-compile %s --compile-to=llvm | FileCheck %s --check-prefix=LLVM
// CHECK: {{^}}[1.]
// CHECK-NOT: {{^}}[0.]

// The scratch buffers come before the kernel's first loop block.
// LLVM-LABEL: llvm.func internal @conv_runtime_weight_dispatch_3(
// LLVM-NOT: ^bb
// LLVM: llvm.alloca
// LLVM-LABEL: llvm.func internal @_mlir_ciface_conv_runtime_weight_dispatch_3(

func.func @conv_runtime_weight(%x: tensor<1x64x7x7xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x7x7xf32> {
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x64x7x7xf32>, tensor<64x64x3x3xf32> -> tensor<1x64x7x7xf32>
  return %0 : tensor<1x64x7x7xf32>
}
