#===- elementwise.py - Elementwise ONNX ops -------------------------------===#
#
# Handlers of the ONNX ops that map one element to one element: the unary
# and binary graph ops (numpy broadcasting) with the trigonometric and
# hyperbolic functions, comparisons, the bitwise ops and BitShift, Pow, Mod,
# the variadic Max/Min/Sum/Mean, Where, Clip, Cast/CastLike, the forwarded
# Identity and (inference) Dropout, then the activations that have no graph
# op of their own and are composed of several (HardSigmoid, Softplus, Elu,
# Selu, Celu, PRelu, Mish...).
#
# Where a textbook formula overflows, the composition avoids it: Softplus
# (and Mish's inner term) is max(x, 0) + log(1 + e^-|x|).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import math

import numpy as np
from onnx import TensorProto

from ..elements import _STORAGE, _kind, _mlir_elem
from ..emit import _f32_attr, _f64_attr
from ..errors import _Unsupported
from ..importer import _broadcast_dims, _Importer, _Node
from ..registry import _check_kind, _handler, _register, _scalar_of


_UNARY = {
    "Neg": ("neg", "fi"), "Abs": ("abs", "fi"), "Exp": ("exp", "f"),
    "Log": ("log", "f"), "Sqrt": ("sqrt", "f"),
    "Reciprocal": ("reciprocal", "f"), "Tanh": ("tanh", "f"),
    "Sigmoid": ("sigmoid", "f"), "Relu": ("relu", "fi"), "Erf": ("erf", "f"),
    "Floor": ("floor", "f"), "Ceil": ("ceil", "f"), "Round": ("round", "f"),
    "Sign": ("sign", "fi"), "Not": ("not", "b"),
    "Sin": ("sin", "f"), "Cos": ("cos", "f"), "Tan": ("tan", "f"),
    "Asin": ("asin", "f"), "Acos": ("acos", "f"), "Atan": ("atan", "f"),
    "Sinh": ("sinh", "f"), "Cosh": ("cosh", "f"), "Asinh": ("asinh", "f"),
    "Acosh": ("acosh", "f"), "Atanh": ("atanh", "f"),
}

#: The trigonometric and hyperbolic functions (libm's, through the kernels).
_TRIGONOMETRIC = ("Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh",
                  "Asinh", "Acosh", "Atanh")


def _unary(imp: _Importer, ctx: _Node):
    mnemonic, kinds = _UNARY[ctx.op]
    x = ctx.input(0)
    _check_kind(ctx, x, kinds, mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims))


for _k, (_m, _) in _UNARY.items():
    _register(_k, _unary, f"graph.{_m}",
              "f16 and bf16 are computed in f32 and rounded once"
              if _k in _TRIGONOMETRIC else "")


@_handler("LeakyRelu", "graph.leaky_relu", "alpha")
def _leaky_relu(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "leaky_relu")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "leaky_relu", [x], elem, dims,
                            {"alpha": _f32_attr(ctx.attr("alpha"))}))


@_handler("Gelu", "graph.gelu", "approximate none/tanh")
def _gelu(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "gelu")
    approx = ctx.attr("approximate", "none")
    if approx not in ("none", "tanh"):
        raise _Unsupported(f"attribute approximate={approx} is not supported")
    elem, dims = ctx.out_type()
    attrs = {"approximate": "#graph.gelu_approximation<tanh>"} if (
        approx == "tanh") else {}
    imp.set_out(ctx, imp.op(ctx, "gelu", [x], elem, dims, attrs))


@_handler("Clip", "graph.clip (constant bounds) / graph.max, graph.min",
          "constant min/max give graph.clip; computed ones (or min > max) "
          "min(max(x, min), max)")
def _clip(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "clip")
    lo = ctx.maybe_const_input(1)
    hi = ctx.maybe_const_input(2)
    computed = any(ctx.has_input(i) and c is None
                   for i, c in ((1, lo), (2, hi)))
    if computed or (lo is not None and hi is not None and
                    _scalar_of(lo, "min") > _scalar_of(hi, "max")):
        # ONNX: min(max(x, min), max), so all max where min > max.
        elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
        y = x
        for i, mnemonic in ((1, "max"), (2, "min")):
            if ctx.has_input(i):
                bound = ctx.input(i)
                if bound.elem != x.elem:
                    raise _Unsupported("min and max must have the input's "
                                       "element type")
                y = imp.op(ctx, mnemonic, [y, bound], elem,
                           _broadcast_dims(x.dims, bound.dims))
        imp.set_out(ctx, y)
        return
    attrs = {}
    lo = None if lo is None else _scalar_of(lo, "min")
    hi = None if hi is None else _scalar_of(hi, "max")
    if lo is not None and not (isinstance(lo, float) and math.isinf(lo)
                               and lo < 0):
        attrs["min"] = _f64_attr(lo)
    if hi is not None and not (isinstance(hi, float) and math.isinf(hi)
                               and hi > 0):
        attrs["max"] = _f64_attr(hi)
    if any(isinstance(b, float) and math.isnan(b) for b in (lo, hi)):
        raise _Unsupported("a NaN bound is not supported")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "clip", [x], elem, dims, attrs))


@_handler("Cast", "graph.cast", "saturate only matters for float8 types")
def _cast(imp, ctx):
    x = ctx.input(0)
    to = ctx.attr("to")
    ctx.attr("saturate")
    _mlir_elem(x.elem)
    _mlir_elem(to)
    elem, dims = ctx.out_type(fallback=lambda: (to, x.dims))
    imp.set_out(ctx, imp.op(ctx, "cast", [x], to, dims))


@_handler("CastLike", "graph.cast")
def _cast_like(imp, ctx):
    x = ctx.input(0)
    like = ctx.input(1)
    ctx.attr("saturate")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "cast", [x], like.elem, dims))


@_handler("Identity", "(forwarded)")
def _identity(imp, ctx):
    name = ctx.node.input[0] if ctx.has_input(0) else ""
    if name in imp.consts:  # a constant stays one (attribute sources)
        ctx.used_inputs.add(0)
        imp.consts[ctx.node.output[0]] = imp.consts[name]
        return
    imp.set_out(ctx, ctx.input(0))


@_handler("Dropout", "(forwarded)",
          "inference, or training mode with a constant ratio of 0 (which "
          "drops nothing); the mask is all true")
def _dropout(imp, ctx):
    x = ctx.input(0)
    if ctx.has_input(2):
        training = ctx.const_input(2, "training_mode")
        # The ratio only matters in training mode, where 0 keeps every
        # element (exports of attention dropout with p=0 look like this).
        if bool(_scalar_of(training, "training_mode")):
            ratio = ctx.const_input(1, "ratio") if ctx.has_input(1) else None
            if ratio is None or _scalar_of(ratio, "ratio") != 0:
                raise _Unsupported("training_mode=true is only supported "
                                   "with a constant ratio of 0")
    ctx.used_inputs.add(1)
    ctx.attr("seed")
    imp.set_out(ctx, x)
    if len(ctx.node.output) > 1 and ctx.node.output[1] and imp.is_used(
            ctx.node.output[1]):
        # In inference every element is kept: an all-true mask.
        shape = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
        imp.set_out(ctx, imp.op(ctx, "constant_of_shape", [shape],
                                TensorProto.BOOL, x.dims,
                                {"value": "dense<true> : tensor<1xi1>"},
                                hint="mask"), 1)


_BINARY = {
    "Add": ("add", "fi"), "Sub": ("sub", "fi"), "Mul": ("mul", "fi"),
    "Div": ("div", "fi"), "And": ("and", "b"), "Or": ("or", "b"),
    "Xor": ("xor", "b"), "Equal": ("equal", "fib"), "Less": ("less", "fi"),
    "LessOrEqual": ("less_equal", "fi"), "Greater": ("greater", "fi"),
    "GreaterOrEqual": ("greater_equal", "fi"),
}


_COMPARE = ("equal", "less", "less_equal", "greater", "greater_equal")


#: Integer arithmetic the importer folds when both operands are constants
#: (shape arithmetic, e.g. Add(Size(Shape(x)), axis) feeding a Range whose
#: result must be constant).
_FOLD_INT = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply}


def _binary_handler(imp, ctx):
    mnemonic, kinds = _BINARY[ctx.op]
    if ctx.op in _FOLD_INT and ctx.has_input(0) and ctx.has_input(1) and \
            all(n in imp.consts for n in ctx.node.input[:2]):
        (x, ex), (y, ey) = (imp.consts[n] for n in ctx.node.input[:2])
        if ex == ey and _kind(ex) == "i" and x.size <= 64 and y.size <= 64:
            ctx.used_inputs.update((0, 1))
            imp.consts[ctx.node.output[0]] = (
                _FOLD_INT[ctx.op](x, y).astype(x.dtype), ex)
            return
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, kinds, mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (
        TensorProto.BOOL if mnemonic in _COMPARE else a.elem,
        _broadcast_dims(a.dims, b.dims)))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [a, b], elem, dims))


for _k, (_m, _) in _BINARY.items():
    _register(_k, _binary_handler, f"graph.{_m}", "numpy broadcasting")


#: The bitwise ops (opset 18) on integers are the graph ops of the logical
#: ones (And, Or, Xor, Not) on i1: one op each computes on the bits of any
#: integer or boolean.
_BITWISE = {"BitwiseAnd": "and", "BitwiseOr": "or", "BitwiseXor": "xor",
            "BitwiseNot": "not"}


def _bitwise(imp, ctx):
    mnemonic = _BITWISE[ctx.op]
    ins = [ctx.input(i) for i in range(1 if mnemonic == "not" else 2)]
    _check_kind(ctx, ins[0], "i", mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (
        ins[0].elem, _broadcast_dims(ins[0].dims, ins[-1].dims)))
    imp.set_out(ctx, imp.op(ctx, mnemonic, ins, elem, dims))


for _k, _m in _BITWISE.items():
    _register(_k, _bitwise, f"graph.{_m}",
              "signed and unsigned integers" +
              ("" if _m == "not" else "; numpy broadcasting"),
              opsets=(18, 24))


@_handler("BitShift", "graph.shift_left / graph.shift_right",
          "direction; numpy broadcasting; an amount of the bit width or more "
          "gives 0, as the ONNX reference (onnxruntime shifts uint32/uint64 "
          "by the amount modulo the width); signed integers, which ONNX does "
          "not allow, shift right arithmetically")
def _bit_shift(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    direction = ctx.attr("direction")
    if direction not in ("LEFT", "RIGHT"):
        raise _Unsupported(f"attribute direction={direction} is not "
                           "supported")
    mnemonic = "shift_left" if direction == "LEFT" else "shift_right"
    _check_kind(ctx, a, "i", mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (
        a.elem, _broadcast_dims(a.dims, b.dims)))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [a, b], elem, dims))


@_handler("Pow", "graph.pow (+ graph.cast of the operands)",
          "an exponent of another type is cast to the base's; an integer "
          "base with a float exponent is raised in f64 and truncated "
          "(numpy); an integer exponent wider than the base widens the "
          "base (the wrapped low bits are the same)")
def _pow(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, "fiu", "pow")
    _mlir_elem(b.elem)
    elem, dims = ctx.out_type()
    if _kind(a.elem) == "f":
        b = imp.cast(ctx, b, a.elem)
        imp.set_out(ctx, imp.op(ctx, "pow", [a, b], elem, dims))
        return
    if _kind(b.elem) == "f":
        work = TensorProto.DOUBLE
    elif _kind(b.elem) in "iu" and _STORAGE[b.elem].itemsize > _STORAGE[a.elem].itemsize:
        work = b.elem
    else:
        work = a.elem
    a_w, b_w = imp.cast(ctx, a, work), imp.cast(ctx, b, work)
    y = imp.op(ctx, "pow", [a_w, b_w], work, dims)
    imp.set_out(ctx, imp.cast(ctx, y, elem))


@_handler("Mod", "graph.mod", "fmod")
def _mod(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    fmod = int(ctx.attr("fmod"))
    _check_kind(ctx, a, "fi", "mod")
    if _kind(a.elem) == "f" and not fmod:
        raise _Unsupported("fmod=0 on floats is invalid ONNX")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "mod", [a, b], elem, dims,
                            {"fmod": "true" if fmod else None}))


@_handler("Max Min Sum Mean", "chain of graph.max / graph.min / graph.add "
          "(Mean: + graph.div)", "variadic")
def _variadic(imp, ctx):
    mnemonic = {"Max": "max", "Min": "min", "Sum": "add", "Mean": "add"}[
        ctx.op]
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    if not ins:
        raise _Unsupported("no inputs")
    _check_kind(ctx, ins[0], "fi", mnemonic)
    elem, dims = ctx.out_type()
    acc = ins[0]
    for i, v in enumerate(ins[1:]):
        last = i == len(ins) - 2 and ctx.op != "Mean"
        acc = imp.op(ctx, mnemonic, [acc, v], elem,
                     dims if last else _broadcast_dims(acc.dims, v.dims))
    if ctx.op == "Mean" and len(ins) > 1:
        _check_kind(ctx, acc, "f", "div")
        n = imp.scalar(len(ins), elem, ctx)
        acc = imp.op(ctx, "div", [acc, n], elem, dims)
    elif len(ins) == 1 and tuple(dims) != acc.dims:
        pass
    imp.set_out(ctx, acc)


@_handler("Where", "graph.select")
def _where(imp, ctx):
    c, a, b = ctx.input(0), ctx.input(1), ctx.input(2)
    elem, dims = ctx.out_type()
    _mlir_elem(a.elem)
    imp.set_out(ctx, imp.op(ctx, "select", [c, a, b], elem, dims))


#===- Elementwise compositions -------------------------------------------===#


def _float_input(ctx, mnemonic):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", mnemonic)
    return x


@_handler("HardSigmoid", "graph.mul, graph.add, graph.clip", "alpha, beta")
def _hard_sigmoid(imp, ctx):
    x = _float_input(ctx, "clip")
    alpha, beta = ctx.attr("alpha"), ctx.attr("beta")
    y = imp.op(ctx, "mul", [x, imp.scalar(alpha, x.elem, ctx)], x.elem, x.dims)
    y = imp.op(ctx, "add", [y, imp.scalar(beta, x.elem, ctx)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "clip", [y], x.elem, x.dims,
                            {"min": _f64_attr(0.0), "max": _f64_attr(1.0)}))


@_handler("HardSwish", "graph.mul, graph.add, graph.clip")
def _hard_swish(imp, ctx):
    x = _float_input(ctx, "clip")
    y = imp.op(ctx, "mul", [x, imp.scalar(1.0 / 6.0, x.elem, ctx)], x.elem,
               x.dims)
    y = imp.op(ctx, "add", [y, imp.scalar(0.5, x.elem, ctx)], x.elem, x.dims)
    y = imp.op(ctx, "clip", [y], x.elem, x.dims,
               {"min": _f64_attr(0.0), "max": _f64_attr(1.0)})
    imp.set_out(ctx, imp.op(ctx, "mul", [x, y], x.elem, x.dims))


def _softplus_of(imp, ctx, x):
    """log(1 + e^x) of `x` as max(x, 0) + log(1 + e^-|x|): no overflow for
    large x (Softplus, and Mish's inner term)."""
    ax = imp.op(ctx, "abs", [x], x.elem, x.dims)
    nax = imp.op(ctx, "neg", [ax], x.elem, x.dims)
    e = imp.op(ctx, "exp", [nax], x.elem, x.dims)
    e1 = imp.op(ctx, "add", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    lg = imp.op(ctx, "log", [e1], x.elem, x.dims)
    r = imp.op(ctx, "relu", [x], x.elem, x.dims)
    return imp.op(ctx, "add", [r, lg], x.elem, x.dims)


@_handler("Softplus", "graph.exp, graph.add, graph.log")
def _softplus(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _softplus_of(imp, ctx, x))


@_handler("Softsign", "graph.abs, graph.add, graph.div")
def _softsign(imp, ctx):
    x = _float_input(ctx, "div")
    a = imp.op(ctx, "abs", [x], x.elem, x.dims)
    a1 = imp.op(ctx, "add", [a, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "div", [x, a1], x.elem, x.dims))


def _elu_like(imp, ctx, x, alpha, scale=None):
    """alpha * (e^x - 1) where x < 0, x elsewhere (then * scale)."""
    zero = imp.scalar(0.0, x.elem, ctx)
    neg = imp.op(ctx, "less", [x, zero], TensorProto.BOOL, x.dims)
    e = imp.op(ctx, "exp", [x], x.elem, x.dims)
    em1 = imp.op(ctx, "sub", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    a = imp.op(ctx, "mul", [em1, imp.scalar(alpha, x.elem, ctx)], x.elem,
               x.dims)
    y = imp.op(ctx, "select", [neg, a, x], x.elem, x.dims)
    if scale is not None:
        y = imp.op(ctx, "mul", [y, imp.scalar(scale, x.elem, ctx)], x.elem,
                   x.dims)
    return y


@_handler("Elu", "graph.less, graph.exp, graph.select", "alpha")
def _elu(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _elu_like(imp, ctx, x, ctx.attr("alpha")))


@_handler("Selu", "graph.less, graph.exp, graph.select, graph.mul",
          "alpha, gamma")
def _selu(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _elu_like(imp, ctx, x, ctx.attr("alpha"),
                               ctx.attr("gamma")))


@_handler("Celu", "graph.div, graph.less, graph.exp, graph.select", "alpha")
def _celu(imp, ctx):
    x = _float_input(ctx, "exp")
    alpha = ctx.attr("alpha")
    # max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
    xs = imp.op(ctx, "div", [x, imp.scalar(alpha, x.elem, ctx)], x.elem,
                x.dims)
    e = imp.op(ctx, "exp", [xs], x.elem, x.dims)
    em1 = imp.op(ctx, "sub", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    a = imp.op(ctx, "mul", [em1, imp.scalar(alpha, x.elem, ctx)], x.elem,
               x.dims)
    zero = imp.scalar(0.0, x.elem, ctx)
    neg = imp.op(ctx, "min", [a, zero], x.elem, x.dims)
    pos = imp.op(ctx, "relu", [x], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "add", [pos, neg], x.elem, x.dims))


@_handler("ThresholdedRelu", "graph.greater, graph.select", "alpha")
def _thresholded_relu(imp, ctx):
    x = _float_input(ctx, "select")
    gt = imp.op(ctx, "greater", [x, imp.scalar(ctx.attr("alpha"), x.elem,
                                               ctx)], TensorProto.BOOL, x.dims)
    imp.set_out(ctx, imp.op(ctx, "select", [gt, x, imp.scalar(0.0, x.elem,
                                                              ctx)],
                            x.elem, x.dims))


@_handler("PRelu", "graph.less, graph.mul, graph.select")
def _prelu(imp, ctx):
    x, slope = ctx.input(0), ctx.input(1)
    _check_kind(ctx, x, "fi", "mul")
    elem, dims = ctx.out_type()
    zero = imp.scalar(0, x.elem, ctx)
    neg = imp.op(ctx, "less", [x, zero], TensorProto.BOOL, x.dims)
    prod = imp.op(ctx, "mul", [x, slope], x.elem, dims)
    imp.set_out(ctx, imp.op(ctx, "select", [neg, prod, x], elem, dims))


@_handler("Mish", "graph.exp, graph.log, graph.tanh, graph.mul")
def _mish(imp, ctx):
    x = _float_input(ctx, "tanh")
    t = imp.op(ctx, "tanh", [_softplus_of(imp, ctx, x)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "mul", [x, t], x.elem, x.dims))


@_handler("Swish", "graph.mul, graph.sigmoid", "alpha", opsets=(24, 24))
def _swish(imp, ctx):
    x = _float_input(ctx, "sigmoid")
    alpha = ctx.attr("alpha")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    ax = x if alpha == 1.0 else imp.op(
        ctx, "mul", [x, imp.scalar(alpha, x.elem, ctx)], x.elem, x.dims)
    s = imp.op(ctx, "sigmoid", [ax], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "mul", [x, s], elem, dims))


@_handler("Shrink", "graph.less, graph.greater, graph.add, graph.sub, "
          "graph.select", "lambd, bias; integer inputs need integral values")
def _shrink(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "select")
    lambd, bias = ctx.attr("lambd"), ctx.attr("bias")
    if _kind(x.elem) == "i" and not (float(lambd).is_integer() and
                                     float(bias).is_integer()):
        raise _Unsupported("lambd and bias must be integral for an integer "
                           "input")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    lo = imp.op(ctx, "less", [x, imp.scalar(-lambd, x.elem, ctx)],
                TensorProto.BOOL, x.dims)
    hi = imp.op(ctx, "greater", [x, imp.scalar(lambd, x.elem, ctx)],
                TensorProto.BOOL, x.dims)
    plus = imp.op(ctx, "add", [x, imp.scalar(bias, x.elem, ctx)], x.elem,
                  x.dims)
    minus = imp.op(ctx, "sub", [x, imp.scalar(bias, x.elem, ctx)], x.elem,
                   x.dims)
    inner = imp.op(ctx, "select", [hi, minus, imp.scalar(0, x.elem, ctx)],
                   x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "select", [lo, plus, inner], elem, dims))


@_handler("IsNaN", "graph.equal, graph.not", "x != x")
def _is_nan(imp, ctx):
    x = _float_input(ctx, "equal")
    elem, dims = ctx.out_type(fallback=lambda: (TensorProto.BOOL, x.dims))
    eq = imp.op(ctx, "equal", [x, x], TensorProto.BOOL, x.dims)
    imp.set_out(ctx, imp.op(ctx, "not", [eq], elem, dims))


@_handler("IsInf", "graph.equal, graph.or", "detect_negative, "
          "detect_positive")
def _is_inf(imp, ctx):
    x = _float_input(ctx, "equal")
    elem, dims = ctx.out_type(fallback=lambda: (TensorProto.BOOL, x.dims))
    hits = [imp.op(ctx, "equal", [x, imp.scalar(sign * math.inf, x.elem,
                                                 ctx)], TensorProto.BOOL,
                   x.dims)
            for sign, attr in ((1, "detect_positive"),
                               (-1, "detect_negative")) if ctx.attr(attr)]
    if not hits:  # neither: all false (x < x, also for NaN)
        imp.set_out(ctx, imp.op(ctx, "less", [x, x], elem, dims))
        return
    y = hits[0] if len(hits) == 1 else imp.op(ctx, "or", hits, elem, dims)
    imp.set_out(ctx, y)
