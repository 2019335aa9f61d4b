//===- TargetBackend.cpp - The registry of target backends ----------------===//
//
// The process-wide registry of TargetBackend implementations and the steps
// every backend shares (see TargetBackend.h).
//
//===----------------------------------------------------------------------===//

#include "strata/Target/TargetBackend.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Support/NamedRegistry.h"
#include "strata/Support/Timing.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace strata;

TargetBackend::~TargetBackend() = default;

/// The registered backends, by name. Registration happens once at start-up
/// (registerAllTargetBackends) and lookups from any thread.
static NamedRegistry<TargetBackend> &getRegistry() {
  static NamedRegistry<TargetBackend> registry;
  return registry;
}

void strata::registerTargetBackend(std::unique_ptr<TargetBackend> backend) {
  getRegistry().add(std::move(backend));
}

const TargetBackend *strata::lookupTargetBackend(StringRef name) {
  return getRegistry().lookup(name);
}

std::string strata::getTargetBackendNames() { return getRegistry().getNames(); }

StringRef strata::getTargetBackendName(kernel::TargetAttr target) {
  return target.isCuda() ? "cuda" : "cpu";
}

FailureOr<const TargetBackend *> strata::getTargetBackend(Location loc,
                                                          StringRef name) {
  if (const TargetBackend *backend = lookupTargetBackend(name))
    return backend;
  std::string known = getTargetBackendNames();
  return emitError(loc) << "unknown target '" << name << "' (known: "
                        << (known.empty() ? "none registered" : known) << ")";
}

namespace {
/// Adds up, per kernel module, the wall time of the passes run on it (the
/// pipeline nested on the kernel modules runs one kernel's passes one after
/// the other, on one thread at a time); passes on ops nested in a kernel
/// module are inside those.
class KernelPipelineTimer final : public PassInstrumentation {
public:
  KernelPipelineTimer(ModuleOp kernels, llvm::StringMap<KernelTime> &times)
      : kernelsOp(kernels.getOperation()), times(times) {}

  void runBeforePass(Pass *, Operation *op) override {
    if (!isKernelModule(op))
      return;
    std::lock_guard<std::mutex> lock(mutex);
    starts[op] = std::chrono::steady_clock::now();
  }
  void runAfterPass(Pass *, Operation *op) override { finish(op); }
  void runAfterPassFailed(Pass *, Operation *op) override { finish(op); }

private:
  bool isKernelModule(Operation *op) const {
    return isa<ModuleOp>(op) && op->getParentOp() == kernelsOp;
  }
  void finish(Operation *op) {
    if (!isKernelModule(op))
      return;
    auto end = std::chrono::steady_clock::now();
    std::optional<StringRef> name = cast<ModuleOp>(op).getSymName();
    std::lock_guard<std::mutex> lock(mutex);
    auto it = starts.find(op);
    if (it == starts.end() || !name)
      return;
    times[*name].pipelineSeconds +=
        std::chrono::duration<double>(end - it->second).count();
    starts.erase(it);
  }

  Operation *kernelsOp;
  llvm::StringMap<KernelTime> &times;
  std::mutex mutex;
  llvm::DenseMap<Operation *, std::chrono::steady_clock::time_point> starts;
};
} // namespace

FailureOr<OwningOpRef<ModuleOp>>
strata::lowerKernels(ModuleOp module, const TargetBackend &backend,
                     const CodegenOptions &options) {
  OpBuilder builder(module.getContext());
  OwningOpRef<ModuleOp> kernels = ModuleOp::create(module.getLoc());
  for (auto kernel : module.getOps<kernel::FuncOp>()) {
    builder.setInsertionPointToEnd(kernels->getBody());
    auto kernelModule =
        ModuleOp::create(builder, kernel.getLoc(), kernel.getSymName());
    builder.setInsertionPointToEnd(kernelModule.getBody());
    builder.clone(*kernel.getOperation());
  }
  // One pipeline per kernel module: the pass manager runs them on the
  // context's threads.
  PassManager pm(module.getContext());
  backend.buildCodegenPipeline(pm.nest<ModuleOp>(), options);
  TimingScope timing =
      nestTiming(options.timing, "kernel code generation pipeline");
  if (options.timing)
    pm.enableTiming(timing);
  if (options.kernelTimes)
    pm.addInstrumentation(
        std::make_unique<KernelPipelineTimer>(*kernels, *options.kernelTimes));
  if (failed(pm.run(*kernels)))
    return failure();
  return kernels;
}
