//===- TargetBackend.h - One code generator per target ----------*- C++ -*-===//
//
// The seam between the target-neutral compiler (graph level, kernel
// formation, the host program) and the code generator of one kind of
// device. A TargetBackend says, for its target ("cpu" today; "cuda" next):
//  - which machine to compile for when none is named (the host CPU, or a
//    named chip) as a #kernel.target, and the facts its heuristics read of
//    one (TargetInfo);
//  - the schedule heuristics: the #kernel.schedule of a kernel's root op,
//    and the weight layouts those schedules read;
//  - the code-generation pipeline from a module of kernel.func to the
//    target's IR (the LLVM dialect with the runtime's entry points on CPUs);
//  - the last step: the kernel library stored in the .smod (a shared object
//    on CPUs), with each kernel's symbols.
// The compiler (lib/Compiler), kernel-select-schedule and the serializer
// find backends by name in a process-wide registry that
// strata::registerAllTargetBackends (InitAll.h) fills, in the way IREE's
// HAL TargetBackend and Triton's TargetInfoBase keep their targets apart.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_TARGETBACKEND_H
#define STRATA_TARGET_TARGETBACKEND_H

#include "strata/Target/TargetInfo.h"

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Location;
class MLIRContext;
class ModuleOp;
class OpPassManager;
class TimingScope;
namespace linalg {
class LinalgOp;
} // namespace linalg
} // namespace mlir

namespace strata {
struct KernelCacheStats;
namespace kernel {
class ScheduleAttr;
class TargetAttr;
} // namespace kernel

/// Where one kernel's compile time went (strata-compile --timing lists the
/// slowest kernels), in wall seconds.
struct KernelTime {
  /// The backend's code generation pipeline (MLIR passes).
  double pipelineSeconds = 0;
  /// LLVM's optimization and code generation.
  double llvmSeconds = 0;
};

/// How a backend compiles kernels (strata-compile's flags that reach code
/// generation).
struct CodegenOptions {
  /// LLVM target triple, CPU or GPU architecture, and features (empty:
  /// those of the module's #device.target, else the host's).
  std::string triple;
  std::string chip;
  std::string features;
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 3;
  /// The linker of the kernel library (empty: found in PATH).
  std::string linker;
  /// Vectorize the kernels (off: scalar loops, for testing).
  bool vectorize = true;
  /// When set, the backend times its phases (and the passes of its
  /// pipeline) in scopes nested here (strata-compile --timing).
  mlir::TimingScope *timing = nullptr;
  /// The directory of the kernel cache (KernelCache.h) serializeKernels
  /// reads compiled kernels from and stores them in ("": no cache).
  std::string cacheDirectory;
  /// When set, serializeKernels counts its use of the cache here.
  KernelCacheStats *cacheStats = nullptr;
  /// When set, lowerKernels and serializeKernels record the time of each
  /// kernel they compile here, by kernel name (kernels sharing their code
  /// under the first one's).
  llvm::StringMap<KernelTime> *kernelTimes = nullptr;
};

/// The symbols of one kernel in a kernel library.
struct KernelSymbols {
  /// The entry point the runtime calls (runtime::KernelEntry on CPUs).
  std::string entry;
  /// The function that gives the number of tiles of a kernel distributed
  /// into a grid (empty: the kernel runs as one tile).
  std::string grid;
};

/// What a backend stores in the .smod for a module's kernels.
struct KernelLibrary {
  /// The binary (a shared object on CPUs).
  std::vector<uint8_t> binary;
  /// The symbols of each kernel.func, by kernel name.
  llvm::StringMap<KernelSymbols> kernels;
  /// Machine features the binary needs at run time (the runtime checks them
  /// before it loads the library).
  std::vector<std::string> requiredFeatures;
};

/// The code generator of one target. Implementations are stateless and
/// used from several threads at once.
class TargetBackend {
public:
  virtual ~TargetBackend();

  /// The name `--target=` selects.
  virtual llvm::StringRef getName() const = 0;
  /// One line for listings (`strata-compile --help`, errors).
  virtual llvm::StringRef getDescription() const = 0;
  /// The kind of runtime device that runs the kernels (#device.target's
  /// kind: "cpu" or "cuda"); the backend's name unless it differs.
  virtual llvm::StringRef getDeviceKind() const { return getName(); }

  /// The #kernel.target of `chip` ("" or "host": the machine this runs on,
  /// where the target is a CPU) with `features` ("": the chip's); a
  /// diagnostic at `loc` when the chip is unknown.
  virtual mlir::FailureOr<kernel::TargetAttr>
  getDefaultTarget(mlir::Location loc, llvm::StringRef chip,
                   llvm::StringRef features) const = 0;
  /// What the heuristics read of `target`.
  virtual TargetInfo getTargetInfo(kernel::TargetAttr target) const = 0;

  /// The schedule of `root`, the root op of a kernel, on `info`; null when
  /// the backend leaves the kernel unscheduled.
  virtual kernel::ScheduleAttr chooseSchedule(mlir::linalg::LinalgOp root,
                                              const TargetInfo &info) const = 0;
  /// The width in bytes of the panels graph-prepack-weights cuts
  /// matrix-vector weights into, which the backend's matrix-vector
  /// schedules read one panel row at a time (0: no panels).
  virtual int64_t getGemvPanelBytes(const TargetInfo &info) const = 0;
  /// The width in bytes of the panels kernel-rewrite-convolutions and
  /// kernel-pack-weights cut constant matrix-product operands into (0: no
  /// panels).
  virtual int64_t getMatmulPanelBytes(const TargetInfo &info) const = 0;

  /// Appends to `pm` (on builtin.module) the lowering of a module of
  /// kernel.func (lowerKernels: one kernel per module) to the target's IR.
  virtual void buildCodegenPipeline(mlir::OpPassManager &pm,
                                    const CodegenOptions &options) const = 0;
  /// Compiles the kernel.func ops of the device-level `module` into the
  /// kernel library stored in the .smod. Failures are diagnostics.
  virtual mlir::LogicalResult
  serializeKernels(mlir::ModuleOp module, const CodegenOptions &options,
                   KernelLibrary &library) const = 0;
};

/// Adds `backend` to the registry (one backend per name; a second one of a
/// name replaces nothing and is dropped).
void registerTargetBackend(std::unique_ptr<TargetBackend> backend);

/// The backend named `name`, or null.
const TargetBackend *lookupTargetBackend(llvm::StringRef name);

/// The names of the registered backends, sorted, joined by ", " (for
/// messages that list them).
std::string getTargetBackendNames();

/// The name of the backend that compiles for `target` ("cuda" for NVPTX
/// triples, "cpu" otherwise).
llvm::StringRef getTargetBackendName(kernel::TargetAttr target);

/// The backend named `name`; a diagnostic at `loc` listing the registered
/// ones when there is none.
mlir::FailureOr<const TargetBackend *> getTargetBackend(mlir::Location loc,
                                                        llvm::StringRef name);

/// Clones each kernel.func op of `module` into a module of its own, named
/// after it, nested in a new module (in `module`'s context), and runs
/// `backend`'s code-generation pipeline on each kernel module, in parallel
/// on the context's threads. Each kernel is compiled alone, so its code
/// depends on nothing but itself.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
lowerKernels(mlir::ModuleOp module, const TargetBackend &backend,
             const CodegenOptions &options);

} // namespace strata

#endif // STRATA_TARGET_TARGETBACKEND_H
