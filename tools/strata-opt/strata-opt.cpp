//===- strata-opt.cpp - Run Strata and MLIR passes on textual IR ----------===//
//
// The opt-style driver: parses IR (text or bytecode), runs the requested
// passes or pipelines and prints the result.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "strata/InitAll.h"
#include "llvm/Support/CommandLine.h"
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
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Strata optimizer driver\n", registry));
}
