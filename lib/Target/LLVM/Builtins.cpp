//===- Builtins.cpp - Runtime helpers defined in each kernel library -----===//

#include "Builtins.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

/// Whether any instruction of `module` produces or takes a bf16 value.
static bool usesBFloat16(Module &module) {
  auto isBF16 = [](Type *type) { return type->getScalarType()->isBFloatTy(); };
  for (Function &function : module)
    for (Instruction &inst : instructions(function)) {
      if (isBF16(inst.getType()))
        return true;
      for (Value *operand : inst.operands())
        if (isBF16(operand->getType()))
          return true;
    }
  return false;
}

/// bfloat __truncsfbf2(float x): the upper half of x's bits rounded to
/// nearest even; a NaN keeps its sign and becomes quiet.
static void defineTruncSFBF2(Module &module) {
  LLVMContext &context = module.getContext();
  Type *f32 = Type::getFloatTy(context);
  Type *i32 = Type::getInt32Ty(context);
  Type *i16 = Type::getInt16Ty(context);
  Type *bf16 = Type::getBFloatTy(context);
  Function *function = module.getFunction("__truncsfbf2");
  if (function && !function->isDeclaration())
    return;
  if (!function)
    function =
        Function::Create(FunctionType::get(bf16, {f32}, false),
                         GlobalValue::ExternalLinkage, "__truncsfbf2", module);
  if (function->getFunctionType() != FunctionType::get(bf16, {f32}, false))
    return;
  // Weak (ODR) and hidden: the optimizer keeps it (the call appears only in
  // code generation), every partition of the kernels that needs it defines
  // it and the linker keeps one, and the kernel library does not export it.
  function->setLinkage(GlobalValue::WeakODRLinkage);
  function->setVisibility(GlobalValue::HiddenVisibility);
  function->setDoesNotThrow();

  IRBuilder<> builder(BasicBlock::Create(context, "entry", function));
  Value *x = function->getArg(0);
  Value *bits = builder.CreateBitCast(x, i32);
  Value *upper = builder.CreateLShr(bits, 16);
  Value *lowestKept = builder.CreateAnd(upper, 1);
  Value *rounded = builder.CreateLShr(
      builder.CreateAdd(
          bits, builder.CreateAdd(lowestKept, builder.getInt32(0x7fff))),
      16);
  Value *quietNaN = builder.CreateOr(upper, builder.getInt32(0x40));
  Value *isNaN = builder.CreateFCmpUNO(x, x);
  Value *result = builder.CreateSelect(isNaN, quietNaN, rounded);
  builder.CreateRet(
      builder.CreateBitCast(builder.CreateTrunc(result, i16), bf16));
}

void strata::defineCompilerBuiltins(Module &module) {
  if (usesBFloat16(module))
    defineTruncSFBF2(module);
}
