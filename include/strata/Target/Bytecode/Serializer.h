//===- Serializer.h - Device-level modules to .smod files -------*- C++ -*-===//
//
// The last step of strata-compile: a device-level module (host functions on
// memrefs with device ops, arith and cf; kernel.func kernels; the constant
// pool's device.pool_entry ops) becomes one .smod file (format in
// Runtime/Bytecode.h, docs/ModuleFormat.md):
//  - the kernels become the kernel library of the target's backend
//    (TargetBackend::serializeKernels: on CPUs destination-passing LLVM
//    code with the runtime's entry points, compiled and linked into one
//    shared object with lld);
//  - each host function is encoded as VM bytecode (one register per SSA
//    value, branches with moves for block arguments);
//  - pool entries become the 64-byte aligned constant pool;
//  - metadata records the producer, the source, the target and the CPU
//    features the kernels were compiled for (checked at load).
// The same input gives byte-identical output. Every failure is an MLIR
// diagnostic at a location.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_BYTECODE_SERIALIZER_H
#define STRATA_TARGET_BYTECODE_SERIALIZER_H

#include "strata/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata {

/// How kernels are compiled and what the module records.
struct BytecodeOptions {
  /// How the target's backend compiles the kernels; an empty triple, chip
  /// or feature string takes the module's #device.target's (else the
  /// host's).
  CodegenOptions codegen;
  /// Recorded in the metadata as "source".
  std::string sourceName;
  /// The backend that compiles the kernels ("": the one named by the
  /// module's #device.target kind).
  std::string backend;
};

/// Serializes the device-level `module` into `bytes` (a whole .smod file).
mlir::LogicalResult serializeToBytecode(mlir::ModuleOp module,
                                        const BytecodeOptions &options,
                                        std::vector<uint8_t> &bytes);

} // namespace strata

#endif // STRATA_TARGET_BYTECODE_SERIALIZER_H
