//===- Downstream.h - The downstream example dialect and pass ---*- C++ -*-===//

#ifndef DOWNSTREAM_DOWNSTREAM_H
#define DOWNSTREAM_DOWNSTREAM_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"

#include "Downstream/DownstreamDialect.h.inc"

#define GET_OP_CLASSES
#include "Downstream/DownstreamOps.h.inc"

namespace downstream {
#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "Downstream/Passes.h.inc"
} // namespace downstream

#endif // DOWNSTREAM_DOWNSTREAM_H
