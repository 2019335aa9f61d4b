// strata-compile --precision: f32 (default) or bf16 (kernel-demote-products:
// the f32 products and convolutions of constant weights multiply
// bf16-rounded inputs and sum in f32). The result shows the rounding.
// RUN: not strata-compile %s --precision=f16 -o %t.bad.smod 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not strata-compile %s --precision=bf16 --target=cuda -o %t.cuda.smod 2>&1 | FileCheck %s --check-prefix=CUDA
// BAD: error: --precision must be f32 or bf16, got 'f16'
// CUDA: error: precision bf16 is implemented for CPU targets only, not 'cuda'
// Rounding to bf16 (to nearest even): 1 + 2^-8 is halfway between 1 and
// 1 + 2^-7 and rounds to 1, in the input and in the weight (a tiled
// constant, folded into one); f32 would give
// 32 * (1 + 2^-8)^2 = 32.2505 and 64.25.
// RUN: strata-compile %s --precision=bf16 -o %t.rounding.smod
// RUN: strata-run %t.rounding.smod --function=rounding --input=8x32xf32=1.00390625 | FileCheck %s --check-prefix=ROUNDED
// RUN: strata-compile %s -o %t.f32.smod
// RUN: strata-run %t.f32.smod --function=rounding --input=8x32xf32=1.00390625 | FileCheck %s --check-prefix=F32
// ROUNDED: {{^}}{{\[\[}}32. 64. 32. 64. 32.
// F32: {{^}}{{\[\[}}32.25049 64.25    32.25049 64.25
func.func @rounding(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %pair = graph.constant dense<[[1.00390625, 2.0]]> : tensor<1x2xf32>
  %w = graph.tile %pair {repeats = array<i64: 32, 16>} : tensor<1x2xf32> -> tensor<32x32xf32>
  %0 = graph.matmul %x, %w : tensor<8x32xf32>, tensor<32x32xf32> -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
