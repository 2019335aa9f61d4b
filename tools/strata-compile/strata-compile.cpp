//===- strata-compile.cpp - Graph-level MLIR to a .smod module ------------===//
//
// The compiler driver: reads graph-level MLIR (text or bytecode), runs the
// graph, kernel and device pipelines and writes one .smod module for
// strata-run, or stops early and prints the IR of a level:
//   strata-compile model.mlir -o model.smod
//   strata-compile model.mlir --compile-to=kernel     (prints kernel IR)
// --timing prints where the time went (every pass of each pipeline, the
// serializer's steps, LLVM's optimization and code generation, the link)
// to stderr. The MLIR pass-manager flags work too
// (-mlir-print-ir-after-all, ...).
// The pipeline itself is strata::compileModule (lib/Compiler), shared with
// the compiler C API and the Python package. The output file is written
// atomically (a new file renamed over the old one).
//
//===----------------------------------------------------------------------===//

#include "strata/Compiler/Compiler.h"
#include "strata/InitAll.h"
#include "strata/Runtime/Files.h"
#include "strata/Support/Location.h"
#include "strata/Support/ParseSource.h"
#include "strata/Target/KernelCache.h"
#include "strata/Target/TargetBackend.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {

using strata::CompileLevel;

cl::OptionCategory toolCategory("strata-compile options");

cl::opt<std::string> inputFilename(cl::Positional,
                                   cl::desc("<graph-level MLIR file>"),
                                   cl::init("-"), cl::cat(toolCategory));
cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                    cl::value_desc("filename"), cl::init("-"),
                                    cl::cat(toolCategory));
cl::opt<std::string> target(
    "target",
    cl::desc("Target to compile for: cpu, cuda[:CHIP] (NVIDIA GPUs; CHIP "
             "sm_80, sm_86, sm_89, sm_90 (default) or sm_90a), or "
             "cuda-emulator[:CHIP] (the CUDA schedules run on this CPU, for "
             "checking them)"),
    cl::init("cpu"), cl::cat(toolCategory));
cl::opt<CompileLevel> compileTo(
    "compile-to", cl::desc("Stop after a level and print its IR"),
    cl::init(CompileLevel::Module),
    cl::values(
        clEnumValN(CompileLevel::Graph, "graph", "graph dialect, optimized"),
        clEnumValN(CompileLevel::Kernel, "kernel",
                   "kernel.func kernels with schedules, host on tensors"),
        clEnumValN(CompileLevel::Device, "device",
                   "host functions on the device dialect, memory planned"),
        clEnumValN(CompileLevel::LLVM, "llvm",
                   "the kernels in the LLVM dialect, with entry points"),
        clEnumValN(CompileLevel::Module, "module",
                   "the .smod module (default)")),
    cl::cat(toolCategory));
cl::opt<bool> fromDevice(
    "from-device",
    cl::desc("The input is already device-level IR (e.g. the output of "
             "--compile-to=device): only serialize it"),
    cl::init(false), cl::cat(toolCategory));
cl::opt<std::string> cpu("cpu",
                         cl::desc("LLVM CPU name to compile kernels for "
                                  "(default: the host's)"),
                         cl::init(""), cl::cat(toolCategory));
cl::opt<std::string>
    features("features",
             cl::desc("LLVM target features (\"+avx2,-fma\"); default: the "
                      "CPU's"),
             cl::init(""), cl::cat(toolCategory));
cl::opt<unsigned> optLevel("opt-level",
                           cl::desc("LLVM optimization level of the kernels "
                                    "(0..3, default 3)"),
                           cl::init(3), cl::cat(toolCategory));
cl::opt<std::string> linker("linker",
                            cl::desc("The ld.lld to link kernels with "
                                     "(default: found in PATH)"),
                            cl::init(""), cl::cat(toolCategory));
cl::opt<bool> vectorize("vectorize",
                        cl::desc("Vectorize the kernels (default true; "
                                 "false gives scalar loops, for testing)"),
                        cl::init(true), cl::cat(toolCategory));
cl::opt<std::string>
    layout("layout",
           cl::desc("Data layout of the image ops' kernels: nhwc (default; "
                    "NCHW models are converted) or nchw"),
           cl::init("nhwc"), cl::cat(toolCategory));
cl::opt<std::string> precision(
    "precision",
    cl::desc("Precision of the f32 matrix products and convolutions with "
             "constant weights: f32 (default) or bf16 (inputs rounded to "
             "bf16, sums in f32; AVX512-BF16 where the CPU has it)"),
    cl::init("f32"), cl::cat(toolCategory));
cl::opt<bool> winograd("winograd",
                       cl::desc("Compute 3x3 stride-1 convolutions with "
                                "constant filters with Winograd's "
                                "F(m x m, 3x3) (default true; false: im2col "
                                "products)"),
                       cl::init(true), cl::cat(toolCategory));
cl::opt<int64_t>
    winogradTile("winograd-tile",
                 cl::desc("Winograd's output tile m: 2 or 4 (default 0: "
                          "chosen per convolution)"),
                 cl::init(0), cl::cat(toolCategory));
cl::opt<std::string>
    tuningDatabase("tuning-db",
                   cl::desc("A tuning database (JSON Lines of measured "
                            "schedules, docs/Tuning.md): each kernel it "
                            "has measured on the target gets the fastest"),
                   cl::init(""), cl::cat(toolCategory));
cl::list<std::string>
    externalBackends("external",
                     cl::desc("External backends that run the parts of the "
                              "model they support, in order of preference "
                              "(e.g. dnnl; docs/BYOC.md)"),
                     cl::CommaSeparated, cl::cat(toolCategory));
cl::opt<bool> externalCostRule(
    "external-cost-rule",
    cl::desc("Offload only the regions each --external backend's cost rule "
             "finds faster there (default); =false offloads every region "
             "with a convolution, product or pooling"),
    cl::init(true), cl::cat(toolCategory));
cl::list<std::string> externalRegions(
    "external-regions",
    cl::desc("Offload exactly the --external regions of these fingerprints "
             "(what strata-tune measures; --report-tuning lists them)"),
    cl::CommaSeparated, cl::cat(toolCategory));
cl::opt<bool> reportTuning("report-tuning",
                           cl::desc("Print each kernel's fingerprint and "
                                    "target, and whether its schedule came "
                                    "from --tuning-db; and each --external "
                                    "region's, and what decided it "
                                    "(remarks)"),
                           cl::init(false), cl::cat(toolCategory));
cl::opt<bool> reportMemory("report-memory",
                           cl::desc("Print each host function's planned "
                                    "memory (remarks)"),
                           cl::init(false), cl::cat(toolCategory));
// Not "threads": a library of LLVM's registers that name already.
cl::opt<unsigned> compileThreads(
    "compile-threads",
    cl::desc("Threads of the compilation (default 0: one per core; 1: none); "
             "the module is the same whatever the count"),
    cl::init(0), cl::cat(toolCategory));
cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Directory of the kernel cache (default: $STRATA_CACHE_DIR, "
             "else $XDG_CACHE_HOME/strata/kernels, else "
             "~/.cache/strata/kernels)"),
    cl::value_desc("dir"), cl::init(""), cl::cat(toolCategory));
cl::opt<bool> noCache("no-cache",
                      cl::desc("Compile every kernel; neither read nor write "
                               "the kernel cache"),
                      cl::init(false), cl::cat(toolCategory));
cl::opt<bool> cacheStats("cache-stats",
                         cl::desc("Print how many kernels came from the "
                                  "kernel cache to stderr (--timing does "
                                  "too)"),
                         cl::init(false), cl::cat(toolCategory));
cl::opt<bool> timing("timing",
                     cl::desc("Print the time of every phase and pass of the "
                              "compilation to stderr"),
                     cl::init(false), cl::cat(toolCategory));

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  strata::ensureCompilerPassesRegistered();
  cl::HideUnrelatedOptions({&toolCategory, &llvm::getColorCategory()});
  cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << strata::getVersionString() << "\n"; });
  cl::ParseCommandLineOptions(argc, argv,
                              "Strata compiler: graph-level MLIR to a .smod "
                              "module\n");

  strata::CompileOptions spelled;
  spelled.target = target;
  if (std::string error = strata::resolveTargetSpelling(spelled);
      !error.empty()) {
    llvm::WithColor::error() << error << "\n";
    return 1;
  }
  if (!strata::lookupTargetBackend(spelled.target)) {
    llvm::WithColor::error()
        << "unknown --target=" << target
        << " (known: " << strata::getTargetBackendNames() << ")\n";
    return 1;
  }
  if (optLevel > 3) {
    llvm::WithColor::error() << "--opt-level must be 0..3\n";
    return 1;
  }
  if (!strata::isKnownLayout(layout)) {
    llvm::WithColor::error()
        << "--layout must be nhwc or nchw, got '" << layout << "'\n";
    return 1;
  }
  if (!strata::isKnownPrecision(precision)) {
    llvm::WithColor::error()
        << "--precision must be f32 or bf16, got '" << precision << "'\n";
    return 1;
  }

  // Checked before any work: the pipeline can take a while.
  if (compileTo == CompileLevel::Module && outputFilename == "-") {
    llvm::WithColor::error() << "a module needs an output file: -o OUT.smod\n";
    return 1;
  }

  DialectRegistry registry;
  strata::registerCompilerDialects(registry);
  // Declared before the context, which uses it until it is destroyed.
  std::unique_ptr<llvm::ThreadPoolInterface> threadPool;
  MLIRContext context(registry);
  threadPool = strata::setContextThreads(context, compileThreads);
  context.loadAllAvailableDialects();
  // Diagnostics point at the source; the op's IR would drown them.
  context.printOpOnDiagnostic(false);

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::WithColor::error() << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // Ops imported from ONNX have a node name and no file position: their
  // errors start with the name, not with `<unknown>:0`.
  strata::NamedLocationDiagnosticHandler namedDiagnostics(&context,
                                                          llvm::errs());
  OwningOpRef<ModuleOp> module =
      strata::parseSourceBounded(sourceMgr, &context);
  if (!module)
    return 1;

  // An output that cannot be written is reported before a long compile.
  if (outputFilename != "-") {
    strata::runtime::Status writable =
        strata::runtime::checkFileWritable(outputFilename);
    if (!writable.ok()) {
      llvm::WithColor::error() << writable.message() << "\n";
      return 1;
    }
  }

  strata::CompileOptions options;
  options.target = target;
  options.cpu = cpu;
  options.features = features;
  options.optLevel = optLevel;
  options.linker = linker;
  options.vectorize = vectorize;
  options.layout = layout;
  options.precision = precision;
  options.tuningDatabase = tuningDatabase;
  options.external.assign(externalBackends.begin(), externalBackends.end());
  options.externalCostRule = externalCostRule;
  options.externalRegions.assign(externalRegions.begin(),
                                 externalRegions.end());
  options.reportTuning = reportTuning;
  options.winograd = winograd;
  options.winogradTile = winogradTile;
  options.threads = compileThreads;
  if (!noCache)
    options.cacheDirectory = cacheDir.empty()
                                 ? strata::KernelCache::getDefaultDirectory()
                                 : cacheDir.getValue();
  options.reportMemory = reportMemory;
  options.timing = timing;
  options.fromDevice = fromDevice;
  options.compileTo = compileTo;
  options.sourceName = inputFilename == "-"
                           ? std::string("<stdin>")
                           : llvm::sys::path::filename(inputFilename).str();
  strata::CompileOutput result;
  LogicalResult compiled =
      strata::compileModule(*module, options, result, [](PassManager &pm) {
        return applyPassManagerCLOptions(pm);
      });
  if (timing)
    llvm::errs() << result.timingReport;
  // With --timing the report has the line already.
  if (cacheStats && !timing && compileTo == CompileLevel::Module &&
      succeeded(compiled))
    llvm::errs() << strata::formatKernelCacheStats(options, result.cacheStats)
                 << "\n";
  if (failed(compiled))
    return 1;

  llvm::StringRef output =
      compileTo == CompileLevel::Module
          ? llvm::StringRef(reinterpret_cast<const char *>(result.bytes.data()),
                            result.bytes.size())
          : llvm::StringRef(result.text);
  if (outputFilename == "-") {
    llvm::outs() << output;
    return 0;
  }
  // Atomically: a process running the old module, or a hard link to it,
  // keeps the old bytes, and a failed write leaves the old file as it was.
  strata::runtime::Status written = strata::runtime::writeFileAtomically(
      outputFilename, output.data(), output.size());
  if (!written.ok()) {
    llvm::WithColor::error() << written.message() << "\n";
    return 1;
  }
  return 0;
}
