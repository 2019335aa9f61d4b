#===- shape.py - Shape ONNX ops -------------------------------------------===#
#
# Handlers of the ops that make or rearrange shapes: Constant (kept as a
# numpy array and only printed where a value is needed, so that constants
# feeding attributes leave no trace), Shape, Size, ConstantOfShape, Reshape,
# Transpose, Squeeze/Unsqueeze, Flatten, Expand and Tile.
#
# Shape of a statically shaped tensor is also recorded as a constant, so
# that the Shape/Gather/Concat chains of exported models can feed inputs
# that must be constant.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import numpy as np
from onnx import TensorProto, numpy_helper

from ..elements import _mlir_elem
from ..emit import _dense_literal, _float_lit, _i64_array
from ..errors import _Unsupported
from ..importer import _Value
from ..registry import _handler


@_handler("Constant", "graph.constant", "value, value_float(s), value_int(s)"
          "; dense_resource from 16 elements")
def _constant(imp, ctx):
    arr, elem = None, None
    for name in ("value", "value_float", "value_floats", "value_int",
                 "value_ints"):
        if ctx.has_attr(name):
            v = ctx.attr(name)
            if name == "value":
                elem = v.data_type
                _mlir_elem(elem)
                arr = numpy_helper.to_array(v)
            elif name.startswith("value_float"):
                elem, arr = TensorProto.FLOAT, np.array(v, dtype=np.float32)
            else:
                elem, arr = TensorProto.INT64, np.array(v, dtype=np.int64)
    if arr is None:
        raise _Unsupported("only value, value_float(s) and value_int(s) are "
                           "supported")
    # Materialized lazily: a constant only used as an attribute source
    # (Slice starts, Reshape shape...) never shows in the IR.
    imp.consts[ctx.node.output[0]] = (arr, elem)
    imp.const_locs[ctx.node.output[0]] = ctx.name


@_handler("Shape", "graph.shape_of (+ graph.slice for start/end)",
          "start, end")
def _shape(imp, ctx):
    x = ctx.input(0)
    start, end = ctx.attr("start", 0), ctx.attr("end", None)
    s = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
    if start != 0 or end is not None:
        elem, dims = ctx.out_type()
        attrs = {"starts": _i64_array([start]),
                 "ends": _i64_array([end if end is not None else 2**63 - 1])}
        s = imp.op(ctx, "slice", [s], elem, dims, attrs)
    if all(d is not None for d in x.dims):
        arr = np.array(x.dims, dtype=np.int64)[slice(start, end)]
        imp.consts[ctx.node.output[0]] = (arr, TensorProto.INT64)
    imp.set_out(ctx, s)


@_handler("Size", "graph.shape_of, graph.reduce_prod")
def _size(imp, ctx):
    x = ctx.input(0)
    if all(d is not None for d in x.dims):
        # A constant, so that it can feed inputs that must be constant.
        imp.consts[ctx.node.output[0]] = (
            np.array(int(np.prod(x.dims, dtype=np.int64)), dtype=np.int64),
            TensorProto.INT64)
        return
    s = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
    imp.set_out(ctx, imp.op(ctx, "reduce_prod", [s], TensorProto.INT64, (),
                            {"keepdims": "false"}))


@_handler("ConstantOfShape", "graph.constant_of_shape", "value")
def _constant_of_shape(imp, ctx):
    shape = ctx.input(0)
    value = ctx.attr("value")
    if value is None:
        elem, arr = TensorProto.FLOAT, np.zeros(1, dtype=np.float32)
    else:
        elem, arr = value.data_type, numpy_helper.to_array(value)
    _mlir_elem(elem)
    literal = _dense_literal(arr.reshape(1), elem)
    if literal is None:
        literal = f"dense<{_float_lit(arr.reshape(-1)[0], 64)}>"
        if elem == TensorProto.FLOAT:
            literal = f"dense<{_float_lit(arr.reshape(-1)[0], 32)}>"
        else:
            raise _Unsupported("a non-finite fill value is only supported "
                               "for float32")
    out_elem, dims = ctx.out_type()
    shape = _shape_operand(imp, ctx, shape, len(dims))
    imp.set_out(ctx, imp.op(ctx, "constant_of_shape", [shape], out_elem, dims,
                            {"value": f"{literal} : tensor<1x"
                                      f"{_mlir_elem(elem)}>"}))


def _shape_operand(imp, ctx, shape: _Value, length: int) -> _Value:
    """`shape` with the static length `length` the graph ops require.

    ONNX shape inference loses the length of computed shape tensors (e.g.
    a Concat of Shape slices) even when it knows the result rank, which is
    that length; a whole-tensor graph.slice declared with the static length
    carries it over (the declared type only refines the inferred `?`).
    """
    if shape.rank != 1 or shape.dims[0] is not None:
        return shape
    return imp.op(ctx, "slice", [shape], shape.elem, (length,),
                  {"starts": _i64_array([0]), "ends": _i64_array([length])},
                  hint="shape")


def _reshape_dims(in_dims, shape, allowzero: bool) -> tuple:
    """The result dims of reshaping `in_dims` to the constant `shape`
    (when ONNX shape inference gave none, e.g. the shape is a Shape of a
    static tensor): 0 copies, -1 is inferred when the rest is known."""
    shape = [int(s) for s in shape.reshape(-1)]
    out = [in_dims[i] if s == 0 and not allowzero and i < len(in_dims)
           else (None if s < 0 else s) for i, s in enumerate(shape)]
    if shape.count(-1) == 1 and None not in in_dims:
        rest = [d for d, s in zip(out, shape) if s != -1]
        if None not in rest:
            total, part = 1, 1
            for d in in_dims:
                total *= d
            for d in rest:
                part *= d
            if part and total % part == 0:
                out[shape.index(-1)] = total // part
    return tuple(out)


@_handler("Reshape", "graph.reshape", "allowzero; shape may be computed")
def _reshape(imp, ctx):
    x, shape = ctx.input(0), ctx.input(1)
    allowzero = bool(ctx.attr("allowzero"))
    known = imp.constant_array(ctx.node.input[1])
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, (
        _reshape_dims(x.dims, known, allowzero) if known is not None else
        None if shape.dims[0] is None else (None,) * shape.dims[0])))
    shape = _shape_operand(imp, ctx, shape, len(dims))
    attrs = {"allowzero": "true" if allowzero else None}
    imp.set_out(ctx, imp.op(ctx, "reshape", [x, shape], elem, dims, attrs))


@_handler("Transpose", "graph.transpose", "perm (default: reversed)")
def _transpose(imp, ctx):
    x = ctx.input(0)
    perm = ctx.attr("perm")
    if not perm:
        perm = list(range(x.rank))[::-1]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "transpose", [x], elem, dims,
                            {"perm": _i64_array(perm)}))


@_handler("Squeeze", "graph.squeeze", "axes must be constant")
def _squeeze(imp, ctx):
    x = ctx.input(0)
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        arr = ctx.const_input(1, "axes")
        axes = [] if arr is None else [int(a) for a in arr.reshape(-1)]
    if not axes and any(d is None for d in x.dims):
        # Which dims go would depend on runtime sizes, unless ONNX
        # inferred the result: then drop the ones it dropped.
        raise _Unsupported("squeeze without axes needs a static input shape")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "squeeze", [x], elem, dims,
                            {"axes": _i64_array(axes) if axes else None}))


@_handler("Unsqueeze", "graph.unsqueeze", "axes must be constant")
def _unsqueeze(imp, ctx):
    x = ctx.input(0)
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        arr = ctx.const_input(1, "axes")
        if arr is None:
            raise _Unsupported("input 'axes' is required")
        axes = [int(a) for a in arr.reshape(-1)]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "unsqueeze", [x], elem, dims,
                            {"axes": _i64_array(axes)}))


@_handler("Flatten", "graph.flatten", "axis")
def _flatten(imp, ctx):
    x = ctx.input(0)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "flatten", [x], elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Expand", "graph.expand", "shape may be computed")
def _expand(imp, ctx):
    x, shape = ctx.input(0), ctx.input(1)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "expand", [x, shape], elem, dims))


@_handler("Tile", "graph.tile", "repeats must be constant")
def _tile(imp, ctx):
    x = ctx.input(0)
    reps = ctx.const_input(1, "repeats")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "tile", [x], elem, dims,
                            {"repeats": _i64_array(reps.reshape(-1))}))
