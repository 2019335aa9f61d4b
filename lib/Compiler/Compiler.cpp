//===- Compiler.cpp - Graph-level MLIR to modules, as a library -----------===//
//
// The pipeline behind strata-compile, the compiler C API and the Python
// package: the pass pipeline of each level, the printing of a level's IR and
// the serialization of a module. compileSource adds parsing in a fresh
// context with every diagnostic collected as text, so that callers other
// than a command-line tool get the compiler's messages with their locations.
//
//===----------------------------------------------------------------------===//

#include "strata/Compiler/Compiler.h"
#include "ParsedSource.h"
#include "strata/Conversion/Passes.h"
#include "strata/Dialect/Device/Transforms/Passes.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/Passes.h"
#include "strata/External/ExternalBackend.h"
#include "strata/InitAll.h"
#include "strata/Target/Bytecode/Serializer.h"
#include "strata/Target/TargetBackend.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace strata;

llvm::StringRef strata::stringifyCompileLevel(CompileLevel level) {
  switch (level) {
  case CompileLevel::Graph:
    return "graph";
  case CompileLevel::Kernel:
    return "kernel";
  case CompileLevel::Device:
    return "device";
  case CompileLevel::LLVM:
    return "llvm";
  case CompileLevel::Module:
    return "module";
  }
  return "module";
}

std::optional<CompileLevel> strata::parseCompileLevel(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<CompileLevel>>(name)
      .Case("graph", CompileLevel::Graph)
      .Case("kernel", CompileLevel::Kernel)
      .Case("device", CompileLevel::Device)
      .Case("llvm", CompileLevel::LLVM)
      .Case("module", CompileLevel::Module)
      .Default(std::nullopt);
}

std::string strata::resolveTargetSpelling(CompileOptions &options) {
  size_t colon = options.target.find(':');
  if (colon == std::string::npos)
    return "";
  std::string chip = options.target.substr(colon + 1);
  options.target.resize(colon);
  if (chip.empty())
    return "target '" + options.target + ":' names no chip";
  if (!options.cpu.empty() && options.cpu != chip)
    return "target '" + options.target + ":" + chip +
           "' and the chip option ('" + options.cpu + "') disagree";
  options.cpu = chip;
  return "";
}

std::string strata::verifyCompileOptions(const CompileOptions &given) {
  ensureCompilerPassesRegistered();
  CompileOptions options = given;
  if (std::string error = resolveTargetSpelling(options); !error.empty())
    return error;
  if (!lookupTargetBackend(options.target))
    return "unknown target '" + options.target +
           "' (known: " + getTargetBackendNames() + ")";
  if (options.optLevel > 3)
    return "opt level must be 0..3, got " + std::to_string(options.optLevel);
  if (!isKnownLayout(options.layout))
    return "unknown layout '" + options.layout + "' (expected nhwc or nchw)";
  if (!isKnownPrecision(options.precision))
    return "unknown precision '" + options.precision +
           "' (expected f32 or bf16)";
  if (!isKnownWinogradTile(options.winogradTile))
    return "winograd tile must be 0 (chosen per convolution), 2 or 4, got " +
           std::to_string(options.winogradTile);
  for (const std::string &name : options.external)
    if (!external::lookupExternalBackend(name))
      return "unknown external backend '" + name +
             "' (known: " + external::getExternalBackendNames() + ")";
  return "";
}

/// The slowest kernels of `times`, most first, one line each ("" when
/// there are none).
static std::string
formatSlowestKernels(const llvm::StringMap<KernelTime> &times) {
  constexpr size_t kListed = 10;
  SmallVector<std::pair<StringRef, KernelTime>> kernels;
  for (const auto &entry : times)
    kernels.emplace_back(entry.getKey(), entry.getValue());
  if (kernels.empty())
    return "";
  auto total = [](const KernelTime &time) {
    return time.pipelineSeconds + time.llvmSeconds;
  };
  llvm::sort(kernels, [&](const auto &a, const auto &b) {
    if (total(a.second) != total(b.second))
      return total(a.second) > total(b.second);
    return a.first < b.first;
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  size_t listed = std::min(kListed, kernels.size());
  os << "Slowest kernels (wall seconds: code generation pipeline + LLVM), "
     << listed << " of " << kernels.size() << ":\n";
  for (const auto &[name, time] : ArrayRef(kernels).take_front(listed))
    os << llvm::format("  %8.4f  @", total(time)) << name
       << llvm::format(" (pipeline %.4f, LLVM %.4f)\n", time.pipelineSeconds,
                       time.llvmSeconds);
  return text;
}

std::string strata::formatKernelCacheStats(const CompileOptions &options,
                                           const KernelCacheStats &stats) {
  if (options.cacheDirectory.empty())
    return "kernel cache: off";
  return "kernel cache: " + std::to_string(stats.hits) + " hits, " +
         std::to_string(stats.misses) + " misses, " +
         std::to_string(stats.rejected) + " rejected entries (" +
         options.cacheDirectory + ")";
}

bool strata::isKnownLayout(const std::string &layout) {
  return layout == "nhwc" || layout == "nchw";
}

bool strata::isKnownPrecision(const std::string &precision) {
  return precision == "f32" || precision == "bf16";
}

bool strata::isKnownWinogradTile(int64_t tile) {
  return kernel::isWinogradTile(tile);
}

void strata::registerCompilerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
}

void strata::ensureCompilerPassesRegistered() {
  // The pass registry is global and rejects a second registration.
  static std::once_flag once;
  std::call_once(once, [] { registerAllPasses(); });
}

/// What `options` say of how the backend compiles kernels.
static CodegenOptions getCodegenOptions(const CompileOptions &options) {
  CodegenOptions codegen;
  codegen.chip = options.cpu;
  codegen.features = options.features;
  codegen.optLevel = options.optLevel;
  codegen.linker = options.linker;
  codegen.vectorize = options.vectorize;
  codegen.cacheDirectory = options.cacheDirectory;
  return codegen;
}

/// Appends the passes of the levels after the graph level up to `level`
/// (at most Device: the LLVM level and the module are made by the
/// serializer) for `backend`.
static LogicalResult buildPipeline(OpPassManager &pm, Location loc,
                                   const CompileOptions &options,
                                   const TargetBackend &backend,
                                   CompileLevel level) {
  graph::buildGraphOptimizePipeline(pm);
  if (level < CompileLevel::Kernel)
    return success();

  // Kernel level: first the image ops in the kernels' layout, then the
  // matrix-vector weights in panels as wide as the backend's matrix-vector
  // register tiles (layouts chosen for the kernels, so not part of the
  // target-independent graph pipeline; prepacking also folds the filter
  // transposes of the layout change); NHWC filters likewise in panels as
  // wide as the matrix product's register tiles.
  // The machine of the kernels: --cpu with the --features that override
  // its own (kernels compiled with -avx512f get 256-bit schedules).
  FailureOr<kernel::TargetAttr> target =
      backend.getDefaultTarget(loc, options.cpu, options.features);
  if (failed(target))
    return failure();
  TargetInfo info = backend.getTargetInfo(*target);
  // GPUs tile convolutions directly (each thread one output, its windows
  // read in place): no im2col copies, no Winograd transforms; only 1x1
  // convolutions, whose input already is a matrix, become products (staged
  // in shared memory by the CUDA schedules).
  int64_t matmulPanelBytes = backend.getMatmulPanelBytes(info);
  if (options.layout == "nhwc") {
    graph::GraphConvertLayoutPassOptions layout;
    layout.targetLayout = "nhwc";
    pm.addPass(graph::createGraphConvertLayoutPass(layout));
  }
  // The parts external backends run: partitioned in the kernels' layout
  // (a backend's convolutions then take the tensors as Strata's kernels
  // pass them) and before Strata packs weights for its own kernels, then
  // called through the backends' runtime plugins.
  if (!options.external.empty()) {
    // Weights transposed by the layout change become constants again, which
    // a backend may lay out once instead of at every call.
    graph::GraphFoldConstantsPassOptions fold;
    fold.maxElements = int64_t(1) << 28;
    pm.addPass(graph::createGraphFoldConstantsPass(fold));
    graph::GraphPartitionExternalPassOptions partition;
    partition.backends.assign(options.external.begin(), options.external.end());
    partition.costRule = options.externalCostRule;
    partition.regions.assign(options.externalRegions.begin(),
                             options.externalRegions.end());
    // Regions the tuning database measured on this machine are decided by
    // the measurements.
    partition.tuningDatabase = options.tuningDatabase;
    llvm::raw_string_ostream(partition.target) << Attribute(*target);
    partition.cpu = target->getCpu().str();
    partition.report = options.reportTuning;
    pm.addPass(graph::createGraphPartitionExternalPass(partition));
    pm.addPass(graph::createGraphLowerExternalPass());
    pm.addPass(createCanonicalizerPass());
  }
  graph::GraphPrepackWeightsPassOptions prepack;
  prepack.panelBytes = backend.getGemvPanelBytes(info);
  pm.addPass(graph::createGraphPrepackWeightsPass(prepack));
  pm.addPass(createConvertGraphToKernelPass());
  OpPassManager &funcPM = pm.nest<func::FuncOp>();
  // bf16 products before the convolutions and weights are laid out (for
  // bf16 dot products where the target has them).
  if (options.precision == "bf16") {
    // (The CUDA schedules and lowering have not been written for mixed
    // bf16 x bf16 -> f32 products yet.)
    if (info.gpu)
      return emitError(loc) << "precision bf16 is implemented for CPU "
                               "targets only, not '"
                            << options.target << "'";
    kernel::KernelDemoteProductsPassOptions demote;
    demote.winogradPanelBytes = options.winograd ? matmulPanelBytes : 0;
    demote.winogradTile = options.winogradTile;
    funcPM.addPass(kernel::createKernelDemoteProductsPass(demote));
  }
  kernel::KernelRewriteConvolutionsPassOptions convolutions;
  convolutions.panelBytes = matmulPanelBytes;
  convolutions.winograd = options.winograd;
  convolutions.winogradTile = options.winogradTile;
  convolutions.pointwiseOnly = info.gpu;
  funcPM.addPass(kernel::createKernelRewriteConvolutionsPass(convolutions));
  kernel::KernelPackWeightsPassOptions packWeights;
  packWeights.panelBytes = matmulPanelBytes;
  packWeights.int8DotProducts = info.int8DotProducts;
  packWeights.bf16DotProducts = info.bf16DotProducts;
  funcPM.addPass(kernel::createKernelPackWeightsPass(packWeights));
  funcPM.addPass(kernel::createKernelPropagateReshapesPass());
  funcPM.addPass(kernel::createKernelFuseElementwisePass());
  funcPM.addPass(kernel::createKernelSimplifyQuantizationPass());
  funcPM.addPass(kernel::createKernelFormDispatchesPass());
  pm.addPass(kernel::createKernelOutlinePass());
  kernel::KernelSelectSchedulePassOptions select;
  select.targetName = backend.getName().str();
  select.cpu = options.cpu.empty() && !info.gpu ? "host" : options.cpu;
  select.features = options.features;
  select.tuningDatabase = options.tuningDatabase;
  select.reportTuning = options.reportTuning;
  pm.addPass(kernel::createKernelSelectSchedulePass(select));
  if (level < CompileLevel::Device)
    return success();

  // Device level: the host program on buffers, its memory plan, its control
  // flow in cf, and each distinct kernel once.
  ConvertKernelToDevicePassOptions device;
  device.target = backend.getDeviceKind().str();
  pm.addPass(createConvertKernelToDevicePass(device));
  device::DevicePlanMemoryPassOptions plan;
  plan.report = options.reportMemory;
  pm.addPass(device::createDevicePlanMemoryPass(plan));
  pm.addPass(createLowerAffinePass());
  pm.addNestedPass<func::FuncOp>(createSCFToControlFlowPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // After canonicalization, which may make more kernels alike.
  pm.addPass(device::createDeviceDeduplicateKernelsPass());
  return success();
}

/// Runs the pipeline and the output step of compileModule under `timing`
/// (a disabled scope when not timing).
static LogicalResult compileModuleTimed(
    ModuleOp module, const CompileOptions &options, CompileOutput &output,
    llvm::function_ref<LogicalResult(PassManager &)> configurePassManager,
    TimingScope &timing) {
  // verifyCompileOptions found the backend.
  const TargetBackend &backend = *lookupTargetBackend(options.target);

  if (!options.fromDevice) {
    PassManager pm(module.getContext(), ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    if (configurePassManager && failed(configurePassManager(pm)))
      return failure();
    // The LLVM level and the module start from the device level.
    CompileLevel level = std::min(options.compileTo, CompileLevel::Device);
    if (failed(buildPipeline(pm, module.getLoc(), options, backend, level)))
      return failure();
    TimingScope pipelineTiming;
    if (options.timing) {
      pipelineTiming = timing.nest("graph, kernel and device pipelines");
      pm.enableTiming(pipelineTiming);
    }
    if (failed(pm.run(module)))
      return failure();
  }

  CodegenOptions codegen = getCodegenOptions(options);
  codegen.cacheStats = &output.cacheStats;
  if (options.timing) {
    codegen.timing = &timing;
    codegen.kernelTimes = &output.kernelTimes;
  }
  switch (options.compileTo) {
  case CompileLevel::Graph:
  case CompileLevel::Kernel:
  case CompileLevel::Device: {
    llvm::raw_string_ostream os(output.text);
    module.print(os);
    return success();
  }
  case CompileLevel::LLVM: {
    FailureOr<OwningOpRef<ModuleOp>> kernels =
        lowerKernels(module, backend, codegen);
    if (failed(kernels))
      return failure();
    llvm::raw_string_ostream os(output.text);
    (*kernels)->print(os);
    return success();
  }
  case CompileLevel::Module: {
    BytecodeOptions bytecodeOptions;
    bytecodeOptions.codegen = codegen;
    bytecodeOptions.sourceName = options.sourceName;
    bytecodeOptions.backend = backend.getName().str();
    return serializeToBytecode(module, bytecodeOptions, output.bytes);
  }
  }
  return failure();
}

LogicalResult strata::compileModule(
    ModuleOp module, const CompileOptions &givenOptions, CompileOutput &output,
    llvm::function_ref<LogicalResult(PassManager &)> configurePassManager) {
  if (std::string error = verifyCompileOptions(givenOptions); !error.empty())
    return emitError(module.getLoc()) << error;
  // `cuda:sm_80`: the backend and its chip.
  CompileOptions options = givenOptions;
  (void)resolveTargetSpelling(options);
  output = CompileOutput();
  // With options.timing, MLIR's timing manager records a tree of phases and
  // passes under one root; its text report becomes output.timingReport.
  DefaultTimingManager timingManager;
  timingManager.setEnabled(options.timing);
  llvm::raw_string_ostream reportStream(output.timingReport);
  timingManager.setOutput(createOutputStrategy(
      DefaultTimingManager::OutputFormat::Text, reportStream));
  LogicalResult result = success();
  {
    TimingScope root = timingManager.getRootScope();
    result =
        compileModuleTimed(module, options, output, configurePassManager, root);
  }
  if (options.timing) {
    timingManager.print();
    // Its destructor would print again, into a stream gone by then.
    timingManager.setEnabled(false);
    reportStream << formatSlowestKernels(output.kernelTimes);
    if (options.compileTo == CompileLevel::Module && succeeded(result))
      reportStream << formatKernelCacheStats(options, output.cacheStats)
                   << "\n";
  }
  return result;
}

std::unique_ptr<llvm::ThreadPoolInterface>
strata::setContextThreads(MLIRContext &context, unsigned threads) {
  if (threads == 0)
    return nullptr;
  // setThreadPool requires multithreading off first.
  context.disableMultithreading();
  if (threads == 1)
    return nullptr;
  auto pool = std::make_unique<llvm::DefaultThreadPool>(
      llvm::hardware_concurrency(threads));
  context.setThreadPool(*pool);
  return pool;
}

LogicalResult strata::compileSource(llvm::StringRef source,
                                    llvm::StringRef sourceName,
                                    const CompileOptions &options,
                                    CompileOutput &output,
                                    std::string &diagnostics) {
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  if (std::string error = verifyCompileOptions(options); !error.empty()) {
    diagnosticStream << "error: " << error << "\n";
    return failure();
  }
  ensureCompilerPassesRegistered();

  ParsedSource parsed(source, sourceName, options.threads, diagnostics);
  OwningOpRef<ModuleOp> &module = parsed.getModule();
  if (!module)
    return failure();

  CompileOptions withSource = options;
  if (withSource.sourceName.empty())
    withSource.sourceName = llvm::sys::path::filename(sourceName).str();
  LogicalResult result = compileModule(*module, withSource, output);
  if (failed(result) && diagnostics.empty())
    parsed.getDiagnosticStream()
        << sourceName << ": error: compilation failed without a diagnostic\n";
  return result;
}
