//===- GraphElementwiseOps.td - Elementwise graph ops ------*- tablegen -*-===//
//
// Unary math, trigonometric and hyperbolic functions and activations,
// numpy/ONNX-broadcasting binary arithmetic, comparisons, bitwise logic and
// shifts, select and cast.
//
//===----------------------------------------------------------------------===//

#ifndef STRATA_DIALECT_GRAPH_IR_GRAPHELEMENTWISEOPS_TD
#define STRATA_DIALECT_GRAPH_IR_GRAPHELEMENTWISEOPS_TD

include "strata/Dialect/Graph/IR/GraphBase.td"

/// The operands of the bitwise ops: `i1` (where they are the logical ops)
/// and the integers. Only this family uses it.
def Graph_IntOrBoolTensor : RankedTensorOf<[Graph_Int, Graph_Bool]>;

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

/// A unary op whose result has the operand's type. Folds on splat constants.
/// Ops set `text` (the semantics) and get a generated example over
/// `exampleType`, or set the whole `description` themselves.
class Graph_UnaryOp<string mnemonic, Type tensorType, string summaryText,
                    list<Trait> traits = []>
    : Graph_InferredOp<mnemonic, !listconcat(traits, [Graph_ReifyShapes])> {
  let summary = summaryText;
  string text = "";
  string exampleType = "tensor<?x4xf32>";
  let description = text # "\n\n```mlir\n%0 = graph." # mnemonic # " %x : " #
                    exampleType # " -> " # exampleType # "\n```\n";
  let arguments = (ins tensorType:$input);
  let results = (outs tensorType:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  // The op's own checks, if any: see verifyOpSpecific in
  // GraphElementwiseOps.cpp.
  let hasVerifier = 1;
  let extraDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyElementwiseOp(*this);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::strata::graph::detail::inferUnaryResultType(
          location, adaptor.getInput().getType(), types);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      return ::strata::graph::detail::reifySameShape(
          builder, getLoc(), getInput(), shapes);
    }
  }];
}

def Graph_NegOp : Graph_UnaryOp<"neg", Graph_NumericTensor, "Negation"> {
  let text = [{ `-x` elementwise (ONNX Neg). }];
}
def Graph_AbsOp : Graph_UnaryOp<"abs", Graph_NumericTensor, "Absolute value"> {
  let text = [{ `|x|` elementwise (ONNX Abs). }];
}
def Graph_ExpOp : Graph_UnaryOp<"exp", Graph_FloatTensor, "Exponential"> {
  let text = [{ `e^x` elementwise (ONNX Exp). }];
}
def Graph_LogOp : Graph_UnaryOp<"log", Graph_FloatTensor, "Natural logarithm"> {
  let text = [{ `ln(x)` elementwise (ONNX Log). }];
}
def Graph_SqrtOp : Graph_UnaryOp<"sqrt", Graph_FloatTensor, "Square root"> {
  let text = [{ `sqrt(x)` elementwise (ONNX Sqrt). }];
}
def Graph_RsqrtOp : Graph_UnaryOp<"rsqrt", Graph_FloatTensor,
                                  "Reciprocal square root"> {
  let text = [{ `1 / sqrt(x)` elementwise. }];
}
def Graph_ReciprocalOp : Graph_UnaryOp<"reciprocal", Graph_FloatTensor,
                                       "Reciprocal"> {
  let text = [{ `1 / x` elementwise (ONNX Reciprocal). }];
}
def Graph_TanhOp : Graph_UnaryOp<"tanh", Graph_FloatTensor,
                                 "Hyperbolic tangent"> {
  let text = [{ `tanh(x)` elementwise (ONNX Tanh). }];
}
def Graph_SigmoidOp : Graph_UnaryOp<"sigmoid", Graph_FloatTensor,
                                    "Logistic sigmoid"> {
  let text = [{ `1 / (1 + e^-x)` elementwise (ONNX Sigmoid). }];
}
def Graph_ReluOp : Graph_UnaryOp<"relu", Graph_NumericTensor,
                                 "Rectified linear unit"> {
  let text = [{ `max(x, 0)` elementwise (ONNX Relu). }];
}
def Graph_ErfOp : Graph_UnaryOp<"erf", Graph_FloatTensor, "Error function"> {
  let text = [{ The Gauss error function elementwise (ONNX Erf). }];
}

// Trigonometric and hyperbolic functions and their inverses.
def Graph_SinOp : Graph_UnaryOp<"sin", Graph_FloatTensor, "Sine"> {
  let text = [{ `sin(x)` of `x` in radians, elementwise (ONNX Sin). }];
}
def Graph_CosOp : Graph_UnaryOp<"cos", Graph_FloatTensor, "Cosine"> {
  let text = [{ `cos(x)` of `x` in radians, elementwise (ONNX Cos). }];
}
def Graph_TanOp : Graph_UnaryOp<"tan", Graph_FloatTensor, "Tangent"> {
  let text = [{ `tan(x)` of `x` in radians, elementwise (ONNX Tan). }];
}
def Graph_AsinOp : Graph_UnaryOp<"asin", Graph_FloatTensor, "Arcsine"> {
  let text = [{
    `asin(x)` in radians, in [-pi/2, pi/2]; NaN outside [-1, 1] (ONNX Asin).
  }];
}
def Graph_AcosOp : Graph_UnaryOp<"acos", Graph_FloatTensor, "Arccosine"> {
  let text = [{
    `acos(x)` in radians, in [0, pi]; NaN outside [-1, 1] (ONNX Acos).
  }];
}
def Graph_AtanOp : Graph_UnaryOp<"atan", Graph_FloatTensor, "Arctangent"> {
  let text = [{ `atan(x)` in radians, in [-pi/2, pi/2] (ONNX Atan). }];
}
def Graph_SinhOp : Graph_UnaryOp<"sinh", Graph_FloatTensor,
                                 "Hyperbolic sine"> {
  let text = [{ `sinh(x)` elementwise (ONNX Sinh). }];
}
def Graph_CoshOp : Graph_UnaryOp<"cosh", Graph_FloatTensor,
                                 "Hyperbolic cosine"> {
  let text = [{ `cosh(x)` elementwise (ONNX Cosh). }];
}
def Graph_AsinhOp : Graph_UnaryOp<"asinh", Graph_FloatTensor,
                                  "Inverse hyperbolic sine"> {
  let text = [{ `asinh(x)` elementwise (ONNX Asinh). }];
}
def Graph_AcoshOp : Graph_UnaryOp<"acosh", Graph_FloatTensor,
                                  "Inverse hyperbolic cosine"> {
  let text = [{
    `acosh(x)` elementwise, not negative; NaN below 1 (ONNX Acosh).
  }];
}
def Graph_AtanhOp : Graph_UnaryOp<"atanh", Graph_FloatTensor,
                                  "Inverse hyperbolic tangent"> {
  let text = [{
    `atanh(x)` elementwise; infinite at -1 and 1, NaN beyond them (ONNX
    Atanh).
  }];
}

def Graph_FloorOp : Graph_UnaryOp<"floor", Graph_FloatTensor, "Round down"> {
  let text = [{ The largest integer not above `x` (ONNX Floor). }];
}
def Graph_CeilOp : Graph_UnaryOp<"ceil", Graph_FloatTensor, "Round up"> {
  let text = [{ The smallest integer not below `x` (ONNX Ceil). }];
}
def Graph_RoundOp : Graph_UnaryOp<"round", Graph_FloatTensor,
                                  "Round half to even"> {
  let text = [{
    The nearest integer, halves to the even neighbour (ONNX Round).
  }];
}
def Graph_SignOp : Graph_UnaryOp<"sign", Graph_NumericTensor, "Sign"> {
  let text = [{ -1, 0 or 1 by the sign of `x` (ONNX Sign). }];
}
def Graph_NotOp : Graph_UnaryOp<"not", Graph_IntOrBoolTensor,
                                "Bitwise not"> {
  let exampleType = "tensor<?x4xi1>";
  let text = [{
    Every bit flipped: boolean negation on `i1` (ONNX Not), `~x` on integers
    (ONNX BitwiseNot).
  }];
}

def Graph_LeakyReluOp : Graph_UnaryOp<"leaky_relu", Graph_FloatTensor,
                                      "Leaky rectified linear unit"> {
  let text = [{
    `x` where `x >= 0`, `alpha * x` elsewhere (ONNX LeakyRelu; `alpha`
    defaults to 0.01).
  }];
  let arguments = (ins Graph_FloatTensor:$input,
                       DefaultValuedAttr<F32Attr, "0.01">:$alpha);
}

def Graph_GeluOp : Graph_UnaryOp<"gelu", Graph_FloatTensor,
                                 "Gaussian error linear unit"> {
  let description = [{
    `0.5 * x * (1 + erf(x / sqrt(2)))`, or with `approximate = tanh`
    `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))` (ONNX Gelu).

    ```mlir
    %0 = graph.gelu %x {approximate = #graph.gelu_approximation<tanh>}
        : tensor<?x768xf32> -> tensor<?x768xf32>
    ```
  }];
  let arguments = (ins Graph_FloatTensor:$input,
                       DefaultValuedAttr<Graph_GeluApproximationAttr,
                         "::strata::graph::GeluApproximation::None">:$approximate);
}

def Graph_ClipOp : Graph_UnaryOp<"clip", Graph_NumericTensor,
                                 "Clamp to a range"> {
  let description = [{
    `min(max(x, min), max)` elementwise (ONNX Clip). A missing bound does
    not clamp; `min` must not exceed `max` and neither may be NaN (ONNX
    lets `min > max` set everything to `max`; here it is rejected as a
    likely mistake). For integer tensors the bounds must be integral and
    representable in the element type, as ONNX passes them as tensors of
    the input's type.

    ```mlir
    %0 = graph.clip %x {min = 0.0, max = 6.0} : tensor<1x32xf32> -> tensor<1x32xf32>
    ```
  }];
  let arguments = (ins Graph_NumericTensor:$input,
                       OptionalAttr<F64Attr>:$min,
                       OptionalAttr<F64Attr>:$max);
}

def Graph_CastOp : Graph_Op<"cast", [
    Graph_ReifyShapes]> {
  let summary = "Element type conversion";
  let description = [{
    Converts each element to the result's element type (ONNX Cast). Floats
    convert to integers by truncation toward zero; to `i1`, any non-zero
    value is true. The shapes must be compatible.

    ```mlir
    %0 = graph.cast %x : tensor<?x4xi64> -> tensor<?x4xf32>
    ```
  }];
  let arguments = (ins Graph_Tensor:$input);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Binary ops (numpy/ONNX broadcasting)
//===----------------------------------------------------------------------===//

/// A binary op over operands of one element type with numpy broadcasting;
/// the result is `i1` when `boolResult`, else the operands' element type.
/// Ops set `text` (the semantics) and get a generated example over
/// `exampleElement`, or set the whole `description` themselves.
class Graph_BinaryOp<string mnemonic, Type tensorType, Type resultType,
                     string summaryText, bit boolResult = 0,
                     list<Trait> traits = []>
    : Graph_InferredOp<mnemonic, !listconcat(traits, [Graph_ReifyShapes])> {
  let summary = summaryText;
  string text = "";
  string exampleElement = "f32";
  let description = text # "\n\n```mlir\n%0 = graph." # mnemonic #
                    " %a, %b : tensor<?x4x" # exampleElement # ">, tensor<4x" #
                    exampleElement # "> -> tensor<?x4x" #
                    !if(boolResult, "i1", exampleElement) # ">\n```\n";
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs resultType:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($output)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  // The op's own checks, if any: see verifyOpSpecific in
  // GraphElementwiseOps.cpp.
  let hasVerifier = 1;
  let extraDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyElementwiseOp(*this);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &types) {
      return ::strata::graph::detail::inferBroadcastResultType(
          location, adaptor.getOperands(), /*boolResult=*/}] #
            !if(boolResult, "true", "false") # [{, types);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &builder,
        ::mlir::ReifiedRankedShapedTypeDims &shapes) {
      shapes.push_back(::strata::graph::reifyBroadcastShape(
          builder, getLoc(), getOperation()->getOperands()));
      return ::mlir::success();
    }
  }];
}

class Graph_ArithOp<string mnemonic, Type tensorType, string summaryText,
                    list<Trait> traits = []>
    : Graph_BinaryOp<mnemonic, tensorType, tensorType, summaryText, 0, traits>;
class Graph_CompareOp<string mnemonic, Type tensorType, string summaryText>
    : Graph_BinaryOp<mnemonic, tensorType, Graph_BoolTensor, summaryText, 1>;

def Graph_AddOp : Graph_ArithOp<"add", Graph_NumericTensor, "Addition",
                                [Commutative]> {
  let description = [{
    `lhs + rhs` with numpy broadcasting (ONNX Add).

    ```mlir
    %0 = graph.add %x, %bias : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
    ```
  }];
}
def Graph_SubOp : Graph_ArithOp<"sub", Graph_NumericTensor, "Subtraction"> {
  let text = [{ `lhs - rhs` with numpy broadcasting (ONNX Sub). }];
}
def Graph_MulOp : Graph_ArithOp<"mul", Graph_NumericTensor, "Multiplication",
                                [Commutative]> {
  let text = [{ `lhs * rhs` with numpy broadcasting (ONNX Mul). }];
}
def Graph_DivOp : Graph_ArithOp<"div", Graph_NumericTensor, "Division"> {
  let text = [{
    `lhs / rhs` with numpy broadcasting (ONNX Div); integer division
    truncates toward zero. Integer `x / 0` is 0 and `INT_MIN / -1` wraps to
    `INT_MIN` (numpy's results; ONNX leaves them undefined): no element
    traps.
  }];
}
def Graph_PowOp : Graph_ArithOp<"pow", Graph_NumericTensor, "Power"> {
  let text = [{
    `lhs ^ rhs` with numpy broadcasting (ONNX Pow). Integers multiply by
    repeated squaring and wrap on overflow, as numpy does; a negative
    exponent gives `1 / lhs^-rhs` truncated toward zero (1 for a base of 1,
    -1 or 1 for a base of -1 by the exponent's parity, else 0, also for a
    base of 0).
  }];
}
def Graph_MaxOp : Graph_ArithOp<"max", Graph_NumericTensor, "Maximum",
                                [Commutative]> {
  let text = [{ The larger of `lhs` and `rhs` (ONNX Max of two). }];
}
def Graph_MinOp : Graph_ArithOp<"min", Graph_NumericTensor, "Minimum",
                                [Commutative]> {
  let text = [{ The smaller of `lhs` and `rhs` (ONNX Min of two). }];
}
def Graph_ModOp : Graph_ArithOp<"mod", Graph_NumericTensor, "Remainder"> {
  let exampleElement = "i64";
  let text = [{
    The remainder of `lhs / rhs` (ONNX Mod). With `fmod = false` (integers
    only) the result takes the sign of the divisor, as Python's `%`; with
    `fmod = true` it takes the sign of the dividend, as C's `fmod`. Floats
    require `fmod = true`, as in ONNX. `fmod` defaults to false. Integer
    `x % 0` is 0 (numpy's result) and `INT_MIN % -1` is 0.
  }];
  let arguments = (ins Graph_NumericTensor:$lhs, Graph_NumericTensor:$rhs,
                       DefaultValuedAttr<BoolAttr, "false">:$fmod);
}

def Graph_AndOp : Graph_ArithOp<"and", Graph_IntOrBoolTensor, "Bitwise and",
                                [Commutative]> {
  let exampleElement = "i1";
  let text = [{
    `lhs & rhs` with broadcasting: logical and on `i1` (ONNX And), bit by
    bit on integers (ONNX BitwiseAnd).
  }];
}
def Graph_OrOp : Graph_ArithOp<"or", Graph_IntOrBoolTensor, "Bitwise or",
                               [Commutative]> {
  let exampleElement = "i1";
  let text = [{
    `lhs | rhs` with broadcasting: logical or on `i1` (ONNX Or), bit by bit
    on integers (ONNX BitwiseOr).
  }];
}
def Graph_XorOp : Graph_ArithOp<"xor", Graph_IntOrBoolTensor, "Bitwise xor",
                                [Commutative]> {
  let exampleElement = "i1";
  let text = [{
    `lhs ^ rhs` with broadcasting: `lhs != rhs` on `i1` (ONNX Xor), bit by
    bit on integers (ONNX BitwiseXor).
  }];
}

def Graph_ShiftLeftOp : Graph_ArithOp<"shift_left", Graph_IntTensor,
                                      "Bit shift to the left"> {
  let exampleElement = "ui8";
  let text = [{
    `lhs << rhs` with broadcasting (ONNX BitShift, direction LEFT): the bits
    shifted past the element width are dropped, zeros shifted in. The shift
    amount `rhs` is read as unsigned, so that an amount of the width or more
    (a negative one included) gives 0, as numpy and the ONNX reference
    implementation do, not the amount modulo the width of x86's shifts.
  }];
}
def Graph_ShiftRightOp : Graph_ArithOp<"shift_right", Graph_IntTensor,
                                       "Bit shift to the right"> {
  let exampleElement = "ui8";
  let text = [{
    `lhs >> rhs` with broadcasting (ONNX BitShift, direction RIGHT):
    logical (zeros shifted in) on unsigned integers, arithmetic (copies of
    the sign bit shifted in) on the signed ones, which ONNX does not define.
    The shift amount `rhs` is read as unsigned: an amount of the width or
    more (a negative one included) shifts every bit out, giving 0, or -1
    for a negative signed `lhs`, as numpy does.
  }];
}

def Graph_EqualOp : Graph_CompareOp<"equal", Graph_Tensor, "Equality"> {
  let description = [{
    `lhs == rhs` with broadcasting, an `i1` tensor (ONNX Equal).

    ```mlir
    %0 = graph.equal %a, %b : tensor<4xi64>, tensor<i64> -> tensor<4xi1>
    ```
  }];
}
def Graph_LessOp : Graph_CompareOp<"less", Graph_NumericTensor, "Less than"> {
  let text = [{ `lhs < rhs` with broadcasting (ONNX Less). }];
}
def Graph_LessEqualOp : Graph_CompareOp<"less_equal", Graph_NumericTensor,
                                        "Less than or equal"> {
  let text = [{ `lhs <= rhs` with broadcasting (ONNX LessOrEqual). }];
}
def Graph_GreaterOp : Graph_CompareOp<"greater", Graph_NumericTensor,
                                      "Greater than"> {
  let text = [{ `lhs > rhs` with broadcasting (ONNX Greater). }];
}
def Graph_GreaterEqualOp : Graph_CompareOp<"greater_equal",
                                           Graph_NumericTensor,
                                           "Greater than or equal"> {
  let text = [{
    `lhs >= rhs` with broadcasting (ONNX GreaterOrEqual).
  }];
}

//===----------------------------------------------------------------------===//
// Select
//===----------------------------------------------------------------------===//

def Graph_SelectOp : Graph_InferredOp<"select", [
    Graph_ReifyShapes]> {
  let summary = "Elementwise choice (where)";
  let description = [{
    `condition ? true_value : false_value` with the three operands broadcast
    together (ONNX Where). The values share one element type.

    ```mlir
    %0 = graph.select %mask, %x, %fill
        : tensor<1x1x?x?xi1>, tensor<1x12x?x?xf32>, tensor<f32> -> tensor<1x12x?x?xf32>
    ```
  }];
  let arguments = (ins Graph_BoolTensor:$condition, Graph_Tensor:$true_value,
                       Graph_Tensor:$false_value);
  let results = (outs Graph_Tensor:$output);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    type($condition) `,` type($true_value) `,` type($false_value) `->`
    type($output)
  }];
  let hasFolder = 1;
}

#endif // STRATA_DIALECT_GRAPH_IR_GRAPHELEMENTWISEOPS_TD
