//===- Plugins.h - Loading runtime plugins of native functions --*- C++ -*-===//
//
// Runtime plugins (strata-c/Plugin.h) are shared libraries that register
// native functions, loaded by name: plugin "P" is libstrata-plugin-P.so,
// searched in the directories of $STRATA_PLUGIN_PATH (':'-separated), next
// to the program or library holding the runtime and in its ../lib, then in
// the build tree's and the installation's library directories. A module
// lists the plugins its native calls need in its "plugins" metadata
// (bytecode::kMetadataPlugins); Session::create loads them.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_PLUGINS_H
#define STRATA_RUNTIME_PLUGINS_H

#include "strata/Runtime/Status.h"

#include <string>
#include <string_view>
#include <vector>

namespace strata::runtime {

class Module;
class Registry;

/// The directories searched for plugins, in order.
std::vector<std::string> getPluginSearchPath();

/// Loads plugin `name` (once per process) and registers its functions into
/// `registry` (once per registry). Errors name the plugin, the file and
/// the directories searched, or carry the plugin's own message.
Status loadPlugin(std::string_view name, Registry &registry);

/// Loads every plugin `module` lists into `registry`.
Status loadModulePlugins(const Module &module, Registry &registry);

/// Sets, for this thread, what strata_plugin_host_t::calling_session_threads
/// says while it lives: the VM wraps each native call in one.
class NativeCallScope {
public:
  explicit NativeCallScope(unsigned sessionThreads);
  ~NativeCallScope();
  NativeCallScope(const NativeCallScope &) = delete;
  NativeCallScope &operator=(const NativeCallScope &) = delete;

private:
  unsigned previous;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_PLUGINS_H
