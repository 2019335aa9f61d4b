//===- InferShapes.cpp - (being written) ----------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHINFERSHAPESPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

namespace {
struct GraphInferShapesPass
    : strata::graph::impl::GraphInferShapesPassBase<GraphInferShapesPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
