//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The runtime must build, link and run where CUDA is absent, so it neither
// includes cuda.h nor links libcuda: CudaDriver dlopens libcuda.so.1 on first
// use and resolves its entry points through cuGetProcAddress (the IREE
// approach). The few driver types and enum values the runtime uses are
// declared here, copied from the CUDA 13.0 cuda.h (CUDA_VERSION 13000); the
// enum values are part of the driver's stable ABI.
//
// Do not include cuda.h in the same translation unit as this header with
// `using namespace strata::runtime`: the enum constants would be ambiguous.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_CUDADRIVER_H
#define STRATA_RUNTIME_CUDADRIVER_H

#include "strata/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <string>

// The opaque handle structs carry cuda.h's tags, so that a handle from code
// that does use cuda.h converts without a cast.
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;

namespace strata::runtime {

//===----------------------------------------------------------------------===//
// Driver types and constants (cuda.h, CUDA 13.0)
//===----------------------------------------------------------------------===//

// C enums are ints in the driver's ABI; plain ints keep the declarations
// minimal and make any value the driver returns representable.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = uint64_t;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
using CUdevice_attribute = int;
using CUfunction_attribute = int;
using CUjit_option = int;
using CUpointer_attribute = int;

// CUresult (cudaError_enum).
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
constexpr CUresult CUDA_ERROR_STUB_LIBRARY = 34;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
constexpr CUresult CUDA_ERROR_INVALID_IMAGE = 200;
constexpr CUresult CUDA_ERROR_NO_BINARY_FOR_GPU = 209;
constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;
constexpr CUresult CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;

// CUdevice_attribute.
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK =
    8;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82;
constexpr CUdevice_attribute
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

// CUfunction_attribute.
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_NUM_REGS = 4;
constexpr CUfunction_attribute CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES =
    8;

// CUjit_option.
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

// CUpointer_attribute and CUmemorytype.
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_CONTEXT = 1;
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
constexpr CUpointer_attribute CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9;
constexpr unsigned CU_MEMORYTYPE_HOST = 1;
constexpr unsigned CU_MEMORYTYPE_DEVICE = 2;

// Stream and event flags.
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;

//===----------------------------------------------------------------------===//
// The entry points
//===----------------------------------------------------------------------===//

/// The driver entry points the runtime uses, as an X-macro:
/// X(name, exported symbol, parameter list). `name` is the base name that
/// cuGetProcAddress takes; the exported symbol is the versioned one that
/// cuda.h 13.0 maps the base name to (cuMemAlloc -> cuMemAlloc_v2), which is
/// what a plain dlsym must ask for. Every prototype is that of the exported
/// symbol (cudaTypedefs.h's PFN_<name>_v<version>).
#define STRATA_CUDA_DRIVER_ENTRY_POINTS(X)                                     \
  X(cuInit, cuInit, (unsigned flags))                                          \
  X(cuDriverGetVersion, cuDriverGetVersion, (int *version))                    \
  X(cuDeviceGetCount, cuDeviceGetCount, (int *count))                          \
  X(cuDeviceGet, cuDeviceGet, (CUdevice * device, int ordinal))                \
  X(cuDeviceGetName, cuDeviceGetName, (char *name, int len, CUdevice dev))     \
  X(cuDeviceGetAttribute, cuDeviceGetAttribute,                                \
    (int *value, CUdevice_attribute attrib, CUdevice dev))                     \
  X(cuDeviceTotalMem, cuDeviceTotalMem_v2, (size_t * bytes, CUdevice dev))     \
  X(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain,                        \
    (CUcontext * ctx, CUdevice dev))                                           \
  X(cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2, (CUdevice dev))   \
  X(cuCtxSetCurrent, cuCtxSetCurrent, (CUcontext ctx))                         \
  X(cuCtxGetCurrent, cuCtxGetCurrent, (CUcontext * ctx))                       \
  X(cuModuleLoadDataEx, cuModuleLoadDataEx,                                    \
    (CUmodule * module, const void *image, unsigned numOptions,                \
     CUjit_option *options, void **optionValues))                              \
  X(cuModuleUnload, cuModuleUnload, (CUmodule module))                         \
  X(cuModuleGetFunction, cuModuleGetFunction,                                  \
    (CUfunction * function, CUmodule module, const char *name))                \
  X(cuFuncSetAttribute, cuFuncSetAttribute,                                    \
    (CUfunction function, CUfunction_attribute attrib, int value))             \
  X(cuFuncGetAttribute, cuFuncGetAttribute,                                    \
    (int *value, CUfunction_attribute attrib, CUfunction function))            \
  X(cuLaunchKernel, cuLaunchKernel,                                            \
    (CUfunction function, unsigned gridX, unsigned gridY, unsigned gridZ,      \
     unsigned blockX, unsigned blockY, unsigned blockZ, unsigned sharedBytes,  \
     CUstream stream, void **params, void **extra))                            \
  X(cuMemAlloc, cuMemAlloc_v2, (CUdeviceptr * ptr, size_t bytes))              \
  X(cuMemFree, cuMemFree_v2, (CUdeviceptr ptr))                                \
  X(cuMemcpyHtoDAsync, cuMemcpyHtoDAsync_v2,                                   \
    (CUdeviceptr dst, const void *src, size_t bytes, CUstream stream))         \
  X(cuMemcpyDtoHAsync, cuMemcpyDtoHAsync_v2,                                   \
    (void *dst, CUdeviceptr src, size_t bytes, CUstream stream))               \
  X(cuMemcpyDtoDAsync, cuMemcpyDtoDAsync_v2,                                   \
    (CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream stream))         \
  X(cuMemsetD8Async, cuMemsetD8Async,                                          \
    (CUdeviceptr dst, unsigned char value, size_t count, CUstream stream))     \
  X(cuStreamCreate, cuStreamCreate, (CUstream * stream, unsigned flags))       \
  X(cuStreamDestroy, cuStreamDestroy_v2, (CUstream stream))                    \
  X(cuStreamSynchronize, cuStreamSynchronize, (CUstream stream))               \
  X(cuEventCreate, cuEventCreate, (CUevent * event, unsigned flags))           \
  X(cuEventDestroy, cuEventDestroy_v2, (CUevent event))                        \
  X(cuEventRecord, cuEventRecord, (CUevent event, CUstream stream))            \
  X(cuEventSynchronize, cuEventSynchronize, (CUevent event))                   \
  X(cuEventElapsedTime, cuEventElapsedTime_v2,                                 \
    (float *milliseconds, CUevent start, CUevent end))                         \
  X(cuGetErrorName, cuGetErrorName, (CUresult error, const char **name))       \
  X(cuGetErrorString, cuGetErrorString, (CUresult error, const char **text))   \
  X(cuMemGetInfo, cuMemGetInfo_v2, (size_t * freeBytes, size_t * totalBytes))  \
  X(cuPointerGetAttribute, cuPointerGetAttribute,                              \
    (void *data, CUpointer_attribute attrib, CUdeviceptr ptr))

/// The CUDA driver of the process: libcuda.so.1 loaded once, its entry points
/// resolved and cuInit called. Call the entry points through the members of
/// the same names (`driver->cuMemAlloc(&ptr, bytes)`); check their results
/// with check() or describe().
class CudaDriver {
public:
  /// The driver, loaded on the first call (thread-safe). Fails, for the life
  /// of the process, when libcuda.so.1 cannot be loaded, lacks an entry
  /// point, or cuInit fails for another reason than there being no GPU. The
  /// driver is never unloaded: devices may be destroyed during static
  /// destruction.
  static StatusOr<CudaDriver *> get();

  /// "CUDA_ERROR_OUT_OF_MEMORY: out of memory"; "CUDA error 12345" for a
  /// code this driver does not know.
  std::string describe(CUresult result) const;

  /// Success for CUDA_SUCCESS, else an error "<what>: <describe(result)>".
  Status check(CUresult result, const std::string &what) const;

  /// The driver's CUDA version (1000 * major + 10 * minor: 13000 is 13.0).
  int getVersion() const { return version; }

  /// The number of CUDA devices: 0 when cuInit found none.
  StatusOr<int> getDeviceCount() const;

  /// The entry points.
#define STRATA_CUDA_DECLARE_ENTRY_POINT(name, symbol, params)                  \
  CUresult(*name) params = nullptr;
  STRATA_CUDA_DRIVER_ENTRY_POINTS(STRATA_CUDA_DECLARE_ENTRY_POINT)
#undef STRATA_CUDA_DECLARE_ENTRY_POINT

private:
  CudaDriver() = default;
  CudaDriver(const CudaDriver &) = delete;
  CudaDriver &operator=(const CudaDriver &) = delete;
  /// dlopen, symbol resolution and cuInit.
  Status load();

  void *library = nullptr;
  int version = 0;
  /// The result of cuInit: CUDA_SUCCESS or CUDA_ERROR_NO_DEVICE.
  CUresult initResult = CUDA_SUCCESS;
};

} // namespace strata::runtime

#endif // STRATA_RUNTIME_CUDADRIVER_H
