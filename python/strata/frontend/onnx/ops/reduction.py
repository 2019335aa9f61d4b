#===- reduction.py - Reduction ONNX ops -----------------------------------===#
#
# Handlers of ReduceSum/Mean/Max/Min/Prod, the reductions composed of those
# (ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum, ReduceLogSumExp) and
# ArgMax/ArgMin. Opset 13 moved ReduceSum's axes (opset 18 the others') from
# an attribute to an input, so both are read; as an input they must be
# constant because graph.reduce_* takes them as an attribute.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from ..emit import _i64_array
from ..importer import _Node, _Value
from ..registry import _check_kind, _handler


def _reduce_axes(ctx: _Node, x: _Value):
    """(axes list or None for noop) from the attribute or the input."""
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        ctx.used_attrs.add("axes")
        arr = ctx.const_input(1, "axes")
        axes = [] if arr is None else [int(a) for a in arr.reshape(-1)]
    noop = ctx.attr("noop_with_empty_axes", 0) if ctx.schema is not None and \
        "noop_with_empty_axes" in ctx.schema.attributes else 0
    if not axes and noop:
        return None
    return axes


_REDUCE = {
    "ReduceSum": ("reduce_sum", "fi"), "ReduceMean": ("reduce_mean", "f"),
    "ReduceMax": ("reduce_max", "fi"), "ReduceMin": ("reduce_min", "fi"),
    "ReduceProd": ("reduce_prod", "fi"),
    # Compositions: (pre-op on x, reduction, post-op on the result).
    "ReduceL1": ("reduce_sum", "fi"), "ReduceL2": ("reduce_sum", "f"),
    "ReduceSumSquare": ("reduce_sum", "fi"),
    "ReduceLogSum": ("reduce_sum", "f"),
    "ReduceLogSumExp": ("reduce_max", "f"),
}


@_handler(" ".join(_REDUCE), "graph.reduce_*", "axes (attribute or constant "
          "input), keepdims, noop_with_empty_axes; L1/L2/SumSquare/LogSum/"
          "LogSumExp are composed of graph.abs/mul/sqrt/log/exp")
def _reduce(imp, ctx):
    x = ctx.input(0)
    mnemonic, kinds = _REDUCE[ctx.op]
    _check_kind(ctx, x, kinds, mnemonic)
    axes = _reduce_axes(ctx, x)
    keep = bool(ctx.attr("keepdims"))
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, _reduced_dims(
        x.dims, axes, keep)))
    if axes is None:  # noop_with_empty_axes: the input itself (composed)
        y = x
        if ctx.op == "ReduceL1":
            y = imp.op(ctx, "abs", [x], elem, dims)
        elif ctx.op == "ReduceL2":
            y = imp.op(ctx, "abs", [x], elem, dims)
        elif ctx.op == "ReduceSumSquare":
            y = imp.op(ctx, "mul", [x, x], elem, dims)
        elif ctx.op in ("ReduceLogSum", "ReduceLogSumExp"):
            y = imp.op(ctx, "log", [x], elem, dims) if \
                ctx.op == "ReduceLogSum" else x
        imp.set_out(ctx, y)
        return
    attrs = {"axes": _i64_array(axes) if axes else None,
             "keepdims": None if keep else "false"}
    src = x
    if ctx.op == "ReduceL1":
        src = imp.op(ctx, "abs", [x], x.elem, x.dims)
    elif ctx.op in ("ReduceL2", "ReduceSumSquare"):
        src = imp.op(ctx, "mul", [x, x], x.elem, x.dims)
    if ctx.op == "ReduceLogSumExp":
        # log(sum(exp(x - m))) + m with m the max: no overflow.
        m = imp.op(ctx, "reduce_max", [x], elem, dims if keep else None or
                   _keep_dims(x.dims, axes), {"axes": attrs["axes"]})
        d = imp.op(ctx, "sub", [x, m], x.elem, x.dims)
        e = imp.op(ctx, "exp", [d], x.elem, x.dims)
        s = imp.op(ctx, "reduce_sum", [e], elem, dims, attrs)
        lg = imp.op(ctx, "log", [s], elem, dims)
        mk = m
        if not keep:
            mk = imp.op(ctx, "reduce_max", [x], elem, dims, attrs)
        imp.set_out(ctx, imp.op(ctx, "add", [lg, mk], elem, dims))
        return
    y = imp.op(ctx, mnemonic, [src], elem, dims, attrs)
    if ctx.op == "ReduceL2":
        y = imp.op(ctx, "sqrt", [y], elem, dims)
    elif ctx.op == "ReduceLogSum":
        y = imp.op(ctx, "log", [y], elem, dims)
    imp.set_out(ctx, y)


def _reduced_dims(dims, axes, keep: bool) -> tuple:
    """The result dims of reducing `dims` over `axes` (None: no-op; empty:
    all), for when ONNX shape inference gave none (computed axes that the
    importer found constant)."""
    if axes is None:
        return tuple(dims)
    rank = len(dims)
    norm = {a + rank if a < 0 else a for a in axes} if axes else set(
        range(rank))
    return tuple(1 if i in norm else d for i, d in enumerate(dims)
                 if keep or i not in norm)


def _keep_dims(dims, axes):
    rank = len(dims)
    norm = {a + rank if a < 0 else a for a in axes} if axes else set(
        range(rank))
    return tuple(1 if i in norm else d for i, d in enumerate(dims))


@_handler("ArgMax ArgMin", "graph.argmax / graph.argmin",
          "axis, keepdims, select_last_index")
def _arg_reduce(imp, ctx):
    x = ctx.input(0)
    mnemonic = ctx.op.lower()
    _check_kind(ctx, x, "fi", mnemonic)
    attrs = {"axis": f"{ctx.attr('axis')} : i64",
             "keepdims": None if ctx.attr("keepdims") else "false",
             "select_last_index": "true" if ctx.attr("select_last_index")
             else None}
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims, attrs))
