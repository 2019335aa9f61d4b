//===- TargetInfo.h - What heuristics read of a machine ---------*- C++ -*-===//
//
// The facts about a machine that schedule heuristics read, filled by a
// TargetBackend (TargetBackend.h) from a #kernel.target.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_TARGETINFO_H
#define STRATA_TARGET_TARGETINFO_H

#include <cstdint>

namespace strata {

/// The facts about a machine that schedule heuristics read. CPUs fill the
/// vector, cache and core fields; GPUs the multiprocessor fields too.
struct TargetInfo {
  /// Whether the machine is a GPU (CUDA), whose kernels run as grids of
  /// thread blocks, rather than a CPU.
  bool gpu = false;
  /// The widest vector register, in bits.
  int64_t vectorBits = 128;
  /// Vector registers (the register tile of a contraction holds its
  /// accumulators in them).
  int64_t vectorRegisters = 16;
  /// Data cache sizes per core, in bytes.
  int64_t l1Bytes = 48 * 1024;
  int64_t l2Bytes = 2 * 1024 * 1024;
  /// Cores that run a grid of tiles.
  int64_t cores = 1;
  /// Whether the CPU multiplies unsigned by signed bytes in groups of four
  /// into 32-bit lanes in one instruction (AVX512-VNNI's vpdpbusd), which
  /// int8 matrix products are laid out for.
  bool int8DotProducts = false;
  /// Whether the CPU multiplies pairs of bf16 values and adds them into f32
  /// lanes in one instruction (AVX512-BF16's vdpbf16ps), which bf16 matrix
  /// products are laid out for.
  bool bf16DotProducts = false;
  /// GPUs: streaming multiprocessors, threads per warp, shared memory per
  /// block in bytes, 32-bit registers per multiprocessor (0 on CPUs).
  int64_t multiprocessors = 0;
  int64_t warpSize = 0;
  int64_t sharedMemoryBytes = 0;
  int64_t registersPerMultiprocessor = 0;
};

} // namespace strata

#endif // STRATA_TARGET_TARGETINFO_H
