//===- CudaDevice.cpp - One CUDA GPU through the driver API ---------------===//
//
// Everything a device does is queued on its one stream, which is what makes
// the pool safe: a block freed while kernels that use it are still queued
// is only handed out again to work queued after them on the same stream.
//
// The pool rounds a request up to a multiple of a quarter of its power of
// two (256 B at least): four size classes per octave waste at most 25%,
// where CPUDevice's power-of-two classes waste up to half, which device
// memory is too scarce for. An allocation that runs out of memory returns
// the pooled blocks to the driver and tries once more.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaDevice.h"

#include <cstring>

using namespace strata::runtime;

namespace {

CUdeviceptr toDevicePtr(const void *ptr) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(ptr));
}

/// The magic numbers opening a cubin (ELF) and a fatbin (as written by
/// CUDA's fatbinary tool, little-endian).
constexpr unsigned char kElfMagic[4] = {0x7f, 'E', 'L', 'F'};
constexpr uint32_t kFatbinMagic = 0xBA55ED50;

template <typename T> T readLittleEndian(const unsigned char *bytes) {
  T value = 0;
  for (size_t i = 0; i < sizeof(T); ++i)
    value |= T(bytes[i]) << (8 * i);
  return value;
}

/// cuModuleLoadDataEx takes no size: it reads a cubin's or fatbin's own
/// headers and then their tables. A truncated image would make the driver
/// read past the buffer, so check that the headers fit in `bytes`.
bool headersFit(const unsigned char *image, size_t bytes, bool isElf) {
  // A table of `count` entries of `size` bytes at `offset` lies in the image
  // (written so that hostile values cannot overflow).
  auto fits = [bytes](uint64_t offset, uint64_t count, uint64_t size) {
    return offset <= bytes && count * size <= bytes - offset;
  };
  if (isElf) {
    // ELF64: e_phoff at 0x20, e_shoff at 0x28, e_phentsize/e_phnum at
    // 0x36/0x38, e_shentsize/e_shnum at 0x3a/0x3c. The section headers come
    // last in a cubin, so this also catches a cut-off file.
    if (bytes < 64 || image[4] != 2 /*ELFCLASS64*/)
      return false;
    return fits(readLittleEndian<uint64_t>(image + 0x20),
                readLittleEndian<uint16_t>(image + 0x38),
                readLittleEndian<uint16_t>(image + 0x36)) &&
           fits(readLittleEndian<uint64_t>(image + 0x28),
                readLittleEndian<uint16_t>(image + 0x3c),
                readLittleEndian<uint16_t>(image + 0x3a));
  }
  // Fatbin header: magic (4), version (2), header size (2), then the size
  // of the payload that follows the header (8).
  if (bytes < 16)
    return false;
  return fits(readLittleEndian<uint16_t>(image + 6), 1,
              readLittleEndian<uint64_t>(image + 8));
}

} // namespace

//===----------------------------------------------------------------------===//
// CudaModule and CudaEvent
//===----------------------------------------------------------------------===//

CudaModule::CudaModule(CudaModule &&other) noexcept
    : device(std::move(other.device)), handle(other.handle) {
  other.handle = nullptr;
}

CudaModule &CudaModule::operator=(CudaModule &&other) noexcept {
  if (this != &other) {
    reset();
    device = std::move(other.device);
    handle = other.handle;
    other.handle = nullptr;
  }
  return *this;
}

CudaModule::~CudaModule() { reset(); }

void CudaModule::reset() {
  if (handle && device && device->makeCurrent().ok()) {
    // Kernels of the module may still be queued.
    (void)device->driver->cuStreamSynchronize(device->stream);
    (void)device->driver->cuModuleUnload(handle);
  }
  handle = nullptr;
  device.reset();
}

CudaEvent::CudaEvent(CudaEvent &&other) noexcept
    : device(std::move(other.device)), handle(other.handle) {
  other.handle = nullptr;
}

CudaEvent &CudaEvent::operator=(CudaEvent &&other) noexcept {
  if (this != &other) {
    reset();
    device = std::move(other.device);
    handle = other.handle;
    other.handle = nullptr;
  }
  return *this;
}

CudaEvent::~CudaEvent() { reset(); }

void CudaEvent::reset() {
  // The driver defers the release of an event still pending on a stream.
  if (handle && device && device->makeCurrent().ok())
    (void)device->driver->cuEventDestroy(handle);
  handle = nullptr;
  device.reset();
}

//===----------------------------------------------------------------------===//
// Opening and closing
//===----------------------------------------------------------------------===//

StatusOr<std::shared_ptr<CudaDevice>>
CudaDevice::open(int ordinal, uint64_t maxPooledBytes) {
  StatusOr<CudaDriver *> driver = CudaDriver::get();
  if (!driver.ok())
    return driver.getStatus();
  StatusOr<int> count = (*driver)->getDeviceCount();
  if (!count.ok())
    return count.getStatus();
  if (*count == 0)
    return Status::error("no CUDA device: the CUDA driver (CUDA " +
                         std::to_string((*driver)->getVersion() / 1000) + "." +
                         std::to_string((*driver)->getVersion() % 1000 / 10) +
                         ") found no GPU");
  if (ordinal < 0 || ordinal >= *count)
    return Status::error("CUDA device ordinal " + std::to_string(ordinal) +
                         " out of range: there " +
                         (*count == 1 ? std::string("is 1 CUDA device (cuda:0)")
                                      : "are " + std::to_string(*count) +
                                            " CUDA devices (cuda:0 to cuda:" +
                                            std::to_string(*count - 1) + ")"));
  // Not make_shared: the constructor is private.
  std::shared_ptr<CudaDevice> device(
      new CudaDevice(*driver, ordinal, maxPooledBytes));
  if (Status status = device->initialize(); !status.ok())
    return status;
  return device;
}

CudaDevice::CudaDevice(CudaDriver *driver, int ordinal, uint64_t maxPooledBytes)
    : driver(driver), ordinal(ordinal), name("cuda:" + std::to_string(ordinal)),
      maxPooledBytes(maxPooledBytes) {}

Status CudaDevice::initialize() {
  if (Status status =
          check(driver->cuDeviceGet(&device, ordinal), "cuDeviceGet");
      !status.ok())
    return status;
  // The primary context is the one the CUDA runtime API and other libraries
  // use too, so memory and modules can be shared with them.
  CUcontext retained = nullptr;
  if (Status status = check(driver->cuDevicePrimaryCtxRetain(&retained, device),
                            "retaining the primary context");
      !status.ok())
    return status;
  context = retained;
  if (Status status = makeCurrent(); !status.ok())
    return status;
  // Non-blocking: no implicit synchronization with the legacy default
  // stream that other code in the process may use.
  if (Status status =
          check(driver->cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
                "creating a stream");
      !status.ok())
    return status;

  char deviceName[256] = {0};
  if (Status status = check(
          driver->cuDeviceGetName(deviceName, sizeof(deviceName) - 1, device),
          "cuDeviceGetName");
      !status.ok())
    return status;
  attributes.name = deviceName;
  size_t totalMemory = 0;
  if (Status status = check(driver->cuDeviceTotalMem(&totalMemory, device),
                            "cuDeviceTotalMem");
      !status.ok())
    return status;
  attributes.totalMemory = totalMemory;
  struct {
    CUdevice_attribute attribute;
    int *value;
  } queries[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
       &attributes.computeCapabilityMajor},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
       &attributes.computeCapabilityMinor},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
       &attributes.multiprocessorCount},
      {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &attributes.warpSize},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
       &attributes.maxThreadsPerBlock},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
       &attributes.maxThreadsPerMultiprocessor},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
       &attributes.maxSharedMemoryPerBlock},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       &attributes.maxSharedMemoryPerBlockOptin},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
       &attributes.maxSharedMemoryPerMultiprocessor},
      {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, &attributes.l2CacheSize},
      {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
       &attributes.maxRegistersPerMultiprocessor},
  };
  for (const auto &query : queries)
    if (Status status = check(
            driver->cuDeviceGetAttribute(query.value, query.attribute, device),
            "cuDeviceGetAttribute(" + std::to_string(query.attribute) + ")");
        !status.ok())
      return status;
  return Status::success();
}

CudaDevice::~CudaDevice() {
  if (context && makeCurrent().ok()) {
    if (stream) {
      (void)driver->cuStreamSynchronize(stream);
      trim();
      (void)driver->cuStreamDestroy(stream);
    }
    // Blocks still allocated are freed with the context when this was its
    // last user.
    (void)driver->cuDevicePrimaryCtxRelease(device);
  }
}

Status CudaDevice::makeCurrent() {
  // Cheap (a thread-local in the driver), and makes every method work from
  // any thread whatever context the thread had current.
  return check(driver->cuCtxSetCurrent(context), "making the context current");
}

Status CudaDevice::check(CUresult result, const std::string &what) const {
  if (result == CUDA_SUCCESS)
    return Status::success();
  return Status::error(name + ": " + what + ": " + driver->describe(result));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

size_t CudaDevice::getBlockSize(size_t bytes) {
  if (bytes <= kAlignment)
    return kAlignment;
  size_t octave = size_t(1) << (63 - __builtin_clzll(bytes));
  size_t step = octave / 4 < kAlignment ? kAlignment : octave / 4;
  return (bytes + step - 1) / step * step;
}

StatusOr<CudaMemoryInfo> CudaDevice::getMemoryInfo() {
  if (Status status = makeCurrent(); !status.ok())
    return status;
  size_t freeBytes = 0, totalBytes = 0;
  if (Status status =
          check(driver->cuMemGetInfo(&freeBytes, &totalBytes), "cuMemGetInfo");
      !status.ok())
    return status;
  CudaMemoryInfo info;
  info.freeBytes = freeBytes;
  info.totalBytes = totalBytes;
  return info;
}

Status CudaDevice::outOfMemory(size_t bytes) {
  std::string message = name + ": out of device memory allocating " +
                        std::to_string(bytes) + " bytes";
  StatusOr<CudaMemoryInfo> info = getMemoryInfo();
  if (info.ok())
    message += " (free " + std::to_string(info->freeBytes) + " of " +
               std::to_string(info->totalBytes) + ")";
  return Status::error(message);
}

StatusOr<void *> CudaDevice::allocate(size_t bytes, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)))
    return Status::error(name + ": alignment " + std::to_string(alignment) +
                         " is not a power of two");
  if (alignment > kAlignment)
    return Status::error(name + ": alignment " + std::to_string(alignment) +
                         " exceeds " + std::to_string(kAlignment));
  // More than the device has cannot succeed; deciding it here gives every
  // absurd size the same error (and keeps the size class arithmetic far
  // from overflow).
  if (bytes > attributes.totalMemory)
    return outOfMemory(bytes);
  size_t blockSize = getBlockSize(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.allocations;
    auto it = freeLists.find(blockSize);
    if (it != freeLists.end() && !it->second.empty()) {
      CUdeviceptr ptr = it->second.back();
      it->second.pop_back();
      ++stats.poolHits;
      stats.pooledBytes -= blockSize;
      stats.bytesInUse += bytes;
      if (stats.bytesInUse > stats.peakBytesInUse)
        stats.peakBytesInUse = stats.bytesInUse;
      return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
    }
  }
  if (Status status = makeCurrent(); !status.ok())
    return status;
  CUdeviceptr ptr = 0;
  CUresult result = driver->cuMemAlloc(&ptr, blockSize);
  if (result == CUDA_ERROR_OUT_OF_MEMORY) {
    trim();
    result = driver->cuMemAlloc(&ptr, blockSize);
  }
  if (result == CUDA_ERROR_OUT_OF_MEMORY)
    return outOfMemory(bytes);
  if (Status status = check(result, "cuMemAlloc of " +
                                        std::to_string(blockSize) + " bytes");
      !status.ok())
    return status;
  std::lock_guard<std::mutex> lock(mutex);
  stats.bytesInUse += bytes;
  if (stats.bytesInUse > stats.peakBytesInUse)
    stats.peakBytesInUse = stats.bytesInUse;
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

void CudaDevice::free(void *ptr, size_t bytes, size_t alignment) {
  (void)alignment;
  if (!ptr)
    return;
  size_t blockSize = getBlockSize(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex);
    stats.bytesInUse -= bytes;
    if (stats.pooledBytes + blockSize <= maxPooledBytes) {
      freeLists[blockSize].push_back(toDevicePtr(ptr));
      stats.pooledBytes += blockSize;
      return;
    }
  }
  // cuMemFree waits for the work in flight, which may still use the block.
  if (makeCurrent().ok())
    (void)driver->cuMemFree(toDevicePtr(ptr));
}

void CudaDevice::trim() {
  std::vector<CUdeviceptr> blocks;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto &entry : freeLists)
      blocks.insert(blocks.end(), entry.second.begin(), entry.second.end());
    freeLists.clear();
    stats.pooledBytes = 0;
  }
  if (blocks.empty() || !makeCurrent().ok())
    return;
  for (CUdeviceptr block : blocks)
    (void)driver->cuMemFree(block);
}

DeviceStats CudaDevice::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

//===----------------------------------------------------------------------===//
// Transfers
//===----------------------------------------------------------------------===//

Status CudaDevice::copy(void *dst, const void *src, size_t bytes) {
  if (bytes == 0 || dst == src)
    return Status::success();
  if (!dst || !src)
    return Status::error(name + ": copy with a null pointer");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  CUdeviceptr d = toDevicePtr(dst), s = toDevicePtr(src);
  std::string what = "copying " + std::to_string(bytes) + " bytes on device";
  if (d < s + bytes && s < d + bytes) {
    // cuMemcpyDtoD leaves overlapping copies undefined: go through a
    // temporary, which the stream order keeps alive long enough.
    StatusOr<void *> temporary = allocate(bytes, kAlignment);
    if (!temporary.ok())
      return temporary.getStatus();
    CUdeviceptr t = toDevicePtr(*temporary);
    Status status = check(driver->cuMemcpyDtoDAsync(t, s, bytes, stream), what);
    if (status.ok())
      status = check(driver->cuMemcpyDtoDAsync(d, t, bytes, stream), what);
    free(*temporary, bytes, kAlignment);
    return status;
  }
  return check(driver->cuMemcpyDtoDAsync(d, s, bytes, stream), what);
}

Status CudaDevice::copyToDevice(void *dst, const void *hostSrc, size_t bytes) {
  if (bytes == 0)
    return Status::success();
  if (!dst || !hostSrc)
    return Status::error(name + ": copy to the device with a null pointer");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  return check(
      driver->cuMemcpyHtoDAsync(toDevicePtr(dst), hostSrc, bytes, stream),
      "copying " + std::to_string(bytes) + " bytes to the device");
}

Status CudaDevice::copyToHost(void *hostDst, const void *src, size_t bytes) {
  if (bytes == 0)
    return Status::success();
  if (!hostDst || !src)
    return Status::error(name + ": copy to the host with a null pointer");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  std::string what = "copying " + std::to_string(bytes) + " bytes to the host";
  if (Status status = check(
          driver->cuMemcpyDtoHAsync(hostDst, toDevicePtr(src), bytes, stream),
          what);
      !status.ok())
    return status;
  return check(driver->cuStreamSynchronize(stream), what);
}

Status CudaDevice::fillZero(void *dst, size_t bytes) {
  if (bytes == 0)
    return Status::success();
  if (!dst)
    return Status::error(name + ": fill with a null pointer");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  return check(driver->cuMemsetD8Async(toDevicePtr(dst), 0, bytes, stream),
               "zeroing " + std::to_string(bytes) + " bytes");
}

Status CudaDevice::synchronize() {
  if (Status status = makeCurrent(); !status.ok())
    return status;
  return check(driver->cuStreamSynchronize(stream),
               "asynchronous error found at synchronization");
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

StatusOr<CudaModule> CudaDevice::loadModule(const void *image, size_t bytes) {
  if (!image || bytes == 0)
    return Status::error(name + ": empty kernel module image");
  const auto *data = static_cast<const unsigned char *>(image);
  bool isElf = bytes >= 4 && std::memcmp(data, kElfMagic, 4) == 0;
  bool isFatbin =
      bytes >= 4 && readLittleEndian<uint32_t>(data) == kFatbinMagic;
  const char *kind = isElf ? "cubin" : isFatbin ? "fatbin" : "PTX";
  std::string text;
  if ((isElf || isFatbin) && !headersFit(data, bytes, isElf))
    return Status::error(name + ": " + kind + " image of " +
                         std::to_string(bytes) +
                         " bytes is truncated or malformed");
  if (!isElf && !isFatbin && data[bytes - 1] != '\0') {
    // PTX is read up to its NUL byte.
    text.assign(reinterpret_cast<const char *>(data), bytes);
    image = text.c_str();
  }
  if (Status status = makeCurrent(); !status.ok())
    return status;

  // The JIT (PTX) and the loader (a cubin for another chip) explain their
  // failures only in the error log.
  char errorLog[16384] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog,
                    reinterpret_cast<void *>(uintptr_t(sizeof(errorLog) - 1))};
  CUmodule module = nullptr;
  CUresult result =
      driver->cuModuleLoadDataEx(&module, image, 2, options, values);
  if (result != CUDA_SUCCESS) {
    std::string message = name + ": loading a " + kind + " module (" +
                          std::to_string(bytes) + " bytes) for sm_" +
                          std::to_string(attributes.computeCapabilityMajor) +
                          std::to_string(attributes.computeCapabilityMinor) +
                          ": " + driver->describe(result);
    errorLog[sizeof(errorLog) - 1] = '\0';
    std::string log = errorLog;
    while (!log.empty() && (log.back() == '\n' || log.back() == ' '))
      log.pop_back();
    if (!log.empty())
      message += "\n" + log;
    return Status::error(message);
  }
  return CudaModule(shared_from_this(), module);
}

StatusOr<CUfunction> CudaDevice::getFunction(const CudaModule &module,
                                             const std::string &kernelName) {
  if (!module)
    return Status::error(name + ": kernel '" + kernelName +
                         "' looked up in an empty module");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  CUfunction function = nullptr;
  CUresult result =
      driver->cuModuleGetFunction(&function, module.handle, kernelName.c_str());
  if (result == CUDA_ERROR_NOT_FOUND)
    return Status::error(name + ": no kernel '" + kernelName +
                         "' in the module");
  if (Status status = check(result, "looking up kernel '" + kernelName + "'");
      !status.ok())
    return status;
  return function;
}

Status CudaDevice::launch(CUfunction function, const unsigned grid[3],
                          const unsigned block[3], unsigned sharedBytes,
                          void **params, const std::string &kernelName) {
  if (!function)
    return Status::error(name + ": launching kernel '" + kernelName +
                         "': null function");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  if (sharedBytes > 0) {
    // Dynamic shared memory beyond the default (48 KiB less the kernel's
    // static shared memory) must be opted into per function.
    int allowed = 0;
    if (Status status =
            check(driver->cuFuncGetAttribute(
                      &allowed, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                      function),
                  "kernel '" + kernelName + "': cuFuncGetAttribute");
        !status.ok())
      return status;
    if (sharedBytes > unsigned(allowed))
      if (Status status = check(
              driver->cuFuncSetAttribute(
                  function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  int(sharedBytes)),
              "kernel '" + kernelName + "': opting into " +
                  std::to_string(sharedBytes) +
                  " bytes of dynamic shared memory (the device allows " +
                  std::to_string(attributes.maxSharedMemoryPerBlockOptin) +
                  " per block)");
          !status.ok())
        return status;
  }
  auto dims = [](const unsigned d[3]) {
    return std::to_string(d[0]) + "x" + std::to_string(d[1]) + "x" +
           std::to_string(d[2]);
  };
  return check(driver->cuLaunchKernel(function, grid[0], grid[1], grid[2],
                                      block[0], block[1], block[2], sharedBytes,
                                      stream, params, nullptr),
               "launching kernel '" + kernelName + "' (grid " + dims(grid) +
                   ", block " + dims(block) + ", " +
                   std::to_string(sharedBytes) + " bytes of shared memory)");
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

StatusOr<CudaEvent> CudaDevice::createEvent() {
  if (Status status = makeCurrent(); !status.ok())
    return status;
  CUevent event = nullptr;
  if (Status status = check(driver->cuEventCreate(&event, CU_EVENT_DEFAULT),
                            "creating an event");
      !status.ok())
    return status;
  return CudaEvent(shared_from_this(), event);
}

Status CudaDevice::recordEvent(const CudaEvent &event) {
  if (!event.handle)
    return Status::error(name + ": recording an empty event");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  return check(driver->cuEventRecord(event.handle, stream),
               "recording an event");
}

StatusOr<float> CudaDevice::getElapsedMs(const CudaEvent &start,
                                         const CudaEvent &end) {
  if (!start.handle || !end.handle)
    return Status::error(name + ": timing with an empty event");
  if (Status status = makeCurrent(); !status.ok())
    return status;
  if (Status status =
          check(driver->cuEventSynchronize(end.handle), "waiting for an event");
      !status.ok())
    return status;
  float milliseconds = 0;
  if (Status status = check(
          driver->cuEventElapsedTime(&milliseconds, start.handle, end.handle),
          "cuEventElapsedTime");
      !status.ok())
    return status;
  return milliseconds;
}
