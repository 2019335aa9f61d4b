#===- resize.py - ONNX Resize, GridSample and AffineGrid ------------------===#
#
# Resize (opsets 13-19 forms) to graph.resize: scales or sizes (constant or
# computed at run time), all interpolation modes, coordinate transformations
# but tf_crop_and_resize, nearest rounding modes, cubic's coefficient and
# exclude_outside; `axes` (opset 18) by widening scales or sizes to every
# dim; keep_aspect_ratio_policy by computing the common scale and the
# rounded sizes (as constants when the sizes and the input dims are known,
# else by graph ops). Two forms are decomposed instead, one axis at a
# time: tf_crop_and_resize (linear) as gathers at computed coordinates and
# a blend, and antialias (linear, cubic) as a matmul by a weight matrix
# computed from the run-time scale.
#
# GridSample (opsets 16 and 20: both spellings of the modes) to
# graph.grid_sample and AffineGrid (opset 20) to graph.affine_grid, whose
# grid GridSample reads.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..emit import _attr_dict, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler

_COORDINATES = ("half_pixel", "half_pixel_symmetric", "pytorch_half_pixel",
                "align_corners", "asymmetric")
_NEAREST = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")


def _present(ctx, i: int) -> bool:
    """Whether optional input `i` is given: named, and not an empty
    constant (opsets 11-12 pass an empty `scales` next to `sizes`)."""
    if not ctx.has_input(i):
        ctx.used_inputs.add(i)
        return False
    arr = ctx.maybe_const_input(i)
    return arr is None or arr.size > 0


@_handler("Resize", "graph.resize; gathers (tf_crop_and_resize) or "
          "matmuls (antialias) per axis",
          "modes nearest/linear/cubic; every coordinate mode "
          "(tf_crop_and_resize: linear only); nearest_mode, cubic_coeff_a, "
          "exclude_outside; scales or sizes (may be computed); axes; "
          "keep_aspect_ratio_policy; antialias (linear/cubic, static sizes "
          "on the resized axes)")
def _resize(imp, ctx):
    x = ctx.input(0)
    rank = x.rank
    mode = ctx.attr("mode", "nearest")
    coord = ctx.attr("coordinate_transformation_mode", "half_pixel")
    if coord == "tf_crop_and_resize":
        return _tf_crop_and_resize(imp, ctx, x)
    if coord not in _COORDINATES:
        raise _Unsupported(f"attribute coordinate_transformation_mode={coord} "
                           "is not supported")
    nearest = ctx.attr("nearest_mode", "round_prefer_floor")
    if nearest not in _NEAREST:
        raise _Unsupported(f"attribute nearest_mode={nearest} is not "
                           "supported")
    if mode not in ("nearest", "linear", "cubic"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    if ctx.attr("antialias", 0) and mode != "nearest":
        return _antialiased(imp, ctx, x, mode, coord)
    if ctx.attr("antialias", 0):
        raise _Unsupported("attribute antialias=1 needs mode linear or cubic")
    ctx.used_attrs.add("extrapolation_value")  # tf_crop_and_resize only
    # roi matters only for tf_crop_and_resize.
    if ctx.has_input(1):
        ctx.used_inputs.add(1)
    has_scales, has_sizes = _present(ctx, 2), _present(ctx, 3)
    if has_scales == has_sizes:
        raise _Unsupported("exactly one of 'scales' and 'sizes' must be given")
    axes = _resize_axes(ctx, rank)
    policy = ctx.attr("keep_aspect_ratio_policy", "stretch")
    if policy not in ("stretch", "not_larger", "not_smaller"):
        raise _Unsupported(f"attribute keep_aspect_ratio_policy={policy} is "
                           "not supported")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * rank))
    operands = {}
    if has_scales:
        operands["scales"] = _widened(imp, ctx, 2, axes, rank, x, 1.0,
                                      TensorProto.FLOAT)
    else:
        sizes = ctx.maybe_const_input(3)
        if policy != "stretch" and (sizes is None or any(
                x.dims[a] is None for a in axes)):
            operands.update(_kept_aspect_ratio(imp, ctx, x, axes, policy))
        elif policy != "stretch":
            ratios = [int(s) / x.dims[a] for s, a in zip(sizes.reshape(-1),
                                                         axes)]
            scale = min(ratios) if policy == "not_larger" else max(ratios)
            full_sizes = [int(scale * d + 0.5) if i in axes else d
                          for i, d in enumerate(x.dims)]
            full_scales = [scale if i in axes else 1.0 for i in range(rank)]
            operands["scales"] = imp.emit_constant(
                np.array(full_scales, np.float32), TensorProto.FLOAT,
                "scales", ctx.loc)
            operands["sizes"] = imp.emit_constant(
                np.array(full_sizes, np.int64), TensorProto.INT64, "sizes",
                ctx.loc)
        else:
            operands["sizes"] = _widened(imp, ctx, 3, axes, rank, x, None,
                                         TensorProto.INT64)
    attrs = {
        "mode": None if mode == "nearest" else f"#graph.resize_mode<{mode}>",
        "coordinate_mode": None if coord == "half_pixel" else
        f"#graph.coordinate_mode<{coord}>",
        "nearest_mode": None if nearest == "round_prefer_floor" else
        f"#graph.nearest_mode<{nearest}>",
        "cubic_coeff_a": None if ctx.attr("cubic_coeff_a", -0.75) == -0.75
        else f"{float(ctx.attr('cubic_coeff_a')):.17g} : f64",
        "exclude_outside": "true" if ctx.attr("exclude_outside", 0) else None,
    }
    if attrs["cubic_coeff_a"] and "." not in attrs["cubic_coeff_a"].split()[0] \
            and "e" not in attrs["cubic_coeff_a"].split()[0]:
        attrs["cubic_coeff_a"] = attrs["cubic_coeff_a"].replace(" :", ".0 :")
    text = x.ssa
    values = [x]
    for name in ("scales", "sizes"):
        if name in operands:
            text += f" {name} {operands[name].ssa}"
            values.append(operands[name])
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    types = ", ".join(v.type for v in values)
    imp.emit(f"{result.ssa} = graph.resize {text}{_attr_dict(attrs)} : "
             f"({types}) -> {result.type} {ctx.loc}")
    imp.set_out(ctx, result)


def _resize_axes(ctx, rank: int) -> list:
    """The `axes` attribute (opset 18) normalized, all dims without it."""
    axes = ctx.attr("axes", None)
    if axes is None:
        return list(range(rank))
    axes = [a + rank if a < 0 else a for a in axes]
    if sorted(set(axes)) != sorted(axes) or any(not 0 <= a < rank
                                                  for a in axes):
        raise _Unsupported(f"attribute axes={axes} is invalid")
    return axes


def _antialiased(imp, ctx, x: _Value, mode: str, coord: str):
    """Resize with antialias=1 (modes linear and cubic), one axis after the
    other as a matmul by an [out, in] weight matrix computed from the
    run-time scale s: output o reads the input around its coordinate x_o
    (the coordinate mode's formula) with the kernel stretched by 1/min(s, 1),
    weights K((j - x_o) * min(s, 1)) normalized over the taps, taps outside
    the input clamped to the edge (or dropped with exclude_outside). This
    is the ONNX reference's windowed sum written densely: the window covers
    the kernel's support exactly, so every tap with a nonzero weight is a
    column. Virtual columns beyond the edges are bounded by the static
    output size (s >= out/in), then folded onto the edge columns by a
    constant one-hot matrix. Weights are computed in f64."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    f64 = TensorProto.DOUBLE
    rank = x.rank
    _check_kind(ctx, x, "f", "resize")
    ctx.used_attrs.add("extrapolation_value")  # tf_crop_and_resize only
    ctx.used_attrs.add("nearest_mode")
    if ctx.has_input(1):
        ctx.used_inputs.add(1)  # roi: tf_crop_and_resize only
    if ctx.attr("keep_aspect_ratio_policy", "stretch") != "stretch":
        raise _Unsupported("keep_aspect_ratio_policy with antialias is not "
                           "supported")
    axes = _resize_axes(ctx, rank)
    has_scales, has_sizes = _present(ctx, 2), _present(ctx, 3)
    if has_scales == has_sizes:
        raise _Unsupported("exactly one of 'scales' and 'sizes' must be given")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * rank))
    if len(dims) != rank:
        raise _Unsupported(f"the output has rank {len(dims)}, the input "
                           f"{rank}")
    if any(x.dims[d] is None or dims[d] is None for d in axes):
        raise _Unsupported("antialias needs static input and output sizes "
                           "on the resized axes")
    scales = None if has_sizes else b.cast(ctx.input(2), f64)
    if has_sizes:
        ctx.used_inputs.add(3)
    a = float(ctx.attr("cubic_coeff_a", -0.75))
    exclude_outside = bool(ctx.attr("exclude_outside", 0))
    support = 1 if mode == "linear" else 2
    out = x
    for i, d in enumerate(axes):
        n_in, n_out = x.dims[d], dims[d]
        if n_in == 1 and n_out == 1:
            continue  # one tap, weight 1
        if n_out == 0:
            raise _Unsupported("antialias to an empty axis is not supported")
        if scales is None:
            scale = b.scalar(n_out / n_in, f64)
        else:
            scale = b.element(scales, i)
        # Taps reach 2*support/min(s, 1) around x_o; s >= n_out / n_in.
        pad = int(np.ceil(support * max(n_in / n_out, 1.0))) + 2
        taps = np.arange(-pad, n_in + pad)
        o = b.iota(n_out, 0, 2, f64)  # [out, 1]
        width = b.mul(scale, b.scalar(float(n_in), f64))  # s * n_in
        if coord == "asymmetric":
            x_o = b.div(o, scale)
        elif coord == "align_corners":
            x_o = b.select(b.binary("equal", width, b.scalar(1.0, f64)),
                           b.scalar(0.0, f64, 2),
                           b.div(b.mul(o, b.scalar(n_in - 1.0, f64)),
                                 b.sub(width, b.scalar(1.0, f64))))
        else:
            x_o = b.sub(b.div(b.add(o, b.scalar(0.5, f64, 2)), scale),
                        b.scalar(0.5, f64, 2))
            if coord == "pytorch_half_pixel":
                x_o = b.select(b.binary("equal", width, b.scalar(1.0, f64)),
                               b.scalar(-0.5, f64, 2), x_o)
            elif coord == "half_pixel_symmetric":
                adjustment = b.div(b.scalar(float(n_out), f64), width)
                offset = b.mul(b.scalar(n_in / 2.0, f64),
                               b.sub(b.scalar(1.0, f64), adjustment))
                x_o = b.add(x_o, offset)
        stretch = b.op("min", [scale, b.scalar(1.0, f64)], f64, ())
        t = b.op("abs", [b.mul(b.sub(b.const(taps.reshape(1, -1).astype(
            np.float64), f64, "taps"), x_o), stretch)], f64,
            (n_out, len(taps)))
        if mode == "linear":
            weight = b.clip(b.sub(b.scalar(1.0, f64, 2), t), 0.0, 1.0)
        else:
            t2 = b.mul(t, t)
            t3 = b.mul(t2, t)
            near = b.add(b.sub(b.mul(b.scalar(a + 2, f64, 2), t3),
                               b.mul(b.scalar(a + 3, f64, 2), t2)),
                         b.scalar(1.0, f64, 2))
            far = b.sub(b.add(b.sub(b.mul(b.scalar(a, f64, 2), t3),
                                    b.mul(b.scalar(5 * a, f64, 2), t2)),
                              b.mul(b.scalar(8 * a, f64, 2), t)),
                        b.scalar(4 * a, f64, 2))
            weight = b.select(
                b.binary("less_equal", t, b.scalar(1.0, f64, 2)), near,
                b.select(b.binary("less", t, b.scalar(2.0, f64, 2)), far,
                         b.scalar(0.0, f64, 2)))
        if exclude_outside:
            inside = ((taps >= 0) & (taps < n_in)).astype(np.float64)
            weight = b.mul(weight, b.const(inside.reshape(1, -1), f64,
                                           "inside"))
        weight = b.div(weight, b.reduce("reduce_sum", weight, [1]))
        fold = np.zeros((len(taps), n_in))
        fold[np.arange(len(taps)), np.clip(taps, 0, n_in - 1)] = 1.0
        matrix = b.cast(b.matmul(weight, b.const(fold, f64, "edges")),
                        out.elem)  # [out, in]
        # Contract the input's axis d with the matrix's `in`.
        perm = [k for k in range(rank) if k != d] + [d]
        moved = b.transpose(out, perm)
        mixed = b.matmul(moved, b.transpose(matrix, [1, 0]))
        inverse = [perm.index(k) for k in range(rank)]
        out = b.transpose(mixed, inverse)
    imp.set_out(ctx, b.declared(out, elem, dims))


def _kept_aspect_ratio(imp, ctx, x: _Value, axes, policy: str) -> dict:
    """Scales and sizes of keep_aspect_ratio_policy from sizes (or input
    dims) known only at run time: one scale, the min (not_larger) or max
    (not_smaller) of sizes[i] / dim[axes[i]], applied to the axes; sizes
    round half up. In f64, as the ONNX reference computes."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    f64, i64 = TensorProto.DOUBLE, TensorProto.INT64
    rank = x.rank
    sizes = ctx.input(3)
    if sizes.rank != 1 or sizes.dims[0] not in (None, len(axes)):
        raise _Unsupported(f"input 'sizes' must hold {len(axes)} values")
    shape = b.op("shape_of", [x], i64, (rank,))
    in_axes = b.op("gather", [shape, b.i64(axes)], i64, (len(axes),),
                   {"axis": "0 : i64"})
    ratios = b.div(b.cast(b.cast(sizes, i64), f64), b.cast(in_axes, f64),
                   (len(axes),))
    scale = b.reduce("reduce_min" if policy == "not_larger" else
                     "reduce_max", ratios, [0], keepdims=True)  # [1]
    is_axis = b.const(np.array([d in axes for d in range(rank)]),
                      TensorProto.BOOL, "axes")
    scales = b.select(is_axis, scale, b.scalar(1.0, f64, 1), (rank,))
    rounded = b.unary("floor", b.add(b.mul(scales, b.cast(shape, f64)),
                                     b.scalar(0.5, f64, 1)))
    return {"scales": b.cast(scales, TensorProto.FLOAT),
            "sizes": b.select(is_axis, b.cast(rounded, i64), shape)}


def _tf_crop_and_resize(imp, ctx, x: _Value):
    """Resize with coordinate_transformation_mode=tf_crop_and_resize (mode
    linear): per resized axis, output index i samples the input at
    x = roi_start*(n-1) + i*(roi_end-roi_start)*(n-1)/(out-1) (the middle of
    the roi when out is 1), between floor(x) and the next index; a
    coordinate outside [0, n-1] on any axis gives extrapolation_value.
    Linear interpolation is separable, so the axes are resized one after
    the other by two gathers and a blend. Coordinates are computed in f64,
    as the ONNX reference does; roi and sizes may be computed at run time."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    f64, i64 = TensorProto.DOUBLE, TensorProto.INT64
    rank = x.rank
    mode = ctx.attr("mode", "nearest")
    if mode != "linear":
        raise _Unsupported(f"coordinate_transformation_mode="
                           f"tf_crop_and_resize with mode={mode} is not "
                           "supported (only linear)")
    _check_kind(ctx, x, "f", "resize")
    for name in ("nearest_mode", "cubic_coeff_a", "exclude_outside",
                 "keep_aspect_ratio_policy"):
        ctx.used_attrs.add(name)  # nearest/cubic and sizes policies only
    if ctx.attr("keep_aspect_ratio_policy", "stretch") != "stretch":
        raise _Unsupported("keep_aspect_ratio_policy with tf_crop_and_resize "
                           "is not supported")
    if ctx.attr("antialias", 0):
        raise _Unsupported("attribute antialias=1 is not supported")
    extrapolation = float(ctx.attr("extrapolation_value", 0.0))
    axes = _resize_axes(ctx, rank)
    n = len(axes)
    if not ctx.has_input(1):
        raise _Unsupported("tf_crop_and_resize needs input 'roi'")
    roi = ctx.input(1)
    if roi.rank != 1 or roi.dims[0] not in (None, 2 * n):
        raise _Unsupported(f"input 'roi' must hold {2 * n} values")
    roi = b.cast(roi, f64)
    has_scales, has_sizes = _present(ctx, 2), _present(ctx, 3)
    if has_scales == has_sizes:
        raise _Unsupported("exactly one of 'scales' and 'sizes' must be given")
    values = ctx.input(3 if has_sizes else 2)
    if values.rank != 1 or values.dims[0] not in (None, n):
        raise _Unsupported(f"input '{'sizes' if has_sizes else 'scales'}' "
                           f"must hold {n} values")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (None,) * rank))
    shape = b.op("shape_of", [x], i64, (rank,))

    out = x
    for i, d in enumerate(axes):
        size = b.element(shape, d)
        size_f = b.cast(size, f64)
        if has_sizes:
            out_len = b.cast(b.element(values, i), i64)
            out_width = b.cast(out_len, f64)
        else:  # ONNX: the width is scale*n, the count its floor.
            out_width = b.mul(b.cast(b.element(values, i), f64), size_f)
            out_len = b.cast(b.unary("floor", out_width), i64)
        start, end = b.element(roi, i), b.element(roi, n + i)
        last = b.sub(size_f, b.scalar(1.0, f64))
        span = b.mul(b.sub(end, start), last)
        index = b.range(b.scalar(0, i64), out_len, b.scalar(1, i64), "crop")
        step = b.div(span, b.sub(out_width, b.scalar(1.0, f64)))
        coords = b.select(
            b.binary("equal", out_width, b.scalar(1.0, f64)),
            b.div(span, b.scalar(2.0, f64)),
            b.mul(b.cast(index, f64), step), (None,))
        coords = b.add(coords, b.mul(start, last), (None,))
        inside = b.op("and", [b.binary("greater_equal", coords,
                                       b.scalar(0.0, f64)),
                              b.binary("less_equal", coords, last)],
                      TensorProto.BOOL, (None,))
        floor = b.unary("floor", coords)
        lo = b.cast(b.clip(floor, 0.0), i64)
        lo = b.op("min", [lo, b.cast(b.clip(last, 0.0), i64)], i64, (None,))
        hi = b.op("min", [b.add(lo, b.scalar(1, i64)),
                          b.cast(b.clip(last, 0.0), i64)], i64, (None,))
        weight = b.cast(b.sub(coords, floor), out.elem)
        column = [1] * rank
        column[d] = -1
        out_dims = list(out.dims)
        out_dims[d] = None
        out_dims = tuple(out_dims)

        def along(v: _Value) -> _Value:
            return b.reshape(v, column, tuple(
                None if k == d else 1 for k in range(rank)))

        low = b.op("gather", [out, lo], out.elem, out_dims,
                   {"axis": f"{d} : i64"})
        high = b.op("gather", [out, hi], out.elem, out_dims,
                    {"axis": f"{d} : i64"})
        w = along(weight)
        blended = b.add(b.mul(b.sub(b.scalar(1.0, out.elem, rank), w), low,
                              out_dims), b.mul(w, high, out_dims), out_dims)
        out = b.select(along(inside), blended,
                       b.scalar(extrapolation, out.elem, rank), out_dims)
    imp.set_out(ctx, b.declared(out, elem, dims))


def _widened(imp, ctx, i, axes, rank, x, fill, elem) -> _Value:
    """Input `i` (scales or sizes for `axes`) as one value per dim of `x`:
    `fill` (scales) or the input's size (sizes) for the other dims."""
    arr = ctx.maybe_const_input(i)
    want = "float32" if elem == TensorProto.FLOAT else "int64"
    if arr is not None:
        arr = arr.reshape(-1)
        if arr.size != len(axes):
            raise _Unsupported(f"input #{i} must hold {len(axes)} values")
        if axes == list(range(rank)):
            full = arr.astype(want)
        elif fill is not None:
            full = np.full(rank, fill, want)
            full[axes] = arr
        elif all(x.dims[d] is not None for d in range(rank) if d not in axes):
            full = np.array([x.dims[d] if d not in axes else 0
                             for d in range(rank)], want)
            full[axes] = arr
        else:
            full = None
        if full is not None:
            return imp.emit_constant(full, elem, "scales" if fill is not None
                                     else "sizes", ctx.loc)
    v = ctx.input(i)
    if v.elem != elem or v.rank != 1:
        raise _Unsupported(f"input #{i} must be a 1-D "
                           f"{'float32' if fill is not None else 'int64'} "
                           "tensor")
    if axes == list(range(rank)):
        if v.dims[0] is None:
            v = imp.op(ctx, "slice", [v], v.elem, (rank,),
                       {"starts": _i64_array([0]), "ends": _i64_array([rank])})
        return v
    # One piece per dim: the given value for an axis, else the fill (a
    # constant) or the input's size (a slice of its shape).
    pieces = []
    shape = None
    for d in range(rank):
        if d in axes:
            j = axes.index(d)
            pieces.append(imp.op(ctx, "slice", [v], elem, (1,),
                                 {"starts": _i64_array([j]),
                                  "ends": _i64_array([j + 1])}))
        elif fill is not None:
            pieces.append(imp.emit_constant(np.array([fill], want), elem,
                                            "fill", ctx.loc))
        else:
            if shape is None:
                shape = imp.op(ctx, "shape_of", [x], TensorProto.INT64,
                               (rank,))
            pieces.append(imp.op(ctx, "slice", [shape], elem, (1,),
                                 {"starts": _i64_array([d]),
                                  "ends": _i64_array([d + 1])}))
    return imp.op(ctx, "concat", pieces, elem, (rank,),
                  {"axis": "0 : i64"})


#: GridSample's modes: opset 16's names and opset 20's.
_GRID_MODES = {"bilinear": "linear", "linear": "linear", "nearest": "nearest",
               "bicubic": "cubic", "cubic": "cubic"}
_GRID_PADDING = ("zeros", "border", "reflection")


@_handler("GridSample", "graph.grid_sample",
          "modes bilinear/linear, nearest, bicubic/cubic; padding_mode "
          "zeros/border/reflection; align_corners; any number of spatial "
          "dims (cubic up to 4); linear and cubic need a float input",
          opsets=(16, 24))
def _grid_sample(imp, ctx):
    x, grid = ctx.input(0), ctx.input(1)
    mode = ctx.attr("mode", "bilinear")
    if mode not in _GRID_MODES:
        raise _Unsupported(f"attribute mode={mode} is not supported")
    mode = _GRID_MODES[mode]
    padding = ctx.attr("padding_mode", "zeros")
    if padding not in _GRID_PADDING:
        raise _Unsupported(f"attribute padding_mode={padding} is not "
                           "supported")
    if x.rank < 3 or grid.rank != x.rank:
        raise _Unsupported(f"input rank {x.rank} and grid rank {grid.rank}: "
                           "expected N x C x spatial dims and a grid of the "
                           "same rank")
    _check_kind(ctx, grid, "f", "grid_sample")
    if mode != "nearest":
        _check_kind(ctx, x, "f", "grid_sample")
    spatial = x.rank - 2
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (
        x.dims[0] if x.dims[0] is not None else grid.dims[0], x.dims[1],
        *grid.dims[1:1 + spatial])))
    attrs = {
        "mode": None if mode == "linear" else f"#graph.resize_mode<{mode}>",
        "padding_mode": None if padding == "zeros" else
        f"#graph.grid_padding<{padding}>",
        "align_corners": "true" if ctx.attr("align_corners", 0) else None,
    }
    _emit_functional(imp, ctx, "grid_sample", [x, grid], elem, dims, attrs)


@_handler("AffineGrid", "graph.affine_grid",
          "2-D and 3-D; align_corners; size may be computed at run time",
          opsets=(20, 24))
def _affine_grid(imp, ctx):
    theta, size = ctx.input(0), ctx.input(1)
    _check_kind(ctx, theta, "f", "affine_grid")
    if size.elem != TensorProto.INT64 or size.rank != 1 or \
            size.dims[0] not in (4, 5):
        raise _Unsupported("input 'size' must be a 1-D int64 tensor of 4 "
                           "(N, C, H, W) or 5 (N, C, D, H, W) values")
    spatial = size.dims[0] - 2
    sizes = ctx.maybe_const_input(1)
    known = (list(sizes.reshape(-1)[2:]) if sizes is not None
             else [None] * spatial)
    elem, dims = ctx.out_type(fallback=lambda: (theta.elem, (
        theta.dims[0], *known, spatial)))
    attrs = {"align_corners": "true" if ctx.attr("align_corners", 0)
             else None}
    _emit_functional(imp, ctx, "affine_grid", [theta, size], elem, dims,
                     attrs)


def _emit_functional(imp, ctx, mnemonic, operands, elem, dims, attrs):
    """Emits graph.`mnemonic` of `operands` whose type is printed as a
    function type (the image ops' form) and binds the node's output."""
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    ops = ", ".join(v.ssa for v in operands)
    types = ", ".join(v.type for v in operands)
    imp.emit(f"{result.ssa} = graph.{mnemonic} {ops}{_attr_dict(attrs)} : "
             f"({types}) -> {result.type} {ctx.loc}")
    imp.set_out(ctx, result)
