//===- LowerStridedCopies.cpp - Strided copies without memrefCopy ---------===//
//
// Implements strata-cpu-lower-strided-copies (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace strata {
#define GEN_PASS_DEF_CPULOWERSTRIDEDCOPIESPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Rewrites copies the LLVM lowering would call memrefCopy for; see
/// Passes.td.
struct CPULowerStridedCopiesPass
    : strata::impl::CPULowerStridedCopiesPassBase<CPULowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      auto isContiguous = [](Value value) {
        auto type = dyn_cast<MemRefType>(value.getType());
        return type && type.getLayout().isIdentity();
      };
      if (!isContiguous(copy.getSource()) || !isContiguous(copy.getTarget()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      if (!copyRowsAsVectors(builder, copy))
        linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      copy.erase();
    }
  }

  /// The largest piece of a row copied as one vector.
  static constexpr int64_t kMaxVectorRow = 256;

  /// Emits `copy` as loops over its outer dims that move each innermost row
  /// as vectors of up to kMaxVectorRow elements, when both sides are static
  /// with unit innermost stride; returns false otherwise. Trailing dims that
  /// are contiguous on both sides form one row (a padded [H, W, 3] image's
  /// interior: rows of W*3 elements, not of 3). linalg.copy's loops move one
  /// element at a time (LLVM does not vectorize them: it cannot tell the
  /// buffers apart), and these copies are the interiors of padded tiles: a
  /// depthwise convolution's padding cost 155 of its 383 us that way, the
  /// padding of a 224x224 RGB image 140 us in rows of 3.
  static bool copyRowsAsVectors(OpBuilder &builder, memref::CopyOp copy) {
    auto sourceType = dyn_cast<MemRefType>(copy.getSource().getType());
    auto targetType = dyn_cast<MemRefType>(copy.getTarget().getType());
    SmallVector<int64_t> sourceStrides, targetStrides;
    int64_t offset;
    if (!sourceType || !targetType || !sourceType.hasStaticShape() ||
        sourceType.getShape() != targetType.getShape() ||
        sourceType.getRank() == 0 ||
        !sourceType.getElementType().isIntOrFloat() ||
        // A vector<Nxi1> in memory is bit-packed while i1 elements of a
        // buffer occupy a byte each: such a copy moved the wrong bits.
        sourceType.getElementTypeBitWidth() < 8 ||
        failed(sourceType.getStridesAndOffset(sourceStrides, offset)) ||
        failed(targetType.getStridesAndOffset(targetStrides, offset)) ||
        sourceStrides.back() != 1 || targetStrides.back() != 1)
      return false;
    ArrayRef<int64_t> shape = sourceType.getShape();
    if (llvm::is_contained(shape, 0))
      return false;
    // The trailing dims that are contiguous on both sides.
    int64_t rank = shape.size(), rowDims = 1;
    while (rowDims < rank) {
      int64_t dim = rank - rowDims - 1;
      auto contiguous = [&](ArrayRef<int64_t> strides) {
        return !ShapedType::isDynamic(strides[dim]) &&
               !ShapedType::isDynamic(strides[dim + 1]) &&
               strides[dim] == strides[dim + 1] * shape[dim + 1];
      };
      if (!contiguous(sourceStrides) || !contiguous(targetStrides))
        break;
      ++rowDims;
    }
    Location loc = copy.getLoc();
    Value source = copy.getSource(), target = copy.getTarget();
    if (rowDims > 1) {
      SmallVector<ReassociationIndices> groups;
      for (int64_t dim = 0; dim < rank - rowDims; ++dim)
        groups.push_back({dim});
      groups.emplace_back(
          llvm::to_vector(llvm::seq<int64_t>(rank - rowDims, rank)));
      source = memref::CollapseShapeOp::create(builder, loc, source, groups);
      target = memref::CollapseShapeOp::create(builder, loc, target, groups);
    }
    auto collapsedType = cast<MemRefType>(source.getType());
    ArrayRef<int64_t> outer = collapsedType.getShape().drop_back();
    int64_t row = collapsedType.getShape().back();
    Type elementType = sourceType.getElementType();
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t size : outer) {
      lbs.push_back(zero);
      ubs.push_back(arith::ConstantIndexOp::create(builder, loc, size));
      steps.push_back(one);
    }
    // Copies `width` elements of the row at `rowIndices` from `column`.
    auto copyPiece = [&](OpBuilder &b, Location loc, ValueRange rowIndices,
                         Value column, int64_t width) {
      SmallVector<Value> indices(rowIndices.begin(), rowIndices.end());
      indices.push_back(column);
      SmallVector<bool> inBounds = {true};
      Value padding = ub::PoisonOp::create(b, loc, elementType);
      Value vector = vector::TransferReadOp::create(
          b, loc, VectorType::get({width}, elementType), source, indices,
          padding, inBounds);
      vector::TransferWriteOp::create(b, loc, vector, target, indices,
                                      inBounds);
    };
    scf::buildLoopNest(
        builder, loc, lbs, ubs, steps,
        [&](OpBuilder &b, Location loc, ValueRange ivs) {
          int64_t pieces = row / kMaxVectorRow, rest = row % kMaxVectorRow;
          if (pieces == 1) {
            copyPiece(b, loc, ivs, zero, kMaxVectorRow);
          } else if (pieces > 1) {
            Value end =
                arith::ConstantIndexOp::create(b, loc, pieces * kMaxVectorRow);
            Value step = arith::ConstantIndexOp::create(b, loc, kMaxVectorRow);
            scf::ForOp::create(
                b, loc, zero, end, step, ValueRange{},
                [&](OpBuilder &b, Location loc, Value column, ValueRange) {
                  copyPiece(b, loc, ivs, column, kMaxVectorRow);
                  scf::YieldOp::create(b, loc);
                });
          }
          if (rest > 0)
            copyPiece(
                b, loc, ivs,
                arith::ConstantIndexOp::create(b, loc, pieces * kMaxVectorRow),
                rest);
        });
    return true;
  }
};

} // namespace
