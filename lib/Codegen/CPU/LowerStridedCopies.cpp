//===- LowerStridedCopies.cpp - Strided copies without memrefCopy ---------===//
//
// Implements strata-cpu-lower-strided-copies (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <optional>

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
  /// A copy as rows: source and target collapsed to [outer..., row], the
  /// row contiguous on both sides.
  struct RowCopy {
    memref::CopyOp copy;
    Value source, target;
    SmallVector<int64_t> outer;
  };

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (!isMemcpy(copy.getSource()) || !isMemcpy(copy.getTarget()))
        copies.push_back(copy);
    });
    SmallVector<RowCopy> rowCopies;
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      if (std::optional<RowCopy> rows = asRows(builder, copy)) {
        rowCopies.push_back(std::move(*rows));
        continue;
      }
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
    // Copies one after the other over the same rows share one loop nest,
    // each copying its row per iteration: a concatenation of 25 inputs
    // (DenseNet-121's) made 25 loop nests, each as costly to LLVM as a
    // small kernel.
    for (size_t begin = 0, e = rowCopies.size(); begin < e;) {
      size_t end = begin + 1;
      while (end < e && canJoin(ArrayRef(rowCopies).slice(begin, end - begin),
                                rowCopies[end]))
        ++end;
      emitRowLoops(ArrayRef(rowCopies).slice(begin, end - begin));
      for (RowCopy &rows : MutableArrayRef(rowCopies).slice(begin, end - begin))
        rows.copy.erase();
      begin = end;
    }
  }

  /// The buffer `value` views (through subviews, reshapes and casts): a
  /// block argument or an allocation; null when it is something else.
  static Value getRootBuffer(Value value) {
    while (Operation *op = value.getDefiningOp()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
        value = view.getViewSource();
        continue;
      }
      if (auto cast = dyn_cast<memref::CastOp>(op)) {
        value = cast.getSource();
        continue;
      }
      return isa<memref::AllocOp, memref::AllocaOp>(op) ? value : Value();
    }
    return value;
  }

  /// Whether `next` can copy its rows in the loop nest of `group`: it
  /// follows the group's last copy with nothing in between that touches
  /// memory, has the same outer shape, and no copy reads a buffer that
  /// another writes (the joined copies move row by row, in turns, instead
  /// of one after the other). Kernel arguments are distinct buffers (memory
  /// planning never gives a launch's input and output the same bytes).
  static bool canJoin(ArrayRef<RowCopy> group, const RowCopy &next) {
    Operation *last = group.back().copy;
    if (last->getBlock() != next.copy->getBlock() ||
        group.front().outer != next.outer)
      return false;
    for (Operation *op = last->getNextNode(); op != next.copy;
         op = op->getNextNode())
      if (!op || !isMemoryEffectFree(op))
        return false;
    SmallVector<Value> sources, targets;
    for (const RowCopy &rows :
         llvm::concat<const RowCopy>(group, ArrayRef<RowCopy>(next))) {
      Value source = getRootBuffer(rows.source);
      Value target = getRootBuffer(rows.target);
      if (!source || !target)
        return false;
      sources.push_back(source);
      targets.push_back(target);
    }
    return llvm::none_of(sources, [&](Value source) {
      return llvm::is_contained(targets, source);
    });
  }

  /// Whether memref-to-llvm copies `value` with llvm.memcpy: an identity
  /// layout, or a static shape contiguous in row-major order (a row of a
  /// strided buffer, whatever its offset).
  static bool isMemcpy(Value value) {
    auto type = dyn_cast<MemRefType>(value.getType());
    return type && (type.getLayout().isIdentity() ||
                    memref::isStaticShapeAndContiguousRowMajor(type));
  }

  /// `copy` as rows (to copy in loops over its outer dims, each innermost
  /// row with one memref.copy of contiguous rank-1 views: an llvm.memcpy),
  /// when both sides are static with unit innermost strides; std::nullopt
  /// otherwise. Trailing dims that are contiguous on both sides form one row
  /// (a padded [H, W, 3] image's interior: rows of W*3 elements, not of 3).
  /// linalg.copy's loops move one element at a time (LLVM does not
  /// vectorize them: it cannot tell the buffers apart), and these copies are
  /// the interiors of padded tiles: a depthwise convolution's padding cost
  /// 155 of its 383 us that way, the padding of a 224x224 RGB image 140 us
  /// in rows of 3. LLVM expands a short memcpy of constant size inline and
  /// calls the C library's for long ones. Rows as one wide vector each
  /// (vector<256xf32>) looked as cheap to LLVM's unroller as a scalar load:
  /// it unrolled the 98 rows of a 7x7x512 slice into one block of 6000
  /// instructions, which took 6.8 s of instruction scheduling (ResNet-18's
  /// three such slices were 20 of its 33 s of compile time).
  static std::optional<RowCopy> asRows(OpBuilder &builder,
                                       memref::CopyOp copy) {
    auto sourceType = dyn_cast<MemRefType>(copy.getSource().getType());
    auto targetType = dyn_cast<MemRefType>(copy.getTarget().getType());
    SmallVector<int64_t> sourceStrides, targetStrides;
    int64_t offset;
    if (!sourceType || !targetType || !sourceType.hasStaticShape() ||
        sourceType.getShape() != targetType.getShape() ||
        sourceType.getRank() == 0 ||
        !sourceType.getElementType().isIntOrFloat() ||
        // Sub-byte elements stay element by element (linalg.copy), the
        // path the i1 splits of issue 17 were checked on; i1 takes a byte
        // in a buffer, so row memcpys would be right too.
        sourceType.getElementTypeBitWidth() < 8 ||
        failed(sourceType.getStridesAndOffset(sourceStrides, offset)) ||
        failed(targetType.getStridesAndOffset(targetStrides, offset)) ||
        sourceStrides.back() != 1 || targetStrides.back() != 1)
      return std::nullopt;
    ArrayRef<int64_t> shape = sourceType.getShape();
    if (llvm::is_contained(shape, 0))
      return std::nullopt;
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
    RowCopy rows;
    rows.copy = copy;
    rows.source = source;
    rows.target = target;
    rows.outer = llvm::to_vector(
        cast<MemRefType>(source.getType()).getShape().drop_back());
    return rows;
  }

  /// Emits `group` (copies of the same outer shape) as one loop nest over
  /// the outer dims, before the last copy, that copies each copy's row at
  /// every iteration with a memref.copy of contiguous rank-1 views.
  static void emitRowLoops(ArrayRef<RowCopy> group) {
    memref::CopyOp copy = group.back().copy;
    OpBuilder builder(copy);
    Location loc = copy.getLoc();
    ArrayRef<int64_t> outer = group.front().outer;
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t size : outer) {
      lbs.push_back(zero);
      ubs.push_back(arith::ConstantIndexOp::create(builder, loc, size));
      steps.push_back(one);
    }
    // The row at `rowIndices` of `buffer` as a rank-1 view.
    auto rowView = [&](OpBuilder &b, Location loc, Value buffer,
                       ValueRange rowIndices) -> Value {
      auto bufferType = cast<MemRefType>(buffer.getType());
      int64_t row = bufferType.getShape().back();
      SmallVector<OpFoldResult> offsets(rowIndices.begin(), rowIndices.end());
      offsets.push_back(b.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes(outer.size(), b.getIndexAttr(1));
      sizes.push_back(b.getIndexAttr(row));
      SmallVector<OpFoldResult> strides(outer.size() + 1, b.getIndexAttr(1));
      auto rowType = memref::SubViewOp::inferRankReducedResultType(
          {row}, bufferType, offsets, sizes, strides);
      return memref::SubViewOp::create(b, loc, cast<MemRefType>(rowType),
                                       buffer, offsets, sizes, strides);
    };
    scf::LoopNest nest = scf::buildLoopNest(
        builder, loc, lbs, ubs, steps,
        [&](OpBuilder &b, Location loc, ValueRange ivs) {
          for (const RowCopy &rows : group)
            memref::CopyOp::create(b, rows.copy->getLoc(),
                                   rowView(b, loc, rows.source, ivs),
                                   rowView(b, loc, rows.target, ivs));
        });
    // LLVM would unroll the row loops fully (a short memcpy looks cheap to
    // it): DenseNet-121's concatenations of 17 inputs of 49 rows became
    // blocks of thousands of loads and stores, which took its instruction
    // schedulers 5.6 s for one kernel. A row loop costs three instructions
    // per row copied. (Named `loop_annotation`: scf-to-cf moves the LLVM
    // attributes of a loop onto its latch branch, and llvm.br takes this
    // name as its own.)
    MLIRContext *context = builder.getContext();
    auto noUnroll = LLVM::LoopAnnotationAttr::get(
        context, /*disableNonforced=*/{}, /*vectorize=*/{},
        /*interleave=*/{},
        LLVM::LoopUnrollAttr::get(context, builder.getBoolAttr(true),
                                  /*count=*/{}, /*runtimeDisable=*/{},
                                  /*full=*/{}, /*followupUnrolled=*/{},
                                  /*followupRemainder=*/{},
                                  /*followupAll=*/{}),
        /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
        /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{},
        /*mustProgress=*/{}, /*isVectorized=*/{}, /*startLoc=*/{},
        /*endLoc=*/{}, /*parallelAccesses=*/{});
    for (scf::ForOp loop : nest.loops)
      loop->setAttr("loop_annotation", noUnroll);
  }
};

} // namespace
