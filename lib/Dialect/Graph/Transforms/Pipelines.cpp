//===- Pipelines.cpp - Graph pass registration and pipelines --------------===//
//
// Registers the graph passes and the default graph-level pipeline that
// strata-compile runs (strata-graph-optimize).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace strata::graph {
#define GEN_PASS_REGISTRATION
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;

void strata::graph::buildGraphOptimizePipeline(OpPassManager &pm) {
  // Shapes first: folding and simplification need the static sizes.
  pm.addPass(createGraphInferShapesPass());
  // Before any folding (the canonicalizer's casts of small constants too),
  // which would make dequantized weights float constants.
  pm.addPass(createGraphFoldQuantizedProductsPass());
  pm.addPass(createCanonicalizerPass());
  // Before constant folding: it transposes constants of any size on their
  // raw bytes (graph-fold-constants stops at max-elements and makes dense
  // attributes of dense_resource weights).
  pm.addPass(createGraphPrepackWeightsPass());
  pm.addPass(createGraphFoldConstantsPass());
  pm.addPass(createGraphFoldBatchNormPass());
  pm.addPass(createGraphFoldConstantsPass());
  // Again for weights that folding has just made constant.
  pm.addPass(createGraphPrepackWeightsPass());
  // f16/bf16 sums in f32, after the weights are packed (the pass converts
  // constant weights itself).
  pm.addPass(createGraphWidenHalfAccumulationPass());
  // Folding may have made more sizes known.
  pm.addPass(createGraphInferShapesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

void strata::graph::registerGraphPasses() {
  registerGraphTransformsPasses();
  PassPipelineRegistration<>(
      "strata-graph-optimize",
      "The default graph-level pipeline: shape inference, quantized "
      "products on bytes, canonicalization, weight prepacking, constant and "
      "batch-norm folding, CSE, symbol DCE",
      buildGraphOptimizePipeline);
}
