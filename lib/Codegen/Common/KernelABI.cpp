//===- KernelABI.cpp - How kernels meet the runtime -----------------------===//
//
// The library symbols of kernels (see KernelABI.h).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/KernelABI.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/Twine.h"

std::string strata::getKernelEntrySymbol(llvm::StringRef kernelName) {
  return ("strata_kernel_" + llvm::Twine(kernelName)).str();
}

std::string strata::getKernelGridSymbol(llvm::StringRef kernelName) {
  return ("strata_grid_" + llvm::Twine(kernelName)).str();
}

std::string strata::getKernelGridBodyName(llvm::StringRef kernelName) {
  return ("__strata_grid_body_" + llvm::Twine(kernelName)).str();
}

mlir::bufferization::MaterializeInDestinationOp
strata::getSingleOutputWrite(mlir::func::FuncOp kernel) {
  mlir::bufferization::MaterializeInDestinationOp single;
  unsigned count = 0;
  kernel.walk([&](mlir::bufferization::MaterializeInDestinationOp op) {
    single = op;
    ++count;
  });
  return count == 1 ? single
                    : mlir::bufferization::MaterializeInDestinationOp();
}
