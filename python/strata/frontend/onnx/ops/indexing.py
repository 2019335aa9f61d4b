#===- indexing.py - Indexing ONNX ops -------------------------------------===#
#
# Handlers of the ops that select or combine parts of tensors: Concat,
# Slice, Gather, Pad and Split. Slice bounds computed at run time become
# graph.dynamic_slice operands; computed pads graph.dynamic_pad's, a
# computed pad value a select over a padded mask, computed pad axes a
# one-hot sum, mode wrap gathers. Split is the one op here with several
# results (`%x:N = graph.split`).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..elements import _tensor_type
from ..emit import _attr_dict, _f64_attr, _i64_array, _short
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler, _scalar_of


@_handler("Concat", "graph.concat", "axis")
def _concat(imp, ctx):
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "concat", ins, elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Slice", "graph.slice / graph.dynamic_slice",
          "constant starts/ends/axes/steps give graph.slice; computed ones "
          "(1-D int32/int64 of a known length) graph.dynamic_slice")
def _slice(imp, ctx):
    x = ctx.input(0)
    names = ("starts", "ends", "axes", "steps")
    consts = [ctx.maybe_const_input(i) for i in range(1, 5)]
    if consts[3] is not None and np.any(consts[3] == 0):
        raise _Unsupported(f"input 'steps' is {_short(consts[3].reshape(-1))}"
                           ": a step must not be 0")
    # Without a type from ONNX shape inference: the input's rank, every dim
    # `?` (graph shape inference computes them).
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * x.rank))
    if all(c is not None or not ctx.has_input(i + 1)
           for i, c in enumerate(consts)):
        starts, ends, axes, steps = consts
        attrs = {"starts": _i64_array(starts.reshape(-1)),
                 "ends": _i64_array(ends.reshape(-1)),
                 "axes": None if axes is None else _i64_array(
                     axes.reshape(-1)),
                 "steps": None if steps is None else _i64_array(
                     steps.reshape(-1))}
        imp.set_out(ctx, imp.op(ctx, "slice", [x], elem, dims, attrs))
        return
    # Some bound is computed at run time: graph.dynamic_slice, which
    # canonicalizes to graph.slice if shape inference makes it constant.
    bounds = {}
    for i, name in enumerate(names):
        if not ctx.has_input(i + 1):
            continue
        v = ctx.input(i + 1)
        if v.elem not in (TensorProto.INT64, TensorProto.INT32) or \
                v.rank != 1:
            raise _Unsupported(f"input '{name}' must be a 1-D int32 or int64 "
                               "tensor")
        bounds[name] = v
    if "starts" not in bounds or "ends" not in bounds:
        raise _Unsupported("inputs 'starts' and 'ends' are required")
    lengths = {v.dims[0] for v in bounds.values()} - {None}
    if len(lengths) > 1:
        raise _Unsupported("starts, ends, axes and steps differ in length")
    if not lengths:
        raise _Unsupported("the number of sliced axes is unknown (ONNX shape "
                           "inference gave no length for starts/ends)")
    length = lengths.pop()
    operands = [x]
    for name in names:
        v = bounds.get(name)
        if v is not None and v.dims[0] is None:
            # The static length the op requires (see _shape_operand).
            v = imp.op(ctx, "slice", [v], v.elem, (length,),
                       {"starts": _i64_array([0]),
                        "ends": _i64_array([length])}, hint=name)
        bounds[name] = v
    operands += [bounds["starts"], bounds["ends"]]
    text = f"{x.ssa}, {bounds['starts'].ssa}, {bounds['ends'].ssa}"
    for name in ("axes", "steps"):
        if bounds.get(name) is not None:
            operands.append(bounds[name])
            text += f" {name} {bounds[name].ssa}"
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    types = ", ".join(v.type for v in operands)
    imp.emit(f"{result.ssa} = graph.dynamic_slice {text} : ({types}) -> "
             f"{result.type} {ctx.loc}")
    imp.set_out(ctx, result)


@_handler("Trilu", "graph.trilu", "upper; k optional, may be computed")
def _trilu(imp, ctx):
    x = ctx.input(0)
    if x.rank < 2:
        raise _Unsupported("the input must have rank 2 or more")
    operands = [x]
    if ctx.has_input(1):
        k = ctx.input(1)
        if k.elem != TensorProto.INT64 or k.rank != 0:
            raise _Unsupported("input 'k' must be a 0-d int64 tensor")
        operands.append(k)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    attrs = {"upper": None if ctx.attr("upper") else "false"}
    types = ", ".join(v.type for v in operands)
    imp.emit(f"{result.ssa} = graph.trilu "
             f"{', '.join(v.ssa for v in operands)}{_attr_dict(attrs)} : "
             f"({types}) -> {result.type} {ctx.loc}")
    imp.set_out(ctx, result)


@_handler("Gather", "graph.gather", "axis; i32/i64 indices")
def _gather(imp, ctx):
    data, idx = ctx.input(0), ctx.input(1)
    if idx.elem not in (TensorProto.INT64, TensorProto.INT32):
        raise _Unsupported("indices must be int32 or int64")
    elem, dims = ctx.out_type()
    axis = ctx.attr("axis")
    imp.set_out(ctx, imp.op(ctx, "gather", [data, idx], elem, dims,
                            {"axis": f"{axis} : i64" if axis else None}))


@_handler("Pad", "graph.pad / graph.dynamic_pad (+ graph.select for a "
          "computed value; graph.gather for wrap)",
          "modes constant, reflect, edge, wrap; constant pads give graph.pad, "
          "computed ones (int64) graph.dynamic_pad; constant_value and axes "
          "may be computed; wrap: graph.gather of constant indices (static "
          "padded dims) or, with computed pads, of a graph.range modulo the "
          "size")
def _pad(imp, ctx):
    x = ctx.input(0)
    value = ctx.maybe_const_input(2)
    computed_value = ctx.input(2) if value is None and ctx.has_input(2) \
        else None
    axes = ctx.maybe_const_input(3)
    computed_axes = ctx.input(3) if axes is None and ctx.has_input(3) \
        else None
    mode = ctx.attr("mode", "constant")
    if mode not in ("constant", "reflect", "edge", "wrap"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    rank = x.rank
    if axes is not None:
        axes = [int(a) + rank if a < 0 else int(a) for a in axes.reshape(-1)]
    attrs = {}
    if mode not in ("constant", "wrap"):
        attrs["mode"] = f"#graph.pad_mode<{mode}>"
    if value is not None and value.size:
        v = _scalar_of(value, "constant_value")
        # Other modes ignore the value (ONNX).
        if v != 0 and mode == "constant":
            attrs["value"] = _f64_attr(float(v))
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * rank))
    const_pads = ctx.maybe_const_input(1)
    if const_pads is not None and computed_axes is None:
        pads = [int(p) for p in const_pads.reshape(-1)]
        if axes is not None:
            if len(pads) != 2 * len(axes):
                raise _Unsupported("pads must have 2 entries per axis")
            full = [0] * (2 * rank)
            for i, a in enumerate(axes):
                full[a] = pads[i]
                full[rank + a] = pads[len(axes) + i]
            pads = full
        if mode == "wrap":
            imp.set_out(ctx, _wrap_pad(imp, ctx, x, pads, elem, dims))
            return

        def pad(src: _Value, src_attrs: dict) -> _Value:
            return imp.op(ctx, "pad", [src], src.elem, dims,
                          dict(src_attrs, pads=_i64_array(pads)))
    else:
        pads = ctx.input(1)
        if computed_axes is not None:
            pads = _pads_at_computed_axes(imp, ctx, pads, computed_axes, rank)
        else:
            pads = _dynamic_pads(imp, ctx, pads, axes, rank)
        if mode == "wrap":
            imp.set_out(ctx, _wrap_pad_computed(imp, ctx, x, pads, elem,
                                                dims))
            return

        def pad(src: _Value, src_attrs: dict) -> _Value:
            return imp.op(ctx, "dynamic_pad", [src, pads], src.elem, dims,
                          src_attrs)
    padded = pad(x, attrs)
    if computed_value is not None and mode == "constant":
        padded = _fill_padding(imp, ctx, x, padded, computed_value, pad)
    imp.set_out(ctx, padded)


def _dynamic_pads(imp, ctx, pads: _Value, axes, rank: int) -> _Value:
    """Pads computed at run time as the 2*rank i64 operand of
    graph.dynamic_pad (which canonicalizes to graph.pad once shape inference
    makes them constant); pads given for some axes are widened with zeros."""
    if pads.elem != TensorProto.INT64 or pads.rank != 1:
        raise _Unsupported("input 'pads' must be a 1-D int64 tensor")
    if axes is not None and axes != list(range(rank)):
        # Widen to every dim: the given pads at the axes, zeros elsewhere.
        n = len(axes)
        zero = imp.emit_constant(np.zeros(1, np.int64), TensorProto.INT64,
                                 "zero", ctx.loc)
        pieces = []
        for half in range(2):
            for d in range(rank):
                if d in axes:
                    j = half * n + axes.index(d)
                    pieces.append(imp.op(ctx, "slice", [pads], pads.elem,
                                         (1,),
                                         {"starts": _i64_array([j]),
                                          "ends": _i64_array([j + 1])}))
                else:
                    pieces.append(zero)
        return imp.op(ctx, "concat", pieces, pads.elem, (2 * rank,),
                      {"axis": "0 : i64"})
    if pads.dims[0] is None:
        return imp.op(ctx, "slice", [pads], pads.elem, (2 * rank,),
                      {"starts": _i64_array([0]),
                       "ends": _i64_array([2 * rank])})
    return pads


def _pads_at_computed_axes(imp, ctx, pads: _Value, axes: _Value,
                           rank: int) -> _Value:
    """The 2*rank pads of every dim from pads given for axes known only at
    run time: begin[d] = sum over i of pads[i] where axes[i] == d (ONNX
    forbids repeated axes), end[d] likewise from the second half."""
    from .compose import _Builder
    from .shape import _computed_axes
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    if pads.elem != i64 or pads.rank != 1:
        raise _Unsupported("input 'pads' must be a 1-D int64 tensor")
    column = _computed_axes(b, axes, rank)  # [k, 1]
    k = axes.dims[0]
    pads = _dynamic_pads(imp, ctx, pads, None, k)
    onehot = b.cast(b.binary("equal", column, b.iota(rank, 1, 2, i64)), i64)
    halves = []
    for half in range(2):
        part = b.reshape(b.slice(pads, 0, half * k, (half + 1) * k), [k, 1])
        halves.append(b.reduce("reduce_sum", b.mul(onehot, part), [0],
                               keepdims=False))
    return b.concat(halves, 0)


def _wrap_pad_computed(imp, ctx, x: _Value, pads: _Value, elem,
                       dims) -> _Value:
    """Pad mode wrap by pads known only at run time: along every axis, a
    gather of range(-before, size + after) modulo the size."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    rank = x.rank
    sizes = b.op("shape_of", [x], i64, (rank,))
    out = x
    for a in range(rank):
        before, after = b.element(pads, a), b.element(pads, rank + a)
        size = b.element(sizes, a)
        index = b.range(b.sub(b.scalar(0, i64), before), b.add(size, after),
                        b.scalar(1, i64), "wrap")
        index = b.binary("mod", index, size)
        out_dims = list(out.dims)
        out_dims[a] = None
        out = b.op("gather", [out, index], out.elem, tuple(out_dims),
                   {"axis": f"{a} : i64"})
    return b.declared(out, elem, dims)


def _fill_padding(imp, ctx, x: _Value, padded: _Value, value: _Value,
                  pad) -> _Value:
    """`padded` (padded with zeros) with the run-time scalar `value` in the
    padding: a mask padded the same way (0 inside, 1 outside) selects it.
    A select rather than arithmetic keeps inf and NaN values exact."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    if value.rank > 1 or (value.rank == 1 and value.dims[0] not in (None, 1)):
        raise _Unsupported("input 'constant_value' must be a scalar")
    i32 = TensorProto.INT32
    zeros = b.op("constant_of_shape",
                 [b.op("shape_of", [x], TensorProto.INT64, (x.rank,))],
                 i32, x.dims, {"value": "dense<0> : tensor<1xi32>"})
    mask = pad(zeros, {"value": _f64_attr(1.0)})
    fill = b.reshape(b.cast(value, padded.elem), [1] * x.rank)
    outside = b.binary("greater", mask, b.scalar(0, i32, x.rank))
    return b.select(outside, fill, padded, padded.dims)


def _wrap_pad(imp, ctx, x: _Value, pads, elem, dims) -> _Value:
    """Pad mode wrap: along each padded axis, a gather of the indices
    -before .. size+after taken modulo the size (any pad width, negative
    pads crop)."""
    rank = x.rank
    out = x
    for a in range(rank):
        before, after = pads[a], pads[rank + a]
        if before == 0 and after == 0:
            continue
        size = x.dims[a]
        if size is None:
            raise _Unsupported("mode wrap needs static sizes on padded axes")
        if size == 0:
            raise _Unsupported("mode wrap cannot pad an empty axis")
        index = np.arange(-before, size + after, dtype=np.int64) % size
        idx = imp.emit_constant(index, TensorProto.INT64, "wrap", ctx.loc)
        out_dims = list(out.dims)
        out_dims[a] = len(index)
        out = imp.op(ctx, "gather", [out, idx], out.elem, tuple(out_dims),
                     {"axis": f"{a} : i64"})
    if out is x:
        return x
    return out


def _index_input(ctx, i: int):
    v = ctx.input(i)
    if v.elem not in (TensorProto.INT64, TensorProto.INT32):
        raise _Unsupported("indices must be int32 or int64")
    return v


@_handler("GatherElements", "graph.gather_elements", "axis")
def _gather_elements(imp, ctx):
    data, idx = ctx.input(0), _index_input(ctx, 1)
    elem, dims = ctx.out_type(fallback=lambda: (data.elem, idx.dims))
    axis = ctx.attr("axis")
    imp.set_out(ctx, imp.op(ctx, "gather_elements", [data, idx], elem, dims,
                            {"axis": f"{axis} : i64" if axis else None}))


@_handler("GatherND", "graph.gather_nd", "batch_dims; the index tuple "
          "length must be static")
def _gather_nd(imp, ctx):
    data, idx = ctx.input(0), _index_input(ctx, 1)
    if not idx.rank or idx.dims[-1] is None:
        raise _Unsupported("the last dim of the indices must be static")
    b = ctx.attr("batch_dims")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "gather_nd", [data, idx], elem, dims,
                            {"batch_dims": f"{b} : i64" if b else None}))


_REDUCTIONS = ("none", "add", "mul", "max", "min")


def _reduction_attr(ctx):
    reduction = ctx.attr("reduction", "none")
    if reduction not in _REDUCTIONS:
        raise _Unsupported(f"attribute reduction={reduction} is not "
                           "supported")
    return None if reduction == "none" else \
        f"#graph.scatter_reduction<{reduction}>"


@_handler("ScatterElements", "graph.scatter_elements",
          "axis, reduction none/add/mul/max/min")
def _scatter_elements(imp, ctx):
    data, idx, upd = ctx.input(0), _index_input(ctx, 1), ctx.input(2)
    elem, dims = ctx.out_type(fallback=lambda: (data.elem, data.dims))
    axis = ctx.attr("axis")
    attrs = {"axis": f"{axis} : i64" if axis else None,
             "reduction": _reduction_attr(ctx)}
    imp.set_out(ctx, imp.op(ctx, "scatter_elements", [data, idx, upd], elem,
                            dims, attrs))


@_handler("ScatterND", "graph.scatter_nd", "reduction none/add/mul/max/min; "
          "the index tuple length must be static")
def _scatter_nd(imp, ctx):
    data, idx, upd = ctx.input(0), _index_input(ctx, 1), ctx.input(2)
    if not idx.rank or idx.dims[-1] is None:
        raise _Unsupported("the last dim of the indices must be static")
    elem, dims = ctx.out_type(fallback=lambda: (data.elem, data.dims))
    imp.set_out(ctx, imp.op(ctx, "scatter_nd", [data, idx, upd], elem, dims,
                            {"reduction": _reduction_attr(ctx)}))


@_handler("Split", "graph.split / graph.dynamic_slice",
          "axis, split or num_outputs; a split computed at run time gives "
          "one graph.dynamic_slice per output, bounded by the running sums "
          "of the sizes")
def _split(imp, ctx):
    x = ctx.input(0)
    axis = ctx.attr("axis")
    split = None
    n = len(ctx.node.output)
    if ctx.has_attr("split"):
        split = list(ctx.attr("split"))
    elif ctx.has_input(1):
        sizes = ctx.maybe_const_input(1)
        if sizes is None:
            _split_computed(imp, ctx, x, axis, n)
            return
        split = [int(s) for s in sizes.reshape(-1)]
    num = ctx.attr("num_outputs", None) if ctx.schema is not None and \
        "num_outputs" in ctx.schema.attributes else None
    attrs = {"axis": f"{axis} : i64" if axis else None}
    if split:
        attrs["split"] = _i64_array(split)
    else:
        attrs["num_outputs"] = f"{num or n} : i64"
    types = [ctx.out_type(i, fallback=lambda: _split_dims(x, axis))
             for i in range(n)]
    base = imp.fresh(ctx.node.output[0])
    result_types = ", ".join(_tensor_type(d, e) for e, d in types)
    imp.emit(f"{base}:{n} = graph.split {x.ssa}{_attr_dict(attrs)} : "
             f"{x.type} -> {result_types} {ctx.loc}")
    for i, (e, d) in enumerate(types):
        if ctx.node.output[i]:
            imp.values[ctx.node.output[i]] = _Value(f"{base}#{i}", e, d)


def _split_dims(x, axis: int) -> tuple:
    """The type of a Split output when ONNX shape inference gives none (as
    in function bodies whose input ranks it only learns here): the input's
    dims, `?` along the axis (shape inference refines it)."""
    if not -x.rank <= axis < x.rank:
        return x.elem, None
    return x.elem, tuple(None if d == axis % x.rank else x.dims[d]
                         for d in range(x.rank))


def _split_computed(imp, ctx, x, axis: int, n: int):
    """Split by sizes computed at run time: output i is the dynamic slice
    [sum(split[:i]), sum(split[:i + 1])) along `axis` (which folds to
    graph.slice once shape propagation makes the sizes constant)."""
    sizes = ctx.input(1)
    if sizes.elem != TensorProto.INT64 or sizes.rank != 1:
        raise _Unsupported("input 'split' must be a 1-D int64 tensor")
    if sizes.dims[0] is not None and sizes.dims[0] != n:
        raise _Unsupported(f"input 'split' has {sizes.dims[0]} sizes for "
                           f"{n} outputs")
    if x.rank is None or not -x.rank <= axis < x.rank:
        raise _Unsupported(f"axis {axis} is out of range")
    axes = imp.emit_constant(np.array([axis % x.rank], np.int64),
                             TensorProto.INT64, "axes", ctx.loc)
    end = imp.emit_constant(np.zeros(1, np.int64), TensorProto.INT64, "zero",
                            ctx.loc)
    for i in range(n):
        start = end
        size = imp.op(ctx, "slice", [sizes], TensorProto.INT64, (1,),
                      {"starts": _i64_array([i]), "ends": _i64_array([i + 1])},
                      hint="size")
        end = imp.op(ctx, "add", [start, size], TensorProto.INT64, (1,),
                     hint="end")
        if not ctx.node.output[i]:
            continue
        # ONNX shape inference may give no rank when the input's is only
        # known here: the input's dims, `?` along the axis.
        elem, dims = ctx.out_type(i, fallback=lambda: _split_dims(x, axis))
        result = _Value(imp.fresh(ctx.node.output[i]), elem, tuple(dims))
        operands = [x, start, end, axes]
        imp.emit(f"{result.ssa} = graph.dynamic_slice {x.ssa}, {start.ssa}, "
                 f"{end.ssa} axes {axes.ssa} : "
                 f"({', '.join(v.type for v in operands)}) -> {result.type} "
                 f"{ctx.loc}")
        imp.set_out(ctx, result, i)
