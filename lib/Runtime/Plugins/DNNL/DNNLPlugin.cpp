//===- DNNLPlugin.cpp - oneDNN's runtime plugin ---------------------------===//
//
// libstrata-plugin-dnnl.so: the native functions the dnnl backend's code
// generation calls (strata/External/DNNLCalls.h), on oneDNN's C API.
// Each distinct call (function, shapes, parameters) gets its primitive
// once, cached; the primitive picks its own layouts for the input, weight
// and output (oneDNN's "any"), and the call reorders to and from the
// module's dense row-major tensors around it. Weights that the module
// says are constants are reordered once and kept (checked against the
// weight's first and last bytes, so that another module whose constant
// lands at the same address is not served a stale copy).
//
// oneDNN runs on OpenMP threads (Debian's build): each call sets the
// calling thread's OpenMP thread count to the calling session's.
//
//===----------------------------------------------------------------------===//

#include "strata-c/Plugin.h"
#include "strata/External/DNNLCalls.h"

#include <oneapi/dnnl/dnnl.h>
#include <oneapi/dnnl/dnnl_debug.h>

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace calls = strata::external::dnnl_calls;

namespace {

/// The runtime's accessors (copied at init; the table outlives no call).
strata_plugin_host_t host;
dnnl_engine_t engine = nullptr;
/// OpenMP's omp_set_num_threads, from the runtime oneDNN was built with
/// (Debian's: libgomp), or null.
void (*setOpenMPThreads)(int) = nullptr;

/// An error message being built; empty means success.
using Error = std::string;

Error dnnlError(const char *what, dnnl_status_t status) {
  return std::string("oneDNN ") + what + ": " + dnnl_status2str(status);
}

#define DNNL_CHECK(call, what)                                                 \
  do {                                                                         \
    dnnl_status_t status_ = (call);                                            \
    if (status_ != dnnl_success)                                               \
      return dnnlError(what, status_);                                         \
  } while (false)

/// A 64-byte aligned buffer that grows, reused across calls.
struct Buffer {
  void *data = nullptr;
  size_t capacity = 0;
  Buffer() = default;
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  ~Buffer() { std::free(data); }
  void *reserve(size_t size) {
    if (size <= capacity)
      return data;
    std::free(data);
    capacity = (size + 63) / 64 * 64;
    data = std::aligned_alloc(64, capacity);
    if (!data)
      capacity = 0;
    return data;
  }
};

/// A tensor argument: its dims and data.
struct TensorArg {
  std::vector<int64_t> dims;
  void *data;
};

/// Memory descriptor of a dense row-major f32 tensor of `dims`.
dnnl_memory_desc_t denseDesc(const std::vector<int64_t> &dims) {
  dnnl_memory_desc_t desc;
  dnnl_dims_t shape, strides;
  int rank = static_cast<int>(dims.size());
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    shape[i] = dims[i];
    strides[i] = stride;
    stride *= dims[i];
  }
  dnnl_memory_desc_init_by_strides(&desc, rank, shape, dnnl_f32, strides);
  return desc;
}

/// Memory descriptor of an f32 tensor of logical `dims` laid out as `tag`.
dnnl_memory_desc_t tagDesc(const std::vector<int64_t> &dims,
                           dnnl_format_tag_t tag) {
  dnnl_memory_desc_t desc;
  dnnl_dims_t shape;
  for (size_t i = 0; i < dims.size(); ++i)
    shape[i] = dims[i];
  dnnl_memory_desc_init_by_tag(&desc, static_cast<int>(dims.size()), shape,
                               dnnl_f32, tag);
  return desc;
}

/// One post-op of a call.
struct PostOp {
  calls::PostOp kind;
  float alpha, beta;
};

float bitsToFloat(int64_t bits) {
  uint32_t word = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

/// oneDNN's algorithm of a post-op, or dnnl_alg_kind_undef for a kind
/// that is not one (the kinds come from the module).
dnnl_alg_kind_t getAlgorithm(calls::PostOp kind) {
  switch (kind) {
  case calls::PostOp::Relu:
    return dnnl_eltwise_relu;
  case calls::PostOp::Sigmoid:
    return dnnl_eltwise_logistic;
  case calls::PostOp::Tanh:
    return dnnl_eltwise_tanh;
  case calls::PostOp::GeluErf:
    return dnnl_eltwise_gelu_erf;
  case calls::PostOp::GeluTanh:
    return dnnl_eltwise_gelu_tanh;
  case calls::PostOp::Clip:
    return dnnl_eltwise_clip;
  case calls::PostOp::Exp:
    return dnnl_eltwise_exp;
  case calls::PostOp::Add:
    return dnnl_binary_add;
  case calls::PostOp::Mul:
    return dnnl_binary_mul;
  case calls::PostOp::Sub:
    return dnnl_binary_sub;
  }
  return dnnl_alg_kind_undef;
}

/// Appends `postOps` to a new attribute; the binary ones' second sources
/// are described by `binaryDescs` (one per binary post-op, in order).
Error makeAttr(const std::vector<PostOp> &postOps,
               const std::vector<dnnl_memory_desc_t> &binaryDescs,
               dnnl_primitive_attr_t *attr) {
  DNNL_CHECK(dnnl_primitive_attr_create(attr), "attribute");
  dnnl_post_ops_t ops;
  DNNL_CHECK(dnnl_post_ops_create(&ops), "post-ops");
  size_t binary = 0;
  Error error;
  for (const PostOp &op : postOps) {
    dnnl_alg_kind_t algorithm = getAlgorithm(op.kind);
    if (algorithm == dnnl_alg_kind_undef) {
      error = "unknown post-op kind " +
              std::to_string(static_cast<int64_t>(op.kind));
      break;
    }
    // Eltwise post-ops take alpha and beta as oneDNN's eltwise primitive
    // does (0 unless the kind uses them).
    dnnl_status_t status = calls::isBinaryPostOp(op.kind)
                               ? dnnl_post_ops_append_binary(
                                     ops, algorithm, &binaryDescs[binary++])
                               : dnnl_post_ops_append_eltwise(
                                     ops, 1.f, algorithm, op.alpha, op.beta);
    if (status != dnnl_success) {
      error = dnnlError("post-op", status);
      break;
    }
  }
  if (error.empty()) {
    dnnl_status_t status = dnnl_primitive_attr_set_post_ops(*attr, ops);
    if (status != dnnl_success)
      error = dnnlError("post-ops", status);
  }
  dnnl_post_ops_destroy(ops);
  return error;
}

/// A reorder between two layouts of one tensor, or none when they agree.
struct Reorder {
  dnnl_primitive_t primitive = nullptr;
  dnnl_memory_desc_t from, to;
  size_t toBytes = 0;
};

Error makeReorder(const dnnl_memory_desc_t &from, const dnnl_memory_desc_t &to,
                  Reorder &reorder) {
  reorder.from = from;
  reorder.to = to;
  reorder.toBytes = dnnl_memory_desc_get_size(&to);
  if (dnnl_memory_desc_equal(&from, &to))
    return "";
  dnnl_primitive_desc_t pd;
  DNNL_CHECK(dnnl_reorder_primitive_desc_create(&pd, &from, engine, &to, engine,
                                                nullptr),
             "reorder");
  dnnl_status_t status = dnnl_primitive_create(&reorder.primitive, pd);
  dnnl_primitive_desc_destroy(pd);
  DNNL_CHECK(status, "reorder");
  return "";
}

/// A memory object over `data` (owned by the caller) described by `desc`.
struct Memory {
  dnnl_memory_t memory = nullptr;
  Memory() = default;
  Memory(const Memory &) = delete;
  Memory &operator=(const Memory &) = delete;
  ~Memory() {
    if (memory)
      dnnl_memory_destroy(memory);
  }
  Error create(const dnnl_memory_desc_t &desc, void *data) {
    DNNL_CHECK(dnnl_memory_create(&memory, &desc, engine, data), "memory");
    return "";
  }
};

/// Runs `reorder` from `from` into `to`.
Error runReorder(const Reorder &reorder, dnnl_stream_t stream, void *from,
                 void *to) {
  Memory source, target;
  if (Error e = source.create(reorder.from, from); !e.empty())
    return e;
  if (Error e = target.create(reorder.to, to); !e.empty())
    return e;
  dnnl_exec_arg_t args[] = {{DNNL_ARG_FROM, source.memory},
                            {DNNL_ARG_TO, target.memory}};
  DNNL_CHECK(dnnl_primitive_execute(reorder.primitive, stream, 2, args),
             "reorder");
  return "";
}

/// A cached primitive with the reorders around it.
struct Primitive {
  dnnl_primitive_t primitive = nullptr;
  /// Plain -> primitive's layout for the source and the weight, primitive's
  /// layout -> plain for the destination.
  Reorder source, weight, destination;
  bool hasWeight = false;
  /// Each binary post-op's index among the post-ops and the layout of its
  /// second source (the tensor as the call passes it).
  std::vector<std::pair<int, dnnl_memory_desc_t>> binary;
};

/// A constant weight in its primitive's layout.
struct CachedWeight {
  /// Shared with the calls running on it, so that evicting it while they
  /// run is safe.
  std::shared_ptr<Buffer> buffer;
  size_t bytes = 0;
  /// The plain weight's first and last bytes when it was reordered.
  std::vector<unsigned char> head, tail;
  /// When it was last used (Caches::clock).
  uint64_t lastUse = 0;
};

struct Caches {
  std::mutex mutex;
  std::unordered_map<std::string, std::unique_ptr<Primitive>> primitives;
  std::unordered_map<std::string, CachedWeight> weights;
  /// The reordered weights' bytes in all, and the most they may take
  /// ($STRATA_DNNL_WEIGHT_CACHE_BYTES, default 2 GiB): beyond it the least
  /// recently used are dropped (a process that loads model after model
  /// does not keep every model's weights).
  size_t weightBytes = 0, weightCapacity = size_t(2) << 30;
  uint64_t clock = 0;
};

Caches &getCaches() {
  static Caches *caches = [] {
    auto *made = new Caches();
    if (const char *limit = std::getenv("STRATA_DNNL_WEIGHT_CACHE_BYTES"))
      made->weightCapacity = std::strtoull(limit, nullptr, 10);
    return made;
  }();
  return *caches;
}

/// The reordered copy of constant weight `weight` (`weightBytes` plain
/// bytes) for `primitive`, cached under `key`: made once per address and
/// contents, shared with the caller.
Error getCachedWeight(const Primitive &primitive, dnnl_stream_t stream,
                      void *weight, size_t weightBytes, const std::string &key,
                      std::shared_ptr<Buffer> &out);

/// The stream of this thread (streams are not shared between threads).
dnnl_stream_t getStream() {
  thread_local struct Stream {
    dnnl_stream_t stream = nullptr;
    ~Stream() {
      if (stream)
        dnnl_stream_destroy(stream);
    }
  } stream;
  if (!stream.stream &&
      dnnl_stream_create(&stream.stream, engine, dnnl_stream_default_flags) !=
          dnnl_success)
    return nullptr;
  return stream.stream;
}

/// The call's tensors and parameters.
struct CallArgs {
  std::vector<TensorArg> tensors;
  std::vector<int64_t> params;
};

Error splitArgs(strata_tensor_t *const *args, size_t numArgs, CallArgs &out) {
  size_t i = 0;
  for (; i < numArgs; ++i) {
    const strata_tensor_t *arg = args[i];
    strata_dtype_t dtype = host.tensor_dtype(arg);
    size_t rank = host.tensor_rank(arg);
    if (dtype == STRATA_DTYPE_I64 && rank == 0)
      break;
    if (dtype != STRATA_DTYPE_F32)
      return "tensor argument " + std::to_string(i) + " is not f32";
    const int64_t *dims = host.tensor_dims(arg);
    out.tensors.push_back(
        {std::vector<int64_t>(dims, dims + rank), host.tensor_data(arg)});
  }
  for (; i < numArgs; ++i) {
    const strata_tensor_t *arg = args[i];
    if (host.tensor_dtype(arg) != STRATA_DTYPE_I64 ||
        host.tensor_rank(arg) != 0)
      return "argument " + std::to_string(i) +
             " follows the parameters but is not an i64 parameter";
    int64_t value;
    std::memcpy(&value, host.tensor_data(arg), sizeof(value));
    out.params.push_back(value);
  }
  return "";
}

/// What every function's arguments have in common: its post-ops and the
/// number of its primary inputs and of the binary post-ops' tensors.
struct ParsedCall {
  std::vector<PostOp> postOps;
  size_t numInputs = 0, numBinary = 0;
};

/// Parses the post-ops after the function's own `numOwn` parameters and
/// checks the tensor count: `numInputs` inputs (one more when the first
/// parameter, has_bias, is 1 and `biasParam`), a tensor per binary post-op,
/// the output.
Error parseCall(const CallArgs &args, size_t numOwn, size_t numInputs,
                bool biasParam, ParsedCall &call) {
  const std::vector<int64_t> &params = args.params;
  if (params.size() < numOwn + 1)
    return "expected at least " + std::to_string(numOwn + 1) +
           " parameters, got " + std::to_string(params.size());
  int64_t count = params[numOwn];
  if (count < 0 || params.size() != numOwn + 1 + 3 * size_t(count))
    return "post-op count " + std::to_string(count) + " does not match the " +
           std::to_string(params.size()) + " parameters";
  for (int64_t i = 0; i < count; ++i) {
    auto kind = static_cast<calls::PostOp>(params[numOwn + 1 + 3 * i]);
    call.postOps.push_back({kind, bitsToFloat(params[numOwn + 2 + 3 * i]),
                            bitsToFloat(params[numOwn + 3 + 3 * i])});
    if (calls::isBinaryPostOp(kind))
      ++call.numBinary;
  }
  call.numInputs = numInputs + (biasParam && params[0] != 0 ? 1 : 0);
  size_t expected = call.numInputs + call.numBinary + 1;
  if (args.tensors.size() != expected)
    return "expected " + std::to_string(expected) + " tensors, got " +
           std::to_string(args.tensors.size());
  return "";
}

/// The cache key of a constant weight's reordered copy ("" for a weight
/// that is not constant): the call's key and the weight's address.
std::string getWeightKey(const std::string &key, const TensorArg &weight,
                         bool constant) {
  return constant ? key + "@" +
                        std::to_string(reinterpret_cast<uintptr_t>(weight.data))
                  : std::string();
}

size_t getByteSize(const TensorArg &tensor) {
  size_t bytes = sizeof(float);
  for (int64_t dim : tensor.dims)
    bytes *= static_cast<size_t>(dim);
  return bytes;
}

/// Dims of an NHWC tensor in oneDNN's N, C, H, W order (the layout is in
/// the format tag); others as they are.
std::vector<int64_t> channelsFirst(const std::vector<int64_t> &dims,
                                   bool nhwc) {
  return nhwc && dims.size() == 4
             ? std::vector<int64_t>{dims[0], dims[3], dims[1], dims[2]}
             : dims;
}

/// The cache key of a call: the function, its tensors' dims, its params.
std::string getKey(const char *name, const CallArgs &args) {
  std::string key = name;
  for (const TensorArg &tensor : args.tensors) {
    key += '|';
    for (int64_t dim : tensor.dims)
      key += std::to_string(dim) + 'x';
  }
  key += '|';
  for (int64_t param : args.params)
    key += std::to_string(param) + ',';
  return key;
}

/// `dims` with leading 1s up to `rank`.
std::vector<int64_t> padDims(const std::vector<int64_t> &dims, size_t rank) {
  std::vector<int64_t> padded(rank > dims.size() ? rank - dims.size() : 0, 1);
  padded.insert(padded.end(), dims.begin(), dims.end());
  return padded;
}

/// Checks that binary post-op tensors broadcast onto the destination, of
/// its rank or (with `lowerRank`) of a lower one aligned to its last dims.
Error checkBinaryTensors(const CallArgs &args, size_t first, size_t count,
                         const std::vector<int64_t> &destination,
                         bool lowerRank = false) {
  for (size_t i = first; i < first + count; ++i) {
    const std::vector<int64_t> &dims = args.tensors[i].dims;
    bool ok = dims.size() == destination.size() ||
              (lowerRank && dims.size() < destination.size());
    std::vector<int64_t> padded = padDims(dims, destination.size());
    for (size_t d = 0; ok && d < padded.size(); ++d)
      ok = padded[d] == destination[d] || padded[d] == 1;
    if (!ok)
      return "post-op tensor " + std::to_string(i) +
             " does not broadcast onto the output";
  }
  return "";
}

/// Creates the primitive of operation descriptor `first` with `attr`, or of
/// `fallback` (when not null) if oneDNN has no implementation of `first`.
Error createPrimitive(const void *first, const void *fallback,
                      dnnl_primitive_attr_t attr,
                      const dnnl_memory_desc_t &plainSource,
                      const dnnl_memory_desc_t *plainWeight,
                      const dnnl_memory_desc_t &plainDestination,
                      Primitive &primitive) {
  dnnl_primitive_desc_t pd = nullptr;
  dnnl_status_t status =
      dnnl_primitive_desc_create(&pd, first, attr, engine, nullptr);
  if (status == dnnl_unimplemented && fallback)
    status = dnnl_primitive_desc_create(&pd, fallback, attr, engine, nullptr);
  DNNL_CHECK(status, "primitive");
  const dnnl_memory_desc_t *source =
      dnnl_primitive_desc_query_md(pd, dnnl_query_src_md, 0);
  const dnnl_memory_desc_t *destination =
      dnnl_primitive_desc_query_md(pd, dnnl_query_dst_md, 0);
  Error error = makeReorder(plainSource, *source, primitive.source);
  if (error.empty())
    error = makeReorder(*destination, plainDestination, primitive.destination);
  if (error.empty() && plainWeight) {
    primitive.hasWeight = true;
    error =
        makeReorder(*plainWeight,
                    *dnnl_primitive_desc_query_md(pd, dnnl_query_weights_md, 0),
                    primitive.weight);
  }
  if (error.empty()) {
    status = dnnl_primitive_create(&primitive.primitive, pd);
    if (status != dnnl_success)
      error = dnnlError("primitive", status);
  }
  dnnl_primitive_desc_destroy(pd);
  return error;
}

/// Runs `primitive` on plain `source`, `weight` (may be null), `bias` (may
/// be null) and `binary` tensors into plain `destination`, reordering as
/// the primitive needs. `weightKey` is non-empty for a constant weight.
Error execute(const Primitive &primitive, void *source, void *weight,
              const std::string &weightKey, size_t weightBytes, void *bias,
              const dnnl_memory_desc_t *biasDesc,
              const std::vector<void *> &binary, void *destination) {
  dnnl_stream_t stream = getStream();
  if (!stream)
    return "oneDNN: cannot create a stream";
  thread_local Buffer sourceBuffer, weightBuffer, destinationBuffer;
  std::shared_ptr<Buffer> cachedWeight;
  void *primitiveSource = source;
  if (primitive.source.primitive) {
    primitiveSource = sourceBuffer.reserve(primitive.source.toBytes);
    if (!primitiveSource)
      return "out of memory";
    if (Error e = runReorder(primitive.source, stream, source, primitiveSource);
        !e.empty())
      return e;
  }
  void *primitiveWeight = weight;
  if (primitive.hasWeight && primitive.weight.primitive) {
    if (!weightKey.empty()) {
      if (Error e = getCachedWeight(primitive, stream, weight, weightBytes,
                                    weightKey, cachedWeight);
          !e.empty())
        return e;
      primitiveWeight = cachedWeight->data;
    } else {
      primitiveWeight = weightBuffer.reserve(primitive.weight.toBytes);
      if (!primitiveWeight)
        return "out of memory";
      if (Error e =
              runReorder(primitive.weight, stream, weight, primitiveWeight);
          !e.empty())
        return e;
    }
  }
  void *primitiveDestination = destination;
  if (primitive.destination.primitive) {
    primitiveDestination = destinationBuffer.reserve(
        dnnl_memory_desc_get_size(&primitive.destination.from));
    if (!primitiveDestination)
      return "out of memory";
  }

  std::vector<std::unique_ptr<Memory>> memories;
  std::vector<dnnl_exec_arg_t> args;
  auto add = [&](int arg, const dnnl_memory_desc_t &desc, void *data) -> Error {
    memories.push_back(std::make_unique<Memory>());
    if (Error e = memories.back()->create(desc, data); !e.empty())
      return e;
    args.push_back({arg, memories.back()->memory});
    return "";
  };
  if (Error e = add(DNNL_ARG_SRC, primitive.source.to, primitiveSource);
      !e.empty())
    return e;
  if (primitive.hasWeight)
    if (Error e = add(DNNL_ARG_WEIGHTS, primitive.weight.to, primitiveWeight);
        !e.empty())
      return e;
  if (bias)
    if (Error e = add(DNNL_ARG_BIAS, *biasDesc, bias); !e.empty())
      return e;
  if (Error e =
          add(DNNL_ARG_DST, primitive.destination.from, primitiveDestination);
      !e.empty())
    return e;
  if (binary.size() != primitive.binary.size())
    return "expected " + std::to_string(primitive.binary.size()) +
           " post-op tensors, got " + std::to_string(binary.size());
  for (size_t i = 0; i < binary.size(); ++i) {
    auto [postOp, desc] = primitive.binary[i];
    if (Error e = add(DNNL_ARG_ATTR_MULTIPLE_POST_OP(postOp) | DNNL_ARG_SRC_1,
                      desc, binary[i]);
        !e.empty())
      return e;
  }
  DNNL_CHECK(dnnl_primitive_execute(primitive.primitive, stream,
                                    static_cast<int>(args.size()), args.data()),
             "execute");
  if (primitive.destination.primitive)
    if (Error e = runReorder(primitive.destination, stream,
                             primitiveDestination, destination);
        !e.empty())
      return e;
  DNNL_CHECK(dnnl_stream_wait(stream), "execute");
  return "";
}

Error getCachedWeight(const Primitive &primitive, dnnl_stream_t stream,
                      void *weight, size_t weightBytes, const std::string &key,
                      std::shared_ptr<Buffer> &out) {
  Caches &caches = getCaches();
  std::lock_guard<std::mutex> lock(caches.mutex);
  CachedWeight &cached = caches.weights[key];
  cached.lastUse = ++caches.clock;
  size_t edge = std::min<size_t>(weightBytes, 256);
  auto *bytes = static_cast<unsigned char *>(weight);
  bool fresh =
      cached.buffer && cached.head.size() == edge &&
      std::memcmp(cached.head.data(), bytes, edge) == 0 &&
      std::memcmp(cached.tail.data(), bytes + weightBytes - edge, edge) == 0;
  if (!fresh) {
    caches.weightBytes -= cached.bytes;
    cached = CachedWeight();
    cached.lastUse = caches.clock;
    // Room first: the least recently used others go.
    size_t needed = primitive.weight.toBytes;
    while (caches.weightBytes + needed > caches.weightCapacity) {
      auto oldest = caches.weights.end();
      for (auto it = caches.weights.begin(); it != caches.weights.end(); ++it)
        if (it->first != key && it->second.buffer &&
            (oldest == caches.weights.end() ||
             it->second.lastUse < oldest->second.lastUse))
          oldest = it;
      if (oldest == caches.weights.end())
        break;
      caches.weightBytes -= oldest->second.bytes;
      caches.weights.erase(oldest);
    }
    auto buffer = std::make_shared<Buffer>();
    if (!buffer->reserve(needed))
      return "out of memory";
    if (Error e = runReorder(primitive.weight, stream, weight, buffer->data);
        !e.empty())
      return e;
    DNNL_CHECK(dnnl_stream_wait(stream), "reorder");
    // Entries of `caches.weights` stay where they are (the map is not
    // rehashed by erasing others), so `cached` is still this key's.
    cached.buffer = std::move(buffer);
    cached.bytes = needed;
    cached.head.assign(bytes, bytes + edge);
    cached.tail.assign(bytes + weightBytes - edge, bytes + weightBytes);
    caches.weightBytes += needed;
  }
  out = cached.buffer;
  return "";
}

/// The data of the binary post-ops' tensors, `count` from `first`.
std::vector<void *> getBinaryData(const CallArgs &args, size_t first,
                                  size_t count) {
  std::vector<void *> data;
  for (size_t i = first; i < first + count; ++i)
    data.push_back(args.tensors[i].data);
  return data;
}

/// Records in `primitive` which post-ops are binary and their sources'
/// layouts.
void setBinary(Primitive &primitive, const std::vector<PostOp> &postOps,
               const std::vector<dnnl_memory_desc_t> &binaryDescs) {
  size_t next = 0;
  for (size_t i = 0; i < postOps.size(); ++i)
    if (calls::isBinaryPostOp(postOps[i].kind))
      primitive.binary.emplace_back(static_cast<int>(i), binaryDescs[next++]);
}

/// Looks up or creates the primitive of `key` with `create(primitive,
/// attr)`, where `attr` holds `call`'s post-ops.
template <typename Create>
Error getPrimitive(const std::string &key, const ParsedCall &call,
                   const std::vector<dnnl_memory_desc_t> &binaryDescs,
                   Create create, const Primitive *&out) {
  Caches &caches = getCaches();
  {
    std::lock_guard<std::mutex> lock(caches.mutex);
    auto found = caches.primitives.find(key);
    if (found != caches.primitives.end()) {
      out = found->second.get();
      return "";
    }
  }
  auto primitive = std::make_unique<Primitive>();
  dnnl_primitive_attr_t attr = nullptr;
  Error error = makeAttr(call.postOps, binaryDescs, &attr);
  if (error.empty())
    error = create(*primitive, attr);
  if (attr)
    dnnl_primitive_attr_destroy(attr);
  if (!error.empty())
    return error;
  setBinary(*primitive, call.postOps, binaryDescs);
  std::lock_guard<std::mutex> lock(caches.mutex);
  auto inserted = caches.primitives.emplace(key, std::move(primitive));
  // A primitive made meanwhile by another thread wins; ours leaks its
  // handles until the process ends, which is rare and bounded.
  out = inserted.first->second.get();
  return "";
}

/// Runs one native function; writes the error message on failure.
template <typename Body>
strata_status_t run(const char *name, Body body, strata_tensor_t *const *argv,
                    size_t argc, size_t *outNumResults, char *error,
                    size_t capacity) {
  *outNumResults = 0;
  // oneDNN's threads are OpenMP's of the calling thread: as many as the
  // calling session's.
  if (setOpenMPThreads)
    if (unsigned threads = host.calling_session_threads())
      setOpenMPThreads(static_cast<int>(threads));
  CallArgs args;
  Error message = splitArgs(argv, argc, args);
  if (message.empty())
    message = body(args, getKey(name, args));
  if (message.empty())
    return STRATA_OK;
  std::snprintf(error, capacity, "%s", message.c_str());
  return STRATA_RUNTIME_ERROR;
}

//===----------------------------------------------------------------------===//
// dnnl.conv2d
//===----------------------------------------------------------------------===//

Error conv2d(const CallArgs &args, const std::string &key) {
  ParsedCall call;
  if (Error e = parseCall(args, calls::kConv2DParams, 2, true, call);
      !e.empty())
    return e;
  size_t numInputs = call.numInputs, numBinary = call.numBinary;
  const int64_t *p = args.params.data();
  bool hasBias = p[0] != 0, weightIsConstant = p[10] != 0, nhwc = p[11] != 0;
  int64_t groups = p[9];
  const TensorArg &source = args.tensors[0], &weight = args.tensors[1];
  const TensorArg &destination = args.tensors.back();
  if (source.dims.size() != 4 || weight.dims.size() != 4 ||
      destination.dims.size() != 4 || groups < 1 || weight.dims[0] % groups)
    return "expected 4-D input, weight and output, and groups dividing the "
           "output channels";
  if (Error e =
          checkBinaryTensors(args, numInputs, numBinary, destination.dims);
      !e.empty())
    return e;

  // oneDNN's dims are always N, C, H, W (weights O, I, KH, KW, grouped G,
  // O/G, I, KH, KW); the layout is in the format tag.
  dnnl_format_tag_t activationTag = nhwc ? dnnl_acdb : dnnl_abcd;
  std::vector<int64_t> weightDims = channelsFirst(weight.dims, nhwc);
  dnnl_format_tag_t weightTag = activationTag;
  if (groups > 1) {
    weightDims = {groups, weightDims[0] / groups, weightDims[1], weightDims[2],
                  weightDims[3]};
    weightTag = nhwc ? dnnl_abdec : dnnl_abcde;
  }
  dnnl_memory_desc_t plainSource =
      tagDesc(channelsFirst(source.dims, nhwc), activationTag);
  dnnl_memory_desc_t plainWeight = tagDesc(weightDims, weightTag);
  dnnl_memory_desc_t plainDestination =
      tagDesc(channelsFirst(destination.dims, nhwc), activationTag);
  dnnl_memory_desc_t biasDesc = denseDesc({weight.dims[0]});
  std::vector<dnnl_memory_desc_t> binaryDescs;
  for (size_t i = numInputs; i < numInputs + numBinary; ++i)
    binaryDescs.push_back(
        tagDesc(channelsFirst(args.tensors[i].dims, nhwc), activationTag));

  const Primitive *primitive = nullptr;
  Error error = getPrimitive(
      key, call, binaryDescs,
      [&](Primitive &made, dnnl_primitive_attr_t attr) -> Error {
        dnnl_dims_t strides = {p[1], p[2]};
        dnnl_dims_t padLeft = {p[3], p[4]};
        dnnl_dims_t padRight = {p[5], p[6]};
        dnnl_dims_t dilations = {p[7] - 1, p[8] - 1};
        // Activations channels-last (where oneDNN's fast f32 convolutions
        // are, and what Strata's NHWC models pass as they are), the weight
        // in the layout the primitive chooses (reordered once when
        // constant); then every layout chosen by the primitive.
        dnnl_memory_desc_t source =
            tagDesc(channelsFirst(args.tensors[0].dims, nhwc), dnnl_acdb);
        dnnl_memory_desc_t destination =
            tagDesc(channelsFirst(args.tensors.back().dims, nhwc), dnnl_acdb);
        dnnl_memory_desc_t anyWeight = tagDesc(weightDims, dnnl_format_tag_any);
        dnnl_memory_desc_t anySource = tagDesc(
            channelsFirst(args.tensors[0].dims, nhwc), dnnl_format_tag_any);
        dnnl_memory_desc_t anyDestination = tagDesc(
            channelsFirst(args.tensors.back().dims, nhwc), dnnl_format_tag_any);
        dnnl_convolution_desc_t channelsLast, any;
        dnnl_status_t status = dnnl_dilated_convolution_forward_desc_init(
            &channelsLast, dnnl_forward_inference, dnnl_convolution_direct,
            &source, &anyWeight, hasBias ? &biasDesc : nullptr, &destination,
            strides, dilations, padLeft, padRight);
        if (status == dnnl_success)
          status = dnnl_dilated_convolution_forward_desc_init(
              &any, dnnl_forward_inference, dnnl_convolution_direct, &anySource,
              &anyWeight, hasBias ? &biasDesc : nullptr, &anyDestination,
              strides, dilations, padLeft, padRight);
        Error e = status == dnnl_success
                      ? createPrimitive(&channelsLast, &any, attr, plainSource,
                                        &plainWeight, plainDestination, made)
                      : dnnlError("convolution", status);
        return e;
      },
      primitive);
  if (!error.empty())
    return "dnnl.conv2d: " + error;
  error =
      execute(*primitive, source.data, weight.data,
              getWeightKey(key, weight, weightIsConstant), getByteSize(weight),
              hasBias ? args.tensors[2].data : nullptr, &biasDesc,
              getBinaryData(args, numInputs, numBinary), destination.data);
  return error.empty() ? "" : "dnnl.conv2d: " + error;
}

//===----------------------------------------------------------------------===//
// dnnl.matmul
//===----------------------------------------------------------------------===//

Error matmul(const CallArgs &args, const std::string &key) {
  ParsedCall call;
  if (Error e = parseCall(args, calls::kMatmulParams, 2, true, call);
      !e.empty())
    return e;
  size_t numInputs = call.numInputs, numBinary = call.numBinary;
  bool hasBias = args.params[0] != 0, transposeB = args.params[1] != 0;
  bool bIsConstant = args.params[2] != 0;
  const TensorArg &a = args.tensors[0], &b = args.tensors[1];
  const TensorArg &destination = args.tensors.back();
  // Batch dims broadcast as numpy's do: every tensor aligned to the
  // result's rank with leading 1s, which oneDNN broadcasts.
  size_t rank = destination.dims.size();
  if (rank < 2 || rank > 5 || a.dims.size() < 2 || b.dims.size() < 2 ||
      a.dims.size() > rank || b.dims.size() > rank)
    return "expected matrices with at most 3 batch dims, the result of the "
           "highest rank";
  if (Error e = checkBinaryTensors(args, numInputs, numBinary, destination.dims,
                                   /*lowerRank=*/true);
      !e.empty())
    return e;
  std::vector<dnnl_memory_desc_t> binaryDescs;
  for (size_t i = numInputs; i < numInputs + numBinary; ++i)
    binaryDescs.push_back(denseDesc(padDims(args.tensors[i].dims, rank)));

  // B as K x N: a transposed (N x K) one through its strides.
  dnnl_memory_desc_t aDesc = denseDesc(padDims(a.dims, rank));
  dnnl_memory_desc_t bDesc = denseDesc(padDims(b.dims, rank));
  if (transposeB) {
    dnnl_dims_t dims, strides;
    for (size_t d = 0; d < rank; ++d) {
      dims[d] = bDesc.dims[d];
      strides[d] = bDesc.format_desc.blocking.strides[d];
    }
    std::swap(dims[rank - 1], dims[rank - 2]);
    std::swap(strides[rank - 1], strides[rank - 2]);
    dnnl_memory_desc_init_by_strides(&bDesc, static_cast<int>(rank), dims,
                                     dnnl_f32, strides);
  }
  dnnl_memory_desc_t destinationDesc = denseDesc(destination.dims);
  // The bias as the result's rank, its dims aligned to the last ones.
  dnnl_memory_desc_t biasDesc;
  if (hasBias) {
    const std::vector<int64_t> &dims = args.tensors[2].dims;
    if (dims.size() > rank)
      return "the bias has a higher rank than the result";
    biasDesc = denseDesc(padDims(dims, rank));
  }

  const Primitive *primitive = nullptr;
  Error error = getPrimitive(
      key, call, binaryDescs,
      [&](Primitive &made, dnnl_primitive_attr_t attr) -> Error {
        // A constant B in the layout the primitive chooses (reordered
        // once), else as it is.
        dnnl_memory_desc_t anyB =
            tagDesc(std::vector<int64_t>(bDesc.dims, bDesc.dims + rank),
                    dnnl_format_tag_any);
        dnnl_matmul_desc_t chosen, plain;
        dnnl_status_t status = dnnl_matmul_desc_init(
            &plain, &aDesc, &bDesc, hasBias ? &biasDesc : nullptr,
            &destinationDesc);
        if (status == dnnl_success && bIsConstant)
          status = dnnl_matmul_desc_init(&chosen, &aDesc, &anyB,
                                         hasBias ? &biasDesc : nullptr,
                                         &destinationDesc);
        Error e = status == dnnl_success
                      ? createPrimitive(bIsConstant ? &chosen : &plain,
                                        bIsConstant ? &plain : nullptr, attr,
                                        aDesc, &bDesc, destinationDesc, made)
                      : dnnlError("matmul", status);
        return e;
      },
      primitive);
  if (!error.empty())
    return "dnnl.matmul: " + error;
  error = execute(*primitive, a.data, b.data, getWeightKey(key, b, bIsConstant),
                  getByteSize(b), hasBias ? args.tensors[2].data : nullptr,
                  &biasDesc, getBinaryData(args, numInputs, numBinary),
                  destination.data);
  return error.empty() ? "" : "dnnl.matmul: " + error;
}

//===----------------------------------------------------------------------===//
// dnnl.pool2d
//===----------------------------------------------------------------------===//

Error pool2d(const CallArgs &args, const std::string &key) {
  ParsedCall call;
  if (Error e = parseCall(args, calls::kPool2DParams, 1, false, call);
      !e.empty())
    return e;
  size_t numBinary = call.numBinary;
  const int64_t *p = args.params.data();
  const TensorArg &source = args.tensors[0];
  const TensorArg &destination = args.tensors.back();
  if (source.dims.size() != 4 || destination.dims.size() != 4)
    return "expected a 4-D input and output";
  if (Error e = checkBinaryTensors(args, 1, numBinary, destination.dims);
      !e.empty())
    return e;
  // oneDNN's dims are N, C, H, W; the layout is in the format tag.
  bool nhwc = p[9] != 0;
  dnnl_format_tag_t tag = nhwc ? dnnl_acdb : dnnl_abcd;
  std::vector<dnnl_memory_desc_t> binaryDescs;
  for (size_t i = 1; i < 1 + numBinary; ++i)
    binaryDescs.push_back(
        tagDesc(channelsFirst(args.tensors[i].dims, nhwc), tag));
  dnnl_alg_kind_t alg =
      p[0] == static_cast<int64_t>(calls::PoolKind::Max) ? dnnl_pooling_max
      : p[0] == static_cast<int64_t>(calls::PoolKind::AvgExcludePad)
          ? dnnl_pooling_avg_exclude_padding
      : p[0] == static_cast<int64_t>(calls::PoolKind::AvgIncludePad)
          ? dnnl_pooling_avg_include_padding
          : dnnl_alg_kind_undef;
  if (alg == dnnl_alg_kind_undef)
    return "dnnl.pool2d: unknown pooling kind " + std::to_string(p[0]);
  dnnl_memory_desc_t plainSource =
      tagDesc(channelsFirst(source.dims, nhwc), tag);
  dnnl_memory_desc_t plainDestination =
      tagDesc(channelsFirst(destination.dims, nhwc), tag);

  const Primitive *primitive = nullptr;
  Error error = getPrimitive(
      key, call, binaryDescs,
      [&](Primitive &made, dnnl_primitive_attr_t attr) -> Error {
        dnnl_dims_t kernel = {p[1], p[2]}, strides = {p[3], p[4]};
        dnnl_dims_t padLeft = {p[5], p[6]}, padRight = {p[7], p[8]};
        dnnl_pooling_desc_t desc;
        dnnl_status_t status = dnnl_pooling_forward_desc_init(
            &desc, dnnl_forward_inference, alg, &plainSource, &plainDestination,
            strides, kernel, padLeft, padRight);
        Error e = status == dnnl_success
                      ? createPrimitive(&desc, nullptr, attr, plainSource,
                                        nullptr, plainDestination, made)
                      : dnnlError("pooling", status);
        return e;
      },
      primitive);
  if (!error.empty())
    return "dnnl.pool2d: " + error;
  error = execute(*primitive, source.data, nullptr, "", 0, nullptr, nullptr,
                  getBinaryData(args, 1, numBinary), destination.data);
  return error.empty() ? "" : "dnnl.pool2d: " + error;
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

template <Error (*Body)(const CallArgs &, const std::string &)>
strata_status_t nativeFunction(void *name, strata_tensor_t *const *args,
                               size_t numArgs, strata_tensor_t **results,
                               size_t resultCapacity, size_t *outNumResults,
                               char *error, size_t errorCapacity) {
  return run(static_cast<const char *>(name), Body, args, numArgs,
             outNumResults, error, errorCapacity);
}

} // namespace

extern "C" __attribute__((visibility("default"))) strata_status_t
strata_plugin_init(const strata_plugin_host_t *api, char *error,
                   size_t capacity) {
  if (!api || api->api_version != STRATA_PLUGIN_API_VERSION) {
    std::snprintf(error, capacity,
                  "the dnnl plugin speaks plugin API %d, the runtime %u",
                  STRATA_PLUGIN_API_VERSION, api ? api->api_version : 0u);
    return STRATA_LOAD_ERROR;
  }
  host = *api;
  if (void *openmp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD))
    setOpenMPThreads =
        reinterpret_cast<void (*)(int)>(dlsym(openmp, "omp_set_num_threads"));
  if (!engine) {
    dnnl_status_t status = dnnl_engine_create(&engine, dnnl_cpu, 0);
    if (status != dnnl_success) {
      std::snprintf(error, capacity, "oneDNN: no CPU engine: %s",
                    dnnl_status2str(status));
      return STRATA_LOAD_ERROR;
    }
  }
  struct Function {
    const char *name;
    strata_native_fn_t fn;
  };
  static const Function functions[] = {
      {calls::kConv2D, nativeFunction<conv2d>},
      {calls::kMatmul, nativeFunction<matmul>},
      {calls::kPool2D, nativeFunction<pool2d>},
  };
  for (const Function &function : functions) {
    strata_status_t status = api->register_function(
        api->registry, function.name, function.fn,
        const_cast<char *>(function.name), error, capacity);
    if (status != STRATA_OK)
      return status;
  }
  return STRATA_OK;
}
