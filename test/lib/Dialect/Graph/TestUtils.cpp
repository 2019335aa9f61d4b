//===- TestUtils.cpp - Inputs and interpretation for test passes ----------===//

#include "TestUtils.h"

#include "strata/Dialect/Graph/IR/GraphOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace strata::graph;

EvalTensor strata::test::InputGenerator::make(RankedTensorType type) {
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

uint64_t strata::test::InputGenerator::next() {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return state;
}

/// Returns `op` when its result types are static, else a copy (recorded in
/// `scratch`) whose operands are constants holding `operands` and whose
/// result types are inferred from them: the reference form keeps the `?`
/// dims that only the values of shape computations determine.
static FailureOr<Operation *>
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

FailureOr<SmallVector<EvalTensor>>
strata::test::interpret(func::FuncOp func, ArrayRef<EvalTensor> inputs) {
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
    if (auto call = dyn_cast<func::CallOp>(op)) {
      // Interpret the callee on the call's operands.
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal())
        return op.emitError("the oracle interprets calls of defined functions");
      SmallVector<EvalTensor> arguments;
      for (Value operand : call.getOperands())
        arguments.push_back(values.lookup(operand));
      FailureOr<SmallVector<EvalTensor>> results = interpret(callee, arguments);
      if (failed(results))
        return failure();
      for (auto [result, value] : llvm::zip_equal(call.getResults(), *results))
        values[result] = std::move(value);
      continue;
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
    llvm::scope_exit cleanup([&] {
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
