#===- elements.py - ONNX element types as graph-dialect types -------------===#
#
# Which ONNX tensor element types the importer accepts, the MLIR element
# type and kind (float, signed integer, bool) each becomes, and how each is
# stored in a dense_resource blob; _tensor_type prints a `tensor<...>` type.
#
# The graph dialect has f64, f32, f16, bf16, the signed integers i64..i8,
# the unsigned ui64..ui8 and bool, so this table is also where every other
# element type (float8, 4-bit, complex, string) is turned away (_mlir_elem
# raises _Unsupported with the list).
#
#===----------------------------------------------------------------------===#

from typing import Optional, Sequence

import numpy as np
from onnx import TensorProto

from .errors import _Unsupported


#: ONNX element type -> (MLIR element type, kind). Kinds: f (float),
#: i (integer, signed or unsigned), b (bool). These are the graph dialect's
#: types; unsigned integers are its `ui` types.
_ELEM = {
    TensorProto.DOUBLE: ("f64", "f"),
    TensorProto.FLOAT: ("f32", "f"),
    TensorProto.FLOAT16: ("f16", "f"),
    TensorProto.BFLOAT16: ("bf16", "f"),
    TensorProto.INT64: ("i64", "i"),
    TensorProto.INT32: ("i32", "i"),
    TensorProto.INT16: ("i16", "i"),
    TensorProto.INT8: ("i8", "i"),
    TensorProto.UINT64: ("ui64", "i"),
    TensorProto.UINT32: ("ui32", "i"),
    TensorProto.UINT16: ("ui16", "i"),
    TensorProto.UINT8: ("ui8", "i"),
    TensorProto.BOOL: ("i1", "b"),
}

#: The unsigned integer types (their literals print unsigned).
_UNSIGNED = (TensorProto.UINT8, TensorProto.UINT16, TensorProto.UINT32,
             TensorProto.UINT64)

#: Little-endian storage of each supported element type in a blob.
_STORAGE = {
    TensorProto.DOUBLE: np.dtype("<f8"),
    TensorProto.FLOAT: np.dtype("<f4"),
    TensorProto.FLOAT16: np.dtype("<f2"),
    TensorProto.BFLOAT16: np.dtype("<u2"),
    TensorProto.INT64: np.dtype("<i8"),
    TensorProto.INT32: np.dtype("<i4"),
    TensorProto.INT16: np.dtype("<i2"),
    TensorProto.INT8: np.dtype("i1"),
    TensorProto.UINT64: np.dtype("<u8"),
    TensorProto.UINT32: np.dtype("<u4"),
    TensorProto.UINT16: np.dtype("<u2"),
    TensorProto.UINT8: np.dtype("u1"),
    TensorProto.BOOL: np.dtype("u1"),
}


def _elem_name(elem: int) -> str:
    try:
        return TensorProto.DataType.Name(elem).lower()
    except ValueError:
        return f"#{elem}"


def _mlir_elem(elem: int) -> str:
    if elem not in _ELEM:
        raise _Unsupported(
            f"element type {_elem_name(elem)} is not supported (the graph "
            "dialect has f64, f32, f16, bf16, int64..int8, uint64..uint8 "
            "and bool)")
    return _ELEM[elem][0]


def _kind(elem: int) -> str:
    return _ELEM[elem][1] if elem in _ELEM else "?"


def _tensor_type(dims: Sequence[Optional[int]], elem: int) -> str:
    if any(d is not None and d < 0 for d in dims):
        raise _Unsupported(
            "a result would have the negative size "
            f"{next(d for d in dims if d is not None and d < 0)} (shape "
            f"[{', '.join('?' if d is None else str(d) for d in dims)}])")
    shape = "".join(("?" if d is None else str(d)) + "x" for d in dims)
    return f"tensor<{shape}{_mlir_elem(elem)}>"
