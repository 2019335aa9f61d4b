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
