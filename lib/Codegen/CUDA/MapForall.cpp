//===- MapForall.cpp - Block and thread loops onto a GPU grid -------------===//
//
// Implements strata-cuda-map-forall (see Passes.td). The block loop and
// the thread loops of strata-cuda-distribute become stride loops over
// their linearized iterations, starting at the block (thread) index and
// stepping by the grid (block) size, so that any grid and block size cover
// them: static grids get one block per tile, dynamic shapes a fixed grid.
// The same loops are built with ordinary loops for the indices in
// `sequential` mode, which is how the ordinary test suite runs the GPU
// schedules on a CPU.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CUDA/Passes.h"
#include "strata/Codegen/Common/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace strata {
#define GEN_PASS_DEF_CUDAMAPFORALLPASS
#include "strata/Codegen/CUDA/Passes.h.inc"
} // namespace strata

using namespace mlir;
using namespace strata;

namespace {

/// The shared memory a kernel may use without opting in
/// (cudaFuncAttributeMaxDynamicSharedMemorySize): 48 KiB on every chip.
constexpr int64_t kStaticSharedMemoryBytes = 48 * 1024;

/// The static iteration count of `forall` (the product of its loops'), or
/// std::nullopt when it is dynamic.
std::optional<int64_t> getStaticTripCount(scf::ForallOp forall) {
  int64_t count = 1;
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    std::optional<int64_t> lower = getConstantIntValue(lb);
    std::optional<int64_t> upper = getConstantIntValue(ub);
    std::optional<int64_t> stride = getConstantIntValue(step);
    if (!lower || !upper || !stride || *stride <= 0)
      return std::nullopt;
    count *= llvm::divideCeil(std::max<int64_t>(0, *upper - *lower), *stride);
  }
  return count;
}

/// The iteration count of `forall` as the host can compute it from the
/// kernel's arguments: `scale` times the product of ceil(value / step) over
/// `factors` (argument index, dim of that tensor argument or -1 for an
/// index argument, step), or std::nullopt when a bound is neither constant
/// nor an argument's value or dim (then the grid stays fixed).
struct GridFormula {
  int64_t scale = 1;
  SmallVector<int64_t> factors; // (argument, dim, step) triples.
};
std::optional<GridFormula> getGridFormula(scf::ForallOp forall,
                                          func::FuncOp func) {
  GridFormula formula;
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    std::optional<int64_t> lower = getConstantIntValue(lb);
    std::optional<int64_t> stride = getConstantIntValue(step);
    if (!lower || !stride || *stride <= 0)
      return std::nullopt;
    if (std::optional<int64_t> upper = getConstantIntValue(ub)) {
      formula.scale *=
          llvm::divideCeil(std::max<int64_t>(0, *upper - *lower), *stride);
      continue;
    }
    if (*lower != 0)
      return std::nullopt;
    auto value = cast<Value>(ub);
    int64_t argument = -1, dim = -1;
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner()->getParentOp() == func.getOperation() &&
        arg.getType().isIndex()) {
      argument = arg.getArgNumber();
    } else if (auto dimOp = value.getDefiningOp<memref::DimOp>()) {
      auto arg = dyn_cast<BlockArgument>(dimOp.getSource());
      std::optional<int64_t> index = dimOp.getConstantIndex();
      if (!arg || arg.getOwner()->getParentOp() != func.getOperation() ||
          !index)
        return std::nullopt;
      argument = arg.getArgNumber();
      dim = *index;
    } else {
      return std::nullopt;
    }
    formula.factors.append({argument, dim, *stride});
  }
  return formula;
}

/// Computes the iteration count of `forall` before it.
Value buildTripCount(OpBuilder &builder, scf::ForallOp forall) {
  Location loc = forall.getLoc();
  Value total = arith::ConstantIndexOp::create(builder, loc, 1);
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    Value lower = getValueOrCreateConstantIndexOp(builder, loc, lb);
    Value upper = getValueOrCreateConstantIndexOp(builder, loc, ub);
    Value stride = getValueOrCreateConstantIndexOp(builder, loc, step);
    Value extent = arith::SubIOp::create(builder, loc, upper, lower);
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    extent = arith::MaxSIOp::create(builder, loc, extent, zero);
    Value count = arith::CeilDivSIOp::create(builder, loc, extent, stride);
    total = arith::MulIOp::create(builder, loc, total, count);
  }
  return total;
}

/// Replaces `forall` (on memrefs) by `scf.for %i = first to count step
/// stride` over its linearized iterations, delinearized innermost fastest
/// (consecutive threads take consecutive elements of the innermost dim).
/// Returns the loop.
scf::ForOp buildStrideLoop(RewriterBase &rewriter, scf::ForallOp forall,
                           Value count, Value first, Value stride) {
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  auto loop = scf::ForOp::create(rewriter, loc, first, count, stride);
  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> ivs(forall.getRank());
  Value remaining = loop.getInductionVar();
  SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound();
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  SmallVector<OpFoldResult> steps = forall.getMixedStep();
  for (int64_t d = forall.getRank() - 1; d >= 0; --d) {
    Value lower = getValueOrCreateConstantIndexOp(rewriter, loc, lbs[d]);
    Value upper = getValueOrCreateConstantIndexOp(rewriter, loc, ubs[d]);
    Value step = getValueOrCreateConstantIndexOp(rewriter, loc, steps[d]);
    Value extent = arith::SubIOp::create(rewriter, loc, upper, lower);
    Value tripCount = arith::CeilDivSIOp::create(rewriter, loc, extent, step);
    Value index = remaining;
    if (d > 0) {
      index = arith::RemSIOp::create(rewriter, loc, remaining, tripCount);
      remaining = arith::DivSIOp::create(rewriter, loc, remaining, tripCount);
    }
    ivs[d] = arith::AddIOp::create(
        rewriter, loc, lower,
        arith::MulIOp::create(rewriter, loc, index, step));
  }
  Block *body = forall.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, loop.getBody()->getTerminator(), ivs);
  rewriter.eraseOp(forall);
  return loop;
}

/// Whether `forall` is mapped to the first entry of `kind`'s ids.
template <typename MappingAttr> bool isMappedTo(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() && isa<MappingAttr>((*mapping)[0]);
}

/// The loop of a kernel's blocks, and those of a block's threads.
bool isBlockLoop(Operation *op) {
  auto forall = dyn_cast<scf::ForallOp>(op);
  return forall && (forall->hasAttr(kCUDABlocksAttrName) ||
                    isMappedTo<gpu::GPUBlockMappingAttr>(forall));
}
bool isThreadLoop(Operation *op) {
  auto forall = dyn_cast<scf::ForallOp>(op);
  return forall && (forall->hasAttr(kCUDAThreadsAttrName) ||
                    isMappedTo<gpu::GPUThreadMappingAttr>(forall));
}

/// A block's loop over the steps of a staged contraction
/// (strata-cuda-distribute), whose body holds thread loops.
bool isStageLoop(Operation *op) {
  return isa_and_nonnull<scf::ForOp>(op) && op->hasAttr(kCUDAStageLoopAttrName);
}

/// Moves the statically sized buffers that bufferization allocated in stage
/// loops (the staged operand tiles) before the loops, into the block: one
/// buffer per block, which each step overwrites after the barrier that
/// ends the previous step.
void hoistStageBuffers(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp alloc) {
    if (isStageLoop(alloc->getParentOp()) && alloc->getNumOperands() == 0)
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs)
    rewriter.moveOpBefore(alloc, alloc->getParentOp());
}

/// Replaces each allocation of dynamic size whose sizes have constant upper
/// bounds (a partial tile's buffer: min(tile, n - i)) by one of the bounds'
/// size, viewed contiguously with the dynamic sizes: GPU kernels only have
/// statically sized private and shared memory.
void boundDynamicAllocs(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp alloc) {
    if (!alloc.getType().hasStaticShape() &&
        alloc.getType().getLayout().isIdentity() &&
        alloc.getSymbolOperands().empty())
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs) {
    MemRefType type = alloc.getType();
    int64_t capacity = 1;
    bool bounded = true;
    unsigned dynamicIndex = 0;
    for (int64_t size : type.getShape()) {
      if (!ShapedType::isDynamic(size)) {
        capacity *= size;
        continue;
      }
      Value dynamicSize = alloc.getDynamicSizes()[dynamicIndex++];
      FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB, {dynamicSize, std::nullopt},
          /*stopCondition=*/nullptr, /*closedUB=*/true);
      if (failed(bound) || *bound < 0) {
        bounded = false;
        break;
      }
      capacity *= *bound;
    }
    if (!bounded)
      continue;
    Location loc = alloc.getLoc();
    rewriter.setInsertionPoint(alloc);
    auto storage = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({capacity}, type.getElementType(), AffineMap(),
                        type.getMemorySpace()),
        alloc.getAlignmentAttr());
    // Row-major strides of the dynamic sizes (static while the sizes
    // inside them are: the identity layout's type says so).
    SmallVector<OpFoldResult> sizes = alloc.getMixedSizes();
    SmallVector<OpFoldResult> strides(type.getRank());
    OpFoldResult stride = rewriter.getIndexAttr(1);
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      strides[d] = stride;
      std::optional<int64_t> staticStride = getConstantIntValue(stride);
      if (staticStride && !ShapedType::isDynamic(type.getDimSize(d))) {
        stride = rewriter.getIndexAttr(*staticStride * type.getDimSize(d));
        continue;
      }
      stride = arith::MulIOp::create(
                   rewriter, loc,
                   getValueOrCreateConstantIndexOp(rewriter, loc, stride),
                   getValueOrCreateConstantIndexOp(rewriter, loc, sizes[d]))
                   .getResult();
    }
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        alloc, type, storage, rewriter.getIndexAttr(0), sizes, strides);
  }
}

/// Frees `alloc` at the end of its block; an error when the buffer (or a
/// view of it) leaves the block through a terminator.
LogicalResult freeAtBlockEnd(RewriterBase &rewriter, memref::AllocOp alloc) {
  SmallVector<Value> views = {alloc.getResult()};
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (Operation *user : view.getUsers()) {
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<memref::DeallocOp>(user))
        return alloc.emitError("a temporary buffer of type ")
               << alloc.getType()
               << " leaves the block it is allocated in: not supported in "
                  "CUDA kernels";
      if (isa<ViewLikeOpInterface>(user))
        for (Value result : user->getResults())
          views.push_back(result);
    }
  }
  rewriter.setInsertionPoint(alloc->getBlock()->getTerminator());
  memref::DeallocOp::create(rewriter, alloc.getLoc(), alloc.getResult());
  return success();
}

/// Whether `op`, outside any thread loop, may run in every thread: it
/// writes nothing (an allocation is handled apart).
bool isReplicable(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>() || isMemoryEffectFree(op);
}

/// What the pass found in a kernel.
struct KernelShape {
  /// The block loop, when the kernel is distributed.
  scf::ForallOp blocks;
  /// Its thread loops.
  SmallVector<scf::ForallOp> threads;
  /// The buffers of a block (outside its thread loops).
  SmallVector<memref::AllocOp> blockBuffers;
  /// The ops of a block, outside its thread loops, that write memory.
  SmallVector<Operation *> blockWrites;
  /// Buffers at the top of the kernel whose contents nothing reads or
  /// writes (a pooling op's window operand, which only gives the window's
  /// shape).
  SmallVector<memref::AllocOp> shapeOnly;
};

/// Whether nothing reads or writes the contents of `alloc`'s buffer: its
/// (transitive) views are only inputs of linalg ops whose bodies do not use
/// them (a pooling op's window).
bool isShapeOnly(memref::AllocOp alloc) {
  SmallVector<Value> views = {alloc.getResult()};
  while (!views.empty()) {
    Value view = views.pop_back_val();
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ViewLikeOpInterface>(user)) {
        for (Value result : user->getResults())
          views.push_back(result);
        continue;
      }
      auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
      if (!linalgOp || !linalgOp.isDpsInput(&use) ||
          linalgOp.payloadUsesValueFromOperand(&use))
        return false;
    }
  }
  return true;
}

/// The shape of `func` when it is distributed as strata-cuda-distribute
/// makes kernels (one block loop at the top level next to ops that write
/// nothing; block buffers of static size fitting shared memory), else
/// std::nullopt: the kernel runs on one thread.
std::optional<KernelShape> analyze(func::FuncOp func, bool sequential) {
  KernelShape shape;
  Block &entry = func.getBody().front();
  for (Operation &op : entry) {
    if (isBlockLoop(&op)) {
      if (shape.blocks)
        return std::nullopt;
      shape.blocks = cast<scf::ForallOp>(op);
      continue;
    }
    // Every thread may have its own copy of a buffer nobody reads.
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && alloc.getType().hasStaticShape() && isShapeOnly(alloc)) {
      shape.shapeOnly.push_back(alloc);
      continue;
    }
    if (!isReplicable(&op))
      return std::nullopt;
  }
  if (!shape.blocks || !shape.blocks.getOutputs().empty())
    return std::nullopt;
  int64_t sharedBytes = 0;
  for (Operation &op : shape.blocks.getBody()->without_terminator()) {
    if (isThreadLoop(&op)) {
      auto forall = cast<scf::ForallOp>(op);
      if (!forall.getOutputs().empty())
        return std::nullopt;
      shape.threads.push_back(forall);
      continue;
    }
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      MemRefType type = alloc.getType();
      if (!sequential) {
        if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
            !type.getElementType().isIntOrFloat())
          return std::nullopt;
        int64_t bits = std::max<unsigned>(8, type.getElementTypeBitWidth());
        sharedBytes += llvm::alignTo(type.getNumElements() * bits / 8, 16);
      }
      shape.blockBuffers.push_back(alloc);
      continue;
    }
    if (isa<memref::DeallocOp>(op))
      return std::nullopt;
    // A stage loop: every thread of the block runs it, meeting the others
    // at the barriers after its thread loops.
    if (isStageLoop(&op)) {
      for (Operation &inner : cast<scf::ForOp>(op).getBody()->getOperations()) {
        if (isThreadLoop(&inner)) {
          auto forall = cast<scf::ForallOp>(inner);
          if (!forall.getOutputs().empty())
            return std::nullopt;
          shape.threads.push_back(forall);
          continue;
        }
        if (!isReplicable(&inner))
          return std::nullopt;
      }
      continue;
    }
    if (!isReplicable(&op))
      shape.blockWrites.push_back(&op);
  }
  if (sharedBytes > kStaticSharedMemoryBytes)
    return std::nullopt;
  // Nested block loops or thread loops outside a block are not ours.
  bool stray = false;
  func.walk([&](scf::ForallOp forall) {
    Operation *parent = forall->getParentOp();
    if (isStageLoop(parent))
      parent = parent->getParentOp();
    if ((isThreadLoop(forall) && parent != shape.blocks.getOperation()) ||
        (isBlockLoop(forall) && forall != shape.blocks))
      stray = true;
  });
  if (stray)
    return std::nullopt;
  return shape;
}

/// Statically sized buffers of one thread (inside a thread loop, or
/// anywhere in a kernel that runs on one thread: `everywhere`) move to the
/// stack (private memory on a GPU).
void promoteThreadBuffers(RewriterBase &rewriter, Operation *root,
                          bool everywhere) {
  SmallVector<memref::AllocOp> allocs;
  root->walk([&](memref::AllocOp alloc) {
    auto loop = alloc->getParentOfType<scf::ForallOp>();
    if (alloc.getType().hasStaticShape() &&
        (everywhere || (loop && isThreadLoop(loop))))
      allocs.push_back(alloc);
  });
  // At the function's entry: one frame slot per buffer, which every
  // iteration of the loops around it reuses (each writes its buffer before
  // reading it). An alloca inside a loop would grow the stack at every
  // iteration. (No deallocation exists yet: the deallocation pipeline runs
  // later.)
  Block &entry = root->getRegion(0).front();
  for (memref::AllocOp alloc : allocs) {
    rewriter.setInsertionPointToStart(&entry);
    auto alloca =
        memref::AllocaOp::create(rewriter, alloc.getLoc(), alloc.getType(),
                                 ValueRange(), alloc.getAlignmentAttr());
    rewriter.replaceOp(alloc, alloca.getResult());
  }
}

struct CUDAMapForallPass
    : strata::impl::CUDAMapForallPassBase<CUDAMapForallPass> {
  using Base::Base;

  /// The indices of a grid: the block index and count, the thread index and
  /// count (gpu ops on a GPU; null in sequential mode, where buildLoops
  /// makes them loop variables and constants).
  struct Indices {
    Value blockId, gridDim, threadId, blockDim;
  };

  /// Rewrites the block loop of `shape` and its thread loops into stride
  /// loops with `indices`. In sequential mode, thread loops also get an
  /// outer loop over the thread index, and the block loop one over the block
  /// index (the indices in `indices` are null and made here), to
  /// `gridBlocks`, or to the tile count capped there when the host computes
  /// the grid (`computedGrid`).
  void buildLoops(RewriterBase &rewriter, KernelShape &shape, Indices indices,
                  int64_t gridBlocks, int64_t blockThreads, bool computedGrid) {
    Location loc = shape.blocks.getLoc();
    rewriter.setInsertionPoint(shape.blocks);
    Value numBlocks = buildTripCount(rewriter, shape.blocks);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    if (sequential) {
      indices.gridDim =
          arith::ConstantIndexOp::create(rewriter, loc, gridBlocks);
      // The grid a GPU launch gets where the host computes it (the block
      // loop's trip count, at most the cap), so that the emulator runs the
      // blocks a GPU would.
      if (computedGrid)
        indices.gridDim =
            arith::MinSIOp::create(rewriter, loc, numBlocks, indices.gridDim);
      indices.blockDim =
          arith::ConstantIndexOp::create(rewriter, loc, blockThreads);
      auto overBlocks =
          scf::ForOp::create(rewriter, loc, zero, indices.gridDim, one);
      rewriter.moveOpBefore(shape.blocks,
                            overBlocks.getBody()->getTerminator());
      indices.blockId = overBlocks.getInductionVar();
      rewriter.setInsertionPoint(shape.blocks);
    }
    bool barriers = shape.threads.size() + shape.blockWrites.size() > 1;
    for (scf::ForallOp threads : shape.threads) {
      rewriter.setInsertionPoint(threads);
      Value count = buildTripCount(rewriter, threads);
      if (sequential) {
        auto overThreads = scf::ForOp::create(rewriter, threads.getLoc(), zero,
                                              indices.blockDim, one);
        rewriter.moveOpBefore(threads, overThreads.getBody()->getTerminator());
        buildStrideLoop(rewriter, threads, count, overThreads.getInductionVar(),
                        indices.blockDim);
        continue;
      }
      scf::ForOp loop = buildStrideLoop(rewriter, threads, count,
                                        indices.threadId, indices.blockDim);
      if (barriers) {
        rewriter.setInsertionPointAfter(loop);
        gpu::BarrierOp::create(rewriter, loop.getLoc());
      }
    }
    // Writes of the block outside thread loops: thread 0 makes them, the
    // others wait for it.
    if (!sequential) {
      for (Operation *write : shape.blockWrites) {
        rewriter.setInsertionPoint(write);
        Value first = arith::CmpIOp::create(rewriter, write->getLoc(),
                                            arith::CmpIPredicate::eq,
                                            indices.threadId, zero);
        auto guard = scf::IfOp::create(rewriter, write->getLoc(), first);
        rewriter.moveOpBefore(write, guard.thenBlock()->getTerminator());
        rewriter.setInsertionPointAfter(guard);
        gpu::BarrierOp::create(rewriter, write->getLoc());
      }
    }
    buildStrideLoop(rewriter, shape.blocks, numBlocks, indices.blockId,
                    indices.gridDim);
  }

  /// Moves `func` into a gpu.func kernel in a gpu.module of its name, the
  /// tile range arguments of the CPU ABI dropped; block buffers become
  /// workgroup attributions.
  LogicalResult outline(RewriterBase &rewriter, func::FuncOp func,
                        ArrayRef<memref::AllocOp> blockBuffers,
                        int64_t gridBlocks, int64_t blockThreads,
                        const std::optional<GridFormula> &gridFormula) {
    ModuleOp module = getOperation();
    Location loc = func.getLoc();
    unsigned numArgs = func.getNumArguments();
    if (numArgs < 2)
      return func.emitError("a kernel needs its tile range arguments");
    for (unsigned i = numArgs - 2; i < numArgs; ++i)
      if (!func.getArgument(i).use_empty())
        return func.emitError("the kernel still uses its CPU tile range");
    SmallVector<Type> argTypes(func.getArgumentTypes().drop_back(2));
    rewriter.setInsertionPoint(func);
    auto gpuModule = gpu::GPUModuleOp::create(rewriter, loc, func.getName());
    rewriter.setInsertionPointToStart(gpuModule.getBody());
    auto kernel = gpu::GPUFuncOp::create(rewriter, loc, func.getName(),
                                         rewriter.getFunctionType(argTypes, {}),
                                         TypeRange(), TypeRange());
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
    kernel.setKnownBlockSizeAttr(rewriter.getDenseI32ArrayAttr(
        {static_cast<int32_t>(blockThreads), 1, 1}));
    gpuModule->setAttr(kCUDAGridAttrName,
                       rewriter.getI64IntegerAttr(gridBlocks));
    gpuModule->setAttr(kCUDABlockAttrName,
                       rewriter.getI64IntegerAttr(blockThreads));
    if (gridFormula) {
      gpuModule->setAttr(kCUDAGridScaleAttrName,
                         rewriter.getI64IntegerAttr(gridFormula->scale));
      gpuModule->setAttr(kCUDAGridFactorsAttrName,
                         rewriter.getDenseI64ArrayAttr(gridFormula->factors));
    }
    Block &kernelEntry = kernel.getBody().front();
    Block &funcEntry = func.getBody().front();
    // Workgroup buffers, read and written through generic pointers.
    auto workgroup = gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                                gpu::AddressSpace::Workgroup);
    for (memref::AllocOp alloc : blockBuffers) {
      MemRefType type = alloc.getType();
      auto sharedType = MemRefType::get(type.getShape(), type.getElementType(),
                                        type.getLayout(), workgroup);
      BlockArgument buffer =
          kernel.addWorkgroupAttribution(sharedType, alloc.getLoc());
      rewriter.setInsertionPoint(alloc);
      rewriter.replaceOpWithNewOp<memref::MemorySpaceCastOp>(alloc, type,
                                                             buffer);
    }
    // The body moves in; gpu.return ends it.
    Operation *terminator = funcEntry.getTerminator();
    rewriter.setInsertionPoint(terminator);
    gpu::ReturnOp::create(rewriter, terminator->getLoc());
    rewriter.eraseOp(terminator);
    SmallVector<Value> replacements(
        kernelEntry.getArguments().take_front(argTypes.size()));
    // (The unused tile range arguments get values of their type.)
    rewriter.setInsertionPointToStart(&kernelEntry);
    for (unsigned i = numArgs - 2; i < numArgs; ++i)
      replacements.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    rewriter.eraseOp(kernelEntry.getTerminator());
    rewriter.inlineBlockBefore(&funcEntry, &kernelEntry, kernelEntry.end(),
                               replacements);
    rewriter.eraseOp(func);
    // The constants the kernel reads (memref.global) move in with it: a
    // gpu.module sees only its own symbols. Other kernels of this module
    // may read them too: each gets a copy.
    llvm::SmallDenseSet<StringAttr> copied;
    kernel.walk([&](memref::GetGlobalOp get) {
      StringAttr name = get.getNameAttr().getAttr();
      if (!copied.insert(name).second)
        return;
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          module, get.getNameAttr());
      if (!global)
        return;
      rewriter.setInsertionPointToStart(gpuModule.getBody());
      rewriter.clone(*global.getOperation());
    });
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    rewriter.getUnitAttr());
    return success();
  }

  /// A block loop of one iteration is folded away by canonicalization,
  /// leaving its thread loops at the top of the kernel: put them (and the
  /// rest of the body) back into a block loop of one block.
  void restoreSingleBlock(RewriterBase &rewriter, func::FuncOp func) {
    Block &entry = func.getBody().front();
    bool hasBlocks = false, hasThreads = false;
    for (Operation &op : entry) {
      hasBlocks |= isBlockLoop(&op);
      hasThreads |= isThreadLoop(&op);
    }
    if (hasBlocks || !hasThreads)
      return;
    rewriter.setInsertionPointToStart(&entry);
    auto blocks =
        scf::ForallOp::create(rewriter, func.getLoc(),
                              ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)},
                              ValueRange(), std::nullopt);
    blocks->setAttr(kCUDABlocksAttrName, rewriter.getUnitAttr());
    SmallVector<Operation *> body;
    for (Operation &op : entry.without_terminator())
      if (&op != blocks.getOperation())
        body.push_back(&op);
    for (Operation *op : body)
      rewriter.moveOpBefore(op, blocks.getTerminator());
  }

  LogicalResult mapKernel(RewriterBase &rewriter, func::FuncOp func) {
    if (!sequential) {
      // A GPU has no runtime library for copies between strided memrefs
      // (memrefCopy): copies become loops.
      SmallVector<memref::CopyOp> copies;
      func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
      for (memref::CopyOp copy : copies) {
        rewriter.setInsertionPoint(copy);
        rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                    copy.getTarget());
      }
    }
    restoreSingleBlock(rewriter, func);
    hoistStageBuffers(rewriter, func);
    boundDynamicAllocs(rewriter, func);
    std::optional<KernelShape> shape = analyze(func, sequential);
    Location loc = func.getLoc();
    int64_t gridBlocks = 1, blockThreads = 1;
    std::optional<GridFormula> gridFormula;
    bool oneThread = !shape;
    if (!shape) {
      // One thread runs everything: its loops in order, sequentially.
      shape = KernelShape();
      func.walk([&](scf::ForallOp forall) {
        forall->removeAttr(kCUDABlocksAttrName);
        forall->removeAttr(kCUDAThreadsAttrName);
        forall.setMappingAttr(ArrayAttr());
      });
    } else {
      std::optional<int64_t> tiles = getStaticTripCount(shape->blocks);
      gridBlocks = tiles ? std::min<int64_t>(*tiles, maxBlocks) : maxBlocks;
      // A dynamic count of tiles: the host computes the grid at each launch
      // (gridBlocks its cap) where the bounds are the arguments' values.
      if (!tiles)
        gridFormula = getGridFormula(shape->blocks, func);
      int64_t threads = 1;
      for (scf::ForallOp forall : shape->threads) {
        std::optional<int64_t> count = getStaticTripCount(forall);
        threads = std::max(threads, count ? *count : maxThreads);
      }
      if (!shape->threads.empty())
        blockThreads =
            std::min<int64_t>(maxThreads, llvm::alignTo(threads, 32));
      promoteThreadBuffers(rewriter, func, /*everywhere=*/false);
      if (!sequential)
        for (memref::AllocOp alloc : shape->shapeOnly) {
          rewriter.setInsertionPoint(alloc);
          rewriter.replaceOpWithNewOp<memref::AllocaOp>(
              alloc, alloc.getType(), ValueRange(), alloc.getAlignmentAttr());
        }
    }
    if (!sequential) {
      if (oneThread)
        promoteThreadBuffers(rewriter, func, /*everywhere=*/true);
      // What is left (temporaries of sizes nothing bounds: dynamic shapes)
      // comes from the device heap (malloc in each thread) and goes back at
      // the end of the block that allocates it: a bufferized kernel writes
      // its results into its arguments, so temporaries do not outlive
      // their block unless a loop carries them.
      SmallVector<memref::AllocOp> heap;
      func.walk([&](memref::AllocOp alloc) {
        if (!llvm::is_contained(shape->blockBuffers, alloc))
          heap.push_back(alloc);
      });
      for (memref::AllocOp alloc : heap) {
        if (failed(freeAtBlockEnd(rewriter, alloc)))
          return failure();
      }
    }

    Indices indices;
    if (!sequential && !oneThread) {
      rewriter.setInsertionPointToStart(&func.getBody().front());
      indices.blockId =
          gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::x);
      indices.gridDim =
          gpu::GridDimOp::create(rewriter, loc, gpu::Dimension::x);
      indices.threadId =
          gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
      indices.blockDim =
          gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x);
    }
    if (oneThread) {
      // Remaining foralls (unmarked now) run as sequential loops.
      SmallVector<scf::ForallOp> foralls;
      func.walk([&](scf::ForallOp forall) { foralls.push_back(forall); });
      for (scf::ForallOp forall : llvm::reverse(foralls)) {
        if (!forall.getOutputs().empty())
          return forall.emitError("a loop of the kernel still has tensor "
                                  "results after bufferization");
        rewriter.setInsertionPoint(forall);
        if (failed(scf::forallToForLoop(rewriter, forall)))
          return forall.emitError("cannot run the loop sequentially");
      }
    } else {
      buildLoops(rewriter, *shape, indices, gridBlocks, blockThreads,
                 gridFormula.has_value());
    }
    if (sequential)
      return success();
    return outline(rewriter, func, shape->blockBuffers, gridBlocks,
                   blockThreads, gridFormula);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    IRRewriter rewriter(module.getContext());
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelABIAttrName) && !func.isExternal())
        kernels.push_back(func);
    for (func::FuncOp func : kernels)
      if (failed(mapKernel(rewriter, func)))
        return signalPassFailure();
    if (sequential)
      return;
    // The host side keeps no constants the kernels took copies of.
    for (auto global :
         llvm::make_early_inc_range(module.getOps<memref::GlobalOp>()))
      if (SymbolTable::symbolKnownUseEmpty(global, module))
        rewriter.eraseOp(global);
  }
};

} // namespace
