// RUN: not strata-opt %s --kernel-select-schedule=target=tpu 2>&1 | FileCheck %s

// A target without a backend, named when the module has no kernel.target,
// is an error at the module listing the known targets.
// CHECK: kernel-select-schedule-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unknown target 'tpu' (known: cpu, cuda, cuda-emulator)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
