//===- KernelToDPS.cpp - Kernels as destination-passing functions ---------===//
//
// Implements convert-kernel-to-dps-func (see Conversion/Passes.td): the
// runtime calls a kernel with buffers it allocated itself, inputs and outputs
// alike (destination-passing style), so each kernel.func becomes a func.func
// on memrefs whose results are materialized in output arguments. One-shot
// bufferization then computes the results in place in those buffers
// (tensor.empty destinations are replaced by the output argument), so a
// kernel writes its outputs exactly once and allocates nothing for them.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/KernelABI.h"
#include "strata/Codegen/Common/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace strata {
#define GEN_PASS_DEF_CONVERTKERNELTODPSFUNCPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

/// The buffer type of a kernel's tensor argument or result: same shape and
/// element type, identity layout (what the runtime's descriptors describe).
static Type getBufferType(Type type) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(tensorType.getShape(),
                           tensorType.getElementType());
  return type;
}

/// Replaces `kernelFunc` by its destination-passing func.func; fails (with
/// an error at the kernel) on argument types the runtime cannot pass.
static LogicalResult convertKernel(kernel::FuncOp kernelFunc) {
  if (kernelFunc.isExternal())
    return kernelFunc.emitError("kernel without a body cannot be compiled");
  FunctionType type = kernelFunc.getFunctionType();
  SmallVector<Type> argTypes;
  for (Type input : type.getInputs()) {
    if (!isa<RankedTensorType, IndexType, IntegerType>(input))
      return kernelFunc.emitError()
             << "kernel argument of type " << input
             << " cannot be passed by the runtime (ranked tensors and "
                "integer scalars only)";
    if (auto intType = dyn_cast<IntegerType>(input);
        intType && intType.getWidth() != 64)
      return kernelFunc.emitError()
             << "kernel scalar argument of type " << input
             << " cannot be passed by the runtime (index or i64 only)";
    argTypes.push_back(getBufferType(input));
  }
  for (Type result : type.getResults()) {
    if (!isa<RankedTensorType>(result))
      return kernelFunc.emitError() << "kernel result of type " << result
                                    << " is not a ranked tensor";
    argTypes.push_back(getBufferType(result));
  }
  // The range of tiles this call computes (see KernelEntry in
  // Runtime/Bytecode.h); used by distributed kernels only.
  IndexType indexType = IndexType::get(kernelFunc.getContext());
  argTypes.push_back(indexType);
  argTypes.push_back(indexType);

  OpBuilder builder(kernelFunc);
  Location loc = kernelFunc.getLoc();
  auto func = func::FuncOp::create(builder, loc, kernelFunc.getSymName(),
                                   builder.getFunctionType(argTypes, {}));
  if (std::optional<kernel::ScheduleAttr> schedule = kernelFunc.getSchedule())
    kernel::setSchedule(func, *schedule);
  for (NamedAttribute attr : kernelFunc->getDiscardableAttrs())
    func->setAttr(attr.getName(), attr.getValue());
  func->setAttr(kKernelABIAttrName,
                builder.getI64IntegerAttr(type.getNumResults()));
  func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                builder.getUnitAttr());

  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  Region &body = kernelFunc.getBody();
  Block &oldEntry = body.front();
  // Inputs are read through tensors over the argument buffers: `restrict`
  // promises bufferization that nothing else writes them.
  for (auto [index, oldArg] : llvm::enumerate(oldEntry.getArguments())) {
    Value newArg = entry->getArgument(index);
    if (isa<RankedTensorType>(oldArg.getType()))
      newArg = bufferization::ToTensorOp::create(
          builder, loc, oldArg.getType(), newArg, builder.getUnitAttr());
    oldArg.replaceAllUsesWith(newArg);
  }
  // Move the body after the new entry's prologue.
  Block *prologue = entry;
  func.getBody().getBlocks().splice(func.getBody().end(), body.getBlocks());
  Block *oldEntryBlock = &*std::next(func.getBody().begin());
  prologue->getOperations().splice(prologue->end(),
                                   oldEntryBlock->getOperations());
  oldEntryBlock->dropAllUses();
  oldEntryBlock->erase();

  unsigned firstOutput = type.getNumInputs();
  SmallVector<kernel::ReturnOp> returns;
  func.walk([&](kernel::ReturnOp ret) { returns.push_back(ret); });
  for (kernel::ReturnOp ret : returns) {
    OpBuilder retBuilder(ret);
    for (auto [index, value] : llvm::enumerate(ret.getValues()))
      bufferization::MaterializeInDestinationOp::create(
          retBuilder, ret.getLoc(), TypeRange(), value,
          func.getArgument(firstOutput + index), /*restrict=*/true,
          /*writable=*/true);
    func::ReturnOp::create(retBuilder, ret.getLoc());
    ret.erase();
  }
  kernelFunc.erase();
  return success();
}

namespace {
struct ConvertKernelToDPSFuncPass
    : strata::impl::ConvertKernelToDPSFuncPassBase<ConvertKernelToDPSFuncPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<kernel::FuncOp> kernels;
    getOperation()->walk([&](kernel::FuncOp op) { kernels.push_back(op); });
    for (kernel::FuncOp kernelFunc : kernels)
      if (failed(convertKernel(kernelFunc)))
        return signalPassFailure();
  }
};
} // namespace
