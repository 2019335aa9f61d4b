// strata-compile --timing reports on stderr where the time of a compilation
// went: the passes of the graph, kernel and device pipelines, then the
// serializer's steps, with the kernels' code generation pipeline, LLVM's
// optimization and code generation and the link nested in "kernels".
// Timing does not change the module.
// RUN: strata-compile %s -o %t.smod --timing --no-cache 2>&1 | FileCheck %s
// RUN: strata-compile %s -o %t-untimed.smod
// RUN: cmp %t.smod %t-untimed.smod
// Stopping at the kernel level, only the pipelines run.
// RUN: strata-compile %s --compile-to=kernel -o /dev/null --timing 2>&1 | FileCheck %s --check-prefix=KERNEL
// Without --timing, nothing is reported.
// RUN: strata-compile %s -o %t.smod 2>&1 | count 0

// CHECK: Total Execution Time:
// CHECK: Wall Time
// CHECK: graph, kernel and device pipelines
// CHECK: GraphInferShapesPass
// CHECK: KernelSelectSchedulePass
// CHECK: DevicePlanMemoryPass
// CHECK: constant pool
// CHECK: kernels
// CHECK: kernel code generation pipeline
// CHECK: CPUTilePass
// CHECK: OneShotBufferizePass
// CHECK: CPUKernelEntryPointsPass
// CHECK: translation to LLVM IR
// CHECK: LLVM IR optimization
// CHECK: LLVM code generation
// CHECK: linking (ld.lld)
// CHECK: host program
// CHECK: module layout and verification
// CHECK: Total
// Then the kernels that took longest, slowest first.
// CHECK: Slowest kernels (wall seconds: code generation pipeline + LLVM), 1 of 1:
// CHECK-NEXT: {{^  +[0-9.]+  @main_dispatch_0 \(pipeline [0-9.]+, LLVM [0-9.]+\)$}}
// CHECK-NEXT: kernel cache: off

// KERNEL: graph, kernel and device pipelines
// KERNEL: KernelSelectSchedulePass
// KERNEL-NOT: kernels
// KERNEL: Total
// KERNEL-NOT: Slowest kernels
func.func @main(%a: tensor<64x256xf32>, %b: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %0 = graph.add %a, %b : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<64x256xf32>
  %1 = graph.relu %0 : tensor<64x256xf32> -> tensor<64x256xf32>
  return %1 : tensor<64x256xf32>
}
