//===- GraphReductionOps.cpp - Reductions ---------------------------------===//
//
// Type inference, verification, folders and shape reification of reductions.
// The five reduce_* ops and argmax/argmin share one inference and one
// reification function: they only differ in their element types. cumsum and
// top_k, which scan or select along one axis, come last.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/IR/PatternMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Shared inference and reification
//===----------------------------------------------------------------------===//

/// Marks the dims of a rank-`rank` tensor that `axes` (already normalized)
/// reduce; an empty `axes` reduces every dim.
static SmallVector<bool> getReducedDims(ArrayRef<int64_t> axes, int64_t rank) {
  SmallVector<bool> reduced(rank, axes.empty());
  for (int64_t axis : axes)
    reduced[axis] = true;
  return reduced;
}

/// Infers the result of reducing `input` over `axes` (ONNX semantics: empty
/// means every dim, negative counts from the back, duplicates and
/// out-of-range axes are errors). The result keeps the reduced dims as 1
/// with `keepdims` and drops them otherwise; its element type is
/// `resultElementType`, or the input's when null.
static LogicalResult inferReductionType(std::optional<Location> location,
                                        Value input, ArrayRef<int64_t> axes,
                                        bool keepdims, Type resultElementType,
                                        SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(input);
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor operand");
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(location, axes, inputType.getRank());
  if (failed(normalized))
    return failure();
  SmallVector<bool> reduced = getReducedDims(*normalized, inputType.getRank());
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (!reduced[dim])
      shape.push_back(size);
    else if (keepdims)
      shape.push_back(1);
  }
  inferred.push_back(RankedTensorType::get(
      shape,
      resultElementType ? resultElementType : inputType.getElementType()));
  return success();
}

/// Reifies the result sizes of a reduction of `input` over `axes` (verified
/// by inferReductionType): kept dims come from the input, reduced ones are 1
/// or dropped.
static LogicalResult reifyReduction(OpBuilder &builder, Location loc,
                                    Value input, ArrayRef<int64_t> axes,
                                    bool keepdims,
                                    ReifiedRankedShapedTypeDims &shapes) {
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(std::nullopt, axes, rank);
  if (failed(normalized))
    return failure();
  SmallVector<bool> reduced = getReducedDims(*normalized, rank);
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!reduced[dim])
      sizes.push_back(tensor::getMixedSize(builder, loc, input, dim));
    else if (keepdims)
      sizes.push_back(builder.getIndexAttr(1));
  }
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

/// A reduction that only reduces static size-1 dims and keeps them is the
/// identity. The declared result may be less refined than the inferred one,
/// so equal types alone do not prove it (tensor<?x1> -> tensor<?x1> over
/// axis 0 is a real reduction).
static OpFoldResult foldReductionIdentity(Value input, ArrayRef<int64_t> axes,
                                          bool keepdims, Type resultType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  if (inputType != resultType)
    return {};
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(std::nullopt, axes, inputType.getRank());
  if (failed(normalized))
    return {};
  SmallVector<bool> reduced = getReducedDims(*normalized, inputType.getRank());
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (reduced[dim] && (size != 1 || !keepdims))
      return {};
  }
  return input;
}

/// The max, min or mean of copies of one value is that value. An empty
/// input is left alone: its reductions are empty sets (NaN means, -inf
/// maxima), not copies of the splat.
static OpFoldResult foldIdempotentSplat(Attribute input, Type resultType) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(input);
  if (!dense || dense.getNumElements() == 0)
    return {};
  return foldSplat(input, resultType);
}

/// argmax/argmin along a static size-1 dim, or of a splat constant where
/// every element is extreme, is a constant index: 0, or the last index with
/// `selectLast`.
static OpFoldResult foldArgReduction(Attribute inputAttr, Value input,
                                     int64_t axis, bool selectLast,
                                     RankedTensorType resultType) {
  if (!resultType.hasStaticShape())
    return {};
  auto inputType = cast<RankedTensorType>(input.getType());
  FailureOr<int64_t> dim =
      normalizeAxis(std::nullopt, axis, inputType.getRank());
  if (failed(dim))
    return {};
  int64_t size = inputType.getDimSize(*dim);
  auto dense = dyn_cast_or_null<DenseElementsAttr>(inputAttr);
  bool isSplat = dense && dense.isSplat();
  if (size != 1 && !isSplat)
    return {};
  // The last index needs the size; an empty dim has no index at all.
  if (ShapedType::isDynamic(size) || size == 0)
    return {};
  int64_t index = selectLast ? size - 1 : 0;
  return DenseElementsAttr::get(
      resultType, IntegerAttr::get(resultType.getElementType(), index));
}

OpFoldResult ReduceSumOp::fold(FoldAdaptor) {
  return foldReductionIdentity(getInput(), getAxes(), getKeepdims(), getType());
}

OpFoldResult ReduceProdOp::fold(FoldAdaptor) {
  return foldReductionIdentity(getInput(), getAxes(), getKeepdims(), getType());
}

OpFoldResult ReduceMeanOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldReductionIdentity(getInput(), getAxes(),
                                                    getKeepdims(), getType()))
    return identity;
  return foldIdempotentSplat(adaptor.getInput(), getType());
}

OpFoldResult ReduceMaxOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldReductionIdentity(getInput(), getAxes(),
                                                    getKeepdims(), getType()))
    return identity;
  return foldIdempotentSplat(adaptor.getInput(), getType());
}

OpFoldResult ReduceMinOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult identity = foldReductionIdentity(getInput(), getAxes(),
                                                    getKeepdims(), getType()))
    return identity;
  return foldIdempotentSplat(adaptor.getInput(), getType());
}

//===----------------------------------------------------------------------===//
// DynamicReduceOp
//===----------------------------------------------------------------------===//

LogicalResult DynamicReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  auto axesType = getRankedType(adaptor.getAxes());
  if (!inputType || !axesType || axesType.isDynamicDim(0))
    return emitOptionalError(location, "expected a ranked input and axes of "
                                       "a static length");
  if (adaptor.getKind() == ReduceKind::Mean &&
      !isa<FloatType>(inputType.getElementType()))
    return emitOptionalError(location, "a mean needs a floating-point input");
  int64_t rank = inputType.getRank();
  int64_t count = axesType.getDimSize(0);
  if (count > rank)
    return emitOptionalError(location, count, " axes for a rank-", rank,
                             " input");
  bool keepdims = adaptor.getKeepdims();
  // No axes: every dim, or none with noop_with_empty_axes.
  if (count == 0) {
    if (adaptor.getNoopWithEmptyAxes()) {
      inferred.push_back(inputType);
      return success();
    }
    return inferReductionType(location, adaptor.getInput(), {}, keepdims,
                              nullptr, inferred);
  }
  if (std::optional<SmallVector<int64_t>> axes =
          getConstantInts(adaptor.getAxes()))
    return inferReductionType(location, adaptor.getInput(), *axes, keepdims,
                              nullptr, inferred);
  SmallVector<int64_t> shape;
  if (keepdims) {
    for (int64_t size : inputType.getShape())
      shape.push_back(size == 1 ? 1 : ShapedType::kDynamic);
  } else {
    shape.assign(rank - count, ShapedType::kDynamic);
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
DynamicReduceOp::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  // Constant or empty axes have the static op's sizes (canonicalization
  // makes them that op); sizes from axes values are the lowering's.
  std::optional<SmallVector<int64_t>> axes = getConstantInts(getAxes());
  if (!axes)
    return failure();
  if (axes->empty() && getNoopWithEmptyAxes())
    return detail::reifySameShape(builder, getLoc(), getInput(), shapes);
  return reifyReduction(builder, getLoc(), getInput(), *axes, getKeepdims(),
                        shapes);
}

namespace {
/// dynamic_reduce with constant (or no) axes -> the static reduction of its
/// kind, or its input for no axes with noop_with_empty_axes.
struct DynamicReduceToStatic : OpRewritePattern<DynamicReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DynamicReduceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int64_t>> axes = getConstantInts(op.getAxes());
    if (!axes && op.getAxes().getType().getDimSize(0) != 0)
      return failure();
    if (!axes)
      axes.emplace();
    if (axes->empty() && op.getNoopWithEmptyAxes()) {
      if (op.getInput().getType() != op.getType())
        return failure();
      rewriter.replaceOp(op, op.getInput());
      return success();
    }
    auto create = [&](auto tag) {
      using OpTy = decltype(tag);
      rewriter.replaceOpWithNewOp<OpTy>(op, op.getType(), op.getInput(),
                                        rewriter.getDenseI64ArrayAttr(*axes),
                                        op.getKeepdims());
    };
    switch (op.getKind()) {
    case ReduceKind::Sum:
      create(ReduceSumOp());
      break;
    case ReduceKind::Mean:
      create(ReduceMeanOp());
      break;
    case ReduceKind::Max:
      create(ReduceMaxOp());
      break;
    case ReduceKind::Min:
      create(ReduceMinOp());
      break;
    case ReduceKind::Prod:
      create(ReduceProdOp());
      break;
    }
    return success();
  }
};
} // namespace

void DynamicReduceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<DynamicReduceToStatic>(context);
}

//===----------------------------------------------------------------------===//
// CumSumOp
//===----------------------------------------------------------------------===//

/// Checks that `axis` of cumsum is a scalar (0-D or one element), and in
/// range for `rank` when it is a constant.
static LogicalResult checkCumSumAxis(std::optional<Location> location,
                                     Value axis, int64_t rank) {
  auto axisType = getRankedType(axis);
  if (!axisType || !(axisType.getRank() == 0 ||
                     (axisType.getRank() == 1 && axisType.getDimSize(0) == 1)))
    return emitOptionalError(location,
                             "axis must be a 0-D or 1-element "
                             "tensor, got ",
                             axis.getType());
  if (std::optional<SmallVector<int64_t>> value = getConstantInts(axis))
    return normalizeAxis(location, value->front(), rank);
  return success();
}

LogicalResult CumSumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType || inputType.getRank() == 0)
    return emitOptionalError(location, "expected an input of rank 1 or more");
  if (failed(checkCumSumAxis(location, adaptor.getAxis(), inputType.getRank())))
    return failure();
  inferred.push_back(inputType);
  return success();
}

LogicalResult CumSumOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  return detail::reifySameShape(builder, getLoc(), getInput(), shapes);
}

/// An inclusive running sum along a static size-1 dim is its input.
OpFoldResult CumSumOp::fold(FoldAdaptor) {
  auto inputType = getInput().getType();
  std::optional<SmallVector<int64_t>> axis = getConstantInts(getAxis());
  if (getExclusive() || !axis || inputType != getType())
    return {};
  FailureOr<int64_t> dim =
      normalizeAxis(std::nullopt, axis->front(), inputType.getRank());
  if (failed(dim) || inputType.getDimSize(*dim) != 1)
    return {};
  return getInput();
}

//===----------------------------------------------------------------------===//
// TopKOp
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType || inputType.getRank() == 0)
    return emitOptionalError(location, "expected an input of rank 1 or more");
  auto kType = getRankedType(adaptor.getK());
  if (!kType || kType.getShape() != ArrayRef<int64_t>{1})
    return emitOptionalError(location, "k must be a 1-element 1-D tensor, got ",
                             adaptor.getK().getType());
  FailureOr<int64_t> axis =
      normalizeAxis(location, adaptor.getAxis(), inputType.getRank());
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(inputType.getShape());
  int64_t size = shape[*axis];
  shape[*axis] = ShapedType::kDynamic;
  if (std::optional<SmallVector<int64_t>> k = getConstantInts(adaptor.getK())) {
    int64_t value = k->front();
    if (value < 0)
      return emitOptionalError(location, "k = ", value, " is negative");
    if (!ShapedType::isDynamic(size) && value > size)
      return emitOptionalError(location, "k = ", value,
                               " is larger than the size ", size, " of dim ",
                               *axis);
    shape[*axis] = value;
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  inferred.push_back(
      RankedTensorType::get(shape, IntegerType::get(context, 64)));
  return success();
}

LogicalResult TopKOp::reifyResultShapes(OpBuilder &builder,
                                        ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t rank = getInput().getType().getRank();
  FailureOr<int64_t> axis = normalizeAxis(std::nullopt, getAxis(), rank);
  if (failed(axis))
    return failure();
  // The input's sizes, and k along the axis (read at run time unless it is
  // a constant).
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim != *axis) {
      sizes.push_back(tensor::getMixedSize(builder, loc, getInput(), dim));
      continue;
    }
    if (std::optional<SmallVector<int64_t>> k = getConstantInts(getK())) {
      sizes.push_back(builder.getIndexAttr(k->front()));
      continue;
    }
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value k = tensor::ExtractOp::create(builder, loc, getK(), zero);
    sizes.push_back(
        arith::IndexCastOp::create(builder, loc, builder.getIndexType(), k)
            .getResult());
  }
  shapes.push_back(sizes);
  shapes.push_back(std::move(sizes));
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphReductionOps.cpp.inc"
