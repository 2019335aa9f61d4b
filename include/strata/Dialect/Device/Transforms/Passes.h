//===- Passes.h - Device-level passes ---------------------------*- C++ -*-===//
//
// Declarations of the device passes (generated from Passes.td).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_H
#define STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "strata/Dialect/Device/IR/DeviceDialect.h"

namespace strata::device {

#define GEN_PASS_DECL
#include "strata/Dialect/Device/Transforms/Passes.h.inc"

/// Registers the device passes.
void registerDevicePasses();

} // namespace strata::device

#endif // STRATA_DIALECT_DEVICE_TRANSFORMS_PASSES_H
