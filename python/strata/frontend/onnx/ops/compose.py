#===- compose.py - Building compositions of graph ops ---------------------===#
#
# _Builder: the small emission helpers of the handlers that import one ONNX
# op as several graph ops (normalizations, losses, attention, einsum,
# depth/space rearrangements). Each helper emits one op at the node's
# location and computes its result dims the way the op's shape inference
# does (None where a size is unknown), so that the handlers read like the
# formula they implement. No handler is registered here.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from onnx import TensorProto

from ..elements import _kind
from ..emit import _f64_attr, _i64_array
from ..errors import _Unsupported
from ..importer import _broadcast_dims, _Importer, _Node, _Value

_COMPARE = ("equal", "less", "less_equal", "greater", "greater_equal")


def _norm_axis(axis: int, rank: int, what: str = "axis") -> int:
    """`axis` in [0, rank), counting negative values from the back."""
    a = axis + rank if axis < 0 else axis
    if not 0 <= a < rank:
        raise _Unsupported(f"{what} {axis} is out of range for rank {rank}")
    return a


def _prod(dims) -> Optional[int]:
    """The product of `dims`, None if one is unknown."""
    out = 1
    for d in dims:
        if d is None:
            return None
        out *= d
    return out


class _Builder:
    """Emits graph ops for one node (`ctx`) and tracks their result dims."""

    def __init__(self, imp: _Importer, ctx: _Node):
        self.imp = imp
        self.ctx = ctx

    # Constants ------------------------------------------------------------
    def const(self, arr, elem: int, hint: str = "cst") -> _Value:
        return self.imp.emit_constant(np.asarray(arr), elem, hint,
                                      self.ctx.loc)

    def i64(self, values: Sequence[int], hint: str = "shape") -> _Value:
        return self.const(np.array(list(values), dtype=np.int64),
                          TensorProto.INT64, hint)

    def scalar(self, x, elem: int, rank: int = 0) -> _Value:
        return self.imp.scalar(x, elem, self.ctx, rank)

    # Generic op -----------------------------------------------------------
    def op(self, mnemonic: str, operands: Sequence[_Value], elem: int,
           dims, attrs: dict = None, hint: str = None) -> _Value:
        return self.imp.op(self.ctx, mnemonic, operands, elem, dims, attrs,
                           hint)

    def unary(self, mnemonic: str, x: _Value, attrs: dict = None) -> _Value:
        return self.op(mnemonic, [x], x.elem, x.dims, attrs)

    def binary(self, mnemonic: str, a: _Value, b: _Value,
               dims=None) -> _Value:
        elem = TensorProto.BOOL if mnemonic in _COMPARE else a.elem
        if dims is None:
            dims = _broadcast_dims(a.dims, b.dims)
        return self.op(mnemonic, [a, b], elem, dims)

    def add(self, a, b, dims=None):
        return self.binary("add", a, b, dims)

    def sub(self, a, b, dims=None):
        return self.binary("sub", a, b, dims)

    def mul(self, a, b, dims=None):
        return self.binary("mul", a, b, dims)

    def div(self, a, b, dims=None):
        return self.binary("div", a, b, dims)

    def select(self, c: _Value, a: _Value, b: _Value, dims=None) -> _Value:
        if dims is None:
            dims = _broadcast_dims(c.dims, a.dims, b.dims)
        return self.op("select", [c, a, b], a.elem, dims)

    def cast(self, x: _Value, elem: int) -> _Value:
        return self.imp.cast(self.ctx, x, elem)

    def clip(self, x: _Value, lo=None, hi=None) -> _Value:
        attrs = {"min": None if lo is None else _f64_attr(lo),
                 "max": None if hi is None else _f64_attr(hi)}
        return self.unary("clip", x, attrs)

    # Reductions -----------------------------------------------------------
    def reduce(self, mnemonic: str, x: _Value, axes: Sequence[int],
               keepdims: bool = True, dims=None) -> _Value:
        """graph.`mnemonic` over `axes` (all of them when empty)."""
        norm = sorted({_norm_axis(a, x.rank) for a in axes}) if axes else \
            list(range(x.rank))
        if dims is None:
            dims = tuple(1 if i in norm else d for i, d in enumerate(x.dims)
                         if keepdims or i not in norm)
        attrs = {"axes": _i64_array(norm) if axes else None,
                 "keepdims": None if keepdims else "false"}
        return self.op(mnemonic, [x], x.elem, dims, attrs)

    # Shapes ---------------------------------------------------------------
    def reshape(self, x: _Value, shape: Sequence[int], dims=None) -> _Value:
        """graph.reshape to a constant `shape` (ONNX semantics: 0 copies the
        input size at that index, one -1 is inferred)."""
        shape = [int(s) for s in shape]
        if dims is None:
            out = [x.dims[i] if s == 0 else (s if s >= 0 else None)
                   for i, s in enumerate(shape)]
            if -1 in shape:
                total = _prod(x.dims)
                known = _prod([d for d, s in zip(out, shape) if s != -1])
                if total is not None and known:
                    out[shape.index(-1)] = total // known
            dims = tuple(out)
        return self.op("reshape", [x, self.i64(shape)], x.elem, dims)

    def declared(self, x: _Value, elem: int, dims) -> _Value:
        """`x` with the node's declared result type (elem, dims): x itself
        when its dims are those, else a reshape to x's own shape, whose
        result type may state the sizes a composition left `?`."""
        if x.dims == tuple(dims):
            return x
        shape = self.op("shape_of", [x], TensorProto.INT64, (x.rank,))
        return self.op("reshape", [x, shape], elem, dims)

    def transpose(self, x: _Value, perm: Sequence[int]) -> _Value:
        perm = list(perm)
        if perm == list(range(x.rank)):
            return x
        return self.op("transpose", [x], x.elem,
                       tuple(x.dims[p] for p in perm),
                       {"perm": _i64_array(perm)})

    def unsqueeze(self, x: _Value, axes: Sequence[int]) -> _Value:
        rank = x.rank + len(axes)
        norm = sorted(_norm_axis(a, rank) for a in axes)
        it = iter(x.dims)
        dims = tuple(1 if i in norm else next(it) for i in range(rank))
        return self.op("unsqueeze", [x], x.elem, dims,
                       {"axes": _i64_array(norm)})

    def squeeze(self, x: _Value, axes: Sequence[int]) -> _Value:
        norm = {_norm_axis(a, x.rank) for a in axes}
        dims = tuple(d for i, d in enumerate(x.dims) if i not in norm)
        return self.op("squeeze", [x], x.elem, dims,
                       {"axes": _i64_array(sorted(norm))})

    def expand(self, x: _Value, shape: Sequence[int]) -> _Value:
        """graph.expand to a constant `shape` (bidirectional broadcast)."""
        shape = [int(s) for s in shape]
        rank = max(x.rank, len(shape))
        xd = (1,) * (rank - x.rank) + tuple(x.dims)
        sd = [1] * (rank - len(shape)) + shape
        dims = tuple(d if s == 1 else s for d, s in zip(xd, sd))
        return self.op("expand", [x, self.i64(shape)], x.elem, dims)

    def concat(self, values: Sequence[_Value], axis: int) -> _Value:
        first = values[0]
        a = _norm_axis(axis, first.rank)
        sizes = [v.dims[a] for v in values]
        dims = list(_broadcast_dims(*[v.dims for v in values]))
        dims[a] = None if None in sizes else sum(sizes)
        return self.op("concat", list(values), first.elem, tuple(dims),
                       {"axis": f"{a} : i64"})

    def slice(self, x: _Value, axis: int, start: int, end: int) -> _Value:
        a = _norm_axis(axis, x.rank)
        dims = list(x.dims)
        size = dims[a]
        if size is not None:
            s = max(0, min(size, start + size if start < 0 else start))
            e = max(0, min(size, end + size if end < 0 else end))
            dims[a] = max(0, e - s)
        else:
            dims[a] = None
        return self.op("slice", [x], x.elem, tuple(dims),
                       {"starts": _i64_array([start]),
                        "ends": _i64_array([end]),
                        "axes": _i64_array([a])})

    def pad(self, x: _Value, pads: Sequence[int],
            value: float = 0.0) -> _Value:
        rank = x.rank
        dims = tuple(None if d is None else d + pads[i] + pads[rank + i]
                     for i, d in enumerate(x.dims))
        attrs = {"pads": _i64_array(pads)}
        if value != 0:
            attrs["value"] = _f64_attr(value)
        return self.op("pad", [x], x.elem, dims, attrs)

    # Products -------------------------------------------------------------
    def matmul(self, a: _Value, b: _Value, dims=None) -> _Value:
        if dims is None:
            dims = _broadcast_dims(a.dims[:-2], b.dims[:-2]) + (
                a.dims[-2], b.dims[-1])
        return self.op("matmul", [a, b], a.elem, dims)

    def element(self, v: _Value, i: int) -> _Value:
        """Element `i` of the 1-D `v` as a 0-d tensor (a run-time scalar)."""
        return self.reshape(self.slice(v, 0, i, i + 1), [], ())

    # Misc -----------------------------------------------------------------
    def range(self, start: _Value, limit: _Value, delta: _Value,
              hint: str = "range") -> _Value:
        """graph.range of three 0-d operands of one type: a 1-D tensor of
        `?` elements (its syntax prints the operand type once)."""
        out = _Value(self.imp.fresh(hint), start.elem, (None,))
        self.imp.emit(f"{out.ssa} = graph.range {start.ssa}, {limit.ssa}, "
                      f"{delta.ssa} : {start.type} -> {out.type} "
                      f"{self.ctx.loc}")
        return out

    def iota(self, size: int, axis: int, rank: int, elem: int) -> _Value:
        """0, 1, ..., size-1 along `axis` of a rank-`rank` constant whose
        other dims are 1 (one-hot masks: compare indices against it)."""
        shape = [1] * rank
        shape[axis] = size
        arr = np.arange(size).reshape(shape)
        if _kind(elem) == "f":
            arr = arr.astype(np.float64)
        return self.const(arr, elem, "iota")
