#===- indexing.py - Indexing ONNX ops -------------------------------------===#
#
# Handlers of the ops that select or combine parts of tensors: Concat,
# Slice, Gather, Pad and Split. The graph dialect takes Slice's and Pad's
# operands as attributes, so those inputs must be constant; Split is the
# one op here with several results (`%x:N = graph.split`).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from onnx import TensorProto

from ..elements import _tensor_type
from ..emit import _attr_dict, _f64_attr, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler, _scalar_of


@_handler("Concat", "graph.concat", "axis")
def _concat(imp, ctx):
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "concat", ins, elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Slice", "graph.slice", "starts/ends/axes/steps must be constant")
def _slice(imp, ctx):
    x = ctx.input(0)
    starts = ctx.const_input(1, "starts")
    ends = ctx.const_input(2, "ends")
    axes = ctx.const_input(3, "axes")
    steps = ctx.const_input(4, "steps")
    elem, dims = ctx.out_type()
    attrs = {"starts": _i64_array(starts.reshape(-1)),
             "ends": _i64_array(ends.reshape(-1)),
             "axes": None if axes is None else _i64_array(axes.reshape(-1)),
             "steps": None if steps is None else _i64_array(
                 steps.reshape(-1))}
    imp.set_out(ctx, imp.op(ctx, "slice", [x], elem, dims, attrs))


@_handler("Gather", "graph.gather", "axis; i32/i64 indices")
def _gather(imp, ctx):
    data, idx = ctx.input(0), ctx.input(1)
    if idx.elem not in (TensorProto.INT64, TensorProto.INT32):
        raise _Unsupported("indices must be int32 or int64")
    elem, dims = ctx.out_type()
    axis = ctx.attr("axis")
    imp.set_out(ctx, imp.op(ctx, "gather", [data, idx], elem, dims,
                            {"axis": f"{axis} : i64" if axis else None}))


@_handler("Pad", "graph.pad", "pads/constant_value/axes must be constant; "
          "modes constant, reflect, edge")
def _pad(imp, ctx):
    x = ctx.input(0)
    pads = [int(p) for p in ctx.const_input(1, "pads").reshape(-1)]
    value = ctx.const_input(2, "constant_value")
    axes = ctx.const_input(3, "axes")
    mode = ctx.attr("mode", "constant")
    if mode not in ("constant", "reflect", "edge"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    rank = x.rank
    if axes is not None:
        axes = [int(a) + rank if a < 0 else int(a) for a in axes.reshape(-1)]
        if len(pads) != 2 * len(axes):
            raise _Unsupported("pads must have 2 entries per axis")
        full = [0] * (2 * rank)
        for i, a in enumerate(axes):
            full[a] = pads[i]
            full[rank + a] = pads[len(axes) + i]
        pads = full
    attrs = {"pads": _i64_array(pads)}
    if mode != "constant":
        attrs["mode"] = f"#graph.pad_mode<{mode}>"
    if value is not None and value.size:
        v = _scalar_of(value, "constant_value")
        if v != 0:
            if mode != "constant":
                pass  # ignored by ONNX for these modes
            else:
                attrs["value"] = _f64_attr(float(v))
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "pad", [x], elem, dims, attrs))


@_handler("Split", "graph.split", "axis, constant split or num_outputs")
def _split(imp, ctx):
    x = ctx.input(0)
    axis = ctx.attr("axis")
    split = None
    if ctx.has_attr("split"):
        split = list(ctx.attr("split"))
    elif ctx.has_input(1):
        split = [int(s) for s in ctx.const_input(1, "split").reshape(-1)]
    n = len(ctx.node.output)
    num = ctx.attr("num_outputs", None) if ctx.schema is not None and \
        "num_outputs" in ctx.schema.attributes else None
    attrs = {"axis": f"{axis} : i64" if axis else None}
    if split:
        attrs["split"] = _i64_array(split)
    else:
        attrs["num_outputs"] = f"{num or n} : i64"
    types = [ctx.out_type(i) for i in range(n)]
    base = imp.fresh(ctx.node.output[0])
    result_types = ", ".join(_tensor_type(d, e) for e, d in types)
    imp.emit(f"{base}:{n} = graph.split {x.ssa}{_attr_dict(attrs)} : "
             f"{x.type} -> {result_types} {ctx.loc}")
    for i, (e, d) in enumerate(types):
        if ctx.node.output[i]:
            imp.values[ctx.node.output[i]] = _Value(f"{base}#{i}", e, d)
