// Regions outlined for an external backend (graph-partition-external) are
// ordinary graph IR until the backend's code generation exists: the
// partitioned program compiles and computes what the reference evaluator
// computes for the original functions (one [1.] per result).
// RUN: strata-opt %s "--test-graph-build-e2e=return-checks tolerance=1e-4" "--graph-partition-external=backends=dnnl cost-rule=false" -o %t.mlir
// RUN: FileCheck %s --check-prefix=PARTITIONED < %t.mlir
// RUN: strata-compile %t.mlir -o %t.smod
// RUN: strata-run %t.smod --function=entry | FileCheck %s

// CHECK-COUNT-4: [1.]

// PARTITIONED-DAG: func.func private @conv_block_dnnl({{.*}} attributes {graph.external = "dnnl"}
// PARTITIONED-DAG: func.func private @no_cycle_dnnl({{.*}} attributes {graph.external = "dnnl"}
// PARTITIONED-DAG: func.func private @no_cycle_dnnl_0({{.*}} attributes {graph.external = "dnnl"}
// PARTITIONED-DAG: func.func private @linear_gelu_dnnl({{.*}} attributes {graph.external = "dnnl"}

func.func @conv_block(%x: tensor<1x8x10x10xf32>) -> tensor<1x8x10x10xf32> {
  %w = graph.constant dense<0.125> : tensor<8x8x3x3xf32>
  %b = graph.constant dense<0.5> : tensor<8xf32>
  %c = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>} : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
  %r = graph.relu %c : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  %s = graph.add %r, %x : tensor<1x8x10x10xf32>, tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  %o = graph.softmax %s {axis = 1 : i64} : tensor<1x8x10x10xf32> -> tensor<1x8x10x10xf32>
  return %o : tensor<1x8x10x10xf32>
}

func.func @no_cycle(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %p = graph.matmul %a, %b : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  %r = graph.relu %p : tensor<16x32xf32> -> tensor<16x32xf32>
  %s = graph.softmax %r {axis = 1 : i64} : tensor<16x32xf32> -> tensor<16x32xf32>
  %t = graph.matmul %s, %b : tensor<16x32xf32>, tensor<32x32xf32> -> tensor<16x32xf32>
  %u = graph.add %t, %p : tensor<16x32xf32>, tensor<16x32xf32> -> tensor<16x32xf32>
  return %u, %r : tensor<16x32xf32>, tensor<16x32xf32>
}

func.func @linear_gelu(%x: tensor<4x24xf32>) -> tensor<4x16xf32> {
  %w = graph.constant dense<0.0625> : tensor<24x16xf32>
  %b = graph.constant dense<-0.25> : tensor<16xf32>
  %l = graph.linear %x, %w, %b : tensor<4x24xf32>, tensor<24x16xf32>, tensor<16xf32> -> tensor<4x16xf32>
  %g = graph.gelu %l : tensor<4x16xf32> -> tensor<4x16xf32>
  return %g : tensor<4x16xf32>
}
