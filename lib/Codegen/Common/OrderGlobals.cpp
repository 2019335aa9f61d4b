//===- OrderGlobals.cpp - Deterministic memref.global ops -----------------===//
//
// Implements strata-order-globals (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"

namespace strata {
#define GEN_PASS_DEF_ORDERGLOBALSPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Deterministic names and order of memref.global ops; see Passes.td.
struct OrderGlobalsPass : strata::impl::OrderGlobalsPassBase<OrderGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // First uses, in a deterministic walk.
    llvm::SetVector<memref::GlobalOp> ordered;
    SymbolTable symbols(module);
    module.walk([&](memref::GetGlobalOp use) {
      if (auto global = symbols.lookup<memref::GlobalOp>(use.getName()))
        if (global.isPrivate())
          ordered.insert(global);
    });
    for (auto global : module.getOps<memref::GlobalOp>())
      if (global.isPrivate())
        ordered.insert(global);
    // Two steps, so that a new name never collides with an old one.
    for (auto [index, global] : llvm::enumerate(ordered))
      if (failed(symbols.rename(
              global, ("__strata_tmp_global_" + llvm::Twine(index)).str())))
        return signalPassFailure();
    Block *body = module.getBody();
    Operation *insertionPoint = nullptr;
    for (auto [index, global] : llvm::enumerate(ordered)) {
      if (failed(symbols.rename(
              global, ("__strata_constant_" + llvm::Twine(index)).str())))
        return signalPassFailure();
      if (insertionPoint)
        global->moveAfter(insertionPoint);
      else
        global->moveBefore(body, body->begin());
      insertionPoint = global;
    }
  }
};

} // namespace
