//===- Tile.cpp - Tile scheduled linalg ops on CPUs -----------------------===//
//
// Implements strata-cpu-tile (see Passes.td): each linalg op on tensors is
// tiled by the levels of its schedule (or default sizes), the partial last
// tiles of the innermost level peeled, and the innermost tiles marked for
// strata-cpu-vectorize.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPUTILEPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using strata::kMaxTileLoopDepth;

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

/// Whether `op` is a constant combination (see ConstantCombinations.h)
/// whose init is a linalg.fill.
bool isFilledConstantCombination(Operation *op) {
  return strata::kernel::matchConstantCombination(op) &&
         cast<linalg::LinalgOp>(op)
             .getDpsInits()
             .front()
             .getDefiningOp<linalg::FillOp>();
}

/// The most loops of one tiling level left with a partial last tile (see
/// CPUTilePass::tile).
constexpr unsigned kMaxPartialTileLoops = 8;

/// Coalesces the outermost of `loops` (one tiling level's scf.for nest,
/// outermost first) into one loop over their combined iterations when
/// there are more than kMaxTileLoopDepth of them, so that at most that many
/// remain; only loops without a partial last tile (which peeling would
/// want) are coalesced. Updates `loops`.
void coalesceDeepTileLoops(RewriterBase &rewriter,
                           SmallVectorImpl<LoopLikeOpInterface> &loops) {
  if (loops.size() <= kMaxTileLoopDepth)
    return;
  SmallVector<scf::ForOp> band;
  size_t wanted = loops.size() - kMaxTileLoopDepth + 1;
  for (LoopLikeOpInterface loop : loops) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    if (!forOp || band.size() == wanted)
      break;
    // (Unit steps never leave a partial tile, whatever the bounds.)
    std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(forOp.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
    bool full = step && (*step == 1 || (lb && ub && *step > 0 && *ub >= *lb &&
                                        (*ub - *lb) % *step == 0));
    if (!full)
      break;
    band.push_back(forOp);
  }
  if (band.size() < 2 || failed(mlir::coalesceLoops(rewriter, band)))
    return;
  // The outermost loop of the band is the coalesced one.
  loops.erase(loops.begin() + 1, loops.begin() + band.size());
}

/// Whether loop `dim` of `op` indexes the innermost dim of one of its
/// operands (the dims vectors run along).
bool isContiguousDim(linalg::LinalgOp op, unsigned dim) {
  for (AffineMap map : op.getIndexingMapsArray()) {
    if (map.getNumResults() == 0)
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (last && last.getPosition() == dim)
      return true;
  }
  return false;
}

/// Tiles by one the loops of `op` (a tile marked for vectorization) whose
/// size is only known at run time and whose vector bound is above one,
/// unless vectors run along them: the rows of a register tile or the steps
/// of a reduction, in the partial tiles peeling leaves where a tile loop's
/// size is dynamic (the last of a thread's tiles of 16 rows, when 169 rows
/// are split 16 at a time). Their rows then take one vector each, instead
/// of a register tile of masked rows, which LLVM's lowering expands element
/// by element: SqueezeNet's 169-row products took 0.6 s each to compile,
/// 22k lines of LLVM dialect where 168 rows take 1.7k, and ran slowly: an
/// MLP with a dynamic batch took 4.2 ms for batch 1, 0.12 ms with rows.
/// Returns whether it tiled.
bool tileDynamicRowsByOne(RewriterBase &rewriter, linalg::LinalgOp op) {
  DenseI64ArrayAttr bounds = strata::kernel::getVectorizeBounds(op);
  if (!bounds || bounds.size() != static_cast<int64_t>(op.getNumLoops()))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> tiles(op.getNumLoops(), 0);
  bool any = false;
  for (unsigned i = 0; i < op.getNumLoops(); ++i) {
    if (!ShapedType::isDynamic(ranges[i]) || bounds[i] <= 1 ||
        isContiguousDim(op, i))
      continue;
    tiles[i] = 1;
    any = true;
  }
  if (!any)
    return false;
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tiles));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->tiledOps.empty())
    return false;
  rewriter.replaceOp(op, tiled->replacements);
  for (Operation *tiledOp : tiled->tiledOps)
    strata::kernel::setVectorizeBounds(tiledOp, bounds.asArrayRef());
  return true;
}

struct CPUTilePass : public strata::impl::CPUTilePassBase<CPUTilePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Tiles `op` (when some loop is worth tiling), peels the partial last
  /// tiles of its innermost level, and marks each resulting tile for
  /// strata-cpu-vectorize (kernel::setVectorizeBounds).
  void tile(RewriterBase &rewriter, linalg::LinalgOp op);
};

void CPUTilePass::tile(RewriterBase &rewriter, linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  // The tile sizes of each level, outermost first: the op's schedule, else
  // the `tile-sizes` option, else the defaults (one level).
  SmallVector<SmallVector<int64_t>> levels;
  bool scheduleVectorizes = true;
  auto schedule = strata::kernel::getSchedule(op);
  if (schedule && schedule.getNumLoops() &&
      *schedule.getNumLoops() != static_cast<int64_t>(numLoops)) {
    op->emitWarning() << "ignoring a kernel.schedule written for "
                      << *schedule.getNumLoops() << " loops on an op with "
                      << numLoops;
    schedule = {};
  }
  if (schedule) {
    for (unsigned level = 0; level < schedule.getNumTileLevels(); ++level)
      levels.emplace_back(schedule.getTileSizes(level));
    // An empty vector_sizes asks for no vectorization.
    scheduleVectorizes = !schedule.getVectorSizes().empty();
  } else if (tileSizes.empty()) {
    levels.push_back(getDefaultTileSizes(op));
  } else {
    SmallVector<int64_t> tiles(tileSizes.begin(), tileSizes.end());
    tiles.resize(numLoops, 0);
    levels.push_back(tiles);
  }

  // Tile level by level, each level tiling the tiles of the previous one.
  // `bounds` keeps, per loop, the innermost tile size applied to it: the
  // upper bound of a tile whose size is only known at run time.
  SmallVector<Operation *> targets = {op.getOperation()};
  SmallVector<int64_t> bounds(numLoops, 0);
  for (auto [index, level] : llvm::enumerate(levels)) {
    bool innermost = index + 1 == levels.size();
    SmallVector<Operation *> next;
    for (Operation *target : targets) {
      auto current = cast<linalg::LinalgOp>(target);
      SmallVector<int64_t> tiles(level);
      // A loop whose static trip count fits in one tile is left whole, so
      // that the tile keeps the static size (and needs no mask).
      SmallVector<int64_t> ranges = current.getStaticLoopRanges();
      for (unsigned i = 0; i < numLoops; ++i) {
        if (tiles[i] < 0 ||
            (!ShapedType::isDynamic(ranges[i]) && tiles[i] >= ranges[i]))
          tiles[i] = 0;
      }
      // Loops whose last tile is partial: peeling each doubles the copies of
      // the loops inside it, and those it does not peel keep tiles of
      // dynamic size; past the innermost kMaxPartialTileLoops of them (a
      // matrix product's register tile has 3), loops are tiled by 1, which
      // leaves no partial tile. (A schedule tiling each of 40 loops of 3 by
      // 2 made 2^40 copies.) Ops of more than kMaxTileLoopDepth loops keep
      // one: bufferization compares their many-dimensional slices by
      // solving integer constraints, copy by copy.
      unsigned maxPartial =
          numLoops > kMaxTileLoopDepth ? 1 : kMaxPartialTileLoops;
      unsigned numPartial = 0;
      for (unsigned i = numLoops; i-- > 0;) {
        bool partial = tiles[i] > 1 && (ShapedType::isDynamic(ranges[i]) ||
                                        ranges[i] % tiles[i] != 0);
        if (partial && ++numPartial > maxPartial)
          tiles[i] = 1;
      }
      if (llvm::all_of(tiles, [](int64_t t) { return t == 0; })) {
        next.push_back(target);
        continue;
      }
      scf::SCFTilingOptions options;
      // (Not `op`'s context: the first level replaced, and erased, `op`.)
      options.setTileSizes(
          getAsIndexOpFoldResult(rewriter.getContext(), tiles));
      rewriter.setInsertionPoint(target);
      Operation *tiledOp = nullptr;
      SmallVector<LoopLikeOpInterface> tileLoops;
      if (innermost && isFilledConstantCombination(target)) {
        // The fill joins each tile, where the lowering of the combination
        // starts its sums from the fill value instead of reading zeros
        // written by a pass over the whole output.
        scf::SCFTileAndFuseOptions fuseOptions;
        fuseOptions.setTilingOptions(options);
        fuseOptions.setFusionControlFn(
            [](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
                -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
              if (isDestination && isa<linalg::FillOp>(producer.getOwner()))
                return scf::SCFTileAndFuseOptions::ControlFnResult{};
              return std::nullopt;
            });
        FailureOr<scf::SCFTileAndFuseResult> fused =
            scf::tileConsumerAndFuseProducersUsingSCF(
                rewriter, cast<TilingInterface>(target), fuseOptions);
        if (failed(fused) || fused->loops.empty()) {
          next.push_back(target);
          continue;
        }
        Operation *fill = cast<linalg::LinalgOp>(target)
                              .getDpsInits()
                              .front()
                              .getDefiningOp();
        rewriter.replaceAllUsesWith(
            target->getResult(0),
            fused->replacements.lookup(target->getResult(0)));
        rewriter.eraseOp(target);
        if (fill && fill->use_empty())
          rewriter.eraseOp(fill);
        tiledOp = fused->tiledAndFusedOps.front();
        tileLoops = fused->loops;
      } else {
        FailureOr<scf::SCFTilingResult> tiled =
            scf::tileUsingSCF(rewriter, cast<TilingInterface>(target), options);
        // Tiling is an optimization: an op that does not tile stays as is.
        if (failed(tiled) || tiled->tiledOps.empty()) {
          next.push_back(target);
          continue;
        }
        rewriter.replaceOp(target, tiled->replacements);
        tiledOp = tiled->tiledOps.back();
        tileLoops = tiled->loops;
      }
      coalesceDeepTileLoops(rewriter, tileLoops);
      // The transfers in the loops of a scheduled op are unrolled into rows
      // (strata-cpu-unroll-transfers): mark the loops.
      if (schedule && vectorize)
        for (LoopLikeOpInterface loop : tileLoops)
          strata::kernel::setLoopMark(
              loop, strata::kernel::LoopMark::UnrollTransfers);
      for (unsigned i = 0; i < numLoops; ++i)
        if (tiles[i] != 0)
          bounds[i] = tiles[i];
      if (!isa<linalg::LinalgOp>(tiledOp))
        continue;
      if (innermost && peel)
        strata::peelTileLoops(rewriter, getOperation(), tileLoops, {tiledOp},
                              next);
      else
        next.push_back(tiledOp);
    }
    targets = std::move(next);
  }
  if (!vectorize || !scheduleVectorizes)
    return;
  for (Operation *target : targets)
    strata::kernel::setVectorizeBounds(target, bounds);
}

void CPUTilePass::runOnOperation() {
  func::FuncOp func = getOperation();
  IRRewriter rewriter(&getContext());
  // The unroll the kernel's schedule asks for (its root's, read before
  // tiling consumes the schedules, and before the root goes below).
  int64_t unroll = 1;
  func.walk([&](linalg::LinalgOp op) {
    if (auto schedule = strata::kernel::getSchedule(op))
      unroll = std::max(unroll, schedule.getUnroll());
  });
  // Ops on tensors whose results nothing uses are not tiled: a scheduled
  // root whose register tiles strata-fuse-epilogues made (with its
  // epilogue) is left behind by that pass, and was tiled (and unrolled)
  // only for the canonicalization below to erase it. Users go before
  // their producers.
  func.walk<WalkOrder::PostOrder, ReverseIterator>([&](linalg::LinalgOp op) {
    if (op.hasPureTensorSemantics() && op->use_empty())
      op->erase();
  });
  SmallVector<linalg::LinalgOp> targets;
  func.walk([&](linalg::LinalgOp op) {
    if (strata::kernel::getVectorizeBounds(op))
      return; // A fused register tile (strata-fuse-epilogues).
    // A fill that only initializes a constant combination joins its tiles.
    if (isa<linalg::FillOp>(op) && op->hasOneUse() &&
        isFilledConstantCombination(*op->getUsers().begin()))
      return;
    bool tileableMaps = strata::hasTileableIndexingMaps(op);
    // An op with an empty iteration space computes nothing (upstream
    // tiling crashes computing slices of a zero-sized loop).
    bool empty = strata::hasEmptyIterationSpace(op);
    if (op.hasPureTensorSemantics() && op.getNumLoops() > 0 && tileableMaps &&
        !empty)
      targets.push_back(op);
  });
  for (linalg::LinalgOp op : targets)
    tile(rewriter, op);
  // Static tile sizes where peeling made them static (the affine.min of a
  // full tile folds to the tile size, a peeled last tile's to its size), so
  // that those tiles vectorize without masks.
  FrozenRewritePatternSet canonicalization = [&] {
    RewritePatternSet patterns(&getContext());
    strata::populateAllCanonicalizationPatterns(patterns);
    return FrozenRewritePatternSet(std::move(patterns));
  }();
  if (failed(applyPatternsGreedily(func, canonicalization)))
    return signalPassFailure();
  // Partial tiles of dynamic size: rows of one vector (and static sizes
  // again).
  if (vectorize && peel) {
    SmallVector<linalg::LinalgOp> dynamicTiles;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && strata::kernel::getVectorizeBounds(op))
        dynamicTiles.push_back(op);
    });
    bool tiled = false;
    for (linalg::LinalgOp op : dynamicTiles)
      tiled |= tileDynamicRowsByOne(rewriter, op);
    if (tiled && failed(applyPatternsGreedily(func, canonicalization)))
      return signalPassFailure();
  }
  // The schedule's unroll: the loop directly around each register tile
  // (tiled here or by strata-fuse-epilogues) unrolled by that factor; in a
  // kernel with reductions only those around reducing tiles (a product's k
  // loop stepping k_r, not the loops of its fused epilogue). Peeled partial
  // tiles are loops of one iteration, which unrolling leaves as they are.
  if (unroll > 1) {
    llvm::SetVector<Operation *> loops, reducingLoops;
    func.walk([&](linalg::LinalgOp op) {
      auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
      if (!loop || !strata::kernel::getVectorizeBounds(op))
        return;
      loops.insert(loop);
      if (op.getNumReductionLoops() > 0)
        reducingLoops.insert(loop);
    });
    for (Operation *loop : reducingLoops.empty() ? loops : reducingLoops)
      // A loop that does not unroll stays a loop: unrolling is an
      // optimization.
      (void)loopUnrollByFactor(cast<scf::ForOp>(loop), unroll);
    // The unrolled tiles' offsets, folded.
    if (!loops.empty() && failed(applyPatternsGreedily(func, canonicalization)))
      return signalPassFailure();
  }
  // Schedules are consumed here: none reaches the LLVM dialect (whose
  // consumers, such as mlir-runner, do not know the kernel dialect), neither
  // on ops left whole nor on the function (kernels converted to functions
  // keep theirs as `kernel.schedule`), and the tiles vectorization rewrites
  // into other ops (a 2-D convolution's 1-D form) must not keep a schedule
  // written for other loops.
  strata::kernel::removeSchedule(func);
  func.walk([](linalg::LinalgOp op) { strata::kernel::removeSchedule(op); });
}

} // namespace
