//===- Pipelines.h - The CUDA code generation pipelines ---------*- C++ -*-===//
//
// `strata-lower-kernels-cuda`: the CUDA backend's code generation pipeline
// (a module of kernel.func to gpu.binary ops holding each kernel's PTX),
// and `strata-lower-kernels-cuda-emulation`: the same schedules, tiling and
// distribution run on the host CPU (the CPU backend's lowering after
// strata-cuda-map-forall's sequential loops), which is how the ordinary
// test suite checks the numerics of GPU schedules on any machine.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CUDA_PIPELINES_H
#define STRATA_CODEGEN_CUDA_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace strata {

/// Options of the `strata-lower-kernels-cuda` pipeline.
struct CUDAPipelineOptions
    : public mlir::PassPipelineOptions<CUDAPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The GPU architecture (sm_90, ...)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features", llvm::cl::desc("NVPTX features (the PTX version)"),
      llvm::cl::init("+ptx80")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM optimization level"),
                            llvm::cl::init(3)};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("The CUDA toolkit whose libdevice math functions are "
                     "linked (default: $CUDA_HOME, else /usr/local/cuda)"),
      llvm::cl::init("")};
  Option<bool> binary{
      *this, "binary",
      llvm::cl::desc("End with gpu-module-to-binary (format=isa: PTX)"),
      llvm::cl::init(true)};
  Option<int64_t> maxBlocks{
      *this, "max-blocks",
      llvm::cl::desc("The most blocks of a grid (strata-cuda-map-forall)"),
      llvm::cl::init(1056)};
};

/// The CUDA toolkit directory: `requested` when set, else $CUDA_HOME,
/// $CUDA_ROOT or $CUDA_PATH, else /usr/local/cuda when it exists ("" when
/// none is found).
std::string findCUDAToolkit(llvm::StringRef requested = "");

/// Appends to `pm` (on builtin.module) the target-independent half of the
/// GPU lowering: convert-kernel-to-dps-func, strata-cuda-copies-to-generics,
/// strata-cuda-distribute, canonicalization, and One-Shot Bufferize across
/// function boundaries.
void buildCUDADistributePipeline(mlir::OpPassManager &pm);

/// Appends to `pm` (on builtin.module) the lowering of a module of
/// kernel.func to one gpu.binary per kernel holding its PTX:
/// buildCUDADistributePipeline, strata-cuda-map-forall, loops and control
/// flow in each gpu.module, nvvm-attach-target, convert-gpu-to-nvvm
/// (memref descriptors as kernel parameters), gpu-module-to-binary
/// (format=isa).
void buildKernelToNVVMPipeline(mlir::OpPassManager &pm,
                               const CUDAPipelineOptions &options);

/// Appends to `pm` (on builtin.module) the CPU emulation of the GPU
/// lowering: buildCUDADistributePipeline, strata-cuda-map-forall
/// (sequential), then the CPU backend's deallocation, lowering to LLVM and
/// entry points (no vectorization).
void buildKernelToCPUEmulationPipeline(mlir::OpPassManager &pm,
                                       int64_t maxBlocks);

} // namespace strata

#endif // STRATA_CODEGEN_CUDA_PIPELINES_H
