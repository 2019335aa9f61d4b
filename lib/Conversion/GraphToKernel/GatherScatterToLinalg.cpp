//===- GatherScatterToLinalg.cpp - Element and N-D gathers and scatters ---===//
//
// Lowers gather_elements, gather_nd, scatter_elements and scatter_nd (the
// indexing family's ops whose positions come from index tensors) to
// linalg.generic ops that read with tensor.extract.
//
// Scatters are written as parallel generics over the data with one
// reduction dim over the updates: each element finds the updates that land
// on it (their index equals its position) and keeps the last one (reduction
// none: the largest matching update number, then a second generic reads it)
// or combines them (add, mul, max, min) into an accumulator initialized
// with the data. The cost is the element count times the number of updates
// per element's slice, with no write conflicts and no order dependence, so
// tiles run in parallel. Gathers and scatters check their indices on the
// host before the kernels run (checkIndicesInRange): an index out of range
// is an error, as in onnxruntime.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

using namespace mlir;
using strata::detail::castTo;
using strata::detail::checkIndicesInRange;
using strata::detail::createIndexedGeneric;
using strata::detail::getSizeForCheck;
using namespace strata;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `index` (an integer of any width) as an index, counted from the back of a
/// dim of size `size` when negative.
static Value wrapIndex(OpBuilder &b, Location loc, Value index, Value size) {
  Value position = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, position, zero);
  return arith::SelectOp::create(b, loc, negative,
                                 arith::AddIOp::create(b, loc, position, size),
                                 position);
}

/// The sizes of `value` as index values.
static SmallVector<Value> getSizes(OpBuilder &b, Location loc, Value value) {
  SmallVector<Value> sizes;
  for (OpFoldResult size : tensor::getMixedSizes(b, loc, value))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
  return sizes;
}

/// `acc` combined with `update` by `reduction` (not None).
static Value combine(OpBuilder &b, Location loc, ScatterReduction reduction,
                     Value acc, Value update, bool isUnsigned) {
  bool isFloat = isa<FloatType>(acc.getType());
  switch (reduction) {
  case ScatterReduction::Add:
    return isFloat ? arith::AddFOp::create(b, loc, acc, update).getResult()
                   : arith::AddIOp::create(b, loc, acc, update).getResult();
  case ScatterReduction::Mul:
    return isFloat ? arith::MulFOp::create(b, loc, acc, update).getResult()
                   : arith::MulIOp::create(b, loc, acc, update).getResult();
  case ScatterReduction::Max:
    return isFloat ? arith::MaximumFOp::create(b, loc, acc, update).getResult()
                   : arith::MaxSIOp::create(b, loc, acc, update).getResult();
  case ScatterReduction::Min:
    return isFloat ? arith::MinimumFOp::create(b, loc, acc, update).getResult()
                   : arith::MinSIOp::create(b, loc, acc, update).getResult();
  case ScatterReduction::None:
    break;
  }
  return update;
}

/// checkIndicesInRange for each component c of the index tuples (the last
/// dim of `indices`) of gather_nd or scatter_nd against dim `batchDims + c`
/// of `data`.
static LogicalResult checkTupleComponents(OpBuilder &b, Operation *op,
                                          Value data, Value indices,
                                          int64_t batchDims) {
  Location loc = op->getLoc();
  auto indicesType = cast<RankedTensorType>(indices.getType());
  int64_t rank = indicesType.getRank();
  int64_t k = indicesType.getShape().back();
  if (ShapedType::isDynamic(k))
    return success(); // The verifier requires a static tuple size.
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, indices);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  sizes.back() = b.getIndexAttr(1);
  for (int64_t c = 0; c < k; ++c) {
    offsets.back() = b.getIndexAttr(c);
    Value component = indices;
    if (k != 1)
      component = tensor::ExtractSliceOp::create(b, loc, indices, offsets,
                                                 sizes, strides);
    if (failed(checkIndicesInRange(b, op, component,
                                   getSizeForCheck(b, loc, data, batchDims + c),
                                   "data dim " + Twine(batchDims + c))))
      return failure();
  }
  return success();
}

namespace {

/// What a scatter's reduction generic needs from the op: for the element at
/// `position` (data indices) and update number `u`, whether the update lands
/// there, and the update element (read only where it does).
struct ScatterMatcher {
  function_ref<Value(OpBuilder &, Location, ValueRange position, Value u)>
      matches;
  function_ref<Value(OpBuilder &, Location, ValueRange position, Value u)>
      update;
};

/// Builds a scatter over `data` with `count` updates per element (see the
/// file comment); returns the result tensor.
static Value buildScatter(OpBuilder &b, Location loc, Value data, Value count,
                          ScatterReduction reduction,
                          const ScatterMatcher &matcher, bool isUnsigned) {
  auto dataType = cast<RankedTensorType>(data.getType());
  int64_t rank = dataType.getRank();
  MLIRContext *context = b.getContext();
  // The domain: the data's dims, then the update number (a reduction dim
  // whose size comes from an empty tensor of `count` elements).
  Value counter = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{getAsOpFoldResult(count)}, b.getI1Type());
  AffineMap counterMap =
      AffineMap::get(rank + 1, 0, {getAffineDimExpr(rank, context)}, context);
  SmallVector<AffineExpr> dataExprs;
  for (int64_t dim = 0; dim < rank; ++dim)
    dataExprs.push_back(getAffineDimExpr(dim, context));
  AffineMap dataMap = AffineMap::get(rank + 1, 0, dataExprs, context);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto positionOf = [&](OpBuilder &nb, Location nl) {
    SmallVector<Value> position;
    for (int64_t dim = 0; dim < rank; ++dim)
      position.push_back(linalg::IndexOp::create(nb, nl, dim));
    return position;
  };

  if (reduction != ScatterReduction::None) {
    // The accumulator starts as the data.
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{dataType}, ValueRange{counter}, ValueRange{data},
        {counterMap, dataMap}, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          SmallVector<Value> position = positionOf(nb, nl);
          Value u = linalg::IndexOp::create(nb, nl, rank);
          Value hit = matcher.matches(nb, nl, position, u);
          Value combined =
              scf::IfOp::create(
                  nb, nl, hit,
                  [&](OpBuilder &tb, Location tl) {
                    Value update = matcher.update(tb, tl, position, u);
                    scf::YieldOp::create(tb, tl,
                                         combine(tb, tl, reduction, args[1],
                                                 update, isUnsigned));
                  },
                  [&](OpBuilder &eb, Location el) {
                    scf::YieldOp::create(eb, el, args[1]);
                  })
                  .getResult(0);
          linalg::YieldOp::create(nb, nl, combined);
        });
    return generic.getResult(0);
  }

  // Reduction none: the largest matching update number (-1 for none), then
  // a generic that reads that update or keeps the data.
  Type i64 = b.getI64Type();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, data);
  Value lastInit = tensor::EmptyOp::create(b, loc, sizes, i64);
  Value minusOne =
      arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(-1));
  lastInit = linalg::FillOp::create(b, loc, minusOne, lastInit).getResult(0);
  auto last = linalg::GenericOp::create(
      b, loc, TypeRange{lastInit.getType()}, ValueRange{counter},
      ValueRange{lastInit}, {counterMap, dataMap}, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        SmallVector<Value> position = positionOf(nb, nl);
        Value u = linalg::IndexOp::create(nb, nl, rank);
        Value hit = matcher.matches(nb, nl, position, u);
        Value number = arith::IndexCastOp::create(nb, nl, i64, u);
        Value candidate = arith::SelectOp::create(
            nb, nl, hit, number,
            arith::ConstantOp::create(nb, nl, i64, nb.getI64IntegerAttr(-1)));
        linalg::YieldOp::create(
            nb, nl,
            ValueRange{arith::MaxSIOp::create(nb, nl, args[1], candidate)});
      });
  Value lastTensor = last.getResult(0);
  Value init =
      tensor::EmptyOp::create(b, loc, sizes, dataType.getElementType());
  return createIndexedGeneric(
      b, loc, init, [&](OpBuilder &nb, Location nl, ValueRange position) {
        Value number = tensor::ExtractOp::create(nb, nl, lastTensor, position);
        Value hit = arith::CmpIOp::create(
            nb, nl, arith::CmpIPredicate::sge, number,
            arith::ConstantOp::create(nb, nl, i64, nb.getI64IntegerAttr(0)));
        return scf::IfOp::create(
                   nb, nl, hit,
                   [&](OpBuilder &tb, Location tl) {
                     Value u = arith::IndexCastOp::create(
                         tb, tl, tb.getIndexType(), number);
                     scf::YieldOp::create(tb, tl,
                                          matcher.update(tb, tl, position, u));
                   },
                   [&](OpBuilder &eb, Location el) {
                     scf::YieldOp::create(
                         eb, el,
                         tensor::ExtractOp::create(eb, el, data, position)
                             .getResult());
                   })
            .getResult(0);
      });
}

//===----------------------------------------------------------------------===//
// GatherElementsOp
//===----------------------------------------------------------------------===//

/// graph.gather_elements -> linalg.generic over the indices' shape reading
/// data at the position with the axis replaced by the (wrapped) index.
struct GatherElementsLowering : OpConversionPattern<GatherElementsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    int64_t rank = cast<RankedTensorType>(data.getType()).getRank();
    FailureOr<int64_t> axis = normalizeAxis(std::nullopt, op.getAxis(), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    if (failed(checkIndicesInRange(rewriter, op, indices,
                                   getSizeForCheck(rewriter, loc, data, *axis),
                                   "axis " + Twine(*axis))))
      return failure();
    Value axisSize = getSizes(rewriter, loc, data)[*axis];
    Value init = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, indices),
        op.getType().getElementType());
    Value result = createIndexedGeneric(
        rewriter, loc, init,
        [&](OpBuilder &b, Location l, ValueRange position) -> Value {
          Value index = tensor::ExtractOp::create(b, l, indices, position);
          SmallVector<Value> source(position);
          source[*axis] = wrapIndex(b, l, index, axisSize);
          return tensor::ExtractOp::create(b, l, data, source);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// GatherNDOp
//===----------------------------------------------------------------------===//

/// graph.gather_nd -> linalg.generic over the result: the index tuple at
/// the result's leading indices picks the data dims after the batch dims.
struct GatherNDLowering : OpConversionPattern<GatherNDOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t q = indicesType.getRank();
    int64_t k = indicesType.getShape().back();
    int64_t batchDims = op.getBatchDims();
    if (failed(checkTupleComponents(rewriter, op, data, indices, batchDims)))
      return failure();
    SmallVector<Value> dataSizes = getSizes(rewriter, loc, data);
    FailureOr<Value> init = strata::detail::createEmptyResult(rewriter, op);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result sizes");
    Value result = createIndexedGeneric(
        rewriter, loc, *init,
        [&](OpBuilder &b, Location l, ValueRange position) -> Value {
          SmallVector<Value> source(position.take_front(batchDims));
          SmallVector<Value> tuple(position.take_front(q - 1));
          tuple.push_back(Value());
          for (int64_t c = 0; c < k; ++c) {
            tuple.back() = arith::ConstantIndexOp::create(b, l, c);
            Value index = tensor::ExtractOp::create(b, l, indices, tuple);
            source.push_back(wrapIndex(b, l, index, dataSizes[batchDims + c]));
          }
          llvm::append_range(source, position.drop_front(q - 1));
          return tensor::ExtractOp::create(b, l, data, source);
        });
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ScatterElementsOp
//===----------------------------------------------------------------------===//

/// graph.scatter_elements -> buildScatter: the updates of an element are the
/// indices along the axis at its other coordinates (when those lie within
/// the indices' sizes); update `u` lands when its index equals the
/// element's axis coordinate.
struct ScatterElementsLowering : OpConversionPattern<ScatterElementsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScatterElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices(),
          updates = adaptor.getUpdates();
    int64_t rank = cast<RankedTensorType>(data.getType()).getRank();
    FailureOr<int64_t> axis = normalizeAxis(std::nullopt, op.getAxis(), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "invalid axis");
    // The updates are read at the indices' positions.
    for (int64_t dim = 0; dim < rank; ++dim)
      strata::detail::checkDimsEqual(rewriter, loc, updates, dim, indices, dim,
                                     "graph.scatter_elements: updates dim " +
                                         Twine(dim) +
                                         " differs from the indices'");
    if (failed(checkIndicesInRange(rewriter, op, indices,
                                   getSizeForCheck(rewriter, loc, data, *axis),
                                   "axis " + Twine(*axis))))
      return failure();
    SmallVector<Value> dataSizes = getSizes(rewriter, loc, data);
    SmallVector<Value> indexSizes = getSizes(rewriter, loc, indices);
    auto sourceOf = [&](ValueRange position, Value u) {
      SmallVector<Value> source(position);
      source[*axis] = u;
      return source;
    };
    auto matches = [&](OpBuilder &b, Location l, ValueRange position,
                       Value u) -> Value {
      Value inside = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      SmallVector<Value> source = sourceOf(position, u);
      for (int64_t dim = 0; dim < rank; ++dim) {
        if (dim == *axis)
          continue;
        inside = arith::AndIOp::create(
            b, l, inside,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                  position[dim], indexSizes[dim]));
        // Read in bounds even where the element has no update.
        Value last = arith::SubIOp::create(
            b, l, indexSizes[dim], arith::ConstantIndexOp::create(b, l, 1));
        source[dim] = arith::MinSIOp::create(b, l, position[dim], last);
      }
      Value index = tensor::ExtractOp::create(b, l, indices, source);
      Value target = wrapIndex(b, l, index, dataSizes[*axis]);
      return arith::AndIOp::create(
          b, l, inside,
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, target,
                                position[*axis]));
    };
    auto update = [&](OpBuilder &b, Location l, ValueRange position,
                      Value u) -> Value {
      return tensor::ExtractOp::create(b, l, updates, sourceOf(position, u));
    };
    Value result = buildScatter(rewriter, loc, data, indexSizes[*axis],
                                op.getReduction(), {matches, update},
                                op->hasAttr(strata::kUnsignedOperandsAttr));
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ScatterNDOp
//===----------------------------------------------------------------------===//

/// graph.scatter_nd -> buildScatter over the index tuples, numbered in
/// row-major order of the indices' leading dims: tuple `u` lands on the
/// elements whose first k coordinates it equals.
struct ScatterNDLowering : OpConversionPattern<ScatterNDOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScatterNDOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value data = adaptor.getData(), indices = adaptor.getIndices(),
          updates = adaptor.getUpdates();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t q = indicesType.getRank();
    int64_t k = indicesType.getShape().back();
    // The updates are indices.shape[:-1] + data.shape[k:].
    int64_t dataRank = cast<RankedTensorType>(data.getType()).getRank();
    for (int64_t dim = 0; dim + 1 < q; ++dim)
      strata::detail::checkDimsEqual(rewriter, loc, updates, dim, indices, dim,
                                     "graph.scatter_nd: updates dim " +
                                         Twine(dim) +
                                         " differs from the indices'");
    for (int64_t dim = k; dim < dataRank; ++dim)
      strata::detail::checkDimsEqual(
          rewriter, loc, updates, q - 1 + dim - k, data, dim,
          "graph.scatter_nd: updates dim " + Twine(q - 1 + dim - k) +
              " differs from data dim " + Twine(dim));
    if (failed(checkTupleComponents(rewriter, op, data, indices,
                                    /*batchDims=*/0)))
      return failure();
    SmallVector<Value> dataSizes = getSizes(rewriter, loc, data);
    SmallVector<Value> indexSizes = getSizes(rewriter, loc, indices);
    // The number of tuples, and a tuple number split into the indices'
    // leading coordinates (row-major).
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t dim = 0; dim + 1 < q; ++dim)
      count = arith::MulIOp::create(rewriter, loc, count, indexSizes[dim]);
    auto split = [&](OpBuilder &b, Location l, Value u) {
      SmallVector<Value> coordinates(q - 1);
      Value rest = u;
      for (int64_t dim = q - 2; dim >= 0; --dim) {
        coordinates[dim] = arith::RemUIOp::create(b, l, rest, indexSizes[dim]);
        rest = arith::DivUIOp::create(b, l, rest, indexSizes[dim]);
      }
      return coordinates;
    };
    auto matches = [&](OpBuilder &b, Location l, ValueRange position,
                       Value u) -> Value {
      SmallVector<Value> tuple = split(b, l, u);
      tuple.push_back(Value());
      Value hit = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
      for (int64_t c = 0; c < k; ++c) {
        tuple.back() = arith::ConstantIndexOp::create(b, l, c);
        Value index = tensor::ExtractOp::create(b, l, indices, tuple);
        Value target = wrapIndex(b, l, index, dataSizes[c]);
        hit = arith::AndIOp::create(
            b, l, hit,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, target,
                                  position[c]));
      }
      return hit;
    };
    auto update = [&](OpBuilder &b, Location l, ValueRange position,
                      Value u) -> Value {
      SmallVector<Value> source = split(b, l, u);
      llvm::append_range(source, position.drop_front(k));
      return tensor::ExtractOp::create(b, l, updates, source);
    };
    Value result = buildScatter(rewriter, loc, data, count, op.getReduction(),
                                {matches, update},
                                op->hasAttr(strata::kUnsignedOperandsAttr));
    rewriter.replaceOp(op, castTo(rewriter, loc, result, op.getType()));
    return success();
  }
};

} // namespace

void strata::populateGraphGatherScatterToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<GatherElementsLowering, GatherNDLowering,
               ScatterElementsLowering, ScatterNDLowering>(
      patterns.getContext());
}
