//===- ConvertLayout.cpp - (being written)
//----------------------------------===//

#include "strata/Dialect/Graph/Transforms/Passes.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHCONVERTLAYOUTPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

namespace {
struct GraphConvertLayoutPass
    : strata::graph::impl::GraphConvertLayoutPassBase<GraphConvertLayoutPass> {
  using Base::Base;
  void runOnOperation() override {}
};
} // namespace
