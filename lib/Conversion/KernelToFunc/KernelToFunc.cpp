//===- KernelToFunc.cpp - Kernels as plain functions ----------------------===//
//
// On the CPU a kernel is an ordinary function: kernel.func becomes func.func
// and kernel.launch becomes func.call, so that the CPU pipeline (one-shot
// bufferization across function boundaries, then LLVM) needs no knowledge
// of kernels. The schedule and target of a kernel survive as discardable
// attributes of the function.
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/Passes.h"

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace strata {
#define GEN_PASS_DEF_CONVERTKERNELTOFUNCPASS
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// Replaces `kernelFunc` by a func.func with the same symbol, signature,
/// visibility, argument/result attributes and body.
static void convertKernelFunc(kernel::FuncOp kernelFunc) {
  OpBuilder builder(kernelFunc);
  auto func = func::FuncOp::create(builder, kernelFunc.getLoc(),
                                   kernelFunc.getSymName(),
                                   kernelFunc.getFunctionType());
  if (std::optional<StringRef> visibility = kernelFunc.getSymVisibility())
    func.setSymVisibility(*visibility);
  if (ArrayAttr argAttrs = kernelFunc.getArgAttrsAttr())
    func.setArgAttrsAttr(argAttrs);
  if (ArrayAttr resAttrs = kernelFunc.getResAttrsAttr())
    func.setResAttrsAttr(resAttrs);
  if (std::optional<kernel::ScheduleAttr> schedule = kernelFunc.getSchedule())
    kernel::setSchedule(func, *schedule);
  if (std::optional<kernel::TargetAttr> target = kernelFunc.getTarget())
    kernel::setTarget(func, *target);
  // Discardable attributes travel unchanged.
  for (NamedAttribute attr : kernelFunc->getDiscardableAttrs())
    func->setAttr(attr.getName(), attr.getValue());

  func.getBody().takeBody(kernelFunc.getBody());
  func.walk([&](kernel::ReturnOp ret) {
    OpBuilder returnBuilder(ret);
    func::ReturnOp::create(returnBuilder, ret.getLoc(), ret.getValues());
    ret.erase();
  });
  kernelFunc.erase();
}

/// Replaces `launch` by a func.call of the same callee.
static void convertLaunch(kernel::LaunchOp launch) {
  OpBuilder builder(launch);
  auto call =
      func::CallOp::create(builder, launch.getLoc(), launch.getResultTypes(),
                           launch.getCalleeAttr(), launch.getOperands());
  if (ArrayAttr argAttrs = launch.getArgAttrsAttr())
    call.setArgAttrsAttr(argAttrs);
  if (ArrayAttr resAttrs = launch.getResAttrsAttr())
    call.setResAttrsAttr(resAttrs);
  launch->replaceAllUsesWith(call);
  launch.erase();
}

struct ConvertKernelToFuncPass
    : strata::impl::ConvertKernelToFuncPassBase<ConvertKernelToFuncPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<kernel::LaunchOp> launches;
    SmallVector<kernel::FuncOp> kernels;
    getOperation()->walk([&](Operation *op) {
      if (auto launch = dyn_cast<kernel::LaunchOp>(op))
        launches.push_back(launch);
      else if (auto kernelFunc = dyn_cast<kernel::FuncOp>(op))
        kernels.push_back(kernelFunc);
    });
    for (kernel::LaunchOp launch : launches)
      convertLaunch(launch);
    for (kernel::FuncOp kernelFunc : kernels)
      convertKernelFunc(kernelFunc);
  }
};

} // namespace
