//===- CpuFeatures.h - The CPU features a module's kernels need -*- C++ -*-===//
//
// A module's CPU kernels are machine code for the CPU and features they
// were compiled for (strata-compile --cpu/--features, the host's by
// default). Run on a CPU without one of those features they die with
// SIGILL, so the compiler records the features in the module (metadata key
// "cpu-features", docs/ModuleFormat.md) and the loader refuses a module
// whose features the host lacks, naming them.
//
// The names are LLVM's x86 feature names ("avx2", "avx512f", "amx-tile")
// for the features that change instruction selection. This header is the
// one list of them: the compiler records only names listed here, and the
// runtime checks each with cpuid and, for the register state the OS must
// save (AVX, AVX-512, AMX, APX), with xgetbv (and on Linux, for AMX, the
// arch_prctl permission request). Plain C++17, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_RUNTIME_CPUFEATURES_H
#define STRATA_RUNTIME_CPUFEATURES_H

#include "strata/Runtime/Status.h"

#include <string>
#include <string_view>
#include <vector>

namespace strata::runtime {

/// The x86 features a module may record, in a fixed order (LLVM's
/// names). The compiler records the ones its target machine enables.
const std::vector<std::string_view> &getRecordableCpuFeatures();

/// Whether `name` is in getRecordableCpuFeatures().
bool isRecordableCpuFeature(std::string_view name);

/// Whether this process can execute instructions of feature `name`: the
/// CPU has it and the OS enables its register state. False for names this
/// runtime does not know and on hosts that are not x86-64.
bool hostHasCpuFeature(std::string_view name);

/// Splits a recorded list ("avx,avx2,fma"; "" is the empty list). An
/// empty name or a character outside [a-z0-9._-] is an error.
StatusOr<std::vector<std::string>> parseCpuFeatureList(std::string_view list);

/// Success when the host has every feature of `features`; otherwise an
/// error naming the missing ones (and those this runtime does not know),
/// without a "name: " prefix.
Status checkHostCpuFeatures(const std::vector<std::string> &features);

} // namespace strata::runtime

#endif // STRATA_RUNTIME_CPUFEATURES_H
