#===- composite.py - ONNX ops composed of graph ops -----------------------===#
#
# Handlers of ops that fit no other family and are a fixed composition of
# existing graph ops: OneHot (indices compared with 0..depth-1 along the
# new axis, a graph.range when depth is computed at run time, then a select
# of the on/off values) and EyeLike (a constant: the input's shape must be
# static).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..errors import _Unsupported
from ..registry import _handler
from .compose import _Builder, _norm_axis


@_handler("OneHot", "graph.equal, graph.select (+ graph.range for a "
          "computed depth)", "axis; negative indices count from depth; "
          "depth may be computed")
def _one_hot(imp, ctx):
    idx, depth_v, values = ctx.input(0), ctx.input(1), ctx.input(2)
    b = _Builder(imp, ctx)
    if _kind(idx.elem) not in "fi":
        raise _Unsupported("indices must be numeric")
    if _kind(depth_v.elem) not in "fi":
        raise _Unsupported("depth must be numeric")
    if values.rank != 1 or values.dims[0] not in (None, 2):
        raise _Unsupported("values must hold [off_value, on_value]")
    rank = idx.rank + 1
    axis = _norm_axis(ctx.attr("axis"), rank)
    const_depth = ctx.maybe_const_input(1)
    i64 = TensorProto.INT64
    if const_depth is not None:
        if const_depth.size != 1:
            raise _Unsupported("depth must hold one value")
        depth = int(const_depth.reshape(-1)[0])
        if depth <= 0:
            raise _Unsupported(f"depth {depth} must be positive")
        iota = b.iota(depth, axis, rank, i64)
        depth_scalar = b.scalar(depth, i64)
    else:
        if depth_v.rank > 1 or depth_v.dims not in ((), (1,), (None,)):
            raise _Unsupported("depth must be a scalar")
        d = b.cast(depth_v, i64)
        if d.rank:
            d = b.reshape(d, [], ())
        depth_scalar = d
        seq = b.range(b.scalar(0, i64), d, b.scalar(1, i64),
                      ctx.node.output[0])
        shape = [1] * rank
        shape[axis] = -1
        iota = b.reshape(seq, shape)
    elem, dims = ctx.out_type(fallback=lambda: (values.elem, tuple(
        idx.dims[:axis]) + (None,) + tuple(idx.dims[axis:])))
    k = b.cast(idx, i64)
    # Negative indices count from the back: k + depth where k < 0.
    neg = b.binary("less", k, b.scalar(0, i64))
    k = b.select(neg, b.add(k, depth_scalar), k)
    hot = b.binary("equal", b.unsqueeze(k, [axis]), iota)
    off = b.slice(values, 0, 0, 1)
    on = b.slice(values, 0, 1, 2)
    imp.set_out(ctx, b.select(hot, on, off, dims))


@_handler("EyeLike", "graph.constant", "dtype, k; the input's shape must be "
          "static")
def _eye_like(imp, ctx):
    x = ctx.input(0)
    if x.rank != 2 or None in x.dims:
        raise _Unsupported("the input must be 2-D with a static shape")
    elem = ctx.attr("dtype", None)
    if elem is None:
        elem = x.elem
    _mlir_elem(elem)
    k = int(ctx.attr("k"))
    arr = np.eye(x.dims[0], x.dims[1], k=k)
    if _kind(elem) != "f":
        arr = arr.astype(np.int64)
    imp.set_out(ctx, imp.emit_constant(arr, elem, ctx.node.output[0],
                                       ctx.loc))
