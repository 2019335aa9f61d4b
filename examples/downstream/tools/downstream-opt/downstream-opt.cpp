//===- downstream-opt.cpp - Strata's registry plus the downstream dialect -===//

#include "Downstream/Downstream.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "strata/InitAll.h"

int main(int argc, char **argv) {
  strata::registerAllPasses();
  downstream::registerPasses();
  mlir::DialectRegistry registry;
  strata::registerAllDialects(registry);
  registry.insert<downstream::DownstreamDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Strata downstream example\n", registry));
}
