// The phases of the CPU path, each visible with strata-opt: graph level,
// tensor level (linalg on tensors), kernels (fused, outlined, scheduled),
// the host program at device level (strata-compile), and the LLVM dialect.
// RUN: strata-opt %s --strata-graph-optimize | FileCheck %s --check-prefix=GRAPH
// RUN: strata-opt %s --strata-graph-optimize --convert-graph-to-kernel | FileCheck %s --check-prefix=TENSOR
// RUN: strata-opt %s --strata-graph-optimize --convert-graph-to-kernel --kernel-form-dispatches --kernel-outline --kernel-select-schedule=cpu=skylake-avx512 | FileCheck %s --check-prefix=KERNEL
// RUN: strata-opt %s --strata-graph-optimize --convert-graph-to-kernel --kernel-form-dispatches --kernel-outline --kernel-select-schedule=cpu=skylake-avx512 --convert-kernel-to-func --strata-lower-cpu | FileCheck %s --check-prefix=LLVM
// RUN: strata-compile %s --compile-to=device --cpu=skylake-avx512 | FileCheck %s --check-prefix=DEVICE
// RUN: strata-compile %s --compile-to=llvm --cpu=skylake-avx512 | FileCheck %s --check-prefix=KERNELLLVM

// GRAPH-LABEL: func.func @main
// GRAPH: graph.matmul
// GRAPH: graph.add
// GRAPH: graph.relu

// TENSOR-LABEL: func.func @main
// TENSOR-NOT: graph.
// TENSOR: linalg.matmul
// TENSOR: linalg.generic
// TENSOR: linalg.generic

// One kernel: the matmul with its bias and relu epilogue, scheduled for
// AVX-512 (16 f32 lanes: a register tile of 32 columns).
// KERNEL-LABEL: func.func @main
// KERNEL: %[[R:.*]] = kernel.launch @main_dispatch_0(%{{.*}}) : (tensor<64x256xf32>) -> tensor<64x128xf32>
// KERNEL: return %[[R]]
// KERNEL: kernel.func private @main_dispatch_0(%{{.*}}: tensor<64x256xf32>) -> tensor<64x128xf32>
// KERNEL-SAME: schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}>, array<i64: 8, 32, 16>]
// KERNEL: linalg.matmul
// KERNEL: linalg.generic
// KERNEL: return %{{.*}} : tensor<64x128xf32>

// The host allocates the kernel's output and launches it
// (destination-passing); the kernel stays at tensor level until serialized.
// DEVICE: module attributes {device.target = #device.target<cpu>}
// DEVICE-LABEL: func.func @main
// DEVICE-SAME: (%[[X:.*]]: memref<64x256xf32>) -> memref<64x128xf32>
// DEVICE: %[[OUT:.*]] = device.alloc() : memref<64x128xf32>
// DEVICE: device.launch @main_dispatch_0(%[[X]]) outs(%[[OUT]]) : (memref<64x256xf32>) -> (memref<64x128xf32>)
// DEVICE: return %[[OUT]]
// DEVICE: kernel.func private @main_dispatch_0

// What the module's shared object holds: the kernel's entry point and its
// grid function (the runtime splits the launch into tiles).
// KERNELLLVM-DAG: llvm.func @strata_kernel_main_dispatch_0(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// KERNELLLVM-DAG: llvm.func @strata_grid_main_dispatch_0(%{{.*}}: !llvm.ptr) -> i64

// LLVM-NOT: graph.
// LLVM-NOT: kernel.
// LLVM-NOT: linalg.
// LLVM: llvm.func @main
// LLVM: llvm.call @main_dispatch_0
// LLVM: llvm.func @main_dispatch_0
// LLVM: llvm.intr.fmuladd
func.func @main(%x: tensor<64x256xf32>) -> tensor<64x128xf32> {
  %w = graph.constant dense<0.5> : tensor<256x128xf32>
  %b = graph.constant dense<0.25> : tensor<128xf32>
  %0 = graph.matmul %x, %w : tensor<64x256xf32>, tensor<256x128xf32> -> tensor<64x128xf32>
  %1 = graph.add %0, %b : tensor<64x128xf32>, tensor<128xf32> -> tensor<64x128xf32>
  %2 = graph.relu %1 : tensor<64x128xf32> -> tensor<64x128xf32>
  return %2 : tensor<64x128xf32>
}
