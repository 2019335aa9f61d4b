//===- KernelLibrary.h - The module's CPU kernels, loaded -------*- C++ -*-===//
//
// A module embeds its CPU kernels as one ELF shared object. KernelLibrary
// loads those bytes without writing a named file (memfd_create + write +
// dlopen of /proc/self/fd/N) and resolves every kernel's entry point and
// grid function (the ABI is described at KernelEntry in Bytecode.h).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_KERNELLIBRARY_H
#define STRATA_RUNTIME_KERNELLIBRARY_H

#include "strata/Runtime/Module.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace strata::runtime {

/// `void kernel(void **args, int64_t tileBegin, int64_t tileEnd)`.
using KernelFunction = void (*)(void **args, int64_t tileBegin,
                                int64_t tileEnd);
/// `int64_t grid(void **args)`: the number of tiles of a launch.
using GridFunction = int64_t (*)(void **args);

/// One resolved kernel.
struct ResolvedKernel {
  KernelFunction function = nullptr;
  /// nullptr: the launch runs a single tile.
  GridFunction grid = nullptr;
};

/// The loaded CPU library of one module; unloaded on destruction.
class KernelLibrary {
public:
  /// Loads `module`'s KernelLibraryCPU and resolves the kernels it holds
  /// (Module::getKernelLibrary). A module without CPU kernels needs no
  /// library (the result resolves nothing).
  static StatusOr<std::unique_ptr<KernelLibrary>> load(const Module &module);
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary &) = delete;
  KernelLibrary &operator=(const KernelLibrary &) = delete;

  /// The kernel at Kernels index `index` (verified in range by the loader);
  /// null functions for a kernel of another library.
  const ResolvedKernel &getKernel(uint32_t index) const {
    return kernels[index];
  }
  size_t getNumKernels() const { return kernels.size(); }

private:
  KernelLibrary() = default;
  void *handle = nullptr;
  /// The name dlopen knows the library by ("/proc/self/fd/N").
  std::string path;
  std::vector<ResolvedKernel> kernels;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_KERNELLIBRARY_H
