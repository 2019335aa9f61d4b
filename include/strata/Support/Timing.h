//===- Timing.h - Optional timing scopes ------------------------*- C++ -*-===//
//
// Compile phases are timed under a parent mlir::TimingScope that is null
// when the compilation is not timed (CodegenOptions::timing,
// CompileOptions::timing): nestTiming is the one place that rule lives.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_SUPPORT_TIMING_H
#define STRATA_SUPPORT_TIMING_H

#include "mlir/Support/Timing.h"

namespace strata {

/// A timing scope named `phase` nested in `parent`, or one that times
/// nothing when `parent` is null.
inline mlir::TimingScope nestTiming(mlir::TimingScope *parent,
                                    llvm::StringRef phase) {
  return parent ? parent->nest(phase) : mlir::TimingScope();
}

} // namespace strata

#endif // STRATA_SUPPORT_TIMING_H
