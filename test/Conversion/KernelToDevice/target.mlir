// RUN: strata-opt %s --convert-kernel-to-device | FileCheck %s --check-prefix=CPU
// RUN: strata-opt %s --convert-kernel-to-device=target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: not strata-opt %s --convert-kernel-to-device=target=tpu 2>&1 | FileCheck %s --check-prefix=BAD

// The module's kernel.target gives a cpu target its triple, CPU and
// features; a cuda target does not take a CPU's.
// CPU: module attributes {device.target = #device.target<cpu, triple = "x86_64-unknown-linux-gnu", cpu = "skylake", features = "+avx2">
// CUDA: module attributes {device.target = #device.target<cuda>
// BAD: error: unknown target 'tpu', expected cpu or cuda
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake", features = "+avx2">} {
}
