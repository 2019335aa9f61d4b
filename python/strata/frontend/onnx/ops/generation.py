#===- generation.py - ONNX ops that generate tensors ----------------------===#
#
# Handlers of the ops whose result is made from scalars rather than from an
# input tensor's elements: Range. Its operands may be computed at run time
# (a sequence length from Shape); the graph op then has a `?` size.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np

from ..elements import _kind
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler


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
    if all(c is not None and c.size == 1 for c in consts) and \
            consts[2].reshape(-1)[0] != 0:
        # Constant operands: the sequence is a constant (it may feed inputs
        # that must be constant, e.g. ReduceMean axes).
        first, limit_c, step = (c.reshape(-1)[0] for c in consts)
        seq = np.arange(first, limit_c, step).astype(consts[0].dtype)
        imp.consts[ctx.node.output[0]] = (seq, start.elem)
        return
    elem, dims = ctx.out_type(fallback=lambda: (start.elem, (None,)))
    result = _Value(imp.fresh(ctx.node.output[0]), elem, tuple(dims))
    imp.emit(f"{result.ssa} = graph.range {start.ssa}, {limit.ssa}, "
             f"{delta.ssa} : {start.type} -> {result.type} {ctx.loc}")
    imp.set_out(ctx, result)
