//===- Passes.h - CPU code generation passes --------------------*- C++ -*-===//
//
// Declarations of the CPU code generation passes (generated from
// Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CODEGEN_CPU_PASSES_H
#define STRATA_CODEGEN_CPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace strata {

#define GEN_PASS_DECL
#include "strata/Codegen/CPU/Passes.h.inc"

/// Registers the passes of Codegen/CPU and its pipelines
/// (strata-lower-cpu, strata-lower-kernels-cpu).
void registerCodegenCPUPasses();

} // namespace strata

#endif // STRATA_CODEGEN_CPU_PASSES_H
