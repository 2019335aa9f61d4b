//===- SelectSchedule.cpp - Choose a #kernel.schedule per kernel ----------===//
//
// Implements kernel-select-schedule: for every kernel (a kernel.func, a
// kernel.dispatch, or the body of a func.func before dispatches exist) find
// the root linalg op and give it a schedule: the one a test or tuner wrote,
// checked against its loops, else the fastest one a tuning database holds
// for the kernel on its target, else the one the target backend's
// heuristics choose (TargetBackend::chooseSchedule; the CPU's are in
// lib/Codegen/CPU/ScheduleHeuristics.cpp).
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/Target/TargetBackend.h"
#include "strata/Tuner/Fingerprint.h"
#include "strata/Tuner/TuningDatabase.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELSELECTSCHEDULEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;
using namespace strata;
using namespace strata::kernel;

namespace {

/// The backend that schedules kernels for a target and what it reads of
/// the target; no backend (a CUDA target before its backend exists) leaves
/// kernels unscheduled.
struct Machine {
  const TargetBackend *backend = nullptr;
  TargetInfo info;
  /// The machine's printed #kernel.target: the key of its tuning records.
  std::string target;
};

std::string printTarget(TargetAttr target) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << Attribute(target);
  return text;
}

Machine getMachine(TargetAttr target) {
  Machine machine;
  machine.target = printTarget(target);
  machine.backend = lookupTargetBackend(getTargetBackendName(target));
  if (machine.backend)
    machine.info = machine.backend->getTargetInfo(target);
  return machine;
}

/// Classifies candidate roots: lower is preferred.
int getRootRank(linalg::LinalgOp op) {
  if (linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op, /*allowEmptyConvolvedDims=*/false))
    return 0;
  if (op.getNumReductionLoops() > 0)
    return 1;
  // Fills and copies only initialize: any real computation is a better root.
  if (isa<linalg::FillOp, linalg::CopyOp>(op.getOperation()))
    return 3;
  return 2;
}

/// The root of the linalg ops in `region` (not looking into nested kernels):
/// contractions and convolutions first, then reductions, then the op with the
/// most loops; the first one on ties.
linalg::LinalgOp findRoot(Region &region) {
  linalg::LinalgOp best;
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A nested dispatch is a kernel of its own.
    if (isa<DispatchOp>(op))
      return WalkResult::skip();
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || linalgOp.getNumLoops() == 0)
      return WalkResult::advance();
    if (!best)
      best = linalgOp;
    else if (std::make_pair(getRootRank(linalgOp),
                            -static_cast<int64_t>(linalgOp.getNumLoops())) <
             std::make_pair(getRootRank(best),
                            -static_cast<int64_t>(best.getNumLoops())))
      best = linalgOp;
    return WalkResult::advance();
  });
  return best;
}

/// Whether `schedule` is written for an op of `numLoops` loops.
bool fits(ScheduleAttr schedule, linalg::LinalgOp op) {
  std::optional<int64_t> numLoops = schedule.getNumLoops();
  return !numLoops || *numLoops == static_cast<int64_t>(op.getNumLoops());
}

struct KernelSelectSchedulePass
    : strata::kernel::impl::KernelSelectSchedulePassBase<
          KernelSelectSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Machine moduleMachine;
    if (TargetAttr moduleTarget = getTarget(module)) {
      moduleMachine = getMachine(moduleTarget);
    } else {
      // No kernel.target: the backend named by the `target` option, on its
      // default machine for `cpu` and `features`.
      FailureOr<const TargetBackend *> backend =
          getTargetBackend(module.getLoc(), targetName);
      if (failed(backend))
        return signalPassFailure();
      FailureOr<TargetAttr> defaultTarget =
          (*backend)->getDefaultTarget(module.getLoc(), cpu, features);
      if (failed(defaultTarget))
        return signalPassFailure();
      moduleMachine.backend = *backend;
      moduleMachine.info = (*backend)->getTargetInfo(*defaultTarget);
      moduleMachine.target = printTarget(*defaultTarget);
    }
    FailureOr<std::optional<tuner::TuningDatabase>> loaded =
        tuner::loadTuningDatabase(module, tuningDatabase);
    if (failed(loaded))
      return signalPassFailure();
    std::optional<tuner::TuningDatabase> &database = *loaded;
    // The schedule of `kernel` (of `fingerprint`, whose root is `root`)
    // that the tuning database measured fastest on `machine`, when it holds
    // one that fits the root's loops (a record that does not parse or fit
    // is left, with a warning).
    auto lookupTuned = [&](FuncOp kernel, StringRef fingerprint,
                           linalg::LinalgOp root,
                           const Machine &machine) -> ScheduleAttr {
      const tuner::TuningRecord *record =
          database->lookupBest(fingerprint, machine.target);
      if (!record)
        return {};
      Attribute parsed;
      {
        // Parse errors are reported below, as a warning.
        ScopedDiagnosticHandler silence(kernel.getContext(),
                                        [](Diagnostic &) { return success(); });
        parsed = parseAttribute(record->schedule, kernel.getContext());
      }
      auto tuned = dyn_cast_or_null<ScheduleAttr>(parsed);
      auto warn = [&] {
        InFlightDiagnostic diag = kernel.emitWarning();
        diag << "tuning database " << tuningDatabase << ": the schedule "
             << "measured for kernel " << fingerprint
             << " does not fit it, using the heuristics' (";
        return diag;
      };
      if (!tuned || !fits(tuned, root)) {
        warn() << record->schedule << " is not a schedule of "
               << root.getNumLoops() << " loops)";
        return {};
      }
      if (failed(tuned.verifyLoops(root.getIteratorTypesArray(),
                                   root.getStaticLoopRanges(), warn)))
        return {};
      return tuned;
    };

    // Chooses (or takes `given`) the schedule of the root of `region`, sets
    // it on the root and returns it (null without a root or on a GPU).
    // A schedule given by hand (or a tuner) that does not fit the loops it
    // is to tile is an error at the op or kernel that carries it: carried
    // out, it would tile loops it was not written for.
    bool misfit = false;
    auto verify = [&](ScheduleAttr schedule, linalg::LinalgOp root,
                      Operation *holder) {
      if (failed(schedule.verifyLoops(
              root.getIteratorTypesArray(), root.getStaticLoopRanges(), [&] {
                InFlightDiagnostic diag = holder->emitOpError();
                if (holder != root.getOperation())
                  diag.attachNote(root.getLoc())
                      << "the root op the schedule is for: " << root->getName();
                return diag;
              })))
        misfit = true;
    };
    auto schedule = [&](Region &region, ScheduleAttr given,
                        const Machine &machine,
                        Operation *holder) -> ScheduleAttr {
      linalg::LinalgOp root = findRoot(region);
      if (!root)
        return {};
      // A schedule already on the root (by hand, or by a tuner) wins.
      if (auto existing = getSchedule(root)) {
        verify(existing, root, root);
        return existing;
      }
      if (given)
        verify(given, root, holder);
      ScheduleAttr chosen = given;
      if (!chosen || !fits(chosen, root)) {
        // Without a backend (CUDA, for now) the kernel stays unscheduled.
        if (!machine.backend)
          return {};
        chosen = machine.backend->chooseSchedule(root, machine.info);
        if (!chosen)
          return {};
      }
      setSchedule(root, chosen);
      return chosen;
    };

    for (Operation &op : module.getBody()->getOperations()) {
      if (auto kernel = dyn_cast<FuncOp>(op)) {
        if (kernel.isExternal())
          continue;
        Machine machine = moduleMachine;
        if (TargetAttr target = kernel.getTargetAttr())
          machine = getMachine(target);
        ScheduleAttr given = kernel.getScheduleAttr();
        // Computed once: the database's key and the report's.
        std::string fingerprint;
        if (database || reportTuning)
          fingerprint = tuner::getKernelFingerprint(kernel);
        // The database's schedule stands in for a given one (checked to fit
        // already), unless the root has its own.
        ScheduleAttr tuned;
        if (!given && database)
          if (linalg::LinalgOp root = findRoot(kernel.getBody());
              root && !getSchedule(root))
            tuned = lookupTuned(kernel, fingerprint, root, machine);
        ScheduleAttr chosen =
            schedule(kernel.getBody(), given ? given : tuned, machine, kernel);
        if (chosen && !given)
          kernel.setScheduleAttr(chosen);
        if (reportTuning)
          kernel.emitRemark()
              << "kernel @" << kernel.getSymName() << " (fingerprint "
              << fingerprint << ") on " << machine.target << ": "
              << (given || !chosen ? "schedule not chosen here"
                  : tuned && chosen == tuned
                      ? "schedule from the tuning database"
                      : "the heuristics' schedule");
        continue;
      }
      auto func = dyn_cast<func::FuncOp>(op);
      if (!func || func.isExternal())
        continue;
      // Dispatch regions are kernels to be: schedule each one; a function
      // without them is one kernel.
      SmallVector<DispatchOp> dispatches;
      func.walk([&](DispatchOp dispatch) { dispatches.push_back(dispatch); });
      if (dispatches.empty()) {
        schedule(func.getBody(), {}, moduleMachine, func);
        continue;
      }
      for (DispatchOp dispatch : dispatches) {
        ScheduleAttr given = dispatch.getScheduleAttr();
        ScheduleAttr chosen =
            schedule(dispatch.getBody(), given, moduleMachine, dispatch);
        if (chosen && !given)
          dispatch.setScheduleAttr(chosen);
      }
    }
    if (misfit)
      signalPassFailure();
  }
};

} // namespace
