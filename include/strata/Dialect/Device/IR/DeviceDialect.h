//===- DeviceDialect.h - The device dialect ---------------------*- C++ -*-===//
//
// Declares the device dialect, its storage type and its target attribute.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_H
#define STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "strata/Dialect/Device/IR/DeviceDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Device/IR/DeviceAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "strata/Dialect/Device/IR/DeviceTypes.h.inc"

#endif // STRATA_DIALECT_DEVICE_IR_DEVICEDIALECT_H
