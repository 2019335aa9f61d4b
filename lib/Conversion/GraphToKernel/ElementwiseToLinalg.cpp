//===- ElementwiseToLinalg.cpp - Elementwise graph ops to linalg ----------===//
//
// Every elementwise graph op (unary math, trigonometric and hyperbolic
// functions and activations, cast, broadcasting binary arithmetic, bitwise
// logic and shifts, comparisons and select) becomes one linalg.generic
// whose indexing maps express numpy broadcasting and whose body computes
// one element with arith/math, as the reference evaluator
// (lib/Dialect/Graph/Evaluator/EvaluateElementwise.cpp) does.
//
// Broadcasting is expressed in the maps only: an operand dim that is missing
// (lower rank) is dropped, and a static size-1 dim facing a result dim that
// may be larger reads index 0. A `?` operand dim must equal the result
// dim: a runtime size of 1 broadcast to a larger size cannot be written as
// an affine map (TOSA and torch-mlir make the same assumption), so the host
// checks it before the kernel runs and reports a mismatch with both sizes;
// the graph passes refine shapes before lowering.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace strata;
using strata::detail::checkSizesEqual;
using strata::detail::createEmptyResult;
using strata::detail::createScalarConstant;
using strata::detail::getSizeForCheck;

//===----------------------------------------------------------------------===//
// Broadcasting linalg.generic
//===----------------------------------------------------------------------===//

/// The indexing maps of an elementwise linalg.generic that computes
/// `resultType` from operands of `operandTypes` under numpy broadcasting:
/// one map per operand, then the identity for the result. Operand dims align
/// with the result's trailing dims; a static size-1 operand dim facing a
/// result dim that is not static 1 reads index 0. A `?` operand dim is
/// checked against the result dim at run time (checkBroadcastSizes). Fails when
/// an operand is unranked, has a higher rank than the result, or has a static
/// size that cannot broadcast to the result's.
static FailureOr<SmallVector<AffineMap>>
getBroadcastIndexingMaps(MLIRContext *context, TypeRange operandTypes,
                         RankedTensorType resultType) {
  int64_t rank = resultType.getRank();
  ArrayRef<int64_t> resultShape = resultType.getShape();
  SmallVector<AffineMap> maps;
  for (Type type : operandTypes) {
    auto operandType = dyn_cast<RankedTensorType>(type);
    if (!operandType || operandType.getRank() > rank)
      return failure();
    int64_t offset = rank - operandType.getRank();
    SmallVector<AffineExpr> exprs;
    for (auto [dim, size] : llvm::enumerate(operandType.getShape())) {
      int64_t resultDim = offset + static_cast<int64_t>(dim);
      int64_t resultSize = resultShape[resultDim];
      if (size == 1 && resultSize != 1) {
        exprs.push_back(getAffineConstantExpr(0, context));
        continue;
      }
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(resultSize) &&
          size != resultSize)
        return failure();
      exprs.push_back(getAffineDimExpr(resultDim, context));
    }
    maps.push_back(AffineMap::get(rank, /*symbolCount=*/0, exprs, context));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
  return maps;
}

/// Checks at run time that every operand dim read with the result's index
/// (all but static size-1 dims facing a larger result) has the result's
/// size: a `?` operand dim of size 1 facing a larger result would need a
/// broadcast that an affine map cannot express, and reading it with the
/// result's index would run past its end.
static void checkBroadcastSizes(OpBuilder &builder, Operation *op,
                                ValueRange operands, Value init) {
  Location loc = op->getLoc();
  auto resultType = cast<RankedTensorType>(init.getType());
  int64_t rank = resultType.getRank();
  for (auto [index, operand] : llvm::enumerate(operands)) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    int64_t offset = rank - operandType.getRank();
    for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
      if (!operandType.isDynamicDim(dim))
        continue;
      checkSizesEqual(builder, loc, getSizeForCheck(builder, loc, operand, dim),
                      getSizeForCheck(builder, loc, init, offset + dim),
                      op->getName().getStringRef() + ": operand #" +
                          Twine(index) + " dim " + Twine(dim) +
                          " does not have the result's size (a `?` dim is not "
                          "broadcast at run time: declare a size-1 dim as 1)");
    }
  }
}

/// Computes one result element from the operands' elements.
using ScalarBodyFn =
    function_ref<Value(OpBuilder &builder, Location loc, ValueRange args)>;

/// Replaces the single-result elementwise `op` with one all-parallel
/// linalg.generic over its result, reading `operands` through broadcasting
/// maps; `body` computes an element. The result is allocated with
/// createEmptyResult, so `?` sizes come from the op's reification.
static LogicalResult
replaceWithElementwiseGeneric(ConversionPatternRewriter &rewriter,
                              Operation *op, ValueRange operands,
                              ScalarBodyFn body) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return rewriter.notifyMatchFailure(op, "expected a ranked tensor result");
  FailureOr<SmallVector<AffineMap>> maps = getBroadcastIndexingMaps(
      rewriter.getContext(), operands.getTypes(), resultType);
  if (failed(maps))
    return rewriter.notifyMatchFailure(
        op, "operand shapes do not broadcast to the result shape");
  FailureOr<Value> init = createEmptyResult(rewriter, op);
  if (failed(init))
    return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
  checkBroadcastSizes(rewriter, op, operands, *init);
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, op->getLoc(), TypeRange{resultType}, operands,
      ValueRange{*init}, *maps, iterators,
      [&](OpBuilder &builder, Location loc, ValueRange args) {
        Value result = body(builder, loc, args.drop_back());
        linalg::YieldOp::create(builder, loc, result);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// Scalar helpers
//===----------------------------------------------------------------------===//

static bool isFloat(Value value) { return isa<FloatType>(value.getType()); }

/// Whether `op`'s integer operands (or results) were unsigned before
/// convert-graph-to-kernel made every integer signless (see
/// graph::kUnsignedOperandsAttr).
static bool hasUnsignedOperands(Operation *op) {
  return op->hasAttr(strata::kUnsignedOperandsAttr);
}
static bool hasUnsignedResults(Operation *op) {
  return op->hasAttr(strata::kUnsignedResultsAttr);
}

static Value constantLike(OpBuilder &b, Location loc, Value like,
                          double value) {
  return createScalarConstant(b, loc, like.getType(), value);
}

/// Evaluates a float formula `compute` on `args` (one float type): in f32
/// for f16 and bf16 (extending the arguments and rounding the result once),
/// as the evaluator computes in double and rounds once on store. In the
/// narrow type, a multi-step formula would round every step and its
/// constants, and a transcendental function (whose lowering varies by
/// target) could be off by more than the final rounding.
static Value computeInF32(OpBuilder &b, Location loc, ValueRange args,
                          function_ref<Value(ValueRange)> compute) {
  auto type = cast<FloatType>(args.front().getType());
  if (type.getWidth() >= 32)
    return compute(args);
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(arith::ExtFOp::create(b, loc, b.getF32Type(), arg));
  return arith::TruncFOp::create(b, loc, type, compute(wide));
}

/// A unary math op `MathOp` computed as computeInF32 says.
template <typename MathOp>
static Value buildMathInF32(OpBuilder &b, Location loc, Value x) {
  return computeInF32(b, loc, x, [&](ValueRange args) -> Value {
    return MathOp::create(b, loc, args[0]);
  });
}

/// Converts the scalar `x` to `to` as graph.cast does: floats round to the
/// nearest (one rounding; f16 <-> bf16 go through the exact f32), floats
/// truncate toward zero to integers (fptosi, fptoui for unsigned results),
/// integers convert by the source's signedness (sitofp/extsi, or uitofp/
/// extui when `fromUnsigned`; trunci), a value is true as i1 when it is not
/// zero (NaN included, hence `une`), and i1 is 0 or 1 (uitofp, extui).
static Value buildCast(OpBuilder &b, Location loc, Value x, Type to,
                       bool fromUnsigned = false, bool toUnsigned = false) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (to.isInteger(1)) {
    Value zero = constantLike(b, loc, x, 0.0);
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
  }
  if (from.isInteger(1)) {
    if (toFloat)
      return arith::UIToFPOp::create(b, loc, to, x);
    return arith::ExtUIOp::create(b, loc, to, x);
  }
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() < toFloat.getWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    if (fromFloat.getWidth() > toFloat.getWidth())
      return arith::TruncFOp::create(b, loc, to, x);
    // f16 <-> bf16: neither is wider; f32 holds both exactly.
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (fromFloat)
    return toUnsigned ? arith::FPToUIOp::create(b, loc, to, x).getResult()
                      : arith::FPToSIOp::create(b, loc, to, x).getResult();
  if (toFloat)
    return fromUnsigned ? arith::UIToFPOp::create(b, loc, to, x).getResult()
                        : arith::SIToFPOp::create(b, loc, to, x).getResult();
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return fromUnsigned ? arith::ExtUIOp::create(b, loc, to, x).getResult()
                        : arith::ExtSIOp::create(b, loc, to, x).getResult();
  if (from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth())
    return x; // signless after the unsigned types were erased
  return arith::TruncIOp::create(b, loc, to, x);
}

//===----------------------------------------------------------------------===//
// Element computations, one per op
//===----------------------------------------------------------------------===//

// Each overload computes one element of its op from the operands' elements
// `args` (already broadcast); `resultType` is the result element type.

/// -x; integers wrap (0 - x).
static Value buildElement(graph::NegOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  if (isFloat(x))
    return arith::NegFOp::create(b, loc, x);
  return arith::SubIOp::create(b, loc, constantLike(b, loc, x, 0), x);
}

/// |x|: max(x, 0 - x) wraps INT_MIN to itself, as the evaluator does.
/// (Not math.absi: MLIR 22's LLVM lowering has no pattern for it on n-D
/// vectors, so a vectorized 2-D abs did not compile.) Unsigned integers are
/// their own absolute value.
static Value buildElement(graph::AbsOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  if (isFloat(x))
    return math::AbsFOp::create(b, loc, x);
  if (hasUnsignedOperands(op))
    return x;
  Value negated = arith::SubIOp::create(b, loc, constantLike(b, loc, x, 0), x);
  return arith::MaxSIOp::create(b, loc, x, negated);
}

/// Transcendental functions (exp, log, rsqrt, tanh, erf, pow, sin...) run in
/// f32 for 16-bit floats (see computeInF32); sqrt, floor, ceil and round are
/// exact or correctly rounded in any float type.
static Value buildElement(graph::ExpOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::ExpOp>(b, loc, args[0]);
}
static Value buildElement(graph::LogOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::LogOp>(b, loc, args[0]);
}
static Value buildElement(graph::SqrtOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return math::SqrtOp::create(b, loc, args[0]);
}
static Value buildElement(graph::RsqrtOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::RsqrtOp>(b, loc, args[0]);
}
static Value buildElement(graph::TanhOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::TanhOp>(b, loc, args[0]);
}
static Value buildElement(graph::ErfOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::ErfOp>(b, loc, args[0]);
}
/// The trigonometric and hyperbolic functions and their inverses, in f32 for
/// 16-bit floats as the other transcendental functions. The CPU pipeline
/// turns them into LLVM intrinsics or libm calls (sinhf, acoshf, ...), which
/// the kernel library leaves undefined for the loader to resolve (see
/// test/e2e/trigonometric.mlir).
static Value buildElement(graph::SinOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::SinOp>(b, loc, args[0]);
}
static Value buildElement(graph::CosOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::CosOp>(b, loc, args[0]);
}
static Value buildElement(graph::TanOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::TanOp>(b, loc, args[0]);
}
static Value buildElement(graph::AsinOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AsinOp>(b, loc, args[0]);
}
static Value buildElement(graph::AcosOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AcosOp>(b, loc, args[0]);
}
static Value buildElement(graph::AtanOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AtanOp>(b, loc, args[0]);
}
static Value buildElement(graph::SinhOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::SinhOp>(b, loc, args[0]);
}
static Value buildElement(graph::CoshOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::CoshOp>(b, loc, args[0]);
}
static Value buildElement(graph::AsinhOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AsinhOp>(b, loc, args[0]);
}
static Value buildElement(graph::AcoshOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AcoshOp>(b, loc, args[0]);
}
static Value buildElement(graph::AtanhOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildMathInF32<math::AtanhOp>(b, loc, args[0]);
}
static Value buildElement(graph::FloorOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return math::FloorOp::create(b, loc, args[0]);
}
static Value buildElement(graph::CeilOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return math::CeilOp::create(b, loc, args[0]);
}
/// Halves round to even (ONNX Round), not away from zero (math.round).
static Value buildElement(graph::RoundOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return math::RoundEvenOp::create(b, loc, args[0]);
}

/// 1 / x, one correctly rounded division.
static Value buildElement(graph::ReciprocalOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  return arith::DivFOp::create(b, loc, constantLike(b, loc, x, 1.0), x);
}

/// 1 / (1 + exp(-x)), in f32 for 16-bit floats.
static Value buildElement(graph::SigmoidOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return computeInF32(b, loc, args[0], [&](ValueRange wide) -> Value {
    Value x = wide[0];
    Value one = constantLike(b, loc, x, 1.0);
    Value exp = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    return arith::DivFOp::create(b, loc, one,
                                 arith::AddFOp::create(b, loc, one, exp));
  });
}

/// max(x, 0): arith.maximumf propagates NaN and maps -0.0 to +0.0, as the
/// evaluator does; integers use maxsi.
static Value buildElement(graph::ReluOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  Value zero = constantLike(b, loc, x, 0.0);
  if (isFloat(x))
    return arith::MaximumFOp::create(b, loc, x, zero);
  if (hasUnsignedOperands(op))
    return x;
  return arith::MaxSIOp::create(b, loc, x, zero);
}

/// -1, 0 or 1 by selects on ordered comparisons; a float NaN stays NaN and
/// -0.0 gives +0.0, as in the evaluator.
static Value buildElement(graph::SignOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  Value zero = constantLike(b, loc, x, 0.0);
  Value one = constantLike(b, loc, x, 1.0);
  if (!isFloat(x) && hasUnsignedOperands(op))
    return arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero), one,
        zero);
  Value minusOne = constantLike(b, loc, x, -1.0);
  Value positive, negative, otherwise = zero;
  if (isFloat(x)) {
    positive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    negative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    otherwise = arith::SelectOp::create(b, loc, isNaN, x, zero);
  } else {
    positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero);
    negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
  }
  Value negativeOr =
      arith::SelectOp::create(b, loc, negative, minusOne, otherwise);
  return arith::SelectOp::create(b, loc, positive, one, negativeOr);
}

/// The integer with every bit of `like`'s type set (true for i1).
static Value allOnesLike(OpBuilder &b, Location loc, Value like) {
  auto type = cast<IntegerType>(like.getType());
  return arith::ConstantOp::create(
      b, loc, IntegerAttr::get(type, APInt::getAllOnes(type.getWidth())));
}

/// Every bit flipped (boolean negation on i1): x xor ~0.
static Value buildElement(graph::NotOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  return arith::XOrIOp::create(b, loc, x, allOnesLike(b, loc, x));
}

/// x >= 0 ? x : alpha * x (NaN fails `oge` and gives alpha * NaN = NaN). The
/// f32 alpha multiplies in f32 for 16-bit floats, so it is not rounded to
/// the narrow type first.
static Value buildElement(graph::LeakyReluOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  double alpha = op.getAlpha().convertToDouble();
  return computeInF32(b, loc, args[0], [&](ValueRange wide) -> Value {
    Value x = wide[0];
    Value zero = constantLike(b, loc, x, 0.0);
    Value scaled =
        arith::MulFOp::create(b, loc, constantLike(b, loc, x, alpha), x);
    Value nonNegative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, zero);
    return arith::SelectOp::create(b, loc, nonNegative, x, scaled);
  });
}

/// 0.5 * x * (1 + erf(x / sqrt(2))), or with the tanh approximation
/// 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))), in the
/// evaluator's operation order; in f32 for 16-bit floats.
static Value buildElement(graph::GeluOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  bool useTanh = op.getApproximate() == graph::GeluApproximation::Tanh;
  return computeInF32(b, loc, args[0], [&](ValueRange wide) -> Value {
    Value x = wide[0];
    Value one = constantLike(b, loc, x, 1.0);
    Value inner;
    if (useTanh) {
      constexpr double kSqrt2OverPi = 0.7978845608028654;
      Value cube = arith::MulFOp::create(
          b, loc,
          arith::MulFOp::create(
              b, loc,
              arith::MulFOp::create(b, loc, constantLike(b, loc, x, 0.044715),
                                    x),
              x),
          x);
      Value sum = arith::AddFOp::create(b, loc, x, cube);
      inner = math::TanhOp::create(
          b, loc,
          arith::MulFOp::create(b, loc, constantLike(b, loc, x, kSqrt2OverPi),
                                sum));
    } else {
      constexpr double kSqrt2 = 1.4142135623730951;
      inner = math::ErfOp::create(
          b, loc,
          arith::DivFOp::create(b, loc, x, constantLike(b, loc, x, kSqrt2)));
    }
    Value halfX =
        arith::MulFOp::create(b, loc, constantLike(b, loc, x, 0.5), x);
    return arith::MulFOp::create(b, loc, halfX,
                                 arith::AddFOp::create(b, loc, one, inner));
  });
}

/// min(max(x, lo), hi) with only the given bounds: IEEE maximumf/minimumf
/// for floats (NaN stays NaN; rounding the bounds to the element type
/// commutes with clamping), maxsi/minsi for integers (the verifier makes the
/// bounds integral and representable).
static Value buildElement(graph::ClipOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0];
  std::optional<APFloat> lo = op.getMin(), hi = op.getMax();
  bool isUnsigned = hasUnsignedOperands(op);
  if (lo) {
    Value bound = constantLike(b, loc, x, lo->convertToDouble());
    x = isFloat(x)   ? arith::MaximumFOp::create(b, loc, x, bound).getResult()
        : isUnsigned ? arith::MaxUIOp::create(b, loc, x, bound).getResult()
                     : arith::MaxSIOp::create(b, loc, x, bound).getResult();
  }
  if (hi) {
    Value bound = constantLike(b, loc, x, hi->convertToDouble());
    x = isFloat(x)   ? arith::MinimumFOp::create(b, loc, x, bound).getResult()
        : isUnsigned ? arith::MinUIOp::create(b, loc, x, bound).getResult()
                     : arith::MinSIOp::create(b, loc, x, bound).getResult();
  }
  return x;
}

/// See buildCast.
static Value buildElement(graph::CastOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type resultType) {
  return buildCast(b, loc, args[0], resultType, hasUnsignedOperands(op),
                   hasUnsignedResults(op));
}

/// Integer arithmetic wraps at the element width, as in the evaluator.
static Value buildElement(graph::AddOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::AddFOp::create(b, loc, args[0], args[1]);
  return arith::AddIOp::create(b, loc, args[0], args[1]);
}
static Value buildElement(graph::SubOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::SubFOp::create(b, loc, args[0], args[1]);
  return arith::SubIOp::create(b, loc, args[0], args[1]);
}
static Value buildElement(graph::MulOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::MulFOp::create(b, loc, args[0], args[1]);
  return arith::MulIOp::create(b, loc, args[0], args[1]);
}
/// Integer division truncates toward zero (divsi); as graph.div defines
/// (numpy's results), x / 0 is 0 and INT_MIN / -1 wraps to INT_MIN. The
/// hardware divides by a divisor made safe (1 for 0 and -1) and selects
/// fix the result, so no element traps and the generic still vectorizes.
static Value buildElement(graph::DivOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value lhs = args[0], rhs = args[1];
  if (isFloat(lhs))
    return arith::DivFOp::create(b, loc, lhs, rhs);
  Value zero = constantLike(b, loc, rhs, 0);
  Value one = constantLike(b, loc, rhs, 1);
  Value isZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  if (hasUnsignedOperands(op)) {
    Value divisor = arith::SelectOp::create(b, loc, isZero, one, rhs);
    Value quotient = arith::DivUIOp::create(b, loc, lhs, divisor);
    return arith::SelectOp::create(b, loc, isZero, zero, quotient);
  }
  Value isMinusOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           rhs, constantLike(b, loc, rhs, -1));
  Value unsafe = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  Value quotient = arith::DivSIOp::create(b, loc, lhs, divisor);
  Value negated = arith::SubIOp::create(b, loc, zero, lhs);
  quotient = arith::SelectOp::create(b, loc, isMinusOne, negated, quotient);
  return arith::SelectOp::create(b, loc, isZero, zero, quotient);
}
/// Integer lhs ^ rhs as graph.pow defines it: square-and-multiply over
/// every bit of the exponent, unrolled into selects (no branches, so the
/// generic still vectorizes); products wrap. A negative (signed) exponent
/// truncates 1 / base^-exponent: 1 for base 1, +-1 for base -1, else 0.
static Value buildIntegerPower(OpBuilder &b, Location loc, Value base,
                               Value exponent, bool isUnsigned) {
  auto type = cast<IntegerType>(base.getType());
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
  };
  Value zero = constant(0), one = constant(1);
  Value result = one, square = base;
  for (unsigned bit = 0, width = type.getWidth(); bit < width; ++bit) {
    Value mask = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(type, APInt::getOneBitSet(width, bit)));
    Value isSet = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, exponent, mask), zero);
    result = arith::SelectOp::create(
        b, loc, isSet, arith::MulIOp::create(b, loc, result, square), result);
    if (bit + 1 < width)
      square = arith::MulIOp::create(b, loc, square, square);
  }
  if (isUnsigned)
    return result;
  Value minusOne = constant(-1);
  auto equals = [&](Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs);
  };
  Value isOdd =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, exponent, one), zero);
  Value ofMinusOne = arith::SelectOp::create(b, loc, isOdd, minusOne, one);
  Value reciprocal = arith::SelectOp::create(
      b, loc, equals(base, one), one,
      arith::SelectOp::create(b, loc, equals(base, minusOne), ofMinusOne,
                              zero));
  Value isNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exponent, zero);
  return arith::SelectOp::create(b, loc, isNegative, reciprocal, result);
}

/// lhs ^ rhs: math.powf (in f32 for 16-bit floats) or buildIntegerPower.
static Value buildElement(graph::PowOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (!isFloat(args[0]))
    return buildIntegerPower(b, loc, args[0], args[1], hasUnsignedOperands(op));
  return computeInF32(b, loc, args, [&](ValueRange wide) -> Value {
    return math::PowFOp::create(b, loc, wide[0], wide[1]);
  });
}
/// IEEE maximum for floats: NaN propagates and -0.0 < +0.0.
static Value buildElement(graph::MaxOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::MaximumFOp::create(b, loc, args[0], args[1]);
  if (hasUnsignedOperands(op))
    return arith::MaxUIOp::create(b, loc, args[0], args[1]);
  return arith::MaxSIOp::create(b, loc, args[0], args[1]);
}
/// IEEE minimum for floats: NaN propagates and -0.0 < +0.0.
static Value buildElement(graph::MinOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  if (isFloat(args[0]))
    return arith::MinimumFOp::create(b, loc, args[0], args[1]);
  if (hasUnsignedOperands(op))
    return arith::MinUIOp::create(b, loc, args[0], args[1]);
  return arith::MinSIOp::create(b, loc, args[0], args[1]);
}

/// Floats: C's fmod (arith.remf), whatever `fmod` says, as the evaluator.
/// Integers: remsi takes the dividend's sign (fmod = true); with
/// fmod = false a non-zero remainder whose sign differs from the divisor's
/// gets the divisor added (Python's %). A divisor of -1 or 0 is replaced by
/// 1 (remainder 0: the same for -1, numpy's result for 0) so that neither
/// INT_MIN % -1 nor x % 0 traps.
static Value buildElement(graph::ModOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value lhs = args[0], rhs = args[1];
  if (isFloat(lhs))
    return arith::RemFOp::create(b, loc, lhs, rhs);
  Value one = constantLike(b, loc, rhs, 1);
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs,
                                       constantLike(b, loc, rhs, 0));
  // Unsigned: both signs are positive, so Python's % is C's.
  if (hasUnsignedOperands(op))
    return arith::RemUIOp::create(
        b, loc, lhs, arith::SelectOp::create(b, loc, isZero, one, rhs));
  Value minusOne = constantLike(b, loc, rhs, -1);
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
  Value unsafe = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  Value remainder = arith::RemSIOp::create(b, loc, lhs, divisor);
  if (op.getFmod())
    return remainder;
  Value zero = constantLike(b, loc, rhs, 0);
  Value remainderNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, remainder, zero);
  Value divisorNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero);
  Value signsDiffer =
      arith::XOrIOp::create(b, loc, remainderNegative, divisorNegative);
  Value nonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, remainder, zero);
  Value adjust = arith::AndIOp::create(b, loc, nonZero, signsDiffer);
  Value adjusted = arith::AddIOp::create(b, loc, remainder, rhs);
  return arith::SelectOp::create(b, loc, adjust, adjusted, remainder);
}

static Value buildElement(graph::AndOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return arith::AndIOp::create(b, loc, args[0], args[1]);
}
static Value buildElement(graph::OrOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return arith::OrIOp::create(b, loc, args[0], args[1]);
}
static Value buildElement(graph::XorOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return arith::XOrIOp::create(b, loc, args[0], args[1]);
}

/// arith's shifts are poison for an amount of the width or more, which the
/// graph ops define (the amount read as unsigned): a left or logical right
/// shift gives 0 there, and an arithmetic one the sign fill, which is the
/// shift by width - 1.
static Value buildElement(graph::ShiftLeftOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0], amount = args[1];
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                            constantLike(b, loc, amount, width));
  // select yields the chosen operand only: the poison of an out-of-range
  // shift does not reach the result.
  Value shifted = arith::ShLIOp::create(b, loc, x, amount);
  return arith::SelectOp::create(b, loc, inRange, shifted,
                                 constantLike(b, loc, x, 0));
}
static Value buildElement(graph::ShiftRightOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  Value x = args[0], amount = args[1];
  unsigned width = x.getType().getIntOrFloatBitWidth();
  if (!hasUnsignedOperands(op)) {
    Value clamped = arith::MinUIOp::create(
        b, loc, amount, constantLike(b, loc, amount, width - 1));
    return arith::ShRSIOp::create(b, loc, x, clamped);
  }
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                            constantLike(b, loc, amount, width));
  Value shifted = arith::ShRUIOp::create(b, loc, x, amount);
  return arith::SelectOp::create(b, loc, inRange, shifted,
                                 constantLike(b, loc, x, 0));
}

/// A comparison: ordered float predicates (false with a NaN operand, as
/// IEEE and the evaluator), signed integer predicates (eq for i1).
static Value buildCompare(Operation *op, OpBuilder &b, Location loc,
                          ValueRange args, arith::CmpFPredicate floatPredicate,
                          arith::CmpIPredicate intPredicate) {
  if (isFloat(args[0]))
    return arith::CmpFOp::create(b, loc, floatPredicate, args[0], args[1]);
  if (hasUnsignedOperands(op)) {
    switch (intPredicate) {
    case arith::CmpIPredicate::slt:
      intPredicate = arith::CmpIPredicate::ult;
      break;
    case arith::CmpIPredicate::sle:
      intPredicate = arith::CmpIPredicate::ule;
      break;
    case arith::CmpIPredicate::sgt:
      intPredicate = arith::CmpIPredicate::ugt;
      break;
    case arith::CmpIPredicate::sge:
      intPredicate = arith::CmpIPredicate::uge;
      break;
    default:
      break;
    }
  }
  return arith::CmpIOp::create(b, loc, intPredicate, args[0], args[1]);
}
static Value buildElement(graph::EqualOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildCompare(op, b, loc, args, arith::CmpFPredicate::OEQ,
                      arith::CmpIPredicate::eq);
}
static Value buildElement(graph::LessOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildCompare(op, b, loc, args, arith::CmpFPredicate::OLT,
                      arith::CmpIPredicate::slt);
}
static Value buildElement(graph::LessEqualOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildCompare(op, b, loc, args, arith::CmpFPredicate::OLE,
                      arith::CmpIPredicate::sle);
}
static Value buildElement(graph::GreaterOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildCompare(op, b, loc, args, arith::CmpFPredicate::OGT,
                      arith::CmpIPredicate::sgt);
}
static Value buildElement(graph::GreaterEqualOp op, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return buildCompare(op, b, loc, args, arith::CmpFPredicate::OGE,
                      arith::CmpIPredicate::sge);
}

/// condition ? true_value : false_value, the three operands broadcast.
static Value buildElement(graph::SelectOp, OpBuilder &b, Location loc,
                          ValueRange args, Type) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// Lowers the elementwise graph op `OpTy` to one linalg.generic with
/// broadcasting indexing maps whose body is buildElement(OpTy, ...): a
/// single loop nest that later passes can tile and fuse, with no
/// materialized broadcast.
template <typename OpTy>
struct ElementwiseOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultElementType = getElementTypeOrSelf(op->getResult(0).getType());
    return replaceWithElementwiseGeneric(
        rewriter, op, adaptor.getOperands(),
        [&](OpBuilder &builder, Location loc, ValueRange args) {
          return buildElement(op, builder, loc, args, resultElementType);
        });
  }
};
} // namespace

void strata::populateGraphElementwiseToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<
      // Unary.
      ElementwiseOpLowering<graph::NegOp>, ElementwiseOpLowering<graph::AbsOp>,
      ElementwiseOpLowering<graph::ExpOp>, ElementwiseOpLowering<graph::LogOp>,
      ElementwiseOpLowering<graph::SqrtOp>,
      ElementwiseOpLowering<graph::RsqrtOp>,
      ElementwiseOpLowering<graph::ReciprocalOp>,
      ElementwiseOpLowering<graph::TanhOp>,
      ElementwiseOpLowering<graph::SigmoidOp>,
      ElementwiseOpLowering<graph::ReluOp>, ElementwiseOpLowering<graph::ErfOp>,
      ElementwiseOpLowering<graph::SinOp>, ElementwiseOpLowering<graph::CosOp>,
      ElementwiseOpLowering<graph::TanOp>, ElementwiseOpLowering<graph::AsinOp>,
      ElementwiseOpLowering<graph::AcosOp>,
      ElementwiseOpLowering<graph::AtanOp>,
      ElementwiseOpLowering<graph::SinhOp>,
      ElementwiseOpLowering<graph::CoshOp>,
      ElementwiseOpLowering<graph::AsinhOp>,
      ElementwiseOpLowering<graph::AcoshOp>,
      ElementwiseOpLowering<graph::AtanhOp>,
      ElementwiseOpLowering<graph::FloorOp>,
      ElementwiseOpLowering<graph::CeilOp>,
      ElementwiseOpLowering<graph::RoundOp>,
      ElementwiseOpLowering<graph::SignOp>, ElementwiseOpLowering<graph::NotOp>,
      ElementwiseOpLowering<graph::LeakyReluOp>,
      ElementwiseOpLowering<graph::GeluOp>,
      ElementwiseOpLowering<graph::ClipOp>,
      ElementwiseOpLowering<graph::CastOp>,
      // Binary.
      ElementwiseOpLowering<graph::AddOp>, ElementwiseOpLowering<graph::SubOp>,
      ElementwiseOpLowering<graph::MulOp>, ElementwiseOpLowering<graph::DivOp>,
      ElementwiseOpLowering<graph::PowOp>, ElementwiseOpLowering<graph::MaxOp>,
      ElementwiseOpLowering<graph::MinOp>, ElementwiseOpLowering<graph::ModOp>,
      ElementwiseOpLowering<graph::AndOp>, ElementwiseOpLowering<graph::OrOp>,
      ElementwiseOpLowering<graph::XorOp>,
      ElementwiseOpLowering<graph::ShiftLeftOp>,
      ElementwiseOpLowering<graph::ShiftRightOp>,
      ElementwiseOpLowering<graph::EqualOp>,
      ElementwiseOpLowering<graph::LessOp>,
      ElementwiseOpLowering<graph::LessEqualOp>,
      ElementwiseOpLowering<graph::GreaterOp>,
      ElementwiseOpLowering<graph::GreaterEqualOp>,
      // Select.
      ElementwiseOpLowering<graph::SelectOp>>(patterns.getContext());
}
