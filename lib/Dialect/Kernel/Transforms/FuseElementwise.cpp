//===- FuseElementwise.cpp - Elementwise chains as one linalg op ----------===//
//
// Implements kernel-fuse-elementwise (see Passes.td): upstream's elementwise
// op fusion, limited to single-use producers and elementwise consumers (a
// producer that loops per element only into a consumer that reads each of
// its elements once), and the addition of a broadcast bias to a product
// folded into the product's accumulator.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELFUSEELEMENTWISEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// Whether `op` is a generic whose loops are all parallel and whose maps
/// are projected permutations (no windows, no reductions).
bool isElementwiseGeneric(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && generic.getNumLoops() > 0 &&
         generic.getNumLoops() == generic.getNumParallelLoops() &&
         llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation();
         });
}

/// Whether `op`'s body holds ops with regions: the loops in which cumsum
/// and top_k walk their axis per element.
bool hasLoopsInBody(Operation *op) {
  return op->getRegion(0)
      .front()
      .walk([](Operation *nested) {
        return nested->getNumRegions() ? WalkResult::interrupt()
                                       : WalkResult::advance();
      })
      .wasInterrupted();
}

/// add(contraction(..., fill(0)), bias) -> contraction(..., broadcast(bias)):
/// a float product plus a broadcast operand (the bias of a MatMul + Add
/// export) starts its accumulator from the bias instead of zero, so the
/// add is not a pass of its own over the product (the accumulator is
/// written either way). The contraction's result must have no other use.
struct AddIntoAccumulatorInit : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp add,
                                PatternRewriter &rewriter) const override {
    if (!isElementwiseGeneric(add) || add.getNumDpsInputs() != 2 ||
        add.getNumDpsInits() != 1 ||
        !add.getIndexingMapMatchingResult(add->getResult(0)).isIdentity())
      return rewriter.notifyMatchFailure(add, "not an elementwise binary op");
    Block &body = add.getRegion().front();
    auto addf = dyn_cast<arith::AddFOp>(body.front());
    auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
    if (!addf || &body.front() != body.getTerminator()->getPrevNode() ||
        !yield || yield.getValues().front() != addf.getResult())
      return rewriter.notifyMatchFailure(add, "body is not one addf");
    // Which input is the product (read whole) and which the bias.
    for (unsigned productIndex : {0u, 1u}) {
      OpOperand *product = add.getDpsInputOperand(productIndex);
      OpOperand *bias = add.getDpsInputOperand(1 - productIndex);
      auto contraction = product->get().getDefiningOp<linalg::LinalgOp>();
      if (!contraction || !linalg::isaContractionOpInterface(contraction) ||
          !product->get().hasOneUse() ||
          !add.getMatchingIndexingMap(product).isIdentity() ||
          contraction.getNumDpsInits() != 1)
        continue;
      // The block arguments must be the two inputs, in either order.
      Value lhs = addf.getLhs(), rhs = addf.getRhs();
      Value productArg = body.getArgument(productIndex);
      Value biasArg = body.getArgument(1 - productIndex);
      if (!((lhs == productArg && rhs == biasArg) ||
            (lhs == biasArg && rhs == productArg)))
        continue;
      auto fill =
          contraction.getDpsInits().front().getDefiningOp<linalg::FillOp>();
      if (!fill || !matchPattern(fill.getInputs().front(), m_AnyZeroFloat()) ||
          !fill->hasOneUse())
        continue;
      // The bias must be available before the contraction.
      Operation *biasDef = bias->get().getDefiningOp();
      if (biasDef && (biasDef->getBlock() != contraction->getBlock() ||
                      !biasDef->isBeforeInBlock(contraction)))
        continue;
      // The broadcast of the bias into the accumulator, over the output's
      // dims (the add's loops).
      rewriter.setInsertionPoint(contraction);
      Value empty = fill.getOutputs().front();
      MLIRContext *ctx = getContext();
      unsigned rank = add.getNumLoops();
      auto init = linalg::GenericOp::create(
          rewriter, add.getLoc(), empty.getType(), bias->get(), empty,
          ArrayRef<AffineMap>{add.getMatchingIndexingMap(bias),
                              AffineMap::getMultiDimIdentityMap(rank, ctx)},
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [](OpBuilder &b, Location loc, ValueRange args) {
            linalg::YieldOp::create(b, loc, args[0]);
          });
      rewriter.modifyOpInPlace(contraction, [&] {
        contraction.getDpsInitsMutable()[0].assign(init.getResult(0));
      });
      rewriter.replaceOp(add, contraction->getResult(0));
      rewriter.eraseOp(fill);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "not a product plus a bias");
  }
};

struct KernelFuseElementwisePass
    : strata::kernel::impl::KernelFuseElementwisePassBase<
          KernelFuseElementwisePass> {
  void runOnOperation() override {
    linalg::ControlFusionFn control = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      if (!isElementwiseGeneric(producer) || !producer->hasOneUse() ||
          !isElementwiseGeneric(fused->getOwner()))
        return false;
      // A producer that loops per element (cumsum, top_k) must not be
      // recomputed for every element of a consumer that broadcasts it:
      // fusing cumsum [n] into a [k, n] comparison made it O(k * n^2).
      auto consumer = cast<linalg::GenericOp>(fused->getOwner());
      return !hasLoopsInBody(producer) ||
             consumer.getMatchingIndexingMap(fused).isPermutation();
    };
    RewritePatternSet patterns(&getContext());
    // Biases into accumulators first (with higher benefit): merged into
    // the following activation first, the add would no longer match.
    patterns.add<AddIntoAccumulatorInit>(&getContext(), /*benefit=*/2);
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
