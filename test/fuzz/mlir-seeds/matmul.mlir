// Seeds of test/fuzz/mlir_fuzz.py: matrix products (graph.matmul with
// broadcast batch dims and vectors, graph.linear with its flags).
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @matmul_2d(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = graph.matmul %a, %b : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

func.func @matmul_batched(%a: tensor<2x3x4xf32>, %b: tensor<4x2xf32>, %c: tensor<1x2x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x4xf32>) {
  %0 = graph.matmul %a, %b : tensor<2x3x4xf32>, tensor<4x2xf32> -> tensor<2x3x2xf32>
  %1 = graph.matmul %0, %c : tensor<2x3x2xf32>, tensor<1x2x4xf32> -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x2xf32>, tensor<2x3x4xf32>
}

func.func @matmul_vector(%a: tensor<3x4xf32>, %v: tensor<4xf32>, %w: tensor<3xf32>) -> (tensor<3xf32>, tensor<4xf32>) {
  %0 = graph.matmul %a, %v : tensor<3x4xf32>, tensor<4xf32> -> tensor<3xf32>
  %1 = graph.matmul %w, %a : tensor<3xf32>, tensor<3x4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<3xf32>, tensor<4xf32>
}

func.func @matmul_int(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>, %c: tensor<2x2xi8>, %u: tensor<3x2xui8>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<3x2xi32>) {
  %0 = graph.matmul %a, %b : tensor<2x3xi32>, tensor<3x2xi32> -> tensor<2x2xi32>
  %1 = graph.matmul %c, %c : tensor<2x2xi8>, tensor<2x2xi8> -> tensor<2x2xi32>
  %2 = graph.matmul %u, %c : tensor<3x2xui8>, tensor<2x2xi8> -> tensor<3x2xi32>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<3x2xi32>
}

func.func @linear(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = graph.linear %x, %w, %b {trans_b = true, alpha = 0.5 : f32, beta = 2.0 : f32} : tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @linear_const_weight(%x: tensor<1x6xf32>) -> tensor<1x3xf32> {
  %w = graph.constant dense<[[1.0, -2.0, 0.5], [0.25, 3.0, -1.0], [2.0, 0.0, 1.5], [-0.5, 1.0, 1.0], [0.0, 2.0, -3.0], [1.0, 1.0, 0.125]]> : tensor<6x3xf32>
  %b = graph.constant dense<[0.5, -1.0, 2.0]> : tensor<3xf32>
  %0 = graph.linear %x, %w, %b : tensor<1x6xf32>, tensor<6x3xf32>, tensor<3xf32> -> tensor<1x3xf32>
  %1 = graph.relu %0 : tensor<1x3xf32> -> tensor<1x3xf32>
  return %1 : tensor<1x3xf32>
}

func.func @linear_half(%a: tensor<4x3xf16>, %b: tensor<2x4xf16>, %c: tensor<1x2xf16>) -> tensor<3x2xf16> {
  %0 = graph.linear %a, %b, %c {trans_a = true, trans_b = true} : tensor<4x3xf16>, tensor<2x4xf16>, tensor<1x2xf16> -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

func.func @linear_int(%a: tensor<2x3xi64>, %b: tensor<3x4xi64>, %c: tensor<2x1xi64>) -> tensor<2x4xi64> {
  %0 = graph.linear %a, %b, %c : tensor<2x3xi64>, tensor<3x4xi64>, tensor<2x1xi64> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}
