#===- roi_align.py - ONNX RoiAlign ----------------------------------------===#
#
# RoiAlign (opsets 16-24, 10's form through the version converter) with a
# fixed sampling grid (sampling_ratio > 0, as torchvision's detection heads
# use): each output bin of each roi averages (or, mode=max, takes the
# largest of) S x S bilinear samples. The sample rows and columns of every
# roi are computed with graph ops from the run-time rois, as the ONNX
# reference does (clamped at 0, snapped to the last row/column, zero
# outside [-1, size]); the four corners of every sample are gathered from
# the roi's image plane (graph.gather of the batch index, then
# gather_elements over the flattened plane), weighted, and combined: summed
# and averaged over the S x S samples, or (mode=max) the largest weighted
# corner, then the largest sample, which is the reference's definition.
# Coordinates and weights are computed in f64, as the reference computes.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_computed_size, _check_kind, _handler
from .compose import _Builder


def _sample_axis(b: _Builder, start: _Value, end: _Value, bins: int,
                 grid: int, size: int, half_pixel: bool) -> tuple:
    """The low index, high index, low weight, high weight and validity of
    the `bins * grid` samples of each roi along one axis ([R, bins*grid]
    each), from the roi's start and end ([R, 1], f64) on an axis of `size`
    elements."""
    f64, i64 = TensorProto.DOUBLE, TensorProto.INT64
    extent = b.sub(end, start)
    if not half_pixel:  # output_half_pixel: at least one pixel
        extent = b.op("max", [extent, b.scalar(1.0, f64, 2)], f64,
                      extent.dims)
    bin_size = b.div(extent, b.scalar(float(bins), f64, 2))
    # (bin + (sample + 0.5) / grid) for every sample of every bin.
    steps = (np.arange(bins).reshape(-1, 1) +
             (np.arange(grid).reshape(1, -1) + 0.5) / grid).reshape(1, -1)
    pos = b.add(start, b.mul(bin_size, b.const(steps, f64, "samples")))
    valid = b.op("and", [
        b.binary("greater_equal", pos, b.scalar(-1.0, f64, 2)),
        b.binary("less_equal", pos, b.scalar(float(size), f64, 2))],
        TensorProto.BOOL, pos.dims)
    pos = b.op("max", [pos, b.scalar(0.0, f64, 2)], f64, pos.dims)
    low = b.unary("floor", pos)
    last = b.scalar(float(size - 1), f64, 2)
    at_end = b.binary("greater_equal", low, last)
    low = b.select(at_end, last, low)
    pos = b.select(at_end, last, pos)
    high = b.select(at_end, last, b.add(low, b.scalar(1.0, f64, 2)))
    frac = b.sub(pos, low)
    return (b.cast(low, i64), b.cast(high, i64),
            b.sub(b.scalar(1.0, f64, 2), frac), frac, valid)


@_handler("RoiAlign", "graph.gather, graph.gather_elements (bilinear "
          "samples), graph.reduce_mean / graph.reduce_max",
          "modes avg and max; coordinate_transformation_mode half_pixel and "
          "output_half_pixel; sampling_ratio > 0 (a fixed S x S grid per "
          "bin); spatial_scale; static channels and image size",
          opsets=(16, 24))
def _roi_align(imp, ctx):
    b = _Builder(imp, ctx)
    x, rois, batch = ctx.input(0), ctx.input(1), ctx.input(2)
    _check_kind(ctx, x, "f", "gather_elements")
    f64, i64 = TensorProto.DOUBLE, TensorProto.INT64
    mode = ctx.attr("mode", "avg")
    coord = ctx.attr("coordinate_transformation_mode", "half_pixel")
    if mode not in ("avg", "max"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    if coord not in ("half_pixel", "output_half_pixel"):
        raise _Unsupported(f"attribute coordinate_transformation_mode={coord}"
                           " is not supported")
    out_h, out_w = ctx.attr("output_height", 1), ctx.attr("output_width", 1)
    grid = ctx.attr("sampling_ratio", 0)
    scale = float(ctx.attr("spatial_scale", 1.0))
    if grid <= 0:
        raise _Unsupported("sampling_ratio=0 (a sample grid that depends on "
                           "each roi's size) is not supported")
    if out_h < 1 or out_w < 1:
        raise _Unsupported("output_height and output_width must be positive")
    _check_computed_size(out_h * grid * out_w * grid,
                         "the sample grid of one roi (output_height x "
                         "output_width bins of sampling_ratio^2 samples)")
    if x.rank != 4 or rois.rank != 2 or rois.dims[1] not in (None, 4) or \
            batch.rank != 1:
        raise _Unsupported("X must be [N, C, H, W], rois [R, 4] and "
                           "batch_indices [R]")
    channels, height, width = x.dims[1:]
    if None in (channels, height, width):
        raise _Unsupported("RoiAlign needs static channels and image sizes")
    roi_count = rois.dims[0]
    offset = 0.5 if coord == "half_pixel" else 0.0
    corners = b.sub(b.mul(b.cast(rois, f64), b.scalar(scale, f64, 2)),
                    b.scalar(offset, f64, 2))  # [R, 4]: x1, y1, x2, y2

    def column(i: int) -> _Value:
        return b.slice(corners, 1, i, i + 1)  # [R, 1]

    half_pixel = coord == "half_pixel"
    y_lo, y_hi, wy_lo, wy_hi, y_ok = _sample_axis(
        b, column(1), column(3), out_h, grid, height, half_pixel)
    x_lo, x_hi, wx_lo, wx_hi, x_ok = _sample_axis(
        b, column(0), column(2), out_w, grid, width, half_pixel)
    rows, cols = out_h * grid, out_w * grid

    def grid2(v: _Value, axis: int) -> _Value:
        """[R, n] as [R, n, 1] (rows) or [R, 1, n] (columns)."""
        return b.unsqueeze(v, [2 if axis == 0 else 1])

    valid = b.op("and", [grid2(y_ok, 0), grid2(x_ok, 1)], TensorProto.BOOL,
                 (roi_count, rows, cols))
    planes = b.op("gather", [x, b.cast(batch, i64)], x.elem,
                  (roi_count, channels, height, width), {"axis": "0 : i64"})
    flat = b.reshape(planes, [0, channels, height * width])
    combined = None
    for y_index, y_weight in ((y_lo, wy_lo), (y_hi, wy_hi)):
        for x_index, x_weight in ((x_lo, wx_lo), (x_hi, wx_hi)):
            index = b.add(b.mul(grid2(y_index, 0), b.scalar(width, i64, 3)),
                          grid2(x_index, 1))  # [R, rows, cols]
            index = b.expand(b.reshape(index, [0, 1, rows * cols]),
                             [1, channels, 1])
            value = b.op("gather_elements", [flat, index], x.elem,
                         (roi_count, channels, rows * cols),
                         {"axis": "2 : i64"})
            weight = b.select(valid, b.mul(grid2(y_weight, 0),
                                           grid2(x_weight, 1)),
                              b.scalar(0.0, f64, 3))
            weight = b.cast(b.reshape(weight, [0, 1, rows * cols]), x.elem)
            term = b.mul(value, weight)
            if combined is None:
                combined = term
            elif mode == "avg":
                combined = b.add(combined, term)
            else:
                combined = b.op("max", [combined, term], x.elem, term.dims)
    samples = b.reshape(combined, [0, channels, out_h, grid, out_w, grid])
    reduce = "reduce_mean" if mode == "avg" else "reduce_max"
    out = b.reduce(reduce, samples, [3, 5], keepdims=False)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, out.dims))
    imp.set_out(ctx, b.declared(out, elem, dims))
