//===- CPUTarget.h - The CPU target backend ---------------------*- C++ -*-===//
//
// The first TargetBackend (TargetBackend.h): kernels for the host CPU or a
// named x86-64 CPU, lowered through tiling, vectorization and bufferization
// to the LLVM dialect, compiled by LLVM and linked by lld into one shared
// object that the runtime loads from the .smod.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TARGET_CPU_CPUTARGET_H
#define STRATA_TARGET_CPU_CPUTARGET_H

#include <memory>

namespace strata {
class TargetBackend;

/// A new CPU backend (named "cpu").
std::unique_ptr<TargetBackend> createCPUTargetBackend();

} // namespace strata

#endif // STRATA_TARGET_CPU_CPUTARGET_H
