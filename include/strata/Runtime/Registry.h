//===- Registry.h - Native functions callable by name -----------*- C++ -*-===//
//
// TVM's PackedFunc idea: a native function takes a list of Values and
// returns a list of Values (or an error). Functions are registered by name
// in a Registry; bytecode calls them with CallNative, and C++ and C API
// users call them directly. The global registry starts with a few
// built-ins ("strata.print", "strata.num_threads", "strata.numel").
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_REGISTRY_H
#define STRATA_RUNTIME_REGISTRY_H

#include "strata/Runtime/Module.h"
#include "strata/Runtime/Tensor.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::runtime {

/// A native function: arguments in, results (or an error) out.
using NativeFunction =
    std::function<StatusOr<std::vector<Value>>(Span<Value> args)>;
using NativeFunctionRef = std::shared_ptr<const NativeFunction>;

/// Thread-safe name -> native function map.
class Registry {
public:
  /// The process-wide registry, with the built-ins registered.
  static Registry &global();

  /// Registers `fn` as `name`. Fails if the name is taken, unless
  /// `replace`.
  Status add(std::string name, NativeFunction fn, bool replace = false);
  /// Removes `name`; false when absent.
  bool remove(std::string_view name);
  /// The function registered as `name`, or nullptr. The reference stays
  /// valid even if the name is removed or replaced meanwhile.
  NativeFunctionRef lookup(std::string_view name) const;
  bool contains(std::string_view name) const { return lookup(name) != nullptr; }
  /// Calls `name`; an unknown name is an error.
  StatusOr<std::vector<Value>> call(std::string_view name,
                                    Span<Value> args) const;
  /// The registered names, sorted.
  std::vector<std::string> getNames() const;

private:
  mutable std::mutex mutex;
  std::unordered_map<std::string, NativeFunctionRef> functions;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_REGISTRY_H
