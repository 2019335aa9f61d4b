// RUN: strata-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// graph.concat
//===----------------------------------------------------------------------===//

func.func @concat_no_inputs() -> tensor<2xf32> {
  // expected-error @+2 {{expected at least one input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "graph.concat"() <{axis = 0 : i64}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @concat_rank0(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{cannot concatenate rank-0 tensors}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a {axis = 0 : i64} : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_element_type(%a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<4xf32> {
  // expected-error @+2 {{input #1 has element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2xf16> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{input #1 has rank 2, expected 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<2x1xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_size(%a: tensor<?x2xf32>, %b: tensor<3x3xf32>) -> tensor<?x2xf32> {
  // expected-error @+2 {{input #1 has size 3 in dim 1, expected 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<?x2xf32>, tensor<3x3xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

func.func @concat_overflow(%a: tensor<9223372036854775807xi8>) -> tensor<?xi8> {
  // expected-error @+2 {{concatenated size of dim 0 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %a {axis = 0 : i64} : tensor<9223372036854775807xi8>, tensor<9223372036854775807xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

// -----

func.func @concat_result(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<5xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.concat %a, %b {axis = 0 : i64} : tensor<2xf32>, tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_f8(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  // expected-error @+1 {{operand #0 must be variadic of ranked tensor of}}
  %0 = graph.concat %a {axis = 0 : i64} : tensor<2xf8E4M3FN> -> tensor<2xf8E4M3FN>
  return %0 : tensor<2xf8E4M3FN>
}

// -----

//===----------------------------------------------------------------------===//
// graph.slice
//===----------------------------------------------------------------------===//

func.func @slice_ends(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{expected as many ends (2) as starts (1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 2, 3>} : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_axes(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{expected as many axes (0) as starts (1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64>} : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_steps(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{expected as many steps (2) as starts (1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 2>, steps = array<i64: 1, 1>} : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_step_zero(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{step #1 is zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 4, 2>, steps = array<i64: 1, 0>} : tensor<4x4xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @slice_axis_range(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{slice axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64: -3>} : tensor<4x4xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @slice_default_axes_range(%x: tensor<4xf32>) -> tensor<2xf32> {
  // The default axes [0, 1) ++ [1] exceed rank 1.
  // expected-error @+2 {{slice axis 1 is out of range for rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>} : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_axis_repeated(%x: tensor<4x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+2 {{slice axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>, axes = array<i64: 1, -1>} : tensor<4x4xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @slice_missing_ends(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{requires attribute 'ends'}}
  %0 = graph.slice %x {starts = array<i64: 0>} : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_result(%x: tensor<8xf32>) -> tensor<3xf32> {
  // The end -3 is 5: ceil((5 - 1) / 2) = 2 elements.
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.slice %x {starts = array<i64: 1>, ends = array<i64: -3>, steps = array<i64: 2>} : tensor<8xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_f8(%x: tensor<4xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.slice %x {starts = array<i64: 0>, ends = array<i64: 2>} : tensor<4xf8E4M3FN> -> tensor<2xf8E4M3FN>
  return %0 : tensor<2xf8E4M3FN>
}

// -----

//===----------------------------------------------------------------------===//
// graph.gather
//===----------------------------------------------------------------------===//

func.func @gather_rank0(%d: tensor<f32>, %i: tensor<i64>) -> tensor<f32> {
  // expected-error @+2 {{cannot gather from a rank-0 tensor}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather %d, %i : tensor<f32>, tensor<i64> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @gather_axis(%d: tensor<4x5xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather %d, %i {axis = -3 : i64} : tensor<4x5xf32>, tensor<i64> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gather_result(%d: tensor<4x5xf32>, %i: tensor<3xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<3x5xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather %d, %i : tensor<4x5xf32>, tensor<3xi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @gather_index_type(%d: tensor<4xf32>, %i: tensor<2xi8>) -> tensor<2xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of 64-bit signless integer or 32-bit signless integer values}}
  %0 = graph.gather %d, %i : tensor<4xf32>, tensor<2xi8> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// graph.pad
//===----------------------------------------------------------------------===//

func.func @pad_length(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{expected 4 pads (2 * rank), got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 0, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @pad_value_fraction(%x: tensor<4xi32>) -> tensor<6xi32> {
  // expected-error @+2 {{pad value 1.5 is not an integer, as 'i32' elements need}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = 1.5} : tensor<4xi32> -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @pad_value_range(%x: tensor<4xi8>) -> tensor<6xi8> {
  // expected-error @+2 {{pad value 128 does not fit in 'i8'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = 128.0} : tensor<4xi8> -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// -----

// ui8 holds 0 to 255 (a zero point of 200 pads a quantized image).
func.func @pad_value_ui8_range(%x: tensor<4xui8>) -> tensor<6xui8> {
  %ok = graph.pad %x {pads = array<i64: 1, 1>, value = 255.0} : tensor<4xui8> -> tensor<6xui8>
  // expected-error @+2 {{pad value 256 does not fit in 'ui8'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = 256.0} : tensor<4xui8> -> tensor<6xui8>
  return %0 : tensor<6xui8>
}

// -----

func.func @pad_value_ui8_negative(%x: tensor<4xui8>) -> tensor<6xui8> {
  // expected-error @+2 {{pad value -1 does not fit in 'ui8'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = -1.0} : tensor<4xui8> -> tensor<6xui8>
  return %0 : tensor<6xui8>
}

// -----

func.func @pad_value_i64(%x: tensor<4xi64>) -> tensor<6xi64> {
  // 2^63 does not fit in i64 although the double rounds INT64_MAX to it.
  // expected-error @+2 {{does not fit in 'i64'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = 9223372036854775808.0} : tensor<4xi64> -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// -----

func.func @pad_value_bool(%x: tensor<4xi1>) -> tensor<6xi1> {
  // expected-error @+2 {{pad value -1 does not fit in 'i1'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, value = -1.0} : tensor<4xi1> -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

// -----

func.func @pad_value_mode(%x: tensor<4xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{pad value 1 is only used by constant mode, not edge}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, mode = #graph.pad_mode<edge>, value = 1.0} : tensor<4xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_negative_reflect(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{negative pads (crops) need constant mode, got -1, 0 for dim 0 in reflect mode}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: -1, 0>, mode = #graph.pad_mode<reflect>} : tensor<4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_edge_empty(%x: tensor<2x0xf32>) -> tensor<2x1xf32> {
  // expected-error @+2 {{edge mode cannot pad empty dim 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 0, 0, 0, 1>, mode = #graph.pad_mode<edge>} : tensor<2x0xf32> -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @pad_reflect_size(%x: tensor<3xf32>) -> tensor<6xf32> {
  // expected-error @+2 {{reflect pads 0, 3 of dim 0 must be smaller than its size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 0, 3>, mode = #graph.pad_mode<reflect>} : tensor<3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @pad_overflow(%x: tensor<9223372036854775807xi8>) -> tensor<?xi8> {
  // expected-error @+2 {{padded size of dim 0 overflows}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 0, 1>} : tensor<9223372036854775807xi8> -> tensor<?xi8>
  return %0 : tensor<?xi8>
}

// -----

func.func @pad_crop_negative(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{pads -2, -2 crop dim 0 of size 3 to a negative size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: -2, -2>} : tensor<3xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @pad_result(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<5xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>} : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_mode_attr(%x: tensor<3xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{expected ::strata::graph::PadMode to be one of: constant, reflect, edge}}
  // expected-error @+1 {{failed to parse Graph_PadModeAttr parameter 'value'}}
  %0 = graph.pad %x {pads = array<i64: 1, 1>, mode = #graph.pad_mode<wrap>} : tensor<3xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// graph.split
//===----------------------------------------------------------------------===//

func.func @split_rank0(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{cannot split a rank-0 tensor}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.split %x {num_outputs = 1 : i64} : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @split_axis(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{axis 1 is out of range for rank 1 (expected [-1, 1))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.split %x {axis = 1 : i64, num_outputs = 1 : i64} : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @split_both(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+2 {{expected either split or num_outputs, not both}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 2, 2>, num_outputs = 2 : i64} : tensor<4xf32> -> tensor<2xf32>, tensor<2xf32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @split_neither(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+2 {{expected split sizes or num_outputs (the result count)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x : tensor<4xf32> -> tensor<2xf32>, tensor<2xf32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @split_empty(%x: tensor<4xf32>) {
  // expected-error @+2 {{expected at least one split size}}
  // expected-error @+1 {{failed to infer returned types}}
  "graph.split"(%x) <{split = array<i64>}> : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @split_negative(%x: tensor<4xf32>) -> (tensor<6xf32>, tensor<?xf32>) {
  // expected-error @+2 {{split size #1 is -2, expected non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 6, -2>} : tensor<4xf32> -> tensor<6xf32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<6xf32>, tensor<?xf32>
}

// -----

func.func @split_overflow(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  // expected-error @+2 {{split sizes overflow}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {split = array<i64: 9223372036854775807, 1>} : tensor<?xf32> -> tensor<?xf32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

func.func @split_sum(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  // expected-error @+2 {{split sizes sum to 4, expected the size 5 of axis 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {axis = -1 : i64, split = array<i64: 2, 2>} : tensor<2x5xf32> -> tensor<2x2xf32>, tensor<2x2xf32>
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @split_num_outputs(%x: tensor<4xf32>) {
  // expected-error @+2 {{num_outputs is 0, expected [1, 65536]}}
  // expected-error @+1 {{failed to infer returned types}}
  "graph.split"(%x) <{num_outputs = 0 : i64}> : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @split_last_negative(%x: tensor<5xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>) {
  // expected-error @+2 {{cannot split size 5 of axis 0 into 4 pieces of 2 (the last piece would be negative)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:4 = graph.split %x {num_outputs = 4 : i64} : tensor<5xf32> -> tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>
  return %0#0, %0#1, %0#2, %0#3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?xf32>
}

// -----

func.func @split_result_count(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // The result count must match num_outputs (here 3).
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>', 'tensor<2xf32>', 'tensor<0xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>', 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {num_outputs = 3 : i64} : tensor<4xf32> -> tensor<2xf32>, tensor<2xf32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @split_result_size(%x: tensor<4xf32>) -> (tensor<1xf32>, tensor<3xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>', 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<1xf32>', 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.split %x {num_outputs = 2 : i64} : tensor<4xf32> -> tensor<1xf32>, tensor<3xf32>
  return %0#0, %0#1 : tensor<1xf32>, tensor<3xf32>
}

// -----

func.func @split_f8(%x: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = graph.split %x {num_outputs = 1 : i64} : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

func.func @split_num_outputs_huge(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{num_outputs is 9223372036854775807, expected [1, 65536]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.split %x {num_outputs = 9223372036854775807 : i64} : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// graph.dynamic_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_slice_lengths(%x: tensor<4x6xf32>, %s: tensor<2xi64>, %e: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error @+2 {{expected as many ends (1) as starts (2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_slice %x, %s, %e : (tensor<4x6xf32>, tensor<2xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_slice_unknown_length(%x: tensor<4x6xf32>, %s: tensor<?xi64>, %e: tensor<?xi64>) -> tensor<?x?xf32> {
  // expected-error @+2 {{expected 'starts' to have a static length}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_slice %x, %s, %e : (tensor<4x6xf32>, tensor<?xi64>, tensor<?xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_slice_zero_step(%x: tensor<4x6xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> tensor<?x6xf32> {
  %t = graph.constant dense<0> : tensor<1xi64>
  // expected-error @+2 {{step #0 is zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_slice %x, %s, %e steps %t : (tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

func.func @dynamic_slice_axes(%x: tensor<4x6xf32>, %s: tensor<2xi64>, %e: tensor<2xi64>) -> tensor<?x?xf32> {
  %a = graph.constant dense<[1, -1]> : tensor<2xi64>
  // expected-error @+2 {{slice axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_slice %x, %s, %e axes %a : (tensor<4x6xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_slice_type(%x: tensor<4x6xf32>, %s: tensor<1xf32>, %e: tensor<1xi64>) -> tensor<?x6xf32> {
  // expected-error @+1 {{operand #1 must be 1D tensor of 64-bit signless integer or 32-bit signless integer values}}
  %0 = graph.dynamic_slice %x, %s, %e : (tensor<4x6xf32>, tensor<1xf32>, tensor<1xi64>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

func.func @trilu_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected an input of rank 2 or more}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.trilu %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gather_elements_rank(%x: tensor<3x4xf32>, %i: tensor<3xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{expected indices of rank 2 (the data's), got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather_elements %x, %i : tensor<3x4xf32>, tensor<3xi64> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @gather_elements_size(%x: tensor<3x4xf32>, %i: tensor<5x2xi64>) -> tensor<5x2xf32> {
  // expected-error @+2 {{indices have size 5 in dim 0, more than the data's 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather_elements %x, %i {axis = 1 : i64} : tensor<3x4xf32>, tensor<5x2xi64> -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @gather_nd_tuple(%x: tensor<3x4xf32>, %i: tensor<2x3xi64>) -> tensor<2xf32> {
  // expected-error @+2 {{index tuples of length 3 do not fit data of rank 2 after 0 batch dims}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather_nd %x, %i : tensor<3x4xf32>, tensor<2x3xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_nd_dynamic_tuple(%x: tensor<3x4xf32>, %i: tensor<2x?xi64>) -> tensor<2xf32> {
  // expected-error @+2 {{expected indices whose last dim has a static size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.gather_nd %x, %i : tensor<3x4xf32>, tensor<2x?xi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @scatter_nd_updates(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) -> tensor<3x4xf32> {
  // expected-error @+2 {{updates have size 5 in dim 1, expected 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.scatter_nd %x, %i, %u : tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x5xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @scatter_elements_type(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>, %u: tensor<3x2xf16>) -> tensor<3x4xf32> {
  // expected-error @+2 {{updates have element type 'f16', expected 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.scatter_elements %x, %i, %u : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf16> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_pad_length(%x: tensor<3x4xf32>, %p: tensor<3xi64>) -> tensor<?x?xf32> {
  // expected-error @+2 {{expected 4 pads (2 * rank)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_pad %x, %p : tensor<3x4xf32>, tensor<3xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_pad_constant_reflect(%x: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %p = graph.constant dense<[3, 0, 0, 0]> : tensor<4xi64>
  // expected-error @+2 {{reflect pads 3, 0 of dim 0 must be smaller than its size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_pad %x, %p {mode = #graph.pad_mode<reflect>} : tensor<3x4xf32>, tensor<4xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
