//===- LowerExternal.cpp - External backends' code generation -------------===//
//
// graph-lower-external (see Passes.td): each function outlined for an
// external backend goes to that backend's lowerFunction, the last step of
// TVM's BYOC flow (its relay.ext.<backend> codegen).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/External/ExternalBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHLOWEREXTERNALPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata;

namespace {
struct GraphLowerExternalPass
    : graph::impl::GraphLowerExternalPassBase<GraphLowerExternalPass> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      auto name =
          function->getAttrOfType<StringAttr>(external::kExternalAttrName);
      if (!name)
        continue;
      const external::ExternalBackend *backend =
          external::lookupExternalBackend(name.getValue());
      if (!backend) {
        function.emitError("function @")
            << function.getSymName() << " is marked for external backend '"
            << name.getValue() << "', which is not registered (known: "
            << external::getExternalBackendNames() << ")";
        return signalPassFailure();
      }
      if (failed(backend->lowerFunction(function)))
        return signalPassFailure();
    }
  }
};
} // namespace
