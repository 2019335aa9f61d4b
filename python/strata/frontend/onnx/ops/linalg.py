#===- linalg.py - Linear algebra ONNX ops ---------------------------------===#
#
# Det: the determinant of each [M, M] matrix of the input (M static) by
# Gaussian elimination with partial pivoting, LAPACK's getrf (what
# numpy.linalg.det, the ONNX reference, runs), unrolled over the M columns
# on the whole batch at once. Step k works on the trailing [M - k, M - k]
# block W: graph.argmax of |W[:, 0]| picks the pivot row p (the first of
# equal magnitudes, as getrf), selects swap rows 0 and p (flipping the
# sign when p != 0), the pivot W[0, 0] multiplies into the determinant and
# the next block is W[1:, 1:] - (W[1:, 0] / W[0, 0]) * W[0, 1:]. A zero
# pivot means a zero column below it: the determinant is 0, and dividing by
# 1 instead keeps the remaining steps free of NaN (getrf also goes on past
# a zero pivot). Costs M steps of O(M^2) elementwise ops per matrix, ~15
# graph ops per step. Every float type is computed in f64, as numpy does
# (its linalg computes float32 in double): in f32 the elimination of an
# ill-conditioned 7x7 matrix already misses the reference by 5e-5.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from onnx import TensorProto

from ..elements import _kind
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler
from .compose import _Builder

_I64 = TensorProto.INT64
_F64 = TensorProto.DOUBLE


def _swap_pivot_row(b: _Builder, w: _Value, rows: int):
    """`w` [..., n, n] with its row of largest |w[.., 0]| swapped to row 0,
    and the sign of that swap ([..., 1, 1]: -1 where rows moved, else 1)."""
    r = w.rank
    column = b.slice(w, r - 1, 0, 1)  # [..., n, 1]
    p = b.op("argmax", [b.unary("abs", column)], _I64,
             w.dims[:-2] + (1, 1), {"axis": f"{r - 2} : i64"})
    index = b.iota(rows, r - 2, r, _I64)  # [1.., n, 1]
    is_p = b.binary("equal", index, p)  # [..., n, 1]
    is_0 = b.binary("equal", index, b.scalar(0, _I64, r))
    zero = b.scalar(0, w.elem, r)
    # Row p alone survives the select, so the sum is exact.
    row_p = b.reduce("reduce_sum", b.select(is_p, w, zero), [r - 2])
    row_0 = b.slice(w, r - 2, 0, 1)
    swapped = b.select(is_0, row_p, b.select(is_p, row_0, w), w.dims)
    stays = b.binary("equal", p, b.scalar(0, _I64, r))
    sign = b.select(stays, b.scalar(1, w.elem, r), b.scalar(-1, w.elem, r))
    return swapped, sign


@_handler("Det", "graph.cast (to f64), graph.argmax, graph.select, "
          "graph.reduce_sum, graph.div, graph.mul, graph.sub",
          "input [..., M, M] with a static M (batch sizes may be symbolic); "
          "Gaussian elimination with partial pivoting unrolled over M "
          "steps (O(M^3) per matrix); f64, f32, f16, bf16 (all in f64, as "
          "numpy); a "
          "singular matrix gives 0")
def _det(imp, ctx):
    x = ctx.input(0)
    if _kind(x.elem) != "f":
        raise _Unsupported("the input must be a float tensor")
    if x.rank < 2:
        raise _Unsupported(f"the input must have rank >= 2, it has rank "
                           f"{x.rank}")
    m, m2 = x.dims[-2:]
    if m is None or m2 is None:
        size = "x".join("?" if d is None else str(d) for d in x.dims[-2:])
        raise _Unsupported(f"the matrix size must be static, it is {size} "
                           "(the elimination is unrolled over its columns)")
    if m != m2:
        raise _Unsupported(f"the matrices must be square, they are "
                           f"{m}x{m2}")
    if m == 0:
        raise _Unsupported("0x0 matrices are not supported")
    b = _Builder(imp, ctx)
    r = x.rank
    w = b.cast(x, _F64)
    det = None
    for k in range(m):
        n = m - k  # w is [..., n, n]
        if n > 1:
            w, sign = _swap_pivot_row(b, w, n)
            det = sign if det is None else b.mul(det, sign)
        top = b.slice(w, r - 2, 0, 1)  # [..., 1, n]
        pivot = b.slice(top, r - 1, 0, 1) if n > 1 else w  # [..., 1, 1]
        det = pivot if det is None else b.mul(det, pivot)
        if n == 1:
            break
        zero = b.binary("equal", pivot, b.scalar(0, w.elem, r))
        divisor = b.select(zero, b.scalar(1, w.elem, r), pivot)
        below = b.slice(w, r - 2, 1, n)  # [..., n - 1, n]
        factors = b.div(b.slice(below, r - 1, 0, 1), divisor)
        w = b.sub(b.slice(below, r - 1, 1, n),
                  b.mul(factors, b.slice(top, r - 1, 1, n)))
    det = b.squeeze(det, [r - 2, r - 1])
    det = b.cast(det, x.elem)
    imp.set_out(ctx, det)
