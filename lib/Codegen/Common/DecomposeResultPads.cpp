//===- DecomposeResultPads.cpp - Padded results written in place ----------===//
//
// Implements strata-decompose-result-pads (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_DECOMPOSERESULTPADSPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Decomposes the tensor.pad ops whose result only reaches the function's
/// result; see Passes.td.
struct DecomposeResultPadsPass
    : strata::impl::DecomposeResultPadsPassBase<DecomposeResultPadsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> pads;
    getOperation().walk([&](tensor::PadOp pad) {
      if (!pad.getResult().use_empty() &&
          llvm::all_of(pad.getResult().getUsers(), [](Operation *user) {
            return isa<bufferization::MaterializeInDestinationOp,
                       func::ReturnOp>(user);
          }))
        pads.push_back(pad);
    });
    if (pads.empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<linalg::DecomposePadOpPattern>(&getContext());
    if (failed(applyOpPatternsGreedily(pads, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
