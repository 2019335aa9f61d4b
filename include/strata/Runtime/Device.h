//===- Device.h - Device memory: the DeviceAPI and the CPU device -*- C++
//-*-===//
//
// A DeviceAPI allocates, frees and copies device memory. The VM allocates
// every storage and tensor through one. CPUDevice hands out 64-byte aligned
// host memory from a pool (free lists by power-of-two size class), so a
// function called repeatedly reuses its buffers instead of calling malloc
// each time, and keeps statistics (bytes in use, peak, pool hits).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_DEVICE_H
#define STRATA_RUNTIME_DEVICE_H

#include "strata/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace strata::runtime {

/// Allocation statistics of a device.
struct DeviceStats {
  /// Bytes handed out and not yet freed (as requested).
  uint64_t bytesInUse = 0;
  /// The largest bytesInUse seen.
  uint64_t peakBytesInUse = 0;
  /// Calls of allocate, and those served from the pool.
  uint64_t allocations = 0;
  uint64_t poolHits = 0;
  /// Bytes sitting in the pool's free lists.
  uint64_t pooledBytes = 0;
};

/// Memory of one device.
class DeviceAPI {
public:
  virtual ~DeviceAPI();
  /// "cpu", "cuda:0", ...
  virtual const char *getName() const = 0;
  /// `bytes` bytes aligned to `alignment` (a power of two). Zero bytes give
  /// a valid, unique pointer.
  virtual StatusOr<void *> allocate(size_t bytes, size_t alignment) = 0;
  /// Returns memory from allocate with the same `bytes` and `alignment`.
  virtual void free(void *ptr, size_t bytes, size_t alignment) = 0;
  /// Copies `bytes` bytes (the ranges may overlap).
  virtual Status copy(void *dst, const void *src, size_t bytes) = 0;
  virtual DeviceStats getStats() const = 0;
  /// Whether the host reads and writes this device's memory directly (the
  /// CPU's); else it goes through copyFromHost and copyToHost.
  virtual bool isHostAccessible() const { return true; }
  /// Copies `bytes` bytes of host memory into this device's memory.
  virtual Status copyFromHost(void *dst, const void *hostSrc, size_t bytes);
  /// Copies `bytes` bytes of this device's memory to host memory, once the
  /// work queued before it is done (its errors are reported here).
  virtual Status copyToHost(void *hostDst, const void *src, size_t bytes);
};

/// Host memory, 64-byte aligned, pooled by size class.
class CPUDevice : public DeviceAPI {
public:
  /// The alignment of every allocation (cache line / AVX-512 vector).
  static constexpr size_t kAlignment = 64;

  /// `maxPooledBytes` caps what the free lists keep; larger frees go back
  /// to the system.
  explicit CPUDevice(uint64_t maxPooledBytes = uint64_t(1) << 30);
  ~CPUDevice() override;

  const char *getName() const override { return "cpu"; }
  StatusOr<void *> allocate(size_t bytes, size_t alignment) override;
  void free(void *ptr, size_t bytes, size_t alignment) override;
  Status copy(void *dst, const void *src, size_t bytes) override;
  DeviceStats getStats() const override;
  /// Returns every pooled block to the system.
  void trim();

private:
  /// Size classes: powers of two from 64 bytes to 2^47.
  static constexpr unsigned kNumClasses = 48;
  static unsigned getSizeClass(size_t bytes);

  mutable std::mutex mutex;
  std::vector<void *> freeLists[kNumClasses];
  uint64_t maxPooledBytes;
  DeviceStats stats;
};

/// The process-wide CPU device (created on first use, never destroyed
/// before the storages that use it: they hold a reference).
const std::shared_ptr<DeviceAPI> &getDefaultCPUDevice();

/// The device `spec` names: "cpu", "cuda" (GPU 0) or "cuda:N"; an error
/// naming the known spellings, or why the GPU cannot be opened (no driver,
/// no GPU, N out of range).
StatusOr<std::shared_ptr<DeviceAPI>> openDevice(const std::string &spec);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_DEVICE_H
