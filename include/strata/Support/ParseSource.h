//===- ParseSource.h - Parsing MLIR input within bounded nesting -*- C++
//-*-===//
//
// The MLIR parsers recurse once per nested region, block, attribute or
// type, so deeply nested input (ten thousand nested regions) overflows the
// stack. Strata's tools and compile API parse through parseSourceBounded,
// which rejects nesting beyond kMaxNestingDepth with an error at the
// offending bracket before the parser sees the text.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_SUPPORT_PARSESOURCE_H
#define STRATA_SUPPORT_PARSESOURCE_H

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace strata {

/// The deepest bracket nesting accepted in textual IR: far beyond what
/// models need (a rank-8 dense literal nests 9 deep, a module's regions a
/// handful) and far within what the parser's recursion fits in a thread's
/// default stack.
inline constexpr unsigned kMaxNestingDepth = 500;

/// The offset of the first opening bracket (`{`, `(`, `[` or `<`) of `text`
/// nested deeper than `limit`, outside string literals and `//` comments;
/// none when the nesting stays within it. MLIR bytecode is not text and is
/// never rejected.
std::optional<size_t> findExcessiveNesting(llvm::StringRef text,
                                           unsigned limit = kMaxNestingDepth);

/// Why `text` (the contents of the file `name`) cannot be MLIR: binary
/// data that is not MLIR bytecode (control characters in its first bytes),
/// said to be an ONNX model when it looks like one; none for text or
/// bytecode.
std::optional<std::string> describeBinaryInput(llvm::StringRef text,
                                               llvm::StringRef name);

/// Parses the main buffer of `sourceMgr` as a module in `context` after
/// checking that it is not some other binary file and its nesting; reports an
/// error at the first bracket too deep through the context's diagnostics (null
/// module) instead of parsing.
mlir::OwningOpRef<mlir::ModuleOp>
parseSourceBounded(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context);

} // namespace strata

#endif // STRATA_SUPPORT_PARSESOURCE_H
