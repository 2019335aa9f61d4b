//===- GraphIndexingOps.td - Concat, slice, gather, scatter, pad -*- tablegen -*-===//
//
// Ops that select, join, scatter into or extend parts of tensors.
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
    one along `axis`. A single input folds to itself, splats of one value to
    a splat.

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

def Graph_SliceOp : Graph_InferredOp<"slice", [Graph_ReifyShapes]> {
  let summary = "Strided slice with constant bounds";
  let description = [{
    Selects `input[starts[i]:ends[i]:steps[i]]` along each axis `axes[i]`
    (ONNX Slice with constant `starts`, `ends`, `axes` and `steps`). `axes`
    defaults to `[0, 1, ..., n)` with `n = len(starts)`, `steps` to all 1;
    all four lists have the same length, axes may be negative (counted from
    the back) but not repeated, and steps are non-zero. Axes not listed are
    kept whole.

    Bounds follow ONNX: a negative start or end has the axis size `d` added;
    then, for a positive step, both are clamped to `[0, d]`; for a negative
    step the start is clamped to `[0, d - 1]` and the end to `[-1, d - 1]`.
    Huge values (e.g. `INT64_MAX`, `INT64_MIN`) therefore mean "to the end".
    The result size is `max(0, ceil((end - start) / step))`. A `?` size stays
    `?` unless the slice is provably empty.

    ```mlir
    %0 = graph.slice %x {starts = array<i64: 1, 0>, ends = array<i64: -1, 9223372036854775807>,
                         axes = array<i64: 1, -1>, steps = array<i64: 2, 1>}
        : tensor<?x8x5xf32> -> tensor<?x3x5xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       DenseI64ArrayAttr:$starts,
                       DenseI64ArrayAttr:$ends,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       OptionalAttr<DenseI64ArrayAttr>:$steps);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_DynamicSliceOp : Graph_InferredOp<"dynamic_slice", [
    Graph_ReifyShapes, AttrSizedOperandSegments]> {
  let summary = "Strided slice with bounds computed at run time";
  let description = [{
    ONNX Slice with its `starts`, `ends` and the optional `axes` and `steps`
    as 1-D `i64` or `i32` tensors, which programs may compute at run time
    (transformer exports slice by sizes taken from `Shape`). The semantics
    are graph.slice's: the same defaults (axes `[0, n)`, steps 1), negative
    bounds and axes counted from the back, ONNX clamping. All operands have
    the same static length `n`.

    Constant operands are checked where the op is built (axes in range and
    not repeated, steps not zero) and, once all four are constants, the op
    canonicalizes to graph.slice; so it only reaches code generation when
    something really is computed at run time. There the host computes each
    dim's start, step and count, and checks what only the values show
    (an axis out of range or repeated, a zero step) with an error naming
    the op's location.

    Result sizes: with constant axes, the dims they name are `?` (unless
    the bounds, steps and dim are all constant, or the dim is 0) and the
    others are the input's; with axes computed at run time every non-zero
    dim may be sliced and is `?`.

    ```mlir
    %0 = graph.dynamic_slice %x, %starts, %ends axes %axes
        : (tensor<?x192xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>)
        -> tensor<?x?xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, Graph_IndexVector:$starts,
                       Graph_IndexVector:$ends,
                       Optional<Graph_IndexVector>:$axes,
                       Optional<Graph_IndexVector>:$steps);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $starts `,` $ends (`axes` $axes^)? (`steps` $steps^)? attr-dict
    `:` functional-type(operands, results)
  }];
  let hasCanonicalizer = 1;
}

def Graph_TriluOp : Graph_InferredOp<"trilu", [Graph_ReifyShapes]> {
  let summary = "Upper or lower triangle of the last two dims";
  let description = [{
    Keeps the elements of each matrix (the last two dims) of `input` on or
    above (`upper`, the default) or on or below the `k`-th diagonal and
    zeroes the others (ONNX Trilu): element `[..., i, j]` is kept when
    `j - i >= k` (upper) or `j - i <= k` (lower). `k` is an optional 0-d
    `i64` tensor (default 0) that may be computed at run time; positive
    values move the diagonal up. `input` has rank 2 or more.

    Folds a splat of zero to itself.

    ```mlir
    %0 = graph.trilu %x, %k {upper = false}
        : (tensor<?x8x8xf32>, tensor<i64>) -> tensor<?x8x8xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       Optional<0DTensorOf<[I64]>>:$k,
                       DefaultValuedAttr<BoolAttr, "true">:$upper);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input (`,` $k^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def Graph_GatherOp : Graph_InferredOp<"gather", [Graph_ReifyShapes]> {
  let summary = "Gather slices along an axis by index";
  let description = [{
    Takes the slices of `data` along `axis` (default 0, negative counts from
    the back) selected by `indices` (ONNX Gather). The result shape is
    `data.shape[:axis] ++ indices.shape ++ data.shape[axis+1:]`; `indices`
    may be 0-d, which drops the axis. `data` has rank >= 1. Index values may
    be negative (`-1` is the last slice); an index outside `[-d, d)` is an
    error at run time. The verifier does not look at constant indices: they
    may become constant only after folding, in code that never runs.

    ```mlir
    %0 = graph.gather %table, %ids {axis = 0 : i64}
        : tensor<1000x64xf32>, tensor<?x16xi64> -> tensor<?x16x64xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$data, Graph_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->`
    type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Graph_GatherElementsOp : Graph_InferredOp<"gather_elements", [
    Graph_ReifyShapes]> {
  let summary = "Gather single elements along an axis";
  let description = [{
    ONNX GatherElements: `result[p] = data[p with p[axis] = indices[p]]`.
    `indices` has the rank of `data` (at least 1) and gives the result
    shape; its sizes along the other dims must not exceed `data`'s. Negative
    indices count from the back; an index outside `[-d, d)` is undefined,
    as in ONNX.

    ```mlir
    %0 = graph.gather_elements %x, %i {axis = 1 : i64}
        : tensor<3x4xf32>, tensor<3x2xi64> -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$data, Graph_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->`
    type($output)
  }];
}

def Graph_GatherNDOp : Graph_InferredOp<"gather_nd", [Graph_ReifyShapes]> {
  let summary = "Gather slices by multi-dimensional indices";
  let description = [{
    ONNX GatherND: the last dim of `indices` (static, `k`, at most
    `rank(data) - batch_dims`) holds index tuples into the dims of `data`
    after the first `batch_dims`, which `data` and `indices` share. The
    result is `indices.shape[:-1] ++ data.shape[batch_dims + k:]`. Negative
    indices count from the back; one outside its dim is undefined.

    ```mlir
    %0 = graph.gather_nd %x, %i : tensor<4x5x6xf32>, tensor<2x2xi64>
        -> tensor<2x6xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$data, Graph_IndexTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$batch_dims);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $data `,` $indices attr-dict `:` type($data) `,` type($indices) `->`
    type($output)
  }];
}

def Graph_ScatterElementsOp : Graph_InferredOp<"scatter_elements", [
    Graph_ReifyShapes]> {
  let summary = "Scatter single elements along an axis";
  let description = [{
    ONNX ScatterElements: a copy of `data` where, for each position `q` of
    `indices` (and of `updates`, which has its shape), the element at `q`
    with `q[axis] = indices[q]` becomes `updates[q]` (`reduction` none; the
    last update wins when several land on one element) or is combined with
    it (add, mul, max, min). `indices` and `updates` have the rank of `data`
    and sizes no larger than its. Negative indices count from the back; an
    index outside `[-d, d)` for its dim `d` is an error at run time (at
    compile time when constant), as in onnxruntime.

    ```mlir
    %0 = graph.scatter_elements %x, %i, %u {axis = 1 : i64,
        reduction = #graph.scatter_reduction<add>}
        : tensor<3x4xf32>, tensor<3x2xi64>, tensor<3x2xf32> -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$data, Graph_IndexTensor:$indices,
                       Graph_Tensor:$updates,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<Graph_ScatterReductionAttr,
                         "::strata::graph::ScatterReduction::None">:
                         $reduction);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` type($data) `,`
    type($indices) `,` type($updates) `->` type($output)
  }];
}

def Graph_ScatterNDOp : Graph_InferredOp<"scatter_nd", [Graph_ReifyShapes]> {
  let summary = "Scatter slices by multi-dimensional indices";
  let description = [{
    ONNX ScatterND: a copy of `data` where each index tuple in the last
    (static) dim of `indices`, of length `k <= rank(data)`, selects the
    slice `data[t0, ..., tk-1, :, ...]` that the matching slice of `updates`
    replaces (`reduction` none; the last one wins when tuples repeat) or is
    combined with (add, mul, max, min). `updates` has the shape
    `indices.shape[:-1] ++ data.shape[k:]`. Negative indices count from the
    back; a tuple component outside `[-d, d)` for its dim `d` is an error at
    run time (at compile time when constant), as in onnxruntime.

    ```mlir
    %0 = graph.scatter_nd %x, %i, %u
        : tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32> -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$data, Graph_IndexTensor:$indices,
                       Graph_Tensor:$updates,
                       DefaultValuedAttr<Graph_ScatterReductionAttr,
                         "::strata::graph::ScatterReduction::None">:
                         $reduction);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $data `,` $indices `,` $updates attr-dict `:` type($data) `,`
    type($indices) `,` type($updates) `->` type($output)
  }];
}

def Graph_PadOp : Graph_InferredOp<"pad", [Graph_ReifyShapes]> {
  let summary = "Pad (or crop) each axis";
  let description = [{
    Adds `pads[i]` elements before and `pads[rank + i]` elements after axis
    `i` (ONNX Pad order `[x1_begin, x2_begin, ..., x1_end, x2_end, ...]`,
    length `2 * rank`). `mode` (default `constant`) chooses the fill:
    `constant` writes `value` (default 0.0; integral and in range for integer
    tensors, 0 or 1 for `i1`), `reflect` mirrors the input without repeating
    the border element, `edge` repeats the border element.

    In `constant` mode a negative pad crops that many elements; the result
    size must not be negative. `reflect` and `edge` take non-negative pads,
    `value` must stay 0.0, and an axis they pad must not be empty; `reflect`
    also needs each pad smaller than the (static) axis size.

    ```mlir
    %0 = graph.pad %x {pads = array<i64: 0, 0, 1, 1, 0, 0, 1, 1>,
                       mode = #graph.pad_mode<reflect>}
        : tensor<1x3x?x32xf32> -> tensor<1x3x?x34xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       DenseI64ArrayAttr:$pads,
                       DefaultValuedAttr<Graph_PadModeAttr,
                         "::strata::graph::PadMode::Constant">:$mode,
                       DefaultValuedAttr<F64Attr, "0.0">:$value);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
}

def Graph_DynamicPadOp : Graph_InferredOp<"dynamic_pad", [
    Graph_ReifyShapes]> {
  let summary = "Pad (or crop) by amounts computed at run time";
  let description = [{
    graph.pad with `pads` as a 1-D `i64` operand of length `2 * rank`
    (ONNX Pad with computed pads: window partitions of Swin pad to a
    multiple of the window from `Shape`). Modes and `value` are graph.pad's.
    Constant pads canonicalize to graph.pad; otherwise the padded dims are
    `?`, the host computes them and checks at run time what graph.pad's
    verifier checks (a negative result size; negative pads outside
    constant mode; a reflect pad not smaller than its dim; an empty dim
    padded in reflect or edge mode), naming the op's location.

    ```mlir
    %0 = graph.dynamic_pad %x, %pads {mode = #graph.pad_mode<edge>}
        : tensor<?x3x32x32xf32>, tensor<8xi64> -> tensor<?x3x?x?xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input, Graph_ShapeTensor:$pads,
                       DefaultValuedAttr<Graph_PadModeAttr,
                         "::strata::graph::PadMode::Constant">:$mode,
                       DefaultValuedAttr<F64Attr, "0.0">:$value);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $pads attr-dict `:` type($input) `,` type($pads) `->`
    type($output)
  }];
  let hasCanonicalizer = 1;
}

def Graph_SplitOp : Graph_InferredOp<"split", [Graph_ReifyShapes]> {
  let summary = "Split into pieces along an axis";
  let description = [{
    Cuts `input` along `axis` (default 0, negative counts from the back) into
    consecutive pieces, one per result (ONNX Split, opset 18). Exactly one of
    `split` and `num_outputs` is given:
    - `split` lists the non-negative piece sizes, one per result; they sum to
      the axis size.
    - `num_outputs = n` cuts `n` pieces of `ceil(d / n)` elements, the last
      one smaller when `n` does not divide the axis size `d`; it is an error
      when the last piece would be negative (e.g. `d = 5`, `n = 4`).
    `num_outputs` exists because type inference cannot see the number of
    results: it must be stated in the op when the sizes are not (at most
    65536). The number of results must equal `len(split)` or `num_outputs`.

    ```mlir
    %0:2 = graph.split %x {axis = 1 : i64, split = array<i64: 2, 6>}
        : tensor<?x8xf32> -> tensor<?x2xf32>, tensor<?x6xf32>
    %1:3 = graph.split %y {num_outputs = 3 : i64}
        : tensor<7xf16> -> tensor<3xf16>, tensor<3xf16>, tensor<1xf16>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       OptionalAttr<DenseI64ArrayAttr>:$split,
                       OptionalAttr<I64Attr>:$num_outputs);
  let results = (outs Variadic<Graph_Tensor>:$outputs);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($outputs)
  }];
  let hasFolder = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHINDEXINGOPS_TD
