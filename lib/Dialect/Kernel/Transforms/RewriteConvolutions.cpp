//===- RewriteConvolutions.cpp - Convolutions as matrix products ----------===//
//
// Implements kernel-rewrite-convolutions: NCHW convolutions become an im2col
// copy plus a matrix product, which the contraction schedule turns into
// register-blocked, vectorized code (the direct convolution only vectorizes
// one output row at a time). oneDNN and onnxruntime do the same for NCHW
// ("gemm:jit" / MlasConv). A 1x1 convolution with unit strides needs no
// copy: its input already is the matrix.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELREWRITECONVOLUTIONSPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// The operands of a 2-D convolution on tensors with static sizes but for
/// the batch (dim 0), with its strides, dilations and sizes: filters F,
/// channels C, window KH x KW, (padded) input H x W, output OH x OW.
struct ConvOperands {
  Value input, filter, init;
  RankedTensorType inputType, filterType, initType;
  SmallVector<int64_t> strides, dilations;
  int64_t f, c, kh, kw, h, w, oh, ow;
  bool unitBatch;
  /// A 1x1 window with unit strides over the whole input: the input is the
  /// matrix of windows already.
  bool pointwise;
};

/// `conv`'s ConvOperands (NCHW input, FCHW filter, or NHWC input, FHWC
/// filter), or failure when it is not on tensors, a size other than the
/// batch is dynamic, or the product would be empty.
template <typename ConvOp>
FailureOr<ConvOperands> getStaticConvOperands(ConvOp conv, bool nhwc) {
  if (!conv.hasPureTensorSemantics())
    return failure();
  ConvOperands operands;
  operands.input = conv.getInputs()[0];
  operands.filter = conv.getInputs()[1];
  operands.init = conv.getOutputs()[0];
  operands.inputType = cast<RankedTensorType>(operands.input.getType());
  operands.filterType = cast<RankedTensorType>(operands.filter.getType());
  operands.initType = cast<RankedTensorType>(operands.init.getType());
  for (RankedTensorType type : {operands.inputType, operands.initType})
    for (int64_t dim = 1; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        return failure();
  if (!operands.filterType.hasStaticShape())
    return failure();
  DenseIntElementsAttr strides = conv.getStrides();
  DenseIntElementsAttr dilations = conv.getDilations();
  operands.strides = llvm::to_vector(strides.getValues<int64_t>());
  operands.dilations = llvm::to_vector(dilations.getValues<int64_t>());
  unsigned channel = nhwc ? 3 : 1, height = nhwc ? 1 : 2;
  operands.f = operands.filterType.getDimSize(0);
  operands.c = operands.filterType.getDimSize(channel);
  operands.kh = operands.filterType.getDimSize(height);
  operands.kw = operands.filterType.getDimSize(height + 1);
  operands.h = operands.inputType.getDimSize(height);
  operands.w = operands.inputType.getDimSize(height + 1);
  operands.oh = operands.initType.getDimSize(height);
  operands.ow = operands.initType.getDimSize(height + 1);
  operands.unitBatch = operands.inputType.getDimSize(0) == 1;
  operands.pointwise = operands.kh == 1 && operands.kw == 1 &&
                       operands.strides[0] == 1 && operands.strides[1] == 1 &&
                       operands.h == operands.oh && operands.w == operands.ow;
  if (operands.f * operands.c * operands.kh * operands.kw * operands.oh *
          operands.ow ==
      0)
    return failure();
  return operands;
}

/// Rewrites `conv` (linalg.conv_2d_nchw_fchw of a padded input X[N,C,H,W]
/// and a filter W[F,C,KH,KW] into init[N,F,OH,OW]) into
///   col[N,C,KH,KW,OH,OW] = X[n, c, oh*sh + kh*dh, ow*sw + kw*dw]
///   out[N,F,OH*OW] = W[F, C*KH*KW] x col[N, C*KH*KW, OH*OW] + init
/// and an expand_shape of `out` back to [N,F,OH,OW]. The product is a
/// linalg.generic with the convolution's own body (so any element casts
/// stay), batch dim dropped when N is statically 1. Needs static C, F, KH,
/// KW, OH and OW (N may be dynamic). Returns failure when it does not apply.
LogicalResult rewriteConv2DNchwFchw(RewriterBase &rewriter,
                                    linalg::Conv2DNchwFchwOp conv) {
  FailureOr<ConvOperands> operands =
      getStaticConvOperands(conv, /*nhwc=*/false);
  if (failed(operands))
    return failure();
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] =
      *operands;
  Location loc = conv.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Type elementType = inputType.getElementType();
  rewriter.setInsertionPoint(conv);

  // The matrix of windows, [N, K, P] ([K, P] for a unit batch).
  Value col;
  if (pointwise) {
    col = tensor::CollapseShapeOp::create(
        rewriter, loc, input,
        unitBatch ? SmallVector<ReassociationIndices>{{0, 1}, {2, 3}}
                  : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  } else {
    SmallVector<OpFoldResult> colSizes = {
        tensor::getMixedSize(rewriter, loc, input, 0),
        rewriter.getIndexAttr(c),
        rewriter.getIndexAttr(kh),
        rewriter.getIndexAttr(kw),
        rewriter.getIndexAttr(oh),
        rewriter.getIndexAttr(ow)};
    Value empty = tensor::EmptyOp::create(rewriter, loc, colSizes, elementType);
    // Loops (n, c, kh, kw, oh, ow).
    AffineExpr n = getAffineDimExpr(0, ctx), ci = getAffineDimExpr(1, ctx),
               khi = getAffineDimExpr(2, ctx), kwi = getAffineDimExpr(3, ctx),
               ohi = getAffineDimExpr(4, ctx), owi = getAffineDimExpr(5, ctx);
    SmallVector<AffineMap> maps = {
        AffineMap::get(6, 0,
                       {n, ci, ohi * strides[0] + khi * dilations[0],
                        owi * strides[1] + kwi * dilations[1]},
                       ctx),
        AffineMap::getMultiDimIdentityMap(6, ctx)};
    SmallVector<utils::IteratorType> iterators(6,
                                               utils::IteratorType::parallel);
    Value windows =
        linalg::GenericOp::create(
            rewriter, loc, empty.getType(), input, empty, maps, iterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(b, loc, args[0]);
            })
            .getResult(0);
    col = tensor::CollapseShapeOp::create(
        rewriter, loc, windows,
        unitBatch ? SmallVector<ReassociationIndices>{{0, 1, 2, 3}, {4, 5}}
                  : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}, {4, 5}});
  }
  Value matrix = tensor::CollapseShapeOp::create(
      rewriter, loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
  SmallVector<ReassociationIndices> outReassociation =
      unitBatch ? SmallVector<ReassociationIndices>{{0, 1}, {2, 3}}
                : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}};
  Value acc =
      tensor::CollapseShapeOp::create(rewriter, loc, init, outReassociation);

  // The product: loops ([n,] f, p, k), reduction over k.
  unsigned numLoops = unitBatch ? 3 : 4;
  unsigned first = unitBatch ? 0 : 1;
  AffineExpr fi = getAffineDimExpr(first, ctx),
             pi = getAffineDimExpr(first + 1, ctx),
             ki = getAffineDimExpr(first + 2, ctx);
  SmallVector<AffineExpr> colExprs, accExprs;
  if (!unitBatch) {
    colExprs.push_back(getAffineDimExpr(0, ctx));
    accExprs.push_back(getAffineDimExpr(0, ctx));
  }
  colExprs.append({ki, pi});
  accExprs.append({fi, pi});
  // The filter is the left operand: contraction dims are inferred from the
  // operand order (m from the first, n from the second), and the schedule
  // vectorizes n, which must be the contiguous P.
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, {fi, ki}, ctx),
                                 AffineMap::get(numLoops, 0, colExprs, ctx),
                                 AffineMap::get(numLoops, 0, accExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  // The convolution's body; its arguments are (input, filter, acc), ours
  // (filter, input, acc).
  Block &body = conv->getRegion(0).front();
  auto product = linalg::GenericOp::create(
      rewriter, loc, acc.getType(), ValueRange{matrix, col}, acc, maps,
      iterators, [&](OpBuilder &b, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body.getArgument(0), args[1]);
        mapping.map(body.getArgument(1), args[0]);
        mapping.map(body.getArgument(2), args[2]);
        for (Operation &op : body) {
          Operation *clone = b.clone(op, mapping);
          // The products as filter * input, so that the vector contraction
          // made of the tile has the filter on the left too (the outer
          // product lowering handles that order without transposes).
          if (isa<arith::MulFOp, arith::MulIOp>(clone) &&
              clone->getOperand(0) ==
                  mapping.lookupOrNull(body.getArgument(0)) &&
              clone->getOperand(1) ==
                  mapping.lookupOrNull(body.getArgument(1))) {
            Value lhs = clone->getOperand(0);
            clone->setOperand(0, clone->getOperand(1));
            clone->setOperand(1, lhs);
          }
        }
      });
  SmallVector<OpFoldResult> outShape =
      tensor::getMixedSizes(rewriter, loc, init);
  Value result = tensor::ExpandShapeOp::create(rewriter, loc, initType,
                                               product.getResult(0),
                                               outReassociation, outShape);
  rewriter.replaceOp(conv, result);
  return success();
}

/// The constant `filter` ([F, KH, KW, C]) relaid at compile time as panels
/// [F/width, K, width] (K = KH*KW*C; panel q, row k holds filters
/// [q*width, (q+1)*width) of filter element k), a new constant of
/// `resultType` (width = F gives the [K, F] matrix). Null when the filter is
/// no constant or cannot be relaid (see strata::transposeConstant).
Value createConstantFilterPanels(RewriterBase &rewriter, Location loc,
                                 Value filter, int64_t width,
                                 RankedTensorType resultType,
                                 StringRef suffix) {
  auto constant = filter.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return Value();
  auto value = dyn_cast<ElementsAttr>(constant.getValue());
  if (!value)
    return Value();
  auto filterType = cast<RankedTensorType>(filter.getType());
  int64_t f = filterType.getDimSize(0);
  int64_t k = filterType.getNumElements() / f;
  // [F, K] viewed as [F/width, width, K], the last two dims swapped.
  FailureOr<ElementsAttr> relaid = strata::transposeConstant(
      value, {0, 2, 1}, resultType, {f / width, width, k}, suffix);
  if (failed(relaid))
    return Value();
  return arith::ConstantOp::create(rewriter, loc, resultType,
                                   cast<TypedAttr>(*relaid));
}

/// The [K, F] matrix of `filter` ([F, KH, KW, C], K = KH*KW*C): a new
/// constant when the filter is one (transposed at compile time), else a
/// linalg.transpose of the collapsed filter.
Value createTransposedFilterMatrix(RewriterBase &rewriter, Location loc,
                                   Value filter) {
  auto filterType = cast<RankedTensorType>(filter.getType());
  int64_t f = filterType.getDimSize(0);
  int64_t k = filterType.getNumElements() / f;
  auto resultType = RankedTensorType::get({k, f}, filterType.getElementType());
  if (Value constant = createConstantFilterPanels(rewriter, loc, filter, f,
                                                  resultType, "_kf"))
    return constant;
  Value matrix = tensor::CollapseShapeOp::create(
      rewriter, loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
  Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                        resultType.getElementType());
  return linalg::TransposeOp::create(rewriter, loc, matrix, empty,
                                     ArrayRef<int64_t>{1, 0})
      .getResult()[0];
}

/// Rewrites `conv` (linalg.conv_2d_nhwc_fhwc of a padded input X[N,H,W,C]
/// and a filter W[F,KH,KW,C] into init[N,OH,OW,F]) into
///   col[N,OH,OW,KH,KW,C] = X[n, oh*sh + kh*dh, ow*sw + kw*dw, c]
///   out[N,OH*OW,F] = col[N, OH*OW, KH*KW*C] x W^T[KH*KW*C, F] + init
/// and an expand_shape of `out` back to [N,OH,OW,F]. With few channels and
/// unit dilation the copy reads X with W and C collapsed instead,
/// col[N,OH,OW,KH,KW*C] = X'[n, oh*sh + kh*dh, ow*sw*C + j], one window row
/// being one contiguous run of KW*C elements. The pixels are the product's m
/// dim and the filters its vectorized n dim, which suits the small images of
/// late network stages (as oneDNN's and XNNPACK's NHWC paths). W^T is
/// transposed at compile time when the filter is a constant. Same static-shape
/// requirements as the NCHW form.
LogicalResult rewriteConv2DNhwcFhwc(RewriterBase &rewriter,
                                    linalg::Conv2DNhwcFhwcOp conv,
                                    int64_t panelBytes) {
  FailureOr<ConvOperands> operands = getStaticConvOperands(conv, /*nhwc=*/true);
  if (failed(operands))
    return failure();
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] =
      *operands;
  Location loc = conv.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Type elementType = inputType.getElementType();
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  rewriter.setInsertionPoint(conv);

  // The matrix of windows, [N, P, K] ([P, K] for a unit batch).
  Value col;
  if (pointwise) {
    col = tensor::CollapseShapeOp::create(
        rewriter, loc, input,
        unitBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
                  : SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}});
  } else {
    // Channels narrower than a cache line (an RGB image's 3) are copied as
    // runs of KW*C elements of the [H, W*C] input. Wider ones are runs
    // already, and reading the image unreshaped keeps its producers in the
    // [N, H, W, C] shape that the products write ([N, OH*OW, F]), so that a
    // residual add between two convolutions fuses into the first one.
    bool rowsAreRuns = dilations[1] == 1 && c * elementBytes < 64;
    Value source = input;
    SmallVector<OpFoldResult> colSizes = {
        tensor::getMixedSize(rewriter, loc, input, 0),
        rewriter.getIndexAttr(oh), rewriter.getIndexAttr(ow),
        rewriter.getIndexAttr(kh)};
    AffineExpr n = getAffineDimExpr(0, ctx), ohi = getAffineDimExpr(1, ctx),
               owi = getAffineDimExpr(2, ctx), khi = getAffineDimExpr(3, ctx),
               d4 = getAffineDimExpr(4, ctx);
    AffineExpr rowExpr = ohi * strides[0] + khi * dilations[0];
    AffineMap readMap;
    if (rowsAreRuns) {
      source = tensor::CollapseShapeOp::create(
          rewriter, loc, input,
          SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
      colSizes.push_back(rewriter.getIndexAttr(kw * c));
      readMap =
          AffineMap::get(5, 0, {n, rowExpr, owi * (strides[1] * c) + d4}, ctx);
    } else {
      colSizes.append({rewriter.getIndexAttr(kw), rewriter.getIndexAttr(c)});
      readMap =
          AffineMap::get(6, 0,
                         {n, rowExpr, owi * strides[1] + d4 * dilations[1],
                          getAffineDimExpr(5, ctx)},
                         ctx);
    }
    unsigned numLoops = colSizes.size();
    Value empty = tensor::EmptyOp::create(rewriter, loc, colSizes, elementType);
    SmallVector<AffineMap> maps = {
        readMap, AffineMap::getMultiDimIdentityMap(numLoops, ctx)};
    SmallVector<utils::IteratorType> iterators(numLoops,
                                               utils::IteratorType::parallel);
    Value windows =
        linalg::GenericOp::create(
            rewriter, loc, empty.getType(), source, empty, maps, iterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(b, loc, args[0]);
            })
            .getResult(0);
    ReassociationIndices kDims =
        llvm::to_vector(llvm::seq<int64_t>(3, static_cast<int64_t>(numLoops)));
    col = tensor::CollapseShapeOp::create(
        rewriter, loc, windows,
        unitBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, kDims}
                  : SmallVector<ReassociationIndices>{{0}, {1, 2}, kDims});
  }
  // The filter: panels [F/P, K, P] of a constant filter when asked for and
  // P divides F, else [K, F].
  int64_t panelWidth =
      panelBytes > 0 && elementBytes > 0 ? panelBytes / elementBytes : 0;
  Value panels;
  if (panelWidth > 1 && f % panelWidth == 0 && f > panelWidth)
    panels = createConstantFilterPanels(
        rewriter, loc, filter, panelWidth,
        RankedTensorType::get({f / panelWidth, c * kh * kw, panelWidth},
                              elementType),
        "_panels");
  Value matrix =
      panels ? Value() : createTransposedFilterMatrix(rewriter, loc, filter);
  SmallVector<ReassociationIndices> outReassociation =
      unitBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
                : SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}};
  Value acc =
      tensor::CollapseShapeOp::create(rewriter, loc, init, outReassociation);
  // With panels the product writes [[N,] P, F/P, P] (a view of [[N,] P, F]).
  SmallVector<ReassociationIndices> panelReassociation =
      unitBatch ? SmallVector<ReassociationIndices>{{0}, {1, 2}}
                : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}};
  if (panels) {
    SmallVector<int64_t> shape(
        cast<RankedTensorType>(acc.getType()).getShape());
    shape.back() = f / panelWidth;
    shape.push_back(panelWidth);
    SmallVector<OpFoldResult> mixedShape =
        tensor::getMixedSizes(rewriter, loc, acc);
    mixedShape.back() = rewriter.getIndexAttr(f / panelWidth);
    mixedShape.push_back(rewriter.getIndexAttr(panelWidth));
    acc = tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, elementType), acc,
        panelReassociation, mixedShape);
  }

  // The product: loops ([n,] p, f, k), or ([n,] p, panel, lane, k) with
  // panels; reduction over k.
  unsigned batchLoops = unitBatch ? 0 : 1;
  unsigned numLoops = batchLoops + (panels ? 4 : 3);
  SmallVector<AffineExpr> loops;
  for (unsigned i = 0; i < numLoops; ++i)
    loops.push_back(getAffineDimExpr(i, ctx));
  AffineExpr pi = loops[batchLoops], ki = loops.back();
  SmallVector<AffineExpr> colExprs, filterExprs, accExprs;
  if (!unitBatch) {
    colExprs.push_back(loops[0]);
    accExprs.push_back(loops[0]);
  }
  colExprs.append({pi, ki});
  if (panels) {
    AffineExpr panel = loops[batchLoops + 1], lane = loops[batchLoops + 2];
    filterExprs = {panel, ki, lane};
    accExprs.append({pi, panel, lane});
  } else {
    AffineExpr fi = loops[batchLoops + 1];
    filterExprs = {ki, fi};
    accExprs.append({pi, fi});
  }
  SmallVector<AffineMap> maps = {AffineMap::get(numLoops, 0, colExprs, ctx),
                                 AffineMap::get(numLoops, 0, filterExprs, ctx),
                                 AffineMap::get(numLoops, 0, accExprs, ctx)};
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  // The convolution's body, whose arguments (input, filter, acc) are ours.
  Block &body = conv->getRegion(0).front();
  auto product = linalg::GenericOp::create(
      rewriter, loc, acc.getType(), ValueRange{col, panels ? panels : matrix},
      acc, maps, iterators, [&](OpBuilder &b, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(body.getArguments(), args);
        for (Operation &op : body)
          b.clone(op, mapping);
      });
  Value productResult = product.getResult(0);
  if (panels)
    productResult = tensor::CollapseShapeOp::create(
        rewriter, loc, productResult, panelReassociation);
  SmallVector<OpFoldResult> outShape =
      tensor::getMixedSizes(rewriter, loc, init);
  Value result = tensor::ExpandShapeOp::create(
      rewriter, loc, initType, productResult, outReassociation, outShape);
  rewriter.replaceOp(conv, result);
  return success();
}

struct KernelRewriteConvolutionsPass
    : strata::kernel::impl::KernelRewriteConvolutionsPassBase<
          KernelRewriteConvolutionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> convs;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcFhwcOp>(op))
        convs.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *conv : convs) {
      if (auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(conv))
        (void)rewriteConv2DNchwFchw(rewriter, nchw);
      else
        (void)rewriteConv2DNhwcFhwc(
            rewriter, cast<linalg::Conv2DNhwcFhwcOp>(conv), panelBytes);
    }
  }
};

} // namespace
