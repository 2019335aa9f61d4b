#===- selection.py - ONNX ops that keep the elements a mask selects ------===#
#
# Handlers of NonZero and Compress, whose result sizes are the number of
# selected elements, known only at run time (`?`). Both find the flat
# positions of the true elements of a 1-D mask m the same way: with the
# running sum c = cumsum(m) and count = sum(m), the j-th selected element
# (from 0) is at #{e : c[e] <= j} for j in range(count). That is a compare
# of [count, n] reduced along n: quadratic in the mask length, but made of
# ops every backend has (no scatter, no write conflicts, no order
# dependence). NonZero turns the positions into coordinates by the input's
# strides; Compress gathers along its axis.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..elements import _kind
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler
from .compose import _Builder, _norm_axis, _prod

_I64 = TensorProto.INT64


def _flat_mask(b: _Builder, x: _Value) -> _Value:
    """x != 0 (true for NaN) as a 1-D bool tensor; a bool x as it is."""
    if _kind(x.elem) == "b":
        mask = x
    elif _kind(x.elem) in "fi":
        mask = b.unary("not", b.binary("equal", x, b.scalar(0, x.elem)))
    else:
        raise _Unsupported("the input needs a numeric or bool element type")
    return mask if mask.rank == 1 else b.reshape(mask, [-1])


def _positions(b: _Builder, mask: _Value) -> _Value:
    """The indices (i64, ascending, `?` of them) of the true elements of the
    1-D bool `mask` (see the file comment)."""
    ones = b.cast(mask, _I64)
    upto = b.op("cumsum", [ones, b.scalar(0, _I64)], _I64, ones.dims)
    count = b.reduce("reduce_sum", ones, [0], keepdims=False)  # 0-d
    picks = _Value(b.imp.fresh("picks"), _I64, (None,))
    b.imp.emit(f"{picks.ssa} = graph.range {b.scalar(0, _I64).ssa}, "
               f"{count.ssa}, {b.scalar(1, _I64).ssa} : {count.type} -> "
               f"{picks.type} {b.ctx.loc}")
    before = b.binary("less_equal", b.unsqueeze(upto, [0]),
                      b.unsqueeze(picks, [1]))  # [count, n]
    return b.reduce("reduce_sum", b.cast(before, _I64), [1], keepdims=False)


def _strides_and_sizes(b: _Builder, x: _Value) -> tuple:
    """The row-major strides and the sizes of `x` as i64 columns [rank, 1]:
    constants when its shape is static, else computed from graph.shape_of."""
    rank = x.rank
    if None not in x.dims:
        sizes = np.array(x.dims, np.int64)
        strides = np.array([_prod(x.dims[d + 1:]) for d in range(rank)],
                           np.int64)
        return (b.const(strides.reshape(rank, 1), _I64, "strides"),
                b.const(sizes.reshape(rank, 1), _I64, "sizes"))
    shape = b.op("shape_of", [x], _I64, (rank,))
    strides, running = [b.i64([1], "one")], None
    for d in range(rank - 1, 0, -1):
        size = b.slice(shape, 0, d, d + 1)
        running = size if running is None else b.mul(running, size)
        strides.insert(0, running)
    column = b.concat(strides, 0) if rank > 1 else strides[0]
    return b.reshape(column, [rank, 1]), b.reshape(shape, [rank, 1])


@_handler("NonZero", "graph.cumsum, graph.range, graph.less_equal, "
          "graph.reduce_sum, graph.div, graph.mod",
          "input of rank >= 1 (any shape, symbolic dims included); numeric "
          "or bool; cost quadratic in the element count")
def _non_zero(imp, ctx):
    x = ctx.input(0)
    if x.rank == 0:
        raise _Unsupported("a 0-D input is not supported (numpy deprecates "
                           "nonzero of a scalar)")
    b = _Builder(imp, ctx)
    flat = _positions(b, _flat_mask(b, x))
    # The count is `?` even where the model declares a size: it is the
    # number of non-zeros of the data the model was exported with.
    dims = (x.rank, None)
    if x.rank == 1:
        imp.set_out(ctx, b.op("unsqueeze", [flat], _I64, dims,
                              {"axes": "array<i64: 0>"}))
        return
    strides, sizes = _strides_and_sizes(b, x)
    row = b.unsqueeze(flat, [0])  # [1, count]
    coords = b.binary("mod", b.div(row, strides, dims), sizes, dims)
    imp.set_out(ctx, coords)


@_handler("Compress", "graph.cumsum, graph.range, graph.less_equal, "
          "graph.reduce_sum, graph.gather",
          "axis (without it the input is flattened); the condition may be "
          "shorter than the axis; cost quadratic in the condition length")
def _compress(imp, ctx):
    x, cond = ctx.input(0), ctx.input(1)
    if cond.rank != 1:
        raise _Unsupported(f"input 'condition' must be 1-D, it has rank "
                           f"{cond.rank}")
    b = _Builder(imp, ctx)
    axis = ctx.attr("axis")
    if axis is None:
        if x.rank != 1:
            x = b.reshape(x, [-1])
        axis = 0
    else:
        if x.rank == 0:
            raise _Unsupported("a 0-D input has no axis to select along")
        axis = _norm_axis(int(axis), x.rank)
    size = x.dims[axis]
    if size is not None and cond.dims[0] is not None and cond.dims[0] > size:
        raise _Unsupported(f"the condition has {cond.dims[0]} elements, more "
                           f"than the {size} along axis {axis}")
    picks = _positions(b, _flat_mask(b, cond))
    dims = tuple(None if i == axis else d for i, d in enumerate(x.dims))
    imp.set_out(ctx, b.op("gather", [x, picks], x.elem, dims,
                          {"axis": f"{axis} : i64"}))
