//===- KernelWork.h - The work a kernel cannot avoid ------------*- C++ -*-===//
//
// A kernel's arithmetic and its compulsory memory traffic: what a roofline
// model of the kernel needs (the tuner reports each kernel's time against
// the machine's measured peaks, and spends its trials where a kernel is
// far from them).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_TUNER_KERNELWORK_H
#define STRATA_TUNER_KERNELWORK_H

#include <cstdint>
#include <optional>

namespace strata::kernel {
class FuncOp;
} // namespace strata::kernel

namespace strata::tuner {

/// The work of one kernel launch.
struct KernelWork {
  /// Arithmetic operations: per linalg op of the kernel, its iterations
  /// times the arithmetic ops of its body (a multiply-add counts 2, a copy
  /// or a transpose 0); a multiply-add by constant coefficients (a
  /// Winograd transform) counts what its unrolled code does: 0 per zero
  /// coefficient, 1 per +-1, 2 per other.
  double operations = 0;
  /// The bytes of the kernel's arguments, results and constant tensors
  /// (its weights): each read or written once, the least traffic any
  /// schedule has.
  double bytes = 0;
};

/// The work of `kernel`, or std::nullopt when a shape is dynamic (the
/// work then depends on the launch).
std::optional<KernelWork> estimateKernelWork(kernel::FuncOp kernel);

} // namespace strata::tuner

#endif // STRATA_TUNER_KERNELWORK_H
