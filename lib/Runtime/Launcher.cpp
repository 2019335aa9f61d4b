//===- Launcher.cpp - Running kernels on a device -------------------------===//
//
// Implements CPULauncher (see Launcher.h): memref descriptors, the grid
// function, tiles on the thread pool; and createLauncher, which picks the
// launcher of a kernel library.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Launcher.h"
#include "strata/Runtime/CudaLauncher.h"
#include "strata/Runtime/KernelLibrary.h"
#include "strata/Runtime/Tensor.h"
#include "strata/Runtime/ThreadPool.h"

#include <cstring>
#include <string>

using namespace strata::runtime;

Launcher::~Launcher() = default;

CPULauncher::CPULauncher(std::unique_ptr<KernelLibrary> library,
                         ThreadPool &pool)
    : library(std::move(library)), pool(pool) {}

CPULauncher::~CPULauncher() = default;

StatusOr<std::unique_ptr<CPULauncher>> CPULauncher::create(const Module &module,
                                                           ThreadPool &pool) {
  StatusOr<std::unique_ptr<KernelLibrary>> library =
      KernelLibrary::load(module);
  if (!library)
    return library.getStatus();
  return std::unique_ptr<CPULauncher>(
      new CPULauncher(std::move(*library), pool));
}

StatusOr<std::unique_ptr<Launcher>>
strata::runtime::createLauncher(bytecode::SectionKind library,
                                const Module &module, ThreadPool &pool,
                                const std::shared_ptr<DeviceAPI> &device) {
  switch (library) {
  case bytecode::SectionKind::KernelLibraryCPU: {
    if (!device->isHostAccessible())
      return Status::error(module.getName() +
                           ": its kernels run on the CPU (compiled with "
                           "--target=cpu), not on " +
                           std::string(device->getName()));
    StatusOr<std::unique_ptr<CPULauncher>> launcher =
        CPULauncher::create(module, pool);
    if (!launcher)
      return launcher.getStatus();
    return std::unique_ptr<Launcher>(std::move(*launcher));
  }
  case bytecode::SectionKind::KernelLibraryCUDA: {
    auto cuda = std::dynamic_pointer_cast<CudaDevice>(device);
    if (!cuda)
      return Status::error(module.getName() +
                           ": its kernels run on a CUDA GPU (compiled with "
                           "--target=cuda): run it on a CUDA device "
                           "(strata-run --device=cuda), not on " +
                           std::string(device->getName()));
    StatusOr<std::unique_ptr<CudaLauncher>> launcher =
        CudaLauncher::create(module, std::move(cuda));
    if (!launcher)
      return launcher.getStatus();
    return std::unique_ptr<Launcher>(std::move(*launcher));
  }
  default:
    // The verifier admits only the libraries of getKernelLibraryDevice.
    return Status::error(module.getName() +
                         ": no launcher for kernel "
                         "library section kind " +
                         std::to_string(static_cast<uint32_t>(library)));
  }
}

StatusOr<int64_t> CPULauncher::launch(uint32_t kernel, const Value *const *args,
                                      uint32_t numArgs) {
  const ResolvedKernel &resolved = library->getKernel(kernel);
  // Size the scratch first: pointers into it must not move while filling.
  size_t numWords = 0;
  size_t launchBytes = 0;
  for (uint32_t i = 0; i < numArgs; ++i) {
    const Value &value = *args[i];
    if (value.kind == ValueKind::Tensor) {
      numWords += 3 + 2 * value.tensorValue.getRank();
      launchBytes += value.tensorValue.getByteSize();
    } else {
      numWords += 1;
    }
  }
  if (words.size() < numWords)
    words.resize(numWords);
  if (pointers.size() < numArgs)
    pointers.resize(numArgs);
  int64_t *cursor = words.data();
  for (uint32_t i = 0; i < numArgs; ++i) {
    const Value &value = *args[i];
    pointers[i] = cursor;
    if (value.kind != ValueKind::Tensor) {
      *cursor++ = value.scalar;
      continue;
    }
    // { allocated, aligned, offset, sizes[rank], strides[rank] }
    const Tensor &tensor = value.tensorValue;
    uint8_t *data = tensor.getData();
    std::memcpy(cursor, &data, sizeof(void *));
    std::memcpy(cursor + 1, &data, sizeof(void *));
    cursor[2] = 0;
    uint32_t rank = tensor.getRank();
    int64_t stride = 1;
    for (uint32_t d = rank; d-- > 0;) {
      cursor[3 + d] = tensor.getDim(d);
      cursor[3 + rank + d] = stride;
      stride *= tensor.getDim(d);
    }
    cursor += 3 + 2 * rank;
  }

  void **kernelArgs = pointers.data();
  int64_t grid = 1;
  if (resolved.grid) {
    grid = resolved.grid(kernelArgs);
    if (grid < 0 || grid > kMaxGrid)
      return Status::error("grid function returned " + std::to_string(grid) +
                           " tiles (expected 0 to " + std::to_string(kMaxGrid) +
                           ")");
  }
  KernelFunction fn = resolved.function;
  if (grid > 0 && launchBytes < kInlineLaunchBytes)
    fn(kernelArgs, 0, grid);
  else if (grid > 0)
    pool.parallelFor(grid, [fn, kernelArgs](int64_t begin, int64_t end) {
      fn(kernelArgs, begin, end);
    });
  return grid;
}
