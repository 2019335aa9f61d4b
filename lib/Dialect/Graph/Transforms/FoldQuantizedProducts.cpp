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

/// The sums of the constant `bytes` over all dims but its first
/// (`perFirstDim`: a filter's, or a transposed matrix's rows) or but its
/// last (a matrix's columns), one per index of that dim; failure when it is
/// not a constant.
FailureOr<SmallVector<int32_t>> sumConstantBytes(Value bytes,
                                                 bool perFirstDim) {
  ElementsAttr value;
  if (!matchPattern(bytes, m_Constant(&value)))
    return failure();
  FailureOr<EvalTensor> tensor = EvalTensor::fromAttr(value);
  if (failed(tensor) || tensor->getRank() < 1)
    return failure();
  ArrayRef<int64_t> shape = tensor->getShape();
  int64_t count = perFirstDim ? shape.front() : shape.back();
  if (count == 0)
    return failure();
  int64_t perIndex = tensor->getNumElements() / count;
  SmallVector<int32_t> sums(count, 0);
  for (int64_t i = 0, e = tensor->getNumElements(); i < e; ++i)
    sums[perFirstDim ? i / perIndex : i % count] +=
        static_cast<int32_t>(tensor->getInt(i));
  return sums;
}

/// The sums over K of `bytes`, a constant matrix [K, N] ([N, K] when
/// `transposed`), as a [1, N] i32 constant; null when it is not a constant
/// matrix.
DenseElementsAttr getConstantColumnSums(Value bytes, bool transposed) {
  auto type = dyn_cast<RankedTensorType>(bytes.getType());
  if (!type || type.getRank() != 2)
    return nullptr;
  FailureOr<SmallVector<int32_t>> sums = sumConstantBytes(bytes, transposed);
  if (failed(sums))
    return nullptr;
  auto rowType =
      RankedTensorType::get({1, static_cast<int64_t>(sums->size())},
                            IntegerType::get(bytes.getContext(), 32));
  return DenseElementsAttr::get(rowType, ArrayRef<int32_t>(*sums));
}

/// A rank-0 i32 constant of `value`.
Value createI32Scalar(PatternRewriter &rewriter, Location loc, int32_t value) {
  return ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(RankedTensorType::get({}, rewriter.getI32Type()),
                             rewriter.getI32IntegerAttr(value)));
}

/// The exact i32 product (qa - za) x (qb - zb) of shifted bytes `a` and
/// `b` (b read transposed when `transB`, a 2-D linear's weight), from the
/// product of the bytes; then, with scales and a float `resultType`, that
/// product converted and scaled by scale_a * scale_b.
Value buildBytesProduct(PatternRewriter &rewriter, Location loc,
                        const Dequantized &a, const Dequantized &b, bool transB,
                        RankedTensorType resultType) {
  Type i32 = rewriter.getI32Type();
  auto toI32 = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getElementType() == i32)
      return value;
    return CastOp::create(rewriter, loc, type.clone(i32), value);
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
    Value size = createI32Scalar(rewriter, loc, static_cast<int32_t>(k));
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

/// Whether `bytes` are signed (i8, not ui8).
bool isSignedBytes(Value bytes) {
  return !cast<IntegerType>(getElementTypeOrSelf(bytes.getType())).isUnsigned();
}

/// `a`'s bytes moved by 128 into the other signedness: qa + 128 as ui8
/// with zero point za + 128 (`toUnsigned`), or qa - 128 as i8 with zero
/// point za - 128, which leaves qa - za unchanged (a missing zero point is
/// 0, and becomes +-128). The shift is elementwise: it fuses into the
/// quantization that produced qa.
void shiftBytes(PatternRewriter &rewriter, Location loc, Dequantized &a,
                bool toUnsigned) {
  Type i32 = rewriter.getI32Type();
  auto byteType = IntegerType::get(rewriter.getContext(), 8,
                                   toUnsigned ? IntegerType::Unsigned
                                              : IntegerType::Signless);
  Value offset = createI32Scalar(rewriter, loc, 128);
  auto shift = [&](Value bytes) -> Value {
    auto type = cast<RankedTensorType>(bytes.getType());
    Value wide = CastOp::create(rewriter, loc, type.clone(i32), bytes);
    Value shifted;
    if (toUnsigned)
      shifted = AddOp::create(rewriter, loc, wide, offset);
    else
      shifted = SubOp::create(rewriter, loc, wide, offset);
    return CastOp::create(rewriter, loc, type.clone(byteType), shifted);
  };
  a.bytes = shift(a.bytes);
  a.zeroPoint =
      a.zeroPoint
          ? shift(a.zeroPoint)
          : ConstantOp::create(
                rewriter, loc,
                DenseElementsAttr::get(
                    RankedTensorType::get({}, byteType),
                    IntegerAttr::get(byteType,
                                     APInt(8, toUnsigned ? 128 : -128, true))))
                .getResult();
}

/// `a` (the activations of a product with a constant weight) with signed
/// bytes made unsigned (shiftBytes): int8 dot products (vpdpbusd) multiply
/// unsigned by signed bytes, and the new zero point's term is the
/// weight's column (or filter) sums, constants. Unsigned bytes stay.
void makeBytesUnsigned(PatternRewriter &rewriter, Location loc,
                       Dequantized &a) {
  if (isSignedBytes(a.bytes))
    shiftBytes(rewriter, loc, a, /*toUnsigned=*/true);
}

/// `a` (the activations of a grouped convolution with a constant weight)
/// with unsigned bytes made signed (shiftBytes): the named depthwise
/// convolution that the CPU kernels vectorize sign-extends both operands
/// (an unsigned one makes it a generic, computed element by element).
/// Signed bytes stay.
void makeBytesSigned(PatternRewriter &rewriter, Location loc, Dequantized &a) {
  if (!isSignedBytes(a.bytes))
    shiftBytes(rewriter, loc, a, /*toUnsigned=*/false);
}

/// The constant unsigned bytes `bytes` as signed ones, q - 128 (its bits
/// with the top one flipped): vpdpbusd multiplies by signed bytes. A new
/// constant (a new blob for a dense_resource); null when it cannot be
/// rewritten.
Value createSignedWeight(PatternRewriter &rewriter, Location loc, Value bytes) {
  ElementsAttr value;
  if (!matchPattern(bytes, m_Constant(&value)))
    return nullptr;
  auto type = cast<RankedTensorType>(bytes.getType());
  auto signedType = type.clone(rewriter.getI8Type());
  FailureOr<ElementsAttr> flipped = strata::rewriteConstantBytes(
      value, signedType, "_signed",
      [](ArrayRef<char> in, MutableArrayRef<char> out) {
        for (size_t i = 0; i < in.size(); ++i)
          out[i] = static_cast<char>(static_cast<uint8_t>(in[i]) ^ 0x80);
      });
  if (failed(flipped))
    return nullptr;
  return ConstantOp::create(rewriter, loc, *flipped);
}

/// `b` (a constant weight) with unsigned bytes made signed: q - 128 as i8
/// (a new constant), with zero point zb - 128 (an i32 tensor; -128 without
/// one): int8 dot products multiply unsigned by signed bytes. Signed bytes
/// stay. Returns false (and leaves `b`) when the constant cannot be
/// rewritten.
bool makeWeightSigned(PatternRewriter &rewriter, Location loc, Dequantized &b) {
  if (isSignedBytes(b.bytes))
    return true;
  Value weight = createSignedWeight(rewriter, loc, b.bytes);
  if (!weight)
    return false;
  b.bytes = weight;
  if (!b.zeroPoint) {
    b.zeroPoint = createI32Scalar(rewriter, loc, -128);
    return true;
  }
  auto type = cast<RankedTensorType>(b.zeroPoint.getType());
  b.zeroPoint = SubOp::create(rewriter, loc,
                              CastOp::create(rewriter, loc,
                                             type.clone(rewriter.getI32Type()),
                                             b.zeroPoint),
                              createI32Scalar(rewriter, loc, 128));
  return true;
}

/// The bytes of a product of `a` and the constant weight `b` made
/// vpdpbusd's kinds, unsigned times signed (makeBytesUnsigned,
/// makeWeightSigned). Each shift may add a zero point, and the K * za * zb
/// term of two needs a static K: without one, a's bytes shift only when b
/// has no zero point, and b's stay.
void shiftForDotProducts(PatternRewriter &rewriter, Location loc,
                         Dequantized &a, Dequantized &b) {
  auto type = cast<RankedTensorType>(a.bytes.getType());
  bool staticK = !type.isDynamicDim(type.getRank() - 1);
  if (staticK || !b.zeroPoint)
    makeBytesUnsigned(rewriter, loc, a);
  if (staticK)
    (void)makeWeightSigned(rewriter, loc, b);
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

/// Whether sums of `terms` products of shifted bytes (|q - zp| <= 255)
/// are exact in f32: every partial sum stays below 2^24.
bool sumsAreExactInF32(int64_t terms) {
  constexpr int64_t kMaxExactSum = int64_t(1) << 24;
  return terms * 255 * 255 < kMaxExactSum;
}

/// An i32 matmul of two computed tensors of shifted bytes (|q - zp| <=
/// 255: QLinearMatMul's attention products), with a static K small enough
/// that every sum stays below 2^24, computed in f32, which is exact there
/// and, without the dot-product layout of a constant weight, several times
/// faster than in i32; the result converted back.
LogicalResult computeExactlyInF32(PatternRewriter &rewriter, MatmulOp op) {
  auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
  int64_t k = lhsType.getShape().back();
  if (lhsType.getRank() < 2 || ShapedType::isDynamic(k) ||
      !sumsAreExactInF32(k))
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
    // canonicalization), but signed activations and unsigned weights,
    // shifted here.
    if (!isFloat && a && b && !a->zeroPoint && !b->zeroPoint &&
        !isSignedBytes(a->bytes) && isSignedBytes(b->bytes))
      return rewriter.notifyMatchFailure(op, "no zero points");
    if (!a || !b || failed(checkOperands(*a, *b, /*transB=*/false)))
      return rewriter.notifyMatchFailure(op, "not dequantized bytes");
    shiftForDotProducts(rewriter, op.getLoc(), *a, *b);
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
    shiftForDotProducts(rewriter, op.getLoc(), *a, *b);
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

/// An i32 constant of `shape` (one value per filter along the result's
/// channels).
Value createChannelConstant(PatternRewriter &rewriter, Location loc,
                            ArrayRef<int64_t> shape, ArrayRef<int32_t> values) {
  auto type = RankedTensorType::get(shape, rewriter.getI32Type());
  return ConstantOp::create(rewriter, loc,
                            DenseElementsAttr::get(type, values));
}

/// The per-filter values of `parameter` (a filter's scale or zero point:
/// one element, or F along dim 0 with every other dim 1), F of them; failure
/// when it is not a small constant of that form.
FailureOr<SmallVector<double>> getPerFilterValues(Value parameter,
                                                  int64_t filters) {
  FailureOr<EvalTensor> value = evaluateSmallConstant(parameter);
  if (failed(value))
    return failure();
  int64_t count = value->getNumElements();
  ArrayRef<int64_t> shape = value->getShape();
  bool perFilter = count == filters && !shape.empty() && shape[0] == filters;
  if (count != 1 && !perFilter)
    return failure();
  SmallVector<double> values(filters);
  for (int64_t filter = 0; filter < filters; ++filter)
    values[filter] = value->getFloat(count == 1 ? 0 : filter);
  return values;
}

/// `result` (a 4-D convolution's) plus its 1-D `bias` along the channels:
/// the bias as [F, 1, 1] for NCHW, as it is for NHWC.
Value addChannelBias(PatternRewriter &rewriter, Location loc, Value result,
                     Value bias, bool nhwc) {
  if (!nhwc) {
    auto biasType = cast<RankedTensorType>(bias.getType());
    bias = UnsqueezeOp::create(
        rewriter, loc,
        RankedTensorType::get({biasType.getDimSize(0), 1, 1},
                              biasType.getElementType()),
        bias, rewriter.getDenseI64ArrayAttr({1, 2}));
  }
  return AddOp::create(rewriter, loc, result, bias);
}

/// `padded` (a static image padded by `pads`, [top, left, bottom, right],
/// along dims `height` and `width`) with its padding replaced by `value`
/// (a computed scalar of its element type): graph.select of a constant
/// border mask [1, H', W', 1] (or [1, 1, H', W']).
Value selectPaddingFrom(PatternRewriter &rewriter, Location loc, Value padded,
                        Value value, unsigned height, unsigned width,
                        ArrayRef<int64_t> pads) {
  auto paddedType = cast<RankedTensorType>(padded.getType());
  int64_t paddedHeight = paddedType.getDimSize(height);
  int64_t paddedWidth = paddedType.getDimSize(width);
  SmallVector<int64_t> maskShape(4, 1);
  maskShape[height] = paddedHeight;
  maskShape[width] = paddedWidth;
  SmallVector<bool> border;
  border.reserve(paddedHeight * paddedWidth);
  for (int64_t h = 0; h < paddedHeight; ++h)
    for (int64_t w = 0; w < paddedWidth; ++w)
      border.push_back(h < pads[0] || h >= paddedHeight - pads[2] ||
                       w < pads[1] || w >= paddedWidth - pads[3]);
  Value mask = ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(
          RankedTensorType::get(maskShape, rewriter.getI1Type()),
          ArrayRef<bool>(border)));
  return SelectOp::create(rewriter, loc, mask, value, padded);
}

/// conv2d(dequantized a, dequantized constant w [, bias]) in f32 (QDQ), or
/// conv2d(shifted a, shifted constant w [, bias]) in f64 (ConvInteger and
/// QLinearConv), one group -> the exact i32 convolution of the bytes, minus
/// za * sum(w[f]) per filter (computed now), minus zw[f] times each
/// window's sum of the input bytes (a convolution with one filter of ones)
/// plus K za zw[f] where the weight has zero points, converted (and scaled
/// by sa * sw[f]), plus the bias. The padding of a's zero point (the spec
/// pads the shifted input with zeros: the bytes with za) becomes a
/// graph.pad of the bytes (a za computed at run time, as dynamic
/// quantization's, is selected into the padding: selectPaddingFrom). Unsigned
/// weights become signed ones at compile time (q - 128, zero point zw - 128),
/// unsigned activations stay unsigned (signed ones are shifted,
/// makeBytesUnsigned): vpdpbusd's operands. Grouped (depthwise) convolutions
/// take signed activations instead (makeBytesSigned), which keeps them the
/// named depthwise op that the CPU kernels vectorize (a vpdpwssd per tap in
/// i32 lanes, not vpdpbusd's groups of four); reading and writing bytes, four
/// times fewer than the f32 they replace, is their gain (MobileNetV2's
/// expanded 112x112x96 activations).
/// Grouped convolutions with weight zero points stay float (their window sums
/// would need a grouped convolution of ones).
struct FoldQuantizedConv : OpRewritePattern<Conv2DOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2DOp op,
                                PatternRewriter &rewriter) const override {
    Type element = op.getType().getElementType();
    bool isShifted = element.isF64();
    if (!element.isF32() && !isShifted)
      return rewriter.notifyMatchFailure(op, "not an f32 or f64 convolution");
    auto match = isShifted ? matchShifted : matchDequantized;
    std::optional<Dequantized> a = match(op.getInput());
    std::optional<Dequantized> w = match(op.getWeight());
    if (!a || !w || !isConstantWeight(*w))
      return rewriter.notifyMatchFailure(op, "not a constant weight's bytes");
    if ((a->scale && !isPerTensor(a->scale)) ||
        (a->zeroPoint && !isPerTensor(a->zeroPoint)))
      return rewriter.notifyMatchFailure(op, "input not quantized per tensor");
    auto weightType = cast<RankedTensorType>(w->bytes.getType());
    int64_t filters = weightType.getDimSize(0);
    if (weightType.getRank() != 4 || ShapedType::isDynamic(filters))
      return rewriter.notifyMatchFailure(op, "weight not a static 4-D tensor");
    // The weight's zero points, per filter; unsigned weights become signed
    // (q - 128, zero point zw - 128).
    bool unsignedWeight = !isSignedBytes(w->bytes);
    SmallVector<int32_t> weightZeroPoints(filters, unsignedWeight ? -128 : 0);
    if (w->zeroPoint) {
      FailureOr<SmallVector<double>> zeroPoints =
          getPerFilterValues(w->zeroPoint, filters);
      if (failed(zeroPoints))
        return rewriter.notifyMatchFailure(op, "weight zero point not per "
                                               "filter");
      for (auto [zp, value] : llvm::zip_equal(weightZeroPoints, *zeroPoints))
        zp += static_cast<int32_t>(value);
    }
    bool weightTerms =
        llvm::any_of(weightZeroPoints, [](int32_t zp) { return zp != 0; });
    if (op.getGroups() != 1 && weightTerms)
      return rewriter.notifyMatchFailure(op, "grouped convolution with weight "
                                             "zero points");
    bool nhwc = op.getLayout() == Layout::NHWC;
    SmallVector<int64_t> channelShape(4, 1);
    channelShape[nhwc ? 3 : 1] = filters;
    // The weight's scales along the result's channels (f32 scales: the
    // importer's DequantizeLinear of f32 outputs).
    SmallVector<float> weightScales;
    if (w->scale) {
      FailureOr<SmallVector<double>> scales =
          getPerFilterValues(w->scale, filters);
      if (failed(scales) || !getElementTypeOrSelf(w->scale).isF32())
        return rewriter.notifyMatchFailure(op, "weight scale not per filter");
      for (double scale : *scales)
        weightScales.push_back(static_cast<float>(scale));
    }
    // The input's zero point pads the bytes: a constant, plus the shift of
    // makeBytesUnsigned (128 for signed bytes of one group) or
    // makeBytesSigned (-128 for unsigned bytes of a grouped convolution).
    bool grouped = op.getGroups() != 1;
    int64_t shift = !grouped && isSignedBytes(a->bytes)   ? 128
                    : grouped && !isSignedBytes(a->bytes) ? -128
                                                          : 0;
    ArrayRef<int64_t> pads = op.getPads();
    bool padded = llvm::any_of(pads, [](int64_t pad) { return pad != 0; });
    unsigned height = nhwc ? 1 : 2, width = height + 1;
    std::optional<int64_t> padValue;
    // A zero point computed at run time (DynamicQuantizeLinear's) pads too:
    // the border of the padded bytes is selected from it (static image
    // sizes: the border is a constant mask).
    bool computedPad = false;
    if ((a->zeroPoint || shift != 0) && padded) {
      padValue = 0;
      if (a->zeroPoint) {
        FailureOr<EvalTensor> zeroPoint = evaluateSmallConstant(a->zeroPoint);
        auto inputType = cast<RankedTensorType>(a->bytes.getType());
        if (succeeded(zeroPoint))
          padValue = zeroPoint->getInt(0);
        else if (inputType.getRank() == 4 && !inputType.isDynamicDim(height) &&
                 !inputType.isDynamicDim(width))
          computedPad = true;
        else
          return rewriter.notifyMatchFailure(op, "padded with a computed "
                                                 "zero point, dynamic image");
      }
      *padValue += shift;
    }
    // The filters' sums, for the input's zero point (one once the input's
    // bytes are shifted).
    int64_t perFilter = weightType.getNumElements() / filters;
    SmallVector<int32_t> sums;
    if (a->zeroPoint || shift != 0) {
      FailureOr<SmallVector<int32_t>> filterSums =
          sumConstantBytes(w->bytes, /*perFirstDim=*/true);
      if (failed(filterSums))
        return rewriter.notifyMatchFailure(op, "cannot sum the weight");
      sums = std::move(*filterSums);
      if (unsignedWeight)
        for (int32_t &sum : sums)
          sum -= static_cast<int32_t>(128 * perFilter);
    }

    Location loc = op.getLoc();
    Value weight = w->bytes;
    if (unsignedWeight &&
        !(weight = createSignedWeight(rewriter, loc, w->bytes)))
      return rewriter.notifyMatchFailure(op, "cannot rewrite the weight");
    if (grouped)
      makeBytesSigned(rewriter, loc, *a);
    else
      makeBytesUnsigned(rewriter, loc, *a);
    Value input = a->bytes;
    SmallVector<int64_t> convPads(pads);
    if (padValue) {
      // [top, left, bottom, right] as graph.pad's per-dim begins and ends.
      SmallVector<int64_t> amounts(8, 0);
      amounts[height] = pads[0];
      amounts[width] = pads[1];
      amounts[4 + height] = pads[2];
      amounts[4 + width] = pads[3];
      input = PadOp::create(rewriter, loc, input, amounts, PadMode::Constant,
                            APFloat(static_cast<double>(*padValue)));
      if (computedPad)
        input = selectPaddingFrom(rewriter, loc, input, a->zeroPoint, height,
                                  width, pads);
      convPads.assign(4, 0);
    }
    auto conv = [&](Value filter) -> Value {
      return Conv2DOp::create(rewriter, loc, input, filter, /*bias=*/nullptr,
                              op.getStrides(), convPads, op.getDilations(),
                              op.getGroups(), op.getLayout());
    };
    // (qa - za)(qw - zw) = qa qw - za sum(qw) - zw sum(qa) + K za zw, the
    // sums over each window (of the padded bytes).
    Value result = conv(weight);
    auto accType = cast<RankedTensorType>(result.getType());
    Value zeroPoint;
    if (a->zeroPoint) {
      zeroPoint = CastOp::create(rewriter, loc,
                                 cast<RankedTensorType>(a->zeroPoint.getType())
                                     .clone(rewriter.getI32Type()),
                                 a->zeroPoint);
      result =
          SubOp::create(rewriter, loc, result,
                        MulOp::create(rewriter, loc, zeroPoint,
                                      createChannelConstant(
                                          rewriter, loc, channelShape, sums)));
    }
    if (weightTerms) {
      // The window sums: a convolution with one filter of ones.
      SmallVector<int64_t> onesShape(weightType.getShape());
      onesShape[0] = 1;
      auto onesType = RankedTensorType::get(onesShape, rewriter.getI8Type());
      Value ones = ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(onesType, rewriter.getI8IntegerAttr(1)));
      result = SubOp::create(
          rewriter, loc, result,
          MulOp::create(rewriter, loc, conv(ones),
                        createChannelConstant(rewriter, loc, channelShape,
                                              weightZeroPoints)));
      if (zeroPoint) {
        SmallVector<int32_t> scaled =
            llvm::map_to_vector(weightZeroPoints, [&](int32_t zp) {
              return static_cast<int32_t>(zp * perFilter);
            });
        result = AddOp::create(
            rewriter, loc, result,
            MulOp::create(
                rewriter, loc, zeroPoint,
                createChannelConstant(rewriter, loc, channelShape, scaled)));
      }
    }
    result = CastOp::create(rewriter, loc, accType.clone(element), result);
    if (a->scale) {
      auto scalesType =
          RankedTensorType::get(channelShape, rewriter.getF32Type());
      Value scales = ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(scalesType, ArrayRef<float>(weightScales)));
      result = MulOp::create(rewriter, loc, result,
                             MulOp::create(rewriter, loc, a->scale, scales));
    }
    if (Value bias = op.getBias())
      result = addChannelBias(rewriter, loc, result, bias, nhwc);
    replaceWithCompatible(rewriter, op, result);
    return success();
  }
};

/// An f64 convolution of shifted bytes (ConvInteger and QLinearConv) that
/// FoldQuantizedConv leaves (grouped: depthwise), with a static reduction
/// per group small enough that every sum stays below 2^24 (|q - zp| <= 255),
/// computed in f32, which is exact there and twice as fast; the result
/// converted back to f64.
struct ComputeShiftedConvInF32 : OpRewritePattern<Conv2DOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Conv2DOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getType().getElementType().isF64())
      return rewriter.notifyMatchFailure(op, "not an f64 convolution");
    std::optional<Dequantized> a = matchShifted(op.getInput());
    std::optional<Dequantized> w = matchShifted(op.getWeight());
    if (!a || !w)
      return rewriter.notifyMatchFailure(op, "not of shifted bytes");
    auto weightType = cast<RankedTensorType>(w->bytes.getType());
    if (weightType.getRank() != 4 || !weightType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "weight not static");
    // The weight is [F, I, KH, KW] or [F, KH, KW, I]: one group's sum runs
    // over everything but F.
    int64_t perGroup = weightType.getNumElements() / weightType.getDimSize(0);
    if (!sumsAreExactInF32(perGroup))
      return rewriter.notifyMatchFailure(op, "sums may not be exact in f32");
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    auto shiftInF32 = [&](const Dequantized &shifted) -> Value {
      auto type = cast<RankedTensorType>(shifted.bytes.getType());
      Value value =
          CastOp::create(rewriter, loc, type.clone(f32), shifted.bytes);
      if (!shifted.zeroPoint)
        return value;
      auto zpType = cast<RankedTensorType>(shifted.zeroPoint.getType());
      return SubOp::create(
          rewriter, loc, value,
          CastOp::create(rewriter, loc, zpType.clone(f32), shifted.zeroPoint));
    };
    // (The bias, QLinearConv's int32 values, might round in f32: it is
    // added after the conversion back.)
    Value product =
        Conv2DOp::create(rewriter, loc, shiftInF32(*a), shiftInF32(*w),
                         /*bias=*/nullptr, op.getStrides(), op.getPads(),
                         op.getDilations(), op.getGroups(), op.getLayout());
    auto productType = cast<RankedTensorType>(product.getType());
    Value result = CastOp::create(
        rewriter, loc, productType.clone(rewriter.getF64Type()), product);
    if (Value bias = op.getBias())
      result = addChannelBias(rewriter, loc, result, bias,
                              op.getLayout() == Layout::NHWC);
    replaceWithCompatible(rewriter, op, result);
    return success();
  }
};

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
    products
        .add<FoldQuantizedMatmul, FoldQuantizedLinear, ComputeShiftedConvInF32>(
            &getContext());
    // Byte convolutions before f32 ones where both apply.
    products.add<FoldQuantizedConv>(&getContext(), /*benefit=*/2);
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
