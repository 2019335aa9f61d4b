//===- StageContractions.cpp - Products staged in shared memory -----------===//
//
// Implements StageContractions.h: a block's matrix product stepped through
// its reduction, each step's operand tiles copied into block buffers
// (coalesced, predicated at the edges) and each thread's register tile
// accumulated from them as outer products.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/StageContractions.h"
#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace strata;
using namespace strata::cuda;

linalg::LinalgOp cuda::findStagedContraction(scf::ForallOp blocks) {
  for (Operation &op : blocks.getBody()->getOperations()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureTensorSemantics())
      continue;
    kernel::ScheduleAttr schedule = kernel::getSchedule(linalgOp);
    if (!schedule || schedule.getNumTileLevels() != 3 ||
        schedule.getTileSizes(2).size() != linalgOp.getNumLoops() ||
        (!cuda::getStagedContraction(linalgOp) &&
         !cuda::matchStagedConvolutionLoops(linalgOp)))
      continue;
    return linalgOp;
  }
  return linalg::LinalgOp();
}

scf::ForOp cuda::createStageLoop(RewriterBase &rewriter, Location loc,
                                 Value lower, Value upper, Value step,
                                 Value accumulator) {
  auto loop = scf::ForOp::create(rewriter, loc, lower, upper, step,
                                 ValueRange{accumulator});
  loop->setAttr(kCUDAStageLoopAttrName, rewriter.getUnitAttr());
  Block *body = loop.getBody();
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    rewriter.eraseOp(&body->back());
  rewriter.setInsertionPointToStart(body);
  return loop;
}

/// Builds a tensor of the static `shape` (an alloc_tensor: CSE must not
/// merge two tiles) holding `source` read at the tile's indices, shifted
/// along `shiftedDim` by `shift` when given, and zero where the index is
/// outside `source` (the last partial tiles of a block or of the
/// reduction): a generic of one element per index, marked
/// kStageCopyAttrName. Its reads are clamped into `source`, so that none
/// is out of bounds.
static Value buildStagedTile(RewriterBase &rewriter, Location loc, Value source,
                             ArrayRef<int64_t> shape,
                             std::optional<unsigned> shiftedDim, Value shift) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  Type elementType = sourceType.getElementType();
  auto tileType = RankedTensorType::get(shape, elementType);
  Value tile = bufferization::AllocTensorOp::create(rewriter, loc, tileType,
                                                    ValueRange());
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(rewriter, loc, source);
  unsigned rank = shape.size();
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{tileType}, ValueRange(), ValueRange{tile}, maps,
      iterators, [&](OpBuilder &b, Location nestedLoc, ValueRange) {
        Value zero =
            arith::ConstantOp::create(b, nestedLoc, b.getZeroAttr(elementType));
        Value one = arith::ConstantIndexOp::create(b, nestedLoc, 1);
        Value inBounds;
        SmallVector<Value> indices;
        for (unsigned dim = 0; dim < rank; ++dim) {
          Value index = linalg::IndexOp::create(b, nestedLoc, dim);
          bool shifted = shiftedDim && *shiftedDim == dim && shift;
          if (shifted)
            index = arith::AddIOp::create(b, nestedLoc, shift, index);
          // A dim the tile covers exactly (or, stepped through by tiles,
          // evenly) needs no predicate.
          std::optional<int64_t> size = getConstantIntValue(sourceSizes[dim]);
          if (size &&
              (shifted ? *size % shape[dim] == 0 : *size == shape[dim])) {
            indices.push_back(index);
            continue;
          }
          Value extent =
              getValueOrCreateConstantIndexOp(b, nestedLoc, sourceSizes[dim]);
          Value inside = arith::CmpIOp::create(
              b, nestedLoc, arith::CmpIPredicate::ult, index, extent);
          inBounds = inBounds
                         ? arith::AndIOp::create(b, nestedLoc, inBounds, inside)
                               .getResult()
                         : inside;
          Value last = arith::SubIOp::create(b, nestedLoc, extent, one);
          indices.push_back(
              arith::MinUIOp::create(b, nestedLoc, index, last).getResult());
        }
        Value element =
            tensor::ExtractOp::create(b, nestedLoc, source, indices);
        if (inBounds)
          element =
              arith::SelectOp::create(b, nestedLoc, inBounds, element, zero);
        linalg::YieldOp::create(b, nestedLoc, element);
      });
  generic->setAttr(kStageCopyAttrName, rewriter.getUnitAttr());
  return generic.getResult(0);
}

FailureOr<linalg::LinalgOp> cuda::stageContraction(RewriterBase &rewriter,
                                                   linalg::LinalgOp op) {
  std::optional<cuda::StagedContraction> staged =
      cuda::getStagedContraction(op);
  if (!staged && cuda::matchStagedConvolutionLoops(op))
    return cuda::stageConvolution(rewriter, op);
  kernel::ScheduleAttr schedule = kernel::getSchedule(op);
  if (!staged || op.getNumDpsInits() != 1)
    return failure();
  ArrayRef<int64_t> blockTiles = schedule.getTileSizes(0);
  ArrayRef<int64_t> stageTiles = schedule.getTileSizes(2);
  unsigned numLoops = op.getNumLoops();
  // The step's static extent of each loop: the block tile (1 along batch
  // loops), and the stage tile along the reduction.
  SmallVector<int64_t> extents(numLoops);
  for (unsigned loop = 0; loop < numLoops; ++loop)
    extents[loop] = loop == staged->k ? stageTiles[loop] : blockTiles[loop];
  if (llvm::any_of(extents, [](int64_t extent) { return extent <= 0; }))
    return failure();
  auto tileShape = [&](AffineMap map) {
    SmallVector<int64_t> shape;
    for (AffineExpr result : map.getResults())
      shape.push_back(extents[cast<AffineDimExpr>(result).getPosition()]);
    return shape;
  };
  auto tileDimOf = [&](AffineMap map,
                       unsigned loop) -> std::optional<unsigned> {
    for (auto [dim, result] : llvm::enumerate(map.getResults()))
      if (cast<AffineDimExpr>(result).getPosition() == loop)
        return dim;
    return std::nullopt;
  };
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  SmallVector<int64_t> accShape = tileShape(initMap);
  // The accumulator: the init's fill value, or the init itself (a residual
  // accumulated on), zero beyond its edges.
  Value acc;
  auto fill = init->get().getDefiningOp<linalg::FillOp>();
  if (fill) {
    Value empty = bufferization::AllocTensorOp::create(
        rewriter, loc,
        RankedTensorType::get(accShape, getElementTypeOrSelf(init->get())),
        ValueRange());
    acc =
        linalg::FillOp::create(rewriter, loc, fill.value(), empty).getResult(0);
  } else {
    acc = buildStagedTile(rewriter, loc, init->get(), accShape, std::nullopt,
                          Value());
  }
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value upper =
      getValueOrCreateConstantIndexOp(rewriter, loc, ranges[staged->k].size);
  Value step =
      arith::ConstantIndexOp::create(rewriter, loc, extents[staged->k]);
  scf::ForOp loop =
      cuda::createStageLoop(rewriter, loc, lower, upper, step, acc);
  Value accumulator = loop.getRegionIterArg(0);
  SmallVector<Value> operands;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    operands.push_back(
        buildStagedTile(rewriter, loc, input->get(), tileShape(map),
                        tileDimOf(map, staged->k), loop.getInductionVar()));
  }
  operands.push_back(accumulator);
  auto product = cast<linalg::LinalgOp>(mlir::clone(
      rewriter, op.getOperation(), TypeRange{accumulator.getType()}, operands));
  scf::YieldOp::create(rewriter, loc, product->getResult(0));
  rewriter.setInsertionPointAfter(loop);
  cuda::replaceWithStagedResult(rewriter, op, loop.getResult(0), fill);
  return product;
}

void cuda::replaceWithStagedResult(RewriterBase &rewriter, linalg::LinalgOp op,
                                   Value blockResult, linalg::FillOp fill) {
  // The block's tile of the result: the static tile's leading part. A
  // result the block writes out (no epilogue) is copied into its
  // destination by the block's threads.
  Location loc = op.getLoc();
  Value init = op.getDpsInitOperand(0)->get();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, init);
  SmallVector<OpFoldResult> zeros(sizes.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(sizes.size(), rewriter.getIndexAttr(1));
  Value result = tensor::ExtractSliceOp::create(
      rewriter, loc, cast<RankedTensorType>(init.getType()), blockResult, zeros,
      sizes, ones);
  bool writtenOut =
      llvm::any_of(op->getResult(0).getUsers(), [](Operation *user) {
        return isa<tensor::ParallelInsertSliceOp>(user);
      });
  if (writtenOut) {
    Value destination =
        fill ? fill.getOutputs().front()
             : tensor::EmptyOp::create(rewriter, loc, sizes,
                                       getElementTypeOrSelf(init))
                   .getResult();
    result =
        linalg::CopyOp::create(rewriter, loc, result, destination).getResult(0);
  }
  // The producers the staged tiles computed in place (a padded input, a
  // bias), left unused.
  SmallVector<Operation *> producers;
  for (Value operand : op->getOperands())
    if (Operation *producer = operand.getDefiningOp();
        producer && producer != fill.getOperation() &&
        isa<linalg::LinalgOp>(producer) &&
        !llvm::is_contained(producers, producer))
      producers.push_back(producer);
  rewriter.replaceOp(op, result);
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  for (Operation *producer : producers)
    if (producer->use_empty())
      rewriter.eraseOp(producer);
}

void cuda::vectorizeRegisterTile(RewriterBase &rewriter,
                                 scf::ForallOp threads) {
  SmallVector<linalg::LinalgOp> ops;
  threads.getBody()->walk([&](linalg::LinalgOp op) {
    if (op.hasPureTensorSemantics() && op.hasOnlyProjectedPermutations() &&
        llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
      ops.push_back(op);
  });
  for (linalg::LinalgOp op : ops) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
        rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
        /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
        /*assumeDynamicDimsMatchVecSizes=*/false,
        /*createNamedContraction=*/true);
    if (succeeded(result))
      rewriter.replaceOp(op, result->replacements);
  }
  // The product as outer products, one step of the reduction at a time
  // (a column of the lhs tile times a row of the rhs tile, accumulated
  // into the register tile), not a multiply of whole tiles then a
  // reduction, which would keep both operand tiles live in registers.
  // (Two rounds: the contraction must have taken in the broadcasts and
  // transposes of its operands, and lost unit dims, before it is lowered.)
  RewritePatternSet contractPatterns(threads.getContext());
  vector::populateVectorTransferPermutationMapLoweringPatterns(
      contractPatterns);
  vector::populateVectorReductionToContractPatterns(contractPatterns);
  vector::populateCastAwayVectorLeadingOneDimPatterns(contractPatterns);
  (void)applyPatternsGreedily(threads, std::move(contractPatterns));
  RewritePatternSet lowerPatterns(threads.getContext());
  vector::populateVectorContractLoweringPatterns(
      lowerPatterns, vector::VectorContractLowering::OuterProduct);
  (void)applyPatternsGreedily(threads, std::move(lowerPatterns));
}
