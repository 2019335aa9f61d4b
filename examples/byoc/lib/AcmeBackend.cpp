//===- AcmeBackend.cpp - acme's patterns, cost rule and code generation ---===//
//
// The three things an external backend tells Strata (ExternalBackend.h):
// which graph ops its library runs (supports, isAnchor), which regions it
// runs faster than Strata (isWorthOffloading, the cost rule), and how a
// function outlined for it becomes calls of its runtime plugin
// (lowerFunction: graph.call_native with the convention of AcmeCalls.h).
//
//===----------------------------------------------------------------------===//

#include "Acme/AcmeBackend.h"
#include "Acme/AcmeCalls.h"

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/External/ExternalBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

bool isStaticF32Matrix(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getRank() == 2 &&
         tensor.getElementType().isF32();
}

bool isAcmeMatmul(Operation *op) {
  return isa<strata::graph::MatmulOp>(op) &&
         llvm::all_of(op->getOperandTypes(), isStaticF32Matrix) &&
         isStaticF32Matrix(op->getResult(0).getType());
}

class AcmeBackend final : public strata::external::ExternalBackend {
public:
  StringRef getName() const override { return "acme"; }
  StringRef getDescription() const override {
    return "the acme library: f32 matrix products with a fused relu";
  }

  bool supports(Operation *op) const override {
    if (isAcmeMatmul(op))
      return true;
    // A relu after a product becomes part of its call.
    return isa<strata::graph::ReluOp>(op) &&
           isStaticF32Matrix(op->getResult(0).getType());
  }

  bool isAnchor(Operation *op) const override { return isAcmeMatmul(op); }

  /// acme's library pays off on products of at least 8 rows (a made-up
  /// rule: a vendor measures its own).
  bool isWorthOffloading(ArrayRef<Operation *> ops) const override {
    return llvm::any_of(ops, [](Operation *op) {
      return isAcmeMatmul(op) &&
             cast<RankedTensorType>(op->getResult(0).getType()).getDimSize(0) >=
                 8;
    });
  }

  /// Each product, with the relu that is its only user, becomes one call;
  /// a relu alone stays for Strata to compile.
  LogicalResult lowerFunction(Operation *function) const override {
    auto func = cast<func::FuncOp>(function);
    SmallVector<Operation *> products;
    for (Operation &op : func.getBody().front())
      if (isAcmeMatmul(&op))
        products.push_back(&op);
    for (Operation *product : products) {
      Value result = product->getResult(0);
      Operation *relu = nullptr;
      if (result.hasOneUse() &&
          isa<strata::graph::ReluOp>(*result.getUsers().begin()))
        relu = *result.getUsers().begin();
      Operation *last = relu ? relu : product;
      OpBuilder builder(last);
      auto call = strata::graph::CallNativeOp::create(
          builder, last->getLoc(), TypeRange{result.getType()},
          builder.getStringAttr(acme::kMatmul), product->getOperands(),
          builder.getDenseI64ArrayAttr({relu ? 1 : 0}));
      last->getResult(0).replaceAllUsesWith(call.getResult(0));
      if (relu)
        relu->erase();
      product->erase();
    }
    return success();
  }
};

} // namespace

void acme::registerAcmeBackend() {
  strata::external::registerExternalBackend(std::make_unique<AcmeBackend>());
}
