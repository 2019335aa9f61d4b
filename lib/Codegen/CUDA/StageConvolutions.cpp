//===- StageConvolutions.cpp - Convolutions as staged implicit GEMMs ------===//
//
// Implements cuda::stageConvolution (StageContractions.h): a block's tile
// of a convolution computed as a matrix product of its output pixels by
// its output channels, the reduction (filter taps times input channels)
// stepped through one tap and a slice of channels at a time. Each step
// gathers the input's window elements of the block's pixels and the
// filter's weights of the tap into shared memory (im2col tiles that never
// exist in global memory), then runs the same register-tiled product as a
// staged matrix product.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Codegen/CUDA/StageContractions.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace strata;
using namespace strata::cuda;

/// Whether each element of `producer`'s result can be computed where it is
/// read, from the element's indices: one result, all loops parallel and
/// indexing the result in order, the result's initial value unused (a
/// pad's generic, a broadcast bias, a transpose of the filter).
static bool isComputableAtIndex(linalg::LinalgOp producer) {
  return producer.hasPureTensorSemantics() && producer.getNumDpsInits() == 1 &&
         producer->getNumResults() == 1 && producer->getNumRegions() == 1 &&
         producer.getNumParallelLoops() == producer.getNumLoops() &&
         producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
             .isIdentity() &&
         producer.getMatchingBlockArgument(producer.getDpsInitOperand(0))
             .use_empty();
}

/// The element of `source` at `indices`: computed in place when `source`'s
/// producer allows it (a padded input's predicated read: no thread or
/// block materializes its window), else read.
static Value readElement(OpBuilder &builder, Location loc, Value source,
                         ValueRange indices) {
  auto producer = source.getDefiningOp<linalg::LinalgOp>();
  if (!producer || !isComputableAtIndex(producer))
    return tensor::ExtractOp::create(builder, loc, source, indices);
  IRMapping mapping;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    AffineMap map = producer.getMatchingIndexingMap(input);
    SmallVector<Value> inputIndices;
    for (unsigned result = 0; result < map.getNumResults(); ++result)
      inputIndices.push_back(affine::AffineApplyOp::create(
                                 builder, loc, map.getSubMap({result}), indices)
                                 .getResult());
    mapping.map(producer.getMatchingBlockArgument(input),
                readElement(builder, loc, input->get(), inputIndices));
  }
  Block *body = producer.getBlock();
  for (Operation &bodyOp : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
      mapping.map(index.getResult(), indices[index.getDim()]);
      continue;
    }
    builder.clone(bodyOp, mapping);
  }
  return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
}

namespace {

/// A convolution's loop values at one element of a staged tile: each loop's
/// value (clamped into its range) and whether all are in range.
struct LoopValues {
  SmallVector<Value> values;
  Value inRange;
};

/// The builder of a convolution block's staged tiles.
class ConvolutionStager {
public:
  ConvolutionStager(linalg::LinalgOp op, const StagedConvolution &loops,
                    int64_t blockM, int64_t blockN, int64_t stageChannels)
      : numLoops(op.getNumLoops()), loops(loops), blockM(blockM),
        blockN(blockN), stageChannels(stageChannels) {}

  /// The loop ranges of the block's convolution.
  SmallVector<OpFoldResult> ranges;
  /// This step's filter tap and first input channel.
  Value tapHeight, tapWidth, firstChannel;

  /// A tile of `shape` ([rows, columns]) holding `source`, an operand of
  /// the convolution read through `map`, at the loop values `at` gives for
  /// each row and column; zero where a loop is out of its range. A generic
  /// of one element per index, marked kStageCopyAttrName.
  Value buildTile(
      RewriterBase &rewriter, Location loc, Value source, AffineMap map,
      ArrayRef<int64_t> shape,
      function_ref<LoopValues(OpBuilder &, Location, Value, Value)> at) const {
    Type elementType = getElementTypeOrSelf(source);
    auto tileType = RankedTensorType::get(shape, elementType);
    Value tile = bufferization::AllocTensorOp::create(rewriter, loc, tileType,
                                                      ValueRange());
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(2)};
    SmallVector<utils::IteratorType> iterators(2,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{tileType}, ValueRange(), ValueRange{tile},
        maps, iterators, [&](OpBuilder &b, Location nestedLoc, ValueRange) {
          Value row = linalg::IndexOp::create(b, nestedLoc, 0);
          Value column = linalg::IndexOp::create(b, nestedLoc, 1);
          LoopValues values = at(b, nestedLoc, row, column);
          SmallVector<Value> indices;
          for (unsigned result = 0; result < map.getNumResults(); ++result)
            indices.push_back(
                affine::AffineApplyOp::create(
                    b, nestedLoc, map.getSubMap({result}), values.values)
                    .getResult());
          Value element = readElement(b, nestedLoc, source, indices);
          if (values.inRange) {
            Value zero = arith::ConstantOp::create(b, nestedLoc,
                                                   b.getZeroAttr(elementType));
            element = arith::SelectOp::create(b, nestedLoc, values.inRange,
                                              element, zero);
          }
          linalg::YieldOp::create(b, nestedLoc, element);
        });
    generic->setAttr(kStageCopyAttrName, rewriter.getUnitAttr());
    return generic.getResult(0);
  }

  /// Loop values with every loop at 0 (the batch of a one-image block, and
  /// the loops an operand does not read).
  LoopValues initial(OpBuilder &b, Location loc) const {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    return {SmallVector<Value>(numLoops, zero), Value()};
  }

  /// Sets the loop values of the block's pixel `row`: (height, width) of
  /// row-major pixels, rows beyond the block's pixels out of range.
  void setPixel(OpBuilder &b, Location loc, Value row,
                LoopValues &values) const {
    int64_t pixels = tileHeight() * tileWidth();
    if (pixels < blockM) {
      Value count = arith::ConstantIndexOp::create(b, loc, pixels);
      addCondition(
          b, loc, values,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, count));
      Value last = arith::ConstantIndexOp::create(b, loc, pixels - 1);
      row = arith::MinUIOp::create(b, loc, row, last);
    }
    Value width = arith::ConstantIndexOp::create(b, loc, tileWidth());
    values.values[loops.height] = arith::DivUIOp::create(b, loc, row, width);
    values.values[loops.width] = arith::RemUIOp::create(b, loc, row, width);
  }

  /// Sets the output channel loop's value to `column`, out of range beyond
  /// the block's channels.
  void setChannel(OpBuilder &b, Location loc, Value column,
                  LoopValues &values) const {
    values.values[loops.channel] =
        clamp(b, loc, column, ranges[loops.channel], blockN, values);
  }

  /// Sets the filter tap and input channel loops of this step's `column`-th
  /// reduction element, out of range beyond the input channels.
  void setReduction(OpBuilder &b, Location loc, Value column,
                    LoopValues &values) const {
    values.values[loops.filterHeight] = tapHeight;
    values.values[loops.filterWidth] = tapWidth;
    Value channel = arith::AddIOp::create(b, loc, firstChannel, column);
    std::optional<int64_t> channels =
        getConstantIntValue(ranges[loops.inputChannel]);
    // Steps that divide the channels never leave them.
    bool exact = channels && *channels % stageChannels == 0;
    values.values[loops.inputChannel] =
        exact ? channel
              : clamp(b, loc, channel, ranges[loops.inputChannel],
                      /*bound=*/-1, values);
  }

private:
  int64_t tileHeight() const {
    return *getConstantIntValue(ranges[loops.height]);
  }
  int64_t tileWidth() const {
    return *getConstantIntValue(ranges[loops.width]);
  }

  static void addCondition(OpBuilder &b, Location loc, LoopValues &values,
                           Value condition) {
    values.inRange =
        values.inRange
            ? arith::AndIOp::create(b, loc, values.inRange, condition)
                  .getResult()
            : condition;
  }

  /// `value` clamped into [0, range), with the condition that it is in
  /// it; nothing when `range` is the static `bound` the value stays below.
  static Value clamp(OpBuilder &b, Location loc, Value value,
                     OpFoldResult range, int64_t bound, LoopValues &values) {
    std::optional<int64_t> size = getConstantIntValue(range);
    if (size && bound >= 0 && *size >= bound)
      return value;
    Value extent = getValueOrCreateConstantIndexOp(b, loc, range);
    addCondition(b, loc, values,
                 arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, value,
                                       extent));
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last = arith::SubIOp::create(b, loc, extent, one);
    return arith::MinUIOp::create(b, loc, value, last);
  }

  unsigned numLoops;
  const StagedConvolution &loops;
  int64_t blockM, blockN, stageChannels;
};

} // namespace

FailureOr<linalg::LinalgOp> cuda::stageConvolution(RewriterBase &rewriter,
                                                   linalg::LinalgOp op) {
  std::optional<StagedConvolution> loops = matchStagedConvolutionLoops(op);
  kernel::ScheduleAttr schedule = kernel::getSchedule(op);
  if (!loops || !schedule || schedule.getNumTileLevels() != 3)
    return failure();
  ArrayRef<int64_t> blockTiles = schedule.getTileSizes(0);
  ArrayRef<int64_t> stageTiles = schedule.getTileSizes(2);
  SmallVector<int64_t> staticRanges = op.getStaticLoopRanges();
  // The block's pixels must fill its tile (tiles dividing the image), its
  // image, filter and input channels be static, each step one tap.
  int64_t tileHeight = staticRanges[loops->height];
  int64_t tileWidth = staticRanges[loops->width];
  int64_t blockN = blockTiles[loops->channel];
  int64_t stageChannels = stageTiles[loops->inputChannel];
  if (tileHeight != blockTiles[loops->height] ||
      tileWidth != blockTiles[loops->width] || tileHeight <= 0 ||
      tileWidth <= 0 || blockTiles[loops->batch] != 1 ||
      staticRanges[loops->batch] != 1 || blockN <= 0 ||
      blockN % kStagedThreadsPerDim || stageChannels <= 0 ||
      stageTiles[loops->filterHeight] != 1 ||
      stageTiles[loops->filterWidth] != 1)
    return failure();
  int64_t filterHeight = staticRanges[loops->filterHeight];
  int64_t filterWidth = staticRanges[loops->filterWidth];
  int64_t channels = staticRanges[loops->inputChannel];
  if (ShapedType::isDynamic(filterHeight) ||
      ShapedType::isDynamic(filterWidth) || ShapedType::isDynamic(channels))
    return failure();
  int64_t blockM =
      llvm::divideCeil(tileHeight * tileWidth, kStagedThreadsPerDim) *
      kStagedThreadsPerDim;

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  ConvolutionStager stager(op, *loops, blockM, blockN, stageChannels);
  for (Range range : op.createLoopRanges(rewriter, loc))
    stager.ranges.push_back(range.size);
  OpOperand *image = op.getDpsInputOperand(0);
  OpOperand *filter = op.getDpsInputOperand(1);
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap imageMap = op.getMatchingIndexingMap(image);
  AffineMap filterMap = op.getMatchingIndexingMap(filter);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  Type accType = getElementTypeOrSelf(init->get());

  // The accumulator, [pixels, channels]: the init's fill value, or the init
  // (a bias) computed or read at each of the block's outputs.
  Value acc;
  auto fill = init->get().getDefiningOp<linalg::FillOp>();
  if (fill) {
    Value empty = bufferization::AllocTensorOp::create(
        rewriter, loc, RankedTensorType::get({blockM, blockN}, accType),
        ValueRange());
    acc =
        linalg::FillOp::create(rewriter, loc, fill.value(), empty).getResult(0);
  } else {
    acc = stager.buildTile(
        rewriter, loc, init->get(), initMap, {blockM, blockN},
        [&](OpBuilder &b, Location nestedLoc, Value row, Value column) {
          LoopValues values = stager.initial(b, nestedLoc);
          stager.setPixel(b, nestedLoc, row, values);
          stager.setChannel(b, nestedLoc, column, values);
          return values;
        });
  }

  // The steps: each filter tap, and the input channels a slice at a time.
  int64_t chunks = llvm::divideCeil(channels, stageChannels);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value steps = arith::ConstantIndexOp::create(
      rewriter, loc, filterHeight * filterWidth * chunks);
  scf::ForOp stageLoop = createStageLoop(rewriter, loc, zero, steps, one, acc);
  Value step = stageLoop.getInductionVar();
  Value chunkCount = arith::ConstantIndexOp::create(rewriter, loc, chunks);
  Value widthTaps = arith::ConstantIndexOp::create(rewriter, loc, filterWidth);
  Value sliceSize =
      arith::ConstantIndexOp::create(rewriter, loc, stageChannels);
  Value tap = arith::DivUIOp::create(rewriter, loc, step, chunkCount);
  Value chunk = arith::RemUIOp::create(rewriter, loc, step, chunkCount);
  stager.tapHeight = arith::DivUIOp::create(rewriter, loc, tap, widthTaps);
  stager.tapWidth = arith::RemUIOp::create(rewriter, loc, tap, widthTaps);
  stager.firstChannel = arith::MulIOp::create(rewriter, loc, chunk, sliceSize);

  // The im2col tile of the block's pixels, [pixels, channels of the step]
  // (consecutive threads read consecutive channels of a pixel: NHWC
  // inputs are read coalesced).
  Value imageTile = stager.buildTile(
      rewriter, loc, image->get(), imageMap, {blockM, stageChannels},
      [&](OpBuilder &b, Location nestedLoc, Value row, Value column) {
        LoopValues values = stager.initial(b, nestedLoc);
        stager.setPixel(b, nestedLoc, row, values);
        stager.setReduction(b, nestedLoc, column, values);
        return values;
      });
  // The filter's tile in its own order: [output channels, input channels]
  // when the input channel is its innermost dim (FHWC), else transposed.
  auto innermost = dyn_cast<AffineDimExpr>(filterMap.getResults().back());
  bool channelsInner =
      innermost && innermost.getPosition() == loops->inputChannel;
  SmallVector<int64_t> filterShape =
      channelsInner ? SmallVector<int64_t>{blockN, stageChannels}
                    : SmallVector<int64_t>{stageChannels, blockN};
  Value filterTile = stager.buildTile(
      rewriter, loc, filter->get(), filterMap, filterShape,
      [&](OpBuilder &b, Location nestedLoc, Value row, Value column) {
        LoopValues values = stager.initial(b, nestedLoc);
        stager.setChannel(b, nestedLoc, channelsInner ? row : column, values);
        stager.setReduction(b, nestedLoc, channelsInner ? column : row, values);
        return values;
      });

  // The step's product: the convolution's own body over (m, n, k).
  MLIRContext *context = rewriter.getContext();
  AffineExpr m = getAffineDimExpr(0, context), n = getAffineDimExpr(1, context),
             k = getAffineDimExpr(2, context);
  SmallVector<AffineMap> maps = {
      AffineMap::get(3, 0, {m, k}, context),
      AffineMap::get(3, 0,
                     channelsInner ? ArrayRef<AffineExpr>{n, k}
                                   : ArrayRef<AffineExpr>{k, n},
                     context),
      AffineMap::get(3, 0, {m, n}, context)};
  SmallVector<utils::IteratorType> iterators = {utils::IteratorType::parallel,
                                                utils::IteratorType::parallel,
                                                utils::IteratorType::reduction};
  Value accumulator = stageLoop.getRegionIterArg(0);
  auto product = linalg::GenericOp::create(
      rewriter, loc, TypeRange{accumulator.getType()},
      ValueRange{imageTile, filterTile}, ValueRange{accumulator}, maps,
      iterators, [&](OpBuilder &b, Location, ValueRange args) {
        IRMapping mapping;
        mapping.map(op.getBlock()->getArguments(), args);
        for (Operation &bodyOp : op.getBlock()->getOperations())
          b.clone(bodyOp, mapping);
      });
  Builder builder(context);
  kernel::setSchedule(
      product,
      kernel::ScheduleAttr::get(
          context,
          builder.getArrayAttr(
              {builder.getDenseI64ArrayAttr({blockM, blockN, 0}),
               builder.getDenseI64ArrayAttr({blockM / kStagedThreadsPerDim,
                                             blockN / kStagedThreadsPerDim, 0}),
               builder.getDenseI64ArrayAttr({0, 0, stageChannels})}),
          builder.getDenseI64ArrayAttr({}),
          builder.getDenseI64ArrayAttr({0, 1}),
          /*unroll=*/1, /*pack=*/false));
  scf::YieldOp::create(rewriter, loc, product->getResult(0));
  rewriter.setInsertionPointAfter(stageLoop);

  // The block's result: the accumulator's pixel rows as (1, height, width)
  // and its channels, cut to the block's channels.
  int64_t pixels = tileHeight * tileWidth;
  Value rows = tensor::ExtractSliceOp::create(
      rewriter, loc, RankedTensorType::get({pixels, blockN}, accType),
      stageLoop.getResult(0),
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0),
                             rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(pixels),
                             rewriter.getIndexAttr(blockN)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                             rewriter.getIndexAttr(1)});
  Value image4d = tensor::ExpandShapeOp::create(
      rewriter, loc,
      RankedTensorType::get({1, tileHeight, tileWidth, blockN}, accType), rows,
      SmallVector<ReassociationIndices>{{0, 1, 2}, {3}});
  replaceWithStagedResult(rewriter, op, image4d, fill);
  return cast<linalg::LinalgOp>(product.getOperation());
}
