//===- Device.cpp - The CPU device and its allocation pool ----------------===//
//
// CPUDevice rounds every request up to a power-of-two size class (at least
// 64 bytes) and keeps freed blocks in a free list per class, up to a cap,
// so that repeated invocations of a function reuse their buffers. The
// rounding wastes at most half a block, which is the usual price of a
// segregated-fit pool and keeps lookups O(1).
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Device.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace strata::runtime;

DeviceAPI::~DeviceAPI() = default;

Status DeviceAPI::copyFromHost(void *dst, const void *hostSrc, size_t bytes) {
  if (bytes)
    std::memcpy(dst, hostSrc, bytes);
  return Status::success();
}

Status DeviceAPI::copyToHost(void *hostDst, const void *src, size_t bytes) {
  if (bytes)
    std::memcpy(hostDst, src, bytes);
  return Status::success();
}

CPUDevice::CPUDevice(uint64_t maxPooledBytes)
    : maxPooledBytes(maxPooledBytes) {}

CPUDevice::~CPUDevice() { trim(); }

unsigned CPUDevice::getSizeClass(size_t bytes) {
  unsigned sizeClass = 6; // 64 bytes.
  while (sizeClass < kNumClasses - 1 && (size_t(1) << sizeClass) < bytes)
    ++sizeClass;
  return sizeClass;
}

StatusOr<void *> CPUDevice::allocate(size_t bytes, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)))
    return Status::error("cpu: alignment " + std::to_string(alignment) +
                         " is not a power of two");
  if (alignment > 4096)
    return Status::error("cpu: alignment " + std::to_string(alignment) +
                         " exceeds 4096");
  if (bytes > (size_t(1) << (kNumClasses - 1)))
    return Status::error("cpu: cannot allocate " + std::to_string(bytes) +
                         " bytes (too large)");
  unsigned sizeClass = getSizeClass(bytes);
  size_t blockSize = size_t(1) << sizeClass;
  bool pooled = alignment <= kAlignment;
  if (pooled) {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.allocations;
    std::vector<void *> &list = freeLists[sizeClass];
    if (!list.empty()) {
      void *ptr = list.back();
      list.pop_back();
      ++stats.poolHits;
      stats.pooledBytes -= blockSize;
      stats.bytesInUse += bytes;
      if (stats.bytesInUse > stats.peakBytesInUse)
        stats.peakBytesInUse = stats.bytesInUse;
      return ptr;
    }
  }
  size_t align = alignment < kAlignment ? kAlignment : alignment;
  if (blockSize < align)
    blockSize = align;
  void *ptr = std::aligned_alloc(align, blockSize);
  if (!ptr)
    return Status::error("cpu: out of memory allocating " +
                         std::to_string(bytes) + " bytes");
  std::lock_guard<std::mutex> lock(mutex);
  if (!pooled)
    ++stats.allocations;
  stats.bytesInUse += bytes;
  if (stats.bytesInUse > stats.peakBytesInUse)
    stats.peakBytesInUse = stats.bytesInUse;
  return ptr;
}

void CPUDevice::free(void *ptr, size_t bytes, size_t alignment) {
  if (!ptr)
    return;
  unsigned sizeClass = getSizeClass(bytes);
  size_t blockSize = size_t(1) << sizeClass;
  {
    std::lock_guard<std::mutex> lock(mutex);
    stats.bytesInUse -= bytes;
    if (alignment <= kAlignment &&
        stats.pooledBytes + blockSize <= maxPooledBytes) {
      freeLists[sizeClass].push_back(ptr);
      stats.pooledBytes += blockSize;
      return;
    }
  }
  std::free(ptr);
}

Status CPUDevice::copy(void *dst, const void *src, size_t bytes) {
  if (bytes == 0)
    return Status::success();
  if (!dst || !src)
    return Status::error("cpu: copy with a null pointer");
  std::memmove(dst, src, bytes);
  return Status::success();
}

DeviceStats CPUDevice::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

void CPUDevice::trim() {
  std::lock_guard<std::mutex> lock(mutex);
  for (std::vector<void *> &list : freeLists) {
    for (void *ptr : list)
      std::free(ptr);
    list.clear();
  }
  stats.pooledBytes = 0;
}

const std::shared_ptr<DeviceAPI> &strata::runtime::getDefaultCPUDevice() {
  // Leaked on purpose: storages freed during static destruction (e.g. a
  // global tensor in a user program) still find their device.
  static auto *device =
      new std::shared_ptr<DeviceAPI>(std::make_shared<CPUDevice>());
  return *device;
}
