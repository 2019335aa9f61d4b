//===- Passes.td - Conversions between Strata's levels -----*- tablegen -*-===//
//
// Conversion passes, named by their two ends.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_CONVERSION_PASSES_TD
#define STRATA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGraphToKernelPass : Pass<"convert-graph-to-kernel"> {
  let summary = "Lower graph ops to linalg, tensor, arith and math on tensors";
  let description = [{
    Rewrites every graph op into upstream tensor-level IR: linalg named ops
    where they exist (matmul, batch_matmul, convolutions, pooling),
    `linalg.generic` for elementwise ops (broadcasting in the indexing maps,
    not materialized) and reductions, and tensor ops for data movement.
    Results of `?` shape are allocated with the sizes the graph ops reify.
    A graph op without a lowering is reported with its location.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // STRATA_CONVERSION_PASSES_TD
