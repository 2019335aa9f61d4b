//===- ScheduleHeuristics.h - CPU schedules of kernels ----------*- C++ -*-===//
//
// The CPU backend's schedule heuristics (TargetBackend::chooseSchedule and
// the weight panel widths its schedules read); see docs/Schedules.md.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CPU_SCHEDULEHEURISTICS_H
#define STRATA_CODEGEN_CPU_SCHEDULEHEURISTICS_H

#include <cstdint>

namespace mlir::linalg {
class LinalgOp;
} // namespace mlir::linalg

namespace strata {
struct TargetInfo;
namespace kernel {
class ScheduleAttr;
} // namespace kernel

namespace cpu {

/// The schedule of `root`, a kernel's root op, on the CPU `info` describes:
/// tile sizes per level, vector sizes and parallel dims.
kernel::ScheduleAttr chooseSchedule(mlir::linalg::LinalgOp root,
                                    const TargetInfo &info);

/// The bytes of one row of the widest matrix-vector register tile: every
/// vector register holding accumulators (2048 bytes with AVX-512, 512 with
/// AVX2). graph-prepack-weights cuts matrix-vector weights into panels of
/// this width, which the schedule then reads one whole panel row at a time.
int64_t getGemvPanelBytes(const TargetInfo &info);

/// The bytes of one row of the matrix-product register tile (its n_r: two
/// vectors, 128 bytes with AVX-512, 64 with AVX2). kernel-rewrite-
/// convolutions cuts constant NHWC filters into panels of this width, so
/// that each register tile streams its B operand from one contiguous panel.
int64_t getMatmulPanelBytes(const TargetInfo &info);

} // namespace cpu
} // namespace strata

#endif // STRATA_CODEGEN_CPU_SCHEDULEHEURISTICS_H
