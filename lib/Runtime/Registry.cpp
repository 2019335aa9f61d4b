//===- Registry.cpp - Native functions callable by name -------------------===//
//
// The registry map and the built-in native functions of the global
// registry:
//   strata.print(values...)      prints each value (tensors numpy-like) to
//                                stdout; no results.
//   strata.num_threads()         -> i64: the default thread count.
//   strata.numel(tensor)         -> i64: the tensor's element count.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Registry.h"
#include "strata/Runtime/ThreadPool.h"

#include <algorithm>
#include <cstdio>

using namespace strata::runtime;

Status Registry::add(std::string name, NativeFunction fn, bool replace) {
  if (name.empty())
    return Status::error("native function name is empty");
  if (!fn)
    return Status::error("native function '" + name + "' is empty");
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(name);
  if (it != functions.end() && !replace)
    return Status::error("native function '" + name +
                         "' is already registered");
  functions[std::move(name)] =
      std::make_shared<const NativeFunction>(std::move(fn));
  return Status::success();
}

bool Registry::remove(std::string_view name) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(std::string(name));
  if (it == functions.end())
    return false;
  functions.erase(it);
  return true;
}

NativeFunctionRef Registry::lookup(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(std::string(name));
  return it == functions.end() ? nullptr : it->second;
}

StatusOr<std::vector<Value>> Registry::call(std::string_view name,
                                            Span<Value> args) const {
  NativeFunctionRef fn = lookup(name);
  if (!fn)
    return Status::error("no native function named '" + std::string(name) +
                         "' is registered");
  return (*fn)(args);
}

std::vector<std::string> Registry::getNames() const {
  std::vector<std::string> names;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto &entry : functions)
      names.push_back(entry.first);
  }
  std::sort(names.begin(), names.end());
  return names;
}

static void registerBuiltins(Registry &registry) {
  (void)registry.add("strata.print",
                     [](Span<Value> args) -> StatusOr<std::vector<Value>> {
                       for (const Value &value : args) {
                         std::string text;
                         if (value.isI64())
                           text = std::to_string(value.getI64());
                         else if (value.isTensor())
                           text = value.getTensor().getTypeString() + "\n" +
                                  formatTensor(value.getTensor());
                         else
                           text = value.getTypeString();
                         std::fwrite(text.data(), 1, text.size(), stdout);
                         std::fputc('\n', stdout);
                       }
                       std::fflush(stdout);
                       return std::vector<Value>();
                     });
  (void)registry.add("strata.num_threads",
                     [](Span<Value> args) -> StatusOr<std::vector<Value>> {
                       if (!args.empty())
                         return Status::error(
                             "strata.num_threads: expected no arguments, got " +
                             std::to_string(args.size()));
                       return std::vector<Value>{
                           Value::i64(ThreadPool::getDefaultNumThreads())};
                     });
  (void)registry.add(
      "strata.numel", [](Span<Value> args) -> StatusOr<std::vector<Value>> {
        if (args.size() != 1 || !args[0].isTensor())
          return Status::error("strata.numel: expected one tensor argument");
        return std::vector<Value>{
            Value::i64(args[0].getTensor().getNumElements())};
      });
}

Registry &Registry::global() {
  // Leaked on purpose: usable during static destruction.
  static Registry *registry = [] {
    auto *r = new Registry();
    registerBuiltins(*r);
    return r;
  }();
  return *registry;
}
