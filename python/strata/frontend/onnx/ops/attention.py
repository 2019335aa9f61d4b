#===- attention.py - The ONNX Attention and RotaryEmbedding ops -----------===#
#
# Attention (opsets 23-24) as graph ops, following the ONNX reference: 3-D
# inputs are split into heads (reshape + transpose), past key/value are
# concatenated in front of K/V (the present outputs), grouped-query K/V
# heads are repeated (unsqueeze + expand + reshape), Q and K are scaled by
# sqrt(scale) each, then
#   softmax(softcap(Q K^T + bias)) V
# where bias sums the attention mask (bool masks become 0/-inf; a mask
# shorter than the total sequence is padded with -inf), the causal mask (a
# constant: static sequence lengths needed) and the padding mask of
# nonpad_kv_seqlen. qk_matmul_output is taken at the point its mode names.
#
# RotaryEmbedding (opset 23) is here too: the cos/sin caches (gathered by
# position_ids) rotate the two halves, or the even/odd pairs, of the
# first rotary_embedding_dim features of each head.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import math

import numpy as np
from onnx import TensorProto

from ..elements import _kind, _mlir_elem
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler
from .compose import _Builder


def _heads_4d(b: _Builder, x: _Value, heads, what: str) -> _Value:
    """(B, S, heads * D) -> (B, heads, S, D)."""
    if heads is None or heads <= 0:
        raise _Unsupported(f"3-D inputs need the attribute "
                           f"{'q' if what == 'Q' else 'kv'}_num_heads")
    hidden = x.dims[2]
    if hidden is not None and hidden % heads:
        raise _Unsupported(f"{what}'s hidden size {hidden} is not a multiple "
                           f"of {heads} heads")
    d = None if hidden is None else hidden // heads
    y = b.reshape(x, [0, 0, heads, -1 if d is None else d],
                  (x.dims[0], x.dims[1], heads, d))
    return b.transpose(y, [0, 2, 1, 3])


def _repeat_heads(b: _Builder, x: _Value, reps: int) -> _Value:
    """(B, H, S, D) -> (B, H * reps, S, D), each head repeated `reps` times
    in place (h0, h0, h1, h1, ...)."""
    if reps == 1:
        return x
    bsz, h, s, d = x.dims
    y = b.expand(b.unsqueeze(x, [2]), [1, 1, reps, 1, 1])
    if s is None and d is None:
        shape = b.op("shape_of", [x], TensorProto.INT64, (4,))
        mul = b.const(np.array([1, reps, 1, 1]), TensorProto.INT64, "reps")
        shape = b.op("mul", [shape, mul], TensorProto.INT64, (4,))
        return b.op("reshape", [y, shape], x.elem, (bsz, h * reps, s, d))
    return b.reshape(y, [0, h * reps, -1 if s is None else s,
                         -1 if s is not None and d is None else d],
                     (bsz, h * reps, s, d))


@_handler("Attention", "graph.matmul, graph.softmax, graph.transpose, "
          "graph.reshape, graph.concat, graph.expand, graph.add, "
          "graph.select, graph.tanh (softcap)",
          "3-D and 4-D Q/K/V, q_num_heads/kv_num_heads (grouped-query "
          "heads), scale, is_causal (static sequence lengths), attn_mask "
          "(bool or additive, padded when shorter), past/present key and "
          "value, nonpad_kv_seqlen (static total length), softcap, "
          "softmax_precision, qk_matmul_output_mode 0-3",
          opsets=(23, 24))
def _attention(imp, ctx):
    q, k, v = ctx.input(0), ctx.input(1), ctx.input(2)
    b = _Builder(imp, ctx)
    elem = q.elem
    if _kind(elem) != "f":
        raise _Unsupported(f"element type {_mlir_elem(elem)} is not "
                           "supported (Q must be a float tensor)")
    if k.elem != elem or v.elem != elem:
        raise _Unsupported("Q, K and V must have one element type")
    if not (q.rank == k.rank == v.rank and q.rank in (3, 4)):
        raise _Unsupported("Q, K and V must all be 3-D or all be 4-D")
    three_d = q.rank == 3
    q_heads = ctx.attr("q_num_heads", None)
    kv_heads = ctx.attr("kv_num_heads", None)
    if three_d:
        q4 = _heads_4d(b, q, q_heads, "Q")
        k4 = _heads_4d(b, k, kv_heads, "K")
        v4 = _heads_4d(b, v, kv_heads, "V")
    else:
        q4, k4, v4 = q, k, v
        q_heads, kv_heads = q.dims[1], k.dims[1]
    if q_heads is None or kv_heads is None:
        raise _Unsupported("the head counts must be static")
    if q_heads % kv_heads or v4.dims[1] not in (None, kv_heads):
        raise _Unsupported(f"{q_heads} query heads cannot share "
                           f"{kv_heads} key/value heads")

    # KV cache: present = concat(past, new) along the sequence.
    past_len = 0
    has_past = [ctx.has_input(i) for i in (4, 5)]
    if any(has_past):
        if not all(has_past):
            raise _Unsupported("past_key and past_value must be given "
                               "together")
        pk, pv = ctx.input(4), ctx.input(5)
        if pk.rank != 4 or pv.rank != 4:
            raise _Unsupported("past_key and past_value must be 4-D")
        past_len = pk.dims[2]
        k4 = b.concat([pk, k4], 2)
        v4 = b.concat([pv, v4], 2)
    for i, val in ((1, k4), (2, v4)):
        if i < len(ctx.node.output) and ctx.node.output[i]:
            imp.set_out(ctx, val, i)
    q_len, total = q4.dims[2], k4.dims[2]

    # Scale: Q and K each by sqrt(scale), the default 1/sqrt(head size).
    scale = ctx.attr("scale", None)
    if scale is None:
        head = q4.dims[3]
        if head is None:
            raise _Unsupported("the default scale needs a static head size")
        scale = 1.0 / math.sqrt(head)
    root = b.scalar(math.sqrt(scale), elem)
    reps = q_heads // kv_heads
    kr = _repeat_heads(b, k4, reps)
    vr = _repeat_heads(b, v4, reps)
    qs = b.mul(q4, root)
    kt = b.transpose(b.mul(kr, root), [0, 1, 3, 2])
    scores = b.matmul(qs, kt)
    qk_mode = int(ctx.attr("qk_matmul_output_mode", 0))
    if qk_mode not in (0, 1, 2, 3):
        raise _Unsupported(f"attribute qk_matmul_output_mode={qk_mode} is "
                           "not supported")
    taps = {0: scores}

    # The additive bias: mask, causal mask, padding mask.
    neg_inf = b.scalar(-math.inf, elem)
    zero = b.scalar(0.0, elem)
    bias = None
    if ctx.has_input(3):
        mask = ctx.input(3)
        if mask.rank < 1 or mask.rank > 4:
            raise _Unsupported("attn_mask must have rank 1 to 4")
        if mask.elem == TensorProto.BOOL:
            mask = b.select(mask, zero, neg_inf, mask.dims)
        elif mask.elem != elem:
            raise _Unsupported("a float attn_mask must have Q's element "
                               "type")
        last = mask.dims[-1]
        if last is not None and total is not None and 1 < last < total:
            pads = [0] * (2 * mask.rank)
            pads[-1] = total - last
            mask = b.pad(mask, pads, -math.inf)
        bias = mask
    if ctx.attr("is_causal"):
        if q_len is None or total is None or past_len is None:
            raise _Unsupported("is_causal needs static sequence lengths")
        i = np.arange(q_len)[:, None]
        j = np.arange(total)[None, :]
        causal = np.where(j > i + past_len, -np.inf, 0.0)
        c = b.const(causal, elem, "causal")
        bias = c if bias is None else b.add(bias, c)
    if ctx.has_input(6):
        seqlen = ctx.input(6)
        if seqlen.rank != 1 or seqlen.elem not in (TensorProto.INT64,
                                                   TensorProto.INT32):
            raise _Unsupported("nonpad_kv_seqlen must be a 1-D int tensor")
        if total is None:
            raise _Unsupported("nonpad_kv_seqlen needs a static total "
                               "sequence length")
        iota = b.iota(total, 3, 4, seqlen.elem)
        n = b.reshape(seqlen, [-1, 1, 1, 1], (seqlen.dims[0], 1, 1, 1))
        keep = b.binary("less", iota, n)
        pad = b.select(keep, zero, neg_inf)
        bias = pad if bias is None else b.add(bias, pad)
    if bias is not None:
        scores = b.add(scores, bias)
    taps[1] = scores

    softcap = float(ctx.attr("softcap", 0.0) or 0.0)
    if softcap > 0:
        cap = b.scalar(softcap, elem)
        scores = b.mul(b.unary("tanh", b.div(scores, cap)), cap)
    taps[2] = scores

    precision = ctx.attr("softmax_precision", None)
    if precision is not None:
        _mlir_elem(precision)
        if _kind(precision) != "f":
            raise _Unsupported(f"softmax_precision={precision} is not a "
                               "float type")
        scores = b.cast(scores, precision)
    probs = b.cast(b.unary("softmax", scores, {"axis": "-1 : i64"}), elem)
    taps[3] = probs
    y = b.matmul(probs, vr)
    if three_d:
        y = b.transpose(y, [0, 2, 1, 3])
        y = b.reshape(y, [0, 0, -1])
    imp.set_out(ctx, y)
    if len(ctx.node.output) > 3 and ctx.node.output[3]:
        imp.set_out(ctx, taps[qk_mode], 3)


@_handler("RotaryEmbedding", "graph.gather (position_ids), graph.slice, "
          "graph.mul, graph.sub, graph.add, graph.concat, graph.reshape",
          "3-D (num_heads) and 4-D inputs, position_ids, interleaved, "
          "rotary_embedding_dim; the head size must be static",
          opsets=(23, 24))
def _rotary_embedding(imp, ctx):
    x, cos, sin = ctx.input(0), ctx.input(1), ctx.input(2)
    b = _Builder(imp, ctx)
    if _kind(x.elem) != "f" or cos.elem != x.elem or sin.elem != x.elem:
        raise _Unsupported("the input and the caches must share one float "
                           "type")
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    if x.rank == 3:
        heads = ctx.attr("num_heads", 0)
        if not heads:
            raise _Unsupported("a 3-D input needs the attribute num_heads")
        hidden = x.dims[2]
        if hidden is None or hidden % heads:
            raise _Unsupported(f"the hidden size {hidden} is not a static "
                               f"multiple of {heads} heads")
        xs = b.reshape(x, [0, 0, heads, hidden // heads])
        head_axis = 2  # (B, S, H, D): the caches broadcast over dim 2
    elif x.rank == 4:
        ctx.attr("num_heads")
        xs = x
        head_axis = 1  # (B, H, S, D)
    else:
        raise _Unsupported("the input must be 3-D or 4-D")
    head = xs.dims[3]
    if head is None:
        raise _Unsupported("the head size must be static")
    rot = int(ctx.attr("rotary_embedding_dim", 0) or head)
    if rot % 2 or rot > head:
        raise _Unsupported(f"rotary_embedding_dim={rot} must be even and at "
                           f"most the head size {head}")
    half = rot // 2
    if ctx.has_input(3):
        pos = ctx.input(3)
        if pos.elem not in (TensorProto.INT64, TensorProto.INT32):
            raise _Unsupported("position_ids must be int32 or int64")
        cos = b.op("gather", [cos, pos], cos.elem, pos.dims + cos.dims[1:])
        sin = b.op("gather", [sin, pos], sin.elem, pos.dims + sin.dims[1:])
    if cos.rank != 3 or cos.dims[2] not in (None, half):
        raise _Unsupported(f"the caches must be (batch, sequence, {half})")
    cos = b.unsqueeze(cos, [head_axis])
    sin = b.unsqueeze(sin, [head_axis])
    x_rot = xs if rot == head else b.slice(xs, 3, 0, rot)
    interleaved = bool(ctx.attr("interleaved", 0))
    if interleaved:
        pairs = b.reshape(x_rot, [0, 0, 0, half, 2])
        x1 = b.squeeze(b.slice(pairs, 4, 0, 1), [4])
        x2 = b.squeeze(b.slice(pairs, 4, 1, 2), [4])
    else:
        x1 = b.slice(x_rot, 3, 0, half)
        x2 = b.slice(x_rot, 3, half, rot)
    real = b.sub(b.mul(cos, x1), b.mul(sin, x2), x1.dims)
    imag = b.add(b.mul(sin, x1), b.mul(cos, x2), x1.dims)
    if interleaved:
        y = b.concat([b.unsqueeze(real, [4]), b.unsqueeze(imag, [4])], 4)
        y = b.reshape(y, [0, 0, 0, rot])
    else:
        y = b.concat([real, imag], 3)
    if rot < head:
        y = b.concat([y, b.slice(xs, 3, rot, head)], 3)
    if x.rank == 3:
        y = b.reshape(y, [0, 0, -1], dims)
    imp.set_out(ctx, y)
