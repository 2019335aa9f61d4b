#===- normalization.py - Normalization ONNX ops ---------------------------===#
#
# Handlers of the normalizations the graph dialect has no op of its own for,
# composed of existing ones: RMSNormalization, GroupNormalization and
# InstanceNormalization (graph.layer_norm over the trailing dims of a
# reshaped or plain input, then the per-channel scale and bias),
# MeanVarianceNormalization, LpNormalization and LRN (the window sum over
# channels as a sum of shifted slices of the padded squares).
#
# (BatchNormalization and LayerNormalization map to graph ops: nn.py.)
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..emit import _f32_attr
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler
from .compose import _Builder, _norm_axis


def _stash_elem(ctx, x: _Value) -> int:
    """The element type of the statistics (stash_type; the input's when the
    opset has no such attribute)."""
    if ctx.schema is None or "stash_type" not in ctx.schema.attributes:
        return x.elem
    stash = ctx.attr("stash_type")
    _mlir_elem(stash)
    if _kind(stash) != "f":
        raise _Unsupported(f"attribute stash_type={stash} is not a float "
                           "type")
    return stash


def _reshape_like(b: _Builder, y: _Value, x: _Value, dims) -> _Value:
    """`y` reshaped to the shape of `x` (whose dims 0 agree): a constant
    shape when at most one of the other dims is unknown, else shape_of."""
    unknown = [i for i, d in enumerate(x.dims) if d is None and i > 0]
    if len(unknown) <= 1:
        shape = [0] + [-1 if d is None else d for d in x.dims[1:]]
        return b.reshape(y, shape, dims)
    shape = b.op("shape_of", [x], TensorProto.INT64, (x.rank,))
    return b.op("reshape", [y, shape], y.elem, dims)


def _ones(b: _Builder, elem: int) -> _Value:
    return b.const(np.ones(1), elem, "one")


def _layer_norm_last(b: _Builder, x: _Value, axis: int, eps: float) -> _Value:
    """(x - mean) / sqrt(var + eps) over dims [axis, rank) of `x`."""
    return b.op("layer_norm", [x, _ones(b, x.elem)], x.elem, x.dims,
                {"axis": f"{axis} : i64", "epsilon": _f32_attr(eps)})


def _channel_param(b: _Builder, p: _Value, rank: int) -> _Value:
    """A per-channel (C) parameter shaped (C, 1, ..., 1) to broadcast
    against an (N, C, D1, ...) tensor of rank `rank`."""
    if p.rank != 1:
        raise _Unsupported("scale and bias must be 1-D")
    if rank <= 2:
        return p
    return b.unsqueeze(p, list(range(1, rank - 1)))


@_handler("RMSNormalization", "graph.mul, graph.reduce_mean, graph.rsqrt "
          "(+ graph.cast to and from stash_type)",
          "axis, epsilon, stash_type", opsets=(23, 24))
def _rms_norm(imp, ctx):
    x, scale = ctx.input(0), ctx.input(1)
    _check_kind(ctx, x, "f", "rsqrt")
    b = _Builder(imp, ctx)
    axis = _norm_axis(ctx.attr("axis"), x.rank)
    eps = ctx.attr("epsilon")
    stash = _stash_elem(ctx, x)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    xs = b.cast(x, stash)
    ms = b.reduce("reduce_mean", b.mul(xs, xs), list(range(axis, x.rank)))
    r = b.unary("rsqrt", b.add(ms, b.scalar(eps, stash)))
    y = b.cast(b.mul(xs, r), x.elem)
    imp.set_out(ctx, b.mul(y, scale, dims))


@_handler("GroupNormalization", "graph.reshape, graph.layer_norm, graph.mul, "
          "graph.add", "num_groups, epsilon, stash_type; opset 18's "
          "per-group scale and bias too; the channel count must be static",
          opsets=(18, 24))
def _group_norm(imp, ctx):
    x, scale, bias = ctx.input(0), ctx.input(1), ctx.input(2)
    _check_kind(ctx, x, "f", "layer_norm")
    if x.rank < 2:
        raise _Unsupported("the input must have rank 2 or more")
    b = _Builder(imp, ctx)
    groups = int(ctx.attr("num_groups"))
    eps = ctx.attr("epsilon")
    stash = _stash_elem(ctx, x)
    channels = x.dims[1]
    if channels is None:
        raise _Unsupported("the channel count (dim 1) must be static")
    if groups <= 0 or channels % groups:
        raise _Unsupported(f"num_groups={groups} does not divide the "
                           f"{channels} channels")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    per_group = ctx.since < 21  # opset 18: scale and bias are (num_groups)
    xs = b.cast(x, stash)
    xg = b.reshape(xs, [0, groups, -1])
    y = _layer_norm_last(b, xg, 2, eps)
    if per_group:
        y = b.cast(y, x.elem)
        y = b.mul(y, b.unsqueeze(scale, [1]))
        y = b.add(y, b.unsqueeze(bias, [1]))
        imp.set_out(ctx, _reshape_like(b, y, x, dims))
        return
    y = b.cast(_reshape_like(b, y, x, x.dims), x.elem)
    y = b.mul(y, _channel_param(b, scale, x.rank))
    imp.set_out(ctx, b.add(y, _channel_param(b, bias, x.rank), dims))


@_handler("InstanceNormalization", "graph.layer_norm, graph.mul, graph.add",
          "epsilon; input rank 3 or more")
def _instance_norm(imp, ctx):
    x, scale, bias = ctx.input(0), ctx.input(1), ctx.input(2)
    _check_kind(ctx, x, "f", "layer_norm")
    if x.rank < 3:
        raise _Unsupported("the input must have rank 3 or more")
    b = _Builder(imp, ctx)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    y = _layer_norm_last(b, x, 2, ctx.attr("epsilon"))
    y = b.mul(y, _channel_param(b, scale, x.rank))
    imp.set_out(ctx, b.add(y, _channel_param(b, bias, x.rank), dims))


@_handler("MeanVarianceNormalization", "graph.reduce_mean, graph.sub, "
          "graph.mul, graph.sqrt, graph.div",
          "axes; (x - mean) / (std + 1e-9)")
def _mvn(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "reduce_mean")
    b = _Builder(imp, ctx)
    axes = [_norm_axis(a, x.rank) for a in ctx.attr("axes")]
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    mean = b.reduce("reduce_mean", x, axes)
    d = b.sub(x, mean, x.dims)
    var = b.reduce("reduce_mean", b.mul(d, d), axes)
    std = b.add(b.unary("sqrt", var), b.scalar(1e-9, x.elem))
    imp.set_out(ctx, b.div(d, std, dims))


@_handler("LpNormalization", "graph.abs / graph.mul, graph.reduce_sum, "
          "graph.sqrt, graph.div", "axis, p (1 or 2)")
def _lp_norm(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "reduce_sum")
    b = _Builder(imp, ctx)
    axis = _norm_axis(ctx.attr("axis"), x.rank)
    p = ctx.attr("p")
    if p not in (1, 2):
        raise _Unsupported(f"attribute p={p} is not supported (1 or 2)")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    if p == 1:
        norm = b.reduce("reduce_sum", b.unary("abs", x), [axis])
    else:
        norm = b.unary("sqrt", b.reduce("reduce_sum", b.mul(x, x), [axis]))
    imp.set_out(ctx, b.div(x, norm, dims))


@_handler("LRN", "graph.mul, graph.pad, graph.slice, graph.add, graph.pow, "
          "graph.div", "alpha, beta, bias, size; input rank 3 or more")
def _lrn(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "pow")
    if x.rank < 3:
        raise _Unsupported("the input must have rank 3 or more")
    b = _Builder(imp, ctx)
    alpha, beta = ctx.attr("alpha"), ctx.attr("beta")
    bias, size = ctx.attr("bias"), int(ctx.attr("size"))
    if size < 1:
        raise _Unsupported(f"attribute size={size} must be positive")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    before, after = (size - 1) // 2, size // 2
    sq = b.mul(x, x)
    # square_sum[c] = sum of sq[c - before .. c + after] (zero outside).
    total = sq
    if size > 1:
        pads = [0] * (2 * x.rank)
        pads[1], pads[x.rank + 1] = before, after
        padded = b.pad(sq, pads)
        total = None
        for i in range(size):
            end = i - (size - 1)
            part = b.slice(padded, 1, i, end if end < 0 else 2**63 - 1)
            total = part if total is None else b.add(total, part, x.dims)
    t = b.mul(total, b.scalar(alpha / size, x.elem))
    t = b.add(t, b.scalar(bias, x.elem))
    t = b.binary("pow", t, b.scalar(beta, x.elem))
    imp.set_out(ctx, b.div(x, t, dims))
