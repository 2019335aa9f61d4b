//===- EvalTensor.cpp - Host tensors of the reference evaluator -----------===//
//
// Conversion between constants (dense, dense_resource) and EvalTensor, and
// the rounding rules that make double/int64 storage behave like the
// tensor's element type.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Endian.h"
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace strata::graph;

double strata::graph::roundToFloatType(FloatType floatType, double value) {
  if (floatType.isF64())
    return value;
  if (floatType.isF32())
    return static_cast<double>(static_cast<float>(value));
  APFloat rounded(value);
  bool losesInfo = false;
  rounded.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  rounded.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return rounded.convertToDouble();
}

int64_t strata::graph::wrapToWidth(int64_t value, unsigned width) {
  if (width == 1)
    return value & 1;
  if (width >= 64)
    return value;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t bits = static_cast<uint64_t>(value) & mask;
  // Sign-extend from `width` bits.
  uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

void strata::graph::forEachIndex(ArrayRef<int64_t> shape,
                                 function_ref<void(ArrayRef<int64_t>)> body) {
  for (int64_t size : shape)
    if (size == 0)
      return;
  SmallVector<int64_t> indices(shape.size(), 0);
  while (true) {
    body(indices);
    int64_t dim = static_cast<int64_t>(shape.size()) - 1;
    for (; dim >= 0; --dim) {
      if (++indices[dim] < shape[dim])
        break;
      indices[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}

FailureOr<SmallVector<int64_t>>
strata::graph::getBroadcastStrides(ArrayRef<int64_t> resultShape,
                                   ArrayRef<int64_t> operandShape) {
  int64_t rank = resultShape.size();
  int64_t offset = rank - static_cast<int64_t>(operandShape.size());
  if (offset < 0)
    return failure();
  SmallVector<int64_t> strides(rank, 0);
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= offset; --dim) {
    int64_t size = operandShape[dim - offset];
    if (size == resultShape[dim])
      strides[dim] = size == 1 ? 0 : stride;
    else if (size != 1)
      return failure();
    stride *= size;
  }
  return strides;
}

EvalTensor::EvalTensor(RankedTensorType type) : type(type) {
  numElements = type.getNumElements();
  Type elementType = type.getElementType();
  if (elementType.isF64())
    kind = Kind::F64;
  else if (elementType.isF32())
    kind = Kind::F32;
  else if (isa<FloatType>(elementType))
    kind = Kind::OtherFloat;
  if (isFloat())
    floats.assign(numElements, 0.0);
  else
    ints.assign(numElements, 0);
}

/// Whether `type` is an unsigned integer type (stored zero-extended).
static bool isUnsignedType(Type type) { return type.isUnsignedInteger(); }

/// `value` wrapped to the element type `type`: zero-extended from its width
/// for unsigned types (ui64 keeps the bit pattern), sign-extended otherwise.
static int64_t wrapToElement(Type type, int64_t value) {
  unsigned width = type.getIntOrFloatBitWidth();
  if (!isUnsignedType(type) || width >= 64)
    return wrapToWidth(value, width);
  return static_cast<int64_t>(static_cast<uint64_t>(value) &
                              ((uint64_t(1) << width) - 1));
}

bool strata::graph::detail::hasUnorderedUnsigned(const EvalTensor &tensor) {
  if (!tensor.isUnsigned() ||
      tensor.getElementType().getIntOrFloatBitWidth() < 64)
    return false;
  for (int64_t index = 0; index < tensor.getNumElements(); ++index)
    if (tensor.getInt(index) < 0)
      return true;
  return false;
}

bool EvalTensor::isUnsigned() const { return isUnsignedType(getElementType()); }

double EvalTensor::getFloat(int64_t index) const {
  if (!floats.empty())
    return floats[index];
  if (isUnsigned())
    return static_cast<double>(static_cast<uint64_t>(ints[index]));
  return static_cast<double>(ints[index]);
}

int64_t EvalTensor::getInt(int64_t index) const {
  if (!ints.empty() || numElements == 0)
    return ints.empty() ? 0 : ints[index];
  double value = floats[index];
  // Out of range and NaN conversions are undefined in ONNX; pick 0.
  if (std::isnan(value) || value >= 9.2233720368547758e18 ||
      value < -9.2233720368547758e18)
    return 0;
  return static_cast<int64_t>(value);
}

void EvalTensor::setFloat(int64_t index, double value) {
  if (kind == Kind::F64) {
    floats[index] = value;
    return;
  }
  if (kind == Kind::F32) {
    floats[index] = static_cast<double>(static_cast<float>(value));
    return;
  }
  if (auto floatType = dyn_cast<FloatType>(getElementType())) {
    floats[index] = roundToFloatType(floatType, value);
    return;
  }
  unsigned width = getElementType().getIntOrFloatBitWidth();
  if (width == 1) {
    ints[index] = value != 0.0 ? 1 : 0;
    return;
  }
  double truncated = std::trunc(value);
  if (isUnsigned() && truncated >= 9.2233720368547758e18 &&
      truncated < 1.8446744073709552e19) {
    ints[index] = static_cast<int64_t>(static_cast<uint64_t>(truncated));
    return;
  }
  if (std::isnan(truncated) || truncated >= 9.2233720368547758e18 ||
      truncated < -9.2233720368547758e18) {
    ints[index] = 0;
    return;
  }
  ints[index] =
      wrapToElement(getElementType(), static_cast<int64_t>(truncated));
}

void EvalTensor::setInt(int64_t index, int64_t value) {
  if (auto floatType = dyn_cast<FloatType>(getElementType())) {
    floats[index] = roundToFloatType(floatType, static_cast<double>(value));
    return;
  }
  ints[index] = wrapToElement(getElementType(), value);
}

SmallVector<int64_t> EvalTensor::getStrides() const {
  SmallVector<int64_t> strides(getRank(), 1);
  for (int64_t dim = getRank() - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * getShape()[dim + 1];
  return strides;
}

int64_t EvalTensor::getLinearIndex(ArrayRef<int64_t> indices) const {
  int64_t linear = 0;
  for (auto [index, size] : llvm::zip_equal(indices, getShape()))
    linear = linear * size + index;
  return linear;
}

/// True for the element types graph tensors may have.
static bool isSupportedElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return !intType.isSigned() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth()) &&
           (intType.getWidth() != 1 || intType.isSignless());
  return type.isF64() || type.isF32() || type.isF16() || type.isBF16();
}

/// Reads the little-endian element `index` of a raw blob.
static void readRawElement(EvalTensor &tensor, ArrayRef<char> data,
                           int64_t index) {
  Type elementType = tensor.getElementType();
  const char *at = data.data();
  bool isUnsigned = elementType.isUnsignedInteger();
  if (elementType.isF64()) {
    uint64_t bits = llvm::support::endian::read64le(at + 8 * index);
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    tensor.setFloat(index, value);
  } else if (elementType.isF32()) {
    uint32_t bits = llvm::support::endian::read32le(at + 4 * index);
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    tensor.setFloat(index, value);
  } else if (elementType.isF16() || elementType.isBF16()) {
    uint16_t bits = llvm::support::endian::read16le(at + 2 * index);
    APFloat value(cast<FloatType>(elementType).getFloatSemantics(),
                  APInt(16, bits));
    bool losesInfo = false;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    tensor.setFloat(index, value.convertToDouble());
  } else if (elementType.isInteger(64)) {
    tensor.setInt(index, static_cast<int64_t>(
                             llvm::support::endian::read64le(at + 8 * index)));
  } else if (elementType.isInteger(32)) {
    uint32_t bits = llvm::support::endian::read32le(at + 4 * index);
    tensor.setInt(index, isUnsigned ? static_cast<int64_t>(bits)
                                    : static_cast<int32_t>(bits));
  } else if (elementType.isInteger(16)) {
    uint16_t bits = llvm::support::endian::read16le(at + 2 * index);
    tensor.setInt(index, isUnsigned ? static_cast<int64_t>(bits)
                                    : static_cast<int16_t>(bits));
  } else if (elementType.isInteger(8)) {
    tensor.setInt(index, isUnsigned ? static_cast<int64_t>(
                                          static_cast<uint8_t>(at[index]))
                                    : static_cast<int8_t>(at[index]));
  } else {
    tensor.setInt(index, at[index] != 0);
  }
}

FailureOr<EvalTensor> EvalTensor::fromAttr(ElementsAttr attr) {
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!type || !type.hasStaticShape() ||
      !isSupportedElementType(type.getElementType()))
    return failure();
  EvalTensor tensor(type);
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (tensor.isFloat()) {
      int64_t index = 0;
      if (dense.isSplat()) {
        double value = dense.getSplatValue<APFloat>().convertToDouble();
        for (; index < tensor.numElements; ++index)
          tensor.floats[index] = value;
        return tensor;
      }
      // f32 and f64 read as C++ floats: converting each through APFloat
      // took a second for ResNet-18's weights.
      if (tensor.kind == Kind::F32) {
        for (float value : dense.getValues<float>())
          tensor.floats[index++] = value;
        return tensor;
      }
      if (tensor.kind == Kind::F64) {
        for (double value : dense.getValues<double>())
          tensor.floats[index++] = value;
        return tensor;
      }
      for (APFloat value : dense.getValues<APFloat>()) {
        bool losesInfo = false;
        value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                      &losesInfo);
        tensor.floats[index++] = value.convertToDouble();
      }
      return tensor;
    }
    bool isBool = type.getElementType().isInteger(1);
    bool isUnsigned = type.getElementType().isUnsignedInteger();
    auto toInt = [&](const APInt &value) -> int64_t {
      if (isBool)
        return value.getBoolValue() ? 1 : 0;
      return isUnsigned ? static_cast<int64_t>(value.getZExtValue())
                        : value.getSExtValue();
    };
    if (dense.isSplat()) {
      int64_t value = toInt(dense.getSplatValue<APInt>());
      std::fill(tensor.ints.begin(), tensor.ints.end(), value);
      return tensor;
    }
    int64_t index = 0;
    for (const APInt &value : dense.getValues<APInt>())
      tensor.ints[index++] = toInt(value);
    return tensor;
  }
  auto resource = dyn_cast<DenseResourceElementsAttr>(attr);
  if (!resource)
    return failure();
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return failure();
  ArrayRef<char> data = blob->getData();
  unsigned bitWidth = type.getElementType().getIntOrFloatBitWidth();
  int64_t bytesPerElement = bitWidth == 1 ? 1 : bitWidth / 8;
  if (static_cast<int64_t>(data.size()) != bytesPerElement * tensor.numElements)
    return failure();
  for (int64_t index = 0; index < tensor.numElements; ++index)
    readRawElement(tensor, data, index);
  return tensor;
}

DenseElementsAttr EvalTensor::toAttr() const {
  Type elementType = getElementType();
  if (kind == Kind::F32) {
    // Already rounded to f32 (setFloat), so the cast is exact.
    std::vector<float> values(floats.begin(), floats.end());
    return DenseElementsAttr::get(type, llvm::ArrayRef(values));
  }
  if (kind == Kind::F64)
    return DenseElementsAttr::get(type, llvm::ArrayRef(floats));
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    SmallVector<APFloat> values;
    values.reserve(numElements);
    for (double value : floats) {
      APFloat converted(value);
      bool losesInfo = false;
      converted.convert(floatType.getFloatSemantics(),
                        APFloat::rmNearestTiesToEven, &losesInfo);
      values.push_back(converted);
    }
    return DenseElementsAttr::get(type, values);
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  SmallVector<APInt> values;
  values.reserve(numElements);
  for (int64_t value : ints)
    values.push_back(APInt(64, static_cast<uint64_t>(value), /*isSigned=*/true)
                         .trunc(width));
  return DenseElementsAttr::get(type, values);
}
