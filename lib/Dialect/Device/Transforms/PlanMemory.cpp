//===- PlanMemory.cpp - Liveness-based reuse of buffer memory -------------===//
//
// device-plan-memory: in each block of host code, the statically shaped
// device.alloc buffers that do not escape the block are placed in one
// storage, at offsets chosen so that two buffers share bytes only when
// their live ranges do not overlap. Live ranges are intervals of op
// positions in the block (a use in a nested region counts at its ancestor
// op in the block), so the analysis is linear and needs no dataflow: host
// values are defined once and a block runs its ops in order.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Device/Transforms/Passes.h"

#include "strata/Dialect/Device/IR/DeviceOps.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace strata::device {
#define GEN_PASS_DEF_DEVICEPLANMEMORYPASS
#include "strata/Dialect/Device/Transforms/Passes.h.inc"
} // namespace strata::device

using namespace mlir;
using namespace strata;
using namespace strata::device;

namespace {

/// Alignment of every planned buffer in its storage, in bytes (the
/// runtime's storage and constants use the same).
constexpr int64_t kAlignment = 64;

/// `bytes` rounded up to a multiple of kAlignment.
static int64_t alignUp(int64_t bytes) {
  return (bytes + kAlignment - 1) / kAlignment * kAlignment;
}

/// A buffer to place: its alloc, byte size (rounded up to kAlignment) and
/// live range [begin, end] in op positions of its block.
struct Buffer {
  AllocOp alloc;
  int64_t size;
  int64_t begin;
  int64_t end;
  int64_t offset = -1;
};

/// The bytes of one element of `type` in a buffer, or nullopt when the VM
/// has no such element type. Index elements are stored as 64-bit integers,
/// i1 as one byte.
static std::optional<int64_t> getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return std::nullopt;
}

/// Whether `use` keeps the buffer within the block's ops that the planner
/// understands: reads and writes of launches and copies, dims, loads, and
/// stores into it. Everything else (returns, calls, branches, yields,
/// native calls, unknown ops) lets it escape.
static bool isLocalUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<LaunchOp, CopyOp, memref::DimOp, memref::LoadOp>(user))
    return true;
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return use.get() == store.getMemRef();
  return false;
}

/// The live range of `alloc`'s buffer in `block` (positions from
/// `positions`), or nullopt when the buffer escapes: a use outside the
/// block, or one isLocalUse rejects. Reshapes of the buffer are the buffer.
static std::optional<std::pair<int64_t, int64_t>>
getLiveRange(AllocOp alloc, Block &block,
             const DenseMap<Operation *, int64_t> &positions) {
  int64_t begin = positions.lookup(alloc);
  int64_t end = begin;
  SmallVector<Value> worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *ancestor = block.findAncestorOpInBlock(*use.getOwner());
      if (!ancestor)
        return std::nullopt;
      end = std::max(end, positions.lookup(ancestor));
      if (auto reshape = dyn_cast<ReshapeOp>(use.getOwner())) {
        worklist.push_back(reshape.getResult());
        continue;
      }
      if (!isLocalUse(use))
        return std::nullopt;
    }
  }
  return std::make_pair(begin, end);
}

/// Assigns offsets to `buffers` (largest first, first fit, aligned) so that
/// buffers with overlapping live ranges never overlap in memory; returns
/// the peak size.
static int64_t assignOffsets(MutableArrayRef<Buffer> buffers) {
  SmallVector<Buffer *> order;
  for (Buffer &buffer : buffers)
    order.push_back(&buffer);
  // Largest first; among equals, the earliest alloc first (deterministic).
  llvm::sort(order, [](const Buffer *a, const Buffer *b) {
    return a->size != b->size ? a->size > b->size : a->begin < b->begin;
  });
  SmallVector<Buffer *> placed;
  int64_t peak = 0;
  for (Buffer *buffer : order) {
    SmallVector<Buffer *> conflicts;
    for (Buffer *other : placed)
      if (buffer->begin <= other->end && other->begin <= buffer->end)
        conflicts.push_back(other);
    llvm::sort(conflicts, [](const Buffer *a, const Buffer *b) {
      return a->offset < b->offset;
    });
    int64_t offset = 0;
    for (Buffer *other : conflicts) {
      if (offset + buffer->size <= other->offset)
        break;
      offset = std::max(offset, alignUp(other->offset + other->size));
    }
    buffer->offset = offset;
    peak = std::max(peak, offset + buffer->size);
    placed.push_back(buffer);
  }
  return peak;
}

struct DevicePlanMemoryPass
    : strata::device::impl::DevicePlanMemoryPassBase<DevicePlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto function : getOperation().getOps<FunctionOpInterface>()) {
      if (isa<kernel::FuncOp>(function) || function.isExternal())
        continue;
      int64_t planned = 0, unplanned = 0;
      SmallVector<Block *> blocks;
      function->walk([&](Block *block) { blocks.push_back(block); });
      for (Block *block : blocks)
        planBlock(*block, planned, unplanned);
      Builder builder(&getContext());
      function->setAttr(
          DeviceDialect::getMemoryAttrName(),
          builder.getDictionaryAttr(
              {builder.getNamedAttr("planned_peak_bytes",
                                    builder.getI64IntegerAttr(planned)),
               builder.getNamedAttr("unplanned_bytes",
                                    builder.getI64IntegerAttr(unplanned))}));
      if (report)
        function->emitRemark() << "memory plan of @" << function.getName()
                               << ": " << planned << " bytes of storage for "
                               << unplanned << " bytes of planned buffers";
    }
  }

  /// Places the plannable buffers of `block` in one storage; adds the
  /// storage's size to `planned` and the buffers' sizes to `unplanned`.
  void planBlock(Block &block, int64_t &planned, int64_t &unplanned) {
    DenseMap<Operation *, int64_t> positions;
    for (auto [index, op] : llvm::enumerate(block))
      positions[&op] = index;
    SmallVector<Buffer> buffers;
    for (auto alloc : block.getOps<AllocOp>()) {
      MemRefType type = alloc.getResult().getType();
      if (!type.hasStaticShape())
        continue;
      std::optional<int64_t> elementBytes =
          getElementBytes(type.getElementType());
      if (!elementBytes)
        continue;
      std::optional<std::pair<int64_t, int64_t>> range =
          getLiveRange(alloc, block, positions);
      if (!range)
        continue;
      int64_t size = alignUp(type.getNumElements() * *elementBytes);
      buffers.push_back({alloc, size, range->first, range->second});
    }
    if (buffers.empty())
      return;
    int64_t peak = assignOffsets(buffers);
    for (const Buffer &buffer : buffers)
      unplanned += buffer.size;
    planned += peak;

    OpBuilder builder = OpBuilder::atBlockBegin(&block);
    Location loc = buffers.front().alloc.getLoc();
    Value bytes = arith::ConstantIndexOp::create(builder, loc, peak);
    Value storage = AllocStorageOp::create(
        builder, loc, StorageType::get(&getContext()), bytes);
    for (Buffer &buffer : buffers) {
      builder.setInsertionPoint(buffer.alloc);
      Value offset = arith::ConstantIndexOp::create(
          builder, buffer.alloc.getLoc(), buffer.offset);
      Value view = ViewOp::create(builder, buffer.alloc.getLoc(),
                                  buffer.alloc.getResult().getType(), storage,
                                  offset, ValueRange());
      buffer.alloc.getResult().replaceAllUsesWith(view);
      buffer.alloc.erase();
    }
  }
};

} // namespace
