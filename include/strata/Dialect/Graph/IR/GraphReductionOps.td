//===- GraphReductionOps.td - Reductions -------------------*- tablegen -*-===//
//
// reduce_{sum,mean,max,min,prod} over axes, argmax/argmin, the running sum
// (cumsum) and the k largest or smallest elements (top_k) along an axis.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

//===----------------------------------------------------------------------===//
// Reductions over axes
//===----------------------------------------------------------------------===//

/// A reduction of `input` over `axes` (ONNX Reduce*): an empty `axes`
/// reduces every dim, negative axes count from the back, and `keepdims`
/// keeps the reduced dims as size 1. Inference and reification are shared
/// (see GraphReductionOps.cpp). Every reduction folds to its input when it
/// only reduces static size-1 dims and keeps them.
class Graph_ReduceOp<string mnemonic, Type tensorType, string summaryText>
    : Graph_InferredOp<mnemonic, [Graph_ReifyShapes]> {
  let summary = summaryText;
  let arguments = (ins tensorType:$input,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$axes,
                       DefaultValuedAttr<BoolAttr, "true">:$keepdims);
  let results = (outs tensorType:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let extraDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return inferReductionType(location, adaptor.getInput(),
                                adaptor.getAxes(), adaptor.getKeepdims(),
                                /*resultElementType=*/nullptr, types);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      return reifyReduction(builder, getLoc(), getInput(), getAxes(),
                            getKeepdims(), shapes);
    }
  }];
}

def Graph_ReduceSumOp : Graph_ReduceOp<"reduce_sum", Graph_NumericTensor,
                                       "Sum over axes"> {
  let description = [{
    Sums `input` over `axes` (ONNX ReduceSum); an empty `axes` (the default)
    reduces every dim. Negative axes count from the back; repeated or
    out-of-range axes are errors. With `keepdims` (default true) the reduced
    dims stay as size 1, otherwise they are dropped.

    ```mlir
    %0 = graph.reduce_sum %x {axes = array<i64: -1>, keepdims = true}
        : tensor<?x768xf32> -> tensor<?x1xf32>
    ```
  }];
}

def Graph_ReduceMeanOp : Graph_ReduceOp<"reduce_mean", Graph_FloatTensor,
                                        "Arithmetic mean over axes"> {
  let description = [{
    The mean of `input` over `axes` (ONNX ReduceMean); floating-point
    tensors only. An empty `axes` (the default) reduces every dim. Negative
    axes count from the back; repeated or out-of-range axes are errors. With
    `keepdims` (default true) the reduced dims stay as size 1. Folds a splat
    constant to a splat.

    ```mlir
    %0 = graph.reduce_mean %x {axes = array<i64: 2, 3>}
        : tensor<?x64x7x7xf32> -> tensor<?x64x1x1xf32>
    ```
  }];
}

def Graph_ReduceMaxOp : Graph_ReduceOp<"reduce_max", Graph_NumericTensor,
                                       "Maximum over axes"> {
  let description = [{
    The maximum of `input` over `axes` (ONNX ReduceMax). An empty `axes`
    (the default) reduces every dim. Negative axes count from the back;
    repeated or out-of-range axes are errors. With `keepdims` (default true)
    the reduced dims stay as size 1. Folds a splat constant to a splat.

    ```mlir
    %0 = graph.reduce_max %x {axes = array<i64: -1>, keepdims = false}
        : tensor<?x10xf16> -> tensor<?xf16>
    ```
  }];
}

def Graph_ReduceMinOp : Graph_ReduceOp<"reduce_min", Graph_NumericTensor,
                                       "Minimum over axes"> {
  let description = [{
    The minimum of `input` over `axes` (ONNX ReduceMin). An empty `axes`
    (the default) reduces every dim. Negative axes count from the back;
    repeated or out-of-range axes are errors. With `keepdims` (default true)
    the reduced dims stay as size 1. Folds a splat constant to a splat.

    ```mlir
    %0 = graph.reduce_min %x : tensor<4x?xi32> -> tensor<1x1xi32>
    ```
  }];
}

def Graph_ReduceProdOp : Graph_ReduceOp<"reduce_prod", Graph_NumericTensor,
                                        "Product over axes"> {
  let description = [{
    The product of `input` over `axes` (ONNX ReduceProd). An empty `axes`
    (the default) reduces every dim. Negative axes count from the back;
    repeated or out-of-range axes are errors. With `keepdims` (default true)
    the reduced dims stay as size 1.

    ```mlir
    %0 = graph.reduce_prod %x {axes = array<i64: 0>, keepdims = false}
        : tensor<3x?xi64> -> tensor<?xi64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Index of the maximum / minimum
//===----------------------------------------------------------------------===//

/// ONNX ArgMax/ArgMin: the `i64` index of the extreme value along `axis`.
/// Folds to zeros when the reduced dim has static size 1, and on splat
/// constants (every index is an extreme one).
class Graph_ArgReduceOp<string mnemonic, string summaryText>
    : Graph_InferredOp<mnemonic, [Graph_ReifyShapes]> {
  let summary = summaryText;
  let arguments = (ins Graph_NumericTensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<BoolAttr, "true">:$keepdims,
                       DefaultValuedAttr<BoolAttr, "false">:$select_last_index);
  let results = (outs RankedTensorOf<[I64]>:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let extraDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context,
        std::optional<::mlir::Location> location, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      int64_t axis = adaptor.getAxis();
      return inferReductionType(location, adaptor.getInput(), axis,
                                adaptor.getKeepdims(),
                                ::mlir::IntegerType::get(context, 64), types);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      int64_t axis = getAxis();
      return reifyReduction(builder, getLoc(), getInput(), axis,
                            getKeepdims(), shapes);
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return foldArgReduction(adaptor.getInput(), getInput(), getAxis(),
                              getSelectLastIndex(), getType());
    }
  }];
}

def Graph_DynamicReduceOp : Graph_InferredOp<"dynamic_reduce", [
    Graph_ReifyShapes]> {
  let summary = "A reduction over axes computed at run time";
  let description = [{
    ONNX Reduce* (opset 18 forms) with `axes` as a 1-D `i64` operand of a
    static length `n`: `kind` is sum, mean (floats only), max, min or prod,
    `keepdims` and `noop_with_empty_axes` are ONNX's. With `n = 0` every dim
    is reduced, or none with `noop_with_empty_axes`; negative axes count from
    the back.

    Constant (or empty) axes canonicalize to the static op of the kind
    (graph.reduce_sum, ...). Otherwise each dim may be reduced: with
    `keepdims` the result has the input's rank, its dims `?` (unless static
    1); without, rank `rank - n` with `?` dims. The host reads the axes,
    checks them (in range, not repeated) with an error naming the op's
    location, and computes the sizes.

    ```mlir
    %0 = graph.dynamic_reduce %x, %axes {kind = #graph.reduce_kind<max>}
        : tensor<2x3x4xf32>, tensor<1xi64> -> tensor<?x?x?xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input, Graph_ShapeTensor:$axes,
                       Graph_ReduceKindAttr:$kind,
                       DefaultValuedAttr<BoolAttr, "true">:$keepdims,
                       DefaultValuedAttr<BoolAttr, "false">:
                         $noop_with_empty_axes);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $axes attr-dict `:` type($input) `,` type($axes) `->`
    type($output)
  }];
  let hasCanonicalizer = 1;
}

def Graph_ArgMaxOp : Graph_ArgReduceOp<"argmax", "Index of the maximum"> {
  let description = [{
    The `i64` index of the largest element of `input` along `axis` (ONNX
    ArgMax). `axis` (default 0) may be negative and counts from the back;
    with `keepdims` (default true) the reduced dim stays as size 1, otherwise
    it is dropped. Ties resolve to the first occurrence, or to the last one
    with `select_last_index` (default false).

    ```mlir
    %0 = graph.argmax %logits {axis = -1 : i64, keepdims = false}
        : tensor<?x1000xf32> -> tensor<?xi64>
    ```
  }];
}

def Graph_ArgMinOp : Graph_ArgReduceOp<"argmin", "Index of the minimum"> {
  let description = [{
    The `i64` index of the smallest element of `input` along `axis` (ONNX
    ArgMin). `axis` (default 0) may be negative and counts from the back;
    with `keepdims` (default true) the reduced dim stays as size 1, otherwise
    it is dropped. Ties resolve to the first occurrence, or to the last one
    with `select_last_index` (default false).

    ```mlir
    %0 = graph.argmin %x {axis = 1 : i64, select_last_index = true}
        : tensor<4x?xi32> -> tensor<4x1xi64>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Scans and selections along one axis
//===----------------------------------------------------------------------===//

def Graph_CumSumOp : Graph_InferredOp<"cumsum", [Graph_ReifyShapes]> {
  let summary = "Running sum along an axis";
  let description = [{
    ONNX CumSum: element `i` along `axis` is the sum of the elements up to
    and including `i` (`exclusive`: up to but excluding `i`, so the first is
    0), or from `i` to the end with `reverse`. `axis` is an operand, a 0-D
    (or 1-element 1-D) `i32`/`i64` tensor in `[-rank, rank)`, because ONNX
    models pass it as a graph input: the result type never depends on it. A
    constant axis is checked by the verifier; one computed at run time is
    checked on the host, with an error naming the op's location. Floats
    narrower than f32 accumulate in f32; integers wrap.

    ```mlir
    %0 = graph.cumsum %x, %axis {exclusive = true}
        : tensor<2x?xf32>, tensor<i64> -> tensor<2x?xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input, Graph_IndexTensor:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $axis attr-dict `:` type($input) `,` type($axis) `->`
    type($output)
  }];
  let hasFolder = 1;
}

def Graph_TopKOp : Graph_InferredOp<"top_k", [Graph_ReifyShapes]> {
  let summary = "The k largest or smallest elements along an axis";
  let description = [{
    ONNX TopK: the `k` largest (`largest`, the default) or smallest elements
    of `input` along `axis` and their `i64` indices along it. Results are
    always sorted (best first), which `sorted = false` allows too. Equal
    values keep their order (the lower index first); NaN counts as larger
    than every number, as in the ONNX reference (numpy's sort order).

    `k` is a 1-element 1-D `i64` operand, as ONNX gives it, so that it may
    be computed at run time: the result dim along `axis` is `k` when `k` is
    a constant (inference reads it), else `?`. A constant `k` is checked by
    the verifier (`0 <= k <= size`), one computed at run time on the host,
    with an error naming the op's location.

    ```mlir
    %values, %indices = graph.top_k %x, %k {axis = -1 : i64}
        : tensor<?x1000xf32>, tensor<1xi64> -> tensor<?x5xf32>, tensor<?x5xi64>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input, Graph_ShapeTensor:$k,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<BoolAttr, "true">:$largest,
                       DefaultValuedAttr<BoolAttr, "true">:$sorted);
  let results = (outs Graph_NumericTensor:$values,
                      RankedTensorOf<[I64]>:$indices);
  let assemblyFormat = [{
    $input `,` $k attr-dict `:` type($input) `,` type($k) `->` type($values)
    `,` type($indices)
  }];
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHREDUCTIONOPS_TD
