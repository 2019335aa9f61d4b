#===- spectral.py - The ONNX DFT and STFT ops -----------------------------===#
#
# DFT and STFT as a matmul with a constant DFT matrix. The transformed axis
# is moved next to the last (complex) dim and the two are flattened, so
# that the input's (re, im) pairs are the rows of one contraction:
#   [..., n * c] x [n * c, 2 * bins] -> [..., bins, 2]
# where c is 1 (real input) or 2 (complex input). The matrix is computed in
# float64 (angles reduced modulo the DFT length exactly, in integers) and
# emitted in the input's element type; it carries the sign and the 1/n
# scale of the inverse transform, the truncation or zero padding to
# dft_length (rows past the length are zero; padding needs no rows) and
# the one-sided output (only the first length/2 + 1 columns), as the ONNX
# reference implementation does for every input.
#
# STFT cuts the signal into frames with one graph.gather (indices
# frame * frame_step + offset), multiplies them by the window (folded into
# the matrix when the window is constant) and transforms them the same way.
#
# Values the matrix depends on must be static: the transformed length, the
# dft_length input, the window length. Two run-time values are handled by
# computing every case the static shapes allow and choosing with
# graph.select: DFT's axis input (opset 20; one transform per axis that
# gives the result's shape) and STFT's frame_length without a window (the
# lengths that give the result's number of bins). A run-time frame_step
# becomes computed gather indices, the frame count taken from the result's
# shape.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

import numpy as np
from onnx import TensorProto

from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _check_kind, _handler, _scalar_of
from .compose import _Builder, _norm_axis

#: The largest DFT matrix (elements) imported: the matrix is a constant of
#: the module, quadratic in the transformed length.
_MAX_MATRIX_ELEMENTS = 1 << 24


def _bins(length: int, onesided: bool) -> int:
    return length // 2 + 1 if onesided else length


def _dft_matrix(n: int, c: int, length: int, onesided: bool,
                inverse: bool) -> np.ndarray:
    """The [n * c, 2 * bins] float64 matrix taking interleaved (re, im) input
    rows (only re when c == 1) of an axis of size n to the interleaved (re,
    im) bins of the `length`-point transform."""
    bins = _bins(length, onesided)
    if n * c * 2 * bins > _MAX_MATRIX_ELEMENTS:
        raise _Unsupported(f"a {length}-point transform of {n} values needs "
                           f"a {n * c}x{2 * bins} DFT matrix, larger than "
                           f"{_MAX_MATRIX_ELEMENTS} elements")
    j = np.arange(n, dtype=np.int64)[:, None]
    k = np.arange(bins, dtype=np.int64)[None, :]
    theta = 2.0 * np.pi * ((j * k) % length).astype(np.float64) / length
    cos, sin = np.cos(theta), np.sin(theta)
    sign = 1.0 if inverse else -1.0  # exp(sign * i * theta)
    keep = (j < length).astype(np.float64)  # truncation to `length`
    scale = keep / length if inverse else keep
    cos, sin = cos * scale, sign * sin * scale
    m = np.zeros((n, c, bins, 2))
    m[:, 0, :, 0] = cos  # re -> re
    m[:, 0, :, 1] = sin  # re -> im
    if c == 2:
        m[:, 1, :, 0] = -sin  # im -> re
        m[:, 1, :, 1] = cos  # im -> im
    return m.reshape(n * c, 2 * bins)


def _transform_last(b: _Builder, x: _Value, matrix: np.ndarray,
                    bins: int) -> _Value:
    """`x` [..., n, c] times `matrix` [n * c, 2 * bins] -> [..., bins, 2]."""
    lead = x.rank - 2
    # A row of its own when there are no leading dims (matmul needs 2-D).
    keep = [0] * lead if lead else [1]
    flat = b.reshape(x, keep + [matrix.shape[0]])
    y = b.matmul(flat, b.const(matrix, x.elem, "dft"))
    return b.reshape(y, [0] * lead + [bins, 2])


def _dft_along(b: _Builder, x: _Value, axis: int, length: Optional[int],
               onesided: bool, inverse: bool) -> _Value:
    """The DFT of `x` [..., c] along `axis` (not the last dim)."""
    r = x.rank
    n = x.dims[axis]
    if n is None:
        raise _Unsupported(f"the transformed axis {axis} must have a static "
                           "size")
    if length is None:
        length = n
    if n == 0 or length < 1:
        raise _Unsupported(f"a {length}-point transform of {n} values is "
                           "not supported")
    c = x.dims[-1]
    matrix = _dft_matrix(n, c, length, onesided, inverse)
    bins = _bins(length, onesided)
    perm = [i for i in range(r - 1) if i != axis] + [axis, r - 1]
    y = _transform_last(b, b.transpose(x, perm), matrix, bins)
    return b.transpose(y, [int(i) for i in np.argsort(perm)])


def _choose(b: _Builder, key: _Value, cases: dict) -> _Value:
    """cases[v] where the run-time scalar `key` (i64) equals v; the last
    case where it equals none of them."""
    values = list(cases)
    out = cases[values[-1]]
    for v in reversed(values[:-1]):
        hit = b.binary("equal", key, b.scalar(v, TensorProto.INT64))
        out = b.select(hit, cases[v], out, out.dims)
    return out


def _int_scalar(b: _Builder, v: _Value, what: str) -> _Value:
    """A run-time int32/int64 scalar (or 1-element tensor) as 0-D i64."""
    if v.elem not in (TensorProto.INT32, TensorProto.INT64):
        raise _Unsupported(f"input '{what}' must be an int32 or int64 "
                           "scalar")
    if v.rank > 1 or (v.rank == 1 and v.dims[0] != 1):
        raise _Unsupported(f"input '{what}' must be a scalar")
    v = b.cast(v, TensorProto.INT64)
    return b.reshape(v, []) if v.rank else v


def _dims_fit(dims, want) -> bool:
    return len(dims) == len(want) and all(
        d is None or w is None or d == w for d, w in zip(dims, want))


def _check_complex_dim(x: _Value, what: str):
    if x.dims[-1] not in (1, 2):
        raise _Unsupported(f"the last dim of {what} must be 1 (real) or 2 "
                           f"(complex), not {x.dims[-1]}")


@_handler("DFT", "graph.matmul by a constant DFT matrix, graph.transpose, "
          "graph.reshape (+ graph.select for a computed axis)",
          "real and complex input, inverse, onesided (the first n/2+1 bins "
          "of any input, as the ONNX reference), a constant dft_length "
          "(truncation, zero padding); the transformed size must be static; "
          "a computed axis (opset 20) transforms along every axis that "
          "gives the result's shape and selects",
          opsets=(17, 24))
def _dft(imp, ctx):
    x = ctx.input(0)
    b = _Builder(imp, ctx)
    _check_kind(ctx, x, "f", "matmul")
    if x.rank < 2:
        raise _Unsupported("the input must have rank 2 or more")
    _check_complex_dim(x, "the input")
    arr = ctx.const_input(1, "dft_length")
    length = None if arr is None else int(_scalar_of(arr, "dft_length"))
    inverse = bool(ctx.attr("inverse", 0))
    onesided = bool(ctx.attr("onesided", 0))
    r = x.rank
    if ctx.since < 20:
        axes = [int(ctx.attr("axis", 1))]
        key = None
    else:
        arr = ctx.maybe_const_input(2)
        if arr is not None:
            axes, key = [int(_scalar_of(arr, "axis"))], None
        elif ctx.has_input(2):
            axes = list(range(r - 1))
            key = _int_scalar(b, ctx.input(2), "axis")
        else:
            axes, key = [-2], None
    if key is None:
        axis = _norm_axis(axes[0], r)
        if axis == r - 1:
            raise _Unsupported("axis must not be the last (complex) dim")
        imp.set_out(ctx, _dft_along(b, x, axis, length, onesided, inverse))
        return

    # A computed axis: one transform per axis that can give the result.
    _, want = ctx.out_type(fallback=lambda: (x.elem, (None,) * r))
    shapes = {}
    for a in axes:
        if x.dims[a] is None:
            continue
        dims = list(x.dims[:-1]) + [2]
        dims[a] = _bins(x.dims[a] if length is None else length, onesided)
        if _dims_fit(dims, want):
            shapes[a] = tuple(dims)
    if not shapes:
        raise _Unsupported("input 'axis' is computed at run time and no "
                           "axis of static size gives the result's shape")
    if len(set(shapes.values())) > 1:
        raise _Unsupported("input 'axis' is computed at run time and the "
                           "result's shape depends on it")
    negative = b.binary("less", key, b.scalar(0, TensorProto.INT64))
    key = b.select(negative, b.add(key, b.scalar(r, TensorProto.INT64)), key)
    results = {a: _dft_along(b, x, a, length, onesided, inverse)
               for a in shapes}
    imp.set_out(ctx, _choose(b, key, results))


def _frames(b: _Builder, signal: _Value, step, length: int,
            frames: int) -> _Value:
    """[batch, frames, length, c]: signal[:, f * step + j] for frame f and
    offset j. A run-time `step` (a 0-D i64 value) gives computed indices,
    clamped to the signal (the values chosen away by a computed frame
    length may reach past it)."""
    i64 = TensorProto.INT64
    n = signal.dims[1]
    if isinstance(step, int):
        index = np.arange(frames)[:, None] * step + np.arange(length)[None, :]
        idx = b.const(index.astype(np.int64), i64, "frames")
    else:
        start = b.mul(b.iota(frames, 0, 2, i64), step)
        idx = b.add(start, b.iota(length, 1, 2, i64))
        idx = b.binary("min", idx, b.scalar(n - 1, i64, 2))
    dims = (signal.dims[0], frames, length, signal.dims[2])
    return b.op("gather", [signal, idx], signal.elem, dims,
                {"axis": "1 : i64"})


@_handler("STFT", "graph.gather (frames), graph.mul (window), graph.matmul "
          "by a constant DFT matrix, graph.reshape (+ graph.select for a "
          "computed frame_length)",
          "real and complex signals of static length, onesided, window "
          "(folded into the matrix when constant), frame_step constant or "
          "computed (then the frame count comes from the result's shape), "
          "frame_length constant, implied by the window, or computed "
          "without a window (each length giving the result's bin count, "
          "then graph.select)",
          opsets=(17, 24))
def _stft(imp, ctx):
    signal = ctx.input(0)
    b = _Builder(imp, ctx)
    _check_kind(ctx, signal, "f", "matmul")
    if signal.rank != 3:
        raise _Unsupported("the signal must have rank 3 [batch, length, 1 "
                           "or 2]")
    _check_complex_dim(signal, "the signal")
    n = signal.dims[1]
    if n is None:
        raise _Unsupported("the signal length must be static")
    onesided = bool(ctx.attr("onesided", 1))
    _, want = ctx.out_type(fallback=lambda: (signal.elem, (None,) * 4))

    arr = ctx.maybe_const_input(1)
    if arr is not None:
        step = int(_scalar_of(arr, "frame_step"))
        if step < 1:
            raise _Unsupported(f"frame_step {step} must be positive")
    else:
        step = _int_scalar(b, ctx.input(1), "frame_step")

    # The window: a constant (folded into the matrix) or a value.
    window, window_arr, window_len = None, ctx.maybe_const_input(2), None
    if window_arr is not None:
        if window_arr.ndim != 1:
            raise _Unsupported("the window must be 1-D")
        window_len = window_arr.shape[0]
    elif ctx.has_input(2):
        window = ctx.input(2)
        if window.rank != 1 or window.dims[0] is None:
            raise _Unsupported("the window must be 1-D of static length")
        window_len = window.dims[0]
    lengths, key = None, None
    arr = ctx.maybe_const_input(3)
    if arr is not None:
        lengths = [int(_scalar_of(arr, "frame_length"))]
    elif ctx.has_input(3):
        if window_len is not None:
            raise _Unsupported("input 'frame_length' is computed at run time "
                               "(with a window, give it as a constant or "
                               "leave it out)")
        key = _int_scalar(b, ctx.input(3), "frame_length")
        bins = want[2]
        if bins is None:
            raise _Unsupported("input 'frame_length' is computed at run "
                               "time and the result's bin count is unknown")
        lengths = [2 * bins - 2, 2 * bins - 1] if onesided else [bins]
    elif window_len is not None:
        lengths = [window_len]
    else:
        lengths = [n]
    if window_len is not None and lengths != [window_len]:
        raise _Unsupported(f"frame_length {lengths[0]} differs from the "
                           f"window length {window_len}")

    cases = {}
    for length in lengths:
        if not 1 <= length <= n:
            continue
        if isinstance(step, int):
            frames = 1 + (n - length) // step
        else:
            frames = want[1]
            if frames is None:
                raise _Unsupported("input 'frame_step' is computed at run "
                                   "time and the result's frame count is "
                                   "unknown")
        # Only a computed frame_length needs the result's shape (ONNX's
        # inference of it ignores the default onesided=1).
        dims = (signal.dims[0], frames, _bins(length, onesided), 2)
        if key is None or _dims_fit(dims, want):
            cases[length] = frames
    if not cases:
        raise _Unsupported(f"no frame length in {lengths} fits a signal of "
                           f"{n} values and the result's shape")
    if len(set(cases.values())) > 1:
        raise _Unsupported("input 'frame_length' is computed at run time "
                           "and the result's frame count depends on it")

    results = {}
    for length, frames in cases.items():
        x = _frames(b, signal, step, length, frames)
        matrix = _dft_matrix(length, signal.dims[2], length, onesided, False)
        if window_arr is not None:
            w = np.asarray(window_arr, np.float64).reshape(-1)
            matrix = matrix * np.repeat(w, signal.dims[2])[:, None]
        elif window is not None:
            w = b.cast(window, signal.elem)
            x = b.mul(x, b.reshape(w, [length, 1]))
        results[length] = _transform_last(b, x, matrix,
                                          _bins(length, onesided))
    if key is None:
        imp.set_out(ctx, results[next(iter(results))])
    else:
        imp.set_out(ctx, _choose(b, key, results))
