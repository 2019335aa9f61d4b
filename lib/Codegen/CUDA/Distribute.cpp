//===- Distribute.cpp - Kernels as grids of blocks of threads -------------===//
//
// Implements strata-cuda-distribute (see Passes.td): the op writing a
// kernel's output is tiled into an scf.forall of block tiles with its
// producers fused, then each linalg op of a block tile into an scf.forall
// of thread tiles, fusing the producers that every thread needs a slice of
// its own of. Upstream tile-and-fuse does the tiling; this pass decides
// the tile sizes and what is fused at which level.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Codegen/CUDA/StageContractions.h"
#include "strata/Codegen/Common/KernelABI.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace strata {
#define GEN_PASS_DEF_CUDADISTRIBUTEPASS
#include "strata/Codegen/CUDA/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// The loops of `consumer` that the indexing map of `operand` reads
/// through.
llvm::SmallBitVector getReadLoops(linalg::LinalgOp consumer,
                                  OpOperand &operand) {
  llvm::SmallBitVector loops(consumer.getNumLoops());
  AffineMap map = consumer.getMatchingIndexingMap(&operand);
  for (AffineExpr result : map.getResults())
    result.walk([&](AffineExpr expr) {
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        loops.set(dim.getPosition());
    });
  return loops;
}

/// The loops of `op` that a block must run whole: those along which an
/// operand computed by a reduction in the kernel does not vary (a softmax
/// row's sum, read by every element of the row). Splitting them would have
/// every block along them compute the reduction again.
SmallVector<bool> getWholeLoops(linalg::LinalgOp op) {
  SmallVector<bool> whole(op.getNumLoops(), false);
  for (OpOperand *operand : op.getDpsInputOperands()) {
    auto producer = operand->get().getDefiningOp<linalg::LinalgOp>();
    if (!producer || producer.getNumReductionLoops() == 0)
      continue;
    llvm::SmallBitVector read = getReadLoops(op, *operand);
    for (unsigned loop = 0; loop < op.getNumLoops(); ++loop)
      if (!read.test(loop))
        whole[loop] = true;
  }
  return whole;
}

/// The map from `op`'s loops to the dims of `target`, a result of a linalg
/// op that `op` reads through a chain of linalg ops of one result each
/// indexed by a permutation (an epilogue, a layout transpose): `read`
/// (op's loops to the dims of `value`) composed through each op of the
/// chain to `target`'s dims. Null when no chain of at most `depth` ops
/// leads there.
AffineMap mapLoopsThroughChain(AffineMap read, Value value, Value target,
                               unsigned depth) {
  if (value == target)
    return read;
  auto producer = value.getDefiningOp<linalg::LinalgOp>();
  if (!producer || depth == 0 || producer->getNumResults() != 1 ||
      !producer.hasPureTensorSemantics())
    return AffineMap();
  AffineMap written =
      producer.getIndexingMapMatchingResult(cast<OpResult>(value));
  if (!written.isPermutation())
    return AffineMap();
  // op's loops -> the producer's loops.
  AffineMap loops = inversePermutation(written).compose(read);
  for (OpOperand *input : producer.getDpsInputOperands()) {
    AffineMap inputMap = producer.getMatchingIndexingMap(input);
    if (!inputMap.isProjectedPermutation())
      continue;
    if (AffineMap found = mapLoopsThroughChain(inputMap.compose(loops),
                                               input->get(), target, depth - 1))
      return found;
  }
  return AffineMap();
}

/// The block tile sizes of the op writing `result`, the kernel's output:
/// the first level of the schedule on the kernel's scheduled op, read
/// through the output dims both ops write when they differ, else the
/// default ones. Loops a block must run whole stay whole.
SmallVector<int64_t> getBlockTiles(func::FuncOp func, OpResult result) {
  auto output = cast<linalg::LinalgOp>(result.getOwner());
  SmallVector<utils::IteratorType> iterators = output.getIteratorTypesArray();
  SmallVector<bool> whole = getWholeLoops(output);
  SmallVector<int64_t> tiles;
  linalg::LinalgOp scheduled;
  func.walk([&](linalg::LinalgOp op) {
    if (kernel::getSchedule(op))
      scheduled = op;
  });
  kernel::ScheduleAttr schedule =
      scheduled ? kernel::getSchedule(scheduled) : kernel::ScheduleAttr();
  if (schedule && schedule.getNumTileLevels() > 0) {
    ArrayRef<int64_t> level = schedule.getTileSizes(0);
    if (scheduled == output && level.size() == output.getNumLoops()) {
      tiles.assign(level.begin(), level.end());
    } else if (scheduled.getNumDpsInits() == 1 &&
               level.size() == scheduled.getNumLoops()) {
      // The output's loops to the scheduled op's result dims: through the
      // chain of ops from it (a transpose to the graph's layout reorders
      // the dims), else the dims both write.
      AffineMap outputMap;
      for (OpOperand *input : output.getDpsInputOperands()) {
        AffineMap inputMap = output.getMatchingIndexingMap(input);
        if (!inputMap.isProjectedPermutation())
          continue;
        outputMap = mapLoopsThroughChain(inputMap, input->get(),
                                         scheduled->getResult(0),
                                         /*depth=*/4);
        if (outputMap)
          break;
      }
      if (!outputMap)
        outputMap = output.getIndexingMapMatchingResult(result);
      AffineMap scheduledMap = scheduled.getIndexingMapMatchingResult(
          cast<OpResult>(scheduled->getResult(0)));
      if (outputMap.isProjectedPermutation() &&
          scheduledMap.isProjectedPermutation() &&
          outputMap.getNumResults() == scheduledMap.getNumResults()) {
        tiles.assign(output.getNumLoops(), 0);
        for (unsigned dim = 0; dim < outputMap.getNumResults(); ++dim)
          tiles[outputMap.getDimPosition(dim)] =
              level[scheduledMap.getDimPosition(dim)];
      }
    }
  }
  if (tiles.empty())
    return cuda::getDefaultBlockTiles(output.getStaticLoopRanges(), iterators,
                                      whole);
  for (unsigned loop = 0; loop < tiles.size(); ++loop)
    if (whole[loop] || iterators[loop] != utils::IteratorType::parallel)
      tiles[loop] = 0;
  return tiles;
}

/// Replaces the results of a tile-and-fuse and resolves the sizes that
/// read `tensor.dim` of fused producers through their own shapes, so that
/// the producers, fused, lose their last uses outside the loop.
LogicalResult finishTiling(RewriterBase &rewriter, func::FuncOp func,
                           scf::SCFTileAndFuseResult &result) {
  for (auto [original, replacement] : result.replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  RewritePatternSet patterns(func.getContext());
  memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
  tensor::DimOp::getCanonicalizationPatterns(patterns, func.getContext());
  return applyPatternsGreedily(func, std::move(patterns));
}

/// Tiles `op` by `tileSizes` into an scf.forall marked `marker`, fusing the
/// producers `shouldFuse` accepts. Returns the loop, or null when `op` did
/// not tile.
FailureOr<scf::ForallOp>
tileAndFuse(RewriterBase &rewriter, func::FuncOp func, linalg::LinalgOp op,
            ArrayRef<int64_t> tileSizes, StringRef marker,
            llvm::function_ref<bool(Operation *)> shouldFuse) {
  if (llvm::all_of(tileSizes, [](int64_t size) { return size == 0; }))
    return scf::ForallOp();
  SmallVector<OpFoldResult> sizes;
  for (int64_t size : tileSizes)
    sizes.push_back(rewriter.getIndexAttr(size));
  scf::SCFTilingOptions tilingOptions;
  tilingOptions.setTileSizes(sizes);
  tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  // Mapped loops: canonicalization then keeps their dims (one-iteration
  // ones too) and the loops themselves, which strata-cuda-map-forall finds
  // by their mapping. (The linearization is strata-cuda-map-forall's.)
  SmallVector<Attribute> mapping;
  bool blocks = marker == kCUDABlocksAttrName;
  for (int64_t size : tileSizes) {
    if (size == 0)
      continue;
    auto id = static_cast<gpu::MappingId>(
        static_cast<uint64_t>(gpu::MappingId::LinearDim0) + mapping.size());
    mapping.push_back(blocks ? Attribute(gpu::GPUBlockMappingAttr::get(
                                   rewriter.getContext(), id))
                             : Attribute(gpu::GPUThreadMappingAttr::get(
                                   rewriter.getContext(), id)));
  }
  // (linear_dim_0 .. linear_dim_9: at most ten tiled loops.)
  if (mapping.size() > 10)
    return scf::ForallOp();
  tilingOptions.setMapping(mapping);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tilingOptions);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        // Upstream fusion crashes on the slices of zero-size loops.
        if (hasEmptyIterationSpace(producer.getOwner()) ||
            !shouldFuse(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result) || result->loops.empty())
    return scf::ForallOp();
  auto forall = dyn_cast<scf::ForallOp>(result->loops.front().getOperation());
  if (!forall)
    return scf::ForallOp();
  forall->setAttr(marker, rewriter.getUnitAttr());
  if (failed(finishTiling(rewriter, func, *result)))
    return failure();
  return forall;
}

/// Whether `op` is a linalg op this pass may tile: on tensors, with loops,
/// none of them empty, and maps upstream tiling slices correctly.
bool isTileable(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.hasPureTensorSemantics() &&
         linalgOp.getNumLoops() > 0 && !hasEmptyIterationSpace(op) &&
         hasTileableIndexingMaps(linalgOp);
}

/// The fewest elements a reduction must have for its block to share it out
/// among its threads (below, one thread per row reduces it as fast).
constexpr int64_t kMinSharedReduction = 64;
/// The most rows (parallel iterations) a block may have for its reduction to
/// be shared out: with more, one thread per row already fills a warp.
constexpr int64_t kMaxRowsForSharedReduction = 16;

/// Whether `op`, a linalg op of a block tile, is a reduction that the
/// block's threads should share (a softmax's or layer norm's row sums, a
/// global pooling): one reduction loop of at least kMinSharedReduction
/// elements (or dynamic) over few rows, one result, and inputs that are
/// slices of the kernel's arguments or small results of other reductions
/// (an elementwise producer left in the block would become a block buffer
/// as large as the reduction).
bool shouldShareReduction(linalg::LinalgOp op) {
  // (Upstream's partial reduction tiling leaves linalg.index ops in the
  // partial tiles unshifted: a scatter's "which update hits this element"
  // reduction then compared local indices, and lost the updates.)
  if (op.getNumReductionLoops() != 1 || op.getNumDpsInits() != 1 ||
      op.hasIndexSemantics() ||
      !isa<PartialReductionOpInterface>(op.getOperation()))
    return false;
  int64_t rows = 1;
  for (auto [range, iterator] :
       llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (iterator == utils::IteratorType::reduction) {
      if (!ShapedType::isDynamic(range) && range < kMinSharedReduction)
        return false;
      continue;
    }
    if (ShapedType::isDynamic(range))
      return false;
    rows *= range;
  }
  if (rows > kMaxRowsForSharedReduction)
    return false;
  return llvm::all_of(op.getDpsInputs(), [](Value input) {
    auto producer = input.getDefiningOp<linalg::LinalgOp>();
    return !producer || producer.getNumReductionLoops() > 0;
  });
}

/// Shares the reduction `op` out among the block's threads: each of
/// kThreadsPerBlock threads reduces every kThreadsPerBlock-th chunk into
/// its partial result (upstream's partial reduction tiling, the partials a
/// block buffer), then a merge op combines the partials (tiled later, one
/// thread per row). Returns the merge ops.
FailureOr<SmallVector<Operation *>> shareReduction(RewriterBase &rewriter,
                                                   linalg::LinalgOp op) {
  unsigned reduction = 0;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [loop, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::reduction)
      reduction = loop;
  SmallVector<OpFoldResult> numThreads(iterators.size(),
                                       rewriter.getIndexAttr(0));
  numThreads[reduction] = rewriter.getIndexAttr(cuda::kThreadsPerBlock);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setReductionTilingStrategy(
      ReductionTilingStrategy::PartialReductionOuterParallel);
  options.setReductionDims({reduction});
  options.setNumThreads(numThreads);
  options.setMapping({gpu::GPUThreadMappingAttr::get(
      rewriter.getContext(), gpu::MappingId::LinearDim0)});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result) || result->loops.empty())
    return failure();
  result->loops.front()->setAttr(kCUDAThreadsAttrName, rewriter.getUnitAttr());
  rewriter.replaceOp(op, result->replacements);
  return result->mergeOps;
}

/// Drops the staging level of `conv`'s schedule, a convolution of a block
/// tile that cuda::stageConvolution cannot stage (block tiles that a
/// hand-written schedule, or an epilogue's loops, leave partial): its
/// threads compute one output each, reading a padded input's elements in
/// place (what strata-cuda-copies-to-generics does for the convolutions it
/// does not leave to the staging).
void unstageConvolution(RewriterBase &rewriter, linalg::LinalgOp conv) {
  kernel::ScheduleAttr schedule = kernel::getSchedule(conv);
  kernel::setSchedule(conv,
                      kernel::ScheduleAttr::get(
                          conv->getContext(),
                          rewriter.getArrayAttr({schedule.getTileSizes()[0],
                                                 schedule.getTileSizes()[1]}),
                          schedule.getVectorSizes(), schedule.getParallelDims(),
                          schedule.getUnroll(), schedule.getPack()));
  Block *block = conv->getBlock();
  RewritePatternSet patterns(conv->getContext());
  populateCUDAInlinePadIntoWindowPatterns(patterns);
  (void)applyOpPatternsGreedily({conv.getOperation()}, std::move(patterns));
  // The pad's generic, now unused (the driver may have erased it already:
  // look for what is dead rather than keep pointers to it).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
    if (isa<linalg::LinalgOp>(op) && isOpTriviallyDead(&op))
      rewriter.eraseOp(&op);
}

struct CUDADistributePass
    : strata::impl::CUDADistributePassBase<CUDADistributePass> {
  using Base::Base;

  /// Tiles the linalg ops of `body`, a block tile's body or a stage loop's,
  /// into thread loops (see distributeThreads). `stepProduct` is a staged
  /// contraction's step, whose thread tiles are its schedule's second level
  /// and whose staged operands stay thread loops of their own.
  LogicalResult distributeBody(func::FuncOp func, Block *body,
                               linalg::LinalgOp stepProduct) {
    IRRewriter rewriter(func.getContext());
    llvm::SmallPtrSet<Operation *, 8> done, merges;
    while (true) {
      linalg::LinalgOp next;
      for (Operation &op : llvm::reverse(body->getOperations()))
        if (isTileable(&op) && !done.contains(&op)) {
          next = cast<linalg::LinalgOp>(op);
          break;
        }
      if (!next)
        return success();
      done.insert(next);
      // A long reduction over few rows: the block's threads share it (and
      // the merge of their partials is not shared again).
      if (!merges.contains(next) && shouldShareReduction(next)) {
        FailureOr<SmallVector<Operation *>> mergeOps =
            shareReduction(rewriter, next);
        if (succeeded(mergeOps)) {
          merges.insert(mergeOps->begin(), mergeOps->end());
          continue;
        }
      }
      bool isStep = next == stepProduct;
      SmallVector<int64_t> tiles =
          isStep ? llvm::to_vector(kernel::getSchedule(next).getTileSizes(1))
                 : cuda::getThreadTiles(next.getIteratorTypesArray());
      // Producers read through every loop a thread tile splits compute a
      // slice of their own in each thread; others (a reduction whose result
      // all threads of a row read) would be computed again by each thread,
      // unless they are elementwise (a broadcast bias: one load each).
      llvm::SmallPtrSet<Operation *, 4> ownSlice;
      for (OpOperand &operand : next->getOpOperands()) {
        Operation *producer = operand.get().getDefiningOp();
        if (!producer)
          continue;
        llvm::SmallBitVector read = getReadLoops(next, operand);
        bool covers = true;
        for (auto [loop, tile] : llvm::enumerate(tiles))
          if (tile > 0 && !read.test(loop))
            covers = false;
        if (covers)
          ownSlice.insert(producer);
      }
      auto shouldFuse = [&](Operation *producer) {
        // (Upstream fusion would clone a whole stage loop into each
        // thread.)
        if (producer->hasAttr(cuda::kStageCopyAttrName) ||
            producer->hasAttr(kCUDAStageLoopAttrName))
          return false;
        auto linalgProducer = dyn_cast<linalg::LinalgOp>(producer);
        if (linalgProducer && linalgProducer.getNumReductionLoops() > 0)
          return ownSlice.contains(producer);
        return true;
      };
      FailureOr<scf::ForallOp> threads = tileAndFuse(
          rewriter, func, next, tiles, kCUDAThreadsAttrName, shouldFuse);
      if (failed(threads))
        return failure();
      if (isStep && *threads)
        cuda::vectorizeRegisterTile(rewriter, *threads);
    }
  }

  /// Tiles the linalg ops of `blocks`' body into thread loops, the op
  /// writing the block's tile first, then each producer it did not fuse; a
  /// staged contraction's steps first go into a stage loop whose body is
  /// distributed the same way.
  LogicalResult distributeThreads(func::FuncOp func, scf::ForallOp blocks) {
    IRRewriter rewriter(func.getContext());
    linalg::LinalgOp stepProduct;
    if (linalg::LinalgOp contraction = cuda::findStagedContraction(blocks)) {
      FailureOr<linalg::LinalgOp> step =
          cuda::stageContraction(rewriter, contraction);
      if (succeeded(step)) {
        stepProduct = *step;
      } else if (cuda::matchStagedConvolutionLoops(contraction)) {
        unstageConvolution(rewriter, contraction);
      } else {
        return contraction->emitOpError(
            "cannot stage the product's operand tiles");
      }
    }
    if (failed(distributeBody(func, blocks.getBody(), linalg::LinalgOp())))
      return failure();
    if (!stepProduct)
      return success();
    return distributeBody(func, stepProduct->getBlock(), stepProduct);
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kKernelABIAttrName) || !func.getBody().hasOneBlock())
      return;
    bufferization::MaterializeInDestinationOp outputWrite =
        getSingleOutputWrite(func);
    if (!outputWrite)
      return;
    auto output = outputWrite.getSource().getDefiningOp<linalg::LinalgOp>();
    if (!output || output->getBlock() != &func.getBody().front() ||
        !isTileable(output))
      return;
    // Loops of scf ops (a top-k's selection) are sequential by nature: the
    // kernel runs on one thread.
    if (func.walk([](Operation *op) {
              return isa<scf::ForOp, scf::WhileOp>(op) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
            })
            .wasInterrupted())
      return;

    IRRewriter rewriter(func.getContext());
    // An output computed on top of a kernel argument (a product added to
    // its residual input: the argument is the product's init) would
    // bufferize into a copy of the whole argument before the loops, which
    // one GPU thread would make: copy each tile's slice of it instead, in
    // the tile (the copy is a producer that tile-and-fuse fuses).
    for (OpOperand &init : output.getDpsInitsMutable()) {
      Operation *def = init.get().getDefiningOp();
      if (!def || !isa<bufferization::ToTensorOp>(def))
        continue;
      auto type = cast<RankedTensorType>(init.get().getType());
      rewriter.setInsertionPoint(output);
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, output.getLoc(), init.get());
      Value empty = tensor::EmptyOp::create(rewriter, output.getLoc(), sizes,
                                            type.getElementType());
      Value copy =
          linalg::CopyOp::create(rewriter, output.getLoc(), init.get(), empty)
              .getResult(0);
      rewriter.modifyOpInPlace(output, [&] { init.set(copy); });
    }
    SmallVector<int64_t> blockTiles =
        getBlockTiles(func, cast<OpResult>(outputWrite.getSource()));
    FailureOr<scf::ForallOp> blocks =
        tileAndFuse(rewriter, func, output, blockTiles, kCUDABlocksAttrName,
                    [](Operation *) { return true; });
    if (failed(blocks))
      return signalPassFailure();
    if (!*blocks)
      return;
    if (failed(distributeThreads(func, *blocks)))
      return signalPassFailure();
  }
};

} // namespace
