// RUN: strata-opt %s --convert-kernel-to-device -split-input-file -verify-diagnostics

// A result size that depends on data the kernel computes.
kernel.func private @nonzero(%a: tensor<4xi64>) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %n64 = tensor.extract %a[%c0] : tensor<4xi64>
  %n = arith.index_cast %n64 : i64 to index
  %sum = arith.addi %n64, %n64 : i64
  %e = tensor.empty(%n) : tensor<?xi64>
  %f = linalg.fill ins(%sum : i64) outs(%e : tensor<?xi64>) -> tensor<?xi64>
  %g = tensor.empty() : tensor<4xi64>
  %h = linalg.add ins(%a, %a : tensor<4xi64>, tensor<4xi64>) outs(%g : tensor<4xi64>) -> tensor<4xi64>
  %m64 = tensor.extract %h[%c0] : tensor<4xi64>
  %m = arith.index_cast %m64 : i64 to index
  %r = tensor.empty(%m) : tensor<?xi64>
  %s = linalg.fill ins(%sum : i64) outs(%r : tensor<?xi64>) -> tensor<?xi64>
  kernel.return %s : tensor<?xi64>
}
func.func @main(%a: tensor<4xi64>) -> tensor<?xi64> {
  // expected-error @+1 {{cannot compute the sizes of result #0 of kernel @nonzero before the launch: a size depends on what 'linalg.add' computes in the kernel}}
  %0 = kernel.launch @nonzero(%a) : (tensor<4xi64>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

kernel.func private @external(tensor<?xf32>) -> tensor<?xf32>
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{cannot compute the sizes of result #0 of kernel @external before the launch: the kernel is a declaration without a body}}
  %0 = kernel.launch @external(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// expected-error @+1 {{argument of unranked tensor type 'tensor<*xf32>' has no buffer type at the device level}}
func.func @main(%a: tensor<*xf32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'tensor.dim' on unranked tensors cannot be converted to the device level}}
  %0 = tensor.dim %a, %c0 : tensor<*xf32>
  return %0 : index
}

// -----

func.func @main(%a: tensor<4xf32>) -> i1 {
  // expected-error @+1 {{'scf.execute_region' on tensors in host code cannot be converted to the device level}}
  %0 = scf.execute_region -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  }
  %c = arith.constant true
  return %c : i1
}

