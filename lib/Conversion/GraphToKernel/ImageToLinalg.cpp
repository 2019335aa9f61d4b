//===- ImageToLinalg.cpp - Graph resampling ops to linalg -----------------===//
//
// Lowers resize and grid_sample: a linalg.generic over the result computes,
// per resampled dim, the input coordinate of each output element (ONNX's
// coordinate transformations, in f64 as ONNX's reference does), the taps of
// the interpolation and their weights, and reads the taps with
// tensor.extract. affine_grid is a generic over the grid, each element a
// dot product of a theta row with the pixel's normalized coordinates.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

using namespace mlir;
using strata::detail::castTo;
using strata::detail::createIndexedGeneric;
using namespace strata;
using namespace strata::graph;

namespace {

/// Taps beyond this many per output element (4^k for k cubic dims, 2^k for
/// k linear ones) are not generated.
constexpr int64_t kMaxResizeTaps = 256;

/// One tap of a dim: the input index and its weight (null for nearest).
struct Tap {
  Value index;
  Value weight;
};

/// graph.resize -> linalg.generic over the result (see the file comment).
/// Result sizes: from `sizes` or constant scales on the host; from scales
/// computed at run time, floor(size * scale) in a small kernel whose i64
/// results the host reads (the host has no float arithmetic).
struct ResizeLowering : OpConversionPattern<ResizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Value scales = adaptor.getScales(), sizes = adaptor.getSizes();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    Type f64 = rewriter.getF64Type(), i64 = rewriter.getI64Type();
    Type indexType = rewriter.getIndexType();

    SmallVector<Value> inSizes;
    for (int64_t dim = 0; dim < rank; ++dim)
      inSizes.push_back(getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, input, dim)));

    // Result sizes.
    SmallVector<OpFoldResult> outSizes;
    FailureOr<SmallVector<OpFoldResult>> built =
        buildResizeSizes(rewriter, loc, input, scales, sizes);
    if (succeeded(built)) {
      outSizes = std::move(*built);
    } else {
      outSizes = computeSizesInKernel(rewriter, loc, scales, inSizes);
    }
    for (int64_t dim = 0; dim < rank; ++dim)
      if (!op.getType().isDynamicDim(dim))
        outSizes[dim] = rewriter.getIndexAttr(op.getType().getDimSize(dim));

    // Which dims are resampled: all but those with a constant scale of 1
    // (or a constant size equal to a static input size).
    std::optional<SmallVector<double>> constScales =
        scales ? getConstantFloats(scales) : std::nullopt;
    SmallVector<bool> resampled(rank, true);
    for (int64_t dim = 0; dim < rank; ++dim) {
      std::optional<int64_t> out = getConstantIntValue(outSizes[dim]);
      bool sameSize = out && !inputType.isDynamicDim(dim) &&
                      *out == inputType.getDimSize(dim);
      if (constScales ? (*constScales)[dim] == 1.0 && (!sizes || sameSize)
                      : !scales && sameSize)
        resampled[dim] = false;
    }
    ResizeMode mode = op.getMode();
    int64_t tapsPerDim = mode == ResizeMode::Cubic    ? 4
                         : mode == ResizeMode::Linear ? 2
                                                      : 1;
    int64_t taps = 1;
    for (bool isResampled : resampled)
      if (isResampled && (taps *= tapsPerDim) > kMaxResizeTaps)
        return rewriter.notifyMatchFailure(op, "too many resampled dims");

    // Per resampled dim, the scale and the sizes as f64 (host values: the
    // kernel recomputes these float scalars from the integers).
    auto toF64 = [&](OpFoldResult size) -> Value {
      Value index = getValueOrCreateConstantIndexOp(rewriter, loc, size);
      return arith::SIToFPOp::create(
          rewriter, loc, f64,
          arith::IndexCastOp::create(rewriter, loc, i64, index));
    };
    SmallVector<Value> scaleValues(rank), inWidths(rank), outWidths(rank),
        outCounts(rank);
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!resampled[dim])
        continue;
      inWidths[dim] = toF64(inSizes[dim]);
      outCounts[dim] = toF64(outSizes[dim]);
      if (constScales) {
        scaleValues[dim] = arith::ConstantOp::create(
            rewriter, loc, rewriter.getF64FloatAttr((*constScales)[dim]));
      } else if (scales) {
        Value element = tensor::ExtractOp::create(
            rewriter, loc, scales,
            ValueRange{arith::ConstantIndexOp::create(rewriter, loc, dim)});
        scaleValues[dim] = arith::ExtFOp::create(rewriter, loc, f64, element);
      } else {
        scaleValues[dim] =
            arith::DivFOp::create(rewriter, loc, outCounts[dim], inWidths[dim]);
      }
      // ONNX's output_width is scale * input size (a float).
      outWidths[dim] =
          arith::MulFOp::create(rewriter, loc, scaleValues[dim], inWidths[dim]);
    }

    Type elementType = inputType.getElementType();
    Value init = tensor::EmptyOp::create(rewriter, loc, outSizes, elementType);
    CoordinateMode coordinates = op.getCoordinateMode();
    NearestMode nearest = op.getNearestMode();
    double a = op.getCubicCoeffA().convertToDouble();
    bool excludeOutside = op.getExcludeOutside();
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          auto cst = [&](double value) -> Value {
            return arith::ConstantOp::create(b, l, b.getF64FloatAttr(value));
          };
          auto clampIndex = [&](Value index, Value size) -> Value {
            Value zero = arith::ConstantIndexOp::create(b, l, 0);
            Value last = arith::SubIOp::create(
                b, l, size, arith::ConstantIndexOp::create(b, l, 1));
            return arith::MaxSIOp::create(
                b, l, arith::MinSIOp::create(b, l, index, last), zero);
          };
          auto toIndex = [&](Value value) -> Value {
            return arith::IndexCastOp::create(
                b, l, indexType, arith::FPToSIOp::create(b, l, i64, value));
          };
          SmallVector<SmallVector<Tap>> dimTaps(rank);
          for (int64_t dim = 0; dim < rank; ++dim) {
            if (!resampled[dim]) {
              dimTaps[dim].push_back({indices[dim], Value()});
              continue;
            }
            Value o = arith::SIToFPOp::create(
                b, l, f64, arith::IndexCastOp::create(b, l, i64, indices[dim]));
            Value x =
                buildCoordinate(b, l, coordinates, o, scaleValues[dim],
                                inWidths[dim], outWidths[dim], outCounts[dim]);
            Value floor = math::FloorOp::create(b, l, x);
            Value ratio = arith::SubFOp::create(b, l, x, floor);
            Value base = toIndex(floor);
            if (mode == ResizeMode::Nearest) {
              // An integer coordinate is itself; otherwise by nearest_mode.
              Value up;
              switch (nearest) {
              case NearestMode::RoundPreferFloor:
                up = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                           ratio, cst(0.5));
                break;
              case NearestMode::RoundPreferCeil:
                up = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGE,
                                           ratio, cst(0.5));
                break;
              case NearestMode::Floor:
                up = arith::ConstantOp::create(b, l, b.getBoolAttr(false));
                break;
              case NearestMode::Ceil:
                up = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                           ratio, cst(0.0));
                break;
              }
              Value index = arith::AddIOp::create(
                  b, l, base,
                  arith::IndexCastOp::create(
                      b, l, indexType, arith::ExtUIOp::create(b, l, i64, up)));
              dimTaps[dim].push_back(
                  {clampIndex(index, inSizes[dim]), Value()});
              continue;
            }
            SmallVector<Value> weights;
            int64_t first = 0;
            if (mode == ResizeMode::Linear) {
              weights = {arith::SubFOp::create(b, l, cst(1.0), ratio), ratio};
            } else {
              first = -1;
              weights = buildCubicWeights(b, l, ratio, a);
            }
            SmallVector<Value> positions;
            for (int64_t k = 0; k < tapsPerDim; ++k)
              positions.push_back(arith::AddIOp::create(
                  b, l, base, arith::ConstantIndexOp::create(b, l, first + k)));
            if (excludeOutside && mode == ResizeMode::Cubic) {
              // Taps outside the input weigh 0; the rest are renormalized.
              Value zero = arith::ConstantIndexOp::create(b, l, 0);
              Value sum = cst(0.0);
              for (int64_t k = 0; k < tapsPerDim; ++k) {
                Value inside = arith::AndIOp::create(
                    b, l,
                    arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                          positions[k], zero),
                    arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                          positions[k], inSizes[dim]));
                weights[k] =
                    arith::SelectOp::create(b, l, inside, weights[k], cst(0.0));
                sum = arith::AddFOp::create(b, l, sum, weights[k]);
              }
              for (Value &weight : weights)
                weight = arith::DivFOp::create(b, l, weight, sum);
            }
            for (int64_t k = 0; k < tapsPerDim; ++k)
              dimTaps[dim].push_back(
                  {clampIndex(positions[k], inSizes[dim]), weights[k]});
          }
          // The sum over every combination of one tap per dim.
          Value acc;
          SmallVector<int64_t> choice(rank, 0);
          while (true) {
            SmallVector<Value> position;
            Value weight;
            for (int64_t dim = 0; dim < rank; ++dim) {
              const Tap &tap = dimTaps[dim][choice[dim]];
              position.push_back(tap.index);
              if (tap.weight)
                weight = weight
                             ? arith::MulFOp::create(b, l, weight, tap.weight)
                                   .getResult()
                             : tap.weight;
            }
            Value element = tensor::ExtractOp::create(b, l, input, position);
            if (mode == ResizeMode::Nearest)
              return element;
            Value term = arith::ExtFOp::create(b, l, f64, element);
            if (weight)
              term = arith::MulFOp::create(b, l, term, weight);
            acc =
                acc ? arith::AddFOp::create(b, l, acc, term).getResult() : term;
            int64_t dim = rank - 1;
            while (dim >= 0 &&
                   ++choice[dim] == static_cast<int64_t>(dimTaps[dim].size()))
              choice[dim--] = 0;
            if (dim < 0)
              break;
          }
          return arith::TruncFOp::create(b, l, elementType, acc);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }

  /// The input coordinate of output index `o` (all f64).
  static Value buildCoordinate(OpBuilder &b, Location l, CoordinateMode mode,
                               Value o, Value scale, Value inWidth,
                               Value outWidth, Value outCount) {
    auto cst = [&](double value) -> Value {
      return arith::ConstantOp::create(b, l, b.getF64FloatAttr(value));
    };
    // (o + 0.5) / scale - 0.5
    auto halfPixel = [&]() -> Value {
      return arith::SubFOp::create(
          b, l,
          arith::DivFOp::create(b, l, arith::AddFOp::create(b, l, o, cst(0.5)),
                                scale),
          cst(0.5));
    };
    Value one = cst(1.0);
    switch (mode) {
    case CoordinateMode::HalfPixel:
      return halfPixel();
    case CoordinateMode::HalfPixelSymmetric: {
      Value adjustment = arith::DivFOp::create(b, l, outCount, outWidth);
      Value center = arith::DivFOp::create(b, l, inWidth, cst(2.0));
      Value offset = arith::MulFOp::create(
          b, l, center, arith::SubFOp::create(b, l, one, adjustment));
      return arith::AddFOp::create(b, l, offset, halfPixel());
    }
    case CoordinateMode::PytorchHalfPixel: {
      Value single =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, outWidth, one);
      return arith::SelectOp::create(b, l, single, cst(-0.5), halfPixel());
    }
    case CoordinateMode::AlignCorners: {
      Value single =
          arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, outWidth, one);
      Value scaled = arith::DivFOp::create(
          b, l,
          arith::MulFOp::create(b, l, o,
                                arith::SubFOp::create(b, l, inWidth, one)),
          arith::SubFOp::create(b, l, outWidth, one));
      return arith::SelectOp::create(b, l, single, cst(0.0), scaled);
    }
    case CoordinateMode::Asymmetric:
      return arith::DivFOp::create(b, l, o, scale);
    }
    llvm_unreachable("unknown coordinate mode");
  }

  /// Keys' cubic weights of the taps at floor - 1 .. floor + 2 for the
  /// fractional part `r` (ONNX's _cubic_coeffs).
  static SmallVector<Value> buildCubicWeights(OpBuilder &b, Location l, Value r,
                                              double a) {
    auto cst = [&](double value) -> Value {
      return arith::ConstantOp::create(b, l, b.getF64FloatAttr(value));
    };
    auto mul = [&](Value x, Value y) -> Value {
      return arith::MulFOp::create(b, l, x, y);
    };
    auto add = [&](Value x, Value y) -> Value {
      return arith::AddFOp::create(b, l, x, y);
    };
    auto sub = [&](Value x, Value y) -> Value {
      return arith::SubFOp::create(b, l, x, y);
    };
    // Outer taps at distance t in [1, 2]: ((a t - 5a) t + 8a) t - 4a.
    auto outer = [&](Value t) -> Value {
      return sub(
          mul(add(mul(sub(mul(cst(a), t), cst(5 * a)), t), cst(8 * a)), t),
          cst(4 * a));
    };
    // Inner taps at distance t in [0, 1]: ((a + 2) t - (a + 3)) t t + 1.
    auto inner = [&](Value t) -> Value {
      return add(mul(mul(sub(mul(cst(a + 2), t), cst(a + 3)), t), t), cst(1.0));
    };
    Value oneMinus = sub(cst(1.0), r);
    return {outer(add(r, cst(1.0))), inner(r), inner(oneMinus),
            outer(add(oneMinus, cst(1.0)))};
  }

  /// floor(size * scale) per dim for scales read at run time, computed by a
  /// linalg.generic over a 1-D i64 tensor (a kernel) and read back.
  static SmallVector<OpFoldResult>
  computeSizesInKernel(OpBuilder &builder, Location loc, Value scales,
                       ArrayRef<Value> inSizes) {
    int64_t rank = inSizes.size();
    Type i64 = builder.getI64Type(), f64 = builder.getF64Type();
    Value init = tensor::EmptyOp::create(builder, loc, {rank}, i64);
    SmallVector<AffineMap> maps(2, builder.getMultiDimIdentityMap(1));
    auto generic = linalg::GenericOp::create(
        builder, loc, TypeRange{init.getType()}, ValueRange{scales},
        ValueRange{init}, maps, {utils::IteratorType::parallel},
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value dim = linalg::IndexOp::create(b, l, 0);
          Value size = inSizes.front();
          for (int64_t d = 1; d < rank; ++d)
            size = arith::SelectOp::create(
                b, l,
                arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, dim,
                                      arith::ConstantIndexOp::create(b, l, d)),
                inSizes[d], size);
          Value width = arith::SIToFPOp::create(
              b, l, f64, arith::IndexCastOp::create(b, l, i64, size));
          Value scaled = arith::MulFOp::create(
              b, l, width, arith::ExtFOp::create(b, l, f64, args[0]));
          Value floor = math::FloorOp::create(b, l, scaled);
          linalg::YieldOp::create(
              b, l, ValueRange{arith::FPToSIOp::create(b, l, i64, floor)});
        });
    SmallVector<OpFoldResult> sizes;
    for (int64_t d = 0; d < rank; ++d) {
      Value size = tensor::ExtractOp::create(
          builder, loc, generic.getResult(0),
          ValueRange{arith::ConstantIndexOp::create(builder, loc, d)});
      sizes.push_back(
          arith::IndexCastOp::create(builder, loc, builder.getIndexType(), size)
              .getResult());
    }
    return sizes;
  }
};

/// `value` (a float) as f64.
static Value extendToF64(OpBuilder &b, Location loc, Value value) {
  Type f64 = b.getF64Type();
  if (value.getType() == f64)
    return value;
  return arith::ExtFOp::create(b, loc, f64, value);
}

/// An f64 `value` rounded to the float type `type`.
static Value truncateFromF64(OpBuilder &b, Location loc, Value value,
                             Type type) {
  if (type == value.getType())
    return value;
  return arith::TruncFOp::create(b, loc, type, value);
}

/// An index value as f64.
static Value indexToF64(OpBuilder &b, Location loc, Value index) {
  return arith::SIToFPOp::create(
      b, loc, b.getF64Type(),
      arith::IndexCastOp::create(b, loc, b.getI64Type(), index));
}

/// graph.grid_sample -> linalg.generic over the result (see the op's
/// description). Per spatial dim the body reads the grid coordinate,
/// denormalizes it, applies the padding mode to the coordinate and then to
/// each tap's index; taps of `zeros` padding outside the input read 0
/// through a select (not a zero weight, which would keep an inf or NaN).
/// The host checks what the types leave open: equal batch sizes, the
/// grid's coordinate count and non-empty spatial dims.
struct GridSampleLowering : OpConversionPattern<GridSampleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GridSampleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), grid = adaptor.getGrid();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    int64_t spatial = rank - 2;
    ResizeMode mode = op.getMode();
    int64_t tapsPerDim = mode == ResizeMode::Cubic    ? 4
                         : mode == ResizeMode::Linear ? 2
                                                      : 1;
    int64_t taps = 1;
    for (int64_t dim = 0; dim < spatial; ++dim)
      if ((taps *= tapsPerDim) > kMaxResizeTaps)
        return rewriter.notifyMatchFailure(op, "too many spatial dims");

    auto size = [&](Value tensor, int64_t dim) -> Value {
      return getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, tensor, dim));
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value lhs,
                   Value rhs) -> Value {
      return rewriter.createOrFold<arith::CmpIOp>(loc, predicate, lhs, rhs);
    };
    SmallVector<Value> inSizes;
    for (int64_t dim = 0; dim < spatial; ++dim)
      inSizes.push_back(size(input, dim + 2));
    // The result is N x C (the input's) x the grid's inner sizes.
    SmallVector<OpFoldResult> outSizes = {
        tensor::getMixedSize(rewriter, loc, input, 0),
        tensor::getMixedSize(rewriter, loc, input, 1)};
    for (int64_t dim = 1; dim <= spatial; ++dim)
      outSizes.push_back(tensor::getMixedSize(rewriter, loc, grid, dim));

    StringRef name = "graph.grid_sample: ";
    strata::detail::checkAtRunTime(
        rewriter, loc,
        cmp(arith::CmpIPredicate::eq, size(input, 0), size(grid, 0)),
        name + "the input and the grid differ in batch size");
    strata::detail::checkAtRunTime(
        rewriter, loc,
        cmp(arith::CmpIPredicate::eq, size(grid, rank - 1),
            arith::ConstantIndexOp::create(rewriter, loc, spatial)),
        name + "the grid's last dim does not hold one coordinate "
               "per spatial dim");
    // Taps are read clamped to the input, so an empty spatial dim has
    // nothing to read unless the result is empty too.
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value readable = rewriter.createOrFold<arith::ConstantIntOp>(loc, 1, 1);
    for (Value inSize : inSizes)
      readable = rewriter.createOrFold<arith::AndIOp>(
          loc, readable, cmp(arith::CmpIPredicate::sgt, inSize, zero));
    for (OpFoldResult outSize : outSizes)
      readable = rewriter.createOrFold<arith::OrIOp>(
          loc, readable,
          cmp(arith::CmpIPredicate::eq,
              getValueOrCreateConstantIndexOp(rewriter, loc, outSize), zero));
    strata::detail::checkAtRunTime(rewriter, loc, readable,
                                   name + "the input has an empty spatial dim");

    Type elementType = inputType.getElementType();
    Value init = tensor::EmptyOp::create(rewriter, loc, outSizes, elementType);
    GridPadding padding = op.getPaddingMode();
    bool alignCorners = op.getAlignCorners();
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          auto cst = [&](double value) -> Value {
            return arith::ConstantOp::create(b, l, b.getF64FloatAttr(value));
          };
          auto cmpf = [&](arith::CmpFPredicate predicate, Value lhs,
                          Value rhs) -> Value {
            return arith::CmpFOp::create(b, l, predicate, lhs, rhs);
          };
          auto add = [&](Value x, Value y) -> Value {
            return arith::AddFOp::create(b, l, x, y);
          };
          auto sub = [&](Value x, Value y) -> Value {
            return arith::SubFOp::create(b, l, x, y);
          };
          auto mul = [&](Value x, Value y) -> Value {
            return arith::MulFOp::create(b, l, x, y);
          };
          auto select = [&](Value condition, Value x, Value y) -> Value {
            return arith::SelectOp::create(b, l, condition, x, y);
          };
          auto toIndex = [&](Value value) -> Value {
            return arith::IndexCastOp::create(
                b, l, b.getIndexType(),
                arith::FPToSIOp::create(b, l, b.getI64Type(), value));
          };
          Value indexZero = arith::ConstantIndexOp::create(b, l, 0);
          SmallVector<Value> gridIndex = {indices[0]};
          for (int64_t dim = 0; dim < spatial; ++dim)
            gridIndex.push_back(indices[dim + 2]);
          gridIndex.push_back(Value());
          SmallVector<SmallVector<Tap>> dimTaps(spatial);
          // Per tap of a `zeros` padding, whether it lies inside (null when
          // it always does).
          SmallVector<SmallVector<Value>> dimInside(spatial);
          for (int64_t dim = 0; dim < spatial; ++dim) {
            Value inSize = inSizes[dim];
            Value width = indexToF64(b, l, inSize);
            Value last = sub(width, cst(1.0));
            Value lo = alignCorners ? cst(0.0) : cst(-0.5);
            Value hi = alignCorners ? last : sub(width, cst(0.5));
            auto reflect = [&](Value x) -> Value {
              // See reflectCoordinate in the evaluator.
              Value range = sub(hi, lo);
              Value below = cmpf(arith::CmpFPredicate::OLT, x, lo);
              Value dx = select(below, sub(lo, x), sub(x, hi));
              Value n = math::FloorOp::create(
                  b, l, arith::DivFOp::create(b, l, dx, range));
              Value r = sub(dx, mul(n, range));
              Value even =
                  cmpf(arith::CmpFPredicate::OEQ,
                       arith::RemFOp::create(b, l, n, cst(2.0)), cst(0.0));
              Value reflected =
                  select(arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                               below, even),
                         add(lo, r), sub(hi, r));
              return select(cmpf(arith::CmpFPredicate::OGT, range, cst(0.0)),
                            reflected, lo);
            };
            auto outside = [&](Value x) -> Value {
              return arith::OrIOp::create(
                  b, l, cmpf(arith::CmpFPredicate::OLT, x, lo),
                  cmpf(arith::CmpFPredicate::OGT, x, hi));
            };
            // Keeps fptosi defined: no tap of a coordinate beyond -3 or
            // size + 2 lies inside the input, and NaN becomes -3.
            auto bound = [&](Value x) -> Value {
              return arith::MinNumFOp::create(
                  b, l, arith::MaxNumFOp::create(b, l, x, cst(-3.0)),
                  add(width, cst(2.0)));
            };
            auto clampIndex = [&](Value index) -> Value {
              Value lastIndex = arith::SubIOp::create(
                  b, l, inSize, arith::ConstantIndexOp::create(b, l, 1));
              return arith::MaxSIOp::create(
                  b, l, arith::MinSIOp::create(b, l, index, lastIndex),
                  indexZero);
            };
            // The input index of a tap at `position` and, for `zeros`,
            // whether it is inside.
            auto tapIndex = [&](Value position) -> std::pair<Value, Value> {
              switch (padding) {
              case GridPadding::Zeros: {
                Value inside = arith::AndIOp::create(
                    b, l,
                    arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                          position, indexZero),
                    arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                          position, inSize));
                return {clampIndex(position), inside};
              }
              case GridPadding::Border:
                return {clampIndex(position), Value()};
              case GridPadding::Reflection: {
                Value x = indexToF64(b, l, position);
                x = select(outside(x), reflect(x), x);
                return {clampIndex(toIndex(bound(x))), Value()};
              }
              }
              llvm_unreachable("unknown padding mode");
            };

            // The grid holds the coordinates in reverse dim order.
            gridIndex.back() =
                arith::ConstantIndexOp::create(b, l, spatial - 1 - dim);
            Value v = extendToF64(
                b, l, tensor::ExtractOp::create(b, l, grid, gridIndex));
            Value x =
                alignCorners
                    ? mul(arith::DivFOp::create(b, l, add(v, cst(1.0)),
                                                cst(2.0)),
                          last)
                    : arith::DivFOp::create(
                          b, l, sub(mul(add(v, cst(1.0)), width), cst(1.0)),
                          cst(2.0));
            if (mode == ResizeMode::Nearest)
              x = math::RoundEvenOp::create(b, l, x);
            if (padding == GridPadding::Border)
              x = select(
                  outside(x),
                  arith::MinimumFOp::create(
                      b, l, arith::MaximumFOp::create(b, l, x, cst(0.0)), last),
                  x);
            else if (padding == GridPadding::Reflection)
              x = select(outside(x), reflect(x), x);
            x = bound(x);
            if (mode == ResizeMode::Nearest) {
              auto [index, inside] = tapIndex(toIndex(x));
              dimTaps[dim].push_back({index, Value()});
              dimInside[dim].push_back(inside);
              continue;
            }
            Value floor = math::FloorOp::create(b, l, x);
            Value ratio = sub(x, floor);
            Value base = toIndex(floor);
            SmallVector<Value> weights;
            int64_t first = 0;
            if (mode == ResizeMode::Linear) {
              weights = {sub(cst(1.0), ratio), ratio};
            } else {
              first = -1;
              weights =
                  ResizeLowering::buildCubicWeights(b, l, ratio, kGridCubicA);
            }
            for (int64_t k = 0; k < tapsPerDim; ++k) {
              Value position = arith::AddIOp::create(
                  b, l, base, arith::ConstantIndexOp::create(b, l, first + k));
              auto [index, inside] = tapIndex(position);
              dimTaps[dim].push_back({index, weights[k]});
              dimInside[dim].push_back(inside);
            }
          }
          // The sum over every combination of one tap per dim.
          Value acc;
          SmallVector<int64_t> choice(spatial, 0);
          while (true) {
            SmallVector<Value> position = {indices[0], indices[1]};
            Value weight, inside;
            for (int64_t dim = 0; dim < spatial; ++dim) {
              const Tap &tap = dimTaps[dim][choice[dim]];
              position.push_back(tap.index);
              if (tap.weight)
                weight = weight ? mul(weight, tap.weight) : tap.weight;
              if (Value tapInside = dimInside[dim][choice[dim]])
                inside = inside ? arith::AndIOp::create(b, l, inside, tapInside)
                                      .getResult()
                                : tapInside;
            }
            Value element = tensor::ExtractOp::create(b, l, input, position);
            if (mode == ResizeMode::Nearest) {
              if (!inside)
                return element;
              Value zeroElement = arith::ConstantOp::create(
                  b, l, cast<TypedAttr>(b.getZeroAttr(elementType)));
              return select(inside, element, zeroElement);
            }
            Value term = extendToF64(b, l, element);
            if (inside)
              term = select(inside, term, cst(0.0));
            term = mul(term, weight);
            acc = acc ? add(acc, term) : term;
            int64_t dim = spatial - 1;
            while (dim >= 0 &&
                   ++choice[dim] == static_cast<int64_t>(dimTaps[dim].size()))
              choice[dim--] = 0;
            if (dim < 0)
              break;
          }
          return truncateFromF64(b, l, acc, elementType);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }

  /// GridSample's fixed cubic coefficient (ONNX's cubic_alpha).
  static constexpr double kGridCubicA = -0.75;
};

/// graph.affine_grid -> linalg.generic over the grid: element [n, ..., i]
/// is theta[n, i, spatial] plus theta[n, i, j] times the pixel's normalized
/// coordinate along spatial dim spatial - 1 - j. The host checks the sizes
/// read from `size`.
struct AffineGridLowering : OpConversionPattern<AffineGridOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AffineGridOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value theta = adaptor.getTheta();
    int64_t spatial = op.getType().getRank() - 2;
    // N (theta's) x the sizes read from `size` x the coordinate count.
    SmallVector<OpFoldResult> outSizes = {
        tensor::getMixedSize(rewriter, loc, theta, 0)};
    for (int64_t dim = 0; dim < spatial; ++dim) {
      int64_t known = op.getType().getDimSize(dim + 1);
      if (!ShapedType::isDynamic(known)) {
        outSizes.push_back(rewriter.getIndexAttr(known));
        continue;
      }
      Value index = arith::ConstantIndexOp::create(rewriter, loc, dim + 2);
      Value size = tensor::ExtractOp::create(rewriter, loc, adaptor.getSize(),
                                             ValueRange{index});
      outSizes.push_back(arith::IndexCastOp::create(
                             rewriter, loc, rewriter.getIndexType(), size)
                             .getResult());
    }
    outSizes.push_back(rewriter.getIndexAttr(spatial));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (int64_t dim = 0; dim < spatial; ++dim) {
      if (!op.getType().isDynamicDim(dim + 1))
        continue;
      Value outSize =
          getValueOrCreateConstantIndexOp(rewriter, loc, outSizes[dim + 1]);
      strata::detail::checkAtRunTime(
          rewriter, loc,
          rewriter.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sge,
                                               outSize, zero),
          "graph.affine_grid: a size is negative");
    }
    Type elementType = op.getType().getElementType();
    Value init = tensor::EmptyOp::create(rewriter, loc, outSizes, elementType);
    bool alignCorners = op.getAlignCorners();
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          auto cst = [&](double value) -> Value {
            return arith::ConstantOp::create(b, l, b.getF64FloatAttr(value));
          };
          auto thetaAt = [&](int64_t column) -> Value {
            Value index = arith::ConstantIndexOp::create(b, l, column);
            return extendToF64(
                b, l,
                tensor::ExtractOp::create(
                    b, l, theta,
                    ValueRange{indices.front(), indices.back(), index}));
          };
          Value sum = thetaAt(spatial);
          for (int64_t j = 0; j < spatial; ++j) {
            int64_t dim = spatial - 1 - j;
            Value k = indexToF64(b, l, indices[dim + 1]);
            Value n = indexToF64(
                b, l, getValueOrCreateConstantIndexOp(b, l, outSizes[dim + 1]));
            // See getGridCoordinate in the evaluator.
            Value coordinate;
            if (alignCorners) {
              Value step = arith::DivFOp::create(
                  b, l, cst(2.0), arith::SubFOp::create(b, l, n, cst(1.0)));
              coordinate = arith::SelectOp::create(
                  b, l,
                  arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, n,
                                        cst(1.0)),
                  cst(0.0),
                  arith::AddFOp::create(b, l, cst(-1.0),
                                        arith::MulFOp::create(b, l, k, step)));
            } else {
              Value step = arith::DivFOp::create(b, l, cst(2.0), n);
              Value start = arith::AddFOp::create(
                  b, l, cst(-1.0), arith::DivFOp::create(b, l, step, cst(2.0)));
              coordinate = arith::AddFOp::create(
                  b, l, start, arith::MulFOp::create(b, l, k, step));
            }
            sum = arith::AddFOp::create(
                b, l, sum, arith::MulFOp::create(b, l, thetaAt(j), coordinate));
          }
          return truncateFromF64(b, l, sum, elementType);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

} // namespace

void strata::populateGraphImageToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ResizeLowering, GridSampleLowering, AffineGridLowering>(
      patterns.getContext());
}
