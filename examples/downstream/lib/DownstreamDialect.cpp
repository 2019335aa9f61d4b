//===- DownstreamDialect.cpp - The downstream example dialect -------------===//

#include "Downstream/Downstream.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace downstream;

#include "Downstream/DownstreamDialect.cpp.inc"

void DownstreamDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Downstream/DownstreamOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "Downstream/DownstreamOps.cpp.inc"
