//===- strata-opt.cpp - Run Strata and MLIR passes on textual IR ----------===//
//
// The opt-style driver: parses IR (text or bytecode), runs the requested
// passes or pipelines and prints the result.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "strata/InitAll.h"
#include "strata/Support/ParseSource.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace strata::test {
void registerTestGraphPasses();
} // namespace strata::test

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << strata::getVersionString() << "\n"; });
  strata::registerAllPasses();
  strata::test::registerTestGraphPasses();
  // Rewrites tensor.dim of op results through ReifyRankedShapedTypeOp-
  // Interface; the lit tests use it to check shape reification.
  mlir::memref::registerResolveRankedShapeTypeResultDimsPass();
  mlir::DialectRegistry registry;
  strata::registerAllDialects(registry);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "Strata optimizer driver\n", registry);
  // Input nested too deeply for the parser's recursion is an error, not a
  // stack overflow (standard input is read once, by the driver, unchecked).
  if (inputFilename != "-") {
    std::string errorMessage;
    std::unique_ptr<llvm::MemoryBuffer> input =
        mlir::openInputFile(inputFilename, &errorMessage);
    if (!input) {
      llvm::WithColor::error() << errorMessage << "\n";
      return 1;
    }
    if (std::optional<std::string> why =
            strata::describeBinaryInput(input->getBuffer(), inputFilename)) {
      llvm::errs() << inputFilename << ": error: " << *why << "\n";
      return 1;
    }
    if (std::optional<size_t> offset =
            strata::findExcessiveNesting(input->getBuffer())) {
      llvm::SourceMgr sourceMgr;
      const char *start = input->getBufferStart();
      sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
      sourceMgr.PrintMessage(
          llvm::SMLoc::getFromPointer(start + *offset),
          llvm::SourceMgr::DK_Error,
          "input nested more than " + llvm::Twine(strata::kMaxNestingDepth) +
              " levels deep (regions, attributes or types); it is not parsed");
      return 1;
    }
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
}
