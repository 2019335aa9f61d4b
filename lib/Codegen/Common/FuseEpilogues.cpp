//===- FuseEpilogues.cpp - Epilogues computed inside register tiles -------===//
//
// A kernel's contraction and its elementwise epilogue (bias, activation,
// residual) are tiled one op at a time by strata-cpu-tile: the
// contraction writes its whole slab of the output, and the epilogue reads
// it back and writes it again. When the contraction is bound by memory (a
// 1x1 convolution over few input channels) those passes over the slab cost
// as much as the products. fuseEpiloguesIntoRegisterTiles tiles the last op
// of the epilogue by the contraction's register tile instead and fuses the
// contraction, its initialization and the rest of the epilogue into each
// tile (upstream tile-and-fuse): the accumulators go through the epilogue
// in registers and each output element is stored once.
//
// Only contractions whose schedule keeps the reduction whole above the
// register level are fused: a cache level that splits K (k_c) would need
// the complete sum before the epilogue, outside the register tile.
//
// Depthwise convolutions and pooling ops (their windows whole in each
// register tile) are fused the same way, after SplitPaddedWindows.cpp has
// given each output region its own chain.
//
// Partial register tiles (196 rows in tiles of 8, 11 columns in tiles of 8)
// are peeled off: full and partial tiles are then all static and vectorize
// without masks. The pass is strata-fuse-epilogues (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/SetVector.h"

namespace strata {
#define GEN_PASS_DEF_FUSEEPILOGUESPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Whether `op` is an elementwise step of an epilogue: an all-parallel
/// generic with one result, identity output map and tileable maps.
bool isEpilogueStep(linalg::GenericOp op) {
  return op.hasPureTensorSemantics() && op->getNumResults() == 1 &&
         op.getNumLoops() > 0 && op.getNumLoops() == op.getNumParallelLoops() &&
         op.getIndexingMapMatchingResult(op->getResult(0)).isIdentity() &&
         strata::hasTileableIndexingMaps(op);
}

/// Fuses the epilogue of `contraction` (scheduled by `schedule`; a
/// contraction, depthwise convolution or pooling op) into its register
/// tiles, peeling partial tiles when `peel` (else leaving such ops alone);
/// adds the tiles made to `fused`. Leaves the IR alone when the schedule or
/// the shapes do not fit (see the file comment).
void fuseEpilogue(RewriterBase &rewriter, Operation *scope,
                  linalg::LinalgOp contraction,
                  strata::kernel::ScheduleAttr schedule, bool peel,
                  strata::RegisterTileFusion &fused) {
  unsigned numLevels = schedule.getNumTileLevels();
  if (numLevels == 0 || contraction->getNumResults() != 1 ||
      !contraction.hasPureTensorSemantics() ||
      strata::hasEmptyIterationSpace(contraction))
    return;
  unsigned numLoops = contraction.getNumLoops();
  SmallVector<int64_t> ranges = contraction.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators =
      contraction.getIteratorTypesArray();
  for (unsigned level = 0; level < numLevels; ++level)
    if (schedule.getTileSizes(level).size() != numLoops)
      return;
  // Above the register level, reductions stay whole.
  for (unsigned level = 0; level + 1 < numLevels; ++level) {
    ArrayRef<int64_t> tiles = schedule.getTileSizes(level);
    for (unsigned i = 0; i < numLoops; ++i)
      if (iterators[i] == utils::IteratorType::reduction && tiles[i] > 0 &&
          (ShapedType::isDynamic(ranges[i]) || tiles[i] < ranges[i]))
        return;
  }
  SmallVector<Operation *> epilogue =
      strata::findElementwiseEpilogue(contraction);
  // Without an epilogue, an accumulator initialized by a linalg op other
  // than a fill (a broadcast bias) is fused all the same, with the
  // contraction as the root: tiled on its own, the initialization writes
  // the whole slab and the contraction reads it back (a 12544x96x16
  // product plus bias took 700 us that way, 373 with a relu epilogue
  // fused). A fill needs no fusion: the tile pass folds it into zero
  // accumulators.
  Operation *init = contraction.getDpsInits().front().getDefiningOp();
  bool fusibleInit =
      isa_and_present<linalg::LinalgOp>(init) && init->hasOneUse();
  if (epilogue.empty() && (!fusibleInit || isa<linalg::FillOp>(init)))
    return;
  linalg::LinalgOp root =
      epilogue.empty() ? contraction : cast<linalg::LinalgOp>(epilogue.back());

  // An epilogue root's loops are the output dims (identity output map);
  // each gets the register tile of the contraction loop that computes that
  // dim. The contraction as the root gets its register tile along its
  // parallel loops; its reduction is tiled below, with the other tiles.
  ArrayRef<int64_t> registerTile = schedule.getTileSizes(numLevels - 1);
  AffineMap outputMap =
      contraction.getIndexingMapMatchingResult(contraction->getResult(0));
  if (!outputMap.isProjectedPermutation() ||
      (!epilogue.empty() && outputMap.getNumResults() != root.getNumLoops()))
    return;
  SmallVector<int64_t> rootRanges = root.getStaticLoopRanges();
  SmallVector<int64_t> tileSizes(root.getNumLoops(), 0);
  bool partialTiles = false;
  for (unsigned dim = 0; dim < outputMap.getNumResults(); ++dim) {
    unsigned loop = outputMap.getDimPosition(dim);
    int64_t tile = registerTile[loop];
    unsigned rootLoop = epilogue.empty() ? loop : dim;
    int64_t size = rootRanges[rootLoop];
    if (ShapedType::isDynamic(size))
      return;
    if (tile <= 0 || tile >= size)
      continue;
    // Partial register tiles are peeled off below.
    if (size % tile != 0) {
      if (!peel)
        return;
      partialTiles = true;
    }
    tileSizes[rootLoop] = tile;
  }
  if (llvm::all_of(tileSizes, [](int64_t tile) { return tile == 0; }))
    return;

  // Fuse the epilogue, the contraction and the op initializing its
  // accumulator; not the producers of its operands (an im2col copy would
  // be recomputed for every register tile).
  llvm::SmallPtrSet<Operation *, 8> fusible(epilogue.begin(), epilogue.end());
  fusible.insert(contraction);
  if (fusibleInit)
    fusible.insert(init);
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(
      getAsIndexOpFoldResult(rewriter.getContext(), tileSizes));
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (fusible.contains(producer.getOwner()))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
  if (failed(result) || result->loops.empty())
    return;
  rewriter.replaceAllUsesWith(root->getResult(0),
                              result->replacements.lookup(root->getResult(0)));
  // The fused originals are dead now: the epilogue from its end, then the
  // contraction and its initialization.
  for (Operation *op : llvm::reverse(epilogue))
    if (op->use_empty())
      rewriter.eraseOp(op);
  if (contraction->use_empty())
    rewriter.eraseOp(contraction);
  if (fusibleInit && init->use_empty())
    rewriter.eraseOp(init);

  SmallVector<Operation *> tileLoops =
      llvm::map_to_vector(result->loops, [](LoopLikeOpInterface loop) {
        return loop.getOperation();
      });
  SmallVector<Operation *> tiles;
  for (Operation *op : result->tiledAndFusedOps)
    if (isa<linalg::LinalgOp>(op))
      tiles.push_back(op);
  if (partialTiles) {
    // Full tiles and the partial last one along each loop, all of static
    // size, each with copies of every fused op. The loops of the partial
    // tiles are copies too: collect them around the tiles' copies.
    Block *outerBlock = tileLoops.front()->getBlock();
    SmallVector<Operation *> copies;
    strata::peelTileLoops(rewriter, scope, result->loops, tiles, copies);
    llvm::SetVector<Operation *> peeledLoops;
    for (Operation *copy : copies)
      for (Operation *parent = copy->getParentOp(); parent;
           parent = parent->getParentOp()) {
        if (isa<scf::ForOp>(parent))
          peeledLoops.insert(parent);
        if (parent->getBlock() == outerBlock)
          break;
      }
    tileLoops.assign(peeledLoops.begin(), peeledLoops.end());
    tiles = std::move(copies);
  }
  for (Operation *loop : tileLoops) {
    fused.loops.push_back(loop);
    fused.registerTileLoops.push_back(loop);
  }
  for (Operation *op : tiles) {
    auto tile = cast<linalg::LinalgOp>(op);
    // The epilogue and initialization tiles are all-parallel; the
    // contraction's tile gets its reduction in steps of the register tile's
    // k_r.
    strata::kernel::removeSchedule(tile);
    if (tile.getNumReductionLoops() == 0) {
      fused.tiles.push_back(tile);
      continue;
    }
    SmallVector<int64_t> tileRanges = tile.getStaticLoopRanges();
    SmallVector<int64_t> reductionTiles(numLoops, 0);
    for (unsigned i = 0; i < numLoops; ++i)
      if (iterators[i] == utils::IteratorType::reduction &&
          registerTile[i] > 0 && !ShapedType::isDynamic(tileRanges[i]) &&
          registerTile[i] < tileRanges[i] &&
          tileRanges[i] % registerTile[i] == 0)
        reductionTiles[i] = registerTile[i];
    if (llvm::all_of(reductionTiles, [](int64_t t) { return t == 0; })) {
      fused.tiles.push_back(tile);
      continue;
    }
    scf::SCFTilingOptions tiling;
    tiling.setTileSizes(
        getAsIndexOpFoldResult(rewriter.getContext(), reductionTiles));
    rewriter.setInsertionPoint(tile);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(tile.getOperation()), tiling);
    if (failed(tiled) || tiled->tiledOps.empty()) {
      fused.tiles.push_back(tile);
      continue;
    }
    rewriter.replaceOp(tile, tiled->replacements);
    for (LoopLikeOpInterface loop : tiled->loops)
      fused.loops.push_back(loop.getOperation());
    fused.tiles.push_back(tiled->tiledOps.back());
  }
}

} // namespace

SmallVector<Operation *> strata::findElementwiseEpilogue(Operation *producer) {
  SmallVector<Operation *> chain;
  if (producer->getNumResults() != 1)
    return chain;
  Value current = producer->getResult(0);
  while (current.hasOneUse()) {
    OpOperand &use = *current.getUses().begin();
    auto user = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!user || !isEpilogueStep(user) || !user.isDpsInput(&use) ||
        !user.getMatchingIndexingMap(&use).isIdentity())
      break;
    chain.push_back(user);
    current = user->getResult(0);
  }
  return chain;
}

strata::RegisterTileFusion
strata::fuseEpiloguesIntoRegisterTiles(RewriterBase &rewriter,
                                       func::FuncOp func, bool peel) {
  SmallVector<std::pair<linalg::LinalgOp, kernel::ScheduleAttr>> scheduled;
  func.walk([&](linalg::LinalgOp op) {
    if (!linalg::isaContractionOpInterface(op) && !getWindowedOpLayout(op))
      return;
    if (auto schedule = kernel::getSchedule(op))
      scheduled.emplace_back(op, schedule);
  });
  RegisterTileFusion fused;
  for (auto [op, schedule] : scheduled)
    fuseEpilogue(rewriter, func, op, schedule, peel, fused);
  return fused;
}

namespace {

/// strata-fuse-epilogues: fuseEpiloguesIntoRegisterTiles on each function,
/// the tiles and loops it makes marked for the passes after tiling.
struct FuseEpiloguesPass
    : strata::impl::FuseEpiloguesPassBase<FuseEpiloguesPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    strata::RegisterTileFusion fused =
        strata::fuseEpiloguesIntoRegisterTiles(rewriter, getOperation(), peel);
    using strata::kernel::LoopMark;
    for (Operation *loop : fused.loops)
      strata::kernel::setLoopMark(loop, LoopMark::UnrollTransfers);
    for (Operation *loop : fused.registerTileLoops)
      strata::kernel::setLoopMark(loop, LoopMark::NoHoist);
    // A tile's static sizes bound it; a dynamic one (a partial tile left
    // unpeeled) has no bound, and stays scalar.
    for (Operation *tile : fused.tiles) {
      SmallVector<int64_t> bounds =
          cast<linalg::LinalgOp>(tile).getStaticLoopRanges();
      for (int64_t &bound : bounds)
        if (ShapedType::isDynamic(bound))
          bound = 0;
      strata::kernel::setVectorizeBounds(tile, bounds);
    }
  }
};

} // namespace
