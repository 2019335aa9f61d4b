//===- Pipelines.cpp - The CPU code generation pipelines ------------------===//
//
// Implements buildCPUTileAndVectorizePipeline (strata-cpu-tile-and-vectorize),
// buildCPULoweringPipeline (strata-lower-cpu) and buildKernelToLLVMPipeline
// (strata-lower-kernels-cpu), see Pipelines.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Pipelines.h"
#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/Passes.h"
#include "strata/Codegen/Common/Tiling.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The canonicalizer of the kernel pipelines: upstream's, without the
/// vector patterns of strata::getDisabledCanonicalizations (Tiling.h).
static std::unique_ptr<Pass> createKernelCanonicalizerPass() {
  return createCanonicalizerPass(GreedyRewriteConfig(),
                                 strata::getDisabledCanonicalizations());
}

void strata::buildKernelToLLVMPipeline(mlir::OpPassManager &pm, bool vectorize,
                                       bool int8DotProducts,
                                       bool bf16DotProducts) {
  pm.addPass(createConvertKernelToDPSFuncPass());
  CPUPipelineOptions options;
  // Temporaries inside a kernel are freed before it returns: a kernel runs
  // many times in one process.
  options.deallocate = true;
  options.distribute = true;
  options.vectorize = vectorize;
  options.int8DotProducts = int8DotProducts;
  options.bf16DotProducts = bf16DotProducts;
  buildCPULoweringPipeline(pm, options);
  pm.addPass(createCPUKernelEntryPointsPass());
}

void strata::buildCPUTileAndVectorizePipeline(
    OpPassManager &pm, const CPUTileAndVectorizeOptions &options) {
  pm.addPass(createVerifySchedulesPass());
  // Depthwise convolutions and pooling read the unpadded image but for
  // their border strips, each region with its own slice of the op's
  // epilogue, which the register tiles then take in.
  pm.addPass(createSplitPaddedWindowsPass());
  if (options.fuseEpilogues && options.vectorize) {
    FuseEpiloguesPassOptions fuseOptions;
    fuseOptions.peel = options.peel;
    pm.addPass(createFuseEpiloguesPass(fuseOptions));
  }
  pm.addPass(createDecomposeResultPadsPass());
  CPUTilePassOptions tileOptions;
  tileOptions.vectorize = options.vectorize;
  tileOptions.peel = options.peel;
  tileOptions.tileSizes.assign(options.tileSizes.begin(),
                               options.tileSizes.end());
  pm.addPass(createCPUTilePass(tileOptions));
  if (!options.vectorize)
    return;
  pm.addPass(createCPUVectorizePass());
  pm.addPass(createCPUHoistLoopInvariantsPass());
  pm.addPass(createCPUUnrollTransfersPass());
}

void strata::buildCPULoweringPipeline(OpPassManager &pm,
                                      const CPUPipelineOptions &options) {
  // (1) Tile and vectorize on tensors (after cutting kernels into tiles
  // for the runtime's threads).
  if (options.distribute)
    pm.addNestedPass<func::FuncOp>(strata::createCPUDistributeTilesPass());
  CPUTileAndVectorizeOptions tileOptions;
  tileOptions.vectorize = options.vectorize;
  tileOptions.tileSizes = ArrayRef<int64_t>(options.tileSizes);
  buildCPUTileAndVectorizePipeline(pm.nest<func::FuncOp>(), tileOptions);
  pm.addPass(createKernelCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Masked transfers must become unmasked ops with a mask operand before
  // bufferization: bufferizing inside a vector.mask body breaks it.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());

  // (2) Bufferize. tensor.empty feeding an insert_slice reuses the
  // destination; the rest become allocations.
  buildKernelBufferizePipeline(pm);
  pm.addPass(strata::createOrderGlobalsPass());
  pm.addPass(createKernelCanonicalizerPass());
  // Before deallocation, which does not know scf.forall.
  if (options.distribute)
    pm.addPass(strata::createCPUForallToTileRangePass());
  if (options.deallocate)
    buildCPUBufferDeallocationPipeline(pm);
  if (options.int8DotProducts || options.bf16DotProducts) {
    CPULowerDotProductsPassOptions dotOptions;
    dotOptions.int8 = options.int8DotProducts;
    dotOptions.bf16 = options.bf16DotProducts;
    pm.addNestedPass<func::FuncOp>(
        strata::createCPULowerDotProductsPass(dotOptions));
  }
  buildCPUBuffersToLLVMPipeline(pm);
}

void strata::buildKernelBufferizePipeline(OpPassManager &pm) {
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
}

void strata::buildCPUBufferDeallocationPipeline(OpPassManager &pm) {
  // bufferization::buildBufferDeallocationPipeline, with the kernel
  // canonicalizer instead of upstream's.
  memref::ExpandReallocPassOptions expandOptions;
  expandOptions.emitDeallocs = false;
  pm.addPass(memref::createExpandReallocPass(expandOptions));
  pm.addPass(createKernelCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createKernelCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createKernelCanonicalizerPass());
}

void strata::buildCPUBuffersToLLVMPipeline(OpPassManager &pm) {
  pm.addPass(createConvertBufferizationToMemRefPass());
  // (3) Down to LLVM.
  pm.addNestedPass<func::FuncOp>(strata::createCPULowerStridedCopiesPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // multi_reduction (masked ones too) to elementwise ops + vector.reduction.
  pm.addNestedPass<func::FuncOp>(strata::createCPULowerMultiReductionsPass());
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass());
  // Its scratch buffers out of loop bodies (see strata-hoist-loop-allocas).
  pm.addNestedPass<func::FuncOp>(strata::createHoistLoopAllocasPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(arith::createArithExpandOpsPass());
  // The x86 backend cannot select bf16/f16 arithmetic without avx512bf16 /
  // avx512fp16, and libm has no f16/bf16 functions: compute them in f32 and
  // round once (exact for +,-,*,/, as f32 holds every f16/bf16 result before
  // rounding).
  arith::ArithEmulateUnsupportedFloatsOptions emulateOptions;
  emulateOptions.sourceTypeStrs = {"bf16", "f16"};
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulateOptions));
  pm.addPass(math::createMathExtendToSupportedTypes());
  // Then bf16 conversions (the kernels' own and those the two passes above
  // add) as integer ops: without avx512bf16, LLVM makes f32 -> bf16 a call
  // of compiler-rt's __truncsfbf2, which the kernel library does not link
  // (loading failed on AVX2-only CPUs). The expansion rounds to nearest
  // even, as the instruction does.
  arith::ArithExpandOpsPassOptions expandOptions;
  expandOptions.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expandOptions));
  pm.addNestedPass<func::FuncOp>(strata::createCPUApproximateVectorMathPass());
  pm.addPass(createKernelCanonicalizerPass());
  // Ops with an LLVM intrinsic first (vectors stay vectors), then libm calls
  // for the rest (erf, tanh, ...; vector ops are scalarized).
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  vectorOptions.vectorTransposeLowering =
      vector::VectorTransposeLowering::Shuffle1D;
  // Floating-point vector.reduction ops may be reassociated (a tree of
  // vector adds and shuffles): LLVM's ordered reduction is one scalar add
  // after the other, a 128x768 row mean took 75 us instead of 9. ML
  // runtimes (onnxruntime's MLAS, oneDNN) sum in any order too.
  vectorOptions.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  // The other dialects in one conversion, through their
  // ConvertToLLVMPatternInterface (InitAll.cpp registers them): six passes,
  // each a walk and a conversion of the whole kernel, took a fifth of the
  // kernel pipeline's time. Unfiltered: a filter names dialects that must be
  // loaded, and a kernel without index ops may not load index; math and
  // vector ops are gone by now.
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(strata::createCPUDropForeignAttributesPass());
  pm.addPass(createKernelCanonicalizerPass());
}
