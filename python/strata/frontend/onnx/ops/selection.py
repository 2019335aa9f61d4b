#===- selection.py - ONNX ops that select or place elements by position ---===#
#
# Handlers of the ops whose elements move to positions computed at run time.
#
# NonZero and Compress keep the elements a mask selects; their result sizes
# are the number of selected elements, known only at run time (`?`). Both
# find the flat positions of the true elements of a 1-D mask m the same way:
# with the running sum c = cumsum(m) and count = sum(m), the j-th selected
# element (from 0) is at #{e : c[e] <= j} for j in range(count). That is a
# compare of [count, n] reduced along n: quadratic in the mask length, but
# made of ops every backend has (no scatter, no write conflicts, no order
# dependence). NonZero turns the positions into coordinates by the input's
# strides; Compress gathers along its axis.
#
# ReverseSequence is a graph.gather_elements along the time axis by the
# index len[b] - 1 - t where t < len[b], t elsewhere. MaxUnpool scatters
# the values to their flat indices in a zero tensor of the unpooled shape
# (graph.scatter_elements on the flattened tensors), then zero-pads it at
# the end to `output_shape` when that is given.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..emit import _i64_array
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
    picks = _range(b, b.scalar(0, _I64), count, b.scalar(1, _I64), "picks")
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


def _dim_size(b: _Builder, x: _Value, axis: int) -> _Value:
    """The size of dim `axis` of `x` as a 0-d i64 (a constant when static)."""
    if x.dims[axis] is not None:
        return b.scalar(x.dims[axis], _I64)
    shape = b.op("shape_of", [x], _I64, (x.rank,))
    return b.reshape(b.slice(shape, 0, axis, axis + 1), [])


def _range(b: _Builder, start: _Value, limit: _Value, delta: _Value,
           hint: str = "range") -> _Value:
    """graph.range of 0-d i64 operands: a 1-D i64 of `?` elements."""
    out = _Value(b.imp.fresh(hint), _I64, (None,))
    b.imp.emit(f"{out.ssa} = graph.range {start.ssa}, {limit.ssa}, "
               f"{delta.ssa} : {start.type} -> {out.type} {b.ctx.loc}")
    return out


def _along(b: _Builder, v: _Value, axis: int, rank: int) -> _Value:
    """The 1-D `v` reshaped to rank `rank`, its elements along `axis` (the
    other dims 1), to broadcast against a rank-`rank` tensor."""
    return b.reshape(v, [-1 if i == axis else 1 for i in range(rank)])


@_handler("ReverseSequence", "graph.range, graph.less, graph.select, "
          "graph.expand, graph.gather_elements",
          "batch_axis and time_axis (0 and 1, either way round); any sizes, "
          "symbolic ones included; sequence lengths in [0, time size]")
def _reverse_sequence(imp, ctx):
    x, lens = ctx.input(0), ctx.input(1)
    batch_axis = int(ctx.attr("batch_axis"))
    time_axis = int(ctx.attr("time_axis"))
    if x.rank < 2:
        raise _Unsupported(f"the input must have rank >= 2, it has rank "
                           f"{x.rank}")
    if {batch_axis, time_axis} != {0, 1}:
        raise _Unsupported(f"batch_axis {batch_axis} and time_axis "
                           f"{time_axis} must be 0 and 1, one each")
    if lens.rank != 1:
        raise _Unsupported(f"input 'sequence_lens' must be 1-D, it has rank "
                           f"{lens.rank}")
    if _kind(lens.elem) != "i":
        raise _Unsupported("input 'sequence_lens' must be an integer tensor")
    b = _Builder(imp, ctx)
    rank = x.rank
    steps = x.dims[time_axis]
    if steps is not None:
        t = b.iota(steps, time_axis, rank, _I64)
    else:
        t = _along(b, _range(b, b.scalar(0, _I64), _dim_size(b, x, time_axis),
                             b.scalar(1, _I64), "steps"), time_axis, rank)
    n = _along(b, b.cast(lens, _I64), batch_axis, rank)
    reversed_t = b.sub(b.sub(n, b.scalar(1, _I64, rank)), t)
    index = b.select(b.binary("less", t, n), reversed_t, t)
    if index.dims != x.dims:
        # Other dims (and sizes only x knows) come from x's shape.
        index = b.op("expand", [index, b.op("shape_of", [x], _I64, (rank,))],
                     _I64, x.dims)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    imp.set_out(ctx, b.op("gather_elements", [x, index], x.elem, dims,
                          {"axis": f"{time_axis} : i64"}))


def _int_list(ctx, name: str, default, n: int) -> list:
    values = ctx.attr(name)
    values = list(default) if values is None else [int(v) for v in values]
    if len(values) != n:
        raise _Unsupported(f"attribute {name} has {len(values)} values, "
                           f"{n} expected")
    return values


@_handler("MaxUnpool", "graph.constant_of_shape, graph.scatter_elements, "
          "graph.reshape, graph.pad / graph.dynamic_pad",
          "kernel_shape, strides, pads; output_shape (constant or computed) "
          "zero-pads the result at the end of each dim; indices are flat "
          "into the whole [N, C, spatial...] tensor; symbolic sizes; "
          "out-of-range indices are an error at run time")
def _max_unpool(imp, ctx):
    # The backend tests and the ONNX reference take the indices into the
    # unpooled shape from kernel_shape/strides/pads, and an `output_shape`
    # only widens the result (the values stay in the corner); onnxruntime
    # instead indexes the output_shape tensor directly. The two agree when
    # output_shape changes one dim only and the dims before it are all 1.
    x, ind = ctx.input(0), ctx.input(1)
    rank = x.rank
    spatial = rank - 2
    if spatial < 1:
        raise _Unsupported(f"the input must have rank >= 3, it has rank "
                           f"{rank}")
    if _kind(x.elem) != "f":
        raise _Unsupported("the input must be a float tensor")
    if ind.rank != rank or _kind(ind.elem) != "i":
        raise _Unsupported("input 'I' must be an integer tensor of the "
                           "input's rank")
    if ctx.attr("kernel_shape") is None:
        raise _Unsupported("attribute kernel_shape is missing")
    kernel = _int_list(ctx, "kernel_shape", (), spatial)
    strides = _int_list(ctx, "strides", [1] * spatial, spatial)
    pads = _int_list(ctx, "pads", [0] * 2 * spatial, 2 * spatial)
    # Unpooled size (d - 1) * stride - pad_begin - pad_end + kernel.
    grow = [k - pads[i] - pads[spatial + i] for i, k in enumerate(kernel)]
    dims = tuple(x.dims[:2]) + tuple(
        None if d is None else (d - 1) * s + g
        for d, s, g in zip(x.dims[2:], strides, grow))
    b = _Builder(imp, ctx)
    if None in dims:
        sizes = b.op("shape_of", [x], _I64, (rank,))
        inner = b.add(b.mul(b.sub(b.slice(sizes, 0, 2, rank),
                                  b.scalar(1, _I64, 1)),
                            b.i64(strides, "strides")), b.i64(grow, "grow"))
        shape = b.concat([b.slice(sizes, 0, 0, 2), inner], 0)
        total = b.reduce("reduce_prod", shape, [0])
    else:
        shape = b.i64(dims)
        total = b.i64([_prod(dims)], "total")
    zeros = b.op("constant_of_shape", [total], x.elem, (_prod(dims),),
                 {"value": f"dense<0.0> : tensor<1x{_mlir_elem(x.elem)}>"})
    values = b.reshape(x, [-1])
    flat = b.reshape(b.cast(ind, _I64), [-1])
    y = b.op("scatter_elements", [zeros, flat, values], x.elem, zeros.dims,
             {"axis": "0 : i64"})
    y = b.op("reshape", [y, shape], x.elem, dims)
    if not ctx.has_input(2):
        imp.set_out(ctx, y)
        return
    out_elem, out_dims = ctx.out_type(fallback=lambda: (x.elem,
                                                        (None,) * rank))
    given = ctx.maybe_const_input(2)
    if given is not None and None not in dims:
        given = [int(v) for v in given.reshape(-1)]
        if len(given) != rank:
            raise _Unsupported(f"output_shape has {len(given)} values for a "
                               f"rank-{rank} input")
        imp.set_out(ctx, b.pad(y, [0] * rank +
                               [g - d for g, d in zip(given, dims)]))
        return
    target = ctx.input(2)
    if target.rank != 1 or target.dims[0] not in (None, rank):
        raise _Unsupported(f"input 'output_shape' must be 1-D with {rank} "
                           "values")
    if target.dims[0] is None:
        target = b.op("slice", [target], target.elem, (rank,),
                      {"starts": _i64_array([0]), "ends": _i64_array([rank])})
    extra = b.sub(b.cast(target, _I64), shape, (rank,))
    widths = b.concat([b.i64([0] * rank, "zeros"), extra], 0)
    imp.set_out(ctx, b.op("dynamic_pad", [y, widths], x.elem, out_dims))
