//===- acme-opt.cpp - Strata's passes with the acme backend registered ----===//

#include "Acme/AcmeBackend.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "strata/InitAll.h"

int main(int argc, char **argv) {
  strata::registerAllPasses();
  acme::registerAcmeBackend();
  mlir::DialectRegistry registry;
  strata::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Strata's passes with the acme backend\n", registry));
}
