//===- GraphNNOps.td - Neural-network graph ops ------------*- tablegen -*-===//
//
// Contractions (matmul, linear), convolutions, pooling, normalizations and
// softmax.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHNNOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHNNOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def Graph_MatmulOp : Graph_InferredOp<"matmul", [
    Graph_ReifyShapes]> {
  let summary = "Matrix product with numpy semantics";
  let description = [{
    `numpy.matmul` / ONNX MatMul: the last two dims multiply, the leading
    (batch) dims broadcast. A 1-D `lhs` is promoted to a row vector and a 1-D
    `rhs` to a column vector; the promoted dim is removed from the result.

    ```mlir
    %0 = graph.matmul %a, %b : tensor<?x128x64xf32>, tensor<64x32xf32> -> tensor<?x128x32xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$lhs, Graph_NumericTensor:$rhs);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($output)
  }];
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHNNOPS_TD
