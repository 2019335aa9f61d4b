//===- Backends.h - The external backends built into Strata -----*- C++ -*-===//
//
// Constructors of the built-in backends, for registerBuiltinExternalBackends.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_EXTERNAL_BACKENDS_H
#define STRATA_LIB_EXTERNAL_BACKENDS_H

#include "strata/External/ExternalBackend.h"

#include "mlir/IR/Value.h"

#include <memory>

namespace strata::external {

/// oneDNN on CPUs (DNNLBackend.cpp).
std::unique_ptr<ExternalBackend> createDNNLBackend();
/// oneDNN's code generation (DNNLCodegen.cpp): calls of the dnnl plugin.
llvm::LogicalResult lowerDNNLFunction(mlir::Operation *function);

// What dnnl's pattern table and its code generation both ask (defined in
// DNNLBackend.cpp).

/// Whether every operand and result of `op` is a statically shaped f32
/// tensor.
bool hasStaticF32Tensors(mlir::Operation *op);
/// Whether `operand` broadcasts onto `value` as the second source of
/// oneDNN's binary ops: of `value`'s rank (or, with `lowerRank`, of a lower
/// one, aligned to its last dims), each dim equal to `value`'s or 1.
bool broadcastsOnto(mlir::Value operand, mlir::Value value, bool lowerRank);

} // namespace strata::external

#endif // STRATA_LIB_EXTERNAL_BACKENDS_H
