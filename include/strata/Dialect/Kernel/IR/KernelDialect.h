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

#endif // STRATA_DIALECT_KERNEL_IR_KERNELDIALECT_H
