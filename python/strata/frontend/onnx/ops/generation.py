#===- generation.py - ONNX ops that generate tensors ----------------------===#
#
# Handlers of the ops whose result is made from scalars rather than from an
# input tensor's elements: Range. Its operands may be computed at run time
# (a sequence length from Shape); the graph op then has a `?` size.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import math

import numpy as np

from ..elements import _kind
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler


#: The longest constant Range computed here; a longer one (or one of
#: non-finite bounds) is left to graph.range.
MAX_FOLDED_RANGE = 1 << 20


@_handler("Range", "graph.range", "start/limit/delta 0-d, may be computed")
def _range(imp, ctx):
    start, limit, delta = ctx.input(0), ctx.input(1), ctx.input(2)
    for name, v in (("start", start), ("limit", limit), ("delta", delta)):
        if v.rank != 0:
            raise _Unsupported(f"input '{name}' must be a 0-d tensor")
        if v.elem != start.elem:
            raise _Unsupported("start, limit and delta differ in type")
    if _kind(start.elem) not in "fi":
        raise _Unsupported("range needs a numeric element type")
    consts = [imp.constant_array(ctx.node.input[i]) for i in range(3)]
    if consts[2] is not None and consts[2].size == 1 and \
            consts[2].reshape(-1)[0] == 0:
        raise _Unsupported("input 'delta' is 0: the range would never end")
    if all(c is not None and c.size == 1 for c in consts):
        first, limit_c, step = (c.reshape(-1)[0].item() for c in consts)
        count = math.ceil((limit_c - first) / step) if all(
            math.isfinite(v) for v in (first, limit_c, step)) else None
        if count is not None and count <= MAX_FOLDED_RANGE:
            # Constant operands: the sequence is a constant (it may feed
            # inputs that must be constant, e.g. ReduceMean axes).
            seq = np.arange(first, limit_c, step).astype(consts[0].dtype)
            imp.consts[ctx.node.output[0]] = (seq, start.elem)
            return
    elem, dims = ctx.out_type(fallback=lambda: (start.elem, (None,)))
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    imp.emit(f"{result.ssa} = graph.range {start.ssa}, {limit.ssa}, "
             f"{delta.ssa} : {start.type} -> {result.type} {ctx.loc}")
    imp.set_out(ctx, result)
