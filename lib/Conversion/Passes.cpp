//===- Passes.cpp - Register the conversion passes ------------------------===//

#include "strata/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassRegistry.h"

namespace strata {
#define GEN_PASS_REGISTRATION
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

void strata::registerConversionPasses() { registerStrataConversionPasses(); }
