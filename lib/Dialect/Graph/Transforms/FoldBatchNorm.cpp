//===- FoldBatchNorm.cpp - (being written)
//----------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHFOLDBATCHNORMPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

namespace {
struct GraphFoldBatchNormPass
    : strata::graph::impl::GraphFoldBatchNormPassBase<GraphFoldBatchNormPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
