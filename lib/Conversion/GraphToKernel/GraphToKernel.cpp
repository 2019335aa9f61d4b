//===- GraphToKernel.cpp - The convert-graph-to-kernel pass ---------------===//
//
// Applies the per-family graph lowerings with the dialect conversion driver:
// every graph op must be rewritten, and one that is not is reported.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"
#include "strata/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

namespace strata {
#define GEN_PASS_DEF_CONVERTGRAPHTOKERNELPASS
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

using namespace mlir;

void strata::populateGraphToKernelPatterns(RewritePatternSet &patterns) {
  populateGraphElementwiseToLinalgPatterns(patterns);
  populateGraphReductionToLinalgPatterns(patterns);
  populateGraphNNToLinalgPatterns(patterns);
  populateGraphShapeToTensorPatterns(patterns);
  populateGraphIndexingToTensorPatterns(patterns);
  populateGraphGatherScatterToLinalgPatterns(patterns);
  populateGraphImageToLinalgPatterns(patterns);
}

namespace {
/// Lowers every graph op; fails on the first one without a lowering.
struct ConvertGraphToKernelPass
    : strata::impl::ConvertGraphToKernelPassBase<ConvertGraphToKernelPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(strata::eraseUnsignedIntegers(getOperation())))
      return signalPassFailure();
    ConversionTarget target(*context);
    target.addIllegalDialect<strata::graph::GraphDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(context);
    strata::populateGraphToKernelPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
