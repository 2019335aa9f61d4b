//===- Outline.cpp - (being written) ----------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELOUTLINEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

namespace {
struct KernelOutlinePass : strata::kernel::impl::KernelOutlinePassBase<KernelOutlinePass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
