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
#include "mlir/IR/Matchers.h"
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

static int64_t toInt(IntegerAttr attr) {
  if (attr.getType().isInteger(1))
    return attr.getValue().getBoolValue() ? 1 : 0;
  return attr.getValue().getSExtValue();
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
  if (!intFn)
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
  if (!intFn || !lhsInt || !rhsInt)
    return {};
  std::optional<int64_t> value = intFn(toInt(lhsInt), toInt(rhsInt));
  if (!value)
    return {};
  return makeSplat(resultType,
                   makeInt(cast<IntegerType>(lhsInt.getType()), *value));
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
    if (!lhsInt || !rhsInt)
      return {};
    value = intCmp(toInt(lhsInt), toInt(rhsInt));
  }
  Builder builder(resultType.getContext());
  return makeSplat(resultType, builder.getBoolAttr(value));
}

/// The right identities of the binary folders. Floats distinguish the
/// signed zeros: `x + -0.0` is `x` for every x, but `-0.0 + 0.0` is `+0.0`,
/// so `x + 0.0` is not an identity; `x - 0.0` is.
enum class Identity { Zero, NegZero, One };

/// True when `attr` is a splat constant equal to `identity`. Integer zeros
/// match both Zero and NegZero.
static bool isSplatIdentity(Attribute attr, Identity identity) {
  Attribute splat = getSplatValue(attr);
  if (!splat)
    return false;
  if (auto floatAttr = dyn_cast<FloatAttr>(splat)) {
    const APFloat &value = floatAttr.getValue();
    if (identity == Identity::One)
      return value.isExactlyValue(1.0);
    return value.isZero() &&
           value.isNegative() == (identity == Identity::NegZero);
  }
  auto intAttr = dyn_cast<IntegerAttr>(splat);
  if (!intAttr)
    return false;
  return identity == Identity::One ? intAttr.getValue().isOne()
                                   : intAttr.getValue().isZero();
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

/// Converts the integral `bound` to an integer of `width` bits; nullopt when
/// it is not integral or out of range.
static std::optional<int64_t> getIntegralBound(const APFloat &bound,
                                               unsigned width) {
  llvm::APSInt result(width, /*isUnsigned=*/false);
  bool isExact = false;
  if (bound.convertToInteger(result, APFloat::rmTowardZero, &isExact) !=
          APFloat::opOK ||
      !isExact)
    return std::nullopt;
  return result.getSExtValue();
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
      if (!getIntegralBound(*bound, intType.getWidth()))
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
  return foldUnarySplat(
      adaptor.getInput(), getType(), nullptr,
      [](int64_t x) -> std::optional<int64_t> { return x ? 0 : 1; });
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
      double limit = std::ldexp(1.0, intType.getWidth() - 1);
      if (std::isnan(value) || truncated < -limit || truncated >= limit)
        return {};
      scalar = makeInt(intType, static_cast<int64_t>(truncated));
    }
  } else {
    auto intAttr = cast<IntegerAttr>(splat);
    int64_t value = toInt(intAttr);
    if (auto floatType = dyn_cast<FloatType>(resultElement)) {
      // Round once: going through double would round large i64 values
      // twice (e.g. 2^60 + 2^36 + 1 to f32).
      APFloat converted(floatType.getFloatSemantics());
      converted.convertFromAPInt(intAttr.getValue(),
                                 /*IsSigned=*/!intAttr.getType().isInteger(1),
                                 APFloat::rmNearestTiesToEven);
      scalar = FloatAttr::get(floatType, converted);
    } else if (resultElement.isInteger(1)) {
      scalar = builder.getBoolAttr(value != 0);
    } else {
      scalar = makeInt(cast<IntegerType>(resultElement), value);
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
        // Division by zero and INT_MIN / -1 (at the element width, e.g.
        // -128 / -1 in i8) are undefined: leave them to run time.
        if (b == 0 || (b == -1 && a == minValue))
          return std::nullopt;
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
      nullptr);
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
          return std::nullopt;
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
                                                getType(), Identity::One))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(), nullptr,
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a & b; });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(), nullptr,
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a | b; });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldRightIdentity(getLhs(), adaptor.getRhs(),
                                                getType(), Identity::Zero))
    return identity;
  return foldBinarySplat(
      adaptor.getOperands(), getType(), nullptr,
      [](int64_t a, int64_t b) -> std::optional<int64_t> { return a ^ b; });
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

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphElementwiseOps.cpp.inc"
