//===- KernelLinker.cpp - The CPU kernel library of a module --------------===//
//
// Compiles the kernels' LLVM-dialect module to object files for the target
// (split into partitions optimized and compiled in parallel) and links them
// into a shared object with lld, the form the runtime
// dlopens (from memory, through a memfd). lld runs as a separate process
// (ld.lld from PATH, else LLVM's tools directory): Debian ships liblld as
// static archives only for some drivers, and a process keeps the compiler
// free of lld's global state. Output is deterministic: no build id, and the
// object's only file name is fixed.
//
//===----------------------------------------------------------------------===//

#include "CPUTargetImpl.h"

#include "strata/Support/Timing.h"
#include "strata/Target/LLVM/ObjectEmitter.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>

using namespace mlir;
using namespace strata;

#ifndef STRATA_LLVM_TOOLS_DIR
#define STRATA_LLVM_TOOLS_DIR "/usr/lib/llvm-22/bin"
#endif

/// The path of the linker to run, or an empty string.
static std::string findLinker(const CodegenOptions &options) {
  if (!options.linker.empty())
    return options.linker;
  for (const char *name : {"ld.lld", "ld.lld-22"})
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  if (llvm::ErrorOr<std::string> path =
          llvm::sys::findProgramByName("ld.lld", {STRATA_LLVM_TOOLS_DIR}))
    return *path;
  return "";
}

/// The most LLVM modules the kernels are split into. Fixed, not the thread
/// count: the partitions decide the object code, and the module must be the
/// same whatever machine or thread count compiled it.
static constexpr unsigned kMaxPartitions = 8;

/// Splits `module` into at most kMaxPartitions modules as bitcode, each
/// kernel entry point with the internal functions it calls
/// (llvm::SplitModule, functions dealt round-robin by size, so the
/// partitions are balanced and deterministic).
static SmallVector<SmallVector<char, 0>>
splitIntoBitcode(llvm::Module &module) {
  unsigned entries = 0;
  for (llvm::Function &function : module)
    if (!function.isDeclaration() && !function.hasLocalLinkage())
      ++entries;
  unsigned partitions = std::clamp(entries, 1u, kMaxPartitions);
  SmallVector<SmallVector<char, 0>> bitcode;
  auto write = [&](llvm::Module &part) {
    llvm::raw_svector_ostream os(bitcode.emplace_back());
    llvm::WriteBitcodeToFile(part, os);
  };
  if (partitions == 1) {
    write(module);
    return bitcode;
  }
  llvm::SplitModule(
      module, partitions,
      [&](std::unique_ptr<llvm::Module> part) { write(*part); },
      /*PreserveLocals=*/true, /*RoundRobin=*/true);
  return bitcode;
}

/// Optimizes and compiles one partition (bitcode) to an object file in its
/// own LLVMContext (a context is not thread-safe); may run on any thread.
static LogicalResult compilePartition(Location loc, ArrayRef<char> bitcode,
                                      const CodegenOptions &options,
                                      SmallVectorImpl<char> &object) {
  llvm::LLVMContext llvmContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(StringRef(bitcode.data(), bitcode.size()),
                            "strata_kernels"),
      llvmContext);
  if (!module)
    return emitError(loc) << "cannot read a kernel partition back: "
                          << llvm::toString(module.takeError());
  (*module)->setSourceFileName("strata_kernels");
  (*module)->setModuleIdentifier("strata_kernels");
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(loc, options.triple, options.chip, options.features,
                          options.optLevel);
  if (failed(targetMachine))
    return failure();
  {
    TimingScope optimization =
        nestTiming(options.timing, "LLVM IR optimization");
    if (failed(optimizeLLVMModule(loc, **module, **targetMachine,
                                  options.optLevel)))
      return failure();
  }
  TimingScope codegen = nestTiming(options.timing, "LLVM code generation");
  llvm::raw_svector_ostream os(object);
  return emitObject(loc, **module, **targetMachine, os);
}

FailureOr<std::vector<uint8_t>>
cpu::buildSharedObject(ModuleOp llvmModule, const CodegenOptions &options) {
  Location loc = llvmModule.getLoc();
  auto time = [&](StringRef phase) {
    return nestTiming(options.timing, phase);
  };
  // Check the target once here, where its errors are reported in order.
  if (failed(createTargetMachine(loc, options.triple, options.chip,
                                 options.features, options.optLevel)))
    return failure();
  SmallVector<SmallVector<char, 0>> bitcode;
  {
    llvm::LLVMContext llvmContext;
    TimingScope translation = time("translation to LLVM IR");
    FailureOr<std::unique_ptr<llvm::Module>> module =
        translateToLLVMIR(llvmModule, llvmContext);
    if (failed(module))
      return failure();
    translation.stop();
    TimingScope splitting = time("splitting into partitions");
    bitcode = splitIntoBitcode(**module);
  }

  // The partitions are independent: optimized and compiled on the
  // context's threads (MLIR's, so --mlir-disable-threading and the
  // compile's thread count apply), else one after the other.
  SmallVector<SmallVector<char, 0>> objects(bitcode.size());
  SmallVector<char> succeeded(bitcode.size(), 0);
  {
    TimingScope parallel = time("LLVM optimization and code generation");
    CodegenOptions partitionOptions = options;
    partitionOptions.timing = options.timing ? &parallel : nullptr;
    auto compile = [&](size_t index) {
      succeeded[index] = mlir::succeeded(compilePartition(
          loc, bitcode[index], partitionOptions, objects[index]));
    };
    MLIRContext *context = llvmModule.getContext();
    if (context->isMultithreadingEnabled() && bitcode.size() > 1) {
      llvm::ThreadPoolTaskGroup tasks(context->getThreadPool());
      for (size_t index = 0; index < bitcode.size(); ++index)
        tasks.async([&compile, index] { compile(index); });
      tasks.wait();
    } else {
      for (size_t index = 0; index < bitcode.size(); ++index)
        compile(index);
    }
  }
  if (llvm::is_contained(succeeded, 0))
    return failure();

  // Object files and shared object live in temporary files only for lld.
  SmallVector<llvm::SmallString<128>> objectPaths;
  SmallVector<llvm::FileRemover> objectRemovers;
  objectRemovers.reserve(objects.size());
  for (ArrayRef<char> object : objects) {
    llvm::SmallString<128> &path = objectPaths.emplace_back();
    int fd;
    if (std::error_code error =
            llvm::sys::fs::createTemporaryFile("strata-kernels", "o", fd, path))
      return emitError(loc)
             << "cannot create a temporary file: " << error.message();
    objectRemovers.emplace_back(path);
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os.write(object.data(), object.size());
    os.close();
    if (os.has_error())
      return emitError(loc)
             << "cannot write " << path << ": " << os.error().message();
  }
  llvm::SmallString<128> libraryPath;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "strata-kernels", "so", libraryPath))
    return emitError(loc) << "cannot create a temporary file: "
                          << error.message();
  llvm::FileRemover libraryRemover(libraryPath);

  TimingScope linking = time("linking (ld.lld)");
  std::string linker = findLinker(options);
  if (linker.empty())
    return emitError(loc)
           << "cannot find ld.lld (install lld-22, or pass --linker=PATH)";
  llvm::SmallVector<llvm::StringRef> args = {
      linker, "-shared", "--build-id=none", "--hash-style=gnu",
      "-O2",  "-o",      libraryPath};
  for (const llvm::SmallString<128> &path : objectPaths)
    args.push_back(path);
  std::string errorMessage;
  llvm::SmallString<128> linkerOutput;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "strata-lld", "txt", linkerOutput))
    return emitError(loc) << "cannot create a temporary file: "
                          << error.message();
  llvm::FileRemover outputRemover(linkerOutput);
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(linkerOutput),
      llvm::StringRef(linkerOutput)};
  int exitCode = llvm::sys::ExecuteAndWait(linker, args, std::nullopt,
                                           redirects, 0, 0, &errorMessage);
  if (exitCode != 0) {
    std::string output;
    if (auto buffer = llvm::MemoryBuffer::getFile(linkerOutput))
      output = (*buffer)->getBuffer().str();
    return emitError(loc) << "linking the kernel library with " << linker
                          << " failed"
                          << (errorMessage.empty() ? "" : ": ") << errorMessage
                          << (output.empty() ? "" : "\n") << output;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> library =
      llvm::MemoryBuffer::getFile(libraryPath, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!library)
    return emitError(loc) << "cannot read the linked kernel library: "
                          << library.getError().message();
  llvm::StringRef bytes = (*library)->getBuffer();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}
