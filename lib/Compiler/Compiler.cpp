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
#include "strata/Dialect/Kernel/Transforms/Heuristics.h"

#include "strata/InitAll.h"
#include "strata/Support/Location.h"
#include "strata/Support/ParseSource.h"
#include "strata/Target/Bytecode/Serializer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
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

std::string strata::verifyCompileOptions(const CompileOptions &options) {
  if (options.target != "cpu")
    return "unsupported target '" + options.target + "' (supported: cpu)";
  if (options.optLevel > 3)
    return "opt level must be 0..3, got " + std::to_string(options.optLevel);
  if (!isKnownLayout(options.layout))
    return "unknown layout '" + options.layout + "' (expected nhwc or nchw)";
  return "";
}

bool strata::isKnownLayout(const std::string &layout) {
  return layout == "nhwc" || layout == "nchw";
}

void strata::registerCompilerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
}

void strata::ensureCompilerPassesRegistered() {
  // The pass registry is global and rejects a second registration.
  static std::once_flag once;
  std::call_once(once, [] { registerAllPasses(); });
}

/// The textual pipeline of the levels up to `level` (at most Device: the
/// LLVM level and the module are made by the serializer).
static std::string getPipeline(const CompileOptions &options,
                               CompileLevel level) {
  std::string schedulingCPU = options.cpu.empty() ? "host" : options.cpu;
  std::string pipeline = "strata-graph-optimize";
  // Kernel level: first the image ops in the kernels' layout, then the
  // matrix-vector weights in panels as wide as the CPU's matrix-vector
  // register tiles (layouts chosen for the kernels, so not part of the
  // target-independent graph pipeline; prepacking also folds the filter
  // transposes of the layout change); NHWC filters likewise in panels as
  // wide as the matrix product's register tiles.
  if (level >= CompileLevel::Kernel && options.layout == "nhwc")
    pipeline += ",graph-convert-layout{target-layout=nhwc}";
  if (level >= CompileLevel::Kernel)
    pipeline += ",graph-prepack-weights{panel-bytes=" +
                std::to_string(kernel::getGemvPanelBytes(schedulingCPU)) +
                "},convert-graph-to-kernel,func.func(kernel-rewrite-"
                "convolutions{panel-bytes=" +
                std::to_string(kernel::getMatmulPanelBytes(schedulingCPU)) +
                " winograd=" + (options.winograd ? "true" : "false") +
                "},kernel-pack-weights{panel-bytes=" +
                std::to_string(kernel::getMatmulPanelBytes(schedulingCPU)) +
                "},kernel-propagate-reshapes,kernel-fuse-elementwise,"
                "kernel-form-dispatches),"
                "kernel-outline,kernel-select-schedule{cpu=" +
                schedulingCPU + "}";
  if (level >= CompileLevel::Device)
    pipeline += ",convert-kernel-to-device{target=" + options.target + "}," +
                "device-plan-memory{report=" +
                (options.reportMemory ? "true" : "false") +
                "},lower-affine,func.func(convert-scf-to-cf),canonicalize,cse";
  return pipeline;
}

LogicalResult strata::compileModule(
    ModuleOp module, const CompileOptions &options, CompileOutput &output,
    llvm::function_ref<LogicalResult(PassManager &)> configurePassManager) {
  if (std::string error = verifyCompileOptions(options); !error.empty())
    return emitError(module.getLoc()) << error;
  ensureCompilerPassesRegistered();

  if (!options.fromDevice) {
    PassManager pm(module.getContext(), ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    if (configurePassManager && failed(configurePassManager(pm)))
      return failure();
    // The LLVM level and the module start from the device level.
    CompileLevel level = std::min(options.compileTo, CompileLevel::Device);
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    if (failed(parsePassPipeline(getPipeline(options, level), pm, errorStream)))
      return emitError(module.getLoc()) << "invalid pipeline: " << errors;
    if (failed(pm.run(module)))
      return failure();
  }

  output = CompileOutput();
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
        lowerKernelsToLLVM(module, options.vectorize);
    if (failed(kernels))
      return failure();
    llvm::raw_string_ostream os(output.text);
    (*kernels)->print(os);
    return success();
  }
  case CompileLevel::Module: {
    BytecodeOptions bytecodeOptions;
    bytecodeOptions.cpu = options.cpu;
    bytecodeOptions.features = options.features;
    bytecodeOptions.optLevel = options.optLevel;
    bytecodeOptions.linker = options.linker;
    bytecodeOptions.vectorize = options.vectorize;
    bytecodeOptions.sourceName = options.sourceName;
    return serializeToBytecode(module, bytecodeOptions, output.bytes);
  }
  }
  return failure();
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

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics point at the source; the op's IR would drown them.
  context.printOpOnDiagnostic(false);

  // A copy: the parser may keep references into the buffer (resources), and
  // the caller's bytes need not outlive this call or be aligned.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnosticStream);
  // Ops imported from ONNX have a node name and no file position.
  NamedLocationDiagnosticHandler namedHandler(&context, diagnosticStream);

  OwningOpRef<ModuleOp> module = parseSourceBounded(sourceMgr, &context);
  if (!module) {
    // The parser reports its errors; an empty message would hide a failure.
    if (diagnostics.empty())
      diagnosticStream << sourceName << ": error: cannot parse the input\n";
    return failure();
  }

  CompileOptions withSource = options;
  if (withSource.sourceName.empty())
    withSource.sourceName = llvm::sys::path::filename(sourceName).str();
  LogicalResult result = compileModule(*module, withSource, output);
  if (failed(result) && diagnostics.empty())
    diagnosticStream << sourceName
                     << ": error: compilation failed without a diagnostic\n";
  return result;
}
