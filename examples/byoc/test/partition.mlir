// acme's pattern table, cost rule and code generation through Strata's
// graph passes: products of 8 rows or more with their relu become one call
// of the acme plugin; a narrower product and a lone relu stay with Strata.
// RUN: acme-opt %s --graph-partition-external=backends=acme --graph-lower-external | FileCheck %s
// RUN: acme-opt %s "--graph-partition-external=backends=acme cost-rule=false" --graph-lower-external | FileCheck %s --check-prefix=ALL

// CHECK-LABEL: func.func @main(
//       CHECK:   %[[P:.*]] = call @main_acme(%{{.*}}) : (tensor<8x4xf32>) -> tensor<8x3xf32>
//       CHECK:   graph.matmul %{{.*}}, %{{.*}} : tensor<1x4xf32>, tensor<4x3xf32>
//       CHECK:   graph.relu
// CHECK-LABEL: func.func private @main_acme(
//  CHECK-SAME:     attributes {graph.external = "acme"}
//       CHECK:   %[[C:.*]] = graph.call_native "acme.matmul"(%{{.*}}, %{{.*}}) {params = array<i64: 1>} : (tensor<8x4xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
//       CHECK:   return %[[C]]

// ALL: func.func private @main_acme(
// ALL: func.func private @main_acme_0(
// ALL:   graph.call_native "acme.matmul"({{.*}}) {params = array<i64: 0>} : (tensor<1x4xf32>, tensor<4x3xf32>) -> tensor<1x3xf32>

func.func @main(%a: tensor<8x4xf32>, %v: tensor<1x4xf32>) -> (tensor<8x3xf32>, tensor<1x3xf32>) {
  %w = graph.constant dense<[[1.0, 0.0, -1.0], [2.0, 1.0, 0.0], [0.0, -1.0, 1.0], [1.0, 1.0, 1.0]]> : tensor<4x3xf32>
  %p = graph.matmul %a, %w : tensor<8x4xf32>, tensor<4x3xf32> -> tensor<8x3xf32>
  %r = graph.relu %p : tensor<8x3xf32> -> tensor<8x3xf32>
  %q = graph.matmul %v, %w : tensor<1x4xf32>, tensor<4x3xf32> -> tensor<1x3xf32>
  %s = graph.relu %v : tensor<1x4xf32> -> tensor<1x4xf32>
  %t = graph.matmul %s, %w : tensor<1x4xf32>, tensor<4x3xf32> -> tensor<1x3xf32>
  %u = graph.add %q, %t : tensor<1x3xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  return %r, %u : tensor<8x3xf32>, tensor<1x3xf32>
}
