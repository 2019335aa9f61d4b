//===- EvaluateElementwise.cpp - Reference evaluation of elementwise ops --===//
//
// Unary math, trigonometric and hyperbolic functions and activations, cast,
// broadcasting binary arithmetic, bitwise logic and shifts, comparisons and
// select. Every op computes in double (floats) or int64 (integers) and
// rounds or wraps once when the result element is stored, so the values
// match the splat folders of GraphElementwiseOps.cpp, which this file must
// agree with: integer arithmetic wraps at the element width, and where an
// op is undefined (integer division by zero, INT_MIN / -1, an out-of-range
// float-to-integer cast) evaluation fails with a reason instead of
// inventing a value.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;

namespace {
using FloatUnaryFn = function_ref<double(double)>;
using IntUnaryFn = function_ref<int64_t(int64_t)>;
/// Binary kernels; an integer kernel returns nullopt (after setting the
/// reason) where the op is undefined.
using FloatBinaryFn = function_ref<double(double, double)>;
using IntBinaryFn = function_ref<std::optional<int64_t>(int64_t, int64_t)>;
using FloatCompareFn = function_ref<bool(double, double)>;
using IntCompareFn = function_ref<bool(int64_t, int64_t)>;
} // namespace

/// Integer arithmetic in uint64_t: signed overflow is undefined in C++, and
/// the wrapped 64-bit result wraps further to the element width on store.
static int64_t wrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) +
                              static_cast<uint64_t>(b));
}
static int64_t wrappingSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) -
                              static_cast<uint64_t>(b));
}
static int64_t wrappingMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) *
                              static_cast<uint64_t>(b));
}

/// IEEE 754-2019 maximum/minimum, as the folders use: NaN propagates and
/// -0.0 orders below +0.0.
static double ieeeMaximum(double a, double b) {
  return llvm::maximum(APFloat(a), APFloat(b)).convertToDouble();
}
static double ieeeMinimum(double a, double b) {
  return llvm::minimum(APFloat(a), APFloat(b)).convertToDouble();
}

/// The smallest value of a signed `width`-bit integer (0 for i1, which has
/// no signed arithmetic here).
static int64_t getSignedMin(unsigned width) {
  if (width <= 1)
    return 0;
  return APInt::getSignedMinValue(width).getSExtValue();
}

/// The integral `bound` of a clip on integers as an int64_t; nullopt when it
/// is not integral or does not fit (the verifier rejects both).
static std::optional<int64_t> getIntegralBound(const APFloat &bound) {
  llvm::APSInt result(64, /*isUnsigned=*/false);
  bool isExact = false;
  if (bound.convertToInteger(result, APFloat::rmTowardZero, &isExact) !=
          APFloat::opOK ||
      !isExact)
    return std::nullopt;
  return result.getSExtValue();
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

/// Calls `body` with each row-major result index of `resultType` and the
/// matching index of every operand under numpy broadcasting, until `body`
/// fails. Fails (with `whyNot`) when the operands do not broadcast to
/// exactly the result's shape, which the verifier normally guarantees.
static LogicalResult forEachBroadcastElement(
    ArrayRef<EvalTensor> operands, RankedTensorType resultType,
    function_ref<LogicalResult(int64_t, ArrayRef<int64_t>)> body,
    std::string &whyNot) {
  SmallVector<ShapedType> operandTypes;
  for (const EvalTensor &operand : operands)
    operandTypes.push_back(operand.getType());
  SmallVector<int64_t> broadcastShape;
  if (failed(inferBroadcastShape(std::nullopt, operandTypes, broadcastShape)) ||
      ArrayRef<int64_t>(broadcastShape) != resultType.getShape()) {
    whyNot = "operand shapes do not broadcast to the result shape " +
             formatShape(resultType.getShape());
    return failure();
  }
  SmallVector<ArrayRef<int64_t>> operandShapes;
  for (const EvalTensor &operand : operands)
    operandShapes.push_back(operand.getShape());
  // The shapes broadcast to the result's (checked above): a failure is
  // `body`'s.
  return forEachBroadcastIndex(resultType.getShape(), operandShapes, body);
}

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace {
/// Evaluates one elementwise op: its operands, its single result, and the
/// reason of a failure.
struct ElementwiseEvaluator {
  ArrayRef<EvalTensor> operands;
  /// The op's single result type, static (evaluateOp checked it).
  RankedTensorType resultType;
  std::string &whyNot;
  /// Created by map(), so that ops of other families allocate nothing.
  EvalTensor result;

  LogicalResult fail(const Twine &reason) {
    whyNot = reason.str();
    return failure();
  }

  /// Fails when an operand holds ui64 values the int64 arithmetic cannot
  /// order (see hasUnorderedUnsigned); ops that compare, divide or convert
  /// call it first.
  LogicalResult checkOrderable() {
    for (const EvalTensor &operand : operands)
      if (strata::graph::detail::hasUnorderedUnsigned(operand))
        return fail("ui64 values of 2^63 and more are not evaluated");
    return success();
  }

  /// Stores `body`'s value for every result element, with broadcast
  /// operand indices.
  LogicalResult
  map(function_ref<LogicalResult(int64_t, ArrayRef<int64_t>)> body) {
    result = EvalTensor(resultType);
    return forEachBroadcastElement(operands, resultType, body, whyNot);
  }

  /// A unary op on floats (`floatFn`) or integers (`intFn`); a null kernel
  /// means the op does not take that element type.
  LogicalResult unary(FloatUnaryFn floatFn, IntUnaryFn intFn) {
    const EvalTensor &input = operands[0];
    if (input.isFloat() ? !floatFn : !intFn)
      return fail("unsupported element type");
    return map([&](int64_t index, ArrayRef<int64_t> at) {
      if (input.isFloat())
        result.setFloat(index, floatFn(input.getFloat(at[0])));
      else
        result.setInt(index, intFn(input.getInt(at[0])));
      return success();
    });
  }

  /// A broadcasting binary op with a result of the operands' element type.
  LogicalResult binary(FloatBinaryFn floatFn, IntBinaryFn intFn) {
    const EvalTensor &lhs = operands[0], &rhs = operands[1];
    if (lhs.isFloat() != rhs.isFloat() || (lhs.isFloat() ? !floatFn : !intFn))
      return fail("unsupported element types");
    return map([&](int64_t index, ArrayRef<int64_t> at) {
      if (lhs.isFloat()) {
        result.setFloat(index,
                        floatFn(lhs.getFloat(at[0]), rhs.getFloat(at[1])));
        return success();
      }
      std::optional<int64_t> value =
          intFn(lhs.getInt(at[0]), rhs.getInt(at[1]));
      if (!value)
        return failure();
      result.setInt(index, *value);
      return success();
    });
  }

  /// A broadcasting comparison with an i1 result. Floats compare as IEEE
  /// does (every ordered comparison with NaN is false), integers exactly.
  LogicalResult compare(FloatCompareFn floatFn, IntCompareFn intFn) {
    const EvalTensor &lhs = operands[0], &rhs = operands[1];
    if (lhs.isFloat() != rhs.isFloat())
      return fail("unsupported element types");
    if (failed(checkOrderable()))
      return failure();
    return map([&](int64_t index, ArrayRef<int64_t> at) {
      bool value = lhs.isFloat()
                       ? floatFn(lhs.getFloat(at[0]), rhs.getFloat(at[1]))
                       : intFn(lhs.getInt(at[0]), rhs.getInt(at[1]));
      result.setInt(index, value ? 1 : 0);
      return success();
    });
  }

  LogicalResult evaluate(ClipOp op);
  LogicalResult evaluate(CastOp op);
  LogicalResult evaluate(DivOp op);
  LogicalResult evaluate(PowOp op);
  LogicalResult evaluate(ModOp op);
  LogicalResult evaluate(ShiftLeftOp op);
  LogicalResult evaluate(ShiftRightOp op);
  LogicalResult evaluate(SelectOp op);
};
} // namespace

/// clip: IEEE maximum/minimum against the bounds for floats (NaN stays
/// NaN), exact clamping for integers (doubles cannot hold every i64).
LogicalResult ElementwiseEvaluator::evaluate(ClipOp op) {
  if (failed(checkOrderable()))
    return failure();
  std::optional<APFloat> minAttr = op.getMin();
  std::optional<APFloat> maxAttr = op.getMax();
  if (operands[0].isFloat()) {
    double lo = minAttr ? minAttr->convertToDouble() : -INFINITY;
    double hi = maxAttr ? maxAttr->convertToDouble() : INFINITY;
    return unary([&](double x) { return ieeeMinimum(ieeeMaximum(x, lo), hi); },
                 nullptr);
  }
  std::optional<int64_t> lo, hi;
  if ((minAttr && !(lo = getIntegralBound(*minAttr))) ||
      (maxAttr && !(hi = getIntegralBound(*maxAttr))))
    return fail("clip bounds are not integral");
  return unary(nullptr, [&](int64_t x) {
    if (lo && x < *lo)
      return *lo;
    if (hi && x > *hi)
      return *hi;
    return x;
  });
}

/// cast: one rounding from the source value to a float type; truncation
/// toward zero to an integer type, failing where the value is NaN or out of
/// range (undefined in ONNX); any non-zero value to true for i1; integer to
/// integer wraps.
LogicalResult ElementwiseEvaluator::evaluate(CastOp) {
  const EvalTensor &input = operands[0];
  bool sourceUnsigned = input.isUnsigned();
  bool resultUnsigned = resultType.getElementType().isUnsignedInteger();
  Type resultElement = resultType.getElementType();
  auto floatType = dyn_cast<FloatType>(resultElement);
  bool toBool = resultElement.isInteger(1);
  unsigned width = resultElement.getIntOrFloatBitWidth();
  return map([&](int64_t index, ArrayRef<int64_t> at) -> LogicalResult {
    if (input.isFloat()) {
      // The stored double is the exact source value, so setFloat rounds it
      // to a float result type once.
      double value = input.getFloat(at[0]);
      if (floatType) {
        result.setFloat(index, value);
        return success();
      }
      if (toBool) {
        result.setInt(index, value != 0.0 ? 1 : 0);
        return success();
      }
      double truncated = std::trunc(value);
      double limit = std::ldexp(1.0, width - (resultUnsigned ? 0 : 1));
      double low = resultUnsigned ? 0.0 : -limit;
      if (std::isnan(value) || truncated < low || truncated >= limit)
        return fail("cast of " + llvm::formatv("{0}", value).str() + " to " +
                    (resultUnsigned ? "ui" : "i") + Twine(width) +
                    " is out of range");
      result.setInt(index, static_cast<int64_t>(truncated));
      return success();
    }
    int64_t value = input.getInt(at[0]);
    if (floatType) {
      // Round the integer once: through double, a large i64 would round
      // twice (e.g. 2^60 + 2^36 + 1 to f32).
      APFloat converted(floatType.getFloatSemantics());
      // ui64 values are their bit pattern: convert them unsigned.
      converted.convertFromAPInt(APInt(64, static_cast<uint64_t>(value),
                                       /*isSigned=*/!sourceUnsigned),
                                 /*IsSigned=*/!sourceUnsigned,
                                 APFloat::rmNearestTiesToEven);
      bool losesInfo = false;
      converted.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
      result.setFloat(index, converted.convertToDouble());
      return success();
    }
    result.setInt(index, toBool ? (value != 0 ? 1 : 0) : value);
    return success();
  });
}

/// div: integer division truncates toward zero; x / 0 is 0 and INT_MIN / -1
/// at the element width wraps to INT_MIN (numpy's results).
LogicalResult ElementwiseEvaluator::evaluate(DivOp) {
  if (failed(checkOrderable()))
    return failure();
  int64_t minValue =
      getSignedMin(resultType.getElementType().getIntOrFloatBitWidth());
  return binary([](double a, double b) { return a / b; },
                [&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (b == 0)
                    return 0;
                  if (b == -1 && a == minValue)
                    return minValue;
                  // a == INT64_MIN with b == -1 is covered above for i64.
                  return a / b;
                });
}

/// pow: std::pow for floats; integers as graph.pow documents (repeated
/// squaring, wrapping; negative exponents truncate 1 / base^-exponent).
LogicalResult ElementwiseEvaluator::evaluate(PowOp) {
  if (failed(checkOrderable()))
    return failure();
  return binary([](double a, double b) { return std::pow(a, b); },
                [](int64_t base, int64_t exponent) -> std::optional<int64_t> {
                  return integerPower(base, exponent);
                });
}

/// mod: C's fmod for floats and with `fmod = true`; Python's % (the sign of
/// the divisor) otherwise. Integer x % 0 is 0 (numpy's result).
LogicalResult ElementwiseEvaluator::evaluate(ModOp op) {
  if (failed(checkOrderable()))
    return failure();
  bool fmod = op.getFmod();
  return binary([](double a, double b) { return std::fmod(a, b); },
                [&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (b == 0)
                    return 0;
                  // x % -1 is 0; INT64_MIN % -1 is undefined in C++.
                  if (b == -1)
                    return 0;
                  int64_t remainder = a % b;
                  if (!fmod && remainder != 0 && (remainder < 0) != (b < 0))
                    remainder += b;
                  return remainder;
                });
}

/// shift_left: the amount reads as unsigned (a negative signed one is huge),
/// and one of the width or more shifts every bit out. Computed on the
/// 64-bit pattern, which setInt wraps to the element width: the low bits of
/// a left shift do not depend on the bits above them.
LogicalResult ElementwiseEvaluator::evaluate(ShiftLeftOp) {
  unsigned width = resultType.getElementType().getIntOrFloatBitWidth();
  return binary(
      nullptr, [&](int64_t x, int64_t amount) -> std::optional<int64_t> {
        if (static_cast<uint64_t>(amount) >= width)
          return 0;
        return static_cast<int64_t>(static_cast<uint64_t>(x) << amount);
      });
}

/// shift_right: logical for unsigned integers (held zero-extended),
/// arithmetic for signed ones (held sign-extended, so the 64-bit shift fills
/// with the element's sign bit); an amount of the width or more, negative
/// ones included, leaves 0, or -1 for a negative signed value (numpy).
LogicalResult ElementwiseEvaluator::evaluate(ShiftRightOp) {
  Type elementType = resultType.getElementType();
  unsigned width = elementType.getIntOrFloatBitWidth();
  bool isUnsigned = elementType.isUnsignedInteger();
  return binary(
      nullptr, [&](int64_t x, int64_t amount) -> std::optional<int64_t> {
        if (static_cast<uint64_t>(amount) >= width)
          return !isUnsigned && x < 0 ? -1 : 0;
        if (isUnsigned)
          return static_cast<int64_t>(static_cast<uint64_t>(x) >> amount);
        // An arithmetic shift: >> of a negative value is implementation-defined
        // before C++20, arithmetic on every compiler this builds with.
        return x >> amount;
      });
}

/// select: the three operands broadcast together.
LogicalResult ElementwiseEvaluator::evaluate(SelectOp) {
  const EvalTensor &condition = operands[0];
  const EvalTensor &trueValue = operands[1], &falseValue = operands[2];
  if (trueValue.getElementType() != resultType.getElementType() ||
      falseValue.getElementType() != resultType.getElementType())
    return fail("select values and result differ in element type");
  return map([&](int64_t index, ArrayRef<int64_t> at) {
    bool chooseTrue = condition.getInt(at[0]) != 0;
    const EvalTensor &chosen = chooseTrue ? trueValue : falseValue;
    int64_t from = chooseTrue ? at[1] : at[2];
    if (result.isFloat())
      result.setFloat(index, chosen.getFloat(from));
    else
      result.setInt(index, chosen.getInt(from));
    return success();
  });
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// The tanh approximation of GELU, as the folder computes it.
static double geluTanh(double x) {
  constexpr double kSqrt2OverPi = 0.7978845608028654;
  return 0.5 * x * (1.0 + std::tanh(kSqrt2OverPi * (x + 0.044715 * x * x * x)));
}

static double geluErf(double x) {
  return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
}

strata::graph::detail::FamilyResult
strata::graph::detail::evaluateElementwiseOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  auto resultType = op->getNumResults() == 1
                        ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                        : RankedTensorType();
  if (!resultType)
    return std::nullopt;
  ElementwiseEvaluator eval{operands, resultType, whyNot, EvalTensor()};
  auto floatOnly = [&](FloatUnaryFn fn) { return eval.unary(fn, nullptr); };
  FamilyResult status =
      llvm::TypeSwitch<Operation *, FamilyResult>(op)
          // Unary ops.
          .Case([&](NegOp) {
            return eval.unary([](double x) { return -x; },
                              [](int64_t x) { return wrappingSub(0, x); });
          })
          .Case([&](AbsOp) {
            if (failed(eval.checkOrderable()))
              return failure();
            return eval.unary(
                [](double x) { return std::fabs(x); },
                [](int64_t x) { return x < 0 ? wrappingSub(0, x) : x; });
          })
          .Case([&](ExpOp) {
            return floatOnly([](double x) { return std::exp(x); });
          })
          .Case([&](LogOp) {
            return floatOnly([](double x) { return std::log(x); });
          })
          .Case([&](SqrtOp) {
            return floatOnly([](double x) { return std::sqrt(x); });
          })
          .Case([&](RsqrtOp) {
            return floatOnly([](double x) { return 1.0 / std::sqrt(x); });
          })
          .Case([&](ReciprocalOp) {
            return floatOnly([](double x) { return 1.0 / x; });
          })
          .Case([&](TanhOp) {
            return floatOnly([](double x) { return std::tanh(x); });
          })
          .Case([&](SigmoidOp) {
            return floatOnly(
                [](double x) { return 1.0 / (1.0 + std::exp(-x)); });
          })
          .Case([&](ReluOp) {
            if (failed(eval.checkOrderable()))
              return failure();
            // max(x, 0) propagates NaN and maps -0.0 to +0.0.
            return eval.unary(
                [](double x) { return std::isnan(x) ? x : (x > 0 ? x : 0.0); },
                [](int64_t x) -> int64_t { return x > 0 ? x : 0; });
          })
          .Case([&](ErfOp) {
            return floatOnly([](double x) { return std::erf(x); });
          })
          .Case([&](SinOp) {
            return floatOnly([](double x) { return std::sin(x); });
          })
          .Case([&](CosOp) {
            return floatOnly([](double x) { return std::cos(x); });
          })
          .Case([&](TanOp) {
            return floatOnly([](double x) { return std::tan(x); });
          })
          .Case([&](AsinOp) {
            return floatOnly([](double x) { return std::asin(x); });
          })
          .Case([&](AcosOp) {
            return floatOnly([](double x) { return std::acos(x); });
          })
          .Case([&](AtanOp) {
            return floatOnly([](double x) { return std::atan(x); });
          })
          .Case([&](SinhOp) {
            return floatOnly([](double x) { return std::sinh(x); });
          })
          .Case([&](CoshOp) {
            return floatOnly([](double x) { return std::cosh(x); });
          })
          .Case([&](AsinhOp) {
            return floatOnly([](double x) { return std::asinh(x); });
          })
          .Case([&](AcoshOp) {
            return floatOnly([](double x) { return std::acosh(x); });
          })
          .Case([&](AtanhOp) {
            return floatOnly([](double x) { return std::atanh(x); });
          })
          .Case([&](FloorOp) {
            return floatOnly([](double x) { return std::floor(x); });
          })
          .Case([&](CeilOp) {
            return floatOnly([](double x) { return std::ceil(x); });
          })
          .Case([&](RoundOp) {
            // nearbyint rounds halves to even in the default rounding mode.
            return floatOnly([](double x) { return std::nearbyint(x); });
          })
          .Case([&](SignOp) {
            if (failed(eval.checkOrderable()))
              return failure();
            return eval.unary(
                [](double x) {
                  if (std::isnan(x))
                    return x;
                  return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
                },
                [](int64_t x) -> int64_t {
                  return x > 0 ? 1 : (x < 0 ? -1 : 0);
                });
          })
          .Case([&](NotOp) {
            // Every bit of the 64-bit pattern; setInt keeps the element's
            // (the low one for i1).
            return eval.unary(nullptr, [](int64_t x) -> int64_t { return ~x; });
          })
          .Case([&](LeakyReluOp leakyRelu) {
            // alpha is an f32 attribute: 0.01 is 0.00999999977648258.
            double alpha = leakyRelu.getAlpha().convertToDouble();
            return floatOnly([&](double x) { return x >= 0 ? x : alpha * x; });
          })
          .Case([&](GeluOp gelu) {
            return floatOnly(gelu.getApproximate() == GeluApproximation::Tanh
                                 ? geluTanh
                                 : geluErf);
          })
          .Case([&](ClipOp clip) { return eval.evaluate(clip); })
          .Case([&](CastOp cast) { return eval.evaluate(cast); })
          // Binary arithmetic.
          .Case([&](AddOp) {
            return eval.binary(
                [](double a, double b) { return a + b; },
                [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return wrappingAdd(a, b);
                });
          })
          .Case([&](SubOp) {
            return eval.binary(
                [](double a, double b) { return a - b; },
                [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return wrappingSub(a, b);
                });
          })
          .Case([&](MulOp) {
            return eval.binary(
                [](double a, double b) { return a * b; },
                [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return wrappingMul(a, b);
                });
          })
          .Case([&](DivOp div) { return eval.evaluate(div); })
          .Case([&](PowOp pow) { return eval.evaluate(pow); })
          .Case([&](MaxOp) {
            if (failed(eval.checkOrderable()))
              return failure();
            return eval.binary(
                ieeeMaximum,
                [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return std::max(a, b);
                });
          })
          .Case([&](MinOp) {
            if (failed(eval.checkOrderable()))
              return failure();
            return eval.binary(
                ieeeMinimum,
                [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return std::min(a, b);
                });
          })
          .Case([&](ModOp mod) { return eval.evaluate(mod); })
          // Bitwise logic (logical on i1) and shifts: the 64-bit patterns
          // (sign- or zero-extended) give the element's bits once wrapped.
          .Case([&](AndOp) {
            return eval.binary(
                nullptr, [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return a & b;
                });
          })
          .Case([&](OrOp) {
            return eval.binary(
                nullptr, [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return a | b;
                });
          })
          .Case([&](XorOp) {
            return eval.binary(
                nullptr, [](int64_t a, int64_t b) -> std::optional<int64_t> {
                  return a ^ b;
                });
          })
          .Case([&](ShiftLeftOp shift) { return eval.evaluate(shift); })
          .Case([&](ShiftRightOp shift) { return eval.evaluate(shift); })
          // Comparisons.
          .Case([&](EqualOp) {
            return eval.compare([](double a, double b) { return a == b; },
                                [](int64_t a, int64_t b) { return a == b; });
          })
          .Case([&](LessOp) {
            return eval.compare([](double a, double b) { return a < b; },
                                [](int64_t a, int64_t b) { return a < b; });
          })
          .Case([&](LessEqualOp) {
            return eval.compare([](double a, double b) { return a <= b; },
                                [](int64_t a, int64_t b) { return a <= b; });
          })
          .Case([&](GreaterOp) {
            return eval.compare([](double a, double b) { return a > b; },
                                [](int64_t a, int64_t b) { return a > b; });
          })
          .Case([&](GreaterEqualOp) {
            return eval.compare([](double a, double b) { return a >= b; },
                                [](int64_t a, int64_t b) { return a >= b; });
          })
          .Case([&](SelectOp select) { return eval.evaluate(select); })
          .Default([](Operation *) { return std::nullopt; });
  if (status && succeeded(*status))
    results.push_back(std::move(eval.result));
  return status;
}
