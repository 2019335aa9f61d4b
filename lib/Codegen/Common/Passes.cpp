//===- Passes.cpp - Register the common code generation passes ------------===//

#include "strata/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/PassRegistry.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

namespace strata {
#define GEN_PASS_REGISTRATION
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

void strata::registerCodegenCommonPasses() {
  registerStrataCodegenCommonPasses();
}
