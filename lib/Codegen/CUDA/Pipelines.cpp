//===- Pipelines.cpp - The CUDA code generation pipelines -----------------===//
//
// Implements the pipelines of Pipelines.h. The device-side lowering follows
// the pipeline checked in ../shared/design/gpu/GPU-NOTES.md (section 1.C).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/Pipelines.h"
#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/CPU/Pipelines.h"
#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/Common/Passes.h"
#include "strata/Codegen/Common/Tiling.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

using namespace mlir;

/// The canonicalizer of the kernel pipelines (see the CPU pipelines).
static std::unique_ptr<Pass> createKernelCanonicalizerPass() {
  return createCanonicalizerPass(GreedyRewriteConfig(),
                                 strata::getDisabledCanonicalizations());
}

std::string strata::findCUDAToolkit(llvm::StringRef requested) {
  if (!requested.empty())
    return requested.str();
  for (const char *variable : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (std::optional<std::string> value = llvm::sys::Process::GetEnv(variable))
      if (!value->empty() && llvm::sys::fs::is_directory(*value))
        return *value;
  if (llvm::sys::fs::is_directory("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

void strata::buildCUDADistributePipeline(OpPassManager &pm) {
  pm.addPass(createConvertKernelToDPSFuncPass());
  OpPassManager &funcPM = pm.nest<func::FuncOp>();
  funcPM.addPass(createVerifySchedulesPass());
  funcPM.addPass(createCUDACopiesToGenericsPass());
  funcPM.addPass(createCUDADistributePass());
  pm.addPass(createKernelCanonicalizerPass());
  pm.addPass(createCSEPass());
  buildKernelBufferizePipeline(pm);
  pm.addPass(createKernelCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Self-copies that forall bufferization leaves (GPU-NOTES pitfall 4).
  pm.addPass(createKernelCanonicalizerPass());
  // The register tiles' n-D transfers as rows (1-D transfers of strided
  // views; one n-D load would read the rows as if contiguous).
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll().setTargetRank(1)));
}

void strata::buildKernelToNVVMPipeline(OpPassManager &pm,
                                       const CUDAPipelineOptions &options) {
  buildCUDADistributePipeline(pm);
  CUDAMapForallPassOptions mapOptions;
  mapOptions.maxBlocks = options.maxBlocks;
  pm.addPass(createCUDAMapForallPass(mapOptions));
  pm.addPass(createConvertBufferizationToMemRefPass());
  OpPassManager &kernelPM = pm.nest<gpu::GPUModuleOp>();
  kernelPM.addPass(createConvertLinalgToLoopsPass());
  kernelPM.addPass(createLowerAffinePass());
  kernelPM.addPass(createSCFToControlFlowPass());
  kernelPM.addPass(memref::createExpandStridedMetadataPass());
  kernelPM.addPass(createLowerAffinePass());
  kernelPM.addPass(arith::createArithExpandOpsPass());
  // bf16 arithmetic in f32, rounded once per op (NVPTX selects bf16 math
  // only from sm_90; the CPU path does the same).
  arith::ArithEmulateUnsupportedFloatsOptions emulateOptions;
  emulateOptions.sourceTypeStrs = {"bf16"};
  kernelPM.addPass(arith::createArithEmulateUnsupportedFloats(emulateOptions));
  // The register tiles' vector ops (1-D transfers, outer products' fmas)
  // become LLVM vectors, which the NVPTX backend splits into registers.
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  kernelPM.addPass(createConvertVectorToLLVMPass(vectorOptions));
  GpuNVVMAttachTargetOptions targetOptions;
  targetOptions.chip = options.chip;
  targetOptions.features = options.features;
  targetOptions.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(targetOptions));
  OpPassManager &nvvmPM = pm.nest<gpu::GPUModuleOp>();
  nvvmPM.addPass(createStripDebugInfoPass());
  ConvertGpuOpsToNVVMOpsOptions nvvmOptions;
  nvvmPM.addPass(createConvertGpuOpsToNVVMOps(nvvmOptions));
  nvvmPM.addPass(createCanonicalizerPass());
  nvvmPM.addPass(createCSEPass());
  nvvmPM.addPass(createReconcileUnrealizedCastsPass());
  if (!options.binary)
    return;
  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.toolkitPath = findCUDAToolkit(options.toolkit);
  binaryOptions.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binaryOptions));
}

void strata::buildKernelToCPUEmulationPipeline(OpPassManager &pm,
                                               int64_t maxBlocks) {
  buildCUDADistributePipeline(pm);
  CUDAMapForallPassOptions mapOptions;
  mapOptions.maxBlocks = maxBlocks;
  mapOptions.sequential = true;
  pm.addPass(createCUDAMapForallPass(mapOptions));
  buildCPUBufferDeallocationPipeline(pm);
  buildCPUBuffersToLLVMPipeline(pm);
  pm.addPass(createCPUKernelEntryPointsPass());
}
