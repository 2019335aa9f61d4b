//===- GraphReductionOps.td - Reductions -------------------*- tablegen -*-===//
//
// reduce_{sum,mean,max,min,prod} over axes and argmax/argmin.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Graph_ReduceSumOp : Graph_InferredOp<"reduce_sum", [
    Graph_ReifyShapes]> {
  let summary = "Sum over axes";
  let description = [{
    Sums `input` over `axes` (ONNX ReduceSum); an empty `axes` reduces every
    dim. Negative axes count from the back. With `keepdims` the reduced dims
    stay as size 1.

    ```mlir
    %0 = graph.reduce_sum %x {axes = array<i64: -1>, keepdims = true}
        : tensor<?x768xf32> -> tensor<?x1xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$axes,
                       DefaultValuedAttr<BoolAttr, "true">:$keepdims);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD
