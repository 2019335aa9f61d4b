//===- SampleSchedules.cpp - Random points of kernels' search spaces ------===//
//
// Implements kernel-sample-schedules: each scheduled kernel.func gets a
// random schedule of its search space (Tuner/ScheduleSpace.h), drawn from
// the pass's seed and the kernel's fingerprint.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Tuner/Fingerprint.h"
#include "strata/Tuner/ScheduleSpace.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELSAMPLESCHEDULESPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;
using namespace strata;
using namespace strata::kernel;

namespace {

struct KernelSampleSchedulesPass
    : strata::kernel::impl::KernelSampleSchedulesPassBase<
          KernelSampleSchedulesPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](FuncOp kernel) {
      if (kernel.isExternal())
        return;
      linalg::LinalgOp root = tuner::findScheduledRoot(kernel);
      if (!root)
        return;
      tuner::ScheduleSpace space(root, getSchedule(root));
      // The kernel's own stream: the same kernel draws the same point in
      // every module and process, whatever the kernels around it (the
      // fingerprint's first 64 bits, not a hash seeded per process).
      uint64_t kernelBits = 0;
      (void)llvm::StringRef(tuner::getKernelFingerprint(kernel))
          .take_front(16)
          .getAsInteger(16, kernelBits);
      std::mt19937_64 random(
          kernelBits ^ (static_cast<uint64_t>(seed) * 0x9e3779b97f4a7c15ULL));
      std::optional<SmallVector<unsigned>> point = space.sample(random);
      if (!point)
        return;
      ScheduleAttr schedule = space.getSchedule(*point);
      setSchedule(root, schedule);
      kernel.setScheduleAttr(schedule);
      if (report)
        kernel.emitRemark()
            << "kernel @" << kernel.getSymName() << ": sampled "
            << Attribute(schedule) << " of " << space.size() << " schedules";
    });
  }
};

} // namespace
