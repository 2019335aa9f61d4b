//===- CUDATarget.h - The CUDA target backends ------------------*- C++ -*-===//
//
// The second TargetBackend (TargetBackend.h): kernels for NVIDIA GPUs,
// tiled into blocks and threads (Codegen/CUDA), lowered through the GPU and
// NVVM dialects to PTX, and assembled by ptxas into a cubin for the named
// chip when ptxas is present; the .smod stores both (KernelLibraryCUDA in
// Runtime/Bytecode.h). And the CUDA emulator: the same schedules and
// distribution run as CPU kernels, to check them on any machine.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_CUDA_CUDATARGET_H
#define STRATA_TARGET_CUDA_CUDATARGET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace mlir {
class Location;
} // namespace mlir

namespace strata {
class TargetBackend;
namespace kernel {
class TargetAttr;
} // namespace kernel

/// The chip `--target=cuda` compiles for when none is named.
inline constexpr llvm::StringLiteral kDefaultCUDAChip = "sm_90";

/// The #kernel.target of CUDA chip `chip` ("" : kDefaultCUDAChip) with
/// `features` ("": +ptx80); a diagnostic at `loc` naming the known chips
/// when it is not one of them.
mlir::FailureOr<kernel::TargetAttr> getCUDATarget(mlir::Location loc,
                                                  llvm::StringRef chip,
                                                  llvm::StringRef features);

/// A new CUDA backend (named "cuda").
std::unique_ptr<TargetBackend> createCUDATargetBackend();

/// A new CUDA emulator backend (named "cuda-emulator"): CUDA schedules and
/// distribution, compiled for and run on the host CPU.
std::unique_ptr<TargetBackend> createCUDAEmulatorBackend();

} // namespace strata

#endif // STRATA_TARGET_CUDA_CUDATARGET_H
