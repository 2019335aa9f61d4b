//===- ConstantCombinations.cpp - Sums weighted by small constants --------===//
//
// The tile lowering of constant combinations (see ConstantCombinations.h):
// Winograd's input and output transforms written as linalg.generic
// contractions with their transform matrices, unrolled into the handful of
// vector additions the matrices' non-zero entries ask for (F(2x2, 3x3): 4
// terms per input-transform output, 9 per output pixel, where generic
// vectorization would multiply-add 16 of each).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/ConstantCombinations.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <map>

using namespace mlir;

namespace {

/// The most elements of one vector of the lowering (four AVX-512 registers).
constexpr int64_t kMaxVectorElements = 64;

/// The constant values of `map`'s results at the loop indices `point`, or
/// failure when one is not constant.
FailureOr<SmallVector<int64_t>> evaluate(AffineMap map,
                                         ArrayRef<int64_t> point) {
  SmallVector<AffineExpr> dims;
  for (int64_t value : point)
    dims.push_back(getAffineConstantExpr(value, map.getContext()));
  SmallVector<int64_t> values;
  for (AffineExpr result : map.getResults()) {
    auto constant = dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(result.replaceDims(dims), map.getNumDims(), 0));
    if (!constant)
      return failure();
    values.push_back(constant.getValue());
  }
  return values;
}

/// Whether `indices` plus a vector of `width` along the last dim lie within
/// `shape`.
bool inBounds(ArrayRef<int64_t> indices, ArrayRef<int64_t> shape,
              int64_t width) {
  for (auto [index, size] : llvm::zip_equal(indices, shape))
    if (index < 0 || index >= size)
      return false;
  return indices.back() + width <= shape.back();
}

/// Calls `visit` on every point of the loops `dims` (of sizes `ranges`),
/// the other loops of `point` keeping their values.
void forEachPoint(SmallVectorImpl<int64_t> &point, ArrayRef<unsigned> dims,
                  ArrayRef<int64_t> ranges, llvm::function_ref<void()> visit) {
  for (unsigned dim : dims)
    point[dim] = 0;
  while (true) {
    visit();
    unsigned i = dims.size();
    while (i > 0) {
      --i;
      if (++point[dims[i]] < ranges[dims[i]])
        break;
      point[dims[i]] = 0;
      if (i == 0)
        return;
    }
    if (dims.empty())
      return;
  }
}

} // namespace

bool strata::lowerConstantCombinationTile(RewriterBase &rewriter,
                                          Operation *op) {
  std::optional<strata::kernel::ConstantCombination> combination =
      strata::kernel::matchConstantCombination(op);
  if (!combination)
    return false;
  linalg::GenericOp generic = combination->op;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return false;
  auto inputType = dyn_cast<RankedTensorType>(combination->input.getType());
  Value init = generic.getDpsInits().front();
  auto initType = cast<RankedTensorType>(init.getType());
  if (!inputType || !inputType.hasStaticShape() || !initType.hasStaticShape())
    return false;

  // The vector loop (see matchConstantCombination): the output's innermost
  // dim, x's innermost dim.
  AffineMap outputMap = combination->outputMap;
  AffineMap inputMap = combination->inputMap;
  AffineMap coefficientMap = combination->coefficientMap;
  unsigned vectorLoop = combination->vectorLoop;
  if (ranges[vectorLoop] > kMaxVectorElements)
    return false;
  // The coefficients' loops, split into the parallel ones (one output vector
  // per point) and the reductions (one term per point); every other loop
  // has one iteration.
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (unsigned loop = 0; loop < ranges.size(); ++loop) {
    if (coefficientMap.isFunctionOfDim(loop)) {
      (iterators[loop] == utils::IteratorType::parallel ? parallelDims
                                                        : reductionDims)
          .push_back(loop);
      continue;
    }
    if (loop != vectorLoop && ranges[loop] != 1)
      return false;
  }
  auto coefficientShape =
      cast<ShapedType>(combination->coefficients.getType()).getShape();

  Location loc = generic.getLoc();
  Type elementType = initType.getElementType();
  if (inputType.getElementType() != elementType ||
      combination->coefficients.getElementType() != elementType)
    return false;
  int64_t width = ranges[vectorLoop];
  auto vectorType = VectorType::get({width}, elementType);
  // A constant fill of the init (fused into the tile) starts each sum from
  // a splat; the fill's destination is written instead.
  Value destination = init;
  std::optional<APFloat> fillValue;
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    FloatAttr value;
    if (matchPattern(fill.getInputs().front(), m_Constant(&value)) &&
        value.getType() == elementType) {
      destination = fill.getOutputs().front();
      fillValue = value.getValue();
    }
  }

  // Check every index before creating anything.
  SmallVector<int64_t> point(ranges.size(), 0);
  bool valid = true;
  auto coefficients = combination->coefficients.getValues<APFloat>();
  forEachPoint(point, parallelDims, ranges, [&] {
    FailureOr<SmallVector<int64_t>> outIndices = evaluate(outputMap, point);
    valid &= succeeded(outIndices) &&
             inBounds(*outIndices, initType.getShape(), width);
    forEachPoint(point, reductionDims, ranges, [&] {
      FailureOr<SmallVector<int64_t>> inIndices = evaluate(inputMap, point);
      FailureOr<SmallVector<int64_t>> kIndices =
          evaluate(coefficientMap, point);
      valid &= succeeded(inIndices) && succeeded(kIndices) &&
               inBounds(*inIndices, inputType.getShape(), width) &&
               inBounds(*kIndices, coefficientShape, 1);
    });
  });
  if (!valid)
    return false;

  rewriter.setInsertionPoint(generic);
  auto indexValues = [&](ArrayRef<int64_t> indices) {
    SmallVector<Value> values;
    for (int64_t index : indices)
      values.push_back(arith::ConstantIndexOp::create(rewriter, loc, index));
    return values;
  };
  Value padding = arith::ConstantOp::create(rewriter, loc, elementType,
                                            rewriter.getZeroAttr(elementType));
  // One read per distinct x vector, shared by the outputs that use it.
  std::map<SmallVector<int64_t>, Value> reads;
  Value result = destination;
  forEachPoint(point, parallelDims, ranges, [&] {
    SmallVector<int64_t> outIndices = *evaluate(outputMap, point);
    // A sum still null is zero (a zero fill): its first term starts it.
    Value sum;
    if (!fillValue)
      sum = vector::TransferReadOp::create(rewriter, loc, vectorType, init,
                                           indexValues(outIndices), padding,
                                           ArrayRef<bool>{true});
    else if (!fillValue->isZero())
      sum = arith::ConstantOp::create(
          rewriter, loc, vectorType,
          DenseElementsAttr::get(vectorType, *fillValue));
    forEachPoint(point, reductionDims, ranges, [&] {
      SmallVector<int64_t> kIndices = *evaluate(coefficientMap, point);
      int64_t flat = 0;
      for (auto [index, size] : llvm::zip_equal(kIndices, coefficientShape))
        flat = flat * size + index;
      APFloat coefficient = coefficients[flat];
      if (coefficient.isZero())
        return;
      SmallVector<int64_t> inIndices = *evaluate(inputMap, point);
      Value &x = reads[inIndices];
      if (!x)
        x = vector::TransferReadOp::create(
            rewriter, loc, vectorType, combination->input,
            indexValues(inIndices), padding, ArrayRef<bool>{true});
      APFloat one = APFloat::getOne(coefficient.getSemantics());
      APFloat minusOne = APFloat::getOne(coefficient.getSemantics(), true);
      Value weight;
      if (coefficient != one && coefficient != minusOne)
        weight = arith::ConstantOp::create(
            rewriter, loc, vectorType,
            DenseElementsAttr::get(vectorType, coefficient));
      if (!sum && coefficient == one)
        sum = x;
      else if (!sum && coefficient == minusOne)
        sum = arith::NegFOp::create(rewriter, loc, x);
      else if (!sum)
        sum = arith::MulFOp::create(rewriter, loc, x, weight);
      else if (coefficient == one)
        sum = arith::AddFOp::create(rewriter, loc, sum, x);
      else if (coefficient == minusOne)
        sum = arith::SubFOp::create(rewriter, loc, sum, x);
      else
        sum = vector::FMAOp::create(rewriter, loc, x, weight, sum);
    });
    if (!sum)
      sum = arith::ConstantOp::create(
          rewriter, loc, vectorType,
          DenseElementsAttr::get(vectorType, *fillValue));
    result = vector::TransferWriteOp::create(rewriter, loc, sum, result,
                                             indexValues(outIndices),
                                             ArrayRef<bool>{true})
                 .getResult();
  });
  rewriter.replaceOp(generic, result);
  return true;
}
