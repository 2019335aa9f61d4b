//===- LowerDotProducts.cpp - Byte contractions to vpdpbusd ---------------===//
//
// Implements strata-cpu-lower-dot-products (see Passes.td): the register
// tiles of unsigned-by-signed byte products in kernel-pack-weights'
// dot-product layout become AVX512-VNNI vpdpbusd instructions, one per 16
// lanes of i32 accumulators, row and group of four bytes.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPULOWERDOTPRODUCTSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Lanes of one 512-bit vpdpbusd, and the bytes each lane sums.
constexpr int64_t kLanes = 16;
constexpr int64_t kGroup = 4;

/// The bytes `value` extends with `ExtOp` (arith.extui or arith.extsi from
/// i8), or null.
template <typename ExtOp> Value getExtendedBytes(Value value) {
  auto ext = value.getDefiningOp<ExtOp>();
  if (!ext || !getElementTypeOrSelf(ext.getIn().getType()).isSignlessInteger(8))
    return nullptr;
  return ext.getIn();
}

/// The bytes of A [rows, steps, 4] that the contraction's `lhs` (read
/// through `map`) zero-extends: extui(A) read as (m, k0, k1); or, for a
/// single row (`acc` [1, 1, lanes]), the broadcast of extui(A [1, steps,
/// 4]) to the whole iteration space that vectorization leaves when the row
/// dim has size 1 (it stretches that dim over the lanes, which no
/// contraction map can fold). Null otherwise.
Value getRowBytes(Value lhs, AffineMap map, VectorType accType) {
  MLIRContext *ctx = map.getContext();
  AffineExpr m, panel, lane, k0, k1;
  bindDims(ctx, m, panel, lane, k0, k1);
  if (map == AffineMap::get(5, 0, {m, k0, k1}, ctx))
    return getExtendedBytes<arith::ExtUIOp>(lhs);
  auto broadcast = lhs.getDefiningOp<vector::BroadcastOp>();
  if (!broadcast || !map.isIdentity() || accType.getDimSize(0) != 1)
    return nullptr;
  Value bytes = getExtendedBytes<arith::ExtUIOp>(broadcast.getSource());
  auto type = bytes ? dyn_cast<VectorType>(bytes.getType()) : nullptr;
  if (!type || type.getRank() != 3 || type.getDimSize(0) != 1 ||
      type.getDimSize(2) != kGroup)
    return nullptr;
  return bytes;
}

/// vector.contract(extui(A), extsi(B), acc) with loops (m, panel, lane, k0,
/// k1), A [m, k0, k1], B [panel, k0, lane, k1], acc [m, panel, lane], one
/// panel, 4 bytes per group and lanes a multiple of 16 -> per k0 and row,
/// vpdpbusd(acc row, broadcast(4 bytes of A), B's lanes).
struct ContractToDotProducts : OpRewritePattern<vector::ContractionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ContractionOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getKind() != vector::CombiningKind::ADD ||
        isa<vector::MaskOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "not a plain sum");
    Value b = getExtendedBytes<arith::ExtSIOp>(op.getRhs());
    auto accType = dyn_cast<VectorType>(op.getAccType());
    if (!b || !accType || !accType.getElementType().isSignlessInteger(32))
      return rewriter.notifyMatchFailure(op, "not bytes into i32");
    MLIRContext *ctx = getContext();
    AffineExpr m, panel, lane, k0, k1;
    bindDims(ctx, m, panel, lane, k0, k1);
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    if (maps[1] != AffineMap::get(5, 0, {panel, k0, lane, k1}, ctx) ||
        maps[2] != AffineMap::get(5, 0, {m, panel, lane}, ctx))
      return rewriter.notifyMatchFailure(op, "not the dot-product layout");
    Value a = getRowBytes(op.getLhs(), maps[0], accType);
    if (!a)
      return rewriter.notifyMatchFailure(op, "A is not extended bytes");
    auto aType = cast<VectorType>(a.getType());
    auto bType = cast<VectorType>(b.getType());
    int64_t rows = aType.getDimSize(0), steps = aType.getDimSize(1);
    int64_t lanes = bType.getDimSize(2);
    if (aType.isScalable() || bType.isScalable() || bType.getDimSize(0) != 1 ||
        aType.getDimSize(2) != kGroup || lanes % kLanes != 0)
      return rewriter.notifyMatchFailure(op, "not whole 512-bit lanes");

    Location loc = op.getLoc();
    auto i32x16 = VectorType::get({kLanes}, rewriter.getI32Type());
    auto i8x64 = VectorType::get({kLanes * kGroup}, rewriter.getI8Type());
    auto i32x1 = VectorType::get({1}, rewriter.getI32Type());
    int64_t chunks = lanes / kLanes;
    // The accumulators: a row of `lanes` i32 per m, in 16-lane chunks.
    SmallVector<Value> acc;
    for (int64_t row = 0; row < rows; ++row) {
      Value accRow = vector::ExtractOp::create(rewriter, loc, op.getAcc(),
                                               ArrayRef<int64_t>{row, 0});
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        acc.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, accRow, ArrayRef<int64_t>{chunk * kLanes},
            ArrayRef<int64_t>{kLanes}, ArrayRef<int64_t>{1}));
    }
    // B as [1, steps, lanes * 4]: a row of bytes per step, as
    // strata-cpu-vectorize reads it when it can.
    Value bRows;
    if (auto rows = b.getDefiningOp<vector::ShapeCastOp>();
        rows && rows.getSourceVectorType().getRank() == 3)
      bRows = rows.getSource();
    else
      bRows = vector::ShapeCastOp::create(
          rewriter, loc,
          VectorType::get({1, steps, lanes * kGroup}, rewriter.getI8Type()), b);
    for (int64_t step = 0; step < steps; ++step) {
      // B's lanes of this step, 16 lanes (64 bytes) per vpdpbusd.
      Value bStep = vector::ExtractOp::create(rewriter, loc, bRows,
                                              ArrayRef<int64_t>{0, step});
      SmallVector<Value> bChunks;
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        bChunks.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, bStep, ArrayRef<int64_t>{chunk * kLanes * kGroup},
            ArrayRef<int64_t>{kLanes * kGroup}, ArrayRef<int64_t>{1}));
      for (int64_t row = 0; row < rows; ++row) {
        // The row's 4 bytes as one dword in every lane.
        Value bytes = vector::ExtractOp::create(rewriter, loc, a,
                                                ArrayRef<int64_t>{row, step});
        Value word = vector::ExtractOp::create(
            rewriter, loc,
            vector::BitCastOp::create(rewriter, loc, i32x1, bytes),
            ArrayRef<int64_t>{0});
        Value broadcast = vector::BitCastOp::create(
            rewriter, loc, i8x64,
            vector::BroadcastOp::create(rewriter, loc, i32x16, word));
        for (int64_t chunk = 0; chunk < chunks; ++chunk) {
          Value &sum = acc[row * chunks + chunk];
          sum = LLVM::CallIntrinsicOp::create(
                    rewriter, loc, i32x16,
                    rewriter.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
                    ValueRange{sum, broadcast, bChunks[chunk]})
                    .getResult(0);
        }
      }
    }
    Value result = arith::ConstantOp::create(
        rewriter, loc, accType,
        DenseElementsAttr::get(accType, rewriter.getI32IntegerAttr(0)));
    for (int64_t row = 0; row < rows; ++row) {
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        result = vector::InsertStridedSliceOp::create(
            rewriter, loc, acc[row * chunks + chunk], result,
            ArrayRef<int64_t>{row, 0, chunk * kLanes}, ArrayRef<int64_t>{1});
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CPULowerDotProductsPass
    : public strata::impl::CPULowerDotProductsPassBase<
          CPULowerDotProductsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ContractToDotProducts>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
