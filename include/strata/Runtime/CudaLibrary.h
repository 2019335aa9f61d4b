//===- CudaLibrary.h - Reading a module's CUDA kernel library ---*- C++ -*-===//
//
// The kernels of a module's KernelLibraryCUDA section (Bytecode.h) as
// views into the module: each one's entry name, PTX, cubin and launch. The
// loader's verifier has checked every range, so reading cannot fail.
// Plain C++17: no MLIR, no LLVM, no CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_CUDALIBRARY_H
#define STRATA_RUNTIME_CUDALIBRARY_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Module.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::runtime {

/// One kernel of a CUDA library.
struct CudaKernelView {
  /// The `.entry` of its PTX and cubin.
  std::string_view name;
  /// Its PTX, NUL included.
  Span<uint8_t> ptx;
  /// Its cubin for the library's chip (empty: none).
  Span<uint8_t> cubin;
  uint32_t grid[3];
  uint32_t block[3];
  uint32_t sharedBytes;
  /// A grid computed at launch (bytecode::CudaKernelImage): empty when the
  /// grid is fixed; grid[0] is then the cap.
  std::vector<bytecode::CudaGridFactor> gridFactors;
  uint64_t gridScale = 1;
};

/// A module's CUDA kernels.
struct CudaLibraryView {
  /// The chip the cubins are for ("sm_90").
  std::string chip;
  std::vector<CudaKernelView> kernels;

  /// The kernel whose entry is `name`, or nullptr.
  const CudaKernelView *find(std::string_view name) const;
};

/// The kernels of `module`'s CUDA library (none when it has no such
/// section).
CudaLibraryView readCudaLibrary(const Module &module);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_CUDALIBRARY_H
