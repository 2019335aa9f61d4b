//===- BFloat16Memory.cpp - bf16 vectors loaded and stored as i16 ---------===//

#include "BFloat16Memory.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

/// The i16 vector with `type`'s shape when `type` is a vector of bfloat,
/// else null.
static VectorType *getBitsType(Type *type) {
  auto *vector = dyn_cast<VectorType>(type);
  if (!vector || !vector->getElementType()->isBFloatTy())
    return nullptr;
  return VectorType::getInteger(vector);
}

void strata::loadAndStoreBFloat16VectorsAsIntegers(Module &module) {
  for (Function &function : module) {
    SmallVector<Instruction *> memoryOps;
    for (Instruction &inst : instructions(function)) {
      if (auto *load = dyn_cast<LoadInst>(&inst);
          load && getBitsType(load->getType()))
        memoryOps.push_back(load);
      else if (auto *store = dyn_cast<StoreInst>(&inst);
               store && getBitsType(store->getValueOperand()->getType()))
        memoryOps.push_back(store);
    }
    for (Instruction *inst : memoryOps) {
      IRBuilder<> builder(inst);
      if (auto *load = dyn_cast<LoadInst>(inst)) {
        LoadInst *bits = builder.CreateAlignedLoad(
            getBitsType(load->getType()), load->getPointerOperand(),
            load->getAlign(), load->isVolatile());
        bits->copyMetadata(*load);
        bits->setAtomic(load->getOrdering(), load->getSyncScopeID());
        load->replaceAllUsesWith(builder.CreateBitCast(bits, load->getType()));
      } else {
        auto *store = cast<StoreInst>(inst);
        Value *value = store->getValueOperand();
        StoreInst *bits = builder.CreateAlignedStore(
            builder.CreateBitCast(value, getBitsType(value->getType())),
            store->getPointerOperand(), store->getAlign(), store->isVolatile());
        bits->copyMetadata(*store);
        bits->setAtomic(store->getOrdering(), store->getSyncScopeID());
      }
      inst->eraseFromParent();
    }
  }
}
