//===- EvaluateNN.cpp - Reference evaluation of NN ops --------------------===//
//
// Reference implementations of the neural-network ops: contractions
// (matmul, linear), 2-D and 3-D convolutions and pooling, global pooling,
// normalizations and softmax.
//
// Every function derives the result shape again from the operands' actual
// shapes and the attributes and fails when it differs from the op's result
// type: the evaluator may be handed tensors whose shapes refine `?` operand
// types, and indexing must never leave the buffers. Sums are accumulated in
// double (int64 for integer contractions) and rounded once on store.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Records `message` as the reason of a failed evaluation.
static LogicalResult failWith(std::string &whyNot, const Twine &message) {
  whyNot = message.str();
  return failure();
}

/// Fails unless the op's result shape is `expected`, the shape the operands
/// and attributes give.
static LogicalResult checkResultShape(const EvalTensor &result,
                                      ArrayRef<int64_t> expected,
                                      std::string &whyNot) {
  if (result.getShape() == expected)
    return success();
  return failWith(whyNot, "operands give result shape " +
                              formatShape(expected) + ", the op has " +
                              formatShape(result.getShape()));
}

/// Maps `axis` in [-rank, rank) to [0, rank); nullopt when out of range.
static std::optional<int64_t> normalizeEvalAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

/// The product of `shape`'s sizes (static, in-memory sizes cannot overflow).
static int64_t product(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

// Attribute readers. Ops built through the usual paths have their default
// valued properties populated, but the evaluator must not crash on ops whose
// properties were left empty, so a missing attribute means its default.
static ArrayRef<int64_t> valuesOr(DenseI64ArrayAttr attr,
                                  ArrayRef<int64_t> fallback) {
  return attr ? attr.asArrayRef() : fallback;
}
static bool boolOr(BoolAttr attr, bool fallback) {
  return attr ? attr.getValue() : fallback;
}
static int64_t intOr(IntegerAttr attr, int64_t fallback) {
  return attr ? attr.getInt() : fallback;
}
static double floatOr(FloatAttr attr, double fallback) {
  return attr ? attr.getValueAsDouble() : fallback;
}
static Layout layoutOr(LayoutAttr attr) {
  return attr ? attr.getValue() : Layout::NCHW;
}

static constexpr int64_t kOnes2[] = {1, 1};
static constexpr int64_t kZeros2[] = {0, 0};
static constexpr int64_t kZeros4[] = {0, 0, 0, 0};

/// Checks that `values` (attribute `name`) has `size` entries, each >= `min`.
static LogicalResult checkList(StringRef name, ArrayRef<int64_t> values,
                               size_t size, int64_t min, std::string &whyNot) {
  if (values.size() != size)
    return failWith(whyNot,
                    "'" + name + "' must have " + Twine(size) + " entries");
  for (int64_t value : values)
    if (value < min)
      return failWith(whyNot,
                      "'" + name + "' entries must be >= " + Twine(min));
  return success();
}

//===----------------------------------------------------------------------===//
// Image indexing
//===----------------------------------------------------------------------===//

namespace {
/// Row-major indexing of a 4-D tensor by logical (outer, channel, height,
/// width) coordinates, whatever order the layout stores them in. For data
/// tensors the outer dim is the batch; for weights it is the other channel
/// dim (O of OIHW, I of IOHW).
struct Index4D {
  /// The dims of the four logical coordinates in the stored shape.
  int64_t dims[4];
  /// The stored sizes of the logical coordinates.
  int64_t sizes[4];
  /// The row-major strides of the logical coordinates.
  int64_t strides[4];

  Index4D(ArrayRef<int64_t> shape, int64_t outerDim, int64_t channelDim,
          int64_t heightDim, int64_t widthDim)
      : dims{outerDim, channelDim, heightDim, widthDim} {
    int64_t stored[4];
    stored[3] = 1;
    for (int64_t dim = 2; dim >= 0; --dim)
      stored[dim] = stored[dim + 1] * shape[dim + 1];
    for (unsigned i = 0; i < 4; ++i) {
      sizes[i] = shape[dims[i]];
      strides[i] = stored[dims[i]];
    }
  }

  int64_t outer() const { return sizes[0]; }
  int64_t channels() const { return sizes[1]; }
  int64_t height() const { return sizes[2]; }
  int64_t width() const { return sizes[3]; }

  /// The linear index of the logical coordinates (in range).
  int64_t operator()(int64_t outer, int64_t channel, int64_t y,
                     int64_t x) const {
    return outer * strides[0] + channel * strides[1] + y * strides[2] +
           x * strides[3];
  }
};
} // namespace

/// Data tensors: (N, C, H, W) stored as NCHW or NHWC.
static Index4D indexImage(ArrayRef<int64_t> shape, Layout layout) {
  if (layout == Layout::NHWC)
    return Index4D(shape, 0, 3, 1, 2);
  return Index4D(shape, 0, 1, 2, 3);
}

/// Builds the stored shape of an image from its logical sizes.
static SmallVector<int64_t> imageShape(Layout layout, int64_t batch,
                                       int64_t channels, int64_t height,
                                       int64_t width) {
  if (layout == Layout::NHWC)
    return {batch, height, width, channels};
  return {batch, channels, height, width};
}

namespace {
/// The sliding-window attributes of one spatial dim.
struct Window {
  int64_t kernel;
  int64_t stride;
  int64_t padBegin;
  int64_t padEnd;
  int64_t dilation;
};
} // namespace

/// The window of spatial dim `i` (0 = height, 1 = width) from [h, w] lists
/// and [top, left, bottom, right] pads.
static Window getWindow(int64_t kernel, ArrayRef<int64_t> strides,
                        ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations,
                        unsigned i) {
  return Window{kernel, strides[i], pads[i], pads[i + 2], dilations[i]};
}

/// The number of windows over `in` elements (computeWindowOutputSize);
/// nullopt on overflow or a size below 1.
static std::optional<int64_t> windowCount(int64_t in, const Window &window,
                                          bool ceilMode) {
  std::optional<int64_t> count =
      computeWindowOutputSize(in, window.kernel, window.stride, window.padBegin,
                              window.padEnd, window.dilation, ceilMode);
  if (!count || *count < 1)
    return std::nullopt;
  return count;
}

namespace {
/// The taps j in [first, last) of a window starting at `start` whose
/// positions start + j * dilation lie in a range of positions.
struct TapRange {
  int64_t first, last;
  int64_t size() const { return std::max<int64_t>(last - first, 0); }
};
} // namespace

/// The taps of `window`, starting at position `start`, that land in
/// [lo, hi).
static TapRange getTapsIn(int64_t start, const Window &window, int64_t lo,
                          int64_t hi) {
  return TapRange{
      std::max<int64_t>(llvm::divideCeilSigned(lo - start, window.dilation), 0),
      std::min<int64_t>(
          llvm::divideFloorSigned(hi - 1 - start, window.dilation) + 1,
          window.kernel)};
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

/// numpy.matmul: 1-D operands are promoted (and the promoted dim dropped
/// from the result), batch dims broadcast. Integer products accumulate in
/// int64 with wrap-around, then wrap to the element width.
static LogicalResult evaluate(MatmulOp, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &lhs = operands[0], &rhs = operands[1];
  if (lhs.getRank() == 0 || rhs.getRank() == 0)
    return failWith(whyNot, "matmul operands must have rank >= 1");
  SmallVector<int64_t> lhsShape(lhs.getShape()), rhsShape(rhs.getShape());
  bool lhsVector = lhsShape.size() == 1, rhsVector = rhsShape.size() == 1;
  if (lhsVector)
    lhsShape.insert(lhsShape.begin(), 1);
  if (rhsVector)
    rhsShape.push_back(1);
  int64_t m = lhsShape[lhsShape.size() - 2], k = lhsShape.back();
  int64_t n = rhsShape.back();
  if (rhsShape[rhsShape.size() - 2] != k)
    return failWith(whyNot, "matmul contraction sizes differ");
  ArrayRef<int64_t> lhsBatch = ArrayRef(lhsShape).drop_back(2);
  ArrayRef<int64_t> rhsBatch = ArrayRef(rhsShape).drop_back(2);
  size_t batchRank = std::max(lhsBatch.size(), rhsBatch.size());
  SmallVector<int64_t> batch(batchRank, 1);
  // Aligned from the back; a size 1 broadcasts.
  for (auto operandBatch : {lhsBatch, rhsBatch}) {
    size_t offset = batchRank - operandBatch.size();
    for (auto [i, size] : llvm::enumerate(operandBatch)) {
      int64_t &target = batch[offset + i];
      if (size == target || size == 1)
        continue;
      if (target != 1)
        return failWith(whyNot, "matmul batch dims do not broadcast");
      target = size;
    }
  }
  SmallVector<int64_t> expected = batch;
  if (!lhsVector)
    expected.push_back(m);
  if (!rhsVector)
    expected.push_back(n);
  if (failed(checkResultShape(result, expected, whyNot)))
    return failure();

  // The offset of each operand's matrix for a batch index: broadcast dims
  // (size 1) stay at 0.
  auto matrixOffset = [&](ArrayRef<int64_t> operandBatch,
                          ArrayRef<int64_t> index, int64_t matrixSize) {
    size_t offset = batchRank - operandBatch.size();
    int64_t linear = 0;
    for (auto [i, size] : llvm::enumerate(operandBatch))
      linear = linear * size + (size == 1 ? 0 : index[offset + i]);
    return linear * matrixSize;
  };
  bool isFloat = result.isFloat();
  int64_t outMatrix = 0;
  forEachIndex(batch, [&](ArrayRef<int64_t> index) {
    int64_t lhsOffset = matrixOffset(lhsBatch, index, m * k);
    int64_t rhsOffset = matrixOffset(rhsBatch, index, k * n);
    int64_t outOffset = outMatrix++ * m * n;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        int64_t at = outOffset + i * n + j;
        if (isFloat) {
          double sum = 0.0;
          for (int64_t p = 0; p < k; ++p)
            sum += lhs.getFloat(lhsOffset + i * k + p) *
                   rhs.getFloat(rhsOffset + p * n + j);
          result.setFloat(at, sum);
        } else {
          // Unsigned arithmetic wraps without undefined behavior.
          uint64_t sum = 0;
          for (int64_t p = 0; p < k; ++p)
            sum += static_cast<uint64_t>(lhs.getInt(lhsOffset + i * k + p)) *
                   static_cast<uint64_t>(rhs.getInt(rhsOffset + p * n + j));
          result.setInt(at, static_cast<int64_t>(sum));
        }
      }
    }
  });
  return success();
}

/// ONNX Gemm: alpha * A' * B' + beta * C with C broadcast unidirectionally
/// to (M, N). Integer operands accumulate the product in wrapping int64;
/// with alpha = beta = 1 the bias is added as an integer too, otherwise
/// the scaled sum is computed in double and truncated toward zero.
static LogicalResult evaluate(LinearOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &a = operands[0], &b = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  if (a.getRank() != 2 || b.getRank() != 2)
    return failWith(whyNot, "linear operands must be 2-D");
  bool transA = boolOr(op.getTransAAttr(), false);
  bool transB = boolOr(op.getTransBAttr(), false);
  double alpha = floatOr(op.getAlphaAttr(), 1.0);
  double beta = floatOr(op.getBetaAttr(), 1.0);
  int64_t m = a.getShape()[transA ? 1 : 0], k = a.getShape()[transA ? 0 : 1];
  int64_t n = b.getShape()[transB ? 0 : 1];
  if (b.getShape()[transB ? 1 : 0] != k)
    return failWith(whyNot, "linear contraction sizes differ");
  int64_t mn[2] = {m, n};
  if (failed(checkResultShape(result, mn, whyNot)))
    return failure();
  // Bias strides over (M, N): 0 along broadcast (absent or size-1) dims.
  int64_t biasStrideM = 0, biasStrideN = 0;
  if (bias) {
    ArrayRef<int64_t> shape = bias->getShape();
    if (shape.size() > 2)
      return failWith(whyNot, "linear bias must have rank <= 2");
    size_t offset = 2 - shape.size();
    for (auto [i, size] : llvm::enumerate(shape))
      if (size != 1 && size != mn[offset + i])
        return failWith(whyNot,
                        "linear bias does not broadcast to " + formatShape(mn));
    int64_t sizeN = shape.empty() ? 1 : shape.back();
    if (sizeN != 1)
      biasStrideN = 1;
    if (shape.size() == 2 && shape[0] != 1)
      biasStrideM = sizeN;
  }
  auto aIndex = [&](int64_t i, int64_t p) {
    return transA ? p * m + i : i * k + p;
  };
  auto bIndex = [&](int64_t p, int64_t j) {
    return transB ? j * k + p : p * n + j;
  };
  bool isFloat = result.isFloat();
  bool exactInt = !isFloat && alpha == 1.0 && beta == 1.0;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      int64_t at = i * n + j;
      int64_t biasAt = i * biasStrideM + j * biasStrideN;
      if (isFloat) {
        double sum = 0.0;
        for (int64_t p = 0; p < k; ++p)
          sum += a.getFloat(aIndex(i, p)) * b.getFloat(bIndex(p, j));
        double value = alpha * sum;
        if (bias)
          value += beta * bias->getFloat(biasAt);
        result.setFloat(at, value);
        continue;
      }
      uint64_t sum = 0;
      for (int64_t p = 0; p < k; ++p)
        sum += static_cast<uint64_t>(a.getInt(aIndex(i, p))) *
               static_cast<uint64_t>(b.getInt(bIndex(p, j)));
      if (exactInt) {
        if (bias)
          sum += static_cast<uint64_t>(bias->getInt(biasAt));
        result.setInt(at, static_cast<int64_t>(sum));
        continue;
      }
      double value = alpha * static_cast<double>(static_cast<int64_t>(sum));
      if (bias)
        value += beta * static_cast<double>(bias->getInt(biasAt));
      result.setFloat(at, value);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// Reads and checks the window attributes shared by both convolutions.
template <typename ConvOp>
static LogicalResult getConvAttrs(ConvOp op, ArrayRef<int64_t> &strides,
                                  ArrayRef<int64_t> &pads,
                                  ArrayRef<int64_t> &dilations, int64_t &groups,
                                  std::string &whyNot) {
  strides = valuesOr(op.getStridesAttr(), kOnes2);
  pads = valuesOr(op.getPadsAttr(), kZeros4);
  dilations = valuesOr(op.getDilationsAttr(), kOnes2);
  groups = intOr(op.getGroupsAttr(), 1);
  if (failed(checkList("strides", strides, 2, 1, whyNot)) ||
      failed(checkList("pads", pads, 4, 0, whyNot)) ||
      failed(checkList("dilations", dilations, 2, 1, whyNot)))
    return failure();
  if (groups < 1)
    return failWith(whyNot, "'groups' must be >= 1");
  return success();
}

/// Checks the optional 1-D bias of a convolution with `channels` outputs.
static LogicalResult checkConvBias(const EvalTensor *bias, int64_t channels,
                                   std::string &whyNot) {
  if (bias && (bias->getRank() != 1 || bias->getShape()[0] != channels))
    return failWith(whyNot,
                    "bias must be 1-D with " + Twine(channels) + " elements");
  return success();
}

/// ONNX Conv: out[n, o, y, x] = bias[o] + sum over the group's input
/// channels c and taps (i, j) of
/// in[n, g * I + c, y * s - pad + i * d, ...] * w[o, c, i, j], with
/// g = o / (O / groups) and out-of-range input positions (padding) as 0.
static LogicalResult evaluate(Conv2DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0], &weight = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  ArrayRef<int64_t> strides, pads, dilations;
  int64_t groups;
  if (failed(getConvAttrs(op, strides, pads, dilations, groups, whyNot)))
    return failure();
  if (input.getRank() != 4 || weight.getRank() != 4)
    return failWith(whyNot, "conv2d input and weight must be 4-D");
  Layout layout = layoutOr(op.getLayoutAttr());
  Index4D in = indexImage(input.getShape(), layout);
  // OIHW, or OHWI with NHWC data.
  Index4D w = layout == Layout::NHWC ? Index4D(weight.getShape(), 0, 3, 1, 2)
                                     : Index4D(weight.getShape(), 0, 1, 2, 3);
  int64_t outChannels = w.outer(), groupIn = w.channels();
  if (groupIn * groups != in.channels() || outChannels % groups != 0)
    return failWith(whyNot, "conv2d channels do not match groups");
  if (failed(checkConvBias(bias, outChannels, whyNot)))
    return failure();
  Window windowH = getWindow(w.height(), strides, pads, dilations, 0);
  Window windowW = getWindow(w.width(), strides, pads, dilations, 1);
  std::optional<int64_t> outH = windowCount(in.height(), windowH, false);
  std::optional<int64_t> outW = windowCount(in.width(), windowW, false);
  if (!outH || !outW)
    return failWith(whyNot, "conv2d output size is invalid");
  if (failed(checkResultShape(
          result, imageShape(layout, in.outer(), outChannels, *outH, *outW),
          whyNot)))
    return failure();
  Index4D out = indexImage(result.getShape(), layout);
  int64_t groupOut = outChannels / groups;
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t o = 0; o < outChannels; ++o) {
      int64_t firstIn = (o / groupOut) * groupIn;
      for (int64_t y = 0; y < *outH; ++y) {
        for (int64_t x = 0; x < *outW; ++x) {
          double sum = bias ? bias->getFloat(o) : 0.0;
          // A tap on the padding reads a zero, which still multiplies its
          // weight (a NaN or infinite weight gives NaN, as in
          // onnxruntime's and the compiled zero-padded convolutions).
          for (int64_t c = 0; c < groupIn; ++c) {
            for (int64_t i = 0; i < w.height(); ++i) {
              int64_t iy =
                  y * windowH.stride - windowH.padBegin + i * windowH.dilation;
              bool rowInside = iy >= 0 && iy < in.height();
              for (int64_t j = 0; j < w.width(); ++j) {
                int64_t ix = x * windowW.stride - windowW.padBegin +
                             j * windowW.dilation;
                double value = rowInside && ix >= 0 && ix < in.width()
                                   ? input.getFloat(in(b, firstIn + c, iy, ix))
                                   : 0.0;
                sum += value * weight.getFloat(w(o, c, i, j));
              }
            }
          }
          result.setFloat(out(b, o, y, x), sum);
        }
      }
    }
  }
  return success();
}

/// ONNX ConvTranspose, as the scatter that is the adjoint of Conv: each
/// input element in[n, c, y, x] adds in * w[c, o, i, j] to
/// out[n, g * O' + o, y * s - pad + i * d, x * s - pad + j * d] where that
/// position is inside the output, with g = c / (C / groups) and O' the
/// weight's per-group output channels. Output rows added by
/// `output_padding` that no tap reaches hold only the bias.
static LogicalResult evaluate(ConvTranspose2DOp op,
                              ArrayRef<EvalTensor> operands, EvalTensor &result,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0], &weight = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  ArrayRef<int64_t> strides, pads, dilations;
  int64_t groups;
  if (failed(getConvAttrs(op, strides, pads, dilations, groups, whyNot)))
    return failure();
  ArrayRef<int64_t> outputPadding =
      valuesOr(op.getOutputPaddingAttr(), kZeros2);
  if (failed(checkList("output_padding", outputPadding, 2, 0, whyNot)))
    return failure();
  if (input.getRank() != 4 || weight.getRank() != 4)
    return failWith(whyNot, "conv_transpose2d input and weight must be 4-D");
  Layout layout = layoutOr(op.getLayoutAttr());
  Index4D in = indexImage(input.getShape(), layout);
  // IOHW, or IHWO with NHWC data: the outer coordinate is the input channel.
  Index4D w = layout == Layout::NHWC ? Index4D(weight.getShape(), 0, 3, 1, 2)
                                     : Index4D(weight.getShape(), 0, 1, 2, 3);
  if (w.outer() != in.channels() || in.channels() % groups != 0)
    return failWith(whyNot, "conv_transpose2d channels do not match groups");
  int64_t groupIn = in.channels() / groups, groupOut = w.channels();
  int64_t outChannels = groupOut * groups;
  if (failed(checkConvBias(bias, outChannels, whyNot)))
    return failure();
  // stride * (in - 1) + output_padding + extent - pads, checked.
  int64_t outSizes[2];
  for (unsigned d = 0; d < 2; ++d) {
    int64_t inSize = d == 0 ? in.height() : in.width();
    int64_t kernel = d == 0 ? w.height() : w.width();
    std::optional<int64_t> size = computeTransposedOutputSize(
        inSize, kernel, strides[d], pads[d], pads[d + 2], dilations[d],
        outputPadding[d]);
    if (!size || *size < 1)
      return failWith(whyNot, "conv_transpose2d output size is invalid");
    outSizes[d] = *size;
  }
  if (failed(checkResultShape(
          result,
          imageShape(layout, in.outer(), outChannels, outSizes[0], outSizes[1]),
          whyNot)))
    return failure();
  Index4D out = indexImage(result.getShape(), layout);
  std::vector<double> sums(result.getNumElements(), 0.0);
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t c = 0; c < in.channels(); ++c) {
      int64_t firstOut = (c / groupIn) * groupOut;
      for (int64_t y = 0; y < in.height(); ++y) {
        for (int64_t x = 0; x < in.width(); ++x) {
          double value = input.getFloat(in(b, c, y, x));
          for (int64_t o = 0; o < groupOut; ++o) {
            for (int64_t i = 0; i < w.height(); ++i) {
              int64_t oy = y * strides[0] - pads[0] + i * dilations[0];
              if (oy < 0 || oy >= outSizes[0])
                continue;
              for (int64_t j = 0; j < w.width(); ++j) {
                int64_t ox = x * strides[1] - pads[1] + j * dilations[1];
                if (ox < 0 || ox >= outSizes[1])
                  continue;
                sums[out(b, firstOut + o, oy, ox)] +=
                    value * weight.getFloat(w(c, o, i, j));
              }
            }
          }
        }
      }
    }
  }
  for (int64_t b = 0; b < in.outer(); ++b)
    for (int64_t o = 0; o < outChannels; ++o)
      for (int64_t y = 0; y < outSizes[0]; ++y)
        for (int64_t x = 0; x < outSizes[1]; ++x) {
          int64_t at = out(b, o, y, x);
          result.setFloat(at, sums[at] + (bias ? bias->getFloat(o) : 0.0));
        }
  return success();
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

namespace {
/// The geometry of a 2-D pooling once checked against the operands.
struct PoolGeometry {
  Window windows[2];
  int64_t outSizes[2];
};
} // namespace

/// Reads the pooling attributes, computes the output sizes and checks them
/// against the result type.
static FailureOr<PoolGeometry>
getPoolGeometry(const Index4D &in, const EvalTensor &result, Layout layout,
                ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations,
                bool ceilMode, std::string &whyNot) {
  if (failed(checkList("kernel_shape", kernel, 2, 1, whyNot)) ||
      failed(checkList("strides", strides, 2, 1, whyNot)) ||
      failed(checkList("pads", pads, 4, 0, whyNot)) ||
      failed(checkList("dilations", dilations, 2, 1, whyNot)))
    return failure();
  PoolGeometry geometry;
  for (unsigned d = 0; d < 2; ++d) {
    geometry.windows[d] = getWindow(kernel[d], strides, pads, dilations, d);
    std::optional<int64_t> count = windowCount(
        d == 0 ? in.height() : in.width(), geometry.windows[d], ceilMode);
    if (!count)
      return failWith(whyNot, "pooling output size is invalid");
    geometry.outSizes[d] = *count;
  }
  if (failed(checkResultShape(result,
                              imageShape(layout, in.outer(), in.channels(),
                                         geometry.outSizes[0],
                                         geometry.outSizes[1]),
                              whyNot)))
    return failure();
  return geometry;
}

namespace {
/// The running maximum of a max pooling window, starting from the lowest
/// value of the element type (the maximum of nothing): in double with NaN
/// propagating (as in PyTorch) for floats, in int64 for integers, whose
/// unsigned values are held zero-extended so that signed order is theirs.
class WindowMax {
public:
  explicit WindowMax(const EvalTensor &input) : input(input) {
    if (auto intType = dyn_cast<IntegerType>(input.getElementType()))
      lowestInt =
          intType.isUnsigned()
              ? 0
              : APInt::getSignedMinValue(intType.getWidth()).getSExtValue();
    reset();
  }

  void reset() {
    best = -std::numeric_limits<double>::infinity();
    bestInt = lowestInt;
  }
  /// Whether further taps cannot change the maximum (a NaN was seen).
  bool isFinal() const { return std::isnan(best); }
  /// Takes element `index` of the input into the maximum.
  void add(int64_t index) {
    if (!input.isFloat()) {
      bestInt = std::max(bestInt, input.getInt(index));
      return;
    }
    double value = input.getFloat(index);
    if (value > best || std::isnan(value))
      best = value;
  }
  /// Stores the maximum at `index` of `result`.
  void store(EvalTensor &result, int64_t index) const {
    if (input.isFloat())
      result.setFloat(index, best);
    else
      result.setInt(index, bestInt);
  }

private:
  const EvalTensor &input;
  int64_t lowestInt = 0;
  double best;
  int64_t bestInt;
};
} // namespace

/// Fails for the integer values whose order int64 cannot give.
static LogicalResult checkOrderedInput(const EvalTensor &input,
                                       std::string &whyNot) {
  if (strata::graph::detail::hasUnorderedUnsigned(input))
    return failWith(whyNot, "ui64 values of 2^63 and more are not evaluated");
  return success();
}

/// ONNX MaxPool: the maximum over the window taps inside the input, so
/// padding never wins (see WindowMax). A window whose taps all miss the
/// input (possible only with dilation) gives the lowest value of the
/// element type (-inf for floats), the maximum of nothing.
static LogicalResult evaluate(MaxPool2DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() != 4)
    return failWith(whyNot, "max_pool2d input must be 4-D");
  if (failed(checkOrderedInput(input, whyNot)))
    return failure();
  if (!op.getKernelShapeAttr())
    return failWith(whyNot, "max_pool2d requires 'kernel_shape'");
  Layout layout = layoutOr(op.getLayoutAttr());
  Index4D in = indexImage(input.getShape(), layout);
  FailureOr<PoolGeometry> geometry =
      getPoolGeometry(in, result, layout, op.getKernelShapeAttr().asArrayRef(),
                      valuesOr(op.getStridesAttr(), kOnes2),
                      valuesOr(op.getPadsAttr(), kZeros4),
                      valuesOr(op.getDilationsAttr(), kOnes2),
                      boolOr(op.getCeilModeAttr(), false), whyNot);
  if (failed(geometry))
    return failure();
  const Window &wh = geometry->windows[0], &ww = geometry->windows[1];
  Index4D out = indexImage(result.getShape(), layout);
  WindowMax best(input);
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t c = 0; c < in.channels(); ++c) {
      for (int64_t y = 0; y < geometry->outSizes[0]; ++y) {
        for (int64_t x = 0; x < geometry->outSizes[1]; ++x) {
          best.reset();
          for (int64_t i = 0; i < wh.kernel && !best.isFinal(); ++i) {
            int64_t iy = y * wh.stride - wh.padBegin + i * wh.dilation;
            if (iy < 0 || iy >= in.height())
              continue;
            for (int64_t j = 0; j < ww.kernel && !best.isFinal(); ++j) {
              int64_t ix = x * ww.stride - ww.padBegin + j * ww.dilation;
              if (ix >= 0 && ix < in.width())
                best.add(in(b, c, iy, ix));
            }
          }
          best.store(result, out(b, c, y, x));
        }
      }
    }
  }
  return success();
}

/// ONNX AveragePool: the sum of the window's taps inside the input divided
/// by their count, or with `count_include_pad` by the number of taps inside
/// the padded input [-pad_begin, in + pad_end): padding taps count, taps
/// that a ceil_mode window hangs past the end padding do not (as
/// onnxruntime, PyTorch and ONNX's reference do).
static LogicalResult evaluate(AvgPool2DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() != 4)
    return failWith(whyNot, "avg_pool2d input must be 4-D");
  if (!op.getKernelShapeAttr())
    return failWith(whyNot, "avg_pool2d requires 'kernel_shape'");
  Layout layout = layoutOr(op.getLayoutAttr());
  Index4D in = indexImage(input.getShape(), layout);
  FailureOr<PoolGeometry> geometry =
      getPoolGeometry(in, result, layout, op.getKernelShapeAttr().asArrayRef(),
                      valuesOr(op.getStridesAttr(), kOnes2),
                      valuesOr(op.getPadsAttr(), kZeros4),
                      valuesOr(op.getDilationsAttr(), kOnes2),
                      boolOr(op.getCeilModeAttr(), false), whyNot);
  if (failed(geometry))
    return failure();
  bool countIncludePad = boolOr(op.getCountIncludePadAttr(), false);
  const Window &wh = geometry->windows[0], &ww = geometry->windows[1];
  Index4D out = indexImage(result.getShape(), layout);
  // Along one dim: the window's start, its taps inside the input and the
  // number that the divisor counts.
  struct Taps {
    int64_t start;
    TapRange inside;
    int64_t counted;
  };
  auto taps = [&](int64_t index, const Window &window, int64_t size) {
    int64_t start = index * window.stride - window.padBegin;
    TapRange inside = getTapsIn(start, window, 0, size);
    int64_t counted =
        countIncludePad
            ? getTapsIn(start, window, -window.padBegin, size + window.padEnd)
                  .size()
            : inside.size();
    return Taps{start, inside, counted};
  };
  for (int64_t y = 0; y < geometry->outSizes[0]; ++y) {
    Taps rows = taps(y, wh, in.height());
    for (int64_t x = 0; x < geometry->outSizes[1]; ++x) {
      Taps cols = taps(x, ww, in.width());
      int64_t count = rows.counted * cols.counted;
      if (count <= 0)
        return failWith(whyNot, "avg_pool2d window covers no input element");
      for (int64_t b = 0; b < in.outer(); ++b) {
        for (int64_t c = 0; c < in.channels(); ++c) {
          double sum = 0.0;
          for (int64_t i = rows.inside.first; i < rows.inside.last; ++i)
            for (int64_t j = cols.inside.first; j < cols.inside.last; ++j)
              sum += input.getFloat(in(b, c, rows.start + i * wh.dilation,
                                       cols.start + j * ww.dilation));
          result.setFloat(out(b, c, y, x), sum / static_cast<double>(count));
        }
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// 3-D convolutions and pooling
//===----------------------------------------------------------------------===//

// The 3-D ops are channels first (NCDHW data, OIDHW / IODHW weights). Their
// evaluators are written for any number of spatial dims: positions are
// index tuples walked with forEachIndex, and tensors are indexed through
// their row-major strides.

static constexpr int64_t kOnes3[] = {1, 1, 1};
static constexpr int64_t kZeros3[] = {0, 0, 0};
static constexpr int64_t kZeros6[] = {0, 0, 0, 0, 0, 0};

namespace {
/// Row-major indexing of an (outer, channel, spatial...) tensor.
struct IndexChannelsFirst {
  SmallVector<int64_t, 5> shape;
  SmallVector<int64_t, 5> strides;

  explicit IndexChannelsFirst(ArrayRef<int64_t> shape)
      : shape(shape), strides(shape.size(), 1) {
    for (int64_t dim = static_cast<int64_t>(shape.size()) - 2; dim >= 0; --dim)
      strides[dim] = strides[dim + 1] * shape[dim + 1];
  }

  int64_t outer() const { return shape[0]; }
  int64_t channels() const { return shape[1]; }
  ArrayRef<int64_t> spatial() const { return ArrayRef(shape).drop_front(2); }

  /// The linear index of (outer, channel, position) (in range).
  int64_t operator()(int64_t outer, int64_t channel,
                     ArrayRef<int64_t> position) const {
    int64_t at = outer * strides[0] + channel * strides[1];
    for (auto [index, value] : llvm::enumerate(position))
      at += value * strides[2 + index];
    return at;
  }
};
} // namespace

/// The windows of a 3-D op: dim `i` has kernel `kernel[i]`, stride
/// `strides[i]`, pads `pads[i]` and `pads[i + 3]`, dilation `dilations[i]`.
static SmallVector<Window, 3> getWindows3D(ArrayRef<int64_t> kernel,
                                           ArrayRef<int64_t> strides,
                                           ArrayRef<int64_t> pads,
                                           ArrayRef<int64_t> dilations) {
  SmallVector<Window, 3> windows;
  for (unsigned i = 0; i < 3; ++i)
    windows.push_back(
        Window{kernel[i], strides[i], pads[i], pads[i + 3], dilations[i]});
  return windows;
}

/// Reads and checks the window attributes of a 3-D convolution.
template <typename ConvOp>
static LogicalResult getConv3DAttrs(ConvOp op, ArrayRef<int64_t> &strides,
                                    ArrayRef<int64_t> &pads,
                                    ArrayRef<int64_t> &dilations,
                                    int64_t &groups, std::string &whyNot) {
  strides = valuesOr(op.getStridesAttr(), kOnes3);
  pads = valuesOr(op.getPadsAttr(), kZeros6);
  dilations = valuesOr(op.getDilationsAttr(), kOnes3);
  groups = intOr(op.getGroupsAttr(), 1);
  if (failed(checkList("strides", strides, 3, 1, whyNot)) ||
      failed(checkList("pads", pads, 6, 0, whyNot)) ||
      failed(checkList("dilations", dilations, 3, 1, whyNot)))
    return failure();
  if (groups < 1)
    return failWith(whyNot, "'groups' must be >= 1");
  return success();
}

/// The input position that tap `tap` of the window at output position
/// `position` reads, in `inPosition`; false when it lies in the padding.
static bool getTapPosition(ArrayRef<int64_t> position, ArrayRef<int64_t> tap,
                           ArrayRef<Window> windows, ArrayRef<int64_t> inSizes,
                           MutableArrayRef<int64_t> inPosition) {
  for (auto [i, window] : llvm::enumerate(windows)) {
    int64_t at = position[i] * window.stride - window.padBegin +
                 tap[i] * window.dilation;
    if (at < 0 || at >= inSizes[i])
      return false;
    inPosition[i] = at;
  }
  return true;
}

/// ONNX Conv in 3-D, as the 2-D one: out[n, o, p] = bias[o] + the sum over
/// the group's input channels c and taps t of
/// in[n, g * I + c, p * s - pad_begin + t * d] * w[o, c, t].
static LogicalResult evaluate(Conv3DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0], &weight = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  ArrayRef<int64_t> strides, pads, dilations;
  int64_t groups;
  if (failed(getConv3DAttrs(op, strides, pads, dilations, groups, whyNot)))
    return failure();
  if (input.getRank() != 5 || weight.getRank() != 5)
    return failWith(whyNot, "conv3d input and weight must be 5-D");
  IndexChannelsFirst in(input.getShape()), w(weight.getShape());
  int64_t outChannels = w.outer(), groupIn = w.channels();
  if (groupIn * groups != in.channels() || outChannels % groups != 0)
    return failWith(whyNot, "conv3d channels do not match groups");
  if (failed(checkConvBias(bias, outChannels, whyNot)))
    return failure();
  SmallVector<Window, 3> windows =
      getWindows3D(w.spatial(), strides, pads, dilations);
  SmallVector<int64_t> outShape = {in.outer(), outChannels};
  for (auto [window, size] : llvm::zip_equal(windows, in.spatial())) {
    std::optional<int64_t> count = windowCount(size, window, false);
    if (!count)
      return failWith(whyNot, "conv3d output size is invalid");
    outShape.push_back(*count);
  }
  if (failed(checkResultShape(result, outShape, whyNot)))
    return failure();
  IndexChannelsFirst out(outShape);
  int64_t groupOut = outChannels / groups;
  SmallVector<int64_t, 3> inPosition(3);
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t o = 0; o < outChannels; ++o) {
      int64_t firstIn = (o / groupOut) * groupIn;
      forEachIndex(out.spatial(), [&](ArrayRef<int64_t> position) {
        double sum = bias ? bias->getFloat(o) : 0.0;
        forEachIndex(w.spatial(), [&](ArrayRef<int64_t> tap) {
          // A tap on the padding reads a zero (see conv2d).
          bool inside =
              getTapPosition(position, tap, windows, in.spatial(), inPosition);
          for (int64_t c = 0; c < groupIn; ++c)
            sum += (inside ? input.getFloat(in(b, firstIn + c, inPosition))
                           : 0.0) *
                   weight.getFloat(w(o, c, tap));
        });
        result.setFloat(out(b, o, position), sum);
      });
    }
  }
  return success();
}

/// ONNX ConvTranspose in 3-D, as the 2-D one: the scatter that is the
/// adjoint of Conv. Each in[n, c, p] adds in * w[c, o, t] to
/// out[n, g * O' + o, p * s - pad_begin + t * d] where that is inside the
/// output, with g = c / (C / groups).
static LogicalResult evaluate(ConvTranspose3DOp op,
                              ArrayRef<EvalTensor> operands, EvalTensor &result,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0], &weight = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  ArrayRef<int64_t> strides, pads, dilations;
  int64_t groups;
  if (failed(getConv3DAttrs(op, strides, pads, dilations, groups, whyNot)))
    return failure();
  ArrayRef<int64_t> outputPadding =
      valuesOr(op.getOutputPaddingAttr(), kZeros3);
  if (failed(checkList("output_padding", outputPadding, 3, 0, whyNot)))
    return failure();
  if (input.getRank() != 5 || weight.getRank() != 5)
    return failWith(whyNot, "conv_transpose3d input and weight must be 5-D");
  IndexChannelsFirst in(input.getShape()), w(weight.getShape());
  if (w.outer() != in.channels() || in.channels() % groups != 0)
    return failWith(whyNot, "conv_transpose3d channels do not match groups");
  int64_t groupIn = in.channels() / groups, groupOut = w.channels();
  int64_t outChannels = groupOut * groups;
  if (failed(checkConvBias(bias, outChannels, whyNot)))
    return failure();
  // stride * (in - 1) + output_padding + extent - pads, checked.
  SmallVector<int64_t> outShape = {in.outer(), outChannels};
  for (unsigned d = 0; d < 3; ++d) {
    std::optional<int64_t> size = computeTransposedOutputSize(
        in.spatial()[d], w.spatial()[d], strides[d], pads[d], pads[d + 3],
        dilations[d], outputPadding[d]);
    if (!size || *size < 1)
      return failWith(whyNot, "conv_transpose3d output size is invalid");
    outShape.push_back(*size);
  }
  if (failed(checkResultShape(result, outShape, whyNot)))
    return failure();
  IndexChannelsFirst out(outShape);
  SmallVector<Window, 3> windows =
      getWindows3D(w.spatial(), strides, pads, dilations);
  std::vector<double> sums(result.getNumElements(), 0.0);
  SmallVector<int64_t, 3> outPosition(3);
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t c = 0; c < in.channels(); ++c) {
      int64_t firstOut = (c / groupIn) * groupOut;
      forEachIndex(in.spatial(), [&](ArrayRef<int64_t> position) {
        double value = input.getFloat(in(b, c, position));
        // The output position of a tap is where a convolution window at
        // `position` would read: the same arithmetic, bounded by the output.
        forEachIndex(w.spatial(), [&](ArrayRef<int64_t> tap) {
          if (!getTapPosition(position, tap, windows, out.spatial(),
                              outPosition))
            return;
          for (int64_t o = 0; o < groupOut; ++o)
            sums[out(b, firstOut + o, outPosition)] +=
                value * weight.getFloat(w(c, o, tap));
        });
      });
    }
  }
  for (int64_t at = 0; at < result.getNumElements(); ++at) {
    int64_t o = (at / out.strides[1]) % outChannels;
    result.setFloat(at, sums[at] + (bias ? bias->getFloat(o) : 0.0));
  }
  return success();
}

/// Reads the attributes of a 3-D pooling, computes its windows and output
/// sizes and checks them against the result type.
static FailureOr<SmallVector<Window, 3>>
getPool3DWindows(const IndexChannelsFirst &in, const EvalTensor &result,
                 DenseI64ArrayAttr kernelAttr, ArrayRef<int64_t> strides,
                 ArrayRef<int64_t> pads, ArrayRef<int64_t> dilations,
                 bool ceilMode, std::string &whyNot) {
  if (!kernelAttr)
    return failWith(whyNot, "3-D pooling requires 'kernel_shape'");
  ArrayRef<int64_t> kernel = kernelAttr.asArrayRef();
  if (failed(checkList("kernel_shape", kernel, 3, 1, whyNot)) ||
      failed(checkList("strides", strides, 3, 1, whyNot)) ||
      failed(checkList("pads", pads, 6, 0, whyNot)) ||
      failed(checkList("dilations", dilations, 3, 1, whyNot)))
    return failure();
  SmallVector<Window, 3> windows =
      getWindows3D(kernel, strides, pads, dilations);
  SmallVector<int64_t> outShape = {in.outer(), in.channels()};
  for (auto [window, size] : llvm::zip_equal(windows, in.spatial())) {
    std::optional<int64_t> count = windowCount(size, window, ceilMode);
    if (!count)
      return failWith(whyNot, "pooling output size is invalid");
    outShape.push_back(*count);
  }
  if (failed(checkResultShape(result, outShape, whyNot)))
    return failure();
  return windows;
}

/// ONNX MaxPool in 3-D, as max_pool2d: the maximum over the taps inside the
/// input (see WindowMax), the lowest value for a window of padding only.
static LogicalResult evaluate(MaxPool3DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() != 5)
    return failWith(whyNot, "max_pool3d input must be 5-D");
  if (failed(checkOrderedInput(input, whyNot)))
    return failure();
  IndexChannelsFirst in(input.getShape()), out(result.getShape());
  FailureOr<SmallVector<Window, 3>> windows =
      getPool3DWindows(in, result, op.getKernelShapeAttr(),
                       valuesOr(op.getStridesAttr(), kOnes3),
                       valuesOr(op.getPadsAttr(), kZeros6),
                       valuesOr(op.getDilationsAttr(), kOnes3),
                       boolOr(op.getCeilModeAttr(), false), whyNot);
  if (failed(windows))
    return failure();
  SmallVector<int64_t, 3> kernel, inPosition(3);
  for (const Window &window : *windows)
    kernel.push_back(window.kernel);
  WindowMax best(input);
  for (int64_t b = 0; b < in.outer(); ++b) {
    for (int64_t c = 0; c < in.channels(); ++c) {
      forEachIndex(out.spatial(), [&](ArrayRef<int64_t> position) {
        best.reset();
        forEachIndex(kernel, [&](ArrayRef<int64_t> tap) {
          if (!best.isFinal() &&
              getTapPosition(position, tap, *windows, in.spatial(), inPosition))
            best.add(in(b, c, inPosition));
        });
        best.store(result, out(b, c, position));
      });
    }
  }
  return success();
}

/// ONNX AveragePool in 3-D, as avg_pool2d: the window's taps inside the
/// input summed and divided by their count, or with `count_include_pad` by
/// the number of its taps inside the padded input.
static LogicalResult evaluate(AvgPool3DOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() != 5)
    return failWith(whyNot, "avg_pool3d input must be 5-D");
  IndexChannelsFirst in(input.getShape()), out(result.getShape());
  FailureOr<SmallVector<Window, 3>> windows =
      getPool3DWindows(in, result, op.getKernelShapeAttr(),
                       valuesOr(op.getStridesAttr(), kOnes3),
                       valuesOr(op.getPadsAttr(), kZeros6),
                       valuesOr(op.getDilationsAttr(), kOnes3),
                       boolOr(op.getCeilModeAttr(), false), whyNot);
  if (failed(windows))
    return failure();
  bool countIncludePad = boolOr(op.getCountIncludePadAttr(), false);
  SmallVector<int64_t, 3> start(3), sizes(3), inPosition(3);
  SmallVector<TapRange, 3> inside;
  bool empty = false;
  forEachIndex(out.spatial(), [&](ArrayRef<int64_t> position) {
    // Per dim, the window's taps inside the input, and those inside the
    // padded input [-pad_begin, in + pad_end).
    int64_t count = 1;
    inside.clear();
    for (auto [i, window] : llvm::enumerate(*windows)) {
      int64_t size = in.spatial()[i];
      start[i] = position[i] * window.stride - window.padBegin;
      inside.push_back(getTapsIn(start[i], window, 0, size));
      sizes[i] = inside.back().size();
      count *= countIncludePad ? getTapsIn(start[i], window, -window.padBegin,
                                           size + window.padEnd)
                                     .size()
                               : sizes[i];
    }
    if (count <= 0 || empty) {
      empty = true;
      return;
    }
    for (int64_t b = 0; b < in.outer(); ++b) {
      for (int64_t c = 0; c < in.channels(); ++c) {
        double sum = 0.0;
        forEachIndex(sizes, [&](ArrayRef<int64_t> offset) {
          for (unsigned i = 0; i < 3; ++i)
            inPosition[i] = start[i] + (inside[i].first + offset[i]) *
                                           (*windows)[i].dilation;
          sum += input.getFloat(in(b, c, inPosition));
        });
        result.setFloat(out(b, c, position), sum / static_cast<double>(count));
      }
    }
  });
  if (empty)
    return failWith(whyNot, "avg_pool3d window covers no input element");
  return success();
}

/// Global pooling: the mean (`isMax` false) or maximum (NaN propagating)
/// over the spatial dims (all but the batch and the channel, which is dim 1
/// or, with NHWC, the last), into a result with those dims of size 1.
static LogicalResult evaluateGlobalPool(Layout layout, bool isMax,
                                        ArrayRef<EvalTensor> operands,
                                        EvalTensor &result,
                                        std::string &whyNot) {
  const EvalTensor &input = operands[0];
  int64_t rank = input.getRank();
  if (rank < 3)
    return failWith(whyNot, "global pooling input must have rank >= 3");
  int64_t channelDim = layout == Layout::NHWC ? rank - 1 : 1;
  SmallVector<int64_t> outShape(input.getShape());
  int64_t area = 1;
  for (int64_t dim = 1; dim < rank; ++dim) {
    if (dim == channelDim)
      continue;
    area *= outShape[dim];
    outShape[dim] = 1;
  }
  if (failed(checkResultShape(result, outShape, whyNot)))
    return failure();
  if (area == 0)
    return failWith(whyNot, "global pooling of an empty image");
  // Each input element goes to the result element of its batch and channel,
  // in row-major order, as the 2-D loops did.
  SmallVector<int64_t> outStrides = result.getStrides();
  std::vector<double> acc(result.getNumElements(),
                          isMax ? -std::numeric_limits<double>::infinity()
                                : 0.0);
  int64_t at = 0;
  forEachIndex(input.getShape(), [&](ArrayRef<int64_t> index) {
    double &sum = acc[index[0] * outStrides[0] +
                      index[channelDim] * outStrides[channelDim]];
    double value = input.getFloat(at++);
    if (!isMax)
      sum += value;
    else if (value > sum || std::isnan(value) || std::isnan(sum))
      sum = std::isnan(sum) ? sum : value;
  });
  for (auto [index, value] : llvm::enumerate(acc))
    result.setFloat(index, isMax ? value : value / static_cast<double>(area));
  return success();
}

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

/// Inference batch normalization along the channel dim `axis`:
/// scale * (x - mean) / sqrt(var + epsilon) + bias.
static LogicalResult evaluate(BatchNormOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  if (input.getRank() < 2)
    return failWith(whyNot, "batch_norm input must have rank >= 2");
  std::optional<int64_t> axis =
      normalizeEvalAxis(intOr(op.getAxisAttr(), 1), input.getRank());
  if (!axis)
    return failWith(whyNot, "batch_norm axis is out of range");
  int64_t channels = input.getShape()[*axis];
  for (const EvalTensor &param : operands.drop_front())
    if (param.getRank() != 1 || param.getShape()[0] != channels)
      return failWith(whyNot, "batch_norm parameters must be 1-D with " +
                                  Twine(channels) + " elements");
  if (failed(checkResultShape(result, input.getShape(), whyNot)))
    return failure();
  double epsilon = floatOr(op.getEpsilonAttr(), 1e-5);
  const EvalTensor &scale = operands[1], &bias = operands[2],
                   &mean = operands[3], &var = operands[4];
  // Elements are (outer, channel, inner) in row-major order.
  int64_t inner = product(input.getShape().drop_front(*axis + 1));
  for (int64_t at = 0; at < input.getNumElements(); ++at) {
    int64_t c = (at / inner) % channels;
    double normalized = (input.getFloat(at) - mean.getFloat(c)) /
                        std::sqrt(var.getFloat(c) + epsilon);
    result.setFloat(at, scale.getFloat(c) * normalized + bias.getFloat(c));
  }
  return success();
}

/// ONNX LayerNormalization: each slice over dims [axis, rank) is normalized
/// with its mean and (biased) variance plus epsilon, then scaled and
/// shifted by `scale` and `bias`, which broadcast onto the slice's shape
/// from the back.
static LogicalResult evaluate(LayerNormOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  const EvalTensor &scale = operands[1];
  const EvalTensor *bias = op.getBias() ? &operands[2] : nullptr;
  std::optional<int64_t> axis =
      normalizeEvalAxis(intOr(op.getAxisAttr(), -1), input.getRank());
  if (!axis)
    return failWith(whyNot, "layer_norm axis is out of range");
  if (failed(checkResultShape(result, input.getShape(), whyNot)))
    return failure();
  ArrayRef<int64_t> normalized = input.getShape().drop_front(*axis);
  int64_t sliceSize = product(normalized);
  // For each element of a slice, the element of each parameter it uses.
  auto broadcastIndices =
      [&](const EvalTensor &param) -> FailureOr<SmallVector<int64_t>> {
    ArrayRef<int64_t> shape = param.getShape();
    if (shape.size() > normalized.size())
      return failWith(whyNot, "layer_norm parameter has too high a rank");
    size_t offset = normalized.size() - shape.size();
    for (auto [i, size] : llvm::enumerate(shape))
      if (size != 1 && size != normalized[offset + i])
        return failWith(whyNot, "layer_norm parameter does not broadcast");
    SmallVector<int64_t> indices;
    indices.reserve(sliceSize);
    forEachIndex(normalized, [&](ArrayRef<int64_t> index) {
      int64_t linear = 0;
      for (auto [i, size] : llvm::enumerate(shape))
        linear = linear * size + (size == 1 ? 0 : index[offset + i]);
      indices.push_back(linear);
    });
    return indices;
  };
  FailureOr<SmallVector<int64_t>> scaleIndices = broadcastIndices(scale);
  if (failed(scaleIndices))
    return failure();
  SmallVector<int64_t> biasIndices;
  if (bias) {
    FailureOr<SmallVector<int64_t>> indices = broadcastIndices(*bias);
    if (failed(indices))
      return failure();
    biasIndices = std::move(*indices);
  }
  if (sliceSize == 0)
    return success();
  double epsilon = floatOr(op.getEpsilonAttr(), 1e-5);
  for (int64_t first = 0; first < input.getNumElements(); first += sliceSize) {
    // Two passes: the mean, then the variance around it.
    double mean = 0.0;
    for (int64_t i = 0; i < sliceSize; ++i)
      mean += input.getFloat(first + i);
    mean /= static_cast<double>(sliceSize);
    double variance = 0.0;
    for (int64_t i = 0; i < sliceSize; ++i) {
      double centered = input.getFloat(first + i) - mean;
      variance += centered * centered;
    }
    variance /= static_cast<double>(sliceSize);
    double invStdDev = 1.0 / std::sqrt(variance + epsilon);
    for (int64_t i = 0; i < sliceSize; ++i) {
      double value = (input.getFloat(first + i) - mean) * invStdDev *
                     scale.getFloat((*scaleIndices)[i]);
      if (bias)
        value += bias->getFloat(biasIndices[i]);
      result.setFloat(first + i, value);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Softmax
//===----------------------------------------------------------------------===//

/// Softmax (or its log) along `axis`, computed stably: exp(x - max) / sum,
/// or x - max - log(sum).
static LogicalResult evaluateSoftmax(int64_t axisAttr, bool isLog,
                                     ArrayRef<EvalTensor> operands,
                                     EvalTensor &result, std::string &whyNot) {
  const EvalTensor &input = operands[0];
  std::optional<int64_t> axis = normalizeEvalAxis(axisAttr, input.getRank());
  if (!axis)
    return failWith(whyNot, "softmax axis is out of range");
  if (failed(checkResultShape(result, input.getShape(), whyNot)))
    return failure();
  ArrayRef<int64_t> shape = input.getShape();
  int64_t size = shape[*axis];
  int64_t inner = product(shape.drop_front(*axis + 1));
  int64_t outer = product(shape.take_front(*axis));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t first = o * size * inner + i;
      double max = -std::numeric_limits<double>::infinity();
      for (int64_t k = 0; k < size; ++k)
        max = std::max(max, input.getFloat(first + k * inner));
      double sum = 0.0;
      for (int64_t k = 0; k < size; ++k)
        sum += std::exp(input.getFloat(first + k * inner) - max);
      double logSum = std::log(sum);
      for (int64_t k = 0; k < size; ++k) {
        double shifted = input.getFloat(first + k * inner) - max;
        result.setFloat(first + k * inner,
                        isLog ? shifted - logSum : std::exp(shifted) / sum);
      }
    }
  }
  return success();
}

static LogicalResult evaluate(GlobalAvgPoolOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  return evaluateGlobalPool(layoutOr(op.getLayoutAttr()), /*isMax=*/false,
                            operands, result, whyNot);
}

static LogicalResult evaluate(GlobalMaxPoolOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  return evaluateGlobalPool(layoutOr(op.getLayoutAttr()), /*isMax=*/true,
                            operands, result, whyNot);
}

static LogicalResult evaluate(SoftmaxOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  return evaluateSoftmax(intOr(op.getAxisAttr(), -1), /*isLog=*/false, operands,
                         result, whyNot);
}

static LogicalResult evaluate(LogSoftmaxOp op, ArrayRef<EvalTensor> operands,
                              EvalTensor &result, std::string &whyNot) {
  return evaluateSoftmax(intOr(op.getAxisAttr(), -1), /*isLog=*/true, operands,
                         result, whyNot);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

strata::graph::detail::FamilyResult strata::graph::detail::evaluateNNOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case<MatmulOp, LinearOp, Conv2DOp, ConvTranspose2DOp, Conv3DOp,
            ConvTranspose3DOp, MaxPool2DOp, AvgPool2DOp, MaxPool3DOp,
            AvgPool3DOp, GlobalAvgPoolOp, GlobalMaxPoolOp, BatchNormOp,
            LayerNormOp, SoftmaxOp, LogSoftmaxOp>(
          [&](auto nnOp) -> FamilyResult {
            // Every NN op has one result; evaluate into a tensor of its type.
            auto type = dyn_cast<RankedTensorType>(nnOp.getType());
            if (!type || !type.hasStaticShape())
              return failWith(whyNot, "result type is not static");
            EvalTensor result(type);
            if (failed(evaluate(nnOp, operands, result, whyNot)))
              return failure();
            results.push_back(std::move(result));
            return success();
          })
      .Default([](Operation *) -> FamilyResult { return std::nullopt; });
}
