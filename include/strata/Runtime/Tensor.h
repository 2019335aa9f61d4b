//===- Tensor.h - Storage, tensors and VM values ----------------*- C++ -*-===//
//
// The data the VM works on. A Storage is a refcounted block of bytes: owned
// by a device allocation, borrowed from the user (no copy; the caller keeps
// it alive) or pointing into a loaded module's constants (read-only;
// the module is kept alive). A Tensor is a contiguous row-major view of a
// storage: byte offset + element type + shape. A Value is what a VM register
// holds: an I64, a Tensor or a Storage.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_TENSOR_H
#define STRATA_RUNTIME_TENSOR_H

#include "strata/Runtime/Bytecode.h"
#include "strata/Runtime/Status.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace strata::runtime {

class DeviceAPI;
using bytecode::DType;

/// A block of bytes shared by the tensors viewing it.
class Storage {
public:
  /// Allocates `bytes` bytes (uninitialized) on `device`.
  static StatusOr<std::shared_ptr<Storage>>
  allocate(std::shared_ptr<DeviceAPI> device, size_t bytes);
  /// Wraps user memory without copying; the caller keeps it alive for as
  /// long as any tensor views it.
  static std::shared_ptr<Storage> borrow(void *data, size_t bytes,
                                         bool readOnly = false);
  /// Read-only bytes owned by `owner` (e.g. a module's constants), which the
  /// storage keeps alive.
  static std::shared_ptr<Storage> external(const void *data, size_t bytes,
                                           std::shared_ptr<const void> owner);
  ~Storage();
  Storage(const Storage &) = delete;
  Storage &operator=(const Storage &) = delete;

  uint8_t *getData() const { return data; }
  size_t getSize() const { return size; }
  /// Constants and read-only borrowed buffers must not be written.
  bool isReadOnly() const { return readOnly; }
  /// The device that owns the bytes, or nullptr when not owned.
  DeviceAPI *getDevice() const { return device.get(); }

private:
  Storage() = default;
  uint8_t *data = nullptr;
  size_t size = 0;
  bool readOnly = false;
  std::shared_ptr<DeviceAPI> device;
  std::shared_ptr<const void> owner;
};
using StorageRef = std::shared_ptr<Storage>;

/// A tensor shape: rank <= kMaxRank, every dim >= 0.
struct Shape {
  uint32_t rank = 0;
  std::array<int64_t, bytecode::kMaxRank> dims{};

  /// Builds a shape; fails on rank > kMaxRank or negative dims.
  static StatusOr<Shape> get(const int64_t *dims, size_t rank);
  /// The number of elements, or -1 when the product overflows int64_t.
  int64_t getNumElements() const;
  bool operator==(const Shape &other) const;
  bool operator!=(const Shape &other) const { return !(*this == other); }
};

/// A contiguous row-major view of a storage.
class Tensor {
public:
  Tensor() = default;
  /// A view of `storage` at `byteOffset`; checks that the view fits.
  static StatusOr<Tensor> view(StorageRef storage, size_t byteOffset,
                               DType dtype, const Shape &shape);
  /// A fresh tensor on `device`.
  static StatusOr<Tensor> allocate(std::shared_ptr<DeviceAPI> device,
                                   DType dtype, const Shape &shape);
  /// A tensor copying `bytes` bytes of `data` (must be exactly the size).
  static StatusOr<Tensor> copyFrom(std::shared_ptr<DeviceAPI> device,
                                   DType dtype, const Shape &shape,
                                   const void *data, size_t bytes);
  /// A host copy (the default CPU device) of `tensor`, whose data lives in
  /// memory of `device` that the host cannot read (a GPU's): copyToHost,
  /// which waits for the device's queued work; errors name the device.
  static StatusOr<Tensor> copyToHost(DeviceAPI &device, const Tensor &tensor);
  /// A tensor viewing user memory without copying.
  static StatusOr<Tensor> borrow(DType dtype, const Shape &shape, void *data,
                                 size_t bytes, bool readOnly = false);
  /// Convenience for tests and tools: a tensor on the default CPU device.
  static StatusOr<Tensor> fromVector(DType dtype, const Shape &shape,
                                     const void *data, size_t bytes);

  bool isNull() const { return !storage; }
  DType getDType() const { return dtype; }
  const Shape &getShape() const { return shape; }
  uint32_t getRank() const { return shape.rank; }
  int64_t getDim(uint32_t i) const { return shape.dims[i]; }
  int64_t getNumElements() const { return shape.getNumElements(); }
  size_t getByteSize() const {
    return static_cast<size_t>(shape.getNumElements()) *
           bytecode::getDTypeSize(dtype);
  }
  size_t getByteOffset() const { return byteOffset; }
  const StorageRef &getStorage() const { return storage; }
  /// The first byte of the tensor's data.
  uint8_t *getData() const {
    return storage ? storage->getData() + byteOffset : nullptr;
  }
  bool isReadOnly() const { return storage && storage->isReadOnly(); }
  template <typename T> T *getDataAs() const {
    return reinterpret_cast<T *>(getData());
  }
  /// "tensor<2x3xf32>".
  std::string getTypeString() const;

  /// Internal: fills the fields without checks (the VM checks first).
  static Tensor makeUnchecked(StorageRef storage, size_t byteOffset,
                              DType dtype, const Shape &shape) {
    Tensor t;
    t.storage = std::move(storage);
    t.byteOffset = byteOffset;
    t.dtype = dtype;
    t.shape = shape;
    return t;
  }

private:
  StorageRef storage;
  size_t byteOffset = 0;
  DType dtype = DType::Invalid;
  Shape shape;
};

/// What a VM register holds.
enum class ValueKind : uint8_t {
  None = 0,
  I64 = 1, // = bytecode::TypeKind::I64
  Tensor = 2,
  Storage = 3,
};

/// A register value: an I64, a Tensor or a Storage. Copies share storage.
class Value {
public:
  Value() = default;
  static Value i64(int64_t v) {
    Value value;
    value.kind = ValueKind::I64;
    value.scalar = v;
    return value;
  }
  static Value tensor(Tensor t) {
    Value value;
    value.kind = ValueKind::Tensor;
    value.tensorValue = std::move(t);
    return value;
  }
  static Value storage(StorageRef s) {
    Value value;
    value.kind = ValueKind::Storage;
    value.storageValue = std::move(s);
    return value;
  }

  ValueKind getKind() const { return kind; }
  bool isI64() const { return kind == ValueKind::I64; }
  bool isTensor() const { return kind == ValueKind::Tensor; }
  bool isStorage() const { return kind == ValueKind::Storage; }
  int64_t getI64() const { return scalar; }
  const Tensor &getTensor() const { return tensorValue; }
  const StorageRef &getStorage() const { return storageValue; }
  /// "i64", "tensor<2x3xf32>", "storage", "none".
  std::string getTypeString() const;

  // The VM writes registers in place: their kind is fixed by the module.
  ValueKind kind = ValueKind::None;
  int64_t scalar = 0;
  Tensor tensorValue;
  StorageRef storageValue;
};

/// "2x3" ("" for rank 0).
std::string formatShape(const Shape &shape);
/// Parses "f32", "i64", "bool", ... (numpy's names are accepted too:
/// float32, int64, uint8, bool); Invalid when unknown.
DType parseDType(const std::string &name);

/// Options of formatTensor, numpy's print options.
struct FormatOptions {
  /// Summarize (with "...") past this many elements.
  int64_t threshold = 1000;
  /// Items shown at each end of a summarized dimension.
  int64_t edgeItems = 3;
  /// Line width numpy wraps at.
  int64_t lineWidth = 75;
  /// Digits after the decimal point at most.
  int precision = 8;
};
/// The values as numpy's str() prints them: "[[1. 2. 3.]\n [4. 5. 6.]]",
/// bools as True/False, "..." past `threshold` elements.
std::string formatTensor(const Tensor &tensor,
                         const FormatOptions &options = {});

/// Reads element `index` (flat) of `tensor` converted to double (f16/bf16
/// included). Used by printers and tests.
double readElementAsDouble(const Tensor &tensor, int64_t index);

/// Reads element `index` (flat) of `tensor` as an integer: exactly for the
/// integer dtypes (i1 as 0/1), truncated toward zero for floats.
int64_t readElementAsInt(const Tensor &tensor, int64_t index);

/// IEEE half / bfloat16 conversions.
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
float bf16ToFloat(uint16_t bits);
uint16_t floatToBF16(float value);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_TENSOR_H
