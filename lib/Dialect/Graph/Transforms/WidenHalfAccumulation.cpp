//===- WidenHalfAccumulation.cpp - f16/bf16 sums computed in f32 ----------===//
//
// graph-widen-half-accumulation: a matmul, convolution, sum, mean, average
// pool, cumsum, layer_norm or softmax on f16/bf16 adds up many terms, and
// accumulating them in the element type loses the result (in f16 a sum of
// 4096 ones stops at 2048). onnxruntime's CPU kernels and the reference
// evaluator accumulate wider; so does Strata now: such an op computes in
// f32 between a graph.cast of each half-precision operand and a graph.cast
// of each result back, which rounds once. (The f32 kernels are also the
// vectorized ones: the CPU code generator keeps f16/bf16 arithmetic scalar.)
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace strata::graph {
#define GEN_PASS_DEF_GRAPHWIDENHALFACCUMULATIONPASS
#include "strata/Dialect/Graph/Transforms/Passes.h.inc"
} // namespace strata::graph

using namespace mlir;
using namespace strata::graph;

/// `type` with f32 elements when it is a ranked tensor of f16 or bf16; null
/// otherwise.
static RankedTensorType getWidenedType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType ||
      !isa<Float16Type, BFloat16Type>(tensorType.getElementType()))
    return {};
  return tensorType.clone(Float32Type::get(type.getContext()));
}

/// Whether `op` sums many terms into each result element.
static bool accumulates(Operation *op) {
  return isa<MatmulOp, LinearOp, Conv2DOp, Conv3DOp, ConvTranspose2DOp,
             ConvTranspose3DOp, ReduceSumOp, ReduceMeanOp, AvgPool2DOp,
             AvgPool3DOp, GlobalAvgPoolOp, CumSumOp, LayerNormOp, SoftmaxOp,
             LogSoftmaxOp>(op);
}

/// Recreates `op` on f32: casts its f16/bf16 operands up, clones it with
/// f32 results and casts those back to the original types.
static void widen(Operation *op) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    RankedTensorType widened = getWidenedType(operand.getType());
    operands.push_back(
        widened ? CastOp::create(builder, loc, widened, operand).getResult()
                : operand);
  }
  Operation *wide = builder.clone(*op);
  wide->setOperands(operands);
  for (OpResult result : wide->getResults())
    if (RankedTensorType widened = getWidenedType(result.getType()))
      result.setType(widened);
  for (auto [oldResult, newResult] :
       llvm::zip_equal(op->getResults(), wide->getResults())) {
    Value replacement = newResult;
    if (newResult.getType() != oldResult.getType())
      replacement =
          CastOp::create(builder, loc, oldResult.getType(), newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
}

namespace {
/// Computes the accumulating ops on f16/bf16 in f32; see Passes.td.
struct GraphWidenHalfAccumulationPass
    : strata::graph::impl::GraphWidenHalfAccumulationPassBase<
          GraphWidenHalfAccumulationPass> {
  void runOnOperation() override {
    SmallVector<Operation *> targets;
    getOperation()->walk([&](Operation *op) {
      if (accumulates(op) && llvm::any_of(op->getResultTypes(), [](Type type) {
            return getWidenedType(type);
          }))
        targets.push_back(op);
    });
    for (Operation *op : targets)
      widen(op);
  }
};
} // namespace
