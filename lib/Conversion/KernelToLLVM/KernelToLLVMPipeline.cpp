//===- KernelToLLVMPipeline.cpp - The kernel lowering pipeline ------------===//
//
// Implements buildKernelToLLVMPipeline (see KernelToLLVM.h), registered as
// strata-lower-kernels-cpu.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/CPU/CPUPipeline.h"
#include "strata/Conversion/KernelToLLVM/KernelToLLVM.h"
#include "strata/Conversion/Passes.h"

#include "mlir/Pass/PassManager.h"

void strata::buildKernelToLLVMPipeline(mlir::OpPassManager &pm,
                                       bool vectorize) {
  pm.addPass(createConvertKernelToDPSFuncPass());
  CPUPipelineOptions options;
  // Temporaries inside a kernel are freed before it returns: a kernel runs
  // many times in one process.
  options.deallocate = true;
  options.distribute = true;
  options.vectorize = vectorize;
  buildCPULoweringPipeline(pm, options);
  pm.addPass(createCPUKernelEntryPointsPass());
}
