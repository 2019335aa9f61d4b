//===- CAPI.cpp - The C API of the runtime --------------------------------===//
//
// Implements include/strata-c/Runtime.h over the C++ runtime. Handles are
// heap structs wrapping shared C++ objects (a module handle holds a
// shared_ptr<const Module>, a tensor handle a Tensor), so releasing a handle
// never invalidates data that another handle or a session still uses.
// Every entry point validates its pointers and catches nothing: the runtime
// does not throw (allocation failure aside, which terminates like any C
// library running out of memory).
//
//===----------------------------------------------------------------------===//

#include "CNativeFunction.h"
#include "strata-c/Runtime.h"
#include "strata/Runtime/Device.h"
#include "strata/Runtime/Files.h"
#include "strata/Runtime/Npy.h"
#include "strata/Runtime/VM.h"

#include <cstring>

using namespace strata::runtime;

struct strata_module {
  std::shared_ptr<const Module> module;
};
struct strata_options {
  SessionOptions options;
};
struct strata_session {
  std::unique_ptr<Session> session;
  std::string report;
};
struct strata_tensor {
  Tensor tensor;
};

static thread_local std::string lastError;

/// Records `message` as this thread's last error and returns `status`.
static strata_status_t fail(strata_status_t status, std::string message) {
  lastError = std::move(message);
  return status;
}

#define CHECK_ARG(cond, message)                                               \
  do {                                                                         \
    if (!(cond))                                                               \
      return fail(STRATA_INVALID_ARGUMENT, message);                           \
  } while (false)

const char *strata_last_error(void) { return lastError.c_str(); }

const char *strata_status_name(strata_status_t status) {
  switch (status) {
  case STRATA_OK:
    return "ok";
  case STRATA_INVALID_ARGUMENT:
    return "invalid argument";
  case STRATA_LOAD_ERROR:
    return "load error";
  case STRATA_RUNTIME_ERROR:
    return "runtime error";
  case STRATA_NOT_FOUND:
    return "not found";
  case STRATA_BUFFER_TOO_SMALL:
    return "buffer too small";
  case STRATA_STATUS_RANGE_MIN_:
  case STRATA_STATUS_RANGE_MAX_:
    break;
  }
  return "unknown status";
}

const char *strata_version(void) { return "0.1.0"; }

static bool isValidDType(strata_dtype_t dtype) {
  return dtype >= STRATA_DTYPE_F32 && dtype <= STRATA_DTYPE_U64;
}

size_t strata_dtype_size(strata_dtype_t dtype) {
  return isValidDType(dtype) ? bytecode::getDTypeSize(static_cast<DType>(dtype))
                             : 0;
}

const char *strata_dtype_name(strata_dtype_t dtype) {
  return isValidDType(dtype) ? bytecode::getDTypeName(static_cast<DType>(dtype))
                             : "invalid";
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

static strata_status_t wrapModule(StatusOr<std::unique_ptr<Module>> loaded,
                                  strata_module_t **out) {
  if (!loaded)
    return fail(STRATA_LOAD_ERROR, loaded.message());
  *out = new strata_module{std::shared_ptr<const Module>(std::move(*loaded))};
  return STRATA_OK;
}

strata_status_t strata_module_load_file(const char *path,
                                        strata_module_t **out_module) {
  CHECK_ARG(path && out_module, "strata_module_load_file: null argument");
  *out_module = nullptr;
  return wrapModule(Module::loadFile(path), out_module);
}

strata_status_t strata_module_load_memory(const void *data, size_t size,
                                          strata_module_t **out_module) {
  CHECK_ARG(out_module, "strata_module_load_memory: null argument");
  CHECK_ARG(data || size == 0, "strata_module_load_memory: null data");
  *out_module = nullptr;
  return wrapModule(Module::loadBuffer(data, size, "<memory>"), out_module);
}

strata_status_t strata_module_load_memory_ex(const void *data, size_t size,
                                             uint32_t flags,
                                             strata_module_t **out_module) {
  CHECK_ARG(out_module, "strata_module_load_memory_ex: null argument");
  CHECK_ARG(data || size == 0, "strata_module_load_memory_ex: null data");
  CHECK_ARG((flags & ~uint32_t(STRATA_LOAD_SKIP_CPU_CHECK)) == 0,
            "strata_module_load_memory_ex: unknown flags " +
                std::to_string(flags));
  *out_module = nullptr;
  LoadOptions options;
  options.checkCpuFeatures = !(flags & STRATA_LOAD_SKIP_CPU_CHECK);
  return wrapModule(Module::loadBuffer(data, size, "<memory>", options),
                    out_module);
}

void strata_module_release(strata_module_t *module) { delete module; }

strata_status_t strata_module_data(const strata_module_t *module,
                                   const void **out_data, size_t *out_size) {
  CHECK_ARG(module && out_data && out_size,
            "strata_module_data: null argument");
  *out_data = module->module->getData();
  *out_size = module->module->getSize();
  return STRATA_OK;
}

strata_status_t strata_module_save(const strata_module_t *module,
                                   const char *path) {
  CHECK_ARG(module && path, "strata_module_save: null argument");
  Status status = writeFileAtomically(path, module->module->getData(),
                                      module->module->getSize());
  if (!status)
    return fail(STRATA_RUNTIME_ERROR, status.message());
  return STRATA_OK;
}

strata_status_t strata_module_num_functions(const strata_module_t *module,
                                            size_t *out_count) {
  CHECK_ARG(module && out_count, "strata_module_num_functions: null argument");
  *out_count = module->module->getFunctions().size();
  return STRATA_OK;
}

/// The function entry `index`, or an error.
static strata_status_t getFunction(const strata_module_t *module, size_t index,
                                   const bytecode::FunctionEntry **out) {
  CHECK_ARG(module, "null module");
  size_t count = module->module->getFunctions().size();
  if (index >= count)
    return fail(STRATA_INVALID_ARGUMENT,
                "function index " + std::to_string(index) + " out of range (" +
                    std::to_string(count) + " functions)");
  *out = &module->module->getFunctions()[index];
  return STRATA_OK;
}

strata_status_t strata_module_function_name(const strata_module_t *module,
                                            size_t index,
                                            const char **out_name) {
  CHECK_ARG(out_name, "strata_module_function_name: null argument");
  const bytecode::FunctionEntry *function;
  if (strata_status_t status = getFunction(module, index, &function))
    return status;
  *out_name = module->module->getString(function->name);
  return STRATA_OK;
}

strata_status_t strata_module_find_function(const strata_module_t *module,
                                            const char *name,
                                            size_t *out_index) {
  CHECK_ARG(module && name && out_index,
            "strata_module_find_function: null argument");
  int index = module->module->findFunction(name);
  if (index < 0)
    return fail(STRATA_NOT_FOUND, "no function named '" + std::string(name) +
                                      "' in " + module->module->getName());
  *out_index = static_cast<size_t>(index);
  return STRATA_OK;
}

strata_status_t strata_module_function_num_args(const strata_module_t *module,
                                                size_t index,
                                                size_t *out_count) {
  CHECK_ARG(out_count, "strata_module_function_num_args: null argument");
  const bytecode::FunctionEntry *function;
  if (strata_status_t status = getFunction(module, index, &function))
    return status;
  *out_count = function->numArgs;
  return STRATA_OK;
}

strata_status_t
strata_module_function_num_results(const strata_module_t *module, size_t index,
                                   size_t *out_count) {
  CHECK_ARG(out_count, "strata_module_function_num_results: null argument");
  const bytecode::FunctionEntry *function;
  if (strata_status_t status = getFunction(module, index, &function))
    return status;
  *out_count = function->numResults;
  return STRATA_OK;
}

static void fillTypeInfo(const bytecode::TypeEntry &type,
                         strata_type_info_t *out) {
  std::memset(out, 0, sizeof(*out));
  out->kind = static_cast<strata_type_kind_t>(type.kind);
  if (type.kind == static_cast<uint8_t>(bytecode::TypeKind::Tensor)) {
    out->dtype = static_cast<strata_dtype_t>(type.dtype);
    out->rank = type.rank;
    for (uint32_t i = 0; i < type.rank; ++i)
      out->dims[i] = type.dims[i];
  }
}

strata_status_t strata_module_function_arg_type(const strata_module_t *module,
                                                size_t index, size_t arg,
                                                strata_type_info_t *out_type) {
  CHECK_ARG(out_type, "strata_module_function_arg_type: null argument");
  const bytecode::FunctionEntry *function;
  if (strata_status_t status = getFunction(module, index, &function))
    return status;
  if (arg >= function->numArgs)
    return fail(STRATA_INVALID_ARGUMENT,
                "argument index " + std::to_string(arg) + " out of range (" +
                    std::to_string(function->numArgs) + " arguments)");
  uint32_t type = module->module->getRegisterTypes(*function)[arg];
  fillTypeInfo(module->module->getTypes()[type], out_type);
  return STRATA_OK;
}

strata_status_t
strata_module_function_result_type(const strata_module_t *module, size_t index,
                                   size_t result,
                                   strata_type_info_t *out_type) {
  CHECK_ARG(out_type, "strata_module_function_result_type: null argument");
  const bytecode::FunctionEntry *function;
  if (strata_status_t status = getFunction(module, index, &function))
    return status;
  if (result >= function->numResults)
    return fail(STRATA_INVALID_ARGUMENT,
                "result index " + std::to_string(result) + " out of range (" +
                    std::to_string(function->numResults) + " results)");
  uint32_t type = module->module->getResultTypes(*function)[result];
  fillTypeInfo(module->module->getTypes()[type], out_type);
  return STRATA_OK;
}

const char *strata_module_metadata(const strata_module_t *module,
                                   const char *key) {
  if (!module || !key)
    return nullptr;
  return module->module->getMetadataValue(key);
}

//===----------------------------------------------------------------------===//
// Options and sessions
//===----------------------------------------------------------------------===//

strata_status_t strata_options_create(strata_options_t **out_options) {
  CHECK_ARG(out_options, "strata_options_create: null argument");
  *out_options = new strata_options();
  return STRATA_OK;
}

void strata_options_release(strata_options_t *options) { delete options; }

strata_status_t strata_options_set_num_threads(strata_options_t *options,
                                               uint32_t num_threads) {
  CHECK_ARG(options, "strata_options_set_num_threads: null options");
  CHECK_ARG(num_threads <= ThreadPool::kMaxThreads,
            "strata_options_set_num_threads: at most " +
                std::to_string(ThreadPool::kMaxThreads) + " threads, got " +
                std::to_string(num_threads));
  options->options.numThreads = num_threads;
  return STRATA_OK;
}

strata_status_t strata_options_set_device(strata_options_t *options,
                                          const char *device) {
  CHECK_ARG(options, "strata_options_set_device: null options");
  CHECK_ARG(device, "strata_options_set_device: null device");
  StatusOr<std::shared_ptr<DeviceAPI>> opened = openDevice(device);
  if (!opened)
    return fail(STRATA_RUNTIME_ERROR,
                "device '" + std::string(device) + "': " + opened.message());
  options->options.device = *opened;
  return STRATA_OK;
}

strata_status_t strata_options_set_profiling(strata_options_t *options,
                                             int enabled) {
  CHECK_ARG(options, "strata_options_set_profiling: null options");
  options->options.profile = enabled != 0;
  return STRATA_OK;
}

strata_status_t strata_options_set_trace_path(strata_options_t *options,
                                              const char *path) {
  CHECK_ARG(options, "strata_options_set_trace_path: null options");
  options->options.tracePath = path ? path : "";
  return STRATA_OK;
}

strata_status_t strata_options_set_dump_directory(strata_options_t *options,
                                                  const char *directory) {
  CHECK_ARG(options, "strata_options_set_dump_directory: null options");
  options->options.dumpDirectory = directory ? directory : "";
  return STRATA_OK;
}

strata_status_t strata_options_set_max_call_depth(strata_options_t *options,
                                                  uint32_t depth) {
  CHECK_ARG(options, "strata_options_set_max_call_depth: null options");
  CHECK_ARG(depth > 0, "strata_options_set_max_call_depth: depth must be > 0");
  options->options.maxCallDepth = depth;
  return STRATA_OK;
}

strata_status_t strata_session_create(strata_module_t *module,
                                      const strata_options_t *options,
                                      strata_session_t **out_session) {
  CHECK_ARG(module && out_session, "strata_session_create: null argument");
  *out_session = nullptr;
  StatusOr<std::unique_ptr<Session>> session = Session::create(
      module->module, options ? options->options : SessionOptions());
  if (!session)
    return fail(STRATA_LOAD_ERROR, session.message());
  *out_session = new strata_session{std::move(*session), {}};
  return STRATA_OK;
}

void strata_session_release(strata_session_t *session) { delete session; }

/// A tensor handle for a result value: I64 -> rank-0 i64 tensor, storage ->
/// rank-1 u8 tensor of its bytes.
static strata_tensor_t *wrapValue(const Value &value) {
  if (value.isI64()) {
    int64_t v = value.getI64();
    StatusOr<Tensor> tensor =
        Tensor::fromVector(DType::I64, Shape(), &v, sizeof(v));
    return tensor ? new strata_tensor{std::move(*tensor)} : nullptr;
  }
  if (value.isStorage()) {
    const StorageRef &storage = value.getStorage();
    Shape shape;
    shape.rank = 1;
    shape.dims[0] = static_cast<int64_t>(storage->getSize());
    return new strata_tensor{
        Tensor::makeUnchecked(storage, 0, DType::U8, shape)};
  }
  return new strata_tensor{value.getTensor()};
}

/// Converts handles to Values; rank-0 i64 tensors become I64 values where
/// `wantI64(i)` says so.
template <typename WantI64>
static strata_status_t unwrapArgs(strata_tensor_t *const *args, size_t numArgs,
                                  WantI64 wantI64, std::vector<Value> &values) {
  CHECK_ARG(args || numArgs == 0, "null argument array");
  values.reserve(numArgs);
  for (size_t i = 0; i < numArgs; ++i) {
    if (!args[i])
      return fail(STRATA_INVALID_ARGUMENT,
                  "argument " + std::to_string(i) + " is a null tensor handle");
    const Tensor &tensor = args[i]->tensor;
    if (wantI64(i) && tensor.getRank() == 0 &&
        tensor.getDType() == DType::I64) {
      int64_t v;
      std::memcpy(&v, tensor.getData(), sizeof(v));
      values.push_back(Value::i64(v));
    } else {
      values.push_back(Value::tensor(tensor));
    }
  }
  return STRATA_OK;
}

static strata_status_t wrapResults(const std::vector<Value> &values,
                                   strata_tensor_t **results, size_t capacity) {
  for (size_t i = 0; i < values.size(); ++i) {
    results[i] = wrapValue(values[i]);
    if (!results[i]) {
      for (size_t j = 0; j < i; ++j)
        strata_tensor_release(results[j]);
      return fail(STRATA_RUNTIME_ERROR, "out of memory wrapping results");
    }
  }
  (void)capacity;
  return STRATA_OK;
}

strata_status_t
strata_session_invoke(strata_session_t *session, const char *name,
                      strata_tensor_t *const *args, size_t num_args,
                      strata_tensor_t **results, size_t result_capacity,
                      size_t *out_num_results) {
  CHECK_ARG(session && name && out_num_results,
            "strata_session_invoke: null argument");
  CHECK_ARG(results || result_capacity == 0,
            "strata_session_invoke: null result array");
  const Module &module = session->session->getModule();
  int index = module.findFunction(name);
  if (index < 0)
    return fail(STRATA_NOT_FOUND, "no function named '" + std::string(name) +
                                      "' in " + module.getName());
  const bytecode::FunctionEntry &function = module.getFunctions()[index];
  *out_num_results = function.numResults;
  if (function.numResults > result_capacity)
    return fail(STRATA_BUFFER_TOO_SMALL,
                "function '" + std::string(name) + "' has " +
                    std::to_string(function.numResults) +
                    " results, the result array holds " +
                    std::to_string(result_capacity));
  Span<uint32_t> registerTypes = module.getRegisterTypes(function);
  auto wantI64 = [&](size_t i) {
    return i < function.numArgs &&
           module.getTypes()[registerTypes[i]].kind ==
               static_cast<uint8_t>(bytecode::TypeKind::I64);
  };
  std::vector<Value> values;
  if (strata_status_t status = unwrapArgs(args, num_args, wantI64, values))
    return status;
  StatusOr<std::vector<Value>> outputs =
      session->session->invoke(static_cast<uint32_t>(index), std::move(values));
  if (!outputs)
    return fail(STRATA_RUNTIME_ERROR, outputs.message());
  return wrapResults(*outputs, results, result_capacity);
}

strata_status_t strata_session_flush(strata_session_t *session) {
  CHECK_ARG(session, "strata_session_flush: null session");
  Status status = session->session->flush();
  if (!status.ok())
    return fail(STRATA_RUNTIME_ERROR, status.message());
  return STRATA_OK;
}

strata_status_t strata_session_profile_report(strata_session_t *session,
                                              const char **out_report) {
  CHECK_ARG(session && out_report,
            "strata_session_profile_report: null argument");
  session->report = session->session->getProfileReport();
  *out_report = session->report.c_str();
  return STRATA_OK;
}

strata_status_t strata_session_num_threads(const strata_session_t *session,
                                           uint32_t *out_num_threads) {
  CHECK_ARG(session && out_num_threads,
            "strata_session_num_threads: null argument");
  *out_num_threads = session->session->getThreadPool().getNumThreads();
  return STRATA_OK;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// Validates dtype/rank/dims and builds the shape.
static strata_status_t makeShape(strata_dtype_t dtype, size_t rank,
                                 const int64_t *dims, Shape &shape) {
  CHECK_ARG(isValidDType(dtype),
            "invalid dtype " + std::to_string(static_cast<int>(dtype)));
  CHECK_ARG(dims || rank == 0, "null dims with a nonzero rank");
  StatusOr<Shape> result = Shape::get(dims, rank);
  if (!result)
    return fail(STRATA_INVALID_ARGUMENT, result.message());
  shape = *result;
  return STRATA_OK;
}

strata_status_t strata_tensor_create_copy(strata_dtype_t dtype, size_t rank,
                                          const int64_t *dims, const void *data,
                                          size_t byte_size,
                                          strata_tensor_t **out_tensor) {
  CHECK_ARG(out_tensor, "strata_tensor_create_copy: null argument");
  *out_tensor = nullptr;
  Shape shape;
  if (strata_status_t status = makeShape(dtype, rank, dims, shape))
    return status;
  StatusOr<Tensor> tensor = Tensor::copyFrom(
      getDefaultCPUDevice(), static_cast<DType>(dtype), shape, data, byte_size);
  if (!tensor)
    return fail(STRATA_INVALID_ARGUMENT, tensor.message());
  *out_tensor = new strata_tensor{std::move(*tensor)};
  return STRATA_OK;
}

strata_status_t strata_tensor_create_borrowed(strata_dtype_t dtype, size_t rank,
                                              const int64_t *dims, void *data,
                                              size_t byte_size,
                                              strata_tensor_t **out_tensor) {
  CHECK_ARG(out_tensor, "strata_tensor_create_borrowed: null argument");
  *out_tensor = nullptr;
  Shape shape;
  if (strata_status_t status = makeShape(dtype, rank, dims, shape))
    return status;
  StatusOr<Tensor> tensor =
      Tensor::borrow(static_cast<DType>(dtype), shape, data, byte_size);
  if (!tensor)
    return fail(STRATA_INVALID_ARGUMENT, tensor.message());
  *out_tensor = new strata_tensor{std::move(*tensor)};
  return STRATA_OK;
}

strata_status_t strata_tensor_create_zeros(strata_dtype_t dtype, size_t rank,
                                           const int64_t *dims,
                                           strata_tensor_t **out_tensor) {
  CHECK_ARG(out_tensor, "strata_tensor_create_zeros: null argument");
  *out_tensor = nullptr;
  Shape shape;
  if (strata_status_t status = makeShape(dtype, rank, dims, shape))
    return status;
  StatusOr<Tensor> tensor =
      Tensor::allocate(getDefaultCPUDevice(), static_cast<DType>(dtype), shape);
  if (!tensor)
    return fail(STRATA_INVALID_ARGUMENT, tensor.message());
  std::memset(tensor->getData(), 0, tensor->getByteSize());
  *out_tensor = new strata_tensor{std::move(*tensor)};
  return STRATA_OK;
}

strata_status_t strata_tensor_create_i64_scalar(int64_t value,
                                                strata_tensor_t **out_tensor) {
  return strata_tensor_create_copy(STRATA_DTYPE_I64, 0, nullptr, &value,
                                   sizeof(value), out_tensor);
}

strata_status_t strata_tensor_retain(const strata_tensor_t *tensor,
                                     strata_tensor_t **out_tensor) {
  CHECK_ARG(tensor && out_tensor, "strata_tensor_retain: null argument");
  *out_tensor = new strata_tensor{tensor->tensor};
  return STRATA_OK;
}

void strata_tensor_release(strata_tensor_t *tensor) { delete tensor; }

strata_dtype_t strata_tensor_dtype(const strata_tensor_t *tensor) {
  return tensor ? static_cast<strata_dtype_t>(tensor->tensor.getDType())
                : STRATA_DTYPE_INVALID;
}

size_t strata_tensor_rank(const strata_tensor_t *tensor) {
  return tensor ? tensor->tensor.getRank() : 0;
}

const int64_t *strata_tensor_dims(const strata_tensor_t *tensor) {
  return tensor ? tensor->tensor.getShape().dims.data() : nullptr;
}

size_t strata_tensor_num_elements(const strata_tensor_t *tensor) {
  return tensor ? static_cast<size_t>(tensor->tensor.getNumElements()) : 0;
}

size_t strata_tensor_byte_size(const strata_tensor_t *tensor) {
  return tensor ? tensor->tensor.getByteSize() : 0;
}

void *strata_tensor_data(const strata_tensor_t *tensor) {
  return tensor ? tensor->tensor.getData() : nullptr;
}

int strata_tensor_is_read_only(const strata_tensor_t *tensor) {
  return tensor && tensor->tensor.isReadOnly() ? 1 : 0;
}

strata_status_t strata_tensor_format(const strata_tensor_t *tensor,
                                     char *buffer, size_t capacity,
                                     size_t *out_length) {
  CHECK_ARG(tensor && out_length, "strata_tensor_format: null argument");
  CHECK_ARG(buffer || capacity == 0, "strata_tensor_format: null buffer");
  std::string text = formatTensor(tensor->tensor);
  *out_length = text.size();
  if (capacity) {
    size_t n = std::min(capacity - 1, text.size());
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
  }
  return STRATA_OK;
}

strata_status_t strata_tensor_load_npy(const char *path,
                                       strata_tensor_t **out_tensor) {
  CHECK_ARG(path && out_tensor, "strata_tensor_load_npy: null argument");
  *out_tensor = nullptr;
  StatusOr<Tensor> tensor = readNpyFile(path);
  if (!tensor)
    return fail(STRATA_LOAD_ERROR, tensor.message());
  *out_tensor = new strata_tensor{std::move(*tensor)};
  return STRATA_OK;
}

strata_status_t strata_tensor_save_npy(const strata_tensor_t *tensor,
                                       const char *path) {
  CHECK_ARG(tensor && path, "strata_tensor_save_npy: null argument");
  Status status = writeNpyFile(path, tensor->tensor);
  if (!status.ok())
    return fail(STRATA_RUNTIME_ERROR, status.message());
  return STRATA_OK;
}

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

int strata_registry_contains(const char *name) {
  return name && Registry::global().contains(name) ? 1 : 0;
}

static thread_local std::vector<std::string> registryNames;

size_t strata_registry_num_functions(void) {
  registryNames = Registry::global().getNames();
  return registryNames.size();
}

const char *strata_registry_function_name(size_t index) {
  registryNames = Registry::global().getNames();
  return index < registryNames.size() ? registryNames[index].c_str() : nullptr;
}

strata_status_t strata_registry_call(const char *name,
                                     strata_tensor_t *const *args,
                                     size_t num_args, strata_tensor_t **results,
                                     size_t result_capacity,
                                     size_t *out_num_results) {
  CHECK_ARG(name && out_num_results, "strata_registry_call: null argument");
  CHECK_ARG(results || result_capacity == 0,
            "strata_registry_call: null result array");
  *out_num_results = 0;
  NativeFunctionRef fn = Registry::global().lookup(name);
  if (!fn)
    return fail(STRATA_NOT_FOUND, "no native function named '" +
                                      std::string(name) + "' is registered");
  std::vector<Value> values;
  if (strata_status_t status = unwrapArgs(
          args, num_args, [](size_t) { return true; }, values))
    return status;
  StatusOr<std::vector<Value>> outputs =
      (*fn)(Span<Value>(values.data(), values.size()));
  if (!outputs)
    return fail(STRATA_RUNTIME_ERROR, "native function '" + std::string(name) +
                                          "' failed: " + outputs.message());
  *out_num_results = outputs->size();
  if (outputs->size() > result_capacity)
    return fail(STRATA_BUFFER_TOO_SMALL,
                "native function '" + std::string(name) + "' returned " +
                    std::to_string(outputs->size()) +
                    " results, the result array holds " +
                    std::to_string(result_capacity));
  return wrapResults(*outputs, results, result_capacity);
}

NativeFunction strata::runtime::wrapCNativeFunction(strata_native_fn_t fn,
                                                    void *user_data) {
  return [fn, user_data](Span<Value> args) -> StatusOr<std::vector<Value>> {
    constexpr size_t kMaxResults = 16;
    std::vector<strata_tensor_t *> handles;
    for (const Value &value : args) {
      strata_tensor_t *handle = wrapValue(value);
      if (!handle) {
        for (strata_tensor_t *h : handles)
          strata_tensor_release(h);
        return Status::error("out of memory wrapping arguments");
      }
      handles.push_back(handle);
    }
    strata_tensor_t *results[kMaxResults] = {};
    size_t numResults = 0;
    char error[1024] = "";
    strata_status_t status =
        fn(user_data, handles.data(), handles.size(), results, kMaxResults,
           &numResults, error, sizeof(error));
    for (strata_tensor_t *h : handles)
      strata_tensor_release(h);
    error[sizeof(error) - 1] = '\0';
    if (status != STRATA_OK || numResults > kMaxResults) {
      if (numResults <= kMaxResults)
        for (size_t i = 0; i < numResults; ++i)
          strata_tensor_release(results[i]);
      return Status::error(status != STRATA_OK
                               ? std::string(error[0] ? error : "failed") +
                                     " (" + strata_status_name(status) + ")"
                               : "returned too many results");
    }
    std::vector<Value> values;
    std::string problem;
    for (size_t i = 0; i < numResults; ++i) {
      if (!results[i]) {
        problem = "result " + std::to_string(i) + " is a null handle";
        continue;
      }
      const Tensor &tensor = results[i]->tensor;
      // Rank-0 i64 tensors stand for I64 values, as for arguments.
      if (tensor.getRank() == 0 && tensor.getDType() == DType::I64) {
        int64_t v;
        std::memcpy(&v, tensor.getData(), sizeof(v));
        values.push_back(Value::i64(v));
      } else {
        values.push_back(Value::tensor(tensor));
      }
      strata_tensor_release(results[i]);
    }
    if (!problem.empty())
      return Status::error(problem);
    return values;
  };
}

strata_status_t strata_registry_register(const char *name,
                                         strata_native_fn_t fn, void *user_data,
                                         int replace) {
  CHECK_ARG(name && fn, "strata_registry_register: null argument");
  Status status = Registry::global().add(
      name, wrapCNativeFunction(fn, user_data), replace != 0);
  if (!status.ok())
    return fail(STRATA_INVALID_ARGUMENT, status.message());
  return STRATA_OK;
}

strata_status_t strata_registry_remove(const char *name) {
  CHECK_ARG(name, "strata_registry_remove: null argument");
  if (!Registry::global().remove(name))
    return fail(STRATA_NOT_FOUND, "no native function named '" +
                                      std::string(name) + "' is registered");
  return STRATA_OK;
}
