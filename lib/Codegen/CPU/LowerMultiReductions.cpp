//===- LowerMultiReductions.cpp - vector.multi_reduction on CPUs ----------===//
//
// Implements strata-cpu-lower-multi-reductions (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPULOWERMULTIREDUCTIONSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// The value that lanes masked off a float min/max reduction take: one that
/// never wins (+-inf; for maxnumf/minnumf too, which ignore NaNs anyway).
std::optional<APFloat>
getNeverWinningElement(vector::CombiningKind kind,
                       const llvm::fltSemantics &semantics) {
  switch (kind) {
  case vector::CombiningKind::MAXIMUMF:
  case vector::CombiningKind::MAXNUMF:
    return APFloat::getInf(semantics, /*Negative=*/true);
  case vector::CombiningKind::MINIMUMF:
  case vector::CombiningKind::MINNUMF:
    return APFloat::getInf(semantics, /*Negative=*/false);
  default:
    return std::nullopt;
  }
}

/// Rewrites each masked float min/max vector.reduction into an unmasked one
/// of its lanes with the masked-off ones replaced by +-inf. MLIR 22's
/// VectorToLLVM fills masked-off lanes of a maximumf reduction with the
/// smallest negative denormal (-1.4e-45 in f32), which beats every negative
/// lane: a row max over a partial tile of negative values came out -0.
void unmaskFloatMinMaxReductions(func::FuncOp func) {
  SmallVector<vector::MaskOp> masks;
  func.walk([&](vector::MaskOp mask) { masks.push_back(mask); });
  IRRewriter rewriter(func.getContext());
  for (vector::MaskOp mask : masks) {
    auto reduction =
        dyn_cast_or_null<vector::ReductionOp>(mask.getMaskableOp());
    if (!reduction || mask.hasPassthru())
      continue;
    auto floatType = dyn_cast<FloatType>(reduction.getDest().getType());
    if (!floatType)
      continue;
    std::optional<APFloat> neverWins = getNeverWinningElement(
        reduction.getKind(), floatType.getFloatSemantics());
    if (!neverWins)
      continue;
    rewriter.setInsertionPoint(mask);
    Location loc = reduction.getLoc();
    auto vectorType = cast<VectorType>(reduction.getVector().getType());
    Value fill = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(vectorType,
                               FloatAttr::get(floatType, *neverWins)));
    Value lanes = arith::SelectOp::create(rewriter, loc, mask.getMask(),
                                          reduction.getVector(), fill);
    Value result = vector::ReductionOp::create(
        rewriter, loc, reduction.getKind(), lanes, reduction.getAcc(),
        reduction.getFastmath());
    rewriter.replaceOp(mask, result);
  }
}

/// Lowers each vector.multi_reduction with the strategy that suits where its
/// reduced dims are; see Passes.td.
struct CPULowerMultiReductionsPass
    : strata::impl::CPULowerMultiReductionsPassBase<
          CPULowerMultiReductionsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> inner, outer;
    getOperation().walk([&](vector::MultiDimReductionOp op) {
      int64_t rank = op.getSourceVectorType().getRank();
      if (op.isReducedDim(rank - 1))
        inner.push_back(op);
      else
        outer.push_back(op);
    });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    for (auto [ops, strategy] :
         {std::make_pair(&inner,
                         vector::VectorMultiReductionLowering::InnerReduction),
          std::make_pair(
              &outer, vector::VectorMultiReductionLowering::InnerParallel)}) {
      if (ops->empty())
        continue;
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMultiReductionLoweringPatterns(patterns, strategy);
      if (failed(applyOpPatternsGreedily(*ops, std::move(patterns), config)))
        return signalPassFailure();
    }
    unmaskFloatMinMaxReductions(getOperation());
  }
};

} // namespace
