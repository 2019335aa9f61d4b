#===- image.py - Image rearrangement ONNX ops -----------------------------===#
#
# Handlers of DepthToSpace and SpaceToDepth: each is a reshape to 6-D, a
# transpose and a reshape back to 4-D (the ONNX reference's formula). The
# reshapes take constant shapes: the batch size is copied (0) and at most
# one other size may be unknown (-1).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from ..errors import _Unsupported
from ..registry import _handler
from .compose import _Builder


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
