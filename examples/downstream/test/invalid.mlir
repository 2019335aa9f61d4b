// RUN: downstream-opt %s -split-input-file -verify-diagnostics

// The graph type constraints reused from Strata reject integer tensors.
func.func @int_swish(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = downstream.swish %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}
