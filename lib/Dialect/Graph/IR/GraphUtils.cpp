//===- GraphUtils.cpp - Shape helpers shared by graph ops -----------------===//
//
// Compatibility of declared and inferred types, axis normalization and ONNX
// broadcasting, shared by every op family.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphTraits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace mlir;

namespace strata::graph {

LogicalResult inferResultTypes(Operation *op, std::optional<Location> loc,
                               SmallVectorImpl<Type> &inferred) {
  if (auto cast = dyn_cast<CastOp>(op)) {
    if (RankedTensorType input = getRankedType(cast.getInput()))
      inferred.push_back(input.clone(getElementTypeOrSelf(cast.getType())));
    return success();
  }
  if (auto infer = dyn_cast<InferTypeOpInterface>(op))
    return infer.inferReturnTypes(
        op->getContext(), loc, op->getOperands(), op->getRawDictionaryAttrs(),
        op->getPropertiesStorage(), op->getRegions(), inferred);
  return success();
}

bool areCompatibleTensorTypes(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [lhs, rhs] : llvm::zip_equal(inferred, actual)) {
    auto lhsType = dyn_cast<RankedTensorType>(lhs);
    auto rhsType = dyn_cast<RankedTensorType>(rhs);
    if (!lhsType || !rhsType) {
      if (lhs != rhs)
        return false;
      continue;
    }
    if (lhsType.getElementType() != rhsType.getElementType() ||
        failed(verifyCompatibleShape(lhsType.getShape(), rhsType.getShape())))
      return false;
  }
  return true;
}

FailureOr<int64_t> normalizeAxis(std::optional<Location> loc, int64_t axis,
                                 int64_t rank, StringRef what) {
  if (axis < -rank || axis >= rank) {
    return emitOptionalError(loc, what, " ", axis, " is out of range for rank ",
                             rank, " (expected [", -rank, ", ", rank, "))");
  }
  return axis < 0 ? axis + rank : axis;
}

FailureOr<SmallVector<int64_t>> normalizeAxes(std::optional<Location> loc,
                                              ArrayRef<int64_t> axes,
                                              int64_t rank, StringRef what) {
  SmallVector<int64_t> normalized;
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t axis : axes) {
    FailureOr<int64_t> n = normalizeAxis(loc, axis, rank, what);
    if (failed(n))
      return failure();
    if (!seen.insert(*n).second)
      return emitOptionalError(loc, what, " ", axis, " is repeated");
    normalized.push_back(*n);
  }
  return normalized;
}

LogicalResult inferBroadcastShape(std::optional<Location> loc,
                                  ArrayRef<ShapedType> shapes,
                                  SmallVectorImpl<int64_t> &result) {
  result.clear();
  for (auto [index, type] : llvm::enumerate(shapes)) {
    if (!type.hasRank())
      return emitOptionalError(loc, "operand #", index, " must be ranked");
    if (index == 0) {
      result.assign(type.getShape().begin(), type.getShape().end());
      continue;
    }
    SmallVector<int64_t> combined;
    if (!OpTrait::util::getBroadcastedShape(result, type.getShape(),
                                            combined)) {
      return emitOptionalError(
          loc, "operands are not broadcast-compatible: ", formatShape(result),
          " vs ", formatShape(type.getShape()), " (operand #", index, ")");
    }
    result = std::move(combined);
  }
  return success();
}

OpFoldResult combineBroadcastSize(OpBuilder &builder, Location loc,
                                  OpFoldResult size, Value operand,
                                  int64_t dim) {
  auto type = cast<RankedTensorType>(operand.getType());
  // A static 1 never changes the broadcast size.
  if (type.getDimSize(dim) == 1)
    return size;
  OpFoldResult operandSize = tensor::getMixedSize(builder, loc, operand, dim);
  std::optional<int64_t> current = getConstantIntValue(size);
  if (current && *current == 1)
    return operandSize;
  // A static size other than 1 is the result: a valid program has the same
  // size or 1 in every other operand.
  if (current)
    return size;
  if (!type.isDynamicDim(dim) || size == operandSize)
    return operandSize;
  // Both unknown: the result is whichever is not 1.
  Value currentValue = cast<Value>(size);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value isOne = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      currentValue, one);
  return arith::SelectOp::create(builder, loc, isOne, cast<Value>(operandSize),
                                 currentValue)
      .getResult();
}

SmallVector<OpFoldResult> reifyBroadcastShape(OpBuilder &builder, Location loc,
                                              ValueRange operands) {
  int64_t rank = 0;
  for (Value operand : operands)
    rank = std::max(rank, cast<RankedTensorType>(operand.getType()).getRank());
  SmallVector<OpFoldResult> sizes(rank, builder.getIndexAttr(1));
  for (Value operand : operands) {
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    int64_t offset = rank - operandRank;
    for (int64_t dim = 0; dim < operandRank; ++dim)
      sizes[offset + dim] =
          combineBroadcastSize(builder, loc, sizes[offset + dim], operand, dim);
  }
  return sizes;
}

/// Folds `fold(lhs, rhs)` when both are constants (and `fold` accepts
/// them), else creates `OpTy` on index values.
template <typename OpTy>
static OpFoldResult combineSizes(
    OpBuilder &builder, Location loc, OpFoldResult lhs, OpFoldResult rhs,
    llvm::function_ref<std::optional<int64_t>(int64_t, int64_t)> fold) {
  std::optional<int64_t> lhsConst = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConst = getConstantIntValue(rhs);
  if (lhsConst && rhsConst) {
    if (std::optional<int64_t> folded = fold(*lhsConst, *rhsConst))
      return builder.getIndexAttr(*folded);
  }
  Value lhsValue = getValueOrCreateConstantIndexOp(builder, loc, lhs);
  Value rhsValue = getValueOrCreateConstantIndexOp(builder, loc, rhs);
  return OpTy::create(builder, loc, lhsValue, rhsValue).getResult();
}

OpFoldResult addSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  return combineSizes<arith::AddIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) { return llvm::checkedAdd(a, b); });
}

OpFoldResult subSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  return combineSizes<arith::SubIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) { return llvm::checkedSub(a, b); });
}

OpFoldResult mulSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  return combineSizes<arith::MulIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) { return llvm::checkedMul(a, b); });
}

OpFoldResult floorDivSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                           OpFoldResult rhs) {
  return combineSizes<arith::DivUIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (a < 0 || b <= 0)
          return std::nullopt;
        return a / b;
      });
}

OpFoldResult ceilDivSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                          OpFoldResult rhs) {
  // Signed: sizes are non-negative, and the runtime's VM (which runs host
  // size computations) has a ceildivsi instruction but no ceildivui.
  return combineSizes<arith::CeilDivSIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (a < 0 || b <= 0)
          return std::nullopt;
        return (a + b - 1) / b;
      });
}

OpFoldResult minSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  return combineSizes<arith::MinSIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return std::min(a, b);
      });
}

OpFoldResult maxSizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                      OpFoldResult rhs) {
  return combineSizes<arith::MaxSIOp>(
      builder, loc, lhs, rhs,
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return std::max(a, b);
      });
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
  });
  os << "]";
  return text;
}

std::optional<int64_t> getStaticNumElements(ArrayRef<int64_t> shape) {
  int64_t product = 1;
  for (int64_t size : shape) {
    if (ShapedType::isDynamic(size) || size < 0)
      return std::nullopt;
    std::optional<int64_t> next = llvm::checkedMul(product, size);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

std::pair<int64_t, int64_t> clampSliceBounds(int64_t start, int64_t end,
                                             int64_t step, int64_t dim) {
  start = start < 0 ? start + dim : start;
  end = end < 0 ? end + dim : end;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
  } else {
    // numpy.clip order (max, then min) so that an empty axis gives -1, -1.
    start = std::min<int64_t>(std::max<int64_t>(start, 0), dim - 1);
    end = std::min<int64_t>(std::max<int64_t>(end, -1), dim - 1);
  }
  return {start, end};
}

int64_t getStaticSliceSize(int64_t start, int64_t end, int64_t step,
                           int64_t dim) {
  std::tie(start, end) = clampSliceBounds(start, end, step, dim);
  // Both bounds lie in [-1, dim], so the distance cannot overflow; the
  // magnitude of the step is taken unsigned because -INT64_MIN overflows.
  int64_t distance = step > 0 ? end - start : start - end;
  if (distance <= 0)
    return 0;
  uint64_t stride = step > 0 ? static_cast<uint64_t>(step)
                             : 0ull - static_cast<uint64_t>(step);
  return static_cast<int64_t>((static_cast<uint64_t>(distance) - 1) / stride +
                              1);
}

std::optional<int64_t> getDilatedExtent(int64_t kernel, int64_t dilation) {
  std::optional<int64_t> scaled = llvm::checkedMul(kernel - 1, dilation);
  return scaled ? llvm::checkedAdd(*scaled, int64_t(1)) : std::nullopt;
}

std::optional<int64_t> computeWindowOutputSize(int64_t in, int64_t kernel,
                                               int64_t stride, int64_t padBegin,
                                               int64_t padEnd, int64_t dilation,
                                               bool ceilMode) {
  std::optional<int64_t> extent = getDilatedExtent(kernel, dilation);
  std::optional<int64_t> start = llvm::checkedAdd(in, padBegin);
  if (!extent || !start)
    return std::nullopt;
  std::optional<int64_t> padded = llvm::checkedAdd(*start, padEnd);
  if (!padded)
    return std::nullopt;
  std::optional<int64_t> span = llvm::checkedSub(*padded, *extent);
  if (!span)
    return std::nullopt;
  int64_t steps = ceilMode ? llvm::divideCeilSigned(*span, stride)
                           : llvm::divideFloorSigned(*span, stride);
  if (ceilMode) {
    // An overflowing start offset lies past the padded start anyway; a
    // negative one cannot overflow since steps * stride >= span.
    std::optional<int64_t> lastStart = llvm::checkedMul(steps, stride);
    if (!lastStart || *lastStart >= *start)
      --steps;
  }
  return llvm::checkedAdd(steps, int64_t(1));
}

std::optional<int64_t>
computeTransposedOutputSize(int64_t in, int64_t kernel, int64_t stride,
                            int64_t padBegin, int64_t padEnd, int64_t dilation,
                            int64_t outputPadding) {
  std::optional<int64_t> out = llvm::checkedMul(in - 1, stride);
  std::optional<int64_t> extent = getDilatedExtent(kernel, dilation);
  if (!out || !extent)
    return std::nullopt;
  out = llvm::checkedAdd(*out, *extent);
  if (out)
    out = llvm::checkedAdd(*out, outputPadding);
  if (out)
    out = llvm::checkedSub(*out, padBegin);
  if (out)
    out = llvm::checkedSub(*out, padEnd);
  return out;
}

LogicalResult trait::verifyElementCountsFit(Operation *op) {
  auto check = [&](Type type, StringRef what, unsigned index) -> LogicalResult {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    if (!tensorType)
      return success();
    int64_t count = 1;
    for (int64_t size : tensorType.getShape()) {
      if (ShapedType::isDynamic(size))
        continue;
      std::optional<int64_t> next = llvm::checkedMul(count, size);
      if (!next)
        return op->emitOpError() << what << " #" << index << " type " << type
                                 << " has more elements than fit in int64";
      count = *next;
    }
    return success();
  };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", index)))
      return failure();
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", index)))
      return failure();
  return success();
}

int64_t integerPower(int64_t base, int64_t exponent) {
  if (exponent < 0) {
    if (base == 1)
      return 1;
    if (base == -1)
      return (exponent & 1) ? -1 : 1;
    return 0;
  }
  // Unsigned arithmetic wraps without undefined behaviour.
  uint64_t result = 1, square = static_cast<uint64_t>(base);
  for (uint64_t bits = static_cast<uint64_t>(exponent); bits; bits >>= 1) {
    if (bits & 1)
      result *= square;
    square *= square;
  }
  return static_cast<int64_t>(result);
}

Attribute getSplatValue(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || !dense.isSplat())
    return {};
  return dense.getSplatValue<Attribute>();
}

Attribute makeSplat(Type type, Attribute scalar) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  auto typed = dyn_cast_or_null<TypedAttr>(scalar);
  if (!typed || !tensorType || !tensorType.hasStaticShape() ||
      typed.getType() != tensorType.getElementType())
    return {};
  return DenseElementsAttr::get(tensorType, scalar);
}

OpFoldResult foldSplat(Attribute operand, Type resultType) {
  return makeSplat(resultType, getSplatValue(operand));
}

OpFoldResult foldReshapedConstant(Attribute operand, Type resultType) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(operand);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!dense || !type || !type.hasStaticShape() ||
      type.getElementType() != dense.getElementType() ||
      type.getNumElements() != dense.getNumElements())
    return {};
  return dense.reshape(type);
}

std::optional<SmallVector<int64_t>> getConstantInts(Value value) {
  DenseIntElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APInt>(),
                      [](const APInt &v) { return v.getSExtValue(); }));
}

namespace detail {

LogicalResult inferUnaryResultType(std::optional<Location> loc, Type input,
                                   SmallVectorImpl<Type> &inferred) {
  if (!isa<RankedTensorType>(input))
    return emitOptionalError(loc, "expected a ranked tensor operand");
  inferred.push_back(input);
  return success();
}

LogicalResult inferBroadcastResultType(std::optional<Location> loc,
                                       ValueRange operands, bool boolResult,
                                       SmallVectorImpl<Type> &inferred) {
  SmallVector<ShapedType> types;
  for (Value operand : operands) {
    auto type = getRankedType(operand);
    if (!type)
      return emitOptionalError(loc, "expected ranked tensor operands");
    types.push_back(type);
  }
  if (types.empty())
    return emitOptionalError(loc, "expected operands");
  Type elementType = types.front().getElementType();
  for (ShapedType type : types) {
    if (type.getElementType() != elementType)
      return emitOptionalError(loc, "operands have different element types: ",
                               elementType, " vs ", type.getElementType());
  }
  SmallVector<int64_t> shape;
  if (failed(inferBroadcastShape(loc, types, shape)))
    return failure();
  Type resultElement =
      boolResult ? IntegerType::get(elementType.getContext(), 1) : elementType;
  inferred.push_back(RankedTensorType::get(shape, resultElement));
  return success();
}

LogicalResult reifySameShape(OpBuilder &builder, Location loc, Value source,
                             ReifiedRankedShapedTypeDims &shapes) {
  shapes.push_back(tensor::getMixedSizes(builder, loc, source));
  return success();
}

} // namespace detail

} // namespace strata::graph
