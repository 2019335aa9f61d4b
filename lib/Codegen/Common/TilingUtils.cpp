//===- TilingUtils.cpp - What tiling needs to know of linalg ops ----------===//
//
// Implements the queries of Tiling.h about windowed ops (convolution and
// pooling windows, their layouts, whether they stay in bounds), the ops
// tiling must leave alone, and the canonicalizations run between rewrites.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Tiling.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

void strata::populateAllCanonicalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
}

ArrayRef<std::string> strata::getDisabledCanonicalizations() {
  static const std::string names[] = {
      "(anonymous namespace)::InsertChainFullyInitialized"};
  return names;
}

bool strata::isWindowExpr(AffineExpr expr) {
  if (isa<AffineDimExpr>(expr))
    return true;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  if (binary.getKind() == AffineExprKind::Add)
    return isWindowExpr(binary.getLHS()) && isWindowExpr(binary.getRHS());
  if (binary.getKind() != AffineExprKind::Mul)
    return false;
  auto coefficient = dyn_cast<AffineConstantExpr>(binary.getRHS());
  return isa<AffineDimExpr>(binary.getLHS()) && coefficient &&
         coefficient.getValue() > 0;
}

bool strata::windowsInBounds(linalg::LinalgOp op, OpOperand &operand,
                             bool tight) {
  auto type = dyn_cast<ShapedType>(operand.get().getType());
  if (!type || !type.hasRank())
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  AffineMap map = op.getMatchingIndexingMap(&operand);
  for (auto [index, result] : llvm::enumerate(map.getResults())) {
    if (isa<AffineDimExpr>(result))
      continue;
    int64_t size = type.getDimSize(index);
    if (ShapedType::isDynamic(size))
      return false;
    // The largest index: every loop of the expression at its last
    // iteration (coefficients are positive, see isWindowExpr).
    SmallVector<int64_t> last(ranges.size(), 0);
    bool staticLoops = true;
    result.walk([&](AffineExpr expr) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
        int64_t range = ranges[dim.getPosition()];
        if (ShapedType::isDynamic(range))
          staticLoops = false;
        else
          last[dim.getPosition()] = range - 1;
      }
    });
    if (!staticLoops)
      return false;
    int64_t maxIndex =
        AffineMap::get(map.getNumDims(), 0, result).compose(last).front();
    if (maxIndex >= size || (tight && maxIndex != size - 1))
      return false;
  }
  return true;
}

std::optional<strata::WindowedOpLayout>
strata::getWindowedOpLayout(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  WindowedOpLayout layout;
  layout.nhwc = isa<linalg::DepthwiseConv2DNhwcHwcOp, linalg::PoolingNhwcMaxOp,
                    linalg::PoolingNhwcSumOp>(op);
  layout.depthwise =
      isa<linalg::DepthwiseConv2DNchwChwOp, linalg::DepthwiseConv2DNhwcHwcOp>(
          op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      !(layout.depthwise || layout.nhwc ||
        isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(op)) ||
      linalgOp.getNumDpsInputs() != 2 || linalgOp.getNumDpsInits() != 1)
    return std::nullopt;
  auto windowType = cast<ShapedType>(linalgOp.getDpsInputs()[1].getType());
  auto strides = op->getAttrOfType<DenseIntElementsAttr>("strides");
  auto dilations = op->getAttrOfType<DenseIntElementsAttr>("dilations");
  if (!windowType.hasStaticShape() || !strides || !dilations)
    return std::nullopt;
  layout.hDim = layout.nhwc ? 1 : 2;
  layout.wDim = layout.hDim + 1;
  layout.cDim = layout.nhwc ? 3 : 1;
  // The window sizes: the filter's [KH, KW] (its last two dims, the first
  // two of an NHWC depthwise filter [KH, KW, C]).
  unsigned khDim =
      layout.depthwise && layout.nhwc ? 0 : windowType.getRank() - 2;
  layout.kh = windowType.getDimSize(khDim);
  layout.kw = windowType.getDimSize(khDim + 1);
  layout.strides = llvm::to_vector<2>(strides.getValues<int64_t>());
  layout.dilations = llvm::to_vector<2>(dilations.getValues<int64_t>());
  return layout;
}

bool strata::hasTileableIndexingMaps(linalg::LinalgOp op) {
  // Tiling computes operand slices from the indexing maps; for maps that
  // are not projected permutations (the reversed kernel of
  // conv_transpose2d, `n - 1 - i` of negative-step slices) upstream tiling
  // produces slices the tiled op's verifier rejects. Convolution windows
  // (`oh * stride + kh * dilation`) tile fine, so sums of dims with
  // positive coefficients are allowed too, on static ops whose windows stay
  // within their operands (ONNX's ceil_mode pooling is lowered with windows
  // that overrun the input: tiling would ask for slices larger than it).
  return llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return true;
    return llvm::all_of(map.getResults(), isWindowExpr) &&
           windowsInBounds(op, operand);
  });
}

bool strata::hasEmptyIterationSpace(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    if (llvm::is_contained(linalgOp.getStaticLoopRanges(), 0))
      return true;
  auto isEmpty = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank() &&
           llvm::is_contained(shaped.getShape(), 0);
  };
  return llvm::any_of(op->getOperandTypes(), isEmpty) ||
         llvm::any_of(op->getResultTypes(), isEmpty);
}
