//===- TuningTask.cpp - One kernel of a model, alone, to measure ----------===//
//
// Implements kernel-tuning-task: a kernel-level module reduced to one
// kernel.func and a @main that launches it, with the schedule at a point
// of the kernel's search space; and the space described as JSON for the
// tuner's search (python/strata/tools/tune.py).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Tuner/Fingerprint.h"
#include "strata/Tuner/KernelWork.h"
#include "strata/Tuner/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELTUNINGTASKPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;
using namespace strata;
using namespace strata::kernel;

namespace {

/// `space` of `kernel` (whose root is `root`) as a JSON object.
std::string describeSpace(FuncOp kernel, linalg::LinalgOp root,
                          const tuner::ScheduleSpace &space) {
  llvm::json::Array knobs;
  for (const tuner::ScheduleKnob &knob : space.getKnobs()) {
    if (knob.kind == tuner::ScheduleKnob::Kind::Unroll) {
      knobs.push_back(llvm::json::Object{
          {"kind", "unroll"}, {"choices", llvm::json::Array(knob.choices)}});
      continue;
    }
    knobs.push_back(
        llvm::json::Object{{"kind", "tile"},
                           {"level", knob.level},
                           {"loop", knob.loop},
                           {"choices", llvm::json::Array(knob.choices)}});
  }
  llvm::json::Array heuristic;
  for (unsigned choice : space.getHeuristicPoint())
    heuristic.push_back(choice);
  llvm::json::Array ranges, iterators;
  for (int64_t range : root.getStaticLoopRanges())
    ranges.push_back(ShapedType::isDynamic(range) ? -1 : range);
  for (utils::IteratorType iterator : root.getIteratorTypesArray())
    iterators.push_back(
        iterator == utils::IteratorType::parallel ? "parallel" : "reduction");
  llvm::json::Object object{
      {"kernel", kernel.getSymName()},
      {"fingerprint", tuner::getKernelFingerprint(kernel)},
      {"root", root->getName().getStringRef()},
      {"ranges", std::move(ranges)},
      {"iterators", std::move(iterators)},
      {"knobs", std::move(knobs)},
      {"heuristic", std::move(heuristic)},
      {"size",
       static_cast<int64_t>(std::min<uint64_t>(space.size(), INT64_MAX))}};
  // What a roofline of the kernel needs (absent for dynamic shapes).
  if (std::optional<tuner::KernelWork> work =
          tuner::estimateKernelWork(kernel)) {
    object["operations"] = work->operations;
    object["bytes"] = work->bytes;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(object));
  return text;
}

struct KernelTuningTaskPass
    : strata::kernel::impl::KernelTuningTaskPassBase<KernelTuningTaskPass> {
  using Base::Base;

  /// Without a kernel name: the module's kernels alone (no host code, no
  /// weights), each described when `describe` is set.
  void keepKernels(ModuleOp module) {
    if (!point.empty()) {
      module.emitError() << "kernel-tuning-task: a point needs a kernel";
      return signalPassFailure();
    }
    for (Operation &op : llvm::make_early_inc_range(*module.getBody())) {
      if (isa<func::FuncOp>(op)) {
        op.erase();
        continue;
      }
      auto kernel = dyn_cast<FuncOp>(op);
      if (!kernel || kernel.isExternal() || !describe)
        continue;
      if (linalg::LinalgOp root = tuner::findScheduledRoot(kernel))
        kernel.emitRemark() << describeSpace(
            kernel, root, tuner::ScheduleSpace(root, getSchedule(root)));
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (kernelName.empty())
      return keepKernels(module);
    auto kernel = module.lookupSymbol<FuncOp>(kernelName);
    if (!kernel || kernel.isExternal()) {
      module.emitError() << "kernel-tuning-task: no kernel.func @" << kernelName
                         << " with a body";
      return signalPassFailure();
    }
    linalg::LinalgOp root = tuner::findScheduledRoot(kernel);
    if (!root) {
      kernel.emitError() << "kernel-tuning-task: kernel @" << kernelName
                         << " has no scheduled root op to tune";
      return signalPassFailure();
    }
    tuner::ScheduleSpace space(root, getSchedule(root));
    if (describe)
      kernel.emitRemark() << describeSpace(kernel, root, space);
    if (!point.empty()) {
      SmallVector<unsigned> chosen(point.begin(), point.end());
      ScheduleAttr schedule = space.getSchedule(chosen);
      if (!schedule) {
        InFlightDiagnostic diag = kernel.emitError();
        diag << "kernel-tuning-task: (";
        llvm::interleaveComma(chosen, diag);
        diag << ") is not a schedule of kernel @" << kernelName
             << "'s search space of " << space.getKnobs().size() << " knobs";
        return signalPassFailure();
      }
      setSchedule(root, schedule);
      kernel.setScheduleAttr(schedule);
    }

    // The kernel alone, launched by @main on its arguments.
    for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
      if (isa<func::FuncOp>(op) || (isa<FuncOp>(op) && &op != kernel))
        op.erase();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    FunctionType type = kernel.getFunctionType();
    auto main = func::FuncOp::create(builder, kernel.getLoc(), "main", type);
    Block *body = main.addEntryBlock();
    builder.setInsertionPointToStart(body);
    auto launch = LaunchOp::create(builder, kernel.getLoc(), type.getResults(),
                                   kernel.getSymName(), body->getArguments(),
                                   /*arg_attrs=*/nullptr,
                                   /*res_attrs=*/nullptr);
    func::ReturnOp::create(builder, kernel.getLoc(), launch->getResults());
  }
};

} // namespace
