//===- ShapeToTensor.cpp - Graph shape ops to tensor/linalg ---------------===//
//
// Lowers constants, shape computations and the ops that rearrange or repeat
// elements. Pure reshapes (reshape, squeeze, unsqueeze, flatten) become
// tensor.collapse_shape / tensor.expand_shape where the grouping of dims is
// known at compile time, and tensor.reshape with a computed shape otherwise;
// transpose becomes linalg.transpose; expand and tile become linalg.generic
// ops over the result.
//
// The declared result type of a graph op may be more (or less) refined than
// what the upstream op infers; a tensor.cast then bridges the two.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

using namespace mlir;
using strata::detail::castTo;
using strata::detail::createIndexedGeneric;
using namespace strata;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The reified sizes of result `resultIndex` of the graph op `op`.
static FailureOr<SmallVector<OpFoldResult>>
reifyResultSizes(OpBuilder &builder, Operation *op, unsigned resultIndex = 0) {
  auto reify = dyn_cast<ReifyRankedShapedTypeOpInterface>(op);
  if (!reify)
    return failure();
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reify.reifyResultShapes(builder, shapes)) ||
      shapes.size() <= resultIndex)
    return failure();
  auto type = cast<RankedTensorType>(op->getResult(resultIndex).getType());
  if (shapes[resultIndex].size() != static_cast<size_t>(type.getRank()))
    return failure();
  SmallVector<OpFoldResult> sizes = shapes[resultIndex];
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!type.isDynamicDim(dim))
      sizes[dim] = builder.getIndexAttr(type.getDimSize(dim));
  return sizes;
}

/// The values of `shape` when it is a constant integer tensor.
static std::optional<SmallVector<int64_t>> getConstantShape(Value shape) {
  DenseIntElementsAttr attr;
  if (!matchPattern(shape, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> values;
  for (const APInt &value : attr.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}

/// Collapses every dim of `value` into one (no-op for a 1-D tensor).
static Value collapseToVector(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == 1)
    return value;
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return tensor::CollapseShapeOp::create(builder, loc, value,
                                         ArrayRef<ReassociationIndices>{all});
}

//===----------------------------------------------------------------------===//
// Constants and shapes
//===----------------------------------------------------------------------===//

namespace {

/// graph.constant -> arith.constant: both take any typed ElementsAttr
/// (dense or dense_resource), so the value is kept as is.
struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value || value.getType() != op.getType() ||
        !arith::ConstantOp::isBuildableWith(value, op.getType()))
      return rewriter.notifyMatchFailure(op, "unsupported constant value");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

/// graph.shape_of -> the sizes as i64 (tensor.dim + arith.index_cast for `?`
/// dims) gathered by tensor.from_elements; a static shape is a constant.
struct ShapeOfLowering : OpConversionPattern<ShapeOfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ShapeOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (resultType.getRank() != 1 ||
        resultType.getDimSize(0) != inputType.getRank() ||
        !resultType.getElementType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "unexpected result type");
    if (inputType.hasStaticShape()) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, DenseIntElementsAttr::get(resultType, inputType.getShape()));
      return success();
    }
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
      if (!inputType.isDynamicDim(dim)) {
        sizes.push_back(arith::ConstantIntOp::create(
            rewriter, loc, inputType.getDimSize(dim), /*width=*/64));
        continue;
      }
      Value size = tensor::DimOp::create(rewriter, loc, input, dim);
      sizes.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                 rewriter.getI64Type(), size));
    }
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType, sizes);
    return success();
  }
};

/// graph.constant_of_shape -> tensor.empty (`?` sizes reified from the
/// shape operand's values) filled with the scalar by linalg.fill.
struct ConstantOfShapeLowering : OpConversionPattern<ConstantOfShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOfShapeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType = op.getType().getElementType();
    auto values = op.getValue().tryGetValues<Attribute>();
    if (!values || values->empty())
      return rewriter.notifyMatchFailure(op, "cannot read the fill value");
    auto scalar = dyn_cast<TypedAttr>(*values->begin());
    if (!scalar || scalar.getType() != elementType)
      return rewriter.notifyMatchFailure(op, "unexpected fill value");
    Value fill = arith::ConstantOp::create(rewriter, op.getLoc(), scalar);
    FailureOr<Value> result =
        strata::detail::createFilledResult(rewriter, op, 0, fill);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// graph.range -> a linalg.generic writing `start + i * delta` (the
/// scalars read as 0-d inputs of the generic). A `?` count is computed on
/// the host from integer operands, and for float operands by a 0-d generic
/// (a small kernel: the host has no float arithmetic) whose i64 result the
/// host reads; either way the host asserts that it is valid (not -1).
struct RangeLowering : OpConversionPattern<RangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value start = adaptor.getStart(), limit = adaptor.getLimit(),
          delta = adaptor.getDelta();
    Type elementType = op.getType().getElementType();
    SmallVector<OpFoldResult> size;
    if (!op.getType().isDynamicDim(0)) {
      size.push_back(rewriter.getIndexAttr(op.getType().getDimSize(0)));
    } else {
      Value count;
      if (isa<FloatType>(elementType)) {
        Type i64 = rewriter.getI64Type();
        Value init =
            tensor::EmptyOp::create(rewriter, loc, ArrayRef<int64_t>{}, i64);
        AffineMap scalarMap = AffineMap::get(0, 0, rewriter.getContext());
        auto generic = linalg::GenericOp::create(
            rewriter, loc, TypeRange{init.getType()},
            ValueRange{start, limit, delta}, ValueRange{init},
            SmallVector<AffineMap>(4, scalarMap),
            ArrayRef<utils::IteratorType>{},
            [](OpBuilder &b, Location nestedLoc, ValueRange args) {
              linalg::YieldOp::create(
                  b, nestedLoc,
                  buildRangeCount(b, nestedLoc, args[0], args[1], args[2]));
            });
        count = tensor::ExtractOp::create(rewriter, loc, generic.getResult(0),
                                          ValueRange{});
      } else {
        auto scalar = [&](Value tensor) -> Value {
          return tensor::ExtractOp::create(rewriter, loc, tensor, ValueRange{});
        };
        count = buildRangeCount(rewriter, loc, scalar(start), scalar(limit),
                                scalar(delta));
      }
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getI64IntegerAttr(0));
      strata::detail::checkAtRunTime(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, count,
                                zero),
          "graph.range: delta is zero or the range has too many elements");
      size.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                rewriter.getIndexType(), count)
                         .getResult());
    }
    Value init = tensor::EmptyOp::create(rewriter, loc, size, elementType);
    AffineMap scalarMap = AffineMap::get(1, 0, rewriter.getContext());
    SmallVector<AffineMap> maps = {scalarMap, scalarMap,
                                   rewriter.getMultiDimIdentityMap(1)};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{init.getType()}, ValueRange{start, delta},
        ValueRange{init}, maps, {utils::IteratorType::parallel},
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value index = linalg::IndexOp::create(b, nestedLoc, 0);
          Value i64Index =
              arith::IndexCastOp::create(b, nestedLoc, b.getI64Type(), index);
          Value value;
          if (isa<FloatType>(elementType)) {
            Value step =
                arith::SIToFPOp::create(b, nestedLoc, elementType, i64Index);
            value = arith::AddFOp::create(
                b, nestedLoc, args[0],
                arith::MulFOp::create(b, nestedLoc, step, args[1]));
          } else {
            Value step = elementType.isInteger(64)
                             ? i64Index
                             : arith::TruncIOp::create(b, nestedLoc,
                                                       elementType, i64Index)
                                   .getResult();
            value = arith::AddIOp::create(
                b, nestedLoc, args[0],
                arith::MulIOp::create(b, nestedLoc, step, args[1]));
          }
          linalg::YieldOp::create(b, nestedLoc, value);
        });
    rewriter.replaceOp(
        op, castTo(rewriter, loc, generic.getResult(0), op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// True when `shape` has at most one `?` dim.
static bool hasAtMostOneDynamicDim(ArrayRef<int64_t> shape) {
  return llvm::count_if(shape, ShapedType::isDynamic) <= 1;
}

/// True when `groups` collapse `source` into `target` for every runtime
/// size: each group holds a `?` exactly when its target dim is `?`, and the
/// static groups multiply to their target size. With at most one `?` on
/// each side, the element count then fixes the `?` group too.
static bool isValidGrouping(ArrayRef<int64_t> source, ArrayRef<int64_t> target,
                            ArrayRef<ReassociationIndices> groups) {
  if (groups.size() != target.size())
    return false;
  for (auto [group, size] : llvm::zip_equal(groups, target)) {
    bool dynamic = false;
    int64_t product = 1;
    for (int64_t dim : group) {
      if (ShapedType::isDynamic(source[dim]))
        dynamic = true;
      else
        product *= source[dim];
    }
    if (dynamic != ShapedType::isDynamic(size) || (!dynamic && product != size))
      return false;
  }
  return true;
}

/// Reshapes `input` to `resultType` with one collapse_shape or expand_shape
/// when the dims group into each other; the `?` sizes of an expansion are
/// `outputSizes`. Fails when no grouping exists.
static FailureOr<Value> reshapeByGrouping(OpBuilder &builder, Location loc,
                                          Value input,
                                          RankedTensorType resultType,
                                          ArrayRef<OpFoldResult> outputSizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> inputShape = inputType.getShape();
  ArrayRef<int64_t> resultShape = resultType.getShape();
  // Either both shapes are static, or each has exactly one `?`: the element
  // counts then tie the two `?` sizes together, and the grouping (which
  // places them in the same group) holds at run time.
  bool inputDynamic = !inputType.hasStaticShape();
  bool resultDynamic = !resultType.hasStaticShape();
  if (inputDynamic != resultDynamic || !hasAtMostOneDynamicDim(inputShape) ||
      !hasAtMostOneDynamicDim(resultShape))
    return failure();
  if (inputShape == resultShape)
    return input;
  if (inputType.getRank() > resultType.getRank()) {
    std::optional<SmallVector<ReassociationIndices>> groups =
        getReassociationIndicesForCollapse(inputShape, resultShape);
    if (!groups || !isValidGrouping(inputShape, resultShape, *groups))
      return failure();
    Value collapsed = tensor::CollapseShapeOp::create(builder, loc, resultType,
                                                      input, *groups);
    return collapsed;
  }
  if (inputType.getRank() < resultType.getRank()) {
    std::optional<SmallVector<ReassociationIndices>> groups =
        getReassociationIndicesForCollapse(resultShape, inputShape);
    if (!groups || !isValidGrouping(resultShape, inputShape, *groups))
      return failure();
    Value expanded = tensor::ExpandShapeOp::create(builder, loc, resultType,
                                                   input, *groups, outputSizes);
    return expanded;
  }
  return failure();
}

/// Reshapes `input` to `resultType`, both static with the same number of
/// elements, by one grouping when there is one, else by a collapse to one
/// dim and an expansion. (A scalar side means one element, whose shapes of
/// ones always group: past the grouping both sides have dims.)
static Value reshapeThroughOneDim(OpBuilder &builder, Location loc, Value input,
                                  RankedTensorType resultType) {
  FailureOr<Value> grouped =
      reshapeByGrouping(builder, loc, input, resultType, {});
  if (succeeded(grouped))
    return *grouped;
  auto allDims = [](int64_t rank) {
    return SmallVector<ReassociationIndices>{
        llvm::to_vector(llvm::seq<int64_t>(0, rank))};
  };
  int64_t inputRank = cast<RankedTensorType>(input.getType()).getRank();
  Value flat = inputRank == 1 ? input
                              : tensor::CollapseShapeOp::create(
                                    builder, loc, input, allDims(inputRank));
  if (resultType.getRank() == 1)
    return flat;
  return tensor::ExpandShapeOp::create(builder, loc, resultType, flat,
                                       allDims(resultType.getRank()));
}

/// graph.reshape -> tensor.collapse_shape / tensor.expand_shape when the
/// sizes are known well enough to group dims (static, or one `?` on each
/// side), else tensor.reshape whose shape operand holds the result sizes:
/// constants where the result type knows them, and otherwise the ONNX rules
/// on runtime values (a 0 copies the input dim unless allowzero, a -1 is the
/// element count over the product of the other sizes), as reified by the op.
struct ReshapeLowering : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    RankedTensorType resultType = op.getType();
    auto inputType = cast<RankedTensorType>(input.getType());
    // A collapse needs no sizes: try it before reifying them.
    if (inputType.getRank() > resultType.getRank()) {
      FailureOr<Value> collapsed =
          reshapeByGrouping(rewriter, loc, input, resultType, {});
      if (succeeded(collapsed)) {
        rewriter.replaceOp(op, *collapsed);
        return success();
      }
    }
    FailureOr<SmallVector<OpFoldResult>> sizes = reifyResultSizes(rewriter, op);
    if (failed(sizes))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    if (inputType.getRank() <= resultType.getRank()) {
      FailureOr<Value> grouped =
          reshapeByGrouping(rewriter, loc, input, resultType, *sizes);
      if (succeeded(grouped)) {
        rewriter.replaceOp(op, *grouped);
        return success();
      }
    }
    // tensor.reshape checks static element counts; a mismatch there is a
    // program that fails at run time, which this lowering does not hide.
    if (inputType.hasStaticShape() && resultType.hasStaticShape() &&
        inputType.getNumElements() != resultType.getNumElements())
      return rewriter.notifyMatchFailure(op, "element counts differ");
    // Static shapes that no grouping relates ([4, 1, 512] -> [1, 2048], the
    // panels of a matrix-vector product): through one dim, which reshape
    // propagation moves through elementwise ops (tensor.reshape stops it,
    // and with it the epilogue's fusion).
    if (inputType.hasStaticShape() && resultType.hasStaticShape()) {
      rewriter.replaceOp(
          op, reshapeThroughOneDim(rewriter, loc, input, resultType));
      return success();
    }
    auto shapeType = RankedTensorType::get(
        {static_cast<int64_t>(sizes->size())}, rewriter.getIndexType());
    std::optional<SmallVector<int64_t>> constantSizes =
        getConstantIntValues(*sizes);
    Value shape;
    if (constantSizes) {
      SmallVector<Attribute> elements;
      for (int64_t size : *constantSizes)
        elements.push_back(rewriter.getIndexAttr(size));
      shape = arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(shapeType, elements));
    } else {
      SmallVector<Value> values;
      for (OpFoldResult size : *sizes)
        values.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, size));
      shape = tensor::FromElementsOp::create(rewriter, loc, shapeType, values);
    }
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, resultType, input,
                                                   shape);
    return success();
  }
};

/// graph.transpose -> linalg.transpose into a tensor.empty of the result;
/// a transpose that only moves dims of static size 1 (the non-unit dims
/// keep their order: [1, 1, 1, C] -> [1, C, 1, 1] after a global pooling)
/// moves no element and becomes a reshape, with no kernel.
struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = cast<RankedTensorType>(adaptor.getInput().getType());
    RankedTensorType resultType = op.getType();
    SmallVector<int64_t> kept;
    for (int64_t dim : op.getPerm())
      if (inputType.getDimSize(dim) != 1)
        kept.push_back(dim);
    if (inputType.hasStaticShape() && resultType.hasStaticShape() &&
        llvm::is_sorted(kept)) {
      rewriter.replaceOp(op,
                         reshapeThroughOneDim(rewriter, op.getLoc(),
                                              adaptor.getInput(), resultType));
      return success();
    }
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getInput(), *init, op.getPerm());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// graph.squeeze -> tensor.collapse_shape: each removed dim joins the group
/// of the kept dim after it (trailing ones the last group). A removed `?`
/// dim must be 1 at run time; a tensor.cast states that first, since
/// collapse_shape only drops static unit dims.
struct SqueezeLowering : OpConversionPattern<SqueezeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    SmallVector<bool> removed(rank, false);
    if (op.getAxes().empty()) {
      if (!inputType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "squeeze all needs a static "
                                               "shape");
      for (int64_t dim = 0; dim < rank; ++dim)
        removed[dim] = inputType.getDimSize(dim) == 1;
    } else {
      FailureOr<SmallVector<int64_t>> axes =
          normalizeAxes(std::nullopt, op.getAxes(), rank);
      if (failed(axes))
        return rewriter.notifyMatchFailure(op, "invalid axes");
      for (int64_t dim : *axes) {
        int64_t size = inputType.getDimSize(dim);
        if (!ShapedType::isDynamic(size) && size != 1)
          return rewriter.notifyMatchFailure(op, "squeezed dim is not 1");
        removed[dim] = true;
      }
    }
    SmallVector<int64_t> refined(inputType.getShape());
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices current;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (removed[dim])
        refined[dim] = 1;
      current.push_back(dim);
      if (!removed[dim]) {
        groups.push_back(current);
        current.clear();
      }
    }
    if (!current.empty() && !groups.empty())
      llvm::append_range(groups.back(), current);
    input = castTo(rewriter, loc, input,
                   RankedTensorType::get(refined, inputType.getElementType()));
    Value collapsed =
        llvm::is_contained(removed, true)
            ? tensor::CollapseShapeOp::create(rewriter, loc, input, groups)
                  .getResult()
            : input;
    rewriter.replaceOp(op, castTo(rewriter, loc, collapsed, op.getType()));
    return success();
  }
};

/// graph.unsqueeze -> tensor.expand_shape: each inserted unit dim joins the
/// group of the input dim after it (trailing ones the last group); `?`
/// output sizes are the input's (tensor.dim).
struct UnsqueezeLowering : OpConversionPattern<UnsqueezeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnsqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank() + op.getAxes().size();
    FailureOr<SmallVector<int64_t>> axes =
        normalizeAxes(std::nullopt, op.getAxes(), rank);
    if (op.getAxes().empty() || failed(axes))
      return rewriter.notifyMatchFailure(op, "invalid axes");
    SmallVector<bool> inserted(rank, false);
    for (int64_t dim : *axes)
      inserted[dim] = true;
    SmallVector<int64_t> shape;
    SmallVector<OpFoldResult> outputSizes;
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices current;
    int64_t inputDim = 0;
    for (int64_t dim = 0; dim < rank; ++dim) {
      current.push_back(dim);
      if (inserted[dim]) {
        shape.push_back(1);
        outputSizes.push_back(rewriter.getIndexAttr(1));
        continue;
      }
      shape.push_back(inputType.getDimSize(inputDim));
      outputSizes.push_back(
          tensor::getMixedSize(rewriter, loc, input, inputDim++));
      groups.push_back(current);
      current.clear();
    }
    if (!current.empty() && !groups.empty())
      llvm::append_range(groups.back(), current);
    auto expandedType =
        RankedTensorType::get(shape, inputType.getElementType());
    Value expanded = tensor::ExpandShapeOp::create(rewriter, loc, expandedType,
                                                   input, groups, outputSizes);
    rewriter.replaceOp(op, castTo(rewriter, loc, expanded, op.getType()));
    return success();
  }
};

/// graph.flatten -> tensor.collapse_shape into the two groups [0, axis) and
/// [axis, rank); at axis 0 or rank (an empty group, which collapse_shape
/// cannot express) the input collapses to 1-D and tensor.expand_shape adds
/// the unit dim.
struct FlattenLowering : OpConversionPattern<FlattenOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FlattenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    int64_t axis = op.getAxis();
    if (axis < -rank || axis > rank)
      return rewriter.notifyMatchFailure(op, "invalid axis");
    if (axis < 0)
      axis += rank;
    Value result;
    if (rank == 0) {
      auto type = RankedTensorType::get({1, 1}, inputType.getElementType());
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, type, input, ArrayRef<ReassociationIndices>{},
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                                 rewriter.getIndexAttr(1)});
    } else if (axis == 0 || axis == rank) {
      Value vector = collapseToVector(rewriter, loc, input);
      int64_t count = cast<RankedTensorType>(vector.getType()).getDimSize(0);
      OpFoldResult countSize = tensor::getMixedSize(rewriter, loc, vector, 0);
      OpFoldResult one = rewriter.getIndexAttr(1);
      SmallVector<int64_t> shape = {1, count};
      SmallVector<OpFoldResult> sizes = {one, countSize};
      if (axis == rank) {
        std::swap(shape[0], shape[1]);
        std::swap(sizes[0], sizes[1]);
      }
      auto type = RankedTensorType::get(shape, inputType.getElementType());
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, type, vector, ArrayRef<ReassociationIndices>{{0, 1}},
          sizes);
    } else {
      SmallVector<ReassociationIndices> groups = {
          llvm::to_vector(llvm::seq<int64_t>(0, axis)),
          llvm::to_vector(llvm::seq<int64_t>(axis, rank))};
      result = rank == 2 ? input
                         : tensor::CollapseShapeOp::create(rewriter, loc, input,
                                                           groups)
                               .getResult();
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Repeating elements
//===----------------------------------------------------------------------===//

/// graph.expand -> linalg.generic broadcasting the input into a tensor.empty
/// with the reified result sizes. Input dims align at the back; a static 1
/// is read at 0 through the indexing map, other static sizes and `?` dims
/// whose result size is provably the input's (shape entry 1) map to the
/// result dim. A `?` dim that may be a runtime 1 under a larger result
/// cannot be expressed in a map: the generic then reads the input with
/// tensor.extract at `select(dim == 1, 0, i)`, which is what ONNX Expand
/// means.
struct ExpandLowering : OpConversionPattern<ExpandOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    RankedTensorType resultType = op.getType();
    int64_t rank = resultType.getRank();
    int64_t inputRank = inputType.getRank();
    if (rank < inputRank)
      return rewriter.notifyMatchFailure(op, "result rank below input rank");
    std::optional<SmallVector<int64_t>> values =
        getConstantShape(op.getShape());
    int64_t length =
        cast<RankedTensorType>(op.getShape().getType()).getDimSize(0);
    // How each input dim is read: 0 (static 1), the result index, or a
    // runtime choice between them.
    enum class Read { Zero, Index, Runtime };
    SmallVector<Read> reads;
    for (int64_t dim = 0; dim < inputRank; ++dim) {
      int64_t resultDim = dim + rank - inputRank;
      int64_t size = inputType.getDimSize(dim);
      if (size == 1) {
        reads.push_back(resultType.getDimSize(resultDim) == 1 ? Read::Index
                                                              : Read::Zero);
        continue;
      }
      if (!ShapedType::isDynamic(size)) {
        reads.push_back(Read::Index);
        continue;
      }
      int64_t shapeIndex = resultDim - (rank - length);
      bool keepsSize = resultType.getDimSize(resultDim) == 1 ||
                       shapeIndex < 0 || (values && (*values)[shapeIndex] == 1);
      reads.push_back(keepsSize ? Read::Index : Read::Runtime);
    }
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    if (!llvm::is_contained(reads, Read::Runtime)) {
      SmallVector<AffineExpr> exprs;
      for (int64_t dim = 0; dim < inputRank; ++dim)
        exprs.push_back(
            reads[dim] == Read::Zero
                ? rewriter.getAffineConstantExpr(0)
                : rewriter.getAffineDimExpr(dim + rank - inputRank));
      SmallVector<AffineMap> maps = {
          AffineMap::get(rank, 0, exprs, rewriter.getContext()),
          rewriter.getMultiDimIdentityMap(rank)};
      auto generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{resultType}, ValueRange{input},
          ValueRange{*init}, maps, iterators,
          [](OpBuilder &b, Location nestedLoc, ValueRange args) {
            linalg::YieldOp::create(b, nestedLoc, args[0]);
          });
      rewriter.replaceOp(op, generic.getResult(0));
      return success();
    }
    // Whether each `?` input dim is a runtime 1, computed once. Any other
    // size must be the result's (an empty input dim expanded to 3 was read
    // out of bounds).
    SmallVector<Value> isUnit(inputRank);
    for (int64_t dim = 0; dim < inputRank; ++dim) {
      if (reads[dim] != Read::Runtime)
        continue;
      Value size = tensor::DimOp::create(rewriter, loc, input, dim);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      isUnit[dim] = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, size, one);
      // The shape entry this dim meets (Runtime reads have one), as an
      // index: the sizes broadcast when they are equal or either is 1.
      int64_t shapeIndex = dim + rank - inputRank - (rank - length);
      Value position =
          arith::ConstantIndexOp::create(rewriter, loc, shapeIndex);
      Value entry = arith::IndexCastOp::create(
          rewriter, loc, rewriter.getIndexType(),
          tensor::ExtractOp::create(rewriter, loc, adaptor.getShape(),
                                    position));
      Value entryIsUnit = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, entry, one);
      strata::detail::checkSizesEqual(
          rewriter, loc, size, entry,
          "graph.expand: input dim " + Twine(dim) +
              " does not broadcast with the shape's entry",
          arith::OrIOp::create(rewriter, loc, isUnit[dim], entryIsUnit));
    }
    Value result = createIndexedGeneric(
        rewriter, loc, *init,
        [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
          Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
          SmallVector<Value> positions;
          for (int64_t dim = 0; dim < inputRank; ++dim) {
            Value index = indices[dim + rank - inputRank];
            if (reads[dim] == Read::Zero)
              positions.push_back(zero);
            else if (reads[dim] == Read::Index)
              positions.push_back(index);
            else
              positions.push_back(arith::SelectOp::create(
                  b, nestedLoc, isUnit[dim], zero, index));
          }
          return tensor::ExtractOp::create(b, nestedLoc, input, positions);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// graph.tile -> linalg.generic over the result reading input[i mod d] per
/// tiled dim: linalg.index, arith.remui by the input size (a `?` size
/// cannot appear in an affine map's mod) and tensor.extract. Untiled dims
/// (repeat 1) read the index directly; an empty result never runs the body,
/// so the remainder never divides by 0.
struct TileLowering : OpConversionPattern<TileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    ArrayRef<int64_t> repeats = op.getRepeats();
    if (static_cast<int64_t>(repeats.size()) != inputType.getRank())
      return rewriter.notifyMatchFailure(op, "one repeat per dim expected");
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    SmallVector<Value> sizes;
    for (auto [dim, repeat] : llvm::enumerate(repeats))
      sizes.push_back(
          repeat == 1 ? Value()
                      : getValueOrCreateConstantIndexOp(
                            rewriter, loc,
                            tensor::getMixedSize(rewriter, loc, input, dim)));
    Value result = createIndexedGeneric(
        rewriter, loc, *init,
        [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
          SmallVector<Value> positions;
          for (auto [index, size] : llvm::zip_equal(indices, sizes))
            positions.push_back(
                size ? arith::RemUIOp::create(b, nestedLoc, index, size)
                           .getResult()
                     : index);
          return tensor::ExtractOp::create(b, nestedLoc, input, positions);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void strata::populateGraphShapeToTensorPatterns(RewritePatternSet &patterns) {
  patterns
      .add<ConstantLowering, ShapeOfLowering, ConstantOfShapeLowering,
           RangeLowering, ReshapeLowering, TransposeLowering, SqueezeLowering,
           UnsqueezeLowering, FlattenLowering, ExpandLowering, TileLowering>(
          patterns.getContext());
}
