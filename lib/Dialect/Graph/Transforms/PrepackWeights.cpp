//===- PrepackWeights.cpp - Lay constant weights out as kernels read them -===//
//
// graph-prepack-weights: a graph.linear whose B operand is a constant read
// transposed (ONNX Gemm with transB = 1 and a [N, K] initializer, the form
// every exported fully connected layer takes) would lower to a contraction
// that reads B across its rows, k contiguous and vectors running along n:
// a strided gather per vector, several times slower than a row-major
// product. The weight is a compile-time constant, so it is transposed here,
// once, and the linear reads it untransposed. graph.transpose of a constant
// is folded the same way, so graph.matmul(x, transpose(W)) (ONNX MatMul of
// a transposed initializer) gets a plain constant too.
//
// With `panel-bytes`, a matrix-vector product on a constant weight (linear
// of a [1, K] input and a [K, N] weight, as in batch-1 fully connected
// layers) also gets its weight in panel-major order, [N / P][K][P] for a
// panel of P columns (P elements make `panel-bytes`): the product becomes a
// graph.matmul broadcasting the input over the panels, [N / P, 1, P], and a
// reshape to [1, N]. Such a product reads every weight once, so it is bound
// by memory bandwidth; a kernel computing one panel streams one contiguous
// block (K rows of P), where the row-major weight gave it P-element pieces
// of every row, N elements apart. Measured on this machine (AVX-512, 1
// thread): 1x2048x2048 f32 from 300 to 237 us; 1x2048x8192 (64 MB, beyond
// the caches) from 5.7 to 2.7 ms, against 2.1 for OpenBLAS's sgemv.
//
// The transpose works on the raw bytes of the constant, not through the
// reference evaluator's doubles: a 2048x2048 f32 weight takes milliseconds,
// there is no element limit as in graph-fold-constants, and the result keeps
// the constant's kind: a dense_resource blob stays a (new) dense_resource
// blob, so big weights never become inline dense attributes.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Dialect/Graph/Transforms/Patterns.h"
#include "strata/Support/ConstantLayout.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHPREPACKWEIGHTSPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

namespace {
/// linear(a, constant b) {trans_b} -> linear(a, transpose(b)) without
/// trans_b, the transpose computed now.
struct PrepackLinearWeight : OpRewritePattern<LinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinearOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getTransB())
      return rewriter.notifyMatchFailure(op, "B is not read transposed");
    ElementsAttr weight;
    if (!matchPattern(op.getB(), m_Constant(&weight)))
      return rewriter.notifyMatchFailure(op, "B is not a constant");
    auto type = dyn_cast<RankedTensorType>(weight.getType());
    if (!type || type.getRank() != 2 || !type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "B is not a static matrix");
    auto resultType = RankedTensorType::get(
        {type.getDimSize(1), type.getDimSize(0)}, type.getElementType());
    FailureOr<ElementsAttr> transposed =
        strata::transposeConstant(weight, {1, 0}, resultType);
    if (failed(transposed))
      return rewriter.notifyMatchFailure(op, "cannot transpose the constant");
    Value packed =
        ConstantOp::create(rewriter, op.getB().getLoc(), *transposed);
    rewriter.modifyOpInPlace(op, [&] {
      op.getBMutable().assign(packed);
      op.setTransB(false);
    });
    return success();
  }
};

/// The smallest number of panels a weight is cut into: two threads get two
/// panels each, so that the grid of a launch stays balanced.
constexpr int64_t kMinPanels = 4;

/// linear(a [1, K], constant b [K, N], bias) ->
///   add(reshape(matmul(a, panels(b)) [N / P, 1, P], [1, N]), bias)
/// where panels(b) is b in panel-major order [N / P][K][P] (see the file
/// comment). P is the widest of `maxWidth`, maxWidth / 2, ..., maxWidth / 8
/// that divides N into at least kMinPanels panels, else the widest that
/// makes at least kMinPanels panels of N zero-padded to a multiple of P
/// (then the product is sliced back to N columns) with at most N / 8
/// padding columns; a linear no width fits is left alone.
struct PackMatvecWeightInPanels : OpRewritePattern<LinearOp> {
  PackMatvecWeightInPanels(MLIRContext *ctx, int64_t panelBytes)
      : OpRewritePattern(ctx), panelBytes(panelBytes) {}

  LogicalResult matchAndRewrite(LinearOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getTransA() || op.getTransB())
      return rewriter.notifyMatchFailure(op, "an operand is read transposed");
    if (op.getAlpha().convertToFloat() != 1.0f ||
        (op.getBias() && op.getBeta().convertToFloat() != 1.0f))
      return rewriter.notifyMatchFailure(op, "alpha or beta is not 1");
    auto aType = dyn_cast<RankedTensorType>(op.getA().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!aType || aType.getRank() != 2 || aType.getDimSize(0) != 1 ||
        !resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a product of one row");
    ElementsAttr weight;
    if (!matchPattern(op.getB(), m_Constant(&weight)))
      return rewriter.notifyMatchFailure(op, "B is not a constant");
    auto type = dyn_cast<RankedTensorType>(weight.getType());
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        type.getDimSize(0) != aType.getDimSize(1))
      return rewriter.notifyMatchFailure(op, "B is not a static [K, N]");
    Type elementType = type.getElementType();
    if (!elementType.isIntOrFloat() || elementType.getIntOrFloatBitWidth() % 8)
      return rewriter.notifyMatchFailure(op, "elements are not whole bytes");
    int64_t n = type.getDimSize(1);
    int64_t maxWidth = panelBytes / (elementType.getIntOrFloatBitWidth() / 8);
    int64_t minWidth = std::max<int64_t>(1, maxWidth / 8);
    // The widest width dividing N into enough panels; else the widest whose
    // zero-padded last panel adds at most an eighth to the weight (1000
    // columns: 4 panels of 256).
    int64_t width = 0;
    for (int64_t candidate = maxWidth; candidate >= minWidth && !width;
         candidate /= 2)
      if (n % candidate == 0 && n / candidate >= kMinPanels)
        width = candidate;
    for (int64_t candidate = maxWidth; candidate >= minWidth && !width;
         candidate /= 2) {
      int64_t count = llvm::divideCeil(n, candidate);
      if (count >= kMinPanels && (count * candidate - n) * 8 <= n)
        width = candidate;
    }
    if (width == 0)
      return rewriter.notifyMatchFailure(op, "no panel width fits N");
    int64_t panels = llvm::divideCeil(n, width);
    FailureOr<ElementsAttr> packed =
        strata::packConstantPanels(weight, width, panels);
    if (failed(packed))
      return rewriter.notifyMatchFailure(op, "cannot repack the constant");

    Location loc = op.getLoc();
    Value panelWeight =
        ConstantOp::create(rewriter, op.getB().getLoc(), *packed);
    auto productType = RankedTensorType::get({panels, 1, width}, elementType);
    Value product =
        MatmulOp::create(rewriter, loc, productType, op.getA(), panelWeight);
    int64_t paddedN = panels * width;
    auto shapeType = RankedTensorType::get({2}, rewriter.getI64Type());
    Value shape =
        ConstantOp::create(rewriter, loc,
                           ElementsAttr(DenseIntElementsAttr::get(
                               shapeType, ArrayRef<int64_t>{1, paddedN})));
    auto paddedType = RankedTensorType::get({1, paddedN}, elementType);
    Value result = ReshapeOp::create(rewriter, loc, paddedType, product, shape);
    if (paddedN != n)
      result = SliceOp::create(rewriter, loc, resultType, result,
                               rewriter.getDenseI64ArrayAttr({0}),
                               rewriter.getDenseI64ArrayAttr({n}),
                               rewriter.getDenseI64ArrayAttr({1}),
                               /*steps=*/nullptr);
    if (Value bias = op.getBias())
      result = AddOp::create(rewriter, loc, resultType, result, bias);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  int64_t panelBytes;
};

/// transpose(constant) -> constant, for constants of any size and kind.
struct FoldTransposeOfConstant : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    ElementsAttr value;
    if (!matchPattern(op.getInput(), m_Constant(&value)))
      return rewriter.notifyMatchFailure(op, "the input is not a constant");
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    auto inputType = dyn_cast<RankedTensorType>(value.getType());
    if (!resultType || !inputType ||
        resultType.getElementType() != inputType.getElementType())
      return rewriter.notifyMatchFailure(op, "unexpected types");
    // The result must be the permuted input type exactly (a constant's
    // type is its attribute's); a less refined declared type waits for
    // shape inference.
    SmallVector<int64_t> shape;
    for (int64_t dim : op.getPerm()) {
      if (dim < 0 || dim >= inputType.getRank())
        return rewriter.notifyMatchFailure(op, "invalid perm");
      shape.push_back(inputType.getDimSize(dim));
    }
    if (RankedTensorType::get(shape, inputType.getElementType()) != resultType)
      return rewriter.notifyMatchFailure(op, "result type not refined");
    FailureOr<ElementsAttr> transposed =
        strata::transposeConstant(value, op.getPerm(), resultType);
    if (failed(transposed))
      return rewriter.notifyMatchFailure(op, "cannot transpose the constant");
    rewriter.replaceOp(op,
                       ConstantOp::create(rewriter, op.getLoc(), *transposed));
    return success();
  }
};

struct GraphPrepackWeightsPass
    : strata::graph::impl::GraphPrepackWeightsPassBase<
          GraphPrepackWeightsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGraphPrepackWeightsPatterns(patterns, panelBytes);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void strata::graph::populateGraphPrepackWeightsPatterns(
    RewritePatternSet &patterns, int64_t panelBytes) {
  patterns.add<PrepackLinearWeight, FoldTransposeOfConstant>(
      patterns.getContext());
  if (panelBytes > 0)
    patterns.add<PackMatvecWeightInPanels>(patterns.getContext(), panelBytes);
}
