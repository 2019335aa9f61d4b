// A product in kernel-pack-weights' dot-product layout (unsigned bytes A
// [16, K/4, 4] times signed bytes B [N/32, K/4, 32, 4] into i32), tiled by
// the schedule the CPU heuristics give it with AVX512-VNNI: register tiles
// of 8 rows, 32 lanes and 16 steps of k/4, the group of 4 bytes whole.
// The extensions move above the operands' broadcasts and transposes, so
// that the contraction reads the tiles themselves (A [8, 16, 4], B
// [1, 16, 32, 4]), and B's bytes are read as rows of 32 * 4 = 128 bytes
// (one per step), which strata-cpu-lower-dot-products then takes 64 at a
// time.
// RUN: strata-opt %s --strata-cpu-tile-and-vectorize | FileCheck %s

#a = affine_map<(m, p, l, k0, k1) -> (m, k0, k1)>
#b = affine_map<(m, p, l, k0, k1) -> (p, k0, l, k1)>
#c = affine_map<(m, p, l, k0, k1) -> (m, p, l)>
// (B's tile is the same for every row tile here: K/4 is one step of 16,
// so it is read before the row loop.)
// CHECK-LABEL: func.func @dot_products
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<1x16x32x4xi8> into tensor<1x16x128xi8>
// CHECK: vector.transfer_read %[[ROWS]][%c0, %c0, %c0], %{{.*}} {in_bounds = [true]} : tensor<1x16x128xi8>, vector<128xi8>
// CHECK-COUNT-15: vector.transfer_read %[[ROWS]]{{.*}} : tensor<1x16x128xi8>, vector<128xi8>
// CHECK: %[[B:.*]] = vector.shape_cast %{{.*}} : vector<1x16x128xi8> to vector<1x16x32x4xi8>
// CHECK: %[[BE:.*]] = arith.extsi %[[B]] : vector<1x16x32x4xi8> to vector<1x16x32x4xi32>
// CHECK: scf.for
// CHECK: %[[AE:.*]] = arith.extui %{{.*}} : vector<8x16x4xi8> to vector<8x16x4xi32>
// CHECK: vector.contract {{.*}} %[[AE]], %[[BE]], %{{.*}} : vector<8x16x4xi32>, vector<1x16x32x4xi32> into vector<8x1x32xi32>
func.func @dot_products(%x: tensor<16x16x4xi8>, %w: tensor<2x16x32x4xi8>) -> tensor<16x2x32xi32> {
  %zero = arith.constant 0 : i32
  %empty = tensor.empty() : tensor<16x2x32xi32>
  %init = linalg.fill ins(%zero : i32) outs(%empty : tensor<16x2x32xi32>) -> tensor<16x2x32xi32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<16x16x4xi8>, tensor<2x16x32x4xi8>) outs(%init : tensor<16x2x32xi32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 0, 0, 0>, array<i64: 8, 1, 0, 16, 0>], vector_sizes = [8, 1, 32, 16, 4], parallel_dims = [1]>} {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %m = arith.muli %ea, %eb : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<16x2x32xi32>
  return %0 : tensor<16x2x32xi32>
}

// bf16 pairs into f32 (kernel-demote-products' products): the same tiles,
// B read as rows of 32 * 2 = 64 bf16 per step, the extensions (extf) above
// the broadcasts.
// CHECK-LABEL: func.func @bf16_pairs
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<1x16x32x2xbf16> into tensor<1x16x64xbf16>
// CHECK-COUNT-16: vector.transfer_read %[[ROWS]]{{.*}} : tensor<1x16x64xbf16>, vector<64xbf16>
// CHECK: %[[B:.*]] = vector.shape_cast %{{.*}} : vector<1x16x64xbf16> to vector<1x16x32x2xbf16>
// CHECK: %[[BE:.*]] = arith.extf %[[B]] : vector<1x16x32x2xbf16> to vector<1x16x32x2xf32>
// CHECK: scf.for
// CHECK: %[[AE:.*]] = arith.extf %{{.*}} : vector<8x16x2xbf16> to vector<8x16x2xf32>
// CHECK: vector.contract {{.*}} %[[AE]], %[[BE]], %{{.*}} : vector<8x16x2xf32>, vector<1x16x32x2xf32> into vector<8x1x32xf32>
func.func @bf16_pairs(%x: tensor<16x16x2xbf16>, %w: tensor<2x16x32x2xbf16>) -> tensor<16x2x32xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x2x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x2x32xf32>) -> tensor<16x2x32xf32>
  %0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<16x16x2xbf16>, tensor<2x16x32x2xbf16>) outs(%init : tensor<16x2x32xf32>) attrs = {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 1, 0, 0, 0>, array<i64: 8, 1, 0, 16, 0>], vector_sizes = [8, 1, 32, 16, 2], parallel_dims = [1]>} {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ea = arith.extf %a : bf16 to f32
    %eb = arith.extf %b : bf16 to f32
    %m = arith.mulf %ea, %eb : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<16x2x32xf32>
  return %0 : tensor<16x2x32xf32>
}
