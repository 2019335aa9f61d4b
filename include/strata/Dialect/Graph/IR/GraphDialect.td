//===- GraphDialect.td - The graph dialect -----------------*- tablegen -*-===//
//
// The model-level dialect of Strata: neural-network operators on builtin
// value tensors, in the spirit of ONNX, TOSA and Relay.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_TD

include "mlir/IR/OpBase.td"

def Graph_Dialect : Dialect {
  let name = "graph";
  let cppNamespace = "::strata::graph";
  let summary = "Model-level neural-network operators on value tensors";
  let description = [{
    The `graph` dialect is the model level of Strata. Its operations are the
    operators that real CNN and transformer exports use (ONNX's operator set,
    with ONNX's broadcasting and attribute semantics), on builtin ranked
    tensors whose sizes may be static or dynamic (`?`). Supported element
    types are `f32`, `f16`, `bf16`, `i64`, `i32`, `i8` and `i1`; integer
    tensors are signed.

    Every operation infers its result type from its operands and attributes.
    A declared result type may be less refined than the inferred one (a `?`
    where inference knows the size) but never contradict it; shape inference
    refines such types. Operations whose result sizes depend on runtime sizes
    implement `ReifyRankedShapedTypeOpInterface` so lowerings can materialize
    them.

    Functions and control flow come from `func` and `scf`.
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHDIALECT_TD
