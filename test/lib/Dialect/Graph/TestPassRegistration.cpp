//===- TestPassRegistration.cpp - Register the graph test passes ----------===//
//
// One place that registers every test-only graph pass with strata-opt.
//
//===----------------------------------------------------------------------===//

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

namespace strata::test {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"

void registerTestGraphPasses() { registerStrataTestGraphPasses(); }
} // namespace strata::test
