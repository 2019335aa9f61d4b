//===- CPUTargetImpl.h - The parts of the CPU backend -----------*- C++ -*-===//
//
// Internal to lib/Target/CPU: the kernels' object files and the
// shared-object linker behind the CPU TargetBackend (CPUTarget.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H
#define STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H

#include "strata/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <utility>

namespace strata::cpu {

/// Compiles the LLVM-dialect modules nested in `kernels` (one per kernel, as
/// lowerKernels makes them) to object files for the CPU of `options`, in
/// parallel on the context's threads; one object per nested module, in
/// their order (one without symbols when there is none).
mlir::FailureOr<llvm::SmallVector<llvm::SmallVector<char, 0>>>
compileKernelObjects(mlir::ModuleOp kernels, const CodegenOptions &options);

/// Links `objects`, in order, into a shared object with lld, defining each
/// (alias, symbol) pair of `aliases` as another name of the symbol.
mlir::FailureOr<std::vector<uint8_t>>
linkSharedObject(mlir::Location loc,
                 llvm::ArrayRef<llvm::ArrayRef<char>> objects,
                 llvm::ArrayRef<std::pair<std::string, std::string>> aliases,
                 const CodegenOptions &options);

} // namespace strata::cpu

#endif // STRATA_LIB_TARGET_CPU_CPUTARGETIMPL_H
