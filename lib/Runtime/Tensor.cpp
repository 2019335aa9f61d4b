//===- Tensor.cpp - Storage, tensors, values and type strings -------------===//
//
// Storage ownership (device, borrowed, external), tensor views with their
// bounds checks, type strings, half/bfloat16 conversions and element reads.
// formatTensor, the numpy-like printing, is in TensorPrinting.cpp.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Tensor.h"
#include "strata/Runtime/Device.h"

#include <cmath>
#include <cstring>

using namespace strata::runtime;
using strata::runtime::bytecode::getDTypeName;
using strata::runtime::bytecode::getDTypeSize;

//===----------------------------------------------------------------------===//
// Storage
//===----------------------------------------------------------------------===//

StatusOr<StorageRef> Storage::allocate(std::shared_ptr<DeviceAPI> device,
                                       size_t bytes) {
  if (!device)
    return Status::error("cannot allocate storage: no device");
  StatusOr<void *> ptr = device->allocate(bytes, CPUDevice::kAlignment);
  if (!ptr)
    return ptr.getStatus();
  StorageRef storage(new Storage());
  storage->data = static_cast<uint8_t *>(*ptr);
  storage->size = bytes;
  storage->device = std::move(device);
  return storage;
}

StorageRef Storage::borrow(void *data, size_t bytes, bool readOnly) {
  StorageRef storage(new Storage());
  storage->data = static_cast<uint8_t *>(data);
  storage->size = bytes;
  storage->readOnly = readOnly;
  return storage;
}

StorageRef Storage::external(const void *data, size_t bytes,
                             std::shared_ptr<const void> owner) {
  StorageRef storage(new Storage());
  // Never written through: readOnly is checked before every write.
  storage->data = const_cast<uint8_t *>(static_cast<const uint8_t *>(data));
  storage->size = bytes;
  storage->readOnly = true;
  storage->owner = std::move(owner);
  return storage;
}

Storage::~Storage() {
  if (device)
    device->free(data, size, CPUDevice::kAlignment);
}

//===----------------------------------------------------------------------===//
// Shape and Tensor
//===----------------------------------------------------------------------===//

StatusOr<Shape> Shape::get(const int64_t *dims, size_t rank) {
  if (rank > bytecode::kMaxRank)
    return Status::error("rank " + std::to_string(rank) +
                         " exceeds the maximum rank " +
                         std::to_string(bytecode::kMaxRank));
  Shape shape;
  shape.rank = static_cast<uint32_t>(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (dims[i] < 0)
      return Status::error("dimension " + std::to_string(i) + " is negative (" +
                           std::to_string(dims[i]) + ")");
    shape.dims[i] = dims[i];
  }
  if (shape.getNumElements() < 0)
    return Status::error("element count of shape " + formatShape(shape) +
                         " overflows");
  return shape;
}

int64_t Shape::getNumElements() const {
  int64_t count = 1;
  for (uint32_t i = 0; i < rank; ++i)
    if (__builtin_mul_overflow(count, dims[i], &count))
      return -1;
  return count;
}

bool Shape::operator==(const Shape &other) const {
  if (rank != other.rank)
    return false;
  for (uint32_t i = 0; i < rank; ++i)
    if (dims[i] != other.dims[i])
      return false;
  return true;
}

/// The byte size of `shape` elements of `dtype`, or an error on overflow.
static StatusOr<size_t> computeByteSize(DType dtype, const Shape &shape) {
  size_t elementSize = getDTypeSize(dtype);
  if (elementSize == 0)
    return Status::error("invalid element type");
  int64_t count = shape.getNumElements();
  int64_t bytes;
  if (count < 0 ||
      __builtin_mul_overflow(count, static_cast<int64_t>(elementSize), &bytes))
    return Status::error("byte size of tensor<" + formatShape(shape) +
                         (shape.rank ? "x" : "") + getDTypeName(dtype) +
                         "> overflows");
  return static_cast<size_t>(bytes);
}

StatusOr<Tensor> Tensor::view(StorageRef storage, size_t byteOffset,
                              DType dtype, const Shape &shape) {
  if (!storage)
    return Status::error("cannot view a null storage");
  StatusOr<size_t> bytes = computeByteSize(dtype, shape);
  if (!bytes)
    return bytes.getStatus();
  if (byteOffset > storage->getSize() ||
      *bytes > storage->getSize() - byteOffset)
    return Status::error("view of " + std::to_string(*bytes) +
                         " bytes at offset " + std::to_string(byteOffset) +
                         " exceeds the storage's " +
                         std::to_string(storage->getSize()) + " bytes");
  return makeUnchecked(std::move(storage), byteOffset, dtype, shape);
}

StatusOr<Tensor> Tensor::allocate(std::shared_ptr<DeviceAPI> device,
                                  DType dtype, const Shape &shape) {
  StatusOr<size_t> bytes = computeByteSize(dtype, shape);
  if (!bytes)
    return bytes.getStatus();
  StatusOr<StorageRef> storage = Storage::allocate(std::move(device), *bytes);
  if (!storage)
    return storage.getStatus();
  return makeUnchecked(std::move(*storage), 0, dtype, shape);
}

/// Checks that `bytes` of `data`, given by a caller, hold a tensor of
/// `dtype` and `shape` exactly.
static Status checkUserData(DType dtype, const Shape &shape, const void *data,
                            size_t bytes) {
  StatusOr<size_t> expected = computeByteSize(dtype, shape);
  if (!expected)
    return expected.getStatus();
  if (*expected != bytes)
    return Status::error("tensor<" + formatShape(shape) +
                         (shape.rank ? "x" : "") + getDTypeName(dtype) +
                         "> needs " + std::to_string(*expected) +
                         " bytes, got " + std::to_string(bytes));
  if (bytes && !data)
    return Status::error("null data pointer");
  return Status::success();
}

StatusOr<Tensor> Tensor::copyFrom(std::shared_ptr<DeviceAPI> device,
                                  DType dtype, const Shape &shape,
                                  const void *data, size_t bytes) {
  if (Status status = checkUserData(dtype, shape, data, bytes); !status)
    return status;
  StatusOr<Tensor> tensor = allocate(device, dtype, shape);
  if (!tensor)
    return tensor;
  if (bytes)
    std::memcpy(tensor->getData(), data, bytes);
  return tensor;
}

StatusOr<Tensor> Tensor::copyToHost(DeviceAPI &device, const Tensor &tensor) {
  StatusOr<Tensor> host =
      allocate(getDefaultCPUDevice(), tensor.getDType(), tensor.getShape());
  if (!host)
    return host;
  if (Status status = device.copyToHost(host->getData(), tensor.getData(),
                                        tensor.getByteSize());
      !status)
    return Status::error(std::string(device.getName()) + ": " +
                         status.message());
  return host;
}

StatusOr<Tensor> Tensor::borrow(DType dtype, const Shape &shape, void *data,
                                size_t bytes, bool readOnly) {
  if (Status status = checkUserData(dtype, shape, data, bytes); !status)
    return status;
  return makeUnchecked(Storage::borrow(data, bytes, readOnly), 0, dtype, shape);
}

StatusOr<Tensor> Tensor::fromVector(DType dtype, const Shape &shape,
                                    const void *data, size_t bytes) {
  return copyFrom(getDefaultCPUDevice(), dtype, shape, data, bytes);
}

std::string strata::runtime::formatShape(const Shape &shape) {
  std::string text;
  for (uint32_t i = 0; i < shape.rank; ++i) {
    if (i)
      text += 'x';
    text += std::to_string(shape.dims[i]);
  }
  return text;
}

std::string Tensor::getTypeString() const {
  std::string text = "tensor<" + formatShape(shape);
  if (shape.rank)
    text += 'x';
  return text + getDTypeName(dtype) + ">";
}

std::string Value::getTypeString() const {
  switch (kind) {
  case ValueKind::I64:
    return "i64";
  case ValueKind::Tensor:
    return tensorValue.getTypeString();
  case ValueKind::Storage:
    return "storage";
  case ValueKind::None:
    break;
  }
  return "none";
}

DType strata::runtime::parseDType(const std::string &name) {
  struct Alias {
    const char *name;
    DType dtype;
  };
  static const Alias aliases[] = {
      {"f32", DType::F32},    {"float32", DType::F32},
      {"f64", DType::F64},    {"float64", DType::F64},
      {"f16", DType::F16},    {"float16", DType::F16},
      {"bf16", DType::BF16},  {"bfloat16", DType::BF16},
      {"i1", DType::I1},      {"bool", DType::I1},
      {"i8", DType::I8},      {"int8", DType::I8},
      {"i16", DType::I16},    {"int16", DType::I16},
      {"i32", DType::I32},    {"int32", DType::I32},
      {"i64", DType::I64},    {"int64", DType::I64},
      {"u8", DType::U8},      {"uint8", DType::U8},
      {"ui8", DType::U8},     {"u16", DType::U16},
      {"uint16", DType::U16}, {"ui16", DType::U16},
      {"u32", DType::U32},    {"uint32", DType::U32},
      {"ui32", DType::U32},   {"u64", DType::U64},
      {"uint64", DType::U64}, {"ui64", DType::U64},
  };
  for (const Alias &alias : aliases)
    if (name == alias.name)
      return alias.dtype;
  return DType::Invalid;
}

//===----------------------------------------------------------------------===//
// Half and bfloat16
//===----------------------------------------------------------------------===//

float strata::runtime::halfToFloat(uint16_t bits) {
  uint32_t sign = (bits >> 15) & 1, exponent = (bits >> 10) & 0x1f,
           mantissa = bits & 0x3ff;
  float value;
  if (exponent == 0)
    value = std::ldexp(static_cast<float>(mantissa), -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = std::ldexp(static_cast<float>(mantissa | 0x400),
                       static_cast<int>(exponent) - 25);
  return sign ? -value : value;
}

uint16_t strata::runtime::floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t exponent = (bits >> 23) & 0xff, mantissa = bits & 0x7fffff;
  if (exponent == 0xff) // inf / nan
    return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31)
    return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10)
      return sign;
    // Subnormal: round to nearest even.
    mantissa |= 0x800000;
    int shift = 14 - e;
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      ++half;
    return sign | static_cast<uint16_t>(half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // May carry into the exponent, which is the correct rounding.
  return sign | static_cast<uint16_t>(half);
}

float strata::runtime::bf16ToFloat(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

uint16_t strata::runtime::floatToBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if ((bits & 0x7fffffff) > 0x7f800000) // NaN: keep it a quiet NaN.
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

/// The element of type T at `p`, which need not be aligned for T.
template <typename T> static T loadElement(const uint8_t *p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

double strata::runtime::readElementAsDouble(const Tensor &tensor,
                                            int64_t index) {
  const uint8_t *p =
      tensor.getData() +
      index * static_cast<int64_t>(getDTypeSize(tensor.getDType()));
  switch (tensor.getDType()) {
  case DType::F32:
    return loadElement<float>(p);
  case DType::F64:
    return loadElement<double>(p);
  case DType::F16:
    return halfToFloat(loadElement<uint16_t>(p));
  case DType::BF16:
    return bf16ToFloat(loadElement<uint16_t>(p));
  case DType::I1:
  case DType::I8:
  case DType::U8:
  case DType::I16:
  case DType::U16:
  case DType::I32:
  case DType::U32:
  case DType::I64:
    return static_cast<double>(readElementAsInt(tensor, index));
  case DType::U64:
    return static_cast<double>(loadElement<uint64_t>(p));
  case DType::Invalid:
    break;
  }
  return 0;
}

int64_t strata::runtime::readElementAsInt(const Tensor &tensor, int64_t index) {
  const uint8_t *p =
      tensor.getData() +
      index * static_cast<int64_t>(getDTypeSize(tensor.getDType()));
  switch (tensor.getDType()) {
  case DType::I1:
    return *p ? 1 : 0;
  case DType::I8:
    return static_cast<int8_t>(*p);
  case DType::U8:
    return *p;
  case DType::I16:
    return loadElement<int16_t>(p);
  case DType::U16:
    return loadElement<uint16_t>(p);
  case DType::I32:
    return loadElement<int32_t>(p);
  case DType::U32:
    return loadElement<uint32_t>(p);
  case DType::I64:
    return loadElement<int64_t>(p);
  case DType::U64:
    // Values above INT64_MAX wrap (the bit pattern is kept).
    return static_cast<int64_t>(loadElement<uint64_t>(p));
  default:
    break;
  }
  return static_cast<int64_t>(readElementAsDouble(tensor, index));
}
