//===- KernelLinker.cpp - The CPU kernel library of a module --------------===//
//
// Compiles the kernels' LLVM-dialect modules (one per kernel) to object
// files for the target, optimizing and compiling them in parallel, and links
// them into a shared object with lld, the form the runtime
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
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>

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

/// One kernel's LLVM module, in a context of its own: a context is not
/// thread-safe, and each kernel is optimized and compiled on whichever
/// thread takes it.
struct KernelUnit {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  SmallVector<char, 0> object;
  bool compiled = false;
  /// The kernel module's name, and the wall time its compilation took.
  std::string name;
  double seconds = 0;
};

/// Optimizes and compiles `module` to an object file; may run on any
/// thread.
static LogicalResult compileKernelModule(Location loc, llvm::Module &module,
                                         const CodegenOptions &options,
                                         SmallVectorImpl<char> &object) {
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(loc, options.triple, options.chip, options.features,
                          options.optLevel);
  if (failed(targetMachine))
    return failure();
  {
    TimingScope optimization =
        nestTiming(options.timing, "LLVM IR optimization");
    if (failed(
            optimizeLLVMModule(loc, module, **targetMachine, options.optLevel)))
      return failure();
  }
  TimingScope codegen = nestTiming(options.timing, "LLVM code generation");
  llvm::raw_svector_ostream os(object);
  return emitObject(loc, module, **targetMachine, os);
}

FailureOr<SmallVector<SmallVector<char, 0>>>
cpu::compileKernelObjects(ModuleOp kernels, const CodegenOptions &options) {
  Location loc = kernels.getLoc();
  auto time = [&](StringRef phase) {
    return nestTiming(options.timing, phase);
  };
  // One LLVM module per kernel module; a module without kernels still
  // makes a (symbol-less) object.
  SmallVector<ModuleOp> kernelModules =
      llvm::to_vector(kernels.getOps<ModuleOp>());
  if (kernelModules.empty())
    kernelModules.push_back(kernels);
  SmallVector<KernelUnit> units(kernelModules.size());
  {
    TimingScope translation = time("translation to LLVM IR");
    for (auto [kernelModule, unit] : llvm::zip_equal(kernelModules, units)) {
      unit.context = std::make_unique<llvm::LLVMContext>();
      FailureOr<std::unique_ptr<llvm::Module>> module =
          translateToLLVMIR(kernelModule, *unit.context);
      if (failed(module))
        return failure();
      unit.module = std::move(*module);
      unit.name = kernelModule.getSymName().value_or("").str();
      unit.module->setSourceFileName("strata_kernels");
      unit.module->setModuleIdentifier("strata_kernels");
    }
  }

  // The kernels are independent: optimized and compiled on the context's
  // threads (MLIR's, so --compile-threads and --mlir-disable-threading
  // apply), else one after the other. Each kernel's code depends on it
  // alone, so the objects are the same whatever the thread count.
  {
    TimingScope parallel = time("LLVM optimization and code generation");
    CodegenOptions unitOptions = options;
    unitOptions.timing = options.timing ? &parallel : nullptr;
    auto compile = [&](KernelUnit &unit) {
      auto start = std::chrono::steady_clock::now();
      unit.compiled = succeeded(
          compileKernelModule(loc, *unit.module, unitOptions, unit.object));
      unit.seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
      // Free the IR as soon as it is compiled.
      unit.module.reset();
      unit.context.reset();
    };
    MLIRContext *context = kernels.getContext();
    if (context->isMultithreadingEnabled() && units.size() > 1) {
      llvm::ThreadPoolTaskGroup tasks(context->getThreadPool());
      for (KernelUnit &unit : units)
        tasks.async([&compile, &unit] { compile(unit); });
      tasks.wait();
    } else {
      for (KernelUnit &unit : units)
        compile(unit);
    }
  }
  SmallVector<SmallVector<char, 0>> objects;
  for (KernelUnit &unit : units) {
    if (!unit.compiled)
      return failure();
    if (options.kernelTimes && !unit.name.empty())
      (*options.kernelTimes)[unit.name].llvmSeconds += unit.seconds;
    objects.push_back(std::move(unit.object));
  }
  return objects;
}

FailureOr<std::vector<uint8_t>>
cpu::linkSharedObject(Location loc, ArrayRef<ArrayRef<char>> objects,
                      ArrayRef<std::pair<std::string, std::string>> aliases,
                      const CodegenOptions &options) {
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

  TimingScope linking = nestTiming(options.timing, "linking (ld.lld)");
  std::string linker = findLinker(options);
  if (linker.empty())
    return emitError(loc)
           << "cannot find ld.lld (install lld-22, or pass --linker=PATH)";
  llvm::SmallVector<llvm::StringRef> args = {
      linker, "-shared", "--build-id=none", "--hash-style=gnu",
      "-O2",  "-o",      libraryPath};
  std::vector<std::string> definitions;
  definitions.reserve(aliases.size());
  for (const auto &[alias, symbol] : aliases)
    definitions.push_back("--defsym=" + alias + "=" + symbol);
  for (const std::string &definition : definitions)
    args.push_back(definition);
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
