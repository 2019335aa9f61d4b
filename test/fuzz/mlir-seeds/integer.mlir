// Seeds of test/fuzz/mlir_fuzz.py: integer and boolean elementwise ops
// (division, remainder, shifts, bitwise logic, comparisons) and casts.
//
// lit runs each seed file as a test: the seeds must parse and verify.
// RUN: strata-opt %s -o /dev/null

func.func @int_div_mod(%a: tensor<2x4xi32>, %b: tensor<4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>) {
  %0 = graph.div %a, %b : tensor<2x4xi32>, tensor<4xi32> -> tensor<2x4xi32>
  %1 = graph.mod %a, %b : tensor<2x4xi32>, tensor<4xi32> -> tensor<2x4xi32>
  %2 = graph.mod %a, %b {fmod = true} : tensor<2x4xi32>, tensor<4xi32> -> tensor<2x4xi32>
  return %0, %1, %2 : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>
}

func.func @int_shift(%a: tensor<5xi32>, %b: tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>) {
  %0 = graph.shift_left %a, %b : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
  %1 = graph.shift_right %a, %b : tensor<5xi32>, tensor<5xi32> -> tensor<5xi32>
  return %0, %1 : tensor<5xi32>, tensor<5xi32>
}

func.func @unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %0 = graph.add %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %1 = graph.div %0, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %2 = graph.shift_right %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %3 = graph.xor %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %4 = graph.mod %a, %b : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  return %1, %2, %3, %4 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}

func.func @int64(%a: tensor<3x2xi64>, %b: tensor<2xi64>) -> (tensor<3x2xi64>, tensor<3x2xi64>, tensor<3x2xi1>) {
  %0 = graph.sub %a, %b : tensor<3x2xi64>, tensor<2xi64> -> tensor<3x2xi64>
  %1 = graph.mul %0, %a : tensor<3x2xi64>, tensor<3x2xi64> -> tensor<3x2xi64>
  %2 = graph.neg %1 : tensor<3x2xi64> -> tensor<3x2xi64>
  %3 = graph.abs %2 : tensor<3x2xi64> -> tensor<3x2xi64>
  %4 = graph.sign %0 : tensor<3x2xi64> -> tensor<3x2xi64>
  %5 = graph.max %3, %4 : tensor<3x2xi64>, tensor<3x2xi64> -> tensor<3x2xi64>
  %6 = graph.greater %a, %b : tensor<3x2xi64>, tensor<2xi64> -> tensor<3x2xi1>
  return %5, %2, %6 : tensor<3x2xi64>, tensor<3x2xi64>, tensor<3x2xi1>
}

func.func @int8(%a: tensor<6xi8>, %b: tensor<6xi8>) -> (tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %0 = graph.mul %a, %b : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %1 = graph.div %0, %b : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %2 = graph.clip %1 {min = -3.0, max = 4.0} : tensor<6xi8> -> tensor<6xi8>
  %3 = graph.mod %a, %b : tensor<6xi8>, tensor<6xi8> -> tensor<6xi8>
  %4 = graph.relu %3 : tensor<6xi8> -> tensor<6xi8>
  return %0, %2, %4 : tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}

func.func @int16_bitwise(%a: tensor<2x3xi16>, %b: tensor<3xi16>) -> (tensor<2x3xi16>, tensor<2x3xi16>) {
  %0 = graph.and %a, %b : tensor<2x3xi16>, tensor<3xi16> -> tensor<2x3xi16>
  %1 = graph.or %0, %b : tensor<2x3xi16>, tensor<3xi16> -> tensor<2x3xi16>
  %2 = graph.not %1 : tensor<2x3xi16> -> tensor<2x3xi16>
  %3 = graph.shift_left %b, %a : tensor<3xi16>, tensor<2x3xi16> -> tensor<2x3xi16>
  return %2, %3 : tensor<2x3xi16>, tensor<2x3xi16>
}

func.func @bool(%p: tensor<4xi1>, %q: tensor<2x4xi1>) -> (tensor<2x4xi1>, tensor<2x4xi1>) {
  %0 = graph.and %p, %q : tensor<4xi1>, tensor<2x4xi1> -> tensor<2x4xi1>
  %1 = graph.or %0, %p : tensor<2x4xi1>, tensor<4xi1> -> tensor<2x4xi1>
  %2 = graph.not %1 : tensor<2x4xi1> -> tensor<2x4xi1>
  %3 = graph.equal %q, %p : tensor<2x4xi1>, tensor<4xi1> -> tensor<2x4xi1>
  return %2, %3 : tensor<2x4xi1>, tensor<2x4xi1>
}

func.func @casts_from_float(%x: tensor<2x3xf32>) -> (tensor<2x3xi32>, tensor<2x3xi8>, tensor<2x3xui8>, tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xi1>) {
  %c = graph.constant dense<3.0> : tensor<f32>
  %s = graph.mul %x, %c : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  %0 = graph.cast %s : tensor<2x3xf32> -> tensor<2x3xi32>
  %1 = graph.cast %s : tensor<2x3xf32> -> tensor<2x3xi8>
  %2 = graph.abs %s : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = graph.cast %2 : tensor<2x3xf32> -> tensor<2x3xui8>
  %4 = graph.cast %s : tensor<2x3xf32> -> tensor<2x3xf16>
  %5 = graph.cast %s : tensor<2x3xf32> -> tensor<2x3xbf16>
  %6 = graph.cast %x : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0, %1, %3, %4, %5, %6 : tensor<2x3xi32>, tensor<2x3xi8>, tensor<2x3xui8>, tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xi1>
}

func.func @casts_from_int(%x: tensor<5xi64>, %h: tensor<4xf16>) -> (tensor<5xf32>, tensor<5xi8>, tensor<5xui16>, tensor<5xi1>, tensor<4xi32>, tensor<5xf16>) {
  %0 = graph.cast %x : tensor<5xi64> -> tensor<5xf32>
  %1 = graph.cast %x : tensor<5xi64> -> tensor<5xi8>
  %2 = graph.cast %x : tensor<5xi64> -> tensor<5xui16>
  %3 = graph.cast %x : tensor<5xi64> -> tensor<5xi1>
  %4 = graph.cast %h : tensor<4xf16> -> tensor<4xi32>
  %5 = graph.cast %3 : tensor<5xi1> -> tensor<5xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<5xf32>, tensor<5xi8>, tensor<5xui16>, tensor<5xi1>, tensor<4xi32>, tensor<5xf16>
}
