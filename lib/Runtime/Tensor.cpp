//===- Tensor.cpp - Storage, tensors, values and numpy-like printing ------===//
//
// Storage ownership (device, borrowed, external), tensor views with their
// bounds checks, type strings, half/bfloat16 conversions, and formatTensor,
// which prints values the way numpy's str() does (same float formatting
// rules: shortest round-trip digits, at most 8 decimals, scientific notation
// for very large/small ranges, aligned columns, line wrapping at 75, and
// summarization with "..." past 1000 elements), so that strata-run's output
// reads like a numpy session's.
//
//===----------------------------------------------------------------------===//

#include "strata/Runtime/Tensor.h"
#include "strata/Runtime/Device.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>

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

std::string strata::runtime::formatType(const bytecode::TypeEntry &type) {
  switch (static_cast<bytecode::TypeKind>(type.kind)) {
  case bytecode::TypeKind::I64:
    return "i64";
  case bytecode::TypeKind::Storage:
    return "storage";
  case bytecode::TypeKind::Tensor:
    break;
  }
  std::string text = "tensor<";
  for (uint32_t i = 0; i < type.rank && i < bytecode::kMaxRank; ++i) {
    text += type.dims[i] == bytecode::kDynamicDim
                ? std::string("?")
                : std::to_string(type.dims[i]);
    text += 'x';
  }
  return text + getDTypeName(static_cast<DType>(type.dtype)) + ">";
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

//===----------------------------------------------------------------------===//
// numpy-like printing
//===----------------------------------------------------------------------===//

namespace {

/// Digits of one float: the shortest text that reads back as the same
/// value of the tensor's element type.
std::string shortestText(double value, DType dtype, bool scientific) {
  char buffer[64];
  std::chars_format format =
      scientific ? std::chars_format::scientific : std::chars_format::fixed;
  if (dtype == DType::F64) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, format);
    return std::string(buffer, result.ptr);
  }
  if (dtype == DType::F32) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer),
                                static_cast<float>(value), format);
    return std::string(buffer, result.ptr);
  }
  // f16 / bf16: the fewest significant digits that round-trip through the
  // narrow type.
  auto roundTrip = [&](double candidate) {
    float f = static_cast<float>(candidate);
    return dtype == DType::F16 ? halfToFloat(floatToHalf(f)) == value
                               : bf16ToFloat(floatToBF16(f)) == value;
  };
  for (int digits = 1; digits <= 17; ++digits) {
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::scientific, digits - 1);
    std::string text(buffer, result.ptr);
    double parsed = std::strtod(text.c_str(), nullptr);
    if (!roundTrip(parsed))
      continue;
    if (scientific)
      return text;
    // Positional: print the parsed value's shortest double form.
    result = std::to_chars(buffer, buffer + sizeof(buffer), parsed,
                           std::chars_format::fixed);
    return std::string(buffer, result.ptr);
  }
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value, format);
  return std::string(buffer, result.ptr);
}

/// Positional digits with at most `precision` decimals: "1." "0.5" "-2.25"
/// (numpy's dragon4_positional with unique=True, trim='.').
std::string positional(double value, DType dtype, int precision) {
  std::string text = shortestText(value, dtype, /*scientific=*/false);
  size_t dot = text.find('.');
  if (dot != std::string::npos &&
      text.size() - dot - 1 > static_cast<size_t>(precision)) {
    // More digits than the precision allows: round at `precision`.
    char buffer[512];
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::fixed, precision);
    text.assign(buffer, result.ptr);
    while (!text.empty() && text.back() == '0')
      text.pop_back();
    dot = text.find('.');
  }
  if (dot == std::string::npos)
    text += '.';
  return text;
}

/// Scientific parts: mantissa integer digits, fraction digits, exponent
/// (numpy's dragon4_scientific with unique=True, trim='.').
struct SciParts {
  std::string intPart, fracPart;
  int exponent = 0;
};
SciParts scientificParts(double value, DType dtype, int precision) {
  std::string text = shortestText(value, dtype, /*scientific=*/true);
  size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  int exponent = std::atoi(text.c_str() + e + 1);
  size_t dot = mantissa.find('.');
  if (dot != std::string::npos &&
      mantissa.size() - dot - 1 > static_cast<size_t>(precision)) {
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                std::chars_format::scientific, precision);
    text.assign(buffer, result.ptr);
    e = text.find('e');
    mantissa = text.substr(0, e);
    exponent = std::atoi(text.c_str() + e + 1);
    while (mantissa.find('.') != std::string::npos && mantissa.back() == '0')
      mantissa.pop_back();
    dot = mantissa.find('.');
  }
  SciParts parts;
  parts.exponent = exponent;
  if (dot == std::string::npos) {
    parts.intPart = mantissa;
  } else {
    parts.intPart = mantissa.substr(0, dot);
    parts.fracPart = mantissa.substr(dot + 1);
  }
  return parts;
}

/// numpy's FloatingFormat: decides the layout from all printed values, then
/// formats each one into a fixed-width column.
class FloatFormatter {
public:
  FloatFormatter(const std::vector<double> &values, DType dtype, int precision)
      : dtype(dtype), precision(precision) {
    std::vector<double> finite;
    bool anyNegInf = false, anyNonFinite = false;
    for (double v : values) {
      if (std::isfinite(v))
        finite.push_back(v);
      else {
        anyNonFinite = true;
        if (std::isinf(v) && v < 0)
          anyNegInf = true;
      }
    }
    double maxAbs = 0, minAbs = INFINITY;
    bool anyNonZero = false;
    for (double v : finite) {
      if (v == 0)
        continue;
      anyNonZero = true;
      maxAbs = std::max(maxAbs, std::fabs(v));
      minAbs = std::min(minAbs, std::fabs(v));
    }
    // numpy >= 2.3 switches to scientific notation above 10^precision of
    // the type (np.finfo(dtype).precision, capped at 8).
    double cutoff = dtype == DType::F64   ? 1e8
                    : dtype == DType::F32 ? 1e6
                    : dtype == DType::F16 ? 1e3
                                          : 1e2;
    if (anyNonZero &&
        (maxAbs >= cutoff || minAbs < 0.0001 || maxAbs / minAbs > 1000.))
      expFormat = true;

    if (finite.empty()) {
      padLeft = 0;
      padRight = 0;
    } else if (expFormat) {
      size_t maxFrac = 0, maxInt = 0, maxExp = 0;
      for (double v : finite) {
        SciParts parts = scientificParts(v, dtype, precision);
        maxFrac = std::max(maxFrac, parts.fracPart.size());
        maxInt = std::max(maxInt, parts.intPart.size());
        maxExp =
            std::max(maxExp, std::to_string(std::abs(parts.exponent)).size());
      }
      expSize = std::max<size_t>(maxExp, 2);
      fracDigits = maxFrac;
      padLeft = maxInt;
      padRight = expSize + 2 + fracDigits;
    } else {
      for (double v : finite) {
        std::string text = positional(v, dtype, precision);
        size_t dot = text.find('.');
        padLeft = std::max(padLeft, dot);
        padRight = std::max(padRight, text.size() - dot - 1);
      }
    }
    if (anyNonFinite) {
      size_t offset = padRight + 1;
      size_t nanLen = 3, infLen = 3 + (anyNegInf ? 1 : 0);
      if (nanLen > offset)
        padLeft = std::max(padLeft, nanLen - offset);
      if (infLen > offset)
        padLeft = std::max(padLeft, infLen - offset);
    }
  }

  std::string format(double v) const {
    if (!std::isfinite(v)) {
      std::string text = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      size_t width = padLeft + padRight + 1;
      return std::string(width > text.size() ? width - text.size() : 0, ' ') +
             text;
    }
    if (expFormat) {
      SciParts parts = scientificParts(v, dtype, precision);
      if (parts.fracPart.size() < fracDigits) {
        // numpy pads with further digits of the exact value (dragon4's
        // min_digits), not with zeros: 8.4424391e-07, not 8.4424390e-07.
        char buffer[64];
        auto result = std::to_chars(buffer, buffer + sizeof(buffer), v,
                                    std::chars_format::scientific,
                                    static_cast<int>(fracDigits));
        std::string text(buffer, result.ptr);
        size_t e = text.find('e'), dot = text.find('.');
        parts.intPart = text.substr(0, dot == std::string::npos ? e : dot);
        parts.fracPart = dot == std::string::npos
                             ? std::string()
                             : text.substr(dot + 1, e - dot - 1);
        parts.exponent = std::atoi(text.c_str() + e + 1);
      }
      std::string frac = parts.fracPart;
      std::string exponent = std::to_string(std::abs(parts.exponent));
      if (exponent.size() < expSize)
        exponent = std::string(expSize - exponent.size(), '0') + exponent;
      std::string text = parts.intPart;
      if (text.size() < padLeft)
        text = std::string(padLeft - text.size(), ' ') + text;
      return text + "." + frac + "e" + (parts.exponent < 0 ? "-" : "+") +
             exponent;
    }
    std::string text = positional(v, dtype, precision);
    size_t dot = text.find('.');
    size_t right = text.size() - dot - 1;
    if (dot < padLeft)
      text = std::string(padLeft - dot, ' ') + text;
    if (right < padRight)
      text += std::string(padRight - right, ' ');
    return text;
  }

private:
  DType dtype;
  int precision;
  bool expFormat = false;
  size_t padLeft = 0, padRight = 0, expSize = 0, fracDigits = 0;
};

/// A Python float's repr for 0-d arrays: "3.5", "1.0", "1e-05", "inf".
std::string scalarFloatText(double v, DType dtype) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v < 0 ? "-inf" : "inf";
  double magnitude = std::fabs(v);
  if (v != 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    std::string text = shortestText(v, dtype, /*scientific=*/true);
    // to_chars writes "1e-05" like Python; keep it.
    return text;
  }
  std::string text = shortestText(v, dtype, /*scientific=*/false);
  if (text.find('.') == std::string::npos)
    text += ".0";
  return text;
}

} // namespace

std::string strata::runtime::formatTensor(const Tensor &tensor,
                                          const FormatOptions &options) {
  if (tensor.isNull())
    return "<null tensor>";
  DType dtype = tensor.getDType();
  const Shape &shape = tensor.getShape();
  int64_t numElements = tensor.getNumElements();
  bool isFloat = dtype == DType::F32 || dtype == DType::F64 ||
                 dtype == DType::F16 || dtype == DType::BF16;

  if (shape.rank == 0) {
    if (dtype == DType::I1)
      return readElementAsInt(tensor, 0) ? "True" : "False";
    if (isFloat)
      return scalarFloatText(readElementAsDouble(tensor, 0), dtype);
    return std::to_string(readElementAsInt(tensor, 0));
  }

  if (numElements == 0)
    return "[]";
  bool summarize = numElements > options.threshold;
  int64_t edge = options.edgeItems;
  // Row-major strides in elements.
  int64_t strides[bytecode::kMaxRank];
  int64_t stride = 1;
  for (int i = static_cast<int>(shape.rank) - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= shape.dims[i];
  }

  // Visit the printed elements (the leading/trailing edges of each
  // summarized dimension), to size the columns from them only, as numpy
  // does.
  std::vector<int64_t> printed;
  std::function<void(uint32_t, int64_t)> collect = [&](uint32_t axis,
                                                       int64_t base) {
    if (axis == shape.rank) {
      printed.push_back(base);
      return;
    }
    int64_t n = shape.dims[axis];
    if (summarize && 2 * edge < n) {
      for (int64_t i = 0; i < edge; ++i)
        collect(axis + 1, base + i * strides[axis]);
      for (int64_t i = n - edge; i < n; ++i)
        collect(axis + 1, base + i * strides[axis]);
    } else {
      for (int64_t i = 0; i < n; ++i)
        collect(axis + 1, base + i * strides[axis]);
    }
  };
  collect(0, 0);

  std::function<std::string(int64_t)> formatElement;
  std::unique_ptr<FloatFormatter> floatFormatter;
  if (dtype == DType::I1) {
    formatElement = [&](int64_t index) {
      return readElementAsInt(tensor, index) ? std::string(" True")
                                             : std::string("False");
    };
  } else if (isFloat) {
    std::vector<double> values;
    values.reserve(printed.size());
    for (int64_t index : printed)
      values.push_back(readElementAsDouble(tensor, index));
    floatFormatter =
        std::make_unique<FloatFormatter>(values, dtype, options.precision);
    formatElement = [&](int64_t index) {
      return floatFormatter->format(readElementAsDouble(tensor, index));
    };
  } else {
    // u64 elements print from their bit pattern, the others as int64.
    auto text = [&](int64_t index) {
      int64_t value = readElementAsInt(tensor, index);
      return dtype == DType::U64 ? std::to_string(static_cast<uint64_t>(value))
                                 : std::to_string(value);
    };
    size_t width = 0;
    for (int64_t index : printed)
      width = std::max(width, text(index).size());
    formatElement = [text, width](int64_t index) {
      std::string element = text(index);
      return std::string(width - std::min(width, element.size()), ' ') +
             element;
    };
  }

  // numpy's _formatArray with separator ' ' and next_line_prefix ' '.
  const std::string separator = " ";
  auto extendLine = [](std::string &s, std::string &line,
                       const std::string &word, int64_t lineWidth,
                       const std::string &nextLinePrefix) {
    bool needsWrap =
        static_cast<int64_t>(line.size() + word.size()) > lineWidth;
    if (line.size() <= nextLinePrefix.size())
      needsWrap = false;
    if (needsWrap) {
      size_t end = line.find_last_not_of(' ');
      s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
      line = nextLinePrefix;
    }
    line += word;
  };
  std::function<std::string(uint32_t, int64_t, const std::string &, int64_t)>
      recurse = [&](uint32_t axis, int64_t base,
                    const std::string &hangingIndent,
                    int64_t currWidth) -> std::string {
    if (axis == shape.rank)
      return formatElement(base);
    std::string nextHangingIndent = hangingIndent + " ";
    int64_t nextWidth = currWidth - 1;
    int64_t length = shape.dims[axis];
    bool showSummary = summarize && 2 * edge < length;
    int64_t leading = showSummary ? edge : 0;
    int64_t trailing = showSummary ? edge : length;
    uint32_t axesLeft = shape.rank - axis;
    std::string s;
    auto element = [&](int64_t i) {
      return recurse(axis + 1, base + i * strides[axis], nextHangingIndent,
                     nextWidth);
    };
    if (length == 0)
      return "[]";
    if (axesLeft == 1) {
      int64_t elemWidth = currWidth - 1;
      std::string line = hangingIndent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, element(i), elemWidth, hangingIndent);
        line += separator;
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, hangingIndent);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, element(length - i), elemWidth, hangingIndent);
        line += separator;
      }
      extendLine(s, line, element(length - 1), elemWidth, hangingIndent);
      s += line;
    } else {
      std::string lineSep = "\n";
      lineSep += std::string(axesLeft - 2, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hangingIndent + element(i) + lineSep;
      if (showSummary)
        s += hangingIndent + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += hangingIndent + element(length - i) + lineSep;
      s += hangingIndent + element(length - 1);
    }
    return "[" + s.substr(hangingIndent.size()) + "]";
  };
  return recurse(0, 0, " ", options.lineWidth);
}
