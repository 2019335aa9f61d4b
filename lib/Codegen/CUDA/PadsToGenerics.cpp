//===- PadsToGenerics.cpp - Padding as predicated loads -------------------===//
//
// Implements strata-cuda-pads-to-generics (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CUDAPADSTOGENERICSPASS
#include "strata/Codegen/CUDA/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// tensor.pad with a padding value defined outside it -> linalg.generic
/// over the padded shape reading the source where the index is inside it.
struct PadToGeneric : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::PadOp pad,
                                PatternRewriter &rewriter) const override {
    Value padding = pad.getConstantPaddingValue();
    if (!padding)
      return rewriter.notifyMatchFailure(pad, "padding depends on the index");
    Location loc = pad.getLoc();
    RankedTensorType resultType = pad.getResultType();
    ReifiedRankedShapedTypeDims shapes;
    if (failed(reifyResultShapes(rewriter, pad, shapes)))
      return rewriter.notifyMatchFailure(pad, "cannot reify the result shape");
    Value empty = tensor::EmptyOp::create(rewriter, loc, shapes.front(),
                                          resultType.getElementType());
    int64_t rank = resultType.getRank();
    SmallVector<Value> lows;
    for (OpFoldResult low : pad.getMixedLowPad())
      lows.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, low));
    SmallVector<Value> sourceSizes;
    for (int64_t d = 0; d < rank; ++d)
      sourceSizes.push_back(
          tensor::DimOp::create(rewriter, loc, pad.getSource(), d));
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value source = pad.getSource();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange(), ValueRange{empty}, maps,
        iterators, [&](OpBuilder &builder, Location loc, ValueRange) {
          Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
          Value inside;
          SmallVector<Value> indices;
          for (int64_t d = 0; d < rank; ++d) {
            Value index = linalg::IndexOp::create(builder, loc, d);
            Value shifted = arith::SubIOp::create(builder, loc, index, lows[d]);
            indices.push_back(shifted);
            Value above = arith::CmpIOp::create(
                builder, loc, arith::CmpIPredicate::sge, shifted, zero);
            Value below =
                arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                      shifted, sourceSizes[d]);
            Value both = arith::AndIOp::create(builder, loc, above, below);
            inside = inside ? arith::AndIOp::create(builder, loc, inside, both)
                                  .getResult()
                            : both;
          }
          Type elementType = resultType.getElementType();
          Value value;
          if (!inside) {
            value =
                tensor::ExtractOp::create(builder, loc, source, ValueRange());
          } else {
            auto ifOp =
                scf::IfOp::create(builder, loc, TypeRange{elementType}, inside,
                                  /*withElseRegion=*/true);
            OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
            Value read =
                tensor::ExtractOp::create(thenBuilder, loc, source, indices);
            scf::YieldOp::create(thenBuilder, loc, read);
            OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
            scf::YieldOp::create(elseBuilder, loc, padding);
            value = ifOp.getResult(0);
          }
          linalg::YieldOp::create(builder, loc, value);
        });
    rewriter.replaceOp(pad, generic.getResults());
    return success();
  }
};

struct CUDAPadsToGenericsPass
    : strata::impl::CUDAPadsToGenericsPassBase<CUDAPadsToGenericsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PadToGeneric>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
