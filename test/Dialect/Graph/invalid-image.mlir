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

// -----

func.func @grid_sample_rank(%x: tensor<2x4xf32>, %g: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{expected the input to be N x C x spatial dims (rank >= 3), got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @grid_sample_grid_rank(%x: tensor<1x2x4x4xf32>, %g: tensor<1x4x2xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+2 {{expected the grid to have the input's rank (4), got rank 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xf32>, tensor<1x4x2xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @grid_sample_coordinates(%x: tensor<1x2x4x4xf32>, %g: tensor<1x4x4x3xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+2 {{expected the grid's last dim to hold 2 coordinates, got 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xf32>, tensor<1x4x4x3xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @grid_sample_batch(%x: tensor<1x2x4x4xf32>, %g: tensor<2x4x4x2xf32>) -> tensor<?x?x?x?xf32> {
  // expected-error @+2 {{input batch size 1 differs from the grid's 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xf32>, tensor<2x4x4x2xf32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @grid_sample_linear_int(%x: tensor<1x2x4x4xi32>, %g: tensor<1x4x4x2xf32>) -> tensor<?x?x?x?xi32> {
  // expected-error @+2 {{linear and cubic sampling need a floating-point input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xi32>, tensor<1x4x4x2xf32>) -> tensor<?x?x?x?xi32>
  return %0 : tensor<?x?x?x?xi32>
}

// -----

func.func @grid_sample_declared(%x: tensor<1x2x4x4xf32>, %g: tensor<1x3x5x2xf32>) -> tensor<1x2x5x3xf32> {
  // expected-error @+2 {{'graph.grid_sample' op inferred type(s) 'tensor<1x2x3x5xf32>' are incompatible with return type(s) of operation 'tensor<1x2x5x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xf32>, tensor<1x3x5x2xf32>) -> tensor<1x2x5x3xf32>
  return %0 : tensor<1x2x5x3xf32>
}

// -----

func.func @affine_grid_length(%t: tensor<1x2x3xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  // expected-error @+2 {{expected size to hold 4 values (N, C, H, W) or 5 (N, C, D, H, W)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.affine_grid %t, %s : (tensor<1x2x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

func.func @affine_grid_theta(%t: tensor<1x2x3xf32>, %s: tensor<5xi64>) -> tensor<?x?x?x?x?xf32> {
  // expected-error @+2 {{expected theta to be N x 3 x 4 for a 3-D grid, got ? x 2 x 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.affine_grid %t, %s : (tensor<1x2x3xf32>, tensor<5xi64>) -> tensor<?x?x?x?x?xf32>
  return %0 : tensor<?x?x?x?x?xf32>
}

// -----

func.func @affine_grid_theta_rank(%t: tensor<2x3xf32>, %s: tensor<4xi64>) -> tensor<?x?x?x?xf32> {
  // expected-error @+2 {{expected theta to be N x 2 x 3, got rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.affine_grid %t, %s : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @affine_grid_size(%t: tensor<1x2x3xf32>) -> tensor<?x?x?x?xf32> {
  %s = graph.constant dense<[1, 1, 4, -2]> : tensor<4xi64>
  // expected-error @+2 {{size #3 is negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = graph.affine_grid %t, %s : (tensor<1x2x3xf32>, tensor<4xi64>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

func.func @grid_sample_grid_type(%x: tensor<1x2x4x4xf32>, %g: tensor<1x4x4x2xi32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{operand #1 must be ranked tensor of}}
  %0 = graph.grid_sample %x, %g : (tensor<1x2x4x4xf32>, tensor<1x4x4x2xi32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
