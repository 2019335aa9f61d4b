// convert-kernel-to-device rejects, with a located error and no crash,
// modules that are not the output of kernel-outline (strata-compile runs it
// on whatever it is given).
// RUN: strata-opt %s --convert-kernel-to-device -split-input-file -verify-diagnostics

// expected-error @+1 {{'llvm.func' is neither a host function (func.func) nor a kernel (kernel.func)}}
llvm.func @add_one(%x: f32) -> f32 {
  llvm.return %x : f32
}

// -----

func.func @g() {
  return
}
// expected-error @+1 {{nested modules are not supported}}
module {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
