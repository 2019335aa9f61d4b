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
// Shared attribute definitions
//===----------------------------------------------------------------------===//

/// The image layout of a 4-D op; NCHW unless stated.
defvar Graph_DefaultLayout = DefaultValuedAttr<Graph_LayoutAttr,
                                               "::strata::graph::Layout::NCHW">;
/// Per-spatial-dim [h, w] lists of strides and dilations, 1 by default.
defvar Graph_DefaultOnes2 = DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1}">;
/// [top, left, bottom, right] padding, none by default.
defvar Graph_DefaultPads = DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0, 0, 0}">;
/// Per-spatial-dim [d, h, w] lists of the 3-D ops, 1 by default.
defvar Graph_DefaultOnes3 = DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1, 1}">;
/// [d_begin, h_begin, w_begin, d_end, h_end, w_end] padding, none by
/// default.
defvar Graph_DefaultPads3 = DefaultValuedAttr<DenseI64ArrayAttr,
                                              "{0, 0, 0, 0, 0, 0}">;

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
    Both operands have the same numeric element type, and the result has it
    too; but 8-bit integer operands (`i8` or `ui8`, each its own) multiply
    and accumulate exactly in `i32`, the result's type (ONNX MatMulInteger's
    int32, and what int8 dot-product instructions compute). Widening casts
    of 8-bit operands to `i32` fold into such a product.

    ```mlir
    %0 = graph.matmul %a, %b : tensor<?x128x64xf32>, tensor<64x32xf32> -> tensor<?x128x32xf32>
    %1 = graph.matmul %x, %w : tensor<8x64xui8>, tensor<64x32xi8> -> tensor<8x32xi32>
    ```
  }];
  let hasCanonicalizer = 1;
  let arguments = (ins Graph_NumericTensor:$lhs, Graph_NumericTensor:$rhs);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($output)
  }];
}

def Graph_LinearOp : Graph_InferredOp<"linear", [Graph_ReifyShapes]> {
  let summary = "General matrix product with bias (Gemm)";
  let description = [{
    ONNX Gemm: `alpha * A' * B' + beta * C`, where `A'` is `a` transposed
    when `trans_a` and `B'` is `b` transposed when `trans_b` (both default
    to false). `A'` is (M, K) and `B'` is (K, N); the result is (M, N). The
    optional `bias` C must be unidirectionally broadcastable to (M, N) (rank
    at most 2, each size 1 or equal to the result's). `alpha` and `beta`
    default to 1.0. All operands share one numeric element type.

    ```mlir
    %0 = graph.linear %x, %w, %b {trans_b = true}
        : tensor<?x768xf32>, tensor<3072x768xf32>, tensor<3072xf32> -> tensor<?x3072xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$a, Graph_NumericTensor:$b,
                       Optional<Graph_NumericTensor>:$bias,
                       DefaultValuedAttr<BoolAttr, "false">:$trans_a,
                       DefaultValuedAttr<BoolAttr, "false">:$trans_b,
                       DefaultValuedAttr<F32Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F32Attr, "1.0">:$beta);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $a `,` $b (`,` $bias^)? attr-dict `:` type($a) `,` type($b)
    (`,` type($bias)^)? `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

def Graph_Conv2DOp : Graph_InferredOp<"conv2d", [Graph_ReifyShapes]> {
  let summary = "2-D convolution";
  let description = [{
    ONNX Conv over the two spatial dims of a 4-D `input`. The `weight`
    layout follows `layout` (default `nchw`): an NCHW input takes an OIHW
    weight, an NHWC input an OHWI weight. The input has `I * groups`
    channels, where I is the weight's input-channel size; the weight's
    output channels O are divisible by `groups` (`groups` equal to the
    input channels is a depthwise convolution). The optional 1-D `bias` has
    O elements.

    `strides` and `dilations` are [h, w] (default 1, 1); `pads` is
    [top, left, bottom, right], i.e. ONNX's [h_begin, w_begin, h_end, w_end]
    (default 0). Each spatial output size is
    `floor((in + pad_begin + pad_end - ((k - 1) * dilation + 1)) / stride) + 1`
    and must be at least 1. The result is (N, O, OH, OW), or (N, OH, OW, O)
    for NHWC. All operands share one floating-point element type; but 8-bit
    integer `input` and `weight` (`i8` or `ui8`, each its own) multiply and
    accumulate exactly in `i32`, the result's type, without a bias (ONNX
    ConvInteger's int32; padding reads zeros, as for floats).

    ```mlir
    %0 = graph.conv2d %x, %w, %b {pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
        : tensor<?x3x224x224xf32>, tensor<64x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x112x112xf32>
    %1 = graph.conv2d %q, %k : tensor<1x64x56x56xui8>, tensor<64x64x1x1xi8> -> tensor<1x64x56x56xi32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input, Graph_NumericTensor:$weight,
                       Optional<Graph_FloatTensor>:$bias,
                       Graph_DefaultOnes2:$strides,
                       Graph_DefaultPads:$pads,
                       Graph_DefaultOnes2:$dilations,
                       DefaultValuedAttr<I64Attr, "1">:$groups,
                       Graph_DefaultLayout:$layout);
  let results = (outs Graph_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($output)
  }];
}

def Graph_ConvTranspose2DOp : Graph_InferredOp<"conv_transpose2d", [
    Graph_ReifyShapes]> {
  let summary = "2-D transposed convolution";
  let description = [{
    ONNX ConvTranspose over the two spatial dims of a 4-D `input`. With the
    default `nchw` layout the weight is (C_in, C_out / groups, kH, kW) as in
    ONNX; with `nhwc` it is (C_in, kH, kW, C_out / groups). C_in is
    divisible by `groups`; the result has C_out = weight's second channel
    size * `groups` channels, and the optional 1-D `bias` has C_out
    elements.

    `strides`, `dilations` (default 1, 1) and `output_padding` (default 0,
    0) are [h, w]; `pads` is [top, left, bottom, right] (default 0). Each
    `output_padding` must be smaller than the stride or the dilation of its
    dim. Each spatial output size is
    `stride * (in - 1) + output_padding + ((k - 1) * dilation + 1) - pad_begin - pad_end`
    and must be at least 1. All operands share one floating-point element
    type.

    ```mlir
    %0 = graph.conv_transpose2d %x, %w {strides = array<i64: 2, 2>}
        : tensor<1x64x16x16xf32>, tensor<64x32x2x2xf32> -> tensor<1x32x32x32xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_FloatTensor:$weight,
                       Optional<Graph_FloatTensor>:$bias,
                       Graph_DefaultOnes2:$strides,
                       Graph_DefaultPads:$pads,
                       Graph_DefaultOnes2:$dilations,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$output_padding,
                       DefaultValuedAttr<I64Attr, "1">:$groups,
                       Graph_DefaultLayout:$layout);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($output)
  }];
}


def Graph_Conv3DOp : Graph_InferredOp<"conv3d", [Graph_ReifyShapes]> {
  let summary = "3-D convolution";
  let description = [{
    ONNX Conv over the three spatial dims of a 5-D NCDHW `input`, with an
    OIDHW `weight` (as ONNX; there is no channels-last form, since nothing
    converts 3-D ops to it). The input has `I * groups` channels, where I
    is the weight's input-channel size; the weight's output channels O are
    divisible by `groups`. The optional 1-D `bias` has O elements.

    `strides` and `dilations` are [d, h, w] (default 1, 1, 1); `pads` is
    ONNX's [d_begin, h_begin, w_begin, d_end, h_end, w_end] (default 0).
    Each spatial output size is computed as for `graph.conv2d` and must be
    at least 1. The result is (N, O, OD, OH, OW). All operands share one
    floating-point element type.

    ```mlir
    %0 = graph.conv3d %x, %w, %b {pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 1, 2, 2>}
        : tensor<?x3x16x112x112xf32>, tensor<64x3x3x3x3xf32>, tensor<64xf32> -> tensor<?x64x16x56x56xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_FloatTensor:$weight,
                       Optional<Graph_FloatTensor>:$bias,
                       Graph_DefaultOnes3:$strides,
                       Graph_DefaultPads3:$pads,
                       Graph_DefaultOnes3:$dilations,
                       DefaultValuedAttr<I64Attr, "1">:$groups);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($output)
  }];
}

def Graph_ConvTranspose3DOp : Graph_InferredOp<"conv_transpose3d", [
    Graph_ReifyShapes]> {
  let summary = "3-D transposed convolution";
  let description = [{
    ONNX ConvTranspose over the three spatial dims of a 5-D NCDHW `input`.
    The weight is (C_in, C_out / groups, kD, kH, kW) as in ONNX. C_in is
    divisible by `groups`; the result has C_out = weight's second channel
    size * `groups` channels, and the optional 1-D `bias` has C_out
    elements.

    `strides`, `dilations` (default 1, 1, 1) and `output_padding` (default
    0, 0, 0) are [d, h, w]; `pads` is
    [d_begin, h_begin, w_begin, d_end, h_end, w_end] (default 0). Each
    `output_padding` must be smaller than the stride or the dilation of its
    dim. Each spatial output size is computed as for
    `graph.conv_transpose2d` and must be at least 1. All operands share one
    floating-point element type.

    ```mlir
    %0 = graph.conv_transpose3d %x, %w {strides = array<i64: 2, 2, 2>}
        : tensor<1x64x4x8x8xf32>, tensor<64x32x2x2x2xf32> -> tensor<1x32x8x16x16xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_FloatTensor:$weight,
                       Optional<Graph_FloatTensor>:$bias,
                       Graph_DefaultOnes3:$strides,
                       Graph_DefaultPads3:$pads,
                       Graph_DefaultOnes3:$dilations,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0, 0}">:$output_padding,
                       DefaultValuedAttr<I64Attr, "1">:$groups);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $weight (`,` $bias^)? attr-dict `:` type($input) `,`
    type($weight) (`,` type($bias)^)? `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

/// A unary op on an image tensor (4-D; 5-D for the 3-D pools; rank 3 or
/// more for the global pools) whose result has the input's element type:
/// floats, or with `numeric` also integers (max pooling).
class Graph_ImageOp<string mnemonic, list<Trait> traits = [],
                    bit numeric = 0>
    : Graph_InferredOp<mnemonic, !listconcat(traits, [Graph_ReifyShapes])> {
  let results = (outs !if(numeric, Graph_NumericTensor,
                          Graph_FloatTensor):$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
}

def Graph_MaxPool2DOp : Graph_ImageOp<"max_pool2d", [], /*numeric=*/1> {
  let summary = "2-D max pooling";
  let description = [{
    ONNX MaxPool over the two spatial dims of a 4-D `input` (layout `nchw`
    by default, or `nhwc`). `kernel_shape` [kh, kw] is required; `strides`
    and `dilations` are [h, w] (default 1, 1) and `pads` is
    [top, left, bottom, right] (default 0). Padding never wins the maximum.
    Each pad must be smaller than the dilated kernel `(k - 1) * d + 1` of
    its dim. Each spatial output size is
    `floor((in + pad_begin + pad_end - ((k - 1) * d + 1)) / stride) + 1`,
    or with `ceil_mode` (default false) the ceiling, where, as in
    onnxruntime and PyTorch, a last window that would start inside the end
    padding is dropped. It must be at least 1. The element type is a float
    or an integer type (ONNX allows int8 and uint8); unsigned integers
    compare unsigned. A window whose taps all miss the input (possible only
    with dilation) gives the lowest value of the type (-inf for floats).

    ```mlir
    %0 = graph.max_pool2d %x {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
        : tensor<?x64x112x112xf32> -> tensor<?x64x56x56xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input,
                       DenseI64ArrayAttr:$kernel_shape,
                       Graph_DefaultOnes2:$strides,
                       Graph_DefaultPads:$pads,
                       Graph_DefaultOnes2:$dilations,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                       Graph_DefaultLayout:$layout);
  let hasFolder = 1;
}

def Graph_AvgPool2DOp : Graph_ImageOp<"avg_pool2d"> {
  let summary = "2-D average pooling";
  let description = [{
    ONNX AveragePool over the two spatial dims of a 4-D `input` (layout
    `nchw` by default, or `nhwc`). `kernel_shape` [kh, kw] is required;
    `strides` and `dilations` are [h, w] (default 1, 1) and `pads` is
    [top, left, bottom, right] (default 0); each pad must be smaller than
    the dilated kernel `(k - 1) * d + 1` of its dim. The divisor of a
    window is the number of its taps inside the input, or with
    `count_include_pad` (default false) inside the padded input
    [-pad_begin, in + pad_end): padded zeros count then, taps that a
    `ceil_mode` window hangs past the end padding never do. Output sizes
    are computed as for `graph.max_pool2d`, including `ceil_mode` (default
    false).

    ```mlir
    %0 = graph.avg_pool2d %x {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>,
                              ceil_mode = true, layout = #graph.layout<nhwc>}
        : tensor<1x7x7x32xf32> -> tensor<1x4x4x32xf32>
    %1 = graph.avg_pool2d %y {kernel_shape = array<i64: 2, 2>, dilations = array<i64: 2, 2>}
        : tensor<1x1x4x4xf32> -> tensor<1x1x2x2xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input,
                       DenseI64ArrayAttr:$kernel_shape,
                       Graph_DefaultOnes2:$strides,
                       Graph_DefaultPads:$pads,
                       Graph_DefaultOnes2:$dilations,
                       DefaultValuedAttr<BoolAttr, "false">:$count_include_pad,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode,
                       Graph_DefaultLayout:$layout);
  let hasFolder = 1;
}

def Graph_MaxPool3DOp : Graph_ImageOp<"max_pool3d", [], /*numeric=*/1> {
  let summary = "3-D max pooling";
  let description = [{
    ONNX MaxPool over the three spatial dims of a 5-D NCDHW `input`.
    `kernel_shape` [kd, kh, kw] is required; `strides` and `dilations` are
    [d, h, w] (default 1, 1, 1) and `pads` is
    [d_begin, h_begin, w_begin, d_end, h_end, w_end] (default 0). As for
    `graph.max_pool2d`: padding never wins the maximum, each pad must be
    smaller than the dilated kernel of its dim, and the output sizes are
    the floor, or with `ceil_mode` (default false) the ceiling, of the
    window count, a last window that would start inside the end padding
    being dropped. Each must be at least 1. Float and integer element types
    are accepted as by `graph.max_pool2d`.

    ```mlir
    %0 = graph.max_pool3d %x {kernel_shape = array<i64: 3, 3, 3>, pads = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 2, 2, 2>}
        : tensor<?x64x16x56x56xf32> -> tensor<?x64x8x28x28xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input,
                       DenseI64ArrayAttr:$kernel_shape,
                       Graph_DefaultOnes3:$strides,
                       Graph_DefaultPads3:$pads,
                       Graph_DefaultOnes3:$dilations,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode);
  let hasFolder = 1;
}

def Graph_AvgPool3DOp : Graph_ImageOp<"avg_pool3d"> {
  let summary = "3-D average pooling";
  let description = [{
    ONNX AveragePool over the three spatial dims of a 5-D NCDHW `input`.
    `kernel_shape` [kd, kh, kw] is required; `strides` and `dilations` are
    [d, h, w] (default 1, 1, 1) and `pads` is
    [d_begin, h_begin, w_begin, d_end, h_end, w_end] (default 0); each pad
    must be smaller than the dilated kernel of its dim. The divisor,
    `count_include_pad` (default false) and `ceil_mode` (default false) are
    those of `graph.avg_pool2d`.

    ```mlir
    %0 = graph.avg_pool3d %x {kernel_shape = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, ceil_mode = true}
        : tensor<1x32x7x7x7xf32> -> tensor<1x32x4x4x4xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input,
                       DenseI64ArrayAttr:$kernel_shape,
                       Graph_DefaultOnes3:$strides,
                       Graph_DefaultPads3:$pads,
                       Graph_DefaultOnes3:$dilations,
                       DefaultValuedAttr<BoolAttr, "false">:$count_include_pad,
                       DefaultValuedAttr<BoolAttr, "false">:$ceil_mode);
  let hasFolder = 1;
}

/// Global pooling: reduces the spatial dims of an image to size 1.
class Graph_GlobalPoolOp<string mnemonic, string summaryText,
                         string onnxName, string what>
    : Graph_ImageOp<mnemonic> {
  let summary = summaryText;
  let description = [{
    ONNX }] # onnxName # [{: the }] # what # [{ over the spatial dims of
    an `input` of rank 3 or more: every dim but the batch (first) and the
    channel, which is the second with layout `nchw` (the default: NCL,
    NCHW, NCDHW, ...) and the last with `nhwc` (NLC, NHWC, NDHWC, ...).
    The result keeps the rank, with the spatial dims of size 1:
    (N, C, 1, 1) for NCHW, (N, 1, 1, C) for NHWC. An input whose spatial
    dims are already 1 folds to itself.

    ```mlir
    %0 = graph.}] # mnemonic # [{ %x : tensor<?x2048x7x7xf32> -> tensor<?x2048x1x1xf32>
    %1 = graph.}] # mnemonic # [{ %v : tensor<?x64x8x7x7xf32> -> tensor<?x64x1x1x1xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_DefaultLayout:$layout);
  let hasFolder = 1;
}

def Graph_GlobalAvgPoolOp : Graph_GlobalPoolOp<"global_avg_pool",
    "Global average pooling", "GlobalAveragePool", "mean">;
def Graph_GlobalMaxPoolOp : Graph_GlobalPoolOp<"global_max_pool",
    "Global max pooling", "GlobalMaxPool", "maximum">;

//===----------------------------------------------------------------------===//
// Normalizations
//===----------------------------------------------------------------------===//

def Graph_BatchNormOp : Graph_InferredOp<"batch_norm", [Graph_ReifyShapes]> {
  let summary = "Batch normalization (inference)";
  let description = [{
    ONNX BatchNormalization in inference mode:
    `scale * (input - mean) / sqrt(var + epsilon) + bias`, per channel.
    `axis` (default 1, negative counts from the back) is the channel dim of
    `input`, which has rank >= 2; `scale`, `bias`, `mean` and `var` are 1-D
    with one element per channel. `epsilon` (default 1e-5) is finite and
    non-negative. All operands share one floating-point element type; the
    result has the input's type.

    ```mlir
    %0 = graph.batch_norm %x, %scale, %bias, %mean, %var {epsilon = 1.0e-03 : f32}
        : tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
        -> tensor<?x64x?x?xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_FloatTensor:$scale,
                       Graph_FloatTensor:$bias, Graph_FloatTensor:$mean,
                       Graph_FloatTensor:$var,
                       DefaultValuedAttr<F32Attr, "1e-5">:$epsilon,
                       DefaultValuedAttr<I64Attr, "1">:$axis);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $scale `,` $bias `,` $mean `,` $var attr-dict `:`
    type($input) `,` type($scale) `,` type($bias) `,` type($mean) `,`
    type($var) `->` type($output)
  }];
}

def Graph_LayerNormOp : Graph_InferredOp<"layer_norm", [Graph_ReifyShapes]> {
  let summary = "Layer normalization";
  let description = [{
    ONNX LayerNormalization (first output only): normalizes `input` over
    dims [axis, rank) to zero mean and unit variance (with `epsilon`, default
    1e-5, added to the variance), then multiplies by `scale` and adds the
    optional `bias`. `axis` defaults to -1 (negative counts from the back).
    `scale` and `bias` must be unidirectionally broadcastable to
    `input.shape[axis:]`. `epsilon` is finite and non-negative. All operands
    share one floating-point element type; the result has the input's type.

    ```mlir
    %0 = graph.layer_norm %x, %gamma, %beta
        : tensor<?x128x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<?x128x768xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input, Graph_FloatTensor:$scale,
                       Optional<Graph_FloatTensor>:$bias,
                       DefaultValuedAttr<I64Attr, "-1">:$axis,
                       DefaultValuedAttr<F32Attr, "1e-5">:$epsilon);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input `,` $scale (`,` $bias^)? attr-dict `:` type($input) `,`
    type($scale) (`,` type($bias)^)? `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// Softmax
//===----------------------------------------------------------------------===//

/// Softmax-like ops normalize along `axis`; the result has the input's type.
class Graph_SoftmaxLikeOp<string mnemonic, string summaryText,
                          string formula, string onnxName>
    : Graph_InferredOp<mnemonic, [Graph_ReifyShapes]> {
  let summary = summaryText;
  let description = [{
    ONNX }] # onnxName # [{ (opset 13): }] # formula # [{ along the single
    dim `axis` (default -1; negative counts from the back). The input has
    rank >= 1 and a floating-point element type; the result has its type.

    ```mlir
    %0 = graph.}] # mnemonic # [{ %x {axis = 1 : i64} : tensor<?x10xf32> -> tensor<?x10xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
}

def Graph_SoftmaxOp : Graph_SoftmaxLikeOp<"softmax", "Softmax",
    "`exp(x) / sum(exp(x))`", "Softmax">;
def Graph_LogSoftmaxOp : Graph_SoftmaxLikeOp<"log_softmax", "Log of softmax",
    "`x - log(sum(exp(x)))`", "LogSoftmax">;

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHNNOPS_TD
