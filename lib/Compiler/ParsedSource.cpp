//===- ParsedSource.cpp - Source parsed in a fresh context ----------------===//
//
// Implements ParsedSource.h.
//
//===----------------------------------------------------------------------===//

#include "ParsedSource.h"

#include "strata/Compiler/Compiler.h"
#include "strata/Support/ParseSource.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace strata;

/// The compiler's dialects, for the context's constructor.
static DialectRegistry getCompilerRegistry() {
  DialectRegistry registry;
  registerCompilerDialects(registry);
  return registry;
}

ParsedSource::ParsedSource(StringRef source, StringRef sourceName,
                           unsigned threads, std::string &diagnostics)
    : diagnosticStream(diagnostics), context(getCompilerRegistry()),
      handler(sourceMgr, &context, diagnosticStream),
      namedHandler(&context, diagnosticStream) {
  threadPool = setContextThreads(context, threads);
  context.loadAllAvailableDialects();
  // Diagnostics point at the source; the op's IR would drown them.
  context.printOpOnDiagnostic(false);
  // A copy: the parser may keep references into the buffer (resources), and
  // the caller's bytes need not outlive this call or be aligned.
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
  module = parseSourceBounded(sourceMgr, &context);
  // The parser reports its errors; an empty message would hide a failure.
  if (!module && diagnostics.empty())
    diagnosticStream << sourceName << ": error: cannot parse the input\n";
}
