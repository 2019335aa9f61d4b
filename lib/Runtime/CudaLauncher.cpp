//===- CudaLauncher.cpp - Running a module's CUDA kernels -----------------===//
//
// Implements CudaLauncher (CudaLauncher.h).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaLauncher.h"
#include "strata/Runtime/Tensor.h"

#include <algorithm>
#include <cstring>
#include <map>

using namespace strata::runtime;

CudaLauncher::~CudaLauncher() = default;

StatusOr<std::unique_ptr<CudaLauncher>>
CudaLauncher::create(const Module &module, std::shared_ptr<CudaDevice> device) {
  std::unique_ptr<CudaLauncher> launcher(new CudaLauncher(device));
  CudaLibraryView library = readCudaLibrary(module);
  // Each distinct image once, found by its entry name.
  std::map<std::string_view, size_t> loaded;
  std::map<std::string_view, CUfunction> functions;
  for (const CudaKernelView &image : library.kernels) {
    std::string name(image.name);
    StatusOr<CudaModule> cudaModule = Status::error("no image");
    std::string cubinError;
    if (!image.cubin.empty()) {
      cudaModule = device->loadModule(image.cubin.data(), image.cubin.size());
      if (!cudaModule)
        cubinError = cudaModule.message();
    }
    // PTX when there is no cubin or it is for another chip: the driver
    // compiles it for this GPU.
    if (!cudaModule)
      cudaModule = device->loadModule(image.ptx.data(), image.ptx.size());
    if (!cudaModule)
      return Status::error(
          module.getName() + ": CUDA kernel " + name + " (compiled for " +
          library.chip + ") does not load on " + device->getName() + " (" +
          device->getAttributes().name + ", sm_" +
          std::to_string(device->getAttributes().computeCapabilityMajor) +
          std::to_string(device->getAttributes().computeCapabilityMinor) +
          "): " + cudaModule.message() +
          (cubinError.empty() ? "" : "; its cubin: " + cubinError));
    StatusOr<CUfunction> function = device->getFunction(*cudaModule, name);
    if (!function)
      return Status::error(module.getName() + ": " + function.message());
    functions[image.name] = *function;
    loaded[image.name] = launcher->modules.size();
    launcher->modules.push_back(std::move(*cudaModule));
  }
  Span<bytecode::KernelEntry> entries = module.getKernels();
  launcher->kernels.resize(entries.size());
  for (uint32_t i = 0; i < entries.size(); ++i) {
    if (module.getKernelLibrary(i) != bytecode::SectionKind::KernelLibraryCUDA)
      continue;
    std::string_view symbol = module.getString(entries[i].symbol);
    const CudaKernelView *image = library.find(symbol);
    // The verifier checked that every CUDA kernel has an image.
    if (!image)
      return Status::error(module.getName() + ": no CUDA image for kernel " +
                           std::string(symbol));
    LoadedKernel &kernel = launcher->kernels[i];
    kernel.name = std::string(module.getString(entries[i].name));
    kernel.function = functions[symbol];
    std::memcpy(kernel.grid, image->grid, sizeof(kernel.grid));
    std::memcpy(kernel.block, image->block, sizeof(kernel.block));
    kernel.sharedBytes = image->sharedBytes;
    kernel.gridFactors = image->gridFactors;
    kernel.gridScale = image->gridScale;
  }
  return launcher;
}

StatusOr<int64_t> strata::runtime::computeCudaGridBlocks(
    const std::vector<bytecode::CudaGridFactor> &factors, uint64_t scale,
    uint32_t cap, const Value *const *args, uint32_t numArgs) {
  if (factors.empty())
    return static_cast<int64_t>(cap);
  // Saturates at the cap: each factor and the running product stay at most
  // `cap` (< 2^32), so that no product of them overflows, whatever the
  // module's scale and the arguments' dims.
  uint64_t blocks = std::min<uint64_t>(scale, cap);
  for (const bytecode::CudaGridFactor &factor : factors) {
    if (factor.argument >= numArgs)
      return Status::error("its grid reads argument " +
                           std::to_string(factor.argument) + " of " +
                           std::to_string(numArgs));
    const Value &value = *args[factor.argument];
    int64_t extent = 0;
    if (factor.dim < 0) {
      if (value.kind == ValueKind::Tensor)
        return Status::error("its grid reads argument " +
                             std::to_string(factor.argument) +
                             " as an integer, but it is a tensor");
      extent = value.scalar;
    } else {
      if (value.kind != ValueKind::Tensor ||
          static_cast<uint32_t>(factor.dim) >= value.tensorValue.getRank())
        return Status::error("its grid reads dim " +
                             std::to_string(factor.dim) + " of argument " +
                             std::to_string(factor.argument) +
                             ", which has none");
      extent = value.tensorValue.getDim(factor.dim);
    }
    if (extent <= 0)
      return 0;
    uint64_t tiles = std::min<uint64_t>(
        (static_cast<uint64_t>(extent) + factor.step - 1) / factor.step, cap);
    blocks = std::min<uint64_t>(blocks * tiles, cap);
  }
  return static_cast<int64_t>(blocks);
}

StatusOr<int64_t> CudaLauncher::launch(uint32_t kernelIndex,
                                       const Value *const *args,
                                       uint32_t numArgs) {
  if (kernelIndex >= kernels.size() || !kernels[kernelIndex].function)
    return Status::error("not a CUDA kernel");
  const LoadedKernel &kernel = kernels[kernelIndex];
  int64_t blocks = int64_t(kernel.grid[0]) * kernel.grid[1] * kernel.grid[2];
  unsigned grid[3] = {kernel.grid[0], kernel.grid[1], kernel.grid[2]};
  if (!kernel.gridFactors.empty()) {
    StatusOr<int64_t> computed = computeCudaGridBlocks(
        kernel.gridFactors, kernel.gridScale, kernel.grid[0], args, numArgs);
    if (!computed)
      return computed.getStatus();
    blocks = *computed;
    grid[0] = static_cast<unsigned>(blocks);
  }
  if (blocks == 0)
    return 0;
  // Each tensor as the fields of its memref descriptor, each a parameter:
  // allocated and aligned pointers, offset 0, sizes, row-major strides.
  size_t numWords = 0;
  for (uint32_t i = 0; i < numArgs; ++i)
    numWords += args[i]->kind == ValueKind::Tensor
                    ? 3 + 2 * args[i]->tensorValue.getRank()
                    : 1;
  words.assign(numWords, 0);
  params.resize(numWords);
  size_t next = 0;
  for (uint32_t i = 0; i < numArgs; ++i) {
    const Value &value = *args[i];
    if (value.kind != ValueKind::Tensor) {
      words[next] = value.scalar;
      ++next;
      continue;
    }
    const Tensor &tensor = value.tensorValue;
    if (tensor.getStorage()->getDevice() != device.get())
      return Status::error("argument " + std::to_string(i) + " (" +
                           tensor.getTypeString() + ") is not in " +
                           device->getName() + "'s memory");
    uint8_t *data = tensor.getData();
    std::memcpy(&words[next], &data, sizeof(void *));
    std::memcpy(&words[next + 1], &data, sizeof(void *));
    words[next + 2] = 0;
    uint32_t rank = tensor.getRank();
    int64_t stride = 1;
    for (uint32_t d = rank; d-- > 0;) {
      words[next + 3 + d] = tensor.getDim(d);
      words[next + 3 + rank + d] = stride;
      stride *= tensor.getDim(d);
    }
    next += 3 + 2 * rank;
  }
  for (size_t i = 0; i < numWords; ++i)
    params[i] = &words[i];
  if (Status status =
          device->launch(kernel.function, grid, kernel.block,
                         kernel.sharedBytes, params.data(), kernel.name);
      !status)
    return status;
  return blocks;
}

StatusOr<int64_t> CudaLauncher::launchTimed(uint32_t kernelIndex,
                                            const Value *const *args,
                                            uint32_t numArgs,
                                            int64_t &deviceNs) {
  deviceNs = -1;
  if (!hasTimingEvents) {
    StatusOr<CudaEvent> start = device->createEvent();
    if (!start)
      return start.getStatus();
    StatusOr<CudaEvent> end = device->createEvent();
    if (!end)
      return end.getStatus();
    startEvent = std::move(*start);
    endEvent = std::move(*end);
    hasTimingEvents = true;
  }
  if (Status status = device->recordEvent(startEvent); !status)
    return status;
  StatusOr<int64_t> blocks = launch(kernelIndex, args, numArgs);
  if (!blocks)
    return blocks;
  if (Status status = device->recordEvent(endEvent); !status)
    return status;
  StatusOr<float> ms = device->getElapsedMs(startEvent, endEvent);
  if (!ms)
    return ms.getStatus();
  deviceNs = static_cast<int64_t>(static_cast<double>(*ms) * 1e6);
  return blocks;
}
