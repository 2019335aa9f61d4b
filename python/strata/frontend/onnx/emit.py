#===- emit.py - MLIR text of literals and attributes ----------------------===#
#
# Printing helpers for the MLIR text the importer writes: float literals that
# read back exactly (_float_lit, _f32_attr, _f64_attr), `array<i64: ...>`,
# attribute dictionaries, `dense<...>` literals of small constants, the
# bytes and hex form of `dense_resource` blobs, and string escaping for
# `loc("...")`.
#
# They are plain functions of their arguments, kept apart from the graph
# walker so that op handlers and the walker print the same way.
#
#===----------------------------------------------------------------------===#

import binascii
import math
from typing import Optional, Sequence

import numpy as np
import onnx
from onnx import TensorProto

from .elements import _STORAGE, _UNSIGNED, _kind


#: Constants with at least this many elements become dense_resource blobs;
#: smaller ones are printed inline as dense<...> literals.
RESOURCE_THRESHOLD = 16


def _repr_float(x: float) -> str:
    """The shortest decimal that reads back as `x`, in MLIR's syntax (which
    needs a '.' before any exponent)."""
    text = repr(float(x))
    if "e" in text and "." not in text:
        text = text.replace("e", ".0e")
    return text


def _float_lit(x: float, bits: int = 64) -> str:
    """A float literal MLIR parses back to exactly `x` (hex when not finite)."""
    x = float(x)
    if math.isfinite(x):
        return _repr_float(x)
    if bits == 32:
        return "0x" + np.array([x], dtype="<f4").view("<u4")[0].item().__format__(
            "08X")
    return "0x" + np.array([x], dtype="<f8").view("<u8")[0].item().__format__(
        "016X")


def _f32_attr(x: float) -> str:
    return f"{_float_lit(np.float32(x), 32)} : f32"


def _f64_attr(x: float) -> str:
    return f"{_float_lit(x)} : f64"


def _i64_array(values: Sequence[int]) -> str:
    if len(values) == 0:
        return "array<i64>"
    return "array<i64: " + ", ".join(str(int(v)) for v in values) + ">"


def _attr_dict(attrs: dict) -> str:
    items = [f"{k} = {v}" for k, v in attrs.items() if v is not None]
    return (" {" + ", ".join(items) + "}") if items else ""


def _dense_literal(arr: np.ndarray, elem: int) -> Optional[str]:
    """`dense<...>` for small arrays of finite values, else None."""
    kind = _kind(elem)
    if elem == TensorProto.BFLOAT16 or kind == "f":
        flat = np.asarray(arr, dtype=np.float64).reshape(-1)
        if not np.all(np.isfinite(flat)):
            return None
        fmt = _repr_float
    elif kind == "b":
        flat = np.asarray(arr).reshape(-1).astype(bool)
        fmt = lambda v: "true" if v else "false"  # noqa: E731
    elif elem in _UNSIGNED:
        flat = np.asarray(arr).reshape(-1).astype(np.uint64)
        fmt = lambda v: str(int(v))  # noqa: E731
    else:
        flat = np.asarray(arr).reshape(-1).astype(np.int64)
        fmt = lambda v: str(int(v))  # noqa: E731
    if flat.size == 0:
        return "dense<>"
    if flat.size == 1 or np.all(flat == flat[0]):
        return f"dense<{fmt(flat[0])}>"

    def nest(values, dims):
        if not dims:
            return fmt(values[0])
        step = len(values) // dims[0] if dims[0] else 0
        return "[" + ", ".join(
            nest(values[i * step:(i + 1) * step], dims[1:])
            for i in range(dims[0])) + "]"

    return "dense<" + nest(list(flat), list(arr.shape)) + ">"


def _blob_bytes(arr: np.ndarray, elem: int) -> tuple:
    """A dense_resource blob's alignment (its element size) and its bytes as
    a flat uint8 array, little-endian; the caller hexes it when writing."""
    storage = _STORAGE[elem]
    if elem == TensorProto.BFLOAT16:
        data = np.ascontiguousarray(arr).view(np.uint16).astype(storage)
    elif elem == TensorProto.BOOL:
        data = np.asarray(arr).astype(bool).astype(storage)
    else:
        data = np.asarray(arr).astype(storage, copy=False)
    return storage.itemsize, np.ascontiguousarray(data).reshape(-1).view(
        np.uint8)


def _blob_hex(alignment: int, data: np.ndarray) -> list:
    """The dialect_resources value of a blob as ASCII byte strings: "0x",
    the alignment as a little-endian u32 (what MLIR's printer writes), then
    the bytes. Lowercase hex, which MLIR reads as well: it is written by
    binascii without another pass over tens of megabytes of weights."""
    return [b'"0x', binascii.hexlify(alignment.to_bytes(4, "little")),
            binascii.hexlify(data), b'"']


def _escape(s: str) -> str:
    """`s` inside a double-quoted MLIR string (loc("...") names): quotes and
    backslashes escaped, other control characters as hex escapes."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\{ord(c):02X}")
        else:
            out.append(c)
    return "".join(out)


def _short(value) -> str:
    """An attribute value for a problem message, on one line, cut at 40
    characters (a graph by its name)."""
    if isinstance(value, onnx.GraphProto):
        return f"<graph '{value.name}'>"
    if isinstance(value, (list, tuple)) and value and isinstance(
            value[0], onnx.GraphProto):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    text = str(value)
    if hasattr(value, "tolist"):
        text = str(value.tolist())
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "..."
