#===- sets.py - Unique; TensorScatter ------------------------------------===#
#
# Handlers of the ops that group or place whole slices at positions computed
# at run time, composed of graph ops.
#
# Unique sorts the M slices of the input along its axis (the elements of the
# flattened input without one) lexicographically, by one stable sort
# (graph.top_k with k = M, smallest first: equal keys keep their order) per
# slice element, from the last element to the first (a least-significant-
# first radix sort: exact for any values, K sorts for slices of K static
# elements). Slices of a size known only at run time are placed by counting
# instead: a slice's sorted position is the number of slices before it
# lexicographically plus the number of equal slices of lower index, from
# all pairs compared element by element ([M, M, K]: quadratic in M).
#
# In sorted order a slice starts a group where it differs from the one
# before it; with gid = cumsum(starts) - 1 the group of each sorted slice,
# the groups are compacted by graph.scatter_elements into U slots: every
# sorted slice scatters its position into slot gid with reduction min (the
# group's first sorted position) and its position plus one with reduction
# max (one past its last), so every index is in range and nothing depends
# on the order of writes; the work is linear (selection.py's _positions
# would be quadratic in M). Sorting is stable, so the permutation at a
# group's first position is its first occurrence. The counts are the
# differences of those two positions,
# the inverse indices gid scattered back through the sort permutation, the
# values a graph.gather of the input by the first occurrences. sorted=0
# reorders the groups by their first occurrence (one more graph.top_k of U
# distinct keys). The result sizes are `?`. As numpy.unique (the ONNX
# reference) does, NaNs sort last and are one group without an axis, each
# its own group with one; -0.0 and 0.0 are one group.
#
# TensorScatter writes `update` into the cache along its sequence axis at
# write_indices[b] + s (mod the cache length in circular mode), one
# graph.scatter_elements with those indices broadcast to the update's
# shape.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..emit import _attr_dict
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler
from .compose import _Builder, _norm_axis, _prod
from .selection import _along, _dim_size, _range

_I64 = TensorProto.INT64


def _sort_ascending(b: _Builder, key: _Value, k: _Value) -> tuple:
    """graph.top_k of the 1-D `key`, all `k` ([1] i64) of its elements,
    smallest first, equal ones in their order: (values, permutation)."""
    base = b.imp.fresh(b.ctx.node.output[0] or "sort")
    values = _Value(f"{base}#0", key.elem, key.dims)
    perm = _Value(f"{base}#1", _I64, key.dims)
    attrs = {"axis": "0 : i64", "largest": "false"}
    b.imp.emit(f"{base}:2 = graph.top_k {key.ssa}, {k.ssa}"
               f"{_attr_dict(attrs)} : {key.type}, {k.type} -> "
               f"{values.type}, {perm.type} {b.ctx.loc}")
    return values, perm


def _zeros(b: _Builder, count: _Value) -> _Value:
    """A 1-D i64 tensor of `count` (0-d i64, computed) zeros."""
    return b.op("constant_of_shape", [b.reshape(count, [1])], _I64, (None,),
                {"value": "dense<0> : tensor<1xi64>"})


def _scatter(b: _Builder, data: _Value, index: _Value, updates: _Value,
             reduction: Optional[str] = None) -> _Value:
    attrs = {"axis": "0 : i64"}
    if reduction is not None:
        attrs["reduction"] = f"#graph.scatter_reduction<{reduction}>"
    return b.op("scatter_elements", [data, index, updates], data.elem,
                data.dims, attrs)


def _gather(b: _Builder, data: _Value, index: _Value, axis: int = 0,
            dims=None) -> _Value:
    if dims is None:
        dims = data.dims[:axis] + index.dims + data.dims[axis + 1:]
    return b.op("gather", [data, index], data.elem, dims,
                {"axis": f"{axis} : i64"})


def _sort_key(b: _Builder, column: _Value) -> _Value:
    """A column of slice elements as a graph.top_k key: bools as i64."""
    if _kind(column.elem) == "b":
        return b.cast(column, _I64)
    return column


def _lex_permutation(b: _Builder, rows: _Value, k: _Value) -> _Value:
    """The stable permutation sorting the rows of `rows` ([M] or [M, K], K
    static) lexicographically: one stable sort per column, last first."""
    if rows.rank == 1:
        return _sort_ascending(b, _sort_key(b, rows), k)[1]
    perm = None
    for j in reversed(range(rows.dims[1])):
        column = b.reshape(b.slice(rows, 1, j, j + 1), [-1],
                           dims=(rows.dims[0],))
        key = _sort_key(b, column if perm is None else _gather(b, column,
                                                                  perm))
        order = _sort_ascending(b, key, k)[1]
        perm = order if perm is None else _gather(b, perm, order)
    return perm


def _pairwise_permutation(b: _Builder, rows: _Value, iota: _Value) -> _Value:
    """The permutation of _lex_permutation for rows [M, K] of a run-time
    length K: each row's sorted position is the number of rows before it
    lexicographically plus the number of equal rows of lower index, from
    comparisons of all pairs of rows ([M, M, K]). In the order, NaN is
    equal to NaN and larger than every number, as in graph.top_k."""
    rows = _sort_key(b, rows)
    a = b.unsqueeze(rows, [1])  # [M, 1, K]: row a
    c = b.unsqueeze(rows, [0])  # [1, M, K]: row c
    same = b.binary("equal", a, c)
    below = b.binary("less", a, c)
    if _kind(rows.elem) == "f":
        nan_a = b.unary("not", b.binary("equal", a, a))
        nan_c = b.unary("not", b.binary("equal", c, c))
        same = b.binary("or", same, b.binary("and", nan_a, nan_c))
        below = b.binary("or", below, b.binary("and", b.unary("not", nan_a),
                                                nan_c))
    differs = b.cast(b.unary("not", same), _I64)
    # Row a is before row c where, at their first differing element, a's is
    # the smaller: no difference before it (an exclusive running count).
    earlier = b.op("cumsum", [differs, b.scalar(2, _I64)], _I64,
                   differs.dims, {"exclusive": "true"})
    decides = b.binary("and", below, b.binary("equal", earlier,
                                              b.scalar(0, _I64)))
    # Sums, not maxima: `decides` holds at most once in a pair, and with
    # K = 0 the sums are 0 (equal empty rows) where maxima would be -2^63.
    before = b.reduce("reduce_sum", b.cast(decides, _I64), [2],
                      keepdims=False)  # [M, M]: row a < row c
    equal = b.binary("equal", b.reduce("reduce_sum", differs, [2],
                                        keepdims=False), b.scalar(0, _I64))
    lower = b.binary("less", b.unsqueeze(iota, [1]), b.unsqueeze(iota, [0]))
    ahead = b.add(before, b.cast(b.binary("and", equal, lower), _I64))
    position = b.reduce("reduce_sum", ahead, [0], keepdims=False)  # [M]
    return _scatter(b, iota, position, iota)


def _group_starts(b: _Builder, ordered: _Value, iota: _Value,
                  nan_equal: bool) -> _Value:
    """True where the sorted row `ordered[i]` differs from `ordered[i - 1]`
    (always at i = 0): [M] bool. With `nan_equal`, NaN equals NaN."""
    # The row before each row (row 0 for row 0, overridden by the i == 0
    # term). A gather keeps M = 0 working, which graph.pad by [1, -1] does
    # not (its run-time lowering crops below 0 first).
    previous = b.binary("max", b.sub(iota, b.scalar(1, _I64)),
                        b.scalar(0, _I64))
    before = _gather(b, ordered, previous)
    same = b.binary("equal", ordered, before)
    if nan_equal and _kind(ordered.elem) == "f":
        both_nan = b.binary("and", b.unary("not", b.binary(
            "equal", ordered, ordered)), b.unary("not", b.binary(
                "equal", before, before)))
        same = b.binary("or", same, both_nan)
    differs = b.unary("not", same)
    if differs.rank == 2:
        differs = b.binary("greater", b.reduce(
            "reduce_max", b.cast(differs, _I64), [1], keepdims=False),
            b.scalar(0, _I64))
    return b.binary("or", differs, b.binary("equal", iota,
                                            b.scalar(0, _I64)))


def _dims_text(dims) -> str:
    return "x".join("?" if d is None else str(d) for d in dims)


def _set_outputs(imp, ctx, values):
    """Sets the outputs of `ctx` that the node names (any may be empty)."""
    for i, value in enumerate(values):
        if i < len(ctx.node.output) and ctx.node.output[i]:
            imp.set_out(ctx, value, i)


@_handler("Unique", "graph.top_k, graph.gather, graph.equal, graph.cumsum, "
          "graph.scatter_elements, graph.constant_of_shape, graph.range",
          "flattened (one sort) or along an axis (slices of K static "
          "elements: K stable sorts; of a symbolic size: all pairs "
          "compared, O(M^2 K)); sorted 1 and 0; all four outputs, each "
          "optional; numeric and bool inputs, symbolic sizes; NaNs as "
          "numpy.unique: one group without an axis, each its own with one")
def _unique(imp, ctx):
    x = ctx.input(0)
    _mlir_elem(x.elem)
    if _kind(x.elem) not in "fib":
        raise _Unsupported("the input needs a numeric or bool element type")
    b = _Builder(imp, ctx)
    axis = ctx.attr("axis")
    flat = axis is None
    if not flat:
        if x.rank == 0:
            raise _Unsupported("a 0-D input has no axis to take slices along")
        axis = _norm_axis(int(axis), x.rank)
        inner = _prod([d for i, d in enumerate(x.dims) if i != axis])
        if inner == 0 and x.dims[axis] != 0:
            raise _Unsupported(f"the slices along axis {axis} have no "
                               f"elements (dims {_dims_text(x.dims)})")
    if (flat and 0 in x.dims) or (not flat and x.dims[axis] == 0):
        # Nothing to sort (strata-compile also mis-fuses the ops below on
        # sizes known to be 0): every output is empty.
        empty = b.const(np.zeros(0, np.int64), _I64, "empty")
        _set_outputs(imp, ctx, [b.reshape(x, [-1], dims=(0,)) if flat else x,
                                empty, empty, empty])
        return
    if flat:
        data = b.reshape(x, [-1]) if x.rank != 1 else x
        axis = 0
        rows = data
    else:
        data = x
        perm = [axis] + [d for d in range(x.rank) if d != axis]
        moved = b.transpose(x, perm)
        rows = moved if x.rank == 2 else b.reshape(
            moved, [0, -1 if inner is None else inner],
            dims=(x.dims[axis], inner))
    size = data.dims[axis]
    if size is not None:
        count = b.scalar(size, _I64)
        k = b.i64([size], "k")
        iota = b.const(np.arange(size, dtype=np.int64), _I64, "iota")
    else:
        count = _dim_size(b, data, axis)
        k = b.reshape(count, [1])
        iota = _range(b, b.scalar(0, _I64), count, b.scalar(1, _I64), "iota")
    if rows.rank == 2 and rows.dims[1] is None:
        order = _pairwise_permutation(b, rows, iota)
    else:
        order = _lex_permutation(b, rows, k)
    ordered = _gather(b, rows, order)
    starts = _group_starts(b, ordered, iota, nan_equal=flat)
    ones = b.cast(starts, _I64)
    gid = b.sub(b.op("cumsum", [ones, b.scalar(0, _I64)], _I64, ones.dims),
                b.scalar(1, _I64))
    groups = b.reduce("reduce_sum", ones, [0], keepdims=False)  # 0-d, U
    zeros = _zeros(b, groups)
    # A group's first and one-past-last sorted positions: the smallest and
    # the largest (plus one) position of its slices, each of which scatters
    # into its own group's slot (scatter indices out of range are errors).
    first_at = _scatter(b, b.add(zeros, count), gid, iota, "min")
    next_at = _scatter(b, zeros, gid, b.add(iota, b.scalar(1, _I64)), "max")
    indices = _gather(b, order, first_at)  # first occurrence in x
    counts = b.sub(next_at, first_at)
    inverse = _scatter(b, gid, order, gid)
    if not ctx.attr("sorted"):
        indices, regroup = _sort_ascending(b, indices, b.reshape(groups, [1]))
        counts = _gather(b, counts, regroup)
        rank = _scatter(b, regroup, regroup,
                        _range(b, b.scalar(0, _I64), groups,
                               b.scalar(1, _I64), "slots"))
        inverse = _gather(b, rank, inverse)
    out_dims = tuple(None if d == axis else s for d, s in
                     enumerate(data.dims))
    _set_outputs(imp, ctx, [_gather(b, data, indices, axis, out_dims),
                            indices, inverse, counts])


@_handler("TensorScatter", "graph.scatter_elements, graph.add, graph.mod",
          "modes linear and circular; axis (not 0); write_indices optional "
          "(zeros); symbolic sizes", opsets=(24, 24))
def _tensor_scatter(imp, ctx):
    cache, update = ctx.input(0), ctx.input(1)
    mode = ctx.attr("mode")
    if mode not in ("linear", "circular"):
        raise _Unsupported(f"mode '{mode}' is not supported (linear or "
                           "circular)")
    rank = cache.rank
    if rank < 2 or update.rank != rank:
        raise _Unsupported(f"past_cache and update need one rank >= 2, they "
                           f"have ranks {rank} and {update.rank}")
    if update.elem != cache.elem:
        raise _Unsupported("past_cache and update need one element type")
    axis = _norm_axis(int(ctx.attr("axis")), rank)
    if axis == 0:
        raise _Unsupported("axis 0 is the batch axis; the sequence axis "
                           "must be another")
    b = _Builder(imp, ctx)
    steps = update.dims[axis]
    if steps is not None:
        index = b.iota(steps, axis, rank, _I64)
    else:
        index = _along(b, _range(b, b.scalar(0, _I64),
                                 _dim_size(b, update, axis),
                                 b.scalar(1, _I64), "steps"), axis, rank)
    if ctx.has_input(2):
        where = ctx.input(2)
        if where.rank != 1 or _kind(where.elem) != "i":
            raise _Unsupported("input 'write_indices' must be a 1-D integer "
                               "tensor")
        index = b.add(index, _along(b, b.cast(where, _I64), 0, rank))
    if mode == "circular":
        length = cache.dims[axis]
        length = b.scalar(length, _I64, rank) if length is not None else \
            b.reshape(_dim_size(b, cache, axis), [1] * rank)
        index = b.binary("mod", index, length)
    if None in update.dims:
        shape = b.op("shape_of", [update], _I64, (rank,))
        index = b.op("expand", [index, shape], _I64, update.dims)
    elif index.dims != update.dims:
        index = b.expand(index, update.dims)
    imp.set_out(ctx, b.op("scatter_elements", [cache, index, update],
                          cache.elem, cache.dims,
                          {"axis": f"{axis} : i64"}))
