//===- Passes.cpp - Register the conversion passes ------------------------===//

#include "strata/Conversion/Passes.h"
#include "strata/Conversion/CPU/CPUPipeline.h"
#include "strata/Conversion/KernelToLLVM/KernelToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassRegistry.h"

namespace strata {
#define GEN_PASS_REGISTRATION
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

void strata::registerConversionPasses() {
  registerStrataConversionPasses();
  mlir::PassPipelineRegistration<CPUPipelineOptions>(
      "strata-lower-cpu",
      "Lower func.func on tensors (linalg, tensor, arith, math) to the LLVM "
      "dialect for the host CPU: tile and vectorize, one-shot bufferize, "
      "lower to loops and LLVM",
      buildCPULoweringPipeline);
  mlir::PassPipelineRegistration<>(
      "strata-lower-kernels-cpu",
      "Lower a module of kernel.func to LLVM-dialect code with the runtime's "
      "kernel entry points: convert-kernel-to-dps-func, strata-lower-cpu, "
      "strata-cpu-kernel-entry-points",
      [](mlir::OpPassManager &pm) { buildKernelToLLVMPipeline(pm); });
}
