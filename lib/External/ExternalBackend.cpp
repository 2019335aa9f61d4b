//===- ExternalBackend.cpp - The registry of external backends ------------===//
//
// Implements the registry of ExternalBackend.h.
//
//===----------------------------------------------------------------------===//

#include "strata/External/ExternalBackend.h"
#include "Backends.h"
#include "strata/Support/NamedRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <mutex>

using namespace strata::external;

ExternalBackend::~ExternalBackend() = default;

bool ExternalBackend::isWorthOffloading(
    llvm::ArrayRef<mlir::Operation *> ops) const {
  return llvm::any_of(ops, [&](mlir::Operation *op) { return isAnchor(op); });
}

bool ExternalBackend::isWorthOffloadingOn(llvm::ArrayRef<mlir::Operation *> ops,
                                          llvm::StringRef cpu) const {
  return isWorthOffloading(ops);
}

llvm::LogicalResult
ExternalBackend::lowerFunction(mlir::Operation *function) const {
  return llvm::success();
}

/// The registered backends, by name (registerAllPasses registers the
/// built-in ones at start-up).
static strata::NamedRegistry<ExternalBackend> &getRegistry() {
  static strata::NamedRegistry<ExternalBackend> registry;
  return registry;
}

void strata::external::registerExternalBackend(
    std::unique_ptr<ExternalBackend> backend) {
  getRegistry().add(std::move(backend));
}

const ExternalBackend *
strata::external::lookupExternalBackend(llvm::StringRef name) {
  return getRegistry().lookup(name);
}

std::string strata::external::getExternalBackendNames() {
  return getRegistry().getNames();
}

void strata::external::registerBuiltinExternalBackends() {
  static std::once_flag once;
  std::call_once(once, [] { registerExternalBackend(createDNNLBackend()); });
}
