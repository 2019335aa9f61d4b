//===- FoldConstants.cpp - Evaluate graph ops on constants ----------------===//
//
// graph-fold-constants: replaces graph ops whose operands are all constants
// by the constant the reference evaluator computes, so that the whole
// constant part of a model (weight transposes, batch-norm folding, shape
// computations) disappears before code generation.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHFOLDCONSTANTSPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

namespace {
/// Evaluates any graph op (but graph.constant) whose operands are all
/// constant elements and whose results (and splat operands) are static and
/// at most `maxElements` elements each.
struct EvaluateConstantOp : RewritePattern {
  EvaluateConstantOp(MLIRContext *context, int64_t maxElements)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        maxElements(maxElements) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<GraphDialect>(op->getDialect()) ||
        isa<ConstantOp>(op) || op->getNumResults() == 0)
      return rewriter.notifyMatchFailure(op, "not a foldable graph op");
    for (Type type : op->getResultTypes()) {
      auto tensorType = dyn_cast<RankedTensorType>(type);
      if (!tensorType || !tensorType.hasStaticShape() ||
          tensorType.getNumElements() > maxElements)
        return rewriter.notifyMatchFailure(op, "result too large or dynamic");
    }
    SmallVector<EvalTensor> operands;
    for (Value operand : op->getOperands()) {
      ElementsAttr attr;
      if (!matchPattern(operand, m_Constant(&attr)))
        return rewriter.notifyMatchFailure(op, "operand is not a constant");
      // The evaluator expands a splat into every element: a huge splat
      // operand (whose result may be small, as in a sum) would exhaust
      // memory. Such ops stay for run time; their folders keep splats
      // splats. (Other constants already hold all their elements.)
      if (attr.isSplat() && attr.getNumElements() > maxElements)
        return rewriter.notifyMatchFailure(op, "splat operand too large");
      FailureOr<EvalTensor> tensor = EvalTensor::fromAttr(attr);
      if (failed(tensor))
        return rewriter.notifyMatchFailure(op, "unreadable constant");
      operands.push_back(std::move(*tensor));
    }
    SmallVector<EvalTensor> results;
    std::string whyNot;
    if (failed(evaluateOp(op, operands, results, &whyNot)))
      return rewriter.notifyMatchFailure(op, whyNot);
    SmallVector<Value> replacements;
    for (const EvalTensor &result : results)
      replacements.push_back(
          ConstantOp::create(rewriter, op->getLoc(), result.toAttr()));
    rewriter.replaceOp(op, replacements);
    return success();
  }

  int64_t maxElements;
};

/// Replaces a side-effect-free graph op whose results all have static shapes
/// with no elements by empty constants, whatever its operands: an empty
/// tensor has one value. Code generation then never meets zero-size
/// slices (upstream's slice verifiers reject a constant offset 0 into a
/// dim of size 0).
struct EmptyResultsToConstants : RewritePattern {
  explicit EmptyResultsToConstants(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<GraphDialect>(op->getDialect()) ||
        isa<ConstantOp>(op) || op->getNumResults() == 0 ||
        !isMemoryEffectFree(op))
      return rewriter.notifyMatchFailure(op, "not a pure graph op");
    SmallVector<Value> replacements;
    for (Type type : op->getResultTypes()) {
      auto tensorType = dyn_cast<RankedTensorType>(type);
      if (!tensorType || !tensorType.hasStaticShape() ||
          tensorType.getNumElements() != 0)
        return rewriter.notifyMatchFailure(op, "a result is not empty");
      replacements.push_back(ConstantOp::create(
          rewriter, op->getLoc(),
          DenseElementsAttr::get(tensorType, ArrayRef<Attribute>())));
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// The pass: the evaluation pattern plus the ops' own folders, to a fixpoint.
struct GraphFoldConstantsPass
    : strata::graph::impl::GraphFoldConstantsPassBase<GraphFoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<EvaluateConstantOp>(&getContext(), maxElements);
    patterns.add<EmptyResultsToConstants>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
