//===- TestGraphComparePipeline.cpp - Numeric oracle of graph passes ------===//
//
// Runs a pipeline on a copy of each public function and checks with the
// reference evaluator that the copy computes the same values as the
// original on pseudo-random inputs.
//
//===----------------------------------------------------------------------===//

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

/// A small deterministic generator (64-bit LCG), so the inputs are the same
/// on every machine and standard library.
class InputGenerator {
public:
  explicit InputGenerator(unsigned seed) : state(seed * 2654435761u + 1) {}

  EvalTensor make(RankedTensorType type) {
    EvalTensor tensor(type);
    Type elementType = type.getElementType();
    for (int64_t index = 0; index < tensor.getNumElements(); ++index) {
      uint64_t bits = next();
      if (isa<FloatType>(elementType))
        tensor.setFloat(index,
                        static_cast<double>(bits >> 11) * 0x1p-53 * 2.0 - 1.0);
      else if (elementType.isInteger(1))
        tensor.setInt(index, static_cast<int64_t>(bits >> 63));
      else
        tensor.setInt(index, static_cast<int64_t>(bits >> 62)); // 0..3
    }
    return tensor;
  }

private:
  uint64_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state;
  }
  uint64_t state;
};

/// Returns `op` when its result types are static, else a copy (recorded in
/// `scratch`) whose operands are constants holding `operands` and whose
/// result types are inferred from them: the reference form keeps the `?`
/// dims that only the values of shape computations determine.
FailureOr<Operation *>
getStaticallyTypedOp(Operation &op, ArrayRef<EvalTensor> operands,
                     SmallVectorImpl<Operation *> &scratch) {
  auto isStatic = [](Type type) {
    auto tensorType = dyn_cast<RankedTensorType>(type);
    return tensorType && tensorType.hasStaticShape();
  };
  if (llvm::all_of(op.getResultTypes(), isStatic))
    return &op;
  OpBuilder builder(&op);
  IRMapping mapping;
  for (auto [operand, value] : llvm::zip_equal(op.getOperands(), operands)) {
    auto constant = ConstantOp::create(builder, op.getLoc(), value.toAttr());
    scratch.push_back(constant);
    mapping.map(operand, constant.getResult());
  }
  Operation *clone = builder.clone(op, mapping);
  scratch.push_back(clone);
  SmallVector<Type> types;
  if (auto cast = dyn_cast<CastOp>(clone)) {
    // A cast keeps its input's shape.
    types.push_back(RankedTensorType::get(cast.getInput().getType().getShape(),
                                          cast.getType().getElementType()));
  } else if (auto infer = dyn_cast<InferTypeOpInterface>(clone)) {
    if (failed(infer.inferReturnTypes(
            clone->getContext(), clone->getLoc(), clone->getOperands(),
            clone->getRawDictionaryAttrs(), clone->getPropertiesStorage(),
            clone->getRegions(), types)))
      return op.emitError("the oracle cannot infer this op's result types");
  }
  if (types.size() != clone->getNumResults() || !llvm::all_of(types, isStatic))
    return op.emitError("the oracle cannot make this op's result types static");
  for (auto [result, type] : llvm::zip_equal(clone->getResults(), types))
    result.setType(type);
  return clone;
}

/// Interprets `func` on `inputs` with the reference evaluator. The body must
/// be one block of graph ops, tensor.cast and func.return, with static types.
FailureOr<SmallVector<EvalTensor>> interpret(func::FuncOp func,
                                             ArrayRef<EvalTensor> inputs) {
  if (!func.getBody().hasOneBlock())
    return func.emitError("the oracle interprets single-block functions");
  DenseMap<Value, EvalTensor> values;
  for (auto [argument, input] : llvm::zip_equal(func.getArguments(), inputs))
    values[argument] = input;
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<EvalTensor> results;
      for (Value operand : ret.getOperands())
        results.push_back(values.lookup(operand));
      return results;
    }
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      values[cast.getResult()] = values.lookup(cast.getSource());
      continue;
    }
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      FailureOr<EvalTensor> tensor = EvalTensor::fromAttr(constant.getValue());
      if (failed(tensor))
        return op.emitError("the oracle cannot read this constant");
      values[constant.getResult()] = *tensor;
      continue;
    }
    SmallVector<EvalTensor> operands;
    for (Value operand : op.getOperands())
      operands.push_back(values.lookup(operand));
    SmallVector<Operation *> scratch;
    auto cleanup = llvm::make_scope_exit([&] {
      for (Operation *dead : llvm::reverse(scratch))
        dead->erase();
    });
    FailureOr<Operation *> evaluated =
        getStaticallyTypedOp(op, operands, scratch);
    if (failed(evaluated))
      return failure();
    SmallVector<EvalTensor> results;
    std::string whyNot;
    if (failed(evaluateOp(*evaluated, operands, results, &whyNot)))
      return op.emitError("the oracle cannot evaluate this op: ") << whyNot;
    for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
      values[result] = std::move(value);
  }
  return func.emitError("function has no return");
}

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
    auto cleanup = llvm::make_scope_exit([&] {
      reference->erase();
      optimized->erase();
    });
    auto referenceFunc = cast<func::FuncOp>(reference->getBody()->front());
    auto optimizedFunc = cast<func::FuncOp>(optimized->getBody()->front());

    InputGenerator generator(seed);
    SmallVector<EvalTensor> inputs;
    for (Type type : func.getArgumentTypes())
      inputs.push_back(generator.make(cast<RankedTensorType>(type)));
    FailureOr<SmallVector<EvalTensor>> expected =
        interpret(referenceFunc, inputs);
    if (failed(expected))
      return failure();
    FailureOr<SmallVector<EvalTensor>> actual =
        interpret(optimizedFunc, inputs);
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
