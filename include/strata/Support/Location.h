//===- Location.h - Source locations as users read them ---------*- C++ -*-===//
//
// Ops imported from ONNX carry their node's name (a NameLoc without a file
// position); ops parsed from text a file position. Run-time errors, kernel
// names and compile errors print both the same way: "name (file:line:col)",
// "file:line:col" or "name". MLIR's SourceMgr handler prints a location
// without a file position as `<unknown>:0: error: loc("name"): ...`; the
// handler here prints it as `name: error: ...` instead.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_SUPPORT_LOCATION_H
#define STRATA_SUPPORT_LOCATION_H

#include "mlir/IR/Diagnostics.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace strata {

/// "file:line:col" (with the name of a NameLoc first: "name (file:line:col)"
/// or "name"); "" when unknown.
std::string formatLocation(mlir::Location loc);

/// Prints the diagnostics whose location has no file position but a name
/// (ops imported from ONNX nodes) as "name: error: message", with their
/// notes, to `os`; leaves the others to the handlers registered before it
/// (a SourceMgrDiagnosticHandler, which shows the source line).
class NamedLocationDiagnosticHandler : public mlir::ScopedDiagnosticHandler {
public:
  NamedLocationDiagnosticHandler(mlir::MLIRContext *context,
                                 llvm::raw_ostream &os);
};

} // namespace strata

#endif // STRATA_SUPPORT_LOCATION_H
