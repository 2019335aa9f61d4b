//===- GraphDialect.h - The graph dialect -----------------------*- C++ -*-===//
//
// Declares the graph dialect and its enum attributes.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_H
#define STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_H

#include "mlir/IR/Dialect.h"

#include "strata/Dialect/Graph/IR/GraphDialect.h.inc"
#include "strata/Dialect/Graph/IR/GraphEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "strata/Dialect/Graph/IR/GraphAttrs.h.inc"

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_H
