// Schedules of matrix-vector products (M of at most 4) chosen by
// kernel-select-schedule: the whole k loop inside a tile of every row and a
// wide n_r, so that each k step streams one long contiguous run of a B row
// into accumulators that live across the k loop.
// RUN: strata-opt %s --kernel-select-schedule -split-input-file | FileCheck %s

// AVX-512 (16 f32 per vector, 32 registers): n_r up to 32 vectors (512).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {

// One row: n_r = 512 (4 tiles along n), k_r = 4, k whole in the outer tile.
// CHECK-LABEL: func.func @gemv_2048
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 512, 0>, array<i64: 0, 512, 4>], vector_sizes = [1, 512, 4], parallel_dims = [1]>}
func.func @gemv_2048(%a: tensor<1x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<1x2048xf32>) -> tensor<1x2048xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<1x2048xf32>) -> tensor<1x2048xf32>
  return %r : tensor<1x2048xf32>
}

// N = 1024: 512 would leave 2 tiles along n, so 256 (4 tiles); K = 784.
// CHECK-LABEL: func.func @gemv_1024
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 256, 0>, array<i64: 0, 256, 4>], vector_sizes = [1, 256, 4], parallel_dims = [1]>}
func.func @gemv_1024(%a: tensor<1x784xf32>, %b: tensor<784x1024xf32>, %c: tensor<1x1024xf32>) -> tensor<1x1024xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x784xf32>, tensor<784x1024xf32>) outs(%c : tensor<1x1024xf32>) -> tensor<1x1024xf32>
  return %r : tensor<1x1024xf32>
}

// Four rows still stream B once: every row in the tile.
// CHECK-LABEL: func.func @gemv_4_rows
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 512, 0>, array<i64: 0, 512, 4>], vector_sizes = [4, 512, 4], parallel_dims = [1]>}
func.func @gemv_4_rows(%a: tensor<4x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<4x2048xf32>) -> tensor<4x2048xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<4x2048xf32>) -> tensor<4x2048xf32>
  return %r : tensor<4x2048xf32>
}

// Five rows: the general cache-blocked schedule (its outer level tiles k;
// the checks below do not pin its sizes, which getContractionSchedule owns).
// CHECK-LABEL: func.func @matmul_5_rows
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, {{[0-9]+}}, {{[1-9][0-9]*}}>
func.func @matmul_5_rows(%a: tensor<5x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<5x2048xf32>) -> tensor<5x2048xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<5x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<5x2048xf32>) -> tensor<5x2048xf32>
  return %r : tensor<5x2048xf32>
}

// No m loop at all (vecmat): the same shape of schedule over (n, k).
// CHECK-LABEL: func.func @vecmat
// CHECK: linalg.vecmat {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 512, 0>, array<i64: 512, 4>], vector_sizes = [512, 4], parallel_dims = [0]>}
func.func @vecmat(%a: tensor<2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<2048xf32>) -> tensor<2048xf32> {
  %r = linalg.vecmat ins(%a, %b : tensor<2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<2048xf32>) -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}

// N below one vector: n whole (no grid); K = 2050 takes k_r = 5 (4 does not
// divide it).
// CHECK-LABEL: func.func @gemv_narrow
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 0, 0, 5>], vector_sizes = [1, 10, 5], parallel_dims = []>}
func.func @gemv_narrow(%a: tensor<1x2050xf32>, %b: tensor<2050x10xf32>, %c: tensor<1x10xf32>) -> tensor<1x10xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x2050xf32>, tensor<2050x10xf32>) outs(%c : tensor<1x10xf32>) -> tensor<1x10xf32>
  return %r : tensor<1x10xf32>
}

// No power-of-2 number of vectors divides N = 1000: the widest tile that
// leaves 4 tiles (128), the partial last one (104) peeled by the tile pass.
// CHECK-LABEL: func.func @gemv_1000
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 128, 0>, array<i64: 0, 128, 4>], vector_sizes = [1, 128, 4], parallel_dims = [1]>}
func.func @gemv_1000(%a: tensor<1x2048xf32>, %b: tensor<2048x1000xf32>, %c: tensor<1x1000xf32>) -> tensor<1x1000xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x2048xf32>, tensor<2048x1000xf32>) outs(%c : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

// A weight in panel-major order (graph-prepack-weights: B[panel][k][n]):
// the panel loop is an outer n loop whose 4 panels count as tiles, so n_r
// stays the whole 512-wide panel row, and since a tile then covers whole
// rows of B, k_r = 1 reads each panel as one sequential stream.
// CHECK-LABEL: func.func @gemv_panels
// CHECK: linalg.generic {{.*}}kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 0, 512, 0>, array<i64: 1, 0, 512, 1>], vector_sizes = [1, 1, 512, 1], parallel_dims = [0]>
func.func @gemv_panels(%a: tensor<1x2048xf32>, %b: tensor<4x2048x512xf32>, %c: tensor<4x1x512xf32>) -> tensor<4x1x512xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(p, m, n, k) -> (m, k)>, affine_map<(p, m, n, k) -> (p, k, n)>, affine_map<(p, m, n, k) -> (p, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x2048xf32>, tensor<4x2048x512xf32>) outs(%c : tensor<4x1x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x1x512xf32>
  return %r : tensor<4x1x512xf32>
}

// B read transposed (k contiguous, a Gemm with a non-constant transB
// operand): streaming along n would read across B's rows, so the general
// schedule.
// CHECK-LABEL: func.func @gemv_transposed_b
// CHECK: linalg.generic {{.*}}kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, {{[0-9]+}}, {{[1-9][0-9]*}}>
func.func @gemv_transposed_b(%a: tensor<1x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<1x2048xf32>) -> tensor<1x2048xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<1x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2048xf32>
  return %r : tensor<1x2048xf32>
}
}

// -----

// AVX2 (8 f32 per vector, 16 registers): n_r up to 16 vectors (128).
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "+avx2,+fma", vector_bits = 256, l1_bytes = 32768, l2_bytes = 262144, cores = 4>} {
// CHECK-LABEL: func.func @gemv_avx2
// CHECK: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 128, 0>, array<i64: 0, 128, 4>], vector_sizes = [1, 128, 4], parallel_dims = [1]>}
func.func @gemv_avx2(%a: tensor<1x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<1x2048xf32>) -> tensor<1x2048xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1x2048xf32>, tensor<2048x2048xf32>) outs(%c : tensor<1x2048xf32>) -> tensor<1x2048xf32>
  return %r : tensor<1x2048xf32>
}
}
