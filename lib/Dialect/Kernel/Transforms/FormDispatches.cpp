//===- FormDispatches.cpp - Group tensor computations into dispatches -----===//
//
// Fusion at the granularity of kernels: every linalg op on tensors that does
// real work ends up in a kernel.dispatch region, together with the cheap
// producers and the elementwise consumers it should share a kernel with.
//
// Groups are formed in two phases over each block, in program order:
//  1. Roots: linalg ops that are contractions, convolutions (pooling
//     included) or have reduction loops. A root takes its data-movement
//     producers (transposes, broadcasts, copies with projected-permutation
//     maps) and, for convolutions, the tensor.pad of its input, when the group
//     is their only user; then its elementwise consumers (bias, activation,
//     residual add...), transitively, each once the linalg values it reads
//     are computed by members or earlier groups (so a GELU reading its input
//     twice fuses whole), as long as the group keeps a single result; else
//     the chain of consumers each the only user of the previous link.
//  2. Elementwise ops left over grow groups the same way. Any other linalg
//     op forms a dispatch of its own.
// linalg.fill and tensor.empty are never members: they are cloned into the
// dispatches that use them (the host copy disappears when it becomes dead).
// Everything else (reshapes, slices, concat, constants, index arithmetic)
// stays on the host. Beforehand, `tensor.dim`s of linalg results are
// rewritten to the sizes of their inits, so that shape computations on the
// host do not count as uses of values inside kernels.
//
// A group becomes a kernel.dispatch inserted right after its last op, whose
// results are the group's values used outside of it. All the group's ops are
// in one block, so their operands dominate that point; a value used outside
// before that point would not: such groups are shrunk from the end.
//
//===----------------------------------------------------------------------===//

#include "strata/Dialect/Kernel/Transforms/Passes.h"

#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

namespace strata::kernel {
#define GEN_PASS_DEF_KERNELFORMDISPATCHESPASS
#include "strata/Dialect/Kernel/Transforms/Passes.h.inc"
} // namespace strata::kernel

using namespace mlir;
using namespace strata;

namespace {

/// A linalg op on tensors that starts a dispatch: contractions, convolutions
/// and pooling (ConvolutionOpInterface), and anything with a reduction loop.
static bool isRoot(linalg::LinalgOp op) {
  if (isa<linalg::FillOp>(op))
    return false;
  return linalg::isaContractionOpInterface(op) ||
         linalg::isaConvolutionOpInterface(op) || op.getNumReductionLoops() > 0;
}

/// An all-parallel linalg op whose results are written at the iteration
/// point (identity init maps) and whose inputs are read through projected
/// permutations (broadcasts and transposes, constant 0 for size-1 dims
/// included): it can be fused with whatever produces or consumes it.
/// linalg.fill is excluded: fills are cloned, not grouped.
static bool isElementwiseOp(linalg::LinalgOp op) {
  if (isa<linalg::FillOp>(op) || op.getNumLoops() != op.getNumParallelLoops())
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingIndexingMap(input).isProjectedPermutation(
            /*allowZeroInResults=*/true))
      return false;
  return true;
}

/// An elementwise op that only moves data (transpose, broadcast, copy, or a
/// generic whose body yields its single input): cheap enough to recompute
/// in the consumer's kernel.
static bool isDataMovementOp(linalg::LinalgOp op) {
  if (!isElementwiseOp(op) || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1)
    return false;
  if (isa<linalg::TransposeOp, linalg::BroadcastOp, linalg::CopyOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic)
    return false;
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return body.getOperations().size() == 1 && yield.getValues().size() == 1 &&
         yield.getValues()[0] == body.getArgument(0);
}

/// Whether `op` reads an operand through convolution windows (a result of
/// an indexing map that is not a plain dim or 0: an im2col copy). Like a
/// convolution, it takes the padding of its input into its dispatch, where
/// the padding is computed tile by tile instead of by a kernel of its own.
static bool readsThroughWindows(linalg::LinalgOp op) {
  return llvm::any_of(op.getIndexingMapsArray(), [](AffineMap map) {
    return !map.isProjectedPermutation(/*allowZeroInResults=*/true);
  });
}

/// A tensor-semantics linalg op that may be a group member.
static linalg::LinalgOp getGroupableLinalgOp(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureTensorSemantics() ||
      isa<linalg::FillOp>(op))
    return nullptr;
  return linalgOp;
}

/// Rewrites each `tensor.dim` of a destination-style op's result into the
/// same dim of its tied init, down to the size operand of a tensor.empty.
/// The result sizes of `?` shapes are reified that way on the host, and
/// those uses would otherwise keep every intermediate result alive outside
/// the dispatches (and break every single-use chain).
static void resolveResultDims(Operation *root) {
  SmallVector<tensor::DimOp> dims;
  root->walk([&](tensor::DimOp dim) { dims.push_back(dim); });
  for (tensor::DimOp dim : dims) {
    std::optional<int64_t> index = dim.getConstantIndex();
    auto sourceType = dyn_cast<RankedTensorType>(dim.getSource().getType());
    if (!index || !sourceType || *index < 0 || *index >= sourceType.getRank())
      continue;
    Value source = dim.getSource();
    while (auto result = dyn_cast<OpResult>(source)) {
      auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
      if (!dps || !dps.hasPureTensorSemantics())
        break;
      source = dps.getTiedOpOperand(result)->get();
    }
    auto empty = source.getDefiningOp<tensor::EmptyOp>();
    if (empty && empty.getType().isDynamicDim(*index)) {
      dim.replaceAllUsesWith(empty.getDynamicSize(*index));
      dim.erase();
    } else if (source != dim.getSource()) {
      dim.getSourceMutable().assign(source);
    }
  }
}

/// Forms the groups of one block and turns them into dispatches.
class BlockGrouper {
public:
  explicit BlockGrouper(Block &block) : block(block) {}

  void run(ArrayRef<linalg::LinalgOp> candidates) {
    // Phase 1: roots with their producers and epilogues.
    for (linalg::LinalgOp op : candidates) {
      if (assigned.contains(op) || !isRoot(op))
        continue;
      SmallVector<Operation *> group;
      addMember(group, op);
      addProducers(group, op);
      addEpilogues(group, op);
      groups.push_back(std::move(group));
    }
    // Phase 2: elementwise chains, then whatever linalg op is left.
    for (linalg::LinalgOp op : candidates) {
      if (assigned.contains(op))
        continue;
      SmallVector<Operation *> group;
      addMember(group, op);
      if (isElementwiseOp(op))
        addEpilogues(group, op);
      else if (readsThroughWindows(op))
        addProducers(group, op);
      groups.push_back(std::move(group));
    }
    for (SmallVector<Operation *> &group : groups)
      formDispatch(group);
  }

private:
  void addMember(SmallVector<Operation *> &group, Operation *op) {
    group.push_back(op);
    assigned.insert(op);
  }

  /// The op of this block that contains `user`, or null.
  Operation *ancestorInBlock(Operation *user) {
    return block.findAncestorOpInBlock(*user);
  }

  /// Whether every use of `op`'s results is inside a member of `group`.
  bool onlyUsedBy(Operation *op, ArrayRef<Operation *> group) {
    if (op->use_empty())
      return false;
    for (Operation *user : op->getUsers()) {
      Operation *ancestor = ancestorInBlock(user);
      if (!ancestor || !llvm::is_contained(group, ancestor))
        return false;
    }
    return true;
  }

  /// Pulls in the producers of `root` (transitively) that are cheap and
  /// used by the group only: data-movement linalg ops, and the tensor.pad
  /// feeding a convolution or another op reading it through windows.
  void addProducers(SmallVector<Operation *> &group, linalg::LinalgOp root) {
    bool isConv =
        linalg::isaConvolutionOpInterface(root) || readsThroughWindows(root);
    SmallVector<Operation *> worklist = {root};
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || def->getBlock() != &block || assigned.contains(def))
          continue;
        bool fusible = false;
        if (linalg::LinalgOp producer = getGroupableLinalgOp(def))
          fusible = isDataMovementOp(producer);
        else if (isa<tensor::PadOp>(def))
          fusible = isConv && op == root.getOperation();
        if (!fusible || !onlyUsedBy(def, group))
          continue;
        addMember(group, def);
        worklist.push_back(def);
      }
    }
  }

  /// Extends `group` with the chain of elementwise consumers from `op`, each
  /// the only user of the previous link.
  void addConsumerChain(SmallVector<Operation *> &group, Operation *op) {
    while (!op->use_empty()) {
      Operation *next = nullptr;
      for (Operation *user : op->getUsers()) {
        if (next && user != next)
          return;
        next = user;
      }
      if (next->getBlock() != &block || assigned.contains(next))
        return;
      linalg::LinalgOp consumer = getGroupableLinalgOp(next);
      if (!consumer || !isElementwiseOp(consumer))
        return;
      addMember(group, next);
      op = next;
    }
  }

  /// The number of members of `group` with a value used outside it.
  unsigned countEscaping(ArrayRef<Operation *> group) {
    unsigned count = 0;
    for (Operation *member : group)
      if (llvm::any_of(member->getUsers(), [&](Operation *user) {
            Operation *ancestor = ancestorInBlock(user);
            return !ancestor || !llvm::is_contained(group, ancestor);
          }))
        ++count;
    return count;
  }

  /// Extends `group` (whose last member is `head`) with its epilogues: all
  /// its elementwise consumers (see addConsumers) when the group then still
  /// has a single result, else the single-use chain from `head`. A kernel
  /// with several results is not split into tiles for threads (see
  /// strata-cpu-distribute-tiles), which costs more than a fusion saves.
  void addEpilogues(SmallVector<Operation *> &group, Operation *head) {
    size_t before = group.size();
    addConsumers(group);
    if (countEscaping(group) <= 1)
      return;
    for (size_t i = before; i < group.size(); ++i)
      assigned.erase(group[i]);
    group.resize(before);
    addConsumerChain(group, head);
  }

  /// Extends `group` with its elementwise consumers, transitively: an
  /// elementwise op of this block joins once every operand it takes from a
  /// linalg op of this block is computed by a member or by an earlier group.
  /// A value used by several members joins them all (GELU's
  /// x * 0.5 * (1 + erf(x / sqrt(2))) reads x twice); a member's value used
  /// outside the group too becomes one more result of the dispatch.
  void addConsumers(SmallVector<Operation *> &group) {
    for (size_t i = 0; i < group.size(); ++i) {
      for (Operation *user : group[i]->getUsers()) {
        if (user->getBlock() != &block || assigned.contains(user))
          continue;
        linalg::LinalgOp consumer = getGroupableLinalgOp(user);
        if (!consumer || !isElementwiseOp(consumer))
          continue;
        bool ready = llvm::all_of(user->getOperands(), [&](Value operand) {
          Operation *def = operand.getDefiningOp();
          return !def || def->getBlock() != &block ||
                 !getGroupableLinalgOp(def) || assigned.contains(def);
        });
        if (ready)
          addMember(group, user);
      }
    }
  }

  /// Moves the ops of `group` into a kernel.dispatch after its last op.
  void formDispatch(SmallVector<Operation *> &group) {
    // The group's first member is its root or chain head: its location
    // names the dispatch.
    Location loc = group.front()->getLoc();
    llvm::sort(group, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    // A value used outside the group before the insertion point would no
    // longer dominate its use: drop ops from the end until there is none.
    SmallVector<Value> escaping;
    while (!group.empty()) {
      escaping.clear();
      Operation *last = group.back();
      bool valid = true;
      for (Operation *op : group) {
        for (Value result : op->getResults()) {
          bool escapes = false;
          for (Operation *user : result.getUsers()) {
            Operation *ancestor = ancestorInBlock(user);
            if (ancestor && llvm::is_contained(group, ancestor))
              continue;
            escapes = true;
            if (ancestor && ancestor != last && ancestor->isBeforeInBlock(last))
              valid = false;
          }
          if (escapes)
            escaping.push_back(result);
        }
      }
      if (valid)
        break;
      group.pop_back();
    }
    if (group.empty())
      return;

    Operation *last = group.back();
    OpBuilder builder(last->getContext());
    builder.setInsertionPointAfter(last);
    auto dispatch = kernel::DispatchOp::create(builder, loc,
                                               ValueRange(escaping).getTypes());
    Block &body = dispatch.getBody().front();
    for (Operation *op : group)
      op->moveBefore(&body, body.end());
    builder.setInsertionPointToEnd(&body);
    kernel::YieldOp::create(builder, loc, escaping);
    for (auto [value, result] : llvm::zip(escaping, dispatch.getResults()))
      value.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !dispatch->isAncestor(use.getOwner());
      });

    cloneCheapProducers(dispatch);
  }

  /// Clones the tensor.empty and linalg.fill ops of this block whose results
  /// the dispatch uses into it, so that kernels allocate and initialize their
  /// own results; originals left without users are erased.
  void cloneCheapProducers(kernel::DispatchOp dispatch) {
    SetVector<Operation *> toClone;
    SmallVector<Value> worklist;
    {
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(dispatch.getBody(), captured);
      worklist.assign(captured.begin(), captured.end());
    }
    while (!worklist.empty()) {
      Operation *def = worklist.pop_back_val().getDefiningOp();
      if (!def || def->getBlock() != &block ||
          !isa<tensor::EmptyOp, linalg::FillOp>(def) || !toClone.insert(def))
        continue;
      llvm::append_range(worklist, def->getOperands());
    }
    if (toClone.empty())
      return;
    SmallVector<Operation *> ordered(toClone.begin(), toClone.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    OpBuilder builder = OpBuilder::atBlockBegin(&dispatch.getBody().front());
    IRMapping mapping;
    for (Operation *op : ordered)
      builder.clone(*op, mapping);
    for (Operation *op : ordered)
      for (Value result : op->getResults())
        result.replaceUsesWithIf(mapping.lookup(result), [&](OpOperand &use) {
          return dispatch->isAncestor(use.getOwner());
        });
    for (Operation *op : llvm::reverse(ordered))
      if (op->use_empty())
        op->erase();
  }

  Block &block;
  DenseSet<Operation *> assigned;
  SmallVector<SmallVector<Operation *>> groups;
};

struct KernelFormDispatchesPass
    : strata::kernel::impl::KernelFormDispatchesPassBase<
          KernelFormDispatchesPass> {
  using Base::Base;

  void runOnOperation() override {
    resolveResultDims(getOperation());
    // The groupable linalg ops of each block, in program order; existing
    // dispatches and the bodies of linalg ops are left alone.
    SmallVector<Block *> blocks;
    DenseMap<Block *, SmallVector<linalg::LinalgOp>> candidates;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<kernel::DispatchOp>(op))
        return WalkResult::skip();
      if (linalg::LinalgOp linalgOp = getGroupableLinalgOp(op)) {
        auto [it, inserted] = candidates.try_emplace(op->getBlock());
        if (inserted)
          blocks.push_back(op->getBlock());
        it->second.push_back(linalgOp);
        return WalkResult::skip();
      }
      if (isa<linalg::LinalgOp>(op))
        return WalkResult::skip();
      return WalkResult::advance();
    });
    for (Block *block : blocks)
      BlockGrouper(*block).run(candidates[block]);
  }
};

} // namespace
