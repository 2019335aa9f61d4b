//===- KernelABI.h - How kernels meet the runtime ---------------*- C++ -*-===//
//
// The names shared by the passes that give kernels the runtime's calling
// convention: the marker attributes from convert-kernel-to-dps-func to a
// target's entry point pass, and the library symbols of each kernel's entry
// point and grid function (runtime::KernelEntry in Runtime/Bytecode.h).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_COMMON_KERNELABI_H
#define STRATA_CODEGEN_COMMON_KERNELABI_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace bufferization {
class MaterializeInDestinationOp;
} // namespace bufferization
namespace func {
class FuncOp;
} // namespace func
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

/// The write of a destination-passing kernel's one output (the
/// `bufferization.materialize_in_destination` of its result into its output
/// argument), or null when `kernel` writes none or several: the kernels the
/// targets' distribution passes tile.
mlir::bufferization::MaterializeInDestinationOp
getSingleOutputWrite(mlir::func::FuncOp kernel);

} // namespace strata

#endif // STRATA_CODEGEN_COMMON_KERNELABI_H
