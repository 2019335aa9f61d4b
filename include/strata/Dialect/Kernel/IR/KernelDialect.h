//===- KernelDialect.h - The kernel dialect ---------------------*- C++ -*-===//
//
// Declares the kernel dialect and its schedule and target attributes.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H
#define STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dialect.h"

#include "strata/Dialect/Kernel/IR/KernelDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Kernel/IR/KernelAttrs.h.inc"

namespace strata::kernel {

/// The #kernel.schedule that `op` carries as its discardable
/// `kernel.schedule` attribute (a scheduled linalg op, or a func.func made
/// from a kernel.func), or null. kernel.func and kernel.dispatch hold theirs
/// as an inherent attribute (getScheduleAttr()).
ScheduleAttr getSchedule(mlir::Operation *op);
/// Gives `op` `schedule` as its discardable `kernel.schedule` attribute.
void setSchedule(mlir::Operation *op, ScheduleAttr schedule);
/// Removes `op`'s discardable `kernel.schedule` attribute, if any.
void removeSchedule(mlir::Operation *op);

/// The #kernel.target that `op` (a module, or a func.func made from a
/// kernel.func) carries as its discardable `kernel.target` attribute, or
/// null.
TargetAttr getTarget(mlir::Operation *op);
/// Gives `op` `target` as its discardable `kernel.target` attribute.
void setTarget(mlir::Operation *op, TargetAttr target);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H
