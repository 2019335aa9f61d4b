//===- GraphEnums.td - Enum attributes of the graph dialect -*- tablegen -*-===//
//
// Layouts, padding modes and approximations used as op properties.
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

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHENUMS_TD
