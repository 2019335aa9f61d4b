//===- KernelLibrary.cpp - Load the embedded CPU kernel library -----------===//
//
// The library bytes go into an anonymous memory file (memfd_create), which
// dlopen maps through /proc/self/fd/N: no temporary file on disk, nothing
// to clean up, and it works on read-only file systems. The descriptor is
// closed once dlopen has mapped the object.
//
// One trap: dlopen returns an already loaded object whose name matches, and
// descriptor numbers are reused. A library linked with -z nodelete (LLVM's
// build adds it to shared objects) stays loaded under "/proc/self/fd/3"
// after dlclose, so a later module loaded through fd 3 would silently get
// the old kernels. The loader therefore remembers the handles it holds (and
// those that outlived dlclose) and, when dlopen hands back one of them,
// retries under a fresh descriptor number.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/KernelLibrary.h"

#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <mutex>
#include <set>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

using namespace strata::runtime;

/// dlerror()'s text, or `fallback` when it has none.
static std::string takeDlError(const char *fallback) {
  const char *text = dlerror();
  return text ? text : fallback;
}

/// Serializes loads and unloads, and guards the handle set.
static std::mutex &getLoaderMutex() {
  static std::mutex *mutex = new std::mutex();
  return *mutex;
}

/// Handles of objects this loader mapped that are still loaded.
static std::set<void *> &getLoadedHandles() {
  static auto *handles = new std::set<void *>();
  return *handles;
}

StatusOr<std::unique_ptr<KernelLibrary>>
KernelLibrary::load(const Module &module) {
  std::unique_ptr<KernelLibrary> library(new KernelLibrary());
  Span<bytecode::KernelEntry> entries = module.getKernels();
  Span<uint8_t> bytes = module.getKernelLibraryCPU();
  const std::string &name = module.getName();
  // The kernels this library holds (others belong to other devices).
  auto isCPUKernel = [&](uint32_t kernel) {
    return module.getKernelLibrary(kernel) ==
           bytecode::SectionKind::KernelLibraryCPU;
  };
  size_t numKernels = 0;
  for (uint32_t i = 0; i < entries.size(); ++i)
    numKernels += isCPUKernel(i);
  if (numKernels == 0)
    return library;
  if (bytes.empty())
    return Status::error(name + ": the module has " +
                         std::to_string(numKernels) +
                         " CPU kernel(s) but no CPU kernel library");

  // (Bounded by the descriptors a process may open, usually 1024.)
  constexpr int kMaxLoadAttempts = 4096;
  int fd = memfd_create("strata-kernels", MFD_CLOEXEC);
  if (fd < 0)
    return Status::error(name +
                         ": memfd_create failed: " + std::strerror(errno));
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      std::string error = std::strerror(errno);
      ::close(fd);
      return Status::error(name +
                           ": writing the kernel library failed: " + error);
    }
    written += static_cast<size_t>(n);
  }
  {
    std::lock_guard<std::mutex> lock(getLoaderMutex());
    std::vector<int> fds = {fd};
    std::string error;
    // One name per library loaded in the process at once: a process that
    // keeps many modules loaded (the model tests hold 24 and more) needs
    // as many attempts; each failed one only dups the descriptor upwards.
    for (int attempt = 0; attempt < kMaxLoadAttempts && !library->handle;
         ++attempt) {
      std::string path = "/proc/self/fd/" + std::to_string(fds.back());
      dlerror(); // Clear a stale error.
      void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!handle) {
        error = takeDlError("dlopen failed");
        break;
      }
      if (getLoadedHandles().count(handle)) {
        // An older library answers to this name: try another number.
        dlclose(handle);
        int next = fcntl(fds.back(), F_DUPFD_CLOEXEC, fds.back() + 1);
        if (next < 0) {
          error = std::string("cannot duplicate a descriptor: ") +
                  std::strerror(errno);
          break;
        }
        fds.push_back(next);
        continue;
      }
      getLoadedHandles().insert(handle);
      library->handle = handle;
      library->path = path;
    }
    for (int open : fds)
      ::close(open);
    if (!library->handle)
      return Status::error(
          name + ": cannot load the CPU kernel library: " +
          (error.empty() ? "no free name to load it under" : error));
  }

  library->kernels.resize(entries.size());
  for (uint32_t i = 0; i < entries.size(); ++i) {
    if (!isCPUKernel(i))
      continue;
    const bytecode::KernelEntry &entry = entries[i];
    const char *symbol = module.getString(entry.symbol);
    dlerror();
    void *function = dlsym(library->handle, symbol);
    if (!function)
      return Status::error(name + ": kernel '" + module.getString(entry.name) +
                           "': symbol '" + symbol +
                           "' not found in the CPU kernel library (" +
                           takeDlError("no such symbol") + ")");
    library->kernels[i].function = reinterpret_cast<KernelFunction>(function);
    if (entry.gridSymbol == bytecode::kNoString)
      continue;
    const char *gridSymbol = module.getString(entry.gridSymbol);
    dlerror();
    void *grid = dlsym(library->handle, gridSymbol);
    if (!grid)
      return Status::error(name + ": kernel '" + module.getString(entry.name) +
                           "': grid symbol '" + gridSymbol +
                           "' not found in the CPU kernel library (" +
                           takeDlError("no such symbol") + ")");
    library->kernels[i].grid = reinterpret_cast<GridFunction>(grid);
  }
  return library;
}

/// Whether an object mapped at `base` under `name` is loaded.
static bool isLoaded(uintptr_t base, const std::string &name) {
  struct Query {
    uintptr_t base;
    const char *name;
    bool found;
  } query{base, name.c_str(), false};
  dl_iterate_phdr(
      [](struct dl_phdr_info *info, size_t, void *data) {
        auto *query = static_cast<Query *>(data);
        if (info->dlpi_addr != query->base || !info->dlpi_name ||
            std::strcmp(info->dlpi_name, query->name) != 0)
          return 0;
        query->found = true;
        return 1;
      },
      &query);
  return query.found;
}

KernelLibrary::~KernelLibrary() {
  if (!handle)
    return;
  std::lock_guard<std::mutex> lock(getLoaderMutex());
  // Where and under which name the object is mapped, to tell after
  // dlclose whether it stayed loaded (e.g. -z nodelete), in which case its
  // name stays taken. Not by dlopen(path, RTLD_NOLOAD): for an object that
  // is gone, glibc opens the path to compare files, and the descriptor
  // number in "/proc/self/fd/N" may by now be another file's: a pipe whose
  // writer is this process (Python's subprocess creates them) blocked that
  // read forever, a module freed by the garbage collector hanging
  // subprocess.run.
  struct link_map *map = nullptr;
  uintptr_t base = 0;
  std::string name = path;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map) {
    base = map->l_addr;
    if (map->l_name)
      name = map->l_name;
  }
  dlclose(handle);
  if (map && isLoaded(base, name))
    return;
  getLoadedHandles().erase(handle);
}
