//===- GraphExternalOps.td - Calls of external libraries ---*- tablegen -*-===//
//
// Ops whose computation an external backend's library does (issue 23,
// docs/BYOC.md): what a backend's code generation turns a partitioned
// region into.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHEXTERNALOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHEXTERNALOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Graph_CallNativeOp : Graph_Op<"call_native"> {
  let summary = "Computes its results by a native function of a plugin";
  let description = [{
    The results are computed by the native function `callee`, which the
    runtime finds in its registry when the module runs: functions named
    `P.<name>` come from the runtime plugin `P` (libstrata-plugin-P.so),
    which the module then needs. The function is called destination-passing
    style with the operands, then one buffer per result for it to write,
    then the integers of `params` (the function's attributes: strides,
    pads, fused post-ops, ... as its backend defines them). It must not
    write its operands.

    Results have static shapes (their buffers are allocated by the host
    program before the call). An external backend's code generation
    (`graph-lower-external`) makes these ops; there is no reference
    evaluation of them.

    ```mlir
    %y = graph.call_native "dnnl.conv2d"(%x, %w, %b)
        {params = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0>}
        : (tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>, tensor<8xf32>)
        -> tensor<1x8x10x10xf32>
    ```
  }];
  let arguments = (ins StrAttr:$callee, Variadic<Graph_Tensor>:$args,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$params);
  let results = (outs Variadic<Graph_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHEXTERNALOPS_TD
