//===- IndexingToTensor.cpp - Graph indexing ops to tensor/linalg ---------===//
//
// Lowers concat, slice, gather, pad and split. Contiguous selections become
// tensor ops (tensor.concat, tensor.extract_slice, tensor.pad); selections
// that an extract_slice cannot express (reversed slices, gathers by runtime
// indices, reflect and edge padding) become linalg.generic ops over the
// result that compute the source position of each element from linalg.index
// and read it with tensor.extract.
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
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using strata::detail::castTo;
using strata::detail::checkAtRunTime;
using strata::detail::checkDimsEqual;
using strata::detail::createIndexedGeneric;
using namespace strata;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The reified sizes of every result of the graph op `op`, with the static
/// sizes of the declared result types.
static FailureOr<ReifiedRankedShapedTypeDims>
reifyAllResultSizes(OpBuilder &builder, Operation *op) {
  auto reify = dyn_cast<ReifyRankedShapedTypeOpInterface>(op);
  if (!reify)
    return failure();
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reify.reifyResultShapes(builder, shapes)) ||
      shapes.size() != op->getNumResults())
    return failure();
  for (auto [result, sizes] : llvm::zip_equal(op->getResults(), shapes)) {
    auto type = cast<RankedTensorType>(result.getType());
    if (sizes.size() != static_cast<size_t>(type.getRank()))
      return failure();
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (!type.isDynamicDim(dim))
        sizes[dim] = builder.getIndexAttr(type.getDimSize(dim));
  }
  return shapes;
}

/// Reverses `value` along `dims`: a linalg.generic reading the mirrored
/// index `n - 1 - i`, through the indexing map when every reversed size is
/// static, else with tensor.extract (affine maps have no runtime sizes).
static Value reverseDims(OpBuilder &builder, Location loc, Value value,
                         ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, value);
  Value init =
      tensor::EmptyOp::create(builder, loc, sizes, type.getElementType());
  bool staticSizes =
      llvm::all_of(dims, [&](int64_t dim) { return !type.isDynamicDim(dim); });
  if (staticSizes) {
    SmallVector<AffineExpr> exprs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      AffineExpr index = builder.getAffineDimExpr(dim);
      exprs.push_back(llvm::is_contained(dims, dim)
                          ? type.getDimSize(dim) - 1 - index
                          : index);
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, builder.getContext()),
        builder.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    return linalg::GenericOp::create(
               builder, loc, TypeRange{init.getType()}, ValueRange{value},
               ValueRange{init}, maps, iterators,
               [](OpBuilder &b, Location nestedLoc, ValueRange args) {
                 linalg::YieldOp::create(b, nestedLoc, args[0]);
               })
        .getResult(0);
  }
  // n - 1 per reversed dim, computed once outside the loops.
  SmallVector<Value> lasts(rank);
  for (int64_t dim : dims) {
    Value size = getValueOrCreateConstantIndexOp(builder, loc, sizes[dim]);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    lasts[dim] = arith::SubIOp::create(builder, loc, size, one);
  }
  return createIndexedGeneric(
      builder, loc, init,
      [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
        SmallVector<Value> positions(indices);
        for (int64_t dim : dims)
          positions[dim] =
              arith::SubIOp::create(b, nestedLoc, lasts[dim], indices[dim]);
        return tensor::ExtractOp::create(b, nestedLoc, value, positions);
      });
}

namespace {

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

/// graph.concat -> tensor.concat (upstream, decomposed later into
/// tensor.empty + insert_slice by the bufferization-friendly patterns).
struct ConcatLowering : OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (adaptor.getInputs().empty())
      return rewriter.notifyMatchFailure(op, "no inputs");
    int64_t rank = op.getType().getRank();
    FailureOr<int64_t> axis = normalizeAxis(std::nullopt, op.getAxis(), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    // What the verifier checks on static sizes, at run time for `?` dims:
    // every input has the first one's sizes off the axis.
    Value first = adaptor.getInputs().front();
    for (auto [index, input] : llvm::enumerate(adaptor.getInputs()))
      for (int64_t dim = 0; index > 0 && dim < rank; ++dim)
        if (dim != *axis)
          checkDimsEqual(rewriter, loc, input, dim, first, dim,
                         "graph.concat: input #" + Twine(index) + " dim " +
                             Twine(dim) + " differs from input #0's");
    // Inputs empty along the axis add nothing (and tensor.concat's
    // insert_slice of one at the end of the result is out of bounds).
    SmallVector<Value> inputs;
    for (Value input : adaptor.getInputs())
      if (cast<RankedTensorType>(input.getType()).getDimSize(*axis) != 0)
        inputs.push_back(input);
    if (inputs.empty())
      inputs.push_back(adaptor.getInputs().front());
    if (inputs.size() == 1) {
      rewriter.replaceOp(op,
                         castTo(rewriter, loc, inputs.front(), op.getType()));
      return success();
    }
    auto concat = tensor::ConcatOp::create(rewriter, loc, *axis, inputs);
    rewriter.replaceOp(op, castTo(rewriter, loc, concat, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

/// graph.slice -> tensor.extract_slice with the ONNX-clamped offsets, the
/// reified counts as sizes and the step magnitudes as strides. For a `?`
/// axis the clamps are arith.minsi/maxsi on index values. A negative step
/// extracts the same elements with the positive stride, from the lowest
/// one up, and a linalg.generic then reverses those axes.
struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> starts = op.getStarts(), ends = op.getEnds();
    size_t count = starts.size();
    std::optional<ArrayRef<int64_t>> axesAttr = op.getAxes();
    std::optional<ArrayRef<int64_t>> stepsAttr = op.getSteps();
    if (ends.size() != count || (axesAttr && axesAttr->size() != count) ||
        (stepsAttr && stepsAttr->size() != count))
      return rewriter.notifyMatchFailure(op, "attribute lengths differ");
    SmallVector<int64_t> defaultAxes =
        llvm::to_vector(llvm::seq<int64_t>(0, count));
    FailureOr<SmallVector<int64_t>> axes = normalizeAxes(
        std::nullopt, axesAttr ? *axesAttr : ArrayRef(defaultAxes), rank);
    if (failed(axes))
      return rewriter.notifyMatchFailure(op, "invalid axes");
    FailureOr<ReifiedRankedShapedTypeDims> shapes =
        reifyAllResultSizes(rewriter, op);
    if (failed(shapes))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    ArrayRef<OpFoldResult> resultSizes = (*shapes)[0];

    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<int64_t> reversed;
    auto index = [&](int64_t value) -> OpFoldResult {
      return rewriter.getIndexAttr(value);
    };
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    for (size_t i = 0; i < count; ++i) {
      int64_t axis = (*axes)[i];
      int64_t step = stepsAttr ? (*stepsAttr)[i] : 1;
      if (step == 0)
        return rewriter.notifyMatchFailure(op, "zero step");
      OpFoldResult dim = sizes[axis];
      OpFoldResult resultCount = resultSizes[axis];
      // A negative bound counts from the back (INT64_MIN plus a size does
      // not overflow), then is clamped to [lo, hi].
      auto clamp = [&](int64_t bound, OpFoldResult lo,
                       OpFoldResult hi) -> OpFoldResult {
        OpFoldResult shifted = bound < 0
                                   ? addSizes(rewriter, loc, dim, index(bound))
                                   : index(bound);
        return minSizes(rewriter, loc, maxSizes(rewriter, loc, shifted, lo),
                        hi);
      };
      if (step > 0) {
        offsets[axis] = clamp(starts[i], index(0), dim);
        strides[axis] = index(step);
      } else {
        OpFoldResult last = subSizes(rewriter, loc, dim, index(1));
        OpFoldResult start = clamp(starts[i], index(0), last);
        // -INT64_MIN overflows; such a step selects at most one element, for
        // which any stride works.
        int64_t magnitude = step == kMin ? 1 : -step;
        // The lowest selected element; for an empty selection it lies in
        // (start, dim] once clamped to dim.
        OpFoldResult span = mulSizes(
            rewriter, loc, subSizes(rewriter, loc, resultCount, index(1)),
            index(magnitude));
        offsets[axis] =
            minSizes(rewriter, loc, subSizes(rewriter, loc, start, span), dim);
        strides[axis] = index(magnitude);
        std::optional<int64_t> staticCount = getConstantIntValue(resultCount);
        if (!staticCount || *staticCount > 1)
          reversed.push_back(axis);
      }
      sizes[axis] = resultCount;
      // An empty selection may start at the end of the axis (a start
      // clamped to the size), which extract_slice rejects as out of bounds.
      if (std::optional<int64_t> count = getConstantIntValue(resultCount);
          count && *count == 0)
        offsets[axis] = index(0);
    }
    Value result = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                                  sizes, strides);
    if (!reversed.empty())
      result = reverseDims(rewriter, loc, result, reversed);
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// DynamicSliceOp
//===----------------------------------------------------------------------===//

/// graph.dynamic_slice: the host computes each dim's first index, step and
/// count (buildSliceBounds), asserting what only the values decide (cf.assert
/// with the op's location). Positive constant steps (the usual case: bounds
/// from Shape) give a tensor.extract_slice with those offsets and sizes;
/// other steps a linalg.generic reading `first + i * step` per dim with
/// tensor.extract.
struct DynamicSliceLowering : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto check = [&](Value condition, StringRef what) {
      strata::detail::checkAtRunTime(rewriter, loc, condition,
                                     "graph.dynamic_slice: " + what);
    };
    FailureOr<SmallVector<SliceDimBounds>> bounds = buildSliceBounds(
        rewriter, loc, input, adaptor.getStarts(), adaptor.getEnds(),
        adaptor.getAxes(), adaptor.getSteps(), check);
    if (failed(bounds))
      return rewriter.notifyMatchFailure(op, "invalid slice bounds");
    SmallVector<OpFoldResult> offsets, sizes, strides;
    bool positiveSteps = true;
    for (const SliceDimBounds &bound : *bounds) {
      // An empty selection may start at the end of the axis, which
      // extract_slice rejects once the offset is a constant.
      std::optional<int64_t> count = getConstantIntValue(bound.count);
      offsets.push_back(count && *count == 0 ? rewriter.getIndexAttr(0)
                                             : bound.first);
      sizes.push_back(bound.count);
      strides.push_back(bound.step);
      std::optional<int64_t> step = getConstantIntValue(bound.step);
      positiveSteps &= step && *step > 0;
    }
    Value result;
    if (positiveSteps) {
      result = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                              sizes, strides);
    } else {
      auto inputType = cast<RankedTensorType>(input.getType());
      Value init = tensor::EmptyOp::create(rewriter, loc, sizes,
                                           inputType.getElementType());
      SmallVector<Value> firsts, steps;
      for (const SliceDimBounds &bound : *bounds) {
        firsts.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, bound.first));
        steps.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, bound.step));
      }
      result = createIndexedGeneric(
          rewriter, loc, init,
          [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
            SmallVector<Value> positions;
            for (auto [index, first, step] :
                 llvm::zip_equal(indices, firsts, steps))
              positions.push_back(arith::AddIOp::create(
                  b, nestedLoc, first,
                  arith::MulIOp::create(b, nestedLoc, index, step)));
            return tensor::ExtractOp::create(b, nestedLoc, input, positions);
          });
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// TriluOp
//===----------------------------------------------------------------------===//

/// graph.trilu -> a linalg.generic over the input selecting each element or
/// zero by comparing `j - i` of its last two indices with `k` (read on the
/// host, 0 when absent).
struct TriluLowering : OpConversionPattern<TriluOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TriluOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto type = cast<RankedTensorType>(input.getType());
    int64_t rank = type.getRank();
    Value k = arith::ConstantIndexOp::create(rewriter, loc, 0);
    if (adaptor.getK())
      k = rewriter.createOrFold<arith::IndexCastOp>(
          loc, rewriter.getIndexType(),
          rewriter.createOrFold<tensor::ExtractOp>(loc, adaptor.getK(),
                                                   ValueRange{}));
    Value init = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, input),
        type.getElementType());
    bool upper = op.getUpper();
    Value zero = strata::detail::createScalarConstant(rewriter, loc,
                                                      type.getElementType(), 0);
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
          Value diagonal = arith::SubIOp::create(
              b, nestedLoc, indices[rank - 1], indices[rank - 2]);
          Value keep = arith::CmpIOp::create(b, nestedLoc,
                                             upper ? arith::CmpIPredicate::sge
                                                   : arith::CmpIPredicate::sle,
                                             diagonal, k);
          Value element =
              tensor::ExtractOp::create(b, nestedLoc, input, indices);
          return arith::SelectOp::create(b, nestedLoc, keep, element, zero);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

/// graph.gather -> linalg.generic over the result with the indices as an
/// input (a projection onto their result dims). The body makes the index an
/// `index` (sign-extended), adds the axis size when it is negative and
/// reads data with tensor.extract at the loop indices around it. An index
/// outside [-d, d) is an error (checkIndicesInRange), as in onnxruntime.
struct GatherLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData();
    Value indices = adaptor.getIndices();
    auto dataType = cast<RankedTensorType>(data.getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t dataRank = dataType.getRank();
    int64_t indicesRank = indicesType.getRank();
    FailureOr<int64_t> axis =
        normalizeAxis(std::nullopt, op.getAxis(), dataRank);
    if (dataRank == 0 || failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    RankedTensorType resultType = op.getType();
    int64_t rank = resultType.getRank();
    if (rank != dataRank - 1 + indicesRank)
      return rewriter.notifyMatchFailure(op, "unexpected result rank");
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    if (failed(strata::detail::checkIndicesInRange(
            rewriter, op, indices,
            strata::detail::getSizeForCheck(rewriter, loc, data, *axis),
            "axis " + Twine(*axis))))
      return failure();
    Value axisSize = getValueOrCreateConstantIndexOp(
        rewriter, loc, tensor::getMixedSize(rewriter, loc, data, *axis));

    SmallVector<AffineExpr> indicesExprs;
    for (int64_t dim = 0; dim < indicesRank; ++dim)
      indicesExprs.push_back(rewriter.getAffineDimExpr(*axis + dim));
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indicesExprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{indices},
        ValueRange{*init}, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value position = arith::IndexCastOp::create(
              b, nestedLoc, b.getIndexType(), args[0]);
          Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
          Value negative = arith::CmpIOp::create(
              b, nestedLoc, arith::CmpIPredicate::slt, position, zero);
          Value wrapped =
              arith::AddIOp::create(b, nestedLoc, position, axisSize);
          position = arith::SelectOp::create(b, nestedLoc, negative, wrapped,
                                             position);
          SmallVector<Value> dataIndices;
          for (int64_t dim = 0; dim < dataRank; ++dim) {
            if (dim < *axis)
              dataIndices.push_back(linalg::IndexOp::create(b, nestedLoc, dim));
            else if (dim == *axis)
              dataIndices.push_back(position);
            else
              dataIndices.push_back(
                  linalg::IndexOp::create(b, nestedLoc, dim - 1 + indicesRank));
          }
          Value element =
              tensor::ExtractOp::create(b, nestedLoc, data, dataIndices);
          linalg::YieldOp::create(b, nestedLoc, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

/// graph.pad in constant mode -> tensor.pad yielding the fill value, after a
/// tensor.extract_slice for negative pads (crops). Reflect and edge modes ->
/// linalg.generic over the result reading the input with tensor.extract at
/// `i - before` per dim, mirrored (reflect: `-p` below 0, `2(d-1) - p` from
/// d) or clamped to [0, d - 1] (edge).
struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> pads = op.getPads();
    if (static_cast<int64_t>(pads.size()) != 2 * rank)
      return rewriter.notifyMatchFailure(op, "expected 2 * rank pads");
    if (op.getMode() == PadMode::Constant)
      return lowerConstant(op, input, rewriter);
    if (llvm::any_of(pads, [](int64_t pad) { return pad < 0; }))
      return rewriter.notifyMatchFailure(op, "negative pads need constant "
                                             "mode");
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    bool reflect = op.getMode() == PadMode::Reflect;
    // Per padded dim: the input size and its last index, outside the loops.
    SmallVector<Value> sizes(rank), lasts(rank);
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (pads[dim] == 0 && pads[rank + dim] == 0)
        continue;
      OpFoldResult size = tensor::getMixedSize(rewriter, loc, input, dim);
      sizes[dim] = getValueOrCreateConstantIndexOp(rewriter, loc, size);
      // What the verifier checks on static sizes: reflect mirrors at most
      // size - 1 elements per side, edge repeats an element.
      int64_t widest = reflect ? std::max(pads[dim], pads[rank + dim]) : 0;
      Value bound = arith::ConstantIndexOp::create(rewriter, loc, widest);
      checkAtRunTime(rewriter, loc,
                     rewriter.createOrFold<arith::CmpIOp>(
                         loc, arith::CmpIPredicate::sgt, sizes[dim], bound),
                     reflect ? "graph.pad: a reflect pad of {0} needs a "
                               "larger dim, dim " +
                                   Twine(dim) + " has size {1}"
                             : "graph.pad: an edge pad needs a non-empty "
                               "dim, dim " +
                                   Twine(dim) + " has size {1}",
                     {bound, sizes[dim]});
      lasts[dim] = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          subSizes(rewriter, loc, size, rewriter.getIndexAttr(1)));
    }
    Value result = createIndexedGeneric(
        rewriter, loc, *init,
        [&](OpBuilder &b, Location nestedLoc, ValueRange indices) -> Value {
          SmallVector<Value> positions;
          for (int64_t dim = 0; dim < rank; ++dim) {
            int64_t before = pads[dim], after = pads[rank + dim];
            Value position = indices[dim];
            if (before > 0) {
              Value shift =
                  arith::ConstantIndexOp::create(b, nestedLoc, before);
              position = arith::SubIOp::create(b, nestedLoc, position, shift);
            }
            if (reflect) {
              if (before > 0) {
                Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
                Value below = arith::CmpIOp::create(
                    b, nestedLoc, arith::CmpIPredicate::slt, position, zero);
                Value mirrored =
                    arith::SubIOp::create(b, nestedLoc, zero, position);
                position = arith::SelectOp::create(b, nestedLoc, below,
                                                   mirrored, position);
              }
              if (after > 0) {
                Value above = arith::CmpIOp::create(b, nestedLoc,
                                                    arith::CmpIPredicate::sge,
                                                    position, sizes[dim]);
                Value twiceLast =
                    arith::AddIOp::create(b, nestedLoc, lasts[dim], lasts[dim]);
                Value mirrored =
                    arith::SubIOp::create(b, nestedLoc, twiceLast, position);
                position = arith::SelectOp::create(b, nestedLoc, above,
                                                   mirrored, position);
              }
            } else {
              if (before > 0) {
                Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
                position = arith::MaxSIOp::create(b, nestedLoc, position, zero);
              }
              if (after > 0)
                position =
                    arith::MinSIOp::create(b, nestedLoc, position, lasts[dim]);
            }
            positions.push_back(position);
          }
          return tensor::ExtractOp::create(b, nestedLoc, input, positions);
        });
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// Constant mode: crop negative pads with extract_slice, then tensor.pad.
  static LogicalResult lowerConstant(PadOp op, Value input,
                                     ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> pads = op.getPads();
    bool crops = llvm::any_of(pads, [](int64_t pad) { return pad < 0; });
    if (crops) {
      SmallVector<OpFoldResult> offsets, sizes;
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      for (int64_t dim = 0; dim < rank; ++dim) {
        // Crops too large to negate or add cannot leave a valid size.
        int64_t before = pads[dim], after = pads[rank + dim];
        if (before == std::numeric_limits<int64_t>::min() ||
            after == std::numeric_limits<int64_t>::min())
          return rewriter.notifyMatchFailure(op, "crop out of range");
        int64_t cropBefore = std::max<int64_t>(-before, 0);
        int64_t cropAfter = std::max<int64_t>(-after, 0);
        std::optional<int64_t> crop = llvm::checkedAdd(cropBefore, cropAfter);
        if (!crop)
          return rewriter.notifyMatchFailure(op, "crop out of range");
        OpFoldResult size = tensor::getMixedSize(rewriter, loc, input, dim);
        if (*crop != 0 && !getConstantIntValue(size)) {
          Value inputSize = cast<Value>(size);
          Value cropSize = arith::ConstantIndexOp::create(rewriter, loc, *crop);
          checkAtRunTime(
              rewriter, loc,
              rewriter.createOrFold<arith::CmpIOp>(
                  loc, arith::CmpIPredicate::sge, inputSize, cropSize),
              "graph.pad: negative pads remove {0} elements of "
              "dim " +
                  Twine(dim) + ", which has {1}",
              {cropSize, inputSize});
        }
        if (*crop != 0)
          size = subSizes(rewriter, loc, size, rewriter.getIndexAttr(*crop));
        std::optional<int64_t> staticSize = getConstantIntValue(size);
        if (staticSize && *staticSize < 0)
          return rewriter.notifyMatchFailure(op, "crop to a negative size");
        offsets.push_back(rewriter.getIndexAttr(cropBefore));
        sizes.push_back(size);
      }
      input = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                             sizes, strides);
    }
    SmallVector<OpFoldResult> low, high;
    for (int64_t dim = 0; dim < rank; ++dim) {
      low.push_back(rewriter.getIndexAttr(std::max<int64_t>(pads[dim], 0)));
      high.push_back(
          rewriter.getIndexAttr(std::max<int64_t>(pads[rank + dim], 0)));
    }
    Value result = input;
    if (llvm::any_of(pads, [](int64_t pad) { return pad > 0; })) {
      Value fill = strata::detail::createScalarConstant(
          rewriter, loc, inputType.getElementType(),
          op.getValue().convertToDouble());
      result =
          tensor::PadOp::create(rewriter, loc, Type(), input, low, high, fill);
    }
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// DynamicPadOp
//===----------------------------------------------------------------------===//

/// graph.dynamic_pad -> the host reads the pads, asserts what graph.pad's
/// verifier checks for constant pads, and a linalg.generic over the result
/// reads the input at `i - before` per dim: mirrored (reflect), clamped
/// (edge), or guarded by an scf.if that yields the fill value outside the
/// input (constant: the input may be empty, so nothing is read there).
struct DynamicPadLowering : OpConversionPattern<DynamicPadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    PadMode mode = op.getMode();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto check = [&](Value condition, StringRef what) {
      strata::detail::checkAtRunTime(rewriter, loc, condition,
                                     "graph.dynamic_pad: " + what);
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value a, Value b) {
      return rewriter.createOrFold<arith::CmpIOp>(loc, predicate, a, b);
    };
    SmallVector<Value> befores, sizes, outSizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      auto pad = [&](int64_t index) -> Value {
        Value element = rewriter.createOrFold<tensor::ExtractOp>(
            loc, adaptor.getPads(),
            ValueRange{arith::ConstantIndexOp::create(rewriter, loc, index)});
        return rewriter.createOrFold<arith::IndexCastOp>(
            loc, rewriter.getIndexType(), element);
      };
      Value before = pad(dim), after = pad(rank + dim);
      Value size = getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, input, dim));
      Value padded = rewriter.createOrFold<arith::AddIOp>(
          loc, rewriter.createOrFold<arith::AddIOp>(loc, size, before), after);
      check(cmp(arith::CmpIPredicate::sge, padded, zero),
            "pads crop a dim to a negative size");
      if (mode != PadMode::Constant) {
        Value nonNegative = rewriter.createOrFold<arith::AndIOp>(
            loc, cmp(arith::CmpIPredicate::sge, before, zero),
            cmp(arith::CmpIPredicate::sge, after, zero));
        check(nonNegative, "negative pads need constant mode");
        Value unpadded = rewriter.createOrFold<arith::AndIOp>(
            loc, cmp(arith::CmpIPredicate::eq, before, zero),
            cmp(arith::CmpIPredicate::eq, after, zero));
        check(rewriter.createOrFold<arith::OrIOp>(
                  loc, unpadded, cmp(arith::CmpIPredicate::sgt, size, zero)),
              "an empty dim cannot be padded in reflect or edge mode");
        if (mode == PadMode::Reflect)
          check(rewriter.createOrFold<arith::AndIOp>(
                    loc, cmp(arith::CmpIPredicate::slt, before, size),
                    cmp(arith::CmpIPredicate::slt, after, size)),
                "reflect pads must be smaller than the dim");
      }
      befores.push_back(before);
      sizes.push_back(size);
      outSizes.push_back(padded);
    }
    Type elementType = inputType.getElementType();
    Value init = tensor::EmptyOp::create(
        rewriter, loc, getAsOpFoldResult(outSizes), elementType);
    Value fill = strata::detail::createScalarConstant(
        rewriter, loc, elementType, op.getValue().convertToDouble());
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange indices) -> Value {
          SmallVector<Value> positions;
          Value inside = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
          for (int64_t dim = 0; dim < rank; ++dim) {
            Value position =
                arith::SubIOp::create(b, l, indices[dim], befores[dim]);
            Value last = arith::SubIOp::create(b, l, sizes[dim], one);
            if (mode == PadMode::Constant) {
              inside = arith::AndIOp::create(
                  b, l, inside,
                  arith::AndIOp::create(
                      b, l,
                      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge,
                                            position, zero),
                      arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                            position, sizes[dim])));
            } else if (mode == PadMode::Reflect) {
              Value below = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::slt, position, zero);
              Value above = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::sgt, position, last);
              position = arith::SelectOp::create(
                  b, l, below, arith::SubIOp::create(b, l, zero, position),
                  position);
              position = arith::SelectOp::create(
                  b, l, above,
                  arith::SubIOp::create(
                      b, l, arith::AddIOp::create(b, l, last, last), position),
                  position);
            } else {
              position = arith::MaxSIOp::create(
                  b, l, arith::MinSIOp::create(b, l, position, last), zero);
            }
            positions.push_back(position);
          }
          if (mode != PadMode::Constant)
            return tensor::ExtractOp::create(b, l, input, positions);
          return scf::IfOp::create(
                     b, l, inside,
                     [&](OpBuilder &tb, Location tl) {
                       scf::YieldOp::create(
                           tb, tl,
                           tensor::ExtractOp::create(tb, tl, input, positions)
                               .getResult());
                     },
                     [&](OpBuilder &eb, Location el) {
                       scf::YieldOp::create(eb, el, fill);
                     })
              .getResult(0);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// SplitOp
//===----------------------------------------------------------------------===//

/// graph.split -> one tensor.extract_slice per result at the running offset
/// along the axis, with the reified piece sizes (the split attribute, or
/// ceil(d / n) and the rest for num_outputs, in arith for a `?` axis).
struct SplitLowering : OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> axis = normalizeAxis(std::nullopt, op.getAxis(), rank);
    if (rank == 0 || failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    FailureOr<ReifiedRankedShapedTypeDims> shapes =
        reifyAllResultSizes(rewriter, op);
    if (failed(shapes))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    // num_outputs pieces of ceil(d / n) leave a negative last piece when
    // d is too small (d = 5, n = 4): an error naming the sizes, not one of
    // the allocation.
    OpFoldResult lastSize = shapes->back()[*axis];
    if (op.getNumOutputsAttr() && isa<Value>(lastSize)) {
      Value last = cast<Value>(lastSize);
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value nonNegative = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sge, last, zero);
      Value size = getValueOrCreateConstantIndexOp(
          rewriter, loc,
          strata::detail::getSizeForCheck(rewriter, loc, input, *axis));
      checkAtRunTime(rewriter, loc, nonNegative,
                     "graph.split: " + Twine(op.getNumResults()) +
                         " outputs of an axis of size {0} leave the last "
                         "one {1} elements",
                     {size, last});
    }
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<Value> pieces;
    for (auto [result, sizes] : llvm::zip_equal(op.getResults(), *shapes)) {
      Value piece = tensor::ExtractSliceOp::create(rewriter, loc, input,
                                                   offsets, sizes, strides);
      pieces.push_back(castTo(rewriter, loc, piece, result.getType()));
      std::optional<int64_t> offset = getConstantIntValue(offsets[*axis]);
      offsets[*axis] =
          offset && *offset == 0
              ? sizes[*axis]
              : addSizes(rewriter, loc, offsets[*axis], sizes[*axis]);
    }
    // The pieces (explicit sizes, or declared static ones) must add up to a
    // `?` axis (the verifier checks a static one): the last piece read past
    // the end of a shorter input, and a longer one lost its tail.
    strata::detail::checkSizesEqual(
        rewriter, loc, offsets[*axis],
        strata::detail::getSizeForCheck(rewriter, loc, input, *axis),
        "graph.split: the split sizes do not add up to the size of axis " +
            Twine(*axis));
    rewriter.replaceOp(op, pieces);
    return success();
  }
};

} // namespace

void strata::populateGraphIndexingToTensorPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<ConcatLowering, SliceLowering, DynamicSliceLowering, TriluLowering,
           GatherLowering, PadLowering, DynamicPadLowering, SplitLowering>(
          patterns.getContext());
}
