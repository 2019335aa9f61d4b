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

#include <string>

namespace strata::kernel {

/// The printed form of `kernel` without its name: generic form, local scope,
/// no locations and no elided constants, under one placeholder name. The
/// printer is the one complete serialization of an op's types, attributes
/// and regions, so two kernels with the same form compile to the same code:
/// device-deduplicate-kernels merges them, the kernel cache keys on it. The
/// kernel's name is replaced while it prints and then restored.
std::string printNameIndependentForm(FuncOp kernel);

} // namespace strata::kernel

#endif // STRATA_DIALECT_KERNEL_IR_KERNELOPS_H
