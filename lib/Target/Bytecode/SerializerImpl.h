//===- SerializerImpl.h - The parts of the bytecode serializer --*- C++ -*-===//
//
// Internal to lib/Target/Bytecode: the host-function encoder and the
// helpers it shares with the serializer.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_TARGET_BYTECODE_SERIALIZERIMPL_H
#define STRATA_LIB_TARGET_BYTECODE_SERIALIZERIMPL_H

#include "strata/Runtime/ModuleWriter.h"
#include "strata/Target/Bytecode/Serializer.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace strata::serializer {

/// What host functions refer to by symbol, as module indices.
struct SymbolIndices {
  llvm::StringMap<uint32_t> functions;
  llvm::StringMap<uint32_t> kernels;
  llvm::StringMap<uint32_t> constants;
};

/// The module's Types index of a host value type: index and integers are
/// I64, identity-layout memrefs tensors, !device.storage storage. Other
/// types are an error at `loc`.
mlir::FailureOr<uint32_t> getTypeIndex(mlir::Location loc, mlir::Type type,
                                       runtime::ModuleWriter &writer);

/// The runtime element type of `type`, or DType::Invalid.
runtime::bytecode::DType getDType(mlir::Type type);

/// Encodes `func` into `builder`: registers, signature and instructions.
mlir::LogicalResult encodeHostFunction(mlir::func::FuncOp func,
                                       const SymbolIndices &symbols,
                                       runtime::ModuleWriter &writer,
                                       runtime::FunctionBuilder &builder);

} // namespace strata::serializer

#endif // STRATA_LIB_TARGET_BYTECODE_SERIALIZERIMPL_H
