//===- GraphToKernel.cpp - The convert-graph-to-kernel pass ---------------===//
//
// Applies the per-family graph lowerings with the dialect conversion driver:
// every graph op must be rewritten, and one that is not is reported.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"
#include "strata/Conversion/Passes.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
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
  populateGraphExternalToKernelPatterns(patterns);
}

/// Gives result `result` of a graph op the type `inferred` that the op
/// infers from its operands, where the declared type is static in other
/// dims, and hands its users a tensor.cast back to the declared type. The
/// lowerings build upstream ops whose verifiers relate operand and result
/// sizes (linalg.transpose of a `?` dim into a declared 2 is invalid), so
/// they see the inferred type; a declared static size that the op computes
/// from a `?` operand dim is checked at run time before the cast.
/// The checks and the cast are built at `builder`'s insertion point.
static void lowerWithInferredType(OpBuilder &builder, OpResult result,
                                  RankedTensorType inferred) {
  auto declared = cast<RankedTensorType>(result.getType());
  Operation *op = result.getOwner();
  Location loc = op->getLoc();
  result.setType(declared.clone(inferred.getShape()));
  SmallPtrSet<Operation *, 4> checks;
  for (auto [dim, size] : llvm::enumerate(declared.getShape())) {
    if (ShapedType::isDynamic(size) || !inferred.isDynamicDim(dim))
      continue;
    auto computed = tensor::DimOp::create(builder, loc, result, dim);
    checks.insert(computed);
    strata::detail::checkSizesEqual(
        builder, loc, computed.getResult(), builder.getIndexAttr(size),
        op->getName().getStringRef() + ": result #" +
            Twine(result.getResultNumber()) + " dim " + Twine(dim) +
            " computed from the operands differs from its declared size");
  }
  auto cast = tensor::CastOp::create(builder, loc, declared, result);
  checks.insert(cast);
  result.replaceAllUsesExcept(cast, checks);
}

/// lowerWithInferredType for each result of a graph op under `root` whose
/// declared type differs from the inferred one in which dims are static
/// (graph-infer-shapes refines `?` dims, but IR that did not go through it,
/// or that declares more than the op infers, reaches this pass too).
/// Returns how many results it changed.
static unsigned lowerWithInferredTypes(Operation *root) {
  unsigned changed = 0;
  SmallVector<Operation *> graphOps;
  root->walk([&](Operation *op) {
    if (isa_and_nonnull<strata::graph::GraphDialect>(op->getDialect()))
      graphOps.push_back(op);
  });
  for (Operation *op : graphOps) {
    SmallVector<Type> inferred;
    if (failed(strata::graph::inferResultTypes(op, std::nullopt, inferred)) ||
        inferred.size() != op->getNumResults())
      continue;
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    for (auto [result, type] : llvm::zip_equal(op->getResults(), inferred)) {
      auto declared = dyn_cast<RankedTensorType>(result.getType());
      auto inferredType = dyn_cast<RankedTensorType>(type);
      if (declared && inferredType &&
          declared.getShape() != inferredType.getShape() &&
          tensor::CastOp::areCastCompatible(declared, inferredType)) {
        lowerWithInferredType(builder, result, inferredType);
        ++changed;
      }
    }
  }
  return changed;
}

namespace {
/// Lowers every graph op; fails on the first one without a lowering.
struct ConvertGraphToKernelPass
    : strata::impl::ConvertGraphToKernelPassBase<ConvertGraphToKernelPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(strata::eraseUnsignedIntegers(getOperation())))
      return signalPassFailure();
    numInferredResults += lowerWithInferredTypes(getOperation());
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
