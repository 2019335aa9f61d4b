// RUN: strata-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// constant
//===----------------------------------------------------------------------===//

func.func @constant_type_mismatch() {
  // expected-error @+1 {{failed to verify that all of {value, output} have same type}}
  %0 = "graph.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @constant_element_type_mismatch() {
  // expected-error @+1 {{failed to verify that all of {value, output} have same type}}
  %0 = "graph.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi64>
  return
}

// -----

func.func @constant_resource_type_mismatch() {
  // expected-error @+1 {{failed to verify that all of {value, output} have same type}}
  %0 = "graph.constant"() <{value = dense_resource<blob> : tensor<2xf32>}> : () -> tensor<2xf16>
  return
}

// -----

func.func @constant_f8() {
  // expected-error @+1 {{result #0 must be ranked tensor of graph element values}}
  %0 = graph.constant dense<1.0> : tensor<2xf8E4M3FN>
  return
}

// -----

func.func @constant_signed() {
  // expected-error @+1 {{result #0 must be ranked tensor of graph element values}}
  %0 = graph.constant dense<1> : tensor<2xsi8>
  return
}

// -----

func.func @constant_not_elements() {
  // expected-error @+1 {{Invalid attribute `value` in property conversion: 1 : i64}}
  %0 = "graph.constant"() <{value = 1 : i64}> : () -> tensor<i64>
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error @+1 {{requires attribute 'value'}}
  %0 = "graph.constant"() : () -> tensor<i64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// shape_of
//===----------------------------------------------------------------------===//

func.func @shape_of_wrong_length(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.shape_of %x : tensor<?x4xf32> -> tensor<3xi64>
  return
}

// -----

func.func @shape_of_i32(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{result #0 must be 1D tensor of 64-bit signless integer values}}
  %0 = graph.shape_of %x : tensor<?x4xf32> -> tensor<2xi32>
  return
}

// -----

func.func @shape_of_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of graph element values}}
  %0 = "graph.shape_of"(%x) : (tensor<*xf32>) -> tensor<2xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// constant_of_shape
//===----------------------------------------------------------------------===//

func.func @constant_of_shape_two_values(%s: tensor<2xi64>) {
  // expected-error @+2 {{expected a one-element `value`, got 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<[1.0, 2.0]> : tensor<2xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_f64(%s: tensor<2xi64>) {
  // expected-error @+2 {{`value` has element type 'f64', expected f32, f16, bf16, i64, i32, i8 or i1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<1.0> : tensor<1xf64>} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_not_elements(%s: tensor<2xi64>) {
  // expected-error @+1 {{attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = graph.constant_of_shape %s {value = 1.0 : f32} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_missing_value(%s: tensor<2xi64>) {
  // expected-error @+1 {{requires attribute 'value'}}
  %0 = graph.constant_of_shape %s : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_dynamic_length(%s: tensor<?xi64>) {
  // expected-error @+2 {{expected the shape operand to have a static length (it is the result rank), got 'tensor<?xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<?xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_negative() {
  %s = graph.constant dense<[2, -1]> : tensor<2xi64>
  // expected-error @+2 {{negative size -1 at shape index 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_element_mismatch(%s: tensor<2xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x?xi32>' are incompatible with return type(s) of operation 'tensor<?x?xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<0> : tensor<1xi32>} : tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_wrong_size() {
  %s = graph.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error @+2 {{inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi64> -> tensor<2x4xf32>
  return
}

// -----

func.func @constant_of_shape_i32_shape(%s: tensor<2xi32>) {
  // expected-error @+1 {{operand #0 must be 1D tensor of 64-bit signless integer values}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<2xi32> -> tensor<?x?xf32>
  return
}

// -----

func.func @constant_of_shape_2d_shape(%s: tensor<1x2xi64>) {
  // expected-error @+1 {{operand #0 must be 1D tensor of 64-bit signless integer values}}
  %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>} : tensor<1x2xi64> -> tensor<?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

func.func @reshape_dynamic_length(%x: tensor<?x4xf32>, %s: tensor<?xi64>) {
  // expected-error @+2 {{expected the shape operand to have a static length (it is the result rank), got 'tensor<?xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<?xi64> -> tensor<?xf32>
  return
}

// -----

func.func @reshape_invalid_entry(%x: tensor<?x4xf32>) {
  %s = graph.constant dense<[4, -2]> : tensor<2xi64>
  // expected-error @+2 {{invalid size -2 at shape index 1 (expected -1, 0 or a positive size)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_two_inferred(%x: tensor<?x4xf32>) {
  %s = graph.constant dense<[-1, 2, -1]> : tensor<3xi64>
  // expected-error @+2 {{shape indices 0 and 2 are both -1; at most one size is inferred}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<3xi64> -> tensor<?x?x?xf32>
  return
}

// -----

func.func @reshape_copy_missing_dim(%x: tensor<8xf32>) {
  %s = graph.constant dense<[2, 0]> : tensor<2xi64>
  // expected-error @+2 {{0 at shape index 1 copies input dim 1, but the input has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<8xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_allowzero_with_inferred(%x: tensor<0x4xf32>) {
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+2 {{a -1 size cannot be inferred next to a 0 size when allowzero is set}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s {allowzero = true} : tensor<0x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_not_multiple(%x: tensor<2x3xf32>) {
  %s = graph.constant dense<[4, -1]> : tensor<2xi64>
  // expected-error @+2 {{cannot reshape 'tensor<2x3xf32>' to [4, -1]: the element count is not a multiple of the other sizes}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_count_mismatch(%x: tensor<2x3xf32>) {
  %s = graph.constant dense<[4, 2]> : tensor<2xi64>
  // expected-error @+2 {{cannot reshape 'tensor<2x3xf32>' to [4, 2]: the element counts differ}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2x3xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

// The copied `?` dim cancels out; 4 * 6 elements remain for 5 * -1.
func.func @reshape_not_multiple_dynamic(%x: tensor<?x4x6xf32>) {
  %s = graph.constant dense<[0, 5, -1]> : tensor<3xi64>
  // expected-error @+2 {{cannot reshape 'tensor<?x4x6xf32>' to [0, 5, -1]: the element count is not a multiple of the other sizes}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4x6xf32>, tensor<3xi64> -> tensor<?x5x?xf32>
  return
}

// -----

// A static copied 0 leaves nothing to infer the -1 from (ONNX rejects it).
func.func @reshape_inferred_from_zero(%x: tensor<0x4xf32>) {
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+2 {{cannot infer the -1 size of [0, -1] for 'tensor<0x4xf32>': the other sizes multiply to 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<0x4xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_scalar(%x: tensor<2xf32>, %s: tensor<0xi64>) {
  // expected-error @+2 {{cannot reshape 'tensor<2xf32>' (2 elements) to a scalar}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<2xf32>, tensor<0xi64> -> tensor<f32>
  return
}

// -----

func.func @reshape_overflow(%x: tensor<9223372036854775807x2xf32>) {
  %s = graph.constant dense<[-1]> : tensor<1xi64>
  // The dialect-wide element-count check comes first.
  // expected-error @+1 {{operand #0 type 'tensor<9223372036854775807x2xf32>' has more elements than fit in int64}}
  %0 = graph.reshape %x, %s : tensor<9223372036854775807x2xf32>, tensor<1xi64> -> tensor<?xf32>
  return
}

// -----

func.func @reshape_wrong_result(%x: tensor<?x4x8xf32>) {
  %s = graph.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error @+2 {{inferred type(s) 'tensor<?x32xf32>' are incompatible with return type(s) of operation 'tensor<?x16xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4x8xf32>, tensor<2xi64> -> tensor<?x16xf32>
  return
}

// -----

func.func @reshape_wrong_rank(%x: tensor<?x4xf32>, %s: tensor<3xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x?x?xf32>' are incompatible with return type(s) of operation 'tensor<?x?xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<3xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_element_type(%x: tensor<?x4xf32>, %s: tensor<2xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x?xf32>' are incompatible with return type(s) of operation 'tensor<?x?xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<2xi64> -> tensor<?x?xf16>
  return
}

// -----

func.func @reshape_i32_shape(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values}}
  %0 = graph.reshape %x, %s : tensor<?x4xf32>, tensor<2xi32> -> tensor<?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

func.func @transpose_perm_length(%x: tensor<?x4x8xf32>) {
  // expected-error @+2 {{perm has 2 entries, expected 3 (the input rank)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<?x4x8xf32> -> tensor<4x?x8xf32>
  return
}

// -----

func.func @transpose_perm_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{perm entry 2 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 2, 0>} : tensor<?x4xf32> -> tensor<4x?xf32>
  return
}

// -----

func.func @transpose_perm_negative(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{perm entry -1 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: -1, 0>} : tensor<?x4xf32> -> tensor<4x?xf32>
  return
}

// -----

func.func @transpose_perm_repeated(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{perm entry 0 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 0, 0>} : tensor<?x4xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @transpose_missing_perm(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{requires attribute 'perm'}}
  %0 = graph.transpose %x : tensor<?x4xf32> -> tensor<4x?xf32>
  return
}

// -----

func.func @transpose_wrong_result(%x: tensor<2x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4x2xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.transpose %x {perm = array<i64: 1, 0>} : tensor<2x4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @transpose_f8(%x: tensor<2xf8E4M3FN>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of graph element values}}
  %0 = graph.transpose %x {perm = array<i64: 0>} : tensor<2xf8E4M3FN> -> tensor<2xf8E4M3FN>
  return
}

// -----

//===----------------------------------------------------------------------===//
// squeeze
//===----------------------------------------------------------------------===//

func.func @squeeze_all_dynamic(%x: tensor<?x1xf32>) {
  // expected-error @+2 {{squeeze without axes needs a static shape, got 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x : tensor<?x1xf32> -> tensor<?xf32>
  return
}

// -----

func.func @squeeze_not_one(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{cannot squeeze dim 1 of size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x {axes = array<i64: -1>} : tensor<?x4xf32> -> tensor<?xf32>
  return
}

// -----

func.func @squeeze_out_of_range(%x: tensor<?x1xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x {axes = array<i64: 2>} : tensor<?x1xf32> -> tensor<?xf32>
  return
}

// -----

func.func @squeeze_repeated(%x: tensor<?x1xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x {axes = array<i64: 1, -1>} : tensor<?x1xf32> -> tensor<?xf32>
  return
}

// -----

func.func @squeeze_wrong_result(%x: tensor<1x3x1xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.squeeze %x : tensor<1x3x1xf32> -> tensor<3x1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// unsqueeze
//===----------------------------------------------------------------------===//

func.func @unsqueeze_no_axes(%x: tensor<?xf32>) {
  // expected-error @+2 {{expected at least one axis}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64>} : tensor<?xf32> -> tensor<?xf32>
  return
}

// -----

func.func @unsqueeze_out_of_range(%x: tensor<?xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64: 2>} : tensor<?xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @unsqueeze_repeated(%x: tensor<?xf32>) {
  // expected-error @+2 {{axis -2 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64: 1, -2>} : tensor<?xf32> -> tensor<?x1x1xf32>
  return
}

// -----

func.func @unsqueeze_missing_axes(%x: tensor<?xf32>) {
  // expected-error @+1 {{requires attribute 'axes'}}
  %0 = graph.unsqueeze %x : tensor<?xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @unsqueeze_wrong_result(%x: tensor<3xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1x3xf32>' are incompatible with return type(s) of operation 'tensor<3x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.unsqueeze %x {axes = array<i64: 0>} : tensor<3xf32> -> tensor<3x1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// flatten
//===----------------------------------------------------------------------===//

func.func @flatten_axis_too_large(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 3 is out of range for rank 2 (expected [-2, 2])}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.flatten %x {axis = 3 : i64} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @flatten_axis_too_small(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2])}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.flatten %x {axis = -3 : i64} : tensor<?x4xf32> -> tensor<1x?xf32>
  return
}

// -----

func.func @flatten_overflow(%x: tensor<9223372036854775807x2xf32>) {
  // expected-error @+1 {{operand #0 type 'tensor<9223372036854775807x2xf32>' has more elements than fit in int64}}
  %0 = graph.flatten %x {axis = 0 : i64} : tensor<9223372036854775807x2xf32> -> tensor<1x?xf32>
  return
}

// -----

func.func @flatten_wrong_result(%x: tensor<2x3x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<6x4xf32>' are incompatible with return type(s) of operation 'tensor<2x12xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.flatten %x {axis = 2 : i64} : tensor<2x3x4xf32> -> tensor<2x12xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// expand
//===----------------------------------------------------------------------===//

func.func @expand_dynamic_length(%x: tensor<?x4xf32>, %s: tensor<?xi64>) {
  // expected-error @+2 {{expected the shape operand to have a static length (it is the result rank), got 'tensor<?xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<?x4xf32>, tensor<?xi64> -> tensor<?x4xf32>
  return
}

// -----

func.func @expand_negative(%x: tensor<?x4xf32>) {
  %s = graph.constant dense<[-1, 4]> : tensor<2xi64>
  // expected-error @+2 {{negative size -1 at shape index 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<?x4xf32>, tensor<2xi64> -> tensor<?x4xf32>
  return
}

// -----

func.func @expand_incompatible(%x: tensor<?x3xf32>) {
  %s = graph.constant dense<[2, 1, 4]> : tensor<3xi64>
  // expected-error @+2 {{cannot expand size 3 of input dim 1 to 4 (shape index 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<?x3xf32>, tensor<3xi64> -> tensor<2x?x4xf32>
  return
}

// -----

func.func @expand_wrong_rank(%x: tensor<?x4xf32>, %s: tensor<3xi64>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x?x4xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.expand %x, %s : tensor<?x4xf32>, tensor<3xi64> -> tensor<?x4xf32>
  return
}

// -----

func.func @expand_i32_shape(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer values}}
  %0 = graph.expand %x, %s : tensor<?x4xf32>, tensor<2xi32> -> tensor<?x4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

func.func @tile_repeats_length(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{expected 2 repeats (the input rank), got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.tile %x {repeats = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @tile_negative(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{negative repeat -1 for dim 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.tile %x {repeats = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @tile_overflow(%x: tensor<4611686018427387904xf32>) {
  // expected-error @+2 {{the product of the sizes [4611686018427387904, 2] overflows int64}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.tile %x {repeats = array<i64: 2>} : tensor<4611686018427387904xf32> -> tensor<?xf32>
  return
}

// -----

func.func @tile_missing_repeats(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{requires attribute 'repeats'}}
  %0 = graph.tile %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @tile_wrong_result(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x8xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.tile %x {repeats = array<i64: 3, 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}

// -----

func.func @range_not_scalar(%s: tensor<1xi64>) -> tensor<?xi64> {
  // expected-error @+2 {{expected 0-d tensor operands}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.range %s, %s, %s : tensor<1xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @range_zero_delta() -> tensor<?xf32> {
  %s = graph.constant dense<1.0> : tensor<f32>
  %d = graph.constant dense<0.0> : tensor<f32>
  // expected-error @+2 {{delta is zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.range %s, %s, %d : tensor<f32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @range_too_long() -> tensor<?xi64> {
  %s = graph.constant dense<-9223372036854775807> : tensor<i64>
  %l = graph.constant dense<9223372036854775807> : tensor<i64>
  %d = graph.constant dense<1> : tensor<i64>
  // expected-error @+2 {{the range has too many elements}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.range %s, %l, %d : tensor<i64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @range_types(%s: tensor<i64>, %d: tensor<i32>) -> tensor<?xi64> {
  // expected-error @+1 {{all of {start, limit, delta} have same type}}
  %0 = "graph.range"(%s, %s, %d) : (tensor<i64>, tensor<i64>, tensor<i32>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
