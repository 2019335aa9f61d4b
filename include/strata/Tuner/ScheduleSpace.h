//===- ScheduleSpace.h - The schedules a tuner tries for a kernel -*- C++
//-*-===//
//
// The search space of one kernel: the schedules around the backend's
// heuristic schedule of its root op, as independent knobs (a tile size of
// one loop at one level, each with a few choices), so that a search can
// sample points, mutate one knob, and learn a cost model on the knobs'
// values. The heuristic schedule is always a point of the space.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TUNER_SCHEDULESPACE_H
#define STRATA_TUNER_SCHEDULESPACE_H

#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace mlir::linalg {
class LinalgOp;
} // namespace mlir::linalg

namespace strata::kernel {
class FuncOp;
} // namespace strata::kernel

namespace strata::tuner {

/// One knob of a schedule, among `choices`: the tile size of `loop` at
/// tiling `level`, or the schedule's unroll.
struct ScheduleKnob {
  enum class Kind { TileSize, Unroll };
  Kind kind = Kind::TileSize;
  unsigned level = 0;
  unsigned loop = 0;
  std::vector<int64_t> choices;
};

/// The linalg op of `kernel` that carries a schedule (its root, once
/// kernel-select-schedule has run: the op a search space is built around),
/// or null.
mlir::linalg::LinalgOp findScheduledRoot(kernel::FuncOp kernel);

/// The schedules of a kernel's root op that a tuner tries.
class ScheduleSpace {
public:
  /// The space around `heuristic`, the backend's schedule of `root`: each
  /// tile size t > 0 of the heuristic varies among t/4, t/2, t, 2t and 4t
  /// (at least 1, at most the loop's static size); tile sizes of 0 (a loop
  /// kept whole) stay. Vector sizes equal to their innermost tile follow
  /// it; other vector sizes stay. The unroll of the innermost loop around
  /// the register tiles is 1, 2 or 4 (and the heuristic's). The parallel
  /// dims and packing stay.
  ScheduleSpace(mlir::linalg::LinalgOp root, kernel::ScheduleAttr heuristic);

  llvm::ArrayRef<ScheduleKnob> getKnobs() const { return knobs; }
  /// The heuristic schedule's point: a choice index per knob.
  llvm::SmallVector<unsigned> getHeuristicPoint() const;
  /// The number of points (saturating at UINT64_MAX).
  uint64_t size() const;

  /// The schedule at `point` (a choice index per knob), or null when the
  /// root's loops do not accept it (a vector size above its tile).
  kernel::ScheduleAttr getSchedule(llvm::ArrayRef<unsigned> point) const;
  /// A uniformly random point whose schedule the loops accept; none when
  /// `attempts` draws found none.
  std::optional<llvm::SmallVector<unsigned>>
  sample(std::mt19937_64 &random, unsigned attempts = 64) const;

private:
  /// The heuristic schedule's value of `knob`.
  int64_t getHeuristicChoice(const ScheduleKnob &knob) const;

  mlir::MLIRContext *context;
  kernel::ScheduleAttr heuristic;
  llvm::SmallVector<mlir::utils::IteratorType> iterators;
  llvm::SmallVector<int64_t> ranges;
  std::vector<ScheduleKnob> knobs;
};

} // namespace strata::tuner

#endif // STRATA_TUNER_SCHEDULESPACE_H
