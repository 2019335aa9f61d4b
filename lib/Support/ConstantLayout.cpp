//===- ConstantLayout.cpp - Constants rewritten into other layouts --------===//
//
// Byte-level rewrites of constant tensors (transposes, panel packing) that
// keep the constant's kind: see ConstantLayout.h. They work on the raw bytes,
// not through element values, so a weight of millions of elements takes
// milliseconds and a dense_resource blob never becomes an inline attribute.
//
//===----------------------------------------------------------------------===//

#include "strata/Support/ConstantLayout.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <algorithm>
#include <cstring>

using namespace mlir;

namespace {

/// The alignment of new dense_resource blobs: a cache line, as the module's
/// constant pool aligns constants.
constexpr size_t kBlobAlignment = 64;

/// Copies `source` (row-major, of `shape`, `elementSize` bytes an element)
/// into `dest` transposed by `perm`: dest dim i is source dim perm[i]. Walks
/// the destination in order with an odometer over the source strides, so
/// every destination byte is written once and sequentially.
void transposeBytes(ArrayRef<char> source, MutableArrayRef<char> dest,
                    ArrayRef<int64_t> shape, ArrayRef<int64_t> perm,
                    size_t elementSize) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sourceStrides(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    sourceStrides[dim] = sourceStrides[dim + 1] * shape[dim + 1];
  // The destination's sizes and, per destination dim, the source stride.
  SmallVector<int64_t> sizes, strides;
  for (int64_t dim : perm) {
    sizes.push_back(shape[dim]);
    strides.push_back(sourceStrides[dim]);
  }
  int64_t numElements = dest.size() / elementSize;
  SmallVector<int64_t> index(rank, 0);
  int64_t offset = 0; // The source element of `index`.
  const char *in = source.data();
  char *out = dest.data();
  for (int64_t element = 0; element < numElements; ++element) {
    std::memcpy(out + element * elementSize, in + offset * elementSize,
                elementSize);
    // Advance the odometer, innermost destination dim first.
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      offset += strides[dim];
      if (++index[dim] < sizes[dim])
        break;
      offset -= strides[dim] * sizes[dim];
      index[dim] = 0;
    }
  }
}

} // namespace

/// A constant of `resultType` (same element type as `value`) whose bytes
/// `fill` writes from `value`'s, of the same kind as `value`: a dense
/// attribute gives a dense attribute (a splat is expanded first), a
/// dense_resource blob a new blob (the old name plus `suffix`). Fails on
/// anything else: packed i1 data, element types that are not a whole number
/// of bytes, a missing or wrongly sized blob.
FailureOr<ElementsAttr> strata::rewriteConstantBytes(
    ElementsAttr value, RankedTensorType resultType, StringRef suffix,
    llvm::function_ref<void(ArrayRef<char>, MutableArrayRef<char>)> fill) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || !resultType.hasStaticShape())
    return failure();
  auto isWholeBytes = [](Type elementType) {
    return elementType.isIntOrFloat() &&
           elementType.getIntOrFloatBitWidth() % 8 == 0;
  };
  Type elementType = type.getElementType();
  if (!isWholeBytes(elementType) || !isWholeBytes(resultType.getElementType()))
    return failure();
  size_t elementSize = elementType.getIntOrFloatBitWidth() / 8;
  size_t byteSize = static_cast<size_t>(type.getNumElements()) * elementSize;
  size_t resultSize = static_cast<size_t>(resultType.getNumElements()) *
                      (resultType.getElementType().getIntOrFloatBitWidth() / 8);

  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    ArrayRef<char> raw = dense.getRawData();
    std::vector<char> splat;
    if (dense.isSplat() && raw.size() == elementSize) {
      splat.resize(byteSize);
      for (size_t offset = 0; offset < byteSize; offset += elementSize)
        std::memcpy(splat.data() + offset, raw.data(), elementSize);
      raw = splat;
    }
    if (raw.size() != byteSize)
      return failure();
    std::vector<char> bytes(resultSize);
    fill(raw, bytes);
    return ElementsAttr(DenseElementsAttr::getFromRawBuffer(resultType, bytes));
  }

  auto resource = dyn_cast<DenseResourceElementsAttr>(value);
  if (!resource)
    return failure();
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob || blob->getData().size() != byteSize)
    return failure();
  AsmResourceBlob rewritten =
      HeapAsmResourceBlob::allocate(resultSize, kBlobAlignment);
  fill(blob->getData(), rewritten.getMutableData());
  std::string name = (resource.getRawHandle().getKey() + suffix).str();
  return ElementsAttr(
      DenseResourceElementsAttr::get(resultType, name, std::move(rewritten)));
}

/// `value`, its elements viewed as an array of `shape` (row-major; the
/// constant's own shape when empty), transposed by `perm` into `resultType`,
/// of the same kind (see rewriteConstantBytes; a splat stays a splat).
FailureOr<ElementsAttr> strata::transposeConstant(ElementsAttr value,
                                                  ArrayRef<int64_t> perm,
                                                  RankedTensorType resultType,
                                                  ArrayRef<int64_t> shape,
                                                  StringRef suffix) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || !resultType.hasStaticShape())
    return failure();
  if (shape.empty())
    shape = type.getShape();
  if (perm.size() != shape.size() ||
      ShapedType::getNumElements(shape) != type.getNumElements() ||
      resultType.getNumElements() != type.getNumElements())
    return failure();
  if (auto dense = dyn_cast<DenseElementsAttr>(value); dense && dense.isSplat())
    return ElementsAttr(dense.reshape(resultType));
  size_t elementSize = type.getElementTypeBitWidth() / 8;
  return rewriteConstantBytes(
      value, resultType, suffix,
      [&](ArrayRef<char> source, MutableArrayRef<char> dest) {
        transposeBytes(source, dest, shape, perm, elementSize);
      });
}

/// `weight`, a [K, N] constant, as [panels, K, width] panels: panel p, row k
/// holds columns [p * width, (p + 1) * width) of row k, the columns past N
/// (when panels * width > N) zero.
FailureOr<ElementsAttr>
strata::packConstantPanels(ElementsAttr weight, int64_t width, int64_t panels) {
  auto type = cast<RankedTensorType>(weight.getType());
  int64_t k = type.getDimSize(0), n = type.getDimSize(1);
  auto resultType =
      RankedTensorType::get({panels, k, width}, type.getElementType());
  if (panels * width == n)
    return transposeConstant(weight, {1, 0, 2}, resultType, {k, panels, width},
                             "_panels");
  size_t elementSize = type.getElementTypeBitWidth() / 8;
  return rewriteConstantBytes(
      weight, resultType, "_panels",
      [&](ArrayRef<char> source, MutableArrayRef<char> dest) {
        std::fill(dest.begin(), dest.end(), 0);
        for (int64_t panel = 0; panel < panels; ++panel) {
          int64_t first = panel * width;
          int64_t columns = std::min(width, n - first);
          for (int64_t row = 0; row < k && columns > 0; ++row)
            std::memcpy(dest.data() + ((panel * k + row) * width) * elementSize,
                        source.data() + (row * n + first) * elementSize,
                        columns * elementSize);
        }
      });
}
