// RUN: strata-opt %s -split-input-file -verify-diagnostics

func.func @resize_nothing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{expected scales or sizes}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @resize_length(%x: tensor<2x4xf32>, %s: tensor<3xf32>) -> tensor<?x?xf32> {
  // expected-error @+2 {{expected scales to hold one value per dim (2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales %s : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @resize_linear_int(%x: tensor<2x4xi32>, %s: tensor<2xi64>) -> tensor<?x?xi32> {
  // expected-error @+2 {{linear and cubic resizing need a floating-point input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x sizes %s {mode = #graph.resize_mode<linear>} : (tensor<2x4xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @resize_scale(%x: tensor<2x4xf32>) -> tensor<?x?xf32> {
  %s = graph.constant dense<[1.0, 0.0]> : tensor<2xf32>
  // expected-error @+2 {{scale #1 is not a positive number}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales %s : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @resize_size(%x: tensor<2x4xf32>) -> tensor<?x?xf32> {
  %s = graph.constant dense<[2, -1]> : tensor<2xi64>
  // expected-error @+2 {{size #1 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x sizes %s : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @resize_declared(%x: tensor<2x4xf32>) -> tensor<2x9xf32> {
  %s = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // expected-error @+2 {{'graph.resize' op inferred type(s) 'tensor<2x8xf32>' are incompatible with return type(s) of operation 'tensor<2x9xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.resize %x scales %s : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}
