//===- CPUTarget.h - The CPU target backend ---------------------*- C++ -*-===//
//
// The first TargetBackend (TargetBackend.h): kernels for the host CPU or a
// named x86-64 CPU, lowered through tiling, vectorization and bufferization
// to the LLVM dialect, compiled by LLVM and linked by lld into one shared
// object that the runtime loads from the .smod.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_CPU_CPUTARGET_H
#define STRATA_TARGET_CPU_CPUTARGET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace strata {
class TargetBackend;
struct CodegenOptions;
struct KernelLibrary;

/// A new CPU backend (named "cpu").
std::unique_ptr<TargetBackend> createCPUTargetBackend();

/// The CPU backend's serializeKernels with `pipeline`'s code generation
/// pipeline (TargetBackend::buildCodegenPipeline): the host's shared object
/// of the kernels of `module`, each distinct kernel compiled once (or taken
/// from the kernel cache, whose keys include `variant`: "" for the CPU
/// backend, the name of a backend that compiles CPU kernels its own way).
mlir::LogicalResult serializeCPUKernels(mlir::ModuleOp module,
                                        const TargetBackend &pipeline,
                                        const CodegenOptions &options,
                                        llvm::StringRef variant,
                                        KernelLibrary &library);

} // namespace strata

#endif // STRATA_TARGET_CPU_CPUTARGET_H
