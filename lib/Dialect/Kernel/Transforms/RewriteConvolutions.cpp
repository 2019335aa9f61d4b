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
#include "strata/Dialect/Kernel/Transforms/Products.h"

#include "strata/Support/ConstantLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <cstring>

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

/// A 2-D convolution this pass rewrites: linalg.conv_2d_nchw_fchw or
/// conv_2d_nhwc_fhwc, or a linalg.generic with either's maps (8-bit integer
/// products that zero-extend an operand: the named ops sign-extend both).
struct Conv2D {
  linalg::LinalgOp op;
  bool nhwc;
  SmallVector<int64_t> strides, dilations;
};

/// `op` as a Conv2D, or nullopt.
std::optional<Conv2D> matchConv2D(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInputs() != 2 ||
      linalgOp.getNumDpsInits() != 1)
    return std::nullopt;
  Conv2D conv{linalgOp, false, {}, {}};
  auto windows = [](DenseIntElementsAttr attr) {
    return llvm::to_vector(attr.getValues<int64_t>());
  };
  if (auto named = dyn_cast<linalg::Conv2DNchwFchwOp>(op)) {
    conv.strides = windows(named.getStrides());
    conv.dilations = windows(named.getDilations());
    return conv;
  }
  if (auto named = dyn_cast<linalg::Conv2DNhwcFhwcOp>(op)) {
    conv.nhwc = true;
    conv.strides = windows(named.getStrides());
    conv.dilations = windows(named.getDilations());
    return conv;
  }
  if (!isa<linalg::GenericOp>(op))
    return std::nullopt;
  if (linalg::isaConvolutionOpOfType<linalg::Conv2DNchwFchwOp>(
          linalgOp, &conv.dilations, &conv.strides))
    return conv;
  conv.nhwc = true;
  if (linalg::isaConvolutionOpOfType<linalg::Conv2DNhwcFhwcOp>(
          linalgOp, &conv.dilations, &conv.strides))
    return conv;
  return std::nullopt;
}

/// `conv`'s ConvOperands (NCHW input, FCHW filter, or NHWC input, FHWC
/// filter), or failure when it is not on tensors, a size other than the
/// batch is dynamic, or the product would be empty.
FailureOr<ConvOperands> getStaticConvOperands(const Conv2D &conv) {
  linalg::LinalgOp op = conv.op;
  if (!op.hasPureTensorSemantics())
    return failure();
  bool nhwc = conv.nhwc;
  ConvOperands operands;
  operands.input = op.getDpsInputs()[0];
  operands.filter = op.getDpsInputs()[1];
  operands.init = op.getDpsInits()[0];
  operands.inputType = cast<RankedTensorType>(operands.input.getType());
  operands.filterType = cast<RankedTensorType>(operands.filter.getType());
  operands.initType = cast<RankedTensorType>(operands.init.getType());
  for (RankedTensorType type : {operands.inputType, operands.initType})
    for (int64_t dim = 1; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        return failure();
  if (!operands.filterType.hasStaticShape())
    return failure();
  operands.strides = conv.strides;
  operands.dilations = conv.dilations;
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
LogicalResult rewriteConv2DNchwFchw(RewriterBase &rewriter, Operation *conv,
                                    const ConvOperands &operands) {
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] = operands;
  Location loc = conv->getLoc();
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
  ElementsAttr value;
  if (!matchPattern(filter, m_Constant(&value)))
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

/// `matrix`, a constant [groups * rows, F], with zero rows after each group
/// of `rows` up to `paddedRows`: a new constant [groups * paddedRows, F];
/// null when `matrix` is no constant or cannot be rewritten.
Value padConstantRowGroups(RewriterBase &rewriter, Location loc, Value matrix,
                           int64_t groups, int64_t rows, int64_t paddedRows) {
  ElementsAttr value;
  if (!matchPattern(matrix, m_Constant(&value)))
    return nullptr;
  auto type = cast<RankedTensorType>(matrix.getType());
  int64_t columns = type.getDimSize(1);
  auto resultType = RankedTensorType::get({groups * paddedRows, columns},
                                          type.getElementType());
  FailureOr<ElementsAttr> padded = strata::rewriteConstantBytes(
      value, resultType, "_rows",
      [&](ArrayRef<char> in, MutableArrayRef<char> out) {
        size_t groupBytes = in.size() / groups;
        size_t paddedBytes = out.size() / groups;
        std::memset(out.data(), 0, out.size());
        for (int64_t group = 0; group < groups; ++group)
          std::memcpy(out.data() + group * paddedBytes,
                      in.data() + group * groupBytes, groupBytes);
      });
  if (failed(padded))
    return nullptr;
  return arith::ConstantOp::create(rewriter, loc, resultType,
                                   cast<TypedAttr>(*padded));
}

/// Winograd's F(m x m, 3 x 3) algorithm (Lavin and Gray, "Fast Algorithms
/// for Convolutional Neural Networks", 2016): Y = A^T [(G g G^T) . (B^T d
/// B)] A computes an m x m output tile from a t x t input tile d (t = m + 2)
/// and a 3x3 filter g, with t * t multiplications per tile and channel pair.
struct WinogradAlgorithm {
  int64_t m, t;
  /// Row-major B^T [t][t], G [t][3] and A^T [m][t] (G in double: F(4x4)'s
  /// sixths are not floats).
  ArrayRef<float> bt;
  ArrayRef<double> g;
  ArrayRef<float> at;
};

/// F(2x2, 3x3): 16 multiplications per 2x2 tile (4 per output, 9 direct),
/// transforms of 0 and +-1.
constexpr float kWinograd2BT[] = {1, 0,  -1, 0, 0, 1, 1, 0,
                                  0, -1, 1,  0, 0, 1, 0, -1};
constexpr double kWinograd2G[] = {1,   0,    0,   0.5, 0.5, 0.5,
                                  0.5, -0.5, 0.5, 0,   0,   1};
constexpr float kWinograd2AT[] = {1, 1, 1, 0, 0, 1, -1, -1};

/// F(4x4, 3x3) with the points 0, +-1, +-2 and infinity: 36 multiplications
/// per 4x4 tile (2.25 per output), transforms with weights up to 8 (25 and
/// 64 in their 2-D products), which cost about 8x F(2x2, 3x3)'s f32
/// rounding error (a few 1e-6 of the largest output).
constexpr float kWinograd4BT[] = {4, 0, -5, 0,  1, 0, 0, -4, -4, 1,  1, 0,
                                  0, 4, -4, -1, 1, 0, 0, -2, -1, 2,  1, 0,
                                  0, 2, -1, -2, 1, 0, 0, 4,  0,  -5, 0, 1};
constexpr double kWinograd4G[] = {
    1.0 / 4,  0,         0,        -1.0 / 6, -1.0 / 6, -1.0 / 6,
    -1.0 / 6, 1.0 / 6,   -1.0 / 6, 1.0 / 24, 1.0 / 12, 1.0 / 6,
    1.0 / 24, -1.0 / 12, 1.0 / 6,  0,        0,        1};
constexpr float kWinograd4AT[] = {1, 1, 1, 1, 1, 0, 0, 1, -1, 2, -2, 0,
                                  0, 1, 1, 4, 4, 0, 0, 1, -1, 8, -8, 1};

WinogradAlgorithm getWinogradAlgorithm(int64_t m) {
  if (m == 4)
    return {4, 6, kWinograd4BT, kWinograd4G, kWinograd4AT};
  return {2, 4, kWinograd2BT, kWinograd2G, kWinograd2AT};
}

/// The output tile of the Winograd algorithm for `operands`: 4 (36
/// multiplications per 16 outputs) where its products have enough rows (at
/// least 7x7 tiles of 4x4) or a long enough reduction (C >= 256) to run near
/// the FMA peak, else 2 (16 per 4). Measured on an AMD EPYC (Zen 4) against
/// F(2x2, 3x3), kernels of the model: ResNet-18's 56x56x64 products 4.3 ->
/// 2.5 ms, 28x28x128 3.0 -> 1.7, 14x14x256 3.1 -> 2.6 (16 rows, C = 256),
/// 7x7x512 4.7 -> 4.2 (4 rows, C = 512); but 16 rows of a short reduction
/// run at 60-80% of the peak, which costs more than the multiplications
/// saved: SqueezeNet's 13x13 layers (C = 64) 259 -> 271 us, DenseNet-121's
/// 14x14 (C = 128) 1.58 -> 1.65 ms, and its 7x7 0.45 -> 0.48.
int64_t chooseWinogradTile(const ConvOperands &operands) {
  int64_t tiles4 =
      llvm::divideCeil(operands.oh, 4) * llvm::divideCeil(operands.ow, 4);
  return tiles4 >= 49 || operands.c >= 256 ? 4 : 2;
}

/// The filter `filter` ([F, 3, 3, C] f32 constant) transformed at compile
/// time, U = G g G^T per filter and channel, in panels
/// [t*t, F/width, C, width] (transform element e = t*i + j first),
/// computed in double from G's exact weights and rounded to f32 once. Null
/// when the filter is no constant.
Value createWinogradFilterPanels(RewriterBase &rewriter, Location loc,
                                 Value filter, int64_t width,
                                 const WinogradAlgorithm &algorithm) {
  ElementsAttr value;
  if (!matchPattern(filter, m_Constant(&value)))
    return Value();
  auto filterType = cast<RankedTensorType>(filter.getType());
  int64_t f = filterType.getDimSize(0), c = filterType.getDimSize(3);
  int64_t t = algorithm.t;
  auto resultType = RankedTensorType::get({t * t, f / width, c, width},
                                          filterType.getElementType());
  FailureOr<ElementsAttr> transformed = strata::rewriteConstantBytes(
      value, resultType, t == 4 ? "_winograd" : "_winograd4",
      [&](ArrayRef<char> in, MutableArrayRef<char> out) {
        auto g = [&](int64_t fi, int64_t kh, int64_t kw, int64_t ci) {
          float element;
          std::memcpy(&element,
                      in.data() + (((fi * 3 + kh) * 3 + kw) * c + ci) * 4, 4);
          return double(element);
        };
        auto gWeight = [&](int64_t i, int64_t k) {
          return algorithm.g[i * 3 + k];
        };
        // Panel by panel, channel by channel, filter by filter in the
        // panel: each of the t*t output slabs is written a cache line at a
        // time (filter outermost wrote one float per line, and a 512x512
        // layer's lines left the cache before the next filter came back to
        // them: 0.25 s of ResNet-18's compile).
        SmallVector<double> gg(t * 3);
        for (int64_t panel = 0; panel < f / width; ++panel) {
          for (int64_t ci = 0; ci < c; ++ci) {
            for (int64_t lane = 0; lane < width; ++lane) {
              int64_t fi = panel * width + lane;
              // G g (t x 3), then (G g) G^T (t x t).
              for (int64_t i = 0; i < t; ++i)
                for (int64_t kw = 0; kw < 3; ++kw) {
                  double sum = 0;
                  for (int64_t kh = 0; kh < 3; ++kh)
                    sum += gWeight(i, kh) * g(fi, kh, kw, ci);
                  gg[i * 3 + kw] = sum;
                }
              for (int64_t i = 0; i < t; ++i) {
                for (int64_t j = 0; j < t; ++j) {
                  double sum = 0;
                  for (int64_t kw = 0; kw < 3; ++kw)
                    sum += gg[i * 3 + kw] * gWeight(j, kw);
                  float u = float(sum);
                  int64_t offset =
                      (((i * t + j) * (f / width) + panel) * c + ci) * width +
                      lane;
                  std::memcpy(out.data() + offset * 4, &u, 4);
                }
              }
            }
          }
        }
      });
  if (failed(transformed))
    return Value();
  return arith::ConstantOp::create(rewriter, loc, resultType,
                                   cast<TypedAttr>(*transformed));
}

/// A constant tensor of `shape` with the products a[i][k] * a[j][l] of the
/// row-major `rows` x `columns` matrix `matrix` at [i, j, k, l] (the
/// coefficients of a 2-D transform M x M^T: out[i][j] = sum_kl a[i][k]
/// d[k][l] a[j][l]), viewed as `shape`.
Value createTransformCoefficients(RewriterBase &rewriter, Location loc,
                                  ArrayRef<float> matrix, int64_t rows,
                                  ArrayRef<int64_t> shape) {
  int64_t columns = matrix.size() / rows;
  SmallVector<float> values;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < rows; ++j)
      for (int64_t k = 0; k < columns; ++k)
        for (int64_t l = 0; l < columns; ++l)
          // + 0.0f: no negative zeros (0 * -1) in the printed constant.
          values.push_back(matrix[i * columns + k] * matrix[j * columns + l] +
                           0.0f);
  auto type = RankedTensorType::get(shape, rewriter.getF32Type());
  return arith::ConstantOp::create(
      rewriter, loc, type, DenseElementsAttr::get(type, ArrayRef(values)));
}

/// The `acc + lhs * rhs` body of the Winograd generics.
void buildMultiplyAdd(OpBuilder &b, Location loc, ValueRange args) {
  Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
  Value sum = arith::AddFOp::create(b, loc, args[2], product);
  linalg::YieldOp::create(b, loc, sum);
}

/// Whether `conv` (with `operands`) has what the Winograd rewrite below
/// needs but for a constant filter: f32, unit batch, 3x3 window, unit
/// strides and dilations, F a multiple of the panel width (`panelBytes` of
/// f32), at least a cache line of channels, and the plain multiply-add
/// body that its generics restate.
bool isWinogradShape(linalg::Conv2DNhwcFhwcOp conv,
                     const ConvOperands &operands, int64_t panelBytes) {
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] = operands;
  Type f32 = Float32Type::get(conv.getContext());
  int64_t width = panelBytes / 4;
  if (!unitBatch || kh != 3 || kw != 3 || h < oh + 2 || w < ow + 2 ||
      llvm::any_of(strides, [](int64_t s) { return s != 1; }) ||
      llvm::any_of(dilations, [](int64_t d) { return d != 1; }) ||
      inputType.getElementType() != f32 || filterType.getElementType() != f32 ||
      initType.getElementType() != f32 || width < 2 || f % width != 0)
    return false;
  // Channels narrower than a cache line (an RGB stem) leave the products
  // too short to pay for the transforms: im2col reads them as runs.
  if (c * 4 < 64)
    return false;
  return strata::kernel::isFloatMultiplyAddBody(conv->getRegion(0).front());
}

/// Rewrites `conv` (linalg.conv_2d_nhwc_fhwc, f32, unit batch, 3x3 window,
/// unit strides and dilations, a constant filter whose F the panel width
/// divides, at least a cache line of channels) with Winograd's
/// F(m x m, 3x3) `algorithm`, which needs t*t multiplications (t = m + 2)
/// per m x m output tile and channel where the direct convolution needs
/// 9 m^2 (F(2x2): 16 for 36; F(4x4): 36 for 144):
///   V[t*t, TH, TW, C] = sum_ab K[e, a, b] X[m th + a, m tw + b, c]
///   M[t*t, TH*TW, F/P, P] = V[e] x U[e]   (t*t products, U at compile time)
///   Y[TH, m, TW, m, F/P, P] = init + sum_ab A[i, j, a, b] M[a, b, th, tw]
/// with TH = OH/m, TW = OW/m (rounded up: the image gets up to m - 1 more
/// rows or columns of zeros, the extra output rows or columns are computed
/// into a zero init, and the convolution's init is added to the slice that
/// counts), K = B^T (x) B^T and A = A^T (x) A^T (constant
/// combinations, see ConstantCombination.h: the tile pass adds only the
/// terms whose coefficient is non-zero; F(2x2): 4 per element of V, 9 per
/// element of Y; F(4x4): 13.4 and 20.3 on average). The products are
/// ordinary panel products (the register-blocked schedule), the output
/// transform a contraction that the convolution's epilogue fuses into.
/// Returns failure when it does not apply.
LogicalResult
rewriteConv2DNhwcFhwcWinograd(RewriterBase &rewriter,
                              linalg::Conv2DNhwcFhwcOp conv,
                              const ConvOperands &operands, int64_t panelBytes,
                              const WinogradAlgorithm &algorithm) {
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] = operands;
  Type f32 = rewriter.getF32Type();
  int64_t width = panelBytes / 4;
  if (!isWinogradShape(conv, operands, panelBytes))
    return failure();
  Location loc = conv.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(conv);
  int64_t m = algorithm.m, t = algorithm.t, elements = t * t;
  Value panels =
      createWinogradFilterPanels(rewriter, loc, filter, width, algorithm);
  if (!panels)
    return failure();
  // Output sizes round up to whole m x m tiles: the image gets up to m - 1
  // more rows (columns) of zeros and the extra output rows (columns) are
  // dropped.
  int64_t th = llvm::divideCeil(oh, m), tw = llvm::divideCeil(ow, m);
  int64_t tiles = th * tw, numPanels = f / width;
  bool rounded = m * th != oh || m * tw != ow;
  Value zero =
      arith::ConstantOp::create(rewriter, loc, f32, rewriter.getZeroAttr(f32));
  auto filled = [&](ArrayRef<int64_t> shape) {
    Value empty = tensor::EmptyOp::create(rewriter, loc, shape, f32);
    return linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
  };
  auto dims = [&](unsigned count) {
    SmallVector<AffineExpr> exprs;
    for (unsigned i = 0; i < count; ++i)
      exprs.push_back(getAffineDimExpr(i, ctx));
    return exprs;
  };
  auto parallel = utils::IteratorType::parallel;
  auto reduction = utils::IteratorType::reduction;

  // Input transform, loops (e, th, tw, c, a, b), on the [H, W, C] image
  // (plus the extra row and column of a rounded-up size, added to the
  // convolution's own zero padding when there is one: a single padding,
  // which joins the transform's kernel).
  int64_t extraRows = std::max<int64_t>(0, m * th + 2 - h),
          extraColumns = std::max<int64_t>(0, m * tw + 2 - w);
  Value source = input;
  SmallVector<int64_t> low(3, 0), high = {extraRows, extraColumns, 0};
  if (auto pad = input.getDefiningOp<tensor::PadOp>();
      pad && (extraRows || extraColumns) &&
      matchPattern(pad.getConstantPaddingValue(), m_AnyZeroFloat())) {
    std::optional<SmallVector<int64_t>> padLow =
        getConstantIntValues(pad.getMixedLowPad());
    std::optional<SmallVector<int64_t>> padHigh =
        getConstantIntValues(pad.getMixedHighPad());
    if (padLow && padHigh && (*padLow)[0] == 0 && (*padHigh)[0] == 0 &&
        (*padLow)[3] == 0 && (*padHigh)[3] == 0) {
      source = pad.getSource();
      low = {(*padLow)[1], (*padLow)[2], 0};
      high = {(*padHigh)[1] + extraRows, (*padHigh)[2] + extraColumns, 0};
    }
  }
  Value image = tensor::CollapseShapeOp::create(
      rewriter, loc, source,
      SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
  if (llvm::any_of(llvm::concat<int64_t>(low, high),
                   [](int64_t amount) { return amount != 0; })) {
    auto paddedType =
        RankedTensorType::get({h + extraRows, w + extraColumns, c}, f32);
    image = tensor::PadOp::create(rewriter, loc, paddedType, image,
                                  getAsIndexOpFoldResult(ctx, low),
                                  getAsIndexOpFoldResult(ctx, high), zero);
  }
  Value inputCoefficients = createTransformCoefficients(
      rewriter, loc, algorithm.bt, t, {elements, t, t});
  SmallVector<AffineExpr> d = dims(6);
  Value transformedInput =
      linalg::GenericOp::create(
          rewriter, loc,
          TypeRange{RankedTensorType::get({elements, th, tw, c}, f32)},
          ValueRange{image, inputCoefficients},
          ValueRange{filled({elements, th, tw, c})},
          SmallVector<AffineMap>{
              AffineMap::get(6, 0, {d[1] * m + d[4], d[2] * m + d[5], d[3]},
                             ctx),
              AffineMap::get(6, 0, {d[0], d[4], d[5]}, ctx),
              AffineMap::get(6, 0, {d[0], d[1], d[2], d[3]}, ctx)},
          SmallVector<utils::IteratorType>{parallel, parallel, parallel,
                                           parallel, reduction, reduction},
          buildMultiplyAdd)
          .getResult(0);
  Value matrices = tensor::CollapseShapeOp::create(
      rewriter, loc, transformedInput,
      SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}});

  // The t*t products, loops (e, p, panel, lane, k).
  d = dims(5);
  Value products =
      linalg::GenericOp::create(
          rewriter, loc,
          TypeRange{
              RankedTensorType::get({elements, tiles, numPanels, width}, f32)},
          ValueRange{matrices, panels},
          ValueRange{filled({elements, tiles, numPanels, width})},
          SmallVector<AffineMap>{
              AffineMap::get(5, 0, {d[0], d[1], d[4]}, ctx),
              AffineMap::get(5, 0, {d[0], d[2], d[4], d[3]}, ctx),
              AffineMap::get(5, 0, {d[0], d[1], d[2], d[3]}, ctx)},
          SmallVector<utils::IteratorType>{parallel, parallel, parallel,
                                           parallel, reduction},
          buildMultiplyAdd)
          .getResult(0);
  Value productTiles = tensor::ExpandShapeOp::create(
      rewriter, loc,
      RankedTensorType::get({t, t, th, tw, numPanels, width}, f32), products,
      SmallVector<ReassociationIndices>{{0, 1}, {2, 3}, {4}, {5}});

  // Output transform, loops (th, i, tw, j, panel, lane, a, b), accumulating
  // into the convolution's init viewed as [TH, m, TW, m, F/P, P].
  // (Rounded up, it starts from zeros instead, and the init is added to
  // the slice of the output that counts.)
  auto outputType =
      RankedTensorType::get({th, m, tw, m, numPanels, width}, f32);
  Value init3 = tensor::CollapseShapeOp::create(
      rewriter, loc, init, SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
  Value acc =
      rounded ? filled(outputType.getShape())
              : tensor::ExpandShapeOp::create(
                    rewriter, loc, outputType, init3,
                    SmallVector<ReassociationIndices>{{0, 1}, {2, 3}, {4, 5}})
                    .getResult();
  Value outputCoefficients =
      createTransformCoefficients(rewriter, loc, algorithm.at, m, {m, m, t, t});
  d = dims(8);
  Value output =
      linalg::GenericOp::create(
          rewriter, loc, TypeRange{outputType},
          ValueRange{productTiles, outputCoefficients}, ValueRange{acc},
          SmallVector<AffineMap>{
              AffineMap::get(8, 0, {d[6], d[7], d[0], d[2], d[4], d[5]}, ctx),
              AffineMap::get(8, 0, {d[1], d[3], d[6], d[7]}, ctx),
              AffineMap::get(8, 0, {d[0], d[1], d[2], d[3], d[4], d[5]}, ctx)},
          SmallVector<utils::IteratorType>{parallel, parallel, parallel,
                                           parallel, parallel, parallel,
                                           reduction, reduction},
          buildMultiplyAdd)
          .getResult(0);
  Value result = tensor::CollapseShapeOp::create(
      rewriter, loc, output,
      SmallVector<ReassociationIndices>{{0, 1}, {2, 3}, {4, 5}});
  if (rounded) {
    result = tensor::ExtractSliceOp::create(
        rewriter, loc, result, getAsIndexOpFoldResult(ctx, {0, 0, 0}),
        getAsIndexOpFoldResult(ctx, {oh, ow, f}),
        getAsIndexOpFoldResult(ctx, {1, 1, 1}));
    Value empty = tensor::EmptyOp::create(rewriter, loc,
                                          ArrayRef<int64_t>{oh, ow, f}, f32);
    result = linalg::AddOp::create(rewriter, loc, ValueRange{result, init3},
                                   ValueRange{empty})
                 .getResult(0);
  }
  result = tensor::ExpandShapeOp::create(
      rewriter, loc, initType, result,
      SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}});
  rewriter.replaceOp(conv, result);
  return success();
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
/// transposed at compile time when the filter is a constant. `operands` are
/// getStaticConvOperands' (the static sizes the NCHW form needs too).
LogicalResult rewriteConv2DNhwcFhwc(RewriterBase &rewriter, Operation *conv,
                                    const ConvOperands &operands,
                                    int64_t panelBytes) {
  auto [input, filter, init, inputType, filterType, initType, strides,
        dilations, f, c, kh, kw, h, w, oh, ow, unitBatch, pointwise] = operands;
  Location loc = conv->getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Type elementType = inputType.getElementType();
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  rewriter.setInsertionPoint(conv);
  // Products of narrower elements into a wider accumulator (8-bit integers
  // into i32, bf16 into f32) keep the [K, F] filter matrix, which
  // kernel-pack-weights lays out for dot products (their extensions stay in
  // the cloned body).
  bool widening = elementType != initType.getElementType();
  // The product's rows: [P] pixels per image (loops over the batch), or
  // [N*P] for a unit batch, and for widening products with any batch: one
  // matrix product, which kernel-pack-weights lays out.
  bool flatBatch = unitBatch || widening;

  // The matrix of windows, [N, P, K] ([P, K] for a unit batch), its rows
  // runs of `runLength` elements from KH image rows (KW*C, or rounded up for
  // dot products, whose filter then has zero rows there). Dot products sum
  // groups of 4 bytes (int8) or 2 bf16 values into one 32-bit lane.
  int64_t dotGroup = widening ? strata::kernel::getDotProductGroup(
                                    elementType, filterType.getElementType(),
                                    initType.getElementType())
                              : 0;
  // Channels narrower than a cache line (an RGB image's 3) are copied as
  // runs of KW*C elements of the [H, W*C] input. Wider ones are runs
  // already, and reading the image unreshaped keeps its producers in the
  // [N, H, W, C] shape that the products write ([N, OH*OW, F]), so that a
  // residual add between two convolutions fuses into the first one.
  bool rowsAreRuns = !pointwise && dilations[1] == 1 && c * elementBytes < 64;
  int64_t runLength = kw * c;
  // Dot products reduce in groups: a run of KW*C elements is read rounded
  // up to a multiple of the group where the image has the elements past
  // the last window (its right padding: ResNet's 7x7x3 stem reads 24 bytes
  // of 21), with zero filter rows there (a constant filter).
  Value roundedFilter;
  int64_t roundedRun = dotGroup ? llvm::alignTo(kw * c, dotGroup) : runLength;
  if (rowsAreRuns && dotGroup && roundedRun != runLength &&
      (ow - 1) * strides[1] * c + roundedRun <= w * c) {
    Value matrix = createTransposedFilterMatrix(rewriter, loc, filter);
    roundedFilter =
        padConstantRowGroups(rewriter, loc, matrix, kh, runLength, roundedRun);
    if (roundedFilter)
      runLength = roundedRun;
    if (matrix.use_empty())
      rewriter.eraseOp(matrix.getDefiningOp());
  }
  Value col;
  if (pointwise) {
    col = tensor::CollapseShapeOp::create(
        rewriter, loc, input,
        flatBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
                  : SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}});
  } else {
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
      colSizes.push_back(rewriter.getIndexAttr(runLength));
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
        flatBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, kDims}
                  : SmallVector<ReassociationIndices>{{0}, {1, 2}, kDims});
  }
  // The filter: panels [F/P, K, P] of a constant filter when asked for and
  // P divides F (not for widening products), else [K, F].
  int64_t panelWidth = !widening && panelBytes > 0 && elementBytes > 0
                           ? panelBytes / elementBytes
                           : 0;
  Value panels;
  if (panelWidth > 1 && f % panelWidth == 0 && f > panelWidth)
    panels = createConstantFilterPanels(
        rewriter, loc, filter, panelWidth,
        RankedTensorType::get({f / panelWidth, c * kh * kw, panelWidth},
                              elementType),
        "_panels");
  Value matrix = panels ? Value()
                 : roundedFilter
                     ? roundedFilter
                     : createTransposedFilterMatrix(rewriter, loc, filter);
  // K not a multiple of the group otherwise: with zero columns of windows
  // (a copy) and zero filter rows.
  int64_t k = kh * runLength;
  if (matrix && flatBatch && dotGroup && k % dotGroup != 0) {
    int64_t rounded = llvm::alignTo(k, dotGroup);
    if (Value padded =
            padConstantRowGroups(rewriter, loc, matrix, 1, k, rounded)) {
      matrix = padded;
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(elementType));
      col = tensor::PadOp::create(
          rewriter, loc,
          RankedTensorType::get(
              {cast<RankedTensorType>(col.getType()).getDimSize(0), rounded},
              elementType),
          col, getAsIndexOpFoldResult(rewriter.getContext(), {0, 0}),
          getAsIndexOpFoldResult(rewriter.getContext(), {0, rounded - k}),
          zero);
    }
  }
  SmallVector<ReassociationIndices> outReassociation =
      flatBatch ? SmallVector<ReassociationIndices>{{0, 1, 2}, {3}}
                : SmallVector<ReassociationIndices>{{0}, {1, 2}, {3}};
  Value acc =
      tensor::CollapseShapeOp::create(rewriter, loc, init, outReassociation);
  // With panels the product writes [[N,] P, F/P, P] (a view of [[N,] P, F]).
  SmallVector<ReassociationIndices> panelReassociation =
      flatBatch ? SmallVector<ReassociationIndices>{{0}, {1, 2}}
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
  unsigned batchLoops = flatBatch ? 0 : 1;
  unsigned numLoops = batchLoops + (panels ? 4 : 3);
  SmallVector<AffineExpr> loops;
  for (unsigned i = 0; i < numLoops; ++i)
    loops.push_back(getAffineDimExpr(i, ctx));
  AffineExpr pi = loops[batchLoops], ki = loops.back();
  SmallVector<AffineExpr> colExprs, filterExprs, accExprs;
  if (!flatBatch) {
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
    if (!strata::kernel::isWinogradTile(winogradTile)) {
      getOperation().emitError()
          << "kernel-rewrite-convolutions: winograd-tile must be 0 (chosen "
             "per convolution), 2 or 4, not "
          << static_cast<int64_t>(winogradTile);
      return signalPassFailure();
    }
    SmallVector<Conv2D> convs;
    getOperation().walk([&](Operation *op) {
      if (std::optional<Conv2D> conv = matchConv2D(op))
        convs.push_back(std::move(*conv));
    });
    IRRewriter rewriter(&getContext());
    for (const Conv2D &conv : convs) {
      FailureOr<ConvOperands> operands = getStaticConvOperands(conv);
      if (failed(operands) || (pointwiseOnly && !operands->pointwise))
        continue;
      if (!conv.nhwc) {
        (void)rewriteConv2DNchwFchw(rewriter, conv.op, *operands);
        continue;
      }
      // (Winograd takes f32 named convolutions only; it checks.)
      auto named = dyn_cast<linalg::Conv2DNhwcFhwcOp>(conv.op);
      if (pointwiseOnly || !winograd || !named) {
        (void)rewriteConv2DNhwcFhwc(rewriter, conv.op, *operands, panelBytes);
        continue;
      }
      int64_t m = winogradTile != 0 ? static_cast<int64_t>(winogradTile)
                                    : chooseWinogradTile(*operands);
      if (failed(rewriteConv2DNhwcFhwcWinograd(
              rewriter, named, *operands, panelBytes, getWinogradAlgorithm(m))))
        (void)rewriteConv2DNhwcFhwc(rewriter, conv.op, *operands, panelBytes);
    }
  }
};

} // namespace

int64_t strata::kernel::getWinogradProductRows(Operation *op,
                                               int64_t panelBytes,
                                               int64_t winogradTile) {
  auto named = dyn_cast<linalg::Conv2DNhwcFhwcOp>(op);
  std::optional<Conv2D> conv = named ? matchConv2D(named) : std::nullopt;
  if (!conv)
    return 0;
  FailureOr<ConvOperands> operands = getStaticConvOperands(*conv);
  if (failed(operands) || !isWinogradShape(named, *operands, panelBytes) ||
      !matchPattern(operands->filter, m_Constant()))
    return 0;
  int64_t m = winogradTile != 0 ? winogradTile : chooseWinogradTile(*operands);
  return llvm::divideCeil(operands->oh, m) * llvm::divideCeil(operands->ow, m);
}

bool strata::kernel::isWinogradTile(int64_t tile) {
  return tile == 0 || tile == 2 || tile == 4;
}
