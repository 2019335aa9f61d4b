//===- VerifySchedules.cpp - Schedules that fit the ops they tile ---------===//
//
// Implements strata-verify-schedules (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace strata {
#define GEN_PASS_DEF_VERIFYSCHEDULESPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Checks each scheduled linalg op not yet distributed against the static
/// sizes of its loops; see Passes.td.
struct VerifySchedulesPass
    : strata::impl::VerifySchedulesPassBase<VerifySchedulesPass> {
  void runOnOperation() override {
    WalkResult misfit = getOperation().walk([&](linalg::LinalgOp op) {
      auto schedule = strata::kernel::getSchedule(op);
      if (!schedule || op->getParentOfType<scf::ForallOp>())
        return WalkResult::advance();
      if (failed(schedule.verifyLoops(op.getIteratorTypesArray(),
                                      op.getStaticLoopRanges(),
                                      [&] { return op->emitOpError(); })))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (misfit.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
