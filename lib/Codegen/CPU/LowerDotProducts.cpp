//===- LowerDotProducts.cpp - Dot-product contractions to x86 ------------===//
//
// Implements strata-cpu-lower-dot-products (see Passes.td): the register
// tiles of products in kernel-pack-weights' dot-product layouts become one
// instruction per 16 lanes of 32-bit accumulators (8 in panels of 8 lanes),
// row and group: AVX512-VNNI vpdpbusd for unsigned-by-signed bytes into i32
// (groups of four), AVX512-BF16 vdpbf16ps for bf16 into f32 (pairs); and
// the other multiply-adds of bytes widened to i32 lanes (integer depthwise
// convolutions) to AVX512-VNNI vpdpwssd.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPULOWERDOTPRODUCTSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Lanes of one 512-bit instruction's 32-bit accumulators; a 256-bit one
/// has half (AVX512VL, which every CPU with these instructions has).
constexpr int64_t kLanes = 16;

/// The 32-bit lanes of the instruction that a row of `lanes` is computed
/// with: 16 (512 bits) where they divide it, else 8 (256 bits), else 0.
int64_t getChunkLanes(int64_t lanes) {
  return lanes % kLanes == 0         ? kLanes
         : lanes % (kLanes / 2) == 0 ? kLanes / 2
                                     : 0;
}

/// One dot-product instruction: the elements each 32-bit lane sums, how A
/// and B are extended to the accumulator in the contraction, and the
/// intrinsic.
struct DotProductKind {
  int64_t group;
  /// Whether `op` extends A (`isA`) or B from this kind's element type.
  bool (*isExtension)(Operation *op, bool isA);
  Type (*getElementType)(MLIRContext *ctx);
  Type (*getAccumulatorType)(MLIRContext *ctx);
  /// The 512-bit and the 256-bit instruction.
  StringLiteral intrinsic;
  StringLiteral intrinsic256;
};

/// vpdpbusd: unsigned bytes A (extui) times signed bytes B (extsi) into i32.
const DotProductKind kInt8Kind = {
    4,
    [](Operation *op, bool isA) {
      return isA ? isa<arith::ExtUIOp>(op) : isa<arith::ExtSIOp>(op);
    },
    [](MLIRContext *ctx) -> Type { return IntegerType::get(ctx, 8); },
    [](MLIRContext *ctx) -> Type { return IntegerType::get(ctx, 32); },
    "llvm.x86.avx512.vpdpbusd.512",
    "llvm.x86.avx512.vpdpbusd.256"};

/// vdpbf16ps: bf16 A and B (extf) into f32.
const DotProductKind kBF16Kind = {
    2,
    [](Operation *op, bool) { return isa<arith::ExtFOp>(op); },
    [](MLIRContext *ctx) -> Type { return BFloat16Type::get(ctx); },
    [](MLIRContext *ctx) -> Type { return Float32Type::get(ctx); },
    "llvm.x86.avx512bf16.dpbf16ps.512",
    "llvm.x86.avx512bf16.dpbf16ps.256"};

/// The elements of `kind` that `value` extends (A's extension when `isA`),
/// or null.
Value getExtendedElements(Value value, const DotProductKind &kind, bool isA) {
  Operation *ext = value.getDefiningOp();
  if (!ext || ext->getNumOperands() != 1 || !kind.isExtension(ext, isA) ||
      getElementTypeOrSelf(ext->getOperand(0).getType()) !=
          kind.getElementType(value.getContext()))
    return nullptr;
  return ext->getOperand(0);
}

/// The elements of A [rows, steps, group] that the contraction's `lhs`
/// (read through `map`) extends: ext(A) read as (m, k0, k1); or, for a
/// single row (`acc` [1, 1, lanes]), the broadcast of ext(A [1, steps,
/// group]) to the whole iteration space that vectorization leaves when the
/// row dim has size 1 (it stretches that dim over the lanes, which no
/// contraction map can fold). Null otherwise.
Value getRowElements(Value lhs, AffineMap map, VectorType accType,
                     const DotProductKind &kind) {
  MLIRContext *ctx = map.getContext();
  AffineExpr m, panel, lane, k0, k1;
  bindDims(ctx, m, panel, lane, k0, k1);
  if (map == AffineMap::get(5, 0, {m, k0, k1}, ctx))
    return getExtendedElements(lhs, kind, /*isA=*/true);
  auto broadcast = lhs.getDefiningOp<vector::BroadcastOp>();
  if (!broadcast || !map.isIdentity() || accType.getDimSize(0) != 1)
    return nullptr;
  Value elements =
      getExtendedElements(broadcast.getSource(), kind, /*isA=*/true);
  auto type = elements ? dyn_cast<VectorType>(elements.getType()) : nullptr;
  if (!type || type.getRank() != 3 || type.getDimSize(0) != 1 ||
      type.getDimSize(2) != kind.group)
    return nullptr;
  return elements;
}

/// vector.contract(ext(A), ext(B), acc) with loops (m, panel, lane, k0,
/// k1), A [m, k0, k1], B [panel, k0, lane, k1], acc [m, panel, lane], one
/// panel, `kind`'s group per lane and lanes a multiple of 16 (or of 8: panels
/// of 8 lanes, for N = 24) -> per k0 and row, kind's instruction (acc row,
/// broadcast(A's group), B's lanes).
struct ContractToDotProducts : OpRewritePattern<vector::ContractionOp> {
  ContractToDotProducts(MLIRContext *ctx, const DotProductKind &kind)
      : OpRewritePattern(ctx), kind(kind) {}

  LogicalResult matchAndRewrite(vector::ContractionOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getKind() != vector::CombiningKind::ADD ||
        isa<vector::MaskOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "not a plain sum");
    MLIRContext *ctx = getContext();
    Type elementType = kind.getElementType(ctx);
    Type accElementType = kind.getAccumulatorType(ctx);
    Value b = getExtendedElements(op.getRhs(), kind, /*isA=*/false);
    auto accType = dyn_cast<VectorType>(op.getAccType());
    if (!b || !accType || accType.getElementType() != accElementType)
      return rewriter.notifyMatchFailure(op, "not this kind's elements");
    AffineExpr m, panel, lane, k0, k1;
    bindDims(ctx, m, panel, lane, k0, k1);
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    if (maps[1] != AffineMap::get(5, 0, {panel, k0, lane, k1}, ctx) ||
        maps[2] != AffineMap::get(5, 0, {m, panel, lane}, ctx))
      return rewriter.notifyMatchFailure(op, "not the dot-product layout");
    Value a = getRowElements(op.getLhs(), maps[0], accType, kind);
    if (!a)
      return rewriter.notifyMatchFailure(op, "A is not extended elements");
    auto aType = cast<VectorType>(a.getType());
    auto bType = cast<VectorType>(b.getType());
    int64_t group = kind.group;
    int64_t rows = aType.getDimSize(0), steps = aType.getDimSize(1);
    int64_t lanes = bType.getDimSize(2);
    if (aType.isScalable() || bType.isScalable() || bType.getDimSize(0) != 1 ||
        aType.getDimSize(2) != group || getChunkLanes(lanes) == 0)
      return rewriter.notifyMatchFailure(op, "not whole 256-bit lanes");

    Location loc = op.getLoc();
    int64_t chunkLanes = getChunkLanes(lanes);
    StringLiteral intrinsic =
        chunkLanes == kLanes ? kind.intrinsic : kind.intrinsic256;
    auto accChunkType = VectorType::get({chunkLanes}, accElementType);
    auto i32xLanes = VectorType::get({chunkLanes}, rewriter.getI32Type());
    auto operandType = VectorType::get({chunkLanes * group}, elementType);
    auto i32x1 = VectorType::get({1}, rewriter.getI32Type());
    int64_t chunks = lanes / chunkLanes;
    // The accumulators: a row of `lanes` per m, in chunks of chunkLanes.
    SmallVector<Value> acc;
    for (int64_t row = 0; row < rows; ++row) {
      Value accRow = vector::ExtractOp::create(rewriter, loc, op.getAcc(),
                                               ArrayRef<int64_t>{row, 0});
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        acc.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, accRow, ArrayRef<int64_t>{chunk * chunkLanes},
            ArrayRef<int64_t>{chunkLanes}, ArrayRef<int64_t>{1}));
    }
    // B as [1, steps, lanes * group]: a row per step, as
    // strata-cpu-vectorize reads it when it can.
    Value bRows;
    if (auto rows = b.getDefiningOp<vector::ShapeCastOp>();
        rows && rows.getSourceVectorType().getRank() == 3)
      bRows = rows.getSource();
    else
      bRows = vector::ShapeCastOp::create(
          rewriter, loc,
          VectorType::get({1, steps, lanes * group}, elementType), b);
    for (int64_t step = 0; step < steps; ++step) {
      // B's lanes of this step, chunkLanes lanes (64 or 32 bytes) per
      // instruction.
      Value bStep = vector::ExtractOp::create(rewriter, loc, bRows,
                                              ArrayRef<int64_t>{0, step});
      SmallVector<Value> bChunks;
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        bChunks.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, bStep, ArrayRef<int64_t>{chunk * chunkLanes * group},
            ArrayRef<int64_t>{chunkLanes * group}, ArrayRef<int64_t>{1}));
      for (int64_t row = 0; row < rows; ++row) {
        // The row's group (32 bits) as one dword in every lane.
        Value elements = vector::ExtractOp::create(
            rewriter, loc, a, ArrayRef<int64_t>{row, step});
        Value word = vector::ExtractOp::create(
            rewriter, loc,
            vector::BitCastOp::create(rewriter, loc, i32x1, elements),
            ArrayRef<int64_t>{0});
        Value broadcast = vector::BitCastOp::create(
            rewriter, loc, operandType,
            vector::BroadcastOp::create(rewriter, loc, i32xLanes, word));
        for (int64_t chunk = 0; chunk < chunks; ++chunk) {
          Value &sum = acc[row * chunks + chunk];
          sum = LLVM::CallIntrinsicOp::create(
                    rewriter, loc, accChunkType,
                    rewriter.getStringAttr(intrinsic),
                    ValueRange{sum, broadcast, bChunks[chunk]})
                    .getResult(0);
        }
      }
    }
    Value result = arith::ConstantOp::create(rewriter, loc, accType,
                                             rewriter.getZeroAttr(accType));
    for (int64_t row = 0; row < rows; ++row) {
      for (int64_t chunk = 0; chunk < chunks; ++chunk)
        result = vector::InsertStridedSliceOp::create(
            rewriter, loc, acc[row * chunks + chunk], result,
            ArrayRef<int64_t>{row, 0, chunk * chunkLanes},
            ArrayRef<int64_t>{1});
    }
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  const DotProductKind &kind;
};

/// The byte vector that `value` sign- or zero-extends to i32, or null.
Value getExtendedBytes(Value value) {
  Operation *ext = value.getDefiningOp();
  if (!isa_and_present<arith::ExtSIOp, arith::ExtUIOp>(ext) ||
      !getElementTypeOrSelf(ext->getOperand(0).getType()).isInteger(8))
    return nullptr;
  return ext->getOperand(0);
}

/// addi(acc, muli(ext(a), ext(b))) on i32 vectors whose a and b are bytes
/// (sign- or zero-extended) -> AVX512-VNNI vpdpwssd per 16 lanes of the
/// innermost dim (8: the 256-bit form): each 32-bit lane of ext(a) holds a
/// as its low 16-bit half (its high half 0 or -1), each lane of ext(b) &
/// 0xffff holds b as its low half and 0 above, and vpdpwssd adds lo * lo +
/// hi * hi = a * b + 0 to the lane: exactly the multiply and the add, in
/// one instruction instead of vpmulld and vpaddd. This is how the integer
/// depthwise convolutions (no group of four along any reduction, so not
/// vpdpbusd) and the other widening byte products (row-major weights,
/// computed operands) accumulate.
struct WideningMultiplyAddToDotProducts : OpRewritePattern<arith::AddIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::AddIOp add,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(add.getType());
    if (!type || type.isScalable() || type.getRank() == 0 ||
        !type.getElementType().isInteger(32))
      return rewriter.notifyMatchFailure(add, "not a vector of i32");
    Value acc = add.getLhs();
    auto mul = add.getRhs().getDefiningOp<arith::MulIOp>();
    if (!mul) {
      acc = add.getRhs();
      mul = add.getLhs().getDefiningOp<arith::MulIOp>();
    }
    if (!mul || !mul->hasOneUse() || !getExtendedBytes(mul.getLhs()) ||
        !getExtendedBytes(mul.getRhs()))
      return rewriter.notifyMatchFailure(add, "not a widening byte product");
    int64_t lanes = type.getShape().back();
    int64_t chunkLanes = getChunkLanes(lanes);
    if (chunkLanes == 0)
      return rewriter.notifyMatchFailure(add, "not whole 256-bit lanes");

    // The operand masked to its low halves: the one computed outside the
    // add's loop when there is one (the depthwise filter, once per tile),
    // so that the mask is computed there too.
    Value a = mul.getLhs(), b = mul.getRhs();
    if (a.getParentRegion() != add->getParentRegion() &&
        b.getParentRegion() == add->getParentRegion())
      std::swap(a, b);
    Location loc = add.getLoc();
    rewriter.setInsertionPointAfterValue(b);
    Value lowHalves = arith::AndIOp::create(
        rewriter, loc, b,
        arith::ConstantOp::create(
            rewriter, loc, type,
            DenseElementsAttr::get(type, rewriter.getI32IntegerAttr(0xffff))));
    rewriter.setInsertionPoint(add);
    auto chunkType = VectorType::get({chunkLanes}, rewriter.getI32Type());
    auto halvesType = VectorType::get({2 * chunkLanes}, rewriter.getI16Type());
    StringRef intrinsic = chunkLanes == kLanes ? "llvm.x86.avx512.vpdpwssd.512"
                                               : "llvm.x86.avx512.vpdpwssd.256";
    Value result = acc;
    SmallVector<int64_t> outer(type.getShape().drop_back());
    int64_t rows = type.getNumElements() / lanes;
    for (int64_t row = 0; row < rows; ++row) {
      SmallVector<int64_t> position = delinearize(row, computeStrides(outer));
      for (int64_t lane = 0; lane < lanes; lane += chunkLanes) {
        auto chunk = [&](Value vector) -> Value {
          Value rowVector =
              position.empty()
                  ? vector
                  : vector::ExtractOp::create(rewriter, loc, vector, position)
                        .getResult();
          return vector::ExtractStridedSliceOp::create(
              rewriter, loc, rowVector, ArrayRef<int64_t>{lane},
              ArrayRef<int64_t>{chunkLanes}, ArrayRef<int64_t>{1});
        };
        Value sum =
            LLVM::CallIntrinsicOp::create(
                rewriter, loc, chunkType, rewriter.getStringAttr(intrinsic),
                ValueRange{chunk(acc),
                           vector::BitCastOp::create(rewriter, loc, halvesType,
                                                     chunk(a)),
                           vector::BitCastOp::create(rewriter, loc, halvesType,
                                                     chunk(lowHalves))})
                .getResult(0);
        SmallVector<int64_t> offsets(position);
        offsets.push_back(lane);
        result = vector::InsertStridedSliceOp::create(
            rewriter, loc, sum, result, offsets, ArrayRef<int64_t>{1});
      }
    }
    rewriter.replaceOp(add, result);
    return success();
  }
};

struct CPULowerDotProductsPass
    : public strata::impl::CPULowerDotProductsPassBase<
          CPULowerDotProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (int8) {
      patterns.add<ContractToDotProducts>(&getContext(), kInt8Kind);
      patterns.add<WideningMultiplyAddToDotProducts>(&getContext());
    }
    if (bf16)
      patterns.add<ContractToDotProducts>(&getContext(), kBF16Kind);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
