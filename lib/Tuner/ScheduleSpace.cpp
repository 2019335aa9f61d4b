//===- ScheduleSpace.cpp - The schedules a tuner tries for a kernel -------===//
//
// Implements ScheduleSpace.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Tuner/ScheduleSpace.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <limits>

using namespace mlir;
using namespace strata;
using namespace strata::tuner;

linalg::LinalgOp tuner::findScheduledRoot(kernel::FuncOp kernel) {
  linalg::LinalgOp root;
  kernel.walk([&](linalg::LinalgOp op) {
    if (!root && kernel::getSchedule(op))
      root = op;
  });
  return root;
}

ScheduleSpace::ScheduleSpace(linalg::LinalgOp root,
                             kernel::ScheduleAttr heuristic)
    : context(root->getContext()), heuristic(heuristic),
      iterators(root.getIteratorTypesArray()),
      ranges(root.getStaticLoopRanges()) {
  for (unsigned level = 0; level < heuristic.getNumTileLevels(); ++level) {
    ArrayRef<int64_t> tiles = heuristic.getTileSizes(level);
    for (auto [loop, tile] : llvm::enumerate(tiles)) {
      if (tile <= 0 || loop >= ranges.size())
        continue;
      ScheduleKnob knob;
      knob.level = level;
      knob.loop = loop;
      for (int64_t choice : {tile / 4, tile / 2, tile, 2 * tile, 4 * tile}) {
        if (choice < 1 ||
            (choice != tile && !ShapedType::isDynamic(ranges[loop]) &&
             choice > ranges[loop]))
          continue;
        if (!llvm::is_contained(knob.choices, choice))
          knob.choices.push_back(choice);
      }
      if (knob.choices.size() > 1)
        knobs.push_back(std::move(knob));
    }
  }
  // Unrolling the loop around the register tiles (after peeling: only
  // whole tiles). Kernels the backend does not vectorize have no register
  // tiles to unroll.
  if (heuristic.getNumTileLevels() > 0 && !heuristic.getVectorSizes().empty()) {
    ScheduleKnob knob;
    knob.kind = ScheduleKnob::Kind::Unroll;
    knob.choices = {1, 2, 4};
    if (!llvm::is_contained(knob.choices, heuristic.getUnroll()))
      knob.choices.push_back(heuristic.getUnroll());
    knobs.push_back(std::move(knob));
  }
}

int64_t ScheduleSpace::getHeuristicChoice(const ScheduleKnob &knob) const {
  if (knob.kind == ScheduleKnob::Kind::Unroll)
    return heuristic.getUnroll();
  return heuristic.getTileSizes(knob.level)[knob.loop];
}

SmallVector<unsigned> ScheduleSpace::getHeuristicPoint() const {
  SmallVector<unsigned> point;
  for (const ScheduleKnob &knob : knobs)
    point.push_back(static_cast<unsigned>(
        llvm::find(knob.choices, getHeuristicChoice(knob)) -
        knob.choices.begin()));
  return point;
}

uint64_t ScheduleSpace::size() const {
  uint64_t points = 1;
  for (const ScheduleKnob &knob : knobs) {
    if (points > std::numeric_limits<uint64_t>::max() / knob.choices.size())
      return std::numeric_limits<uint64_t>::max();
    points *= knob.choices.size();
  }
  return points;
}

kernel::ScheduleAttr
ScheduleSpace::getSchedule(ArrayRef<unsigned> point) const {
  if (point.size() != knobs.size())
    return {};
  unsigned numLevels = heuristic.getNumTileLevels();
  SmallVector<SmallVector<int64_t>> tiles;
  for (unsigned level = 0; level < numLevels; ++level)
    tiles.push_back(llvm::to_vector(heuristic.getTileSizes(level)));
  int64_t unroll = heuristic.getUnroll();
  for (auto [knob, choice] : llvm::zip(knobs, point)) {
    if (choice >= knob.choices.size())
      return {};
    if (knob.kind == ScheduleKnob::Kind::Unroll)
      unroll = knob.choices[choice];
    else
      tiles[knob.level][knob.loop] = knob.choices[choice];
  }
  // Vector sizes that were their innermost tile's size follow it.
  SmallVector<int64_t> vectors =
      llvm::to_vector(heuristic.getVectorSizes().asArrayRef());
  if (numLevels > 0) {
    ArrayRef<int64_t> innermost = heuristic.getTileSizes(numLevels - 1);
    for (auto [loop, vector] : llvm::enumerate(vectors))
      if (loop < innermost.size() && vector > 0 && vector == innermost[loop])
        vector = tiles[numLevels - 1][loop];
  }
  Builder builder(context);
  SmallVector<Attribute> levels;
  for (ArrayRef<int64_t> level : tiles)
    levels.push_back(builder.getDenseI64ArrayAttr(level));
  auto schedule = kernel::ScheduleAttr::get(
      context, builder.getArrayAttr(levels),
      builder.getDenseI64ArrayAttr(vectors), heuristic.getParallelDims(),
      unroll, heuristic.getPack());
  // The loops must accept it (each vector size within its tile); the
  // diagnostic of a point that they do not is not an error of anything.
  ScopedDiagnosticHandler silence(context,
                                  [](Diagnostic &) { return success(); });
  if (failed(schedule.verifyLoops(iterators, ranges, [&] {
        return mlir::emitError(UnknownLoc::get(context));
      })))
    return {};
  return schedule;
}

std::optional<SmallVector<unsigned>>
ScheduleSpace::sample(std::mt19937_64 &random, unsigned attempts) const {
  for (unsigned attempt = 0; attempt < attempts; ++attempt) {
    SmallVector<unsigned> point;
    for (const ScheduleKnob &knob : knobs)
      point.push_back(std::uniform_int_distribution<unsigned>(
          0, knob.choices.size() - 1)(random));
    if (getSchedule(point))
      return point;
  }
  return std::nullopt;
}
