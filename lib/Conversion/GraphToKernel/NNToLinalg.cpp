//===- NNToLinalg.cpp - Graph NN ops to linalg ----------------------------===//
//
// Lowers the neural-network graph ops (contractions, 2-D and 3-D
// convolutions and pooling, normalizations, softmax) to linalg named ops
// and linalg.generic on tensors, with tensor.pad / insert_slice /
// expand_shape / collapse_shape for the data movement around them.
//
// Broadcasting operands are expressed in indexing maps: a static size-1 dim
// of an operand maps to the constant 0. As in TOSA, a `?` operand dim is
// assumed to equal the loop (result) size: the graph passes refine shapes
// before lowering, and a runtime size 1 against a larger result is not
// expressible in a map.
//
// The numeric reference is lib/Dialect/Graph/Evaluator/EvaluateNN.cpp. The
// lowering computes in the element type (the evaluator accumulates in
// double), and integer contractions wrap in the element width.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "Utils.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace graph = strata::graph;
using strata::detail::castTo;
using strata::detail::checkDimsEqual;
using strata::detail::createEmptyResult;
using strata::detail::createScalarConstant;
using strata::detail::getLowestValue;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// A tensor.empty of `sizes` and `elementType`.
static Value createEmpty(OpBuilder &b, Location loc,
                         ArrayRef<OpFoldResult> sizes, Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

/// linalg.fill of `dest` with the scalar `value`.
static Value createFill(OpBuilder &b, Location loc, Value value, Value dest) {
  return linalg::FillOp::create(b, loc, value, dest).getResult(0);
}

/// `iterator` for every loop, `reduction` for `reductionLoops`.
static SmallVector<utils::IteratorType>
getIterators(unsigned numLoops, ArrayRef<unsigned> reductionLoops = {}) {
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::parallel);
  for (unsigned loop : reductionLoops)
    iterators[loop] = utils::IteratorType::reduction;
  return iterators;
}

/// The map of an operand of `shape` whose dims run over `loops`, where a
/// static size-1 dim broadcasts (maps to 0).
static AffineMap getBroadcastMap(MLIRContext *context, unsigned numLoops,
                                 ArrayRef<int64_t> shape,
                                 ArrayRef<unsigned> loops) {
  SmallVector<AffineExpr> exprs;
  for (auto [size, loop] : llvm::zip_equal(shape, loops))
    exprs.push_back(size == 1 ? getAffineConstantExpr(0, context)
                              : getAffineDimExpr(loop, context));
  return AffineMap::get(numLoops, 0, exprs, context);
}

/// The map selecting `loops` (no broadcasting).
static AffineMap getSelectMap(MLIRContext *context, unsigned numLoops,
                              ArrayRef<unsigned> loops) {
  SmallVector<AffineExpr> exprs;
  for (unsigned loop : loops)
    exprs.push_back(getAffineDimExpr(loop, context));
  return AffineMap::get(numLoops, 0, exprs, context);
}

/// `d` * `stride` + `tap` * `dilation` over loop dims.
static AffineExpr getWindowExpr(MLIRContext *context, unsigned loop,
                                unsigned tapLoop, int64_t stride,
                                int64_t dilation) {
  return getAffineDimExpr(loop, context) * stride +
         getAffineDimExpr(tapLoop, context) * dilation;
}

/// Integer `value` as an index OpFoldResult, folded when constant.
static OpFoldResult indexAttr(OpBuilder &b, int64_t value) {
  return b.getIndexAttr(value);
}

/// Index arithmetic on OpFoldResults that folds constants.
static OpFoldResult foldIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                              OpFoldResult rhs, bool multiply) {
  std::optional<int64_t> l = getConstantIntValue(lhs);
  std::optional<int64_t> r = getConstantIntValue(rhs);
  if (l && r)
    return b.getIndexAttr(multiply ? *l * *r : *l + *r);
  // The neutral element leaves the other side.
  if (l == (multiply ? 1 : 0))
    return rhs;
  if (r == (multiply ? 1 : 0))
    return lhs;
  Value lv = getValueOrCreateConstantIndexOp(b, loc, lhs);
  Value rv = getValueOrCreateConstantIndexOp(b, loc, rhs);
  if (multiply)
    return arith::MulIOp::create(b, loc, lv, rv).getResult();
  return arith::AddIOp::create(b, loc, lv, rv).getResult();
}
static OpFoldResult addIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                             int64_t rhs) {
  return foldIndex(b, loc, lhs, b.getIndexAttr(rhs), /*multiply=*/false);
}
static OpFoldResult mulIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                             int64_t rhs) {
  return foldIndex(b, loc, lhs, b.getIndexAttr(rhs), /*multiply=*/true);
}

/// The ranked tensor type with `sizes` (static where constant).
static RankedTensorType getTensorType(ArrayRef<OpFoldResult> sizes,
                                      Type elementType) {
  SmallVector<int64_t> shape;
  for (OpFoldResult size : sizes)
    shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
  return RankedTensorType::get(shape, elementType);
}

/// tensor.expand_shape of `source` into `sizes`.
static Value expandTo(OpBuilder &b, Location loc, Value source,
                      ArrayRef<ReassociationIndices> reassociation,
                      ArrayRef<OpFoldResult> sizes) {
  Type elementType = cast<RankedTensorType>(source.getType()).getElementType();
  return tensor::ExpandShapeOp::create(
      b, loc, getTensorType(sizes, elementType), source, reassociation, sizes);
}

/// tensor.collapse_shape of `source`.
static Value collapse(OpBuilder &b, Location loc, Value source,
                      ArrayRef<ReassociationIndices> reassociation) {
  return tensor::CollapseShapeOp::create(b, loc, source, reassociation);
}

/// tensor.pad of `source` by `low` / `high` with the scalar `padValue`;
/// `source` itself when there is nothing to pad.
static Value padTensor(OpBuilder &b, Location loc, Value source,
                       ArrayRef<OpFoldResult> low, ArrayRef<OpFoldResult> high,
                       Value padValue) {
  if (llvm::all_of(llvm::concat<const OpFoldResult>(low, high),
                   [](OpFoldResult pad) { return isZeroInteger(pad); }))
    return source;
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    std::optional<int64_t> lo = getConstantIntValue(low[dim]);
    std::optional<int64_t> hi = getConstantIntValue(high[dim]);
    shape.push_back(ShapedType::isDynamic(size) || !lo || !hi
                        ? ShapedType::kDynamic
                        : size + *lo + *hi);
  }
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  return tensor::PadOp::create(b, loc, resultType, source, low, high, padValue);
}

/// The number of elements of `value`'s dims `dims` as a scalar of the float
/// `elementType` (a constant when they are static).
static Value getCountAsFloat(OpBuilder &b, Location loc, Value value,
                             ArrayRef<int64_t> dims, Type elementType) {
  OpFoldResult count = b.getIndexAttr(1);
  for (int64_t dim : dims)
    count = foldIndex(b, loc, count, tensor::getMixedSize(b, loc, value, dim),
                      /*multiply=*/true);
  if (std::optional<int64_t> constant = getConstantIntValue(count))
    return createScalarConstant(b, loc, elementType,
                                static_cast<double>(*constant));
  Value asInt =
      arith::IndexCastOp::create(b, loc, b.getI64Type(), cast<Value>(count));
  return arith::SIToFPOp::create(b, loc, elementType, asInt);
}

/// The sizes of `value`'s dims except `dropped` (sorted).
static SmallVector<OpFoldResult> getSizesWithout(OpBuilder &b, Location loc,
                                                 Value value,
                                                 ArrayRef<int64_t> dropped) {
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(tensor::getMixedSizes(b, loc, value)))
    if (!llvm::is_contained(dropped, static_cast<int64_t>(dim)))
      sizes.push_back(size);
  return sizes;
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

/// Whether operand `index` of `op` was an unsigned integer before
/// convert-graph-to-kernel made it signless.
static bool isUnsignedOperand(Operation *op, unsigned index) {
  if (auto list = op->getAttrOfType<DenseBoolArrayAttr>(
          strata::kUnsignedOperandListAttr))
    return index < list.size() && list[index];
  return op->hasAttr(strata::kUnsignedOperandsAttr);
}

/// Integer `value` extended to `type` when narrower, zero-extended when
/// `isUnsigned`.
static Value extendInteger(OpBuilder &b, Location loc, Value value, Type type,
                           bool isUnsigned) {
  if (value.getType() == type)
    return value;
  if (isUnsigned)
    return arith::ExtUIOp::create(b, loc, type, value);
  return arith::ExtSIOp::create(b, loc, type, value);
}

/// The multiply-accumulate body of an integer or float contraction. Integer
/// operands narrower than the accumulator (8-bit products into i32) are
/// extended first, zero-extended when unsigned.
static Value multiplyAdd(OpBuilder &b, Location loc, Value lhs, Value rhs,
                         Value acc, bool lhsUnsigned = false,
                         bool rhsUnsigned = false) {
  if (isa<FloatType>(acc.getType()))
    return arith::AddFOp::create(b, loc, acc,
                                 arith::MulFOp::create(b, loc, lhs, rhs));
  lhs = extendInteger(b, loc, lhs, acc.getType(), lhsUnsigned);
  rhs = extendInteger(b, loc, rhs, acc.getType(), rhsUnsigned);
  return arith::AddIOp::create(b, loc, acc,
                               arith::MulIOp::create(b, loc, lhs, rhs));
}

/// A linalg.generic of `maps` and `iterators` accumulating the products of
/// `lhs` and `rhs` into `init` (multiplyAdd's body, each operand extended by
/// its own signedness).
static Value createMultiplyAddGeneric(OpBuilder &b, Location loc, Value lhs,
                                      Value rhs, Value init,
                                      ArrayRef<AffineMap> maps,
                                      ArrayRef<utils::IteratorType> iterators,
                                      bool lhsUnsigned = false,
                                      bool rhsUnsigned = false) {
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{lhs, rhs}, init, maps,
             iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc,
                                       multiplyAdd(nested, nestedLoc, args[0],
                                                   args[1], args[2],
                                                   lhsUnsigned, rhsUnsigned));
             })
      .getResult(0);
}

/// lhs [M, K] times rhs [K, N] into `init` [M, N]: linalg.matmul, or for
/// operands narrower than the accumulator (8-bit integers into i32) a
/// linalg.generic with linalg.matmul's maps whose body extends each operand
/// by its own signedness (linalg.matmul's `cast` applies one to both).
static Value createMatrixProduct(OpBuilder &b, Location loc, Value lhs,
                                 Value rhs, Value init, bool lhsUnsigned,
                                 bool rhsUnsigned) {
  if (getElementTypeOrSelf(lhs.getType()) ==
      getElementTypeOrSelf(init.getType()))
    return linalg::MatmulOp::create(b, loc, init.getType(),
                                    ValueRange{lhs, rhs}, init)
        .getResult(0);
  MLIRContext *context = b.getContext();
  AffineExpr m, n, k;
  bindDims(context, m, n, k);
  SmallVector<AffineMap> maps = {AffineMap::get(3, 0, {m, k}, context),
                                 AffineMap::get(3, 0, {k, n}, context),
                                 AffineMap::get(3, 0, {m, n}, context)};
  return createMultiplyAddGeneric(b, loc, lhs, rhs, init, maps,
                                  getIterators(3, {2}), lhsUnsigned,
                                  rhsUnsigned);
}

/// Checks at run time what the verifier checks on static sizes: equal
/// inner sizes, and batch dims (aligned from the right) equal unless one is
/// a static 1 (a `?` batch dim is not broadcast at run time).
static void checkMatmulSizes(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
  OpFoldResult lhsInner =
      strata::detail::getSizeForCheck(b, loc, lhs, lhsRank - 1);
  OpFoldResult rhsInner = strata::detail::getSizeForCheck(
      b, loc, rhs, std::max<int64_t>(rhsRank - 2, 0));
  if (!strata::detail::isSameSize(lhsInner, rhsInner)) {
    // An empty product (no rows or columns) reads nothing.
    SmallVector<OpFoldResult> outerSizes;
    if (lhsRank >= 2)
      outerSizes.push_back(
          strata::detail::getSizeForCheck(b, loc, lhs, lhsRank - 2));
    if (rhsRank >= 2)
      outerSizes.push_back(
          strata::detail::getSizeForCheck(b, loc, rhs, rhsRank - 1));
    strata::detail::checkSizesEqual(
        b, loc, lhsInner, rhsInner, "graph.matmul: the inner sizes differ",
        strata::detail::isAnySizeZero(b, loc, outerSizes));
  }
  int64_t lhsBatch = std::max<int64_t>(lhsRank - 2, 0);
  int64_t rhsBatch = std::max<int64_t>(rhsRank - 2, 0);
  for (int64_t i = 1; i <= std::min(lhsBatch, rhsBatch); ++i) {
    int64_t lhsDim = lhsBatch - i, rhsDim = rhsBatch - i;
    if (lhsType.getDimSize(lhsDim) == 1 || rhsType.getDimSize(rhsDim) == 1)
      continue;
    checkDimsEqual(b, loc, lhs, lhsDim, rhs, rhsDim,
                   "graph.matmul: batch dims " + Twine(lhsDim) + " and " +
                       Twine(rhsDim) +
                       " differ (a `?` dim is not broadcast at run time)");
  }
}

/// Checks at run time what the conv verifiers check on static sizes: the
/// input has weight-input-channels * groups channels, and a bias has one
/// element per output channel (`channelDim`: the channel dim of the input
/// and of the weight's input channels, the same for conv's layouts).
static void checkConvChannels(OpBuilder &b, Location loc, StringRef opName,
                              Value input, Value weight, Value bias,
                              int64_t channelDim, int64_t groups) {
  OpFoldResult perGroup =
      strata::detail::getSizeForCheck(b, loc, weight, channelDim);
  OpFoldResult expected;
  if (std::optional<int64_t> known = getConstantIntValue(perGroup))
    expected = b.getIndexAttr(*known * groups);
  else
    expected =
        arith::MulIOp::create(b, loc, cast<Value>(perGroup),
                              arith::ConstantIndexOp::create(b, loc, groups))
            .getResult();
  strata::detail::checkSizesEqual(
      b, loc, strata::detail::getSizeForCheck(b, loc, input, channelDim),
      expected,
      opName + ": the input channels differ from the weight's input channels "
               "times groups");
  if (bias)
    checkDimsEqual(b, loc, bias, 0, weight, 0,
                   opName + ": the bias size differs from the output channels");
}

/// Checks at run time the channels of a transposed convolution, whose
/// weight is static: the input has the weight's input channels, and a bias
/// one element per output channel.
static void checkConvTransposeChannels(OpBuilder &b, Location loc,
                                       StringRef opName, Value input,
                                       Value bias, int64_t channelDim,
                                       int64_t inChannels,
                                       int64_t outChannels) {
  strata::detail::checkSizesEqual(
      b, loc, strata::detail::getSizeForCheck(b, loc, input, channelDim),
      b.getIndexAttr(inChannels),
      opName + ": the input channels differ from the weight's");
  if (bias)
    strata::detail::checkSizesEqual(
        b, loc, strata::detail::getSizeForCheck(b, loc, bias, 0),
        b.getIndexAttr(outChannels),
        opName + ": the bias size differs from the output channels");
}

namespace {
/// graph.matmul: 2-D operands become linalg.matmul; equal batch dims
/// linalg.batch_matmul (more than one batch dim collapsed into one and the
/// result expanded back); a stack times a matrix one linalg.matmul over the
/// stack's collapsed leading dims; broadcast batch dims and 1-D operands a
/// linalg.generic contraction whose maps drop the promoted dim and send
/// size-1 batch dims to 0. The accumulator is zero-filled; integers wrap in
/// the element width as in the evaluator.
struct MatmulOpLowering : OpConversionPattern<graph::MatmulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MatmulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    Type elementType = op.getType().getElementType();
    int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
    if (lhsRank == 0 || rhsRank == 0)
      return rewriter.notifyMatchFailure(op, "scalar matmul operand");
    checkMatmulSizes(rewriter, loc, lhs, rhs);
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    // 8-bit integers multiplied into i32: their extensions by signedness.
    bool lhsUnsigned = isUnsignedOperand(op, 0);
    bool rhsUnsigned = isUnsignedOperand(op, 1);
    bool widening = lhsType.getElementType() != elementType;

    // Equal batch dims: the named ops (widening products of matrices
    // excepted, see createMatrixProduct; batches of them take the general
    // contraction below).
    bool sameBatch =
        lhsRank == rhsRank && lhsRank >= 2 && (!widening || lhsRank == 2);
    for (int64_t dim = 0; sameBatch && dim < lhsRank - 2; ++dim)
      sameBatch =
          (lhsType.getDimSize(dim) == 1) == (rhsType.getDimSize(dim) == 1);
    if (sameBatch && lhsRank <= 3) {
      FailureOr<Value> init =
          strata::detail::createFilledResult(rewriter, op, 0, zero);
      if (failed(init))
        return rewriter.notifyMatchFailure(op, "cannot reify the result");
      Value result;
      if (lhsRank == 2)
        result = createMatrixProduct(rewriter, loc, lhs, rhs, *init,
                                     lhsUnsigned, rhsUnsigned);
      else
        result = linalg::BatchMatmulOp::create(rewriter, loc, init->getType(),
                                               ValueRange{lhs, rhs}, *init)
                     .getResult(0);
      rewriter.replaceOp(op,
                         castTo(rewriter, op.getLoc(), result, op.getType()));
      return success();
    }
    if (sameBatch) {
      FailureOr<Value> empty = createEmptyResult(rewriter, op);
      if (failed(empty))
        return rewriter.notifyMatchFailure(op, "cannot reify the result");
      int64_t batchRank = lhsRank - 2;
      SmallVector<ReassociationIndices> reassociation(1);
      for (int64_t dim = 0; dim < batchRank; ++dim)
        reassociation[0].push_back(dim);
      reassociation.push_back({batchRank});
      reassociation.push_back({batchRank + 1});
      Value init = createFill(rewriter, loc, zero,
                              collapse(rewriter, loc, *empty, reassociation));
      Value product =
          linalg::BatchMatmulOp::create(
              rewriter, loc, init.getType(),
              ValueRange{collapse(rewriter, loc, lhs, reassociation),
                         collapse(rewriter, loc, rhs, reassociation)},
              init)
              .getResult(0);
      Value result = expandTo(rewriter, loc, product, reassociation,
                              tensor::getMixedSizes(rewriter, loc, *empty));
      rewriter.replaceOp(op,
                         castTo(rewriter, op.getLoc(), result, op.getType()));
      return success();
    }

    // A matrix on the right, a stack on the left (a transformer's
    // projections: [batch, seq, hidden] x [hidden, out]): the left's leading
    // dims fold into M, one linalg.matmul (which the schedules and the
    // vectorizer know), the result unfolded.
    if (rhsRank == 2 && lhsRank > 2) {
      FailureOr<Value> empty = createEmptyResult(rewriter, op);
      if (failed(empty))
        return rewriter.notifyMatchFailure(op, "cannot reify the result");
      SmallVector<ReassociationIndices> reassociation(1);
      for (int64_t dim = 0; dim < lhsRank - 1; ++dim)
        reassociation[0].push_back(dim);
      reassociation.push_back({lhsRank - 1});
      Value init = createFill(rewriter, loc, zero,
                              collapse(rewriter, loc, *empty, reassociation));
      Value product = createMatrixProduct(
          rewriter, loc, collapse(rewriter, loc, lhs, reassociation), rhs, init,
          lhsUnsigned, rhsUnsigned);
      Value result = expandTo(rewriter, loc, product, reassociation,
                              tensor::getMixedSizes(rewriter, loc, *empty));
      rewriter.replaceOp(op,
                         castTo(rewriter, op.getLoc(), result, op.getType()));
      return success();
    }

    // The general contraction. Loops: batch..., [m], [n], k.
    bool lhsVector = lhsRank == 1, rhsVector = rhsRank == 1;
    int64_t resultRank = op.getType().getRank();
    int64_t batchRank = resultRank - !lhsVector - !rhsVector;
    unsigned numLoops = resultRank + 1;
    unsigned k = numLoops - 1, m = batchRank, n = batchRank + !lhsVector;
    MLIRContext *context = rewriter.getContext();
    auto operandMap = [&](RankedTensorType type, bool vector, bool isLhs) {
      int64_t operandBatch = vector ? 0 : type.getRank() - 2;
      SmallVector<AffineExpr> exprs;
      for (int64_t dim = 0; dim < operandBatch; ++dim)
        exprs.push_back(
            type.getDimSize(dim) == 1
                ? getAffineConstantExpr(0, context)
                : getAffineDimExpr(batchRank - operandBatch + dim, context));
      if (isLhs) {
        if (!vector)
          exprs.push_back(getAffineDimExpr(m, context));
        exprs.push_back(getAffineDimExpr(k, context));
      } else {
        exprs.push_back(getAffineDimExpr(k, context));
        if (!vector)
          exprs.push_back(getAffineDimExpr(n, context));
      }
      return AffineMap::get(numLoops, 0, exprs, context);
    };
    SmallVector<AffineMap> maps = {
        operandMap(lhsType, lhsVector, /*isLhs=*/true),
        operandMap(rhsType, rhsVector, /*isLhs=*/false),
        getSelectMap(context, numLoops,
                     llvm::to_vector(llvm::seq<unsigned>(0, resultRank)))};
    FailureOr<Value> init =
        strata::detail::createFilledResult(rewriter, op, 0, zero);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value product = createMultiplyAddGeneric(rewriter, loc, lhs, rhs, *init,
                                             maps, getIterators(numLoops, {k}),
                                             lhsUnsigned, rhsUnsigned);
    rewriter.replaceOp(op,
                       castTo(rewriter, op.getLoc(), product, op.getType()));
    return success();
  }
};

/// graph.linear (ONNX Gemm): a linalg.generic contraction over (m, n, k)
/// whose maps read A and B transposed when asked, into a zero-filled
/// accumulator, then (unless alpha is 1 and there is no bias) one
/// elementwise generic computing alpha * acc + beta * bias with the bias
/// broadcast by its map. Integers with alpha = beta = 1 stay integer;
/// otherwise, as in the evaluator, they are scaled in f64 and truncated
/// toward zero.
struct LinearOpLowering : OpConversionPattern<graph::LinearOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LinearOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = adaptor.getA(), b = adaptor.getB(), bias = adaptor.getBias();
    if (cast<RankedTensorType>(a.getType()).getRank() != 2 ||
        cast<RankedTensorType>(b.getType()).getRank() != 2)
      return rewriter.notifyMatchFailure(op, "operands must be 2-D");
    auto biasType = bias ? cast<RankedTensorType>(bias.getType()) : nullptr;
    if (biasType && biasType.getRank() > 2)
      return rewriter.notifyMatchFailure(op, "bias rank above 2");
    OpFoldResult aInner = strata::detail::getSizeForCheck(
        rewriter, loc, a, op.getTransA() ? 0 : 1);
    OpFoldResult bInner = strata::detail::getSizeForCheck(
        rewriter, loc, b, op.getTransB() ? 1 : 0);
    if (!strata::detail::isSameSize(aInner, bInner))
      // An empty product (no rows or columns) reads nothing.
      strata::detail::checkSizesEqual(
          rewriter, loc, aInner, bInner, "graph.linear: the inner sizes differ",
          strata::detail::isAnySizeZero(
              rewriter, loc,
              {strata::detail::getSizeForCheck(rewriter, loc, a,
                                               op.getTransA() ? 1 : 0),
               strata::detail::getSizeForCheck(rewriter, loc, b,
                                               op.getTransB() ? 0 : 1)}));
    Type elementType = op.getType().getElementType();
    MLIRContext *context = rewriter.getContext();
    double alpha = op.getAlpha().convertToDouble();
    double beta = op.getBeta().convertToDouble();

    // Loops (m, n, k).
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    FailureOr<Value> init =
        strata::detail::createFilledResult(rewriter, op, 0, zero);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    // The result's sizes may come from the bias where a's rows or b's
    // output features are `?` (inference takes the static size it has):
    // the loops would run over a's and b's sizes and write past a smaller
    // result.
    checkDimsEqual(rewriter, loc, a, op.getTransA() ? 1 : 0, *init, 0,
                   "graph.linear: the rows of a differ from the result's");
    checkDimsEqual(
        rewriter, loc, b, op.getTransB() ? 0 : 1, *init, 1,
        "graph.linear: the output size of b differs from the result's");
    SmallVector<AffineMap> maps = {
        getSelectMap(context, 3,
                     op.getTransA() ? ArrayRef<unsigned>{2, 0}
                                    : ArrayRef<unsigned>{0, 2}),
        getSelectMap(context, 3,
                     op.getTransB() ? ArrayRef<unsigned>{1, 2}
                                    : ArrayRef<unsigned>{2, 1}),
        getSelectMap(context, 3, {0, 1})};
    Value product = createMultiplyAddGeneric(rewriter, loc, a, b, *init, maps,
                                             getIterators(3, {2}));
    if (alpha == 1.0 && !bias) {
      rewriter.replaceOp(op,
                         castTo(rewriter, op.getLoc(), product, op.getType()));
      return success();
    }

    // The epilogue, in place on the accumulator.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> epilogueMaps;
    if (bias) {
      for (int64_t dim = 0; dim < biasType.getRank(); ++dim)
        if (biasType.isDynamicDim(dim))
          checkDimsEqual(rewriter, loc, bias, dim, product,
                         2 - biasType.getRank() + dim,
                         "graph.linear: bias dim " + Twine(dim) +
                             " does not have the result's size (a `?` dim "
                             "is not broadcast at run time)");
      inputs.push_back(bias);
      unsigned loops[] = {0, 1};
      epilogueMaps.push_back(getBroadcastMap(
          context, 2, biasType.getShape(),
          ArrayRef<unsigned>(loops).take_back(biasType.getRank())));
    }
    epilogueMaps.push_back(AffineMap::getMultiDimIdentityMap(2, context));
    bool isFloat = isa<FloatType>(elementType);
    bool exactInt = !isFloat && alpha == 1.0 && beta == 1.0;
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, product.getType(), inputs, product, epilogueMaps,
            getIterators(2),
            [&](OpBuilder &builder, Location loc, ValueRange args) {
              Value acc = args.back();
              Value biasValue = bias ? args[0] : Value();
              if (exactInt) {
                linalg::YieldOp::create(
                    builder, loc,
                    arith::AddIOp::create(builder, loc, acc, biasValue)
                        .getResult());
                return;
              }
              Type computeType = isFloat ? elementType : builder.getF64Type();
              auto toCompute = [&](Value value) -> Value {
                if (isFloat)
                  return value;
                return arith::SIToFPOp::create(builder, loc, computeType,
                                               value);
              };
              Value value = toCompute(acc);
              if (alpha != 1.0)
                value = arith::MulFOp::create(
                    builder, loc,
                    createScalarConstant(builder, loc, computeType, alpha),
                    value);
              if (biasValue) {
                Value scaled = toCompute(biasValue);
                if (beta != 1.0)
                  scaled = arith::MulFOp::create(
                      builder, loc,
                      createScalarConstant(builder, loc, computeType, beta),
                      scaled);
                value = arith::AddFOp::create(builder, loc, value, scaled);
              }
              if (!isFloat)
                value =
                    arith::FPToSIOp::create(builder, loc, elementType, value);
              linalg::YieldOp::create(builder, loc, value);
            })
            .getResult(0);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// The [h, w] dims of a 4-D image in `layout`, and its channel dim.
static std::array<int64_t, 2> spatialDims(bool nhwc) {
  return nhwc ? std::array<int64_t, 2>{1, 2} : std::array<int64_t, 2>{2, 3};
}
static int64_t channelDim(bool nhwc) { return nhwc ? 3 : 1; }

/// Checks at run time that each window fits its padded input dim
/// (`inputDims[i]`, padded by `pads[i]` and `pads[i + n]`, against the
/// dilated `kernel[i]`): for a `?` dim smaller than that no window has a
/// position, and the output size computed from it would be negative (an
/// overflow of the host's size arithmetic, or an empty result) where
/// onnxruntime rejects the input. Kernel sizes known only at run time are
/// left to the size computation.
static void checkWindowsFit(OpBuilder &b, Location loc, StringRef opName,
                            Value input, ArrayRef<int64_t> inputDims,
                            ArrayRef<OpFoldResult> kernel,
                            ArrayRef<int64_t> pads,
                            ArrayRef<int64_t> dilations) {
  auto type = cast<RankedTensorType>(input.getType());
  size_t n = inputDims.size();
  for (size_t i = 0; i < n; ++i) {
    std::optional<int64_t> size = getConstantIntValue(kernel[i]);
    if (!type.isDynamicDim(inputDims[i]) || !size)
      continue;
    int64_t dilation = i < dilations.size() ? dilations[i] : 1;
    int64_t extent = (*size - 1) * dilation + 1;
    int64_t padding = pads.size() == 2 * n ? pads[i] + pads[i + n] : 0;
    Value dim = tensor::DimOp::create(b, loc, input, inputDims[i]);
    Value padded = arith::AddIOp::create(
        b, loc, dim, arith::ConstantIndexOp::create(b, loc, padding));
    Value fits =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, padded,
                              arith::ConstantIndexOp::create(b, loc, extent));
    strata::detail::checkAtRunTime(
        b, loc, fits,
        opName + ": input dim " + Twine(inputDims[i]) +
            " has {0} elements with its padding, fewer than the window's " +
            Twine(extent),
        {padded});
  }
}

/// `sizes` as index attributes.
static SmallVector<OpFoldResult> getIndexAttrs(Builder &b,
                                               ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return b.getIndexAttr(size);
  });
}

/// Pads the spatial dims of a 4-D image: [top, left] low, [bottom, right]
/// high, with `padValue`.
static Value padImage(OpBuilder &b, Location loc, Value image, bool nhwc,
                      ArrayRef<OpFoldResult> low2, ArrayRef<OpFoldResult> high2,
                      Value padValue) {
  SmallVector<OpFoldResult> low(4, b.getIndexAttr(0)),
      high(4, b.getIndexAttr(0));
  for (auto [i, dim] : llvm::enumerate(spatialDims(nhwc))) {
    low[dim] = low2[i];
    high[dim] = high2[i];
  }
  return padTensor(b, loc, image, low, high, padValue);
}

/// The initial accumulator of a convolution: the 1-D `bias` broadcast along
/// the channel dim of `empty` (4-D NCHW or NHWC, or 5-D NCDHW; a
/// linalg.generic), or zeros. Starting the sum from the bias is what the
/// evaluator does.
static Value createConvInit(OpBuilder &b, Location loc, Value empty, Value bias,
                            bool nhwc) {
  auto type = cast<RankedTensorType>(empty.getType());
  if (!bias)
    return createFill(b, loc,
                      createScalarConstant(b, loc, type.getElementType(), 0.0),
                      empty);
  MLIRContext *context = b.getContext();
  unsigned rank = type.getRank();
  SmallVector<AffineMap> maps = {
      getSelectMap(context, rank, {static_cast<unsigned>(channelDim(nhwc))}),
      AffineMap::getMultiDimIdentityMap(rank, context)};
  return linalg::GenericOp::create(
             b, loc, type, bias, empty, maps, getIterators(rank),
             [](OpBuilder &builder, Location loc, ValueRange args) {
               linalg::YieldOp::create(builder, loc, args[0]);
             })
      .getResult(0);
}

/// A convolution of the (already padded) 4-D `input` with `weight` (OIHW
/// for NCHW, OHWI for NHWC, O = all output channels, I = channels per
/// group) accumulating into `init`:
/// - one group: linalg.conv_2d_nchw_fchw / conv_2d_nhwc_fhwc;
/// - depthwise (I = 1, O = groups): the weight is collapsed to (C, kh, kw)
///   and, for NHWC, transposed to (kh, kw, C), then
///   linalg.depthwise_conv_2d_nchw_chw / depthwise_conv_2d_nhwc_hwc;
/// - other groups: input, weight and init are expanded with a group dim,
///   linalg.conv_2d_ngchw_gfchw / conv_2d_nhwgc_gfhwc, and the result
///   collapsed back. Needs static weight channel sizes.
/// 8-bit integers into i32 with an unsigned operand (`unsignedOperands`:
/// input, weight) take the same convolution as a linalg.generic whose body
/// zero-extends that operand (the named ops sign-extend both).
static FailureOr<Value> buildConv(RewriterBase &b, Location loc, Value input,
                                  Value weight, Value init, int64_t groups,
                                  ArrayRef<int64_t> strides,
                                  ArrayRef<int64_t> dilations, bool nhwc,
                                  std::pair<bool, bool> unsignedOperands = {}) {
  Attribute stridesAttr = b.getI64VectorAttr(strides);
  Attribute dilationsAttr = b.getI64VectorAttr(dilations);
  Type initType = init.getType();
  bool inputUnsigned = unsignedOperands.first;
  bool weightUnsigned = unsignedOperands.second;
  auto extendBySignedness = [&](linalg::LinalgOp conv) -> Value {
    bool widening = getElementTypeOrSelf(conv.getDpsInputs()[0].getType()) !=
                    getElementTypeOrSelf(initType);
    if (!widening || (!inputUnsigned && !weightUnsigned))
      return conv->getResult(0);
    Value generic = createMultiplyAddGeneric(
        b, loc, conv.getDpsInputs()[0], conv.getDpsInputs()[1],
        conv.getDpsInits()[0], conv.getIndexingMapsArray(),
        conv.getIteratorTypesArray(), inputUnsigned, weightUnsigned);
    b.eraseOp(conv);
    return generic;
  };
  if (groups == 1) {
    if (nhwc)
      return extendBySignedness(linalg::Conv2DNhwcFhwcOp::create(
          b, loc, initType, ValueRange{input, weight}, init, stridesAttr,
          dilationsAttr));
    return extendBySignedness(linalg::Conv2DNchwFchwOp::create(
        b, loc, initType, ValueRange{input, weight}, init, stridesAttr,
        dilationsAttr));
  }
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t outChannels = weightType.getDimSize(0);
  int64_t groupIn = weightType.getDimSize(nhwc ? 3 : 1);
  if (ShapedType::isDynamic(outChannels) || ShapedType::isDynamic(groupIn) ||
      outChannels % groups != 0)
    return failure();

  if (groupIn == 1 && outChannels == groups) {
    if (!nhwc) {
      Value filter = collapse(b, loc, weight, {{0, 1}, {2}, {3}});
      return extendBySignedness(linalg::DepthwiseConv2DNchwChwOp::create(
          b, loc, initType, ValueRange{input, filter}, init, stridesAttr,
          dilationsAttr));
    }
    Value collapsed = collapse(b, loc, weight, {{0}, {1}, {2, 3}});
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, collapsed);
    Value transposedInit = createEmpty(b, loc, {sizes[1], sizes[2], sizes[0]},
                                       weightType.getElementType());
    Value filter =
        linalg::TransposeOp::create(b, loc, collapsed, transposedInit,
                                    ArrayRef<int64_t>{1, 2, 0})
            .getResult()[0];
    return extendBySignedness(linalg::DepthwiseConv2DNhwcHwcOp::create(
        b, loc, initType, ValueRange{input, filter}, init, stridesAttr,
        dilationsAttr));
  }

  // General groups. The channel dims are made static for the expansion.
  auto withStaticChannels = [&](Value image, int64_t channels) -> Value {
    auto type = cast<RankedTensorType>(image.getType());
    int64_t c = channelDim(nhwc);
    if (!type.isDynamicDim(c))
      return image;
    SmallVector<int64_t> shape(type.getShape());
    shape[c] = channels;
    return tensor::CastOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), image);
  };
  input = withStaticChannels(input, groups * groupIn);
  init = withStaticChannels(init, outChannels);
  OpFoldResult groupsSize = b.getIndexAttr(groups);
  OpFoldResult groupOutSize = b.getIndexAttr(outChannels / groups);
  OpFoldResult groupInSize = b.getIndexAttr(groupIn);
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> wSizes = tensor::getMixedSizes(b, loc, weight);
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, init);
  // Channel dim c splits into (g, c / g).
  SmallVector<ReassociationIndices> imageReassociation =
      nhwc ? SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}}
           : SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}, {4}};
  SmallVector<ReassociationIndices> weightReassociation = {
      {0, 1}, {2}, {3}, {4}};
  auto split = [&](ArrayRef<OpFoldResult> sizes, OpFoldResult inner) {
    int64_t c = channelDim(nhwc);
    SmallVector<OpFoldResult> result(sizes.take_front(c));
    result.push_back(groupsSize);
    result.push_back(inner);
    llvm::append_range(result, sizes.drop_front(c + 1));
    return result;
  };
  Value groupedInput =
      expandTo(b, loc, input, imageReassociation, split(inSizes, groupInSize));
  Value groupedInit =
      expandTo(b, loc, init, imageReassociation, split(outSizes, groupOutSize));
  SmallVector<OpFoldResult> groupedWeightSizes = {groupsSize, groupOutSize};
  llvm::append_range(groupedWeightSizes, ArrayRef(wSizes).drop_front());
  Value groupedWeight =
      expandTo(b, loc, weight, weightReassociation, groupedWeightSizes);
  Value result;
  if (nhwc)
    result = extendBySignedness(linalg::Conv2DNhwgcGfhwcOp::create(
        b, loc, groupedInit.getType(), ValueRange{groupedInput, groupedWeight},
        groupedInit, stridesAttr, dilationsAttr));
  else
    result = extendBySignedness(linalg::Conv2DNgchwGfchwOp::create(
        b, loc, groupedInit.getType(), ValueRange{groupedInput, groupedWeight},
        groupedInit, stridesAttr, dilationsAttr));
  return collapse(b, loc, result, imageReassociation);
}

/// Checks that the [h, w] / [t, l, b, r] window attributes have their sizes.
static bool hasWindowSizes(ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
                           ArrayRef<int64_t> dilations) {
  return strides.size() == 2 && pads.size() == 4 && dilations.size() == 2 &&
         llvm::all_of(strides, [](int64_t s) { return s >= 1; }) &&
         llvm::all_of(dilations, [](int64_t d) { return d >= 1; }) &&
         llvm::all_of(pads, [](int64_t p) { return p >= 0; });
}

namespace {
/// graph.conv2d: tensor.pad (zeros) of the input, then the linalg
/// convolution matching layout and groups (see buildConv), accumulating
/// into the bias broadcast over the result (or zeros).
struct Conv2DOpLowering : OpConversionPattern<graph::Conv2DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::Conv2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    ArrayRef<int64_t> strides = op.getStrides(), pads = op.getPads(),
                      dilations = op.getDilations();
    int64_t groups = static_cast<int64_t>(op.getGroups());
    if (!hasWindowSizes(strides, pads, dilations) || groups < 1 ||
        cast<RankedTensorType>(input.getType()).getRank() != 4 ||
        cast<RankedTensorType>(weight.getType()).getRank() != 4)
      return rewriter.notifyMatchFailure(op, "invalid conv2d configuration");
    bool nhwc = op.getLayout() == graph::Layout::NHWC;
    checkConvChannels(rewriter, loc, "graph.conv2d", input, weight,
                      adaptor.getBias(), nhwc ? 3 : 1, groups);
    checkWindowsFit(
        rewriter, loc, "graph.conv2d", input, spatialDims(nhwc),
        {strata::detail::getSizeForCheck(rewriter, loc, weight, nhwc ? 1 : 2),
         strata::detail::getSizeForCheck(rewriter, loc, weight, nhwc ? 2 : 3)},
        pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");

    // The input's zeros (8-bit integers accumulate into i32).
    Value zero = createScalarConstant(
        rewriter, loc, getElementTypeOrSelf(input.getType()), 0.0);
    Value padded = padImage(
        rewriter, loc, input, nhwc,
        {indexAttr(rewriter, pads[0]), indexAttr(rewriter, pads[1])},
        {indexAttr(rewriter, pads[2]), indexAttr(rewriter, pads[3])}, zero);
    Value init = createConvInit(rewriter, loc, *empty, adaptor.getBias(), nhwc);
    FailureOr<Value> result = buildConv(
        rewriter, loc, padded, weight, init, groups, strides, dilations, nhwc,
        {isUnsignedOperand(op, 0), isUnsignedOperand(op, 1)});
    if (failed(result))
      return rewriter.notifyMatchFailure(
          op, "grouped conv2d needs static weight channel sizes");
    rewriter.replaceOp(op,
                       castTo(rewriter, op.getLoc(), *result, op.getType()));
    return success();
  }
};

/// graph.conv_transpose2d as a regular convolution (stride 1) of the
/// dilated, padded input with the flipped kernel:
/// - the input is inserted with the strides into a zero tensor
///   (tensor.insert_slice) of size (in - 1) * s + 1 + low + high at offset
///   low, where low = (k - 1) * d - pad_begin and
///   high = (k - 1) * d - pad_end + output_padding;
/// - the (C_in, C_out / g, kh, kw) weight (NHWC: (C_in, kh, kw, C_out / g))
///   is regrouped and spatially flipped by a linalg.generic with reversed
///   maps into the OIHW (OHWI) weight of the grouped convolution;
/// - the convolution (see buildConv) uses the dilations, accumulating into
///   the bias broadcast (or zeros).
/// out[y] = sum in[x] w[i] over y = x * s - pad_begin + i * d is the same
/// sum as the convolution of the zero-inserted input at y + j * d with
/// w[k - 1 - j]. A negative low or high (pads beyond the dilated kernel
/// extent) crops the zero-inserted input with tensor.extract_slice. Needs a
/// static weight (the flip maps use the kernel sizes).
struct ConvTranspose2DOpLowering
    : OpConversionPattern<graph::ConvTranspose2DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::ConvTranspose2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    ArrayRef<int64_t> strides = op.getStrides(), pads = op.getPads(),
                      dilations = op.getDilations(),
                      outputPadding = op.getOutputPadding();
    int64_t groups = static_cast<int64_t>(op.getGroups());
    auto weightType = cast<RankedTensorType>(weight.getType());
    if (!hasWindowSizes(strides, pads, dilations) || groups < 1 ||
        outputPadding.size() != 2 ||
        cast<RankedTensorType>(input.getType()).getRank() != 4 ||
        weightType.getRank() != 4)
      return rewriter.notifyMatchFailure(
          op, "invalid conv_transpose2d configuration");
    if (!weightType.hasStaticShape())
      return rewriter.notifyMatchFailure(
          op, "conv_transpose2d needs a static weight shape");
    bool nhwc = op.getLayout() == graph::Layout::NHWC;
    ArrayRef<int64_t> wShape = weightType.getShape();
    int64_t inChannels = wShape[0];
    int64_t groupOut = nhwc ? wShape[3] : wShape[1];
    int64_t kernel[2] = {nhwc ? wShape[1] : wShape[2],
                         nhwc ? wShape[2] : wShape[3]};
    if (inChannels % groups != 0)
      return rewriter.notifyMatchFailure(op, "channels do not match groups");
    int64_t groupIn = inChannels / groups;
    checkConvTransposeChannels(rewriter, op.getLoc(), "graph.conv_transpose2d",
                               input, adaptor.getBias(), nhwc ? 3 : 1,
                               inChannels, groupOut * groups);
    int64_t low[2], high[2];
    for (unsigned d = 0; d < 2; ++d) {
      int64_t extent = (kernel[d] - 1) * dilations[d];
      low[d] = extent - pads[d];
      high[d] = extent - pads[d + 2] + outputPadding[d];
    }
    Type elementType = op.getType().getElementType();
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    MLIRContext *context = rewriter.getContext();
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);

    // The zero-inserted, padded input.
    SmallVector<OpFoldResult> inSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> dilatedSizes = inSizes, croppedSizes = inSizes;
    SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> cropOffsets(4, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> insertStrides(4, rewriter.getIndexAttr(1));
    for (auto [d, dim] : llvm::enumerate(spatialDims(nhwc))) {
      OpFoldResult size = mulIndex(
          rewriter, loc, addIndex(rewriter, loc, inSizes[dim], -1), strides[d]);
      dilatedSizes[dim] = addIndex(rewriter, loc, size,
                                   1 + std::max<int64_t>(low[d], 0) +
                                       std::max<int64_t>(high[d], 0));
      croppedSizes[dim] = addIndex(rewriter, loc, size, 1 + low[d] + high[d]);
      offsets[dim] = rewriter.getIndexAttr(std::max<int64_t>(low[d], 0));
      cropOffsets[dim] = rewriter.getIndexAttr(std::max<int64_t>(-low[d], 0));
      insertStrides[dim] = rewriter.getIndexAttr(strides[d]);
      if (getConstantIntValue(croppedSizes[dim]).value_or(1) < 1)
        return rewriter.notifyMatchFailure(op, "empty transposed conv input");
    }
    Value zeros =
        createFill(rewriter, loc, zero,
                   createEmpty(rewriter, loc, dilatedSizes, elementType));
    Value dilated =
        tensor::InsertSliceOp::create(rewriter, loc, input, zeros, offsets,
                                      inSizes, insertStrides)
            .getResult();
    // Negative pads (pads beyond the dilated kernel extent) crop.
    if (llvm::any_of(ArrayRef(low), [](int64_t p) { return p < 0; }) ||
        llvm::any_of(ArrayRef(high), [](int64_t p) { return p < 0; }))
      dilated = tensor::ExtractSliceOp::create(
                    rewriter, loc, dilated, cropOffsets, croppedSizes,
                    SmallVector<OpFoldResult>(4, rewriter.getIndexAttr(1)))
                    .getResult();

    // The regrouped, flipped weight. Loops (g, f, c, h, w) for NCHW, read
    // from (g, c, f, kh - 1 - h, kw - 1 - w); (g, f, h, w, c) for NHWC, read
    // from (g, c, kh - 1 - h, kw - 1 - w, f).
    SmallVector<OpFoldResult> expandedSizes = {rewriter.getIndexAttr(groups),
                                               rewriter.getIndexAttr(groupIn)};
    for (int64_t size : wShape.drop_front())
      expandedSizes.push_back(rewriter.getIndexAttr(size));
    Value expandedWeight =
        expandTo(rewriter, loc, weight, {{0, 1}, {2}, {3}, {4}}, expandedSizes);
    auto dim = [&](unsigned i) { return getAffineDimExpr(i, context); };
    auto flip = [&](unsigned i, int64_t size) {
      return getAffineConstantExpr(size - 1, context) - dim(i);
    };
    SmallVector<AffineExpr> readExprs;
    SmallVector<int64_t> flippedShape;
    if (nhwc) {
      readExprs = {dim(0), dim(4), flip(2, kernel[0]), flip(3, kernel[1]),
                   dim(1)};
      flippedShape = {groups, groupOut, kernel[0], kernel[1], groupIn};
    } else {
      readExprs = {dim(0), dim(2), dim(1), flip(3, kernel[0]),
                   flip(4, kernel[1])};
      flippedShape = {groups, groupOut, groupIn, kernel[0], kernel[1]};
    }
    SmallVector<AffineMap> flipMaps = {
        AffineMap::get(5, 0, readExprs, context),
        AffineMap::getMultiDimIdentityMap(5, context)};
    Value flippedInit =
        tensor::EmptyOp::create(rewriter, loc, flippedShape, elementType);
    Value flipped = linalg::GenericOp::create(
                        rewriter, loc, flippedInit.getType(), expandedWeight,
                        flippedInit, flipMaps, getIterators(5),
                        [](OpBuilder &b, Location loc, ValueRange args) {
                          linalg::YieldOp::create(b, loc, args[0]);
                        })
                        .getResult(0);
    Value convWeight =
        collapse(rewriter, loc, flipped, {{0, 1}, {2}, {3}, {4}});

    Value init = createConvInit(rewriter, loc, *empty, adaptor.getBias(), nhwc);
    FailureOr<Value> result =
        buildConv(rewriter, loc, dilated, convWeight, init, groups,
                  ArrayRef<int64_t>{1, 1}, dilations, nhwc);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "cannot build the convolution");
    rewriter.replaceOp(op,
                       castTo(rewriter, op.getLoc(), *result, op.getType()));
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

/// The end pads of a pooling over the spatial dims `dims` of `input`
/// (`pads` is [begins..., ends...]): the attribute's, plus with `ceil_mode`
/// what the last window of the result needs beyond them:
/// max(0, (out - 1) * s + (k - 1) * d + 1 - (in + pad_begin + pad_end)).
static SmallVector<OpFoldResult>
getPoolEndPads(OpBuilder &b, Location loc, Value input, Value result,
               ArrayRef<int64_t> dims, ArrayRef<int64_t> kernel,
               ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
               ArrayRef<int64_t> dilations, bool ceilMode) {
  size_t n = dims.size();
  SmallVector<OpFoldResult> high;
  for (int64_t pad : pads.drop_front(n))
    high.push_back(b.getIndexAttr(pad));
  if (!ceilMode)
    return high;
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> outSizes = tensor::getMixedSizes(b, loc, result);
  for (auto [d, dim] : llvm::enumerate(dims)) {
    // needed - have = out * s + (k - 1) * d + 1 - s - pad_begin - pad_end
    //                 - in
    OpFoldResult needed =
        addIndex(b, loc, mulIndex(b, loc, outSizes[dim], strides[d]),
                 (kernel[d] - 1) * dilations[d] + 1 - strides[d] - pads[d] -
                     pads[d + n]);
    OpFoldResult missing = foldIndex(
        b, loc, needed, mulIndex(b, loc, inSizes[dim], -1), /*multiply=*/false);
    if (std::optional<int64_t> constant = getConstantIntValue(missing)) {
      high[d] = b.getIndexAttr(pads[d + n] + std::max<int64_t>(*constant, 0));
      continue;
    }
    Value clamped =
        arith::MaxSIOp::create(b, loc, cast<Value>(missing),
                               arith::ConstantIndexOp::create(b, loc, 0));
    high[d] = addIndex(b, loc, clamped, pads[d + n]);
  }
  return high;
}

/// The number of cells of an undilated pooling window starting at `start`
/// (index) along a dim of `inSize` elements that the average divides by:
/// those inside [-pad_begin, in + pad_end) with `countIncludePad`, else
/// inside [0, in).
static Value countWindowCells(OpBuilder &b, Location loc, Value start,
                              Value inSize, int64_t kernel, int64_t padEnd,
                              bool countIncludePad) {
  auto cst = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  Value stop = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, start, cst(kernel)),
      arith::AddIOp::create(b, loc, inSize, cst(padEnd)));
  if (countIncludePad)
    return arith::SubIOp::create(b, loc, stop, start);
  return arith::SubIOp::create(b, loc,
                               arith::MinSIOp::create(b, loc, stop, inSize),
                               arith::MaxSIOp::create(b, loc, start, cst(0)));
}

/// As countWindowCells for a window of `kernel` taps `dilation` > 1 apart:
/// the taps start + j * dilation in the same ranges.
static Value countDilatedTaps(OpBuilder &b, Location loc, Value start,
                              Value inSize, int64_t kernel, int64_t dilation,
                              int64_t padEnd, bool countIncludePad) {
  auto cst = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  // One past the last tap at or before the last counted position `end`:
  // (end - start) / d + 1, at most the kernel size.
  Value end = arith::AddIOp::create(b, loc, inSize,
                                    cst(countIncludePad ? padEnd - 1 : -1));
  Value last = arith::MinSIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc,
          arith::DivUIOp::create(
              b, loc, arith::SubIOp::create(b, loc, end, start), cst(dilation)),
          cst(1)),
      cst(kernel));
  if (countIncludePad)
    return last;
  // The first tap at or after 0: ceil(max(0, -start) / d).
  Value before = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, cst(0), start), cst(0));
  Value first = arith::DivUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, before, cst(dilation - 1)),
      cst(dilation));
  return arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, last, first), cst(0));
}

/// Divides the window sums `sum` of an average pooling over the spatial
/// dims `dims` of `input` (in place, one linalg.generic) by the window
/// count: the kernel volume when every window is whole (count_include_pad
/// or no pads, and no ceil_mode); otherwise per output position from
/// linalg.index, as in the evaluator: the taps of the window starting at
/// start = o * s - pad_begin that lie in the padded input
/// [-pad_begin, in + pad_end) with count_include_pad, else in [0, in).
/// Without dilation the count along a dim is stop - start with
/// count_include_pad, else min(stop, in) - max(start, 0), where
/// stop = min(start + k, in + pad_end). With dilation d it is
/// min(k, (in + pad_end - 1 - start) / d + 1) with count_include_pad, else
/// max(0, min(k, (in - 1 - start) / d + 1) - ceil(max(0, -start) / d)): the
/// divisions have non-negative operands since every window starts before
/// the input's end (start < in).
static Value divideByWindowCount(OpBuilder &rewriter, Location loc, Value input,
                                 Value sum, ArrayRef<int64_t> dims,
                                 ArrayRef<int64_t> kernel,
                                 ArrayRef<int64_t> strides,
                                 ArrayRef<int64_t> pads,
                                 ArrayRef<int64_t> dilations, bool ceilMode,
                                 bool countIncludePad) {
  size_t n = dims.size();
  auto sumType = cast<RankedTensorType>(sum.getType());
  Type elementType = sumType.getElementType();
  unsigned rank = sumType.getRank();
  bool whole =
      !ceilMode &&
      (countIncludePad || llvm::all_of(pads, [](int64_t p) { return p == 0; }));
  SmallVector<Value> inSizes;
  if (!whole)
    for (int64_t dim : dims)
      inSizes.push_back(getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, input, dim)));
  int64_t volume = 1;
  for (int64_t k : kernel)
    volume *= k;
  MLIRContext *context = rewriter.getContext();
  return linalg::GenericOp::create(
             rewriter, loc, sum.getType(), ValueRange{}, sum,
             AffineMap::getMultiDimIdentityMap(rank, context),
             getIterators(rank),
             [&](OpBuilder &b, Location loc, ValueRange args) {
               Value count;
               if (whole) {
                 count = createScalarConstant(b, loc, elementType,
                                              static_cast<double>(volume));
               } else {
                 auto cst = [&](int64_t value) -> Value {
                   return arith::ConstantIndexOp::create(b, loc, value);
                 };
                 Value product;
                 for (unsigned d = 0; d < n; ++d) {
                   Value index = linalg::IndexOp::create(b, loc, dims[d]);
                   Value start = arith::SubIOp::create(
                       b, loc,
                       arith::MulIOp::create(b, loc, index, cst(strides[d])),
                       cst(pads[d]));
                   Value size =
                       dilations[d] == 1
                           ? countWindowCells(b, loc, start, inSizes[d],
                                              kernel[d], pads[d + n],
                                              countIncludePad)
                           : countDilatedTaps(b, loc, start, inSizes[d],
                                              kernel[d], dilations[d],
                                              pads[d + n], countIncludePad);
                   product = product
                                 ? arith::MulIOp::create(b, loc, product, size)
                                       .getResult()
                                 : size;
                 }
                 Value asInt = arith::IndexCastOp::create(
                     b, loc, b.getI64Type(), product);
                 count = arith::SIToFPOp::create(b, loc, elementType, asInt);
               }
               linalg::YieldOp::create(
                   b, loc,
                   arith::DivFOp::create(b, loc, args[0], count).getResult());
             })
      .getResult(0);
}

/// A pooling window over the spatial dims `dims` of the padded `input`
/// into `init` (same rank): a linalg.generic over the result dims followed
/// by one tap loop per spatial dim, reading input[..., o * s + t * d, ...]
/// and a tensor.empty of the kernel shape that only gives the tap loops
/// their sizes (as the named pooling ops do), combining each tap into the
/// accumulator with `combine`. For NCDHW: loops (n, c, od, oh, ow, kd, kh,
/// kw).
static Value buildPoolWindow(
    OpBuilder &b, Location loc, Value input, Value init, ArrayRef<int64_t> dims,
    ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
    ArrayRef<int64_t> dilations,
    function_ref<Value(OpBuilder &, Location, Value, Value)> combine) {
  MLIRContext *context = b.getContext();
  auto initType = cast<RankedTensorType>(init.getType());
  unsigned rank = initType.getRank(), numLoops = rank + dims.size();
  Value window =
      tensor::EmptyOp::create(b, loc, kernel, initType.getElementType());
  SmallVector<AffineExpr> inputExprs;
  for (unsigned d = 0; d < rank; ++d)
    inputExprs.push_back(getAffineDimExpr(d, context));
  SmallVector<unsigned> tapLoops, resultLoops;
  for (auto [i, dim] : llvm::enumerate(dims)) {
    tapLoops.push_back(rank + i);
    inputExprs[dim] =
        getWindowExpr(context, dim, rank + i, strides[i], dilations[i]);
  }
  for (unsigned d = 0; d < rank; ++d)
    resultLoops.push_back(d);
  SmallVector<AffineMap> maps = {
      AffineMap::get(numLoops, 0, inputExprs, context),
      getSelectMap(context, numLoops, tapLoops),
      getSelectMap(context, numLoops, resultLoops)};
  return linalg::GenericOp::create(
             b, loc, initType, ValueRange{input, window}, init, maps,
             getIterators(numLoops, tapLoops),
             [&](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(b, loc,
                                       combine(b, loc, args[2], args[0]));
             })
      .getResult(0);
}

/// The maximum of `acc` and `value`: arith.maximumf for floats (NaN
/// propagating, as the evaluator), maxui for unsigned integers (the
/// unsigned mark of eraseUnsignedIntegers), maxsi for the other ones.
static Value createMax(OpBuilder &b, Location loc, Value acc, Value value,
                       bool isUnsigned) {
  if (isa<FloatType>(acc.getType()))
    return arith::MaximumFOp::create(b, loc, acc, value);
  if (isUnsigned)
    return arith::MaxUIOp::create(b, loc, acc, value);
  return arith::MaxSIOp::create(b, loc, acc, value);
}

/// Checks the pooling attributes.
static bool hasPoolSizes(ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                         ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations) {
  return kernel.size() == 2 &&
         llvm::all_of(kernel, [](int64_t k) { return k >= 1; }) &&
         hasWindowSizes(strides, pads, dilations);
}

namespace {
/// graph.max_pool2d: tensor.pad with the lowest value of the element type
/// (-inf for floats, so padding never wins; with ceil_mode the end is
/// padded further so the last window exists), then
/// linalg.pooling_nchw_max / pooling_nhwc_max into a result filled with it.
/// Their max is arith.maximumf for floats, which propagates NaN like the
/// evaluator, and maxsi for integers; unsigned integers, which no NCHW
/// named op orders, take the window generic of buildPoolWindow with maxui.
struct MaxPool2DOpLowering : OpConversionPattern<graph::MaxPool2DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MaxPool2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> kernel = op.getKernelShape(), strides = op.getStrides(),
                      pads = op.getPads(), dilations = op.getDilations();
    if (!hasPoolSizes(kernel, strides, pads, dilations) ||
        cast<RankedTensorType>(input.getType()).getRank() != 4)
      return rewriter.notifyMatchFailure(op, "invalid max_pool2d attributes");
    bool nhwc = op.getLayout() == graph::Layout::NHWC;
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    Type elementType = op.getType().getElementType();
    checkWindowsFit(rewriter, loc, "graph.max_pool2d", input, spatialDims(nhwc),
                    getIndexAttrs(rewriter, kernel), pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value lowest = arith::ConstantOp::create(
        rewriter, loc, getLowestValue(elementType, isUnsigned));
    SmallVector<OpFoldResult> high =
        getPoolEndPads(rewriter, loc, input, *empty, spatialDims(nhwc), kernel,
                       strides, pads, dilations, op.getCeilMode());
    Value padded = padImage(
        rewriter, loc, input, nhwc,
        {rewriter.getIndexAttr(pads[0]), rewriter.getIndexAttr(pads[1])}, high,
        lowest);
    Value init = createFill(rewriter, loc, lowest, *empty);
    if (isUnsigned) {
      Value result = buildPoolWindow(
          rewriter, loc, padded, init, spatialDims(nhwc), kernel, strides,
          dilations, [](OpBuilder &b, Location loc, Value acc, Value value) {
            return createMax(b, loc, acc, value, /*isUnsigned=*/true);
          });
      rewriter.replaceOp(op,
                         castTo(rewriter, op.getLoc(), result, op.getType()));
      return success();
    }
    Value window = tensor::EmptyOp::create(rewriter, loc, kernel, elementType);
    Attribute stridesAttr = rewriter.getI64VectorAttr(strides);
    Attribute dilationsAttr = rewriter.getI64VectorAttr(dilations);
    Value result;
    if (nhwc)
      result = linalg::PoolingNhwcMaxOp::create(
                   rewriter, loc, init.getType(), ValueRange{padded, window},
                   init, stridesAttr, dilationsAttr)
                   .getResult(0);
    else
      result = linalg::PoolingNchwMaxOp::create(
                   rewriter, loc, init.getType(), ValueRange{padded, window},
                   init, stridesAttr, dilationsAttr)
                   .getResult(0);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};

/// graph.avg_pool2d: tensor.pad with zeros (further at the end with
/// ceil_mode), linalg.pooling_nchw_sum / pooling_nhwc_sum into zeros, then
/// the division by the window count (see divideByWindowCount).
struct AvgPool2DOpLowering : OpConversionPattern<graph::AvgPool2DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::AvgPool2DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> kernel = op.getKernelShape(), strides = op.getStrides(),
                      pads = op.getPads(), dilations = op.getDilations();
    if (!hasPoolSizes(kernel, strides, pads, dilations) ||
        cast<RankedTensorType>(input.getType()).getRank() != 4)
      return rewriter.notifyMatchFailure(op, "invalid avg_pool2d attributes");
    bool nhwc = op.getLayout() == graph::Layout::NHWC;
    bool ceilMode = op.getCeilMode(), countIncludePad = op.getCountIncludePad();
    Type elementType = op.getType().getElementType();
    checkWindowsFit(rewriter, loc, "graph.avg_pool2d", input, spatialDims(nhwc),
                    getIndexAttrs(rewriter, kernel), pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    SmallVector<OpFoldResult> high =
        getPoolEndPads(rewriter, loc, input, *empty, spatialDims(nhwc), kernel,
                       strides, pads, dilations, ceilMode);
    Value padded = padImage(
        rewriter, loc, input, nhwc,
        {rewriter.getIndexAttr(pads[0]), rewriter.getIndexAttr(pads[1])}, high,
        zero);
    Value init = createFill(rewriter, loc, zero, *empty);
    Value window = tensor::EmptyOp::create(rewriter, loc, kernel, elementType);
    Attribute stridesAttr = rewriter.getI64VectorAttr(strides);
    Attribute dilationsAttr = rewriter.getI64VectorAttr(dilations);
    Value sum;
    if (nhwc)
      sum = linalg::PoolingNhwcSumOp::create(rewriter, loc, init.getType(),
                                             ValueRange{padded, window}, init,
                                             stridesAttr, dilationsAttr)
                .getResult(0);
    else
      sum = linalg::PoolingNchwSumOp::create(rewriter, loc, init.getType(),
                                             ValueRange{padded, window}, init,
                                             stridesAttr, dilationsAttr)
                .getResult(0);

    Value result = divideByWindowCount(rewriter, loc, input, sum,
                                       spatialDims(nhwc), kernel, strides, pads,
                                       dilations, ceilMode, countIncludePad);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};

/// graph.global_avg_pool / global_max_pool: a linalg.generic reducing the
/// spatial dims (all but the batch and the channel) into an (N, C)
/// accumulator (zeros with addf, or -inf with maximumf, which propagates
/// NaN), for the mean an in-place division by their element count, then
/// tensor.expand_shape to the result: (N, C, 1, ...) channels first,
/// (N, 1, ..., C) channels last.
template <typename OpTy, bool isMax>
struct GlobalPoolOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    unsigned rank = cast<RankedTensorType>(input.getType()).getRank();
    if (rank < 3)
      return rewriter.notifyMatchFailure(
          op, "global pooling needs rank >= 3 input");
    bool nhwc = op.getLayout() == graph::Layout::NHWC;
    Type elementType = op.getType().getElementType();
    MLIRContext *context = rewriter.getContext();
    unsigned c = nhwc ? rank - 1 : 1;
    SmallVector<unsigned> dims;
    for (unsigned dim = 1; dim < rank; ++dim)
      if (dim != c)
        dims.push_back(dim);
    SmallVector<OpFoldResult> inSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value identity =
        isMax ? arith::ConstantOp::create(rewriter, loc,
                                          getLowestValue(elementType))
                    .getResult()
              : createScalarConstant(rewriter, loc, elementType, 0.0);
    Value init = createFill(
        rewriter, loc, identity,
        createEmpty(rewriter, loc, {inSizes[0], inSizes[c]}, elementType));
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(rank, context),
        getSelectMap(context, rank, {0, c})};
    Value reduced =
        linalg::GenericOp::create(
            rewriter, loc, init.getType(), input, init, maps,
            getIterators(rank, dims),
            [](OpBuilder &b, Location loc, ValueRange args) {
              Value value =
                  isMax ? arith::MaximumFOp::create(b, loc, args[0], args[1])
                              .getResult()
                        : arith::AddFOp::create(b, loc, args[0], args[1])
                              .getResult();
              linalg::YieldOp::create(b, loc, value);
            })
            .getResult(0);
    if (!isMax) {
      SmallVector<int64_t> countDims(dims.begin(), dims.end());
      Value count =
          getCountAsFloat(rewriter, loc, input, countDims, elementType);
      reduced =
          linalg::GenericOp::create(
              rewriter, loc, reduced.getType(), ValueRange{}, reduced,
              AffineMap::getMultiDimIdentityMap(2, context), getIterators(2),
              [&](OpBuilder &b, Location loc, ValueRange args) {
                linalg::YieldOp::create(
                    b, loc,
                    arith::DivFOp::create(b, loc, args[0], count).getResult());
              })
              .getResult(0);
    }
    // The batch dim joins the spatial dims before the channel, the channel
    // those after it.
    SmallVector<OpFoldResult> sizes(rank, rewriter.getIndexAttr(1));
    sizes[0] = inSizes[0];
    sizes[c] = inSizes[c];
    SmallVector<ReassociationIndices> reassociation(2);
    for (unsigned dim = 0; dim < rank; ++dim)
      reassociation[dim < c ? 0 : 1].push_back(dim);
    Value result = expandTo(rewriter, loc, reduced, reassociation, sizes);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// 3-D convolutions and pooling
//===----------------------------------------------------------------------===//

// The 3-D ops are NCDHW (OIDHW / IODHW weights). Upstream linalg has
// conv_3d_ncdhw_fcdhw and depthwise_conv_3d_ncdhw_cdhw, but no grouped 3-D
// convolution and no NCDHW pooling (only pooling_ndhwc_*): those are
// linalg.generic ops with the same window maps as the named ops, which the
// CPU pipeline tiles like them (see hasTileableIndexingMaps).

/// The spatial dims of an NCDHW tensor.
static constexpr int64_t kVolumeDims[] = {2, 3, 4};

/// Checks the [d, h, w] / [begins, ends] window attributes of a 3-D op.
static bool hasVolumeWindowSizes(ArrayRef<int64_t> strides,
                                 ArrayRef<int64_t> pads,
                                 ArrayRef<int64_t> dilations) {
  return strides.size() == 3 && pads.size() == 6 && dilations.size() == 3 &&
         llvm::all_of(strides, [](int64_t s) { return s >= 1; }) &&
         llvm::all_of(dilations, [](int64_t d) { return d >= 1; }) &&
         llvm::all_of(pads, [](int64_t p) { return p >= 0; });
}

/// Pads the spatial dims of a 5-D NCDHW tensor by `low` / `high` (one per
/// spatial dim) with `padValue`.
static Value padVolume(OpBuilder &b, Location loc, Value image,
                       ArrayRef<OpFoldResult> low3,
                       ArrayRef<OpFoldResult> high3, Value padValue) {
  SmallVector<OpFoldResult> low(5, b.getIndexAttr(0)),
      high(5, b.getIndexAttr(0));
  for (auto [i, dim] : llvm::enumerate(kVolumeDims)) {
    low[dim] = low3[i];
    high[dim] = high3[i];
  }
  return padTensor(b, loc, image, low, high, padValue);
}

/// The begin (i = 0) or end (i = 1) pads of a 3-D op as index attributes.
static SmallVector<OpFoldResult>
getVolumePads(OpBuilder &b, ArrayRef<int64_t> pads, unsigned i) {
  return {b.getIndexAttr(pads[3 * i]), b.getIndexAttr(pads[3 * i + 1]),
          b.getIndexAttr(pads[3 * i + 2])};
}

/// A 3-D convolution of the (already padded) NCDHW `input` with the OIDHW
/// `weight` (O = all output channels, I = channels per group) accumulating
/// into `init`:
/// - one group: linalg.conv_3d_ncdhw_fcdhw;
/// - depthwise (I = 1, O = groups): the weight collapsed to (C, kd, kh, kw),
///   linalg.depthwise_conv_3d_ncdhw_cdhw;
/// - other groups: input, weight and init expanded with a group dim (N, G,
///   C/G, D, H, W), (G, O/G, C/G, kd, kh, kw), (N, G, O/G, OD, OH, OW) and
///   one linalg.generic over (n, g, f, od, oh, ow, c, kd, kh, kw), the map
///   of conv_2d_ngchw_gfchw in 3-D; the result is collapsed back. Needs
///   static weight channel sizes.
static FailureOr<Value> buildConv3D(OpBuilder &b, Location loc, Value input,
                                    Value weight, Value init, int64_t groups,
                                    ArrayRef<int64_t> strides,
                                    ArrayRef<int64_t> dilations) {
  Attribute stridesAttr = b.getI64VectorAttr(strides);
  Attribute dilationsAttr = b.getI64VectorAttr(dilations);
  Type initType = init.getType();
  if (groups == 1)
    return linalg::Conv3DNcdhwFcdhwOp::create(b, loc, initType,
                                              ValueRange{input, weight}, init,
                                              stridesAttr, dilationsAttr)
        .getResult(0);
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t outChannels = weightType.getDimSize(0);
  int64_t groupIn = weightType.getDimSize(1);
  if (ShapedType::isDynamic(outChannels) || ShapedType::isDynamic(groupIn) ||
      outChannels % groups != 0)
    return failure();
  if (groupIn == 1 && outChannels == groups) {
    Value filter = collapse(b, loc, weight, {{0, 1}, {2}, {3}, {4}});
    return linalg::DepthwiseConv3DNcdhwCdhwOp::create(
               b, loc, initType, ValueRange{input, filter}, init, stridesAttr,
               dilationsAttr)
        .getResult(0);
  }

  // General groups. The channel dims are made static for the expansion.
  auto withStaticChannels = [&](Value image, int64_t channels) -> Value {
    auto type = cast<RankedTensorType>(image.getType());
    if (!type.isDynamicDim(1))
      return image;
    SmallVector<int64_t> shape(type.getShape());
    shape[1] = channels;
    return tensor::CastOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), image);
  };
  input = withStaticChannels(input, groups * groupIn);
  init = withStaticChannels(init, outChannels);
  OpFoldResult groupsSize = b.getIndexAttr(groups);
  auto split = [&](Value value, int64_t inner) {
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
    SmallVector<OpFoldResult> result = {sizes[0], groupsSize,
                                        b.getIndexAttr(inner)};
    llvm::append_range(result, ArrayRef(sizes).drop_front(2));
    return result;
  };
  SmallVector<ReassociationIndices> imageReassociation = {
      {0}, {1, 2}, {3}, {4}, {5}};
  Value groupedInput =
      expandTo(b, loc, input, imageReassociation, split(input, groupIn));
  Value groupedInit = expandTo(b, loc, init, imageReassociation,
                               split(init, outChannels / groups));
  SmallVector<OpFoldResult> weightSizes = {
      groupsSize, b.getIndexAttr(outChannels / groups)};
  llvm::append_range(
      weightSizes,
      ArrayRef(tensor::getMixedSizes(b, loc, weight)).drop_front());
  Value groupedWeight =
      expandTo(b, loc, weight, {{0, 1}, {2}, {3}, {4}, {5}}, weightSizes);
  // Loops (n, g, f, od, oh, ow, c, kd, kh, kw).
  MLIRContext *context = b.getContext();
  auto dim = [&](unsigned i) { return getAffineDimExpr(i, context); };
  SmallVector<AffineExpr> inputExprs = {dim(0), dim(1), dim(6)};
  for (unsigned i = 0; i < 3; ++i)
    inputExprs.push_back(
        getWindowExpr(context, 3 + i, 7 + i, strides[i], dilations[i]));
  SmallVector<AffineMap> maps = {AffineMap::get(10, 0, inputExprs, context),
                                 getSelectMap(context, 10, {1, 2, 6, 7, 8, 9}),
                                 getSelectMap(context, 10, {0, 1, 2, 3, 4, 5})};
  Value result =
      createMultiplyAddGeneric(b, loc, groupedInput, groupedWeight, groupedInit,
                               maps, getIterators(10, {6, 7, 8, 9}));
  return collapse(b, loc, result, imageReassociation);
}

namespace {
/// graph.conv3d: tensor.pad (zeros) of the input, then the convolution of
/// buildConv3D, accumulating into the bias broadcast over the result (or
/// zeros).
struct Conv3DOpLowering : OpConversionPattern<graph::Conv3DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::Conv3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    ArrayRef<int64_t> strides = op.getStrides(), pads = op.getPads(),
                      dilations = op.getDilations();
    int64_t groups = static_cast<int64_t>(op.getGroups());
    if (!hasVolumeWindowSizes(strides, pads, dilations) || groups < 1 ||
        cast<RankedTensorType>(input.getType()).getRank() != 5 ||
        cast<RankedTensorType>(weight.getType()).getRank() != 5)
      return rewriter.notifyMatchFailure(op, "invalid conv3d configuration");
    checkConvChannels(rewriter, loc, "graph.conv3d", input, weight,
                      adaptor.getBias(), 1, groups);
    Type elementType = op.getType().getElementType();
    checkWindowsFit(rewriter, loc, "graph.conv3d", input, {2, 3, 4},
                    {strata::detail::getSizeForCheck(rewriter, loc, weight, 2),
                     strata::detail::getSizeForCheck(rewriter, loc, weight, 3),
                     strata::detail::getSizeForCheck(rewriter, loc, weight, 4)},
                    pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    Value padded =
        padVolume(rewriter, loc, input, getVolumePads(rewriter, pads, 0),
                  getVolumePads(rewriter, pads, 1), zero);
    Value init = createConvInit(rewriter, loc, *empty, adaptor.getBias(),
                                /*nhwc=*/false);
    FailureOr<Value> result = buildConv3D(rewriter, loc, padded, weight, init,
                                          groups, strides, dilations);
    if (failed(result))
      return rewriter.notifyMatchFailure(
          op, "grouped conv3d needs static weight channel sizes");
    rewriter.replaceOp(op,
                       castTo(rewriter, op.getLoc(), *result, op.getType()));
    return success();
  }
};

/// graph.conv_transpose3d as graph.conv_transpose2d in 3-D: a stride-1
/// convolution (buildConv3D) of the zero-inserted, padded (or cropped)
/// input with the regrouped, flipped weight. Needs a static weight.
struct ConvTranspose3DOpLowering
    : OpConversionPattern<graph::ConvTranspose3DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::ConvTranspose3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    ArrayRef<int64_t> strides = op.getStrides(), pads = op.getPads(),
                      dilations = op.getDilations(),
                      outputPadding = op.getOutputPadding();
    int64_t groups = static_cast<int64_t>(op.getGroups());
    auto weightType = cast<RankedTensorType>(weight.getType());
    if (!hasVolumeWindowSizes(strides, pads, dilations) || groups < 1 ||
        outputPadding.size() != 3 ||
        cast<RankedTensorType>(input.getType()).getRank() != 5 ||
        weightType.getRank() != 5)
      return rewriter.notifyMatchFailure(
          op, "invalid conv_transpose3d configuration");
    if (!weightType.hasStaticShape())
      return rewriter.notifyMatchFailure(
          op, "conv_transpose3d needs a static weight shape");
    ArrayRef<int64_t> wShape = weightType.getShape();
    int64_t inChannels = wShape[0], groupOut = wShape[1];
    ArrayRef<int64_t> kernel = wShape.drop_front(2);
    if (inChannels % groups != 0)
      return rewriter.notifyMatchFailure(op, "channels do not match groups");
    int64_t groupIn = inChannels / groups;
    checkConvTransposeChannels(rewriter, op.getLoc(), "graph.conv_transpose3d",
                               input, adaptor.getBias(), /*channelDim=*/1,
                               inChannels, groupOut * groups);
    int64_t low[3], high[3];
    for (unsigned d = 0; d < 3; ++d) {
      int64_t extent = (kernel[d] - 1) * dilations[d];
      low[d] = extent - pads[d];
      high[d] = extent - pads[d + 3] + outputPadding[d];
    }
    Type elementType = op.getType().getElementType();
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    MLIRContext *context = rewriter.getContext();
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);

    // The zero-inserted, padded input.
    SmallVector<OpFoldResult> inSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> dilatedSizes = inSizes, croppedSizes = inSizes;
    SmallVector<OpFoldResult> offsets(5, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> cropOffsets(5, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> insertStrides(5, rewriter.getIndexAttr(1));
    for (auto [d, dim] : llvm::enumerate(kVolumeDims)) {
      OpFoldResult size = mulIndex(
          rewriter, loc, addIndex(rewriter, loc, inSizes[dim], -1), strides[d]);
      dilatedSizes[dim] = addIndex(rewriter, loc, size,
                                   1 + std::max<int64_t>(low[d], 0) +
                                       std::max<int64_t>(high[d], 0));
      croppedSizes[dim] = addIndex(rewriter, loc, size, 1 + low[d] + high[d]);
      offsets[dim] = rewriter.getIndexAttr(std::max<int64_t>(low[d], 0));
      cropOffsets[dim] = rewriter.getIndexAttr(std::max<int64_t>(-low[d], 0));
      insertStrides[dim] = rewriter.getIndexAttr(strides[d]);
      if (getConstantIntValue(croppedSizes[dim]).value_or(1) < 1)
        return rewriter.notifyMatchFailure(op, "empty transposed conv input");
    }
    Value zeros =
        createFill(rewriter, loc, zero,
                   createEmpty(rewriter, loc, dilatedSizes, elementType));
    Value dilated =
        tensor::InsertSliceOp::create(rewriter, loc, input, zeros, offsets,
                                      inSizes, insertStrides)
            .getResult();
    // Negative pads (pads beyond the dilated kernel extent) crop.
    if (llvm::any_of(ArrayRef(low), [](int64_t p) { return p < 0; }) ||
        llvm::any_of(ArrayRef(high), [](int64_t p) { return p < 0; }))
      dilated = tensor::ExtractSliceOp::create(
                    rewriter, loc, dilated, cropOffsets, croppedSizes,
                    SmallVector<OpFoldResult>(5, rewriter.getIndexAttr(1)))
                    .getResult();

    // The regrouped, flipped weight: loops (g, f, c, d, h, w) read from
    // (g, c, f, kd - 1 - d, kh - 1 - h, kw - 1 - w).
    SmallVector<OpFoldResult> expandedSizes = {rewriter.getIndexAttr(groups),
                                               rewriter.getIndexAttr(groupIn)};
    for (int64_t size : wShape.drop_front())
      expandedSizes.push_back(rewriter.getIndexAttr(size));
    Value expandedWeight = expandTo(
        rewriter, loc, weight, {{0, 1}, {2}, {3}, {4}, {5}}, expandedSizes);
    auto dim = [&](unsigned i) { return getAffineDimExpr(i, context); };
    SmallVector<AffineExpr> readExprs = {dim(0), dim(2), dim(1)};
    for (unsigned d = 0; d < 3; ++d)
      readExprs.push_back(getAffineConstantExpr(kernel[d] - 1, context) -
                          dim(3 + d));
    SmallVector<int64_t> flippedShape = {groups, groupOut, groupIn};
    llvm::append_range(flippedShape, kernel);
    SmallVector<AffineMap> flipMaps = {
        AffineMap::get(6, 0, readExprs, context),
        AffineMap::getMultiDimIdentityMap(6, context)};
    Value flippedInit =
        tensor::EmptyOp::create(rewriter, loc, flippedShape, elementType);
    Value flipped = linalg::GenericOp::create(
                        rewriter, loc, flippedInit.getType(), expandedWeight,
                        flippedInit, flipMaps, getIterators(6),
                        [](OpBuilder &b, Location loc, ValueRange args) {
                          linalg::YieldOp::create(b, loc, args[0]);
                        })
                        .getResult(0);
    Value convWeight =
        collapse(rewriter, loc, flipped, {{0, 1}, {2}, {3}, {4}, {5}});

    Value init = createConvInit(rewriter, loc, *empty, adaptor.getBias(),
                                /*nhwc=*/false);
    FailureOr<Value> result =
        buildConv3D(rewriter, loc, dilated, convWeight, init, groups,
                    ArrayRef<int64_t>{1, 1, 1}, dilations);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "cannot build the convolution");
    rewriter.replaceOp(op,
                       castTo(rewriter, op.getLoc(), *result, op.getType()));
    return success();
  }
};
} // namespace

/// Checks the attributes of a 3-D pooling.
static bool hasPool3DSizes(ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                           ArrayRef<int64_t> pads,
                           ArrayRef<int64_t> dilations) {
  return kernel.size() == 3 &&
         llvm::all_of(kernel, [](int64_t k) { return k >= 1; }) &&
         hasVolumeWindowSizes(strides, pads, dilations);
}

namespace {
/// graph.max_pool3d: tensor.pad with the lowest value of the element type
/// (further at the end with ceil_mode), then the window generic of
/// buildPoolWindow with the max of createMax into a result filled with it.
struct MaxPool3DOpLowering : OpConversionPattern<graph::MaxPool3DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::MaxPool3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> kernel = op.getKernelShape(), strides = op.getStrides(),
                      pads = op.getPads(), dilations = op.getDilations();
    if (!hasPool3DSizes(kernel, strides, pads, dilations) ||
        cast<RankedTensorType>(input.getType()).getRank() != 5)
      return rewriter.notifyMatchFailure(op, "invalid max_pool3d attributes");
    bool isUnsigned = op->hasAttr(strata::kUnsignedOperandsAttr);
    Type elementType = op.getType().getElementType();
    checkWindowsFit(rewriter, loc, "graph.max_pool3d", input, {2, 3, 4},
                    getIndexAttrs(rewriter, kernel), pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value lowest = arith::ConstantOp::create(
        rewriter, loc, getLowestValue(elementType, isUnsigned));
    SmallVector<OpFoldResult> high =
        getPoolEndPads(rewriter, loc, input, *empty, kVolumeDims, kernel,
                       strides, pads, dilations, op.getCeilMode());
    Value padded = padVolume(rewriter, loc, input,
                             getVolumePads(rewriter, pads, 0), high, lowest);
    Value init = createFill(rewriter, loc, lowest, *empty);
    Value result = buildPoolWindow(
        rewriter, loc, padded, init, kVolumeDims, kernel, strides, dilations,
        [&](OpBuilder &b, Location loc, Value acc, Value value) {
          return createMax(b, loc, acc, value, isUnsigned);
        });
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};

/// graph.avg_pool3d: tensor.pad with zeros (further at the end with
/// ceil_mode), the window sum of buildPoolWindow into zeros, then the
/// division by the window count of graph.avg_pool2d (see
/// divideByWindowCount).
struct AvgPool3DOpLowering : OpConversionPattern<graph::AvgPool3DOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::AvgPool3DOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> kernel = op.getKernelShape(), strides = op.getStrides(),
                      pads = op.getPads(), dilations = op.getDilations();
    if (!hasPool3DSizes(kernel, strides, pads, dilations) ||
        cast<RankedTensorType>(input.getType()).getRank() != 5)
      return rewriter.notifyMatchFailure(op, "invalid avg_pool3d attributes");
    Type elementType = op.getType().getElementType();
    checkWindowsFit(rewriter, loc, "graph.avg_pool3d", input, {2, 3, 4},
                    getIndexAttrs(rewriter, kernel), pads, dilations);
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    SmallVector<OpFoldResult> high =
        getPoolEndPads(rewriter, loc, input, *empty, kVolumeDims, kernel,
                       strides, pads, dilations, op.getCeilMode());
    Value padded = padVolume(rewriter, loc, input,
                             getVolumePads(rewriter, pads, 0), high, zero);
    Value init = createFill(rewriter, loc, zero, *empty);
    Value sum = buildPoolWindow(
        rewriter, loc, padded, init, kVolumeDims, kernel, strides, dilations,
        [](OpBuilder &b, Location loc, Value acc, Value value) -> Value {
          return arith::AddFOp::create(b, loc, acc, value);
        });
    Value result = divideByWindowCount(
        rewriter, loc, input, sum, kVolumeDims, kernel, strides, pads,
        dilations, op.getCeilMode(), op.getCountIncludePad());
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

namespace {
/// graph.batch_norm: one elementwise linalg.generic computing
/// scale * ((x - mean) / sqrt(var + epsilon)) + bias (the evaluator's
/// order), the four 1-D parameters mapped to the channel loop `axis`.
struct BatchNormOpLowering : OpConversionPattern<graph::BatchNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::BatchNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    FailureOr<int64_t> axis = graph::normalizeAxis(
        std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "axis out of range");
    // One parameter per channel, read with the channel index.
    for (auto [param, name] : {std::make_pair(adaptor.getScale(), "scale"),
                               std::make_pair(adaptor.getBias(), "bias"),
                               std::make_pair(adaptor.getMean(), "mean"),
                               std::make_pair(adaptor.getVar(), "variance")})
      strata::detail::checkDimsEqual(
          rewriter, loc, param, 0, input, *axis,
          "graph.batch_norm: the " + Twine(name) +
              " size differs from the input's channels");
    Type elementType = op.getType().getElementType();
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    MLIRContext *context = rewriter.getContext();
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap channel =
        getSelectMap(context, rank, {static_cast<unsigned>(*axis)});
    Value epsilon = createScalarConstant(rewriter, loc, elementType,
                                         op.getEpsilon().convertToDouble());
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, empty->getType(),
            ValueRange{input, adaptor.getScale(), adaptor.getBias(),
                       adaptor.getMean(), adaptor.getVar()},
            *empty,
            SmallVector<AffineMap>{identity, channel, channel, channel, channel,
                                   identity},
            getIterators(rank),
            [&](OpBuilder &b, Location loc, ValueRange args) {
              Value centered = arith::SubFOp::create(b, loc, args[0], args[3]);
              Value stddev = math::SqrtOp::create(
                  b, loc, arith::AddFOp::create(b, loc, args[4], epsilon));
              Value normalized =
                  arith::DivFOp::create(b, loc, centered, stddev);
              Value scaled = arith::MulFOp::create(b, loc, args[1], normalized);
              linalg::YieldOp::create(
                  b, loc,
                  arith::AddFOp::create(b, loc, scaled, args[2]).getResult());
            })
            .getResult(0);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};

/// graph.layer_norm, in two passes over the input as in the evaluator:
/// a linalg.generic summing over dims [axis, rank) into the outer shape and
/// a division giving the mean; a second reduction summing the squared
/// deviations; then one elementwise generic computing
/// (x - mean) * (1 / sqrt(sumsq / count + epsilon)) * scale + bias, the
/// parameters broadcast onto the trailing dims by their maps.
struct LayerNormOpLowering : OpConversionPattern<graph::LayerNormOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LayerNormOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), scale = adaptor.getScale(),
          bias = adaptor.getBias();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    FailureOr<int64_t> axis = graph::normalizeAxis(
        std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "axis out of range");
    auto paramFits = [&](Value param) {
      return !param ||
             cast<RankedTensorType>(param.getType()).getRank() <= rank - *axis;
    };
    if (!paramFits(scale) || !paramFits(bias))
      return rewriter.notifyMatchFailure(op, "parameter rank too high");
    // The parameters align with the input's trailing dims; a static 1
    // broadcasts, every other size must be the input's (a scale shorter
    // than the normalized dim was read past its end).
    auto checkParam = [&](Value param, StringRef name) {
      if (!param)
        return;
      auto type = cast<RankedTensorType>(param.getType());
      for (int64_t dim = 0; dim < type.getRank(); ++dim) {
        if (type.getDimSize(dim) == 1)
          continue;
        int64_t inputDim = rank - type.getRank() + dim;
        strata::detail::checkDimsEqual(
            rewriter, loc, param, dim, input, inputDim,
            "graph.layer_norm: " + name + " dim " + Twine(dim) +
                " differs from the input's dim " + Twine(inputDim));
      }
    };
    checkParam(scale, "scale");
    checkParam(bias, "bias");
    Type elementType = op.getType().getElementType();
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    MLIRContext *context = rewriter.getContext();
    unsigned numLoops = rank;
    SmallVector<int64_t> reducedDims;
    SmallVector<unsigned> reductionLoops, outerLoops;
    for (unsigned dim = 0; dim < numLoops; ++dim) {
      if (dim >= *axis) {
        reducedDims.push_back(dim);
        reductionLoops.push_back(dim);
      } else {
        outerLoops.push_back(dim);
      }
    }
    AffineMap identity = AffineMap::getMultiDimIdentityMap(numLoops, context);
    AffineMap outer = getSelectMap(context, numLoops, outerLoops);
    SmallVector<utils::IteratorType> reduceIterators =
        getIterators(numLoops, reductionLoops);
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    Value count =
        getCountAsFloat(rewriter, loc, input, reducedDims, elementType);
    Value outerInit = createFill(
        rewriter, loc, zero,
        createEmpty(rewriter, loc,
                    getSizesWithout(rewriter, loc, input, reducedDims),
                    elementType));
    AffineMap outerIdentity =
        AffineMap::getMultiDimIdentityMap(outerLoops.size(), context);

    // The mean.
    Value sum =
        linalg::GenericOp::create(
            rewriter, loc, outerInit.getType(), input, outerInit,
            SmallVector<AffineMap>{identity, outer}, reduceIterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(
                  b, loc,
                  arith::AddFOp::create(b, loc, args[0], args[1]).getResult());
            })
            .getResult(0);
    Value mean =
        linalg::GenericOp::create(
            rewriter, loc, sum.getType(), ValueRange{}, sum, outerIdentity,
            getIterators(outerLoops.size()),
            [&](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(
                  b, loc,
                  arith::DivFOp::create(b, loc, args[0], count).getResult());
            })
            .getResult(0);
    // The sum of squared deviations.
    Value squares =
        linalg::GenericOp::create(
            rewriter, loc, outerInit.getType(), ValueRange{input, mean},
            outerInit, SmallVector<AffineMap>{identity, outer, outer},
            reduceIterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              Value centered = arith::SubFOp::create(b, loc, args[0], args[1]);
              Value square = arith::MulFOp::create(b, loc, centered, centered);
              linalg::YieldOp::create(
                  b, loc,
                  arith::AddFOp::create(b, loc, args[2], square).getResult());
            })
            .getResult(0);

    // Normalize.
    auto paramMap = [&](Value param) {
      auto type = cast<RankedTensorType>(param.getType());
      SmallVector<unsigned> loops;
      for (int64_t dim = rank - type.getRank(); dim < rank; ++dim)
        loops.push_back(dim);
      return getBroadcastMap(context, numLoops, type.getShape(), loops);
    };
    SmallVector<Value> inputs = {input, mean, squares, scale};
    SmallVector<AffineMap> maps = {identity, outer, outer, paramMap(scale)};
    if (bias) {
      inputs.push_back(bias);
      maps.push_back(paramMap(bias));
    }
    maps.push_back(identity);
    Value epsilon = createScalarConstant(rewriter, loc, elementType,
                                         op.getEpsilon().convertToDouble());
    Value one = createScalarConstant(rewriter, loc, elementType, 1.0);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, empty->getType(), inputs, *empty, maps,
            getIterators(numLoops),
            [&](OpBuilder &b, Location loc, ValueRange args) {
              Value variance = arith::DivFOp::create(b, loc, args[2], count);
              Value invStdDev = arith::DivFOp::create(
                  b, loc, one,
                  math::SqrtOp::create(
                      b, loc,
                      arith::AddFOp::create(b, loc, variance, epsilon)));
              Value centered = arith::SubFOp::create(b, loc, args[0], args[1]);
              Value value = arith::MulFOp::create(
                  b, loc, arith::MulFOp::create(b, loc, centered, invStdDev),
                  args[3]);
              if (bias)
                value = arith::AddFOp::create(b, loc, value, args[4]);
              linalg::YieldOp::create(b, loc, value);
            })
            .getResult(0);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};

/// graph.softmax / graph.log_softmax, numerically stable: a linalg.generic
/// max reduction along `axis` (from -inf, arith.maximumf), a reduction
/// summing exp(x - max), then an elementwise generic computing
/// exp(x - max) / sum, or (x - max) - log(sum).
template <typename OpTy, bool isLog>
struct SoftmaxOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    FailureOr<int64_t> axis = graph::normalizeAxis(
        std::nullopt, static_cast<int64_t>(op.getAxis()), rank);
    if (failed(axis))
      return rewriter.notifyMatchFailure(op, "axis out of range");
    Type elementType = op.getType().getElementType();
    FailureOr<Value> empty = createEmptyResult(rewriter, op);
    if (failed(empty))
      return rewriter.notifyMatchFailure(op, "cannot reify the result");
    MLIRContext *context = rewriter.getContext();
    unsigned numLoops = rank, reduced = *axis;
    SmallVector<unsigned> outerLoops;
    for (unsigned dim = 0; dim < numLoops; ++dim)
      if (dim != reduced)
        outerLoops.push_back(dim);
    AffineMap identity = AffineMap::getMultiDimIdentityMap(numLoops, context);
    AffineMap outer = getSelectMap(context, numLoops, outerLoops);
    SmallVector<OpFoldResult> outerSizes =
        getSizesWithout(rewriter, loc, input, {*axis});
    Value outerEmpty = createEmpty(rewriter, loc, outerSizes, elementType);

    Value lowest =
        arith::ConstantOp::create(rewriter, loc, getLowestValue(elementType));
    Value maxInit = createFill(rewriter, loc, lowest, outerEmpty);
    Value max = linalg::GenericOp::create(
                    rewriter, loc, maxInit.getType(), input, maxInit,
                    SmallVector<AffineMap>{identity, outer},
                    getIterators(numLoops, {reduced}),
                    [](OpBuilder &b, Location loc, ValueRange args) {
                      linalg::YieldOp::create(
                          b, loc,
                          arith::MaximumFOp::create(b, loc, args[0], args[1])
                              .getResult());
                    })
                    .getResult(0);
    Value zero = createScalarConstant(rewriter, loc, elementType, 0.0);
    Value sumInit = createFill(rewriter, loc, zero, outerEmpty);
    Value sum =
        linalg::GenericOp::create(
            rewriter, loc, sumInit.getType(), ValueRange{input, max}, sumInit,
            SmallVector<AffineMap>{identity, outer, outer},
            getIterators(numLoops, {reduced}),
            [](OpBuilder &b, Location loc, ValueRange args) {
              Value shifted = arith::SubFOp::create(b, loc, args[0], args[1]);
              Value exp = math::ExpOp::create(b, loc, shifted);
              linalg::YieldOp::create(
                  b, loc,
                  arith::AddFOp::create(b, loc, args[2], exp).getResult());
            })
            .getResult(0);
    Value result =
        linalg::GenericOp::create(
            rewriter, loc, empty->getType(), ValueRange{input, max, sum},
            *empty, SmallVector<AffineMap>{identity, outer, outer, identity},
            getIterators(numLoops),
            [](OpBuilder &b, Location loc, ValueRange args) {
              Value shifted = arith::SubFOp::create(b, loc, args[0], args[1]);
              Value value =
                  isLog ? arith::SubFOp::create(
                              b, loc, shifted,
                              math::LogOp::create(b, loc, args[2]))
                              .getResult()
                        : arith::DivFOp::create(
                              b, loc, math::ExpOp::create(b, loc, shifted),
                              args[2])
                              .getResult();
              linalg::YieldOp::create(b, loc, value);
            })
            .getResult(0);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), result, op.getType()));
    return success();
  }
};
} // namespace

void strata::populateGraphNNToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      MatmulOpLowering, LinearOpLowering, Conv2DOpLowering,
      ConvTranspose2DOpLowering, Conv3DOpLowering, ConvTranspose3DOpLowering,
      MaxPool2DOpLowering, AvgPool2DOpLowering, MaxPool3DOpLowering,
      AvgPool3DOpLowering, GlobalPoolOpLowering<graph::GlobalAvgPoolOp, false>,
      GlobalPoolOpLowering<graph::GlobalMaxPoolOp, true>, BatchNormOpLowering,
      LayerNormOpLowering, SoftmaxOpLowering<graph::SoftmaxOp, false>,
      SoftmaxOpLowering<graph::LogSoftmaxOp, true>>(context);
}
