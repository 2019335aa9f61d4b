//===- GraphImageOps.td - Resampling ops -------------------*- tablegen -*-===//
//
// Ops that resample tensors at computed coordinates: resize.
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

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHIMAGEOPS_TD
