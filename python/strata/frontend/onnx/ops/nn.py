#===- nn.py - Neural-network layer ONNX ops -------------------------------===#
#
# Handlers of the layer ops: MatMul and Gemm, 1-D, 2-D and 3-D convolution,
# transposed convolution and max/average/Lp pooling, global pooling, batch
# and layer normalization, Softmax, LogSoftmax and Hardmax. The graph
# dialect's window ops are 2-D and 3-D and take explicit pads, so 1-D ops
# are composed from the 2-D ones and ONNX's auto_pad is resolved here
# (_window_lists; ConvTranspose's auto_pad and output_shape in
# _transposed_pads), which needs static spatial sizes for SAME_*.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from onnx import TensorProto

from ..emit import _f32_attr, _i64_array
from ..errors import _Unsupported
from ..importer import _broadcast_dims, _Node, _Value
from ..registry import ALL_OPSETS, _check_kind, _handler


def _matmul_dims(a: tuple, b: tuple):
    """numpy.matmul's result dims (None for unknown sizes)."""
    if not a or not b:
        return None
    a2 = a if len(a) > 1 else (1,) + a
    b2 = b if len(b) > 1 else b + (1,)
    dims = _broadcast_dims(a2[:-2], b2[:-2]) + (a2[-2], b2[-1])
    if len(b) == 1:
        dims = dims[:-1]
    if len(a) == 1:
        dims = dims[:-2] + dims[-1:] if len(b) > 1 else dims[:-1]
    return dims


@_handler("MatMul", "graph.matmul")
def _matmul(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, "fi", "matmul")
    elem, dims = ctx.out_type(fallback=lambda: (a.elem, _matmul_dims(a.dims,
                                                                     b.dims)))
    imp.set_out(ctx, imp.op(ctx, "matmul", [a, b], elem, dims))


@_handler("Gemm", "graph.linear", "alpha, beta, transA, transB, optional C")
def _gemm(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, "fi", "linear")
    ops = [a, b]
    if ctx.has_input(2):
        ops.append(ctx.input(2))
    attrs = {
        "trans_a": "true" if ctx.attr("transA") else None,
        "trans_b": "true" if ctx.attr("transB") else None,
        "alpha": _f32_attr(ctx.attr("alpha")) if ctx.attr("alpha") != 1.0
        else None,
        "beta": _f32_attr(ctx.attr("beta")) if ctx.attr("beta") != 1.0 else
        None,
    }
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "linear", ops, elem, dims, attrs))


#===----------------------------------------------------------------------===#
# Convolutions and pooling (window ops)
#===----------------------------------------------------------------------===#
#
# ONNX's window ops take N-D inputs (N, C, spatial...). 2-D inputs (4-D)
# become the graph dialect's 2-D ops and 3-D inputs (5-D) its 3-D ops; 1-D
# inputs (3-D) become the 2-D ops on a unit height: the input (and a
# weight) gets a size-1 dim 2 (graph.unsqueeze), every per-dim attribute a
# leading height entry that leaves that dim alone (kernel 1, stride 1,
# dilation 1, pads 0, output_padding 0), and the result loses the dim again
# (graph.squeeze). Other ranks are reported.


def _num_spatial(x: _Value, what: str) -> int:
    """The number of spatial dims of the window op input `x` (1 to 3)."""
    n = x.rank - 2
    if n not in (1, 2, 3):
        raise _Unsupported(f"only 1-D, 2-D and 3-D {what} (3-D, 4-D or 5-D "
                           f"input) is supported, the input has rank "
                           f"{x.rank}")
    return n


def _window_lists(ctx: _Node, x: _Value, kernel: Sequence[Optional[int]],
                  resolve_auto_pad: bool = True) -> tuple:
    """(strides, pads, dilations) of a window op over the len(kernel)
    trailing dims of `x`, in ONNX order (pads: begins, then ends), with
    auto_pad resolved into pads (SAME_* needs static spatial sizes), unless
    not `resolve_auto_pad` (the caller's job then)."""
    n = len(kernel)
    strides = list(ctx.attr("strides", None) or [1] * n)
    dilations = list(ctx.attr("dilations", None) or [1] * n)
    pads = list(ctx.attr("pads", None) or [0] * (2 * n))
    auto_pad = ctx.attr("auto_pad", "NOTSET")
    if len(strides) != n or len(dilations) != n or len(pads) != 2 * n:
        raise _Unsupported(f"strides/dilations/pads must have {n}/{n}/{2 * n}"
                           " entries")
    if not resolve_auto_pad:
        return strides, pads, dilations
    if auto_pad == "VALID":
        pads = [0] * (2 * n)
    elif auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        pads = [0] * (2 * n)
        for i in range(n):
            size, k = x.dims[x.rank - n + i], kernel[i]
            if size is None or k is None:
                raise _Unsupported(f"auto_pad={auto_pad} needs static spatial "
                                   "sizes")
            out = -(-size // strides[i])
            total = max(0, (out - 1) * strides[i] +
                        (k - 1) * dilations[i] + 1 - size)
            small, big = total // 2, total - total // 2
            pads[i], pads[n + i] = (small, big) if auto_pad == "SAME_UPPER" \
                else (big, small)
    elif auto_pad != "NOTSET":
        raise _Unsupported(f"attribute auto_pad={auto_pad} is not supported")
    return strides, pads, dilations


def _unit_height(strides: list, pads: list, dilations: list) -> tuple:
    """1-D window lists as those of a 2-D window of height 1."""
    return [1] + strides, [0, pads[0], 0, pads[1]], [1] + dilations


def _window_attrs(strides: list, pads: list, dilations: list = None) -> dict:
    """The graph attributes of window lists, defaults left out."""
    n = len(strides)
    attrs = {}
    if strides != [1] * n:
        attrs["strides"] = _i64_array(strides)
    if pads != [0] * (2 * n):
        attrs["pads"] = _i64_array(pads)
    if dilations is not None and dilations != [1] * n:
        attrs["dilations"] = _i64_array(dilations)
    return attrs


def _with_unit_height(imp, ctx: _Node, n: int, mnemonic: str, lifted: list,
                      others: list, elem: int, dims: tuple,
                      attrs: dict) -> _Value:
    """graph.`mnemonic` on `lifted` (image operands) + `others` (bias): as
    it is for 2-D and 3-D inputs, on a unit height for 1-D ones (the lifted
    operands unsqueezed at dim 2, the result squeezed there)."""
    if n != 1:
        return imp.op(ctx, mnemonic, lifted + others, elem, dims, attrs)
    axis = {"axes": _i64_array([2])}
    lifted = [imp.op(ctx, "unsqueeze", [v], v.elem,
                     v.dims[:2] + (1,) + v.dims[2:], axis, hint="lifted")
              for v in lifted]
    dims2 = tuple(dims[:2]) + (1,) + tuple(dims[2:])
    y = imp.op(ctx, mnemonic, lifted + others, elem, dims2, attrs,
               hint=mnemonic)
    return imp.op(ctx, "squeeze", [y], elem, dims, axis)


#: The graph op of each window op type by number of spatial dims.
_WINDOW_OPS = {
    "Conv": {1: "conv2d", 2: "conv2d", 3: "conv3d"},
    "ConvTranspose": {1: "conv_transpose2d", 2: "conv_transpose2d",
                      3: "conv_transpose3d"},
    "MaxPool": {1: "max_pool2d", 2: "max_pool2d", 3: "max_pool3d"},
    "AveragePool": {1: "avg_pool2d", 2: "avg_pool2d", 3: "avg_pool3d"},
}


def _conv_op(x: _Value) -> tuple:
    """(number of spatial dims, graph op) of a convolution of `x`."""
    n = _num_spatial(x, "convolution")
    return n, _WINDOW_OPS["Conv"][n]


def _conv_attrs(ctx: _Node, x: _Value, w: _Value) -> dict:
    """The graph op's attributes of a Conv-like node (Conv, ConvInteger,
    QLinearConv) of input `x` and weight `w`: strides, pads and dilations
    (auto_pad resolved; a unit height first for 1-D) and groups."""
    ctx.attr("kernel_shape")
    if w.rank != x.rank:
        raise _Unsupported(f"the weight has rank {w.rank}, expected {x.rank}")
    strides, pads, dilations = _window_lists(ctx, x, w.dims[2:])
    if x.rank == 3:
        strides, pads, dilations = _unit_height(strides, pads, dilations)
    attrs = _window_attrs(strides, pads, dilations)
    group = ctx.attr("group")
    if group != 1:
        attrs["groups"] = f"{group} : i64"
    return attrs


@_handler("Conv", "graph.conv2d (1-D: + graph.unsqueeze, graph.squeeze) / "
          "graph.conv3d", "1-D, 2-D and 3-D; strides, pads, dilations, "
          "auto_pad (SAME_* needs static sizes), group, optional bias",
          opsets=ALL_OPSETS)
def _conv(imp, ctx):
    x, w = ctx.input(0), ctx.input(1)
    n, mnemonic = _conv_op(x)
    _check_kind(ctx, x, "f", mnemonic)
    bias = [ctx.input(2)] if ctx.has_input(2) else []
    attrs = _conv_attrs(ctx, x, w)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, _with_unit_height(imp, ctx, n, mnemonic, [x, w], bias,
                                       elem, dims, attrs))


def _transposed_pads(ctx: _Node, x: _Value, kernel: Sequence[Optional[int]],
                     strides: list, pads: list, dilations: list,
                     output_padding: list) -> tuple:
    """(pads, output_padding) of a ConvTranspose node with auto_pad and
    output_shape resolved. Given an output_shape (or with SAME_* the size
    in * stride), ONNX derives the pads from the total padding
    stride * (in - 1) + output_padding + (k - 1) * dilation + 1 - out:
    SAME_UPPER puts the odd one at the end (begin = total // 2), the other
    auto_pad values at the beginning (end = total // 2). A negative total
    makes the output longer than the full result: zeros (plus the bias) at
    the end, as in ONNX's reference and onnxruntime, which is
    output_padding for the graph op as long as it stays below the stride or
    the dilation. Needs static spatial sizes."""
    n = len(kernel)
    auto_pad = ctx.attr("auto_pad", "NOTSET")
    output_shape = ctx.attr("output_shape", None)
    if auto_pad not in ("NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"):
        raise _Unsupported(f"attribute auto_pad={auto_pad} is not supported")
    if not output_shape and auto_pad in ("NOTSET", "VALID"):
        return (pads if auto_pad == "NOTSET" else [0] * (2 * n)), \
            output_padding
    spatial = x.dims[x.rank - n:]
    if output_shape:
        output_shape = list(output_shape)
        if len(output_shape) == n + 2:
            output_shape = output_shape[2:]
        if len(output_shape) != n:
            raise _Unsupported(f"output_shape must have {n} entries")
    what = "output_shape" if output_shape else f"auto_pad={auto_pad}"
    if any(d is None for d in spatial) or any(k is None for k in kernel):
        raise _Unsupported(f"{what} needs static spatial and kernel sizes")
    if not output_shape:
        output_shape = [spatial[i] * strides[i] for i in range(n)]
    pads, output_padding = [0] * (2 * n), list(output_padding)
    for i in range(n):
        total = (strides[i] * (spatial[i] - 1) + output_padding[i] +
                 (kernel[i] - 1) * dilations[i] + 1 - output_shape[i])
        if total < 0:
            output_padding[i] -= total
            if output_padding[i] >= max(strides[i], dilations[i]):
                raise _Unsupported(
                    f"{what} asks for spatial dim {i} size "
                    f"{output_shape[i]}, {-total} beyond the full result "
                    f"{output_shape[i] + total}: only an excess (with "
                    "output_padding) below the stride or the dilation is "
                    "supported")
            continue
        small, big = total // 2, total - total // 2
        pads[i], pads[n + i] = (small, big) if auto_pad == "SAME_UPPER" \
            else (big, small)
    return pads, output_padding


@_handler("ConvTranspose", "graph.conv_transpose2d (1-D: + graph.unsqueeze, "
          "graph.squeeze) / graph.conv_transpose3d", "1-D, 2-D and 3-D; "
          "strides, pads, dilations, output_padding, group, optional bias; "
          "output_shape and auto_pad (static spatial sizes; an output_shape "
          "beyond the full result only by less than the stride)",
          opsets=ALL_OPSETS)
def _conv_transpose(imp, ctx):
    x, w = ctx.input(0), ctx.input(1)
    n = _num_spatial(x, "transposed convolution")
    mnemonic = _WINDOW_OPS["ConvTranspose"][n]
    _check_kind(ctx, x, "f", mnemonic)
    bias = [ctx.input(2)] if ctx.has_input(2) else []
    ctx.attr("kernel_shape")
    if w.rank != x.rank:
        raise _Unsupported(f"the weight has rank {w.rank}, expected {x.rank}")
    kernel = w.dims[2:]
    strides, pads, dilations = _window_lists(ctx, x, kernel,
                                             resolve_auto_pad=False)
    output_padding = list(ctx.attr("output_padding", None) or [0] * n)
    if len(output_padding) != n:
        raise _Unsupported(f"output_padding must have {n} entries")
    pads, output_padding = _transposed_pads(ctx, x, kernel, strides, pads,
                                            dilations, output_padding)
    if n == 1:
        strides, pads, dilations = _unit_height(strides, pads, dilations)
        output_padding = [0] + output_padding
    attrs = _window_attrs(strides, pads, dilations)
    if output_padding != [0] * len(output_padding):
        attrs["output_padding"] = _i64_array(output_padding)
    group = ctx.attr("group")
    if group != 1:
        attrs["groups"] = f"{group} : i64"
    elem, dims = ctx.out_type()
    imp.set_out(ctx, _with_unit_height(imp, ctx, n, mnemonic, [x, w], bias,
                                       elem, dims, attrs))


def _pool_kernel(ctx: _Node, n: int) -> list:
    kernel = [int(k) for k in ctx.attr("kernel_shape")]
    if len(kernel) != n:
        raise _Unsupported(f"kernel_shape has {len(kernel)} entries, the "
                           f"input has {n} spatial dims")
    return kernel


@_handler("MaxPool", "graph.max_pool2d (1-D: + graph.unsqueeze, "
          "graph.squeeze) / graph.max_pool3d (Indices: + graph.slice and "
          "graph.select per tap)", "1-D, 2-D and 3-D; float and integer "
          "(int8, uint8) inputs; strides, pads, dilations, auto_pad, "
          "ceil_mode; the Indices output (static spatial sizes) in either "
          "storage_order", opsets=ALL_OPSETS)
def _max_pool(imp, ctx):
    x = ctx.input(0)
    n = _num_spatial(x, "pooling")
    mnemonic = _WINDOW_OPS["MaxPool"][n]
    _check_kind(ctx, x, "fi", mnemonic)
    ctx.require_outputs(2)
    kernel = _pool_kernel(ctx, n)
    strides, pads, dilations = _window_lists(ctx, x, kernel)
    window = (list(kernel), list(strides), list(pads), list(dilations))
    if n == 1:
        kernel = [1] + kernel
        strides, pads, dilations = _unit_height(strides, pads, dilations)
    attrs = {"kernel_shape": _i64_array(kernel)}
    attrs.update(_window_attrs(strides, pads, dilations))
    if ctx.attr("ceil_mode"):
        attrs["ceil_mode"] = "true"
    elem, dims = ctx.out_type()
    y = _with_unit_height(imp, ctx, n, mnemonic, [x], [], elem, dims, attrs)
    imp.set_out(ctx, y)
    if ctx.num_outputs() > 1 and ctx.node.output[1] and \
            imp.is_used(ctx.node.output[1]):
        imp.set_out(ctx, _max_pool_indices(imp, ctx, x, y, *window), 1)
    elif ctx.attr("storage_order"):
        ctx.used_attrs.add("storage_order")  # only shapes Indices


def _max_pool_indices(imp, ctx: _Node, x: _Value, y: _Value, kernel: list,
                      strides: list, pads: list, dilations: list) -> _Value:
    """MaxPool's Indices: for each output, the flat index into x of the
    first tap of its window (in scan order, as the ONNX reference) whose
    value equals the pooled maximum; row-major over (N, C, spatial), or with
    the spatial dims column-major for storage_order=1. Per tap, the input
    sampled at the tap's place for every output (one strided graph.slice of
    the zero-padded input) is compared with the result, and a select takes
    the tap's (constant) position; taps run last to first so that the first
    match wins. Taps in the padding never match."""
    from .compose import _Builder
    b = _Builder(imp, ctx)
    i64 = TensorProto.INT64
    n = len(kernel)
    spatial, out_spatial = list(x.dims[2:]), list(y.dims[2:])
    if None in spatial or None in out_spatial:
        raise _Unsupported("the Indices output needs static spatial sizes")
    column_major = bool(ctx.attr("storage_order"))
    # The padded input is long enough for every tap of every output.
    reach = [(o - 1) * s + (k - 1) * d + 1 for o, s, k, d in
             zip(out_spatial, strides, kernel, dilations)]
    ends = [max(pads[n + i], reach[i] - pads[i] - spatial[i])
            for i in range(n)]
    padded = b.pad(x, [0, 0] + pads[:n] + [0, 0] + ends)
    # Row-major (or column-major) strides of the spatial dims.
    order = list(range(n))[::-1] if column_major else list(range(n))
    place = [0] * n
    step = 1
    for i in reversed(order):
        place[i] = step
        step *= spatial[i]
    grids = np.meshgrid(*[np.arange(o) for o in out_spatial], indexing="ij")
    index = None
    for tap in reversed(list(np.ndindex(*kernel))):
        starts = [t * d for t, d in zip(tap, dilations)]
        sampled = b.op("slice", [padded], x.elem, y.dims, {
            "starts": _i64_array(starts),
            "ends": _i64_array([a + r - (k - 1) * d for a, r, k, d in
                                zip(starts, reach, kernel, dilations)]),
            "axes": _i64_array(list(range(2, 2 + n))),
            "steps": _i64_array(strides)})
        coords = [g * s - p + t * d for g, s, p, t, d in
                  zip(grids, strides, pads, tap, dilations)]
        inside = np.ones(out_spatial, dtype=bool)
        position = np.zeros(out_spatial, dtype=np.int64)
        for c, size, weight in zip(coords, spatial, place):
            inside &= (c >= 0) & (c < size)
            position += c * weight
        match = b.op("and", [b.binary("equal", sampled, y),
                             b.const(inside.reshape([1, 1] + out_spatial),
                                     TensorProto.BOOL, "inside")],
                     TensorProto.BOOL, y.dims)
        tap_position = b.const(position.reshape([1, 1] + out_spatial), i64,
                               "position")
        index = b.select(match, tap_position, index if index is not None
                         else b.scalar(0, i64, 2 + n), y.dims)
    # Plus the offset of the (n, c) plane.
    if y.dims[1] is None:
        raise _Unsupported("the Indices output needs a static channel count")
    if y.dims[0] is not None:
        batch_index = b.iota(y.dims[0], 0, 2 + n, i64)
    else:
        batch = b.element(b.op("shape_of", [y], i64, (2 + n,)), 0)
        batch_index = b.reshape(b.range(b.scalar(0, i64), batch,
                                        b.scalar(1, i64)),
                                [-1] + [1] * (1 + n))
    planes = b.add(b.mul(batch_index, b.scalar(y.dims[1], i64, 2 + n)),
                   b.iota(y.dims[1], 1, 2 + n, i64))
    area = b.scalar(int(np.prod(spatial)), i64, 2 + n)
    return b.add(b.mul(planes, area), index, y.dims)


@_handler("AveragePool", "graph.avg_pool2d (1-D: + graph.unsqueeze, "
          "graph.squeeze) / graph.avg_pool3d", "1-D, 2-D and 3-D; strides, "
          "pads, dilations, auto_pad, count_include_pad, ceil_mode",
          opsets=ALL_OPSETS)
def _avg_pool(imp, ctx):
    x = ctx.input(0)
    n = _num_spatial(x, "pooling")
    mnemonic = _WINDOW_OPS["AveragePool"][n]
    _check_kind(ctx, x, "f", mnemonic)
    kernel = _pool_kernel(ctx, n)
    strides, pads, dilations = _window_lists(ctx, x, kernel)
    if n == 1:
        kernel = [1] + kernel
        strides, pads, dilations = _unit_height(strides, pads, dilations)
    attrs = {"kernel_shape": _i64_array(kernel)}
    attrs.update(_window_attrs(strides, pads, dilations))
    if ctx.attr("count_include_pad"):
        attrs["count_include_pad"] = "true"
    if ctx.attr("ceil_mode"):
        attrs["ceil_mode"] = "true"
    elem, dims = ctx.out_type()
    imp.set_out(ctx, _with_unit_height(imp, ctx, n, mnemonic, [x], [], elem,
                                       dims, attrs))


@_handler("GlobalAveragePool GlobalMaxPool",
          "graph.global_avg_pool / graph.global_max_pool",
          "any input rank from 3 (1-D, 2-D, 3-D, ... images)",
          opsets=ALL_OPSETS)
def _global_pool(imp, ctx):
    x = ctx.input(0)
    if x.rank < 3:
        raise _Unsupported(f"the input must have rank 3 or more, got "
                           f"{x.rank}")
    mnemonic = "global_avg_pool" if ctx.op == "GlobalAveragePool" else \
        "global_max_pool"
    _check_kind(ctx, x, "f", mnemonic)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims))


@_handler("BatchNormalization", "graph.batch_norm (training_mode: "
          "+ graph.reduce_mean of the batch statistics)",
          "epsilon; training_mode=1 normalizes with the batch's mean and "
          "(population) variance and gives the running_mean/running_var "
          "outputs (momentum)")
def _batch_norm(imp, ctx):
    ops = [ctx.input(i) for i in range(5)]
    _check_kind(ctx, ops[0], "f", "batch_norm")
    training = bool(ctx.attr("training_mode", 0))
    momentum = ctx.attr("momentum")
    elem, dims = ctx.out_type()
    attrs = {"epsilon": _f32_attr(ctx.attr("epsilon"))}
    if not training:
        ctx.require_outputs(1)
        imp.set_out(ctx, imp.op(ctx, "batch_norm", ops, elem, dims, attrs))
        return
    x, mean_in, var_in = ops[0], ops[3], ops[4]
    if x.rank < 2:
        raise _Unsupported("the input must have rank 2 or more")
    # The batch statistics over every dim but the channels (1).
    axes = [a for a in range(x.rank) if a != 1]
    kept = tuple(1 if a != 1 else d for a, d in enumerate(x.dims))
    chan = (x.dims[1],)
    red = {"axes": _i64_array(axes)}
    mean_k = imp.op(ctx, "reduce_mean", [x], x.elem, kept, red, hint="mean")
    d = imp.op(ctx, "sub", [x, mean_k], x.elem, x.dims)
    sq = imp.op(ctx, "mul", [d, d], x.elem, x.dims)
    flat = dict(red, keepdims="false")
    var = imp.op(ctx, "reduce_mean", [sq], x.elem, chan, flat, hint="var")
    mean = imp.op(ctx, "reduce_mean", [x], x.elem, chan, flat, hint="mean")
    imp.set_out(ctx, imp.op(ctx, "batch_norm", ops[:3] + [mean, var], elem,
                            dims, attrs))
    # running = input * momentum + batch * (1 - momentum)
    for i, (old, new) in ((1, (mean_in, mean)), (2, (var_in, var))):
        if i >= len(ctx.node.output) or not ctx.node.output[i]:
            continue
        out_elem, out_dims = ctx.out_type(i, fallback=lambda: (
            mean_in.elem, chan))
        a = imp.op(ctx, "mul", [old, imp.scalar(momentum, old.elem, ctx)],
                   old.elem, old.dims)
        bterm = imp.op(ctx, "mul", [new, imp.scalar(1.0 - momentum, x.elem,
                                                    ctx)], x.elem, chan)
        imp.set_out(ctx, imp.op(ctx, "add", [a, bterm], out_elem, out_dims,
                                hint=ctx.node.output[i]), i)


@_handler("LayerNormalization", "graph.layer_norm (+ graph.reduce_mean, "
          "graph.rsqrt for Mean/InvStdDev)", "axis, epsilon, stash_type")
def _layer_norm(imp, ctx):
    ops = [ctx.input(0), ctx.input(1)]
    _check_kind(ctx, ops[0], "f", "layer_norm")
    if ctx.has_input(2):
        ops.append(ctx.input(2))
    ctx.attr("stash_type")
    elem, dims = ctx.out_type()
    axis, eps = ctx.attr("axis"), ctx.attr("epsilon")
    attrs = {"axis": f"{axis} : i64", "epsilon": _f32_attr(eps)}
    imp.set_out(ctx, imp.op(ctx, "layer_norm", ops, elem, dims, attrs))
    wants = [i for i in (1, 2) if i < len(ctx.node.output) and
             ctx.node.output[i] and imp.is_used(ctx.node.output[i])]
    if not wants:
        return
    # Mean and InvStdDev (training outputs) are composed: the statistics
    # over dims [axis, rank), kept as size 1, in the stash type.
    x = ops[0]
    rank = x.rank
    first = axis + rank if axis < 0 else axis
    axes = _i64_array(range(first, rank))
    stat_elem, stat_dims = ctx.out_type(wants[0])
    xs = imp.cast(ctx, x, stat_elem)
    mean = imp.op(ctx, "reduce_mean", [xs], stat_elem, stat_dims,
                  {"axes": axes}, hint="mean")
    if 1 in wants:
        imp.set_out(ctx, mean, 1)
    if 2 in wants:
        d = imp.op(ctx, "sub", [xs, mean], stat_elem, xs.dims)
        sq = imp.op(ctx, "mul", [d, d], stat_elem, xs.dims)
        var = imp.op(ctx, "reduce_mean", [sq], stat_elem, stat_dims,
                     {"axes": axes})
        ve = imp.op(ctx, "add", [var, imp.scalar(eps, stat_elem, ctx)],
                    stat_elem, stat_dims)
        imp.set_out(ctx, imp.op(ctx, "rsqrt", [ve], stat_elem, stat_dims,
                                hint="inv_std_dev"), 2)


@_handler("Softmax LogSoftmax", "graph.softmax / graph.log_softmax",
          "axis (opset 13 semantics)")
def _softmax(imp, ctx):
    x = ctx.input(0)
    mnemonic = "softmax" if ctx.op == "Softmax" else "log_softmax"
    _check_kind(ctx, x, "f", mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Hardmax", "graph.argmax, graph.equal, graph.cast",
          "axis (opset 13 semantics); the size along axis must be static")
def _hardmax(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "argmax")
    rank = x.rank
    axis = ctx.attr("axis")
    a = axis + rank if axis < 0 else axis
    if not 0 <= a < rank:
        raise _Unsupported(f"axis {axis} is out of range for rank {rank}")
    size = x.dims[a]
    if size is None:
        raise _Unsupported("the size along axis must be static")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    # One-hot of the (first) argmax: compare it with 0..size-1 along axis.
    idx_dims = tuple(1 if i == a else d for i, d in enumerate(x.dims))
    idx = imp.op(ctx, "argmax", [x], TensorProto.INT64, idx_dims,
                 {"axis": f"{a} : i64"})
    shape = [1] * rank
    shape[a] = size
    iota = imp.emit_constant(np.arange(size, dtype=np.int64).reshape(shape),
                             TensorProto.INT64, "iota", ctx.loc)
    hot = imp.op(ctx, "equal", [idx, iota], TensorProto.BOOL, x.dims)
    imp.set_out(ctx, imp.op(ctx, "cast", [hot], elem, dims))


@_handler("LpPool", "graph.abs, graph.pow, graph.avg_pool2d (1-D: + "
          "graph.unsqueeze, graph.squeeze) / graph.avg_pool3d, graph.mul",
          "1-D, 2-D and 3-D; p, auto_pad, pads, strides, dilations; no "
          "ceil_mode", opsets=ALL_OPSETS)
def _lp_pool(imp, ctx):
    x = ctx.input(0)
    n = _num_spatial(x, "pooling")
    mnemonic = _WINDOW_OPS["AveragePool"][n]
    _check_kind(ctx, x, "f", mnemonic)
    kernel = _pool_kernel(ctx, n)
    if ctx.attr("ceil_mode", 0):
        raise _Unsupported("attribute ceil_mode=1 is not supported")
    p = ctx.attr("p")
    if p <= 0:
        raise _Unsupported(f"attribute p={p} must be positive")
    strides, pads, dilations = _window_lists(ctx, x, kernel)
    count = 1
    for k in kernel:
        count *= k
    if n == 1:
        kernel = [1] + kernel
        strides, pads, dilations = _unit_height(strides, pads, dilations)
    # Padding counts (as zeros) so that the average times the kernel volume
    # is the window sum: without ceil_mode every tap of a window, dilated
    # or not, lies in the padded input.
    attrs = {"kernel_shape": _i64_array(kernel), "count_include_pad": "true"}
    attrs.update(_window_attrs(strides, pads, dilations))
    elem, dims = ctx.out_type()

    def scalar(v):
        return imp.scalar(v, x.elem, ctx)

    # (sum over the window of |x|^p) ^ (1/p); padding adds zeros.
    if p == 2:
        xp = imp.op(ctx, "mul", [x, x], x.elem, x.dims)
    else:
        xp = imp.op(ctx, "abs", [x], x.elem, x.dims)
        if p != 1:
            xp = imp.op(ctx, "pow", [xp, scalar(float(p))], x.elem, x.dims)
    avg = _with_unit_height(imp, ctx, n, mnemonic, [xp], [], x.elem, dims,
                            attrs)
    s = imp.op(ctx, "mul", [avg, scalar(float(count))], x.elem, dims)
    if p == 2:
        s = imp.op(ctx, "sqrt", [s], x.elem, dims)
    elif p != 1:
        s = imp.op(ctx, "pow", [s, scalar(1.0 / p)], x.elem, dims)
    imp.set_out(ctx, s)
