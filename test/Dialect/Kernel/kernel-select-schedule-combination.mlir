// RUN: strata-opt %s --kernel-select-schedule | FileCheck %s

// Constant combinations (Winograd's transforms, as kernel-rewrite-
// convolutions writes them) get their own schedule: one level, the
// constant's loops whole (the tile pass unrolls them over the non-zero
// coefficients), one vector along the output's innermost loop, 1 on the
// other loops. The output transform is a contraction too, but not the
// matmul schedule's kind.
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {

// CHECK-LABEL: func.func @input_transform
// CHECK: linalg.generic {{.*}}kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 1, 16, 0, 0>], vector_sizes = [16, 1, 1, 16, 4, 4], parallel_dims = [1, 2, 3]>
func.func @input_transform(%x: tensor<58x58x64xf32>) -> tensor<16x28x28x64xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant dense<[[[1.0, 0.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, -1.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, -1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 1.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 1.0, 0.0, -1.0], [0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [1.0, 0.0, -1.0, 0.0], [1.0, 0.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 1.0, 0.0], [0.0, -1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, -1.0], [0.0, 1.0, 0.0, -1.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 1.0, 0.0], [1.0, 0.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, -1.0, -1.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, -1.0, 0.0], [0.0, -1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 0.0, 1.0], [0.0, 1.0, 0.0, -1.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [1.0, 0.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [-1.0, 0.0, 1.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, -1.0, -1.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 1.0, -1.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, -1.0], [0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 0.0, 1.0]]]> : tensor<16x4x4xf32>
  %e = tensor.empty() : tensor<16x28x28x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x28x28x64xf32>) -> tensor<16x28x28x64xf32>
  %v = linalg.generic {indexing_maps = [affine_map<(e, th, tw, c, a, b) -> (th * 2 + a, tw * 2 + b, c)>, affine_map<(e, th, tw, c, a, b) -> (e, a, b)>, affine_map<(e, th, tw, c, a, b) -> (e, th, tw, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %k : tensor<58x58x64xf32>, tensor<16x4x4xf32>) outs(%f : tensor<16x28x28x64xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %m = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x28x28x64xf32>
  return %v : tensor<16x28x28x64xf32>
}

// CHECK-LABEL: func.func @output_transform
// CHECK: linalg.generic {{.*}}kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0, 1, 0, 1, 16, 0, 0>], vector_sizes = [1, 2, 1, 2, 1, 16, 4, 4], parallel_dims = [0, 2, 4, 5]>
func.func @output_transform(%m: tensor<4x4x28x28x2x32xf32>, %init: tensor<28x2x28x2x2x32xf32>) -> tensor<28x2x28x2x2x32xf32> {
  %a = arith.constant dense<[[[[1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]], [[0.0, 1.0, -1.0, -1.0], [0.0, 1.0, -1.0, -1.0], [0.0, 1.0, -1.0, -1.0], [0.0, 0.0, 0.0, 0.0]]], [[[0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 0.0], [-1.0, -1.0, -1.0, 0.0], [-1.0, -1.0, -1.0, 0.0]], [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, -1.0, -1.0], [0.0, -1.0, 1.0, 1.0], [0.0, -1.0, 1.0, 1.0]]]]> : tensor<2x2x4x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(th, i, tw, j, o, l, a, b) -> (a, b, th, tw, o, l)>, affine_map<(th, i, tw, j, o, l, a, b) -> (i, j, a, b)>, affine_map<(th, i, tw, j, o, l, a, b) -> (th, i, tw, j, o, l)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%m, %a : tensor<4x4x28x28x2x32xf32>, tensor<2x2x4x4xf32>) outs(%init : tensor<28x2x28x2x2x32xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %p = arith.mulf %in, %w : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<28x2x28x2x2x32xf32>
  return %y : tensor<28x2x28x2x2x32xf32>
}
}
