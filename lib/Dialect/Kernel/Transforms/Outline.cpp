//===- Outline.cpp - Outline dispatch regions into kernels ----------------===//
//
// Every kernel.dispatch becomes a kernel.func, named after its enclosing
// function and its index there (@<func>_dispatch_<n>), inserted after that
// function, and a kernel.launch of it in place of the dispatch.
//
// The values the region captures become the kernel's arguments, in the order
// of their first use, except those the kernel can rebuild itself:
// constants (arith.constant scalars, indices and tensors; the kernel gets
// its own copy) and tensor.dim of a tensor that is already an argument with
// a constant index. The dispatch's schedule moves onto the kernel.func.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELOUTLINEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;
using namespace strata;

namespace {

/// The values `region` uses but does not define, in the order of their
/// first use in a pre-order walk (an op's operands before its body's).
static SetVector<Value> getCaptures(Region &region) {
  SetVector<Value> captured;
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!region.isAncestor(operand.getParentRegion()))
        captured.insert(operand);
  });
  return captured;
}

/// Whether a launch can pass a value of `type`: tensors, and the runtime's
/// integer registers (index, i64).
static bool isPassable(Type type) {
  return isa<TensorType>(type) || type.isIndex() || type.isInteger(64);
}

/// Whether the kernel should recompute `value` rather than receive it:
/// constants, tensor.dim with a constant index of a tensor the region
/// captures anyway, and scalars a launch cannot pass (floats, i1, narrow
/// integers) that pure arith or math ops compute (a mean's divisor from
/// runtime sizes) or that tensor.extract reads (a resize scale given at run
/// time): the kernel rebuilds them from the integers or tensors they come
/// from.
static bool isRematerializable(Value value, const SetVector<Value> &captured) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (def->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (auto dim = dyn_cast<tensor::DimOp>(def))
    return captured.contains(dim.getSource()) &&
           matchPattern(dim.getIndex(), m_Constant());
  if (isPassable(value.getType()))
    return false;
  if (isa<tensor::ExtractOp>(def))
    return true;
  return isa<arith::ArithDialect, math::MathDialect>(def->getDialect()) &&
         def->getNumRegions() == 0 && isPure(def);
}

/// Clones into the region the ops defining the captured values it can
/// recompute, until every capture is left to become an argument. Clones go
/// to the start of the region in order of first use, each after the clones
/// of the captured values it uses (a tensor.dim after its constant index
/// when the index is also captured directly).
static void rematerializeCaptures(Region &region) {
  while (true) {
    SetVector<Value> captured = getCaptures(region);
    bool changed = false;
    OpBuilder builder = OpBuilder::atBlockBegin(&region.front());
    DenseSet<Value> done;
    std::function<void(Value)> rematerialize = [&](Value value) {
      if (!done.insert(value).second)
        return;
      Operation *def = value.getDefiningOp();
      for (Value operand : def->getOperands())
        if (captured.contains(operand) && isRematerializable(operand, captured))
          rematerialize(operand);
      Operation *clone = builder.clone(*def);
      value.replaceUsesWithIf(
          clone->getResult(cast<OpResult>(value).getResultNumber()),
          [&](OpOperand &use) {
            return region.isAncestor(use.getOwner()->getParentRegion());
          });
      changed = true;
      // The host copy goes when the kernel was its only user.
      if (def->use_empty())
        def->erase();
    };
    for (Value value : captured)
      if (isRematerializable(value, captured))
        rematerialize(value);
    if (!changed)
      return;
  }
}

struct KernelOutlinePass
    : strata::kernel::impl::KernelOutlinePassBase<KernelOutlinePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbolTable(module);
    // Functions first: outlining adds kernels to the module.
    SmallVector<FunctionOpInterface> functions;
    for (auto function : module.getOps<FunctionOpInterface>())
      if (!isa<kernel::FuncOp>(function))
        functions.push_back(function);
    for (FunctionOpInterface function : functions) {
      SmallVector<kernel::DispatchOp> dispatches;
      function->walk(
          [&](kernel::DispatchOp dispatch) { dispatches.push_back(dispatch); });
      Operation *insertAfter = function;
      unsigned index = 0;
      for (kernel::DispatchOp dispatch : dispatches) {
        std::string name;
        do {
          name = (function.getName() + "_dispatch_" + Twine(index++)).str();
        } while (symbolTable.lookup(name));
        insertAfter = outline(dispatch, name, symbolTable, insertAfter);
      }
    }
  }

  /// Outlines `dispatch` into kernel @name after `insertAfter`; returns it.
  kernel::FuncOp outline(kernel::DispatchOp dispatch, StringRef name,
                         SymbolTable &symbolTable, Operation *insertAfter) {
    Region &region = dispatch.getBody();
    rematerializeCaptures(region);
    SetVector<Value> captured = getCaptures(region);

    OpBuilder builder(dispatch->getContext());
    // Integers narrower than 64 bits left (an i1 from host control flow)
    // travel as i64: widened before the launch, truncated in the kernel.
    for (Value operand : SmallVector<Value>(captured.getArrayRef())) {
      auto intType = dyn_cast<IntegerType>(operand.getType());
      if (!intType || intType.getWidth() >= 64)
        continue;
      builder.setInsertionPoint(dispatch);
      Type i64 = builder.getI64Type();
      Value wide =
          intType.getWidth() == 1
              ? arith::ExtUIOp::create(builder, operand.getLoc(), i64, operand)
                    .getResult()
              : arith::ExtSIOp::create(builder, operand.getLoc(), i64, operand)
                    .getResult();
      builder.setInsertionPointToStart(&region.front());
      Value narrow =
          arith::TruncIOp::create(builder, operand.getLoc(), intType, wide);
      operand.replaceUsesWithIf(narrow, [&](OpOperand &use) {
        return region.isAncestor(use.getOwner()->getParentRegion()) &&
               use.getOwner() != narrow.getDefiningOp();
      });
    }
    captured = getCaptures(region);
    builder.clearInsertionPoint();
    auto type =
        builder.getFunctionType(ValueRange(captured.getArrayRef()).getTypes(),
                                dispatch.getResultTypes());
    auto kernelFunc =
        kernel::FuncOp::create(builder, dispatch.getLoc(), name, type);
    kernelFunc.setPrivate();
    if (std::optional<kernel::ScheduleAttr> schedule = dispatch.getSchedule())
      kernelFunc.setScheduleAttr(*schedule);
    symbolTable.insert(kernelFunc, std::next(Block::iterator(insertAfter)));

    // The region becomes the body; captures become the entry arguments.
    Region &body = kernelFunc.getBody();
    body.takeBody(region);
    Block &entry = body.front();
    for (Value value : captured) {
      BlockArgument arg = entry.addArgument(value.getType(), value.getLoc());
      value.replaceUsesWithIf(arg, [&](OpOperand &use) {
        return kernelFunc->isAncestor(use.getOwner());
      });
    }
    auto yield = cast<kernel::YieldOp>(entry.getTerminator());
    builder.setInsertionPoint(yield);
    kernel::ReturnOp::create(builder, yield.getLoc(), yield.getValues());
    yield.erase();

    builder.setInsertionPoint(dispatch);
    auto launch = kernel::LaunchOp::create(
        builder, dispatch.getLoc(), dispatch.getResultTypes(),
        kernelFunc.getSymName(), captured.getArrayRef(),
        /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr);
    dispatch->replaceAllUsesWith(launch);
    dispatch.erase();
    return kernelFunc;
  }
};

} // namespace
