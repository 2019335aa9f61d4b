//===- ExternalBackend.cpp - The registry of external backends ------------===//
//
// Implements the registry of ExternalBackend.h.
//
//===----------------------------------------------------------------------===//

#include "strata/External/ExternalBackend.h"
#include "Backends.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>

using namespace strata::external;

ExternalBackend::~ExternalBackend() = default;

bool ExternalBackend::isWorthOffloading(
    llvm::ArrayRef<mlir::Operation *> ops) const {
  return llvm::any_of(ops, [&](mlir::Operation *op) { return isAnchor(op); });
}

namespace {
struct Registry {
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<ExternalBackend>> backends;
};

Registry &getRegistry() {
  static Registry registry;
  return registry;
}
} // namespace

void strata::external::registerExternalBackend(
    std::unique_ptr<ExternalBackend> backend) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::string name = backend->getName().str();
  registry.backends.try_emplace(name, std::move(backend));
}

const ExternalBackend *
strata::external::lookupExternalBackend(llvm::StringRef name) {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.backends.find(name);
  return it == registry.backends.end() ? nullptr : it->second.get();
}

std::string strata::external::getExternalBackendNames() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  llvm::SmallVector<llvm::StringRef> names;
  for (const auto &entry : registry.backends)
    names.push_back(entry.getKey());
  llvm::sort(names);
  return llvm::join(names, ", ");
}

void strata::external::registerBuiltinExternalBackends() {
  static std::once_flag once;
  std::call_once(once, [] { registerExternalBackend(createDNNLBackend()); });
}
