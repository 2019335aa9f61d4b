//===- GraphElementwiseOps.cpp - Elementwise graph ops --------------------===//
//
// Verifiers, inference and the cheap folders of the elementwise family:
// identities (x + 0, x * 1, cast to the same type, ...) and ops whose
// operands are all splat constants. Folding non-splat constants is the job
// of the shared evaluator (graph-fold-constants), not of these folders.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Splat folding helpers
//===----------------------------------------------------------------------===//

namespace {
/// A scalar function over doubles; nullopt means "do not fold".
using FloatFn = llvm::function_ref<std::optional<double>(double)>;
using IntFn = llvm::function_ref<std::optional<int64_t>(int64_t)>;
using FloatFn2 = llvm::function_ref<std::optional<double>(double, double)>;
using IntFn2 = llvm::function_ref<std::optional<int64_t>(int64_t, int64_t)>;
using FloatCmp = llvm::function_ref<bool(double, double)>;
using IntCmp = llvm::function_ref<bool(int64_t, int64_t)>;
/// A function of the bits of two integers of one width.
using BitsFn2 = llvm::function_ref<APInt(const APInt &, const APInt &)>;
} // namespace

static double toDouble(const APFloat &value) {
  APFloat copy = value;
  bool losesInfo = false;
  copy.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return copy.convertToDouble();
}

static Attribute makeFloat(FloatType type, double value) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
  return FloatAttr::get(type, result);
}

/// Integers are signed and wrap around at their width, as the kernels do.
static Attribute makeInt(IntegerType type, int64_t value) {
  APInt wide(64, static_cast<uint64_t>(value), /*isSigned=*/true);
  return IntegerAttr::get(type, wide.trunc(type.getWidth()));
}

/// The value of a signless (signed) integer attribute, sign-extended.
static int64_t toInt(IntegerAttr attr) {
  if (attr.getType().isInteger(1))
    return attr.getValue().getBoolValue() ? 1 : 0;
  return attr.getValue().getSExtValue();
}

/// Whether `attr` holds an unsigned integer: the int64 folders below compute
/// signed results, so they leave those to graph-fold-constants.
static bool isUnsignedAttr(Attribute attr) {
  auto intAttr = dyn_cast<IntegerAttr>(attr);
  return intAttr && intAttr.getType().isUnsignedInteger();
}

static OpFoldResult foldUnarySplat(Attribute operand, Type resultType,
                                   FloatFn floatFn, IntFn intFn) {
  Attribute splat = getSplatValue(operand);
  if (!splat)
    return {};
  if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
    if (!floatFn)
      return {};
    std::optional<double> value = floatFn(toDouble(floatAttr.getValue()));
    if (!value)
      return {};
    return makeSplat(resultType,
                     makeFloat(cast<FloatType>(floatAttr.getType()), *value));
  }
  auto intAttr = cast<IntegerAttr>(splat);
  if (!intFn || isUnsignedAttr(intAttr))
    return {};
  std::optional<int64_t> value = intFn(toInt(intAttr));
  if (!value)
    return {};
  return makeSplat(resultType,
                   makeInt(cast<IntegerType>(intAttr.getType()), *value));
}

static OpFoldResult foldFloatUnary(Attribute operand, Type resultType,
                                   double (*fn)(double)) {
  return foldUnarySplat(
      operand, resultType,
      [&](double x) -> std::optional<double> { return fn(x); }, nullptr);
}

static OpFoldResult foldBinarySplat(ArrayRef<Attribute> operands,
                                    Type resultType, FloatFn2 floatFn,
                                    IntFn2 intFn) {
  Attribute lhs = getSplatValue(operands[0]);
  Attribute rhs = getSplatValue(operands[1]);
  if (!lhs || !rhs)
    return {};
  if (auto lhsFloat = dyn_cast<FloatAttr>(lhs)) {
    auto rhsFloat = dyn_cast<FloatAttr>(rhs);
    if (!floatFn || !rhsFloat)
      return {};
    std::optional<double> value =
        floatFn(toDouble(lhsFloat.getValue()), toDouble(rhsFloat.getValue()));
    if (!value)
      return {};
    return makeSplat(resultType,
                     makeFloat(cast<FloatType>(lhsFloat.getType()), *value));
  }
  auto lhsInt = dyn_cast<IntegerAttr>(lhs);
  auto rhsInt = dyn_cast<IntegerAttr>(rhs);
  if (!intFn || !lhsInt || !rhsInt || isUnsignedAttr(lhsInt))
    return {};
  std::optional<int64_t> value = intFn(toInt(lhsInt), toInt(rhsInt));
  if (!value)
    return {};
  return makeSplat(resultType,
                   makeInt(cast<IntegerType>(lhsInt.getType()), *value));
}

/// A bitwise op or shift of two splat integer constants of one type. On the
/// bits themselves, unlike foldBinarySplat's int64 arithmetic: the result
/// does not depend on how the bits read as a number, so unsigned operands
/// fold too (a shift that depends on the signedness reads it from the type
/// itself).
static OpFoldResult foldBitsSplat(ArrayRef<Attribute> operands, Type resultType,
                                  BitsFn2 fn) {
  auto lhs = dyn_cast_if_present<IntegerAttr>(getSplatValue(operands[0]));
  auto rhs = dyn_cast_if_present<IntegerAttr>(getSplatValue(operands[1]));
  if (!lhs || !rhs || lhs.getType() != rhs.getType())
    return {};
  return makeSplat(
      resultType,
      IntegerAttr::get(lhs.getType(), fn(lhs.getValue(), rhs.getValue())));
}

static OpFoldResult foldCompareSplat(ArrayRef<Attribute> operands,
                                     Type resultType, FloatCmp floatCmp,
                                     IntCmp intCmp) {
  Attribute lhs = getSplatValue(operands[0]);
  Attribute rhs = getSplatValue(operands[1]);
  if (!lhs || !rhs)
    return {};
  bool value;
  if (auto lhsFloat = dyn_cast<FloatAttr>(lhs)) {
    auto rhsFloat = dyn_cast<FloatAttr>(rhs);
    if (!rhsFloat)
      return {};
    value =
        floatCmp(toDouble(lhsFloat.getValue()), toDouble(rhsFloat.getValue()));
  } else {
    auto lhsInt = dyn_cast<IntegerAttr>(lhs);
    auto rhsInt = dyn_cast<IntegerAttr>(rhs);
    if (!lhsInt || !rhsInt || isUnsignedAttr(lhsInt))
      return {};
    value = intCmp(toInt(lhsInt), toInt(rhsInt));
  }
  Builder builder(resultType.getContext());
  return makeSplat(resultType, builder.getBoolAttr(value));
}

/// The right identities of the binary folders. Floats distinguish the
/// signed zeros: `x + -0.0` is `x` for every x, but `-0.0 + 0.0` is `+0.0`,
/// so `x + 0.0` is not an identity; `x - 0.0` is. AllOnes is the integer
/// with every bit set (`x & ~0`): true for i1, -1 or the largest unsigned
/// value otherwise; no float matches it.
enum class Identity { Zero, NegZero, One, AllOnes };

/// True when `attr` is a splat constant equal to `identity`. Integer zeros
/// match both Zero and NegZero.
static bool isSplatIdentity(Attribute attr, Identity identity) {
  Attribute splat = getSplatValue(attr);
  if (!splat)
    return false;
  if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
    const APFloat &value = floatAttr.getValue();
    if (identity == Identity::AllOnes)
      return false;
    if (identity == Identity::One)
      return value.isExactlyValue(1.0);
    return value.isZero() &&
           value.isNegative() == (identity == Identity::NegZero);
  }
  auto intAttr = dyn_cast<IntegerAttr>(splat);
  if (!intAttr)
    return false;
  switch (identity) {
  case Identity::One:
    return intAttr.getValue().isOne();
  case Identity::AllOnes:
    return intAttr.getValue().isAllOnes();
  default:
    return intAttr.getValue().isZero();
  }
}

/// `x op c` folds to `x` when `c` is the identity and folding keeps the type
/// (a broadcasting `c` may make the result larger than `x`).
static OpFoldResult foldRightIdentity(Value lhs, Attribute rhs, Type resultType,
                                      Identity identity) {
  if (lhs.getType() == resultType && isSplatIdentity(rhs, identity))
    return lhs;
  return {};
}

/// The smallest value of `type`'s signed integer element type; 0 when it is
/// not an integer type of more than one bit.
static int64_t getSignedMinValue(Type type) {
  auto intType = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  if (!intType || intType.getWidth() <= 1)
    return 0;
  return APInt::getSignedMinValue(intType.getWidth()).getSExtValue();
}

/// Converts the integral `bound` to an integer of `width` bits (unsigned
/// with `isUnsigned`); nullopt when it is not integral or out of range.
static std::optional<int64_t> getIntegralBound(const APFloat &bound,
                                               unsigned width,
                                               bool isUnsigned = false) {
  llvm::APSInt result(width, isUnsigned);
  bool isExact = false;
  if (bound.convertToInteger(result, APFloat::rmTowardZero, &isExact) !=
          APFloat::opOK ||
      !isExact)
    return std::nullopt;
  return isUnsigned ? static_cast<int64_t>(result.getZExtValue())
                    : result.getSExtValue();
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// The checks of a single op beyond the shared ones; overloaded below for
/// the ops that have some.
template <typename OpTy> static LogicalResult verifyOpSpecific(OpTy) {
  return success();
}

/// clip: ordered, non-NaN bounds; integral, representable ones for integers.
static LogicalResult verifyOpSpecific(ClipOp op) {
  std::optional<APFloat> min = op.getMin();
  std::optional<APFloat> max = op.getMax();
  // A NaN bound has no agreed meaning (max(x, NaN) differs between kernels).
  if ((min && min->isNaN()) || (max && max->isNaN()))
    return op.emitOpError("bounds must not be NaN");
  if (min && max && max->compare(*min) == APFloat::cmpLessThan)
    return op.emitOpError("min ") << min->convertToDouble() << " exceeds max "
                                  << max->convertToDouble();
  // ONNX passes integer bounds as tensors of the input's type, so they must
  // be integral and representable in it.
  Type elementType = op.getInput().getType().getElementType();
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    for (std::optional<APFloat> bound : {min, max}) {
      if (!bound)
        continue;
      if (!bound->isInteger())
        return op.emitOpError("bound ")
               << bound->convertToDouble()
               << " is not integral for an integer tensor";
      if (!getIntegralBound(*bound, intType.getWidth(),
                            intType.isUnsignedInteger()))
        return op.emitOpError("bound ") << bound->convertToDouble()
                                        << " is out of range for " << intType;
    }
  }
  return success();
}

/// mod: floats only have the C semantics (ONNX requires fmod = 1 for them).
static LogicalResult verifyOpSpecific(ModOp op) {
  if (isa<FloatType>(op.getLhs().getType().getElementType()) && !op.getFmod())
    return op.emitOpError("requires fmod = true for floating-point operands");
  return success();
}

/// The verifier of every elementwise op (the ODS classes call it).
template <typename OpTy> static LogicalResult verifyElementwiseOp(OpTy op) {
  return verifyOpSpecific(op);
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [](double x) -> std::optional<double> { return -x; },
      [](int64_t x) -> std::optional<int64_t> {
        return static_cast<int64_t>(0ull - static_cast<uint64_t>(x));
      });
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [](double x) -> std::optional<double> { return std::fabs(x); },
      [](int64_t x) -> std::optional<int64_t> {
        return x < 0 ? static_cast<int64_t>(0ull - static_cast<uint64_t>(x))
                     : x;
      });
}

OpFoldResult ExpOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::exp(x); });
}

OpFoldResult LogOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::log(x); });
}

OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::sqrt(x); });
}

OpFoldResult RsqrtOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return 1.0 / std::sqrt(x); });
}

OpFoldResult ReciprocalOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return 1.0 / x; });
}

OpFoldResult TanhOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::tanh(x); });
}

OpFoldResult SigmoidOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return 1.0 / (1.0 + std::exp(-x)); });
}

OpFoldResult ReluOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      // max(x, 0) propagates NaN and maps -0.0 to +0.0.
      [](double x) -> std::optional<double> {
        return std::isnan(x) ? x : (x > 0 ? x : 0.0);
      },
      [](int64_t x) -> std::optional<int64_t> { return x > 0 ? x : 0; });
}

OpFoldResult ErfOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::erf(x); });
}

OpFoldResult SinOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::sin(x); });
}

OpFoldResult CosOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::cos(x); });
}

OpFoldResult TanOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::tan(x); });
}

OpFoldResult AsinOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::asin(x); });
}

OpFoldResult AcosOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::acos(x); });
}

OpFoldResult AtanOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::atan(x); });
}

OpFoldResult SinhOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::sinh(x); });
}

OpFoldResult CoshOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::cosh(x); });
}

OpFoldResult AsinhOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::asinh(x); });
}

OpFoldResult AcoshOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::acosh(x); });
}

OpFoldResult AtanhOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::atanh(x); });
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::floor(x); });
}

OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::ceil(x); });
}

OpFoldResult RoundOp::fold(FoldAdaptor adaptor) {
  // std::nearbyint rounds halves to even in the default rounding mode.
  return foldFloatUnary(adaptor.getInput(), getType(),
                        [](double x) { return std::nearbyint(x); });
}

OpFoldResult SignOp::fold(FoldAdaptor adaptor) {
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [](double x) -> std::optional<double> {
        if (std::isnan(x))
          return x;
        return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
      },
      [](int64_t x) -> std::optional<int64_t> {
        return x > 0 ? 1 : (x < 0 ? -1 : 0);
      });
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  // On the bits, so that unsigned integers fold too; ~ is logical not on i1.
  auto splat =
      dyn_cast_if_present<IntegerAttr>(getSplatValue(adaptor.getInput()));
  if (!splat)
    return {};
  return makeSplat(getType(),
                   IntegerAttr::get(splat.getType(), ~splat.getValue()));
}

OpFoldResult LeakyReluOp::fold(FoldAdaptor adaptor) {
  double alpha = getAlpha().convertToDouble();
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [&](double x) -> std::optional<double> { return x >= 0 ? x : alpha * x; },
      nullptr);
}

OpFoldResult GeluOp::fold(FoldAdaptor adaptor) {
  bool useTanh = getApproximate() == GeluApproximation::Tanh;
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [&](double x) -> std::optional<double> {
        if (useTanh) {
          constexpr double kSqrt2OverPi = 0.7978845608028654;
          return 0.5 * x *
                 (1.0 + std::tanh(kSqrt2OverPi * (x + 0.044715 * x * x * x)));
        }
        return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
      },
      nullptr);
}

OpFoldResult ClipOp::fold(FoldAdaptor adaptor) {
  std::optional<APFloat> minAttr = getMin();
  std::optional<APFloat> maxAttr = getMax();
  // clip without bounds is the identity.
  if (!minAttr && !maxAttr && getInput().getType() == getType())
    return getInput();
  double lo = minAttr ? minAttr->convertToDouble() : -INFINITY;
  double hi = maxAttr ? maxAttr->convertToDouble() : INFINITY;
  return foldUnarySplat(
      adaptor.getInput(), getType(),
      [&](double x) -> std::optional<double> {
        // IEEE maximum/minimum: NaN stays NaN, -0.0 clamped at 0.0 is 0.0.
        return llvm::minimum(llvm::maximum(APFloat(x), APFloat(lo)),
                             APFloat(hi))
            .convertToDouble();
      },
      // Clamp in the integer domain: doubles cannot hold every i64.
      [&](int64_t x) -> std::optional<int64_t> {
        std::optional<int64_t> intLo, intHi;
        if (minAttr && !(intLo = getIntegralBound(*minAttr, 64)))
          return std::nullopt;
        if (maxAttr && !(intHi = getIntegralBound(*maxAttr, 64)))
          return std::nullopt;
        if (intLo && x < *intLo)
          return *intLo;
        if (intHi && x > *intHi)
          return *intHi;
        return x;
      });
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  if (failed(verifyCompatibleShape(getInput().getType(), getType())))
    return emitOpError("result type ")
           << getType() << " has a shape incompatible with input type "
           << getInput().getType();
  return success();
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  Attribute splat = getSplatValue(adaptor.getInput());
  if (!splat)
    return {};
  Type resultElement = getType().getElementType();
  Builder builder(getContext());
  Attribute scalar;
  if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
    double value = toDouble(floatAttr.getValue());
    if (auto floatType = dyn_cast<FloatType>(resultElement)) {
      // A single rounding from the source format.
      APFloat converted = floatAttr.getValue();
      bool losesInfo = false;
      converted.convert(floatType.getFloatSemantics(),
                        APFloat::rmNearestTiesToEven, &losesInfo);
      scalar = FloatAttr::get(floatType, converted);
    } else if (resultElement.isInteger(1)) {
      scalar = builder.getBoolAttr(value != 0.0);
    } else {
      auto intType = cast<IntegerType>(resultElement);
      double truncated = std::trunc(value);
      // Out-of-range conversions are undefined in ONNX: leave them alone.
      bool isUnsigned = intType.isUnsignedInteger();
      double limit = std::ldexp(1.0, intType.getWidth() - (isUnsigned ? 0 : 1));
      double low = isUnsigned ? 0.0 : -limit;
      if (std::isnan(value) || truncated < low || truncated >= limit)
        return {};
      APFloat exact(truncated);
      llvm::APSInt converted(intType.getWidth(), isUnsigned);
      bool isExact = false;
      exact.convertToInteger(converted, APFloat::rmTowardZero, &isExact);
      scalar = IntegerAttr::get(intType, converted);
    }
  } else {
    auto intAttr = cast<IntegerAttr>(splat);
    bool sourceUnsigned =
        intAttr.getType().isInteger(1) || intAttr.getType().isUnsignedInteger();
    if (auto floatType = dyn_cast<FloatType>(resultElement)) {
      // Round once: going through double would round large i64 values
      // twice (e.g. 2^60 + 2^36 + 1 to f32).
      APFloat converted(floatType.getFloatSemantics());
      converted.convertFromAPInt(intAttr.getValue(), !sourceUnsigned,
                                 APFloat::rmNearestTiesToEven);
      scalar = FloatAttr::get(floatType, converted);
    } else if (resultElement.isInteger(1)) {
      scalar = builder.getBoolAttr(!intAttr.getValue().isZero());
    } else {
      // Extended by the source's signedness, then wrapped to the width.
      unsigned width = cast<IntegerType>(resultElement).getWidth();
      APInt value = sourceUnsigned ? intAttr.getValue().zextOrTrunc(width)
                                   : intAttr.getValue().sextOrTrunc(width);
      scalar = IntegerAttr::get(resultElement, value);
    }
  }
  return makeSplat(getType(), scalar);
}

LogicalResult CastOp::reifyResultShapes(OpBuilder &builder,
                                        ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getInput(), shapes);
}

//===----------------------------------------------------------------------===//
// Binary arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::NegZero))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> { return a + b; },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return static_cast<int64_t>(static_cast<uint64_t>(a) +
                                    static_cast<uint64_t>(b));
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> { return a - b; },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return static_cast<int64_t>(static_cast<uint64_t>(a) -
                                    static_cast<uint64_t>(b));
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::One))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> { return a * b; },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return static_cast<int64_t>(static_cast<uint64_t>(a) *
                                    static_cast<uint64_t>(b));
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  int64_t minValue = getSignedMinValue(getType());
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::One))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> { return a / b; },
      [minValue](int64_t a, int64_t b) -> std::optional<int64_t> {
        // As graph.div defines: x / 0 is 0, INT_MIN / -1 (at the element
        // width, e.g. -128 / -1 in i8) wraps to INT_MIN.
        if (b == 0)
          return 0;
        if (b == -1 && a == minValue)
          return minValue;
        return a / b;
      });
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::One))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> {
        return std::pow(a, b);
      },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return integerPower(a, b);
      });
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() && getLhs().getType() == getType())
    return getLhs();
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> {
        // IEEE maximum: propagates NaN, -0.0 < +0.0.
        return llvm::maximum(APFloat(a), APFloat(b)).convertToDouble();
      },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return std::max(a, b);
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() && getLhs().getType() == getType())
    return getLhs();
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> {
        // IEEE minimum: propagates NaN, -0.0 < +0.0.
        return llvm::minimum(APFloat(a), APFloat(b)).convertToDouble();
      },
      [](int64_t a, int64_t b) -> std::optional<int64_t> {
        return std::min(a, b);
      });
}

OpFoldResult ModOp::fold(FoldAdaptor adaptor) {
  bool fmod = getFmod();
  return foldBinarySplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) -> std::optional<double> {
        return std::fmod(a, b);
      },
      [fmod](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (b == 0)
          return 0; // As graph.mod defines (numpy's result).
        // x % -1 is 0; computing INT64_MIN % -1 would be undefined in C++.
        if (b == -1)
          return 0;
        int64_t remainder = a % b;
        // Python's % takes the divisor's sign.
        if (!fmod && remainder != 0 && ((remainder < 0) != (b < 0)))
          remainder += b;
        return remainder;
      });
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::AllOnes))
    return identity;
  return foldBitsSplat(adaptor.getOperands(), getType(),
                       [](const APInt &a, const APInt &b) { return a & b; });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBitsSplat(adaptor.getOperands(), getType(),
                       [](const APInt &a, const APInt &b) { return a | b; });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBitsSplat(adaptor.getOperands(), getType(),
                       [](const APInt &a, const APInt &b) { return a ^ b; });
}

// APInt's shifts by an APInt read the amount as unsigned and saturate it at
// the width (getLimitedValue), which is the ops' definition: an amount of
// the width or more shifts every bit out.

OpFoldResult ShiftLeftOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBitsSplat(
      adaptor.getOperands(), getType(),
      [](const APInt &x, const APInt &amount) { return x.shl(amount); });
}

OpFoldResult ShiftRightOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  bool isUnsigned = getType().getElementType().isUnsignedInteger();
  return foldBitsSplat(adaptor.getOperands(), getType(),
                       [&](const APInt &x, const APInt &amount) {
                         return isUnsigned ? x.lshr(amount) : x.ashr(amount);
                       });
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

OpFoldResult EqualOp::fold(FoldAdaptor adaptor) {
  return foldCompareSplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) { return a == b; },
      [](int64_t a, int64_t b) { return a == b; });
}

OpFoldResult LessOp::fold(FoldAdaptor adaptor) {
  return foldCompareSplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) { return a < b; },
      [](int64_t a, int64_t b) { return a < b; });
}

OpFoldResult LessEqualOp::fold(FoldAdaptor adaptor) {
  return foldCompareSplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) { return a <= b; },
      [](int64_t a, int64_t b) { return a <= b; });
}

OpFoldResult GreaterOp::fold(FoldAdaptor adaptor) {
  return foldCompareSplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) { return a > b; },
      [](int64_t a, int64_t b) { return a > b; });
}

OpFoldResult GreaterEqualOp::fold(FoldAdaptor adaptor) {
  return foldCompareSplat(
      adaptor.getOperands(), getType(),
      [](double a, double b) { return a >= b; },
      [](int64_t a, int64_t b) { return a >= b; });
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto trueType = getRankedType(adaptor.getTrueValue());
  auto falseType = getRankedType(adaptor.getFalseValue());
  auto condType = getRankedType(adaptor.getCondition());
  if (!trueType || !falseType || !condType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (trueType.getElementType() != falseType.getElementType())
    return emitOptionalError(location,
                             "true and false values have different element "
                             "types: ",
                             trueType.getElementType(), " vs ",
                             falseType.getElementType());
  SmallVector<int64_t> shape;
  if (failed(inferBroadcastShape(location, {condType, trueType, falseType},
                                 shape)))
    return failure();
  inferred.push_back(RankedTensorType::get(shape, trueType.getElementType()));
  return success();
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value chosen;
  if (getTrueValue() == getFalseValue()) {
    chosen = getTrueValue();
  } else if (Attribute splat = getSplatValue(adaptor.getCondition())) {
    chosen = cast<IntegerAttr>(splat).getValue().getBoolValue()
                 ? getTrueValue()
                 : getFalseValue();
  }
  if (chosen && chosen.getType() == getType())
    return chosen;
  return {};
}

LogicalResult SelectOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  shapes.push_back(
      reifyBroadcastShape(builder, getLoc(), getOperation()->getOperands()));
  return success();
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//
//
// Rewrites that a folder cannot express because they create ops or look
// through the producer of an operand. Each keeps every value exactly.

/// True when every value of the element type `from` is exactly a value of
/// `to`, so that a cast from -> to keeps the value (NaN stays NaN, -0.0
/// stays -0.0). Integers are signed; i1 holds 0 and 1 (a cast from i1 gives
/// 0 or 1, not -1). A signed w-bit integer needs w - 1 significant bits and
/// exponents up to w - 1 in a float: i8 fits f16 and bf16, i32 does not fit
/// f32. Floats check the format's range, precision and special values
/// (APFloat::isRepresentableBy): f16 and bf16 fit f32, not each other.
static bool representsExactly(Type from, Type to) {
  if (from == to)
    return true;
  if (auto fromInt = dyn_cast<IntegerType>(from)) {
    unsigned width = fromInt.getWidth();
    if (auto toInt = dyn_cast<IntegerType>(to))
      return width == 1 || (toInt.getWidth() != 1 && toInt.getWidth() >= width);
    auto toFloat = dyn_cast<FloatType>(to);
    if (!toFloat)
      return false;
    if (width == 1)
      return true;
    const llvm::fltSemantics &semantics = toFloat.getFloatSemantics();
    return width - 1 <= APFloat::semanticsPrecision(semantics) &&
           static_cast<int>(width - 1) <=
               static_cast<int>(APFloat::semanticsMaxExponent(semantics));
  }
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  return fromFloat && toFloat &&
         APFloat::isRepresentableBy(fromFloat.getFloatSemantics(),
                                    toFloat.getFloatSemantics());
}

/// True for integer element types other than i1 (whose casts test for
/// non-zero instead of wrapping).
static bool isWrappingInt(Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  return intType && intType.getWidth() > 1;
}

/// For op(c, x) or op(x, c) with a splat constant `c`: the number of
/// leading dims by which `c` grows x's rank, when that is all it changes in
/// the broadcast result (every size of `c` is 1 or x's static size at the
/// aligned dim; the dims in front of x's are 1). The result is then
/// `[1] * excess ++ x's shape` and a rank-0 `c` gives the same values with
/// x's shape. nullopt when `c` widens some dim of x.
static std::optional<int64_t> getSplatRankExcess(RankedTensorType splatType,
                                                 RankedTensorType otherType) {
  int64_t rank = splatType.getRank();
  int64_t otherRank = otherType.getRank();
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = splatType.getDimSize(dim);
    if (size == 1)
      continue;
    int64_t otherDim = dim - (rank - otherRank);
    if (otherDim < 0 || otherType.isDynamicDim(otherDim) ||
        otherType.getDimSize(otherDim) != size)
      return std::nullopt;
  }
  return std::max<int64_t>(0, rank - otherRank);
}

/// True when ShrinkSplatOperand rewrites a splat constant of `splatType`
/// next to an operand of `otherType`: the splat raises the rank and changes
/// nothing else. (A splat of the other operand's rank stays: it costs no
/// rank and the identity folders already see through it.)
static bool isShrinkableSplat(RankedTensorType splatType,
                              RankedTensorType otherType) {
  std::optional<int64_t> excess = getSplatRankExcess(splatType, otherType);
  return excess && *excess > 0;
}

namespace {

/// cast(cast(x : A -> B) : B -> C) -> cast(x : A -> C), or x when x has the
/// result type (C == A: a round trip such as i8 -> i32 -> i8 or
/// f16 -> f32 -> f16). Exact when
/// - B represents every value of A (representsExactly): the first cast
///   keeps x's value, and every cast is a function of the value alone
///   (float rounding to nearest even, truncation toward zero to integers,
///   wrapping between integers, non-zero test to i1), so casting it to C
///   gives what casting x to C gives; or
/// - A, B and C are integers wider than i1 and B is at least as wide as C:
///   wrapping to B's width and then to C's is wrapping to C's width.
/// Not f32 -> f16 -> f32 (rounds) nor i32 -> i8 -> i32 (wraps). The shapes
/// of x and the result must be compatible for the new cast to verify.
struct FoldCastOfCast : OpRewritePattern<CastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getInput().getDefiningOp<CastOp>();
    if (!inner)
      return failure();
    Value source = inner.getInput();
    auto sourceType = getRankedType(source);
    if (!sourceType)
      return failure();
    Type from = sourceType.getElementType();
    Type middle = inner.getType().getElementType();
    Type to = op.getType().getElementType();
    bool exact = representsExactly(from, middle);
    bool wraps = isWrappingInt(from) && isWrappingInt(middle) &&
                 isWrappingInt(to) &&
                 cast<IntegerType>(middle).getWidth() >=
                     cast<IntegerType>(to).getWidth();
    if (!exact && !wraps)
      return failure();
    if (source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    if (failed(verifyCompatibleShape(sourceType, op.getType())))
      return failure();
    rewriter.replaceOpWithNewOp<CastOp>(op, op.getType(), source);
    return success();
  }
};

/// op(x, c) or op(c, x) with a splat constant `c` of higher rank than x
/// that only adds leading size-1 dims (its other sizes are 1 or repeat x's
/// static sizes, see getSplatRankExcess) -> unsqueeze(op(x, c0)) with `c0`
/// the rank-0 splat of the same value and the added dims inserted at the
/// front. Each result element is x's element combined with the one value
/// of `c` either way, and the result sizes are [1, ..., 1] ++ x's. The op
/// then has x's shape, so the identity folders (x * 1, x + -0.0, ...) and
/// the reshape-chain patterns see through the broadcast.
template <typename OpTy> struct ShrinkSplatOperand : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    for (unsigned index : {1u, 0u}) {
      Value splat = op->getOperand(index);
      Value other = op->getOperand(1 - index);
      DenseElementsAttr attr;
      if (splat == other || !matchPattern(splat, m_Constant(&attr)) ||
          !attr.isSplat())
        continue;
      auto splatType = getRankedType(splat);
      auto otherType = getRankedType(other);
      if (!splatType || !otherType || attr.getType() != splatType ||
          !isShrinkableSplat(splatType, otherType))
        continue;
      int64_t excess = *getSplatRankExcess(splatType, otherType);
      // isShrinkableSplat guarantees excess > 0: the op keeps the rank of
      // x and an unsqueeze restores the result's.
      RankedTensorType type = op.getType();
      Location loc = op.getLoc();
      auto scalarType = RankedTensorType::get({}, splatType.getElementType());
      Value scalar = ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(scalarType, attr.getSplatValue<Attribute>()));
      auto newType = RankedTensorType::get(type.getShape().drop_front(excess),
                                           type.getElementType());
      IRMapping mapping;
      mapping.map(splat, scalar);
      Operation *shrunk = rewriter.clone(*op, mapping);
      rewriter.modifyOpInPlace(shrunk,
                               [&] { shrunk->getResult(0).setType(newType); });
      rewriter.replaceOpWithNewOp<UnsqueezeOp>(
          op, type, shrunk->getResult(0),
          llvm::to_vector(llvm::seq<int64_t>(0, excess)));
      return success();
    }
    return failure();
  }
};

/// x * 1 (or 1 * x) and x / 1 -> expand(x, shape(result)) when the splat 1
/// broadcasts x to a larger static result: every element is x's element
/// unchanged (exactly, for floats too: x * 1.0 and x / 1.0 are x, NaN and
/// -0.0 included), repeated as broadcasting repeats it, which is what
/// expand does. The folder covers the case where the result has x's type;
/// the rank-only growth of a shrinkable splat is left to ShrinkSplatOperand
/// (one canonical form). `commutative` also matches c op x. The template
/// takes any right identity (x + -0.0, x and true, ...), but only mul and
/// div use it for now: the elementwise tests pin the other broadcasting
/// identities as left alone.
template <typename OpTy, Identity identity, bool commutative>
struct ExpandIdentityOperand : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!type.hasStaticShape())
      return failure();
    for (unsigned index : {1u, 0u}) {
      if (index == 0 && !commutative)
        break;
      Value constant = op->getOperand(index);
      Value input = op->getOperand(1 - index);
      Attribute attr;
      if (!matchPattern(constant, m_Constant(&attr)) ||
          !isSplatIdentity(attr, identity))
        continue;
      auto constantType = getRankedType(constant);
      auto inputType = getRankedType(input);
      if (!constantType || !inputType || inputType == type ||
          inputType.getElementType() != type.getElementType() ||
          isShrinkableSplat(constantType, inputType) ||
          inputType.getRank() > type.getRank())
        continue;
      // expand keeps a static size other than 1 only where the result
      // repeats it (always so in a valid program; checked so that the new op
      // verifies).
      int64_t offset = type.getRank() - inputType.getRank();
      bool expandable = llvm::all_of(
          llvm::seq<int64_t>(0, inputType.getRank()), [&](int64_t dim) {
            int64_t size = inputType.getDimSize(dim);
            return ShapedType::isDynamic(size) || size == 1 ||
                   size == type.getDimSize(dim + offset);
          });
      if (!expandable)
        continue;
      auto shapeType =
          RankedTensorType::get({type.getRank()}, rewriter.getIntegerType(64));
      Value shape = ConstantOp::create(
          rewriter, op.getLoc(),
          DenseIntElementsAttr::get(shapeType, type.getShape()));
      rewriter.replaceOpWithNewOp<ExpandOp>(op, type, input, shape);
      return success();
    }
    return failure();
  }
};

/// x - x -> 0 for integers: wrapping subtraction of a value from itself is
/// 0 for every value. A static result becomes a splat constant, a dynamic
/// one constant_of_shape(shape_of(x)) (x - x has x's shape), which no
/// longer reads x's elements. Not for floats: inf - inf and NaN - NaN are
/// NaN.
struct FoldIntegerSelfSubtraction : OpRewritePattern<SubOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SubOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return failure();
    RankedTensorType type = op.getType();
    auto intType = dyn_cast<IntegerType>(type.getElementType());
    if (!intType)
      return failure();
    Attribute zero = rewriter.getIntegerAttr(intType, 0);
    if (type.hasStaticShape()) {
      rewriter.replaceOpWithNewOp<ConstantOp>(
          op, DenseElementsAttr::get(type, zero));
      return success();
    }
    Location loc = op.getLoc();
    Value input = op.getLhs();
    auto shapeType =
        RankedTensorType::get({type.getRank()}, rewriter.getIntegerType(64));
    Value shape = ShapeOfOp::create(rewriter, loc, shapeType, input);
    auto valueType = RankedTensorType::get({1}, intType);
    rewriter.replaceOpWithNewOp<ConstantOfShapeOp>(
        op, type, shape, DenseElementsAttr::get(valueType, zero));
    return success();
  }
};

} // namespace

void CastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldCastOfCast>(context);
}

void AddOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<AddOp>>(context);
}

void SubOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<SubOp>, FoldIntegerSelfSubtraction>(context);
}

void MulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<MulOp>,
              ExpandIdentityOperand<MulOp, Identity::One, true>>(context);
}

void DivOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<DivOp>,
              ExpandIdentityOperand<DivOp, Identity::One, false>>(context);
}

void PowOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<PowOp>>(context);
}

void AndOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<AndOp>>(context);
}

void OrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<ShrinkSplatOperand<OrOp>>(context);
}

void XorOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<XorOp>>(context);
}

void ShiftLeftOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShrinkSplatOperand<ShiftLeftOp>>(context);
}

void ShiftRightOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ShrinkSplatOperand<ShiftRightOp>>(context);
}

void MaxOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<MaxOp>>(context);
}

void MinOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<MinOp>>(context);
}

void ModOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ShrinkSplatOperand<ModOp>>(context);
}

void EqualOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<ShrinkSplatOperand<EqualOp>>(context);
}

void LessOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<ShrinkSplatOperand<LessOp>>(context);
}

void LessEqualOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ShrinkSplatOperand<LessEqualOp>>(context);
}

void GreaterOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ShrinkSplatOperand<GreaterOp>>(context);
}

void GreaterEqualOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ShrinkSplatOperand<GreaterEqualOp>>(context);
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphElementwiseOps.cpp.inc"
