//===- FoldQuantizedProducts.cpp - Products of dequantized bytes ----------===//
//
// graph-fold-quantized-products (see Passes.td): a matmul or linear of two
// dequantized byte tensors, mul(sub(cast(q), cast(zp)), scale), becomes the
// exact i32 product of the bytes, the zero points' correction terms, and
// one scaling by the product of the scales.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHFOLDQUANTIZEDPRODUCTSPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

namespace {

/// A dequantized tensor (q - zeroPoint) * scale: q of 8-bit integers, the
/// zero point an integer tensor (null: 0) and the scale a float one.
struct Dequantized {
  Value bytes;
  Value zeroPoint;
  Value scale;
};

bool isBytes(Type type) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return integer && integer.getWidth() == 8;
}

/// The integer tensor `value` converts to float, or null.
Value getIntegerSource(Value value) {
  auto cast = value.getDefiningOp<CastOp>();
  if (!cast || !isa<IntegerType>(getElementTypeOrSelf(cast.getInput())))
    return nullptr;
  return cast.getInput();
}

/// Matches bytes shifted by a zero point in `value`'s type:
/// sub(cast(q), cast(zp)) or cast(q), q of 8-bit integers of the value's
/// shape (the scale is left null).
std::optional<Dequantized> matchShifted(Value shifted) {
  Dequantized result;
  if (auto sub = shifted.getDefiningOp<SubOp>()) {
    result.bytes = getIntegerSource(sub.getLhs());
    result.zeroPoint = getIntegerSource(sub.getRhs());
    if (!result.zeroPoint)
      return std::nullopt;
    // A zero point of 0 (symmetric weights) has no terms.
    if (matchPattern(result.zeroPoint, m_Zero()))
      result.zeroPoint = nullptr;
  } else {
    result.bytes = getIntegerSource(shifted);
  }
  if (!result.bytes || !isBytes(result.bytes.getType()) ||
      cast<ShapedType>(result.bytes.getType()).getShape() !=
          cast<ShapedType>(shifted.getType()).getShape())
    return std::nullopt;
  return result;
}

/// Matches the importer's DequantizeLinear of `value`:
/// mul(sub(cast(q), cast(zp)), scale) or mul(cast(q), scale), either
/// operand order of the mul; q of the value's shape.
std::optional<Dequantized> matchDequantized(Value value) {
  auto mul = value.getDefiningOp<MulOp>();
  if (!mul)
    return std::nullopt;
  for (auto [shifted, scale] : {std::pair(mul.getLhs(), mul.getRhs()),
                                std::pair(mul.getRhs(), mul.getLhs())}) {
    if (shifted.getType() != value.getType())
      continue;
    if (std::optional<Dequantized> result = matchShifted(shifted)) {
      result->scale = scale;
      return result;
    }
  }
  return std::nullopt;
}

/// Whether `value` has one element (rank 0 or every dim 1): per-tensor.
bool isPerTensor(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type &&
         llvm::all_of(type.getShape(), [](int64_t size) { return size == 1; });
}

/// Whether `value` (a scale or zero point of B [K, N]) is per tensor or
/// per column: [N] or [1, N] (`transposed`: B is read as [N, K], and the
/// parameter is [N, 1]).
bool isPerColumn(Value value, int64_t columns, bool transposed) {
  if (isPerTensor(value))
    return true;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || ShapedType::isDynamic(columns))
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  if (transposed)
    return shape.size() == 2 && shape[0] == columns && shape[1] == 1;
  return (shape.size() == 1 && shape[0] == columns) ||
         (shape.size() == 2 && shape[0] == 1 && shape[1] == columns);
}

/// The sums over K of `bytes`, a constant matrix [K, N] ([N, K] when
/// `transposed`), as a [1, N] i32 constant; null when it is not a constant
/// matrix.
DenseElementsAttr getConstantColumnSums(Value bytes, bool transposed) {
  ElementsAttr value;
  if (!matchPattern(bytes, m_Constant(&value)))
    return nullptr;
  FailureOr<EvalTensor> tensor = EvalTensor::fromAttr(value);
  if (failed(tensor) || tensor->getRank() != 2)
    return nullptr;
  int64_t rows = tensor->getShape()[0], cols = tensor->getShape()[1];
  int64_t n = transposed ? rows : cols;
  SmallVector<int32_t> sums(n, 0);
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col)
      sums[transposed ? row : col] +=
          static_cast<int32_t>(tensor->getInt(row * cols + col));
  auto type =
      RankedTensorType::get({1, n}, IntegerType::get(bytes.getContext(), 32));
  return DenseElementsAttr::get(type, ArrayRef<int32_t>(sums));
}

/// The exact i32 product (qa - za) x (qb - zb) of shifted bytes `a` and
/// `b` (b read transposed when `transB`, a 2-D linear's weight), from the
/// product of the bytes; then, with scales and a float `resultType`, that
/// product converted and scaled by scale_a * scale_b.
Value buildBytesProduct(PatternRewriter &rewriter, Location loc,
                        const Dequantized &a, const Dequantized &b, bool transB,
                        RankedTensorType resultType) {
  Type i32 = rewriter.getI32Type();
  auto toI32 = [&](Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return CastOp::create(rewriter, loc, type.clone(i32), value).getResult();
  };
  // A parameter of B [N, K] read transposed, [N, 1], as a [1, N] row.
  auto asRow = [&](Value value) -> Value {
    if (!transB || isPerTensor(value))
      return value;
    return TransposeOp::create(rewriter, loc, value,
                               rewriter.getDenseI64ArrayAttr({1, 0}));
  };
  Value qa = a.bytes;
  Value qb = b.bytes;
  if (transB)
    qb = TransposeOp::create(rewriter, loc, qb,
                             rewriter.getDenseI64ArrayAttr({1, 0}));
  Value product = MatmulOp::create(rewriter, loc, qa, qb);
  // (qa - za)(qb - zb) = qa qb - za colsum(qb) - zb rowsum(qa) + K za zb.
  Value za = a.zeroPoint ? toI32(a.zeroPoint) : Value();
  Value zb = b.zeroPoint ? toI32(asRow(b.zeroPoint)) : Value();
  int64_t rank = cast<RankedTensorType>(qb.getType()).getRank();
  if (za) {
    // A constant weight's column sums are computed now: graph-fold-constants
    // leaves tensors above its element limit (the weight widened to i32)
    // to run at every call.
    Value columns;
    if (DenseElementsAttr sums = getConstantColumnSums(b.bytes, transB))
      columns = ConstantOp::create(rewriter, loc, sums);
    else
      columns = ReduceSumOp::create(rewriter, loc, toI32(qb),
                                    rewriter.getDenseI64ArrayAttr({rank - 2}),
                                    rewriter.getBoolAttr(true));
    product = SubOp::create(rewriter, loc, product,
                            MulOp::create(rewriter, loc, za, columns));
  }
  if (zb) {
    Value rows = ReduceSumOp::create(rewriter, loc, toI32(qa),
                                     rewriter.getDenseI64ArrayAttr({-1}),
                                     rewriter.getBoolAttr(true));
    product = SubOp::create(rewriter, loc, product,
                            MulOp::create(rewriter, loc, zb, rows));
  }
  if (za && zb) {
    int64_t k = cast<RankedTensorType>(qa.getType()).getShape().back();
    Value size = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, i32),
                               rewriter.getI32IntegerAttr(k)));
    product =
        AddOp::create(rewriter, loc, product,
                      MulOp::create(rewriter, loc, size,
                                    MulOp::create(rewriter, loc, za, zb)));
  }
  if (!a.scale)
    return product;
  Value scaled = CastOp::create(rewriter, loc,
                                cast<RankedTensorType>(product.getType())
                                    .clone(resultType.getElementType()),
                                product);
  Value scale = MulOp::create(rewriter, loc, a.scale, asRow(b.scale));
  return MulOp::create(rewriter, loc, scaled, scale);
}

/// Checks what buildBytesProduct needs of A [.., M, K] and B [.., K, N]
/// ([N, K] when `transB`).
LogicalResult checkOperands(const Dequantized &a, const Dequantized &b,
                            bool transB) {
  auto aType = cast<RankedTensorType>(a.bytes.getType());
  auto bType = cast<RankedTensorType>(b.bytes.getType());
  if (aType.getRank() < 2 || bType.getRank() < 2)
    return failure();
  // The K * za * zb term needs a static K.
  if (a.zeroPoint && b.zeroPoint && aType.isDynamicDim(aType.getRank() - 1))
    return failure();
  // A's parameters per tensor; B's per tensor, or per column of a matrix.
  if ((a.scale && !isPerTensor(a.scale)) ||
      (a.zeroPoint && !isPerTensor(a.zeroPoint)))
    return failure();
  int64_t columns = bType.getDimSize(transB ? 0 : bType.getRank() - 1);
  bool matrix = bType.getRank() == 2;
  for (Value parameter : {b.scale, b.zeroPoint}) {
    if (!parameter)
      continue;
    if (matrix ? !isPerColumn(parameter, columns, transB)
               : !isPerTensor(parameter))
      return failure();
  }
  return success();
}

/// Whether `b` is a constant weight's dequantization. Float products of
/// two computed operands (attention's QK^T and PV) stay float: byte
/// products are fast only through the dot-product layout, which a weight
/// gets at compile time, and widening every byte to i32 made BERT's
/// attention products 10x slower than in f32.
bool isConstantWeight(const Dequantized &b) {
  return matchPattern(b.bytes, m_Constant());
}

/// Replaces `op` by `value`, through a tensor.cast where the types differ
/// in what they know of the shape.
void replaceWithCompatible(PatternRewriter &rewriter, Operation *op,
                           Value value) {
  Type type = op->getResult(0).getType();
  if (value.getType() != type)
    value = tensor::CastOp::create(rewriter, op->getLoc(), type, value);
  rewriter.replaceOp(op, value);
}

/// An i32 matmul of two computed tensors of shifted bytes (|q - zp| <=
/// 255: QLinearMatMul's attention products), with a static K small enough
/// that every sum stays below 2^24, computed in f32, which is exact there
/// and, without the dot-product layout of a constant weight, several times
/// faster than in i32; the result converted back.
LogicalResult computeExactlyInF32(PatternRewriter &rewriter, MatmulOp op) {
  constexpr int64_t kMaxExactSum = int64_t(1) << 24;
  auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
  int64_t k = lhsType.getShape().back();
  if (lhsType.getRank() < 2 || ShapedType::isDynamic(k) ||
      k * 255 * 255 >= kMaxExactSum)
    return rewriter.notifyMatchFailure(op, "sums may not be exact in f32");
  Location loc = op.getLoc();
  auto toF32 = [&](Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return CastOp::create(rewriter, loc, type.clone(rewriter.getF32Type()),
                          value)
        .getResult();
  };
  Value product =
      MatmulOp::create(rewriter, loc, toF32(op.getLhs()), toF32(op.getRhs()));
  rewriter.replaceOpWithNewOp<CastOp>(op, op.getType(), product);
  return success();
}

/// matmul(dequantized a, dequantized b) -> the scaled product of the bytes;
/// an i32 matmul of shifted bytes (ONNX MatMulInteger and QLinearMatMul
/// with zero points) -> the product of the bytes and the zero points'
/// terms.
struct FoldQuantizedMatmul : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    Type element = op.getType().getElementType();
    bool isFloat = isa<FloatType>(element);
    if (!isFloat && !element.isSignlessInteger(32))
      return rewriter.notifyMatchFailure(op, "not a float or i32 product");
    auto match = isFloat ? matchDequantized : matchShifted;
    std::optional<Dequantized> a = match(op.getLhs());
    std::optional<Dequantized> b = match(op.getRhs());
    if (isFloat && b && !isConstantWeight(*b))
      return rewriter.notifyMatchFailure(op, "B is computed");
    if (!isFloat && a && b && !isConstantWeight(*b))
      return computeExactlyInF32(rewriter, op);
    // Bytes cast to i32 alone are FoldIntegerProductCasts' (a
    // canonicalization).
    if (!isFloat && a && b && !a->zeroPoint && !b->zeroPoint)
      return rewriter.notifyMatchFailure(op, "no zero points");
    if (!a || !b || failed(checkOperands(*a, *b, /*transB=*/false)))
      return rewriter.notifyMatchFailure(op, "not dequantized bytes");
    replaceWithCompatible(rewriter, op,
                          buildBytesProduct(rewriter, op.getLoc(), *a, *b,
                                            /*transB=*/false, op.getType()));
    return success();
  }
};

/// linear(dequantized a, dequantized b, bias) (alpha = beta = 1, A not
/// transposed) -> the scaled product of the bytes, plus the bias.
struct FoldQuantizedLinear : OpRewritePattern<LinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinearOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<FloatType>(op.getType().getElementType()) || op.getTransA() ||
        op.getAlpha().convertToFloat() != 1.0f ||
        op.getBeta().convertToFloat() != 1.0f)
      return rewriter.notifyMatchFailure(op, "not a plain float product");
    std::optional<Dequantized> a = matchDequantized(op.getA());
    std::optional<Dequantized> b = matchDequantized(op.getB());
    bool transB = op.getTransB();
    if (!a || !b || !isConstantWeight(*b) ||
        failed(checkOperands(*a, *b, transB)))
      return rewriter.notifyMatchFailure(op, "not dequantized bytes");
    Value result =
        buildBytesProduct(rewriter, op.getLoc(), *a, *b, transB, op.getType());
    if (Value bias = op.getBias())
      result = AddOp::create(rewriter, op.getLoc(), result, bias);
    replaceWithCompatible(rewriter, op, result);
    return success();
  }
};

/// The value of `value` when it is a small constant, possibly through
/// chains of graph ops on small constants (a per-axis scale reshaped, a
/// zero point cast): evaluated by the reference evaluator.
FailureOr<EvalTensor> evaluateSmallConstant(Value value, int depth = 0) {
  constexpr int64_t kMaxElements = 1 << 16;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() > kMaxElements)
    return failure();
  ElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return EvalTensor::fromAttr(attr);
  Operation *op = value.getDefiningOp();
  if (!op || depth > 4 || op->getNumResults() != 1 ||
      !isa<GraphDialect>(op->getDialect()))
    return failure();
  SmallVector<EvalTensor> operands;
  for (Value operand : op->getOperands()) {
    FailureOr<EvalTensor> evaluated = evaluateSmallConstant(operand, depth + 1);
    if (failed(evaluated))
      return failure();
    operands.push_back(std::move(*evaluated));
  }
  SmallVector<EvalTensor> results;
  if (failed(evaluateOp(op, operands, results)))
    return failure();
  return std::move(results.front());
}

/// Writes (q - zp) [* scale] of the bytes `in` (a constant weight of
/// `type`'s shape) into `out` as `Float` elements, the parameters
/// broadcast; as the importer computes it: the difference exact in the
/// float type, times the scale (f32), rounded once.
template <typename Float>
LogicalResult writeDequantized(RankedTensorType type, ArrayRef<char> in,
                               MutableArrayRef<char> out, bool isUnsigned,
                               const EvalTensor *zeroPoint,
                               const EvalTensor *scale) {
  SmallVector<ArrayRef<int64_t>> shapes;
  shapes.push_back(zeroPoint ? zeroPoint->getShape() : type.getShape());
  shapes.push_back(scale ? scale->getShape() : type.getShape());
  auto *result = reinterpret_cast<Float *>(out.data());
  return forEachBroadcastIndex(
      type.getShape(), shapes, [&](int64_t index, ArrayRef<int64_t> at) {
        Float q = isUnsigned ? static_cast<uint8_t>(in[index])
                             : static_cast<int8_t>(in[index]);
        if (zeroPoint)
          q -= static_cast<Float>(zeroPoint->getInt(at[0]));
        if (scale)
          q *= static_cast<Float>(scale->getFloat(at[1]));
        result[index] = q;
        return success();
      });
}

/// A constant weight q made float by the importer with small constant
/// parameters: dequantized, mul(sub(cast(q), cast(zp)), scale) (QDQ
/// convolutions, f32), or shifted, sub(cast(q), cast(zp)) (QLinearConv and
/// ConvInteger, f64) -> the float weight, computed on q's bytes (a new blob
/// for a dense_resource q): graph-fold-constants leaves tensors above its
/// element limit alone, and a convolution would otherwise convert its
/// weight at every call. (The reference evaluator would hold every element
/// as a double on the way.)
template <typename RootOp> struct FoldFloatWeight : OpRewritePattern<RootOp> {
  using OpRewritePattern<RootOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(RootOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape() ||
        !(type.getElementType().isF32() || type.getElementType().isF64()))
      return rewriter.notifyMatchFailure(op, "not a static f32/f64 tensor");
    // A shift that a scale multiplies is the dequantization's (the mul's
    // pattern folds both at once).
    if (std::is_same_v<RootOp, SubOp> &&
        llvm::any_of(op->getUsers(),
                     [](Operation *user) { return isa<MulOp>(user); }))
      return rewriter.notifyMatchFailure(op, "part of a dequantization");
    std::optional<Dequantized> weight = std::is_same_v<RootOp, MulOp>
                                            ? matchDequantized(op.getResult())
                                            : matchShifted(op.getResult());
    ElementsAttr bytes;
    if (!weight || !matchPattern(weight->bytes, m_Constant(&bytes)))
      return rewriter.notifyMatchFailure(op, "not a constant made float");
    std::optional<EvalTensor> scale, zeroPoint;
    if (weight->scale) {
      FailureOr<EvalTensor> value = evaluateSmallConstant(weight->scale);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "scale not constant");
      scale = std::move(*value);
    }
    if (weight->zeroPoint) {
      FailureOr<EvalTensor> value = evaluateSmallConstant(weight->zeroPoint);
      if (failed(value))
        return rewriter.notifyMatchFailure(op, "zero point not constant");
      zeroPoint = std::move(*value);
    }
    bool isUnsigned =
        cast<IntegerType>(getElementTypeOrSelf(bytes.getType())).isUnsigned();
    const EvalTensor *zp = zeroPoint ? &*zeroPoint : nullptr;
    const EvalTensor *sc = scale ? &*scale : nullptr;
    LogicalResult written = success();
    FailureOr<ElementsAttr> folded = strata::rewriteConstantBytes(
        bytes, type, "_dequantized",
        [&](ArrayRef<char> in, MutableArrayRef<char> out) {
          written =
              type.getElementType().isF32()
                  ? writeDequantized<float>(type, in, out, isUnsigned, zp, sc)
                  : writeDequantized<double>(type, in, out, isUnsigned, zp, sc);
        });
    if (failed(folded) || failed(written))
      return rewriter.notifyMatchFailure(op, "cannot rewrite the bytes");
    rewriter.replaceOpWithNewOp<ConstantOp>(op, *folded);
    return success();
  }
};

struct GraphFoldQuantizedProductsPass
    : strata::graph::impl::GraphFoldQuantizedProductsPassBase<
          GraphFoldQuantizedProductsPass> {
  void runOnOperation() override {
    // No folding: the casts of constants the patterns match (a zero point's,
    // a small weight's) would become float constants first.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    // Products first: they read the weights' bytes, which the second step
    // turns into f32 weights where they still feed float ops.
    RewritePatternSet products(&getContext());
    products.add<FoldQuantizedMatmul, FoldQuantizedLinear>(&getContext());
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(products), config)))
      return signalPassFailure();
    RewritePatternSet weights(&getContext());
    weights.add<FoldFloatWeight<MulOp>, FoldFloatWeight<SubOp>>(&getContext());
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(weights), config)))
      signalPassFailure();
  }
};

} // namespace
