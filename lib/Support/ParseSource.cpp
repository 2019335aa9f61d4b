//===- ParseSource.cpp - Parsing MLIR input within bounded nesting --------===//

#include "strata/Support/ParseSource.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>

using namespace mlir;

std::optional<size_t> strata::findExcessiveNesting(llvm::StringRef text,
                                                   unsigned limit) {
  if (isBytecode(llvm::MemoryBufferRef(text, "")))
    return std::nullopt;
  size_t depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      // A string literal: skip to its closing quote, one not escaped by an
      // odd run of backslashes. memchr, not a loop per byte: the hex of a
      // model's weights is most of its text (90 MB for ResNet-18).
      for (size_t open = i;;) {
        const void *quote = std::memchr(text.data() + i + 1, '"', e - (i + 1));
        if (!quote) {
          i = e;
          break;
        }
        i = static_cast<const char *>(quote) - text.data();
        size_t backslashes = 0;
        while (i - backslashes - 1 > open && text[i - backslashes - 1] == '\\')
          ++backslashes;
        if (backslashes % 2 == 0)
          break;
      }
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        i = std::min(text.find('\n', i), e);
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      if (++depth > limit)
        return i;
      break;
    case '>':
      // The arrow of a function type or an affine map closes nothing.
      if (i > 0 && text[i - 1] == '-')
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      // Comparisons in integer sets (`>=`) can close more than was opened;
      // the count only needs to bound the parser's recursion.
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

OwningOpRef<ModuleOp> strata::parseSourceBounded(llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (std::optional<size_t> offset =
          findExcessiveNesting(buffer->getBuffer())) {
    llvm::SMLoc where =
        llvm::SMLoc::getFromPointer(buffer->getBufferStart() + *offset);
    auto [line, column] = sourceMgr.getLineAndColumn(where);
    emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), line,
                                  column))
        << "input nested more than " << kMaxNestingDepth
        << " levels deep (regions, attributes or types); it is not parsed";
    return nullptr;
  }
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
}
