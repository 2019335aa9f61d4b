//===- GraphShapeOps.td - Data movement and shape ops ------*- tablegen -*-===//
//
// Constants, reshapes, transposes, concatenation, slicing, gathering,
// padding and the shape computations of dynamic exports.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Graph_ConstantOp : Graph_Op<"constant", [ConstantLike,
    AllTypesMatch<["value", "output"]>]> {
  let summary = "A constant tensor";
  let description = [{
    A tensor known at compile time: a dense attribute, or a `dense_resource`
    blob for large weights so that the IR text stays small.

    ```mlir
    %0 = graph.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %1 = graph.constant dense_resource<conv1_weight> : tensor<64x3x7x7xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ElementsAttr":$value), [{
      build($_builder, $_state, value.getType(), value);
    }]>
  ];
}

def Graph_ShapeOfOp : Graph_InferredOp<"shape_of"> {
  let summary = "The sizes of a tensor";
  let description = [{
    The sizes of `input` as a 1-D `i64` tensor (ONNX Shape). Folds to a
    constant when `input` has a static shape.

    ```mlir
    %0 = graph.shape_of %x : tensor<?x128xf32> -> tensor<2xi64>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input);
  let results = (outs Graph_ShapeTensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD
