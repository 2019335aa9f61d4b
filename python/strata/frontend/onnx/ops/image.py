#===- image.py - Image rearrangement ONNX ops -----------------------------===#
#
# Handlers of DepthToSpace and SpaceToDepth: each is a reshape to 6-D, a
# transpose and a reshape back to 4-D (the ONNX reference's formula). The
# reshapes take constant shapes: the batch size is copied (0) and at most
# one other size may be unknown (-1).
#
# Col2Im (the inverse of an im2col) as a gather and a sum: output pixel p
# of channel c is the sum over the K kernel offsets k of the column entry
# [c*K + k, l(k, p)] whose block l covers p at offset k, where one exists.
# The [K, P] table of l (and of where it exists) is built from graph ops on
# the block shape, so it may be a graph input (the node tests pass it so);
# with a constant block shape the table folds to constants.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import MAX_OPSET, _check_kind, _handler
from .compose import _Builder, _prod


def _shape_of_sizes(sizes) -> list:
    """A constant reshape target for `sizes` whose first entry is the batch
    size (copied with 0): an unknown size becomes -1, at most one."""
    rest = list(sizes[1:])
    if sum(1 for s in rest if s is None) > 1:
        raise _Unsupported("more than one of the channel, height and width "
                           "sizes is unknown")
    return [0] + [-1 if s is None else s for s in rest]


def _div(size, by):
    return None if size is None else size // by


def _mul(size, by):
    return None if size is None else size * by


def _input_4d(ctx):
    x = ctx.input(0)
    if x.rank != 4:
        raise _Unsupported(f"the input must be 4-D (NCHW), it has rank "
                           f"{x.rank}")
    bs = int(ctx.attr("blocksize"))
    if bs <= 0:
        raise _Unsupported(f"attribute blocksize={bs} must be positive")
    return x, bs


@_handler("DepthToSpace", "graph.reshape, graph.transpose",
          "blocksize, mode DCR and CRD; 4-D input with a static channel "
          "count and at most one unknown spatial size")
def _depth_to_space(imp, ctx):
    x, bs = _input_4d(ctx)
    mode = ctx.attr("mode", "DCR")
    n, c, h, w = x.dims
    if c is None:
        raise _Unsupported("the channel count must be static")
    if c % (bs * bs):
        raise _Unsupported(f"blocksize {bs}: {bs * bs} does not divide the "
                           f"{c} channels")
    if mode not in ("DCR", "CRD"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    b = _Builder(imp, ctx)
    cc = c // (bs * bs)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (
        n, cc, _mul(h, bs), _mul(w, bs))))
    if mode == "DCR":
        mid = [n, bs, bs, cc, h, w]
        perm = [0, 3, 4, 1, 5, 2]
    else:
        mid = [n, cc, bs, bs, h, w]
        perm = [0, 1, 4, 2, 5, 3]
    y = b.reshape(x, _shape_of_sizes(mid), tuple(mid))
    y = b.transpose(y, perm)
    out = [n, cc, _mul(h, bs), _mul(w, bs)]
    imp.set_out(ctx, b.reshape(y, _shape_of_sizes(out), dims))


@_handler("SpaceToDepth", "graph.reshape, graph.transpose",
          "blocksize; 4-D input with at most one unknown size among "
          "channels, height and width")
def _space_to_depth(imp, ctx):
    x, bs = _input_4d(ctx)
    n, c, h, w = x.dims
    for size, what in ((h, "height"), (w, "width")):
        if size is not None and size % bs:
            raise _Unsupported(f"blocksize {bs} does not divide the {what} "
                               f"{size}")
    b = _Builder(imp, ctx)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (
        n, _mul(c, bs * bs), _div(h, bs), _div(w, bs))))
    mid = [n, c, _div(h, bs), bs, _div(w, bs), bs]
    y = b.reshape(x, _shape_of_sizes(mid), tuple(mid))
    y = b.transpose(y, [0, 3, 5, 1, 2, 4])
    out = [n, _mul(c, bs * bs), _div(h, bs), _div(w, bs)]
    imp.set_out(ctx, b.reshape(y, _shape_of_sizes(out), dims))


def _col2im_table(b: _Builder, block: _Value, image: list, kernel: int,
                  blocks: int, pads: list, strides: list,
                  dilations: list) -> tuple:
    """(flat, valid), both [K, P]: for kernel offset k and output pixel p
    (row-major over `image`), `flat` is the position k * L + l in the
    flattened [K * L] columns of the block l that covers p at offset k, and
    `valid` says whether one does (`flat` is 0 where not). `block` is the
    1-D i64 block shape (a graph value, constant or not); the per-dim
    kernel offsets, block counts and block strides are computed from it."""
    i64 = TensorProto.INT64
    n = len(image)
    size = [b.reshape(b.slice(block, 0, d, d + 1), [1, 1]) for d in range(n)]
    kidx = b.iota(kernel, 0, 2, i64)  # [K, 1]
    pixel = np.indices(image).reshape(n, 1, -1)  # [n][1, P]
    flat = valid = None
    kstride = lstride = None  # None: 1
    for d in reversed(range(n)):
        k = kidx if kstride is None else b.div(kidx, kstride)
        k = b.binary("mod", k, size[d])  # offset along d, [K, 1]
        if dilations[d] != 1:
            k = b.mul(k, b.scalar(dilations[d], i64, 2))
        # Blocks along d: (image + pads - dilation * (size - 1) - 1) /
        # stride + 1.
        extent = image[d] + pads[d] + pads[n + d] + dilations[d] - 1
        span = size[d] if dilations[d] == 1 else b.mul(
            size[d], b.scalar(dilations[d], i64, 2))
        count = b.sub(b.scalar(extent, i64, 2), span)
        if strides[d] != 1:
            count = b.div(count, b.scalar(strides[d], i64, 2))
        count = b.add(count, b.scalar(1, i64, 2))
        # Where the block starts that covers pixel p at offset k (padded
        # coordinates): it must be >= 0, a multiple of the stride and
        # before the last block.
        start = b.sub(b.const(pixel[d] + pads[d], i64, "pixels"), k)
        ok = b.binary("greater_equal", start, b.scalar(0, i64, 2))
        if strides[d] != 1:
            stride = b.scalar(strides[d], i64, 2)
            ok = b.binary("and", ok, b.binary(
                "equal", b.binary("mod", start, stride),
                b.scalar(0, i64, 2)))
            start = b.div(start, stride)
        ok = b.binary("and", ok, b.binary("less", start, count))
        term = start if lstride is None else b.mul(start, lstride)
        flat = term if flat is None else b.add(flat, term)
        valid = ok if valid is None else b.binary("and", valid, ok)
        kstride = size[d] if kstride is None else b.mul(kstride, size[d])
        lstride = count if lstride is None else b.mul(lstride, count)
    flat = b.add(flat, b.mul(kidx, b.scalar(blocks, i64, 2)))
    flat = b.select(valid, flat, b.scalar(0, i64, 2), valid.dims)
    return flat, valid


def _col2im_blocks(image: list, block: list, pads: list, strides: list,
                   dilations: list) -> int:
    """The number of blocks L of a constant block shape."""
    n = len(image)
    return _prod((image[d] + pads[d] + pads[n + d] -
                  dilations[d] * (block[d] - 1) - 1) // strides[d] + 1
                 for d in range(n))


def _shape_input(ctx, i: int, what: str) -> tuple:
    """(length, values or None) of Col2Im's 1-D int64 input `i`: the values
    when it is a constant (then not emitted), else None."""
    arr = ctx.maybe_const_input(i)
    if arr is not None:
        if arr.dtype != np.int64 or arr.ndim != 1:
            raise _Unsupported(f"input '{what}' must be a 1-D int64 tensor")
        return arr.size, [int(v) for v in arr]
    v = ctx.input(i)
    if v.elem != TensorProto.INT64 or v.rank != 1 or v.dims[0] is None:
        raise _Unsupported(f"input '{what}' must be a 1-D int64 tensor of a "
                           "static length")
    return v.dims[0], None


def _col2im_sizes(ctx, x: _Value, image, block, window) -> tuple:
    """(image, channels, kernel) of Col2Im: the image sizes, C and K, from
    the constant inputs or, for the ones computed at run time, from the
    output shape ONNX shape inference gives (the model's declared output)."""
    n = len(window[1])  # window: (pads, strides, dilations)
    ck, blocks = x.dims[1], x.dims[2]
    declared = None
    if image is None or block is None:
        try:
            _, declared = ctx.out_type()
        except _Unsupported:
            pass
        if declared is not None and (len(declared) != n + 2 or
                                     None in declared[1:]):
            declared = None
    if image is None:
        if declared is None:
            raise _Unsupported("input 'image_shape' is computed at run time "
                               "and ONNX shape inference gives no static "
                               "output shape")
        image = list(declared[2:])
    if min(image) < 0:
        raise _Unsupported(f"image_shape {image} has a negative size")
    if block is not None:
        if min(block) < 1:
            raise _Unsupported(f"block_shape {block} has a size below 1")
        kernel = _prod(block)
        if ck % kernel:
            raise _Unsupported(f"the {ck} columns are not a multiple of the "
                               f"block size {kernel}")
        want = _col2im_blocks(image, block, *window)
        if want != blocks:
            raise _Unsupported(f"image_shape {image} and block_shape {block} "
                               f"make {want} blocks, the input has {blocks}")
        return image, ck // kernel, kernel
    if declared is None:
        raise _Unsupported("input 'block_shape' is computed at run time and "
                           "ONNX shape inference gives no static output "
                           "channel count")
    channels = declared[1]
    if channels < 1 or ck % channels:
        raise _Unsupported(f"the {ck} columns are not a multiple of the "
                           f"output's {channels} channels")
    return image, channels, ck // channels


@_handler("Col2Im", "graph.gather, graph.select, graph.reduce_sum",
          "strides, pads, dilations; static column sizes [C*K, L]; "
          "image_shape constant, or computed with a static output shape "
          "from ONNX shape inference (the model's declared output) whose "
          "sizes are then used; block_shape constant or computed (the "
          "channel count C then comes from the output shape)",
          opsets=(18, MAX_OPSET))
def _col2im(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "reduce_sum")
    if x.rank != 3:
        raise _Unsupported(f"the input must be 3-D [N, C*K, L], it has rank "
                           f"{x.rank}")
    batch, ck, blocks = x.dims
    if ck is None or blocks is None:
        raise _Unsupported("the input's column sizes (dims 1 and 2) must be "
                           "static")
    n, image = _shape_input(ctx, 1, "image_shape")
    n_block, block = _shape_input(ctx, 2, "block_shape")
    if n < 1 or n_block != n:
        raise _Unsupported(f"image_shape and block_shape have {n} and "
                           f"{n_block} elements")
    strides = [int(v) for v in ctx.attr("strides", None) or [1] * n]
    dilations = [int(v) for v in ctx.attr("dilations", None) or [1] * n]
    pads = [int(v) for v in ctx.attr("pads", None) or [0] * (2 * n)]
    if len(strides) != n or len(dilations) != n or len(pads) != 2 * n:
        raise _Unsupported(f"strides/dilations/pads must have {n}/{n}/{2 * n}"
                           " values")
    if min(strides + dilations) < 1:
        raise _Unsupported("strides and dilations must be positive")
    image, channels, kernel = _col2im_sizes(ctx, x, image, block,
                                            (pads, strides, dilations))

    b = _Builder(imp, ctx)
    pixels = _prod(image)
    flat, valid = _col2im_table(b, ctx.input(2), image, kernel, blocks,
                                pads, strides, dilations)
    columns = b.reshape(x, [0, channels, kernel * blocks],
                        (batch, channels, kernel * blocks))
    picked = b.op("gather", [columns, flat], x.elem,
                  (batch, channels, kernel, pixels), {"axis": "2 : i64"})
    picked = b.select(valid, picked, b.scalar(0, x.elem), picked.dims)
    summed = b.reduce("reduce_sum", picked, [2], keepdims=False)
    imp.set_out(ctx, b.reshape(summed, [0, channels] + image,
                               (batch, channels, *image)))
