//===- SelectSchedule.cpp - (being written) ----------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELSELECTSCHEDULEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

namespace {
struct KernelSelectSchedulePass : strata::kernel::impl::KernelSelectSchedulePassBase<KernelSelectSchedulePass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
