//===- BFloat16Memory.h - bf16 vectors loaded and stored as i16 -*- C++ -*-===//
//
// LLVM 22's x86 instruction selection aborts ("Do not know how to soft
// promote this operator's operand!") on a load of <9 x bfloat>, <17 x
// bfloat> or <33 x bfloat> that feeds a store, with AVX512-BF16 (its bf16
// vectors legal) and without. Kernels move bf16 vectors of any length (the
// im2col copies of --precision=bf16 convolutions: a run of KW*C = 9
// elements), so every bf16 vector is loaded and stored as the i16 vector
// of its bits, which selects for every length.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_TARGET_LLVM_BFLOAT16MEMORY_H
#define STRATA_LIB_TARGET_LLVM_BFLOAT16MEMORY_H

namespace llvm {
class Module;
} // namespace llvm

namespace strata {

/// Rewrites each load and store of a vector of bfloat in `module` to load
/// or store the vector of i16 with the same bits (a bitcast on either
/// side), keeping alignment, volatility and metadata.
void loadAndStoreBFloat16VectorsAsIntegers(llvm::Module &module);

} // namespace strata

#endif // STRATA_LIB_TARGET_LLVM_BFLOAT16MEMORY_H
