// Schedules of byte products in kernel-pack-weights' dot-product layout
// (loops m, panel, lane, k/4, k%4): with AVX512-VNNI, register tiles of 8
// rows (two vectors of 16 i32 lanes each, 16 accumulators), 16 steps of
// k/4 and the group of 4 bytes whole, which the vpdpbusd of
// strata-cpu-lower-dot-products sums in one instruction. Without VNNI, the
// same op is an ordinary contraction whose innermost reduction loop (the
// group) is the one blocked. bf16 pairs into f32 (AVX512-BF16) likewise.
// RUN: strata-opt %s --kernel-select-schedule -split-input-file | FileCheck %s

#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "cascadelake", features = "+avx512f,+avx512vnni", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @vnni
// CHECK: kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 1, 0, {{[0-9]+}}, 0>, array<i64: 8, 1, 0, 16, 0>], vector_sizes = [8, 1, 32, 16, 4]
func.func @vnni(%x: tensor<128x192x4xi8>, %w: tensor<96x192x32x4xi8>, %init: tensor<128x96x32xi32>) -> tensor<128x96x32xi32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<128x192x4xi8>, tensor<96x192x32x4xi8>) outs(%init : tensor<128x96x32xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<128x96x32xi32>
  return %0 : tensor<128x96x32xi32>
}
}

// -----

#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// The target says it has no VNNI (a chip that has it, the feature off).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "cascadelake", features = "+avx512f,-avx512vnni", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @no_vnni
// CHECK-NOT: array<i64: 8, 1, 0, 16, 0>
// CHECK: kernel.schedule = #kernel.schedule<tile_sizes = [{{.*}}, array<i64: 8, 1, 0, 1, 1>]
func.func @no_vnni(%x: tensor<128x192x4xi8>, %w: tensor<96x192x32x4xi8>, %init: tensor<128x96x32xi32>) -> tensor<128x96x32xi32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<128x192x4xi8>, tensor<96x192x32x4xi8>) outs(%init : tensor<128x96x32xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<128x96x32xi32>
  return %0 : tensor<128x96x32xi32>
}
}

// -----

// bf16 pairs into f32 (loops m, panel, lane, k/2, k%2) with AVX512-BF16
// (cooperlake): the same register tiles, the pair whole.
#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "cooperlake", features = "+avx512f,+avx512bf16", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @bf16_pairs
// CHECK: kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: {{[0-9]+}}, 1, 0, {{[0-9]+}}, 0>, array<i64: 8, 1, 0, 16, 0>], vector_sizes = [8, 1, 32, 16, 2]
func.func @bf16_pairs(%x: tensor<128x192x2xbf16>, %w: tensor<96x192x32x2xbf16>, %init: tensor<128x96x32xf32>) -> tensor<128x96x32xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<128x192x2xbf16>, tensor<96x192x32x2xbf16>) outs(%init : tensor<128x96x32xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ea = arith.extf %a : bf16 to f32
    %eb = arith.extf %b : bf16 to f32
    %m = arith.mulf %ea, %eb : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<128x96x32xf32>
  return %0 : tensor<128x96x32xf32>
}
}

// -----

#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// Without AVX512-BF16 the pair is an ordinary reduction loop.
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "cooperlake", features = "+avx512f,-avx512bf16", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {
// CHECK-LABEL: func.func @no_bf16
// CHECK-NOT: array<i64: 8, 1, 0, 16, 0>
// CHECK: kernel.schedule = #kernel.schedule<tile_sizes = [{{.*}}, array<i64: 8, 1, 0, 1, 1>]
func.func @no_bf16(%x: tensor<128x192x2xbf16>, %w: tensor<96x192x32x2xbf16>, %init: tensor<128x96x32xf32>) -> tensor<128x96x32xf32> {
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<128x192x2xbf16>, tensor<96x192x32x2xbf16>) outs(%init : tensor<128x96x32xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ea = arith.extf %a : bf16 to f32
    %eb = arith.extf %b : bf16 to f32
    %m = arith.mulf %ea, %eb : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<128x96x32xf32>
  return %0 : tensor<128x96x32xf32>
}
}
