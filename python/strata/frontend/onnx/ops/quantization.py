#===- quantization.py - Linear quantization ONNX ops ----------------------===#
#
# Handlers of QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear and
# the integer products MatMulInteger, ConvInteger, QLinearMatMul and
# QLinearConv, composed of graph casts, arithmetic, graph.round (half to
# even, as ONNX rounds), graph.clip (saturation) and the graph products.
#
# Scales and zero points may be computed at run time; per-axis ones are
# reshaped to broadcast along their axis and blocked ones are gathered to
# the input's shape (each scale repeated block_size times along the axis).
#
# Integer products are exact: matmuls multiply and accumulate in i32 (as
# ONNX's int32 results do), convolutions in f64 (graph convolutions take
# floats; |x - zp| and |w - zp| are below 2^8, so sums stay exact far
# beyond any kernel size, below 2^53). Requantization follows the
# reference: the i32 accumulator times the combined scale in f64, plus the
# zero point, rounded and saturated to the output type.
#
# The graph dialect has no 4-bit or float8 types, so those variants
# (int4/uint4, float8*, float4e2m1, QuantizeLinear's float8 `saturate`) are
# reported.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

import numpy as np
from onnx import TensorProto

from ..elements import _elem_name
from ..errors import _Unsupported
from ..importer import _Node, _Value
from ..registry import _handler
from .compose import _Builder, _norm_axis
from .nn import _conv_attrs, _conv_op, _matmul_dims, _with_unit_height


#: The integer types quantization saturates to, with their ranges.
_QUANT_RANGE = {
    TensorProto.UINT8: (0, 255),
    TensorProto.INT8: (-128, 127),
    TensorProto.UINT16: (0, 65535),
    TensorProto.INT16: (-32768, 32767),
}

#: Quantized types ONNX has and the graph dialect does not.
_NO_GRAPH_TYPE = (TensorProto.UINT4, TensorProto.INT4,
                  TensorProto.FLOAT8E4M3FN, TensorProto.FLOAT8E4M3FNUZ,
                  TensorProto.FLOAT8E5M2, TensorProto.FLOAT8E5M2FNUZ,
                  TensorProto.FLOAT4E2M1)

_FLOATS = (TensorProto.FLOAT, TensorProto.FLOAT16, TensorProto.BFLOAT16,
           TensorProto.DOUBLE)


def _check_quant_type(elem: int, what: str, allowed=tuple(_QUANT_RANGE)):
    """Reports a quantized type other than the `allowed` integer ones."""
    if elem in allowed:
        return
    if elem in _NO_GRAPH_TYPE:
        raise _Unsupported(f"quantization to or from {_elem_name(elem)} is "
                           "not supported (the graph dialect has no 4-bit or "
                           "float8 types)")
    names = ", ".join(_elem_name(e) for e in allowed)
    raise _Unsupported(f"{what} has element type {_elem_name(elem)}, "
                       f"expected one of {names}")


def _check_float(v: _Value, what: str):
    if v.elem not in _FLOATS:
        raise _Unsupported(f"{what} has element type {_elem_name(v.elem)}, "
                           "expected a float type")


def _quant_param(b: _Builder, v: _Value, x: _Value, axis: int,
                 block_size: int, what: str) -> _Value:
    """Scale or zero point `v` made to broadcast against `x`: a scalar (or a
    single element) as it is, a 1-D per-axis tensor reshaped to size-1 dims
    but along `axis`, a blocked one (block_size > 0) repeated block_size
    times along `axis` (graph.gather of index // block_size)."""
    if v.rank == 0 or (v.rank == 1 and v.dims[0] == 1 and block_size <= 0):
        if x.rank == 0 and v.rank == 1:
            return b.reshape(v, [])
        return v
    a = _norm_axis(axis, x.rank)
    if block_size <= 0:
        if v.rank != 1:
            raise _Unsupported(f"'{what}' must be a scalar or a 1-D tensor "
                               f"without block_size, it has rank {v.rank}")
        shape = [1] * x.rank
        shape[a] = -1 if v.dims[0] is None else v.dims[0]
        return b.reshape(v, shape)
    if v.rank != x.rank:
        raise _Unsupported(f"blocked '{what}' must have the input's rank "
                           f"{x.rank}, it has rank {v.rank}")
    size = x.dims[a]
    if size is None:
        raise _Unsupported("blocked quantization needs a static size along "
                           "the axis")
    index = b.const(np.arange(size, dtype=np.int64) // block_size,
                    TensorProto.INT64, "block_index")
    dims = v.dims[:a] + (size,) + v.dims[a + 1:]
    return b.op("gather", [v, index], v.elem, dims, {"axis": f"{a} : i64"},
                hint="blocked")


def _saturate(b: _Builder, y: _Value, elem: int) -> _Value:
    """Float `y` (integer-valued) clipped to `elem`'s range and cast."""
    lo, hi = _QUANT_RANGE[elem]
    return b.cast(b.clip(y, float(lo), float(hi)), elem)


def _per_axis(b: _Builder, x: _Value, axis: int, block_size: int):
    """The shaping of QuantizeLinear/DequantizeLinear parameters against
    `x` (see _quant_param), for _quantized and _dequantized."""
    return lambda v, what: _quant_param(b, v, x, axis, block_size, what)


def _as_is(v: _Value, what: str) -> _Value:
    """Parameters that broadcast as they are (per-tensor ones)."""
    return v


def _quantized(b: _Builder, x: _Value, scale: _Value, zp: Optional[_Value],
               out: int, div_elem: int, param=_as_is) -> _Value:
    """QuantizeLinear: round(x / scale) + zp saturated to `out`. The
    quotient in `div_elem`, rounded half to even in its own type; adding
    the zero point and saturating in f32 (f64 for f64) is exact: a rounded
    quotient beyond 2^23 saturates whatever is added to it. `param` shapes
    the scale and zero point to broadcast against `x`."""
    acc = TensorProto.DOUBLE if div_elem == TensorProto.DOUBLE else \
        TensorProto.FLOAT
    q = b.unary("round", b.div(b.cast(x, div_elem),
                               b.cast(param(scale, "y_scale"), div_elem)))
    q = b.cast(q, acc)
    if zp is not None:
        q = b.add(q, b.cast(param(zp, "y_zero_point"), acc))
    return _saturate(b, q, out)


def _dequantized(b: _Builder, x: _Value, scale: _Value,
                 zp: Optional[_Value], acc: int, param=_as_is) -> _Value:
    """DequantizeLinear: (x - zp) * scale in `acc` (f32, or f64), x
    converted through f32 as the ONNX reference does. `param` shapes the
    scale and zero point to broadcast against `x`."""
    d = b.cast(b.cast(x, TensorProto.FLOAT), acc)
    if zp is not None:
        d = b.sub(d, b.cast(param(zp, "x_zero_point"), acc))
    return b.mul(d, b.cast(param(scale, "x_scale"), acc))


#===----------------------------------------------------------------------===#
# QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear
#===----------------------------------------------------------------------===#


@_handler("QuantizeLinear",
          "graph.div, graph.round, graph.cast, graph.add, graph.clip "
          "(+ graph.reshape / graph.gather for per-axis / blocked scales)",
          "int8, uint8, int16, uint16 outputs; per-tensor, per-axis and "
          "blocked scales and zero points; output_dtype, precision; "
          "x / y_scale in y_scale's type (or `precision`), rounded half to "
          "even; no 4-bit or float8 outputs (saturate applies only to those)")
def _quantize_linear(imp, ctx):
    """Opsets 13 to 24: axis (13), saturate (19), block_size and
    output_dtype (21), precision (23); round(x / y_scale) + y_zero_point
    saturated, the quotient rounded half to even in its own type."""
    b = _Builder(imp, ctx)
    x, scale = ctx.input(0), ctx.input(1)
    zp = ctx.input(2) if ctx.has_input(2) else None
    axis = ctx.attr("axis", 1)
    block_size = ctx.attr("block_size", 0)
    out_dtype = ctx.attr("output_dtype", 0)
    precision = ctx.attr("precision", 0)
    saturate = ctx.attr("saturate", 1)
    out = zp.elem if zp is not None else (out_dtype or TensorProto.UINT8)
    if zp is not None and out_dtype and out_dtype != zp.elem:
        raise _Unsupported(f"output_dtype={_elem_name(out_dtype)} differs "
                           f"from the zero point's {_elem_name(zp.elem)}")
    if not saturate and out in _NO_GRAPH_TYPE:
        raise _Unsupported("saturate=0 (float8 outputs) is not supported")
    _check_quant_type(out, "the output")
    if x.elem not in _FLOATS + (TensorProto.INT32,):
        raise _Unsupported(f"x has element type {_elem_name(x.elem)}")
    _check_float(scale, "y_scale")
    div_elem = precision or scale.elem
    if div_elem not in _FLOATS:
        raise _Unsupported(f"precision={_elem_name(div_elem)} is not a "
                           "supported float type")
    imp.set_out(ctx, _quantized(b, x, scale, zp, out, div_elem,
                                _per_axis(b, x, axis, block_size)))


@_handler("DequantizeLinear",
          "graph.cast, graph.sub, graph.mul "
          "(+ graph.reshape / graph.gather for per-axis / blocked scales)",
          "int8, uint8, int16, uint16, int32 inputs; per-tensor, per-axis "
          "and blocked scales and zero points; output_dtype; computed in "
          "f32 and rounded once to the output type (f64 for int32 inputs "
          "with a zero point), as the ONNX reference does; no 4-bit or "
          "float8 inputs")
def _dequantize_linear(imp, ctx):
    """Opsets 13 to 24: axis (13), block_size (21), output_dtype (23);
    (x - x_zero_point) * x_scale."""
    b = _Builder(imp, ctx)
    x, scale = ctx.input(0), ctx.input(1)
    zp = ctx.input(2) if ctx.has_input(2) else None
    axis = ctx.attr("axis", 1)
    block_size = ctx.attr("block_size", 0)
    out_dtype = ctx.attr("output_dtype", 0)
    _check_quant_type(x.elem, "x", tuple(_QUANT_RANGE) + (TensorProto.INT32,))
    _check_float(scale, "x_scale")
    if zp is not None and zp.elem != x.elem:
        raise _Unsupported(f"the zero point's type {_elem_name(zp.elem)} "
                           f"differs from x's {_elem_name(x.elem)}")
    out = out_dtype or scale.elem
    if out not in _FLOATS:
        raise _Unsupported(f"output_dtype={_elem_name(out)} is not a float "
                           "type")
    # The reference's x.astype(float32) - zero_point: exact below 2^24
    # (every type but int32, where numpy subtracts an int32 zero point in
    # f64 after rounding x to f32).
    acc = TensorProto.DOUBLE if scale.elem == TensorProto.DOUBLE or (
        x.elem == TensorProto.INT32 and zp is not None) else TensorProto.FLOAT
    imp.set_out(ctx, b.cast(_dequantized(b, x, scale, zp, acc, _per_axis(
        b, x, axis, block_size)), out))


@_handler("DynamicQuantizeLinear",
          "graph.reduce_min, graph.reduce_max, graph.min, graph.max, "
          "graph.sub, graph.div, graph.equal, graph.select, graph.round, "
          "graph.add, graph.clip, graph.cast",
          "uint8 output; scale (max(x, 0) - min(x, 0)) / 255 (1/255 when "
          "both are 0), zero point round(clip(-min / scale, 0, 255))")
def _dynamic_quantize_linear(imp, ctx):
    """Opsets 13 to 24 (the op is unchanged since 11): outputs y, y_scale,
    y_zero_point, as the ONNX reference computes them in f32."""
    b = _Builder(imp, ctx)
    x = ctx.input(0)
    if x.elem != TensorProto.FLOAT:
        raise _Unsupported(f"x has element type {_elem_name(x.elem)}, "
                           "expected float")
    f32 = TensorProto.FLOAT
    zero = b.scalar(0.0, f32)
    hi = b.binary("max", b.reduce("reduce_max", x, [], keepdims=False,
                                  dims=()), zero)
    lo = b.binary("min", b.reduce("reduce_min", x, [], keepdims=False,
                                  dims=()), zero)
    span = b.sub(hi, lo)
    span = b.select(b.binary("equal", span, zero), b.scalar(1.0, f32), span)
    scale = b.div(span, b.scalar(255.0, f32))
    zp = b.unary("round", b.clip(b.sub(zero, b.div(lo, scale)), 0.0, 255.0))
    q = b.add(b.unary("round", b.div(x, scale)), zp)
    imp.set_out(ctx, b.cast(b.clip(q, 0.0, 255.0), TensorProto.UINT8))
    imp.set_out(ctx, scale, 1)
    imp.set_out(ctx, b.cast(zp, TensorProto.UINT8), 2)


#===----------------------------------------------------------------------===#
# Integer products
#===----------------------------------------------------------------------===#


_INT8 = (TensorProto.INT8, TensorProto.UINT8)


def _per_tensor(v: _Value, what: str) -> _Value:
    """Reports `v` unless it holds one element (per-tensor quantization)."""
    if any(d != 1 for d in v.dims):
        raise _Unsupported(f"'{what}' must hold one element (per-tensor), "
                           f"it has shape {list(v.dims)}")
    return v


def _per_row(b: _Builder, v: _Value) -> _Value:
    """A matmul A's per-row scale or zero point (1-D, more than one
    element) as a column, so that it broadcasts along rows; N-D ones
    ([..., M, 1]) and single elements broadcast as they are."""
    if v.rank == 1 and v.dims[0] != 1:
        return b.reshape(v, [-1, 1])
    return v


def _per_channel(b: _Builder, v: _Value, rank: int, axis: int,
                 what: str) -> _Value:
    """A convolution's per-output-channel scale or zero point (1-D, more
    than one element) with size-1 dims but at `axis` of a rank-`rank`
    tensor (0 for the weight, 1 for the result)."""
    if v.rank == 1 and v.dims[0] != 1:
        shape = [1] * rank
        shape[axis] = -1
        return b.reshape(v, shape)
    return _per_tensor(v, what)


def _shifted(b: _Builder, v: _Value, zp: Optional[_Value], elem: int,
             layout: str, what: str) -> _Value:
    """`v` - `zp` in `elem` (i32 or f64). `layout` says how a zero point of
    more than one element applies: "row" (a matmul's A), "column" (a
    matmul's B: it broadcasts as it is), "channel" (a convolution weight,
    per output channel), "tensor" (none may)."""
    _check_quant_type(v.elem, "the operand", _INT8)
    out = b.cast(v, elem)
    if zp is None:
        return out
    _check_quant_type(zp.elem, what, _INT8)
    if zp.elem != v.elem:
        raise _Unsupported(f"{what} has type {_elem_name(zp.elem)}, its "
                           f"operand {_elem_name(v.elem)}")
    if layout == "row":
        zp = _per_row(b, zp)
    elif layout == "channel":
        zp = _per_channel(b, zp, v.rank, 0, what)
    elif layout == "tensor":
        zp = _per_tensor(zp, what)
    return b.sub(out, b.cast(zp, elem))


@_handler("MatMulInteger", "graph.cast, graph.sub, graph.matmul (i32)",
          "int8/uint8 operands, optional per-tensor, per-row (A) and "
          "per-column (B) zero points; int32 products and sums")
def _matmul_integer(imp, ctx):
    """Opsets 13 to 24 (unchanged since 10): (A - a_zero_point) @
    (B - b_zero_point) in int32."""
    b = _Builder(imp, ctx)
    i32 = TensorProto.INT32
    a = _shifted(b, ctx.input(0), ctx.input(2) if ctx.has_input(2) else None,
                 i32, "row", "a_zero_point")
    w = _shifted(b, ctx.input(1), ctx.input(3) if ctx.has_input(3) else None,
                 i32, "column", "b_zero_point")
    elem, dims = ctx.out_type(fallback=lambda: (i32, _matmul_dims(a.dims,
                                                                  w.dims)))
    imp.set_out(ctx, b.op("matmul", [a, w], i32, dims))


def _requantize(b: _Builder, acc: _Value, scale: _Value,
                zp: Optional[_Value], out: int) -> _Value:
    """round(acc * scale + zp) saturated to `out`, in f64 as the reference
    computes int32 * float."""
    f64 = TensorProto.DOUBLE
    y = b.mul(b.cast(acc, f64), b.cast(scale, f64))
    if zp is not None:
        y = b.add(y, b.cast(zp, f64))
    return _saturate(b, b.unary("round", y), out)


@_handler("QLinearMatMul",
          "graph.cast, graph.sub, graph.matmul (i32), graph.mul, graph.div, "
          "graph.add, graph.round, graph.clip",
          "int8/uint8; per-tensor, per-row (a) and per-column (b) scales and "
          "zero points; round(a_scale * b_scale / y_scale (in the scales' "
          "type) * int32 sum + y_zero_point) saturated; no float8")
def _qlinear_matmul(imp, ctx):
    """Opsets 13 to 24 (10; 21 only adds float8 types): the int32 product
    of the shifted operands, requantized. Saturates as the spec says (the
    onnx 1.19 reference wraps; onnx/onnx#7835)."""
    b = _Builder(imp, ctx)
    i32 = TensorProto.INT32
    a_in, b_in = ctx.input(0), ctx.input(3)
    a = _shifted(b, a_in, ctx.input(2), i32, "row", "a_zero_point")
    w = _shifted(b, b_in, ctx.input(5), i32, "column", "b_zero_point")
    a_scale, b_scale, y_scale = ctx.input(1), ctx.input(4), ctx.input(6)
    for v, what in ((a_scale, "a_scale"), (b_scale, "b_scale"),
                    (y_scale, "y_scale")):
        _check_float(v, what)
    if not a_scale.elem == b_scale.elem == y_scale.elem:
        names = ", ".join(_elem_name(v.elem) for v in (a_scale, b_scale,
                                                      y_scale))
        raise _Unsupported(f"a_scale, b_scale and y_scale must have one "
                           f"element type, not {names}")
    y_zp = ctx.input(7)
    _check_quant_type(y_zp.elem, "y_zero_point", _INT8)
    dims = _matmul_dims(a.dims, w.dims)
    acc = b.op("matmul", [a, w], i32, dims)
    scale = b.div(b.mul(_per_row(b, a_scale), b_scale), y_scale)
    y = _requantize(b, acc, scale, y_zp, y_zp.elem)
    ctx.out_type(fallback=lambda: (y_zp.elem, dims))
    imp.set_out(ctx, y)


def _integer_conv(imp, ctx: _Node, x: _Value, w: _Value,
                  bias: Optional[_Value]) -> _Value:
    """The f64 convolution of shifted operands `x`, `w` (f64), with the
    window attributes of ConvInteger / QLinearConv (as Conv reads them)."""
    n, mnemonic = _conv_op(x)
    attrs = _conv_attrs(ctx, x, w)
    _, dims = ctx.out_type()
    return _with_unit_height(imp, ctx, n, mnemonic, [x, w],
                             [bias] if bias is not None else [],
                             TensorProto.DOUBLE, dims, attrs)


@_handler("ConvInteger",
          "graph.cast, graph.sub, graph.conv2d / graph.conv3d (f64; 1-D: + "
          "graph.unsqueeze, graph.squeeze)",
          "int8/uint8; as Conv (1-D to 3-D, strides, pads, dilations, "
          "auto_pad, group); per-tensor x zero point, per-tensor or "
          "per-output-channel w zero point; exact int32 results")
def _conv_integer(imp, ctx):
    """Opsets 13 to 24 (unchanged since 10): Conv of the shifted operands,
    as int32."""
    b = _Builder(imp, ctx)
    f64 = TensorProto.DOUBLE
    x = _shifted(b, ctx.input(0), ctx.input(2) if ctx.has_input(2) else None,
                 f64, "tensor", "x_zero_point")
    w = _shifted(b, ctx.input(1), ctx.input(3) if ctx.has_input(3) else None,
                 f64, "channel", "w_zero_point")
    y = _integer_conv(imp, ctx, x, w, None)
    imp.set_out(ctx, b.cast(y, TensorProto.INT32))


@_handler("QLinearConv",
          "graph.cast, graph.sub, graph.conv2d / graph.conv3d (f64; 1-D: + "
          "graph.unsqueeze, graph.squeeze), graph.mul, graph.div, graph.add, "
          "graph.round, graph.clip",
          "int8/uint8; as Conv (1-D to 3-D, strides, pads, dilations, "
          "auto_pad, group); per-tensor or per-output-channel w scale and "
          "zero point; optional int32 bias; exact sums, then "
          "round(x_scale * w_scale / y_scale * sum + y_zero_point) saturated")
def _qlinear_conv(imp, ctx):
    """Opsets 13 to 24 (unchanged since 10): Conv of the shifted operands
    plus B, requantized."""
    b = _Builder(imp, ctx)
    f64 = TensorProto.DOUBLE
    x = _shifted(b, ctx.input(0), ctx.input(2), f64, "tensor",
                 "x_zero_point")
    w = _shifted(b, ctx.input(3), ctx.input(5), f64, "channel",
                 "w_zero_point")
    bias = None
    if ctx.has_input(8):
        bias = ctx.input(8)
        if bias.elem != TensorProto.INT32:
            raise _Unsupported(f"B has element type {_elem_name(bias.elem)}, "
                               "expected int32")
        bias = b.cast(bias, f64)
    x_scale, w_scale, y_scale = ctx.input(1), ctx.input(4), ctx.input(6)
    for v, what in ((x_scale, "x_scale"), (w_scale, "w_scale"),
                    (y_scale, "y_scale")):
        _check_float(v, what)
    y_zp = _per_tensor(ctx.input(7), "y_zero_point")
    _check_quant_type(y_zp.elem, "y_zero_point", _INT8)
    acc = _integer_conv(imp, ctx, x, w, bias)
    w_scale = _per_channel(b, w_scale, acc.rank, 1, "w_scale")
    scale = b.div(b.mul(_per_tensor(x_scale, "x_scale"), w_scale),
                  _per_tensor(y_scale, "y_scale"))
    imp.set_out(ctx, _requantize(b, acc, scale, y_zp, y_zp.elem))

