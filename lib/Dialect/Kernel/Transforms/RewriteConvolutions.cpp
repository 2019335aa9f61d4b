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
  if (!conv.hasPureTensorSemantics())
    return failure();
  Value input = conv.getInputs()[0];
  Value filter = conv.getInputs()[1];
  Value init = conv.getOutputs()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  if (!filterType.hasStaticShape() || inputType.isDynamicDim(1) ||
      inputType.isDynamicDim(2) || inputType.isDynamicDim(3) ||
      initType.isDynamicDim(1) || initType.isDynamicDim(2) ||
      initType.isDynamicDim(3))
    return failure();
  SmallVector<int64_t> strides =
      llvm::to_vector(conv.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations =
      llvm::to_vector(conv.getDilations().getValues<int64_t>());
  int64_t c = filterType.getDimSize(1), kh = filterType.getDimSize(2),
          kw = filterType.getDimSize(3), f = filterType.getDimSize(0);
  int64_t oh = initType.getDimSize(2), ow = initType.getDimSize(3);
  int64_t k = c * kh * kw, p = oh * ow;
  if (k == 0 || p == 0 || f == 0)
    return failure();
  bool unitBatch = inputType.getDimSize(0) == 1;
  Location loc = conv.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Type elementType = inputType.getElementType();
  rewriter.setInsertionPoint(conv);

  // The matrix of windows, [N, K, P] ([K, P] for a unit batch).
  Value col;
  bool pointwise = kh == 1 && kw == 1 && strides[0] == 1 && strides[1] == 1 &&
                   inputType.getDimSize(2) == oh &&
                   inputType.getDimSize(3) == ow;
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

struct KernelRewriteConvolutionsPass
    : strata::kernel::impl::KernelRewriteConvolutionsPassBase<
          KernelRewriteConvolutionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation().walk(
        [&](linalg::Conv2DNchwFchwOp conv) { convs.push_back(conv); });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNchwFchwOp conv : convs)
      (void)rewriteConv2DNchwFchw(rewriter, conv);
  }
};

} // namespace
