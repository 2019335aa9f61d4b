// Every verifier and inference error of the neural-network ops.
// RUN: strata-opt %s -split-input-file -verify-diagnostics

func.func @matmul_1(%a: tensor<2x3xf32>, %b: tensor<3x4xf16>) {
  // expected-error @+2 {{operands have different element types}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf16> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_2(%a: tensor<f32>, %b: tensor<3x4xf32>) {
  // expected-error @+2 {{operands must have rank >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<f32>, tensor<3x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @matmul_3(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) {
  // expected-error @+2 {{contraction sizes differ: lhs has 3, rhs has 5}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<2x3xf32>, tensor<5x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @matmul_4(%a: tensor<2x2x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+2 {{batch dims are not broadcast-compatible: [2] vs [3]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<2x2x3xf32>, tensor<3x3x4xf32> -> tensor<2x2x4xf32>
  return
}

// -----

func.func @matmul_5(%a: tensor<2x3xi1>, %b: tensor<3x4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.matmul %a, %b : tensor<2x3xi1>, tensor<3x4xi1> -> tensor<2x4xi1>
  return
}

// -----

func.func @matmul_6(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+2 {{'graph.matmul' op inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<2x5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x5xf32>
  return
}

// -----

func.func @linear_1(%a: tensor<1x2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+2 {{a must be 2-D, got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b : tensor<1x2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_2(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{b must be 2-D, got rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_3(%a: tensor<2x3xf32>, %b: tensor<3x4xi32>) {
  // expected-error @+2 {{b has element type 'i32', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b : tensor<2x3xf32>, tensor<3x4xi32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_4(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+2 {{contraction sizes differ: a has 2, b has 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b {trans_a = true} : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @linear_5(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf16>) {
  // expected-error @+2 {{bias has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b, %c : tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf16> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_6(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<1x2x4xf32>) {
  // expected-error @+2 {{bias has rank 3, more than the 2 dims it broadcasts to}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b, %c : tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_7(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<3xf32>) {
  // expected-error @+2 {{bias size 3 in dim 0 does not broadcast to 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.linear %a, %b, %c : tensor<2x3xf32>, tensor<3x4xf32>, tensor<3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_8(%a: tensor<2x3xi1>, %b: tensor<3x4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.linear %a, %b : tensor<2x3xi1>, tensor<3x4xi1> -> tensor<2x4xi1>
  return
}

// -----

func.func @conv2d_1(%x: tensor<4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{input must be 4-D, got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_2(%x: tensor<1x4x8x8xf32>, %w: tensor<6x36xf32>) {
  // expected-error @+2 {{weight must be 4-D, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xf32>, tensor<6x36xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_3(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf16>) {
  // expected-error @+2 {{weight has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf16> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_4(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xbf16>) {
  // expected-error @+2 {{bias has element type 'bf16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w, %b : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<6xbf16> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_5(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'strides' must have 2 entries, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {strides = array<i64: 1>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_6(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'strides' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {strides = array<i64: 1, 0>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_7(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'pads' must have 4 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {pads = array<i64: 1, 1>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_8(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'pads' entries must be >= 0, got -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {pads = array<i64: 0, -1, 0, 0>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_9(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'dilations' must have 2 entries, got 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {dilations = array<i64: 1, 1, 1>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_10(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got -2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {dilations = array<i64: -2, 1>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_11(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 1 overflow when added}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {pads = array<i64: 0, 9223372036854775807, 0, 1>} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_12(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{'groups' must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {groups = 0 : i64} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_13(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x0xf32>) {
  // expected-error @+2 {{weight kernel sizes must be >= 1, got 3x0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xf32>, tensor<6x4x3x0xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_14(%x: tensor<1x?x8x8xf32>, %w: tensor<?x4611686018427387904x1x1xf32>) {
  // expected-error @+2 {{weight input channels 4611686018427387904 times groups 4 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {groups = 4 : i64} : tensor<1x?x8x8xf32>, tensor<?x4611686018427387904x1x1xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_15(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{input has 4 channels, expected 8 (weight input channels 4 * groups 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {groups = 2 : i64} : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_16(%x: tensor<1x4x8x8xf32>, %w: tensor<6x?x3x3xf32>) {
  // expected-error @+2 {{input channels 4 are not divisible by groups 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {groups = 3 : i64} : tensor<1x4x8x8xf32>, tensor<6x?x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_17(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<1x6xf32>) {
  // expected-error @+2 {{bias must be 1-D, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w, %b : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<1x6xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_18(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<5xf32>) {
  // expected-error @+2 {{bias has 5 elements, expected 6 (output channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w, %b : tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<5xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_19(%x: tensor<1x4x8x8xf32>, %w: tensor<6x1x3x3xf32>) {
  // expected-error @+2 {{output channels 6 are not divisible by groups 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {groups = 4 : i64} : tensor<1x4x8x8xf32>, tensor<6x1x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_20(%x: tensor<1x4x8x8xf32>, %w: tensor<?x2x3x3xf32>, %b: tensor<9xf32>) {
  // expected-error @+2 {{output channels 9 are not divisible by groups 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w, %b {groups = 2 : i64} : tensor<1x4x8x8xf32>, tensor<?x2x3x3xf32>, tensor<9xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_21(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x5x3xf32>) {
  // expected-error @+2 {{output height size would be 0 (input 8, pads 0 + 0, kernel 5, dilation 2, stride 1), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {dilations = array<i64: 2, 1>} : tensor<1x4x8x8xf32>, tensor<6x4x5x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_22(%x: tensor<1x?x?x9223372036854775807xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{output width size computation overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {pads = array<i64: 0, 0, 0, 1>} : tensor<1x?x?x9223372036854775807xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv2d_23(%x: tensor<1x4x8x8xi32>, %w: tensor<6x4x3x3xi32>) {
  // expected-error @+2 {{input has element type 'i32', expected a float, or 8-bit integers with an 8-bit integer weight}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xi32>, tensor<6x4x3x3xi32> -> tensor<1x6x6x6xf32>
  return
}

// -----

// Bytes times floats.
func.func @conv2d_bytes_float(%x: tensor<1x4x8x8xui8>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{input has element type 'ui8', expected a float, or 8-bit integers with an 8-bit integer weight}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xui8>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6xi32>
  return
}

// -----

// Byte convolutions take no bias (ConvInteger has none).
func.func @conv2d_bytes_bias(%x: tensor<1x4x8x8xui8>, %w: tensor<6x4x3x3xi8>, %b: tensor<6xf32>) {
  // expected-error @+2 {{a convolution of 8-bit integers takes no bias}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w, %b : tensor<1x4x8x8xui8>, tensor<6x4x3x3xi8>, tensor<6xf32> -> tensor<1x6x6x6xi32>
  return
}

// -----

// The exact sums are i32.
func.func @conv2d_bytes_result(%x: tensor<1x4x8x8xui8>, %w: tensor<6x4x3x3xi8>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1x6x6x6xi32>' are incompatible with return type(s) of operation 'tensor<1x6x6x6xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w : tensor<1x4x8x8xui8>, tensor<6x4x3x3xi8> -> tensor<1x6x6x6xf32>
  return
}

// -----

// 8-bit products are graph.conv2d's only.
func.func @conv3d_bytes(%x: tensor<1x4x8x8x8xui8>, %w: tensor<6x4x3x3x3xi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xui8>, tensor<6x4x3x3x3xi8> -> tensor<1x6x6x6x6xi32>
  return
}

// -----

func.func @conv2d_24(%x: tensor<1x8x8x4xf32>, %w: tensor<6x3x3x5xf32>) {
  // expected-error @+2 {{input has 4 channels, expected 5 (weight input channels 5 * groups 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv2d %x, %w {layout = #graph.layout<nhwc>} : tensor<1x8x8x4xf32>, tensor<6x3x3x5xf32> -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv_transpose2d_1(%x: tensor<1x4x8x8x1xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{input must be 4-D, got rank 5}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w : tensor<1x4x8x8x1xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_2(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+2 {{weight has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf16> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_3(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'output_padding' must have 2 entries, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {output_padding = array<i64: 0>} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_4(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'output_padding' entries must be >= 0, got -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {output_padding = array<i64: 0, -1>} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_5(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'output_padding' of spatial dim 0 is 2, expected less than the stride 2 or the dilation 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {output_padding = array<i64: 2, 0>, strides = array<i64: 2, 2>} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_6(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'strides' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 0, 1>} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_7(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{'groups' must be >= 1, got -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {groups = -1 : i64} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_8(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x0x3xf32>) {
  // expected-error @+2 {{weight kernel sizes must be >= 1, got 0x3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w : tensor<1x4x8x8xf32>, tensor<4x3x0x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_9(%x: tensor<1x4x8x8xf32>, %w: tensor<5x3x3x3xf32>) {
  // expected-error @+2 {{input has 4 channels, expected 5 (weight input channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w : tensor<1x4x8x8xf32>, tensor<5x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_10(%x: tensor<1x?x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{input channels 4 are not divisible by groups 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {groups = 3 : i64} : tensor<1x?x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_11(%x: tensor<1x4x8x8xf32>, %w: tensor<?x4611686018427387904x1x1xf32>) {
  // expected-error @+2 {{weight output channels 4611686018427387904 times groups 2 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {groups = 2 : i64} : tensor<1x4x8x8xf32>, tensor<?x4611686018427387904x1x1xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_12(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{bias has 3 elements, expected 6 (output channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w, %b {groups = 2 : i64} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_13(%x: tensor<1x4x8x8xf32>, %w: tensor<4x?x3x3xf32>, %b: tensor<5xf32>) {
  // expected-error @+2 {{output channels 5 are not divisible by groups 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w, %b {groups = 2 : i64} : tensor<1x4x8x8xf32>, tensor<4x?x3x3xf32>, tensor<5xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_14(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<f32>) {
  // expected-error @+2 {{bias must be 1-D, got rank 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w, %b : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32>, tensor<f32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_15(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{output height size would be 0 (input 8, pads 5 + 5, kernel 3, dilation 1, stride 1, output padding 0), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {pads = array<i64: 5, 0, 5, 0>} : tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @conv_transpose2d_16(%x: tensor<1x?x?x4611686018427387905xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+2 {{output width size computation overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 1, 2>} : tensor<1x?x?x4611686018427387905xf32>, tensor<4x3x3x3xf32> -> tensor<1x3x10x10xf32>
  return
}

// -----

func.func @max_pool2d_1(%x: tensor<8x8xf32>) {
  // expected-error @+2 {{input must be 4-D, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>} : tensor<8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_2(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{requires attribute 'kernel_shape'}}
  %0 = graph.max_pool2d %x : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_3(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'kernel_shape' must have 2 entries, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_4(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'kernel_shape' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 0, 3>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_5(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'strides' must have 2 entries, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, strides = array<i64>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_6(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 0, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_7(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pads' entries must be >= 0, got -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: -1, 0, 0, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_8(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{dilated kernel size of spatial dim 1 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 1, 9223372036854775807>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_9(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 0 (0, 3) must be smaller than the dilated kernel size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 0, 0, 3, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_10(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{output width size would be 0 (input 8, pads 0 + 0, kernel 5, dilation 2, stride 1), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 5>, dilations = array<i64: 1, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_11(%x: tensor<1x3x1x8xf32>) {
  // expected-error @+2 {{output height size would be 0 (input 1, pads 0 + 0, kernel 3, dilation 1, stride 2), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 1>, strides = array<i64: 2, 1>, ceil_mode = true} : tensor<1x3x1x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_12(%x: tensor<1x?x9223372036854775807x?xf32>) {
  // expected-error @+2 {{output height size computation overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 0, 0, 0>} : tensor<1x?x9223372036854775807x?xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @max_pool2d_13(%x: tensor<1x3x8x8xi1>) {
  // Integers are accepted, booleans are not.
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>} : tensor<1x3x8x8xi1> -> tensor<1x3x6x6xi1>
  return
}

// -----

func.func @avg_pool2d_1(%x: tensor<3x8x8xf32>) {
  // expected-error @+2 {{input must be 4-D, got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>} : tensor<3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_2(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'kernel_shape' must have 2 entries, got 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3, 3>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_3(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pads' must have 4 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_4(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 1 (2, 0) must be smaller than the dilated kernel size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 2>, pads = array<i64: 0, 2, 0, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_5(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{output height size would be -1 (input 8, pads 0 + 0, kernel 10, dilation 1, stride 1), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 10, 3>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_6(%x: tensor<1x3x8x8xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>} : tensor<1x3x8x8xi32> -> tensor<1x3x6x6xi32>
  return
}

// -----

func.func @avg_pool2d_7(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 1, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_8(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got -2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: -2, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_9(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'dilations' must have 2 entries, got 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 1, 1, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @avg_pool2d_10(%x: tensor<1x3x8x8xf32>) {
  // The pads are bounded by the dilated kernel: (2 - 1) * 3 + 1 = 4.
  // expected-error @+2 {{'pads' of spatial dim 0 (0, 4) must be smaller than the dilated kernel size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 3, 1>, pads = array<i64: 0, 0, 4, 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x7xf32>
  return
}

// -----

func.func @avg_pool2d_11(%x: tensor<1x3x8x8xf32>) {
  // Dilation widens the window: (3 - 1) * 2 + 1 = 5 rows, so 4 outputs.
  // expected-error @+2 {{'graph.avg_pool2d' op inferred type(s) 'tensor<1x3x4x6xf32>' are incompatible with return type(s) of operation 'tensor<1x3x6x6xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 3, 3>, dilations = array<i64: 2, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6xf32>
  return
}

// -----

func.func @conv3d_1(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{input must be 5-D, got rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_2(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+2 {{weight must be 5-D, got rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_3(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'strides' must have 3 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {strides = array<i64: 1, 1>} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_4(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'pads' must have 6 entries, got 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {pads = array<i64: 1, 1, 1, 1>} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_5(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {dilations = array<i64: 1, 1, 0>} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_6(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 2 overflow when added}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {pads = array<i64: 0, 0, 9223372036854775807, 0, 0, 1>} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_7(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x0x3xf32>) {
  // expected-error @+2 {{weight kernel sizes must be >= 1, got 3x0x3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xf32>, tensor<6x4x3x0x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_8(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x3x3x3x3xf32>) {
  // expected-error @+2 {{input has 4 channels, expected 3 (weight input channels 3 * groups 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xf32>, tensor<6x3x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_9(%x: tensor<1x4x8x8x8xf32>, %w: tensor<5x2x3x3x3xf32>) {
  // expected-error @+2 {{output channels 5 are not divisible by groups 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {groups = 2 : i64} : tensor<1x4x8x8x8xf32>, tensor<5x2x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_10(%x: tensor<1x4x2x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{output depth size would be 0 (input 2, pads 0 + 0, kernel 3, dilation 1, stride 1), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x2x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_11(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>, %b: tensor<5xf32>) {
  // expected-error @+2 {{bias has 5 elements, expected 6 (output channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w, %b : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32>, tensor<5xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_12(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf16>) {
  // expected-error @+2 {{weight has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf16> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_13(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'groups' must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {groups = 0 : i64} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_14(%x: tensor<1x4x8x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+2 {{'graph.conv3d' op inferred type(s) 'tensor<1x6x6x3x6xf32>' are incompatible with return type(s) of operation 'tensor<1x6x6x6x6xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv3d %x, %w {strides = array<i64: 1, 2, 1>} : tensor<1x4x8x8x8xf32>, tensor<6x4x3x3x3xf32> -> tensor<1x6x6x6x6xf32>
  return
}

// -----

func.func @conv3d_15(%x: tensor<1x4x8x8x8xi32>, %w: tensor<6x4x3x3x3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.conv3d %x, %w : tensor<1x4x8x8x8xi32>, tensor<6x4x3x3x3xi32> -> tensor<1x6x6x6x6xi32>
  return
}

// -----

func.func @conv_transpose3d_1(%x: tensor<1x4x8x8x8x1xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{input must be 5-D, got rank 6}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w : tensor<1x4x8x8x8x1xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_2(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{'output_padding' must have 3 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w {output_padding = array<i64: 0, 0>} : tensor<1x4x8x8x8xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_3(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{'output_padding' of spatial dim 2 is 1, expected less than the stride 1 or the dilation 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w {output_padding = array<i64: 0, 0, 1>} : tensor<1x4x8x8x8xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_4(%x: tensor<1x4x8x8x8xf32>, %w: tensor<5x3x3x3x3xf32>) {
  // expected-error @+2 {{input has 4 channels, expected 5 (weight input channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w : tensor<1x4x8x8x8xf32>, tensor<5x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_5(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{output width size would be 0 (input 8, pads 5 + 5, kernel 3, dilation 1, stride 1, output padding 0), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w {pads = array<i64: 0, 0, 5, 0, 0, 5>} : tensor<1x4x8x8x8xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_6(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{input channels 4 are not divisible by groups 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w {groups = 3 : i64} : tensor<1x4x8x8x8xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @conv_transpose3d_7(%x: tensor<1x4x8x8x8xf32>, %w: tensor<4x3x3x3x3xf32>) {
  // expected-error @+2 {{'strides' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.conv_transpose3d %x, %w {strides = array<i64: 1, 0, 1>} : tensor<1x4x8x8x8xf32>, tensor<4x3x3x3x3xf32> -> tensor<1x3x10x10x10xf32>
  return
}

// -----

func.func @max_pool3d_1(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{input must be 5-D, got rank 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>} : tensor<1x3x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_2(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+1 {{requires attribute 'kernel_shape'}}
  %0 = graph.max_pool3d %x : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_3(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'kernel_shape' must have 3 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_4(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 2 (0, 2) must be smaller than the dilated kernel size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 2>, pads = array<i64: 0, 0, 0, 0, 0, 2>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_5(%x: tensor<1x3x1x8x8xf32>) {
  // expected-error @+2 {{output depth size would be 0 (input 1, pads 0 + 0, kernel 3, dilation 1, stride 2), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 1, 1>, strides = array<i64: 2, 1, 1>, ceil_mode = true} : tensor<1x3x1x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_6(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{dilated kernel size of spatial dim 2 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, dilations = array<i64: 1, 1, 9223372036854775807>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_7(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'dilations' must have 3 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, dilations = array<i64: 1, 2>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_8(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'graph.max_pool3d' op inferred type(s) 'tensor<1x3x3x3x3xf32>' are incompatible with return type(s) of operation 'tensor<1x3x6x6x6xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @max_pool3d_9(%x: tensor<1x3x8x8x8xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>} : tensor<1x3x8x8x8xi1> -> tensor<1x3x6x6x6xi1>
  return
}

// -----

func.func @avg_pool3d_1(%x: tensor<3x8x8xf32>) {
  // expected-error @+2 {{input must be 5-D, got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>} : tensor<3x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_2(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'strides' must have 3 entries, got 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, strides = array<i64: 1, 1, 1, 1>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_3(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'pads' must have 6 entries, got 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 1, 1, 1>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_4(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'pads' of spatial dim 1 (3, 0) must be smaller than the dilated kernel size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 0, 3, 0, 0, 0, 0>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_5(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{output width size would be 0 (input 8, pads 0 + 0, kernel 9, dilation 1, stride 1), expected >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 9>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_6(%x: tensor<1x3x8x8x8xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>} : tensor<1x3x8x8x8xi32> -> tensor<1x3x6x6x6xi32>
  return
}

// -----

func.func @avg_pool3d_7(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'dilations' entries must be >= 1, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, dilations = array<i64: 1, 1, 0>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_8(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{'dilations' must have 3 entries, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, dilations = array<i64: 2, 2>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @avg_pool3d_9(%x: tensor<1x3x8x8x8xf32>) {
  // expected-error @+2 {{dilated kernel size of spatial dim 2 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, dilations = array<i64: 1, 1, 9223372036854775807>} : tensor<1x3x8x8x8xf32> -> tensor<1x3x6x6x6xf32>
  return
}

// -----

func.func @global_avg_pool_1(%x: tensor<3x8xf32>) {
  // expected-error @+2 {{input must have rank >= 3, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.global_avg_pool %x : tensor<3x8xf32> -> tensor<3x1xf32>
  return
}

// -----

func.func @global_max_pool_1(%x: tensor<1x3x8x8x8xf32>) {
  // A 5-D input pools its three spatial dims.
  // expected-error @+2 {{'graph.global_max_pool' op inferred type(s) 'tensor<1x3x1x1x1xf32>' are incompatible with return type(s) of operation 'tensor<1x3x1x1x8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.global_max_pool %x : tensor<1x3x8x8x8xf32> -> tensor<1x3x1x1x8xf32>
  return
}

// -----

func.func @global_max_pool_2(%x: tensor<1x3x8x8xi64>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.global_max_pool %x : tensor<1x3x8x8xi64> -> tensor<1x3x1x1xi64>
  return
}

// -----

func.func @global_avg_pool_2(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'graph.global_avg_pool' op inferred type(s) 'tensor<1x1x1x8xf32>' are incompatible with return type(s) of operation 'tensor<1x3x1x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.global_avg_pool %x {layout = #graph.layout<nhwc>} : tensor<1x3x8x8xf32> -> tensor<1x3x1x1xf32>
  return
}

// -----

func.func @batch_norm_1(%x: tensor<3xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{input must have rank >= 2, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @batch_norm_2(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{axis 3 is out of range for rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v {axis = 3 : i64} : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_3(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{'epsilon' must be finite and >= 0, got -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v {epsilon = -1.0 : f32} : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_4(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{'epsilon' must be finite and >= 0, got INF}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v {epsilon = 0x7F800000 : f32} : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_5(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf16>, %v: tensor<3xf32>) {
  // expected-error @+2 {{mean has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf16>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_6(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<1x3xf32>) {
  // expected-error @+2 {{var must be 1-D, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_7(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %b: tensor<4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) {
  // expected-error @+2 {{bias has 4 elements, expected 3 (channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<2x3x4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @batch_norm_8(%x: tensor<2x?x4xf32>, %s: tensor<?xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<2xf32>) {
  // expected-error @+2 {{var has 2 elements, expected 3 (channels)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<2x?x4xf32>, tensor<?xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32> -> tensor<2x?x4xf32>
  return
}

// -----

func.func @batch_norm_9(%x: tensor<2x3x4xi32>, %s: tensor<3xi32>, %b: tensor<3xi32>, %m: tensor<3xi32>, %v: tensor<3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.batch_norm %x, %s, %b, %m, %v : tensor<2x3x4xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32> -> tensor<2x3x4xi32>
  return
}

// -----

func.func @layer_norm_1(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+2 {{axis -4 is out of range for rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s {axis = -4 : i64} : tensor<2x3x4xf32>, tensor<4xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_2(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+2 {{'epsilon' must be finite and >= 0, got nan}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s {epsilon = 0x7FC00000 : f32} : tensor<2x3x4xf32>, tensor<4xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_3(%x: tensor<2x3x4xf32>, %s: tensor<4xbf16>) {
  // expected-error @+2 {{scale has element type 'bf16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s : tensor<2x3x4xf32>, tensor<4xbf16> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_4(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) {
  // expected-error @+2 {{scale has rank 2, more than the 1 dims it broadcasts to}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s : tensor<2x3x4xf32>, tensor<3x4xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_5(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) {
  // expected-error @+2 {{scale size 3 in dim 0 does not broadcast to 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s : tensor<2x3x4xf32>, tensor<3xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_6(%x: tensor<2x3x4xf32>, %s: tensor<3x1xf32>, %b: tensor<1x5xf32>) {
  // expected-error @+2 {{bias size 5 in dim 1 does not broadcast to 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s, %b {axis = 1 : i64} : tensor<2x3x4xf32>, tensor<3x1xf32>, tensor<1x5xf32> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_7(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf16>) {
  // expected-error @+2 {{bias has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.layer_norm %x, %s, %b : tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf16> -> tensor<2x3x4xf32>
  return
}

// -----

func.func @layer_norm_8(%x: tensor<2x3x4xi8>, %s: tensor<4xi8>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.layer_norm %x, %s : tensor<2x3x4xi8>, tensor<4xi8> -> tensor<2x3x4xi8>
  return
}

// -----

func.func @softmax_1(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.softmax %x {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @softmax_2(%x: tensor<f32>) {
  // expected-error @+2 {{axis -1 is out of range for rank 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.softmax %x : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @log_softmax_1(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.log_softmax %x {axis = -3 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @log_softmax_2(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.log_softmax %x : tensor<2x3xi32> -> tensor<2x3xi32>
  return
}

// -----

func.func @softmax_3(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{'graph.softmax' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.softmax %x : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}
