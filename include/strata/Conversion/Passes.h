//===- Passes.h - Conversions between Strata's levels -----------*- C++ -*-===//
//
// Declarations of the conversion passes (generated from Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_PASSES_H
#define STRATA_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace strata {

#define GEN_PASS_DECL
#include "strata/Conversion/Passes.h.inc"

/// Registers every conversion pass.
void registerConversionPasses();

} // namespace strata

#endif // STRATA_CONVERSION_PASSES_H
