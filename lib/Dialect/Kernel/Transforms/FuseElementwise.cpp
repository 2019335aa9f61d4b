//===- FuseElementwise.cpp - Elementwise chains as one linalg op ----------===//
//
// Implements kernel-fuse-elementwise (see Passes.td): upstream's elementwise
// op fusion, limited to single-use producers and elementwise consumers (a
// producer that loops per element only into a consumer that reads each of
// its elements once), and the addition of a broadcast bias to a product
// folded into the product's accumulator.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/BitVector.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELFUSEELEMENTWISEPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;

namespace {

/// Whether `op` is a generic whose loops are all parallel and whose maps
/// are projected permutations (no windows, no reductions), possibly with
/// zeros: a per-channel constant read as [1, 1, C] by (0, 0, c), as
/// kernel-propagate-reshapes leaves the chain after a depthwise
/// convolution (MobileNetV2 quantized by quantize_dynamic: its depthwise
/// outputs' dequantize, batch norm and clip ran as four generics, 2.6 ms
/// for one 56x56x144 tensor).
bool isElementwiseGeneric(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && generic.getNumLoops() > 0 &&
         generic.getNumLoops() == generic.getNumParallelLoops() &&
         llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation(/*allowZeroInResults=*/true);
         });
}

/// Whether `op`'s body holds ops with regions: the loops in which cumsum
/// and top_k walk their axis per element.
bool hasLoopsInBody(Operation *op) {
  return op->getRegion(0)
      .front()
      .walk([](Operation *nested) {
        return nested->getNumRegions() ? WalkResult::interrupt()
                                       : WalkResult::advance();
      })
      .wasInterrupted();
}

/// add(contraction(..., fill(0)), bias) -> contraction(..., broadcast(bias)):
/// a float product plus a broadcast operand (the bias of a MatMul + Add
/// export) starts its accumulator from the bias instead of zero, so the
/// add is not a pass of its own over the product (the accumulator is
/// written either way). The contraction's result must have no other use.
struct AddIntoAccumulatorInit : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp add,
                                PatternRewriter &rewriter) const override {
    if (!isElementwiseGeneric(add) || add.getNumDpsInputs() != 2 ||
        add.getNumDpsInits() != 1 ||
        !add.getIndexingMapMatchingResult(add->getResult(0)).isIdentity())
      return rewriter.notifyMatchFailure(add, "not an elementwise binary op");
    Block &body = add.getRegion().front();
    auto addf = dyn_cast<arith::AddFOp>(body.front());
    auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
    if (!addf || &body.front() != body.getTerminator()->getPrevNode() ||
        !yield || yield.getValues().front() != addf.getResult())
      return rewriter.notifyMatchFailure(add, "body is not one addf");
    // Which input is the product (read whole) and which the bias.
    for (unsigned productIndex : {0u, 1u}) {
      OpOperand *product = add.getDpsInputOperand(productIndex);
      OpOperand *bias = add.getDpsInputOperand(1 - productIndex);
      auto contraction = product->get().getDefiningOp<linalg::LinalgOp>();
      if (!contraction || !linalg::isaContractionOpInterface(contraction) ||
          !product->get().hasOneUse() ||
          !add.getMatchingIndexingMap(product).isIdentity() ||
          contraction.getNumDpsInits() != 1)
        continue;
      // The block arguments must be the two inputs, in either order.
      Value lhs = addf.getLhs(), rhs = addf.getRhs();
      Value productArg = body.getArgument(productIndex);
      Value biasArg = body.getArgument(1 - productIndex);
      if (!((lhs == productArg && rhs == biasArg) ||
            (lhs == biasArg && rhs == productArg)))
        continue;
      auto fill =
          contraction.getDpsInits().front().getDefiningOp<linalg::FillOp>();
      if (!fill || !matchPattern(fill.getInputs().front(), m_AnyZeroFloat()) ||
          !fill->hasOneUse())
        continue;
      // The bias must be available before the contraction.
      Operation *biasDef = bias->get().getDefiningOp();
      if (biasDef && (biasDef->getBlock() != contraction->getBlock() ||
                      !biasDef->isBeforeInBlock(contraction)))
        continue;
      // The broadcast of the bias into the accumulator, over the output's
      // dims (the add's loops).
      rewriter.setInsertionPoint(contraction);
      Value empty = fill.getOutputs().front();
      MLIRContext *ctx = getContext();
      unsigned rank = add.getNumLoops();
      auto init = linalg::GenericOp::create(
          rewriter, add.getLoc(), empty.getType(), bias->get(), empty,
          ArrayRef<AffineMap>{add.getMatchingIndexingMap(bias),
                              AffineMap::getMultiDimIdentityMap(rank, ctx)},
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [](OpBuilder &b, Location loc, ValueRange args) {
            linalg::YieldOp::create(b, loc, args[0]);
          });
      rewriter.modifyOpInPlace(contraction, [&] {
        contraction.getDpsInitsMutable()[0].assign(init.getResult(0));
      });
      rewriter.replaceOp(add, contraction->getResult(0));
      rewriter.eraseOp(fill);
      return success();
    }
    return rewriter.notifyMatchFailure(add, "not a product plus a bias");
  }
};

/// The number of ops directly in the body of the generics the pass sees,
/// kept for the ops the fusion makes (which it knows without counting), and
/// whether the body may hold linalg.index ops. Forgotten when an op is
/// erased (its address may be reused).
class BodyInfo : public RewriterBase::Listener {
public:
  struct Info {
    int64_t size = 0;
    bool mayIndex = false;
  };

  Info get(Operation *op) {
    auto [it, inserted] = infos.try_emplace(op);
    if (inserted) {
      Block &body = op->getRegion(0).front();
      for (Operation &nested : body) {
        ++it->second.size;
        it->second.mayIndex |= isa<linalg::IndexOp>(nested);
      }
    }
    return it->second;
  }
  void set(Operation *op, Info info) { infos[op] = info; }
  void notifyOperationErased(Operation *op) override { infos.erase(op); }

private:
  llvm::DenseMap<Operation *, Info> infos;
};

/// The maps of the producer's inputs in the loops of the consumer, composed
/// as upstream's fusion composes them.
AffineMap getFusedInputMap(linalg::GenericOp producer, OpOperand *input,
                           AffineMap inverseResultMap, AffineMap consumerMap) {
  return producer.getMatchingIndexingMap(input)
      .compose(inverseResultMap)
      .compose(consumerMap);
}

/// Upstream's elementwise fusion of `fused`'s producer into its consumer
/// (linalg::fuseElementwiseOps), building the same op, but moving the
/// smaller of the two bodies into the larger one instead of cloning both:
/// fusing a chain of n ops one producer at a time cloned 1 + 2 + ... + n
/// ops (5,000 ops took 5 s, 100,000 more than 10 minutes), while moving the
/// smaller body moves each op O(log n) times. Handles a producer with one
/// result that does not survive the fusion (the only kind the pass fuses);
/// returns std::nullopt for others, which upstream's fusion then takes.
std::optional<LogicalResult> fuseByMovingBodies(PatternRewriter &rewriter,
                                                OpOperand *fused,
                                                BodyInfo &bodies) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = cast<linalg::GenericOp>(fused->getOwner());
  auto producerResult = cast<OpResult>(fused->get());
  if (producer->getNumResults() != 1 || !consumer.hasPureTensorSemantics() ||
      !producer.hasPureTensorSemantics() ||
      !linalg::getPreservedProducerResults(producer, consumer, fused).empty())
    return std::nullopt;

  // Operands and maps, in upstream's order: the consumer's inputs before the
  // fused one, the producer's inputs, the consumer's other inputs, then the
  // consumer's outputs.
  unsigned fusedIndex = fused->getOperandNumber();
  AffineMap consumerMap = consumer.getMatchingIndexingMap(fused);
  AffineMap inverseResultMap =
      inversePermutation(producer.getIndexingMapMatchingResult(producerResult));
  if (!inverseResultMap)
    return std::nullopt;
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  SmallVector<Type> resultTypes;
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    if (input != fused) {
      inputs.push_back(input->get());
      maps.push_back(consumer.getMatchingIndexingMap(input));
      continue;
    }
    for (OpOperand *producerInput : producer.getDpsInputOperands()) {
      inputs.push_back(producerInput->get());
      maps.push_back(getFusedInputMap(producer, producerInput, inverseResultMap,
                                      consumerMap));
    }
  }
  for (OpOperand &output : consumer.getDpsInitsMutable()) {
    outputs.push_back(output.get());
    maps.push_back(consumer.getMatchingIndexingMap(&output));
    resultTypes.push_back(output.get().getType());
  }
  auto fusedOp = linalg::GenericOp::create(
      rewriter, consumer.getLoc(), resultTypes, inputs, outputs,
      rewriter.getAffineMapArrayAttr(maps), consumer.getIteratorTypes(),
      /*doc=*/nullptr, /*library_call=*/nullptr);
  if (!fusedOp.getShapesToLoopsMap()) {
    rewriter.eraseOp(fusedOp);
    return rewriter.notifyMatchFailure(consumer, "fusion failed");
  }

  BodyInfo::Info producerInfo = bodies.get(producer);
  BodyInfo::Info consumerInfo = bodies.get(consumer);
  Block &producerBlock = producer.getRegion().front();
  Block &consumerBlock = consumer.getRegion().front();
  unsigned numProducerInputs = producer.getNumDpsInputs();
  unsigned numProducerArgs = producerBlock.getNumArguments();
  unsigned numConsumerArgs = consumerBlock.getNumArguments();
  auto producerYield = cast<linalg::YieldOp>(producerBlock.getTerminator());
  // The producer's index ops (direct children, as upstream finds them),
  // found before the bodies move.
  SmallVector<linalg::IndexOp> producerIndexOps;
  if (producerInfo.mayIndex)
    for (Operation &op : producerBlock)
      if (auto index = dyn_cast<linalg::IndexOp>(op))
        producerIndexOps.push_back(index);

  // The body that stays (the larger one) becomes the fused op's; its
  // arguments are rearranged into the fused op's order and the other body
  // moves in, before (a producer) or after (a consumer) its ops.
  bool keepProducer = producerInfo.size >= consumerInfo.size;
  Block &block = keepProducer ? producerBlock : consumerBlock;
  Operation *firstOp = &block.front();
  Value replacement;
  if (keepProducer) {
    // [producer inputs][producer outputs] ->
    // [consumer inputs < fused][producer inputs][consumer inputs > fused]
    // [consumer outputs]. The producer's outputs are unused (the result
    // does not survive).
    block.eraseArguments(numProducerInputs,
                         numProducerArgs - numProducerInputs);
    SmallVector<Value> consumerArgs(numConsumerArgs);
    for (unsigned i = 0; i < numConsumerArgs; ++i) {
      BlockArgument arg = consumerBlock.getArgument(i);
      if (i < fusedIndex)
        consumerArgs[i] = block.insertArgument(i, arg.getType(), arg.getLoc());
      else if (i > fusedIndex)
        consumerArgs[i] = block.addArgument(arg.getType(), arg.getLoc());
    }
    replacement = producerYield.getOperand(producerResult.getResultNumber());
    consumerArgs[fusedIndex] = replacement;
    rewriter.inlineBlockBefore(&consumerBlock, producerYield, consumerArgs);
    rewriter.eraseOp(producerYield);
  } else {
    // [consumer inputs][consumer outputs] -> the producer's inputs in place
    // of the fused one.
    SmallVector<Value> producerArgs(numProducerArgs);
    for (unsigned i = 0; i < numProducerInputs; ++i) {
      BlockArgument arg = producerBlock.getArgument(i);
      producerArgs[i] =
          block.insertArgument(fusedIndex + 1 + i, arg.getType(), arg.getLoc());
    }
    // (Unused: the producer's output arguments.)
    for (unsigned i = numProducerInputs; i < numProducerArgs; ++i)
      producerArgs[i] = block.getArgument(fusedIndex);
    rewriter.inlineBlockBefore(&producerBlock, firstOp, producerArgs);
    replacement = producerYield.getOperand(producerResult.getResultNumber());
    rewriter.replaceAllUsesWith(block.getArgument(fusedIndex), replacement);
    rewriter.eraseOp(producerYield);
    block.eraseArgument(fusedIndex);
  }
  // The producer's index ops read the fused loops through the map from the
  // consumer's loops to the producer's: one linalg.index per fused loop
  // and an affine.apply per producer index op, first in the body (as
  // upstream builds them).
  int64_t added = 0;
  if (!producerIndexOps.empty()) {
    AffineMap consumerToProducer = inverseResultMap.compose(consumerMap);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&block);
    SmallVector<Value> indices;
    for (unsigned dim = 0; dim < fusedOp.getNumLoops(); ++dim)
      indices.push_back(
          linalg::IndexOp::create(rewriter, producer.getLoc(), dim));
    for (linalg::IndexOp index : producerIndexOps) {
      Value apply = affine::AffineApplyOp::create(
          rewriter, producer.getLoc(),
          consumerToProducer.getSubMap(index.getDim()), indices);
      rewriter.replaceOp(index, apply);
    }
    // (The index ops become applies; the fused loops' index ops are new.)
    added = static_cast<int64_t>(indices.size());
  }
  Region &body = keepProducer ? producer.getRegion() : consumer.getRegion();
  rewriter.inlineRegionBefore(body, fusedOp.getRegion(),
                              fusedOp.getRegion().end());
  bodies.set(fusedOp, {producerInfo.size + consumerInfo.size - 1 + added,
                       producerInfo.mayIndex || consumerInfo.mayIndex});

  // The producer, left without a body, gets an empty one (yielding its
  // output) until the driver erases it, dead, as upstream leaves it:
  // erasing it here would change the order in which the driver visits the
  // other ops, and so the order of fused bodies. (Built without the
  // rewriter, which would queue the producer earlier.)
  {
    OpBuilder builder(producer.getContext());
    SmallVector<Type> types;
    SmallVector<Location> locs;
    for (Value operand : producer->getOperands()) {
      types.push_back(getElementTypeOrSelf(operand.getType()));
      locs.push_back(operand.getLoc());
    }
    Block *stub = builder.createBlock(&producer.getRegion(), {}, types, locs);
    linalg::YieldOp::create(builder, producer.getLoc(),
                            stub->getArguments().take_back(1));
  }
  // As upstream: the consumer's results are replaced and the consumer goes.
  for (auto [result, newResult] :
       llvm::zip_equal(consumer->getResults(), fusedOp->getResults()))
    rewriter.replaceUsesWithIf(result, newResult, [&](OpOperand &use) {
      return use.getOwner() != producer.getOperation();
    });
  rewriter.eraseOp(consumer);
  return success();
}

/// Upstream's FuseElementwiseOps pattern (which it wraps) with the fusion of
/// fuseByMovingBodies: the same first fusable operand, the same op.
struct FuseElementwiseByMoving : RewritePattern {
  FuseElementwiseByMoving(MLIRContext *ctx, linalg::ControlFusionFn control,
                          std::unique_ptr<RewritePattern> upstream,
                          BodyInfo &bodies)
      : RewritePattern(linalg::GenericOp::getOperationName(),
                       upstream->getBenefit(), ctx),
        control(std::move(control)), upstream(std::move(upstream)),
        bodies(bodies) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!linalg::areElementwiseOpsFusable(&operand) || !control(&operand))
        continue;
      if (std::optional<LogicalResult> result =
              fuseByMovingBodies(rewriter, &operand, bodies))
        return *result;
      return upstream->matchAndRewrite(op, rewriter);
    }
    return failure();
  }

  linalg::ControlFusionFn control;
  std::unique_ptr<RewritePattern> upstream;
  BodyInfo &bodies;
};

/// Creates a generic like `op` (its iterators, doc and library call) with
/// `inputs`, `outputs` and `maps`, and moves `op`'s body into it.
linalg::GenericOp moveIntoNewGeneric(PatternRewriter &rewriter,
                                     linalg::GenericOp op, Location loc,
                                     ValueRange inputs, ValueRange outputs,
                                     ArrayRef<AffineMap> maps, StringAttr doc,
                                     StringAttr libraryCall) {
  SmallVector<Type> resultTypes;
  for (Value output : outputs)
    if (isa<TensorType>(output.getType()))
      resultTypes.push_back(output.getType());
  auto newOp =
      linalg::GenericOp::create(rewriter, loc, resultTypes, inputs, outputs,
                                rewriter.getAffineMapArrayAttr(maps),
                                op.getIteratorTypes(), doc, libraryCall);
  rewriter.inlineRegionBefore(op.getRegion(), newOp.getRegion(),
                              newOp.getRegion().end());
  return newOp;
}

/// Upstream's FoldScalarOrSplatConstant (which it wraps: a splat or scalar
/// constant input becomes a scalar constant in the body), moving the body
/// into the new op instead of cloning it: fusion leaves such inputs in ops
/// that grow along a chain.
struct FoldSplatInputByMoving : RewritePattern {
  FoldSplatInputByMoving(MLIRContext *ctx,
                         std::unique_ptr<RewritePattern> upstream,
                         BodyInfo &bodies)
      : RewritePattern(linalg::GenericOp::getOperationName(),
                       upstream->getBenefit(), ctx),
        upstream(std::move(upstream)), bodies(bodies) {}

  LogicalResult matchAndRewrite(Operation *root,
                                PatternRewriter &rewriter) const override {
    auto op = cast<linalg::GenericOp>(root);
    if (!op.hasPureTensorSemantics())
      return failure();
    for (OpOperand *operand : op.getDpsInputOperands()) {
      Operation *def = operand->get().getDefiningOp();
      TypedAttr constant;
      DenseElementsAttr splat;
      IntegerAttr intAttr;
      FloatAttr floatAttr;
      if (!def)
        continue;
      if (matchPattern(def, m_Constant<DenseElementsAttr>(&splat)) &&
          splat.isSplat() && splat.getType().getElementType().isIntOrFloat())
        constant = splat.getSplatValue<TypedAttr>();
      else if (matchPattern(def, m_Constant<IntegerAttr>(&intAttr)))
        constant = intAttr;
      else if (matchPattern(def, m_Constant<FloatAttr>(&floatAttr)))
        constant = floatAttr;
      else
        continue;
      // The first such input decides, as upstream's does.
      SmallVector<Value> inputs;
      SmallVector<AffineMap> maps;
      // (Upstream fuses the locations of the op and its inputs; past a few
      // dozen, the op keeps its own: fusion folds a new splat input into the
      // op at every step of a chain, and the fused location grew by one
      // location per step, quadratic in time and memory.)
      SmallVector<Location> locs{op.getLoc()};
      auto fusedLoc = dyn_cast<FusedLoc>(op.getLoc());
      bool keepLoc = fusedLoc && fusedLoc.getLocations().size() >= 64;
      for (OpOperand *input : op.getDpsInputOperands()) {
        if (input == operand)
          continue;
        inputs.push_back(input->get());
        maps.push_back(op.getMatchingIndexingMap(input));
        locs.push_back(input->get().getLoc());
      }
      for (OpOperand &output : op.getDpsInitsMutable())
        maps.push_back(op.getMatchingIndexingMap(&output));
      if (!inversePermutation(concatAffineMaps(maps, rewriter.getContext())))
        return upstream->matchAndRewrite(root, rewriter);
      Operation *scalar = def->getDialect()->materializeConstant(
          rewriter, constant, constant.getType(), def->getLoc());
      if (!scalar)
        return upstream->matchAndRewrite(root, rewriter);
      BodyInfo::Info info = bodies.get(op);
      Block &body = op.getRegion().front();
      unsigned argIndex = operand->getOperandNumber();
      linalg::GenericOp newOp = moveIntoNewGeneric(
          rewriter, op, keepLoc ? op.getLoc() : rewriter.getFusedLoc(locs),
          inputs, op.getOutputs(), maps, /*doc=*/nullptr,
          /*libraryCall=*/nullptr);
      rewriter.replaceAllUsesWith(body.getArgument(argIndex),
                                  scalar->getResult(0));
      body.eraseArgument(argIndex);
      bodies.set(newOp, info);
      rewriter.replaceOp(op, newOp->getResults());
      return success();
    }
    return failure();
  }

  std::unique_ptr<RewritePattern> upstream;
  BodyInfo &bodies;
};

/// Whether `a` has more uses than `b`, in time bounded by the fewer.
bool hasMoreUses(Value a, Value b) {
  auto useA = a.use_begin(), useB = b.use_begin();
  for (; useA != a.use_end() && useB != b.use_end(); ++useA, ++useB) {
  }
  return useB == b.use_end() && useA != a.use_end();
}

/// Upstream's DeduplicateAndRemoveDeadOperandsAndResults (which it wraps)
/// where only inputs go (repeated ones, unused ones whose maps the loop
/// bounds do not need), moving the body into the new op instead of merging
/// it into a new block: fusing a chain that reads the same tensor at every
/// step repeats that input in every fused op.
struct DropInputsByMoving : RewritePattern {
  DropInputsByMoving(MLIRContext *ctx, std::unique_ptr<RewritePattern> upstream,
                     BodyInfo &bodies)
      : RewritePattern(linalg::GenericOp::getOperationName(),
                       upstream->getBenefit(), ctx),
        upstream(std::move(upstream)), bodies(bodies) {}

  LogicalResult matchAndRewrite(Operation *root,
                                PatternRewriter &rewriter) const override {
    auto op = cast<linalg::GenericOp>(root);
    // Outputs that upstream would drop (dead or repeated results) are left
    // to upstream.
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op->getResult(0).use_empty())
      return upstream->matchAndRewrite(root, rewriter);
    // Upstream's choice of inputs (deduplicateInputOperands).
    SmallVector<OpOperand *> dropped;
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    // The new position of each kept or repeated input (-1: dropped).
    SmallVector<int64_t> newPositions;
    llvm::SmallDenseMap<std::pair<Value, AffineMap>, unsigned> seen;
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (!op.payloadUsesValueFromOperand(input)) {
        dropped.push_back(input);
        if (op.canOpOperandsBeDropped(dropped)) {
          newPositions.push_back(-1);
          continue;
        }
        dropped.pop_back();
      }
      AffineMap map = op.getMatchingIndexingMap(input);
      auto it = seen.find({input->get(), map});
      if (it != seen.end()) {
        newPositions.push_back(it->second);
        dropped.push_back(input);
        continue;
      }
      newPositions.push_back(inputs.size());
      seen[{input->get(), map}] = inputs.size();
      inputs.push_back(input->get());
      maps.push_back(map);
    }
    if (static_cast<int64_t>(inputs.size()) == op.getNumDpsInputs())
      return upstream->matchAndRewrite(root, rewriter);
    OpOperand &output = op.getDpsInitsMutable()[0];
    maps.push_back(op.getMatchingIndexingMap(&output));

    BodyInfo::Info info = bodies.get(op);
    Block &body = op.getRegion().front();
    unsigned numInputs = op.getNumDpsInputs();
    Value outputValue = output.get();
    // Upstream copies the discardable attributes.
    DictionaryAttr discardable = op->getDiscardableAttrDictionary();
    linalg::GenericOp newOp =
        moveIntoNewGeneric(rewriter, op, op.getLoc(), inputs, outputValue, maps,
                           op.getDocAttr(), op.getLibraryCallAttr());
    newOp->setDiscardableAttrs(discardable);
    // Repeated inputs read the kept argument; then the arguments of the
    // dropped and repeated inputs go, and the rest take the locations of
    // their operands (upstream's new block).
    llvm::BitVector erase(body.getNumArguments());
    // The argument that keeps each new position: upstream's is the first of
    // its inputs, but any of them that no kept argument separates from the
    // first ends in the same place. The one with the most uses keeps them,
    // the others' uses moving to it: in a chain that reads x at every step,
    // fused from the last op up, the fused op's x has a use per step and
    // each step adds a repeated x with one use (moving the many uses at
    // every step was quadratic again).
    SmallVector<int64_t> keptArg(inputs.size(), -1);
    // (Positions are numbered in order of first inputs: a kept argument
    // lies between a position's first input and input `i` when a later
    // position has started by then.)
    int64_t numPositions = 0;
    for (unsigned i = 0; i < numInputs; ++i) {
      int64_t position = newPositions[i];
      if (position < 0)
        continue;
      if (keptArg[position] < 0) {
        keptArg[position] = i;
        numPositions = position + 1;
        continue;
      }
      if (numPositions == position + 1 &&
          hasMoreUses(body.getArgument(i), body.getArgument(keptArg[position])))
        keptArg[position] = i;
    }
    for (unsigned i = 0; i < numInputs; ++i) {
      int64_t position = newPositions[i];
      if (position >= 0 && keptArg[position] == i)
        continue;
      erase.set(i);
      if (position >= 0)
        rewriter.replaceAllUsesWith(body.getArgument(i),
                                    body.getArgument(keptArg[position]));
    }
    body.eraseArguments(erase);
    for (auto [arg, value] :
         llvm::zip_equal(body.getArguments(), newOp->getOperands()))
      arg.setLoc(value.getLoc());
    bodies.set(newOp, info);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }

  std::unique_ptr<RewritePattern> upstream;
  BodyInfo &bodies;
};

struct KernelFuseElementwisePass
    : strata::kernel::impl::KernelFuseElementwisePassBase<
          KernelFuseElementwisePass> {
  void runOnOperation() override {
    linalg::ControlFusionFn control = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      if (!isElementwiseGeneric(producer) || !producer->hasOneUse() ||
          !isElementwiseGeneric(fused->getOwner()))
        return false;
      // A producer that loops per element (cumsum, top_k) must not be
      // recomputed for every element of a consumer that broadcasts it:
      // fusing cumsum [n] into a [k, n] comparison made it O(k * n^2).
      // (The map first: walking the producer's body costs its size.)
      auto consumer = cast<linalg::GenericOp>(fused->getOwner());
      return consumer.getMatchingIndexingMap(fused).isPermutation() ||
             !hasLoopsInBody(producer);
    };
    MLIRContext *ctx = &getContext();
    BodyInfo bodies;
    RewritePatternSet patterns(ctx);
    // Biases into accumulators first (with higher benefit): merged into
    // the following activation first, the add would no longer match.
    patterns.add<AddIntoAccumulatorInit>(ctx, /*benefit=*/2);
    // Upstream's patterns, in their order; the three that rebuild a
    // generic's whole body (fusion, splat inputs, repeated inputs) move it
    // instead, so that a chain of n ops fuses in O(n log n) (see
    // fuseByMovingBodies). Patterns are told apart by their type names.
    RewritePatternSet upstream(ctx);
    linalg::populateElementwiseOpsFusionPatterns(upstream, control);
    for (std::unique_ptr<RewritePattern> &pattern :
         upstream.getNativePatterns()) {
      StringRef name = pattern->getDebugName();
      if (name.ends_with("::FuseElementwiseOps"))
        patterns.add(std::make_unique<FuseElementwiseByMoving>(
            ctx, control, std::move(pattern), bodies));
      else if (name.ends_with("::FoldScalarOrSplatConstant"))
        patterns.add(std::make_unique<FoldSplatInputByMoving>(
            ctx, std::move(pattern), bodies));
      else if (name.ends_with("::DeduplicateAndRemoveDeadOperandsAndResults"))
        patterns.add(std::make_unique<DropInputsByMoving>(
            ctx, std::move(pattern), bodies));
      else
        patterns.add(std::move(pattern));
    }
    GreedyRewriteConfig config;
    config.setListener(&bodies);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
