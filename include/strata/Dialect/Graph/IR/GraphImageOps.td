//===- GraphImageOps.td - Resampling ops -------------------*- tablegen -*-===//
//
// Ops that resample tensors at computed coordinates: resize, grid_sample,
// and affine_grid (which builds grid_sample's coordinates).
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHIMAGEOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHIMAGEOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

def Graph_ResizeOp : Graph_InferredOp<"resize", [Graph_ReifyShapes,
    AttrSizedOperandSegments]> {
  let summary = "Resample by nearest, linear or cubic interpolation";
  let description = [{
    ONNX Resize (opset 19) without `roi`: resamples every dim of `input`
    to the result size, given by `scales` (1-D `f32`, one per dim: the
    result size is `floor(size * scale)`) or by `sizes` (1-D `i64`, the
    result sizes; the scale is then `out / in`). At least one is present;
    with both, `sizes` are the result sizes and `scales` the scales of the
    coordinate mapping (ONNX's `keep_aspect_ratio_policy` gives such
    pairs). They may be computed at run time, and the result dims are `?`
    unless the operand is constant (and, for scales, the dim static).

    An output index `o` of a dim maps to the input coordinate `x` by
    `coordinate_mode` (with `s` the scale, `n` and `m` the input and output
    sizes): `half_pixel` (o + 0.5) / s - 0.5; `half_pixel_symmetric` the
    same shifted so that the result is centered; `pytorch_half_pixel` as
    half_pixel but 0 when m is 1; `align_corners` o * (n - 1) / (m - 1)
    (0 when m is 1); `asymmetric` o / s. Then `mode` reads the input:
    `nearest` rounds `x` by `nearest_mode` (clamped to the dim), `linear`
    mixes the two neighbours, `cubic` four with Keys' kernel of parameter
    `cubic_coeff_a` (`exclude_outside` drops taps outside the input and
    renormalizes); taps outside the input read its edge. Interpolation is
    computed in f32 (and rounded once to f16/bf16); linear and cubic need
    a float tensor, nearest takes any element type. Dims whose scale is 1
    (and, for sizes, whose size does not change) are copied.

    ```mlir
    %s = graph.constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
    %0 = graph.resize %x scales %s {mode = #graph.resize_mode<linear>}
        : (tensor<?x16x32x32xf32>, tensor<4xf32>) -> tensor<?x16x64x64xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       Optional<1DTensorOf<[F32]>>:$scales,
                       Optional<Graph_ShapeTensor>:$sizes,
                       DefaultValuedAttr<Graph_ResizeModeAttr,
                         "::strata::graph::ResizeMode::Nearest">:$mode,
                       DefaultValuedAttr<Graph_CoordinateModeAttr,
                         "::strata::graph::CoordinateMode::HalfPixel">:
                         $coordinate_mode,
                       DefaultValuedAttr<Graph_NearestModeAttr,
                         "::strata::graph::NearestMode::RoundPreferFloor">:
                         $nearest_mode,
                       DefaultValuedAttr<F64Attr, "-0.75">:$cubic_coeff_a,
                       DefaultValuedAttr<BoolAttr, "false">:$exclude_outside);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input (`scales` $scales^)? (`sizes` $sizes^)? attr-dict
    `:` functional-type(operands, results)
  }];
}

def Graph_GridSampleOp : Graph_InferredOp<"grid_sample", [Graph_ReifyShapes]> {
  let summary = "Sample an image at normalized grid coordinates";
  let description = [{
    ONNX GridSample (opsets 16 and 20): `input` is `N x C x D1 x ... x Dr`
    (r >= 1 spatial dims), `grid` is `N x O1 x ... x Or x r` and the result
    is `N x C x O1 x ... x Or`. Each grid entry holds normalized
    coordinates in reverse dim order (x, the last dim, first), -1 and 1
    being the extreme pixels' centers (`align_corners`) or outer edges.

    A coordinate `v` of a dim of size `d` maps to the pixel coordinate
    `(v + 1) / 2 * (d - 1)` (align_corners) or `((v + 1) * d - 1) / 2`.
    `nearest` first rounds it half to even. Outside the borders (`0` and
    `d - 1` with align_corners, else `-0.5` and `d - 0.5`),
    `padding_mode` `border` clamps the coordinate to `[0, d - 1]` and
    `reflection` reflects it at the borders until it lies between them.
    Then `mode` reads the taps: `nearest` one, `linear` two per dim and
    `cubic` four (Keys' kernel, a = -0.75). A tap outside the input reads
    0 (`zeros`), the nearest edge pixel (`border`) or its reflection
    (`reflection`). Interpolation is computed in f64 and rounded once;
    linear and cubic need a float input, nearest takes any element type.

    ```mlir
    %0 = graph.grid_sample %x, %g {mode = #graph.resize_mode<cubic>,
        padding_mode = #graph.grid_padding<border>, align_corners = true}
        : (tensor<1x3x32x32xf32>, tensor<1x8x8x2xf32>) -> tensor<1x3x8x8xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input,
                       Graph_FloatTensor:$grid,
                       DefaultValuedAttr<Graph_ResizeModeAttr,
                         "::strata::graph::ResizeMode::Linear">:$mode,
                       DefaultValuedAttr<Graph_GridPaddingAttr,
                         "::strata::graph::GridPadding::Zeros">:$padding_mode,
                       DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $grid attr-dict `:` functional-type(operands, results)
  }];
}

def Graph_AffineGridOp : Graph_InferredOp<"affine_grid", [Graph_ReifyShapes]> {
  let summary = "Sampling grid of a batch of affine transforms";
  let description = [{
    ONNX AffineGrid (opset 20): `theta` is `N x 2 x 3` (2-D) or `N x 3 x 4`
    (3-D) and `size` the 1-D `i64` target size `N, C, H, W` or
    `N, C, D, H, W`; the result is `N x H x W x 2` or `N x D x H x W x 3`,
    the grid graph.grid_sample reads. Element `[n, (d,) h, w, i]` is
    `sum_j theta[n, i, j] * p[j]` with `p` the normalized point `(x, y,
    (z,) 1)` of that pixel: along a dim of size `s`, pixel `k` is at
    `-1 + 2k / (s - 1)` (align_corners; 0 when `s` is 1) or
    `-1 + (2k + 1) / s`. The batch size is `theta`'s (`size`'s N and C are
    not read, as in ONNX's reference). The spatial result dims are static
    when `size` is a constant, else `?`. Computed in f64, rounded once.

    ```mlir
    %0 = graph.affine_grid %theta, %size {align_corners = true}
        : (tensor<2x2x3xf32>, tensor<4xi64>) -> tensor<2x?x?x2xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$theta,
                       Graph_ShapeTensor:$size,
                       DefaultValuedAttr<BoolAttr, "false">:$align_corners);
  let results = (outs Graph_FloatTensor:$output);
  let assemblyFormat = [{
    $theta `,` $size attr-dict `:` functional-type(operands, results)
  }];
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHIMAGEOPS_TD
