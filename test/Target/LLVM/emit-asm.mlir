// Assembly through the whole CPU path. skylake-avx512 gets zmm registers
// for the 64-lane MLIR vectors, a generic x86-64 only xmm (SSE2).
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=asm --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=AVX512
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=asm -O0 --target-triple=x86_64-unknown-linux-gnu --target-cpu=skylake-avx512 \
// RUN:   | FileCheck %s --check-prefix=AVX512
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=asm --target-triple=x86_64-unknown-linux-gnu --target-cpu=x86-64 \
// RUN:   | FileCheck %s --check-prefix=SSE --implicit-check-not=ymm --implicit-check-not=zmm
// Features on top of the CPU: AVX2 without AVX-512 gives ymm, no zmm.
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=asm --target-triple=x86_64-unknown-linux-gnu --target-cpu=x86-64 \
// RUN:     --target-features=+avx2,+fma | FileCheck %s --check-prefix=AVX2 --implicit-check-not=zmm
//
// Cross-compilation: every target LLVM was built with is available, the
// CPU defaults to the target's generic one.
// RUN: strata-opt %s --convert-graph-to-kernel --strata-lower-cpu \
// RUN:   | strata-translate --emit=asm --target-triple=aarch64-unknown-linux-gnu \
// RUN:   | FileCheck %s --check-prefix=AARCH64

// AVX512-LABEL: add_relu:
// AVX512: vaddps {{.*}}%zmm
// AVX512: vcmp{{[a-z]+}}ps {{.*}}%zmm

// SSE-LABEL: add_relu:
// SSE: addps {{.*}}xmm

// AVX2-LABEL: add_relu:
// AVX2: vaddps {{.*}}ymm

// AARCH64-LABEL: add_relu:
// AARCH64: fadd v{{[0-9]+}}.4s

func.func @add_relu(%a: tensor<4x64xf32>, %b: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %0 = graph.add %a, %b : tensor<4x64xf32>, tensor<4x64xf32> -> tensor<4x64xf32>
  %1 = graph.relu %0 : tensor<4x64xf32> -> tensor<4x64xf32>
  return %1 : tensor<4x64xf32>
}
