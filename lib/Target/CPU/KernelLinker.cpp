//===- KernelLinker.cpp - The CPU kernel library of a module --------------===//
//
// Compiles the kernels' LLVM-dialect module to one object file for the
// target and links it into a shared object with lld, the form the runtime
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
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

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

FailureOr<std::vector<uint8_t>>
cpu::buildSharedObject(ModuleOp llvmModule, const CodegenOptions &options) {
  Location loc = llvmModule.getLoc();
  auto time = [&](StringRef phase) {
    return nestTiming(options.timing, phase);
  };
  llvm::LLVMContext llvmContext;
  TimingScope translation = time("translation to LLVM IR");
  FailureOr<std::unique_ptr<llvm::Module>> module =
      translateToLLVMIR(llvmModule, llvmContext);
  if (failed(module))
    return failure();
  translation.stop();
  (*module)->setSourceFileName("strata_kernels");
  (*module)->setModuleIdentifier("strata_kernels");
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(loc, options.triple, options.chip, options.features,
                          options.optLevel);
  TimingScope optimization = time("LLVM IR optimization");
  if (failed(targetMachine) ||
      failed(optimizeLLVMModule(loc, **module, **targetMachine,
                                options.optLevel)))
    return failure();
  optimization.stop();

  // Object file and shared object live in temporary files only for lld.
  llvm::SmallString<128> objectPath, libraryPath;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "strata-kernels", "o", objectPath))
    return emitError(loc) << "cannot create a temporary file: "
                          << error.message();
  llvm::FileRemover objectRemover(objectPath);
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "strata-kernels", "so", libraryPath))
    return emitError(loc) << "cannot create a temporary file: "
                          << error.message();
  llvm::FileRemover libraryRemover(libraryPath);
  {
    TimingScope codegen = time("LLVM code generation");
    std::error_code error;
    llvm::raw_fd_ostream os(objectPath, error);
    if (error)
      return emitError(loc) << "cannot write " << objectPath << ": "
                            << error.message();
    if (failed(emitObject(loc, **module, **targetMachine, os)))
      return failure();
  }

  TimingScope linking = time("linking (ld.lld)");
  std::string linker = findLinker(options);
  if (linker.empty())
    return emitError(loc)
           << "cannot find ld.lld (install lld-22, or pass --linker=PATH)";
  llvm::SmallVector<llvm::StringRef> args = {
      linker, "-shared", "--build-id=none", "--hash-style=gnu", "-O2",
      "-o",   libraryPath, objectPath};
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
