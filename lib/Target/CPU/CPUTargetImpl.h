//===- CPUTargetImpl.h - The parts of the CPU backend -----------*- C++ -*-===//
//
// Internal to lib/Target/CPU: the shared-object linker behind the CPU
// TargetBackend (CPUTarget.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H
#define STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H

#include "strata/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"

namespace strata::cpu {

/// Compiles the LLVM-dialect modules nested in `kernels` (one per kernel, as
/// lowerKernels makes them) for the CPU of `options`, in parallel on the
/// context's threads, and links them into a shared object with lld.
mlir::FailureOr<std::vector<uint8_t>>
buildSharedObject(mlir::ModuleOp kernels, const CodegenOptions &options);

} // namespace strata::cpu

#endif // STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H
