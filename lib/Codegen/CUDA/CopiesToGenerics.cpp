//===- CopiesToGenerics.cpp - Data movement as elementwise generics -------===//
//
// Implements strata-cuda-copies-to-generics (see Passes.td): pads,
// concatenations and a kernel's output slice become linalg.generic ops
// that compute each element of their result from the index, which the
// CUDA distribution then tiles like any elementwise op.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/CUDA/ScheduleHeuristics.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CUDACOPIESTOGENERICSPASS
#include "strata/Codegen/CUDA/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// Marks the generics PadToGeneric makes (for InlinePadIntoWindow).
constexpr StringLiteral kPadGenericAttrName = "strata.cuda.pad";

/// tensor.pad with a padding value defined outside it -> linalg.generic
/// over the padded shape reading the source where the index is inside it.
struct PadToGeneric : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::PadOp pad,
                                PatternRewriter &rewriter) const override {
    Value padding = pad.getConstantPaddingValue();
    if (!padding)
      return rewriter.notifyMatchFailure(pad, "padding depends on the index");
    Location loc = pad.getLoc();
    RankedTensorType resultType = pad.getResultType();
    ReifiedRankedShapedTypeDims shapes;
    if (failed(reifyResultShapes(rewriter, pad, shapes)))
      return rewriter.notifyMatchFailure(pad, "cannot reify the result shape");
    Value empty = tensor::EmptyOp::create(rewriter, loc, shapes.front(),
                                          resultType.getElementType());
    int64_t rank = resultType.getRank();
    SmallVector<Value> lows;
    for (OpFoldResult low : pad.getMixedLowPad())
      lows.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, low));
    SmallVector<Value> sourceSizes;
    for (int64_t d = 0; d < rank; ++d)
      sourceSizes.push_back(
          tensor::DimOp::create(rewriter, loc, pad.getSource(), d));
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value source = pad.getSource();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange(), ValueRange{empty}, maps,
        iterators, [&](OpBuilder &builder, Location loc, ValueRange) {
          Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
          Value inside;
          SmallVector<Value> indices;
          for (int64_t d = 0; d < rank; ++d) {
            Value index = linalg::IndexOp::create(builder, loc, d);
            Value shifted = arith::SubIOp::create(builder, loc, index, lows[d]);
            indices.push_back(shifted);
            Value above = arith::CmpIOp::create(
                builder, loc, arith::CmpIPredicate::sge, shifted, zero);
            Value below =
                arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                      shifted, sourceSizes[d]);
            Value both = arith::AndIOp::create(builder, loc, above, below);
            inside = inside ? arith::AndIOp::create(builder, loc, inside, both)
                                  .getResult()
                            : both;
          }
          Type elementType = resultType.getElementType();
          Value value;
          if (!inside) {
            value =
                tensor::ExtractOp::create(builder, loc, source, ValueRange());
          } else {
            auto ifOp =
                scf::IfOp::create(builder, loc, TypeRange{elementType}, inside,
                                  /*withElseRegion=*/true);
            OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
            Value read =
                tensor::ExtractOp::create(thenBuilder, loc, source, indices);
            scf::YieldOp::create(thenBuilder, loc, read);
            OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
            scf::YieldOp::create(elseBuilder, loc, padding);
            value = ifOp.getResult(0);
          }
          linalg::YieldOp::create(builder, loc, value);
        });
    generic->setAttr(kPadGenericAttrName, rewriter.getUnitAttr());
    rewriter.replaceOp(pad, generic.getResults());
    return success();
  }
};

/// A linalg op reading the result of a PadToGeneric generic through a
/// window (a convolution's or a pooling's input: not a projected
/// permutation) -> a generic computing the padded element where it reads
/// it: the pad's body, at the indices the window reads, inlined into the
/// op's body (a predicated read of the pad's source). Tile-and-fuse would
/// otherwise have each thread compute its window's bounding box of the
/// padded input into private memory: a 3x3 window of 960 channels is
/// 34 KiB, and a dilated one mostly never read (DeepLabV3's rate-24
/// windows were 9 MiB per thread).
struct InlinePadIntoWindow : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op->getNumRegions() != 1)
      return rewriter.notifyMatchFailure(op, "not a linalg op on tensors");
    // A staged convolution gathers its padded input's elements into its
    // staged tiles itself (cuda::stageConvolution).
    kernel::ScheduleAttr schedule = kernel::getSchedule(op);
    if (schedule && schedule.getNumTileLevels() == 3 &&
        cuda::matchStagedConvolutionLoops(op))
      return rewriter.notifyMatchFailure(op, "staged convolution");
    std::optional<unsigned> paddedInput;
    for (auto [position, input] : llvm::enumerate(op.getDpsInputOperands())) {
      auto producer = input->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || !producer->hasAttr(kPadGenericAttrName) ||
          !producer.getRegionOutputArgs().front().use_empty() ||
          op.getMatchingIndexingMap(input).isProjectedPermutation())
        continue;
      paddedInput = position;
      break;
    }
    if (!paddedInput)
      return rewriter.notifyMatchFailure(op, "no padded input read by window");
    linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return rewriter.notifyMatchFailure(op, "cannot generalize");
      generic = *generalized;
    }
    OpOperand *padded = generic.getDpsInputOperand(*paddedInput);
    auto pad = padded->get().getDefiningOp<linalg::GenericOp>();
    AffineMap window = generic.getMatchingIndexingMap(padded);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      if (input == padded)
        continue;
      inputs.push_back(input->get());
      maps.push_back(generic.getMatchingIndexingMap(input));
    }
    for (OpOperand &init : generic.getDpsInitsMutable())
      maps.push_back(generic.getMatchingIndexingMap(&init));
    Location loc = generic.getLoc();
    auto inlined = linalg::GenericOp::create(
        rewriter, loc, generic.getResultTypes(), inputs, generic.getDpsInits(),
        maps, generic.getIteratorTypesArray(),
        [&](OpBuilder &builder, Location nestedLoc, ValueRange args) {
          Block *body = generic.getBody();
          IRMapping mapping;
          unsigned next = 0;
          for (BlockArgument arg : body->getArguments()) {
            if (arg.getArgNumber() == padded->getOperandNumber())
              continue;
            mapping.map(arg, args[next++]);
          }
          // The pad's element at the indices the window reads.
          SmallVector<Value> loops;
          for (unsigned loop = 0; loop < window.getNumDims(); ++loop)
            loops.push_back(linalg::IndexOp::create(builder, nestedLoc, loop));
          IRMapping padMapping;
          for (Operation &padOp : pad.getBody()->without_terminator()) {
            if (auto index = dyn_cast<linalg::IndexOp>(padOp)) {
              AffineMap read =
                  window.getSubMap({static_cast<unsigned>(index.getDim())});
              padMapping.map(
                  index.getResult(),
                  affine::AffineApplyOp::create(builder, nestedLoc, read, loops)
                      .getResult());
              continue;
            }
            builder.clone(padOp, padMapping);
          }
          Value element = padMapping.lookupOrDefault(
              pad.getBody()->getTerminator()->getOperand(0));
          mapping.map(body->getArgument(padded->getOperandNumber()), element);
          for (Operation &bodyOp : body->getOperations())
            builder.clone(bodyOp, mapping);
        });
    inlined->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
    rewriter.replaceOp(generic, inlined.getResults());
    return success();
  }
};

/// An elementwise generic over `resultType` (sizes `sizes`) replacing
/// `op`, whose body `buildElement` makes from the iteration indices.
void replaceWithGeneric(
    PatternRewriter &rewriter, Operation *op, RankedTensorType resultType,
    ArrayRef<OpFoldResult> sizes,
    llvm::function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)>
        buildElement) {
  Location loc = op->getLoc();
  Value empty = tensor::EmptyOp::create(rewriter, loc, sizes,
                                        resultType.getElementType());
  int64_t rank = resultType.getRank();
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, resultType, ValueRange(), ValueRange{empty}, maps,
      iterators, [&](OpBuilder &builder, Location loc, ValueRange) {
        SmallVector<Value> indices;
        for (int64_t d = 0; d < rank; ++d)
          indices.push_back(linalg::IndexOp::create(builder, loc, d));
        linalg::YieldOp::create(builder, loc,
                                buildElement(builder, loc, indices));
      });
  rewriter.replaceOp(op, generic.getResults());
}

/// tensor.concat -> linalg.generic reading, for each element, the input
/// whose range along the axis holds it (a chain of scf.if: one load).
struct ConcatToGeneric : OpRewritePattern<tensor::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ConcatOp concat,
                                PatternRewriter &rewriter) const override {
    Location loc = concat.getLoc();
    int64_t axis = concat.getDim();
    ReifiedRankedShapedTypeDims shapes;
    if (failed(reifyResultShapes(rewriter, concat, shapes)))
      return rewriter.notifyMatchFailure(concat, "cannot reify the shape");
    // Where each input starts along the axis.
    SmallVector<Value> starts;
    Value offset = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (Value input : concat.getInputs()) {
      starts.push_back(offset);
      offset = arith::AddIOp::create(
          rewriter, loc, offset,
          tensor::DimOp::create(rewriter, loc, input, axis));
    }
    Type elementType = concat.getResultType().getElementType();
    SmallVector<Value> inputs(concat.getInputs());
    replaceWithGeneric(
        rewriter, concat, concat.getResultType(), shapes.front(),
        [&](OpBuilder &builder, Location loc, ArrayRef<Value> indices) {
          // Input k for starts[k] <= i < starts[k + 1], the last one
          // without a test.
          std::function<Value(OpBuilder &, size_t)> select =
              [&](OpBuilder &b, size_t k) -> Value {
            SmallVector<Value> at(indices);
            at[axis] = arith::SubIOp::create(b, loc, indices[axis], starts[k]);
            if (k + 1 == inputs.size())
              return tensor::ExtractOp::create(b, loc, inputs[k], at);
            Value inside =
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                      indices[axis], starts[k + 1]);
            auto ifOp = scf::IfOp::create(b, loc, TypeRange{elementType},
                                          inside, /*withElseRegion=*/true);
            OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
            scf::YieldOp::create(
                thenBuilder, loc,
                tensor::ExtractOp::create(thenBuilder, loc, inputs[k], at)
                    .getResult());
            OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
            scf::YieldOp::create(elseBuilder, loc, select(elseBuilder, k + 1));
            return ifOp.getResult(0);
          };
          return select(builder, 0);
        });
    return success();
  }
};

/// A kernel's output that is a slice of an input (a split's part, a
/// channel shuffle's half) -> linalg.generic reading the source at the
/// slice's offsets and strides: bufferized, it would be one copy made by
/// one thread.
struct OutputSliceToGeneric : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    if (!llvm::any_of(slice->getUsers(), [](Operation *user) {
          return isa<bufferization::MaterializeInDestinationOp>(user);
        }))
      return rewriter.notifyMatchFailure(slice, "not a kernel output");
    RankedTensorType resultType = slice.getResultType();
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    SmallVector<OpFoldResult> strides = slice.getMixedStrides();
    SmallVector<OpFoldResult> sizes;
    for (auto [d, size] : llvm::enumerate(slice.getMixedSizes()))
      if (!dropped.test(d))
        sizes.push_back(size);
    Value source = slice.getSource();
    replaceWithGeneric(
        rewriter, slice, resultType, sizes,
        [&](OpBuilder &builder, Location loc, ArrayRef<Value> indices) {
          SmallVector<Value> at;
          unsigned resultDim = 0;
          for (unsigned d = 0; d < offsets.size(); ++d) {
            Value offset =
                getValueOrCreateConstantIndexOp(builder, loc, offsets[d]);
            if (dropped.test(d)) {
              at.push_back(offset);
              continue;
            }
            Value stride =
                getValueOrCreateConstantIndexOp(builder, loc, strides[d]);
            Value scaled = arith::MulIOp::create(builder, loc,
                                                 indices[resultDim++], stride);
            at.push_back(arith::AddIOp::create(builder, loc, offset, scaled));
          }
          return tensor::ExtractOp::create(builder, loc, source, at);
        });
    return success();
  }
};

/// tensor.extract of a linalg.transpose's result -> tensor.extract of its
/// input at the permuted indices. A pad of an image in the kernel's layout
/// (NCHW input, NHWC kernel) reads the transposed image element by element:
/// reading the input in place leaves no whole-image transpose at the top of
/// the kernel, which one GPU thread would make.
struct ExtractOfTranspose : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractOp extract,
                                PatternRewriter &rewriter) const override {
    auto transpose = extract.getTensor().getDefiningOp<linalg::TransposeOp>();
    if (!transpose || !transpose.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(extract, "not of a transpose");
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    SmallVector<Value> indices(permutation.size());
    // Result dim d is input dim permutation[d].
    for (auto [d, index] : llvm::enumerate(extract.getIndices()))
      indices[permutation[d]] = index;
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(
        extract, transpose.getInput(), indices);
    return success();
  }
};

struct CUDACopiesToGenericsPass
    : strata::impl::CUDACopiesToGenericsPassBase<CUDACopiesToGenericsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PadToGeneric, ConcatToGeneric, OutputSliceToGeneric,
                 ExtractOfTranspose>(&getContext());
    populateCUDAInlinePadIntoWindowPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void strata::populateCUDAInlinePadIntoWindowPatterns(
    RewritePatternSet &patterns) {
  patterns.add<InlinePadIntoWindow>(patterns.getContext());
}
