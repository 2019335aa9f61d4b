//===- Fingerprint.h - Kernel identity for the tuning database --*- C++ -*-===//
//
// The fingerprint of a kernel: what identifies it across models and
// compilations for the tuning database (TuningDatabase.h), whatever its
// name, its values' names, its locations and its schedule.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TUNER_FINGERPRINT_H
#define STRATA_TUNER_FINGERPRINT_H

#include <string>

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

} // namespace strata::tuner

#endif // STRATA_TUNER_FINGERPRINT_H
