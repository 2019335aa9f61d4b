//===- DropForeignAttributes.cpp - Attributes LLVM IR must not carry ------===//
//
// Implements strata-cpu-drop-foreign-attributes (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace strata {
#define GEN_PASS_DEF_CPUDROPFOREIGNATTRIBUTESPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Drops attributes the LLVM-dialect output must not carry; see Passes.td.
struct CPUDropForeignAttributesPass
    : strata::impl::CPUDropForeignAttributesPassBase<
          CPUDropForeignAttributesPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<LLVM::FPExtOp, LLVM::FPTruncOp>(op))
        op->removeDiscardableAttr("fastmath");
      SmallVector<StringAttr> kernelAttrs;
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (attr.getName().strref().starts_with("kernel."))
          kernelAttrs.push_back(attr.getName());
      for (StringAttr name : kernelAttrs)
        op->removeDiscardableAttr(name);
    });
  }
};

} // namespace
