//===- FuseElementwise.cpp - Elementwise chains as one linalg op ----------===//
//
// Implements kernel-fuse-elementwise (see Passes.td): upstream's elementwise
// op fusion, limited to single-use producers and elementwise consumers.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELFUSEELEMENTWISEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// Whether `op` is a generic whose loops are all parallel and whose maps
/// are projected permutations (no windows, no reductions).
bool isElementwise(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && generic.getNumLoops() > 0 &&
         generic.getNumLoops() == generic.getNumParallelLoops() &&
         llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation();
         });
}

struct KernelFuseElementwisePass
    : strata::kernel::impl::KernelFuseElementwisePassBase<
          KernelFuseElementwisePass> {
  void runOnOperation() override {
    linalg::ControlFusionFn control = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return isElementwise(producer) && producer->hasOneUse() &&
             isElementwise(fused->getOwner());
    };
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
