//===- CUDATarget.cpp - The CUDA target backends --------------------------===//
//
// Implements the CUDA TargetBackend and the CUDA emulator (CUDATarget.h):
// the chips' facts, the code generation pipeline of Codegen/CUDA, and the
// kernel library of PTX (and cubins, when ptxas is present) stored in the
// .smod, whose layout Runtime/Bytecode.h defines.
//
//===----------------------------------------------------------------------===//

#include "strata/Target/CUDA/CUDATarget.h"

#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/CUDA/Pipelines.h"
#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"
#include "strata/Runtime/Bytecode.h"
#include "strata/Support/Timing.h"
#include "strata/Target/CPU/CPUTarget.h"
#include "strata/Target/TargetBackend.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"

#include <cstring>
#include <mutex>

using namespace mlir;
using namespace strata;

namespace {

/// The facts of one CUDA architecture, from a GPU of it that users are
/// likely to have (NVIDIA's data sheets and the CUDA C++ Programming Guide's
/// table of compute capabilities).
struct ChipFacts {
  llvm::StringLiteral chip;
  /// The GPU the multiprocessor count and L2 size are from.
  llvm::StringLiteral gpu;
  int64_t multiprocessors;
  int64_t l1AndSharedBytes;
  int64_t sharedBytesPerBlock;
  int64_t sharedBytesPerMultiprocessor;
  int64_t l2Bytes;
};

constexpr int64_t KiB = 1024, MiB = 1024 * 1024;

const ChipFacts kChips[] = {
    {"sm_80", "A100", 108, 192 * KiB, 163 * KiB, 164 * KiB, 40 * MiB},
    {"sm_86", "A10", 72, 128 * KiB, 99 * KiB, 100 * KiB, 6 * MiB},
    {"sm_89", "L4", 58, 128 * KiB, 99 * KiB, 100 * KiB, 48 * MiB},
    {"sm_90", "H100 SXM / H200", 132, 256 * KiB, 227 * KiB, 228 * KiB,
     50 * MiB},
    {"sm_90a", "H100 SXM / H200", 132, 256 * KiB, 227 * KiB, 228 * KiB,
     50 * MiB},
};

/// Every chip, NVPTX's 32-thread warps and 64 K registers per
/// multiprocessor.
constexpr int64_t kWarpSize = 32;
constexpr int64_t kRegistersPerMultiprocessor = 64 * 1024;

/// PTX 8.0 (CUDA 12.0): the oldest that knows sm_90a, the newest every
/// driver since 525 (and ptxas 12.0 and later) takes.
constexpr llvm::StringLiteral kDefaultFeatures = "+ptx80";

TargetInfo getCUDATargetInfo(kernel::TargetAttr target) {
  TargetInfo info;
  info.gpu = true;
  // 128-bit loads and stores (ld.global.v4.f32).
  info.vectorBits = target.getVectorBits();
  info.vectorRegisters = 0;
  info.l1Bytes = target.getL1Bytes();
  info.l2Bytes = target.getL2Bytes();
  info.cores = target.getCores();
  info.multiprocessors = target.getCores();
  info.warpSize = target.getWarpSize();
  info.sharedMemoryBytes = target.getSharedBytesPerBlock();
  info.registersPerMultiprocessor = target.getRegistersPerMultiprocessor();
  return info;
}

/// The grid of blocks a kernel's lowering chose (strata-cuda-map-forall),
/// from its gpu.module.
struct LaunchConfig {
  int64_t gridBlocks = 1;
  int64_t blockThreads = 1;
  /// A grid computed at launch (gridBlocks its cap): the scale and the
  /// (argument, dim, step) triples of kCUDAGridFactorsAttrName; none when
  /// the grid is fixed.
  int64_t gridScale = 1;
  std::vector<int64_t> gridFactors;
};

/// ptxas of the CUDA toolkit (or PATH), or "" when there is none.
std::string findPtxas() {
  std::string toolkit = findCUDAToolkit();
  if (!toolkit.empty()) {
    llvm::SmallString<128> path(toolkit);
    llvm::sys::path::append(path, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(path))
      return path.str().str();
  }
  if (llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName("ptxas"))
    return *found;
  return "";
}

/// Assembles `ptx` for `chip` with `ptxas`; the cubin, or an error message.
FailureOr<std::vector<uint8_t>> assemble(StringRef ptxas, StringRef chip,
                                         StringRef ptx, std::string &error) {
  llvm::SmallString<128> input, output, log;
  int inputFD;
  if (llvm::sys::fs::createTemporaryFile("strata-kernel", "ptx", inputFD,
                                         input) ||
      llvm::sys::fs::createTemporaryFile("strata-kernel", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("strata-ptxas", "log", log)) {
    error = "cannot create temporary files for ptxas";
    return failure();
  }
  {
    llvm::raw_fd_ostream os(inputFD, /*shouldClose=*/true);
    os << ptx;
  }
  std::string arch = ("-arch=" + chip).str();
  std::string outputPath = output.str().str();
  SmallVector<StringRef> args = {ptxas, arch, "-O3", input, "-o", outputPath};
  std::optional<StringRef> redirects[] = {std::nullopt, log.str(), log.str()};
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         /*SecondsToWait=*/120, 0, &error);
  FailureOr<std::vector<uint8_t>> cubin = failure();
  if (status == 0) {
    if (auto buffer = llvm::MemoryBuffer::getFile(output))
      cubin = std::vector<uint8_t>((*buffer)->getBufferStart(),
                                   (*buffer)->getBufferEnd());
    else
      error = "cannot read the cubin ptxas wrote";
  } else if (auto buffer = llvm::MemoryBuffer::getFile(log)) {
    error = ("ptxas failed: " + (*buffer)->getBuffer().trim()).str();
  }
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(output);
  llvm::sys::fs::remove(log);
  return cubin;
}

/// One distinct kernel's code.
struct KernelImage {
  std::string symbol;
  LaunchConfig launch;
  std::string ptx;
  std::vector<uint8_t> cubin;
};

/// Lays out the KernelLibraryCUDA section (Runtime/Bytecode.h).
std::vector<uint8_t> buildLibrary(StringRef chip,
                                  ArrayRef<KernelImage> images) {
  using namespace runtime::bytecode;
  std::vector<uint8_t> bytes(sizeof(CudaLibraryHeader) +
                             images.size() * sizeof(CudaKernelImage));
  auto append = [&](const void *data, size_t size) -> uint64_t {
    // 16-byte aligned payloads (cubins are ELF files).
    bytes.resize(llvm::alignTo(bytes.size(), 16));
    uint64_t offset = bytes.size();
    const auto *begin = static_cast<const uint8_t *>(data);
    bytes.insert(bytes.end(), begin, begin + size);
    return offset;
  };
  CudaLibraryHeader header;
  std::memset(&header, 0, sizeof(header));
  std::memcpy(header.magic, kCudaLibraryMagic, sizeof(header.magic));
  header.kernelCount = static_cast<uint32_t>(images.size());
  header.chipSize = static_cast<uint32_t>(chip.size());
  header.chipOffset = static_cast<uint32_t>(append(chip.data(), chip.size()));
  std::vector<CudaKernelImage> entries;
  for (const KernelImage &image : images) {
    CudaKernelImage entry;
    std::memset(&entry, 0, sizeof(entry));
    entry.nameSize = image.symbol.size();
    entry.nameOffset = append(image.symbol.data(), image.symbol.size());
    // cuModuleLoadData reads PTX up to its NUL.
    entry.ptxSize = image.ptx.size() + 1;
    entry.ptxOffset = append(image.ptx.c_str(), image.ptx.size() + 1);
    entry.cubinSize = image.cubin.size();
    entry.cubinOffset = image.cubin.empty()
                            ? 0
                            : append(image.cubin.data(), image.cubin.size());
    entry.grid[0] = static_cast<uint32_t>(image.launch.gridBlocks);
    entry.grid[1] = entry.grid[2] = 1;
    entry.block[0] = static_cast<uint32_t>(image.launch.blockThreads);
    entry.block[1] = entry.block[2] = 1;
    const std::vector<int64_t> &factors = image.launch.gridFactors;
    if (!factors.empty()) {
      std::vector<CudaGridFactor> table;
      for (size_t i = 0; i + 2 < factors.size(); i += 3)
        table.push_back({static_cast<uint32_t>(factors[i]),
                         static_cast<int32_t>(factors[i + 1]),
                         static_cast<uint64_t>(factors[i + 2])});
      entry.gridFactorCount = static_cast<uint32_t>(table.size());
      entry.gridFactorsOffset =
          append(table.data(), table.size() * sizeof(CudaGridFactor));
      entry.gridScale = static_cast<uint64_t>(image.launch.gridScale);
    }
    entries.push_back(entry);
  }
  std::memcpy(bytes.data(), &header, sizeof(header));
  std::memcpy(bytes.data() + sizeof(header), entries.data(),
              entries.size() * sizeof(CudaKernelImage));
  return bytes;
}

/// What the CUDA backend and its emulator share: the chips' targets and
/// facts, the GPU schedules, and no weight panels (GPU kernels read
/// weights in their own layout).
class CUDAHeuristicsBackend : public TargetBackend {
public:
  FailureOr<kernel::TargetAttr>
  getDefaultTarget(Location loc, StringRef chip,
                   StringRef features) const override {
    return getCUDATarget(loc, chip, features);
  }
  TargetInfo getTargetInfo(kernel::TargetAttr target) const override {
    return getCUDATargetInfo(target);
  }
  kernel::ScheduleAttr chooseSchedule(linalg::LinalgOp root,
                                      const TargetInfo &info) const override {
    return cuda::chooseSchedule(root, info);
  }
  int64_t getGemvPanelBytes(const TargetInfo &) const override { return 0; }
  int64_t getMatmulPanelBytes(const TargetInfo &) const override { return 0; }
};

/// The CUDA backend; see CUDATarget.h.
class CUDATargetBackend final : public CUDAHeuristicsBackend {
public:
  StringRef getName() const override { return "cuda"; }
  StringRef getDescription() const override {
    return "NVIDIA GPUs (--target=cuda:sm_80|sm_86|sm_89|sm_90|sm_90a, "
           "default sm_90): PTX, and cubins when ptxas is present";
  }

  /// Down to NVVM in gpu.modules; serializeKernels makes the binaries.
  void buildCodegenPipeline(OpPassManager &pm,
                            const CodegenOptions &options) const override {
    CUDAPipelineOptions cudaOptions;
    cudaOptions.chip =
        options.chip.empty() ? std::string(kDefaultCUDAChip) : options.chip;
    if (!options.features.empty())
      cudaOptions.features = options.features;
    cudaOptions.optLevel = options.optLevel;
    cudaOptions.binary = false;
    buildKernelToNVVMPipeline(pm, cudaOptions);
  }

  LogicalResult serializeKernels(ModuleOp module, const CodegenOptions &options,
                                 KernelLibrary &library) const override {
    Location loc = module.getLoc();
    std::string chip =
        options.chip.empty() ? std::string(kDefaultCUDAChip) : options.chip;
    // Unknown chips fail here rather than in LLVM.
    if (failed(getCUDATarget(loc, chip, options.features)))
      return failure();

    // Each distinct kernel once, named after its content.
    OwningOpRef<ModuleOp> distinct = ModuleOp::create(loc);
    OpBuilder builder = OpBuilder::atBlockEnd(distinct->getBody());
    llvm::StringSet<> seen;
    SmallVector<std::pair<kernel::FuncOp, std::string>> kernelSymbols;
    SmallVector<std::string> symbols;
    for (auto kernel : module.getOps<kernel::FuncOp>()) {
      std::string form = kernel::printNameIndependentForm(kernel);
      std::array<uint8_t, 32> digest = llvm::SHA256::hash(
          llvm::ArrayRef<uint8_t>(llvm::StringRef(form).bytes_begin(),
                                  llvm::StringRef(form).bytes_end()));
      std::string symbol =
          "k" + llvm::toHex(llvm::ArrayRef<uint8_t>(digest).take_front(16),
                            /*LowerCase=*/true);
      kernelSymbols.emplace_back(kernel, symbol);
      if (!seen.insert(symbol).second)
        continue;
      symbols.push_back(symbol);
      auto clone = cast<kernel::FuncOp>(builder.clone(*kernel.getOperation()));
      clone.setSymName(symbol);
    }

    CodegenOptions codegen = options;
    codegen.chip = chip;
    FailureOr<OwningOpRef<ModuleOp>> lowered =
        lowerKernels(*distinct, *this, codegen);
    if (failed(lowered))
      return failure();

    // The launch of each kernel, then its PTX.
    llvm::StringMap<LaunchConfig> launches;
    for (auto kernelModule : (*lowered)->getOps<ModuleOp>())
      for (auto gpuModule : kernelModule.getOps<gpu::GPUModuleOp>()) {
        LaunchConfig &launch = launches[gpuModule.getSymName()];
        if (auto grid =
                gpuModule->getAttrOfType<IntegerAttr>(kCUDAGridAttrName))
          launch.gridBlocks = grid.getInt();
        if (auto block =
                gpuModule->getAttrOfType<IntegerAttr>(kCUDABlockAttrName))
          launch.blockThreads = block.getInt();
        if (auto factors = gpuModule->getAttrOfType<DenseI64ArrayAttr>(
                kCUDAGridFactorsAttrName)) {
          launch.gridFactors.assign(factors.asArrayRef().begin(),
                                    factors.asArrayRef().end());
          if (auto scale =
                  gpuModule->getAttrOfType<IntegerAttr>(kCUDAGridScaleAttrName))
            launch.gridScale = scale.getInt();
        }
      }
    {
      TimingScope binaryTiming = nestTiming(options.timing, "PTX");
      PassManager pm((*lowered)->getContext());
      GpuModuleToBinaryPassOptions binaryOptions;
      binaryOptions.toolkitPath = findCUDAToolkit();
      binaryOptions.compilationTarget = "isa";
      pm.nest<ModuleOp>().addPass(createGpuModuleToBinaryPass(binaryOptions));
      if (failed(pm.run(**lowered)))
        return failure();
    }
    llvm::StringMap<std::string> ptxBySymbol;
    for (auto kernelModule : (*lowered)->getOps<ModuleOp>())
      for (auto binary : kernelModule.getOps<gpu::BinaryOp>()) {
        auto object =
            cast<gpu::ObjectAttr>(binary.getObjectsAttr().getValue().front());
        ptxBySymbol[binary.getSymName()] = object.getObject().getValue().str();
      }

    SmallVector<KernelImage> images;
    for (const std::string &symbol : symbols) {
      auto ptx = ptxBySymbol.find(symbol);
      if (ptx == ptxBySymbol.end())
        return emitError(loc) << "internal error: no PTX for kernel " << symbol;
      KernelImage &image = images.emplace_back();
      image.symbol = symbol;
      image.launch = launches.lookup(symbol);
      image.ptx = ptx->second;
    }
    // Cubins for the chip, when ptxas is here (else the driver compiles
    // the PTX when it loads the module).
    std::string ptxas = findPtxas();
    if (!ptxas.empty()) {
      TimingScope ptxasTiming = nestTiming(options.timing, "ptxas");
      std::mutex mutex;
      std::string firstError;
      mlir::parallelForEach(
          module.getContext(), images, [&](KernelImage &image) {
            std::string error;
            FailureOr<std::vector<uint8_t>> cubin =
                assemble(ptxas, chip, image.ptx, error);
            if (succeeded(cubin)) {
              image.cubin = std::move(*cubin);
              return;
            }
            std::lock_guard<std::mutex> lock(mutex);
            if (firstError.empty())
              firstError = "kernel " + image.symbol + ": " + error;
          });
      if (!firstError.empty())
        return emitError(loc) << firstError;
    }

    library.binary = buildLibrary(chip, images);
    for (auto &[kernel, symbol] : kernelSymbols)
      library.kernels[kernel.getSymName()].entry = symbol;
    return success();
  }
};

/// The CUDA emulator; see CUDATarget.h.
class CUDAEmulatorBackend final : public CUDAHeuristicsBackend {
public:
  StringRef getName() const override { return "cuda-emulator"; }
  StringRef getDeviceKind() const override { return "cpu"; }
  StringRef getDescription() const override {
    return "the CUDA backend's schedules and thread mapping run on the host "
           "CPU, for checking them (--target=cuda-emulator:sm_90)";
  }
  void buildCodegenPipeline(OpPassManager &pm,
                            const CodegenOptions &) const override {
    buildKernelToCPUEmulationPipeline(pm, /*maxBlocks=*/1056);
  }
  LogicalResult serializeKernels(ModuleOp module, const CodegenOptions &options,
                                 KernelLibrary &library) const override {
    // The chip named the GPU whose schedules run; the code is the host's.
    CodegenOptions host = options;
    host.triple.clear();
    host.chip.clear();
    host.features.clear();
    return serializeCPUKernels(module, *this, host, " cuda-emulator", library);
  }
};

} // namespace

FailureOr<kernel::TargetAttr>
strata::getCUDATarget(Location loc, StringRef chip, StringRef features) {
  if (chip.empty())
    chip = kDefaultCUDAChip;
  const ChipFacts *facts = nullptr;
  for (const ChipFacts &candidate : kChips)
    if (candidate.chip == chip)
      facts = &candidate;
  if (!facts) {
    SmallVector<StringRef> names;
    for (const ChipFacts &candidate : kChips)
      names.push_back(candidate.chip);
    return emitError(loc) << "unknown CUDA chip '" << chip
                          << "' (known: " << llvm::join(names, ", ") << ")";
  }
  return kernel::TargetAttr::get(
      loc.getContext(), "nvptx64-nvidia-cuda", facts->chip,
      features.empty() ? StringRef(kDefaultFeatures) : features,
      /*vectorBits=*/128, facts->l1AndSharedBytes, facts->l2Bytes,
      facts->multiprocessors, kWarpSize, facts->sharedBytesPerBlock,
      facts->sharedBytesPerMultiprocessor, kRegistersPerMultiprocessor);
}

std::unique_ptr<TargetBackend> strata::createCUDATargetBackend() {
  return std::make_unique<CUDATargetBackend>();
}

std::unique_ptr<TargetBackend> strata::createCUDAEmulatorBackend() {
  return std::make_unique<CUDAEmulatorBackend>();
}
