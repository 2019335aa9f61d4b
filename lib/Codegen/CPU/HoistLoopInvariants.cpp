//===- HoistLoopInvariants.cpp - Keep accumulators in registers -----------===//
//
// Implements strata-cpu-hoist-loop-invariants (see Passes.td): loop-invariant
// code motion in the tile loops of scheduled ops, then the hoisting of
// matching vector reads and writes out of the loops that carry them.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/CPU/Passes.h"
#include "strata/Codegen/Common/Tiling.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace strata {
#define GEN_PASS_DEF_CPUHOISTLOOPINVARIANTSPASS
#include "strata/Codegen/CPU/Passes.h.inc"
} // namespace strata

using namespace mlir;
using strata::kernel::hasLoopMark;
using strata::kernel::LoopMark;

namespace {

struct CPUHoistLoopInvariantsPass
    : public strata::impl::CPUHoistLoopInvariantsPassBase<
          CPUHoistLoopInvariantsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(&getContext());
    // Keep accumulators in registers across reduction loops: the k loop of
    // a tiled matmul reads the output tile (extract_slice + transfer_read)
    // and writes it back (transfer_write + insert_slice) on every iteration.
    // After loop-invariant code motion (the slice offsets and masks depend
    // only on outer loops), each matching read/write pair on a loop-carried
    // tensor is hoisted, the slice and then the vector becoming the
    // loop-carried value. Innermost loops first, so that hoisted pairs can
    // travel further out. Loop-invariant code motion runs on the loops of
    // scheduled ops only (unscheduled ops keep today's IR; their static
    // tiles need none). Subsets of more than kMaxTileLoopDepth dims are not
    // hoisted: comparing two of them solves integer constraints over all
    // their dims (a rank-40 kernel spent minutes there), and only the
    // accumulators of products and convolutions, of few dims, gain from it.
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      if (hasLoopMark(loop, LoopMark::UnrollTransfers) &&
          !hasLoopMark(loop, LoopMark::NoHoist))
        moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      bool highRank = loop.getBody()
                          ->walk([](SubsetOpInterface subset) {
                            auto type = dyn_cast<ShapedType>(
                                subset.getOperation()->getOperand(0).getType());
                            return type && type.hasRank() &&
                                           static_cast<size_t>(type.getRank()) >
                                               strata::kMaxTileLoopDepth
                                       ? WalkResult::interrupt()
                                       : WalkResult::advance();
                          })
                          .wasInterrupted();
      if (!highRank)
        hoistLoopInvariantSubsets(
            rewriter, cast<LoopLikeOpInterface>(loop.getOperation()));
    }
  }
};

} // namespace
