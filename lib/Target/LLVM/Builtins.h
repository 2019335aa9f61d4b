//===- Builtins.h - Runtime helpers defined in each kernel library -*- C++
//-*-===//
//
// The code generator calls compiler-rt helpers for what the target cannot
// do in instructions, and kernel libraries are loaded without compiler-rt:
// x86 without avx512bf16 rounds f32 to bf16 by calling __truncsfbf2 (for
// bf16 values that live in registers across blocks, even after Strata's
// own rounding to integers), and loading failed with "undefined symbol:
// __truncsfbf2". The helpers a module needs are defined in it, hidden, so
// that the link resolves them within the kernel library.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_LIB_TARGET_LLVM_BUILTINS_H
#define STRATA_LIB_TARGET_LLVM_BUILTINS_H

namespace llvm {
class Module;
} // namespace llvm

namespace strata {

/// Defines in `module` (hidden, kept by the optimizer) the compiler-rt
/// helpers its code generation may call and the kernel library cannot
/// link: __truncsfbf2 (f32 to bf16, rounding to nearest even, NaNs quiet)
/// when the module has bf16 values. Does nothing when the module already
/// declares a body for them.
void defineCompilerBuiltins(llvm::Module &module);

} // namespace strata

#endif // STRATA_LIB_TARGET_LLVM_BUILTINS_H
