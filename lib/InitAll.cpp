//===- InitAll.cpp - Register every Strata dialect and pass ---------------===//
//
// Implements the registry shared by all tools (see InitAll.h).
//
//===----------------------------------------------------------------------===//

#include "strata/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "strata/Conversion/Passes.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "strata/Dialect/Graph/Transforms/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "llvm/Config/llvm-config.h"

#ifndef STRATA_VERSION
#define STRATA_VERSION "unknown"
#endif

void strata::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<graph::GraphDialect, kernel::KernelDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect>();
}

void strata::registerAllPasses() {
  // canonicalize, cse, symbol-dce, inline, sccp, ... from upstream.
  mlir::registerTransformsPasses();
  graph::registerGraphPasses();
  registerConversionPasses();
}

const char *strata::getVersionString() {
  return "Strata " STRATA_VERSION " (MLIR " LLVM_VERSION_STRING ")";
}
