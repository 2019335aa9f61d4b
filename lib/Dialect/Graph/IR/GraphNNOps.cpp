//===- GraphNNOps.cpp - Neural-network graph ops --------------------------===//
//
// Type inference, verification, folders and shape reification of
// contractions, convolutions, pooling, normalizations and softmax.
//
// Inference checks every attribute (lengths, ranges) as well as the operand
// types, because lowerings index into these lists without further checks.
// Size arithmetic on static sizes is checked for overflow.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace {
/// Positions of the channel and spatial dims of an image tensor: (N, C,
/// spatial...) channels first, (N, spatial..., C) channels last.
struct ImageDims {
  int64_t channel;
  SmallVector<int64_t, 3> spatial;
};

/// The sliding-window attributes of one spatial dim.
struct WindowDim {
  int64_t stride = 1;
  int64_t padBegin = 0;
  int64_t padEnd = 0;
  int64_t dilation = 1;
};
} // namespace

/// The dims of an image with `numSpatial` spatial dims: NCHW (NCDHW, ...)
/// or NHWC (NDHWC, ...).
static ImageDims getImageDims(Layout layout, unsigned numSpatial = 2) {
  ImageDims dims;
  bool channelsLast = layout == Layout::NHWC;
  dims.channel = channelsLast ? numSpatial + 1 : 1;
  for (unsigned i = 0; i < numSpatial; ++i)
    dims.spatial.push_back(channelsLast ? i + 1 : i + 2);
  return dims;
}

/// The name of spatial dim `i` of a window op with `numSpatial` of them, for
/// messages.
static StringRef getSpatialName(unsigned numSpatial, unsigned i) {
  static constexpr StringLiteral kNames[] = {"depth", "height", "width"};
  return kNames[3 - numSpatial + i];
}

// Attribute accessors for inference. Ops created through the usual paths
// have their default-valued properties populated, but inference may also
// run on a raw OperationState, so a missing property means its default.
static ArrayRef<int64_t> valuesOr(DenseI64ArrayAttr attr,
                                  ArrayRef<int64_t> fallback) {
  return attr ? attr.asArrayRef() : fallback;
}
static Layout layoutOr(LayoutAttr attr) {
  return attr ? attr.getValue() : Layout::NCHW;
}
static bool boolOr(BoolAttr attr, bool fallback) {
  return attr ? attr.getValue() : fallback;
}
static int64_t intOr(IntegerAttr attr, int64_t fallback) {
  return attr ? attr.getInt() : fallback;
}

static constexpr int64_t kOnes2[] = {1, 1};
static constexpr int64_t kZeros2[] = {0, 0};
static constexpr int64_t kZeros4[] = {0, 0, 0, 0};
static constexpr int64_t kOnes3[] = {1, 1, 1};
static constexpr int64_t kZeros3[] = {0, 0, 0};
static constexpr int64_t kZeros6[] = {0, 0, 0, 0, 0, 0};

/// Checks that the list attribute `name` has `size` entries, each >= `min`.
static LogicalResult checkIntList(std::optional<Location> loc, StringRef name,
                                  ArrayRef<int64_t> values, size_t size,
                                  int64_t min) {
  if (values.size() != size)
    return emitOptionalError(loc, "'", name, "' must have ", size,
                             " entries, got ", values.size());
  for (int64_t value : values) {
    if (value < min)
      return emitOptionalError(loc, "'", name, "' entries must be >= ", min,
                               ", got ", value);
  }
  return success();
}

/// Checks that `epsilon` is usable as a variance offset.
static LogicalResult checkEpsilon(std::optional<Location> loc, FloatAttr attr) {
  if (!attr)
    return success();
  double epsilon = attr.getValueAsDouble();
  if (!std::isfinite(epsilon) || epsilon < 0)
    return emitOptionalError(loc, "'epsilon' must be finite and >= 0, got ",
                             epsilon);
  return success();
}

/// Checks that `type` has the element type `expected`; `name` names the
/// operand in the message.
static LogicalResult checkElementType(std::optional<Location> loc,
                                      StringRef name, RankedTensorType type,
                                      Type expected) {
  if (type.getElementType() != expected)
    return emitOptionalError(loc, name, " has element type ",
                             type.getElementType(), ", expected ", expected);
  return success();
}

/// Checks that a 1-D per-channel operand (bias, scale, ...) matches
/// `channels`, refining a `?` channel count from its static size.
static LogicalResult refineChannels(std::optional<Location> loc, StringRef name,
                                    RankedTensorType type,
                                    StringRef channelsWhat, int64_t &channels) {
  if (type.getRank() != 1)
    return emitOptionalError(loc, name, " must be 1-D, got rank ",
                             type.getRank());
  int64_t size = type.getDimSize(0);
  if (ShapedType::isDynamic(size))
    return success();
  if (ShapedType::isDynamic(channels)) {
    channels = size;
    return success();
  }
  if (size != channels)
    return emitOptionalError(loc, name, " has ", size, " elements, expected ",
                             channels, " (", channelsWhat, ")");
  return success();
}

/// Checks that `shape` broadcasts unidirectionally onto `target` (numpy
/// alignment from the back; each size is 1 or the target's) and refines `?`
/// target sizes from the static sizes other than 1 that must equal them.
static LogicalResult
refineUnidirectionalBroadcast(std::optional<Location> loc, StringRef name,
                              ArrayRef<int64_t> shape,
                              MutableArrayRef<int64_t> target) {
  if (shape.size() > target.size())
    return emitOptionalError(loc, name, " has rank ", shape.size(),
                             ", more than the ", target.size(),
                             " dims it broadcasts to");
  size_t offset = target.size() - shape.size();
  for (auto [index, size] : llvm::enumerate(shape)) {
    int64_t &targetSize = target[offset + index];
    if (ShapedType::isDynamic(size) || size == 1)
      continue;
    if (ShapedType::isDynamic(targetSize)) {
      targetSize = size;
      continue;
    }
    if (size != targetSize)
      return emitOptionalError(loc, name, " size ", size, " in dim ", index,
                               " does not broadcast to ", targetSize);
  }
  return success();
}

/// Infers one spatial output size of a convolution or pooling; `?` when the
/// input or kernel size is. Errors on overflow and on sizes below 1.
static FailureOr<int64_t> inferWindowOutputSize(std::optional<Location> loc,
                                                StringRef dimName, int64_t in,
                                                int64_t kernel,
                                                const WindowDim &window,
                                                bool ceilMode) {
  if (ShapedType::isDynamic(in) || ShapedType::isDynamic(kernel))
    return ShapedType::kDynamic;
  std::optional<int64_t> out =
      computeWindowOutputSize(in, kernel, window.stride, window.padBegin,
                              window.padEnd, window.dilation, ceilMode);
  if (!out)
    return emitOptionalError(loc, "output ", dimName,
                             " size computation overflows");
  if (*out < 1)
    return emitOptionalError(loc, "output ", dimName, " size would be ", *out,
                             " (input ", in, ", pads ", window.padBegin, " + ",
                             window.padEnd, ", kernel ", kernel, ", dilation ",
                             window.dilation, ", stride ", window.stride,
                             "), expected >= 1");
  return *out;
}

/// Infers one spatial output size of a transposed convolution:
/// stride * (in - 1) + outputPadding + extent - pads; `?` when the input or
/// kernel size is. Errors on overflow and on sizes below 1.
static FailureOr<int64_t> inferTransposedOutputSize(std::optional<Location> loc,
                                                    StringRef dimName,
                                                    int64_t in, int64_t kernel,
                                                    const WindowDim &window,
                                                    int64_t outputPadding) {
  if (ShapedType::isDynamic(in) || ShapedType::isDynamic(kernel))
    return ShapedType::kDynamic;
  std::optional<int64_t> out = computeTransposedOutputSize(
      in, kernel, window.stride, window.padBegin, window.padEnd,
      window.dilation, outputPadding);
  if (!out)
    return emitOptionalError(loc, "output ", dimName,
                             " size computation overflows");
  if (*out < 1)
    return emitOptionalError(
        loc, "output ", dimName, " size would be ", *out, " (input ", in,
        ", pads ", window.padBegin, " + ", window.padEnd, ", kernel ", kernel,
        ", dilation ", window.dilation, ", stride ", window.stride,
        ", output padding ", outputPadding, "), expected >= 1");
  return *out;
}

/// The window attributes of spatial dim `i` from verified per-dim strides
/// and dilations and [begins..., ends...] pads ([top, left, bottom, right]
/// in 2-D).
static WindowDim getWindowDim(ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
                              ArrayRef<int64_t> dilations, unsigned i) {
  return WindowDim{strides[i], pads[i], pads[i + strides.size()], dilations[i]};
}

//===----------------------------------------------------------------------===//
// Reification helpers
//===----------------------------------------------------------------------===//

/// Replaces the sizes that `type` knows statically by constants: reified
/// shapes must agree with the static dims of the result type.
static void useStaticSizes(Builder &builder, RankedTensorType type,
                           SmallVectorImpl<OpFoldResult> &sizes) {
  for (auto [dim, size] : llvm::enumerate(type.getShape())) {
    if (!ShapedType::isDynamic(size))
      sizes[dim] = builder.getIndexAttr(size);
  }
}

/// Reified sizes of a result of type `type`: its static sizes as constants,
/// `compute(dim)` for the dynamic ones, so that no IR is built for sizes
/// that are known anyway.
static SmallVector<OpFoldResult>
reifyDynamicSizes(Builder &builder, RankedTensorType type,
                  llvm::function_ref<OpFoldResult(int64_t)> compute) {
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(type.getShape()))
    sizes.push_back(ShapedType::isDynamic(size) ? compute(dim)
                                                : builder.getIndexAttr(size));
  return sizes;
}

/// (kernel - 1) * dilation + 1 as an index size.
static OpFoldResult reifyDilatedExtent(OpBuilder &builder, Location loc,
                                       OpFoldResult kernel, int64_t dilation) {
  OpFoldResult one = builder.getIndexAttr(1);
  OpFoldResult scaled =
      mulSizes(builder, loc, subSizes(builder, loc, kernel, one),
               builder.getIndexAttr(dilation));
  return addSizes(builder, loc, scaled, one);
}

/// `size + padBegin + padEnd - extent`, with the constants combined first
/// so that the IR has a single offset when the extent is static.
static OpFoldResult addPadsMinusExtent(OpBuilder &builder, Location loc,
                                       OpFoldResult size, int64_t padBegin,
                                       int64_t padEnd, OpFoldResult extent) {
  std::optional<int64_t> padSum = llvm::checkedAdd(padBegin, padEnd);
  std::optional<int64_t> staticExtent = getConstantIntValue(extent);
  if (padSum && staticExtent) {
    if (std::optional<int64_t> offset =
            llvm::checkedSub(*padSum, *staticExtent))
      return addSizes(builder, loc, size, builder.getIndexAttr(*offset));
  }
  OpFoldResult sum = size;
  for (int64_t pad : {padBegin, padEnd}) {
    if (pad != 0)
      sum = addSizes(builder, loc, sum, builder.getIndexAttr(pad));
  }
  return subSizes(builder, loc, sum, extent);
}

/// Reifies computeWindowOutputSize on index values.
static OpFoldResult reifyWindowOutputSize(OpBuilder &builder, Location loc,
                                          OpFoldResult in, OpFoldResult kernel,
                                          const WindowDim &window,
                                          bool ceilMode) {
  std::optional<int64_t> staticIn = getConstantIntValue(in);
  std::optional<int64_t> staticKernel = getConstantIntValue(kernel);
  if (staticIn && staticKernel) {
    if (std::optional<int64_t> out = computeWindowOutputSize(
            *staticIn, *staticKernel, window.stride, window.padBegin,
            window.padEnd, window.dilation, ceilMode))
      return builder.getIndexAttr(*out);
  }
  OpFoldResult extent =
      reifyDilatedExtent(builder, loc, kernel, window.dilation);
  OpFoldResult span = addPadsMinusExtent(builder, loc, in, window.padBegin,
                                         window.padEnd, extent);
  OpFoldResult one = builder.getIndexAttr(1);
  if (window.stride == 1) {
    // With stride 1 ceil equals floor, and no window starts in the end
    // padding because every pad is smaller than the extent.
    return addSizes(builder, loc, span, one);
  }
  OpFoldResult stride = builder.getIndexAttr(window.stride);
  if (!ceilMode)
    return addSizes(builder, loc, floorDivSizes(builder, loc, span, stride),
                    one);
  // The span may be negative with ceil_mode (a single window that overhangs
  // the end padding), so divide signed.
  Value spanValue = getValueOrCreateConstantIndexOp(builder, loc, span);
  Value strideValue = getValueOrCreateConstantIndexOp(builder, loc, stride);
  Value steps =
      arith::CeilDivSIOp::create(builder, loc, spanValue, strideValue);
  // Drop the last window when it starts at or after in + pad_begin.
  Value lastStart = arith::MulIOp::create(builder, loc, steps, strideValue);
  Value start = getValueOrCreateConstantIndexOp(
      builder, loc,
      addSizes(builder, loc, in, builder.getIndexAttr(window.padBegin)));
  Value startsInPadding = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::sge, lastStart, start);
  Value stepsPlusOne = getValueOrCreateConstantIndexOp(
      builder, loc, addSizes(builder, loc, steps, one));
  return arith::SelectOp::create(builder, loc, startsInPadding, steps,
                                 stepsPlusOne)
      .getResult();
}

/// Reifies inferTransposedOutputSize on index values.
static OpFoldResult reifyTransposedOutputSize(OpBuilder &builder, Location loc,
                                              OpFoldResult in,
                                              OpFoldResult kernel,
                                              const WindowDim &window,
                                              int64_t outputPadding) {
  OpFoldResult one = builder.getIndexAttr(1);
  OpFoldResult scaled = mulSizes(builder, loc, subSizes(builder, loc, in, one),
                                 builder.getIndexAttr(window.stride));
  OpFoldResult extent =
      reifyDilatedExtent(builder, loc, kernel, window.dilation);
  // scaled + extent + outputPadding - padBegin - padEnd, with the constants
  // combined when the extent is static.
  std::optional<int64_t> offset =
      llvm::checkedSub(outputPadding, window.padBegin);
  if (offset)
    offset = llvm::checkedSub(*offset, window.padEnd);
  std::optional<int64_t> staticExtent = getConstantIntValue(extent);
  if (offset && staticExtent)
    offset = llvm::checkedAdd(*offset, *staticExtent);
  if (offset && staticExtent)
    return addSizes(builder, loc, scaled, builder.getIndexAttr(*offset));
  OpFoldResult size = addSizes(builder, loc, scaled, extent);
  if (outputPadding != 0)
    size = addSizes(builder, loc, size, builder.getIndexAttr(outputPadding));
  for (int64_t pad : {window.padBegin, window.padEnd}) {
    if (pad != 0)
      size = subSizes(builder, loc, size, builder.getIndexAttr(pad));
  }
  return size;
}

/// Reifies a result with the sizes of `source`, or the result type's static
/// sizes where it has them.
static LogicalResult reifyLikeSource(OpBuilder &builder, Location loc,
                                     Value source, RankedTensorType resultType,
                                     ReifiedRankedShapedTypeDims &shapes) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, source);
  useStaticSizes(builder, resultType, sizes);
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// Shared checks of image ops
//===----------------------------------------------------------------------===//

/// Checks that `type` (operand `name`) has rank `rank` (4 for the 2-D ops,
/// 5 for the 3-D ones).
static LogicalResult checkImageRank(std::optional<Location> loc, StringRef name,
                                    RankedTensorType type, int64_t rank = 4) {
  if (type.getRank() != rank)
    return emitOptionalError(loc, name, " must be ", rank, "-D, got rank ",
                             type.getRank());
  return success();
}

/// Checks the per-dim strides and dilations and the [begins..., ends...]
/// pads of a window op with `numSpatial` spatial dims.
static LogicalResult checkWindowAttrs(std::optional<Location> loc,
                                      ArrayRef<int64_t> strides,
                                      ArrayRef<int64_t> pads,
                                      ArrayRef<int64_t> dilations,
                                      unsigned numSpatial = 2) {
  if (failed(checkIntList(loc, "strides", strides, numSpatial, 1)) ||
      failed(checkIntList(loc, "pads", pads, 2 * numSpatial, 0)) ||
      failed(checkIntList(loc, "dilations", dilations, numSpatial, 1)))
    return failure();
  for (unsigned i = 0; i < numSpatial; ++i) {
    if (!llvm::checkedAdd(pads[i], pads[i + numSpatial]))
      return emitOptionalError(loc, "'pads' of spatial dim ", i,
                               " overflow when added");
  }
  return success();
}

/// Checks `groups` of a convolution.
static LogicalResult checkGroups(std::optional<Location> loc, int64_t groups) {
  if (groups < 1)
    return emitOptionalError(loc, "'groups' must be >= 1, got ", groups);
  return success();
}

/// Checks that the static kernel sizes of a weight are positive.
static LogicalResult checkKernelSizes(std::optional<Location> loc,
                                      ArrayRef<int64_t> kernel) {
  if (llvm::none_of(kernel, [](int64_t size) {
        return !ShapedType::isDynamic(size) && size < 1;
      }))
    return success();
  std::string sizes;
  llvm::raw_string_ostream os(sizes);
  llvm::interleave(
      kernel, os,
      [&](int64_t size) {
        if (ShapedType::isDynamic(size))
          os << '?';
        else
          os << size;
      },
      "x");
  return emitOptionalError(loc, "weight kernel sizes must be >= 1, got ",
                           sizes);
}

/// Checks that a static channel count is divisible by `groups`.
static LogicalResult checkDivisibleByGroups(std::optional<Location> loc,
                                            StringRef what, int64_t channels,
                                            int64_t groups) {
  if (!ShapedType::isDynamic(channels) && channels % groups != 0)
    return emitOptionalError(loc, what, " ", channels,
                             " are not divisible by groups ", groups);
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

/// Whether `type` is an 8-bit integer (i8 or ui8), whose products graph.matmul
/// accumulates in i32.
static bool isInt8(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() == 8 && !integer.isSigned();
}

/// Whether `lhs` and `rhs` are tensors of 8-bit integers, whose products
/// accumulate exactly in i32 (graph.matmul and graph.conv2d).
static bool isByteProduct(ShapedType lhs, ShapedType rhs) {
  return isInt8(lhs.getElementType()) && isInt8(rhs.getElementType());
}

LogicalResult MatmulOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto lhsType = getRankedType(adaptor.getLhs());
  auto rhsType = getRankedType(adaptor.getRhs());
  if (!lhsType || !rhsType)
    return emitOptionalError(location, "expected ranked tensor operands");
  bool integerProduct =
      isInt8(lhsType.getElementType()) && isInt8(rhsType.getElementType());
  if (lhsType.getElementType() != rhsType.getElementType() && !integerProduct)
    return emitOptionalError(
        location,
        "operands have different element types: ", lhsType.getElementType(),
        " vs ", rhsType.getElementType());
  if (lhsType.getRank() == 0 || rhsType.getRank() == 0)
    return emitOptionalError(location, "operands must have rank >= 1");
  // Promote 1-D operands as numpy does; remember which dims to drop.
  SmallVector<int64_t> lhsShape(lhsType.getShape());
  SmallVector<int64_t> rhsShape(rhsType.getShape());
  bool lhsVector = lhsShape.size() == 1;
  bool rhsVector = rhsShape.size() == 1;
  if (lhsVector)
    lhsShape.insert(lhsShape.begin(), 1);
  if (rhsVector)
    rhsShape.push_back(1);
  int64_t lhsK = lhsShape.back();
  int64_t rhsK = rhsShape[rhsShape.size() - 2];
  if (!ShapedType::isDynamic(lhsK) && !ShapedType::isDynamic(rhsK) &&
      lhsK != rhsK)
    return emitOptionalError(location, "contraction sizes differ: lhs has ",
                             lhsK, ", rhs has ", rhsK);
  SmallVector<int64_t> batch;
  ArrayRef<int64_t> lhsBatch = ArrayRef(lhsShape).drop_back(2);
  ArrayRef<int64_t> rhsBatch = ArrayRef(rhsShape).drop_back(2);
  if (!OpTrait::util::getBroadcastedShape(lhsBatch, rhsBatch, batch))
    return emitOptionalError(
        location,
        "batch dims are not broadcast-compatible: ", formatShape(lhsBatch),
        " vs ", formatShape(rhsBatch));
  SmallVector<int64_t> shape = batch;
  if (!lhsVector)
    shape.push_back(lhsShape[lhsShape.size() - 2]);
  if (!rhsVector)
    shape.push_back(rhsShape.back());
  Type element = integerProduct ? IntegerType::get(lhsType.getContext(), 32)
                                : lhsType.getElementType();
  inferred.push_back(RankedTensorType::get(shape, element));
  return success();
}

namespace {
/// matmul(cast(x), cast(y)) -> matmul(x, y) when x and y are 8-bit integers
/// and the casts widen them to i32: the integer product accumulates in i32
/// anyway, and kernels then read bytes (and use int8 dot products).
struct FoldIntegerProductCasts : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getType().getElementType().isSignlessInteger(32))
      return rewriter.notifyMatchFailure(op, "not an i32 product");
    auto narrow = [](Value operand) -> Value {
      auto cast = operand.getDefiningOp<CastOp>();
      if (!cast || !isInt8(getElementTypeOrSelf(cast.getInput().getType())))
        return nullptr;
      return cast.getInput();
    };
    Value lhs = narrow(op.getLhs()), rhs = narrow(op.getRhs());
    if (!lhs || !rhs)
      return rewriter.notifyMatchFailure(op, "operands are not widened bytes");
    rewriter.replaceOpWithNewOp<MatmulOp>(op, lhs, rhs);
    return success();
  }
};
} // namespace

void MatmulOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<FoldIntegerProductCasts>(context);
}

LogicalResult MatmulOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  auto lhsType = getLhs().getType();
  auto rhsType = getRhs().getType();
  int64_t lhsRank = lhsType.getRank();
  int64_t rhsRank = rhsType.getRank();
  // Batch dims broadcast like elementwise operands.
  int64_t lhsBatchRank = std::max<int64_t>(lhsRank - 2, 0);
  int64_t rhsBatchRank = std::max<int64_t>(rhsRank - 2, 0);
  int64_t batchRank = std::max(lhsBatchRank, rhsBatchRank);
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < batchRank; ++i) {
    int64_t lhsDim = i - (batchRank - lhsBatchRank);
    int64_t rhsDim = i - (batchRank - rhsBatchRank);
    OpFoldResult size = builder.getIndexAttr(1);
    if (lhsDim >= 0)
      size = combineBroadcastSize(builder, loc, size, getLhs(), lhsDim);
    if (rhsDim >= 0)
      size = combineBroadcastSize(builder, loc, size, getRhs(), rhsDim);
    sizes.push_back(size);
  }
  if (lhsRank >= 2)
    sizes.push_back(tensor::getMixedSize(builder, loc, getLhs(), lhsRank - 2));
  if (rhsRank >= 2)
    sizes.push_back(tensor::getMixedSize(builder, loc, getRhs(), rhsRank - 1));
  useStaticSizes(builder, getType(), sizes);
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// LinearOp
//===----------------------------------------------------------------------===//

LogicalResult LinearOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto aType = getRankedType(adaptor.getA());
  auto bType = getRankedType(adaptor.getB());
  if (!aType || !bType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (aType.getRank() != 2)
    return emitOptionalError(location, "a must be 2-D, got rank ",
                             aType.getRank());
  if (bType.getRank() != 2)
    return emitOptionalError(location, "b must be 2-D, got rank ",
                             bType.getRank());
  Type elementType = aType.getElementType();
  if (failed(checkElementType(location, "b", bType, elementType)))
    return failure();
  bool transA = boolOr(adaptor.getTransAAttr(), false);
  bool transB = boolOr(adaptor.getTransBAttr(), false);
  int64_t m = aType.getDimSize(transA ? 1 : 0);
  int64_t aK = aType.getDimSize(transA ? 0 : 1);
  int64_t bK = bType.getDimSize(transB ? 1 : 0);
  int64_t n = bType.getDimSize(transB ? 0 : 1);
  if (!ShapedType::isDynamic(aK) && !ShapedType::isDynamic(bK) && aK != bK)
    return emitOptionalError(location, "contraction sizes differ: a has ", aK,
                             ", b has ", bK);
  SmallVector<int64_t> shape = {m, n};
  if (Value bias = adaptor.getBias()) {
    auto biasType = getRankedType(bias);
    if (!biasType)
      return emitOptionalError(location, "expected a ranked tensor bias");
    if (failed(checkElementType(location, "bias", biasType, elementType)) ||
        failed(refineUnidirectionalBroadcast(location, "bias",
                                             biasType.getShape(), shape)))
      return failure();
  }
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

LogicalResult LinearOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  shapes.push_back(reifyDynamicSizes(builder, getType(), [&](int64_t dim) {
    // A bias refines only sizes that the result type then knows statically.
    if (dim == 0)
      return tensor::getMixedSize(builder, loc, getA(), getTransA() ? 1 : 0);
    return tensor::getMixedSize(builder, loc, getB(), getTransB() ? 0 : 1);
  }));
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions: Conv2DOp, Conv3DOp, ConvTranspose2DOp, ConvTranspose3DOp
//===----------------------------------------------------------------------===//

// The 2-D and 3-D ops share their inference and reification, written for
// `numSpatial` spatial dims; the 3-D ops are channels first (layout NCHW
// standing for NCDHW).

namespace {
/// Positions of the dims of a convolution weight.
struct WeightDims {
  int64_t in;
  int64_t out;
  SmallVector<int64_t, 3> spatial;
};

/// The attributes of a convolution, defaults filled in.
struct ConvAttrs {
  ArrayRef<int64_t> strides;
  ArrayRef<int64_t> pads;
  ArrayRef<int64_t> dilations;
  int64_t groups;
  Layout layout;
  unsigned numSpatial;
};
} // namespace

/// Conv weights are OIHW (OIDHW) with channels-first data and OHWI with
/// NHWC data.
static WeightDims getConvWeightDims(Layout layout, unsigned numSpatial) {
  ImageDims dims = getImageDims(layout, numSpatial);
  return {dims.channel, 0, dims.spatial};
}

/// Transposed conv weights are IOHW (IODHW, as ONNX) with channels-first
/// data and IHWO with NHWC data.
static WeightDims getConvTransposeWeightDims(Layout layout,
                                             unsigned numSpatial) {
  ImageDims dims = getImageDims(layout, numSpatial);
  return {0, dims.channel, dims.spatial};
}

/// The attributes of a 2-D convolution or its adaptor.
template <typename OpOrAdaptor>
static ConvAttrs getConv2DAttrs(OpOrAdaptor op) {
  return {valuesOr(op.getStridesAttr(), kOnes2),
          valuesOr(op.getPadsAttr(), kZeros4),
          valuesOr(op.getDilationsAttr(), kOnes2),
          intOr(op.getGroupsAttr(), 1),
          layoutOr(op.getLayoutAttr()),
          2};
}

/// The attributes of a 3-D convolution or its adaptor.
template <typename OpOrAdaptor>
static ConvAttrs getConv3DAttrs(OpOrAdaptor op) {
  return {valuesOr(op.getStridesAttr(), kOnes3),
          valuesOr(op.getPadsAttr(), kZeros6),
          valuesOr(op.getDilationsAttr(), kOnes3),
          intOr(op.getGroupsAttr(), 1),
          Layout::NCHW,
          3};
}

/// Checks the operand ranks and element types shared by the convolutions
/// (8-bit integer products only where `allowBytes`: graph.conv2d); returns
/// the optional bias type (null without bias).
static LogicalResult checkConvOperands(std::optional<Location> loc, Value input,
                                       Value weight, Value bias,
                                       bool allowBytes, int64_t rank,
                                       RankedTensorType &inputType,
                                       RankedTensorType &weightType,
                                       RankedTensorType &biasType) {
  inputType = getRankedType(input);
  weightType = getRankedType(weight);
  biasType = bias ? getRankedType(bias) : RankedTensorType();
  if (!inputType || !weightType || (bias && !biasType))
    return emitOptionalError(loc, "expected ranked tensor operands");
  if (failed(checkImageRank(loc, "input", inputType, rank)) ||
      failed(checkImageRank(loc, "weight", weightType, rank)))
    return failure();
  Type elementType = inputType.getElementType();
  if (allowBytes && isByteProduct(inputType, weightType)) {
    if (bias)
      return emitOptionalError(loc,
                               "a convolution of 8-bit integers takes no bias");
    return success();
  }
  if (!isa<FloatType>(elementType))
    return emitOptionalError(loc, "input has element type ", elementType,
                             ", expected a float, or 8-bit integers with an "
                             "8-bit integer weight");
  if (failed(checkElementType(loc, "weight", weightType, elementType)))
    return failure();
  if (biasType && failed(checkElementType(loc, "bias", biasType, elementType)))
    return failure();
  return success();
}

/// The kernel sizes of `weightType` (dims `wdims.spatial`).
static SmallVector<int64_t, 3> getKernelSizes(RankedTensorType weightType,
                                              const WeightDims &wdims) {
  SmallVector<int64_t, 3> kernel;
  for (int64_t dim : wdims.spatial)
    kernel.push_back(weightType.getDimSize(dim));
  return kernel;
}

/// Infers the result type of a convolution.
static LogicalResult inferConvType(std::optional<Location> location,
                                   Value input, Value weight, Value bias,
                                   const ConvAttrs &attrs,
                                   SmallVectorImpl<Type> &inferred) {
  unsigned numSpatial = attrs.numSpatial;
  RankedTensorType inputType, weightType, biasType;
  // 8-bit integer products: graph.conv2d's.
  bool allowBytes = numSpatial == 2;
  if (failed(checkConvOperands(location, input, weight, bias, allowBytes,
                               numSpatial + 2, inputType, weightType,
                               biasType)))
    return failure();
  int64_t groups = attrs.groups;
  if (failed(checkWindowAttrs(location, attrs.strides, attrs.pads,
                              attrs.dilations, numSpatial)) ||
      failed(checkGroups(location, groups)))
    return failure();
  ImageDims dims = getImageDims(attrs.layout, numSpatial);
  WeightDims wdims = getConvWeightDims(attrs.layout, numSpatial);
  SmallVector<int64_t, 3> kernel = getKernelSizes(weightType, wdims);
  if (failed(checkKernelSizes(location, kernel)))
    return failure();

  // The input has weight-input-channels * groups channels.
  int64_t channels = inputType.getDimSize(dims.channel);
  int64_t weightIn = weightType.getDimSize(wdims.in);
  if (!ShapedType::isDynamic(weightIn)) {
    std::optional<int64_t> expected = llvm::checkedMul(weightIn, groups);
    if (!expected)
      return emitOptionalError(location, "weight input channels ", weightIn,
                               " times groups ", groups, " overflows");
    if (!ShapedType::isDynamic(channels) && channels != *expected)
      return emitOptionalError(
          location, "input has ", channels, " channels, expected ", *expected,
          " (weight input channels ", weightIn, " * groups ", groups, ")");
  } else if (failed(checkDivisibleByGroups(location, "input channels", channels,
                                           groups))) {
    return failure();
  }
  int64_t outChannels = weightType.getDimSize(wdims.out);
  if (biasType && failed(refineChannels(location, "bias", biasType,
                                        "output channels", outChannels)))
    return failure();
  if (failed(checkDivisibleByGroups(location, "output channels", outChannels,
                                    groups)))
    return failure();

  SmallVector<int64_t> shape(numSpatial + 2);
  shape[0] = inputType.getDimSize(0);
  shape[dims.channel] = outChannels;
  for (auto [i, dim] : llvm::enumerate(dims.spatial)) {
    FailureOr<int64_t> size = inferWindowOutputSize(
        location, getSpatialName(numSpatial, i), inputType.getDimSize(dim),
        kernel[i], getWindowDim(attrs.strides, attrs.pads, attrs.dilations, i),
        /*ceilMode=*/false);
    if (failed(size))
      return failure();
    shape[dim] = *size;
  }
  Type element = allowBytes && isByteProduct(inputType, weightType)
                     ? IntegerType::get(inputType.getContext(), 32)
                     : inputType.getElementType();
  inferred.push_back(RankedTensorType::get(shape, element));
  return success();
}

/// The output channel count of a convolution: the weight's size, or the
/// bias's when only that is static.
static OpFoldResult reifyOutChannels(OpBuilder &builder, Location loc,
                                     OpFoldResult fromWeight, Value bias) {
  if (getConstantIntValue(fromWeight) || !bias)
    return fromWeight;
  if (!cast<RankedTensorType>(bias.getType()).isDynamicDim(0))
    return tensor::getMixedSize(builder, loc, bias, 0);
  return fromWeight;
}

/// Reifies the result sizes of a convolution.
static LogicalResult reifyConvShape(OpBuilder &builder, Location loc,
                                    Value input, Value weight, Value bias,
                                    RankedTensorType resultType,
                                    const ConvAttrs &attrs,
                                    ReifiedRankedShapedTypeDims &shapes) {
  ImageDims dims = getImageDims(attrs.layout, attrs.numSpatial);
  WeightDims wdims = getConvWeightDims(attrs.layout, attrs.numSpatial);
  shapes.push_back(reifyDynamicSizes(builder, resultType, [&](int64_t dim) {
    if (dim == dims.channel)
      return reifyOutChannels(
          builder, loc, tensor::getMixedSize(builder, loc, weight, wdims.out),
          bias);
    auto *spatial = llvm::find(dims.spatial, dim);
    if (spatial == dims.spatial.end())
      return tensor::getMixedSize(builder, loc, input, dim);
    unsigned i = spatial - dims.spatial.begin();
    return reifyWindowOutputSize(
        builder, loc, tensor::getMixedSize(builder, loc, input, dim),
        tensor::getMixedSize(builder, loc, weight, wdims.spatial[i]),
        getWindowDim(attrs.strides, attrs.pads, attrs.dilations, i),
        /*ceilMode=*/false);
  }));
  return success();
}

LogicalResult Conv2DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferConvType(location, adaptor.getInput(), adaptor.getWeight(),
                       adaptor.getBias(), getConv2DAttrs(adaptor), inferred);
}

LogicalResult Conv2DOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  return reifyConvShape(builder, getLoc(), getInput(), getWeight(), getBias(),
                        getType(), getConv2DAttrs(*this), shapes);
}

LogicalResult Conv3DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferConvType(location, adaptor.getInput(), adaptor.getWeight(),
                       adaptor.getBias(), getConv3DAttrs(adaptor), inferred);
}

LogicalResult Conv3DOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  return reifyConvShape(builder, getLoc(), getInput(), getWeight(), getBias(),
                        getType(), getConv3DAttrs(*this), shapes);
}

/// Infers the result type of a transposed convolution with
/// `outputPadding`.
static LogicalResult inferConvTransposeType(std::optional<Location> location,
                                            Value input, Value weight,
                                            Value bias, const ConvAttrs &attrs,
                                            ArrayRef<int64_t> outputPadding,
                                            SmallVectorImpl<Type> &inferred) {
  unsigned numSpatial = attrs.numSpatial;
  RankedTensorType inputType, weightType, biasType;
  if (failed(checkConvOperands(location, input, weight, bias,
                               /*allowBytes=*/false, numSpatial + 2, inputType,
                               weightType, biasType)))
    return failure();
  ArrayRef<int64_t> strides = attrs.strides, dilations = attrs.dilations;
  int64_t groups = attrs.groups;
  if (failed(checkWindowAttrs(location, strides, attrs.pads, dilations,
                              numSpatial)) ||
      failed(checkIntList(location, "output_padding", outputPadding, numSpatial,
                          0)) ||
      failed(checkGroups(location, groups)))
    return failure();
  for (unsigned i = 0; i < numSpatial; ++i) {
    // PyTorch's rule: the extra rows must not reach a full stride (or
    // dilation), or they would be outputs no input position maps to.
    if (outputPadding[i] >= strides[i] && outputPadding[i] >= dilations[i])
      return emitOptionalError(location, "'output_padding' of spatial dim ", i,
                               " is ", outputPadding[i],
                               ", expected less than the stride ", strides[i],
                               " or the dilation ", dilations[i]);
  }
  ImageDims dims = getImageDims(attrs.layout, numSpatial);
  WeightDims wdims = getConvTransposeWeightDims(attrs.layout, numSpatial);
  SmallVector<int64_t, 3> kernel = getKernelSizes(weightType, wdims);
  if (failed(checkKernelSizes(location, kernel)))
    return failure();

  // The weight's first dim is the input channel count.
  int64_t channels = inputType.getDimSize(dims.channel);
  int64_t weightIn = weightType.getDimSize(wdims.in);
  if (!ShapedType::isDynamic(channels) && !ShapedType::isDynamic(weightIn) &&
      channels != weightIn)
    return emitOptionalError(location, "input has ", channels,
                             " channels, expected ", weightIn,
                             " (weight input channels)");
  if (ShapedType::isDynamic(channels))
    channels = weightIn;
  if (failed(
          checkDivisibleByGroups(location, "input channels", channels, groups)))
    return failure();
  // Output channels: the weight's per-group count times groups.
  int64_t outChannels = ShapedType::kDynamic;
  int64_t weightOut = weightType.getDimSize(wdims.out);
  if (!ShapedType::isDynamic(weightOut)) {
    std::optional<int64_t> product = llvm::checkedMul(weightOut, groups);
    if (!product)
      return emitOptionalError(location, "weight output channels ", weightOut,
                               " times groups ", groups, " overflows");
    outChannels = *product;
  }
  if (biasType && failed(refineChannels(location, "bias", biasType,
                                        "output channels", outChannels)))
    return failure();
  if (failed(checkDivisibleByGroups(location, "output channels", outChannels,
                                    groups)))
    return failure();

  SmallVector<int64_t> shape(numSpatial + 2);
  shape[0] = inputType.getDimSize(0);
  shape[dims.channel] = outChannels;
  for (auto [i, dim] : llvm::enumerate(dims.spatial)) {
    FailureOr<int64_t> size = inferTransposedOutputSize(
        location, getSpatialName(numSpatial, i), inputType.getDimSize(dim),
        kernel[i], getWindowDim(strides, attrs.pads, dilations, i),
        outputPadding[i]);
    if (failed(size))
      return failure();
    shape[dim] = *size;
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

/// Reifies the result sizes of a transposed convolution.
static LogicalResult
reifyConvTransposeShape(OpBuilder &builder, Location loc, Value input,
                        Value weight, Value bias, RankedTensorType resultType,
                        const ConvAttrs &attrs, ArrayRef<int64_t> outputPadding,
                        ReifiedRankedShapedTypeDims &shapes) {
  ImageDims dims = getImageDims(attrs.layout, attrs.numSpatial);
  WeightDims wdims = getConvTransposeWeightDims(attrs.layout, attrs.numSpatial);
  shapes.push_back(reifyDynamicSizes(builder, resultType, [&](int64_t dim) {
    if (dim == dims.channel) {
      if (bias && !cast<RankedTensorType>(bias.getType()).isDynamicDim(0))
        return tensor::getMixedSize(builder, loc, bias, 0);
      return mulSizes(builder, loc,
                      tensor::getMixedSize(builder, loc, weight, wdims.out),
                      builder.getIndexAttr(attrs.groups));
    }
    auto *spatial = llvm::find(dims.spatial, dim);
    if (spatial == dims.spatial.end())
      return tensor::getMixedSize(builder, loc, input, dim);
    unsigned i = spatial - dims.spatial.begin();
    return reifyTransposedOutputSize(
        builder, loc, tensor::getMixedSize(builder, loc, input, dim),
        tensor::getMixedSize(builder, loc, weight, wdims.spatial[i]),
        getWindowDim(attrs.strides, attrs.pads, attrs.dilations, i),
        outputPadding[i]);
  }));
  return success();
}

LogicalResult ConvTranspose2DOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferConvTransposeType(
      location, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(),
      getConv2DAttrs(adaptor),
      valuesOr(adaptor.getOutputPaddingAttr(), kZeros2), inferred);
}

LogicalResult
ConvTranspose2DOp::reifyResultShapes(OpBuilder &builder,
                                     ReifiedRankedShapedTypeDims &shapes) {
  return reifyConvTransposeShape(builder, getLoc(), getInput(), getWeight(),
                                 getBias(), getType(), getConv2DAttrs(*this),
                                 getOutputPadding(), shapes);
}

LogicalResult ConvTranspose3DOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferConvTransposeType(
      location, adaptor.getInput(), adaptor.getWeight(), adaptor.getBias(),
      getConv3DAttrs(adaptor),
      valuesOr(adaptor.getOutputPaddingAttr(), kZeros3), inferred);
}

LogicalResult
ConvTranspose3DOp::reifyResultShapes(OpBuilder &builder,
                                     ReifiedRankedShapedTypeDims &shapes) {
  return reifyConvTransposeShape(builder, getLoc(), getInput(), getWeight(),
                                 getBias(), getType(), getConv3DAttrs(*this),
                                 getOutputPadding(), shapes);
}

//===----------------------------------------------------------------------===//
// Pooling: MaxPool2DOp, AvgPool2DOp, MaxPool3DOp, AvgPool3DOp
//===----------------------------------------------------------------------===//

/// Infers the result type of a pooling with `numSpatial` spatial dims: the
/// input's, with the spatial sizes of the sliding window.
static LogicalResult inferPoolType(std::optional<Location> loc, Value input,
                                   DenseI64ArrayAttr kernelAttr,
                                   ArrayRef<int64_t> strides,
                                   ArrayRef<int64_t> pads,
                                   ArrayRef<int64_t> dilations, bool ceilMode,
                                   Layout layout, unsigned numSpatial,
                                   SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(input);
  if (!inputType)
    return emitOptionalError(loc, "expected a ranked tensor input");
  if (failed(checkImageRank(loc, "input", inputType, numSpatial + 2)))
    return failure();
  if (!kernelAttr)
    return emitOptionalError(loc, "requires 'kernel_shape'");
  ArrayRef<int64_t> kernel = kernelAttr.asArrayRef();
  if (failed(checkIntList(loc, "kernel_shape", kernel, numSpatial, 1)) ||
      failed(checkWindowAttrs(loc, strides, pads, dilations, numSpatial)))
    return failure();
  for (unsigned i = 0; i < numSpatial; ++i) {
    // A window made only of padding would have no input element.
    std::optional<int64_t> extent = getDilatedExtent(kernel[i], dilations[i]);
    if (!extent)
      return emitOptionalError(loc, "dilated kernel size of spatial dim ", i,
                               " overflows");
    if (pads[i] >= *extent || pads[i + numSpatial] >= *extent)
      return emitOptionalError(loc, "'pads' of spatial dim ", i, " (", pads[i],
                               ", ", pads[i + numSpatial],
                               ") must be smaller than the dilated kernel "
                               "size ",
                               *extent);
  }
  ImageDims dims = getImageDims(layout, numSpatial);
  SmallVector<int64_t> shape(inputType.getShape());
  for (auto [i, dim] : llvm::enumerate(dims.spatial)) {
    FailureOr<int64_t> size = inferWindowOutputSize(
        loc, getSpatialName(numSpatial, i), inputType.getDimSize(dim),
        kernel[i], getWindowDim(strides, pads, dilations, i), ceilMode);
    if (failed(size))
      return failure();
    shape[dim] = *size;
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

/// Reifies the result sizes of a pooling.
static LogicalResult
reifyPoolShape(OpBuilder &builder, Location loc, Value input,
               RankedTensorType resultType, ArrayRef<int64_t> kernel,
               ArrayRef<int64_t> strides, ArrayRef<int64_t> pads,
               ArrayRef<int64_t> dilations, bool ceilMode, Layout layout,
               ReifiedRankedShapedTypeDims &shapes) {
  ImageDims dims = getImageDims(layout, kernel.size());
  shapes.push_back(reifyDynamicSizes(builder, resultType, [&](int64_t dim) {
    OpFoldResult in = tensor::getMixedSize(builder, loc, input, dim);
    auto *spatial = llvm::find(dims.spatial, dim);
    if (spatial == dims.spatial.end())
      return in;
    unsigned i = spatial - dims.spatial.begin();
    return reifyWindowOutputSize(
        builder, loc, in, builder.getIndexAttr(kernel[i]),
        getWindowDim(strides, pads, dilations, i), ceilMode);
  }));
  return success();
}

/// A 1x1 window with stride 1 and no padding copies its input.
static bool isIdentityWindow(ArrayRef<int64_t> kernel,
                             ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> pads) {
  auto isOne = [](int64_t value) { return value == 1; };
  auto isZero = [](int64_t value) { return value == 0; };
  return llvm::all_of(kernel, isOne) && llvm::all_of(strides, isOne) &&
         llvm::all_of(pads, isZero);
}

LogicalResult MaxPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferPoolType(location, adaptor.getInput(),
                       adaptor.getKernelShapeAttr(),
                       valuesOr(adaptor.getStridesAttr(), kOnes2),
                       valuesOr(adaptor.getPadsAttr(), kZeros4),
                       valuesOr(adaptor.getDilationsAttr(), kOnes2),
                       boolOr(adaptor.getCeilModeAttr(), false),
                       layoutOr(adaptor.getLayoutAttr()), 2, inferred);
}

LogicalResult
MaxPool2DOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyPoolShape(builder, getLoc(), getInput(), getType(),
                        getKernelShape(), getStrides(), getPads(),
                        getDilations(), getCeilMode(), getLayout(), shapes);
}

OpFoldResult MaxPool2DOp::fold(FoldAdaptor) {
  if (isIdentityWindow(getKernelShape(), getStrides(), getPads()) &&
      getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult AvgPool2DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferPoolType(location, adaptor.getInput(),
                       adaptor.getKernelShapeAttr(),
                       valuesOr(adaptor.getStridesAttr(), kOnes2),
                       valuesOr(adaptor.getPadsAttr(), kZeros4),
                       valuesOr(adaptor.getDilationsAttr(), kOnes2),
                       boolOr(adaptor.getCeilModeAttr(), false),
                       layoutOr(adaptor.getLayoutAttr()), 2, inferred);
}

LogicalResult
AvgPool2DOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyPoolShape(builder, getLoc(), getInput(), getType(),
                        getKernelShape(), getStrides(), getPads(),
                        getDilations(), getCeilMode(), getLayout(), shapes);
}

OpFoldResult AvgPool2DOp::fold(FoldAdaptor) {
  // Without padding, count_include_pad does not matter.
  if (isIdentityWindow(getKernelShape(), getStrides(), getPads()) &&
      getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult MaxPool3DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferPoolType(
      location, adaptor.getInput(), adaptor.getKernelShapeAttr(),
      valuesOr(adaptor.getStridesAttr(), kOnes3),
      valuesOr(adaptor.getPadsAttr(), kZeros6),
      valuesOr(adaptor.getDilationsAttr(), kOnes3),
      boolOr(adaptor.getCeilModeAttr(), false), Layout::NCHW, 3, inferred);
}

LogicalResult
MaxPool3DOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyPoolShape(builder, getLoc(), getInput(), getType(),
                        getKernelShape(), getStrides(), getPads(),
                        getDilations(), getCeilMode(), Layout::NCHW, shapes);
}

OpFoldResult MaxPool3DOp::fold(FoldAdaptor) {
  if (isIdentityWindow(getKernelShape(), getStrides(), getPads()) &&
      getInput().getType() == getType())
    return getInput();
  return {};
}

LogicalResult AvgPool3DOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferPoolType(
      location, adaptor.getInput(), adaptor.getKernelShapeAttr(),
      valuesOr(adaptor.getStridesAttr(), kOnes3),
      valuesOr(adaptor.getPadsAttr(), kZeros6),
      valuesOr(adaptor.getDilationsAttr(), kOnes3),
      boolOr(adaptor.getCeilModeAttr(), false), Layout::NCHW, 3, inferred);
}

LogicalResult
AvgPool3DOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyPoolShape(builder, getLoc(), getInput(), getType(),
                        getKernelShape(), getStrides(), getPads(),
                        getDilations(), getCeilMode(), Layout::NCHW, shapes);
}

OpFoldResult AvgPool3DOp::fold(FoldAdaptor) {
  // Without padding, count_include_pad does not matter.
  if (isIdentityWindow(getKernelShape(), getStrides(), getPads()) &&
      getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// GlobalAvgPoolOp and GlobalMaxPoolOp
//===----------------------------------------------------------------------===//

/// The dims of a global pooling's input of rank `rank` (>= 3).
static ImageDims getGlobalPoolDims(Layout layout, int64_t rank) {
  return getImageDims(layout, rank - 2);
}

/// The input type with the spatial dims set to 1.
static LogicalResult inferGlobalPoolType(std::optional<Location> loc,
                                         Value input, Layout layout,
                                         SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(input);
  if (!inputType)
    return emitOptionalError(loc, "expected a ranked tensor input");
  if (inputType.getRank() < 3)
    return emitOptionalError(loc, "input must have rank >= 3, got rank ",
                             inputType.getRank());
  SmallVector<int64_t> shape(inputType.getShape());
  for (int64_t dim : getGlobalPoolDims(layout, inputType.getRank()).spatial)
    shape[dim] = 1;
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

static LogicalResult reifyGlobalPoolShape(OpBuilder &builder, Location loc,
                                          Value input, Layout layout,
                                          ReifiedRankedShapedTypeDims &shapes) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, input);
  for (int64_t dim : getGlobalPoolDims(layout, sizes.size()).spatial)
    sizes[dim] = builder.getIndexAttr(1);
  shapes.push_back(std::move(sizes));
  return success();
}

/// Pooling over an image of one element per channel is the identity.
static OpFoldResult foldGlobalPool(Value input, RankedTensorType resultType,
                                   Layout layout) {
  auto inputType = cast<RankedTensorType>(input.getType());
  if (inputType != resultType || inputType.getRank() < 3)
    return {};
  for (int64_t dim : getGlobalPoolDims(layout, inputType.getRank()).spatial)
    if (inputType.getDimSize(dim) != 1)
      return {};
  return input;
}

LogicalResult GlobalAvgPoolOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferGlobalPoolType(location, adaptor.getInput(),
                             layoutOr(adaptor.getLayoutAttr()), inferred);
}

LogicalResult
GlobalAvgPoolOp::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  return reifyGlobalPoolShape(builder, getLoc(), getInput(), getLayout(),
                              shapes);
}

OpFoldResult GlobalAvgPoolOp::fold(FoldAdaptor) {
  return foldGlobalPool(getInput(), getType(), getLayout());
}

LogicalResult GlobalMaxPoolOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferGlobalPoolType(location, adaptor.getInput(),
                             layoutOr(adaptor.getLayoutAttr()), inferred);
}

LogicalResult
GlobalMaxPoolOp::reifyResultShapes(OpBuilder &builder,
                                   ReifiedRankedShapedTypeDims &shapes) {
  return reifyGlobalPoolShape(builder, getLoc(), getInput(), getLayout(),
                              shapes);
}

OpFoldResult GlobalMaxPoolOp::fold(FoldAdaptor) {
  return foldGlobalPool(getInput(), getType(), getLayout());
}

//===----------------------------------------------------------------------===//
// BatchNormOp
//===----------------------------------------------------------------------===//

LogicalResult BatchNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  int64_t rank = inputType.getRank();
  if (rank < 2)
    return emitOptionalError(location, "input must have rank >= 2, got ", rank);
  FailureOr<int64_t> axis =
      normalizeAxis(location, intOr(adaptor.getAxisAttr(), 1), rank);
  if (failed(axis) || failed(checkEpsilon(location, adaptor.getEpsilonAttr())))
    return failure();
  SmallVector<int64_t> shape(inputType.getShape());
  // Each parameter has one element per channel; a static one refines `?`.
  std::pair<StringRef, Value> params[] = {{"scale", adaptor.getScale()},
                                          {"bias", adaptor.getBias()},
                                          {"mean", adaptor.getMean()},
                                          {"var", adaptor.getVar()}};
  for (auto [name, value] : params) {
    auto type = getRankedType(value);
    if (!type)
      return emitOptionalError(location, "expected a ranked tensor ", name);
    if (failed(checkElementType(location, name, type,
                                inputType.getElementType())) ||
        failed(refineChannels(location, name, type, "channels", shape[*axis])))
      return failure();
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
BatchNormOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyLikeSource(builder, getLoc(), getInput(), getType(), shapes);
}

//===----------------------------------------------------------------------===//
// LayerNormOp
//===----------------------------------------------------------------------===//

LogicalResult LayerNormOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  FailureOr<int64_t> axis = normalizeAxis(
      location, intOr(adaptor.getAxisAttr(), -1), inputType.getRank());
  if (failed(axis) || failed(checkEpsilon(location, adaptor.getEpsilonAttr())))
    return failure();
  SmallVector<int64_t> shape(inputType.getShape());
  // Scale and bias broadcast onto the normalized dims [axis, rank).
  MutableArrayRef<int64_t> normalized =
      MutableArrayRef(shape).drop_front(*axis);
  std::pair<StringRef, Value> params[] = {{"scale", adaptor.getScale()},
                                          {"bias", adaptor.getBias()}};
  for (auto [name, value] : params) {
    if (!value)
      continue;
    auto type = getRankedType(value);
    if (!type)
      return emitOptionalError(location, "expected a ranked tensor ", name);
    if (failed(checkElementType(location, name, type,
                                inputType.getElementType())) ||
        failed(refineUnidirectionalBroadcast(location, name, type.getShape(),
                                             normalized)))
      return failure();
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
LayerNormOp::reifyResultShapes(OpBuilder &builder,
                               ReifiedRankedShapedTypeDims &shapes) {
  return reifyLikeSource(builder, getLoc(), getInput(), getType(), shapes);
}

//===----------------------------------------------------------------------===//
// SoftmaxOp and LogSoftmaxOp
//===----------------------------------------------------------------------===//

/// The input's type, once `axis` is checked against its rank.
static LogicalResult inferSoftmaxType(std::optional<Location> loc, Value input,
                                      IntegerAttr axisAttr,
                                      SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(input);
  if (!inputType)
    return emitOptionalError(loc, "expected a ranked tensor input");
  if (failed(normalizeAxis(loc, intOr(axisAttr, -1), inputType.getRank())))
    return failure();
  inferred.push_back(inputType);
  return success();
}

LogicalResult SoftmaxOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferSoftmaxType(location, adaptor.getInput(), adaptor.getAxisAttr(),
                          inferred);
}

LogicalResult
SoftmaxOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &shapes) {
  return reifyLikeSource(builder, getLoc(), getInput(), getType(), shapes);
}

LogicalResult LogSoftmaxOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> location,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  return inferSoftmaxType(location, adaptor.getInput(), adaptor.getAxisAttr(),
                          inferred);
}

LogicalResult
LogSoftmaxOp::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  return reifyLikeSource(builder, getLoc(), getInput(), getType(), shapes);
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphNNOps.cpp.inc"
