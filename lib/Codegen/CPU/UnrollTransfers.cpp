//===- UnrollTransfers.cpp - Register tiles' transfers as rows ------------===//
//
// Implements strata-cpu-unroll-transfers (see Passes.td): the n-D vector
// transfers in the marked tile loops of scheduled ops become 1-D transfers,
// one per row, while still on tensors; rows read with a stride become
// contiguous reads and shuffles.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPUUNROLLTRANSFERSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Reads a row of a slice with a stride s > 1 along its last dim (the
/// windows of a stride-2 pooling or depthwise convolution) as one contiguous
/// read of the slice's source, (n - 1) * s + 1 elements, and a shuffle that
/// keeps every s-th: x86 then loads whole vectors and permutes them, where a
/// strided read is lowered to one load per element.
struct ReadStridedRowAsShuffle : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto slice = read.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    VectorType type = read.getVectorType();
    if (!slice || type.getRank() != 1 || type.isScalable() || read.getMask() ||
        !read.getPermutationMap().isMinorIdentity() ||
        !read.getInBoundsValues().front() ||
        slice.getSourceType().getRank() != slice.getResultType().getRank())
      return failure();
    std::optional<int64_t> stride =
        getConstantIntValue(slice.getMixedStrides().back());
    int64_t n = type.getDimSize(0);
    if (!stride || *stride <= 1 || n < 2 || (n - 1) * *stride + 1 > 1024)
      return failure();
    // The element of the source the read starts at, dim by dim.
    Location loc = read.getLoc();
    SmallVector<Value> indices;
    for (auto [offset, sliceStride, index] :
         llvm::zip_equal(slice.getMixedOffsets(), slice.getMixedStrides(),
                         read.getIndices())) {
      AffineExpr d0, d1;
      bindDims(rewriter.getContext(), d0, d1);
      std::optional<int64_t> step = getConstantIntValue(sliceStride);
      if (!step)
        return failure();
      indices.push_back(getValueOrCreateConstantIndexOp(
          rewriter, loc,
          affine::makeComposedFoldedAffineApply(rewriter, loc, d0 + d1 * *step,
                                                {offset, index})));
    }
    int64_t width = (n - 1) * *stride + 1;
    Value wide = vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({width}, type.getElementType()),
        slice.getSource(), indices, read.getPadding(), ArrayRef<bool>{true});
    SmallVector<int64_t> lanes;
    for (int64_t i = 0; i < n; ++i)
      lanes.push_back(i * *stride);
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(read, wide, wide, lanes);
    return success();
  }
};

struct CPUUnrollTransfersPass
    : public strata::impl::CPUUnrollTransfersPassBase<CPUUnrollTransfersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = &getContext();
    // Unroll the n-D transfers of scheduled ops into 1-D ones (one per row)
    // while still on tensors. Left to convert-vector-to-scf after
    // bufferization, they would go through a stack buffer (memref.alloca)
    // inside the loops, which LLVM does not promote to registers when the
    // row loop is not unrolled: the big register tiles of a schedule (a
    // 32x32 B tile) then overflow the stack. (Unscheduled ops keep today's
    // IR.) Loops rebuilt by strata-cpu-hoist-loop-invariants lose the mark,
    // but their parents keep it.
    SmallVector<Operation *> marked;
    func.walk([&](Operation *op) {
      if (!isa<vector::TransferReadOp, vector::TransferWriteOp>(op))
        return;
      for (Operation *parent = op->getParentOp(); parent != func;
           parent = parent->getParentOp()) {
        if (strata::kernel::hasLoopMark(
                parent, strata::kernel::LoopMark::UnrollTransfers)) {
          marked.push_back(op);
          return;
        }
      }
    });
    // The marks end here.
    func.walk([](scf::ForOp loop) { strata::kernel::removeLoopMarks(loop); });
    if (marked.empty())
      return;
    RewritePatternSet unrollPatterns(ctx);
    populateVectorToSCFConversionPatterns(
        unrollPatterns,
        VectorTransferToSCFOptions().enableFullUnroll().enableLowerTensors());
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(
            applyOpPatternsGreedily(marked, std::move(unrollPatterns), config)))
      return signalPassFailure();

    // Rows read with a stride (stride-2 windows) as contiguous reads and
    // shuffles.
    RewritePatternSet stridedPatterns(ctx);
    stridedPatterns.add<ReadStridedRowAsShuffle>(ctx);
    if (failed(applyPatternsGreedily(func, std::move(stridedPatterns))))
      return signalPassFailure();
  }
};

} // namespace
