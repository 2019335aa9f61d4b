// The schedules follow the machine the kernels are compiled for: --cpu with
// the --features that override its own (an elementwise kernel's vectors are
// 4 of the CPU's widest: 32 f32 with AVX2, 64 with AVX-512).
// RUN: strata-compile %s --compile-to=kernel --cpu=haswell | FileCheck %s --check-prefix=AVX2
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 --features=-avx512f | FileCheck %s --check-prefix=AVX2
// RUN: strata-compile %s --compile-to=kernel --cpu=skylake-avx512 | FileCheck %s --check-prefix=AVX512
// RUN: strata-compile %s --compile-to=kernel --cpu=haswell --features=+avx512f | FileCheck %s --check-prefix=AVX512
// RUN: strata-opt %s --convert-graph-to-kernel --kernel-select-schedule="cpu=haswell features=+avx512f" | FileCheck %s --check-prefix=AVX512

// AVX2: vector_sizes = [1, 32]
// AVX512: vector_sizes = [1, 64]
func.func @main(%a: tensor<64x256xf32>, %b: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %0 = graph.add %a, %b : tensor<64x256xf32>, tensor<64x256xf32> -> tensor<64x256xf32>
  return %0 : tensor<64x256xf32>
}
