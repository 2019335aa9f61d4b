//===- ApproximateVectorMath.cpp - Polynomial vector math -----------------===//
//
// Implements strata-cpu-approximate-vector-math (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPUAPPROXIMATEVECTORMATHPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Vector math through polynomials instead of per-lane libm calls; see
/// Passes.td.
struct CPUApproximateVectorMathPass
    : strata::impl::CPUApproximateVectorMathPassBase<
          CPUApproximateVectorMathPass> {
  void runOnOperation() override {
    static constexpr llvm::StringLiteral kApproximated[] = {
        "exp", "erf", "tanh", "log", "log1p", "expm1"};
    SmallVector<Operation *> targets;
    getOperation().walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          op->getNumResults() != 1 ||
          !isa<VectorType>(op->getResult(0).getType()))
        return;
      if (llvm::is_contained(kApproximated, op->getName().stripDialect()))
        targets.push_back(op);
    });
    if (targets.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      // Names come with the dialect prefix ("math.erf").
      return name.consume_front("math.") &&
             llvm::is_contained(kApproximated, name);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(targets, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
