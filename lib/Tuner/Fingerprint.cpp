//===- Fingerprint.cpp - Kernel identity for the tuning database ----------===//
//
// Implements Fingerprint.h.
//
//===----------------------------------------------------------------------===//

#include "strata/Tuner/Fingerprint.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"
#include "strata/Dialect/Kernel/IR/KernelOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace strata;

/// The SHA-256 of `text`, in hex.
static std::string hashText(llvm::StringRef text) {
  std::array<uint8_t, 32> hash = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(text.data()), text.size()));
  return llvm::toHex(hash, /*LowerCase=*/true);
}

std::string tuner::getKernelFingerprint(kernel::FuncOp kernel) {
  // A copy without schedules: the kernel's identity is what it computes,
  // not how a schedule (the heuristics', a tuned one) computes it.
  auto copy = cast<kernel::FuncOp>(kernel->clone());
  copy.removeScheduleAttr();
  copy.walk([](Operation *op) { kernel::removeSchedule(op); });
  std::string form = kernel::printNameIndependentForm(copy);
  copy->erase();
  return hashText(form);
}

std::string tuner::getRegionFingerprint(Operation *function,
                                        llvm::StringRef backend) {
  // Generic form, no names or locations, constants elided (a weight's
  // values do not change how fast a region runs; its shape does).
  OpPrintingFlags flags;
  flags.printGenericOpForm()
      .useLocalScope()
      .skipRegions(false)
      .enableDebugInfo(false)
      .elideLargeElementsAttrs(1);
  StringAttr name = SymbolTable::getSymbolName(function);
  SymbolTable::setSymbolName(function, "__region__");
  std::string form = ("external region for " + backend + "\n").str();
  llvm::raw_string_ostream os(form);
  function->print(os, flags);
  SymbolTable::setSymbolName(function, name);
  return hashText(form);
}

std::string tuner::getExternalSchedule(llvm::StringRef backend) {
  return ("external=" + (backend.empty() ? llvm::StringRef("none") : backend))
      .str();
}
