//===- Plugins.cpp - Loading runtime plugins of native functions ----------===//
//
// dlopen of libstrata-plugin-<name>.so along the search path, then its
// strata_plugin_init with a table of the runtime's C functions (the plugin
// links no runtime of its own, so its tensors are the caller's). Handles
// are never closed: functions of a plugin may be referenced by registries
// and sessions until the process ends.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Plugins.h"
#include "CNativeFunction.h"
#include "strata-c/Plugin.h"
#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Module.h"
#include "strata/Runtime/Registry.h"

#include <dlfcn.h>
#include <mutex>
#include <set>
#include <unistd.h>
#include <unordered_map>
#include <utility>

using namespace strata::runtime;

/// The directory of the file holding this code (the program or shared
/// library the runtime is linked into), or "".
static std::string getRuntimeDirectory() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&getRuntimeDirectory), &info) ||
      !info.dli_fname)
    return "";
  std::string path = info.dli_fname;
  // dladdr names a program by argv[0]-like paths; /proc/self/exe is exact.
  if (path.find('/') == std::string::npos) {
    char exe[4096];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (length <= 0)
      return "";
    path.assign(exe, static_cast<size_t>(length));
  }
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

/// Calls `each` on every non-empty item of `list` separated by `separator`;
/// stops at, and returns, the first error.
template <typename Each>
static Status forEachListItem(std::string_view list, char separator,
                              Each each) {
  while (!list.empty()) {
    size_t end = list.find(separator);
    std::string_view item = list.substr(0, end);
    list = end == std::string_view::npos ? "" : list.substr(end + 1);
    if (!item.empty())
      if (Status status = each(item); !status)
        return status;
  }
  return Status::success();
}

std::vector<std::string> strata::runtime::getPluginSearchPath() {
  std::vector<std::string> directories;
  auto add = [&](std::string directory) {
    if (directory.empty())
      return;
    for (const std::string &known : directories)
      if (known == directory)
        return;
    directories.push_back(std::move(directory));
  };
  if (const char *path = std::getenv("STRATA_PLUGIN_PATH"))
    (void)forEachListItem(path, ':', [&](std::string_view directory) {
      add(std::string(directory));
      return Status::success();
    });
  std::string runtimeDirectory = getRuntimeDirectory();
  if (!runtimeDirectory.empty()) {
    add(runtimeDirectory);
    add(runtimeDirectory + "/../lib");
  }
#ifdef STRATA_PLUGIN_BUILD_DIR
  add(STRATA_PLUGIN_BUILD_DIR);
#endif
#ifdef STRATA_PLUGIN_INSTALL_DIR
  add(STRATA_PLUGIN_INSTALL_DIR);
#endif
  return directories;
}

namespace {
/// The plugins loaded in this process and the registries they filled.
struct PluginTable {
  std::mutex mutex;
  std::unordered_map<std::string, strata_plugin_init_fn_t> inits;
  std::set<std::pair<std::string, const Registry *>> registered;
};
/// What register_function needs to know of the plugin being initialized.
struct Registration {
  Registry *registry;
  std::string prefix;
};
} // namespace

/// The thread count of the session calling a native function on this
/// thread (NativeCallScope), or 0.
static thread_local unsigned callingSessionThreads = 0;

NativeCallScope::NativeCallScope(unsigned sessionThreads)
    : previous(callingSessionThreads) {
  callingSessionThreads = sessionThreads;
}

NativeCallScope::~NativeCallScope() { callingSessionThreads = previous; }

static unsigned getCallingSessionThreads() { return callingSessionThreads; }

static PluginTable &getPluginTable() {
  static PluginTable *table = new PluginTable();
  return *table;
}

static void writeError(char *error, size_t capacity, const std::string &text) {
  if (!error || capacity == 0)
    return;
  size_t length = std::min(text.size(), capacity - 1);
  text.copy(error, length);
  error[length] = '\0';
}

static strata_status_t registerPluginFunction(void *opaque, const char *name,
                                              strata_native_fn_t fn,
                                              void *user_data, char *error,
                                              size_t capacity) {
  auto *registration = static_cast<Registration *>(opaque);
  if (!registration || !name || !fn) {
    writeError(error, capacity, "register_function: null argument");
    return STRATA_INVALID_ARGUMENT;
  }
  std::string_view functionName = name;
  if (functionName.substr(0, registration->prefix.size()) !=
          registration->prefix ||
      functionName.size() == registration->prefix.size()) {
    writeError(error, capacity,
               "native function '" + std::string(name) +
                   "': a plugin's functions are named '" +
                   registration->prefix + "<name>'");
    return STRATA_INVALID_ARGUMENT;
  }
  Status status =
      registration->registry->add(name, wrapCNativeFunction(fn, user_data));
  if (!status) {
    writeError(error, capacity, status.message());
    return STRATA_INVALID_ARGUMENT;
  }
  return STRATA_OK;
}

/// Opens libstrata-plugin-<name>.so from the search path and finds its
/// init function.
static StatusOr<strata_plugin_init_fn_t> openPlugin(const std::string &name) {
  std::string file = "libstrata-plugin-" + name + ".so";
  std::vector<std::string> directories = getPluginSearchPath();
  std::string searched;
  for (const std::string &directory : directories) {
    std::string path = directory + "/" + file;
    if (access(path.c_str(), F_OK) != 0) {
      searched += (searched.empty() ? "" : ", ") + directory;
      continue;
    }
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = dlerror();
      return Status::error("runtime plugin '" + name + "': cannot load " +
                           path + ": " + (why ? why : "unknown error"));
    }
    auto init = reinterpret_cast<strata_plugin_init_fn_t>(
        dlsym(handle, STRATA_PLUGIN_INIT_SYMBOL));
    if (!init)
      return Status::error("runtime plugin '" + name + "': " + path +
                           " does not export " STRATA_PLUGIN_INIT_SYMBOL);
    return init;
  }
  return Status::error("runtime plugin '" + name + "' not found: no " + file +
                       " in " +
                       (searched.empty() ? "(no directory)" : searched) +
                       " (set STRATA_PLUGIN_PATH to its directory)");
}

Status strata::runtime::loadPlugin(std::string_view pluginName,
                                   Registry &registry) {
  std::string name(pluginName);
  if (name.empty() || name.find_first_of("/.") != std::string::npos)
    return Status::error("'" + name + "' is not a plugin name");
  PluginTable &table = getPluginTable();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (table.registered.count({name, &registry}))
    return Status::success();
  auto known = table.inits.find(name);
  if (known == table.inits.end()) {
    StatusOr<strata_plugin_init_fn_t> init = openPlugin(name);
    if (!init)
      return init.getStatus();
    known = table.inits.emplace(name, *init).first;
  }
  Registration registration{&registry, name + "."};
  strata_plugin_host_t host = {};
  host.api_version = STRATA_PLUGIN_API_VERSION;
  host.registry = &registration;
  host.register_function = registerPluginFunction;
  host.tensor_dtype = strata_tensor_dtype;
  host.tensor_rank = strata_tensor_rank;
  host.tensor_dims = strata_tensor_dims;
  host.tensor_data = strata_tensor_data;
  host.calling_session_threads = getCallingSessionThreads;
  char error[1024] = "";
  strata_status_t status = known->second(&host, error, sizeof(error));
  error[sizeof(error) - 1] = '\0';
  if (status != STRATA_OK)
    return Status::error("runtime plugin '" + name + "' failed to start: " +
                         (error[0] ? error : strata_status_name(status)));
  table.registered.insert({name, &registry});
  return Status::success();
}

Status strata::runtime::loadModulePlugins(const Module &module,
                                          Registry &registry) {
  const char *list = module.getMetadataValue(bytecode::kMetadataPlugins);
  if (!list)
    return Status::success();
  return forEachListItem(list, ',', [&](std::string_view name) -> Status {
    if (Status status = loadPlugin(name, registry); !status)
      return Status::error(module.getName() +
                           ": needs a runtime plugin: " + status.message());
    return Status::success();
  });
}
