//===- ParsedSource.h - Source parsed in a fresh context --------*- C++ -*-===//
//
// What compileSource (Compiler.cpp) and convertToBytecode (ResourceBlobs.cpp)
// both start with: a fresh context with the compiler's dialects, the source
// parsed in it, and every diagnostic collected as text with its location.
// Private to lib/Compiler.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_COMPILER_PARSEDSOURCE_H
#define STRATA_LIB_COMPILER_PARSEDSOURCE_H

#include "strata/Support/Location.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace strata {

/// `source` (MLIR text or bytecode, named `sourceName` in diagnostics)
/// parsed in a context of its own with `threads` (setContextThreads). Every
/// diagnostic, of the parse and of whatever later runs in the context, is
/// appended to `diagnostics` as "name:line:col: error: message" with the
/// source line; a parse that fails without one says so. The module is null
/// when the source does not parse.
class ParsedSource {
public:
  ParsedSource(llvm::StringRef source, llvm::StringRef sourceName,
               unsigned threads, std::string &diagnostics);

  mlir::OwningOpRef<mlir::ModuleOp> &getModule() { return module; }
  /// Where later steps add their own messages.
  llvm::raw_ostream &getDiagnosticStream() { return diagnosticStream; }

private:
  llvm::raw_string_ostream diagnosticStream;
  // Declared before the context, which uses it until it is destroyed.
  std::unique_ptr<llvm::ThreadPoolInterface> threadPool;
  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler;
  // Ops imported from ONNX have a node name and no file position.
  NamedLocationDiagnosticHandler namedHandler;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

} // namespace strata

#endif // STRATA_LIB_COMPILER_PARSEDSOURCE_H
