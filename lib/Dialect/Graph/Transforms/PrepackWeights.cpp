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

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstring>

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHPREPACKWEIGHTSPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

/// The alignment of new dense_resource blobs: a cache line, as the module's
/// constant pool aligns constants.
static constexpr size_t kBlobAlignment = 64;

/// Copies `source` (row-major, of `shape`, `elementSize` bytes an element)
/// into `dest` transposed by `perm`: dest dim i is source dim perm[i]. Walks
/// the destination in order with an odometer over the source strides, so
/// every destination byte is written once and sequentially.
static void transposeBytes(ArrayRef<char> source, MutableArrayRef<char> dest,
                           ArrayRef<int64_t> shape, ArrayRef<int64_t> perm,
                           size_t elementSize) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sourceStrides(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    sourceStrides[dim] = sourceStrides[dim + 1] * shape[dim + 1];
  // The destination's sizes and, per destination dim, the source stride.
  SmallVector<int64_t> sizes, strides;
  for (int64_t dim : perm) {
    sizes.push_back(shape[dim]);
    strides.push_back(sourceStrides[dim]);
  }
  int64_t numElements = dest.size() / elementSize;
  SmallVector<int64_t> index(rank, 0);
  int64_t offset = 0; // The source element of `index`.
  const char *in = source.data();
  char *out = dest.data();
  for (int64_t element = 0; element < numElements; ++element) {
    std::memcpy(out + element * elementSize, in + offset * elementSize,
                elementSize);
    // Advance the odometer, innermost destination dim first.
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      offset += strides[dim];
      if (++index[dim] < sizes[dim])
        break;
      offset -= strides[dim] * sizes[dim];
      index[dim] = 0;
    }
  }
}

/// A constant of `resultType` (same element type as `value`) whose bytes
/// `fill` writes from `value`'s, of the same kind as `value`: a dense
/// attribute gives a dense attribute (a splat is expanded first), a
/// dense_resource blob a new blob (the old name plus `suffix`). Fails on
/// anything else: packed i1 data, element types that are not a whole number
/// of bytes, a missing or wrongly sized blob.
static FailureOr<ElementsAttr> rewriteConstantBytes(
    ElementsAttr value, RankedTensorType resultType, StringRef suffix,
    llvm::function_ref<void(ArrayRef<char>, MutableArrayRef<char>)> fill) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || !resultType.hasStaticShape())
    return failure();
  Type elementType = type.getElementType();
  if (!elementType.isIntOrFloat() || elementType.getIntOrFloatBitWidth() % 8 ||
      resultType.getElementType() != elementType)
    return failure();
  size_t elementSize = elementType.getIntOrFloatBitWidth() / 8;
  size_t byteSize = static_cast<size_t>(type.getNumElements()) * elementSize;
  size_t resultSize =
      static_cast<size_t>(resultType.getNumElements()) * elementSize;

  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    ArrayRef<char> raw = dense.getRawData();
    std::vector<char> splat;
    if (dense.isSplat() && raw.size() == elementSize) {
      splat.resize(byteSize);
      for (size_t offset = 0; offset < byteSize; offset += elementSize)
        std::memcpy(splat.data() + offset, raw.data(), elementSize);
      raw = splat;
    }
    if (raw.size() != byteSize)
      return failure();
    std::vector<char> bytes(resultSize);
    fill(raw, bytes);
    return ElementsAttr(DenseElementsAttr::getFromRawBuffer(resultType, bytes));
  }

  auto resource = dyn_cast<DenseResourceElementsAttr>(value);
  if (!resource)
    return failure();
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob || blob->getData().size() != byteSize)
    return failure();
  AsmResourceBlob rewritten =
      HeapAsmResourceBlob::allocate(resultSize, kBlobAlignment);
  fill(blob->getData(), rewritten.getMutableData());
  std::string name = (resource.getRawHandle().getKey() + suffix).str();
  return ElementsAttr(
      DenseResourceElementsAttr::get(resultType, name, std::move(rewritten)));
}

/// `value`, its elements viewed as an array of `shape` (row-major; the
/// constant's own shape when empty), transposed by `perm` into `resultType`,
/// of the same kind (see rewriteConstantBytes; a splat stays a splat).
static FailureOr<ElementsAttr>
transposeConstant(ElementsAttr value, ArrayRef<int64_t> perm,
                  RankedTensorType resultType, ArrayRef<int64_t> shape = {},
                  StringRef suffix = "_transposed") {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || !resultType.hasStaticShape())
    return failure();
  if (shape.empty())
    shape = type.getShape();
  if (perm.size() != shape.size() ||
      ShapedType::getNumElements(shape) != type.getNumElements() ||
      resultType.getNumElements() != type.getNumElements())
    return failure();
  if (auto dense = dyn_cast<DenseElementsAttr>(value); dense && dense.isSplat())
    return ElementsAttr(dense.reshape(resultType));
  size_t elementSize = type.getElementTypeBitWidth() / 8;
  return rewriteConstantBytes(
      value, resultType, suffix,
      [&](ArrayRef<char> source, MutableArrayRef<char> dest) {
        transposeBytes(source, dest, shape, perm, elementSize);
      });
}

/// `weight`, a [K, N] constant, as [panels, K, width] panels: panel p, row k
/// holds columns [p * width, (p + 1) * width) of row k, the columns past N
/// (when panels * width > N) zero.
static FailureOr<ElementsAttr> packPanels(ElementsAttr weight, int64_t width,
                                          int64_t panels) {
  auto type = cast<RankedTensorType>(weight.getType());
  int64_t k = type.getDimSize(0), n = type.getDimSize(1);
  auto resultType =
      RankedTensorType::get({panels, k, width}, type.getElementType());
  if (panels * width == n)
    return transposeConstant(weight, {1, 0, 2}, resultType, {k, panels, width},
                             "_panels");
  size_t elementSize = type.getElementTypeBitWidth() / 8;
  return rewriteConstantBytes(
      weight, resultType, "_panels",
      [&](ArrayRef<char> source, MutableArrayRef<char> dest) {
        std::fill(dest.begin(), dest.end(), 0);
        for (int64_t panel = 0; panel < panels; ++panel) {
          int64_t first = panel * width;
          int64_t columns = std::min(width, n - first);
          for (int64_t row = 0; row < k && columns > 0; ++row)
            std::memcpy(dest.data() + ((panel * k + row) * width) * elementSize,
                        source.data() + (row * n + first) * elementSize,
                        columns * elementSize);
        }
      });
}

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
        transposeConstant(weight, {1, 0}, resultType);
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
    FailureOr<ElementsAttr> packed = packPanels(weight, width, panels);
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
        transposeConstant(value, op.getPerm(), resultType);
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
