//===- DownstreamOps.td - A downstream dialect on graph tensors -*- tablegen -*-===//
//
// Reuses Strata's graph type constraints from the installed .td files.
//
//===----------------------------------------------------------------------===//

#ifndef DOWNSTREAM_OPS_TD
#define DOWNSTREAM_OPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Downstream_Dialect : Dialect {
  let name = "downstream";
  let cppNamespace = "::downstream";
  let summary = "An example dialect built on Strata's graph tensors";
  let dependentDialects = ["::strata::graph::GraphDialect"];
}

def Downstream_SwishOp : Op<Downstream_Dialect, "swish",
    [Pure, SameOperandsAndResultType]> {
  let summary = "x * sigmoid(x)";
  let description = [{
    The SiLU/swish activation on graph tensors; `downstream-expand-swish`
    rewrites it into graph ops.
  }];
  let arguments = (ins Graph_FloatTensor:$input);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // DOWNSTREAM_OPS_TD
