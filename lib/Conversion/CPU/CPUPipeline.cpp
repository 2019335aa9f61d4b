//===- CPUPipeline.cpp - Lower tensor-level kernels to LLVM ---------------===//
//
// Implements strata-cpu-tile-and-vectorize and the strata-lower-cpu pipeline
// (see CPUPipeline.h and Conversion/Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Conversion/CPU/CPUPipeline.h"
#include "strata/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace strata {
#define GEN_PASS_DEF_CPUTILEANDVECTORIZEPASS
#define GEN_PASS_DEF_CPUDROPCONVERSIONFASTMATHPASS
#include "strata/Conversion/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Default tile sizes of `op`, one per loop. Contractions (matmul-like, found
/// by inferring their batch/M/N/K dims from the indexing maps) get batch 1,
/// M 8, N 32, K 16: an 8x32 accumulator tile, K in steps of 16. Everything
/// else (elementwise, reductions, convolutions, ...) gets 1 on every loop but
/// the innermost, which gets 64, so the vectors run along the contiguous dim.
SmallVector<int64_t> getDefaultTileSizes(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> tiles(numLoops, 1);
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims)) {
      for (unsigned d : dims->m)
        tiles[d] = 8;
      for (unsigned d : dims->n)
        tiles[d] = 32;
      for (unsigned d : dims->k)
        tiles[d] = 16;
      return tiles;
    }
  }
  tiles.back() = 64;
  return tiles;
}

/// Drops the stray fastmath attribute of float conversions; see Passes.td.
struct CPUDropConversionFastMathPass
    : strata::impl::CPUDropConversionFastMathPassBase<
          CPUDropConversionFastMathPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<LLVM::FPExtOp, LLVM::FPTruncOp>(op))
        op->removeDiscardableAttr("fastmath");
    });
  }
};

struct CPUTileAndVectorizePass
    : public strata::impl::CPUTileAndVectorizePassBase<
          CPUTileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Tiles `op` (when some loop is worth tiling) and vectorizes the tile.
  void tileAndVectorize(RewriterBase &rewriter, linalg::LinalgOp op);
};

void CPUTileAndVectorizePass::tileAndVectorize(RewriterBase &rewriter,
                                               linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  SmallVector<int64_t> tiles;
  if (tileSizes.empty()) {
    tiles = getDefaultTileSizes(op);
  } else {
    tiles.assign(tileSizes.begin(), tileSizes.end());
    tiles.resize(numLoops, 0);
  }
  // A loop whose static trip count fits in one tile is left whole, so that
  // the tile keeps the static size (and needs no mask).
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned i = 0; i < numLoops; ++i) {
    if (tiles[i] < 0 ||
        (!ShapedType::isDynamic(ranges[i]) && tiles[i] >= ranges[i]))
      tiles[i] = 0;
  }

  Operation *target = op.getOperation();
  if (llvm::any_of(tiles, [](int64_t t) { return t != 0; })) {
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tiles));
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    // Tiling is an optimization: an op that does not tile stays as is.
    if (succeeded(tiled) && !tiled->tiledOps.empty()) {
      rewriter.replaceOp(op, tiled->replacements);
      target = tiled->tiledOps.back();
    }
  }
  if (!vectorize)
    return;

  // Vector sizes: the static size of each loop of the tile, or, where the
  // tile size is only known at run time (partial tiles, `?` dims), its upper
  // bound, the tile size; the vectorizer then masks.
  auto tiledOp = dyn_cast<linalg::LinalgOp>(target);
  if (!tiledOp)
    return;
  SmallVector<int64_t> tileRanges = tiledOp.getStaticLoopRanges();
  SmallVector<int64_t> vectorSizes(tileRanges.size());
  bool needsMask = false;
  for (auto [i, size] : llvm::enumerate(tileRanges)) {
    if (!ShapedType::isDynamic(size)) {
      vectorSizes[i] = size;
      continue;
    }
    if (i >= tiles.size() || tiles[i] <= 0)
      return; // Unbounded dynamic dim: leave it to the scalar loops.
    vectorSizes[i] = tiles[i];
    needsMask = true;
  }
  ArrayRef<int64_t> sizes;
  // The vectorizer indexes the scalable flags by vector dim without checking
  // (release builds have no assertions): always pass one flag per size.
  SmallVector<bool> scalable;
  if (needsMask) {
    sizes = vectorSizes;
    scalable.assign(vectorSizes.size(), false);
  }
  if (!linalg::hasVectorizationImpl(target) ||
      failed(linalg::vectorizeOpPrecondition(target, sizes, scalable)))
    return;
  // Keep two kinds of ops scalar:
  // - f16/bf16: LLVM's x86 backend cannot select some of their vector ops
  //   (a select of vector<9xbf16> aborts instruction selection without
  //   avx512fp16/bf16); scalar arithmetic is emulated in f32.
  // - i1: a vector<Nxi1> load or store is bit-packed in LLVM while scalar
  //   i1 elements occupy a byte each, so vectorized and scalar code would
  //   disagree on the memory of the same tensor.
  auto isUnvectorizable = [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return isa<Float16Type, BFloat16Type>(element) || element.isInteger(1);
  };
  if (llvm::any_of(target->getOperandTypes(), isUnvectorizable) ||
      llvm::any_of(target->getResultTypes(), isUnvectorizable))
    return;
  rewriter.setInsertionPoint(target);
  FailureOr<linalg::VectorizationResult> result =
      linalg::vectorize(rewriter, target, sizes, scalable);
  if (failed(result))
    return;
  rewriter.replaceOp(target, result->replacements);
}

void CPUTileAndVectorizePass::runOnOperation() {
  func::FuncOp func = getOperation();
  MLIRContext *ctx = &getContext();

  SmallVector<linalg::LinalgOp> targets;
  func.walk([&](linalg::LinalgOp op) {
    // Tiling computes operand slices from the indexing maps; for maps that
    // are not projected permutations (the reversed kernel of
    // conv_transpose2d, `n - 1 - i` of negative-step slices) upstream
    // tiling produces slices the tiled op's verifier rejects, so such ops
    // stay whole and become loops.
    bool permutationMaps =
        llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
          return map.isProjectedPermutation(/*allowZeroInResults=*/true);
        });
    if (op.hasPureTensorSemantics() && op.getNumLoops() > 0 && permutationMaps)
      targets.push_back(op);
  });
  IRRewriter rewriter(ctx);
  for (linalg::LinalgOp op : targets)
    tileAndVectorize(rewriter, op);
  if (!vectorize)
    return;

  // Masked transfers (partial tiles) become transfers with a mask operand
  // first: the patterns below rewrite transfers in place, which is invalid
  // inside a vector.mask.
  {
    RewritePatternSet patterns(ctx);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }
  // Clean up the vector IR: explicit broadcasts/transposes instead of
  // transfer permutation maps, mulf + multi_reduction -> vector.contract
  // (lowered to outer products later), plus the usual canonicalizations.
  RewritePatternSet patterns(ctx);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
  vector::populateVectorReductionToContractPatterns(patterns);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  if (failed(applyPatternsGreedily(func, std::move(patterns))))
    return signalPassFailure();
}

} // namespace

void strata::buildCPULoweringPipeline(OpPassManager &pm,
                                      const CPUPipelineOptions &options) {
  // (1) Tile and vectorize on tensors.
  CPUTileAndVectorizePassOptions tileOptions;
  tileOptions.vectorize = options.vectorize;
  tileOptions.tileSizes.assign(options.tileSizes.begin(),
                               options.tileSizes.end());
  pm.addNestedPass<func::FuncOp>(createCPUTileAndVectorizePass(tileOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Masked transfers must become unmasked ops with a mask operand before
  // bufferization: bufferizing inside a vector.mask body breaks it.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());

  // (2) Bufferize. tensor.empty feeding an insert_slice reuses the
  // destination; the rest become allocations.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createCanonicalizerPass());
  if (options.deallocate)
    bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());

  // (3) Down to LLVM.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // multi_reduction (masked ones too) to elementwise ops + vector.reduction.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass());
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
  pm.addPass(createCanonicalizerPass());
  // Ops with an LLVM intrinsic first (vectors stay vectors), then libm calls
  // for the rest (erf, tanh, ...; vector ops are scalarized).
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(strata::createCPUDropConversionFastMathPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}
