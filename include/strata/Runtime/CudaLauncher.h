//===- CudaLauncher.h - Running a module's CUDA kernels ---------*- C++ -*-===//
//
// The Launcher (Launcher.h) of a module's KernelLibraryCUDA section: each
// kernel image loaded once on a CudaDevice (its cubin, or its PTX, which the
// driver compiles, when the cubin is for another chip or absent), and each
// launch queued on the device's stream with the grid and block the compiler
// chose and the launch's tensors as exploded memref descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_CUDALAUNCHER_H
#define STRATA_RUNTIME_CUDALAUNCHER_H

#include "strata/Runtime/CudaDevice.h"
#include "strata/Runtime/CudaLibrary.h"
#include "strata/Runtime/Launcher.h"

#include <memory>
#include <string>
#include <vector>

namespace strata::runtime {

/// Runs CUDA kernels on one GPU.
/// The blocks of a launch whose grid the host computes (CudaKernelImage):
/// `scale` times the product of ceil(value / step) over `factors`, read
/// from the launch's `args`, at most `cap`; `cap` itself when `factors` is
/// empty (a fixed grid). An error when a factor names an argument the
/// launch does not have, or of the wrong kind.
StatusOr<int64_t>
computeCudaGridBlocks(const std::vector<bytecode::CudaGridFactor> &factors,
                      uint64_t scale, uint32_t cap, const Value *const *args,
                      uint32_t numArgs);

class CudaLauncher final : public Launcher {
public:
  /// Loads every kernel image of `module`'s CUDA library on `device`; an
  /// error naming the kernel when an image does not load (a cubin for
  /// another chip without PTX the driver can compile, a PTX version newer
  /// than the driver's).
  static StatusOr<std::unique_ptr<CudaLauncher>>
  create(const Module &module, std::shared_ptr<CudaDevice> device);
  ~CudaLauncher() override;

  /// Queues the kernel (no wait: errors of its run surface at the next
  /// transfer to the host or synchronize); returns its number of blocks.
  StatusOr<int64_t> launch(uint32_t kernel, const Value *const *args,
                           uint32_t numArgs) override;
  /// Launches between two CUDA events on the device's stream and waits for
  /// the second: `deviceNs` is the time between them.
  StatusOr<int64_t> launchTimed(uint32_t kernel, const Value *const *args,
                                uint32_t numArgs, int64_t &deviceNs) override;

private:
  /// One loaded kernel.
  struct LoadedKernel {
    std::string name;
    CUfunction function = nullptr;
    unsigned grid[3] = {1, 1, 1};
    unsigned block[3] = {1, 1, 1};
    unsigned sharedBytes = 0;
    /// A grid computed at launch (grid[0] its cap), when not empty.
    std::vector<bytecode::CudaGridFactor> gridFactors;
    uint64_t gridScale = 1;
  };

  explicit CudaLauncher(std::shared_ptr<CudaDevice> device)
      : device(std::move(device)) {}

  std::shared_ptr<CudaDevice> device;
  /// The loaded images (one CUmodule per distinct kernel).
  std::vector<CudaModule> modules;
  /// By Kernels index.
  std::vector<LoadedKernel> kernels;
  /// Scratch of a launch's parameters and the pointers to them.
  std::vector<int64_t> words;
  std::vector<void *> params;
  /// The events around a timed launch (made at the first one).
  CudaEvent startEvent, endEvent;
  bool hasTimingEvents = false;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_CUDALAUNCHER_H
