//===- Location.cpp - Source locations as users read them -----------------===//

#include "strata/Support/Location.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

std::string strata::formatLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().strref() + ":" +
            llvm::Twine(fileLoc.getLine()) + ":" +
            llvm::Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    std::string child = formatLocation(nameLoc.getChildLoc());
    std::string name = nameLoc.getName().str();
    return child.empty() ? name : name + " (" + child + ")";
  }
  if (auto callLoc = dyn_cast<CallSiteLoc>(loc))
    return formatLocation(callLoc.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations()) {
      std::string text = formatLocation(part);
      if (!text.empty())
        return text;
    }
  }
  return "";
}

static StringRef getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "error";
}

/// Whether the SourceMgr handler can point at the source for `loc`.
static bool hasFilePosition(Location loc) {
  bool found = false;
  loc->walk([&](Location part) {
    found |= isa<FileLineColLoc>(part);
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

strata::NamedLocationDiagnosticHandler::NamedLocationDiagnosticHandler(
    MLIRContext *context, llvm::raw_ostream &os)
    : ScopedDiagnosticHandler(context, [&os](Diagnostic &diagnostic) {
        if (hasFilePosition(diagnostic.getLocation()))
          return failure();
        std::string where = formatLocation(diagnostic.getLocation());
        if (where.empty())
          return failure();
        os << where << ": " << getSeverityName(diagnostic.getSeverity()) << ": "
           << diagnostic << "\n";
        for (Diagnostic &note : diagnostic.getNotes()) {
          std::string noteWhere = formatLocation(note.getLocation());
          os << (noteWhere.empty() ? where : noteWhere) << ": note: " << note
             << "\n";
        }
        os.flush();
        return success();
      }) {}
