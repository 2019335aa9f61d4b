//===- GraphBase.td - Base class and type constraints ------*- tablegen -*-===//
//
// The base class of every graph op and the tensor type constraints the op
// families share.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHBASE_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHBASE_TD

include "strata/Dialect/Graph/IR/GraphDialect.td"
include "strata/Dialect/Graph/IR/GraphEnums.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Element types and tensors
//===----------------------------------------------------------------------===//

def Graph_Float : AnyTypeOf<[F64, F32, F16, BF16], "floating-point">;
/// Signless integers are signed (ONNX's int types); unsigned ones are the
/// builtin `ui` types, whose comparisons, divisions, extensions and
/// conversions to float are unsigned.
def Graph_Int : AnyTypeOf<[I64, I32, I16, I8, UI64, UI32, UI16, UI8],
                          "integer">;
def Graph_Bool : TypeAlias<I1, "boolean">;
def Graph_Numeric : AnyTypeOf<[F64, F32, F16, BF16, I64, I32, I16, I8, UI64,
                               UI32, UI16, UI8], "numeric">;
def Graph_Element : AnyTypeOf<[F64, F32, F16, BF16, I64, I32, I16, I8, UI64,
                               UI32, UI16, UI8, I1], "graph element">;

/// Any ranked tensor of a graph element type, static or with `?` dims.
def Graph_Tensor : RankedTensorOf<[Graph_Element]>;
def Graph_FloatTensor : RankedTensorOf<[Graph_Float]>;
def Graph_IntTensor : RankedTensorOf<[Graph_Int]>;
def Graph_NumericTensor : RankedTensorOf<[Graph_Numeric]>;
def Graph_BoolTensor : RankedTensorOf<[Graph_Bool]>;
/// Integer tensors used as indices (gather).
def Graph_IndexTensor : RankedTensorOf<[I64, I32]>;
/// A 1-D i64 tensor holding a shape (reshape, expand, constant_of_shape).
def Graph_ShapeTensor : 1DTensorOf<[I64]>;
/// A 1-D i64 or i32 tensor of positions, counts or axes computed at run
/// time (dynamic_slice bounds, dynamic_pad pads).
def Graph_IndexVector : 1DTensorOf<[I64, I32]>;

/// Ops whose result sizes depend on runtime sizes reify them for lowerings.
def Graph_ReifyShapes : DeclareOpInterfaceMethods<
    ReifyRankedShapedTypeOpInterface, ["reifyResultShapes"]>;

//===----------------------------------------------------------------------===//
// Base op
//===----------------------------------------------------------------------===//

/// Static sizes of every operand and result multiply within int64_t
/// (strata::graph::trait::ElementCountsFit).
def Graph_ElementCountsFit : NativeOpTrait<"ElementCountsFit"> {
  let cppNamespace = "::strata::graph::trait";
}

/// Every graph op is pure (value semantics, no side effects) and has element
/// counts that fit in int64_t, checked before anything else looks at sizes.
class Graph_Op<string mnemonic, list<Trait> traits = []>
    : Op<Graph_Dialect, mnemonic,
         !listconcat([Graph_ElementCountsFit], traits, [Pure])>;

/// An op whose result types are inferred from operands and properties; a
/// declared result type may be less refined than the inferred one (see
/// graph::areCompatibleTensorTypes).
/// Subclasses add their C++ definitions through `extraDefinition`, which is
/// appended to the generated isCompatibleReturnTypes.
class Graph_InferredOp<string mnemonic, list<Trait> traits = []>
    : Graph_Op<mnemonic, !listconcat(traits,
                                     [InferTypeOpAdaptorWithIsCompatible])> {
  code extraDefinition = [{}];
  let extraClassDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange lhs,
                                            ::mlir::TypeRange rhs) {
      return ::strata::graph::areCompatibleTensorTypes(lhs, rhs);
    }
  }] # extraDefinition;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHBASE_TD
