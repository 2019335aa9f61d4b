#===- contrib_quantization.py - onnxruntime's QOperator contrib ops -------===#
#
# Handlers of the com.microsoft ops that onnxruntime's quantize_static
# writes in the QOperator format: QLinearAdd, QLinearMul, QGemm,
# QLinearGlobalAveragePool, QLinearSoftmax, QLinearConcat,
# QLinearLeakyRelu, QLinearSigmoid, QLinearAveragePool and QLinearWhere.
# Each is composed as the
# QDQ form would be: its inputs dequantized (mul(sub(cast(q), cast(zp)),
# scale), exactly as DequantizeLinear), the float op, and the result
# quantized back as QuantizeLinear does (round half to even, zero point,
# saturation). So QGemm's product becomes a byte product through
# graph-fold-quantized-products, as a QDQ Gemm does, and the rest are
# elementwise float ops that fuse with their neighbours.
#
# Scales and zero points are per tensor (one element), but QGemm's B ones,
# which may be per output column (per-channel weights).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

from onnx import TensorProto

from ..elements import _elem_name
from ..emit import _f32_attr, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _contrib_handler
from .compose import _Builder, _norm_axis
from .nn import _pool_kernel, _window_attrs, _window_lists
from .quantization import (_check_quant_type, _dequantized, _per_tensor,
                           _quantized, _INT8)

_F32 = TensorProto.FLOAT


def _optional(ctx, i: int) -> Optional[_Value]:
    return ctx.input(i) if ctx.has_input(i) else None


def _scale(ctx, i: int, what: str) -> _Value:
    scale = ctx.input(i)
    if scale.elem != _F32:
        raise _Unsupported(f"{what} has element type "
                           f"{_elem_name(scale.elem)}, expected float")
    return scale


def _dequantize(b: _Builder, x: _Value, scale: _Value,
                zp: Optional[_Value]) -> _Value:
    """(x - zp) * scale in f32, as DequantizeLinear."""
    _check_quant_type(x.elem, "a quantized input", _INT8)
    if zp is not None and zp.elem != x.elem:
        raise _Unsupported(f"a zero point of type {_elem_name(zp.elem)} "
                           f"quantizes an input of {_elem_name(x.elem)}")
    return _dequantized(b, x, scale, zp, _F32)


def _quantize(b: _Builder, y: _Value, scale: _Value,
              zp: Optional[_Value], elem: int) -> _Value:
    """round(y / scale) + zp saturated to `elem`, as QuantizeLinear."""
    _check_quant_type(elem, "the output", _INT8)
    return _quantized(b, y, scale, zp, elem, _F32)


def _output_elem(zp: Optional[_Value], fallback: int) -> int:
    return zp.elem if zp is not None else fallback


def _dequantized_input(b: _Builder, ctx, i: int, scale_name: str) -> _Value:
    """Input `i` dequantized with the per-tensor scale of input i + 1 and
    the optional zero point of input i + 2: the (X, X_scale, X_zero_point)
    triples of the QOperator ops."""
    return _dequantize(b, ctx.input(i), _per_tensor(
        _scale(ctx, i + 1, scale_name), scale_name), _optional(ctx, i + 2))


def _requantized_output(b: _Builder, ctx, y: _Value, i: int,
                        scale_name: str, fallback: int) -> _Value:
    """`y` quantized with the per-tensor scale of input `i` and the
    optional zero point of input i + 1, into the zero point's element type
    (`fallback` without one)."""
    zp = _optional(ctx, i + 1)
    return _quantize(b, y, _per_tensor(_scale(ctx, i, scale_name),
                                       scale_name),
                     zp, _output_elem(zp, fallback))


@_contrib_handler("QLinearAdd QLinearMul",
                  "graph.cast, graph.sub, graph.mul, graph.add / graph.mul, "
                  "graph.div, graph.round, graph.clip",
                  "int8/uint8; per-tensor scales and zero points; numpy "
                  "broadcasting; computed in f32 and requantized as "
                  "QuantizeLinear")
def _qlinear_binary(imp, ctx):
    """com.microsoft QLinearAdd / QLinearMul: C = quantize(dequantize(A)
    op dequantize(B))."""
    b = _Builder(imp, ctx)
    a = _dequantized_input(b, ctx, 0, "A_scale")
    y = _dequantized_input(b, ctx, 3, "B_scale")
    r = b.add(a, y) if ctx.op == "QLinearAdd" else b.mul(a, y)
    imp.set_out(ctx, _requantized_output(b, ctx, r, 6, "C_scale",
                                         ctx.input(0).elem))


@_contrib_handler("QLinearGlobalAveragePool",
                  "graph.cast, graph.sub, graph.mul, graph.global_avg_pool, "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; channels_last=0 (NCHW); per-tensor scales "
                  "and zero points")
def _qlinear_global_avg_pool(imp, ctx):
    """com.microsoft QLinearGlobalAveragePool: the mean over the spatial
    dims of the dequantized input, requantized."""
    b = _Builder(imp, ctx)
    if ctx.attr("channels_last", 0):
        raise _Unsupported("channels_last=1 is not supported")
    x = ctx.input(0)
    if x.rank < 3:
        raise _Unsupported(f"the input must have rank 3 or more, got "
                           f"{x.rank}")
    d = _dequantized_input(b, ctx, 0, "x_scale")
    dims = x.dims[:2] + (1,) * (x.rank - 2)
    pooled = b.op("global_avg_pool", [d], _F32, dims)
    imp.set_out(ctx, _requantized_output(b, ctx, pooled, 3, "y_scale",
                                         x.elem))


@_contrib_handler("QLinearSoftmax",
                  "graph.cast, graph.sub, graph.mul, graph.softmax, "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; opset >= 13 semantics (one axis), or the "
                  "last axis; per-tensor scales and zero points; computed in "
                  "f32 (onnxruntime uses a table of exponentials)")
def _qlinear_softmax(imp, ctx):
    """com.microsoft QLinearSoftmax: softmax of the dequantized input along
    `axis`, requantized."""
    b = _Builder(imp, ctx)
    x = ctx.input(0)
    axis = _norm_axis(ctx.attr("axis", -1), x.rank)
    opset = ctx.attr("opset", 13)
    if opset < 13 and axis != x.rank - 1:
        raise _Unsupported(f"opset {opset} semantics (softmax over the "
                           "flattened trailing dims) are only supported on "
                           "the last axis")
    d = _dequantized_input(b, ctx, 0, "X_scale")
    probs = b.op("softmax", [d], _F32, d.dims, {"axis": f"{axis} : i64"})
    imp.set_out(ctx, _requantized_output(b, ctx, probs, 3, "y_scale",
                                         x.elem))


@_contrib_handler("QGemm",
                  "graph.cast, graph.sub, graph.mul, graph.linear (then "
                  "graph-fold-quantized-products: a byte product), "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; transA=0, transB, alpha; per-tensor A "
                  "parameters, per-tensor or per-column B ones; optional "
                  "int32 bias C (scale a_scale * b_scale); without y_scale "
                  "the output is float")
def _qgemm(imp, ctx):
    """com.microsoft QGemm: Y = alpha * A' B' + C, requantized when y_scale
    is given (else float)."""
    b = _Builder(imp, ctx)
    if ctx.attr("transA", 0):
        raise _Unsupported("transA=1 is not supported")
    trans_b = bool(ctx.attr("transB", 0))
    alpha = float(ctx.attr("alpha", 1.0))
    a, w = ctx.input(0), ctx.input(3)
    if a.rank != 2 or w.rank != 2:
        raise _Unsupported("A and B must be matrices")
    a_scale = _per_tensor(_scale(ctx, 1, "a_scale"), "a_scale")
    da = _dequantize(b, a, a_scale, _optional(ctx, 2))
    b_scale, b_zp = _scale(ctx, 4, "b_scale"), _optional(ctx, 5)
    n = w.dims[0] if trans_b else w.dims[1]

    def per_column(v: Optional[_Value], what: str):
        """A per-column parameter of B, shaped to broadcast over B (a row
        per output column when B is read transposed)."""
        if v is None or all(d == 1 for d in v.dims):
            return v
        if v.rank != 1 or v.dims[0] != n:
            raise _Unsupported(f"'{what}' must hold one element or one per "
                               f"output column ({n}), it has shape "
                               f"{list(v.dims)}")
        return b.reshape(v, [n, 1]) if trans_b else v

    db = _dequantize(b, w, per_column(b_scale, "b_scale"),
                     per_column(b_zp, "b_zero_point"))
    m = a.dims[0]
    ops = [da, db]
    if ctx.has_input(6):
        bias = ctx.input(6)
        if bias.elem != TensorProto.INT32:
            raise _Unsupported(f"C has element type {_elem_name(bias.elem)}, "
                               "expected int32")
        # The bias is quantized with scale a_scale * b_scale, zero point 0.
        ops.append(b.mul(b.cast(bias, _F32), b.mul(a_scale, b_scale)))
    attrs = {"trans_b": "true" if trans_b else None,
             "alpha": _f32_attr(alpha) if alpha != 1.0 else None}
    y = imp.op(ctx, "linear", ops, _F32, (m, n), attrs)
    if not ctx.has_input(7):
        imp.set_out(ctx, y)
        return
    imp.set_out(ctx, _requantized_output(b, ctx, y, 7, "y_scale", a.elem))


@_contrib_handler("QLinearLeakyRelu QLinearSigmoid",
                  "graph.cast, graph.sub, graph.mul, graph.leaky_relu / "
                  "graph.sigmoid, graph.div, graph.round, graph.add, "
                  "graph.clip",
                  "int8/uint8; per-tensor scales and zero points; computed "
                  "in f32 (onnxruntime uses a table of the 256 outputs)")
def _qlinear_activation(imp, ctx):
    """com.microsoft QLinearLeakyRelu / QLinearSigmoid: the activation of
    the dequantized input, requantized."""
    b = _Builder(imp, ctx)
    d = _dequantized_input(b, ctx, 0, "X_scale")
    if ctx.op == "QLinearLeakyRelu":
        y = b.unary("leaky_relu", d,
                    {"alpha": _f32_attr(float(ctx.attr("alpha", 0.01)))})
    else:
        y = b.unary("sigmoid", d)
    imp.set_out(ctx, _requantized_output(b, ctx, y, 3, "Y_scale",
                                         ctx.input(0).elem))


@_contrib_handler("QLinearConcat",
                  "graph.cast, graph.sub, graph.mul per input, graph.concat, "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; inputs (Y_scale, Y_zero_point, then X, "
                  "X_scale, X_zero_point per input); per-tensor scales and "
                  "zero points")
def _qlinear_concat(imp, ctx):
    """com.microsoft QLinearConcat: the dequantized inputs concatenated
    along `axis`, requantized with Y's parameters."""
    b = _Builder(imp, ctx)
    count = len(ctx.node.input) - 2
    if count < 3 or count % 3 != 0:
        raise _Unsupported(f"QLinearConcat takes Y_scale, Y_zero_point and "
                           f"(X, X_scale, X_zero_point) triples, got "
                           f"{len(ctx.node.input)} inputs")
    parts = [_dequantized_input(b, ctx, i, "X_scale")
             for i in range(2, len(ctx.node.input), 3)]
    rank = parts[0].rank
    if any(p.rank != rank for p in parts):
        raise _Unsupported("the inputs of QLinearConcat differ in rank")
    axis = ctx.attr("axis")
    if axis is None:
        raise _Unsupported("QLinearConcat needs its axis attribute")
    axis = _norm_axis(int(axis), rank)
    y = b.concat(parts, axis)
    imp.set_out(ctx, _requantized_output(b, ctx, y, 0, "Y_scale",
                                         ctx.input(2).elem))


def _pooled_size(size, k, stride, begin, end, dilation, ceil_mode):
    """A window op's output size along one dim (ONNX's formula; with
    ceil_mode, a last window starting in the end padding is dropped)."""
    if size is None:
        return None
    span = size + begin + end - ((k - 1) * dilation + 1)
    out = (-(-span // stride) if ceil_mode else span // stride) + 1
    if ceil_mode and (out - 1) * stride >= size + begin:
        out -= 1
    return out


@_contrib_handler("QLinearAveragePool",
                  "graph.cast, graph.sub, graph.mul, graph.avg_pool2d, "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; 2-D NCHW (channels_last=0); strides, pads, "
                  "auto_pad, count_include_pad, ceil_mode; per-tensor "
                  "scales and zero points")
def _qlinear_avg_pool(imp, ctx):
    """com.microsoft QLinearAveragePool: AveragePool of the dequantized
    input, requantized."""
    b = _Builder(imp, ctx)
    if ctx.attr("channels_last", 0):
        raise _Unsupported("channels_last=1 is not supported")
    x = ctx.input(0)
    if x.rank != 4:
        raise _Unsupported(f"only 2-D pooling (a 4-D input) is supported, "
                           f"the input has rank {x.rank}")
    kernel = _pool_kernel(ctx, 2)
    strides, pads, dilations = _window_lists(ctx, x, kernel)
    if dilations != [1, 1]:
        raise _Unsupported("dilations are not supported")
    ceil_mode = bool(ctx.attr("ceil_mode", 0))
    dims = tuple(x.dims[:2]) + tuple(
        _pooled_size(x.dims[2 + i], kernel[i], strides[i], pads[i],
                     pads[2 + i], 1, ceil_mode) for i in range(2))
    d = _dequantized_input(b, ctx, 0, "X_scale")
    attrs = {"kernel_shape": _i64_array(kernel)}
    attrs.update(_window_attrs(strides, pads, dilations))
    if ctx.attr("count_include_pad"):
        attrs["count_include_pad"] = "true"
    if ceil_mode:
        attrs["ceil_mode"] = "true"
    pooled = b.op("avg_pool2d", [d], _F32, dims, attrs)
    imp.set_out(ctx, _requantized_output(b, ctx, pooled, 3, "Y_scale",
                                         x.elem))


@_contrib_handler("QLinearWhere",
                  "graph.cast, graph.sub, graph.mul, graph.select, "
                  "graph.div, graph.round, graph.add, graph.clip",
                  "int8/uint8; inputs (condition, X, x_scale, x_zero_point, "
                  "Y, y_scale, y_zero_point, z_scale, z_zero_point); numpy "
                  "broadcasting; per-tensor scales and zero points")
def _qlinear_where(imp, ctx):
    """com.microsoft QLinearWhere: condition ? dequantize(X) :
    dequantize(Y), requantized with Z's parameters."""
    b = _Builder(imp, ctx)
    condition = ctx.input(0)
    if condition.elem != TensorProto.BOOL:
        raise _Unsupported(f"the condition has element type "
                           f"{_elem_name(condition.elem)}, expected bool")
    z = b.select(condition, _dequantized_input(b, ctx, 1, "x_scale"),
                 _dequantized_input(b, ctx, 4, "y_scale"))
    imp.set_out(ctx, _requantized_output(b, ctx, z, 7, "z_scale",
                                         ctx.input(1).elem))
