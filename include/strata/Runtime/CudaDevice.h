//===- CudaDevice.h - One CUDA GPU: memory, modules, launches ---*- C++ -*-===//
//
// A CudaDevice is one GPU seen through the driver API (CudaDriver): its
// primary context, one non-blocking stream that orders everything the
// device does, a pool of device memory by size class, kernel modules
// (cubin, fatbin or PTX) and launches. Every method makes the device's
// context current first, so any thread may call any method.
//
// Pointers handed out by allocate are device addresses (CUdeviceptr) cast
// to void *; the host must not dereference them.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_CUDADEVICE_H
#define STRATA_RUNTIME_CUDADEVICE_H

#include "strata/Runtime/CudaDriver.h"
#include "strata/Runtime/Device.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace strata::runtime {

class CudaDevice;

/// What a kernel compiler and a launcher need to know about a GPU.
struct CudaDeviceAttributes {
  /// "NVIDIA H100 80GB HBM3".
  std::string name;
  /// The compute capability: 9.0 is sm_90.
  int computeCapabilityMajor = 0;
  int computeCapabilityMinor = 0;
  uint64_t totalMemory = 0;
  int multiprocessorCount = 0;
  int warpSize = 0;
  int maxThreadsPerBlock = 0;
  int maxThreadsPerMultiprocessor = 0;
  /// Shared memory a block gets without opting in (48 KiB), and the most it
  /// can get by opting in (cuFuncSetAttribute, which launch() does).
  int maxSharedMemoryPerBlock = 0;
  int maxSharedMemoryPerBlockOptin = 0;
  int maxSharedMemoryPerMultiprocessor = 0;
  int l2CacheSize = 0;
  int maxRegistersPerMultiprocessor = 0;
};

/// Free and total device memory, as the driver reports it.
struct CudaMemoryInfo {
  uint64_t freeBytes = 0;
  uint64_t totalBytes = 0;
};

/// A loaded kernel module; unloaded when destroyed. It keeps its device
/// alive, so its functions stay valid as long as it does.
class CudaModule {
public:
  CudaModule() = default;
  CudaModule(CudaModule &&other) noexcept;
  CudaModule &operator=(CudaModule &&other) noexcept;
  CudaModule(const CudaModule &) = delete;
  CudaModule &operator=(const CudaModule &) = delete;
  ~CudaModule();

  CUmodule getHandle() const { return handle; }
  explicit operator bool() const { return handle != nullptr; }

private:
  friend class CudaDevice;
  CudaModule(std::shared_ptr<CudaDevice> device, CUmodule handle)
      : device(std::move(device)), handle(handle) {}
  void reset();

  std::shared_ptr<CudaDevice> device;
  CUmodule handle = nullptr;
};

/// A CUDA event, for timing work on the device's stream; destroyed with
/// the object. It keeps its device alive.
class CudaEvent {
public:
  CudaEvent() = default;
  CudaEvent(CudaEvent &&other) noexcept;
  CudaEvent &operator=(CudaEvent &&other) noexcept;
  CudaEvent(const CudaEvent &) = delete;
  CudaEvent &operator=(const CudaEvent &) = delete;
  ~CudaEvent();

  CUevent getHandle() const { return handle; }

private:
  friend class CudaDevice;
  CudaEvent(std::shared_ptr<CudaDevice> device, CUevent handle)
      : device(std::move(device)), handle(handle) {}
  void reset();

  std::shared_ptr<CudaDevice> device;
  CUevent handle = nullptr;
};

/// One GPU: a DeviceAPI whose memory is device memory, plus host transfers,
/// kernel modules, launches and events on the device's stream.
class CudaDevice : public DeviceAPI,
                   public std::enable_shared_from_this<CudaDevice> {
public:
  /// Every allocation is aligned to this (cuMemAlloc's guarantee).
  static constexpr size_t kAlignment = 256;

  /// Opens device `ordinal` ("cuda:N"). Fails with a message when there is
  /// no driver, no GPU ("no CUDA device"), or the ordinal is out of range.
  /// `maxPooledBytes` caps the memory kept in the pool for reuse.
  static StatusOr<std::shared_ptr<CudaDevice>>
  open(int ordinal, uint64_t maxPooledBytes = uint64_t(1) << 30);
  ~CudaDevice() override;

  //===--------------------------------------------------------------------===//
  // DeviceAPI
  //===--------------------------------------------------------------------===//

  /// "cuda:N".
  const char *getName() const override { return name.c_str(); }
  /// Device memory, from the pool when a freed block of the size class is
  /// there. `alignment` may be at most kAlignment.
  StatusOr<void *> allocate(size_t bytes, size_t alignment) override;
  void free(void *ptr, size_t bytes, size_t alignment) override;
  /// Device-to-device copy on the stream (ranges may overlap).
  Status copy(void *dst, const void *src, size_t bytes) override;
  DeviceStats getStats() const override;
  /// Returns every pooled block to the driver.
  void trim();

  //===--------------------------------------------------------------------===//
  // Transfers and synchronization
  //===--------------------------------------------------------------------===//

  /// Host-to-device copy, queued on the stream. The driver stages pageable
  /// host memory before returning, so `hostSrc` may be reused at once
  /// unless it is page-locked memory.
  Status copyToDevice(void *dst, const void *hostSrc, size_t bytes);
  /// Device-to-host copy; waits for it (and all earlier work).
  Status copyToHost(void *hostDst, const void *src, size_t bytes) override;
  /// DeviceAPI's names for the transfers.
  bool isHostAccessible() const override { return false; }
  Status copyFromHost(void *dst, const void *hostSrc, size_t bytes) override {
    return copyToDevice(dst, hostSrc, bytes);
  }
  /// Zeroes `bytes` bytes of device memory, queued on the stream.
  Status fillZero(void *dst, size_t bytes);
  /// Waits for all the work queued on the stream. An asynchronous fault
  /// (an illegal address in a kernel, ...) is reported here, by name.
  Status synchronize();

  //===--------------------------------------------------------------------===//
  // Kernels
  //===--------------------------------------------------------------------===//

  /// Loads a cubin, fatbin or PTX image (PTX must end with a NUL byte; one
  /// is added when missing). A failed PTX JIT or a cubin for another chip
  /// gives an error including the driver's log.
  StatusOr<CudaModule> loadModule(const void *image, size_t bytes);
  /// The kernel `name` (its .entry symbol) of `module`.
  StatusOr<CUfunction> getFunction(const CudaModule &module,
                                   const std::string &name);
  /// Launches `function` on the stream; `params` points to each argument.
  /// Shared memory above the default 48 KiB is opted into first. Errors name
  /// `kernelName`. Faults during the run surface at synchronize().
  Status launch(CUfunction function, const unsigned grid[3],
                const unsigned block[3], unsigned sharedBytes, void **params,
                const std::string &kernelName);

  //===--------------------------------------------------------------------===//
  // Events
  //===--------------------------------------------------------------------===//

  StatusOr<CudaEvent> createEvent();
  /// Records `event` on the stream, after the work queued so far.
  Status recordEvent(const CudaEvent &event);
  /// Milliseconds between two recorded events; waits for `end`.
  StatusOr<float> getElapsedMs(const CudaEvent &start, const CudaEvent &end);

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  int getOrdinal() const { return ordinal; }
  const CudaDeviceAttributes &getAttributes() const { return attributes; }
  StatusOr<CudaMemoryInfo> getMemoryInfo();
  CudaDriver &getDriver() const { return *driver; }
  CUcontext getContext() const { return context; }
  CUstream getStream() const { return stream; }
  /// Makes the device's context current on the calling thread.
  Status makeCurrent();

private:
  friend class CudaModule;
  friend class CudaEvent;

  CudaDevice(CudaDriver *driver, int ordinal, uint64_t maxPooledBytes);
  Status initialize();
  /// The pool's block size for a request.
  static size_t getBlockSize(size_t bytes);
  /// "cuda:N: <what>: CUDA_ERROR_X: text", or success.
  Status check(CUresult result, const std::string &what) const;
  Status outOfMemory(size_t bytes);

  CudaDriver *driver;
  int ordinal;
  std::string name;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  CudaDeviceAttributes attributes;

  mutable std::mutex mutex;
  /// Freed blocks by block size.
  std::map<size_t, std::vector<CUdeviceptr>> freeLists;
  uint64_t maxPooledBytes;
  DeviceStats stats;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_CUDADEVICE_H
