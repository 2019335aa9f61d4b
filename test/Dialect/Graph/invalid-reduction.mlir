// RUN: strata-opt %s -split-input-file -verify-diagnostics

func.func @reduce_sum_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_sum_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: -3>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_sum_repeated_axis(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_sum_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x1xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_sum_wrong_result_rank(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 1>, keepdims = false} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_sum_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.reduce_sum %x : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_sum_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "graph.reduce_sum"(%x) : (tensor<*xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_sum_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<1xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x : tensor<4xf32> -> tensor<1xf16>
  return
}

// -----

func.func @reduce_mean_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x {axes = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_mean_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x {axes = array<i64: -3>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_mean_repeated_axis(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x {axes = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_mean_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x1xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_mean_wrong_result_rank(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x {axes = array<i64: 1>, keepdims = false} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_mean_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = graph.reduce_mean %x : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_mean_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "graph.reduce_mean"(%x) : (tensor<*xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_mean_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<1xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_mean %x : tensor<4xf32> -> tensor<1xf16>
  return
}

// -----

func.func @reduce_max_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_max_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: -3>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_max_repeated_axis(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_max_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x1xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_max_wrong_result_rank(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x {axes = array<i64: 1>, keepdims = false} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_max_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.reduce_max %x : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_max_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "graph.reduce_max"(%x) : (tensor<*xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_max_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<1xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_max %x : tensor<4xf32> -> tensor<1xf16>
  return
}

// -----

func.func @reduce_min_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x {axes = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_min_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x {axes = array<i64: -3>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_min_repeated_axis(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x {axes = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_min_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x1xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_min_wrong_result_rank(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x {axes = array<i64: 1>, keepdims = false} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_min_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.reduce_min %x : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_min_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "graph.reduce_min"(%x) : (tensor<*xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_min_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<1xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_min %x : tensor<4xf32> -> tensor<1xf16>
  return
}

// -----

func.func @reduce_prod_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: 2>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_prod_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: -3>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_prod_repeated_axis(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: 1, -1>} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_prod_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?x1xf32>' are incompatible with return type(s) of operation 'tensor<?x4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: 1>} : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

func.func @reduce_prod_wrong_result_rank(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x {axes = array<i64: 1>, keepdims = false} : tensor<?x4xf32> -> tensor<?x1xf32>
  return
}

// -----

func.func @reduce_prod_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.reduce_prod %x : tensor<4xi1> -> tensor<1xi1>
  return
}

// -----

func.func @reduce_prod_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "graph.reduce_prod"(%x) : (tensor<*xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @reduce_prod_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<1xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_prod %x : tensor<4xf32> -> tensor<1xf16>
  return
}

// -----

func.func @reduce_mean_integer(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = graph.reduce_mean %x : tensor<4xi32> -> tensor<1xi32>
  return
}

// -----

func.func @reduce_sum_scalar_axis(%x: tensor<f32>) {
  // expected-error @+2 {{axis 0 is out of range for rank 0 (expected [0, 0))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.reduce_sum %x {axes = array<i64: 0>} : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @argmax_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmax %x {axis = 2 : i64} : tensor<?x4xf32> -> tensor<?x1xi64>
  return
}

// -----

func.func @argmax_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmax %x {axis = -3 : i64} : tensor<?x4xf32> -> tensor<?x1xi64>
  return
}

// -----

func.func @argmax_scalar(%x: tensor<f32>) {
  // expected-error @+2 {{axis 0 is out of range for rank 0 (expected [0, 0))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmax %x : tensor<f32> -> tensor<i64>
  return
}

// -----

func.func @argmax_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmax %x {axis = 0 : i64, keepdims = false} : tensor<?x4xf32> -> tensor<3xi64>
  return
}

// -----

func.func @argmax_result_i32(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 64-bit signless integer values}}
  %0 = graph.argmax %x : tensor<?x4xf32> -> tensor<1x4xi32>
  return
}

// -----

func.func @argmax_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.argmax %x : tensor<4xi1> -> tensor<1xi64>
  return
}

// -----

func.func @argmin_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmin %x {axis = 2 : i64} : tensor<?x4xf32> -> tensor<?x1xi64>
  return
}

// -----

func.func @argmin_negative_axis_out_of_range(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmin %x {axis = -3 : i64} : tensor<?x4xf32> -> tensor<?x1xi64>
  return
}

// -----

func.func @argmin_scalar(%x: tensor<f32>) {
  // expected-error @+2 {{axis 0 is out of range for rank 0 (expected [0, 0))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmin %x : tensor<f32> -> tensor<i64>
  return
}

// -----

func.func @argmin_wrong_result_shape(%x: tensor<?x4xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.argmin %x {axis = 0 : i64, keepdims = false} : tensor<?x4xf32> -> tensor<3xi64>
  return
}

// -----

func.func @argmin_result_i32(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 64-bit signless integer values}}
  %0 = graph.argmin %x : tensor<?x4xf32> -> tensor<1x4xi32>
  return
}

// -----

func.func @argmin_bool(%x: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of numeric values}}
  %0 = graph.argmin %x : tensor<4xi1> -> tensor<1xi64>
  return
}

// -----

func.func @dynamic_reduce_mean_of_ints(%x: tensor<4x3xi32>, %a: tensor<1xi64>) {
  // expected-error @+2 {{a mean needs a floating-point input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<mean>} : tensor<4x3xi32>, tensor<1xi64> -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_reduce_axes_of_dynamic_length(%x: tensor<4x3xf32>, %a: tensor<?xi64>) {
  // expected-error @+2 {{expected a ranked input and axes of a static length}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<4x3xf32>, tensor<?xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_reduce_too_many_axes(%x: tensor<4x3xf32>, %a: tensor<3xi64>) {
  // expected-error @+2 {{3 axes for a rank-2 input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<4x3xf32>, tensor<3xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_reduce_wrong_rank(%x: tensor<4x3xf32>, %a: tensor<1xi64>) {
  // expected-error @+2 {{'graph.dynamic_reduce' op inferred type(s) 'tensor<?xf32>' are incompatible with return type(s) of operation 'tensor<?x?xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>, keepdims = false} : tensor<4x3xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_reduce_axes_f32(%x: tensor<4x3xf32>, %a: tensor<1xf32>) {
  // expected-error @+1 {{operand #1 must be}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<sum>} : tensor<4x3xf32>, tensor<1xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_reduce_bad_kind(%x: tensor<4x3xf32>, %a: tensor<1xi64>) {
  // expected-error @+2 {{expected ::strata::graph::ReduceKind to be one of: sum, mean, max, min, prod}}
  // expected-error @+1 {{failed to parse Graph_ReduceKindAttr parameter 'value'}}
  %0 = graph.dynamic_reduce %x, %a {kind = #graph.reduce_kind<median>} : tensor<4x3xf32>, tensor<1xi64> -> tensor<?x?xf32>
  return
}

// -----

func.func @cumsum_axis_out_of_range(%x: tensor<2x3xf32>) {
  %a = graph.constant dense<2> : tensor<i64>
  // expected-error @+2 {{axis 2 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.cumsum %x, %a : tensor<2x3xf32>, tensor<i64> -> tensor<2x3xf32>
  return
}

// -----

func.func @cumsum_axis_not_scalar(%x: tensor<2x3xf32>, %a: tensor<2xi64>) {
  // expected-error @+2 {{axis must be a 0-D or 1-element tensor, got 'tensor<2xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.cumsum %x, %a : tensor<2x3xf32>, tensor<2xi64> -> tensor<2x3xf32>
  return
}

// -----

func.func @cumsum_scalar_input(%x: tensor<f32>, %a: tensor<i64>) {
  // expected-error @+2 {{expected an input of rank 1 or more}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.cumsum %x, %a : tensor<f32>, tensor<i64> -> tensor<f32>
  return
}

// -----

func.func @cumsum_wrong_result(%x: tensor<2x3xf32>, %a: tensor<i64>) {
  // expected-error @+2 {{'graph.cumsum' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.cumsum %x, %a : tensor<2x3xf32>, tensor<i64> -> tensor<3x2xf32>
  return
}

// -----

func.func @cumsum_bool(%x: tensor<4xi1>, %a: tensor<i64>) {
  // expected-error @+1 {{operand #0 must be}}
  %0 = graph.cumsum %x, %a : tensor<4xi1>, tensor<i64> -> tensor<4xi1>
  return
}

// -----

func.func @top_k_axis_out_of_range(%x: tensor<3x4xf32>, %k: tensor<1xi64>) {
  // expected-error @+2 {{axis -3 is out of range for rank 2 (expected [-2, 2))}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x, %k {axis = -3 : i64} : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return
}

// -----

func.func @top_k_k_shape(%x: tensor<3x4xf32>, %k: tensor<2xi64>) {
  // expected-error @+2 {{k must be a 1-element 1-D tensor, got 'tensor<2xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<2xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return
}

// -----

func.func @top_k_k_i32(%x: tensor<3x4xf32>, %k: tensor<1xi32>) {
  // expected-error @+1 {{operand #1 must be}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi32> -> tensor<3x?xf32>, tensor<3x?xi64>
  return
}

// -----

func.func @top_k_k_too_large(%x: tensor<3x4xf32>) {
  %k = graph.constant dense<5> : tensor<1xi64>
  // expected-error @+2 {{k = 5 is larger than the size 4 of dim 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return
}

// -----

func.func @top_k_k_negative(%x: tensor<3x4xf32>) {
  %k = graph.constant dense<-1> : tensor<1xi64>
  // expected-error @+2 {{k = -1 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi64>
  return
}

// -----

func.func @top_k_wrong_k_dim(%x: tensor<3x4xf32>) {
  %k = graph.constant dense<2> : tensor<1xi64>
  // expected-error @+2 {{'graph.top_k' op inferred type(s) 'tensor<3x2xf32>', 'tensor<3x2xi64>' are incompatible with return type(s) of operation 'tensor<3x3xf32>', 'tensor<3x3xi64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x3xf32>, tensor<3x3xi64>
  return
}

// -----

func.func @top_k_indices_i32(%x: tensor<3x4xf32>, %k: tensor<1xi64>) {
  // expected-error @+1 {{result #1 must be}}
  %0:2 = graph.top_k %x, %k : tensor<3x4xf32>, tensor<1xi64> -> tensor<3x?xf32>, tensor<3x?xi32>
  return
}
