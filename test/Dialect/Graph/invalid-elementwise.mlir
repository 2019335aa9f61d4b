// Verifier errors of the elementwise ops: ODS element-type constraints of
// each op, broadcasting, element types, declared result types and the
// attribute checks of clip, mod and cast.
// RUN: strata-opt %s -split-input-file -verify-diagnostics

func.func @f1(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.exp' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.exp %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f2(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.log' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.log %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f3(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.sqrt' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.sqrt %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f4(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.rsqrt' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.rsqrt %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f5(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.reciprocal' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.reciprocal %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f6(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.tanh' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.tanh %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f7(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.sigmoid' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.sigmoid %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f8(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.erf' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.erf %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f9(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.floor' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.floor %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f10(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.ceil' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.ceil %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f11(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.round' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.round %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f12(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.leaky_relu' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.leaky_relu %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f13(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.gelu' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.gelu %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f14(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.neg' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.neg %x : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f15(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.abs' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.abs %x : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f16(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.relu' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.relu %x : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f17(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.sign' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.sign %x : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f18(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.clip' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.clip %x : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f19(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.not' op operand #0 must be ranked tensor of integer or boolean values, but got 'tensor<3xf32>'}}
  %0 = graph.not %x : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

// The result has the same constraint as the operand.
func.func @f20(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.neg' op result #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.neg %x : tensor<3xf32> -> tensor<3xi1>
  return
}

// -----

// Unranked tensors are not graph tensors.
func.func @f21(%x: tensor<*xf32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = graph.neg %x : tensor<*xf32> -> tensor<*xf32>
  return
}

// -----

func.func @f22(%x: tensor<*xf32>) {
  // expected-error @+1 {{'graph.neg' op operand #0 must be ranked tensor of numeric values, but got 'tensor<*xf32>'}}
  %0 = "graph.neg"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f23(%x: vector<3xf32>) {
  // expected-error @+1 {{'graph.exp' op operand #0 must be ranked tensor of floating-point values, but got 'vector<3xf32>'}}
  %0 = "graph.exp"(%x) : (vector<3xf32>) -> vector<3xf32>
  return
}

// -----

// f8E4M3FN is not a graph element type.
func.func @f24(%x: tensor<3xf8E4M3FN>) {
  // expected-error @+1 {{'graph.sqrt' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xf8E4M3FN>'}}
  %0 = graph.sqrt %x : tensor<3xf8E4M3FN> -> tensor<3xf8E4M3FN>
  return
}

// -----

func.func @f25(%x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.neg' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{'graph.neg' op failed to infer returned types}}
  %0 = graph.neg %x : tensor<3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f26(%x: tensor<?x3xi64>) {
  // expected-error @+2 {{'graph.abs' op inferred type(s) 'tensor<?x3xi64>' are incompatible with return type(s) of operation 'tensor<?x3xi32>'}}
  // expected-error @+1 {{'graph.abs' op failed to infer returned types}}
  %0 = graph.abs %x : tensor<?x3xi64> -> tensor<?x3xi32>
  return
}

// -----

func.func @f27(%x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.exp' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3x1xf32>'}}
  // expected-error @+1 {{'graph.exp' op failed to infer returned types}}
  %0 = graph.exp %x : tensor<3xf32> -> tensor<3x1xf32>
  return
}

// -----

func.func @f28(%x: tensor<2xi1>) {
  // expected-error @+2 {{'graph.not' op inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<3xi1>'}}
  // expected-error @+1 {{'graph.not' op failed to infer returned types}}
  %0 = graph.not %x : tensor<2xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f29(%x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.leaky_relu' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.leaky_relu %x {alpha = 0.5 : f32} : tensor<3xf32> -> tensor<3xf16>
  return
}

// -----

func.func @f30(%x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.clip' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.clip %x {min = 0.0} : tensor<3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @f31(%x: tensor<3xf32>) {
  // expected-error @+1 {{attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %0 = graph.leaky_relu %x {alpha = 0.1 : f64} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f32(%x: tensor<3xf32>) {
  // expected-error @+2 {{expected ::strata::graph::GeluApproximation to be one of: none, tanh}}
  // expected-error @+1 {{failed to parse Graph_GeluApproximationAttr parameter 'value'}}
  %0 = graph.gelu %x {approximate = #graph.gelu_approximation<fast>} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f33(%x: tensor<3xf32>) {
  // expected-error @+1 {{attribute 'min' failed to satisfy constraint: 64-bit float attribute}}
  %0 = graph.clip %x {min = 0.0 : f32} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f34(%x: tensor<3xi64>) {
  // expected-error @+1 {{attribute 'fmod' failed to satisfy constraint: bool attribute}}
  %0 = graph.mod %x, %x {fmod = 1 : i64} : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f35(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.clip' op min 2.000000e+00 exceeds max 1.000000e+00}}
  %0 = graph.clip %x {min = 2.0, max = 1.0} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f36(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.clip' op bounds must not be NaN}}
  %0 = graph.clip %x {max = 0x7FF8000000000000 : f64} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f37(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.clip' op bounds must not be NaN}}
  %0 = graph.clip %x {min = 0x7FF8000000000000 : f64, max = 1.0} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f38(%x: tensor<3xi8>) {
  // expected-error @+1 {{'graph.clip' op bound 5.000000e-01 is not integral for an integer tensor}}
  %0 = graph.clip %x {min = 0.5} : tensor<3xi8> -> tensor<3xi8>
  return
}

// -----

func.func @f39(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.clip' op bound 2.500000e+00 is not integral for an integer tensor}}
  %0 = graph.clip %x {min = 0.0, max = 2.5} : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @f40(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.clip' op bound INF is not integral for an integer tensor}}
  %0 = graph.clip %x {max = 0x7FF0000000000000 : f64} : tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f41(%x: tensor<3xi8>) {
  // expected-error @+1 {{'graph.clip' op bound 1.280000e+02 is out of range for 'i8'}}
  %0 = graph.clip %x {max = 128.0} : tensor<3xi8> -> tensor<3xi8>
  return
}

// -----

func.func @f42(%x: tensor<3xi8>) {
  // expected-error @+1 {{'graph.clip' op bound -1.290000e+02 is out of range for 'i8'}}
  %0 = graph.clip %x {min = -129.0} : tensor<3xi8> -> tensor<3xi8>
  return
}

// -----

// 9223372036854775807.0 rounds to 2^63, one past the largest i64.
func.func @f43(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.clip' op bound 9.223372e+18 is out of range for 'i64'}}
  %0 = graph.clip %x {max = 9223372036854775807.0} : tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f44(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.cast' op result type 'tensor<4xi32>' has a shape incompatible with input type 'tensor<3xf32>'}}
  %0 = graph.cast %x : tensor<3xf32> -> tensor<4xi32>
  return
}

// -----

func.func @f45(%x: tensor<?x3xf32>) {
  // expected-error @+1 {{'graph.cast' op result type 'tensor<?x3x1xi1>' has a shape incompatible with input type 'tensor<?x3xf32>'}}
  %0 = graph.cast %x : tensor<?x3xf32> -> tensor<?x3x1xi1>
  return
}

// -----

func.func @f46(%x: tensor<3xf8E5M2>) {
  // expected-error @+1 {{'graph.cast' op operand #0 must be ranked tensor of graph element values, but got 'tensor<3xf8E5M2>'}}
  %0 = graph.cast %x : tensor<3xf8E5M2> -> tensor<3xf32>
  return
}

// -----

func.func @f47(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.cast' op result #0 must be ranked tensor of graph element values, but got 'tensor<3xsi8>'}}
  %0 = graph.cast %x : tensor<3xf32> -> tensor<3xsi8>
  return
}

// -----

func.func @f48(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.add' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.add %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f49(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.sub' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.sub %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f50(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.mul' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.mul %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f51(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.div' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.div %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f52(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.max' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.max %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f53(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.min' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.min %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f54(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.mod' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.mod %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f55(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.pow' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.pow %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f56(%x: tensor<3xf32>, %y: tensor<3xi4>) {
  // expected-error @+1 {{'graph.add' op operand #1 must be ranked tensor of numeric values, but got 'tensor<3xi4>'}}
  %0 = graph.add %x, %y : tensor<3xf32>, tensor<3xi4> -> tensor<3xf32>
  return
}

// -----

func.func @f57(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.and' op operand #0 must be ranked tensor of integer or boolean values, but got 'tensor<3xf32>'}}
  %0 = graph.and %x, %x : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f58(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.or' op operand #0 must be ranked tensor of integer or boolean values, but got 'tensor<3xf32>'}}
  %0 = graph.or %x, %x : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f59(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.xor' op operand #0 must be ranked tensor of integer or boolean values, but got 'tensor<3xf32>'}}
  %0 = graph.xor %x, %x : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f60(%x: tensor<3xf8E4M3FN>) {
  // expected-error @+1 {{'graph.equal' op operand #0 must be ranked tensor of graph element values, but got 'tensor<3xf8E4M3FN>'}}
  %0 = graph.equal %x, %x : tensor<3xf8E4M3FN>, tensor<3xf8E4M3FN> -> tensor<3xi1>
  return
}

// -----

func.func @f61(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.less' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.less %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f62(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.less_equal' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.less_equal %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f63(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.greater' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.greater %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f64(%x: tensor<3xi1>) {
  // expected-error @+1 {{'graph.greater_equal' op operand #0 must be ranked tensor of numeric values, but got 'tensor<3xi1>'}}
  %0 = graph.greater_equal %x, %x : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @f65(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.equal' op result #0 must be ranked tensor of boolean values, but got 'tensor<3xi64>'}}
  %0 = graph.equal %x, %x : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f66(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.less' op result #0 must be ranked tensor of boolean values, but got 'tensor<3xi64>'}}
  %0 = graph.less %x, %x : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f67(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.less_equal' op result #0 must be ranked tensor of boolean values, but got 'tensor<3xi64>'}}
  %0 = graph.less_equal %x, %x : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f68(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.greater' op result #0 must be ranked tensor of boolean values, but got 'tensor<3xi64>'}}
  %0 = graph.greater %x, %x : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

func.func @f69(%x: tensor<3xi64>) {
  // expected-error @+1 {{'graph.greater_equal' op result #0 must be ranked tensor of boolean values, but got 'tensor<3xi64>'}}
  %0 = graph.greater_equal %x, %x : tensor<3xi64>, tensor<3xi64> -> tensor<3xi64>
  return
}

// -----

// Generic form without a result.
func.func @f70(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.add' op requires one result}}
  "graph.add"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> ()
  return
}

// -----

// Generic form with a missing operand.
func.func @f71(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.add' op expected 2 operands, but found 1}}
  %0 = "graph.add"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f72(%a: tensor<3xf32>, %b: tensor<4xf32>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [3] vs [4] (operand #1)}}
  // expected-error @+1 {{'graph.add' op failed to infer returned types}}
  %0 = graph.add %a, %b : tensor<3xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// Rank extension does not make 3 and 4 compatible.
func.func @f73(%a: tensor<2x3xi64>, %b: tensor<5x2x4xi64>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [2, 3] vs [5, 2, 4] (operand #1)}}
  // expected-error @+1 {{'graph.less' op failed to infer returned types}}
  %0 = graph.less %a, %b : tensor<2x3xi64>, tensor<5x2x4xi64> -> tensor<5x2x4xi1>
  return
}

// -----

// A `?` elsewhere does not hide a static mismatch.
func.func @f74(%a: tensor<?x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [?, 3] vs [2, 4] (operand #1)}}
  // expected-error @+1 {{'graph.mul' op failed to infer returned types}}
  %0 = graph.mul %a, %b : tensor<?x3xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @f75(%a: tensor<3xf32>, %b: tensor<3xf16>) {
  // expected-error @+2 {{operands have different element types: 'f32' vs 'f16'}}
  // expected-error @+1 {{'graph.add' op failed to infer returned types}}
  %0 = graph.add %a, %b : tensor<3xf32>, tensor<3xf16> -> tensor<3xf32>
  return
}

// -----

func.func @f76(%a: tensor<3xi64>, %b: tensor<3xi32>) {
  // expected-error @+2 {{operands have different element types: 'i64' vs 'i32'}}
  // expected-error @+1 {{'graph.equal' op failed to infer returned types}}
  %0 = graph.equal %a, %b : tensor<3xi64>, tensor<3xi32> -> tensor<3xi1>
  return
}

// -----

func.func @f77(%a: tensor<3xf32>) {
  // expected-error @+2 {{'graph.add' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.add %a, %a : tensor<3xf32>, tensor<3xf32> -> tensor<3x1xf32>
  return
}

// -----

func.func @f78(%a: tensor<3xf32>) {
  // expected-error @+2 {{'graph.sub' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.sub %a, %a : tensor<3xf32>, tensor<3xf32> -> tensor<3xf16>
  return
}

// -----

func.func @f79(%a: tensor<?x3xf32>, %b: tensor<4x1xf32>) {
  // expected-error @+2 {{'graph.max' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max %a, %b : tensor<?x3xf32>, tensor<4x1xf32> -> tensor<5x3xf32>
  return
}

// -----

func.func @f80(%a: tensor<2xi64>) {
  // expected-error @+2 {{'graph.greater' op inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<1xi1>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.greater %a, %a : tensor<2xi64>, tensor<2xi64> -> tensor<1xi1>
  return
}

// -----

func.func @f81(%a: tensor<3xf32>) {
  // expected-error @+1 {{'graph.mod' op requires fmod = true for floating-point operands}}
  %0 = graph.mod %a, %a : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f82(%a: tensor<3xbf16>) {
  // expected-error @+1 {{'graph.mod' op requires fmod = true for floating-point operands}}
  %0 = graph.mod %a, %a {fmod = false} : tensor<3xbf16>, tensor<3xbf16> -> tensor<3xbf16>
  return
}

// -----

func.func @f83(%c: tensor<3xf32>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.select' op operand #0 must be ranked tensor of boolean values, but got 'tensor<3xf32>'}}
  %0 = graph.select %c, %x, %x : tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f84(%c: tensor<3xi1>, %x: tensor<3xf8E4M3FN>) {
  // expected-error @+1 {{'graph.select' op operand #1 must be ranked tensor of graph element values, but got 'tensor<3xf8E4M3FN>'}}
  %0 = graph.select %c, %x, %x : tensor<3xi1>, tensor<3xf8E4M3FN>, tensor<3xf8E4M3FN> -> tensor<3xf8E4M3FN>
  return
}

// -----

func.func @f85(%c: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xf16>) {
  // expected-error @+2 {{true and false values have different element types: 'f32' vs 'f16'}}
  // expected-error @+1 {{'graph.select' op failed to infer returned types}}
  %0 = graph.select %c, %x, %y : tensor<3xi1>, tensor<3xf32>, tensor<3xf16> -> tensor<3xf32>
  return
}

// -----

func.func @f86(%c: tensor<2xi1>, %x: tensor<3xf32>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [2] vs [3] (operand #1)}}
  // expected-error @+1 {{'graph.select' op failed to infer returned types}}
  %0 = graph.select %c, %x, %x : tensor<2xi1>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @f87(%c: tensor<2xi1>, %x: tensor<3x1xf32>, %y: tensor<4xf32>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [3, 2] vs [4] (operand #2)}}
  // expected-error @+1 {{'graph.select' op failed to infer returned types}}
  %0 = graph.select %c, %x, %y : tensor<2xi1>, tensor<3x1xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @f88(%c: tensor<?xi1>, %x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.select' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.select %c, %x, %x : tensor<?xi1>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf16>
  return
}

// -----

// The condition broadcasts too.
func.func @f89(%c: tensor<4x1xi1>, %x: tensor<3xf32>) {
  // expected-error @+2 {{'graph.select' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.select %c, %x, %x : tensor<4x1xi1>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

// Static sizes whose product does not fit in int64.
func.func @huge_operand(%x: tensor<9223372036854775807x2xf32>) {
  // expected-error @+1 {{'graph.add' op operand #0 type 'tensor<9223372036854775807x2xf32>' has more elements than fit in int64}}
  %0 = graph.add %x, %x : tensor<9223372036854775807x2xf32>, tensor<9223372036854775807x2xf32> -> tensor<9223372036854775807x2xf32>
  return
}

// -----

func.func @huge_broadcast_operand(%x: tensor<?x2xf32>, %y: tensor<4611686018427387904x1x2xf32>) {
  // expected-error @+1 {{'graph.less' op operand #1 type 'tensor<4611686018427387904x1x2xf32>' has more elements than fit in int64}}
  %0 = graph.less %x, %y : tensor<?x2xf32>, tensor<4611686018427387904x1x2xf32> -> tensor<4611686018427387904x?x2xi1>
  return
}

// -----

// The operands are small, the declared result is not.
func.func @huge_result(%x: tensor<?x2xf32>) {
  // expected-error @+1 {{'graph.exp' op result #0 type 'tensor<9223372036854775807x2xf32>' has more elements than fit in int64}}
  %0 = graph.exp %x : tensor<?x2xf32> -> tensor<9223372036854775807x2xf32>
  return
}

// -----

func.func @huge_dynamic(%x: tensor<?x3074457345618258603x3xi64>) {
  // expected-error @+1 {{'graph.clip' op operand #0 type 'tensor<?x3074457345618258603x3xi64>' has more elements than fit in int64}}
  %0 = graph.clip %x {min = 0.0} : tensor<?x3074457345618258603x3xi64> -> tensor<?x3074457345618258603x3xi64>
  return
}

// -----

func.func @huge_mod(%x: tensor<9223372036854775807x2xi32>) {
  // expected-error @+1 {{'graph.mod' op operand #0 type 'tensor<9223372036854775807x2xi32>' has more elements than fit in int64}}
  %0 = graph.mod %x, %x : tensor<9223372036854775807x2xi32>, tensor<9223372036854775807x2xi32> -> tensor<9223372036854775807x2xi32>
  return
}

// -----

func.func @huge_select(%c: tensor<i1>, %x: tensor<9223372036854775807x2xf32>) {
  // expected-error @+1 {{'graph.select' op operand #1 type 'tensor<9223372036854775807x2xf32>' has more elements than fit in int64}}
  %0 = graph.select %c, %x, %x : tensor<i1>, tensor<9223372036854775807x2xf32>, tensor<9223372036854775807x2xf32> -> tensor<9223372036854775807x2xf32>
  return
}

// -----

func.func @huge_cast(%x: tensor<?x2xf32>) {
  // expected-error @+1 {{'graph.cast' op result #0 type 'tensor<9223372036854775807x2xi8>' has more elements than fit in int64}}
  %0 = graph.cast %x : tensor<?x2xf32> -> tensor<9223372036854775807x2xi8>
  return
}

// -----

// The trigonometric and hyperbolic functions take floats only.
func.func @sin_of_int(%x: tensor<3xi32>) {
  // expected-error @+1 {{'graph.sin' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.sin %x : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @acosh_of_uint(%x: tensor<3xui8>) {
  // expected-error @+1 {{'graph.acosh' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<3xui8>'}}
  %0 = graph.acosh %x : tensor<3xui8> -> tensor<3xui8>
  return
}

// -----

func.func @atanh_result(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.atanh' op result #0 must be ranked tensor of floating-point values, but got 'tensor<3xi32>'}}
  %0 = graph.atanh %x : tensor<3xf32> -> tensor<3xi32>
  return
}

// -----

func.func @cos_shape(%x: tensor<2xf16>) {
  // expected-error @+2 {{'graph.cos' op inferred type(s) 'tensor<2xf16>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{'graph.cos' op failed to infer returned types}}
  %0 = graph.cos %x : tensor<2xf16> -> tensor<3xf16>
  return
}

// -----

// Bitwise ops take one element type: no mixing of booleans and integers.
func.func @and_mixed(%a: tensor<3xi1>, %b: tensor<3xi8>) {
  // expected-error @+2 {{operands have different element types: 'i1' vs 'i8'}}
  // expected-error @+1 {{'graph.and' op failed to infer returned types}}
  %0 = graph.and %a, %b : tensor<3xi1>, tensor<3xi8> -> tensor<3xi1>
  return
}

// -----

func.func @xor_signedness(%a: tensor<3xui8>, %b: tensor<3xi8>) {
  // expected-error @+2 {{operands have different element types: 'ui8' vs 'i8'}}
  // expected-error @+1 {{'graph.xor' op failed to infer returned types}}
  %0 = graph.xor %a, %b : tensor<3xui8>, tensor<3xi8> -> tensor<3xui8>
  return
}

// -----

// Shifts take integers, not booleans or floats, and an amount of the
// shifted value's type.
func.func @shift_bool(%p: tensor<3xi1>) {
  // expected-error @+1 {{'graph.shift_left' op operand #0 must be ranked tensor of integer values, but got 'tensor<3xi1>'}}
  %0 = graph.shift_left %p, %p : tensor<3xi1>, tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @shift_float(%x: tensor<3xf32>) {
  // expected-error @+1 {{'graph.shift_right' op operand #0 must be ranked tensor of integer values, but got 'tensor<3xf32>'}}
  %0 = graph.shift_right %x, %x : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @shift_amount_type(%x: tensor<3xui32>, %n: tensor<3xui8>) {
  // expected-error @+2 {{operands have different element types: 'ui32' vs 'ui8'}}
  // expected-error @+1 {{'graph.shift_right' op failed to infer returned types}}
  %0 = graph.shift_right %x, %n : tensor<3xui32>, tensor<3xui8> -> tensor<3xui32>
  return
}

// -----

func.func @shift_broadcast(%x: tensor<3xi64>, %n: tensor<2x4xi64>) {
  // expected-error @+2 {{operands are not broadcast-compatible: [3] vs [2, 4] (operand #1)}}
  // expected-error @+1 {{'graph.shift_left' op failed to infer returned types}}
  %0 = graph.shift_left %x, %n : tensor<3xi64>, tensor<2x4xi64> -> tensor<2x4xi64>
  return
}
