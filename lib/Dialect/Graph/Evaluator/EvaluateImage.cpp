//===- EvaluateImage.cpp - Reference evaluation of resampling ops ---------===//
//
// resize on host tensors, following ONNX's reference implementation
// (onnx/reference/ops/op_resize.py): per dim the input coordinate of each
// output index, its taps (clamped to the edge) and their weights, in
// double; the result is rounded once.
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

strata::graph::detail::FamilyResult strata::graph::detail::evaluateImageOp(
    Operation *op, ArrayRef<EvalTensor> operands,
    SmallVectorImpl<EvalTensor> &results, std::string &whyNot) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(op)
      .Case<ResizeOp>([&](auto imageOp) -> FamilyResult {
        return evaluate(imageOp, operands, results, whyNot);
      })
      .Default([](Operation *) -> FamilyResult { return std::nullopt; });
}
