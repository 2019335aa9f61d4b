//===- DeduplicateKernels.cpp - Share identical kernels -------------------===//
//
// device-deduplicate-kernels (see Passes.td): kernels identical but for
// their names are merged into the first of them. Two kernels are compared
// by their printed form under one placeholder name (generic form, local
// scope, no locations): the printer is the one complete and stable
// serialization of an op's types, attributes and regions, and kernels at
// this level are small (their weights are launch operands).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Device/Transforms/Passes.h"

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace strata::device {
#define GEN_PASS_DEF_DEVICEDEDUPLICATEKERNELSPASS
#include "strata/Dialect/Device/Transforms/Passes.h.inc"
} // namespace strata::device

using namespace mlir;
using namespace strata;

namespace {

/// Merges kernels identical but for their names; see Passes.td.
struct DeviceDeduplicateKernelsPass
    : device::impl::DeviceDeduplicateKernelsPassBase<
          DeviceDeduplicateKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The first kernel of each printed form, and the later ones to replace.
    llvm::StringMap<StringAttr> firstByForm;
    SmallVector<std::pair<kernel::FuncOp, StringAttr>> duplicates;
    for (auto kernel : module.getOps<kernel::FuncOp>()) {
      StringAttr name = kernel.getSymNameAttr();
      std::string form = kernel::printNameIndependentForm(kernel);
      auto [it, inserted] = firstByForm.try_emplace(form, name);
      if (!inserted)
        duplicates.emplace_back(kernel, it->second);
    }
    // Kernels are used by the host program, not by kernels: the uses are
    // replaced in the other top-level ops only (the whole module, every
    // kernel body included, walked once per duplicate took most of the
    // pass's time on DenseNet-121).
    SmallVector<Operation *> users;
    for (Operation &op : module.getBody()->getOperations())
      if (!isa<kernel::FuncOp>(op))
        users.push_back(&op);
    for (auto [duplicate, kept] : duplicates) {
      for (Operation *user : users) {
        if (failed(SymbolTable::replaceAllSymbolUses(duplicate.getSymNameAttr(),
                                                     kept, user))) {
          duplicate.emitError("cannot replace the uses of this kernel by @")
              << kept.getValue();
          return signalPassFailure();
        }
      }
      duplicate.erase();
    }
  }
};

} // namespace
