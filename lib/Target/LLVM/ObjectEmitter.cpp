//===- ObjectEmitter.cpp - LLVM IR, assembly and object emission ----------===//
//
// Implements ObjectEmitter.h: MLIR LLVM dialect -> llvm::Module -> new pass
// manager pipeline -> TargetMachine code generation, reporting every failure
// as an MLIR diagnostic.
//
//===----------------------------------------------------------------------===//

#include "strata/Target/LLVM/ObjectEmitter.h"

#include "BFloat16Memory.h"
#include "Builtins.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>
#include <optional>

using namespace mlir;

namespace {

/// Registers every target LLVM was built with (info, MC layer, code
/// generator, assembly printer and parser), once per process. All of them,
/// not only the native one, so that --target-triple can cross-compile.
void initializeLLVMTargets() {
  static std::once_flag flag;
  std::call_once(flag, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    llvm::InitializeAllAsmParsers();
  });
}

/// Turns the diagnostics LLVM reports through its LLVMContext (the default
/// handler prints them and exits on errors) into MLIR diagnostics at `loc`
/// while it is alive, then restores the previous handler.
class ScopedLLVMDiagnosticHandler {
public:
  ScopedLLVMDiagnosticHandler(llvm::LLVMContext &context, Location loc)
      : context(context), previous(context.getDiagnosticHandler()) {
    context.setDiagnosticHandler(std::make_unique<Forwarder>(loc, hadError));
  }
  ~ScopedLLVMDiagnosticHandler() {
    context.setDiagnosticHandler(std::move(previous));
  }

  /// Whether an error diagnostic was reported.
  bool failed() const { return hadError; }

private:
  struct Forwarder : llvm::DiagnosticHandler {
    Forwarder(Location loc, bool &hadError) : loc(loc), hadError(hadError) {}

    bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
      std::string message;
      llvm::raw_string_ostream os(message);
      llvm::DiagnosticPrinterRawOStream printer(os);
      info.print(printer);
      switch (info.getSeverity()) {
      case llvm::DS_Error:
        hadError = true;
        emitError(loc) << "LLVM: " << message;
        break;
      case llvm::DS_Warning:
        emitWarning(loc) << "LLVM: " << message;
        break;
      case llvm::DS_Remark:
      case llvm::DS_Note:
        break;
      }
      return true;
    }

    Location loc;
    bool &hadError;
  };

  llvm::LLVMContext &context;
  std::unique_ptr<llvm::DiagnosticHandler> previous;
  bool hadError = false;
};

/// Runs the IR verifier on `module`; a broken module is an error at `loc`.
LogicalResult verifyLLVMModule(Location loc, llvm::Module &module) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (!llvm::verifyModule(module, &os))
    return success();
  return emitError(loc) << "invalid LLVM IR module: " << message;
}

/// Checks a user-given feature string ("+avx2,-fma") against the features
/// the target knows.
LogicalResult verifyFeatures(Location loc, const llvm::MCSubtargetInfo &sti,
                             const llvm::Triple &triple,
                             llvm::StringRef features) {
  llvm::ArrayRef<llvm::SubtargetFeatureKV> known =
      sti.getAllProcessorFeatures();
  llvm::SubtargetFeatures parsed(features);
  for (const std::string &feature : parsed.getFeatures()) {
    llvm::StringRef name = feature;
    if (name.empty())
      continue;
    if (!llvm::SubtargetFeatures::hasFlag(name))
      return emitError(loc)
             << "target feature '" << name << "' must start with '+' or '-'";
    name = llvm::SubtargetFeatures::StripFlag(name);
    if (llvm::none_of(known, [&](const llvm::SubtargetFeatureKV &kv) {
          return name == kv.Key;
        }))
      return emitError(loc) << "unknown target feature '" << name
                            << "' for target '" << triple.str() << "'";
  }
  return success();
}

/// Writes `module` as `fileType` with `targetMachine`.
LogicalResult emitMachineCode(Location loc, llvm::Module &module,
                              llvm::TargetMachine &targetMachine,
                              llvm::raw_pwrite_stream &os,
                              llvm::CodeGenFileType fileType) {
  strata::setTargetInfo(module, targetMachine);
  // CPU kernel libraries are linked without compiler-rt.
  const llvm::Triple &triple = targetMachine.getTargetTriple();
  if (!triple.isNVPTX() && !triple.isAMDGPU())
    strata::defineCompilerBuiltins(module);
  if (triple.isX86())
    strata::loadAndStoreBFloat16VectorsAsIntegers(module);
  if (failed(verifyLLVMModule(loc, module)))
    return failure();
  ScopedLLVMDiagnosticHandler diagnostics(module.getContext(), loc);

  // Object writers may seek back to patch headers, which a pipe (stdout)
  // cannot: write object files to memory first, as llc does.
  std::optional<llvm::buffer_ostream> buffered;
  llvm::raw_pwrite_stream *out = &os;
  if (fileType == llvm::CodeGenFileType::ObjectFile)
    out = &buffered.emplace(os);

  llvm::legacy::PassManager passManager;
  llvm::TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
  passManager.add(new llvm::TargetLibraryInfoWrapperPass(libraryInfo));
  if (targetMachine.addPassesToEmitFile(passManager, *out, nullptr, fileType,
                                        /*DisableVerify=*/true))
    return emitError(loc) << "target '" << targetMachine.getTargetTriple().str()
                          << "' cannot emit "
                          << (fileType == llvm::CodeGenFileType::ObjectFile
                                  ? "object files"
                                  : "assembly");
  passManager.run(module);
  return failure(diagnostics.failed());
}

} // namespace

FailureOr<std::unique_ptr<llvm::Module>>
strata::translateToLLVMIR(ModuleOp module, llvm::LLVMContext &llvmContext) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);

  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return emitError(module.getLoc())
           << "failed to translate the module to LLVM IR";
  return llvmModule;
}

FailureOr<std::unique_ptr<llvm::TargetMachine>>
strata::createTargetMachine(Location loc, llvm::StringRef tripleName,
                            llvm::StringRef cpu, llvm::StringRef features,
                            unsigned optLevel) {
  if (optLevel > 3)
    return emitError(loc) << "invalid optimization level " << optLevel
                          << " (expected 0 to 3)";
  // Machine code at Less from 1 up (optLevel still picks the IR pipeline,
  // optimizeLLVMModule): what Default and Aggressive add on x86 is mainly
  // the post-RA list scheduler, which the Zen scheduling models turn on,
  // which took up to a quarter of a kernel's LLVM time (quadratic in a
  // block's length, and register tiles make long blocks), and which changed
  // no run time measured on an AVX2 EPYC (docs/CompileTime.md).
  llvm::CodeGenOptLevel codeGenLevel =
      optLevel == 0 ? llvm::CodeGenOptLevel::None : llvm::CodeGenOptLevel::Less;

  initializeLLVMTargets();
  llvm::Triple triple(llvm::Triple::normalize(
      tripleName.empty() ? llvm::sys::getDefaultTargetTriple() : tripleName));
  std::string lookupError;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target)
    return emitError(loc) << "unknown target triple '" << tripleName
                          << "': " << lookupError;

  // Resolve the CPU: the host's for the host's architecture when none (or
  // "host") is given, the target's generic one for a foreign architecture.
  bool isNative =
      triple.getArch() == llvm::Triple(llvm::sys::getProcessTriple()).getArch();
  std::string cpuName = cpu.str();
  std::string featureString = features.str();
  bool userCPU = !cpu.empty() && cpu != "host";
  if (cpu == "host" && !isNative)
    return emitError(loc) << "the host CPU cannot be used for target '"
                          << triple.str() << "' (the host is '"
                          << llvm::sys::getProcessTriple() << "')";
  if (!userCPU && isNative) {
    cpuName = llvm::sys::getHostCPUName().str();
    if (features.empty()) {
      llvm::SubtargetFeatures hostFeatures;
      for (const auto &feature : llvm::sys::getHostCPUFeatures())
        hostFeatures.AddFeature(feature.getKey(), feature.getValue());
      featureString = hostFeatures.getString();
    }
  } else if (!userCPU) {
    cpuName.clear();
  }

  // Check what the user gave against a subtarget built from neither (LLVM
  // only warns on unknown names, on stderr, and ignores them).
  std::unique_ptr<llvm::MCSubtargetInfo> probe(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!probe)
    return emitError(loc) << "target '" << triple.str()
                          << "' has no subtarget information";
  if (userCPU && !probe->isCPUStringValid(cpuName))
    return emitError(loc) << "unknown CPU '" << cpuName << "' for target '"
                          << triple.str() << "'";
  if (!features.empty() &&
      failed(verifyFeatures(loc, *probe, triple, features)))
    return failure();

  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> targetMachine(
      target->createTargetMachine(triple, cpuName, featureString, options,
                                  llvm::Reloc::PIC_, std::nullopt,
                                  codeGenLevel));
  if (!targetMachine)
    return emitError(loc) << "could not create a target machine for '"
                          << triple.str() << "'";
  return targetMachine;
}

void strata::setTargetInfo(llvm::Module &module,
                           const llvm::TargetMachine &targetMachine) {
  module.setTargetTriple(targetMachine.getTargetTriple());
  module.setDataLayout(targetMachine.createDataLayout());
}

LogicalResult strata::optimizeLLVMModule(Location loc, llvm::Module &module,
                                         llvm::TargetMachine &targetMachine,
                                         unsigned optLevel) {
  std::optional<llvm::OptimizationLevel> level;
  switch (optLevel) {
  case 0:
    level = llvm::OptimizationLevel::O0;
    break;
  case 1:
    level = llvm::OptimizationLevel::O1;
    break;
  case 2:
    level = llvm::OptimizationLevel::O2;
    break;
  case 3:
    level = llvm::OptimizationLevel::O3;
    break;
  default:
    return emitError(loc) << "invalid optimization level " << optLevel
                          << " (expected 0 to 3)";
  }

  setTargetInfo(module, targetMachine);
  if (failed(verifyLLVMModule(loc, module)))
    return failure();
  ScopedLLVMDiagnosticHandler diagnostics(module.getContext(), loc);

  // clang's tuning (loop interleaving and the loop and SLP vectorizers from
  // -O2) but no loop unrolling: the kernels arrive unrolled to their
  // register tiles, and LLVM's unroller only made big blocks of the loops
  // left (a zero fill of 512 stores per tile, window loops), which its
  // schedulers take quadratic time over. Without it LLVM's share of
  // ResNet-18's compile fell from 3.4 s to 1.6 s (EfficientNet-B0: 11.1 to
  // 7.8 s), the compiled models as fast (bench/results/compile.md).
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  tuning.LoopInterleaving = optLevel > 1;
  tuning.LoopVectorization = optLevel > 1;
  tuning.SLPVectorization = optLevel > 1;

  llvm::LoopAnalysisManager loopAM;
  llvm::FunctionAnalysisManager functionAM;
  llvm::CGSCCAnalysisManager cgsccAM;
  llvm::ModuleAnalysisManager moduleAM;
  // LLVM's standard instrumentation, so that -time-passes (and the other
  // LLVM debugging flags the tools accept) cover this pipeline too.
  llvm::PassInstrumentationCallbacks instrumentation;
  llvm::StandardInstrumentations standardInstrumentation(
      module.getContext(), /*DebugLogging=*/false);
  standardInstrumentation.registerCallbacks(instrumentation, &moduleAM);
  llvm::PassBuilder builder(&targetMachine, tuning, std::nullopt,
                            &instrumentation);
  builder.registerModuleAnalyses(moduleAM);
  builder.registerCGSCCAnalyses(cgsccAM);
  builder.registerFunctionAnalyses(functionAM);
  builder.registerLoopAnalyses(loopAM);
  builder.crossRegisterProxies(loopAM, functionAM, cgsccAM, moduleAM);

  llvm::ModulePassManager passManager =
      optLevel == 0 ? builder.buildO0DefaultPipeline(*level)
                    : builder.buildPerModuleDefaultPipeline(*level);
  passManager.run(module, moduleAM);
  return failure(diagnostics.failed());
}

LogicalResult strata::emitObject(Location loc, llvm::Module &module,
                                 llvm::TargetMachine &targetMachine,
                                 llvm::raw_pwrite_stream &os) {
  return emitMachineCode(loc, module, targetMachine, os,
                         llvm::CodeGenFileType::ObjectFile);
}

LogicalResult strata::emitAssembly(Location loc, llvm::Module &module,
                                   llvm::TargetMachine &targetMachine,
                                   llvm::raw_pwrite_stream &os) {
  return emitMachineCode(loc, module, targetMachine, os,
                         llvm::CodeGenFileType::AssemblyFile);
}
