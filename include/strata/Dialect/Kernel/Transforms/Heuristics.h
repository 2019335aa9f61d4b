//===- Heuristics.h - Facts of the schedule heuristics ----------*- C++ -*-===//
//
// What other stages need to know of kernel-select-schedule's choices, so
// that they lay data out the way the chosen schedules read it.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_TRANSFORMS_HEURISTICS_H
#define STRATA_DIALECT_KERNEL_TRANSFORMS_HEURISTICS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace strata::kernel {

/// The bytes of one row of the widest matrix-vector register tile on `cpu`
/// ("host" or empty: this machine; else an LLVM x86 CPU name): every vector
/// register of the CPU holding accumulators, 2048 bytes with AVX-512, 512
/// with AVX2. graph-prepack-weights cuts matrix-vector weights into panels
/// of this width, which the schedule then reads one whole panel row at a
/// time.
int64_t getGemvPanelBytes(llvm::StringRef cpu);

/// The bytes of one row of the matrix-product register tile on `cpu` (its
/// n_r: two vectors, 128 bytes with AVX-512, 64 with AVX2).
/// kernel-rewrite-convolutions cuts constant NHWC filters into panels of
/// this width, so that each register tile streams its B operand from one
/// contiguous panel.
int64_t getMatmulPanelBytes(llvm::StringRef cpu);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_TRANSFORMS_HEURISTICS_H
