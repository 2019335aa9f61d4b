//===- TestGraphComparePipeline.cpp - Numeric oracle of graph passes ------===//
//
// Runs a pipeline on a copy of each public function and checks with the
// reference evaluator that the copy computes the same values as the
// original on pseudo-random inputs.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"
#include "strata/Dialect/Graph/Evaluator/Evaluator.h"
#include "strata/Dialect/Graph/IR/GraphOps.h"
#include "strata/Dialect/Graph/IR/GraphUtils.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include <cmath>

namespace strata::test {
#define GEN_PASS_DECL_TESTGRAPHCOMPAREPIPELINEPASS
#define GEN_PASS_DEF_TESTGRAPHCOMPAREPIPELINEPASS
#include "TestPasses.h.inc"
} // namespace strata::test

using namespace mlir;
using namespace strata::graph;

namespace {

/// The numeric oracle: see TestPasses.td.
struct TestGraphComparePipelinePass
    : strata::test::impl::TestGraphComparePipelinePassBase<
          TestGraphComparePipelinePass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    // An unparsable pipeline is reported in runOnOperation.
    if (succeeded(parsePassPipeline(pipeline, pm, llvm::nulls())))
      pm.getDependentDialects(registry);
    registry.insert<GraphDialect, tensor::TensorDialect>();
  }

  /// Clones `func` alone into a new module nested in the pass's module (so
  /// that runPipeline may run on it) and runs `pm` there, then makes all
  /// types static with graph-infer-shapes.
  FailureOr<ModuleOp> prepare(func::FuncOp func, OpPassManager &pm) {
    ModuleOp module = getOperation();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto nested = ModuleOp::create(builder, func.getLoc());
    builder.setInsertionPointToStart(nested.getBody());
    builder.clone(*func.getOperation());
    if (failed(runPipeline(pm, nested))) {
      nested.erase();
      return failure();
    }
    OpPassManager infer(ModuleOp::getOperationName());
    infer.addPass(createGraphInferShapesPass());
    if (failed(runPipeline(infer, nested))) {
      nested.erase();
      return failure();
    }
    return nested;
  }

  LogicalResult compare(func::FuncOp func) {
    OpPassManager optimize(ModuleOp::getOperationName());
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    if (failed(parsePassPipeline(pipeline, optimize, errorStream)))
      return func.emitError("cannot parse pipeline '")
             << pipeline << "': " << errors;
    OpPassManager identity(ModuleOp::getOperationName());
    FailureOr<ModuleOp> reference = prepare(func, identity);
    if (failed(reference))
      return failure();
    FailureOr<ModuleOp> optimized = prepare(func, optimize);
    if (failed(optimized)) {
      reference->erase();
      return failure();
    }
    llvm::scope_exit cleanup([&] {
      reference->erase();
      optimized->erase();
    });
    auto referenceFunc = cast<func::FuncOp>(reference->getBody()->front());
    auto optimizedFunc = cast<func::FuncOp>(optimized->getBody()->front());

    strata::test::InputGenerator generator(seed);
    SmallVector<EvalTensor> inputs;
    for (Type type : func.getArgumentTypes())
      inputs.push_back(generator.make(cast<RankedTensorType>(type)));
    FailureOr<SmallVector<EvalTensor>> expected =
        strata::test::interpret(referenceFunc, inputs);
    if (failed(expected))
      return failure();
    FailureOr<SmallVector<EvalTensor>> actual =
        strata::test::interpret(optimizedFunc, inputs);
    if (failed(actual))
      return failure();

    double maxDiff = 0.0;
    for (auto [index, pair] :
         llvm::enumerate(llvm::zip_equal(*expected, *actual))) {
      auto &[want, got] = pair;
      if (want.getShape() != got.getShape())
        return func.emitError("result #")
               << index << " has shape " << formatShape(got.getShape())
               << " after the pipeline, " << formatShape(want.getShape())
               << " before";
      for (int64_t i = 0; i < want.getNumElements(); ++i) {
        double a = want.getFloat(i), b = got.getFloat(i);
        if (std::isnan(a) && std::isnan(b))
          continue;
        double diff = std::fabs(a - b);
        if (!(diff <= tolerance * std::max(1.0, std::fabs(a))))
          return func.emitError("result #")
                 << index << " element " << i << " is " << b
                 << " after the pipeline, " << a << " before";
        maxDiff = std::max(maxDiff, diff);
      }
    }
    func.emitRemark("pipeline preserves @")
        << func.getSymName() << ": " << expected->size()
        << " result(s) match, max abs diff " << maxDiff;
    return success();
  }

  void runOnOperation() override {
    SmallVector<func::FuncOp> funcs;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isPublic() && !func.isExternal() &&
          llvm::all_of(func.getArgumentTypes(), [](Type type) {
            auto tensorType = dyn_cast<RankedTensorType>(type);
            return tensorType && tensorType.hasStaticShape();
          }))
        funcs.push_back(func);
    }
    for (func::FuncOp func : funcs)
      if (failed(compare(func)))
        return signalPassFailure();
  }
};
} // namespace
