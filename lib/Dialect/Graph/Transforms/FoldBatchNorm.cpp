//===- FoldBatchNorm.cpp - Fold batch_norm and scales into conv/linear ----===//
//
// graph-fold-batchnorm: an inference-mode batch_norm, or a mul/add by a
// constant per-channel tensor, that follows a conv2d or linear with constant
// weights is an affine map per output channel, so it can be absorbed into
// the weights and the bias of the contraction. Exported networks are full of
// these (Conv-BN pairs, scaled residual branches); folding them removes a
// whole pass over each activation.
//
// The new weights and biases are written as graph ops on the constants
// (add, sub, mul, div, sqrt, reshape) and each of those is evaluated at once
// with the shared reference evaluator, so the rewritten conv2d/linear takes
// plain constants. An op the evaluator cannot compute stays in the IR, which
// is still correct.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Dialect/Graph/Transforms/Patterns.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstring>
#include <functional>
#include <optional>

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHFOLDBATCHNORMPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Returns true when `value` is produced by a constant (dense or
/// dense_resource): the rewrites only fold parameters known at compile time.
static bool isConstant(Value value) {
  return value && matchPattern(value, m_Constant());
}

/// The static ranked type of a constant parameter, or null: constants always
/// have static types, but a declared `?` somewhere must not reach a builder
/// that infers its result type (a failed inference is a fatal error there).
static RankedTensorType getStaticType(Value value) {
  RankedTensorType type = getRankedType(value);
  if (!type || !type.hasStaticShape())
    return {};
  return type;
}

/// Returns true when `value` is a constant 1-D tensor of `size` elements.
static bool isConstantVector(Value value, int64_t size) {
  RankedTensorType type = getStaticType(value);
  return type && type.getRank() == 1 && type.getDimSize(0) == size &&
         isConstant(value);
}

namespace {
/// Builds the graph ops that compute new weights and biases from constants
/// and evaluates each one as soon as it is created, so that the next op sees
/// a constant operand and the rewritten conv2d/linear ends up with plain
/// constants. All values share the floating-point element type
/// `elementType`.
class ParamBuilder {
public:
  ParamBuilder(PatternRewriter &rewriter, Location loc, Type elementType)
      : rewriter(rewriter), loc(loc), elementType(elementType) {}

  /// A 1-element tensor holding `value` rounded to the element type.
  Value scalar(double value) {
    auto type = RankedTensorType::get({1}, elementType);
    return ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(type, FloatAttr::get(elementType, value)));
  }
  /// A 1-element tensor holding `value` (a float attribute of the element
  /// type).
  Value scalar(Attribute value) {
    auto type = RankedTensorType::get({1}, elementType);
    return ConstantOp::create(rewriter, loc,
                              DenseElementsAttr::get(type, value));
  }
  /// A zero-filled tensor of `size` elements.
  Value zeros(int64_t size) {
    auto type = RankedTensorType::get({size}, elementType);
    return ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(type, FloatAttr::get(elementType, 0.0)));
  }

  Value add(Value lhs, Value rhs) {
    return fold(AddOp::create(rewriter, loc, lhs, rhs));
  }
  Value sub(Value lhs, Value rhs) {
    return fold(SubOp::create(rewriter, loc, lhs, rhs));
  }
  Value mul(Value lhs, Value rhs) {
    return fold(MulOp::create(rewriter, loc, lhs, rhs));
  }
  Value div(Value lhs, Value rhs) {
    return fold(DivOp::create(rewriter, loc, lhs, rhs));
  }
  Value sqrt(Value input) { return fold(SqrtOp::create(rewriter, loc, input)); }
  /// Reshapes `input` to `shape` (at most one -1) with a constant shape
  /// operand.
  Value reshape(Value input, ArrayRef<int64_t> shape) {
    auto shapeType = RankedTensorType::get({static_cast<int64_t>(shape.size())},
                                           rewriter.getI64Type());
    Value shapeValue = ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(shapeType, shape));
    return fold(ReshapeOp::create(rewriter, loc, input, shapeValue));
  }

private:
  /// Replaces `op` by the constant it computes when its operands are all
  /// constants: with the reference evaluator, else with the op's folder
  /// (reshape folds dense constants itself). Returns the op's result
  /// otherwise.
  Value fold(Operation *op) {
    if (std::optional<DenseElementsAttr> value = foldF32Arithmetic(op))
      return replaceByConstant(op, *value);
    SmallVector<EvalTensor> operands;
    bool allConstant = true;
    for (Value operand : op->getOperands()) {
      ElementsAttr attr;
      FailureOr<EvalTensor> tensor = failure();
      if (matchPattern(operand, m_Constant(&attr)))
        tensor = EvalTensor::fromAttr(attr);
      if (failed(tensor)) {
        allConstant = false;
        break;
      }
      operands.push_back(std::move(*tensor));
    }
    if (!allConstant)
      return op->getResult(0);
    SmallVector<EvalTensor> results;
    if (succeeded(evaluateOp(op, operands, results)) && results.size() == 1)
      return replaceByConstant(op, results.front().toAttr());
    SmallVector<OpFoldResult> folded;
    if (succeeded(op->fold(folded)) && folded.size() == 1) {
      auto attr =
          dyn_cast_if_present<ElementsAttr>(dyn_cast<Attribute>(folded[0]));
      if (attr && attr.getType() == op->getResult(0).getType())
        return replaceByConstant(op, attr);
    }
    return op->getResult(0);
  }

  /// The f32 elements of a constant (one for a splat, which broadcasts
  /// like a size-1 dim everywhere), as bytes; std::nullopt when `value` is
  /// not an f32 constant with its data at hand.
  static std::optional<std::pair<ArrayRef<char>, bool>>
  getF32Bytes(Value value) {
    ElementsAttr attr;
    if (!matchPattern(value, m_Constant(&attr)) ||
        !attr.getElementType().isF32())
      return std::nullopt;
    int64_t bytes = attr.getNumElements() * 4;
    if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
      ArrayRef<char> raw = dense.getRawData();
      if (dense.isSplat() && raw.size() == 4)
        return std::make_pair(raw, true);
      if (static_cast<int64_t>(raw.size()) != bytes)
        return std::nullopt;
      return std::make_pair(raw, false);
    }
    if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
      AsmResourceBlob *blob = resource.getRawHandle().getBlob();
      if (!blob || static_cast<int64_t>(blob->getData().size()) != bytes)
        return std::nullopt;
      return std::make_pair(blob->getData(), false);
    }
    return std::nullopt;
  }

  /// `op` computed directly when it is an add, sub, mul or div of two f32
  /// constants: the weights of a convolution scaled per channel are
  /// millions of elements, which the reference evaluator (in double, per
  /// element through callbacks) took 0.4 s of ResNet-18's compile for. The
  /// values are the evaluator's: an f32 sum, difference, product or
  /// quotient computed in double and rounded once is the f32 operation's
  /// result (double has more than 2 * 24 + 2 bits).
  std::optional<DenseElementsAttr> foldF32Arithmetic(Operation *op) {
    if (!isa<AddOp, SubOp, MulOp, DivOp>(op) || op->getNumOperands() != 2)
      return std::nullopt;
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || !resultType.hasStaticShape() ||
        !resultType.getElementType().isF32())
      return std::nullopt;
    SmallVector<ArrayRef<char>, 2> data;
    SmallVector<ArrayRef<int64_t>, 2> shapes;
    for (Value operand : op->getOperands()) {
      std::optional<std::pair<ArrayRef<char>, bool>> bytes =
          getF32Bytes(operand);
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!bytes || !type || !type.hasStaticShape())
        return std::nullopt;
      data.push_back(bytes->first);
      // A splat's one element broadcasts like a rank-0 tensor's.
      shapes.push_back(bytes->second ? ArrayRef<int64_t>() : type.getShape());
    }
    auto read = [](ArrayRef<char> bytes, int64_t index) {
      float value;
      std::memcpy(&value, bytes.data() + index * 4, 4);
      return value;
    };
    std::vector<float> values(resultType.getNumElements());
    auto compute = [&](auto combine) {
      return forEachBroadcastIndex(
          resultType.getShape(), shapes,
          [&](int64_t index, ArrayRef<int64_t> at) {
            values[index] = combine(read(data[0], at[0]), read(data[1], at[1]));
            return success();
          });
    };
    LogicalResult computed = isa<AddOp>(op)   ? compute(std::plus<float>())
                             : isa<SubOp>(op) ? compute(std::minus<float>())
                             : isa<MulOp>(op)
                                 ? compute(std::multiplies<float>())
                                 : compute(std::divides<float>());
    if (failed(computed))
      return std::nullopt;
    return DenseElementsAttr::get(resultType, ArrayRef<float>(values));
  }

  Value replaceByConstant(Operation *op, ElementsAttr attr) {
    Value constant = ConstantOp::create(rewriter, loc, attr);
    rewriter.replaceOp(op, constant);
    return constant;
  }

  PatternRewriter &rewriter;
  Location loc;
  Type elementType;
};

/// How a constant `k` combines with the result of a conv2d/linear in a
/// broadcasting mul or add without changing the result's shape.
enum class ChannelFactor {
  /// `k` varies along other dims than the channel dim, or would enlarge the
  /// result: no fold.
  None,
  /// `k` has one element (any rank, all sizes 1).
  Scalar,
  /// `k` is a splat with more than one element; its value is the factor.
  Splat,
  /// `k` has `channels` elements, laid out along the channel dim.
  PerChannel,
};
} // namespace

/// Classifies the constant `k` against a result of type `resultType` whose
/// channel dim `channelDim` has `channels` elements. `k` must broadcast
/// without enlarging the result (so the mul/add result is the conv/linear
/// result's shape); a dim of `k` that is neither 1 nor the channel dim is
/// allowed only for a splat `k` whose size equals the result's static size
/// there (a `?` size there could be 1 at run time and broadcast up).
static ChannelFactor classifyFactor(Value k, RankedTensorType resultType,
                                    int64_t channelDim, int64_t channels) {
  RankedTensorType kType = getStaticType(k);
  ElementsAttr kAttr;
  if (!kType || !resultType || kType.getRank() > resultType.getRank() ||
      kType.getElementType() != resultType.getElementType() ||
      !matchPattern(k, m_Constant(&kAttr)))
    return ChannelFactor::None;
  bool isSplat = static_cast<bool>(getSplatValue(kAttr));
  bool perChannel = false;
  int64_t offset = resultType.getRank() - kType.getRank();
  for (auto [i, size] : llvm::enumerate(kType.getShape())) {
    int64_t dim = offset + static_cast<int64_t>(i);
    if (size == 1)
      continue;
    if (dim == channelDim && size == channels) {
      perChannel = true;
      continue;
    }
    if (isSplat && !resultType.isDynamicDim(dim) &&
        resultType.getDimSize(dim) == size)
      continue;
    return ChannelFactor::None;
  }
  if (kType.getNumElements() == 1)
    return ChannelFactor::Scalar;
  if (isSplat)
    return ChannelFactor::Splat;
  // Not a splat, so `k` has a size > 1 somewhere, which the loop accepted
  // only at the channel dim.
  return perChannel ? ChannelFactor::PerChannel : ChannelFactor::None;
}

/// Builds the factor `k` classified as `kind` as a 1-D tensor: `channels`
/// elements for PerChannel, else one element (which broadcasts).
static Value buildFactorVector(ParamBuilder &params, Value k,
                               ChannelFactor kind, int64_t channels) {
  switch (kind) {
  case ChannelFactor::PerChannel:
    return params.reshape(k, {channels});
  case ChannelFactor::Scalar:
    return params.reshape(k, {1});
  case ChannelFactor::Splat: {
    ElementsAttr attr;
    (void)matchPattern(k, m_Constant(&attr));
    return params.scalar(getSplatValue(attr));
  }
  case ChannelFactor::None:
    break;
  }
  return {};
}

/// The output-channel count and channel dim of a conv2d whose weight is a
/// constant (the weight's dim 0 in both OIHW and OHWI), or failure.
static FailureOr<std::pair<int64_t, int64_t>> getConvChannels(Conv2DOp conv) {
  RankedTensorType weightType = getStaticType(conv.getWeight());
  if (!weightType || weightType.getRank() != 4 || !isConstant(conv.getWeight()))
    return failure();
  int64_t channels = weightType.getDimSize(0);
  Value bias = conv.getBias();
  if (bias && !isConstantVector(bias, channels))
    return failure();
  int64_t channelDim = conv.getLayout() == Layout::NHWC ? 3 : 1;
  return std::make_pair(channels, channelDim);
}

/// The output-column count N of a floating-point linear whose B is a
/// constant, or failure. A bias C must be a constant that broadcasts to
/// (M, N) with its last dim (if any) of size 1 or N.
static FailureOr<int64_t> getLinearColumns(LinearOp linear) {
  RankedTensorType bType = getStaticType(linear.getB());
  if (!bType || bType.getRank() != 2 ||
      !isa<FloatType>(bType.getElementType()) || !isConstant(linear.getB()))
    return failure();
  int64_t columns = bType.getDimSize(linear.getTransB() ? 0 : 1);
  if (Value bias = linear.getBias()) {
    RankedTensorType cType = getStaticType(bias);
    if (!cType || cType.getRank() > 2 || !isConstant(bias))
      return failure();
    if (cType.getRank() >= 1) {
      int64_t last = cType.getDimSize(cType.getRank() - 1);
      if (last != 1 && last != columns)
        return failure();
    }
  }
  return columns;
}

/// Scales the output channels of a conv2d weight (dim 0 in OIHW and OHWI)
/// by `factor`, a 1-D tensor of O or 1 elements.
static Value scaleConvWeight(ParamBuilder &params, Value weight, Value factor) {
  return params.mul(weight, params.reshape(factor, {-1, 1, 1, 1}));
}

/// Scales the output columns of a linear's B by `factor`, a 1-D tensor of N
/// or 1 elements: B is (K, N), or (N, K) when `transB`.
static Value scaleLinearWeight(ParamBuilder &params, Value b, Value factor,
                               bool transB) {
  if (transB)
    factor = params.reshape(factor, {-1, 1});
  return params.mul(b, factor);
}

/// Replaces `op` by a copy of `conv` with `weight` and `bias` (null for
/// none) and the result type of `op`.
static void replaceWithConv(PatternRewriter &rewriter, Operation *op,
                            Conv2DOp conv, Value weight, Value bias) {
  SmallVector<Value> operands = {conv.getInput(), weight};
  if (bias)
    operands.push_back(bias);
  auto newConv = Conv2DOp::create(rewriter, op->getLoc(), op->getResultTypes(),
                                  operands, conv.getProperties());
  rewriter.replaceOp(op, newConv->getResults());
}

/// Replaces `op` by a copy of `linear` with `b`, `bias` (null for none) and
/// `beta`, and the result type of `op`.
static void replaceWithLinear(PatternRewriter &rewriter, Operation *op,
                              LinearOp linear, Value b, Value bias,
                              double beta) {
  auto newLinear = LinearOp::create(
      rewriter, op->getLoc(), op->getResult(0).getType(), linear.getA(), b,
      bias, linear.getTransAAttr(), linear.getTransBAttr(),
      linear.getAlphaAttr(), rewriter.getF32FloatAttr(beta));
  rewriter.replaceOp(op, newLinear->getResults());
}

/// Checks that the four statistics of `bn` are constant vectors of
/// `channels` elements and that its channel axis is `channelDim`.
static LogicalResult matchBatchNormParams(BatchNormOp bn, int64_t channelDim,
                                          int64_t channels) {
  RankedTensorType inputType = getRankedType(bn.getInput());
  if (!inputType)
    return failure();
  FailureOr<int64_t> axis = normalizeAxis(
      std::nullopt, static_cast<int64_t>(bn.getAxis()), inputType.getRank());
  if (failed(axis) || *axis != channelDim)
    return failure();
  for (Value param : {bn.getScale(), bn.getBias(), bn.getMean(), bn.getVar()})
    if (!isConstantVector(param, channels))
      return failure();
  return success();
}

/// Builds the batch-norm scale s = gamma / sqrt(var + eps) and shift
/// t = beta - mean * s, so that batch_norm(y) = y * s + t per channel.
static std::pair<Value, Value> buildBatchNormAffine(ParamBuilder &params,
                                                    BatchNormOp bn) {
  Value eps = params.scalar(bn.getEpsilon().convertToDouble());
  Value scale =
      params.div(bn.getScale(), params.sqrt(params.add(bn.getVar(), eps)));
  Value shift = params.sub(bn.getBias(), params.mul(bn.getMean(), scale));
  return {scale, shift};
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// batch_norm(conv2d(x, w, b)) -> conv2d(x, w * s, (b - mean) * s + beta)
/// with s = gamma / sqrt(var + eps) broadcast over the weight's output
/// channels (dim 0 of OIHW and OHWI, so also for grouped and depthwise
/// convs). The batch_norm axis must be the conv's channel dim and the conv
/// must have no other user.
struct FoldBatchNormIntoConv : OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchNormOp bn,
                                PatternRewriter &rewriter) const override {
    auto conv = bn.getInput().getDefiningOp<Conv2DOp>();
    if (!conv || !conv->hasOneUse())
      return rewriter.notifyMatchFailure(bn, "input is not a conv2d used once");
    FailureOr<std::pair<int64_t, int64_t>> channels = getConvChannels(conv);
    if (failed(channels))
      return rewriter.notifyMatchFailure(bn, "conv parameters not constant");
    auto [numChannels, channelDim] = *channels;
    if (failed(matchBatchNormParams(bn, channelDim, numChannels)))
      return rewriter.notifyMatchFailure(
          bn, "statistics not constant or axis is not the conv's channels");

    ParamBuilder params(rewriter, bn.getLoc(),
                        bn.getInput().getType().getElementType());
    auto [scale, shift] = buildBatchNormAffine(params, bn);
    Value weight = scaleConvWeight(params, conv.getWeight(), scale);
    // (b - mean) * s + beta == b * s + (beta - mean * s).
    Value bias = conv.getBias()
                     ? params.add(params.mul(conv.getBias(), scale), shift)
                     : shift;
    replaceWithConv(rewriter, bn, conv, weight, bias);
    return success();
  }
};

/// batch_norm(linear(a, B, C)) over the columns (axis 1): with
/// y = alpha * A'B' + beta * C and batch_norm(y) = y * s + t,
/// the result is alpha * A'(B' * s) + beta * (C * s + t / beta), or
/// alpha * A'(B' * s) + 1 * t when there is no C or beta is 0.
struct FoldBatchNormIntoLinear : OpRewritePattern<BatchNormOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BatchNormOp bn,
                                PatternRewriter &rewriter) const override {
    auto linear = bn.getInput().getDefiningOp<LinearOp>();
    if (!linear || !linear->hasOneUse())
      return rewriter.notifyMatchFailure(bn, "input is not a linear used once");
    FailureOr<int64_t> columns = getLinearColumns(linear);
    if (failed(columns))
      return rewriter.notifyMatchFailure(bn, "linear parameters not constant");
    if (failed(matchBatchNormParams(bn, /*channelDim=*/1, *columns)))
      return rewriter.notifyMatchFailure(
          bn, "statistics not constant or axis is not the columns");

    ParamBuilder params(rewriter, bn.getLoc(),
                        bn.getInput().getType().getElementType());
    auto [scale, shift] = buildBatchNormAffine(params, bn);
    Value b =
        scaleLinearWeight(params, linear.getB(), scale, linear.getTransB());
    double beta = linear.getBeta().convertToDouble();
    if (linear.getBias() && beta != 0.0) {
      Value bias = params.add(
          params.mul(linear.getBias(), scale),
          beta == 1.0 ? shift : params.div(shift, params.scalar(beta)));
      replaceWithLinear(rewriter, bn, linear, b, bias, beta);
    } else {
      replaceWithLinear(rewriter, bn, linear, b, shift, /*beta=*/1.0);
    }
    return success();
  }
};

/// Matches `OpTy(producer, k)` or `OpTy(k, producer)` where the producer is
/// a `ProducerOp` with no other user and `k` a constant; returns both.
template <typename ProducerOp, typename OpTy>
static std::optional<std::pair<ProducerOp, Value>>
matchProducerAndConstant(OpTy op) {
  for (auto [x, k] : {std::pair(op.getLhs(), op.getRhs()),
                      std::pair(op.getRhs(), op.getLhs())}) {
    auto producer = x.template getDefiningOp<ProducerOp>();
    if (producer && producer->hasOneUse() && isConstant(k))
      return std::make_pair(producer, k);
  }
  return std::nullopt;
}

/// mul(conv2d(x, w, b), k) -> conv2d(x, w * k, b * k) and
/// add(conv2d(x, w, b), k) -> conv2d(x, w, b + k) for a constant `k` that
/// is a scalar, a splat, or one value per output channel (e.g. [C, 1, 1] or
/// [1, C, 1, 1] for nchw, [C] for nhwc).
template <typename OpTy> struct FoldScaleIntoConv : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto match = matchProducerAndConstant<Conv2DOp>(op);
    if (!match)
      return rewriter.notifyMatchFailure(op, "not a conv2d used once and a "
                                             "constant");
    auto [conv, k] = *match;
    FailureOr<std::pair<int64_t, int64_t>> channels = getConvChannels(conv);
    if (failed(channels))
      return rewriter.notifyMatchFailure(op, "conv parameters not constant");
    auto [numChannels, channelDim] = *channels;
    ChannelFactor kind = classifyFactor(k, getRankedType(conv.getOutput()),
                                        channelDim, numChannels);
    if (kind == ChannelFactor::None)
      return rewriter.notifyMatchFailure(op, "factor is not per channel");

    ParamBuilder params(rewriter, op.getLoc(),
                        getRankedType(k).getElementType());
    Value factor = buildFactorVector(params, k, kind, numChannels);
    Value weight = conv.getWeight();
    Value bias = conv.getBias();
    if constexpr (std::is_same_v<OpTy, MulOp>) {
      weight = scaleConvWeight(params, weight, factor);
      if (bias)
        bias = params.mul(bias, factor);
    } else {
      // A missing bias is 0; add to zeros so that a one-element factor
      // still gives one bias per channel.
      bias = params.add(bias ? bias : params.zeros(numChannels), factor);
    }
    replaceWithConv(rewriter, op, conv, weight, bias);
    return success();
  }
};

/// mul(linear(a, B, C), k) -> linear(a, B * k, C * k) and
/// add(linear(a, B, C), k) -> linear(a, B, C + k / beta) (or C' = k with
/// beta 1 when there is no C or beta is 0), for a floating-point linear and
/// a constant `k` that is a scalar, a splat, or one value per output column.
template <typename OpTy> struct FoldScaleIntoLinear : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto match = matchProducerAndConstant<LinearOp>(op);
    if (!match)
      return rewriter.notifyMatchFailure(op, "not a linear used once and a "
                                             "constant");
    auto [linear, k] = *match;
    FailureOr<int64_t> columns = getLinearColumns(linear);
    if (failed(columns))
      return rewriter.notifyMatchFailure(op, "linear parameters not constant");
    ChannelFactor kind = classifyFactor(k, getRankedType(linear.getOutput()),
                                        /*channelDim=*/1, *columns);
    if (kind == ChannelFactor::None)
      return rewriter.notifyMatchFailure(op, "factor is not per column");

    ParamBuilder params(rewriter, op.getLoc(),
                        getRankedType(k).getElementType());
    Value factor = buildFactorVector(params, k, kind, *columns);
    Value b = linear.getB();
    Value bias = linear.getBias();
    double beta = linear.getBeta().convertToDouble();
    if constexpr (std::is_same_v<OpTy, MulOp>) {
      b = scaleLinearWeight(params, b, factor, linear.getTransB());
      if (bias)
        bias = params.mul(bias, factor);
    } else if (bias && beta != 0.0) {
      bias = params.add(
          bias, beta == 1.0 ? factor : params.div(factor, params.scalar(beta)));
    } else {
      bias = factor;
      beta = 1.0;
    }
    replaceWithLinear(rewriter, op, linear, b, bias, beta);
    return success();
  }
};

/// batch_norm(x) with constant statistics that no contraction absorbs
/// (after a quantized convolution's requantization, or after an add) ->
/// x * s + t, s and t computed now and shaped [C, 1, ...] along the
/// channel axis: a multiply-add per element instead of a subtraction, a
/// square root and a division (2 ms of MobileNetV2's 8.4 in onnxruntime's
/// QOperator form, whose BatchNormalization nodes stay float). Rounds like
/// the folded conv does (the spec's order differs by a few ulps). Tried
/// after FoldBatchNormIntoConv/Linear (a lower benefit).
struct BatchNormToAffine : OpRewritePattern<BatchNormOp> {
  BatchNormToAffine(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/0) {}

  LogicalResult matchAndRewrite(BatchNormOp bn,
                                PatternRewriter &rewriter) const override {
    RankedTensorType inputType = getRankedType(bn.getInput());
    if (!inputType)
      return rewriter.notifyMatchFailure(bn, "unranked input");
    FailureOr<int64_t> axis = normalizeAxis(
        std::nullopt, static_cast<int64_t>(bn.getAxis()), inputType.getRank());
    RankedTensorType scaleType = getStaticType(bn.getScale());
    if (failed(axis) || !scaleType || scaleType.getRank() != 1 ||
        failed(matchBatchNormParams(bn, *axis, scaleType.getDimSize(0))))
      return rewriter.notifyMatchFailure(bn, "statistics not constant");
    ParamBuilder params(rewriter, bn.getLoc(), inputType.getElementType());
    auto [scale, shift] = buildBatchNormAffine(params, bn);
    // [C] as [C, 1, ...]: one 1 per dim after the channel axis.
    SmallVector<int64_t> shape(inputType.getRank() - *axis, 1);
    shape.front() = -1;
    Value product = MulOp::create(rewriter, bn.getLoc(), bn.getInput(),
                                  params.reshape(scale, shape));
    Value result = AddOp::create(rewriter, bn.getLoc(), product,
                                 params.reshape(shift, shape));
    if (result.getType() != bn.getType())
      result =
          tensor::CastOp::create(rewriter, bn.getLoc(), bn.getType(), result);
    rewriter.replaceOp(bn, result);
    return success();
  }
};

/// The pass: the folding patterns to a fixpoint. The patterns evaluate the
/// new parameters themselves, so no separate constant folding is needed.
struct GraphFoldBatchNormPass
    : strata::graph::impl::GraphFoldBatchNormPassBase<GraphFoldBatchNormPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGraphFoldBatchNormPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void strata::graph::populateGraphFoldBatchNormPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FoldBatchNormIntoConv, FoldBatchNormIntoLinear,
               FoldScaleIntoConv<MulOp>, FoldScaleIntoConv<AddOp>,
               FoldScaleIntoLinear<MulOp>, FoldScaleIntoLinear<AddOp>,
               BatchNormToAffine>(patterns.getContext());
}
