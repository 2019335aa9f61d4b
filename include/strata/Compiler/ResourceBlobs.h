//===- ResourceBlobs.h - Weights passed beside MLIR text --------*- C++ -*-===//
//
// An importer holds a model's weights as bytes; printing them as the hex of
// a `dialect_resources` section doubles their size and costs a pass to
// print and another to parse (for ResNet-18, 93 MB of text and 0.3 s of
// parsing). Instead it writes MLIR text whose `dense_resource<key>`
// attributes have no data and hands the bytes over as ResourceBlobs, which
// are attached to the parsed module. convertToBytecode then writes it as
// MLIR bytecode, where resources are raw bytes (strata-import-onnx
// -o model.mlirbc, and strata.compile of an ONNX model).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_COMPILER_RESOURCEBLOBS_H
#define STRATA_COMPILER_RESOURCEBLOBS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace strata {

/// The bytes of one `dense_resource<key>` attribute, held by the caller.
struct ResourceBlob {
  std::string key;
  /// Borrowed: must stay valid while the module that uses it lives.
  llvm::ArrayRef<char> data;
  /// The alignment the data needs (the element size; a power of two).
  uint64_t alignment = 1;
};

/// Gives each blob's bytes to the builtin dialect's resource `key` of the
/// module's context, then checks that every dense_resource attribute in
/// `module` has data. Errors (a blob no attribute names, a key that has data
/// in the source already, a bad alignment, an attribute without data) are
/// emitted at the module or at the op that uses the attribute.
mlir::LogicalResult attachResourceBlobs(mlir::ModuleOp module,
                                        llvm::ArrayRef<ResourceBlob> blobs);

/// Parses the MLIR text `source` (diagnostics name `sourceName`) in a fresh
/// context, attaches `blobs`, verifies, and writes the module as MLIR
/// bytecode to `bytecode`. Diagnostics are appended to `diagnostics` as
/// compileSource does. Safe to call from several threads at once.
mlir::LogicalResult convertToBytecode(llvm::StringRef source,
                                      llvm::StringRef sourceName,
                                      llvm::ArrayRef<ResourceBlob> blobs,
                                      std::string &bytecode,
                                      std::string &diagnostics);

} // namespace strata

#endif // STRATA_COMPILER_RESOURCEBLOBS_H
