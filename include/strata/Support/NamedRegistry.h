//===- NamedRegistry.h - Process-wide maps of named backends ----*- C++ -*-===//
//
// The registry behind TargetBackend.h and ExternalBackend.h: objects that
// say their name (getName()), registered once at start-up and looked up by
// name from any thread.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_SUPPORT_NAMEDREGISTRY_H
#define STRATA_SUPPORT_NAMEDREGISTRY_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <mutex>
#include <string>

namespace strata {

/// A thread-safe map from names to the objects (of a class with
/// `getName()`) registered under them.
template <typename T> class NamedRegistry {
public:
  /// Registers `entry` under its name; the first registration of a name
  /// wins.
  void add(std::unique_ptr<T> entry) {
    std::lock_guard<std::mutex> lock(mutex);
    std::string name = entry->getName().str();
    entries.try_emplace(name, std::move(entry));
  }

  /// The object registered as `name`, or null.
  const T *lookup(llvm::StringRef name) const {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = entries.find(name);
    return it == entries.end() ? nullptr : it->second.get();
  }

  /// The registered names, sorted, comma-separated.
  std::string getNames() const {
    std::lock_guard<std::mutex> lock(mutex);
    llvm::SmallVector<llvm::StringRef> names;
    for (const auto &entry : entries)
      names.push_back(entry.getKey());
    llvm::sort(names);
    return llvm::join(names, ", ");
  }

private:
  mutable std::mutex mutex;
  llvm::StringMap<std::unique_ptr<T>> entries;
};

} // namespace strata

#endif // STRATA_SUPPORT_NAMEDREGISTRY_H
