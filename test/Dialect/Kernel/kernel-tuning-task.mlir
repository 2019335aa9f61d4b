// kernel-tuning-task: a kernel-level module reduced to one kernel and a
// @main launching it on its arguments; with `point`, the kernel's schedule
// at that point of its search space; `describe` gives the space as JSON.
// RUN: strata-opt %s --kernel-tuning-task="kernel=product describe" -mlir-print-op-on-diagnostic=false -o %t.task.mlir 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: FileCheck %s < %t.task.mlir
// RUN: strata-opt %s --kernel-tuning-task="kernel=product point=0,4,1,1" | FileCheck %s --check-prefix=POINT
// RUN: not strata-opt %s --kernel-tuning-task="kernel=product point=0,5,1,0" 2>&1 | FileCheck %s --check-prefix=BADPOINT
// RUN: not strata-opt %s --kernel-tuning-task="kernel=product point=0" 2>&1 | FileCheck %s --check-prefix=BADPOINT
// RUN: not strata-opt %s --kernel-tuning-task="kernel=missing" 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not strata-opt %s --kernel-tuning-task="kernel=unscheduled" 2>&1 | FileCheck %s --check-prefix=UNSCHEDULED

// The space (3 tile sizes of 5 choices, the unroll) and the kernel's work:
// 2 x 128 x 192 x 256 operations, (128 x 256 + 256 x 192 + 128 x 192) x 4
// bytes.
// SPACE: remark: {"bytes":425984,"fingerprint":"{{[0-9a-f]+}}","heuristic":[2,2,2,0],"iterators":["parallel","parallel","reduction"],"kernel":"product","knobs":[{"choices":[2,4,8,16,32],"kind":"tile","level":1,"loop":0},{"choices":[8,16,32,64,128],"kind":"tile","level":1,"loop":1},{"choices":[4,8,16,32,64],"kind":"tile","level":1,"loop":2},{"choices":[1,2,4],"kind":"unroll"}],"operations":12582912,"ranges":[128,192,256],"root":"linalg.matmul","size":375}

// The other kernel and the host function are gone; @main launches the
// kernel, whose schedule is its own.
// CHECK-NOT: @unscheduled
// CHECK-NOT: @host
// CHECK: kernel.func private @product({{.*}}) -> tensor<128x192xf32> attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>}
// CHECK: func.func @main(%[[A:.*]]: tensor<128x256xf32>, %[[B:.*]]: tensor<256x192xf32>) -> tensor<128x192xf32>
// CHECK:   %[[R:.*]] = kernel.launch @product(%[[A]], %[[B]])
// CHECK:   return %[[R]]
// CHECK-NOT: @unscheduled

// POINT: kernel.func private @product({{.*}}) -> tensor<128x192xf32> attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 2, 128, 8>], vector_sizes = [2, 128, 8], parallel_dims = [0, 1], unroll = 2>}
// POINT: linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 2, 128, 8>], vector_sizes = [2, 128, 8], parallel_dims = [0, 1], unroll = 2>}

// BADPOINT: error: kernel-tuning-task: ({{.*}}) is not a schedule of kernel @product's search space of 4 knobs
// MISSING: error: kernel-tuning-task: no kernel.func @missing with a body
// UNSCHEDULED: error: kernel-tuning-task: kernel @unscheduled has no scheduled root op to tune

func.func @host(%a: tensor<128x256xf32>, %b: tensor<256x192xf32>) -> tensor<128x192xf32> {
  %r = kernel.launch @product(%a, %b) : (tensor<128x256xf32>, tensor<256x192xf32>) -> tensor<128x192xf32>
  return %r : tensor<128x192xf32>
}

kernel.func private @product(%a: tensor<128x256xf32>, %b: tensor<256x192xf32>) -> tensor<128x192xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %r = linalg.matmul {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 0, 0, 0>, array<i64: 8, 32, 16>], vector_sizes = [8, 32, 16], parallel_dims = [0, 1]>} ins(%a, %b : tensor<128x256xf32>, tensor<256x192xf32>) outs(%f : tensor<128x192xf32>) -> tensor<128x192xf32>
  kernel.return %r : tensor<128x192xf32>
}

kernel.func private @unscheduled(%a: tensor<4xf32>) -> tensor<4xf32> {
  kernel.return %a : tensor<4xf32>
}
