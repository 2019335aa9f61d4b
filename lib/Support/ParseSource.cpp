//===- ParseSource.cpp - Parsing MLIR input within bounded nesting --------===//

#include "strata/Support/ParseSource.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>
#include <string>

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

std::optional<std::string> strata::describeBinaryInput(llvm::StringRef text,
                                                       llvm::StringRef name) {
  if (isBytecode(llvm::MemoryBufferRef(text, "")))
    return std::nullopt;
  // Text IR has no control characters but tabs and line ends; a protobuf
  // (or any other binary file) has them within its first bytes.
  llvm::StringRef head = text.take_front(512);
  bool binary = llvm::any_of(head, [](char c) {
    unsigned char byte = static_cast<unsigned char>(c);
    return byte < 0x20 && c != '\t' && c != '\n' && c != '\r';
  });
  if (!binary)
    return std::nullopt;
  // An ONNX ModelProto begins with its field 1, ir_version (a varint: tag
  // byte 0x08).
  if (name.ends_with_insensitive(".onnx") ||
      (!text.empty() && text.front() == '\x08'))
    return std::string("input is an ONNX model (binary protobuf), not MLIR: "
                       "import it first (strata-import-onnx MODEL.onnx -o "
                       "MODEL.mlirbc), or compile it from Python "
                       "(strata.compile)");
  return std::string(
      "input is binary but neither MLIR text nor MLIR bytecode; it is not "
      "parsed");
}

OwningOpRef<ModuleOp> strata::parseSourceBounded(llvm::SourceMgr &sourceMgr,
                                                 MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (std::optional<std::string> why = describeBinaryInput(
          buffer->getBuffer(), buffer->getBufferIdentifier())) {
    // (Line 0: at line 1 the diagnostic would print the binary "line".)
    emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0))
        << *why;
    return nullptr;
  }
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
