//===- Fingerprint.cpp - Kernel identity for the tuning database ----------===//
//
// Implements Fingerprint.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Tuner/Fingerprint.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace strata;

std::string tuner::getKernelFingerprint(kernel::FuncOp kernel) {
  // A copy without schedules: the kernel's identity is what it computes,
  // not how a schedule (the heuristics', a tuned one) computes it.
  auto copy = cast<kernel::FuncOp>(kernel->clone());
  copy.removeScheduleAttr();
  copy.walk([](Operation *op) { kernel::removeSchedule(op); });
  std::string form = kernel::printNameIndependentForm(copy);
  copy->erase();
  std::array<uint8_t, 32> hash = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(form.data()), form.size()));
  return llvm::toHex(hash, /*LowerCase=*/true);
}
