//===- GraphEnums.td - Enum attributes of the graph dialect -*- tablegen -*-===//
//
// Layouts, padding modes, approximations and resize modes used as op
// properties.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHENUMS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHENUMS_TD

include "strata/Dialect/Graph/IR/GraphDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

/// Data layout of 4-D image tensors. The filter of a convolution follows
/// the data layout: NCHW pairs with OIHW filters, NHWC with OHWI filters.
def Graph_Layout : I32EnumAttr<"Layout", "image data layout", [
    I32EnumAttrCase<"NCHW", 0, "nchw">,
    I32EnumAttrCase<"NHWC", 1, "nhwc">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_LayoutAttr : EnumAttr<Graph_Dialect, Graph_Layout, "layout"> {
  let assemblyFormat = "`<` $value `>`";
}

/// How graph.pad fills the border (ONNX Pad's `mode`).
def Graph_PadMode : I32EnumAttr<"PadMode", "padding mode", [
    I32EnumAttrCase<"Constant", 0, "constant">,
    I32EnumAttrCase<"Reflect", 1, "reflect">,
    I32EnumAttrCase<"Edge", 2, "edge">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_PadModeAttr : EnumAttr<Graph_Dialect, Graph_PadMode, "pad_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

/// graph.gelu's formula: the exact erf form or the tanh approximation.
def Graph_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "GELU approximation", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"Tanh", 1, "tanh">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_GeluApproximationAttr
    : EnumAttr<Graph_Dialect, Graph_GeluApproximation, "gelu_approximation"> {
  let assemblyFormat = "`<` $value `>`";
}

/// graph.resize's and graph.grid_sample's interpolation (ONNX Resize's and
/// GridSample's `mode`: the same three kernels).
def Graph_ResizeMode : I32EnumAttr<"ResizeMode", "resize interpolation", [
    I32EnumAttrCase<"Nearest", 0, "nearest">,
    I32EnumAttrCase<"Linear", 1, "linear">,
    I32EnumAttrCase<"Cubic", 2, "cubic">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_ResizeModeAttr : EnumAttr<Graph_Dialect, Graph_ResizeMode,
                                    "resize_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

/// How graph.resize maps an output coordinate to the input (ONNX Resize's
/// `coordinate_transformation_mode`, less tf_crop_and_resize).
def Graph_CoordinateMode : I32EnumAttr<"CoordinateMode",
    "resize coordinate transformation", [
    I32EnumAttrCase<"HalfPixel", 0, "half_pixel">,
    I32EnumAttrCase<"HalfPixelSymmetric", 1, "half_pixel_symmetric">,
    I32EnumAttrCase<"PytorchHalfPixel", 2, "pytorch_half_pixel">,
    I32EnumAttrCase<"AlignCorners", 3, "align_corners">,
    I32EnumAttrCase<"Asymmetric", 4, "asymmetric">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_CoordinateModeAttr : EnumAttr<Graph_Dialect, Graph_CoordinateMode,
                                        "coordinate_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

/// How graph.resize rounds a coordinate in nearest mode (ONNX Resize's
/// `nearest_mode`).
def Graph_NearestMode : I32EnumAttr<"NearestMode", "nearest rounding", [
    I32EnumAttrCase<"RoundPreferFloor", 0, "round_prefer_floor">,
    I32EnumAttrCase<"RoundPreferCeil", 1, "round_prefer_ceil">,
    I32EnumAttrCase<"Floor", 2, "floor">,
    I32EnumAttrCase<"Ceil", 3, "ceil">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_NearestModeAttr : EnumAttr<Graph_Dialect, Graph_NearestMode,
                                     "nearest_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

/// How graph.scatter_nd and graph.scatter_elements combine an update with
/// the element it lands on (ONNX's `reduction`).
def Graph_ScatterReduction : I32EnumAttr<"ScatterReduction",
    "scatter reduction", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"Add", 1, "add">,
    I32EnumAttrCase<"Mul", 2, "mul">,
    I32EnumAttrCase<"Max", 3, "max">,
    I32EnumAttrCase<"Min", 4, "min">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_ScatterReductionAttr : EnumAttr<Graph_Dialect,
    Graph_ScatterReduction, "scatter_reduction"> {
  let assemblyFormat = "`<` $value `>`";
}

/// What graph.dynamic_reduce computes (the static reductions are one op
/// each: reduce_sum, reduce_mean, ...).
def Graph_ReduceKind : I32EnumAttr<"ReduceKind", "reduction", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Mean", 1, "mean">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"Prod", 4, "prod">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_ReduceKindAttr : EnumAttr<Graph_Dialect, Graph_ReduceKind,
                                    "reduce_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

/// What graph.grid_sample reads outside the input (ONNX GridSample's
/// `padding_mode`): unlike graph.pad's reflect, `reflection` mirrors
/// continuous coordinates at the borders, which may lie half a pixel out.
def Graph_GridPadding : I32EnumAttr<"GridPadding", "grid sample padding", [
    I32EnumAttrCase<"Zeros", 0, "zeros">,
    I32EnumAttrCase<"Border", 1, "border">,
    I32EnumAttrCase<"Reflection", 2, "reflection">
  ]> {
  let cppNamespace = "::strata::graph";
  let genSpecializedAttr = 0;
}
def Graph_GridPaddingAttr : EnumAttr<Graph_Dialect, Graph_GridPadding,
                                     "grid_padding"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHENUMS_TD
