// Round trip of the kernel dialect: custom form, generic form, bytecode.
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: strata-opt %s -mlir-print-op-generic | strata-opt | FileCheck %s
// RUN: strata-opt %s -emit-bytecode | strata-opt | FileCheck %s

// CHECK: module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f,+fma", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>}
module attributes {kernel.target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx512", features = "+avx512f,+fma", vector_bits = 512, l1_bytes = 49152, l2_bytes = 2097152, cores = 2>} {

  // CHECK-LABEL: kernel.func @add
  // CHECK-SAME: attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 64, 64>, array<i64: 8, 16>], vector_sizes = [8, 16], parallel_dims = [0, 1], unroll = 2, pack = true>}
  // CHECK: return %{{.*}} : tensor<?x16xf32>
  kernel.func @add(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>) -> tensor<?x16xf32>
      attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 64, 64>, array<i64: 8, 16>], vector_sizes = [8, 16], parallel_dims = [0, 1], unroll = 2, pack = true>} {
    kernel.return %a : tensor<?x16xf32>
  }

  // Defaults are not printed; a private kernel declaration has no body.
  // CHECK-LABEL: kernel.func private @decl
  // CHECK-SAME: #kernel.schedule<tile_sizes = [], vector_sizes = [4], parallel_dims = []>
  kernel.func private @decl(tensor<4xf32>) -> tensor<4xf32>
      attributes {schedule = #kernel.schedule<tile_sizes = [], vector_sizes = [4], parallel_dims = []>}

  // CHECK-LABEL: func.func @host
  func.func @host(%x: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>) {
    // CHECK: kernel.launch @add(%{{.*}}, %{{.*}}) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    %0 = kernel.launch @add(%x, %x) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
    // CHECK: kernel.dispatch schedule(<tile_sizes = [array<i64: 8>], vector_sizes = [], parallel_dims = [0]>) -> tensor<?x16xf32> {
    // CHECK: kernel.yield %{{.*}} : tensor<?x16xf32>
    %1 = kernel.dispatch schedule(<tile_sizes = [array<i64: 8>], vector_sizes = [], parallel_dims = [0]>) -> tensor<?x16xf32> {
      kernel.yield %0 : tensor<?x16xf32>
    }
    return %0, %1 : tensor<?x16xf32>, tensor<?x16xf32>
  }
}
