//===- GraphOps.h - Operations of the graph dialect -------------*- C++ -*-===//
//
// Declares every graph op, family by family.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHOPS_H
#define STRATA_DIALECT_GRAPH_IR_GRAPHOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "strata/Dialect/Graph/IR/GraphDialect.h"
#include "strata/Dialect/Graph/IR/GraphTraits.h"

#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphNNOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphReductionOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphShapeOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphIndexingOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphImageOps.h.inc"
#define GET_OP_CLASSES
#include "strata/Dialect/Graph/IR/GraphExternalOps.h.inc"

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHOPS_H
