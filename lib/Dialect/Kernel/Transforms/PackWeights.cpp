//===- PackWeights.cpp - Constant matrix-product weights in panels --------===//
//
// Implements kernel-pack-weights (see Passes.td): a matrix product with a
// constant B reads it in panels [N/P, K, P] laid out at compile time, one
// contiguous block per register-tile column, and writes its accumulator
// viewed as [M, N/P, P] (kernel-rewrite-convolutions does the same for NHWC
// convolution filters); unsigned-by-signed byte products read theirs in
// groups of four bytes per 32-bit lane, as vpdpbusd takes them; transposes of
// constants (depthwise filters made [KH, KW, C]) are folded into the constants.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Dialect/Kernel/Transforms/Products.h"

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

/// The narrowest panel in a dot-product layout: the lanes of one 256-bit
/// instruction (strata-cpu-lower-dot-products takes 16 or 8 at a time).
constexpr int64_t kMinDotProductLanes = 8;

/// Replaces `product` (a linalg op on tensors with one init of
/// `initType`) by a linalg.generic of `inputs` and `acc` (the init viewed
/// in panels) with `maps` and `iterators` and `product`'s body (its block
/// arguments in the same order, any element casts included), then a
/// tensor.collapse_shape of the result by `lanes` back to `initType`.
void replaceWithPanelProduct(RewriterBase &rewriter, Operation *product,
                             ValueRange inputs, Value acc,
                             ArrayRef<AffineMap> maps,
                             ArrayRef<utils::IteratorType> iterators,
                             RankedTensorType initType,
                             ArrayRef<ReassociationIndices> lanes) {
  Block &body = product->getRegion(0).front();
  auto panels = linalg::GenericOp::create(
      rewriter, product->getLoc(), acc.getType(), inputs, acc, maps, iterators,
      [&](OpBuilder &builder, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body.getArguments(), args);
        for (Operation &op : body)
          builder.clone(op, mapping);
      });
  rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
      product, initType, panels.getResult(0), lanes);
}

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
  // A panel row is a register tile's row of accumulators (bf16 inputs
  // summed in f32: as many lanes as f32 ones).
  Type accElementType = initType.getElementType();
  if (!accElementType.isIntOrFloat() ||
      accElementType.getIntOrFloatBitWidth() % 8 != 0)
    return failure();
  int64_t width = panelBytes / (accElementType.getIntOrFloatBitWidth() / 8);
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
  replaceWithPanelProduct(rewriter, matmul, ValueRange{a, packed}, acc, maps,
                          iterators, initType, lanes);
  return success();
}

/// The group of K elements that one 32-bit lane of a dot-product
/// instruction sums, for a product `op` (linalg.matmul's maps, a body
/// acc + ext(a) * ext(b)) of the kinds enabled: 4 for unsigned bytes A
/// times signed bytes B into i32 (extui, extsi: vpdpbusd), as
/// convert-graph-to-kernel writes a ui8 x i8 graph.matmul; 2 for bf16 A and
/// B into f32 (extf: vdpbf16ps), as kernel-demote-products writes them.
/// 0 for other products.
int64_t getDotProductGroup(linalg::LinalgOp op, bool int8, bool bf16) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op->getNumRegions() != 1 ||
      op.getIndexingMapsArray() !=
          linalg::MatmulOp::getDefaultIndexingMaps(op.getContext()))
    return 0;
  int64_t group = strata::kernel::getDotProductGroup(
      getElementTypeOrSelf(op.getDpsInputs()[0].getType()),
      getElementTypeOrSelf(op.getDpsInputs()[1].getType()),
      getElementTypeOrSelf(op.getDpsInits()[0].getType()));
  bool bytes = int8 && group == 4;
  if (!bytes && !(bf16 && group == 2))
    return 0;
  Block &body = op->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getValues().size() != 1 ||
      body.getOperations().size() != 5)
    return 0;
  Operation *add = yield.getValues()[0].getDefiningOp();
  if (!add || !isa<arith::AddIOp, arith::AddFOp>(add))
    return 0;
  BlockArgument accArg = body.getArgument(2);
  Value product = add->getOperand(0) == accArg   ? add->getOperand(1)
                  : add->getOperand(1) == accArg ? add->getOperand(0)
                                                 : Value();
  Operation *mul = product ? product.getDefiningOp() : nullptr;
  if (!mul || !isa<arith::MulIOp, arith::MulFOp>(mul))
    return 0;
  // Whether `value` extends argument `arg`: unsigned (extui), signed
  // (extsi) or a float (extf).
  enum class Extension { Unsigned, Signed, Float };
  auto isExtended = [&](Value value, Extension kind, unsigned arg) {
    Operation *ext = value.getDefiningOp();
    if (!ext || ext->getNumOperands() != 1 ||
        ext->getOperand(0) != body.getArgument(arg))
      return false;
    switch (kind) {
    case Extension::Unsigned:
      return isa<arith::ExtUIOp>(ext);
    case Extension::Signed:
      return isa<arith::ExtSIOp>(ext);
    case Extension::Float:
      return isa<arith::ExtFOp>(ext);
    }
    return false;
  };
  Extension aKind = bytes ? Extension::Unsigned : Extension::Float;
  Extension bKind = bytes ? Extension::Signed : Extension::Float;
  Value lhs = mul->getOperand(0), rhs = mul->getOperand(1);
  bool matches = (isExtended(lhs, aKind, 0) && isExtended(rhs, bKind, 1)) ||
                 (isExtended(rhs, aKind, 0) && isExtended(lhs, bKind, 1));
  return matches ? group : 0;
}

/// Rewrites `product`, A [M, K] times a constant B [K, N] whose K elements
/// `group` of them sum into one 32-bit lane (getDotProductGroup), to read B
/// as [N/P, K/g, P, g] (P lanes of 32-bit accumulators making `panelBytes`,
/// or fewer) and A as [M, K/g, g]; failure (and the product left alone) when it
/// does not apply.
LogicalResult packForDotProducts(RewriterBase &rewriter,
                                 linalg::LinalgOp product, int64_t group,
                                 int64_t panelBytes) {
  if (!product.hasPureTensorSemantics())
    return failure();
  Value a = product.getDpsInputs()[0], b = product.getDpsInputs()[1];
  Value init = product.getDpsInits()[0];
  auto aType = cast<RankedTensorType>(a.getType());
  auto bType = cast<RankedTensorType>(b.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  ElementsAttr value;
  // (A splat has no layout, as in packWeights.)
  if (!matchPattern(b, m_Constant(&value)) || !bType.hasStaticShape() ||
      value.isSplat())
    return failure();
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  // Panels as wide as `panelBytes` of accumulators, else the widest of half
  // or a quarter of that dividing N, down to 8 lanes (one 256-bit
  // instruction): MobileNetV2's N = 144 and 16 take panels of 16, N = 24 of
  // 8 (left row-major, their products widened every byte to i32).
  int64_t width = panelBytes / 4;
  while (width > kMinDotProductLanes && n % width != 0)
    width /= 2;
  if (width < 1 || k % group != 0 || n % width != 0)
    return failure();
  int64_t panels = n / width;
  auto panelType = RankedTensorType::get({panels, k / group, width, group},
                                         bType.getElementType());
  // [K, N] viewed as [K/g, g, N/P, P] (k0, k1, panel, lane), made
  // [panel, k0, lane, k1].
  FailureOr<ElementsAttr> relaid = strata::transposeConstant(
      value, {2, 0, 3, 1}, panelType, {k / group, group, panels, width},
      group == 4 ? "_dot4" : "_dot2");
  if (failed(relaid))
    return failure();

  Location loc = product.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(product);
  Value packed = arith::ConstantOp::create(rewriter, loc, panelType,
                                           cast<TypedAttr>(*relaid));
  // A's K may be unknown in its type (computed shapes): it is B's (the
  // product checks that at run time).
  if (aType.isDynamicDim(1)) {
    aType =
        RankedTensorType::get({aType.getDimSize(0), k}, aType.getElementType());
    a = tensor::CastOp::create(rewriter, loc, aType, a);
  }
  auto groupedType = RankedTensorType::get(
      {aType.getDimSize(0), k / group, group}, aType.getElementType());
  Value grouped = tensor::ExpandShapeOp::create(
      rewriter, loc, groupedType, a,
      SmallVector<ReassociationIndices>{{0}, {1, 2}},
      SmallVector<OpFoldResult>{tensor::getMixedSize(rewriter, loc, a, 0),
                                rewriter.getIndexAttr(k / group),
                                rewriter.getIndexAttr(group)});
  SmallVector<ReassociationIndices> lanes = {{0}, {1, 2}};
  SmallVector<OpFoldResult> accShape = {
      tensor::getMixedSize(rewriter, loc, init, 0),
      rewriter.getIndexAttr(panels), rewriter.getIndexAttr(width)};
  auto accType = RankedTensorType::get({initType.getDimSize(0), panels, width},
                                       initType.getElementType());
  Value acc = tensor::ExpandShapeOp::create(rewriter, loc, accType, init, lanes,
                                            accShape);
  // Loops (m, panel, lane, k0, k1).
  AffineExpr mi, panel, lane, k0, k1;
  bindDims(ctx, mi, panel, lane, k0, k1);
  SmallVector<AffineMap> maps = {
      AffineMap::get(5, 0, {mi, k0, k1}, ctx),
      AffineMap::get(5, 0, {panel, k0, lane, k1}, ctx),
      AffineMap::get(5, 0, {mi, panel, lane}, ctx)};
  SmallVector<utils::IteratorType> iterators(5, utils::IteratorType::parallel);
  iterators[3] = iterators[4] = utils::IteratorType::reduction;
  replaceWithPanelProduct(rewriter, product, ValueRange{grouped, packed}, acc,
                          maps, iterators, initType, lanes);
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
    // Products in a dot-product layout first (named matmuls of bf16 and
    // byte generics), the other matmuls in panels.
    SmallVector<linalg::LinalgOp> products;
    getOperation().walk([&](linalg::LinalgOp product) {
      if (isa<linalg::MatmulOp, linalg::GenericOp>(product))
        products.push_back(product);
    });
    for (linalg::LinalgOp product : products) {
      int64_t group =
          getDotProductGroup(product, int8DotProducts, bf16DotProducts);
      if (group != 0 &&
          succeeded(packForDotProducts(rewriter, product, group, panelBytes)))
        continue;
      if (auto matmul = dyn_cast<linalg::MatmulOp>(product.getOperation()))
        (void)packWeights(rewriter, matmul, panelBytes);
    }
  }
};

} // namespace
