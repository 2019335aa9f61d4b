//===- PeelTileLoops.cpp - Full tiles of static size ----------------------===//
//
// Tiling a loop by a size that does not divide it leaves tiles of dynamic
// size, which vectorize only with masks. Peeling the last, partial
// iteration off each tile loop gives full tiles of the static tile size and
// one partial tile per loop, static too where the loop's size is.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Tiling.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

/// Marks, within strata::peelTileLoops, the loops still to be peeled.
static constexpr llvm::StringLiteral kPeelAttrName = "strata.peel";
/// Marks, within strata::peelTileLoops, the tiled ops and their copies.
static constexpr llvm::StringLiteral kTileCopyAttrName = "strata.tile_copy";

void strata::peelTileLoops(RewriterBase &rewriter, Operation *scope,
                           ArrayRef<LoopLikeOpInterface> loops,
                           ArrayRef<Operation *> tiledOps,
                           SmallVectorImpl<Operation *> &copies) {
  SmallVector<scf::ForOp> worklist;
  for (LoopLikeOpInterface loop : loops)
    if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation())) {
      forOp->setAttr(kPeelAttrName, rewriter.getUnitAttr());
      worklist.push_back(forOp);
    }
  for (Operation *op : tiledOps)
    op->setAttr(kTileCopyAttrName, rewriter.getUnitAttr());
  for (size_t i = 0; i < worklist.size(); ++i) {
    scf::ForOp loop = worklist[i];
    loop->removeAttr(kPeelAttrName);
    scf::ForOp partial;
    rewriter.setInsertionPoint(loop);
    if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
      continue;
    // The copy of the loop nest for the last iteration: its inner loops
    // are still to be peeled.
    partial->walk<WalkOrder::PreOrder>([&](scf::ForOp inner) {
      if (inner->hasAttr(kPeelAttrName))
        worklist.push_back(inner);
    });
  }
  scope->walk([&](Operation *op) {
    if (op->hasAttr(kPeelAttrName))
      op->removeAttr(kPeelAttrName);
    if (op->hasAttr(kTileCopyAttrName)) {
      op->removeAttr(kTileCopyAttrName);
      copies.push_back(op);
    }
  });
}
