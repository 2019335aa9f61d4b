//===- strata-translate.cpp - LLVM-dialect MLIR to LLVM IR / asm / obj ----===//
//
// The last step of the CPU path as a tool: reads an LLVM-dialect MLIR module
// (text or bytecode, e.g. the output of `strata-opt --strata-lower-cpu`),
// translates it to LLVM IR, optimizes it for a target at -O0..-O3 and writes
// LLVM IR, assembly or an object file.
//
//===----------------------------------------------------------------------===//

#include "strata/InitAll.h"
#include "strata/Support/ParseSource.h"
#include "strata/Target/LLVM/ObjectEmitter.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdlib>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum class EmitKind { LLVMIR, Assembly, Object };

cl::OptionCategory toolCategory("strata-translate options");

cl::opt<std::string> inputFilename(cl::Positional,
                                   cl::desc("<input LLVM-dialect MLIR file>"),
                                   cl::init("-"), cl::cat(toolCategory));

cl::opt<std::string> outputFilename(
    "o", cl::desc("Output file (default: stdout; required for --emit=obj)"),
    cl::value_desc("filename"), cl::init("-"), cl::cat(toolCategory));

cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to write"), cl::init(EmitKind::LLVMIR),
    cl::values(clEnumValN(EmitKind::LLVMIR, "llvm", "Textual LLVM IR"),
               clEnumValN(EmitKind::Assembly, "asm", "Target assembly"),
               clEnumValN(EmitKind::Object, "obj", "Relocatable object file")),
    cl::cat(toolCategory));

cl::opt<char> optLevel("O",
                       cl::desc("Optimization level: -O0, -O1, -O2 or -O3 "
                                "(default -O3)"),
                       cl::Prefix, cl::init('3'), cl::cat(toolCategory));

cl::opt<std::string> targetTriple(
    "target-triple",
    cl::desc("Target triple (default: the module's llvm.target_triple, else "
             "the host's)"),
    cl::init(""), cl::cat(toolCategory));

cl::opt<std::string>
    targetCPU("target-cpu",
              cl::desc("Target CPU, e.g. skylake-avx512 (default: the host "
                       "CPU for the host's architecture, else generic)"),
              cl::init(""), cl::cat(toolCategory));

cl::opt<std::string> targetFeatures(
    "target-features",
    cl::desc("Target features, e.g. +avx2,-fma (default: the host's with "
             "the host CPU, else the CPU's)"),
    cl::init(""), cl::cat(toolCategory));

/// Everything after the command line: parse, translate, optimize, emit.
LogicalResult translateMain(MLIRContext &context) {
  if (optLevel < '0' || optLevel > '3') {
    llvm::WithColor::error(llvm::errs(), "strata-translate")
        << "invalid optimization level -O" << optLevel
        << " (expected -O0 to -O3)\n";
    return failure();
  }
  unsigned level = optLevel - '0';
  if (emitKind == EmitKind::Object && outputFilename.getNumOccurrences() == 0) {
    llvm::WithColor::error(llvm::errs(), "strata-translate")
        << "--emit=obj needs an output file (-o <file>, or -o - for stdout)\n";
    return failure();
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::WithColor::error(llvm::errs(), "strata-translate")
        << errorMessage << "\n";
    return failure();
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnosticHandler(sourceMgr, &context);

  OwningOpRef<ModuleOp> module =
      strata::parseSourceBounded(sourceMgr, &context);
  if (!module)
    return failure();
  Location loc = module->getLoc();

  llvm::LLVMContext llvmContext;
  FailureOr<std::unique_ptr<llvm::Module>> llvmModule =
      strata::translateToLLVMIR(*module, llvmContext);
  if (failed(llvmModule))
    return failure();

  std::string triple = targetTriple;
  if (triple.empty())
    triple = (*llvmModule)->getTargetTriple().str();
  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      strata::createTargetMachine(loc, triple, targetCPU, targetFeatures,
                                  level);
  if (failed(targetMachine))
    return failure();
  if (failed(strata::optimizeLLVMModule(loc, **llvmModule, **targetMachine,
                                        level)))
    return failure();

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::WithColor::error(llvm::errs(), "strata-translate")
        << errorMessage << "\n";
    return failure();
  }
  switch (emitKind) {
  case EmitKind::LLVMIR:
    (*llvmModule)->print(output->os(), nullptr);
    break;
  case EmitKind::Assembly:
    if (failed(strata::emitAssembly(loc, **llvmModule, **targetMachine,
                                    output->os())))
      return failure();
    break;
  case EmitKind::Object:
    if (failed(strata::emitObject(loc, **llvmModule, **targetMachine,
                                  output->os())))
      return failure();
    break;
  }
  output->keep();
  return success();
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << strata::getVersionString() << "\n"; });
  cl::ParseCommandLineOptions(
      argc, argv,
      "Strata translator: LLVM-dialect MLIR to LLVM IR, assembly or object "
      "files\n");

  DialectRegistry registry;
  strata::registerAllDialects(registry);
  MLIRContext context(registry);
  return failed(translateMain(context)) ? EXIT_FAILURE : EXIT_SUCCESS;
}
