//===- Passes.h - Code generation passes of every target --------*- C++ -*-===//
//
// Declarations of the target-neutral code generation passes (generated from
// Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_COMMON_PASSES_H
#define STRATA_CODEGEN_COMMON_PASSES_H

#include "mlir/Pass/Pass.h"

namespace strata {

#define GEN_PASS_DECL
#include "strata/Codegen/Common/Passes.h.inc"

/// Registers the passes of Codegen/Common.
void registerCodegenCommonPasses();

} // namespace strata

#endif // STRATA_CODEGEN_COMMON_PASSES_H
