// kernel-sample-schedules: each scheduled kernel.func gets a random point
// of its search space, the schedules around the one it has: tile sizes of
// t/4 .. 4t (within the loop), vector sizes following the innermost tiles,
// the unroll among 1, 2 and 4, the parallel dims kept. The same seed draws
// the same points.
// RUN: strata-opt %s --kernel-sample-schedules="seed=7 report" -verify-diagnostics -o %t.a.mlir
// RUN: strata-opt %s --kernel-sample-schedules="seed=7" -o %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir
// RUN: FileCheck %s < %t.a.mlir

// 5 x 5 x 4 (256 of 512 cannot grow 4x) x 5 x 5 x 5 tile sizes x 3 unrolls.
// CHECK-LABEL: kernel.func @matmul
//  CHECK-SAME:   schedule = #kernel.schedule<tile_sizes = [array<i64: [[M0:[0-9]+]], [[N0:[0-9]+]], [[K0:[0-9]+]]>, array<i64: [[M1:[0-9]+]], [[N1:[0-9]+]], [[K1:[0-9]+]]>], vector_sizes = [[[M1]], [[N1]], [[K1]]]
//       CHECK:   linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: [[M0]], [[N0]], [[K0]]>, array<i64: [[M1]], [[N1]], [[K1]]>], vector_sizes = [[[M1]], [[N1]], [[K1]]]
// expected-remark-re @below {{kernel @matmul: sampled #kernel.schedule<tile_sizes = [array<i64: {{(32|64|128|256|512)}}, {{(32|64|128|256|512)}}, {{(64|128|256|512)}}>, array<i64: {{(2|4|8|16|32)}}, {{(8|16|32|64|128)}}, {{(4|8|16|32|64)}}>], vector_sizes = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], parallel_dims = [0, 1]{{(, unroll = [24])?}}> of 37500 schedules}}
kernel.func @matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 128, 256>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>} {
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 128, 128, 256>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>} ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  kernel.return %r : tensor<512x512xf32>
}

// A vector size that is not its tile's (the reduced loop's 16, below its
// tile of 32) stays, and the points whose tile would fall below it (8) are
// not drawn; the row loop's vector size of 1 follows its tile.
// expected-remark-re @below {{kernel @rows: sampled #kernel.schedule<tile_sizes = [array<i64: {{(1|2|4)}}, {{(16|32|64|128)}}>], vector_sizes = [{{(1|2|4)}}, 16], parallel_dims = [0]{{(, unroll = [24])?}}> of 45 schedules}}
kernel.func @rows(%a: tensor<8x256xf32>, %c: tensor<8xf32>) -> tensor<8xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 32>], vector_sizes = [1, 16], parallel_dims = [0]>} {
  %r = linalg.reduce ins(%a : tensor<8x256xf32>) outs(%c : tensor<8xf32>) dimensions = [1] {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 1, 32>], vector_sizes = [1, 16], parallel_dims = [0]>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  kernel.return %r : tensor<8xf32>
}

// A kernel without a schedule: untouched.
// CHECK-LABEL: kernel.func @unscheduled
//   CHECK-NOT:   schedule
kernel.func @unscheduled(%a: tensor<4xf32>) -> tensor<4xf32> {
  kernel.return %a : tensor<4xf32>
}
