//===- ReductionToLinalg.cpp - Reductions to linalg -----------------------===//
//
// reduce_{sum,mean,max,min,prod} and argmax/argmin become a linalg.generic
// with reduction iterators into a linalg.fill-ed accumulator over the kept
// dims, as the reference evaluator (lib/Dialect/Graph/Evaluator/
// EvaluateReduction.cpp) computes them. The accumulator has the reduced
// dims dropped, so every output indexing map is a projected permutation;
// `keepdims` then re-inserts the size-1 dims with tensor.expand_shape.
//
// cumsum and top_k, which have no linalg reduction form, are all-parallel
// linalg.generics whose bodies loop along the axis (scf.for / scf.while)
// and read the input with tensor.extract: quadratic in the axis size, but
// each element is independent, so they tile and fuse like any generic.
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
#include "mlir/Dialect/SCF/IR/SCF.h"
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
      strata::detail::checkAtRunTime(rewriter, loc, condition,
                                     "graph.dynamic_reduce: " + what);
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

//===----------------------------------------------------------------------===//
// cumsum and top_k
//===----------------------------------------------------------------------===//

/// A run-time check of `condition` naming `opName` and the op's location.
static void assertOnHost(OpBuilder &b, Location loc, Value condition,
                         StringRef opName, StringRef what) {
  strata::detail::checkAtRunTime(b, loc, condition, opName + ": " + what);
}

/// The indices of the element at `position` along `axis` (a constant or
/// a value) and at `indices` elsewhere: a select per dim for an axis known
/// only at run time.
static SmallVector<Value> replaceAlongAxis(OpBuilder &b, Location loc,
                                           ValueRange indices,
                                           std::optional<int64_t> staticAxis,
                                           Value axis, Value position) {
  SmallVector<Value> result;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    if (staticAxis) {
      result.push_back(static_cast<int64_t>(dim) == *staticAxis ? position
                                                                : index);
      continue;
    }
    Value isAxis =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, axis,
                              arith::ConstantIndexOp::create(b, loc, dim));
    result.push_back(arith::SelectOp::create(b, loc, isAxis, position, index));
  }
  return result;
}

/// Lowers cumsum to one all-parallel linalg.generic over the result: each
/// element sums its range along the axis (up to it, or from it with
/// `reverse`; itself excluded with `exclusive`) in an scf.for, in f32 for
/// 16-bit floats. A constant axis is used as such; one read at run time is
/// normalized and checked on the host (cf.assert with the op's location),
/// and picks the position and size along it with selects over the dims.
struct CumSumLowering : OpConversionPattern<graph::CumSumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::CumSumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    Type elementType = inputType.getElementType();
    Type indexType = rewriter.getIndexType();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);

    // The axis: a constant, or normalized and checked on the host.
    std::optional<int64_t> staticAxis;
    Value axis, axisSize;
    std::optional<SmallVector<int64_t>> constantAxis =
        graph::getConstantInts(adaptor.getAxis());
    if (!constantAxis)
      constantAxis = graph::getConstantInts(op.getAxis());
    if (constantAxis) {
      FailureOr<int64_t> normalized =
          graph::normalizeAxis(std::nullopt, constantAxis->front(), rank);
      if (failed(normalized))
        return rewriter.notifyMatchFailure(op, "axis out of range");
      staticAxis = *normalized;
      axisSize =
          getValueOrCreateConstantIndexOp(rewriter, loc, sizes[*staticAxis]);
    } else {
      auto axisType = cast<RankedTensorType>(adaptor.getAxis().getType());
      SmallVector<Value> at(axisType.getRank(),
                            arith::ConstantIndexOp::create(rewriter, loc, 0));
      Value raw = arith::IndexCastOp::create(
          rewriter, loc, indexType,
          tensor::ExtractOp::create(rewriter, loc, adaptor.getAxis(), at));
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value rankValue = arith::ConstantIndexOp::create(rewriter, loc, rank);
      axis = arith::SelectOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, raw,
                                zero),
          arith::AddIOp::create(rewriter, loc, raw, rankValue), raw);
      assertOnHost(
          rewriter, loc,
          arith::AndIOp::create(
              rewriter, loc,
              arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge,
                                    axis, zero),
              arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                    axis, rankValue)),
          "graph.cumsum", "the axis is out of range");
      axisSize = zero;
      for (int64_t dim = 0; dim < rank; ++dim)
        axisSize = arith::SelectOp::create(
            rewriter, loc,
            arith::CmpIOp::create(
                rewriter, loc, arith::CmpIPredicate::eq, axis,
                arith::ConstantIndexOp::create(rewriter, loc, dim)),
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[dim]),
            axisSize);
    }

    // 16-bit floats accumulate in f32, as reduce_sum does. Inclusive sums
    // start from -0.0, the identity; exclusive ones from +0.0, so that the
    // first (empty) one is +0.0 as in the evaluator.
    Type accumulatorType = elementType;
    auto floatType = dyn_cast<FloatType>(elementType);
    if (floatType && floatType.getWidth() < 32)
      accumulatorType = rewriter.getF32Type();
    TypedAttr identity =
        isa<FloatType>(accumulatorType)
            ? TypedAttr(FloatAttr::get(
                  accumulatorType,
                  APFloat::getZero(
                      cast<FloatType>(accumulatorType).getFloatSemantics(),
                      /*Negative=*/!op.getExclusive())))
            : TypedAttr(IntegerAttr::get(accumulatorType, 0));
    bool exclusive = op.getExclusive(), reverse = op.getReverse();
    Value init = tensor::EmptyOp::create(rewriter, loc, sizes, elementType);
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          // The index along the axis (for a runtime axis, the selected
          // dim's).
          Value position;
          if (staticAxis) {
            position = indices[*staticAxis];
          } else {
            position = arith::ConstantIndexOp::create(b, l, 0);
            for (auto [dim, index] : llvm::enumerate(indices))
              position = arith::SelectOp::create(
                  b, l,
                  arith::CmpIOp::create(
                      b, l, arith::CmpIPredicate::eq, axis,
                      arith::ConstantIndexOp::create(b, l, dim)),
                  index, position);
          }
          Value one = arith::ConstantIndexOp::create(b, l, 1);
          Value next = arith::AddIOp::create(b, l, position, one);
          Value lower, upper;
          if (reverse) {
            lower = exclusive ? next : position;
            upper = axisSize;
          } else {
            lower = arith::ConstantIndexOp::create(b, l, 0);
            upper = exclusive ? position : next;
          }
          Value start = arith::ConstantOp::create(b, l, identity);
          auto loop = scf::ForOp::create(
              b, l, lower, upper, one, ValueRange{start},
              [&](OpBuilder &fb, Location fl, Value m, ValueRange acc) {
                Value x = tensor::ExtractOp::create(
                    fb, fl, input,
                    replaceAlongAxis(fb, fl, indices, staticAxis, axis, m));
                if (x.getType() != accumulatorType)
                  x = arith::ExtFOp::create(fb, fl, accumulatorType, x);
                Value sum =
                    isa<FloatType>(accumulatorType)
                        ? arith::AddFOp::create(fb, fl, acc[0], x).getResult()
                        : arith::AddIOp::create(fb, fl, acc[0], x).getResult();
                scf::YieldOp::create(fb, fl, sum);
              });
          Value sum = loop.getResult(0);
          if (sum.getType() != elementType)
            sum = arith::TruncFOp::create(b, l, elementType, sum);
          return sum;
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

/// Lowers top_k to two all-parallel linalg.generics. The first ranks every
/// element along the axis: the count of elements that come before it (a
/// better value, or an equal one at a lower index: a total order, so the
/// ranks are distinct), counted in an scf.while that stops at k, as a rank
/// of k or more is never selected. The second fills output position j with
/// the element of rank j, found by an scf.for along the axis, and its
/// index. k is read on the host and checked (0 <= k <= size, cf.assert with
/// the op's location); NaN orders above every number, as in the evaluator.
struct TopKLowering : OpConversionPattern<graph::TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> normalized =
        graph::normalizeAxis(std::nullopt, op.getAxis(), rank);
    if (failed(normalized))
      return rewriter.notifyMatchFailure(op, "axis out of range");
    int64_t axis = *normalized;
    Type elementType = inputType.getElementType();
    Type i64Type = rewriter.getI64Type();
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    bool largest = op.getLargest();

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[axis]);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value k = rewriter.createOrFold<arith::IndexCastOp>(
        loc, rewriter.getIndexType(),
        rewriter.createOrFold<tensor::ExtractOp>(loc, adaptor.getK(),
                                                 ValueRange{zero}));
    assertOnHost(rewriter, loc,
                 rewriter.createOrFold<arith::AndIOp>(
                     loc,
                     rewriter.createOrFold<arith::CmpIOp>(
                         loc, arith::CmpIPredicate::sge, k, zero),
                     rewriter.createOrFold<arith::CmpIOp>(
                         loc, arith::CmpIPredicate::sle, k, size)),
                 "graph.top_k", "k is out of range");

    // Whether element a (at index ia along the axis) comes before element b.
    auto before = [&](OpBuilder &b, Location l, Value a, Value ia, Value bv,
                      Value ib) -> Value {
      Value better, equal;
      if (isa<FloatType>(elementType)) {
        using Pred = arith::CmpFPredicate;
        auto cmp = [&](Pred pred, Value x, Value y) {
          return arith::CmpFOp::create(b, l, pred, x, y).getResult();
        };
        Value aNaN = cmp(Pred::UNO, a, a), bNaN = cmp(Pred::UNO, bv, bv);
        Value aNumber = cmp(Pred::ORD, a, a), bNumber = cmp(Pred::ORD, bv, bv);
        // NaN above every number: a larger NaN, or a smaller number.
        better = largest ? arith::OrIOp::create(
                               b, l, cmp(Pred::OGT, a, bv),
                               arith::AndIOp::create(b, l, aNaN, bNumber))
                         : arith::OrIOp::create(
                               b, l, cmp(Pred::OLT, a, bv),
                               arith::AndIOp::create(b, l, aNumber, bNaN));
        equal = arith::OrIOp::create(b, l, cmp(Pred::OEQ, a, bv),
                                     arith::AndIOp::create(b, l, aNaN, bNaN));
      } else {
        using Pred = arith::CmpIPredicate;
        Pred pred = largest ? (isUnsigned ? Pred::ugt : Pred::sgt)
                            : (isUnsigned ? Pred::ult : Pred::slt);
        better = arith::CmpIOp::create(b, l, pred, a, bv);
        equal = arith::CmpIOp::create(b, l, Pred::eq, a, bv);
      }
      Value lowerIndex =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, ia, ib);
      return arith::OrIOp::create(
          b, l, better, arith::AndIOp::create(b, l, equal, lowerIndex));
    };

    // Ranks, capped at k.
    Value rankInit = tensor::EmptyOp::create(rewriter, loc, sizes, i64Type);
    Value ranks = createIndexedGeneric(
        rewriter, loc, rankInit,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          Value x = tensor::ExtractOp::create(b, l, input, indices);
          Value self = indices[axis];
          Value zeroIndex = arith::ConstantIndexOp::create(b, l, 0);
          Value one = arith::ConstantIndexOp::create(b, l, 1);
          Type indexType = b.getIndexType();
          auto loop = scf::WhileOp::create(
              b, l, TypeRange{indexType, indexType},
              ValueRange{zeroIndex, zeroIndex},
              [&](OpBuilder &wb, Location wl, ValueRange args) {
                Value more = arith::AndIOp::create(
                    wb, wl,
                    arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::ult,
                                          args[0], size),
                    arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::ult,
                                          args[1], k));
                scf::ConditionOp::create(wb, wl, more, args);
              },
              [&](OpBuilder &wb, Location wl, ValueRange args) {
                Value m = args[0];
                SmallVector<Value> at(indices);
                at[axis] = m;
                Value other = tensor::ExtractOp::create(wb, wl, input, at);
                Value count = arith::AddIOp::create(
                    wb, wl, args[1],
                    arith::SelectOp::create(
                        wb, wl, before(wb, wl, other, m, x, self), one,
                        arith::ConstantIndexOp::create(wb, wl, 0)));
                scf::YieldOp::create(
                    wb, wl,
                    ValueRange{arith::AddIOp::create(wb, wl, m, one), count});
              });
          return arith::IndexCastOp::create(b, l, i64Type, loop.getResult(1));
        });

    // Position j of the results: the element of rank j. (A result type
    // static along the axis where k is read at run time is not seen here:
    // convert-graph-to-kernel lowers such results with their inferred `?`
    // size and checks the declared one.)
    SmallVector<OpFoldResult> resultSizes(sizes);
    int64_t staticK =
        cast<RankedTensorType>(op.getValues().getType()).getDimSize(axis);
    resultSizes[axis] = ShapedType::isDynamic(staticK)
                            ? OpFoldResult(k)
                            : OpFoldResult(rewriter.getIndexAttr(staticK));
    Value valuesInit =
        tensor::EmptyOp::create(rewriter, loc, resultSizes, elementType);
    Value indicesInit =
        tensor::EmptyOp::create(rewriter, loc, resultSizes, i64Type);
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineMap> maps(
        2, AffineMap::getMultiDimIdentityMap(rank, context));
    auto gather = linalg::GenericOp::create(
        rewriter, loc, TypeRange{valuesInit.getType(), indicesInit.getType()},
        ValueRange{}, ValueRange{valuesInit, indicesInit}, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> indices;
          for (int64_t dim = 0; dim < rank; ++dim)
            indices.push_back(linalg::IndexOp::create(b, l, dim));
          Value j = arith::IndexCastOp::create(b, l, i64Type, indices[axis]);
          Value zeroIndex = arith::ConstantIndexOp::create(b, l, 0);
          Value one = arith::ConstantIndexOp::create(b, l, 1);
          auto loop = scf::ForOp::create(
              b, l, zeroIndex, size, one, ValueRange{zeroIndex},
              [&](OpBuilder &fb, Location fl, Value m, ValueRange found) {
                SmallVector<Value> at(indices);
                at[axis] = m;
                Value r = tensor::ExtractOp::create(fb, fl, ranks, at);
                Value isJ = arith::CmpIOp::create(
                    fb, fl, arith::CmpIPredicate::eq, r, j);
                scf::YieldOp::create(
                    fb, fl,
                    arith::SelectOp::create(fb, fl, isJ, m, found[0])
                        .getResult());
              });
          Value found = loop.getResult(0);
          SmallVector<Value> at(indices);
          at[axis] = found;
          Value value = tensor::ExtractOp::create(b, l, input, at);
          linalg::YieldOp::create(b, l,
                                  ValueRange{value, arith::IndexCastOp::create(
                                                        b, l, i64Type, found)});
        });
    rewriter.replaceOp(op, {castTo(rewriter, loc, gather.getResult(0),
                                   op.getValues().getType()),
                            castTo(rewriter, loc, gather.getResult(1),
                                   op.getIndices().getType())});
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
               ArgReduceOpLowering<graph::ArgMinOp, /*IsMax=*/false>,
               CumSumLowering, TopKLowering>(patterns.getContext());
}
