//===- ResourceBlobs.cpp - Weights passed beside MLIR text ----------------===//
//
// Implements ResourceBlobs.h: blobs become the data of the builtin dialect's
// resource handles that parsing `dense_resource<key>` created (in a fresh
// context the handle's key is the text's), without a copy when the bytes are
// aligned; convertToBytecode parses, attaches and writes MLIR bytecode.
//
//===----------------------------------------------------------------------===//

#include "strata/Compiler/ResourceBlobs.h"
#include "ParsedSource.h"

#include "strata/InitAll.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace strata;

LogicalResult strata::attachResourceBlobs(ModuleOp module,
                                          ArrayRef<ResourceBlob> blobs) {
  DialectResourceBlobManager &manager =
      DenseResourceElementsHandle::getManagerInterface(module.getContext())
          .getBlobManager();
  llvm::StringSet<> given;
  for (const ResourceBlob &blob : blobs) {
    if (!given.insert(blob.key).second)
      return module.emitError()
             << "resource blob '" << blob.key << "' is given twice";
    if (blob.alignment == 0 || !llvm::isPowerOf2_64(blob.alignment))
      return module.emitError()
             << "resource blob '" << blob.key << "' has alignment "
             << blob.alignment << " (expected a power of two)";
    DialectResourceBlobManager::BlobEntry *entry = manager.lookup(blob.key);
    if (!entry)
      return module.emitError()
             << "resource blob '" << blob.key
             << "' is given, but no dense_resource of the source names it";
    if (entry->getBlob())
      return module.emitError()
             << "resource blob '" << blob.key
             << "' is given, but the source has data for it already";
    // Borrowed where the bytes are aligned (numpy's are); else copied into
    // memory of the blob's alignment, which readers of the data rely on.
    if (blob.data.empty() ||
        llvm::isAddrAligned(llvm::Align(blob.alignment), blob.data.data()))
      manager.update(blob.key, UnmanagedAsmResourceBlob::allocateWithAlign(
                                   blob.data, blob.alignment));
    else
      manager.update(blob.key, HeapAsmResourceBlob::allocateAndCopyWithAlign(
                                   blob.data, blob.alignment));
  }

  // Every dense_resource now needs data: later code reads it.
  WalkResult walk = module->walk([&](Operation *op) {
    WalkResult result = op->getAttrDictionary().walk(
        [&](DenseResourceElementsAttr attr) -> WalkResult {
          if (attr.getRawHandle().getBlob())
            return WalkResult::advance();
          op->emitError() << "dense_resource '" << attr.getRawHandle().getKey()
                          << "' has no data: neither the source's "
                             "dialect_resources nor the blobs given hold it";
          return WalkResult::interrupt();
        });
    return result.wasInterrupted() ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult strata::convertToBytecode(StringRef source, StringRef sourceName,
                                        ArrayRef<ResourceBlob> blobs,
                                        std::string &bytecode,
                                        std::string &diagnostics) {
  ParsedSource parsed(source, sourceName, /*threads=*/1, diagnostics);
  OwningOpRef<ModuleOp> &module = parsed.getModule();
  if (!module)
    return failure();
  if (failed(attachResourceBlobs(*module, blobs)))
    return failure();
  llvm::raw_string_ostream bytecodeStream(bytecode);
  BytecodeWriterConfig config(getVersionString());
  if (failed(writeBytecodeToFile(*module, bytecodeStream, config))) {
    parsed.getDiagnosticStream()
        << sourceName << ": error: cannot write the module as bytecode\n";
    return failure();
  }
  return success();
}
