// RUN: strata-opt %s --convert-kernel-to-func | FileCheck %s

// kernel.func becomes func.func (same name, signature, visibility, argument
// attributes and body); its schedule and target become the discardable
// attributes kernel.schedule and kernel.target; kernel.launch becomes
// func.call.

// CHECK-NOT: kernel.func
// CHECK-NOT: kernel.launch
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[X:.*]]: tensor<?x16xf32>)
// CHECK: %[[A:.*]] = call @add(%[[X]], %[[X]]) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
// CHECK: %[[B:.*]]:2 = call @pair(%[[A]]) : (tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>)
// CHECK: return %[[B]]#1
func.func @host(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %0 = kernel.launch @add(%x, %x) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %1:2 = kernel.launch @pair(%0) : (tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>)
  return %1#1 : tensor<?x16xf32>
}

// CHECK-LABEL: func.func private @add
// CHECK-SAME: (%[[P:.*]]: tensor<?x16xf32> {bufferization.writable = true}, %[[Q:.*]]: tensor<?x16xf32>) -> tensor<?x16xf32>
// CHECK-SAME: attributes {kernel.schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16>], vector_sizes = [1, 16], parallel_dims = [0]>, kernel.target = #kernel.target<{{.*}}vector_bits = 256{{.*}}>}
// CHECK: %[[R:.*]] = linalg.add ins(%[[P]], %[[Q]] : {{.*}}) outs(%[[P]] : tensor<?x16xf32>)
// CHECK: return %[[R]] : tensor<?x16xf32>
kernel.func private @add(%a: tensor<?x16xf32> {bufferization.writable = true}, %b: tensor<?x16xf32>) -> tensor<?x16xf32>
    attributes {schedule = #kernel.schedule<tile_sizes = [array<i64: 8, 16>], vector_sizes = [1, 16], parallel_dims = [0]>,
                target = #kernel.target<triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "+avx2,+fma", vector_bits = 256, l1_bytes = 32768, l2_bytes = 262144, cores = 4>} {
  %r = linalg.add ins(%a, %b : tensor<?x16xf32>, tensor<?x16xf32>) outs(%a : tensor<?x16xf32>) -> tensor<?x16xf32>
  kernel.return %r : tensor<?x16xf32>
}

// A public kernel without schedule stays public and gets no attribute.
// CHECK-LABEL: func.func @pair
// CHECK-NOT: attributes
// CHECK: return %{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<?x16xf32>
kernel.func @pair(%a: tensor<?x16xf32>) -> (tensor<?x16xf32>, tensor<?x16xf32>) {
  kernel.return %a, %a : tensor<?x16xf32>, tensor<?x16xf32>
}

// A declaration stays a declaration.
// CHECK-LABEL: func.func private @decl(tensor<4xf32>) -> tensor<4xf32>
kernel.func private @decl(tensor<4xf32>) -> tensor<4xf32>
