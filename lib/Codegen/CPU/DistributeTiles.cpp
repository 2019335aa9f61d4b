//===- DistributeTiles.cpp - Kernels as grids of independent tiles --------===//
//
// Implements strata-cpu-distribute-tiles and strata-cpu-forall-to-tile-range
// (see Conversion/Passes.td), which let the runtime's thread pool run one
// kernel launch as many calls on disjoint ranges of tiles:
//  1. On tensors, the op that computes a destination-passing kernel's output
//     is tiled along one parallel loop into an scf.forall, its producers
//     fused into the loop body (upstream tile-and-fuse), so that one
//     iteration computes one slab of the output from the inputs alone.
//  2. After bufferization, that scf.forall (now on memrefs, writing disjoint
//     slices of the output) becomes a loop over the tiles
//     [tileBegin, min(tileEnd, numTiles)) of the kernel's tile range
//     arguments, and a grid function computing numTiles from the arguments
//     is added. A kernel that does anything else at its top level (writes
//     outside the loop) keeps a sequential loop and gets no grid function:
//     the runtime then runs it as one tile.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/KernelABI.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/Transforms/ConstantCombination.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SmallBitVector.h"
#include <cmath>

#include <limits>

namespace strata {
#define GEN_PASS_DEF_CPUDISTRIBUTETILESPASS
#define GEN_PASS_DEF_CPUFORALLTOTILERANGEPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// Marks the scf.forall whose iterations are the kernel's tiles.
constexpr llvm::StringLiteral kDistributeAttrName = "strata.distribute";
/// The number of tiles a statically sized loop is cut into: enough for a
/// few threads to balance, few enough that a tile keeps its vector work.
constexpr int64_t kTilesPerLoop = 16;
/// The tile size along a loop of dynamic size.
constexpr int64_t kDynamicTileSize = 8;
/// The fewest tiles a split should make when the loop allows it: enough
/// for two threads to end within a tile of each other's share (3 tiles on
/// 2 threads leave one idle a third of the time).
constexpr int64_t kMinTiles = 6;

/// The innermost tile size the kernel's schedule gives the loop of `root`
/// that computes output dim `loop` of root (0: the schedule keeps that loop
/// whole), or std::nullopt when the schedule says nothing about it. The
/// schedule sits on one op of the kernel (the matmul of a matmul + bias +
/// relu kernel); its loop is found through the output dims both ops write.
std::optional<int64_t>
getScheduledInnerTile(func::FuncOp func, linalg::LinalgOp root, unsigned loop) {
  linalg::LinalgOp scheduled;
  func.walk([&](linalg::LinalgOp op) {
    if (strata::kernel::getSchedule(op))
      scheduled = op;
  });
  if (!scheduled || scheduled.getNumDpsInits() != 1 ||
      root.getNumDpsInits() != 1)
    return std::nullopt;
  auto schedule = strata::kernel::getSchedule(scheduled);
  if (!schedule || schedule.getNumTileLevels() == 0)
    return std::nullopt;
  AffineMap rootMap =
      root.getIndexingMapMatchingResult(cast<OpResult>(root->getResult(0)));
  AffineMap scheduledMap = scheduled.getIndexingMapMatchingResult(
      cast<OpResult>(scheduled->getResult(0)));
  if (!rootMap.isProjectedPermutation() ||
      !scheduledMap.isProjectedPermutation() ||
      rootMap.getNumResults() != scheduledMap.getNumResults())
    return std::nullopt;
  for (unsigned dim = 0; dim < rootMap.getNumResults(); ++dim) {
    if (rootMap.getDimPosition(dim) != loop)
      continue;
    unsigned scheduledLoop = scheduledMap.getDimPosition(dim);
    ArrayRef<int64_t> inner =
        schedule.getTileSizes(schedule.getNumTileLevels() - 1);
    if (scheduledLoop >= inner.size())
      return std::nullopt;
    return inner[scheduledLoop];
  }
  return std::nullopt;
}

/// The tile size along a loop of static size `size` (or dynamic): about
/// kTilesPerLoop tiles, and, when the schedule tiles that loop by `inner`
/// (> 0), a multiple of `inner` dividing `size` if there is one, so that
/// the schedule's register tiles stay whole (no masks) inside every tile.
/// When those multiples make fewer than kMinTiles tiles, a smaller tile of
/// whole cache lines (`lineElements`) that divides `size` is taken instead:
/// a depthwise convolution over 144 channels in register tiles of 48 ran as
/// 3 tiles, 2 on one thread and 1 on the other; in tiles of 16 it runs as 9.
int64_t chooseTileSize(int64_t size, int64_t inner, int64_t lineElements) {
  if (ShapedType::isDynamic(size))
    return inner > 0 ? inner * llvm::divideCeil(kDynamicTileSize, inner)
                     : kDynamicTileSize;
  int64_t naive = std::max<int64_t>(1, llvm::divideCeil(size, kTilesPerLoop));
  if (inner <= 0 || inner >= size)
    return naive;
  // Multiples of `inner` that divide `size`: the one whose tile count is
  // closest to kTilesPerLoop (by ratio), the smallest tile on ties. Such a
  // tile exists only when `inner` divides `size`, and is `size / count` for
  // a count dividing `size / inner`. Counts above kTilesPerLoop^2 are
  // farther from kTilesPerLoop than the count 1 (the whole loop), so the
  // search is over at most kTilesPerLoop^2 counts, not over the loop's
  // size (a loop of 2^36 iterations took seconds).
  int64_t best = 0;
  double bestDistance = 0;
  if (size % inner == 0) {
    int64_t multiples = size / inner;
    for (int64_t count = std::min(multiples, kTilesPerLoop * kTilesPerLoop);
         count >= 1; --count) {
      if (multiples % count != 0)
        continue;
      double distance =
          std::abs(std::log(static_cast<double>(count) / kTilesPerLoop));
      if (!best || distance < bestDistance) {
        best = size / count;
        bestDistance = distance;
      }
    }
  }
  // Smaller tiles of whole cache lines dividing both `inner` and `size`,
  // largest first, making at most kTilesPerLoop tiles: again counts, so
  // that the search is bounded by kTilesPerLoop whatever `inner` is.
  if (best && size / best < kMinTiles) {
    for (int64_t count = 1; count <= kTilesPerLoop; ++count) {
      if (size % count != 0)
        continue;
      int64_t tile = size / count;
      if (tile >= inner || tile < lineElements)
        continue;
      if (tile % lineElements == 0 && inner % tile == 0) {
        best = tile;
        if (count >= kMinTiles)
          break;
      }
    }
  }
  if (best)
    return best;
  return inner * llvm::divideCeil(naive, inner);
}

/// A tile size for a loop whose tiles must all be whole, near `wanted`
/// (which does not divide `size`, or is no multiple of `granule`): the
/// multiple of `granule` dividing `size` in at least two tiles whose tile
/// count is closest to `size / wanted`'s (by ratio; the larger tile on
/// ties), or std::nullopt when there is none. 80 channels wanted in tiles
/// of 32, in whole cache lines of 16, get five tiles of 16; 58 get none.
std::optional<int64_t> chooseDividingTileSize(int64_t size, int64_t wanted,
                                              int64_t granule) {
  double wantedCount = static_cast<double>(size) / wanted;
  std::optional<int64_t> best;
  double bestDistance = 0;
  // Counts, not tile sizes: at most kTilesPerLoop^2 of them to try.
  for (int64_t count = 2;
       count <= std::min(size, kTilesPerLoop * kTilesPerLoop); ++count) {
    if (size % count != 0 || (size / count) % granule != 0)
      continue;
    double distance = std::abs(std::log(count / wantedCount));
    if (!best || distance < bestDistance) {
      best = size / count;
      bestDistance = distance;
    }
  }
  return best;
}

/// A linalg op computing an operand of a kernel's root, directly or
/// through others: the root loops it varies along (through the operands'
/// indexing maps: a producer's loop that computes a dim its consumer reads
/// through an expression of the consumer's loops varies along those
/// loops), and an estimate of its cost (see getWorkEstimate).
struct FusedProducer {
  llvm::SmallBitVector varies;
  double cost;
};

/// The work of one linalg op, in elementwise steps: its iterations, a
/// sixteenth of them for an op with reductions (whose vectorized
/// multiply-adds run about that much faster than a transpose moves an
/// element); a dynamic size counts as 1024.
double getWorkEstimate(linalg::LinalgOp op) {
  double work = 1;
  for (int64_t range : op.getStaticLoopRanges())
    work *= ShapedType::isDynamic(range) ? 1024 : static_cast<double>(range);
  return op.getNumReductionLoops() > 0 ? work / 16 : work;
}

/// The linalg ops computing `root`'s operands (see FusedProducer), or
/// std::nullopt when a producer's result map is no projected permutation.
std::optional<SmallVector<FusedProducer>>
getFusedProducers(linalg::LinalgOp root) {
  unsigned numLoops = root.getNumLoops();
  SmallVector<FusedProducer> producers;
  // (op, for each of its loops the root loops it varies along)
  SmallVector<std::pair<linalg::LinalgOp, SmallVector<llvm::SmallBitVector>>>
      worklist;
  SmallVector<llvm::SmallBitVector> rootLoops;
  for (unsigned i = 0; i < numLoops; ++i) {
    rootLoops.emplace_back(numLoops);
    rootLoops.back().set(i);
  }
  worklist.emplace_back(root, rootLoops);
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    // (No structured binding: the walk below captures `loops`.)
    auto item = worklist.pop_back_val();
    linalg::LinalgOp op = item.first;
    SmallVector<llvm::SmallBitVector> loops = std::move(item.second);
    for (OpOperand &operand : op->getOpOperands()) {
      auto producer = operand.get().getDefiningOp<linalg::LinalgOp>();
      if (!producer || !producer.hasPureTensorSemantics() ||
          !visited.insert(producer).second)
        continue;
      AffineMap resultMap =
          producer.getIndexingMapMatchingResult(cast<OpResult>(operand.get()));
      if (!resultMap.isProjectedPermutation())
        return std::nullopt;
      AffineMap readMap = op.getMatchingIndexingMap(&operand);
      SmallVector<llvm::SmallBitVector> producerLoops(
          producer.getNumLoops(), llvm::SmallBitVector(numLoops));
      llvm::SmallBitVector varies(numLoops);
      for (unsigned d = 0; d < resultMap.getNumResults(); ++d) {
        unsigned producerLoop = resultMap.getDimPosition(d);
        readMap.getResult(d).walk([&](AffineExpr expr) {
          if (auto dim = dyn_cast<AffineDimExpr>(expr))
            producerLoops[producerLoop] |= loops[dim.getPosition()];
        });
        varies |= producerLoops[producerLoop];
      }
      producers.push_back({varies, getWorkEstimate(producer)});
      worklist.emplace_back(producer, std::move(producerLoops));
    }
  }
  return producers;
}

/// The smallest copy kernel (a concatenation, a slice) split into tiles:
/// below it, waking a second thread costs more than the copy.
constexpr int64_t kMinCopyBytes = 32 * 1024;

struct CPUDistributeTilesPass
    : strata::impl::CPUDistributeTilesPassBase<CPUDistributeTilesPass> {
  using Base::Base;

  /// Kernels that only copy their arguments: a concatenation (DenseNet-121
  /// has 58, each copying all the features of its block so far) or a slice
  /// (the 55x55 part of a Winograd product's 56x56 output). They ran on one
  /// thread, and on two the other waited, or worse: SqueezeNet's slice of
  /// 774 KiB took 36 us on one thread and 144 on two, half of its source
  /// in the other core's cache. Each is split along its longest dim that
  /// is neither `excludedDim` (the concatenated one) nor the innermost
  /// (whose tiles would share cache lines), in whole tiles; `buildTile`
  /// makes a tile's value from the tile's offsets and sizes in the output
  /// (the tile index and size along the dim `split`, whole dims
  /// elsewhere). `copy` is the op computing the output; its operands must
  /// be kernel arguments or constants.
  void distributeCopy(
      Operation *copy, bufferization::MaterializeInDestinationOp output,
      std::optional<int64_t> excludedDim,
      llvm::function_ref<Value(OpBuilder &, Location, Value shared,
                               ArrayRef<OpFoldResult> offsets,
                               ArrayRef<OpFoldResult> sizes, unsigned split)>
          buildTile) {
    func::FuncOp func = getOperation();
    auto type = cast<RankedTensorType>(copy->getResult(0).getType());
    if (!type.hasStaticShape() || type.getRank() < 2 ||
        copy->getBlock() != &func.getBody().front() ||
        !type.getElementType().isIntOrFloat())
      return;
    int64_t bits = type.getElementTypeBitWidth();
    if (type.getNumElements() * std::max<int64_t>(bits, 8) / 8 < kMinCopyBytes)
      return;
    for (Value input : copy->getOperands()) {
      Operation *def = input.getDefiningOp();
      if (def && !isa<bufferization::ToTensorOp>(def) &&
          !matchPattern(input, m_Constant()))
        return;
    }
    std::optional<unsigned> split;
    for (int64_t d = 0; d + 1 < type.getRank(); ++d)
      if (d != excludedDim && type.getDimSize(d) > 1 &&
          (!split || type.getDimSize(d) > type.getDimSize(*split)))
        split = d;
    if (!split)
      return;
    int64_t size = type.getDimSize(*split);
    int64_t tile = chooseTileSize(size, 0, 1);
    if (size % tile != 0) {
      std::optional<int64_t> whole = chooseDividingTileSize(size, tile, 1);
      if (!whole)
        return;
      tile = *whole;
    }

    IRRewriter rewriter(func.getContext());
    Location loc = copy->getLoc();
    rewriter.setInsertionPoint(copy);
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    auto forall = scf::ForallOp::create(
        rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(size)},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(tile)}, ValueRange{empty},
        std::nullopt);
    Value iv = forall.getInductionVars().front();
    Value shared = forall.getRegionIterArgs().front();
    rewriter.setInsertionPoint(forall.getTerminator());
    int64_t rank = type.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)), sizes;
    for (int64_t d = 0; d < rank; ++d)
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
    offsets[*split] = iv;
    sizes[*split] = rewriter.getIndexAttr(tile);
    Value value = buildTile(rewriter, loc, shared, offsets, sizes, *split);
    rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
    SmallVector<OpFoldResult> unitStrides(rank, rewriter.getIndexAttr(1));
    tensor::ParallelInsertSliceOp::create(rewriter, loc, value, shared, offsets,
                                          sizes, unitStrides);
    forall->setAttr(kDistributeAttrName, rewriter.getUnitAttr());
    rewriter.modifyOpInPlace(
        output, [&] { output.getSourceMutable().assign(forall.getResult(0)); });
    rewriter.eraseOp(copy);
  }

  /// A concatenation (see distributeCopy): each tile inserts the inputs'
  /// slices into its slice of the output, which bufferizes into copies in
  /// place.
  void distributeConcat(tensor::ConcatOp concat,
                        bufferization::MaterializeInDestinationOp output) {
    int64_t axis = concat.getDim();
    distributeCopy(
        concat, output, axis,
        [&](OpBuilder &builder, Location loc, Value shared,
            ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
            unsigned) -> Value {
          // An input's slice is the tile's, but for its own size along the
          // axis (where the tile's offset is 0).
          int64_t rank = concat.getRank();
          SmallVector<OpFoldResult> unitStrides(rank, builder.getIndexAttr(1));
          Value tileOut = tensor::ExtractSliceOp::create(
              builder, loc, shared, offsets, sizes, unitStrides);
          SmallVector<OpFoldResult> partSizes(sizes);
          SmallVector<OpFoldResult> destOffsets(rank, builder.getIndexAttr(0));
          int64_t concatOffset = 0;
          for (Value input : concat.getInputs()) {
            int64_t inputSize =
                cast<RankedTensorType>(input.getType()).getDimSize(axis);
            partSizes[axis] = builder.getIndexAttr(inputSize);
            Value part = tensor::ExtractSliceOp::create(
                builder, loc, input, offsets, partSizes, unitStrides);
            destOffsets[axis] = builder.getIndexAttr(concatOffset);
            tileOut = tensor::InsertSliceOp::create(builder, loc, part, tileOut,
                                                    destOffsets, partSizes,
                                                    unitStrides);
            concatOffset += inputSize;
          }
          return tileOut;
        });
  }

  /// A slice with unit strides that keeps its rank (see distributeCopy):
  /// each tile is the slice of the source its rows come from.
  void distributeSlice(tensor::ExtractSliceOp slice,
                       bufferization::MaterializeInDestinationOp output) {
    if (slice.getSourceType().getRank() != slice.getResultType().getRank() ||
        !slice.hasUnitStride() ||
        ShapedType::isDynamicShape(slice.getStaticOffsets()))
      return;
    distributeCopy(
        slice, output, std::nullopt,
        [&](OpBuilder &builder, Location loc, Value,
            ArrayRef<OpFoldResult> tileOffsets, ArrayRef<OpFoldResult> sizes,
            unsigned split) -> Value {
          SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
          AffineExpr d0 = builder.getAffineDimExpr(0);
          offsets[split] = affine::makeComposedFoldedAffineApply(
              builder, loc, d0 + slice.getStaticOffsets()[split],
              {tileOffsets[split]});
          SmallVector<OpFoldResult> unitStrides(sizes.size(),
                                                builder.getIndexAttr(1));
          return tensor::ExtractSliceOp::create(builder, loc, slice.getSource(),
                                                offsets, sizes, unitStrides);
        });
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kKernelABIAttrName) || !func.getBody().hasOneBlock())
      return;
    bufferization::MaterializeInDestinationOp outputWrite =
        getSingleOutputWrite(func);
    if (!outputWrite)
      return;
    Value source = outputWrite.getSource();
    if (auto concat = source.getDefiningOp<tensor::ConcatOp>()) {
      distributeConcat(concat, outputWrite);
      return;
    }
    if (auto slice = source.getDefiningOp<tensor::ExtractSliceOp>()) {
      distributeSlice(slice, outputWrite);
      return;
    }
    auto root = source.getDefiningOp<linalg::LinalgOp>();
    if (!root || !root.hasPureTensorSemantics() ||
        root->getBlock() != &func.getBody().front())
      return;
    // Maps upstream tiling handles (see the tile pass). Window maps (an
    // im2col copy, a pooling or depthwise tile) read kernel arguments or
    // their padding, and are split along a loop that no window reads
    // through (the channels): the padding fused into such tiles keeps static
    // sizes, which the tile pass needs to vectorize them.
    if (!strata::hasTileableIndexingMaps(root))
      return;
    bool windows =
        !llvm::all_of(root.getIndexingMapsArray(), [](AffineMap map) {
          return map.isProjectedPermutation(/*allowZeroInResults=*/true);
        });
    auto isArgument = [](Value value) {
      Operation *def = value.getDefiningOp();
      // (A pooling op's window operand is a tensor.empty of its shape.)
      return !def || isa<bufferization::ToTensorOp, tensor::EmptyOp>(def) ||
             matchPattern(value, m_Constant());
    };
    if (windows && llvm::any_of(root.getDpsInputs(), [&](Value input) {
          if (auto pad = input.getDefiningOp<tensor::PadOp>())
            return !isArgument(pad.getSource());
          return !isArgument(input);
        }))
      return;
    // The loops a window expression reads through.
    llvm::SmallBitVector windowLoops(root.getNumLoops());
    for (AffineMap map : root.getIndexingMapsArray())
      for (AffineExpr result : map.getResults())
        if (!isa<AffineDimExpr>(result))
          result.walk([&](AffineExpr expr) {
            if (auto dim = dyn_cast<AffineDimExpr>(expr))
              windowLoops.set(dim.getPosition());
          });
    // A constant combination's coefficient loops (a Winograd transform's
    // element loop) stay whole: a tile would read a slice of the
    // coefficients, no constant, and lose the unrolled lowering that adds
    // only the non-zero terms (F(4x4, 3x3)'s input transform split in two
    // halves of its 36 elements: 27 us -> 1.3 ms).
    llvm::SmallBitVector coefficientLoops(root.getNumLoops());
    if (std::optional<strata::kernel::ConstantCombination> combination =
            strata::kernel::matchConstantCombination(root))
      for (unsigned i = 0; i < root.getNumLoops(); ++i)
        if (combination->coefficientMap.isFunctionOfDim(i))
          coefficientLoops.set(i);
    // So do the root's loops that write the output dims a producer's windows
    // read through (a depthwise convolution under its activation): split
    // along them, the padding fused into each tile would have dynamic sizes
    // (a padded slab allocated, filled and copied per tile).
    bool producerWindows = false;
    AffineMap rootResultMap =
        root.getIndexingMapMatchingResult(cast<OpResult>(root->getResult(0)));
    if (rootResultMap.isProjectedPermutation())
      func.walk([&](linalg::LinalgOp op) {
        if (op == root || op->getNumResults() != 1)
          return;
        AffineMap outputMap =
            op.getIndexingMapMatchingResult(cast<OpResult>(op->getResult(0)));
        if (!outputMap.isProjectedPermutation() ||
            outputMap.getNumResults() != rootResultMap.getNumResults())
          return;
        for (OpOperand *input : op.getDpsInputOperands())
          for (AffineExpr result :
               op.getMatchingIndexingMap(input).getResults())
            if (!isa<AffineDimExpr>(result))
              result.walk([&](AffineExpr expr) {
                auto dim = dyn_cast<AffineDimExpr>(expr);
                if (!dim)
                  return;
                std::optional<unsigned> position =
                    outputMap.getResultPosition(dim);
                if (!position)
                  return;
                windowLoops.set(rootResultMap.getDimPosition(*position));
                producerWindows = true;
              });
      });

    SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
    SmallVector<int64_t> ranges = root.getStaticLoopRanges();
    // An empty iteration space has nothing to split (and upstream tiling
    // crashes computing slices of a zero-sized loop).
    if (strata::hasEmptyIterationSpace(root))
      return;
    // The parallel loop with the most iterations (the outermost on ties; a
    // dynamic one counts as large): splitting a matmul's short M (BERT's 128
    // rows) would make every tile stream all of B through the caches for a
    // few rows of A, while splitting its long N gives each tile a slice of B
    // that stays in L2 for all the rows. Loops the schedule keeps whole in
    // its register tiles are not split: a matrix-vector product on
    // panel-major weights (loops panel, n-in-panel) streams one contiguous
    // panel per tile only when split along the panels, and one whose 10
    // columns are a single register tile would get one column per tile.
    std::optional<unsigned> loop;
    auto size = [&](unsigned i) {
      return ShapedType::isDynamic(ranges[i])
                 ? std::numeric_limits<int64_t>::max()
                 : ranges[i];
    };
    SmallVector<std::optional<int64_t>> innerTiles;
    for (unsigned i = 0; i < iterators.size(); ++i)
      innerTiles.push_back(getScheduledInnerTile(func, root, i));
    auto keptWhole = [&](unsigned i) {
      std::optional<int64_t> inner = innerTiles[i];
      return inner && (*inner == 0 || (!ShapedType::isDynamic(ranges[i]) &&
                                       *inner >= ranges[i]));
    };
    // The longest parallel loop of more than one iteration that `candidate`
    // accepts (the outermost on ties).
    auto longest = [&](llvm::function_ref<bool(unsigned)> candidate) {
      std::optional<unsigned> best;
      for (unsigned i = 0; i < iterators.size(); ++i)
        if (iterators[i] == utils::IteratorType::parallel && size(i) > 1 &&
            candidate(i) && (!best || size(i) > size(*best)))
          best = i;
      return best;
    };
    // The elements of a 64-byte cache line of the output.
    int64_t lineElements = 64;
    if (auto type = dyn_cast<ShapedType>(root->getResult(0).getType()))
      if (type.getElementType().isIntOrFloat())
        lineElements =
            std::max<int64_t>(1, 512 / type.getElementTypeBitWidth());
    // Ops computed in the kernel before the root (a transposed operand, the
    // product under an output transpose) are fused into every tile, each
    // tile computing the slice it reads: a loop that such an op does not
    // vary along would have every tile compute all of it. Split along a
    // loop they all vary along when there is one: attention's Q.K^T (197 x
    // 197 per head, K transposed in the kernel) split along its rows
    // transposed all of K in each of 13 tiles (462 us against 157 with K
    // given transposed); P.V under the transpose back to tokens x heads,
    // split along the tokens, all of V in each of 197 (795 us against 133).
    // (Only producers whose recomputation would cost more than a quarter
    // of the kernel's work: a squeeze-excite block's 4x96 product under
    // the multiply of 3136 pixels by its result is recomputed per tile.)
    auto usualCandidate = [&](unsigned i) {
      return !windowLoops.test(i) && !coefficientLoops.test(i) && !keptWhole(i);
    };
    // The tile size chooseTileSize gives loop `i`.
    auto tileSizeOf = [&](unsigned i) {
      return chooseTileSize(ranges[i], innerTiles[i].value_or(0), lineElements);
    };
    std::optional<unsigned> usual = longest(usualCandidate);
    std::optional<llvm::SmallBitVector> producerLoops;
    if (usual)
      if (std::optional<SmallVector<FusedProducer>> producers =
              getFusedProducers(root)) {
        double total = getWorkEstimate(root);
        for (const FusedProducer &producer : *producers)
          total += producer.cost;
        double tiles =
            ShapedType::isDynamic(ranges[*usual])
                ? kTilesPerLoop
                : llvm::divideCeil(ranges[*usual], tileSizeOf(*usual));
        for (const FusedProducer &producer : *producers) {
          if (producer.varies.test(*usual) ||
              producer.cost * (tiles - 1) * 4 <= total)
            continue;
          if (!producerLoops)
            producerLoops = llvm::SmallBitVector(root.getNumLoops(), true);
          *producerLoops &= producer.varies;
        }
      }
    // Whole tiles first: a partial one (197 columns in tiles of 32) makes
    // the fused producer's slice, and so its loops, of dynamic size.
    if (producerLoops)
      loop = longest([&](unsigned i) {
        return usualCandidate(i) && producerLoops->test(i) &&
               !ShapedType::isDynamic(ranges[i]) &&
               ranges[i] % tileSizeOf(i) == 0;
      });
    if (producerLoops && !loop)
      loop = longest([&](unsigned i) {
        return usualCandidate(i) && producerLoops->test(i);
      });
    if (!loop)
      loop = usual;
    // A window op (an im2col copy) whose only loop free of windows is kept
    // whole in its tiles (64 channels copied as one row) would run on one
    // thread: split that loop in two halves of whole cache lines instead.
    windows |= producerWindows;
    std::optional<int64_t> halves;
    if (!loop && windows) {
      loop = longest([&](unsigned i) {
        return !windowLoops.test(i) && !coefficientLoops.test(i) &&
               !ShapedType::isDynamic(ranges[i]) &&
               ranges[i] >= 2 * lineElements;
      });
      if (loop)
        halves =
            llvm::alignTo(llvm::divideCeil(ranges[*loop], 2), lineElements);
    }
    // A window op reading kernel arguments only (no padding to fuse, whose
    // tiles would have dynamic sizes) may be split along a loop its windows
    // read through: the longest one (the output rows of an im2col copy whose
    // rows are runs of KW*C elements, the RGB stem's, which no other loop
    // splits). Each tile reads the input rows its windows cover; all tiles
    // are whole (see below).
    bool readsPadding = llvm::any_of(root.getDpsInputs(), [](Value input) {
      return input.getDefiningOp<tensor::PadOp>() != nullptr;
    });
    if (!loop && windows && !readsPadding)
      loop = longest([&](unsigned i) {
        return windowLoops.test(i) && !coefficientLoops.test(i) &&
               !keptWhole(i) && !ShapedType::isDynamic(ranges[i]);
      });
    if (!loop)
      return;
    int64_t tileSize = halves ? *halves : tileSizeOf(*loop);
    // Tiles along a window loop must all be whole: a partial one would read
    // a window slice of dynamic size, which the tile pass leaves scalar.
    if (windowLoops.test(*loop) && ranges[*loop] % tileSize != 0)
      return;
    // So must those of a window op whose padding is fused into its tiles: a
    // partial tile pads a slab of dynamic size, which is allocated, filled
    // and copied element by element (ShuffleNetV2's 58-channel depthwise
    // convolution, split 32 + 26, spent 5x its compute in that copy). And
    // along the output's contiguous dim they must be whole cache lines:
    // else both threads write the same lines at every pixel (that
    // convolution in two tiles of 29 channels took 138 us on two threads,
    // median, against 25 on one). Without such tiles the kernel runs as one.
    if (windows && readsPadding && !ShapedType::isDynamic(ranges[*loop])) {
      bool contiguous = rootResultMap.getNumResults() > 0 &&
                        rootResultMap.getResults().back() ==
                            getAffineDimExpr(*loop, func.getContext());
      int64_t granule = contiguous ? lineElements : 1;
      if (ranges[*loop] % tileSize != 0 || tileSize % granule != 0) {
        std::optional<int64_t> whole =
            chooseDividingTileSize(ranges[*loop], tileSize, granule);
        if (!whole)
          return;
        tileSize = *whole;
      }
    }
    SmallVector<OpFoldResult> tileSizes(iterators.size(),
                                        OpBuilder(func).getIndexAttr(0));
    tileSizes[*loop] = OpBuilder(func).getIndexAttr(tileSize);

    scf::SCFTilingOptions tilingOptions;
    tilingOptions.setTileSizes(tileSizes);
    tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tilingOptions);
    // Producers with an empty iteration space stay outside the loop: they
    // compute nothing per tile (a reduction over an empty axis only fills
    // its result, a convolution over 0 channels only adds its bias), and
    // upstream fusion crashes computing the slices of their zero-size loops.
    options.setFusionControlFn(
        [](tensor::ExtractSliceOp, OpResult producer,
           bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (strata::hasEmptyIterationSpace(producer.getOwner()))
            return std::nullopt;
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        });
    IRRewriter rewriter(func.getContext());
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(root.getOperation()), options);
    // Distribution is an optimization: a kernel that does not tile runs as
    // one tile.
    if (failed(result) || result->loops.empty())
      return;
    for (auto [original, replacement] : result->replacements)
      rewriter.replaceAllUsesWith(original, replacement);
    result->loops.front()->setAttr(kDistributeAttrName, rewriter.getUnitAttr());
    // The loop bounds (and the slice sizes) may read `tensor.dim` of the
    // fused producers' results, which would keep the producers alive outside
    // the loop, computed once more in full. Express those sizes through the
    // producers' own shapes instead (reification); the greedy driver then
    // erases the producers, which have no other use.
    RewritePatternSet patterns(func.getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    tensor::DimOp::getCanonicalizationPatterns(patterns, func.getContext());
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }
};

/// True if `op`, at the top level of a kernel next to its distributed loop,
/// may run once per call without changing the result: it writes nothing
/// that outlives the call.
bool isReplicable(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() || isMemoryEffectFree(op))
    return true;
  return isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
             bufferization::DeallocOp, bufferization::ToTensorOp>(op);
}

/// Computes the number of iterations of `forall` before it.
Value buildNumTiles(OpBuilder &builder, scf::ForallOp forall) {
  Location loc = forall.getLoc();
  Value total = arith::ConstantIndexOp::create(builder, loc, 1);
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    Value lower = getValueOrCreateConstantIndexOp(builder, loc, lb);
    Value upper = getValueOrCreateConstantIndexOp(builder, loc, ub);
    Value stride = getValueOrCreateConstantIndexOp(builder, loc, step);
    Value extent = arith::SubIOp::create(builder, loc, upper, lower);
    Value count = arith::CeilDivSIOp::create(builder, loc, extent, stride);
    total = arith::MulIOp::create(builder, loc, total, count);
  }
  return total;
}

/// Replaces `forall` by a loop over the tiles [begin, min(end, numTiles)).
void convertToTileRange(RewriterBase &rewriter, scf::ForallOp forall,
                        Value numTiles, Value begin, Value end) {
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  Value clampedEnd = arith::MinSIOp::create(rewriter, loc, end, numTiles);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto loop = scf::ForOp::create(rewriter, loc, begin, clampedEnd, one);
  rewriter.setInsertionPointToStart(loop.getBody());
  // Delinearize the tile index, innermost dimension fastest.
  SmallVector<Value> ivs(forall.getRank());
  Value remaining = loop.getInductionVar();
  SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound();
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  SmallVector<OpFoldResult> steps = forall.getMixedStep();
  for (int64_t d = forall.getRank() - 1; d >= 0; --d) {
    Value lower = getValueOrCreateConstantIndexOp(rewriter, loc, lbs[d]);
    Value upper = getValueOrCreateConstantIndexOp(rewriter, loc, ubs[d]);
    Value step = getValueOrCreateConstantIndexOp(rewriter, loc, steps[d]);
    Value count = arith::CeilDivSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, upper, lower),
        step);
    Value index = arith::RemSIOp::create(rewriter, loc, remaining, count);
    remaining = arith::DivSIOp::create(rewriter, loc, remaining, count);
    ivs[d] = arith::AddIOp::create(
        rewriter, loc, lower,
        arith::MulIOp::create(rewriter, loc, index, step));
  }
  // The body (on memrefs: no shared outputs, an empty terminator) moves in.
  Block *body = forall.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, loop.getBody()->getTerminator(), ivs);
  rewriter.eraseOp(forall);
  // Statically sized tile buffers (a padded input tile, an epilogue's
  // intermediate) are allocated once per call instead of once per tile:
  // each tile writes its buffer before reading it, so the tiles of one call
  // can share it. (Upstream's buffer-loop-hoisting leaves these in the
  // loop.) Deallocation, which runs later, frees them after the loop.
  SmallVector<memref::AllocOp> allocs;
  loop.getBody()->walk([&](memref::AllocOp alloc) {
    if (alloc->getNumOperands() == 0)
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs)
    rewriter.moveOpBefore(alloc, loop);
}

/// Turns `forall`, a tile loop that cannot be distributed, into an scf.for
/// that runs every tile in one call of the kernel.
LogicalResult runAsOneTile(RewriterBase &rewriter, scf::ForallOp forall) {
  forall->removeAttr(kDistributeAttrName);
  rewriter.setInsertionPoint(forall);
  if (failed(scf::forallToForLoop(rewriter, forall)))
    return forall.emitError("cannot turn the tile loop into scf.for");
  return success();
}

struct CPUForallToTileRangePass
    : strata::impl::CPUForallToTileRangePassBase<CPUForallToTileRangePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(module.getContext());
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelABIAttrName))
        kernels.push_back(func);
    for (func::FuncOp func : kernels) {
      SmallVector<scf::ForallOp> marked;
      func.walk([&](scf::ForallOp forall) {
        if (forall->hasAttr(kDistributeAttrName))
          marked.push_back(forall);
      });
      bool distributable =
          marked.size() == 1 && func.getBody().hasOneBlock() &&
          marked.front()->getBlock() == &func.getBody().front() &&
          marked.front().getOutputs().empty() &&
          llvm::all_of(func.getBody().front(), [&](Operation &op) {
            return &op == marked.front().getOperation() || isReplicable(&op);
          });
      for (scf::ForallOp forall : marked) {
        if (!forall.getOutputs().empty()) {
          forall.emitError("the tile loop still has tensor results: "
                           "strata-cpu-forall-to-tile-range runs after "
                           "bufferization");
          return signalPassFailure();
        }
      }
      if (!distributable) {
        // Run every tile in this one call.
        for (scf::ForallOp forall : marked)
          if (failed(runAsOneTile(rewriter, forall)))
            return signalPassFailure();
        continue;
      }
      scf::ForallOp forall = marked.front();

      // The grid function: the kernel's arguments in, the tile count out.
      // Built from a copy of the kernel, keeping only the count.
      rewriter.setInsertionPointAfter(func);
      auto grid = cast<func::FuncOp>(rewriter.clone(*func));
      grid.setName(getKernelGridBodyName(func.getName()));
      grid->removeAttr(kKernelABIAttrName);
      grid->setAttr(kKernelExportAttrName, rewriter.getUnitAttr());
      scf::ForallOp gridForall;
      grid.walk([&](scf::ForallOp op) { gridForall = op; });
      rewriter.setInsertionPoint(gridForall);
      Value gridCount = buildNumTiles(rewriter, gridForall);
      Block &gridBody = grid.getBody().front();
      Operation *gridReturn = gridBody.getTerminator();
      rewriter.setInsertionPoint(gridReturn);
      func::ReturnOp::create(rewriter, gridReturn->getLoc(), gridCount);
      // Erase everything after the count, then what the count does not use.
      SmallVector<Operation *> toErase;
      bool afterForall = false;
      for (Operation &op : gridBody) {
        if (&op == gridForall.getOperation())
          afterForall = true;
        if (afterForall && !isa<func::ReturnOp>(op))
          toErase.push_back(&op);
      }
      // The old terminator (the function returned nothing) goes too.
      for (Operation *op : llvm::reverse(toErase)) {
        op->dropAllUses();
        rewriter.eraseOp(op);
      }
      rewriter.eraseOp(gridReturn);
      // (Upstream's dead code elimination: unused pure ops and allocations.)
      (void)runRegionDCE(rewriter, grid.getBody());
      if (!llvm::all_of(gridBody, [](Operation &op) {
            return isMemoryEffectFree(&op) ||
                   op.hasTrait<OpTrait::IsTerminator>();
          })) {
        // Cannot compute the count without side effects: run sequentially.
        rewriter.eraseOp(grid);
        if (failed(runAsOneTile(rewriter, forall)))
          return signalPassFailure();
        continue;
      }
      grid.setFunctionType(rewriter.getFunctionType(grid.getArgumentTypes(),
                                                    {rewriter.getIndexType()}));

      // The kernel runs its tile range.
      unsigned numArgs = func.getNumArguments();
      rewriter.setInsertionPoint(forall);
      Value numTiles = buildNumTiles(rewriter, forall);
      convertToTileRange(rewriter, forall, numTiles,
                         func.getArgument(numArgs - 2),
                         func.getArgument(numArgs - 1));
    }
  }
};

} // namespace
