//===- GraphShapeOps.td - Constants and shape ops ----------*- tablegen -*-===//
//
// Constants, the shape computations of dynamic exports (shape_of,
// constant_of_shape) and the ops that only rearrange or repeat elements:
// reshape, transpose, squeeze, unsqueeze, flatten, expand, tile.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

//===----------------------------------------------------------------------===//
// Constants and shapes
//===----------------------------------------------------------------------===//

def Graph_ConstantOp : Graph_Op<"constant", [ConstantLike,
    AllTypesMatch<["value", "output"]>]> {
  let summary = "A constant tensor";
  let description = [{
    A tensor known at compile time (ONNX Constant / initializers): a dense
    attribute, or a `dense_resource` blob for large weights so that the IR
    text stays small. The attribute's type is the result type.

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
    The sizes of `input` as a 1-D `i64` tensor (ONNX Shape, without
    `start`/`end`). Folds to a constant when `input` has a static shape.

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
  let hasCanonicalizer = 1;
}

def Graph_ConstantOfShapeOp : Graph_InferredOp<"constant_of_shape", [
    Graph_ReifyShapes]> {
  let summary = "A tensor of a given shape filled with one value";
  let description = [{
    A tensor whose sizes are the values of `shape` (ONNX ConstantOfShape),
    every element equal to `value`: a one-element tensor attribute whose
    element type is the result's (ONNX defaults to `dense<0.0> :
    tensor<1xf32>`; here it is always spelled out). `shape` must have a
    static length, the result rank; its values must not be negative. A
    constant `shape` gives a static result, which folds to a splat constant.

    ```mlir
    %0 = graph.constant_of_shape %s {value = dense<0.0> : tensor<1xf32>}
        : tensor<2xi64> -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Graph_ShapeTensor:$shape, ElementsAttr:$value);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $shape attr-dict `:` type($shape) `->` type($output)
  }];
  let hasFolder = 1;
}

def Graph_RangeOp : Graph_InferredOp<"range", [Graph_ReifyShapes,
    AllTypesMatch<["start", "limit", "delta"]>]> {
  let summary = "An arithmetic sequence";
  let description = [{
    `start + i * delta` for `i` in `[0, n)` with `n = max(ceil((limit -
    start) / delta), 0)` (ONNX Range; numpy.arange). The three operands
    are 0-d tensors of one numeric type, the result's element type; they
    may be computed at run time (a sequence length from `Shape`), and the
    result size is then `?`. With constant operands the size is computed
    (a zero `delta` is an error), and graph-fold-constants makes the
    sequence a constant.

    At run time a zero `delta` (or a count that does not fit in memory) is
    an error naming the op's location.

    ```mlir
    %0 = graph.range %start, %limit, %delta : tensor<i64> -> tensor<?xi64>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$start, Graph_NumericTensor:$limit,
                       Graph_NumericTensor:$delta);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $start `,` $limit `,` $delta attr-dict `:` type($start) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Rearranging elements
//===----------------------------------------------------------------------===//

def Graph_ReshapeOp : Graph_InferredOp<"reshape", [Graph_ReifyShapes]> {
  let summary = "Reshape to the sizes held by a shape tensor";
  let description = [{
    Reshapes `input` to the sizes in `shape` (ONNX Reshape), whose static
    length is the result rank. A `0` entry copies the input's size at the
    same index unless `allowzero` (default false), in which case it is a
    real 0; at most one entry may be `-1`, inferred so that the element
    count is kept; other negative entries are errors, as is `allowzero`
    with both a 0 and a -1. With a constant `shape` the result sizes are
    computed (and the element counts checked); otherwise they are `?`.

    Folds to `input` when reshaping to the same static type, and a splat
    constant to a splat of the result type.

    ```mlir
    %s = graph.constant dense<[0, -1]> : tensor<2xi64>
    %0 = graph.reshape %x, %s : tensor<?x12x64xf32>, tensor<2xi64>
        -> tensor<?x768xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, Graph_ShapeTensor:$shape,
                       DefaultValuedAttr<BoolAttr, "false">:$allowzero);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` type($input) `,` type($shape) `->`
        type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_TransposeOp : Graph_InferredOp<"transpose", [Graph_ReifyShapes]> {
  let summary = "Permutation of dims";
  let description = [{
    Permutes the dims of `input` (ONNX Transpose): result dim `i` is input
    dim `perm[i]`. `perm` is required here (ONNX's default reverses the
    dims) and must be a permutation of `[0, rank)`.

    Folds the identity permutation to `input`, and a splat constant to a
    splat of the result type.

    ```mlir
    %0 = graph.transpose %x {perm = array<i64: 0, 2, 1, 3>}
        : tensor<?x128x12x64xf32> -> tensor<?x12x128x64xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, DenseI64ArrayAttr:$perm);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_SqueezeOp : Graph_InferredOp<"squeeze", [Graph_ReifyShapes]> {
  let summary = "Removal of size-1 dims";
  let description = [{
    Removes the size-1 dims listed in `axes` from `input` (ONNX Squeeze).
    Axes may be negative (counting from the back) and must not repeat; a
    listed dim with a static size other than 1 is an error, a `?` one must
    be 1 at runtime. An empty `axes` (the default) removes every size-1 dim,
    which needs a static shape: with `?` dims it is an error, since which
    dims go would depend on runtime sizes.

    Folds a splat constant to a splat of the result type, and to `input`
    when nothing is removed.

    ```mlir
    %0 = graph.squeeze %x {axes = array<i64: -1>}
        : tensor<?x768x1xf32> -> tensor<?x768xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$axes);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_UnsqueezeOp : Graph_InferredOp<"unsqueeze", [Graph_ReifyShapes]> {
  let summary = "Insertion of size-1 dims";
  let description = [{
    Inserts size-1 dims into `input` (ONNX Unsqueeze, opset 13+). `axes`
    (at least one) index the *output*, whose rank is the input rank plus the
    number of axes; they may be negative (counting from the back of the
    output) and must not repeat. The other output dims are the input's, in
    order.

    Folds a splat constant to a splat of the result type.

    ```mlir
    %0 = graph.unsqueeze %mask {axes = array<i64: 1, 2>}
        : tensor<?x128xi1> -> tensor<?x1x1x128xi1>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, DenseI64ArrayAttr:$axes);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_FlattenOp : Graph_InferredOp<"flatten", [Graph_ReifyShapes]> {
  let summary = "Flattening to a matrix";
  let description = [{
    Flattens `input` to a 2-D tensor (ONNX Flatten): the dims before `axis`
    form the first result dim, the others the second (an empty product is
    1). `axis` (default 1) is in `[-rank, rank]`; negative values count from
    the back. A result dim is `?` when a dim it multiplies is `?`, unless
    another one is a static 0.

    Folds a splat constant to a splat of the result type, and to `input` for
    a 2-D input flattened at axis 1.

    ```mlir
    %0 = graph.flatten %x {axis = 1 : i64}
        : tensor<?x512x1x1xf32> -> tensor<?x512xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Repeating elements
//===----------------------------------------------------------------------===//

def Graph_ExpandOp : Graph_InferredOp<"expand", [Graph_ReifyShapes]> {
  let summary = "Broadcast to a shape held by a shape tensor";
  let description = [{
    Broadcasts `input` with the sizes in `shape` (ONNX Expand): the result
    is the numpy-style (bidirectional) broadcast of the input shape and the
    `shape` values, so a 1 in `shape` keeps the input size. `shape` must
    have a static length; the result rank is the larger of it and the input
    rank. With a constant `shape` the result sizes are computed (negative
    values and incompatible sizes are errors); otherwise a result dim is the
    input's when that is static and greater than 1, else `?`.

    Folds to `input` when the types are equal and static, and a splat
    constant to a splat of the result type.

    ```mlir
    %0 = graph.expand %x, %s : tensor<1x?x1xf32>, tensor<3xi64>
        -> tensor<?x?x?xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, Graph_ShapeTensor:$shape);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` type($input) `,` type($shape) `->`
        type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_TileOp : Graph_InferredOp<"tile", [Graph_ReifyShapes]> {
  let summary = "Repetition along each dim";
  let description = [{
    Repeats `input` `repeats[i]` times along dim `i` (ONNX Tile, with the
    repeats as a property): one non-negative repeat per dim, and result dim
    `i` is `dim_i * repeats[i]` (a `?` dim stays `?` unless repeated 0
    times).

    Folds to `input` when every repeat is 1, and a splat constant to a splat
    of the result type.

    ```mlir
    %0 = graph.tile %x {repeats = array<i64: 1, 3>}
        : tensor<?x4xf32> -> tensor<?x12xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, DenseI64ArrayAttr:$repeats);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHSHAPEOPS_TD
