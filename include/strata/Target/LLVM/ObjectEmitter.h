//===- ObjectEmitter.h - LLVM IR, assembly and object emission --*- C++ -*-===//
//
// The last step of the CPU path: an LLVM-dialect module (what
// `strata-lower-cpu` produces) becomes an llvm::Module, is optimized with
// LLVM's new pass manager for a TargetMachine, and is emitted as textual IR,
// assembly or a relocatable object file. Every failure is reported as an MLIR
// diagnostic at a location (never a crash, never a bare message on stderr).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_LLVM_OBJECTEMITTER_H
#define STRATA_TARGET_LLVM_OBJECTEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace strata {

/// Translates `module`, which must hold only builtin and LLVM-dialect ops, to
/// an llvm::Module in `llvmContext`. Registers the builtin and LLVM dialect
/// translations on the module's context first. A failure (an op of another
/// dialect, an invalid module) is reported at the offending op's location.
mlir::FailureOr<std::unique_ptr<llvm::Module>>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmContext);

/// Creates a TargetMachine for `triple` (empty: the host's triple), `cpu` and
/// `features` (an LLVM feature string, "+avx2,-fma"), generating
/// position-independent code at CodeGenOptLevel::None for `optLevel` 0 and
/// Less for 1..3 (see the definition; `optLevel` picks the IR pipeline in
/// optimizeLLVMModule).
///
/// An empty `cpu` means the host CPU, with the host's features when `features`
/// is empty too, if `triple` has the host's architecture, and the target's
/// generic CPU otherwise; "host" asks for the host CPU explicitly. Every
/// target LLVM was built with is available. An unknown triple, an unknown CPU
/// or an unknown feature name is an error at `loc` (LLVM itself would only
/// warn about the last two and carry on).
mlir::FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(mlir::Location loc, llvm::StringRef triple,
                    llvm::StringRef cpu, llvm::StringRef features,
                    unsigned optLevel);

/// Sets the target triple and data layout of `module` to those of
/// `targetMachine` (overriding the ones the MLIR module carried, if any).
/// optimizeLLVMModule, emitObject and emitAssembly call it.
void setTargetInfo(llvm::Module &module,
                   const llvm::TargetMachine &targetMachine);

/// Runs LLVM's default per-module pipeline at `optLevel` (0..3, like clang's
/// -O0..-O3: unrolling, interleaving and the loop and SLP vectorizers from
/// -O2) on `module`, using `targetMachine` for target information
/// (TargetTransformInfo). A module that fails the IR verifier is an error.
mlir::LogicalResult optimizeLLVMModule(mlir::Location loc, llvm::Module &module,
                                       llvm::TargetMachine &targetMachine,
                                       unsigned optLevel);

/// Generates machine code for `module` with `targetMachine` and writes it to
/// `os` as a relocatable object file. Code generation changes `module` (it
/// runs IR-level codegen preparation passes); print it before if needed.
mlir::LogicalResult emitObject(mlir::Location loc, llvm::Module &module,
                               llvm::TargetMachine &targetMachine,
                               llvm::raw_pwrite_stream &os);

/// Like emitObject, but writes textual assembly.
mlir::LogicalResult emitAssembly(mlir::Location loc, llvm::Module &module,
                                 llvm::TargetMachine &targetMachine,
                                 llvm::raw_pwrite_stream &os);

} // namespace strata

#endif // STRATA_TARGET_LLVM_OBJECTEMITTER_H
