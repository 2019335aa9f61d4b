//===- FormDispatches.cpp - (being written) ----------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELFORMDISPATCHESPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

namespace {
struct KernelFormDispatchesPass : strata::kernel::impl::KernelFormDispatchesPassBase<KernelFormDispatchesPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
