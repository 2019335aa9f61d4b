//===- PackWeights.cpp - Constant matrix-product weights in panels --------===//
//
// Implements kernel-pack-weights (see Passes.td): a matrix product with a
// constant B reads it in panels [N/P, K, P] laid out at compile time, one
// contiguous block per register-tile column, and writes its accumulator
// viewed as [M, N/P, P] (kernel-rewrite-convolutions does the same for NHWC
// convolution filters); transposes of constants (depthwise filters made
// [KH, KW, C]) are folded into the constants.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELPACKWEIGHTSPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// The largest M left to graph-prepack-weights' matrix-vector panels.
constexpr int64_t kMaxMatrixVectorRows = 4;

/// Rewrites `matmul` to read its constant B in panels of `panelBytes`;
/// returns failure (and leaves it alone) when it does not apply.
LogicalResult packWeights(RewriterBase &rewriter, linalg::MatmulOp matmul,
                          int64_t panelBytes) {
  if (!matmul.hasPureTensorSemantics() ||
      matmul.getIndexingMapsArray() !=
          linalg::MatmulOp::getDefaultIndexingMaps(matmul.getContext()))
    return failure();
  Value a = matmul.getInputs()[0], b = matmul.getInputs()[1];
  Value init = matmul.getOutputs()[0];
  auto bType = cast<RankedTensorType>(b.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  ElementsAttr value;
  matchPattern(b, m_Constant(&value));
  Type elementType = bType.getElementType();
  // (A splat has no layout; folded into the product's body, it would leave
  // a generic that is no longer a contraction.)
  auto dense = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!value || (dense && dense.isSplat()) || !bType.hasStaticShape() ||
      !elementType.isIntOrFloat() ||
      elementType.getIntOrFloatBitWidth() % 8 != 0)
    return failure();
  int64_t m = initType.getDimSize(0), k = bType.getDimSize(0),
          n = bType.getDimSize(1);
  int64_t width = panelBytes / (elementType.getIntOrFloatBitWidth() / 8);
  if (width < 2 || n % width != 0 || n / width < 2 ||
      (!ShapedType::isDynamic(m) && m <= kMaxMatrixVectorRows))
    return failure();
  int64_t panels = n / width;
  auto panelType = RankedTensorType::get({panels, k, width}, elementType);
  // [K, N] viewed as [K, N/P, P], the first two dims swapped.
  FailureOr<ElementsAttr> relaid = strata::transposeConstant(
      value, {1, 0, 2}, panelType, {k, panels, width}, "_panels");
  if (failed(relaid))
    return failure();

  Location loc = matmul.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(matmul);
  Value packed = arith::ConstantOp::create(rewriter, loc, panelType,
                                           cast<TypedAttr>(*relaid));
  SmallVector<ReassociationIndices> lanes = {{0}, {1, 2}};
  SmallVector<OpFoldResult> accShape = {
      tensor::getMixedSize(rewriter, loc, init, 0),
      rewriter.getIndexAttr(panels), rewriter.getIndexAttr(width)};
  auto accType =
      RankedTensorType::get({m, panels, width}, initType.getElementType());
  Value acc = tensor::ExpandShapeOp::create(rewriter, loc, accType, init, lanes,
                                            accShape);
  // Loops (m, panel, lane, k).
  AffineExpr mi, panel, lane, ki;
  bindDims(ctx, mi, panel, lane, ki);
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {mi, ki}, ctx),
                                 AffineMap::get(4, 0, {panel, ki, lane}, ctx),
                                 AffineMap::get(4, 0, {mi, panel, lane}, ctx)};
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  // The matmul's body (arguments a, b, acc: ours in the same order), with
  // any element casts it has.
  Block &body = matmul->getRegion(0).front();
  auto product = linalg::GenericOp::create(
      rewriter, loc, accType, ValueRange{a, packed}, acc, maps, iterators,
      [&](OpBuilder &builder, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body.getArguments(), args);
        for (Operation &op : body)
          builder.clone(op, mapping);
      });
  rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
      matmul, initType, product.getResult(0), lanes);
  return success();
}

/// Replaces `transpose` of a constant (possibly reshaped: the elements keep
/// their order) by the transposed constant.
LogicalResult foldConstantTranspose(RewriterBase &rewriter,
                                    linalg::TransposeOp transpose) {
  Value source = transpose.getInput();
  while (isa_and_present<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
      source.getDefiningOp()))
    source = source.getDefiningOp()->getOperand(0);
  ElementsAttr value;
  matchPattern(source, m_Constant(&value));
  auto inputType = dyn_cast<RankedTensorType>(transpose.getInput().getType());
  auto resultType =
      dyn_cast<RankedTensorType>(transpose->getResult(0).getType());
  if (!value || !inputType || !inputType.hasStaticShape() || !resultType ||
      !transpose.hasPureTensorSemantics())
    return failure();
  FailureOr<ElementsAttr> transposed =
      strata::transposeConstant(value, transpose.getPermutation(), resultType,
                                inputType.getShape(), "_transposed");
  if (failed(transposed))
    return failure();
  rewriter.setInsertionPoint(transpose);
  rewriter.replaceOpWithNewOp<arith::ConstantOp>(transpose, resultType,
                                                 cast<TypedAttr>(*transposed));
  return success();
}

struct KernelPackWeightsPass
    : strata::kernel::impl::KernelPackWeightsPassBase<KernelPackWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::TransposeOp> transposes;
    getOperation().walk([&](linalg::TransposeOp transpose) {
      transposes.push_back(transpose);
    });
    for (linalg::TransposeOp transpose : transposes)
      (void)foldConstantTranspose(rewriter, transpose);
    if (panelBytes <= 0)
      return;
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk(
        [&](linalg::MatmulOp matmul) { matmuls.push_back(matmul); });
    for (linalg::MatmulOp matmul : matmuls)
      (void)packWeights(rewriter, matmul, panelBytes);
  }
};

} // namespace
