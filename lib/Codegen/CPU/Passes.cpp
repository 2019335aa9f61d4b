//===- Passes.cpp - Register the CPU code generation passes ---------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/CPU/Pipelines.h"
#include "strata/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

namespace strata {
#define GEN_PASS_REGISTRATION
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

void strata::registerCodegenCPUPasses() {
  registerStrataCodegenCPUPasses();
  mlir::PassPipelineRegistration<CPUTileAndVectorizeOptions>(
      "strata-cpu-tile-and-vectorize",
      "Tile the linalg ops on tensors of each func.func by their schedules "
      "and vectorize the tiles: strata-verify-schedules, "
      "strata-split-padded-windows, strata-fuse-epilogues, "
      "strata-decompose-result-pads, strata-cpu-tile, strata-cpu-vectorize, "
      "strata-cpu-hoist-loop-invariants, strata-cpu-unroll-transfers",
      [](mlir::OpPassManager &pm, const CPUTileAndVectorizeOptions &options) {
        // Nested in func.func (`func.func(strata-cpu-tile-and-vectorize)`)
        // or on a module (`--strata-cpu-tile-and-vectorize`).
        if (pm.getOpAnchorName() == mlir::func::FuncOp::getOperationName())
          buildCPUTileAndVectorizePipeline(pm, options);
        else
          buildCPUTileAndVectorizePipeline(pm.nest<mlir::func::FuncOp>(),
                                           options);
      });
  mlir::PassPipelineRegistration<CPUPipelineOptions>(
      "strata-lower-cpu",
      "Lower func.func on tensors (linalg, tensor, arith, math) to the LLVM "
      "dialect for the host CPU: tile and vectorize, one-shot bufferize, "
      "lower to loops and LLVM",
      buildCPULoweringPipeline);
  mlir::PassPipelineRegistration<>(
      "strata-lower-kernels-cpu",
      "Lower a module of kernel.func to LLVM-dialect code with the runtime's "
      "kernel entry points: convert-kernel-to-dps-func, strata-lower-cpu, "
      "strata-cpu-kernel-entry-points",
      [](mlir::OpPassManager &pm) { buildKernelToLLVMPipeline(pm); });
}
