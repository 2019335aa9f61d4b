//===- ReductionToLinalg.cpp - Reductions to linalg -----------------------===//
//
// reduce_{sum,mean,max,min,prod} and argmax/argmin become a linalg.generic
// with reduction iterators into a linalg.fill-ed accumulator over the kept
// dims, as the reference evaluator (lib/Dialect/Graph/Evaluator/
// EvaluateReduction.cpp) computes them. The accumulator has the reduced
// dims dropped, so every output indexing map is a projected permutation;
// `keepdims` then re-inserts the size-1 dims with tensor.expand_shape.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace strata;
using strata::detail::castTo;
using strata::detail::createIndexedGeneric;
using strata::detail::createScalarConstant;
using strata::detail::getHighestValue;
using strata::detail::getLowestValue;

using graph::ReduceKind;

//===----------------------------------------------------------------------===//
// Shared structure: reduced dims, accumulators, keepdims
//===----------------------------------------------------------------------===//

namespace {
/// The shape side of a reduction of `input` over the `reduced` dims: the
/// sizes of the kept dims (the accumulator's shape) and the result type.
struct ReductionShape {
  Value input;
  SmallVector<bool> reduced;
  bool keepdims;
  RankedTensorType resultType;
  /// The kept dims' sizes: static where the result type is, else tensor.dim
  /// of the input.
  SmallVector<OpFoldResult> keptSizes;

  int64_t getRank() const { return reduced.size(); }

  /// The dims of the input that the result keeps (the parallel loops).
  SmallVector<int64_t> getKeptDims() const {
    SmallVector<int64_t> dims;
    for (auto [dim, isReduced] : llvm::enumerate(reduced))
      if (!isReduced)
        dims.push_back(dim);
    return dims;
  }

  /// The accumulator type with `elementType`: the kept sizes.
  RankedTensorType getKeptType(Type elementType) const {
    SmallVector<int64_t> shape;
    for (OpFoldResult size : keptSizes) {
      std::optional<int64_t> constant = getConstantIntValue(size);
      shape.push_back(constant ? *constant : ShapedType::kDynamic);
    }
    return RankedTensorType::get(shape, elementType);
  }

  /// The loop iterators: reduction for the reduced dims.
  SmallVector<utils::IteratorType> getIterators() const {
    SmallVector<utils::IteratorType> iterators;
    for (bool isReduced : reduced)
      iterators.push_back(isReduced ? utils::IteratorType::reduction
                                    : utils::IteratorType::parallel);
    return iterators;
  }

  /// The map from the loops to the accumulator (the kept dims).
  AffineMap getKeptMap(MLIRContext *context) const {
    SmallVector<AffineExpr> exprs;
    for (int64_t dim : getKeptDims())
      exprs.push_back(getAffineDimExpr(dim, context));
    return AffineMap::get(getRank(), /*symbolCount=*/0, exprs, context);
  }
};
} // namespace

/// Describes the reduction of `input` over the `reduced` dims producing
/// `resultType` (`keepdims` or not); fails when the result rank does not
/// match. Creates tensor.dim ops for the `?` kept sizes.
static FailureOr<ReductionShape>
getReductionShape(OpBuilder &b, Location loc, Value input,
                  SmallVector<bool> reduced, bool keepdims, Type resultType) {
  auto rankedResult = dyn_cast<RankedTensorType>(resultType);
  if (!rankedResult)
    return failure();
  ReductionShape shape{input, std::move(reduced), keepdims, rankedResult, {}};
  int64_t numKept = llvm::count(shape.reduced, false);
  if (rankedResult.getRank() != (keepdims ? shape.getRank() : numKept))
    return failure();
  int64_t resultDim = 0;
  for (auto [dim, isReduced] : llvm::enumerate(shape.reduced)) {
    if (isReduced) {
      if (keepdims)
        ++resultDim;
      continue;
    }
    int64_t size = rankedResult.getDimSize(resultDim++);
    if (ShapedType::isDynamic(size))
      shape.keptSizes.push_back(
          tensor::DimOp::create(b, loc, input, dim).getResult());
    else
      shape.keptSizes.push_back(b.getIndexAttr(size));
  }
  return shape;
}

/// A tensor of the kept sizes with `elementType`, filled with `value`.
static Value createFilledAccumulator(OpBuilder &b, Location loc,
                                     const ReductionShape &shape,
                                     Type elementType, TypedAttr value) {
  Value empty = tensor::EmptyOp::create(b, loc, shape.keptSizes, elementType);
  Value fill = arith::ConstantOp::create(b, loc, value);
  return linalg::FillOp::create(b, loc, fill, empty).getResult(0);
}

/// The op's result from the accumulator-shaped `value`: itself without
/// `keepdims`, else a tensor.expand_shape that re-inserts each size-1
/// reduced dim into the group of the kept dim before it (or after it, for
/// leading reduced dims; none at all when every dim is reduced).
static Value createKeepdimsResult(OpBuilder &b, Location loc,
                                  const ReductionShape &shape, Value value) {
  if (!shape.keepdims)
    return value;
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leading;
  SmallVector<OpFoldResult> outputShape;
  unsigned kept = 0;
  for (auto [dim, isReduced] : llvm::enumerate(shape.reduced)) {
    auto index = static_cast<int64_t>(dim);
    if (isReduced) {
      outputShape.push_back(b.getIndexAttr(1));
      if (groups.empty())
        leading.push_back(index);
      else
        groups.back().push_back(index);
      continue;
    }
    outputShape.push_back(shape.keptSizes[kept++]);
    leading.push_back(index);
    groups.push_back(std::move(leading));
    leading.clear();
  }
  return tensor::ExpandShapeOp::create(b, loc, shape.resultType, value, groups,
                                       outputShape);
}

//===----------------------------------------------------------------------===//
// reduce_*
//===----------------------------------------------------------------------===//

/// The accumulator element type: f32 for sums, means and products of f16
/// and bf16 (the evaluator accumulates in double and rounds once; a 16-bit
/// accumulator would lose most of a long sum), else the element type.
static Type getAccumulatorType(ReduceKind kind, Type elementType) {
  auto floatType = dyn_cast<FloatType>(elementType);
  if (floatType && floatType.getWidth() < 32 &&
      (kind == ReduceKind::Sum || kind == ReduceKind::Mean ||
       kind == ReduceKind::Prod))
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// The identity the accumulator starts from: -0.0 for float sums (so that a
/// sum of -0.0 stays -0.0, as in the evaluator) unless the reduction is
/// known to be over an empty set (the evaluator's empty sum is +0.0; a
/// dynamically empty one gives -0.0 here), 0 for integer sums, 1 for
/// products, the lowest or highest value (-inf / +inf for floats) for max
/// and min.
static TypedAttr getIdentity(ReduceKind kind, Type accumulatorType,
                             bool staticallyEmpty, bool isUnsigned) {
  switch (kind) {
  case ReduceKind::Sum:
  case ReduceKind::Mean: {
    auto floatType = dyn_cast<FloatType>(accumulatorType);
    if (!floatType)
      return IntegerAttr::get(accumulatorType, 0);
    return FloatAttr::get(floatType,
                          APFloat::getZero(floatType.getFloatSemantics(),
                                           /*Negative=*/!staticallyEmpty));
  }
  case ReduceKind::Prod:
    if (auto floatType = dyn_cast<FloatType>(accumulatorType))
      return FloatAttr::get(floatType, 1.0);
    return IntegerAttr::get(accumulatorType, 1);
  case ReduceKind::Max:
    return getLowestValue(accumulatorType, isUnsigned);
  case ReduceKind::Min:
    return getHighestValue(accumulatorType, isUnsigned);
  }
  llvm_unreachable("unknown reduction");
}

/// Combines the accumulator `acc` with the element `x`: integer sums and
/// products wrap; float max/min are IEEE maximum/minimum (NaN propagates,
/// -0.0 < +0.0), as in the evaluator.
static Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value acc,
                     Value x, bool isUnsigned) {
  bool isFloat = isa<FloatType>(acc.getType());
  switch (kind) {
  case ReduceKind::Sum:
  case ReduceKind::Mean:
    return isFloat ? arith::AddFOp::create(b, loc, acc, x).getResult()
                   : arith::AddIOp::create(b, loc, acc, x).getResult();
  case ReduceKind::Prod:
    return isFloat ? arith::MulFOp::create(b, loc, acc, x).getResult()
                   : arith::MulIOp::create(b, loc, acc, x).getResult();
  case ReduceKind::Max:
    return isFloat      ? arith::MaximumFOp::create(b, loc, acc, x).getResult()
           : isUnsigned ? arith::MaxUIOp::create(b, loc, acc, x).getResult()
                        : arith::MaxSIOp::create(b, loc, acc, x).getResult();
  case ReduceKind::Min:
    return isFloat      ? arith::MinimumFOp::create(b, loc, acc, x).getResult()
           : isUnsigned ? arith::MinUIOp::create(b, loc, acc, x).getResult()
                        : arith::MinSIOp::create(b, loc, acc, x).getResult();
  }
  llvm_unreachable("unknown reduction");
}

/// The number of reduced elements per output as a float of `type`: a
/// constant when the reduced sizes are static, else the product of their
/// tensor.dim (times the static ones) converted with index_cast and sitofp.
static Value createReducedCount(OpBuilder &b, Location loc,
                                const ReductionShape &shape,
                                RankedTensorType inputType, Type type) {
  int64_t staticCount = 1;
  Value dynamicCount;
  for (auto [dim, isReduced] : llvm::enumerate(shape.reduced)) {
    if (!isReduced)
      continue;
    int64_t size = inputType.getDimSize(dim);
    if (!ShapedType::isDynamic(size)) {
      staticCount *= size;
      continue;
    }
    Value dimSize = tensor::DimOp::create(b, loc, shape.input, dim);
    dynamicCount = dynamicCount
                       ? arith::MulIOp::create(b, loc, dynamicCount, dimSize)
                       : dimSize;
  }
  if (!dynamicCount)
    return createScalarConstant(b, loc, type, static_cast<double>(staticCount));
  if (staticCount != 1)
    dynamicCount = arith::MulIOp::create(
        b, loc, dynamicCount,
        arith::ConstantIndexOp::create(b, loc, staticCount));
  Value count =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), dynamicCount);
  return arith::SIToFPOp::create(b, loc, type, count);
}

namespace {
/// Lowers reduce_{sum,mean,max,min,prod} to a linalg.generic reducing the
/// `axes` dims into an accumulator of the kept dims, filled with the
/// operation's identity. A mean divides by the number of reduced elements
/// (dynamic sizes via tensor.dim), and a 16-bit float sum, mean or product
/// accumulates in f32 and rounds once, both in one elementwise
/// linalg.generic after the reduction. keepdims re-inserts the size-1 dims
/// with tensor.expand_shape, so every map stays a projected permutation.
template <typename OpTy, ReduceKind Kind>
struct ReduceOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "expected a ranked input");
    int64_t rank = inputType.getRank();
    FailureOr<SmallVector<int64_t>> axes =
        graph::normalizeAxes(std::nullopt, op.getAxes(), rank);
    if (failed(axes))
      return rewriter.notifyMatchFailure(op, "invalid reduction axes");
    // An empty `axes` reduces every dim.
    SmallVector<bool> reduced(rank, axes->empty());
    for (int64_t axis : *axes)
      reduced[axis] = true;
    Type elementType = inputType.getElementType();
    if (Kind == ReduceKind::Mean && !isa<FloatType>(elementType))
      return rewriter.notifyMatchFailure(op, "reduce_mean needs floats");
    // Check the result rank before creating any op.
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    int64_t numKept = llvm::count(reduced, false);
    if (!resultType ||
        resultType.getRank() != (op.getKeepdims() ? rank : numKept))
      return rewriter.notifyMatchFailure(op, "unexpected result rank");
    FailureOr<ReductionShape> shape = getReductionShape(
        rewriter, loc, input, reduced, op.getKeepdims(), resultType);
    if (failed(shape))
      return rewriter.notifyMatchFailure(op, "unexpected result type");

    MLIRContext *context = rewriter.getContext();
    Type accumulatorType = getAccumulatorType(Kind, elementType);
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    bool staticallyEmpty = false;
    for (auto [size, isReduced] :
         llvm::zip_equal(inputType.getShape(), shape->reduced))
      staticallyEmpty |= isReduced && size == 0;
    Value init = createFilledAccumulator(
        rewriter, loc, *shape, accumulatorType,
        getIdentity(Kind, accumulatorType, staticallyEmpty, isUnsigned));
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(rank, context),
        shape->getKeptMap(context)};
    auto reduction = linalg::GenericOp::create(
        rewriter, loc, TypeRange{init.getType()}, ValueRange{input},
        ValueRange{init}, maps, shape->getIterators(),
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value x = args[0];
          if (x.getType() != accumulatorType)
            x = arith::ExtFOp::create(b, nestedLoc, accumulatorType, x);
          linalg::YieldOp::create(
              b, nestedLoc,
              combine(b, nestedLoc, Kind, args[1], x, isUnsigned));
        });
    Value result = reduction.getResult(0);

    if (Kind == ReduceKind::Mean || accumulatorType != elementType) {
      Value count;
      if (Kind == ReduceKind::Mean)
        count = createReducedCount(rewriter, loc, *shape, inputType,
                                   accumulatorType);
      Value empty =
          tensor::EmptyOp::create(rewriter, loc, shape->keptSizes, elementType);
      int64_t keptRank = shape->keptSizes.size();
      SmallVector<AffineMap> finalMaps(
          2, AffineMap::getMultiDimIdentityMap(keptRank, context));
      SmallVector<utils::IteratorType> parallel(keptRank,
                                                utils::IteratorType::parallel);
      auto finalize = linalg::GenericOp::create(
          rewriter, loc, TypeRange{empty.getType()}, ValueRange{result},
          ValueRange{empty}, finalMaps, parallel,
          [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
            Value value = args[0];
            if (count)
              value = arith::DivFOp::create(b, nestedLoc, value, count);
            if (value.getType() != elementType)
              value = arith::TruncFOp::create(b, nestedLoc, elementType, value);
            linalg::YieldOp::create(b, nestedLoc, value);
          });
      result = finalize.getResult(0);
    }
    rewriter.replaceOp(op, createKeepdimsResult(rewriter, loc, *shape, result));
    return success();
  }
};

/// Lowers dynamic_reduce (axes read at run time; constant ones became the
/// static ops). The host reads the axes, asserts that they are in range
/// and distinct (cf.assert with the op's location), and flags each dim as
/// reduced or kept. One linalg.generic runs over the kept sizes (a reduced
/// dim counts 1) and a second set of reduction loops over the reduced sizes
/// (a kept dim counts 1), their bounds from an empty tensor of those sizes:
/// each element reads the input at `reduced ? k : o` per dim. Without
/// keepdims the result is reshaped to the kept sizes, in order, computed on
/// the host.
struct DynamicReduceLowering : OpConversionPattern<graph::DynamicReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::DynamicReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    int64_t count =
        cast<RankedTensorType>(adaptor.getAxes().getType()).getDimSize(0);
    if (count == 0)
      return rewriter.notifyMatchFailure(op, "no axes: canonicalize first");
    ReduceKind kind = op.getKind();
    Type elementType = inputType.getElementType();
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    Type indexType = rewriter.getIndexType();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value a, Value b) {
      return rewriter.createOrFold<arith::CmpIOp>(loc, predicate, a, b);
    };
    auto check = [&](Value condition, StringRef what) {
      cf::AssertOp::create(rewriter, loc, condition,
                           ("graph.dynamic_reduce: " + what).str());
    };

    // The normalized axes, checked.
    Value zero = constant(0), one = constant(1);
    SmallVector<Value> axes;
    for (int64_t i = 0; i < count; ++i) {
      Value raw = rewriter.createOrFold<arith::IndexCastOp>(
          loc, indexType,
          rewriter.createOrFold<tensor::ExtractOp>(loc, adaptor.getAxes(),
                                                   ValueRange{constant(i)}));
      Value axis = rewriter.createOrFold<arith::SelectOp>(
          loc, cmp(arith::CmpIPredicate::slt, raw, zero),
          rewriter.createOrFold<arith::AddIOp>(loc, raw, constant(rank)), raw);
      check(rewriter.createOrFold<arith::AndIOp>(
                loc, cmp(arith::CmpIPredicate::sge, axis, zero),
                cmp(arith::CmpIPredicate::slt, axis, constant(rank))),
            "an axis is out of range");
      for (Value previous : axes)
        check(cmp(arith::CmpIPredicate::ne, axis, previous),
              "an axis is repeated");
      axes.push_back(axis);
    }
    // Per dim: reduced or not, the kept size (1 if reduced) and the reduced
    // size (1 if kept).
    SmallVector<Value> reduced, keptSizes, reducedSizes, sizes;
    Value reducedCount = one;
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value isReduced;
      for (Value axis : axes) {
        Value isThis = cmp(arith::CmpIPredicate::eq, axis, constant(dim));
        isReduced =
            isReduced
                ? rewriter.createOrFold<arith::OrIOp>(loc, isReduced, isThis)
                : isThis;
      }
      Value size = getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, input, dim));
      reduced.push_back(isReduced);
      sizes.push_back(size);
      keptSizes.push_back(
          rewriter.createOrFold<arith::SelectOp>(loc, isReduced, one, size));
      Value reducedSize =
          rewriter.createOrFold<arith::SelectOp>(loc, isReduced, size, one);
      reducedSizes.push_back(reducedSize);
      reducedCount =
          rewriter.createOrFold<arith::MulIOp>(loc, reducedCount, reducedSize);
    }

    Type accumulatorType = getAccumulatorType(kind, elementType);
    // A static 0 dim, reduced or kept, leaves nothing (or an empty sum).
    TypedAttr identity =
        getIdentity(kind, accumulatorType,
                    llvm::is_contained(inputType.getShape(), 0), isUnsigned);
    Value init =
        linalg::FillOp::create(
            rewriter, loc,
            arith::ConstantOp::create(rewriter, loc, identity).getResult(),
            tensor::EmptyOp::create(rewriter, loc, getAsOpFoldResult(keptSizes),
                                    accumulatorType)
                .getResult())
            .getResult(0);
    Value bounds = tensor::EmptyOp::create(
        rewriter, loc, getAsOpFoldResult(reducedSizes), rewriter.getI1Type());
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> outerExprs, innerExprs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      outerExprs.push_back(getAffineDimExpr(dim, context));
      innerExprs.push_back(getAffineDimExpr(rank + dim, context));
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(2 * rank, 0, innerExprs, context),
        AffineMap::get(2 * rank, 0, outerExprs, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{init.getType()}, ValueRange{bounds},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> position;
          for (int64_t dim = 0; dim < rank; ++dim)
            position.push_back(arith::SelectOp::create(
                b, l, reduced[dim], linalg::IndexOp::create(b, l, rank + dim),
                linalg::IndexOp::create(b, l, dim)));
          Value x = tensor::ExtractOp::create(b, l, input, position);
          if (x.getType() != accumulatorType)
            x = arith::ExtFOp::create(b, l, accumulatorType, x);
          linalg::YieldOp::create(b, l,
                                  combine(b, l, kind, args[1], x, isUnsigned));
        });
    Value result = generic.getResult(0);
    if (kind == ReduceKind::Mean || accumulatorType != elementType) {
      Value countValue;
      if (kind == ReduceKind::Mean)
        countValue = arith::SIToFPOp::create(
            rewriter, loc, accumulatorType,
            arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                       reducedCount));
      result = createIndexedGeneric(
          rewriter, loc,
          tensor::EmptyOp::create(rewriter, loc, getAsOpFoldResult(keptSizes),
                                  elementType),
          [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
            Value value = tensor::ExtractOp::create(b, l, result, indices);
            if (countValue)
              value = arith::DivFOp::create(b, l, value, countValue);
            if (value.getType() != elementType)
              value = arith::TruncFOp::create(b, l, elementType, value);
            return value;
          });
    }
    if (!op.getKeepdims()) {
      // The kept sizes in order: the j-th kept dim's size, selected among
      // the dims by how many kept dims precede each.
      SmallVector<Value> shape;
      for (int64_t j = 0; j < rank - count; ++j) {
        Value size = zero, before = zero;
        for (int64_t dim = 0; dim < rank; ++dim) {
          Value kept = rewriter.createOrFold<arith::XOrIOp>(
              loc, reduced[dim],
              arith::ConstantOp::create(rewriter, loc,
                                        rewriter.getBoolAttr(true)));
          Value here = rewriter.createOrFold<arith::AndIOp>(
              loc, kept, cmp(arith::CmpIPredicate::eq, before, constant(j)));
          size = rewriter.createOrFold<arith::SelectOp>(loc, here, sizes[dim],
                                                        size);
          before = rewriter.createOrFold<arith::AddIOp>(
              loc, before,
              rewriter.createOrFold<arith::SelectOp>(loc, kept, one, zero));
        }
        shape.push_back(rewriter.createOrFold<arith::IndexCastOp>(
            loc, rewriter.getI64Type(), size));
      }
      Value shapeTensor = tensor::FromElementsOp::create(
          rewriter, loc,
          RankedTensorType::get({rank - count}, rewriter.getI64Type()), shape);
      SmallVector<int64_t> dynamicShape(rank - count, ShapedType::kDynamic);
      result = tensor::ReshapeOp::create(
          rewriter, loc, RankedTensorType::get(dynamicShape, elementType),
          result, shapeTensor);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

/// Lowers argmax/argmin along `axis` to one linalg.generic with two
/// accumulators, the extreme value so far (filled with the lowest or
/// highest value) and its i64 index (filled with 0), the index coming from
/// linalg.index. An element replaces the accumulator when it is strictly
/// better (first occurrence wins) or, with select_last_index, better or
/// equal. NaN counts as the extreme value, as in the evaluator (and numpy):
/// a NaN element replaces a non-NaN accumulator, and a NaN accumulator is
/// replaced only by a later NaN with select_last_index. keepdims re-inserts
/// the size-1 dim with tensor.expand_shape.
template <typename OpTy, bool IsMax>
struct ArgReduceOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "expected a ranked input");
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> axis = graph::normalizeAxis(
        std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    SmallVector<bool> reduced(rank, false);
    reduced[*axis] = true;
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType ||
        resultType.getRank() != (op.getKeepdims() ? rank : rank - 1))
      return rewriter.notifyMatchFailure(op, "unexpected result rank");
    FailureOr<ReductionShape> shape = getReductionShape(
        rewriter, loc, input, reduced, op.getKeepdims(), resultType);
    if (failed(shape))
      return rewriter.notifyMatchFailure(op, "unexpected result type");

    MLIRContext *context = rewriter.getContext();
    Type elementType = inputType.getElementType();
    Type indexType = rewriter.getI64Type();
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    Value valueInit = createFilledAccumulator(
        rewriter, loc, *shape, elementType,
        IsMax ? getLowestValue(elementType, isUnsigned)
              : getHighestValue(elementType, isUnsigned));
    Value indexInit = createFilledAccumulator(rewriter, loc, *shape, indexType,
                                              rewriter.getI64IntegerAttr(0));
    AffineMap keptMap = shape->getKeptMap(context);
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(rank, context), keptMap, keptMap};
    bool selectLast = op.getSelectLastIndex();
    int64_t axisDim = *axis;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valueInit.getType(), indexInit.getType()},
        ValueRange{input}, ValueRange{valueInit, indexInit}, maps,
        shape->getIterators(),
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value x = args[0], best = args[1], bestIndex = args[2];
          Value index = arith::IndexCastOp::create(
              b, nestedLoc, indexType,
              linalg::IndexOp::create(b, nestedLoc, axisDim));
          Value better;
          if (isa<FloatType>(elementType)) {
            using Pred = arith::CmpFPredicate;
            Pred pred = IsMax ? (selectLast ? Pred::OGE : Pred::OGT)
                              : (selectLast ? Pred::OLE : Pred::OLT);
            better = arith::CmpFOp::create(b, nestedLoc, pred, x, best);
            Value xIsNaN = arith::CmpFOp::create(b, nestedLoc, Pred::UNO, x, x);
            Value nanWins = xIsNaN;
            if (!selectLast) {
              // The first NaN stays.
              Value bestIsNumber =
                  arith::CmpFOp::create(b, nestedLoc, Pred::ORD, best, best);
              nanWins =
                  arith::AndIOp::create(b, nestedLoc, xIsNaN, bestIsNumber);
            }
            better = arith::OrIOp::create(b, nestedLoc, better, nanWins);
          } else {
            using Pred = arith::CmpIPredicate;
            Pred pred = isUnsigned
                            ? (IsMax ? (selectLast ? Pred::uge : Pred::ugt)
                                     : (selectLast ? Pred::ule : Pred::ult))
                            : (IsMax ? (selectLast ? Pred::sge : Pred::sgt)
                                     : (selectLast ? Pred::sle : Pred::slt));
            better = arith::CmpIOp::create(b, nestedLoc, pred, x, best);
          }
          Value newBest =
              arith::SelectOp::create(b, nestedLoc, better, x, best);
          Value newIndex =
              arith::SelectOp::create(b, nestedLoc, better, index, bestIndex);
          linalg::YieldOp::create(b, nestedLoc, ValueRange{newBest, newIndex});
        });
    rewriter.replaceOp(
        op, createKeepdimsResult(rewriter, loc, *shape, generic.getResult(1)));
    return success();
  }
};
} // namespace

void strata::populateGraphReductionToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReduceOpLowering<graph::ReduceSumOp, ReduceKind::Sum>,
               ReduceOpLowering<graph::ReduceMeanOp, ReduceKind::Mean>,
               ReduceOpLowering<graph::ReduceMaxOp, ReduceKind::Max>,
               ReduceOpLowering<graph::ReduceMinOp, ReduceKind::Min>,
               ReduceOpLowering<graph::ReduceProdOp, ReduceKind::Prod>,
               DynamicReduceLowering,
               ArgReduceOpLowering<graph::ArgMaxOp, /*IsMax=*/true>,
               ArgReduceOpLowering<graph::ArgMinOp, /*IsMax=*/false>>(
      patterns.getContext());
}
