#===- shape.py - Shape ONNX ops -------------------------------------------===#
#
# Handlers of the ops that make or rearrange shapes: Constant (kept as a
# numpy array and only printed where a value is needed, so that constants
# feeding attributes leave no trace), Shape, Size, ConstantOfShape, Reshape,
# Transpose, Squeeze/Unsqueeze, Flatten, Expand and Tile.
#
# Shape of a statically shaped tensor is also recorded as a constant, so
# that the Shape/Gather/Concat chains of exported models can feed inputs
# that must be constant.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto, numpy_helper

from ..elements import _mlir_elem
from ..emit import _dense_literal, _float_lit, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler


@_handler("Constant", "graph.constant", "value, value_float(s), value_int(s)"
          "; dense_resource from 16 elements")
def _constant(imp, ctx):
    arr, elem = None, None
    for name in ("value", "value_float", "value_floats", "value_int",
                 "value_ints"):
        if ctx.has_attr(name):
            v = ctx.attr(name)
            if name == "value":
                elem = v.data_type
                _mlir_elem(elem)
                arr = numpy_helper.to_array(v)
            elif name.startswith("value_float"):
                elem, arr = TensorProto.FLOAT, np.array(v, dtype=np.float32)
            else:
                elem, arr = TensorProto.INT64, np.array(v, dtype=np.int64)
    if arr is None:
        raise _Unsupported("only value, value_float(s) and value_int(s) are "
                           "supported")
    # Materialized lazily: a constant only used as an attribute source
    # (Slice starts, Reshape shape...) never shows in the IR.
    imp.consts[ctx.node.output[0]] = (arr, elem)
    imp.const_locs[ctx.node.output[0]] = ctx.name


@_handler("Shape", "graph.shape_of (+ graph.slice for start/end)",
          "start, end")
def _shape(imp, ctx):
    x = ctx.input(0)
    start, end = ctx.attr("start", 0), ctx.attr("end", None)
    s = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
    if start != 0 or end is not None:
        elem, dims = ctx.out_type()
        attrs = {"starts": _i64_array([start]),
                 "ends": _i64_array([end if end is not None else 2**63 - 1])}
        s = imp.op(ctx, "slice", [s], elem, dims, attrs)
    if all(d is not None for d in x.dims):
        arr = np.array(x.dims, dtype=np.int64)[slice(start, end)]
        imp.consts[ctx.node.output[0]] = (arr, TensorProto.INT64)
    imp.set_out(ctx, s)


@_handler("Size", "graph.shape_of, graph.reduce_prod")
def _size(imp, ctx):
    x = ctx.input(0)
    if all(d is not None for d in x.dims):
        # A constant, so that it can feed inputs that must be constant.
        imp.consts[ctx.node.output[0]] = (
            np.array(int(np.prod(x.dims, dtype=np.int64)), dtype=np.int64),
            TensorProto.INT64)
        return
    s = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
    imp.set_out(ctx, imp.op(ctx, "reduce_prod", [s], TensorProto.INT64, (),
                            {"keepdims": "false"}))


@_handler("ConstantOfShape", "graph.constant_of_shape", "value")
def _constant_of_shape(imp, ctx):
    shape = ctx.input(0)
    value = ctx.attr("value")
    if value is None:
        elem, arr = TensorProto.FLOAT, np.zeros(1, dtype=np.float32)
    else:
        elem, arr = value.data_type, numpy_helper.to_array(value)
    _mlir_elem(elem)
    literal = _dense_literal(arr.reshape(1), elem)
    if literal is None:
        literal = f"dense<{_float_lit(arr.reshape(-1)[0], 64)}>"
        if elem == TensorProto.FLOAT:
            literal = f"dense<{_float_lit(arr.reshape(-1)[0], 32)}>"
        else:
            raise _Unsupported("a non-finite fill value is only supported "
                               "for float32")
    out_elem, dims = ctx.out_type()
    shape = _shape_operand(imp, ctx, shape, len(dims))
    imp.set_out(ctx, imp.op(ctx, "constant_of_shape", [shape], out_elem, dims,
                            {"value": f"{literal} : tensor<1x"
                                      f"{_mlir_elem(elem)}>"}))


def _shape_operand(imp, ctx, shape: _Value, length: int) -> _Value:
    """`shape` with the static length `length` the graph ops require.

    ONNX shape inference loses the length of computed shape tensors (e.g.
    a Concat of Shape slices) even when it knows the result rank, which is
    that length; a whole-tensor graph.slice declared with the static length
    carries it over (the declared type only refines the inferred `?`).
    """
    if shape.rank != 1 or shape.dims[0] is not None:
        return shape
    return imp.op(ctx, "slice", [shape], shape.elem, (length,),
                  {"starts": _i64_array([0]), "ends": _i64_array([length])},
                  hint="shape")


def _reshape_dims(in_dims, shape, allowzero: bool) -> tuple:
    """The result dims of reshaping `in_dims` to the constant `shape`
    (when ONNX shape inference gave none, e.g. the shape is a Shape of a
    static tensor): 0 copies, -1 is inferred when the rest is known."""
    shape = [int(s) for s in shape.reshape(-1)]
    out = [in_dims[i] if s == 0 and not allowzero and i < len(in_dims)
           else (None if s < 0 else s) for i, s in enumerate(shape)]
    if shape.count(-1) == 1 and None not in in_dims:
        rest = [d for d, s in zip(out, shape) if s != -1]
        if None not in rest:
            total, part = 1, 1
            for d in in_dims:
                total *= d
            for d in rest:
                part *= d
            if part and total % part == 0:
                out[shape.index(-1)] = total // part
    return tuple(out)


@_handler("Reshape", "graph.reshape", "allowzero; shape may be computed")
def _reshape(imp, ctx):
    x, shape = ctx.input(0), ctx.input(1)
    allowzero = bool(ctx.attr("allowzero"))
    known = imp.constant_array(ctx.node.input[1])
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (
        _reshape_dims(x.dims, known, allowzero) if known is not None else
        None if shape.dims[0] is None else (None,) * shape.dims[0])))
    shape = _shape_operand(imp, ctx, shape, len(dims))
    attrs = {"allowzero": "true" if allowzero else None}
    imp.set_out(ctx, imp.op(ctx, "reshape", [x, shape], elem, dims, attrs))


@_handler("Transpose", "graph.transpose", "perm (default: reversed)")
def _transpose(imp, ctx):
    x = ctx.input(0)
    perm = ctx.attr("perm")
    if not perm:
        perm = list(range(x.rank))[::-1]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "transpose", [x], elem, dims,
                            {"perm": _i64_array(perm)}))


@_handler("Squeeze", "graph.squeeze; graph.reshape by computed sizes "
          "when axes are computed", "axes may be computed")
def _squeeze(imp, ctx):
    x = ctx.input(0)
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        arr = ctx.maybe_const_input(1)
        if arr is None and ctx.has_input(1):
            return _squeeze_computed(imp, ctx, x, ctx.input(1))
        axes = [] if arr is None else [int(a) for a in arr.reshape(-1)]
    if not axes and any(d is None for d in x.dims):
        # Which dims go would depend on runtime sizes, unless ONNX
        # inferred the result: then drop the ones it dropped.
        raise _Unsupported("squeeze without axes needs a static input shape")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "squeeze", [x], elem, dims,
                            {"axes": _i64_array(axes) if axes else None}))


@_handler("Unsqueeze", "graph.unsqueeze; graph.reshape by computed sizes "
          "when axes are computed", "axes may be computed")
def _unsqueeze(imp, ctx):
    x = ctx.input(0)
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        if not ctx.has_input(1):
            raise _Unsupported("input 'axes' is required")
        arr = ctx.maybe_const_input(1)
        if arr is None:
            return _unsqueeze_computed(imp, ctx, x, ctx.input(1))
        axes = [int(a) for a in arr.reshape(-1)]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "unsqueeze", [x], elem, dims,
                            {"axes": _i64_array(axes)}))


def _computed_axes(b, axes: _Value, rank: int) -> _Value:
    """Run-time `axes` (1-D) as an i64 column [k, 1] in [0, rank): negative
    axes count from the back. The rank and the count k are static: they fix
    the result's rank."""
    if axes.rank != 1 or axes.dims[0] is None:
        raise _Unsupported("computed axes need a 1-D input of static length")
    k = axes.dims[0]
    col = b.reshape(b.cast(axes, TensorProto.INT64), [k, 1])
    negative = b.binary("less", col, b.scalar(0, TensorProto.INT64, 2))
    return b.select(negative, b.add(col, b.scalar(rank, TensorProto.INT64,
                                                   2)), col)


def _unsqueeze_computed(imp, ctx, x: _Value, axes: _Value):
    """Unsqueeze by axes known only at run time: the result's rank is static
    (input rank + number of axes), its sizes are computed. Result dim j is 1
    where j is an axis, else input dim j - #(axes below j); the data is
    reshaped to those sizes."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    out_rank = x.rank + axes.dims[0] if axes.rank == 1 and \
        axes.dims[0] is not None else None
    axes = _computed_axes(b, axes, out_rank or 0)
    positions = b.iota(out_rank, 1, 2, i64)  # [1, R]
    is_axis = b.reduce("reduce_max", b.cast(b.binary("equal", axes,
                                                      positions), i64),
                       [0], keepdims=False)
    if x.rank == 0:
        sizes = b.i64([1] * out_rank)
    else:
        below = b.reduce("reduce_sum", b.cast(b.binary("less", axes,
                                                        positions), i64),
                         [0], keepdims=False)
        index = b.clip(b.sub(b.reshape(positions, [out_rank]), below), 0,
                       x.rank - 1)
        shape = b.op("shape_of", [x], i64, (x.rank,))
        sizes = b.op("gather", [shape, index], i64, (out_rank,),
                     {"axis": "0 : i64"})
        sizes = b.select(b.binary("greater", is_axis, b.scalar(0, i64, 1)),
                         b.scalar(1, i64, 1), sizes)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * out_rank))
    imp.set_out(ctx, imp.op(ctx, "reshape", [x, sizes], elem, dims))


def _squeeze_computed(imp, ctx, x: _Value, axes: _Value):
    """Squeeze by axes known only at run time: the result keeps the input
    dims that are not axes, in order. Result dim i is the input dim j that
    is kept and has i kept dims before it; the data is reshaped to those
    sizes (the reshape's element count check catches a squeezed dim that is
    not 1)."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    rank = x.rank
    if axes.rank != 1 or axes.dims[0] is None:
        raise _Unsupported("computed axes need a 1-D input of static length")
    out_rank = rank - axes.dims[0]
    if out_rank < 0:
        raise _Unsupported(f"{axes.dims[0]} axes for a rank-{rank} input")
    axes = _computed_axes(b, axes, rank)
    positions = b.iota(rank, 1, 2, i64)  # [1, r]
    dropped = b.reduce("reduce_max", b.cast(b.binary("equal", axes,
                                                      positions), i64),
                       [0], keepdims=True)  # [1, r]
    kept = b.sub(b.scalar(1, i64, 2), dropped)
    # kept_through[j] = number of kept dims in [0, j].
    upto = b.const(np.tril(np.ones((rank, rank), dtype=np.int64)), i64,
                   "tril")
    kept_through = b.reduce("reduce_sum", b.mul(upto, kept), [1],
                            keepdims=False)  # [r]
    rows = b.add(b.iota(out_rank, 0, 2, i64), b.scalar(1, i64, 2))  # [R, 1]
    pick = b.mul(b.cast(b.binary("equal", b.reshape(kept_through, [1, rank]),
                                 rows), i64), kept)  # [R, r]
    shape = b.reshape(b.op("shape_of", [x], i64, (rank,)), [1, rank])
    sizes = b.reduce("reduce_sum", b.mul(pick, shape), [1], keepdims=False)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * out_rank))
    imp.set_out(ctx, imp.op(ctx, "reshape", [x, sizes], elem, dims))


@_handler("Flatten", "graph.flatten", "axis")
def _flatten(imp, ctx):
    x = ctx.input(0)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "flatten", [x], elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Expand", "graph.expand", "shape may be computed")
def _expand(imp, ctx):
    x, shape = ctx.input(0), ctx.input(1)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "expand", [x, shape], elem, dims))


@_handler("Tile", "graph.tile; graph.reshape/graph.expand when repeats "
          "are computed", "repeats may be computed")
def _tile(imp, ctx):
    x = ctx.input(0)
    reps = ctx.maybe_const_input(1)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * x.rank))
    if reps is None:
        imp.set_out(ctx, _tile_computed(imp, ctx, x, ctx.input(1), elem,
                                        dims))
        return
    imp.set_out(ctx, imp.op(ctx, "tile", [x], elem, dims,
                            {"repeats": _i64_array(reps.reshape(-1))}))


def _tile_computed(imp, ctx, x: _Value, reps: _Value, elem, dims) -> _Value:
    """Tile by repeats known only at run time, as a broadcast: x of shape
    [d0, d1, ...] is viewed as [1, d0, 1, d1, ...], expanded to
    [r0, d0, r1, d1, ...] and collapsed to [r0*d0, r1*d1, ...]."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    rank = x.rank
    if reps.rank != 1 or reps.dims[0] not in (None, rank):
        raise _Unsupported(f"repeats must be 1-D with {rank} entries")
    if rank == 0:
        return x
    reps = _shape_operand(imp, ctx, b.cast(reps, i64), rank)
    sizes = b.op("shape_of", [x], i64, (rank,))

    def interleave(outer: _Value) -> _Value:
        pairs = b.concat([b.reshape(outer, [rank, 1]),
                          b.reshape(sizes, [rank, 1])], 1)
        return b.reshape(pairs, [2 * rank])

    split_dims = tuple(d for dim in x.dims for d in (1, dim))
    viewed = b.op("reshape", [x, interleave(b.i64([1] * rank))], x.elem,
                  split_dims)
    expanded = b.op("expand", [viewed, interleave(reps)], x.elem,
                    tuple(d for dim in x.dims for d in (None, dim)))
    return imp.op(ctx, "reshape", [expanded, b.mul(reps, sizes)], elem, dims)
