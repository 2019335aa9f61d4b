//===- HoistLoopAllocas.cpp - Fixed-size allocas out of serial loops
//-------===//
//
// Implements strata-hoist-loop-allocas (see Passes.td): the scratch buffers
// that convert-vector-to-scf allocates in loop bodies move to the
// function's entry, so that loops do not grow the stack per iteration.
//
//===----------------------------------------------------------------------===//

#include "strata/Codegen/Common/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace strata {
#define GEN_PASS_DEF_HOISTLOOPALLOCASPASS
#include "strata/Codegen/Common/Passes.h.inc"
} // namespace strata

using namespace mlir;

namespace {

/// Whether `alloca` sits in serial loops of `func` (at least one), with no
/// other region-holding op between them (an scf.forall or scf.parallel
/// runs iterations concurrently, each needing its own buffer).
bool isInSerialLoops(memref::AllocaOp alloca, func::FuncOp func) {
  bool inLoop = false;
  for (Operation *parent = alloca->getParentOp(); parent != func;
       parent = parent->getParentOp()) {
    if (isa<scf::ForOp, scf::WhileOp, affine::AffineForOp>(parent))
      inLoop = true;
    else if (!isa<scf::IfOp>(parent))
      return false;
  }
  return inLoop;
}

/// Whether the buffer `value` (or a view of it) may outlive the iteration
/// that allocated it: any use but loads, stores and vector transfers into
/// it, or views and casts of it.
bool mayEscape(Value value) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value buffer = worklist.pop_back_val();
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (isa<vector::TypeCastOp, memref::SubViewOp, memref::CastOp,
              memref::ReinterpretCastOp, memref::CollapseShapeOp,
              memref::ExpandShapeOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      bool accesses = (isa<memref::LoadOp>(user)) ||
                      (isa<memref::StoreOp>(user) &&
                       cast<memref::StoreOp>(user).getMemRef() == buffer) ||
                      (isa<vector::LoadOp>(user)) ||
                      (isa<vector::StoreOp>(user) &&
                       cast<vector::StoreOp>(user).getBase() == buffer) ||
                      (isa<vector::TransferReadOp>(user)) ||
                      (isa<vector::TransferWriteOp>(user) &&
                       cast<vector::TransferWriteOp>(user).getBase() == buffer);
      if (!accesses)
        return true;
    }
  }
  return false;
}

/// Moves the fixed-size allocas of serial loops to the entry; see
/// Passes.td.
struct HoistLoopAllocasPass
    : strata::impl::HoistLoopAllocasPassBase<HoistLoopAllocasPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    SmallVector<memref::AllocaOp> allocas;
    func.walk([&](memref::AllocaOp alloca) {
      if (alloca->getNumOperands() == 0 && isInSerialLoops(alloca, func) &&
          !mayEscape(alloca.getResult()))
        allocas.push_back(alloca);
    });
    Block &entry = func.getBody().front();
    for (memref::AllocaOp alloca : allocas)
      alloca->moveBefore(&entry, entry.begin());
  }
};

} // namespace
