//===- CudaDriver.cpp - Loading libcuda.so.1 and its entry points ---------===//
//
// Entry points are resolved with cuGetProcAddress_v2 (drivers >= 12.0) by
// their base name, asking for the ABI of min(driver version, 13.0): that is
// the ABI of every prototype in STRATA_CUDA_DRIVER_ENTRY_POINTS, and asking
// for a version newer than the driver would fail. Drivers without it, or
// without a base name, fall back to a plain dlsym of the exported versioned
// symbol, which has the same prototype by construction.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/CudaDriver.h"

#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <memory>

using namespace strata::runtime;

namespace {

/// The cuda.h the declarations were copied from (CUDA_VERSION).
constexpr int kHeaderVersion = 13000;

// CUdriverProcAddress_flags / CUdriverProcAddressQueryResult (cuda.h 13.0).
// Legacy-stream variants: the runtime uses its own streams, never the
// per-thread default stream.
constexpr uint64_t CU_GET_PROC_ADDRESS_LEGACY_STREAM = 1 << 0;
constexpr int CU_GET_PROC_ADDRESS_SUCCESS = 0;

using GetProcAddressFn = CUresult (*)(const char *symbol, void **function,
                                      int cudaVersion, uint64_t flags,
                                      int *symbolStatus);

/// Exported symbols newer than some supported drivers, and the older export
/// with the same prototype (cuEventElapsedTime_v2 is CUDA 12.8).
struct SameAbiAlias {
  const char *symbol;
  const char *older;
};
constexpr SameAbiAlias kSameAbiAliases[] = {
    {"cuEventElapsedTime_v2", "cuEventElapsedTime"},
};

std::string formatVersion(int version) {
  return std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 10);
}

} // namespace

StatusOr<CudaDriver *> CudaDriver::get() {
  // Leaked on purpose: devices released during static destruction still
  // need the driver, and unloading a driver that started threads is unsafe.
  static const StatusOr<CudaDriver *> *result =
      new StatusOr<CudaDriver *>([]() -> StatusOr<CudaDriver *> {
        // Not dlclosed on failure either: cuInit may have started threads.
        std::unique_ptr<CudaDriver> driver(new CudaDriver());
        Status status = driver->load();
        if (!status.ok())
          return status;
        return driver.release();
      }());
  return *result;
}

Status CudaDriver::load() {
  library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    return Status::error(
        std::string("CUDA driver not found: dlopen(libcuda.so.1) failed: ") +
        (error ? error : "unknown error"));
  }

  // Exported under its base name by every driver, and callable before
  // cuInit; the version bounds what cuGetProcAddress may be asked for.
  auto driverGetVersion = reinterpret_cast<CUresult (*)(int *)>(
      dlsym(library, "cuDriverGetVersion"));
  if (!driverGetVersion)
    return Status::error(
        "CUDA driver libcuda.so.1 lacks cuDriverGetVersion (not a CUDA "
        "driver?)");
  if (CUresult result = driverGetVersion(&version)) {
    // The toolkit's link-time stub answers everything with this; it is
    // found when a library path points into cuda/lib64/stubs.
    if (result == CUDA_ERROR_STUB_LIBRARY)
      return Status::error("CUDA driver libcuda.so.1 is the CUDA toolkit's "
                           "stub library, not a driver "
                           "(CUDA_ERROR_STUB_LIBRARY)");
    return Status::error("CUDA driver libcuda.so.1: cuDriverGetVersion "
                         "failed with CUDA error " +
                         std::to_string(result));
  }

  auto getProcAddress =
      reinterpret_cast<GetProcAddressFn>(dlsym(library, "cuGetProcAddress_v2"));
  int requestedVersion = std::min(version, kHeaderVersion);
  auto resolve = [&](const char *name, const char *symbol) -> void * {
    void *function = nullptr;
    if (getProcAddress) {
      int symbolStatus = -1;
      if (getProcAddress(name, &function, requestedVersion,
                         CU_GET_PROC_ADDRESS_LEGACY_STREAM,
                         &symbolStatus) != CUDA_SUCCESS ||
          symbolStatus != CU_GET_PROC_ADDRESS_SUCCESS)
        function = nullptr;
    }
    if (!function)
      function = dlsym(library, symbol);
    for (const SameAbiAlias &alias : kSameAbiAliases)
      if (!function && std::strcmp(alias.symbol, symbol) == 0)
        function = dlsym(library, alias.older);
    return function;
  };

#define STRATA_CUDA_RESOLVE_ENTRY_POINT(name, symbol, params)                  \
  if (void *function = resolve(#name, #symbol))                                \
    name = reinterpret_cast<decltype(name)>(function);                         \
  else                                                                         \
    return Status::error("CUDA driver libcuda.so.1 (CUDA " +                   \
                         formatVersion(version) +                              \
                         ") lacks " #symbol " (driver too old?)");
  STRATA_CUDA_DRIVER_ENTRY_POINTS(STRATA_CUDA_RESOLVE_ENTRY_POINT)
#undef STRATA_CUDA_RESOLVE_ENTRY_POINT

  // No GPU is not a failure of the driver: getDeviceCount() then says 0,
  // and CudaDevice::open says "no CUDA device".
  CUresult result = cuInit(0);
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_NO_DEVICE)
    return Status::error("CUDA driver libcuda.so.1 (CUDA " +
                         formatVersion(version) +
                         "): cuInit failed: " + describe(result));
  initResult = result;
  return Status::success();
}

std::string CudaDriver::describe(CUresult result) const {
  const char *name = nullptr;
  if (!cuGetErrorName || cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    return "CUDA error " + std::to_string(result);
  const char *text = nullptr;
  if (!cuGetErrorString || cuGetErrorString(result, &text) != CUDA_SUCCESS ||
      !text)
    return name;
  return std::string(name) + ": " + text;
}

Status CudaDriver::check(CUresult result, const std::string &what) const {
  if (result == CUDA_SUCCESS)
    return Status::success();
  return Status::error(what + ": " + describe(result));
}

StatusOr<int> CudaDriver::getDeviceCount() const {
  if (initResult == CUDA_ERROR_NO_DEVICE)
    return 0;
  int count = 0;
  if (Status status = check(cuDeviceGetCount(&count), "cuDeviceGetCount");
      !status.ok())
    return status;
  return count;
}
