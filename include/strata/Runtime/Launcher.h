//===- Launcher.h - Running kernels on a device -----------------*- C++ -*-===//
//
// The device side of a launch, out of the VM: a Launcher turns a launch's
// arguments into its device's calling convention and runs the kernel's grid
// of tiles. The VM keeps what is about registers (defined values, outputs
// not read-only, observers) and asks each kernel's launcher, the one of the
// library the module names for it (Module::getKernelLibrary). CPULauncher
// runs the module's CPU kernel library (KernelLibrary.h): MLIR memref
// descriptors, the grid function, tiles on a ThreadPool (or on the calling
// thread for small launches). A GPU launcher is the next implementation,
// created by createLauncher for its library kind.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_LAUNCHER_H
#define STRATA_RUNTIME_LAUNCHER_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Status.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace strata::runtime {

class DeviceAPI;
class KernelLibrary;
class Module;
class ThreadPool;
class Value;

/// Runs the kernels of one device's kernel library.
class Launcher {
public:
  virtual ~Launcher();
  /// Runs the kernel at Kernels index `kernel` on `args` (`numArgs`
  /// defined values: the inputs, then the outputs it writes, allocated by
  /// the caller; tensors or i64 scalars) and returns the number of tiles of
  /// its grid, or the error (without the kernel's name: the caller adds
  /// it).
  virtual StatusOr<int64_t> launch(uint32_t kernel, const Value *const *args,
                                   uint32_t numArgs) = 0;
  /// launch, for a profiler: sets `deviceNs` to the kernel's run time as
  /// the device measured it (a GPU's events, waiting for the kernel: the
  /// host's clock would time its enqueueing), or to -1 when the launcher
  /// does not measure it (the caller's clock times a launch that returns
  /// when its work is done).
  virtual StatusOr<int64_t> launchTimed(uint32_t kernel,
                                        const Value *const *args,
                                        uint32_t numArgs, int64_t &deviceNs) {
    deviceNs = -1;
    return launch(kernel, args, numArgs);
  }
};

/// Runs CPU kernels: each tensor is passed as an MLIR memref descriptor
/// (allocated and aligned pointers, offset 0, sizes, row-major strides),
/// each scalar as an int64_t; the grid function, when there is one, gives
/// the number of tiles, which run on `pool` unless the launch touches fewer
/// than kInlineLaunchBytes.
class CPULauncher final : public Launcher {
public:
  /// Launches whose tensors (inputs and outputs) total fewer bytes run
  /// their tiles on the calling thread: below this, waking the pool's
  /// threads costs more than the work (measured: a 64x128 linear layer,
  /// 12 us on one thread, 15 us on two).
  static constexpr size_t kInlineLaunchBytes = 64 * 1024;
  /// The most tiles a grid function may ask for; more means a broken
  /// kernel.
  static constexpr int64_t kMaxGrid = int64_t(1) << 32;

  /// Loads `module`'s CPU kernel library (KernelLibrary::load) to run its
  /// tiles on `pool`.
  static StatusOr<std::unique_ptr<CPULauncher>> create(const Module &module,
                                                       ThreadPool &pool);
  ~CPULauncher() override;
  StatusOr<int64_t> launch(uint32_t kernel, const Value *const *args,
                           uint32_t numArgs) override;

private:
  CPULauncher(std::unique_ptr<KernelLibrary> library, ThreadPool &pool);

  std::unique_ptr<KernelLibrary> library;
  ThreadPool &pool;
  /// Scratch reused across launches: the descriptors and the args array.
  std::vector<int64_t> words;
  std::vector<void *> pointers;
};

/// The launcher of `module`'s kernel library section `library` (a kind
/// getKernelLibraryDevice knows): CPU kernels run on `pool`, CUDA kernels
/// on `device` (a CudaDevice); an error naming the device when the
/// session's device cannot run them.
StatusOr<std::unique_ptr<Launcher>>
createLauncher(bytecode::SectionKind library, const Module &module,
               ThreadPool &pool, const std::shared_ptr<DeviceAPI> &device);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_LAUNCHER_H
