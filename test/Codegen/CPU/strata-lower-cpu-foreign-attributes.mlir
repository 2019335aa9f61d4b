// The LLVM-dialect output carries no kernel.* attribute (a module's target, a
// kernel's schedule) and no #arith.fastmath on float conversions, so that
// mlir-runner, which knows only the builtin and LLVM dialects, runs it.
// RUN: strata-opt %s --convert-graph-to-kernel --kernel-form-dispatches --kernel-outline --kernel-select-schedule --convert-kernel-to-func --strata-lower-cpu | FileCheck %s
// RUN: strata-opt %s --test-graph-build-e2e --convert-graph-to-kernel --kernel-form-dispatches --kernel-outline --kernel-select-schedule --convert-kernel-to-func --strata-lower-cpu | %mlir_runner -e entry -entry-point-result=void %runner_libs | FileCheck %s --check-prefix=EXEC

// CHECK-NOT: kernel.
// CHECK-NOT: #arith
// CHECK: llvm.func @f
// EXEC-COUNT-1: {{^}}[1]
// EXEC-NOT: {{^}}[0]
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "+avx2,+fma", vector_bits = 256>} {
  func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xbf16> {
    %0 = graph.matmul %a, %b : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
    %1 = graph.cast %0 : tensor<8x32xf32> -> tensor<8x32xbf16>
    %2 = graph.relu %1 : tensor<8x32xbf16> -> tensor<8x32xbf16>
    return %2 : tensor<8x32xbf16>
  }
}
