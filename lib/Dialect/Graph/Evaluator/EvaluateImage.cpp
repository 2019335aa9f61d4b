//===- EvaluateImage.cpp - Reference evaluation of resampling ops ---------===//
//
// resize, grid_sample and affine_grid on host tensors, following ONNX's
// reference implementations (onnx/reference/ops/op_resize.py,
// op_grid_sample.py, op_affine_grid.py): per dim the input coordinate of
// each output element, its taps and their weights, in double; the result is
// rounded once.
//
//===----------------------------------------------------------------------===//

#include "EvalHelpers.h"
#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"

#include "llvm/ADT/TypeSwitch.h"
#include <cmath>

using namespace mlir;
using namespace strata::graph;
using namespace strata::graph::detail;

namespace {
/// The taps of one output index along one dim.
struct DimTaps {
  SmallVector<int64_t, 4> indices;
  SmallVector<double, 4> weights;
};
} // namespace

/// The input coordinate of output index `o` (ONNX's coordinate
/// transformations; `outWidth` is scale * input size, a float).
static double getCoordinate(CoordinateMode mode, double o, double scale,
                            double inWidth, double outWidth, double outCount) {
  double halfPixel = (o + 0.5) / scale - 0.5;
  switch (mode) {
  case CoordinateMode::HalfPixel:
    return halfPixel;
  case CoordinateMode::HalfPixelSymmetric:
    return inWidth / 2 * (1 - outCount / outWidth) + halfPixel;
  case CoordinateMode::PytorchHalfPixel:
    return outWidth == 1 ? -0.5 : halfPixel;
  case CoordinateMode::AlignCorners:
    return outWidth == 1 ? 0.0 : o * (inWidth - 1) / (outWidth - 1);
  case CoordinateMode::Asymmetric:
    return o / scale;
  }
  return halfPixel;
}

/// graph.resize: the separable interpolation of ONNX Resize.
static LogicalResult evaluate(ResizeOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0];
  const EvalTensor *scaleValues = op.getScales() ? &operands[1] : nullptr;
  const EvalTensor *sizeValues =
      op.getSizes() ? &operands[op.getScales() ? 2 : 1] : nullptr;
  int64_t rank = input.getRank();
  for (const EvalTensor *values : {scaleValues, sizeValues})
    if (values && values->getNumElements() != rank)
      return failWith(whyNot, "scales or sizes do not have one value per dim");
  SmallVector<int64_t> shape;
  SmallVector<double> scales;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = input.getShape()[dim];
    double scale = 0;
    if (scaleValues) {
      scale = scaleValues->getFloat(dim);
      if (!(scale > 0) || !std::isfinite(scale))
        return failWith(whyNot, "a scale is not a positive number");
    }
    int64_t out;
    if (sizeValues) {
      out = sizeValues->getInt(dim);
      if (out < 0)
        return failWith(whyNot, "a size is negative");
      if (!scaleValues)
        scale = static_cast<double>(out) / static_cast<double>(size);
    } else {
      out = getScaledSize(size, scale);
    }
    scales.push_back(scale);
    shape.push_back(out);
  }
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  ResizeMode mode = op.getMode();
  double a = op.getCubicCoeffA().convertToDouble();
  auto getTaps = [&](int64_t dim, int64_t o) -> DimTaps {
    int64_t size = input.getShape()[dim];
    DimTaps taps;
    auto clamp = [&](int64_t index) {
      return std::max<int64_t>(std::min<int64_t>(index, size - 1), 0);
    };
    bool copied = scales[dim] == 1.0 && shape[dim] == size;
    if (copied) {
      taps.indices.push_back(o);
      taps.weights.push_back(1.0);
      return taps;
    }
    double inWidth = static_cast<double>(size);
    double x = getCoordinate(op.getCoordinateMode(), static_cast<double>(o),
                             scales[dim], inWidth, scales[dim] * inWidth,
                             static_cast<double>(shape[dim]));
    double floor = std::floor(x);
    double r = x - floor;
    auto base = static_cast<int64_t>(floor);
    if (mode == ResizeMode::Nearest) {
      bool up = false;
      switch (op.getNearestMode()) {
      case NearestMode::RoundPreferFloor:
        up = r > 0.5;
        break;
      case NearestMode::RoundPreferCeil:
        up = r >= 0.5;
        break;
      case NearestMode::Floor:
        break;
      case NearestMode::Ceil:
        up = r > 0.0;
        break;
      }
      taps.indices.push_back(clamp(base + (up ? 1 : 0)));
      taps.weights.push_back(1.0);
      return taps;
    }
    SmallVector<double, 4> weights;
    int64_t first = 0;
    if (mode == ResizeMode::Linear) {
      weights = {1 - r, r};
    } else {
      first = -1;
      auto outer = [&](double t) {
        return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
      };
      auto inner = [&](double t) {
        return ((a + 2) * t - (a + 3)) * t * t + 1;
      };
      weights = {outer(r + 1), inner(r), inner(1 - r), outer(2 - r)};
    }
    double sum = 0;
    for (auto [k, weight] : llvm::enumerate(weights)) {
      int64_t position = base + first + static_cast<int64_t>(k);
      if (op.getExcludeOutside() && mode == ResizeMode::Cubic &&
          (position < 0 || position >= size))
        weight = 0;
      sum += weight;
      taps.indices.push_back(clamp(position));
      taps.weights.push_back(weight);
    }
    if (op.getExcludeOutside() && mode == ResizeMode::Cubic)
      for (double &weight : taps.weights)
        weight /= sum;
    return taps;
  };

  int64_t to = 0;
  forEachIndex(shape, [&](ArrayRef<int64_t> indices) {
    SmallVector<DimTaps> dimTaps;
    for (int64_t dim = 0; dim < rank; ++dim)
      dimTaps.push_back(getTaps(dim, indices[dim]));
    if (mode == ResizeMode::Nearest) {
      SmallVector<int64_t> position;
      for (const DimTaps &taps : dimTaps)
        position.push_back(taps.indices.front());
      copyElement(*result, to++, input, input.getLinearIndex(position));
      return;
    }
    double sum = 0;
    SmallVector<int64_t> choice(rank, 0);
    while (true) {
      SmallVector<int64_t> position;
      double weight = 1;
      for (int64_t dim = 0; dim < rank; ++dim) {
        position.push_back(dimTaps[dim].indices[choice[dim]]);
        weight *= dimTaps[dim].weights[choice[dim]];
      }
      sum += weight * input.getFloat(input.getLinearIndex(position));
      int64_t dim = rank - 1;
      while (dim >= 0 &&
             ++choice[dim] == static_cast<int64_t>(dimTaps[dim].indices.size()))
        choice[dim--] = 0;
      if (dim < 0)
        break;
    }
    result->setFloat(to++, sum);
  });
  results.push_back(std::move(*result));
  return success();
}

/// Keys' cubic weights of the taps at floor - 1 .. floor + 2 for the
/// fractional part `r` and coefficient `a`.
static SmallVector<double, 4> getCubicWeights(double r, double a) {
  auto outer = [&](double t) {
    return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
  };
  auto inner = [&](double t) { return ((a + 2) * t - (a + 3)) * t * t + 1; };
  return {outer(r + 1), inner(r), inner(1 - r), outer(2 - r)};
}

/// GridSample's reflection of `x` (outside [lo, hi]) at the borders until
/// it lies between them (ONNX's _gs_reflect). A border pair with no room
/// between (align_corners on a dim of size 1) gives `lo`; ONNX's reference
/// divides by zero there.
static double reflectCoordinate(double x, double lo, double hi) {
  double range = hi - lo;
  if (!(range > 0))
    return lo;
  bool below = x < lo;
  double dx = below ? lo - x : x - hi;
  double n = std::floor(dx / range);
  double r = dx - n * range;
  bool even = std::fmod(n, 2.0) == 0;
  return below == even ? lo + r : hi - r;
}

/// `x` truncated toward zero as an index, kept to a range whose ends read
/// the same as anything beyond them (no tap of a coordinate beyond -3 or
/// size + 2 lies inside the input); NaN reads as -3.
static int64_t truncateCoordinate(double x, int64_t size) {
  if (!(x >= -3))
    return -3;
  if (x > static_cast<double>(size) + 2)
    return size + 2;
  return static_cast<int64_t>(x);
}

/// graph.grid_sample: ONNX GridSample (see the op's description).
static LogicalResult evaluate(GridSampleOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &input = operands[0], &grid = operands[1];
  int64_t rank = input.getRank();
  int64_t spatial = rank - 2;
  ArrayRef<int64_t> inShape = input.getShape(), gridShape = grid.getShape();
  if (grid.getRank() != rank || gridShape[rank - 1] != spatial ||
      gridShape[0] != inShape[0])
    return failWith(whyNot, "the grid's shape does not match the input's");
  SmallVector<int64_t> shape = {inShape[0], inShape[1]};
  llvm::append_range(shape, gridShape.slice(1, spatial));
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, input.getElementType(), whyNot);
  if (failed(result))
    return failure();
  if (result->getNumElements() == 0) {
    results.push_back(std::move(*result));
    return success();
  }
  if (llvm::is_contained(inShape.drop_front(2), 0))
    return failWith(whyNot, "the input has an empty spatial dim");

  ResizeMode mode = op.getMode();
  GridPadding padding = op.getPaddingMode();
  bool alignCorners = op.getAlignCorners();
  SmallVector<double> lows, highs;
  for (int64_t dim = 0; dim < spatial; ++dim) {
    auto size = static_cast<double>(inShape[dim + 2]);
    lows.push_back(alignCorners ? 0.0 : -0.5);
    highs.push_back(alignCorners ? size - 1 : size - 0.5);
  }
  // The input index a tap at `position` of spatial dim `dim` reads, or
  // nullopt for a zero (padding `zeros`).
  auto getTapIndex = [&](int64_t dim,
                         int64_t position) -> std::optional<int64_t> {
    int64_t size = inShape[dim + 2];
    if (position >= 0 && position < size)
      return position;
    switch (padding) {
    case GridPadding::Zeros:
      return std::nullopt;
    case GridPadding::Border:
      break;
    case GridPadding::Reflection:
      position =
          truncateCoordinate(reflectCoordinate(static_cast<double>(position),
                                               lows[dim], highs[dim]),
                             size);
      break;
    }
    return std::clamp<int64_t>(position, 0, size - 1);
  };

  int64_t to = 0;
  SmallVector<int64_t> gridIndex(rank);
  forEachIndex(shape, [&](ArrayRef<int64_t> indices) {
    gridIndex[0] = indices[0];
    for (int64_t dim = 0; dim < spatial; ++dim)
      gridIndex[dim + 1] = indices[dim + 2];
    // Per spatial dim: the taps' input indices (nullopt reads zero) and
    // their weights.
    SmallVector<SmallVector<std::optional<int64_t>, 4>> tapIndices(spatial);
    SmallVector<SmallVector<double, 4>> tapWeights(spatial);
    for (int64_t dim = 0; dim < spatial; ++dim) {
      // The grid holds the coordinates in reverse dim order.
      gridIndex[rank - 1] = spatial - 1 - dim;
      double v = grid.getFloat(grid.getLinearIndex(gridIndex));
      auto size = static_cast<double>(inShape[dim + 2]);
      double x =
          alignCorners ? (v + 1) / 2 * (size - 1) : ((v + 1) * size - 1) / 2;
      if (mode == ResizeMode::Nearest)
        x = std::nearbyint(x); // half to even, as numpy's rint
      if (x < lows[dim] || x > highs[dim]) {
        if (padding == GridPadding::Border)
          x = std::clamp(x, 0.0, size - 1);
        else if (padding == GridPadding::Reflection)
          x = reflectCoordinate(x, lows[dim], highs[dim]);
      }
      if (mode == ResizeMode::Nearest) {
        tapIndices[dim].push_back(
            getTapIndex(dim, truncateCoordinate(x, inShape[dim + 2])));
        tapWeights[dim].push_back(1.0);
        continue;
      }
      double floor = std::floor(x);
      int64_t base = truncateCoordinate(floor, inShape[dim + 2]);
      double r = x - floor;
      SmallVector<double, 4> weights;
      int64_t first = 0;
      if (mode == ResizeMode::Linear) {
        weights = {1 - r, r};
      } else {
        first = -1;
        weights = getCubicWeights(r, -0.75);
      }
      for (auto [k, weight] : llvm::enumerate(weights)) {
        tapIndices[dim].push_back(
            getTapIndex(dim, base + first + static_cast<int64_t>(k)));
        tapWeights[dim].push_back(weight);
      }
    }
    SmallVector<int64_t> position = {indices[0], indices[1]};
    position.resize(rank);
    if (mode == ResizeMode::Nearest) {
      for (int64_t dim = 0; dim < spatial; ++dim) {
        if (!tapIndices[dim].front()) {
          ++to; // zero padding: the result is zero-filled
          return;
        }
        position[dim + 2] = *tapIndices[dim].front();
      }
      copyElement(*result, to++, input, input.getLinearIndex(position));
      return;
    }
    double sum = 0;
    SmallVector<int64_t> choice(spatial, 0);
    while (true) {
      double weight = 1;
      bool inside = true;
      for (int64_t dim = 0; dim < spatial; ++dim) {
        std::optional<int64_t> index = tapIndices[dim][choice[dim]];
        inside = inside && index.has_value();
        position[dim + 2] = index.value_or(0);
        weight *= tapWeights[dim][choice[dim]];
      }
      if (inside)
        sum += weight * input.getFloat(input.getLinearIndex(position));
      int64_t dim = spatial - 1;
      while (dim >= 0 &&
             ++choice[dim] == static_cast<int64_t>(tapIndices[dim].size()))
        choice[dim--] = 0;
      if (dim < 0)
        break;
    }
    result->setFloat(to++, sum);
  });
  results.push_back(std::move(*result));
  return success();
}

/// AffineGrid's normalized coordinate of pixel `k` of a dim of size `size`
/// (ONNX's construct_original_grid: an arange from the first pixel).
static double getGridCoordinate(int64_t k, int64_t size, bool alignCorners) {
  auto n = static_cast<double>(size);
  if (alignCorners)
    return size == 1 ? 0.0 : -1 + static_cast<double>(k) * (2.0 / (n - 1));
  double step = 2.0 / n;
  return (-1 + step / 2) + static_cast<double>(k) * step;
}

/// graph.affine_grid: ONNX AffineGrid (see the op's description).
static LogicalResult evaluate(AffineGridOp op, ArrayRef<EvalTensor> operands,
                              SmallVectorImpl<EvalTensor> &results,
                              std::string &whyNot) {
  const EvalTensor &theta = operands[0], &sizes = operands[1];
  int64_t spatial = sizes.getNumElements() - 2;
  ArrayRef<int64_t> thetaShape = theta.getShape();
  if (spatial < 2 || spatial > 3 || thetaShape[1] != spatial ||
      thetaShape[2] != spatial + 1)
    return failWith(whyNot, "theta's shape does not match the size's length");
  SmallVector<int64_t> shape = {thetaShape[0]};
  for (int64_t dim = 0; dim < spatial; ++dim) {
    int64_t size = sizes.getInt(dim + 2);
    if (size < 0)
      return failWith(whyNot, "a size is negative");
    shape.push_back(size);
  }
  shape.push_back(spatial);
  FailureOr<EvalTensor> result =
      createResult(op, 0, shape, theta.getElementType(), whyNot);
  if (failed(result))
    return failure();
  bool alignCorners = op.getAlignCorners();
  int64_t to = 0;
  forEachIndex(shape, [&](ArrayRef<int64_t> indices) {
    int64_t row = indices.back();
    double sum =
        theta.getFloat(theta.getLinearIndex({indices[0], row, spatial}));
    // Column j of theta multiplies the coordinate of the spatial dims in
    // reverse order (x, the last dim, first).
    for (int64_t j = 0; j < spatial; ++j) {
      int64_t dim = spatial - 1 - j;
      sum += theta.getFloat(theta.getLinearIndex({indices[0], row, j})) *
             getGridCoordinate(indices[dim + 1], shape[dim + 1], alignCorners);
    }
    result->setFloat(to++, sum);
  });
  results.push_back(std::move(*result));
  return success();
}

strata::graph::detail::FamilyResult strata::graph::detail::evaluateImageOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case<ResizeOp, GridSampleOp, AffineGridOp>(
          [&](auto imageOp) -> FamilyResult {
            return evaluate(imageOp, operands, results, whyNot);
          })
      .Default([](Operation *) -> FamilyResult { return std::nullopt; });
}
