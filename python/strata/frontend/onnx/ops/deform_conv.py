#===- deform_conv.py - ONNX DeformConv ------------------------------------===#
#
# DeformConv (opset 19, 2-D) as a bilinear gather and a grouped matmul: each
# kernel tap k of output pixel p of offset group g samples the input at
# (s*i - pad + k_h*d + offset_h, s*j - pad + k_w*d + offset_w) bilinearly,
# with zeros outside the input (the ONNX reference samples with GridSample,
# align_corners=1, zeros padding). The four corners are gathered from the
# flattened image (gather_elements over the H*W positions, the same indices
# for every channel of the offset group), weighted, zeroed outside the
# input by a select (so inf/NaN beyond the border do not leak in), scaled
# by the mask, and the resulting columns [N, group, C/group * K, P] are
# multiplied by the weight [group, OC/group, C/group * K]: an im2col with
# deformed taps.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler
from .compose import _Builder


@_handler("DeformConv", "graph.gather_elements (bilinear taps), graph.matmul",
          "2-D; strides, pads, dilations, group, offset_group; optional B "
          "and mask; static channel, kernel and output sizes",
          opsets=(19, 24))
def _deform_conv(imp, ctx):
    b = _Builder(imp, ctx)
    x, w, offset = ctx.input(0), ctx.input(1), ctx.input(2)
    bias = ctx.input(3) if ctx.has_input(3) else None
    mask = ctx.input(4) if ctx.has_input(4) else None
    _check_kind(ctx, x, "f", "matmul")
    if x.rank != 4 or w.rank != 4 or offset.rank != 4:
        raise _Unsupported("only 2-D DeformConv (rank-4 X, W and offset) is "
                           "supported")
    f32, i64 = x.elem, TensorProto.INT64
    n_out, c_per_group, kh, kw = w.dims
    c_in = x.dims[1]
    oh, ow = offset.dims[2:]
    if None in (n_out, c_per_group, kh, kw, c_in, oh, ow):
        raise _Unsupported("DeformConv needs static channels, kernel and "
                           "output sizes")
    kernel = list(ctx.attr("kernel_shape", None) or [kh, kw])
    if kernel != [kh, kw]:
        raise _Unsupported(f"kernel_shape={kernel} differs from the weight's "
                           f"{[kh, kw]}")
    strides = list(ctx.attr("strides", None) or [1, 1])
    dilations = list(ctx.attr("dilations", None) or [1, 1])
    pads = list(ctx.attr("pads", None) or [0, 0, 0, 0])
    group, offset_group = ctx.attr("group", 1), ctx.attr("offset_group", 1)
    if len(strides) != 2 or len(dilations) != 2 or len(pads) != 4:
        raise _Unsupported("strides/dilations/pads must have 2/2/4 entries")
    if min(strides + dilations) < 1 or min(pads) < 0:
        raise _Unsupported("strides and dilations must be positive and pads "
                           "non-negative")
    if group < 1 or c_in % group or n_out % group or \
            c_in // group != c_per_group:
        raise _Unsupported(f"group={group} does not divide {c_in} input and "
                           f"{n_out} output channels into the weight's "
                           f"{c_per_group} per group")
    taps, pixels = kh * kw, oh * ow
    if offset_group < 1 or c_in % offset_group or \
            offset.dims[1] != 2 * offset_group * taps:
        raise _Unsupported(f"offset has {offset.dims[1]} channels, expected "
                           f"2 * offset_group * {taps}")
    if mask is not None and mask.dims[1] not in (None, offset_group * taps):
        raise _Unsupported(f"mask has {mask.dims[1]} channels, expected "
                           f"offset_group * {taps}")
    g, cg = offset_group, c_in // offset_group
    # Sampling positions [N, G, K, P]: the tap's place plus its offset.
    ki, kj = np.meshgrid(np.arange(kh), np.arange(kw), indexing="ij")
    pi, pj = np.meshgrid(np.arange(oh), np.arange(ow), indexing="ij")
    base_h = (ki.reshape(-1, 1) * dilations[0] - pads[0] +
              pi.reshape(1, -1) * strides[0])
    base_w = (kj.reshape(-1, 1) * dilations[1] - pads[1] +
              pj.reshape(1, -1) * strides[1])
    off = b.reshape(offset, [0, g, taps, 2, pixels],
                    (offset.dims[0], g, taps, 2, pixels))

    def coordinate(axis: int, base: np.ndarray) -> _Value:
        part = b.reshape(b.slice(off, 3, axis, axis + 1),
                         [0, g, taps, pixels])
        return b.add(part, b.const(base.reshape(1, 1, taps, pixels)
                                   .astype(np.float64), f32, "taps"))

    h, wc = coordinate(0, base_h), coordinate(1, base_w)
    shape = b.op("shape_of", [x], i64, (4,))
    height, width = b.element(shape, 2), b.element(shape, 3)
    h0, w0 = b.unary("floor", h), b.unary("floor", wc)
    lh, lw = b.sub(h, h0), b.sub(wc, w0)
    h0, w0 = b.cast(h0, i64), b.cast(w0, i64)
    one = b.scalar(1, i64, 4)
    area = None if None in x.dims[2:] else x.dims[2] * x.dims[3]
    image = b.reshape(x, [0, g, cg, -1], (x.dims[0], g, cg, area))
    columns = None
    for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
        hy = b.add(h0, one) if dy else h0
        wx = b.add(w0, one) if dx else w0
        inside = b.op("and", [
            b.op("and", [b.binary("greater_equal", hy, b.scalar(0, i64, 4)),
                         b.binary("less", hy, height)], TensorProto.BOOL,
                 hy.dims),
            b.op("and", [b.binary("greater_equal", wx, b.scalar(0, i64, 4)),
                         b.binary("less", wx, width)], TensorProto.BOOL,
                 wx.dims)], TensorProto.BOOL, hy.dims)
        flat = b.add(b.mul(b.select(inside, hy, b.scalar(0, i64, 4)), width),
                     b.select(inside, wx, b.scalar(0, i64, 4)))
        # The same positions for every channel of the offset group.
        index = b.expand(b.reshape(flat, [0, g, 1, taps * pixels]),
                         [1, 1, cg, 1])
        value = b.op("gather_elements", [image, index], f32,
                     (x.dims[0], g, cg, taps * pixels),
                     {"axis": "3 : i64"})
        weight = b.mul(lh if dy else b.sub(b.scalar(1.0, f32, 4), lh),
                       lw if dx else b.sub(b.scalar(1.0, f32, 4), lw))
        weight = b.select(inside, weight, b.scalar(0.0, f32, 4))
        value = b.select(b.reshape(inside, [0, g, 1, taps * pixels]), value,
                         b.scalar(0.0, f32, 4))
        term = b.mul(value, b.reshape(weight, [0, g, 1, taps * pixels]))
        columns = term if columns is None else b.add(columns, term)
    if mask is not None:
        columns = b.mul(columns, b.reshape(mask, [0, g, 1, taps * pixels]))
    # [N, G, C/G, K*P] -> [N, group, C/group * K, P]
    columns = b.reshape(columns, [0, group, c_per_group * taps, pixels])
    weights = b.reshape(w, [1, group, n_out // group, c_per_group * taps])
    out = b.matmul(weights, columns)  # [N, group, OC/group, P]
    out = b.reshape(out, [0, n_out, oh, ow])
    if bias is not None:
        out = b.add(out, b.reshape(bias, [1, n_out, 1, 1]))
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, out.dims))
    imp.set_out(ctx, b.declared(out, elem, dims))
