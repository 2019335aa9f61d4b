//===- Passes.cpp - Register the kernel passes ----------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

namespace strata::kernel {
#define GEN_PASS_REGISTRATION
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

void strata::kernel::registerKernelPasses() {
  registerKernelTransformsPasses();
}
