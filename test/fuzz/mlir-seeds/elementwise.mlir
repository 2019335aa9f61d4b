// Seeds of test/fuzz/mlir_fuzz.py: elementwise graph ops (broadcasting,
// float element types, comparisons and select). Each func.func is one seed;
// the fuzzer mutates it (dims, attributes, element types, operands, ops,
// constants) and checks the passes and the compiled code against the
// reference evaluator.
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @add_broadcast(%a: tensor<2x3x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = graph.add %a, %b : tensor<2x3x4xf32>, tensor<3x1xf32> -> tensor<2x3x4xf32>
  %1 = graph.mul %0, %a : tensor<2x3x4xf32>, tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %2 = graph.tanh %1 : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %2 : tensor<2x3x4xf32>
}

func.func @unary_chain(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = graph.abs %x : tensor<3x5xf32> -> tensor<3x5xf32>
  %1 = graph.sqrt %0 : tensor<3x5xf32> -> tensor<3x5xf32>
  %2 = graph.exp %x : tensor<3x5xf32> -> tensor<3x5xf32>
  %3 = graph.log %2 : tensor<3x5xf32> -> tensor<3x5xf32>
  %4 = graph.sigmoid %3 : tensor<3x5xf32> -> tensor<3x5xf32>
  %5 = graph.gelu %1 : tensor<3x5xf32> -> tensor<3x5xf32>
  %6 = graph.erf %5 : tensor<3x5xf32> -> tensor<3x5xf32>
  %7 = graph.clip %6 {min = -0.5, max = 0.75} : tensor<3x5xf32> -> tensor<3x5xf32>
  %8 = graph.leaky_relu %4 {alpha = 0.2 : f32} : tensor<3x5xf32> -> tensor<3x5xf32>
  %9 = graph.rsqrt %2 : tensor<3x5xf32> -> tensor<3x5xf32>
  %10 = graph.reciprocal %9 : tensor<3x5xf32> -> tensor<3x5xf32>
  %11 = graph.add %10, %8 : tensor<3x5xf32>, tensor<3x5xf32> -> tensor<3x5xf32>
  return %7, %11 : tensor<3x5xf32>, tensor<3x5xf32>
}

func.func @binary_mix(%a: tensor<4x1xf32>, %b: tensor<1x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = graph.sub %a, %b : tensor<4x1xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  %1 = graph.div %0, %b : tensor<4x5xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  %2 = graph.max %1, %a : tensor<4x5xf32>, tensor<4x1xf32> -> tensor<4x5xf32>
  %3 = graph.min %2, %b : tensor<4x5xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  %4 = graph.mod %0, %b {fmod = true} : tensor<4x5xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  %5 = graph.abs %a : tensor<4x1xf32> -> tensor<4x1xf32>
  %6 = graph.pow %5, %b : tensor<4x1xf32>, tensor<1x5xf32> -> tensor<4x5xf32>
  return %3, %4, %6 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
}

func.func @rounding(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %c = graph.constant dense<2.5> : tensor<f32>
  %0 = graph.mul %x, %c : tensor<8xf32>, tensor<f32> -> tensor<8xf32>
  %1 = graph.floor %0 : tensor<8xf32> -> tensor<8xf32>
  %2 = graph.ceil %0 : tensor<8xf32> -> tensor<8xf32>
  %3 = graph.round %0 : tensor<8xf32> -> tensor<8xf32>
  %4 = graph.sign %0 : tensor<8xf32> -> tensor<8xf32>
  return %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

func.func @compare_select(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %0 = graph.less %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %1 = graph.select %0, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  %2 = graph.greater_equal %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %3 = graph.equal %a, %1 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xi1>
  %4 = graph.xor %2, %3 : tensor<2x3xi1>, tensor<2x3xi1> -> tensor<2x3xi1>
  return %1, %4 : tensor<2x3xf32>, tensor<2x3xi1>
}

func.func @half(%a: tensor<3x4xf16>, %b: tensor<4xf16>) -> (tensor<3x4xf16>, tensor<3x4xf16>) {
  %0 = graph.add %a, %b : tensor<3x4xf16>, tensor<4xf16> -> tensor<3x4xf16>
  %1 = graph.mul %0, %0 : tensor<3x4xf16>, tensor<3x4xf16> -> tensor<3x4xf16>
  %2 = graph.relu %1 : tensor<3x4xf16> -> tensor<3x4xf16>
  %3 = graph.sigmoid %a : tensor<3x4xf16> -> tensor<3x4xf16>
  return %2, %3 : tensor<3x4xf16>, tensor<3x4xf16>
}

func.func @bfloat(%a: tensor<2x4xbf16>, %b: tensor<2x4xbf16>) -> (tensor<2x4xbf16>, tensor<2x4xbf16>) {
  %0 = graph.sub %a, %b : tensor<2x4xbf16>, tensor<2x4xbf16> -> tensor<2x4xbf16>
  %1 = graph.max %0, %b : tensor<2x4xbf16>, tensor<2x4xbf16> -> tensor<2x4xbf16>
  %2 = graph.neg %a : tensor<2x4xbf16> -> tensor<2x4xbf16>
  %3 = graph.exp %2 : tensor<2x4xbf16> -> tensor<2x4xbf16>
  return %1, %3 : tensor<2x4xbf16>, tensor<2x4xbf16>
}

func.func @trigonometric(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = graph.sin %x : tensor<6xf32> -> tensor<6xf32>
  %1 = graph.cos %x : tensor<6xf32> -> tensor<6xf32>
  %2 = graph.atan %0 : tensor<6xf32> -> tensor<6xf32>
  %3 = graph.asin %1 : tensor<6xf32> -> tensor<6xf32>
  %4 = graph.sinh %x : tensor<6xf32> -> tensor<6xf32>
  %5 = graph.tan %2 : tensor<6xf32> -> tensor<6xf32>
  return %3, %4, %5 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

func.func @double(%a: tensor<3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = graph.div %b, %a : tensor<2x3xf64>, tensor<3xf64> -> tensor<2x3xf64>
  %1 = graph.tanh %0 : tensor<2x3xf64> -> tensor<2x3xf64>
  return %1 : tensor<2x3xf64>
}
