//===- GraphImageOps.cpp - Resampling ops ---------------------------------===//
//
// Type inference and shape reification of the ops that resample tensors at
// computed coordinates (resize, grid_sample) and of affine_grid.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;

//===----------------------------------------------------------------------===//
// ResizeOp
//===----------------------------------------------------------------------===//

std::optional<SmallVector<double>>
strata::graph::getConstantFloats(Value value) {
  DenseFPElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APFloat>(),
                      [](const APFloat &v) { return v.convertToDouble(); }));
}

int64_t strata::graph::getScaledSize(int64_t size, double scale) {
  // The product of an f32 scale and a size below 2^53 is exact in double,
  // so the floor is ONNX's floor(size * scale) for every such size.
  return static_cast<int64_t>(std::floor(static_cast<double>(size) * scale));
}

LogicalResult ResizeOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  if (!inputType)
    return emitOptionalError(location, "expected a ranked tensor input");
  int64_t rank = inputType.getRank();
  if (!adaptor.getScales() && !adaptor.getSizes())
    return emitOptionalError(location, "expected scales or sizes");
  std::pair<Value, StringRef> targets[] = {{adaptor.getScales(), "scales"},
                                           {adaptor.getSizes(), "sizes"}};
  for (auto [target, name] : targets) {
    if (!target)
      continue;
    auto targetType = getRankedType(target);
    if (!targetType || targetType.isDynamicDim(0) ||
        targetType.getDimSize(0) != rank)
      return emitOptionalError(location, "expected ", name,
                               " to hold one value per dim (", rank, ")");
  }
  if (adaptor.getMode() != ResizeMode::Nearest &&
      !isa<FloatType>(inputType.getElementType()))
    return emitOptionalError(location, "linear and cubic resizing need a "
                                       "floating-point input");
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  if (adaptor.getSizes()) {
    if (std::optional<SmallVector<int64_t>> sizes =
            getConstantInts(adaptor.getSizes())) {
      for (auto [dim, size] : llvm::enumerate(*sizes)) {
        if (size < 0)
          return emitOptionalError(location, "size #", dim, " is negative");
        shape[dim] = size;
      }
    }
  }
  if (std::optional<SmallVector<double>> scales =
          getConstantFloats(adaptor.getScales())) {
    for (auto [dim, scale] : llvm::enumerate(*scales)) {
      if (!(scale > 0) || !std::isfinite(scale))
        return emitOptionalError(location, "scale #", dim,
                                 " is not a positive number");
      int64_t size = inputType.getDimSize(dim);
      if (!adaptor.getSizes() && !ShapedType::isDynamic(size))
        shape[dim] = getScaledSize(size, scale);
    }
  }
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

FailureOr<SmallVector<OpFoldResult>>
strata::graph::buildResizeSizes(OpBuilder &builder, Location loc, Value input,
                                Value scales, Value sizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<OpFoldResult> result;
  if (sizes) {
    for (int64_t dim = 0; dim < rank; ++dim) {
      Value index = arith::ConstantIndexOp::create(builder, loc, dim);
      Value size = builder.createOrFold<tensor::ExtractOp>(loc, sizes, index);
      result.push_back(
          getAsOpFoldResult(builder.createOrFold<arith::IndexCastOp>(
              loc, builder.getIndexType(), size)));
    }
    return result;
  }
  std::optional<SmallVector<double>> constScales = getConstantFloats(scales);
  if (!constScales)
    return failure();
  for (int64_t dim = 0; dim < rank; ++dim) {
    double scale = (*constScales)[dim];
    OpFoldResult size = tensor::getMixedSize(builder, loc, input, dim);
    if (std::optional<int64_t> staticSize = getConstantIntValue(size)) {
      result.push_back(builder.getIndexAttr(getScaledSize(*staticSize, scale)));
      continue;
    }
    if (scale == 1.0) {
      result.push_back(size);
      continue;
    }
    // floor(size * scale) in integers: an f32 scale is m * 2^e exactly,
    // with m an integer of at most 24 bits.
    int exponent;
    double fraction = std::frexp(scale, &exponent);
    int64_t mantissa = static_cast<int64_t>(std::ldexp(fraction, 24));
    exponent -= 24;
    while (mantissa % 2 == 0 && exponent < 0) {
      mantissa /= 2;
      ++exponent;
    }
    OpFoldResult scaled =
        mulSizes(builder, loc, size, builder.getIndexAttr(mantissa));
    if (exponent >= 0)
      scaled = mulSizes(builder, loc, scaled,
                        builder.getIndexAttr(int64_t(1) << exponent));
    else
      scaled = floorDivSizes(builder, loc, scaled,
                             builder.getIndexAttr(int64_t(1) << -exponent));
    result.push_back(scaled);
  }
  return result;
}

LogicalResult ResizeOp::reifyResultShapes(OpBuilder &builder,
                                          ReifiedRankedShapedTypeDims &shapes) {
  FailureOr<SmallVector<OpFoldResult>> sizes =
      buildResizeSizes(builder, getLoc(), getInput(), getScales(), getSizes());
  if (failed(sizes))
    return failure();
  shapes.push_back(std::move(*sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// GridSampleOp
//===----------------------------------------------------------------------===//

LogicalResult GridSampleOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> location,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  auto inputType = getRankedType(adaptor.getInput());
  auto gridType = getRankedType(adaptor.getGrid());
  if (!inputType || !gridType)
    return emitOptionalError(location, "expected ranked tensor operands");
  int64_t rank = inputType.getRank();
  if (rank < 3)
    return emitOptionalError(location,
                             "expected the input to be N x C x "
                             "spatial dims (rank >= 3), got rank ",
                             rank);
  int64_t spatial = rank - 2;
  if (gridType.getRank() != rank)
    return emitOptionalError(location,
                             "expected the grid to have the "
                             "input's rank (",
                             rank, "), got rank ", gridType.getRank());
  int64_t last = gridType.getDimSize(rank - 1);
  if (!ShapedType::isDynamic(last) && last != spatial)
    return emitOptionalError(location, "expected the grid's last dim to hold ",
                             spatial, " coordinates, got ", last);
  int64_t inputBatch = inputType.getDimSize(0);
  int64_t gridBatch = gridType.getDimSize(0);
  if (!ShapedType::isDynamic(inputBatch) && !ShapedType::isDynamic(gridBatch) &&
      inputBatch != gridBatch)
    return emitOptionalError(location, "input batch size ", inputBatch,
                             " differs from the grid's ", gridBatch);
  if (adaptor.getMode() != ResizeMode::Nearest &&
      !isa<FloatType>(inputType.getElementType()))
    return emitOptionalError(location, "linear and cubic sampling need a "
                                       "floating-point input");
  SmallVector<int64_t> shape = {ShapedType::isDynamic(inputBatch) ? gridBatch
                                                                  : inputBatch,
                                inputType.getDimSize(1)};
  llvm::append_range(shape, gridType.getShape().slice(1, spatial));
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

LogicalResult
GridSampleOp::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  Value input = getInput(), grid = getGrid();
  int64_t rank = getType().getRank();
  SmallVector<OpFoldResult> sizes;
  // A static batch size may be the grid's when the input's is `?`.
  sizes.push_back(getType().isDynamicDim(0)
                      ? tensor::getMixedSize(builder, loc, input, 0)
                      : builder.getIndexAttr(getType().getDimSize(0)));
  sizes.push_back(tensor::getMixedSize(builder, loc, input, 1));
  for (int64_t dim = 2; dim < rank; ++dim)
    sizes.push_back(tensor::getMixedSize(builder, loc, grid, dim - 1));
  shapes.push_back(std::move(sizes));
  return success();
}

//===----------------------------------------------------------------------===//
// AffineGridOp
//===----------------------------------------------------------------------===//

LogicalResult AffineGridOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> location,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  auto thetaType = getRankedType(adaptor.getTheta());
  auto sizeType = getRankedType(adaptor.getSize());
  if (!thetaType || !sizeType)
    return emitOptionalError(location, "expected ranked tensor operands");
  if (sizeType.isDynamicDim(0) ||
      (sizeType.getDimSize(0) != 4 && sizeType.getDimSize(0) != 5))
    return emitOptionalError(location,
                             "expected size to hold 4 values (N, C, H, W) or "
                             "5 (N, C, D, H, W)");
  int64_t spatial = sizeType.getDimSize(0) - 2;
  if (thetaType.getRank() != 3)
    return emitOptionalError(location, "expected theta to be N x ", spatial,
                             " x ", spatial + 1, ", got rank ",
                             thetaType.getRank());
  int64_t rows = thetaType.getDimSize(1), columns = thetaType.getDimSize(2);
  if ((!ShapedType::isDynamic(rows) && rows != spatial) ||
      (!ShapedType::isDynamic(columns) && columns != spatial + 1))
    return emitOptionalError(location, "expected theta to be N x ", spatial,
                             " x ", spatial + 1, " for a ", spatial,
                             "-D grid, got ? x ", rows, " x ", columns);
  SmallVector<int64_t> shape = {thetaType.getDimSize(0)};
  shape.append(spatial, ShapedType::kDynamic);
  shape.push_back(spatial);
  if (std::optional<SmallVector<int64_t>> sizes =
          getConstantInts(adaptor.getSize())) {
    for (int64_t dim = 0; dim < spatial; ++dim) {
      int64_t size = (*sizes)[dim + 2];
      if (size < 0)
        return emitOptionalError(location, "size #", dim + 2, " is negative");
      shape[dim + 1] = size;
    }
  }
  inferred.push_back(RankedTensorType::get(shape, thetaType.getElementType()));
  return success();
}

LogicalResult
AffineGridOp::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  Location loc = getLoc();
  int64_t spatial = getType().getRank() - 2;
  SmallVector<OpFoldResult> sizes = {
      tensor::getMixedSize(builder, loc, getTheta(), 0)};
  for (int64_t dim = 0; dim < spatial; ++dim) {
    if (!getType().isDynamicDim(dim + 1)) {
      sizes.push_back(builder.getIndexAttr(getType().getDimSize(dim + 1)));
      continue;
    }
    Value index = arith::ConstantIndexOp::create(builder, loc, dim + 2);
    Value size = builder.createOrFold<tensor::ExtractOp>(loc, getSize(), index);
    sizes.push_back(getAsOpFoldResult(builder.createOrFold<arith::IndexCastOp>(
        loc, builder.getIndexType(), size)));
  }
  sizes.push_back(builder.getIndexAttr(spatial));
  shapes.push_back(std::move(sizes));
  return success();
}

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphImageOps.cpp.inc"
