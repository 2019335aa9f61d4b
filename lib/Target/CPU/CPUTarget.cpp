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
#include "strata/Support/Timing.h"
#include "strata/Target/KernelCache.h"
#include "strata/Target/LLVM/ObjectEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/SHA256.h"
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

/// The CPU features the schedule heuristics and layouts read (through
/// getFeatureMap of a #kernel.target's cpu and features).
constexpr StringRef kHeuristicFeatures[] = {"avx512vnni", "avx512bf16"};

/// The features of `chip` (the host's for "" or "host"; LLVM's list for a
/// named x86-64 CPU; none for other names), overridden by those `features`
/// names (+avx2,-avx512f).
llvm::StringMap<bool> getFeatureMap(StringRef chip, StringRef features) {
  llvm::StringMap<bool> featureMap;
  if (chip.empty() || chip == "host") {
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      featureMap[feature.getKey()] = feature.getValue();
  } else if (llvm::X86::parseArchX86(chip, /*Only64Bit=*/true) !=
             llvm::X86::CK_None) {
    SmallVector<StringRef> names;
    llvm::X86::getFeaturesForCPU(chip, names, /*NeedPlus=*/false);
    for (StringRef feature : names)
      featureMap[feature] = true;
  }
  SmallVector<StringRef> given;
  features.split(given, ',', -1, /*KeepEmpty=*/false);
  for (StringRef feature : given)
    if (feature.size() > 1 && (feature[0] == '+' || feature[0] == '-'))
      featureMap[feature.drop_front()] = feature[0] == '+';
  return featureMap;
}

/// Whether the kernels of a target with `vectorBits`-wide vectors and these
/// features get int8 products in the dot-product layout: the 512-bit
/// vpdpbusd of AVX512-VNNI, which their lowering emits.
bool hasInt8DotProducts(int64_t vectorBits,
                        const llvm::StringMap<bool> &features) {
  return vectorBits >= 512 && features.lookup("avx512vnni");
}

/// Whether they get bf16 products in the dot-product layout of pairs: the
/// 512-bit vdpbf16ps of AVX512-BF16.
bool hasBF16DotProducts(int64_t vectorBits,
                        const llvm::StringMap<bool> &features) {
  return vectorBits >= 512 && features.lookup("avx512bf16");
}

/// The features of CpuFeatures.h that the kernels' target machine enables
/// (those the runtime checks before it runs the kernels). Recorded for x86
/// targets; the list is empty for others.
std::vector<std::string>
getRequiredCpuFeatures(const llvm::TargetMachine &targetMachine) {
  std::vector<std::string> features;
  if (!targetMachine.getTargetTriple().isX86())
    return features;
  const llvm::MCSubtargetInfo *subtarget = targetMachine.getMCSubtargetInfo();
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

/// One distinct kernel's code: an object file whose symbols are named after
/// the kernel's content (`symbolName`), so that the same object serves any
/// kernel of that content, in any module, from the cache or not.
struct KernelObject {
  std::string symbolName;
  KernelCache::Key cacheKey;
  SmallVector<char, 0> object;
  /// The object exports a grid function.
  bool hasGrid = false;
  /// The object came from the cache.
  bool cached = false;
};

/// The cache entry metadata of a kernel object.
std::string getEntryMetadata(const KernelObject &code) {
  return code.hasGrid ? "grid=1" : "grid=0";
}

/// Fills `code` from a cache entry when it is an object file for
/// `targetMachine` that defines the symbols its metadata promises.
bool loadCachedObject(const KernelCacheEntry &entry,
                      const llvm::TargetMachine &targetMachine,
                      KernelObject &code) {
  if (entry.metadata != "grid=0" && entry.metadata != "grid=1")
    return false;
  bool hasGrid = entry.metadata == "grid=1";
  llvm::MemoryBufferRef buffer(
      llvm::StringRef(entry.payload.data(), entry.payload.size()), "cached");
  llvm::Expected<std::unique_ptr<llvm::object::ObjectFile>> object =
      llvm::object::ObjectFile::createObjectFile(buffer);
  if (!object) {
    llvm::consumeError(object.takeError());
    return false;
  }
  if (!(*object)->isRelocatableObject() ||
      (*object)->getArch() != targetMachine.getTargetTriple().getArch())
    return false;
  std::string entrySymbol = getKernelEntrySymbol(code.symbolName);
  std::string gridSymbol = getKernelGridSymbol(code.symbolName);
  bool hasEntry = false, definesGrid = false;
  for (const llvm::object::SymbolRef &symbol : (*object)->symbols()) {
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    if (!flags || !name) {
      llvm::consumeError(flags.takeError());
      llvm::consumeError(name.takeError());
      return false;
    }
    if ((*flags & llvm::object::SymbolRef::SF_Undefined) ||
        !(*flags & llvm::object::SymbolRef::SF_Global))
      continue;
    hasEntry |= *name == entrySymbol;
    definesGrid |= *name == gridSymbol;
  }
  if (!hasEntry || definesGrid != hasGrid)
    return false;
  code.object.assign(entry.payload.begin(), entry.payload.end());
  code.hasGrid = hasGrid;
  code.cached = true;
  return true;
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
    llvm::StringMap<bool> featureMap = getFeatureMap(chip, features);
    std::string name = chip.str();
    int64_t cores = 1;
    if (chip.empty() || chip == "host") {
      name = llvm::sys::getHostCPUName().str();
      cores = std::max(1u, std::thread::hardware_concurrency());
    }
    std::string featureString = features.str();
    if (featureString.empty()) {
      SmallVector<std::string> enabled;
      for (const auto &feature : featureMap)
        if (feature.getValue())
          enabled.push_back("+" + feature.getKey().str());
      // A feature the heuristics read and this CPU lacks although its chip
      // has it (a VM's mask) is named too: getFeatureMap of the target's
      // cpu and features would otherwise take the chip's.
      for (StringRef feature : kHeuristicFeatures)
        if (featureMap.count(feature) && !featureMap.lookup(feature))
          enabled.push_back("-" + feature.str());
      llvm::sort(enabled);
      featureString = llvm::join(enabled, ",");
    }
    return kernel::TargetAttr::get(
        loc.getContext(), llvm::sys::getDefaultTargetTriple(), name,
        featureString, getVectorBits(featureMap), /*l1Bytes=*/48 * 1024,
        /*l2Bytes=*/2 * 1024 * 1024, cores, /*warpSize=*/0,
        /*sharedBytesPerBlock=*/0, /*sharedBytesPerMultiprocessor=*/0,
        /*registersPerMultiprocessor=*/0);
  }

  TargetInfo getTargetInfo(kernel::TargetAttr target) const override {
    TargetInfo info;
    info.vectorBits = target.getVectorBits();
    // x86-64: 32 vector registers with AVX-512, 16 before it.
    info.vectorRegisters = info.vectorBits >= 512 ? 32 : 16;
    info.l1Bytes = target.getL1Bytes();
    info.l2Bytes = target.getL2Bytes();
    info.cores = target.getCores();
    // The target's features: its feature string (the host's whole list, or
    // the caller's overrides) over its chip's, as LLVM compiles for them.
    llvm::StringMap<bool> features =
        getFeatureMap(target.getCpu(), target.getFeatures());
    info.int8DotProducts = hasInt8DotProducts(info.vectorBits, features);
    info.bf16DotProducts = hasBF16DotProducts(info.vectorBits, features);
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
    // The kernels' chip and features, as getDefaultTarget made the
    // #kernel.target that laid their products out.
    llvm::StringMap<bool> features =
        getFeatureMap(options.chip, options.features);
    int64_t vectorBits = getVectorBits(features);
    buildKernelToLLVMPipeline(pm, options.vectorize,
                              hasInt8DotProducts(vectorBits, features),
                              hasBF16DotProducts(vectorBits, features));
  }

  LogicalResult serializeKernels(ModuleOp module, const CodegenOptions &options,
                                 KernelLibrary &library) const override {
    return serializeCPUKernels(module, *this, options, "", library);
  }
};

} // namespace

/// Each distinct kernel is compiled once, alone, to an object named after
/// its content (or taken from the kernel cache), and the objects are
/// linked in the order of the kernels' first appearance: the library is
/// the same with or without the cache and whatever the thread count.
LogicalResult strata::serializeCPUKernels(ModuleOp module,
                                          const TargetBackend &pipeline,
                                          const CodegenOptions &options,
                                          StringRef variant,
                                          KernelLibrary &library) {
  Location loc = module.getLoc();
  // The target machine as code generation resolves it (the host's CPU and
  // features when none are named), which cache keys must name.
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(loc, options.triple, options.chip, options.features,
                          options.optLevel);
  if (failed(targetMachine))
    return failure();
  std::string codegenDescription =
      ((*targetMachine)->getTargetTriple().str() + "\n" +
       (*targetMachine)->getTargetCPU() + "\n" +
       (*targetMachine)->getTargetFeatureString() + "\nO" +
       llvm::Twine(options.optLevel) +
       (options.vectorize ? " vectorize" : " scalar"))
          .str();
  std::optional<KernelCache> cache;
  if (!options.cacheDirectory.empty())
    cache.emplace(options.cacheDirectory);
  KernelCacheStats stats;

  SmallVector<KernelObject> codes;
  llvm::StringMap<unsigned> codeBySymbol;
  SmallVector<std::pair<kernel::FuncOp, unsigned>> kernelCodes;
  OwningOpRef<ModuleOp> missing = ModuleOp::create(loc);
  OpBuilder builder = OpBuilder::atBlockEnd(missing->getBody());
  {
    TimingScope lookup = nestTiming(options.timing, "kernel cache lookup");
    for (auto kernel : module.getOps<kernel::FuncOp>()) {
      std::string form = kernel::printNameIndependentForm(kernel);
      std::array<uint8_t, 32> digest = llvm::SHA256::hash(
          llvm::ArrayRef<uint8_t>(llvm::StringRef(form).bytes_begin(),
                                  llvm::StringRef(form).bytes_end()));
      std::string symbolName =
          "k" + llvm::toHex(llvm::ArrayRef<uint8_t>(digest).take_front(16),
                            /*LowerCase=*/true);
      auto [it, inserted] = codeBySymbol.try_emplace(symbolName, codes.size());
      kernelCodes.emplace_back(kernel, it->second);
      if (!inserted)
        continue;
      KernelObject &code = codes.emplace_back();
      code.symbolName = symbolName;
      if (cache) {
        // The form's digest stands for it: hashing the form once is
        // enough.
        code.cacheKey =
            KernelCache::makeKey({"cpu", codegenDescription,
                                  llvm::toHex(digest, /*LowerCase=*/true)});
        if (std::optional<KernelCacheEntry> entry =
                cache->lookup(code.cacheKey, stats)) {
          if (loadCachedObject(*entry, **targetMachine, code)) {
            ++stats.hits;
            continue;
          }
          ++stats.rejected;
        }
        ++stats.misses;
      }
      auto clone = cast<kernel::FuncOp>(builder.clone(*kernel.getOperation()));
      clone.setSymName(symbolName);
    }
  }

  // The kernels' times, by the names of their kernel modules (their
  // content), reported under the first kernel of each content.
  llvm::StringMap<KernelTime> timesBySymbol;
  CodegenOptions compileOptions = options;
  if (options.kernelTimes)
    compileOptions.kernelTimes = &timesBySymbol;
  if (!missing->getBody()->empty() || codes.empty()) {
    FailureOr<OwningOpRef<ModuleOp>> llvmModule =
        lowerKernels(*missing, pipeline, compileOptions);
    if (failed(llvmModule))
      return failure();
    // Kernels distributed into tiles export a grid function.
    llvm::StringSet<> exported;
    (*llvmModule)->walk([&](LLVM::LLVMFuncOp func) {
      if (!func.isExternal())
        exported.insert(func.getSymName());
    });
    FailureOr<SmallVector<SmallVector<char, 0>>> objects =
        cpu::compileKernelObjects(**llvmModule, compileOptions);
    if (failed(objects))
      return failure();
    auto compiled = llvm::make_filter_range(
        codes, [](const KernelObject &code) { return !code.cached; });
    if (codes.empty()) {
      // No kernels: a library without symbols.
      codes.emplace_back().object = std::move(objects->front());
    } else {
      for (auto [code, object] : llvm::zip_equal(compiled, *objects)) {
        code.object = std::move(object);
        code.hasGrid = exported.contains(getKernelGridSymbol(code.symbolName));
      }
    }
    if (cache) {
      TimingScope store = nestTiming(options.timing, "kernel cache store");
      for (const KernelObject &code : compiled) {
        if (code.symbolName.empty())
          continue;
        KernelCacheEntry entry;
        entry.metadata = getEntryMetadata(code);
        entry.payload.assign(code.object.begin(), code.object.end());
        std::string error = cache->store(code.cacheKey, entry);
        if (error.empty())
          continue;
        // The first failure only: the others are likely the same.
        if (stats.storeFailures++ == 0)
          emitWarning(loc) << "kernel cache: " << error;
      }
      cache->prune(KernelCache::getDefaultMaxBytes());
    }
  }

  // The library's symbols of a kernel are named after it: aliases of its
  // object's, which are named after its content.
  SmallVector<std::pair<std::string, std::string>> aliases;
  for (auto [kernel, index] : kernelCodes) {
    const KernelObject &code = codes[index];
    KernelSymbols &symbols = library.kernels[kernel.getSymName()];
    symbols.entry = getKernelEntrySymbol(kernel.getSymName());
    aliases.emplace_back(symbols.entry, getKernelEntrySymbol(code.symbolName));
    if (code.hasGrid) {
      symbols.grid = getKernelGridSymbol(kernel.getSymName());
      aliases.emplace_back(symbols.grid, getKernelGridSymbol(code.symbolName));
    }
  }
  SmallVector<ArrayRef<char>> objects;
  for (const KernelObject &code : codes)
    objects.push_back(code.object);
  FailureOr<std::vector<uint8_t>> binary =
      cpu::linkSharedObject(loc, objects, aliases, options);
  if (failed(binary))
    return failure();
  library.binary = std::move(*binary);
  library.requiredFeatures = getRequiredCpuFeatures(**targetMachine);
  if (options.cacheStats)
    *options.cacheStats = stats;
  if (options.kernelTimes)
    for (auto [kernel, index] : kernelCodes)
      if (auto it = timesBySymbol.find(codes[index].symbolName);
          it != timesBySymbol.end()) {
        options.kernelTimes->try_emplace(kernel.getSymName(), it->second);
        timesBySymbol.erase(it);
      }
  return success();
}

std::unique_ptr<TargetBackend> strata::createCPUTargetBackend() {
  return std::make_unique<CPUTargetBackend>();
}
