#===- resize.py - ONNX Resize, GridSample and AffineGrid ------------------===#
#
# Resize (opsets 13-19 forms) to graph.resize: scales or sizes (constant or
# computed at run time), all interpolation modes, every coordinate
# transformation but tf_crop_and_resize, nearest rounding modes, cubic's
# coefficient and exclude_outside; `axes` (opset 18) by widening scales or
# sizes to every dim; keep_aspect_ratio_policy by computing the common
# scale and the rounded sizes when the sizes and the input dims are known.
# Antialiasing is reported.
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


@_handler("Resize", "graph.resize",
          "modes nearest/linear/cubic; coordinate modes but "
          "tf_crop_and_resize; nearest_mode, cubic_coeff_a, exclude_outside; "
          "scales or sizes (may be computed); axes; keep_aspect_ratio_policy "
          "with constant sizes of static dims; no antialias")
def _resize(imp, ctx):
    x = ctx.input(0)
    rank = x.rank
    mode = ctx.attr("mode", "nearest")
    coord = ctx.attr("coordinate_transformation_mode", "half_pixel")
    if coord not in _COORDINATES:
        raise _Unsupported(f"attribute coordinate_transformation_mode={coord} "
                           "is not supported")
    nearest = ctx.attr("nearest_mode", "round_prefer_floor")
    if nearest not in _NEAREST:
        raise _Unsupported(f"attribute nearest_mode={nearest} is not "
                           "supported")
    if mode not in ("nearest", "linear", "cubic"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    if ctx.attr("antialias", 0):
        raise _Unsupported("attribute antialias=1 is not supported")
    ctx.used_attrs.add("extrapolation_value")  # tf_crop_and_resize only
    # roi matters only for tf_crop_and_resize.
    if ctx.has_input(1):
        ctx.used_inputs.add(1)
    has_scales, has_sizes = _present(ctx, 2), _present(ctx, 3)
    if has_scales == has_sizes:
        raise _Unsupported("exactly one of 'scales' and 'sizes' must be given")
    axes = ctx.attr("axes", None)
    if axes is not None:
        axes = [a + rank if a < 0 else a for a in axes]
        if sorted(set(axes)) != sorted(axes) or any(
                not 0 <= a < rank for a in axes):
            raise _Unsupported(f"attribute axes={axes} is invalid")
    else:
        axes = list(range(rank))
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
        if policy != "stretch":
            if sizes is None or any(x.dims[a] is None for a in axes):
                raise _Unsupported(
                    f"keep_aspect_ratio_policy={policy} needs constant sizes "
                    "and static input dims")
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
