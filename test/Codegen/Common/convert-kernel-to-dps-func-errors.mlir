// RUN: strata-opt %s --convert-kernel-to-dps-func -split-input-file -verify-diagnostics

// convert-kernel-to-dps-func rejects, at the kernel, the argument and result
// types the runtime cannot pass: the kernel ABI passes ranked tensors (as
// memref descriptors) and index/i64 scalars only, and results are buffers.

// expected-error @+1 {{kernel argument of type 'f32' cannot be passed by the runtime (ranked tensors and integer scalars only)}}
kernel.func @float_scalar(%a: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  kernel.return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel scalar argument of type 'i32' cannot be passed by the runtime (index or i64 only)}}
kernel.func @narrow_scalar(%a: tensor<4xf32>, %b: i32) -> tensor<4xf32> {
  kernel.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel scalar argument of type 'i1' cannot be passed by the runtime (index or i64 only)}}
kernel.func @bool_scalar(%a: i1) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  kernel.return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel argument of type 'tensor<*xf32>' cannot be passed by the runtime}}
kernel.func @unranked(%a: tensor<*xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  kernel.return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel argument of type 'memref<4xf32>' cannot be passed by the runtime}}
kernel.func @buffer(%a: memref<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  kernel.return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel result of type 'index' is not a ranked tensor}}
kernel.func @scalar_result(%a: index) -> index {
  kernel.return %a : index
}

// -----

// The first bad kernel stops the pass; the good one before it is not
// reported.
kernel.func @good(%a: tensor<4xf32>) -> tensor<4xf32> {
  kernel.return %a : tensor<4xf32>
}
// expected-error @+1 {{kernel argument of type 'vector<4xf32>' cannot be passed by the runtime}}
kernel.func @vector_arg(%a: vector<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  kernel.return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{kernel without a body cannot be compiled}}
kernel.func private @declaration(tensor<16xf32>) -> tensor<16xf32>
