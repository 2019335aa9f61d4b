//===- CudaLibrary.cpp - Reading a module's CUDA kernel library -----------===//
//
// Implements readCudaLibrary (CudaLibrary.h).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaLibrary.h"
#include "strata/Runtime/Bytecode.h"

#include <cstring>

using namespace strata::runtime;
using namespace strata::runtime::bytecode;

const CudaKernelView *CudaLibraryView::find(std::string_view name) const {
  for (const CudaKernelView &kernel : kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

CudaLibraryView strata::runtime::readCudaLibrary(const Module &module) {
  CudaLibraryView view;
  Span<uint8_t> bytes = module.getKernelLibraryCUDA();
  if (bytes.size() < sizeof(CudaLibraryHeader))
    return view;
  const uint8_t *base = bytes.data();
  CudaLibraryHeader header;
  std::memcpy(&header, base, sizeof(header));
  view.chip.assign(reinterpret_cast<const char *>(base + header.chipOffset),
                   header.chipSize);
  for (uint32_t i = 0; i < header.kernelCount; ++i) {
    CudaKernelImage image;
    std::memcpy(&image,
                base + sizeof(CudaLibraryHeader) + i * sizeof(CudaKernelImage),
                sizeof(image));
    CudaKernelView kernel;
    kernel.name = std::string_view(
        reinterpret_cast<const char *>(base + image.nameOffset),
        image.nameSize);
    kernel.ptx = Span<uint8_t>(base + image.ptxOffset, image.ptxSize);
    kernel.cubin = Span<uint8_t>(base + image.cubinOffset, image.cubinSize);
    std::memcpy(kernel.grid, image.grid, sizeof(kernel.grid));
    std::memcpy(kernel.block, image.block, sizeof(kernel.block));
    kernel.sharedBytes = image.sharedBytes;
    kernel.gridScale = image.gridScale;
    for (uint32_t f = 0; f < image.gridFactorCount; ++f) {
      CudaGridFactor factor;
      std::memcpy(&factor, base + image.gridFactorsOffset + f * sizeof(factor),
                  sizeof(factor));
      kernel.gridFactors.push_back(factor);
    }
    view.kernels.push_back(kernel);
  }
  return view;
}
