//===- Compiler.h - Graph-level MLIR to modules, as a library ---*- C++ -*-===//
//
// The compiler pipeline of strata-compile as a reusable function, for the
// driver, the compiler C API (include/strata-c/Compiler.h) and through it
// the Python package: parse graph-level MLIR (text or bytecode), run the
// levels up to graph | kernel | device | llvm | module, and return the IR of
// the last level as text or the serialized .smod module as bytes.
//
// Two entry points: `compileModule` works on a module the caller parsed in
// its own context (strata-compile keeps its command-line pass-manager flags
// and its stderr diagnostics that way); `compileSource` does everything in a
// fresh context and collects every diagnostic as text with its location.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_COMPILER_COMPILER_H
#define STRATA_COMPILER_COMPILER_H

#include "strata/Target/KernelCache.h"
#include "strata/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class PassManager;
} // namespace mlir

namespace strata {

/// The level a compilation stops at, in pipeline order.
enum class CompileLevel { Graph, Kernel, Device, LLVM, Module };

/// "graph", "kernel", "device", "llvm" or "module".
llvm::StringRef stringifyCompileLevel(CompileLevel level);
/// The level named `name`, or std::nullopt.
std::optional<CompileLevel> parseCompileLevel(llvm::StringRef name);

/// What to compile for and how far (strata-compile's flags).
struct CompileOptions {
  /// The target backend to compile for, by name (TargetBackend.h: "cpu",
  /// "cuda", "cuda-emulator"), optionally with its chip after a colon
  /// ("cuda:sm_80", the same as `cpu` = "sm_80").
  std::string target = "cpu";
  /// LLVM CPU name and features of the kernels (empty: the host's).
  std::string cpu;
  std::string features;
  /// LLVM optimization level of the kernels, 0..3.
  unsigned optLevel = 3;
  /// The ld.lld that links the kernels (empty: found in PATH).
  std::string linker;
  /// Vectorize the kernels (off: scalar loops, for testing).
  bool vectorize = true;
  /// Data layout of the image ops' kernels: "nhwc" (graph-convert-layout
  /// rewrites NCHW models: convolutions then compute pixels x filters with
  /// full register tiles on small images, and depthwise convolutions and
  /// pooling vectorize along channels) or "nchw" (as the model has it).
  std::string layout = "nhwc";
  /// The precision of the matrix products and convolutions with constant
  /// weights in f32 models: "f32" (as the model has it) or "bf16" (their
  /// inputs rounded to bf16, sums in f32: kernel-demote-products; fast on
  /// CPUs with AVX512-BF16, bf16-rounded on any).
  std::string precision = "f32";
  /// Compute 3x3 stride-1 convolutions with constant filters with
  /// Winograd's F(m x m, 3x3) (NHWC only; off: im2col products, whose sums
  /// round like the direct convolution's).
  bool winograd = true;
  /// Winograd's output tile m: 2, 4, or 0 to choose per convolution (see
  /// kernel-rewrite-convolutions).
  int64_t winogradTile = 0;
  /// A tuning database (strata/Tuner/TuningDatabase.h): each kernel it
  /// has measured on the target gets its fastest schedule there, the
  /// others the heuristics'. "": none.
  std::string tuningDatabase;
  /// External backends (docs/BYOC.md) that run the parts of the model they
  /// support, in order of preference: the graph is partitioned for them
  /// and each backend's code generation calls its runtime plugin.
  std::vector<std::string> external;
  /// Offload only the regions each backend's cost rule finds faster there
  /// (ExternalBackend::isWorthOffloading); false: every region with a
  /// convolution, product or pooling.
  bool externalCostRule = true;
  /// Offload exactly the external regions of these fingerprints (the
  /// tuner's measurements of regions; tuner::getRegionFingerprint).
  std::vector<std::string> externalRegions;
  /// Emit a remark per kernel: its fingerprint and target (a tuning
  /// record's keys) and whether its schedule came from the database.
  bool reportTuning = false;
  /// Emit each host function's memory plan as a remark.
  bool reportMemory = false;
  /// Time every phase of the compilation (the passes of each pipeline,
  /// the serializer's steps, LLVM's optimization and code generation, the
  /// link) and return the report in CompileOutput::timingReport.
  bool timing = false;
  /// Threads of the compilation (the pass manager's function and kernel
  /// pipelines, the kernels' LLVM optimization and code generation): 0, one
  /// per core (MLIR's default); 1, none. compileSource applies it to its
  /// context; compileModule uses the caller's context as it is
  /// (setContextThreads). The module does not depend on it.
  unsigned threads = 0;
  /// The directory of the kernel cache (strata/Target/KernelCache.h): a
  /// module compiled again compiles only the kernels it lacks. "" (the
  /// default of this struct): no cache. strata-compile and the C API default
  /// to KernelCache::getDefaultDirectory(). The module does not depend on
  /// it.
  std::string cacheDirectory;
  /// The input is device-level IR already: only serialize / print it.
  bool fromDevice = false;
  /// Where to stop; below Module the result is the IR as text.
  CompileLevel compileTo = CompileLevel::Module;
  /// Recorded in the module's metadata as "source" (compileSource defaults
  /// it to the file name part of its source name).
  std::string sourceName;
};

/// The product of a compilation: `text` (IR) below CompileLevel::Module,
/// `bytes` (a whole .smod file) at it.
struct CompileOutput {
  std::string text;
  std::vector<uint8_t> bytes;
  /// With CompileOptions::timing: MLIR's timing report (wall and user time
  /// of each phase and pass, nested), as text, and for a module the kernel
  /// cache's line (formatKernelCacheStats).
  std::string timingReport;
  /// What the compilation did with the kernel cache.
  KernelCacheStats cacheStats;
  /// With CompileOptions::timing: the time of each kernel compiled, by
  /// kernel name (the report lists the slowest).
  llvm::StringMap<KernelTime> kernelTimes;
};

/// One line on `stats` of a compilation with `options`: "kernel cache: N
/// hits, N misses, N rejected entries (DIR)", or "kernel cache: off".
std::string formatKernelCacheStats(const CompileOptions &options,
                                   const KernelCacheStats &stats);

/// Splits a `name:chip` target (`cuda:sm_80`) into options.target and
/// options.cpu; an error message when the chip is empty or contradicts
/// options.cpu ("" otherwise, and for targets without a chip).
std::string resolveTargetSpelling(CompileOptions &options);

/// Checks the options that do not need IR (target, opt level); returns an
/// empty string when they are valid, else the message.
std::string verifyCompileOptions(const CompileOptions &options);

/// Whether `layout` is a value of CompileOptions::layout ("nhwc", "nchw").
bool isKnownLayout(const std::string &layout);

/// Whether `precision` is a value of CompileOptions::precision ("f32",
/// "bf16").
bool isKnownPrecision(const std::string &precision);

/// Whether `tile` is a value of CompileOptions::winogradTile (0, 2, 4).
bool isKnownWinogradTile(int64_t tile);

/// Gives `context` `threads` threads (CompileOptions::threads): 0 leaves it
/// as it is, 1 disables multithreading, N > 1 makes it use a pool of N
/// threads, returned: the caller keeps it alive until the context is
/// destroyed (declared before it).
std::unique_ptr<llvm::ThreadPoolInterface>
setContextThreads(mlir::MLIRContext &context, unsigned threads);

/// Adds the dialects graph-level and device-level input may use.
void registerCompilerDialects(mlir::DialectRegistry &registry);

/// Registers Strata's passes and pipelines once per process (thread-safe);
/// parsing the pipeline needs them.
void ensureCompilerPassesRegistered();

/// Runs the pipeline of `options` on `module` (graph level, or device level
/// with `fromDevice`) and fills `output`. Failures are reported as
/// diagnostics through `module`'s context. `configurePassManager`, when
/// given, adjusts the pass manager before it runs (e.g. the MLIR
/// command-line flags of a tool).
mlir::LogicalResult
compileModule(mlir::ModuleOp module, const CompileOptions &options,
              CompileOutput &output,
              llvm::function_ref<mlir::LogicalResult(mlir::PassManager &)>
                  configurePassManager = nullptr);

/// Parses `source` (MLIR text or bytecode; `sourceName` is the file name
/// diagnostics point at) in a fresh context and compiles it. Every
/// diagnostic (errors, warnings, remarks, notes) is appended to
/// `diagnostics` as "name:line:col: error: message" with the source line.
/// Safe to call from several threads at once.
mlir::LogicalResult compileSource(llvm::StringRef source,
                                  llvm::StringRef sourceName,
                                  const CompileOptions &options,
                                  CompileOutput &output,
                                  std::string &diagnostics);

} // namespace strata

#endif // STRATA_COMPILER_COMPILER_H
