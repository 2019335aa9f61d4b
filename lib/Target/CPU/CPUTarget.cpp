//===- CPUTarget.cpp - The CPU target backend -----------------------------===//
//
// Implements the CPU TargetBackend (CPUTarget.h): the host's (or a named
// x86-64 CPU's) #kernel.target, the facts the heuristics read of one, the
// kernel lowering pipeline (strata-lower-kernels-cpu) and the shared object
// stored in the .smod with the CPU features it needs.
//
//===----------------------------------------------------------------------===//

#include "strata/Target/CPU/CPUTarget.h"
#include "CPUTargetImpl.h"

#include "strata/Codegen/CPU/Pipelines.h"
#include "strata/Codegen/CPU/ScheduleHeuristics.h"
#include "strata/Codegen/Common/KernelABI.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Runtime/CpuFeatures.h"
#include "strata/Target/LLVM/ObjectEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <thread>

using namespace mlir;
using namespace strata;

namespace {

/// The widest vector of a CPU from its features: 512 bits with avx512f, 256
/// with avx2 (or avx), 128 otherwise.
int64_t getVectorBits(const llvm::StringMap<bool> &features) {
  auto has = [&](StringRef name) {
    auto it = features.find(name);
    return it != features.end() && it->second;
  };
  if (has("avx512f"))
    return 512;
  if (has("avx2") || has("avx"))
    return 256;
  return 128;
}

/// The features of CpuFeatures.h that the kernels' target machine enables
/// (those the runtime checks before it runs the kernels). Recorded for x86
/// targets; the list is empty for others.
FailureOr<std::vector<std::string>>
getRequiredCpuFeatures(Location loc, const CodegenOptions &options) {
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(loc, options.triple, options.chip, options.features,
                          options.optLevel);
  if (failed(targetMachine))
    return failure();
  std::vector<std::string> features;
  if (!(*targetMachine)->getTargetTriple().isX86())
    return features;
  const llvm::MCSubtargetInfo *subtarget =
      (*targetMachine)->getMCSubtargetInfo();
  llvm::StringSet<> known;
  for (const llvm::SubtargetFeatureKV &feature :
       subtarget->getAllProcessorFeatures())
    known.insert(feature.Key);
  for (std::string_view name : runtime::getRecordableCpuFeatures()) {
    // checkFeatures aborts on names the target does not know.
    if (!known.contains(llvm::StringRef(name.data(), name.size())))
      continue;
    if (subtarget->checkFeatures("+" + std::string(name)))
      features.emplace_back(name);
  }
  return features;
}

/// The CPU backend; see CPUTarget.h.
class CPUTargetBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "cpu"; }
  StringRef getDescription() const override {
    return "the host CPU or a named x86-64 CPU (--cpu): LLVM and lld";
  }

  /// The host (`chip` "" or "host": its features, its core count) or a
  /// named x86-64 CPU (LLVM's features of it; other names get no features,
  /// hence 128-bit vectors), with 48 KiB L1 and 2 MiB L2 caches per core.
  FailureOr<kernel::TargetAttr>
  getDefaultTarget(Location loc, StringRef chip,
                   StringRef features) const override {
    llvm::StringMap<bool> featureMap;
    std::string name = chip.str();
    int64_t cores = 1;
    if (chip.empty() || chip == "host") {
      name = llvm::sys::getHostCPUName().str();
      for (const auto &feature : llvm::sys::getHostCPUFeatures())
        featureMap[feature.getKey()] = feature.getValue();
      cores = std::max(1u, std::thread::hardware_concurrency());
    } else if (llvm::X86::parseArchX86(chip, /*Only64Bit=*/true) !=
               llvm::X86::CK_None) {
      SmallVector<StringRef> names;
      llvm::X86::getFeaturesForCPU(chip, names, /*NeedPlus=*/false);
      for (StringRef feature : names)
        featureMap[feature] = true;
    }
    // Features the caller names (+avx2,-avx512f) override the chip's.
    SmallVector<StringRef> given;
    features.split(given, ',', -1, /*KeepEmpty=*/false);
    for (StringRef feature : given)
      if (feature.size() > 1 && (feature[0] == '+' || feature[0] == '-'))
        featureMap[feature.drop_front()] = feature[0] == '+';
    std::string featureString = features.str();
    if (featureString.empty()) {
      SmallVector<std::string> enabled;
      for (const auto &feature : featureMap)
        if (feature.getValue())
          enabled.push_back("+" + feature.getKey().str());
      llvm::sort(enabled);
      featureString = llvm::join(enabled, ",");
    }
    return kernel::TargetAttr::get(
        loc.getContext(), llvm::sys::getDefaultTargetTriple(), name,
        featureString, getVectorBits(featureMap), /*l1Bytes=*/48 * 1024,
        /*l2Bytes=*/2 * 1024 * 1024, cores);
  }

  TargetInfo getTargetInfo(kernel::TargetAttr target) const override {
    TargetInfo info;
    info.vectorBits = target.getVectorBits();
    // x86-64: 32 vector registers with AVX-512, 16 before it.
    info.vectorRegisters = info.vectorBits >= 512 ? 32 : 16;
    info.l1Bytes = target.getL1Bytes();
    info.l2Bytes = target.getL2Bytes();
    info.cores = target.getCores();
    return info;
  }

  kernel::ScheduleAttr chooseSchedule(linalg::LinalgOp root,
                                      const TargetInfo &info) const override {
    return cpu::chooseSchedule(root, info);
  }
  int64_t getGemvPanelBytes(const TargetInfo &info) const override {
    return cpu::getGemvPanelBytes(info);
  }
  int64_t getMatmulPanelBytes(const TargetInfo &info) const override {
    return cpu::getMatmulPanelBytes(info);
  }

  void buildCodegenPipeline(OpPassManager &pm,
                            const CodegenOptions &options) const override {
    buildKernelToLLVMPipeline(pm, options.vectorize);
  }

  LogicalResult serializeKernels(ModuleOp module, const CodegenOptions &options,
                                 KernelLibrary &library) const override {
    FailureOr<OwningOpRef<ModuleOp>> llvmModule =
        lowerKernels(module, *this, options);
    if (failed(llvmModule))
      return failure();
    // Kernels distributed into tiles export a grid function.
    llvm::StringSet<> exported;
    (*llvmModule)->walk([&](LLVM::LLVMFuncOp func) {
      if (!func.isExternal())
        exported.insert(func.getSymName());
    });
    FailureOr<std::vector<uint8_t>> binary =
        cpu::buildSharedObject(**llvmModule, options);
    if (failed(binary))
      return failure();
    FailureOr<std::vector<std::string>> features =
        getRequiredCpuFeatures(module.getLoc(), options);
    if (failed(features))
      return failure();
    library.binary = std::move(*binary);
    library.requiredFeatures = std::move(*features);
    for (auto kernel : module.getOps<kernel::FuncOp>()) {
      KernelSymbols &symbols = library.kernels[kernel.getSymName()];
      symbols.entry = getKernelEntrySymbol(kernel.getSymName());
      std::string grid = getKernelGridSymbol(kernel.getSymName());
      if (exported.contains(grid))
        symbols.grid = std::move(grid);
    }
    return success();
  }
};

} // namespace

std::unique_ptr<TargetBackend> strata::createCPUTargetBackend() {
  return std::make_unique<CPUTargetBackend>();
}
