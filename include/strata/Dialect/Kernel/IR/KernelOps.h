//===- KernelOps.h - Dispatches, kernels and launches -----------*- C++ -*-===//
//
// Declares the kernel dialect's operations.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_KERNEL_IR_KERNELOPS_H
#define STRATA_DIALECT_KERNEL_IR_KERNELOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "strata/Dialect/Kernel/IR/KernelDialect.h"

#define GET_OP_CLASSES
#include "strata/Dialect/Kernel/IR/KernelOps.h.inc"

#endif // STRATA_DIALECT_KERNEL_IR_KERNELOPS_H
