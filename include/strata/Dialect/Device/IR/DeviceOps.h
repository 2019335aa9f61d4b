//===- DeviceOps.h - Operations of the device dialect -----------*- C++ -*-===//
//
// Declares the device dialect's operations.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_DEVICE_IR_DEVICEOPS_H
#define STRATA_DIALECT_DEVICE_IR_DEVICEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "strata/Dialect/Device/IR/DeviceDialect.h"

#define GET_OP_CLASSES
#include "strata/Dialect/Device/IR/DeviceOps.h.inc"

#endif // STRATA_DIALECT_DEVICE_IR_DEVICEOPS_H
