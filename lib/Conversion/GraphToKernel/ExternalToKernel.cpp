//===- ExternalToKernel.cpp - Lower calls of external libraries -----------===//
//
// graph.call_native -> kernel.call_native: the call stays a call, now of the
// host program on tensors, which convert-kernel-to-device puts on buffers.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "mlir/IR/PatternMatch.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

using namespace mlir;
using namespace strata;

namespace {
struct CallNativeToKernel : OpRewritePattern<graph::CallNativeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(graph::CallNativeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<kernel::CallNativeOp>(
        op, op.getResultTypes(), op.getCalleeAttr(), op.getArgs(),
        op.getParamsAttr());
    return success();
  }
};
} // namespace

void strata::populateGraphExternalToKernelPatterns(
    RewritePatternSet &patterns) {
  patterns.add<CallNativeToKernel>(patterns.getContext());
}
