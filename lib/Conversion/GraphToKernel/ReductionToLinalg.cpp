//===- ReductionToLinalg.cpp - (being written) ---------------------------------===//

#include "strata/Conversion/GraphToKernel/GraphToKernel.h"

#include "mlir/IR/PatternMatch.h"

void strata::populateGraphReductionToLinalgPatterns(mlir::RewritePatternSet &) {}
