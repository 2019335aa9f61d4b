//===- ExpandSwish.cpp - downstream.swish to graph ops --------------------===//
//
// Shows a downstream pass reusing Strata: it builds graph ops and runs the
// graph dialect's canonicalization patterns in the same greedy driver.
//
//===----------------------------------------------------------------------===//

#include "Downstream/Downstream.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Patterns.h"

namespace downstream {
#define GEN_PASS_DEF_EXPANDSWISHPASS
#include "Downstream/Passes.h.inc"
} // namespace downstream

using namespace mlir;

namespace {
/// swish(x) = x * sigmoid(x), in graph ops.
struct ExpandSwish : OpRewritePattern<downstream::SwishOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(downstream::SwishOp op,
                                PatternRewriter &rewriter) const override {
    Value sigmoid = strata::graph::SigmoidOp::create(rewriter, op.getLoc(),
                                                     op.getInput());
    rewriter.replaceOpWithNewOp<strata::graph::MulOp>(op, op.getInput(),
                                                      sigmoid);
    return success();
  }
};

struct ExpandSwishPass
    : downstream::impl::ExpandSwishPassBase<ExpandSwishPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandSwish>(&getContext());
    strata::graph::populateGraphCanonicalizationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
