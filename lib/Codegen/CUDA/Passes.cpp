//===- Passes.cpp - Register the CUDA code generation passes --------------===//

#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/CUDA/Pipelines.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace strata {
#define GEN_PASS_REGISTRATION
#include "strata/Codegen/CUDA/Passes.h.inc"
} // namespace strata

namespace {
/// Options of `strata-lower-kernels-cuda-emulation`.
struct EmulationOptions : public mlir::PassPipelineOptions<EmulationOptions> {
  Option<int64_t> maxBlocks{
      *this, "max-blocks",
      llvm::cl::desc("The most blocks of a grid (strata-cuda-map-forall)"),
      llvm::cl::init(1056)};
};
} // namespace

void strata::registerCodegenCUDAPasses() {
  registerStrataCodegenCUDAPasses();
  mlir::PassPipelineRegistration<CUDAPipelineOptions>(
      "strata-lower-kernels-cuda",
      "Lower a module of kernel.func to gpu.binary ops holding PTX: "
      "strata-cuda-distribute, bufferization, strata-cuda-map-forall, "
      "convert-gpu-to-nvvm, gpu-module-to-binary",
      buildKernelToNVVMPipeline);
  mlir::PassPipelineRegistration<EmulationOptions>(
      "strata-lower-kernels-cuda-emulation",
      "Lower a module of kernel.func with the CUDA schedules and "
      "distribution to CPU kernels (strata-cuda-map-forall sequential)",
      [](mlir::OpPassManager &pm, const EmulationOptions &options) {
        buildKernelToCPUEmulationPipeline(pm, options.maxBlocks);
      });
}
