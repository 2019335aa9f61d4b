//===- Fingerprint.h - Kernel identity for the tuning database --*- C++ -*-===//
//
// The fingerprint of a kernel: what identifies it across models and
// compilations for the tuning database (TuningDatabase.h), whatever its
// name, its values' names, its locations and its schedule; and that of a
// region outlined for an external backend, whose records say whether the
// backend or Strata runs it faster.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TUNER_FINGERPRINT_H
#define STRATA_TUNER_FINGERPRINT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace strata::kernel {
class FuncOp;
} // namespace strata::kernel

namespace strata::tuner {

/// The SHA-256 (64 lowercase hex digits) of `kernel`'s name-independent
/// form (kernel::printNameIndependentForm: no symbol or value names, no
/// locations) without its schedules (the kernel.func's and its ops'): two
/// kernels have the same fingerprint exactly when they compute the same
/// thing on the same shapes, and a tuned schedule of one fits the other.
std::string getKernelFingerprint(kernel::FuncOp kernel);

/// The SHA-256 of a function outlined for external backend `backend`
/// (graph-partition-external), named independently and with its constants'
/// values left out: what decides how fast the backend or Strata runs the
/// region is its ops and shapes, not its weights. The key of the tuning
/// database's measurements of the region, whose schedules are
/// getExternalSchedule's.
std::string getRegionFingerprint(mlir::Operation *function,
                                 llvm::StringRef backend);

/// The "schedule" of a region's tuning record: run by `backend`
/// ("external=dnnl"), or by Strata's kernels when `backend` is empty
/// ("external=none").
std::string getExternalSchedule(llvm::StringRef backend);

} // namespace strata::tuner

#endif // STRATA_TUNER_FINGERPRINT_H
