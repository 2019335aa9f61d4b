//===- StrataExtension.cpp - The _strata Python extension -----------------===//
//
// nanobind bindings of the two C APIs, the compiler (strata-c/Compiler.h)
// and the runtime (strata-c/Runtime.h). They are deliberately thin: the
// Pythonic layer (strata.compile, CompiledModule, argument conversion) is
// pure Python in python/strata/. What has to be native lives here:
//  - every C API failure becomes a strata.StrataError (a RuntimeError) with
//    the C API's message, never a crash; so does an object that cannot be
//    imported as an array (an unsupported dtype, a failing or misbehaving
//    __dlpack__), which nanobind alone would report as a TypeError;
//  - compiling and invoking release the GIL;
//  - tensors cross without copies where that is safe: an argument borrows
//    the caller's array (the Tensor keeps the array alive; the runtime never
//    writes arguments, every output is freshly allocated), and a result is
//    exported to numpy / DLPack as a view whose owner is a retained tensor
//    handle. A result that aliases a borrowed argument (e.g. an identity or
//    a reshape of the input) or the module's read-only constants is copied
//    first, so results never share memory with the caller's inputs and are
//    always writable.
//
//===----------------------------------------------------------------------===//

#include "strata-c/Compiler.h"
#include "strata-c/Runtime.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace nb = nanobind;
using namespace nb::literals;

namespace {

/// `text` with every byte that is not part of a valid UTF-8 sequence
/// replaced by U+FFFD: Python would refuse to turn it into a str (and raise
/// UnicodeDecodeError instead of the error meant). Compiler diagnostics
/// quote source lines, which may hold any bytes.
std::string toValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto *bytes = reinterpret_cast<const unsigned char *>(text.data());
  size_t size = text.size(), i = 0;
  while (i < size) {
    unsigned char c = bytes[i];
    size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;
    if (c < 0x80) {
      length = 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
      length = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      length = 3;
      low = c == 0xe0 ? 0xa0 : 0x80;
      high = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
      length = 4;
      low = c == 0xf0 ? 0x90 : 0x80;
      high = c == 0xf4 ? 0x8f : 0xbf;
    }
    bool valid = length != 0 && size - i >= length;
    if (valid && length > 1)
      valid = bytes[i + 1] >= low && bytes[i + 1] <= high;
    for (size_t k = 2; valid && k < length; ++k)
      valid = (bytes[i + k] & 0xc0) == 0x80;
    if (!valid) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    out.append(text.data() + i, length);
    i += length;
  }
  return out;
}

/// Translated to strata.StrataError (registered in the module below).
class StrataError : public std::runtime_error {
public:
  explicit StrataError(std::string_view message)
      : std::runtime_error(toValidUtf8(message)) {}
};

/// Throws StrataError with the runtime's last message unless `status` is OK.
void checkRuntime(strata_status_t status) {
  if (status != STRATA_OK)
    throw StrataError(strata_last_error());
}

/// Throws StrataError with the compiler's last message unless OK.
void checkCompiler(strata_compile_status_t status) {
  if (status != STRATA_COMPILE_OK)
    throw StrataError(strata_compiler_last_error());
}

//===----------------------------------------------------------------------===//
// DType mapping between DLPack and the runtime
//===----------------------------------------------------------------------===//

strata_dtype_t fromDLPack(nb::dlpack::dtype dtype) {
  if (dtype.lanes != 1)
    return STRATA_DTYPE_INVALID;
  auto code = static_cast<nb::dlpack::dtype_code>(dtype.code);
  switch (code) {
  case nb::dlpack::dtype_code::Float:
    return dtype.bits == 32   ? STRATA_DTYPE_F32
           : dtype.bits == 64 ? STRATA_DTYPE_F64
           : dtype.bits == 16 ? STRATA_DTYPE_F16
                              : STRATA_DTYPE_INVALID;
  case nb::dlpack::dtype_code::Bfloat:
    return dtype.bits == 16 ? STRATA_DTYPE_BF16 : STRATA_DTYPE_INVALID;
  case nb::dlpack::dtype_code::Bool:
    return dtype.bits == 8 ? STRATA_DTYPE_BOOL : STRATA_DTYPE_INVALID;
  case nb::dlpack::dtype_code::Int:
    return dtype.bits == 8    ? STRATA_DTYPE_I8
           : dtype.bits == 16 ? STRATA_DTYPE_I16
           : dtype.bits == 32 ? STRATA_DTYPE_I32
           : dtype.bits == 64 ? STRATA_DTYPE_I64
                              : STRATA_DTYPE_INVALID;
  case nb::dlpack::dtype_code::UInt:
    return dtype.bits == 8    ? STRATA_DTYPE_U8
           : dtype.bits == 16 ? STRATA_DTYPE_U16
           : dtype.bits == 32 ? STRATA_DTYPE_U32
           : dtype.bits == 64 ? STRATA_DTYPE_U64
                              : STRATA_DTYPE_INVALID;
  default:
    return STRATA_DTYPE_INVALID;
  }
}

nb::dlpack::dtype toDLPack(strata_dtype_t dtype) {
  nb::dlpack::dtype result;
  result.lanes = 1;
  result.bits = static_cast<uint8_t>(strata_dtype_size(dtype) * 8);
  switch (dtype) {
  case STRATA_DTYPE_F32:
  case STRATA_DTYPE_F64:
  case STRATA_DTYPE_F16:
    result.code = static_cast<uint8_t>(nb::dlpack::dtype_code::Float);
    break;
  case STRATA_DTYPE_BF16:
    result.code = static_cast<uint8_t>(nb::dlpack::dtype_code::Bfloat);
    break;
  case STRATA_DTYPE_BOOL:
    result.code = static_cast<uint8_t>(nb::dlpack::dtype_code::Bool);
    break;
  case STRATA_DTYPE_U8:
  case STRATA_DTYPE_U16:
  case STRATA_DTYPE_U32:
  case STRATA_DTYPE_U64:
    result.code = static_cast<uint8_t>(nb::dlpack::dtype_code::UInt);
    break;
  default:
    result.code = static_cast<uint8_t>(nb::dlpack::dtype_code::Int);
    break;
  }
  return result;
}

std::string describeDLPack(nb::dlpack::dtype dtype) {
  const char *kinds[] = {"int",    "uint",    "float", "opaque",
                         "bfloat", "complex", "bool"};
  std::string kind =
      dtype.code < 7 ? kinds[dtype.code] : "code" + std::to_string(dtype.code);
  std::string text = kind + std::to_string(dtype.bits);
  if (dtype.lanes != 1)
    text += "x" + std::to_string(dtype.lanes);
  return text;
}

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

/// `str(object)`, or a placeholder when that raises.
std::string safeStr(nb::handle object) {
  try {
    return nb::str(object).c_str();
  } catch (const nb::python_error &) {
    return "<unprintable>";
  }
}

/// The name of `object`'s type ("ndarray", "list").
std::string typeName(nb::handle object) {
  try {
    return nb::type_name(object.type()).c_str();
  } catch (const nb::python_error &) {
    return "object";
  }
}

/// "ValueError: the message" (nanobind's what() adds the traceback).
std::string describeException(const nb::python_error &error) {
  std::string text = safeStr(error.value());
  return typeName(error.value()) + (text.empty() ? "" : ": " + text);
}

/// A numpy array whose dtype has non-native byte order, copied into native
/// order; an invalid object for anything else.
nb::object toNativeByteOrder(nb::handle object) {
  try {
    if (!nb::hasattr(object, "dtype") || !nb::hasattr(object, "astype"))
      return nb::object();
    nb::object dtype = object.attr("dtype");
    if (!nb::hasattr(dtype, "isnative") ||
        nb::cast<bool>(dtype.attr("isnative")))
      return nb::object();
    return object.attr("astype")(dtype.attr("newbyteorder")("="));
  } catch (const nb::python_error &) {
    return nb::object();
  } catch (const nb::cast_error &) {
    return nb::object();
  }
}

/// The uint16 view of a numpy array of ml_dtypes' bfloat16, or an invalid
/// object for anything else.
nb::object bfloat16Bits(nb::handle object) {
  try {
    if (!nb::hasattr(object, "dtype") || !nb::hasattr(object, "view"))
      return nb::object();
    nb::object dtype = object.attr("dtype");
    if (!nb::hasattr(dtype, "name") ||
        safeStr(dtype.attr("name")) != "bfloat16")
      return nb::object();
    return object.attr("view")("uint16");
  } catch (const nb::python_error &) {
    return nb::object();
  }
}

/// Why `object` cannot be imported as an array (nanobind's import failed).
std::string describeUnusable(nb::handle object) {
  std::string type = typeName(object);
  try {
    // numpy-like arrays: an unsupported dtype is the common case.
    if (nb::hasattr(object, "dtype") && nb::hasattr(object, "shape")) {
      std::string dtype = safeStr(object.attr("dtype"));
      static const char *const supported[] = {
          "float32", "float64", "float16", "bfloat16", "bool",
          "int8",    "int16",   "int32",   "int64",    "uint8",
          "uint16",  "uint32",  "uint64"};
      for (const char *name : supported)
        if (dtype == name)
          return "cannot pass a " + type + " of dtype " + dtype +
                 ": it exports neither DLPack nor a buffer numpy reads";
      return "cannot pass a " + type + " of dtype " + dtype +
             ": unsupported array dtype (supported: float32, float64, "
             "float16, bfloat16, bool, int8, int16, int32, int64, uint8, "
             "uint16, uint32, uint64)";
    }
    if (nb::hasattr(object, "__dlpack__")) {
      // Call it once more to say what went wrong.
      nb::object capsule;
      try {
        capsule = object.attr("__dlpack__")();
      } catch (const nb::python_error &error) {
        return "cannot pass a " + type + ": its __dlpack__() raised " +
               describeException(error);
      }
      if (!PyCapsule_CheckExact(capsule.ptr()))
        return "cannot pass a " + type + ": its __dlpack__() returned a " +
               typeName(capsule) + ", not a DLPack capsule";
      return "cannot pass a " + type +
             ": its DLPack capsule is not a CPU tensor of a supported dtype "
             "(or was already consumed)";
    }
  } catch (const nb::python_error &error) {
    return "cannot pass a " + type + ": " + describeException(error);
  }
  return "cannot pass a " + type +
         " as an array (pass a numpy array, or an object with __dlpack__ "
         "or the buffer protocol)";
}

/// An owned tensor handle, plus the array whose memory it borrows (none for
/// runtime-owned tensors).
class Tensor {
public:
  using Borrowed = nb::ndarray<nb::ro, nb::c_contig>;
  explicit Tensor(strata_tensor_t *handle,
                  std::optional<Borrowed> borrowed = std::nullopt)
      : handle(handle), borrowed(std::move(borrowed)) {}
  Tensor(const Tensor &) = delete;
  Tensor &operator=(const Tensor &) = delete;
  ~Tensor() { strata_tensor_release(handle); }

  /// Borrows the memory of a CPU array: any object with __dlpack__ or the
  /// buffer protocol. nanobind makes a C-contiguous copy of a strided
  /// numpy (PyTorch, JAX, ...) array; a numpy array of non-native byte
  /// order is copied into native order. Anything else is a StrataError
  /// saying why, never nanobind's TypeError.
  static Tensor *fromObject(nb::handle object) {
    Borrowed array;
    if (nb::try_cast(object, array))
      return fromArray(std::move(array));
    if (nb::object native = toNativeByteOrder(object);
        native.is_valid() && nb::try_cast(native, array))
      return fromArray(std::move(array));
    // numpy has no bfloat16; ml_dtypes' cannot leave through DLPack or the
    // buffer protocol, but its bits can, as uint16.
    if (nb::object bits = bfloat16Bits(object);
        bits.is_valid() && nb::try_cast(bits, array))
      return fromArray(std::move(array), STRATA_DTYPE_BF16);
    throw StrataError(describeUnusable(object));
  }

  /// Borrows the memory of an imported array; `as`, when given, is the
  /// element type of its bits (of the same size).
  static Tensor *fromArray(Borrowed array,
                           strata_dtype_t as = STRATA_DTYPE_INVALID) {
    if (array.device_type() != nb::device::cpu::value)
      throw StrataError("only CPU arrays can be passed (got a DLPack device "
                        "type " +
                        std::to_string(array.device_type()) + ")");
    strata_dtype_t dtype =
        as != STRATA_DTYPE_INVALID ? as : fromDLPack(array.dtype());
    if (dtype == STRATA_DTYPE_INVALID)
      throw StrataError(
          "unsupported array dtype " + describeDLPack(array.dtype()) +
          " (supported: float32, float64, float16, bfloat16, "
          "bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64)");
    if (array.ndim() > STRATA_MAX_RANK)
      throw StrataError("arrays of rank " + std::to_string(array.ndim()) +
                        " are not supported (at most " +
                        std::to_string(STRATA_MAX_RANK) + ")");
    std::vector<int64_t> dims(array.ndim());
    for (size_t i = 0; i < array.ndim(); ++i)
      dims[i] = array.shape(i);
    size_t bytes = array.size() * strata_dtype_size(dtype);
    strata_tensor_t *handle = nullptr;
    if (bytes == 0) {
      // Nothing to borrow (the data pointer of an empty array may be null).
      checkRuntime(strata_tensor_create_copy(dtype, dims.size(), dims.data(),
                                             nullptr, 0, &handle));
      return new Tensor(handle);
    }
    // The runtime reads arguments and never writes them (outputs are always
    // freshly allocated), so a read-only array can be borrowed too.
    void *data = const_cast<void *>(array.data());
    checkRuntime(strata_tensor_create_borrowed(dtype, dims.size(), dims.data(),
                                               data, bytes, &handle));
    // The ndarray holds a reference to the source (or to nanobind's
    // contiguous copy); keeping it keeps the borrowed bytes alive.
    return new Tensor(handle, std::move(array));
  }

  /// A rank-0 i64 tensor: how an i64 scalar argument is passed.
  static Tensor *fromInt(int64_t value) {
    strata_tensor_t *handle = nullptr;
    checkRuntime(strata_tensor_create_i64_scalar(value, &handle));
    return new Tensor(handle);
  }

  strata_tensor_t *get() const { return handle; }
  bool isBorrowed() const { return borrowed.has_value(); }

  std::string dtype() const {
    return strata_dtype_name(strata_tensor_dtype(handle));
  }
  std::vector<int64_t> shape() const {
    const int64_t *dims = strata_tensor_dims(handle);
    return std::vector<int64_t>(dims, dims + strata_tensor_rank(handle));
  }
  size_t nbytes() const { return strata_tensor_byte_size(handle); }
  bool readOnly() const { return strata_tensor_is_read_only(handle) != 0; }

  /// The tensor as an ndarray viewing its data (bf16 as its uint16 bits
  /// when `bf16Bits`: numpy cannot take DLPack bfloat16); the owner is a
  /// retained handle, so the view stays valid after this Tensor is gone.
  template <typename Framework>
  nb::ndarray<Framework> view(bool bf16Bits = false) const {
    strata_tensor_t *retained = nullptr;
    checkRuntime(strata_tensor_retain(handle, &retained));
    nb::capsule owner(retained, [](void *p) noexcept {
      strata_tensor_release(static_cast<strata_tensor_t *>(p));
    });
    std::vector<size_t> dims;
    for (int64_t dim : shape())
      dims.push_back(static_cast<size_t>(dim));
    strata_dtype_t dtype = strata_tensor_dtype(handle);
    if (bf16Bits && dtype == STRATA_DTYPE_BF16)
      dtype = STRATA_DTYPE_U16;
    return nb::ndarray<Framework>(strata_tensor_data(handle), dims.size(),
                                  dims.data(), owner, /*strides=*/nullptr,
                                  toDLPack(dtype), nb::device::cpu::value, 0);
  }

  std::string format() const {
    size_t length = 0;
    checkRuntime(strata_tensor_format(handle, nullptr, 0, &length));
    std::string text(length + 1, '\0');
    checkRuntime(
        strata_tensor_format(handle, text.data(), text.size(), &length));
    text.resize(length);
    return text;
  }

private:
  strata_tensor_t *handle;
  std::optional<Borrowed> borrowed;
};

/// A runtime-owned copy of `handle`'s data.
strata_tensor_t *copyTensor(strata_tensor_t *handle) {
  strata_tensor_t *copy = nullptr;
  checkRuntime(strata_tensor_create_copy(
      strata_tensor_dtype(handle), strata_tensor_rank(handle),
      strata_tensor_dims(handle), strata_tensor_data(handle),
      strata_tensor_byte_size(handle), &copy));
  return copy;
}

//===----------------------------------------------------------------------===//
// Module and Session
//===----------------------------------------------------------------------===//

/// A signature slot as Python sees it: ("i64", "i64", None) or
/// ("tensor", dtype, dims with None for `?`).
using TypeTuple =
    std::tuple<std::string, std::string,
               std::optional<std::vector<std::optional<int64_t>>>>;

TypeTuple toTuple(const strata_type_info_t &type) {
  if (type.kind == STRATA_TYPE_I64)
    return {"i64", "i64", std::nullopt};
  if (type.kind == STRATA_TYPE_STORAGE)
    return {"storage", "", std::nullopt};
  std::vector<std::optional<int64_t>> dims;
  for (int32_t i = 0; i < type.rank && i < STRATA_MAX_RANK; ++i)
    dims.push_back(type.dims[i] == STRATA_DYNAMIC_DIM
                       ? std::nullopt
                       : std::optional<int64_t>(type.dims[i]));
  return {"tensor", strata_dtype_name(type.dtype), dims};
}

class Module {
public:
  explicit Module(strata_module_t *handle) : handle(handle) {}
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  ~Module() { strata_module_release(handle); }

  /// Paths cross as bytes (os.fsencode): a str path may hold surrogates
  /// (undecodable file names) that a C string cannot.
  static Module *loadFile(nb::bytes path) {
    strata_module_t *handle = nullptr;
    checkRuntime(strata_module_load_file(path.c_str(), &handle));
    return new Module(handle);
  }
  /// `checkCpu` false: a module for another CPU loads (to be saved); its
  /// sessions are refused.
  static Module *loadBytes(nb::bytes bytes, bool checkCpu) {
    strata_module_t *handle = nullptr;
    checkRuntime(strata_module_load_memory_ex(
        bytes.c_str(), bytes.size(), checkCpu ? 0 : STRATA_LOAD_SKIP_CPU_CHECK,
        &handle));
    return new Module(handle);
  }

  strata_module_t *get() const { return handle; }

  std::vector<std::string> functions() const {
    size_t count = 0;
    checkRuntime(strata_module_num_functions(handle, &count));
    std::vector<std::string> names;
    for (size_t i = 0; i < count; ++i) {
      const char *name = nullptr;
      checkRuntime(strata_module_function_name(handle, i, &name));
      names.push_back(toValidUtf8(name));
    }
    return names;
  }

  /// (argument types, result types) of function `name`.
  std::pair<std::vector<TypeTuple>, std::vector<TypeTuple>>
  signature(const std::string &name) const {
    size_t index = 0;
    checkRuntime(strata_module_find_function(handle, name.c_str(), &index));
    size_t numArgs = 0, numResults = 0;
    checkRuntime(strata_module_function_num_args(handle, index, &numArgs));
    checkRuntime(
        strata_module_function_num_results(handle, index, &numResults));
    std::vector<TypeTuple> args, results;
    for (size_t i = 0; i < numArgs; ++i) {
      strata_type_info_t type;
      checkRuntime(strata_module_function_arg_type(handle, index, i, &type));
      args.push_back(toTuple(type));
    }
    for (size_t i = 0; i < numResults; ++i) {
      strata_type_info_t type;
      checkRuntime(strata_module_function_result_type(handle, index, i, &type));
      results.push_back(toTuple(type));
    }
    return {args, results};
  }

  /// The module's bytes (its own copy, made at load).
  nb::bytes data() const {
    const void *bytes = nullptr;
    size_t size = 0;
    checkRuntime(strata_module_data(handle, &bytes, &size));
    return nb::bytes(bytes, size);
  }

  /// Writes the module to `path` atomically.
  void save(nb::bytes path) const {
    checkRuntime(strata_module_save(handle, path.c_str()));
  }

  std::optional<std::string> metadata(const std::string &key) const {
    const char *value = strata_module_metadata(handle, key.c_str());
    if (!value)
      return std::nullopt;
    return toValidUtf8(value);
  }

private:
  strata_module_t *handle;
};

class Session {
public:
  Session(Module &module, uint32_t threads, bool profile,
          std::optional<nb::bytes> trace, std::optional<nb::bytes> dump,
          const std::string &device) {
    strata_options_t *options = nullptr;
    checkRuntime(strata_options_create(&options));
    strata_status_t status = strata_options_set_num_threads(options, threads);
    if (status == STRATA_OK)
      status = strata_options_set_device(options, device.c_str());
    if (status == STRATA_OK)
      status = strata_options_set_profiling(options, profile ? 1 : 0);
    if (status == STRATA_OK && trace)
      status = strata_options_set_trace_path(options, trace->c_str());
    if (status == STRATA_OK && dump)
      status = strata_options_set_dump_directory(options, dump->c_str());
    if (status == STRATA_OK)
      status = strata_session_create(module.get(), options, &handle);
    strata_options_release(options);
    checkRuntime(status);
  }
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;
  ~Session() { strata_session_release(handle); }

  /// Runs `name`; results aliasing a borrowed argument or read-only
  /// constants are copied (see the file comment).
  std::vector<Tensor *> invoke(const std::string &name,
                               const std::vector<Tensor *> &args) {
    std::vector<strata_tensor_t *> handles;
    for (Tensor *arg : args) {
      if (!arg)
        throw StrataError("invoke: an argument is None");
      handles.push_back(arg->get());
    }
    std::vector<strata_tensor_t *> results(8, nullptr);
    size_t numResults = 0;
    strata_status_t status;
    {
      nb::gil_scoped_release release;
      status = strata_session_invoke(handle, name.c_str(), handles.data(),
                                     handles.size(), results.data(),
                                     results.size(), &numResults);
      if (status == STRATA_BUFFER_TOO_SMALL) {
        results.assign(numResults, nullptr);
        status = strata_session_invoke(handle, name.c_str(), handles.data(),
                                       handles.size(), results.data(),
                                       results.size(), &numResults);
      }
    }
    checkRuntime(status);
    results.resize(numResults);

    // Copy first, wrap after: a failed copy releases every result.
    strata_status_t copyStatus = STRATA_OK;
    for (strata_tensor_t *&result : results) {
      if (copyStatus != STRATA_OK || !needsCopy(result, args))
        continue;
      strata_tensor_t *copy = nullptr;
      copyStatus = strata_tensor_create_copy(
          strata_tensor_dtype(result), strata_tensor_rank(result),
          strata_tensor_dims(result), strata_tensor_data(result),
          strata_tensor_byte_size(result), &copy);
      if (copyStatus == STRATA_OK) {
        strata_tensor_release(result);
        result = copy;
      }
    }
    if (copyStatus != STRATA_OK) {
      for (strata_tensor_t *result : results)
        strata_tensor_release(result);
      checkRuntime(copyStatus);
    }
    std::vector<Tensor *> wrapped;
    for (strata_tensor_t *result : results)
      wrapped.push_back(new Tensor(result));
    return wrapped;
  }

  std::string profileReport() {
    const char *report = nullptr;
    checkRuntime(strata_session_profile_report(handle, &report));
    return report ? report : "";
  }
  void flush() { checkRuntime(strata_session_flush(handle)); }
  uint32_t numThreads() const {
    uint32_t threads = 0;
    checkRuntime(strata_session_num_threads(handle, &threads));
    return threads;
  }

private:
  static bool needsCopy(strata_tensor_t *result,
                        const std::vector<Tensor *> &args) {
    if (strata_tensor_is_read_only(result))
      return true;
    auto *begin = static_cast<const char *>(strata_tensor_data(result));
    const char *end = begin + strata_tensor_byte_size(result);
    for (Tensor *arg : args) {
      if (!arg->isBorrowed())
        continue;
      auto *argBegin =
          static_cast<const char *>(strata_tensor_data(arg->get()));
      const char *argEnd = argBegin + strata_tensor_byte_size(arg->get());
      if (begin < argEnd && argBegin < end)
        return true;
    }
    return false;
  }

  strata_session_t *handle = nullptr;
};

//===----------------------------------------------------------------------===//
// Compiler
//===----------------------------------------------------------------------===//

/// Compiles `source` (MLIR text or bytecode); returns the module's bytes, or
/// the IR text below the module level, the timing report ("" unless
/// `timing`) and the compilation's warnings and remarks (with
/// `reportTuning`, a remark per kernel saying where its schedule came
/// from).
nb::tuple compile(nb::bytes source, const std::string &sourceName,
                  const std::string &target, const std::string &cpu,
                  const std::string &features, unsigned optLevel,
                  bool vectorize, const std::string &layout, bool winograd,
                  int winogradTile, const std::string &compileTo,
                  const std::string &linker, bool fromDevice, bool timing,
                  unsigned compileThreads, std::optional<std::string> cacheDir,
                  const std::string &tuningDb, bool reportTuning,
                  const std::string &external, bool externalCostRule,
                  const std::string &precision) {
  strata_compile_level_t level;
  checkCompiler(strata_compile_level_from_name(compileTo.c_str(), &level));
  strata_compile_options_t *options = nullptr;
  checkCompiler(strata_compile_options_create(&options));
  strata_compile_status_t status =
      strata_compile_options_set_target(options, target.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_cpu(options, cpu.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_features(options, features.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_opt_level(options, optLevel);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_vectorize(options, vectorize);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_layout(options, layout.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_precision(options, precision.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_winograd(options, winograd);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_winograd_tile(options, winogradTile);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_compile_to(options, level);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_linker(options, linker.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_from_device(options, fromDevice);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_timing(options, timing);
  if (status == STRATA_COMPILE_OK)
    status =
        strata_compile_options_set_compile_threads(options, compileThreads);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_tuning_db(options, tuningDb.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_report_tuning(options, reportTuning);
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_external(options, external.c_str());
  if (status == STRATA_COMPILE_OK)
    status = strata_compile_options_set_external_cost_rule(options,
                                                           externalCostRule);
  // None keeps the C API's default, the user's cache.
  if (status == STRATA_COMPILE_OK && cacheDir)
    status = strata_compile_options_set_cache_dir(options, cacheDir->c_str());
  strata_compile_result_t *result = nullptr;
  if (status == STRATA_COMPILE_OK) {
    // The bytes object is immutable and referenced by the caller's frame.
    const char *data = source.c_str();
    size_t size = source.size();
    nb::gil_scoped_release release;
    status = strata_compile(data, size, sourceName.c_str(), options, &result);
  }
  strata_compile_options_release(options);
  checkCompiler(status);

  const void *data = nullptr;
  size_t size = 0;
  strata_compile_status_t dataStatus =
      strata_compile_result_data(result, &data, &size);
  bool isText = strata_compile_result_is_text(result) != 0;
  nb::object output;
  if (dataStatus == STRATA_COMPILE_OK && isText) {
    std::string text =
        toValidUtf8(std::string_view(static_cast<const char *>(data), size));
    output = nb::str(text.data(), text.size());
  } else if (dataStatus == STRATA_COMPILE_OK) {
    output = nb::bytes(data, size);
  }
  std::string report = strata_compile_result_timing_report(result);
  std::string diagnostics =
      toValidUtf8(strata_compile_result_diagnostics(result));
  strata_compile_result_release(result);
  checkCompiler(dataStatus);
  return nb::make_tuple(output, nb::str(report.data(), report.size()),
                        nb::str(diagnostics.data(), diagnostics.size()));
}

/// One weight blob handed to convert_to_bytecode: its dense_resource key,
/// its bytes and their alignment.
using BlobBytes =
    nb::ndarray<const uint8_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using Blob = std::tuple<std::string, BlobBytes, size_t>;

/// MLIR text whose dense_resource attributes name `blobs` (bytes, not hex),
/// as MLIR bytecode with the blobs in it.
nb::bytes convertToBytecode(nb::bytes source, const std::string &sourceName,
                            const std::vector<Blob> &blobs) {
  std::vector<strata_resource_blob_t> cBlobs;
  cBlobs.reserve(blobs.size());
  for (const auto &[key, bytes, alignment] : blobs)
    cBlobs.push_back({key.c_str(), bytes.data(), bytes.size(), alignment});
  strata_compile_result_t *result = nullptr;
  strata_compile_status_t status;
  {
    // The bytes objects and arrays are referenced by the caller's frame.
    const char *data = source.c_str();
    size_t size = source.size();
    nb::gil_scoped_release release;
    status = strata_convert_to_bytecode(data, size, sourceName.c_str(),
                                        cBlobs.data(), cBlobs.size(), &result);
  }
  checkCompiler(status);
  const void *data = nullptr;
  size_t size = 0;
  strata_compile_status_t dataStatus =
      strata_compile_result_data(result, &data, &size);
  nb::bytes output;
  if (dataStatus == STRATA_COMPILE_OK)
    output = nb::bytes(data, size);
  strata_compile_result_release(result);
  checkCompiler(dataStatus);
  return output;
}

} // namespace

NB_MODULE(_strata, m) {
  m.doc() = "Native part of the strata package: the compiler and runtime C "
            "APIs. Use the `strata` package, not this module.";
  nb::exception<StrataError>(m, "StrataError", PyExc_RuntimeError);

  m.def("runtime_version", [] { return std::string(strata_version()); });
  m.def("compiler_version",
        [] { return std::string(strata_compiler_version()); });
  m.def("compile", &compile, "source"_a, "source_name"_a, "target"_a, "cpu"_a,
        "features"_a, "opt_level"_a, "vectorize"_a, "layout"_a, "winograd"_a,
        "winograd_tile"_a, "compile_to"_a, "linker"_a, "from_device"_a,
        "timing"_a, "compile_threads"_a, "cache_dir"_a.none(),
        "tuning_db"_a = std::string(), "report_tuning"_a = false,
        "external"_a = std::string(), "external_cost_rule"_a = true,
        "precision"_a = std::string("f32"),
        "Compiles MLIR (text or bytecode bytes); returns (module bytes, or "
        "the IR text below the module level; the timing report; the "
        "warnings and remarks).");
  m.def("convert_to_bytecode", &convertToBytecode, "source"_a, "source_name"_a,
        "blobs"_a,
        "MLIR text (bytes) whose dense_resource attributes have no data, "
        "and their data as (key, uint8 array, alignment) blobs: the module "
        "as MLIR bytecode.");

  nb::class_<Tensor>(m, "Tensor", "A runtime tensor (an argument or a result).")
      .def_static("from_array", &Tensor::fromObject, "array"_a,
                  nb::rv_policy::take_ownership,
                  "Borrows a CPU array (numpy, or anything with __dlpack__).")
      .def_static("from_int", &Tensor::fromInt, "value"_a,
                  nb::rv_policy::take_ownership,
                  "A rank-0 i64 tensor (an i64 scalar argument).")
      .def_prop_ro("dtype", &Tensor::dtype)
      .def_prop_ro("shape", &Tensor::shape)
      .def_prop_ro("nbytes", &Tensor::nbytes)
      .def_prop_ro("read_only", &Tensor::readOnly)
      .def(
          "numpy", [](const Tensor &t) { return t.view<nb::numpy>(true); },
          "A numpy array viewing the data (no copy; bf16 as its uint16 "
          "bits, numpy has no bfloat16).")
      .def(
          "__dlpack__",
          [](const Tensor &t, nb::handle stream, nb::handle maxVersion,
             nb::handle dlDevice, nb::handle copy) {
            (void)stream;
            (void)maxVersion;
            (void)dlDevice;
            if (!copy.is_none() && nb::cast<bool>(copy))
              return Tensor(copyTensor(t.get())).view<nb::no_framework>();
            return t.view<nb::no_framework>();
          },
          nb::kw_only(), "stream"_a = nb::none(), "max_version"_a = nb::none(),
          "dl_device"_a = nb::none(), "copy"_a = nb::none(),
          "A DLPack capsule viewing the data (CPU).")
      .def("__dlpack_device__",
           [](const Tensor &) {
             return std::make_tuple(static_cast<int>(nb::device::cpu::value),
                                    0);
           })
      .def("__str__", &Tensor::format)
      .def("__repr__", [](const Tensor &t) {
        std::string shape;
        for (int64_t dim : t.shape())
          shape += std::to_string(dim) + "x";
        return "<strata tensor<" + shape + t.dtype() + ">>";
      });

  nb::class_<Module>(m, "Module", "A loaded, verified .smod module.")
      .def_static("load_file", &Module::loadFile, "path"_a,
                  nb::rv_policy::take_ownership)
      .def_static("load_bytes", &Module::loadBytes, "data"_a,
                  "check_cpu"_a = true, nb::rv_policy::take_ownership)
      .def_prop_ro("functions", &Module::functions)
      .def("signature", &Module::signature, "name"_a)
      .def("metadata", &Module::metadata, "key"_a)
      .def("data", &Module::data, "The module's bytes.")
      .def("save", &Module::save, "path"_a,
           "Writes the module's bytes to `path` atomically.");

  nb::class_<Session>(m, "Session", "Runs a module's functions.")
      .def(nb::init<Module &, uint32_t, bool, std::optional<nb::bytes>,
                    std::optional<nb::bytes>, const std::string &>(),
           "module"_a, "threads"_a = 0, "profile"_a = false,
           "trace"_a = nb::none(), "dump"_a = nb::none(), "device"_a = "cpu")
      .def("invoke", &Session::invoke, "name"_a, "args"_a,
           nb::rv_policy::take_ownership)
      .def("profile_report", &Session::profileReport)
      .def("flush", &Session::flush)
      .def_prop_ro("num_threads", &Session::numThreads);
}
