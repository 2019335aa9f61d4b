//===- Backends.h - The external backends built into Strata -----*- C++ -*-===//
//
// Constructors of the built-in backends, for registerBuiltinExternalBackends.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_EXTERNAL_BACKENDS_H
#define STRATA_LIB_EXTERNAL_BACKENDS_H

#include "strata/External/ExternalBackend.h"

#include <memory>

namespace strata::external {

/// oneDNN on CPUs (DNNLBackend.cpp).
std::unique_ptr<ExternalBackend> createDNNLBackend();
/// oneDNN's code generation (DNNLCodegen.cpp): calls of the dnnl plugin.
llvm::LogicalResult lowerDNNLFunction(mlir::Operation *function);

} // namespace strata::external

#endif // STRATA_LIB_EXTERNAL_BACKENDS_H
