//===- GraphIndexingOps.td - Concat, slice, gather, pad, split -*- tablegen -*-===//
//
// Ops that select, join or extend parts of tensors.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHINDEXINGOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHINDEXINGOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Graph_ConcatOp : Graph_InferredOp<"concat", [Graph_ReifyShapes]> {
  let summary = "Concatenation along an axis";
  let description = [{
    Joins `inputs` along `axis` (ONNX Concat); negative axes count from the
    back. All inputs share the element type, the rank and every size but the
    one along `axis`.

    ```mlir
    %0 = graph.concat %a, %b {axis = 1 : i64}
        : tensor<?x2xf32>, tensor<?x3xf32> -> tensor<?x5xf32>
    ```
  }];
  let arguments = (ins Variadic<Graph_Tensor>:$inputs, I64Attr:$axis);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $inputs attr-dict `:` type($inputs) `->` type($output)
  }];
  let hasFolder = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHINDEXINGOPS_TD
