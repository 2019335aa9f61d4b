#===- reduction.py - Reduction ONNX ops -----------------------------------===#
#
# Handlers of ReduceSum/Mean/Max/Min/Prod, the reductions composed of those
# (ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum, ReduceLogSumExp) and
# ArgMax/ArgMin, and the ops along one axis: CumSum (graph.cumsum) and TopK
# (graph.top_k), whose axis / k inputs may be computed at run time. Opset 13
# moved ReduceSum's axes (opset 18 the others') from an attribute to an
# input, so both are read; constant axes give graph.reduce_*, axes computed
# at run time graph.dynamic_reduce.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..emit import _attr_dict, _i64_array
from ..errors import _Unsupported
from ..importer import _Node, _Value
from ..registry import _check_kind, _handler


def _reduce_axes(ctx: _Node, x: _Value):
    """(axes, computed): the constant axes as a list (None for the noop of
    noop_with_empty_axes), or, for axes computed at run time, (None, their
    1-D int64 value)."""
    noop = ctx.attr("noop_with_empty_axes", 0) if ctx.schema is not None and \
        "noop_with_empty_axes" in ctx.schema.attributes else 0
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        ctx.used_attrs.add("axes")
        arr = ctx.maybe_const_input(1)
        if arr is None and ctx.has_input(1):
            v = ctx.input(1)
            if v.elem != TensorProto.INT64 or v.rank != 1 or \
                    v.dims[0] is None:
                raise _Unsupported("input 'axes' computed at run time must "
                                   "be a 1-D int64 tensor of a known length")
            if v.dims[0] > 0:
                return None, v
            arr = np.zeros(0, np.int64)
        axes = [] if arr is None else [int(a) for a in arr.reshape(-1)]
    if not axes and noop:
        return None, None
    return axes, None


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


@_handler(" ".join(_REDUCE), "graph.reduce_* / graph.dynamic_reduce",
          "axes (attribute, constant input, or computed: "
          "graph.dynamic_reduce), keepdims, noop_with_empty_axes; "
          "L1/L2/SumSquare/LogSum/LogSumExp are composed of "
          "graph.abs/mul/sqrt/log/exp")
def _reduce(imp, ctx):
    x = ctx.input(0)
    mnemonic, kinds = _REDUCE[ctx.op]
    bool_result = None
    if ctx.op in ("ReduceMax", "ReduceMin") and \
            x.elem == TensorProto.BOOL:
        # any / all: the max / min of 0 and 1, reduced as int32.
        bool_result = x.elem
        x = imp.cast(ctx, x, TensorProto.INT32)
    _check_kind(ctx, x, kinds, mnemonic)
    axes, computed = _reduce_axes(ctx, x)
    keep = bool(ctx.attr("keepdims"))
    if computed is not None:
        # Which dims go is known only at run time.
        n = computed.dims[0]
        fallback = tuple(1 if d == 1 else None for d in x.dims) if keep \
            else (None,) * (x.rank - n)
        elem, dims = ctx.out_type(fallback=lambda: (x.elem, fallback))
    else:
        elem, dims = ctx.out_type(fallback=lambda: (x.elem, _reduced_dims(
            x.dims, axes, keep)))
    if axes is None and computed is None:
        # noop_with_empty_axes: the input itself (composed)
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

    # The reductions' element type (int32 for bool max/min, cast back).
    red_elem = x.elem if bool_result is not None else elem

    def reduce(name, src, keepdims, out_dims):
        """graph.reduce_<name> over the constant axes, or graph.dynamic_reduce
        over the computed ones."""
        if computed is None:
            return imp.op(ctx, "reduce_" + name, [src], red_elem, out_dims,
                          {"axes": _i64_array(axes) if axes else None,
                           "keepdims": None if keepdims else "false"})
        attrs = {"kind": f"#graph.reduce_kind<{name}>",
                 "keepdims": None if keepdims else "false"}
        return imp.op(ctx, "dynamic_reduce", [src, computed], red_elem,
                      out_dims, attrs)

    kind = mnemonic[len("reduce_"):]
    src = x
    if ctx.op == "ReduceL1":
        src = imp.op(ctx, "abs", [x], x.elem, x.dims)
    elif ctx.op in ("ReduceL2", "ReduceSumSquare"):
        src = imp.op(ctx, "mul", [x, x], x.elem, x.dims)
    if ctx.op == "ReduceLogSumExp":
        # log(sum(exp(x - m))) + m with m the max: no overflow.
        kept = dims if keep else (
            _keep_dims(x.dims, axes) if computed is None else
            tuple(1 if d == 1 else None for d in x.dims))
        m = mb = reduce("max", x, True, kept)
        if computed is not None:
            # Which dims of m are 1 is known only at run time, and
            # elementwise ops do not broadcast a `?` dim: graph.expand does.
            shape = imp.op(ctx, "shape_of", [x], TensorProto.INT64,
                           (x.rank,))
            mb = imp.op(ctx, "expand", [m, shape], x.elem, x.dims)
        d = imp.op(ctx, "sub", [x, mb], x.elem, x.dims)
        e = imp.op(ctx, "exp", [d], x.elem, x.dims)
        s = reduce("sum", e, keep, dims)
        lg = imp.op(ctx, "log", [s], elem, dims)
        mk = m if keep else reduce("max", x, False, dims)
        imp.set_out(ctx, imp.op(ctx, "add", [lg, mk], elem, dims))
        return
    if bool_result is not None:
        y = reduce(kind, src, keep, dims)
        imp.set_out(ctx, imp.op(ctx, "cast", [y], bool_result, dims))
        return
    y = reduce(kind, src, keep, dims)
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


@_handler("CumSum", "graph.cumsum",
          "axis (constant or computed: checked at run time), exclusive, "
          "reverse; opsets 11 and 14 (f16/bf16) forms")
def _cumsum(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "cumsum")
    if x.rank == 0:
        raise _Unsupported("a 0-D input has no axis to sum along")
    # The axis stays an operand: ONNX models pass it as a graph input, and
    # the result type does not depend on it.
    axis = ctx.input(1)
    if axis.elem not in (TensorProto.INT32, TensorProto.INT64) or \
            axis.dims not in ((), (1,)):
        raise _Unsupported("input 'axis' must be a 0-D (or 1-element) int32 "
                           "or int64 tensor")
    arr = ctx.maybe_const_input(1)
    if arr is not None and not -x.rank <= int(arr.reshape(-1)[0]) < x.rank:
        raise _Unsupported(f"axis {int(arr.reshape(-1)[0])} is out of range "
                           f"for rank {x.rank}")
    attrs = {"exclusive": "true" if ctx.attr("exclusive") else None,
             "reverse": "true" if ctx.attr("reverse") else None}
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    imp.set_out(ctx, imp.op(ctx, "cumsum", [x, axis], elem, dims, attrs))


@_handler("TopK", "graph.top_k",
          "k (constant or computed: checked at run time), axis, largest, "
          "sorted (results are always sorted); opset 10+ forms (k as an "
          "input), ties to the lower index")
def _top_k(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "top_k")
    if x.rank == 0:
        raise _Unsupported("a 0-D input has no axis to select along")
    k = ctx.input(1)
    if k.elem != TensorProto.INT64 or k.dims != (1,):
        raise _Unsupported("input 'k' must be a 1-element 1-D int64 tensor")
    axis = ctx.attr("axis")
    if not -x.rank <= axis < x.rank:
        raise _Unsupported(f"axis {axis} is out of range for rank {x.rank}")
    arr = ctx.maybe_const_input(1)
    kept = int(arr.reshape(-1)[0]) if arr is not None else None
    out_dims = tuple(kept if i == axis % x.rank else d
                     for i, d in enumerate(x.dims))
    elem, dims = ctx.out_type(0, fallback=lambda: (x.elem, out_dims))
    _, idims = ctx.out_type(1, fallback=lambda: (TensorProto.INT64,
                                                 out_dims))
    attrs = {"axis": f"{axis} : i64",
             "largest": None if ctx.attr("largest") else "false",
             "sorted": None if ctx.attr("sorted") else "false"}
    base = imp.fresh(ctx.node.output[0] or "top_k")
    values = _Value(f"{base}#0", elem, dims)
    indices = _Value(f"{base}#1", TensorProto.INT64, idims)
    imp.emit(f"{base}:2 = graph.top_k {x.ssa}, {k.ssa}"
             f"{_attr_dict(attrs)} : {x.type}, {k.type} -> {values.type}, "
             f"{indices.type} {ctx.loc}")
    imp.set_out(ctx, values, 0)
    if len(ctx.node.output) > 1 and ctx.node.output[1]:
        imp.set_out(ctx, indices, 1)
