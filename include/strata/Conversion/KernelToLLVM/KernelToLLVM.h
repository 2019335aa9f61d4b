//===- KernelToLLVM.h - Kernels to a CPU shared object ----------*- C++ -*-===//
//
// The kernel side of the CPU target: kernel.func (tensor level) becomes
// destination-passing functions on memrefs, the CPU pipeline lowers them to
// the LLVM dialect, and each gets an entry point with the runtime's one
// kernel signature (KernelEntry in Runtime/Bytecode.h).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_KERNELTOLLVM_KERNELTOLLVM_H
#define STRATA_CONVERSION_KERNELTOLLVM_KERNELTOLLVM_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace strata {

/// Marks a destination-passing kernel function (value: its number of
/// outputs) from convert-kernel-to-dps-func to the entry point pass.
inline constexpr llvm::StringLiteral kKernelABIAttrName = "strata.kernel_abi";
/// Marks a function the kernel library exports (grid functions).
inline constexpr llvm::StringLiteral kKernelExportAttrName =
    "strata.kernel_export";

/// The library symbol of kernel `kernelName`'s entry point.
std::string getKernelEntrySymbol(llvm::StringRef kernelName);
/// The library symbol of kernel `kernelName`'s grid function.
std::string getKernelGridSymbol(llvm::StringRef kernelName);

/// The name of the function (before the entry point pass) that computes
/// kernel `kernelName`'s number of tiles.
std::string getKernelGridBodyName(llvm::StringRef kernelName);

/// Appends to `pm` (on builtin.module) the lowering of a module of
/// kernel.func to LLVM-dialect code with entry points:
/// convert-kernel-to-dps-func, the strata-lower-cpu pipeline, then
/// strata-cpu-kernel-entry-points.
void buildKernelToLLVMPipeline(mlir::OpPassManager &pm, bool vectorize = true);

} // namespace strata

#endif // STRATA_CONVERSION_KERNELTOLLVM_KERNELTOLLVM_H
