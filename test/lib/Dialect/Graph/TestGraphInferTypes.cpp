//===- TestGraphInferTypes.cpp - Report inferred result types -------------===//
//
// Calls InferTypeOpInterface::inferReturnTypes on each op, with the op's own
// operands and properties, and reports the result as a remark.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"

namespace strata::test {
#define GEN_PASS_DEF_TESTGRAPHINFERTYPESPASS
#include "TestPasses.h.inc"
} // namespace strata::test

using namespace mlir;

namespace {
/// Reports what every InferTypeOpInterface op infers for its results.
struct TestGraphInferTypesPass
    : strata::test::impl::TestGraphInferTypesPassBase<TestGraphInferTypesPass> {
  void runOnOperation() override {
    getOperation()->walk([](InferTypeOpInterface op) {
      Operation *operation = op.getOperation();
      Dialect *dialect = operation->getDialect();
      if (!dialect || dialect->getNamespace() != "graph")
        return;
      SmallVector<Type> inferred;
      if (failed(op.inferReturnTypes(
              operation->getContext(), operation->getLoc(),
              operation->getOperands(), operation->getRawDictionaryAttrs(),
              operation->getPropertiesStorage(), operation->getRegions(),
              inferred)))
        return;
      InFlightDiagnostic remark = operation->emitRemark("inferred: ");
      llvm::interleaveComma(inferred, remark);
    });
  }
};
} // namespace
