#===- onnx.py - ONNX model to graph-dialect MLIR --------------------------===#
#
# Translates an ONNX ModelProto into the textual MLIR of Strata's `graph`
# dialect: one `func.func @main` whose arguments are the graph inputs (less
# the initializers) and whose results are the graph outputs, in order.
# Initializers and large Constant tensors become `dense_resource` blobs in
# the file's `dialect_resources` section, node names become `loc("...")`
# locations, and result types come from ONNX shape inference (`?` for
# symbolic or unknown dims).
#
# Every problem found (unsupported ops, attributes, element types, inputs
# that must be constant) is collected and reported at once in an
# OnnxImportError; the importer never stops at the first one. The op table
# (`OP_TABLE`) also drives docs/ONNX.md (scripts/gen_onnx_docs.py).
#
# This module only depends on onnx and numpy, not on the compiled `strata`
# extension, so it works from a source tree.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

__all__ = ["import_model", "OnnxImportError", "OP_TABLE", "MIN_OPSET",
           "MAX_OPSET"]

#: The default-domain opsets the importer reads. ONNX 13 is the first one
#: with the tensor-input forms (Squeeze axes, ReduceSum axes, Split split)
#: the graph dialect's ops mirror; opsets 22-24 only widened type lists of
#: the ops handled here, so they are accepted too.
MIN_OPSET = 13
MAX_OPSET = 24

#: Constants with at least this many elements become dense_resource blobs;
#: smaller ones are printed inline as dense<...> literals.
RESOURCE_THRESHOLD = 16


class OnnxImportError(ImportError):
    """The model cannot be imported; `problems` lists every reason found.

    Each problem names the node and its op type where there is one, e.g.
    "node 'Conv_3' (Conv): attribute auto_pad=SAME_LOWER is not supported".
    """

    def __init__(self, problems: Sequence[str]):
        self.problems = list(problems)
        text = "\n".join("  " + p for p in self.problems)
        super().__init__(
            f"cannot import the ONNX model ({len(self.problems)} problem"
            f"{'s' if len(self.problems) != 1 else ''}):\n{text}")


class _Unsupported(Exception):
    """Raised by an op handler for one node; collected as a problem."""


#===----------------------------------------------------------------------===#
# Element types
#===----------------------------------------------------------------------===#

#: ONNX element type -> (MLIR element type, kind). Kinds: f (float),
#: i (signed integer), b (bool). These are the graph dialect's types.
_ELEM = {
    TensorProto.FLOAT: ("f32", "f"),
    TensorProto.FLOAT16: ("f16", "f"),
    TensorProto.BFLOAT16: ("bf16", "f"),
    TensorProto.INT64: ("i64", "i"),
    TensorProto.INT32: ("i32", "i"),
    TensorProto.INT8: ("i8", "i"),
    TensorProto.BOOL: ("i1", "b"),
}

#: Little-endian storage of each supported element type in a blob.
_STORAGE = {
    TensorProto.FLOAT: np.dtype("<f4"),
    TensorProto.FLOAT16: np.dtype("<f2"),
    TensorProto.BFLOAT16: np.dtype("<u2"),
    TensorProto.INT64: np.dtype("<i8"),
    TensorProto.INT32: np.dtype("<i4"),
    TensorProto.INT8: np.dtype("i1"),
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
            "dialect has f32, f16, bf16, i64, i32, i8 and bool)")
    return _ELEM[elem][0]


def _kind(elem: int) -> str:
    return _ELEM[elem][1] if elem in _ELEM else "?"


def _tensor_type(dims: Sequence[Optional[int]], elem: int) -> str:
    shape = "".join(("?" if d is None else str(d)) + "x" for d in dims)
    return f"tensor<{shape}{_mlir_elem(elem)}>"


#===----------------------------------------------------------------------===#
# Literal printing
#===----------------------------------------------------------------------===#


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


def _blob_hex(arr: np.ndarray, elem: int) -> str:
    """The dialect_resources form: alignment (u32 LE) then the raw bytes."""
    storage = _STORAGE[elem]
    if elem == TensorProto.BFLOAT16:
        data = np.ascontiguousarray(arr).view(np.uint16).astype(storage)
    elif elem == TensorProto.BOOL:
        data = np.asarray(arr).astype(bool).astype(storage)
    else:
        data = np.asarray(arr).astype(storage)
    header = int(storage.itemsize).to_bytes(4, "little")
    return "0x" + (header + data.tobytes()).hex().upper()


#===----------------------------------------------------------------------===#
# Values and node context
#===----------------------------------------------------------------------===#


@dataclass
class _Value:
    """An SSA value of the function being built."""
    ssa: str
    elem: int
    dims: tuple  # ints or None for `?`

    @property
    def type(self) -> str:
        return _tensor_type(self.dims, self.elem)

    @property
    def rank(self) -> int:
        return len(self.dims)


_SSA_BAD = re.compile(r"[^A-Za-z0-9_$.-]")


def _broadcast_dims(*shapes: Sequence[Optional[int]]) -> tuple:
    rank = max(len(s) for s in shapes)
    out = []
    for i in range(rank):
        dims = [s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0]
        known = [d for d in dims if d is not None and d != 1]
        if known:
            out.append(known[0])
        elif any(d is None for d in dims):
            out.append(None)
        else:
            out.append(1)
    return tuple(out)


class _Node:
    """One ONNX node being converted: attribute and input access that tracks
    what the handler consumed, so that whatever it ignored is reported."""

    def __init__(self, imp: "_Importer", node: onnx.NodeProto, index: int):
        self.imp = imp
        self.node = node
        self.op = node.op_type
        self.name = node.name or f"{node.op_type}_{index}"
        self.attrs = {a.name: a for a in node.attribute}
        self.used_attrs: set = set()
        self.used_inputs: set = set()
        try:
            self.schema = onnx.defs.get_schema(node.op_type, imp.opset,
                                               node.domain)
            self.since = self.schema.since_version
        except Exception:  # onnx raises SchemaError
            self.schema = None
            self.since = 0

    # Attributes ---------------------------------------------------------
    def default(self, name: str):
        if self.schema is None or name not in self.schema.attributes:
            return None
        proto = self.schema.attributes[name].default_value
        if proto.type == 0:
            return None
        return helper.get_attribute_value(proto)

    def has_attr(self, name: str) -> bool:
        return name in self.attrs

    def attr(self, name: str, default=None):
        """The attribute's value, the schema default, else `default`."""
        self.used_attrs.add(name)
        if name in self.attrs:
            value = helper.get_attribute_value(self.attrs[name])
            if isinstance(value, bytes):
                value = value.decode()
            return value
        value = self.default(name)
        if isinstance(value, bytes):
            value = value.decode()
        return default if value is None else value

    def unused_attr_problems(self) -> list:
        problems = []
        for name, proto in self.attrs.items():
            if name in self.used_attrs:
                continue
            value = helper.get_attribute_value(proto)
            if isinstance(value, bytes):
                value = value.decode()
            default = self.default(name)
            if isinstance(default, bytes):
                default = default.decode()
            if default is not None and value == default:
                continue
            problems.append(f"attribute {name}={_short(value)} is not supported")
        return problems

    # Inputs -------------------------------------------------------------
    def has_input(self, i: int) -> bool:
        return i < len(self.node.input) and self.node.input[i] != ""

    def input(self, i: int) -> _Value:
        self.used_inputs.add(i)
        if not self.has_input(i):
            raise _Unsupported(f"input #{i} is missing")
        return self.imp.value(self.node.input[i])

    def const_input(self, i: int, what: str) -> Optional[np.ndarray]:
        """A constant input as a numpy array, None when it is absent."""
        self.used_inputs.add(i)
        if not self.has_input(i):
            return None
        arr = self.imp.constant_array(self.node.input[i])
        if arr is None:
            raise _Unsupported(
                f"input '{what}' must be a constant (an initializer or a "
                f"Constant node); '{self.node.input[i]}' is computed at run "
                "time")
        return arr

    def unused_input_problems(self) -> list:
        return [
            f"input #{i} ({name}) is not supported"
            for i, name in enumerate(self.node.input)
            if name and i not in self.used_inputs
        ]

    # Outputs ------------------------------------------------------------
    def num_outputs(self) -> int:
        return sum(1 for o in self.node.output if o)

    def require_outputs(self, n: int):
        extra = [o for o in self.node.output[n:] if o]
        if extra and any(self.imp.is_used(o) for o in extra):
            raise _Unsupported(
                f"output #{n} ({extra[0]}) is not supported (only the first "
                f"{n} output{'s' if n != 1 else ''})")

    def out_type(self, i: int = 0, fallback=None) -> tuple:
        """(elem, dims) of output `i` from shape inference, else from
        `fallback()` (the handler's own rule; dims may hold None)."""
        name = self.node.output[i]
        info = self.imp.types.get(name)
        if (info is None or info[1] is None) and fallback is not None:
            elem, dims = fallback()
            if dims is not None:
                return (info[0] if info and info[0] else elem), tuple(dims)
        if info is None or info[1] is None:
            raise _Unsupported(
                f"the rank of output '{name}' is unknown (ONNX shape "
                "inference gave no shape)")
        return info

    @property
    def loc(self) -> str:
        return f'loc("{_escape(self.name)}")'


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _short(value) -> str:
    text = str(value)
    if hasattr(value, "tolist"):
        text = str(value.tolist())
    return text if len(text) <= 40 else text[:37] + "..."


#===----------------------------------------------------------------------===#
# The importer
#===----------------------------------------------------------------------===#


class _Importer:

    def __init__(self, model: onnx.ModelProto):
        self.model = model
        self.problems: list = []
        self.lines: list = []
        self.values: dict = {}  # onnx name -> _Value
        self.consts: dict = {}  # onnx name -> (np.ndarray, elem)
        self.const_locs: dict = {}  # onnx name -> Constant node name
        self.resources: dict = {}  # key -> hex blob
        self.ssa_names: set = set()
        self.types: dict = {}  # onnx name -> (elem, dims or None)
        self.uses: dict = {}  # onnx name -> number of uses
        self.opset = 0
        self.poisoned: set = set()

    # Bookkeeping --------------------------------------------------------
    def fresh(self, hint: str) -> str:
        base = _SSA_BAD.sub("_", hint) or "v"
        if base[0].isdigit() or base[0] in "$.-":
            base = "v" + base
        name, n = base, 0
        while name in self.ssa_names:
            n += 1
            name = f"{base}_{n}"
        self.ssa_names.add(name)
        return "%" + name

    def resource_key(self, hint: str) -> str:
        base = re.sub(r"[^A-Za-z0-9_.]", "_", hint) or "blob"
        if not (base[0].isalpha() or base[0] == "_"):
            base = "_" + base
        key, n = base, 0
        while key in self.resources:
            n += 1
            key = f"{base}_{n}"
        return key

    def is_used(self, name: str) -> bool:
        return self.uses.get(name, 0) > 0

    def value(self, name: str) -> _Value:
        if name in self.values:
            return self.values[name]
        if name in self.consts:
            arr, elem = self.consts[name]
            where = self.const_locs.get(name, name)
            v = self.emit_constant(arr, elem, name, f'loc("{_escape(where)}")')
            self.values[name] = v
            return v
        if name in self.poisoned:
            raise _Poisoned()
        raise _Unsupported(f"value '{name}' is not defined")

    def constant_array(self, name: str) -> Optional[np.ndarray]:
        if name in self.consts:
            return self.consts[name][0]
        return None

    def emit(self, text: str):
        self.lines.append("    " + text)

    def emit_constant(self, arr: np.ndarray, elem: int, hint: str,
                      loc: str) -> _Value:
        dims = tuple(int(d) for d in arr.shape)
        ty = _tensor_type(dims, elem)
        literal = None
        if arr.size < RESOURCE_THRESHOLD:
            literal = _dense_literal(arr, elem)
        if literal is None:
            key = self.resource_key(hint)
            self.resources[key] = _blob_hex(arr, elem)
            literal = f"dense_resource<{key}>"
        ssa = self.fresh(hint)
        self.emit(f"{ssa} = graph.constant {literal} : {ty} {loc}")
        return _Value(ssa, elem, dims)

    def scalar(self, x, elem: int, ctx: _Node, rank: int = 0) -> _Value:
        """A constant holding `x` of type `elem` with `rank` size-1 dims."""
        arr = np.full((1,) * rank, x, dtype=np.float64 if _kind(elem) == "f"
                      else np.int64)
        return self.emit_constant(arr, elem, "cst", ctx.loc)

    def op(self, ctx: _Node, mnemonic: str, operands: Sequence[_Value],
           elem: int, dims: Sequence[Optional[int]], attrs: dict = None,
           hint: str = None) -> _Value:
        """Emits `graph.<mnemonic>` with one result of (elem, dims)."""
        ssa = self.fresh(hint or (ctx.node.output[0] if ctx.node.output
                                  else ctx.name))
        result = _Value(ssa, elem, tuple(dims))
        ops = ", ".join(v.ssa for v in operands)
        types = ", ".join(v.type for v in operands)
        self.emit(f"{ssa} = graph.{mnemonic} {ops}{_attr_dict(attrs or {})}"
                  f" : {types} -> {result.type} {ctx.loc}")
        return result

    # Driver -------------------------------------------------------------
    def run(self) -> str:
        model = self.model
        self.check_opsets()
        try:
            inferred = onnx.shape_inference.infer_shapes(
                model, check_type=False, strict_mode=False, data_prop=True)
        except Exception as e:  # a model ONNX itself rejects
            self.problems.append(f"ONNX shape inference failed: "
                                 f"{str(e).splitlines()[0] if str(e) else e}")
            inferred = model
        graph = inferred.graph
        self.collect_types(graph)
        for node in graph.node:
            for name in node.input:
                if name:
                    self.uses[name] = self.uses.get(name, 0) + 1
        for out in graph.output:
            self.uses[out.name] = self.uses.get(out.name, 0) + 1

        for init in graph.initializer:
            self.add_initializer(init)
        for sparse in graph.sparse_initializer:
            self.problems.append(
                f"sparse initializer '{sparse.values.name}' is not supported")

        # Function arguments.
        args = []
        for inp in graph.input:
            if inp.name in self.consts:
                continue
            try:
                elem, dims = self.value_info_type(inp, "graph input")
                ssa = self.fresh(inp.name)
                v = _Value(ssa, elem, dims)
                args.append(f"{ssa}: {v.type} loc(\"{_escape(inp.name)}\")")
                self.values[inp.name] = v
            except _Unsupported as e:
                self.problems.append(f"graph input '{inp.name}': {e}")
                self.poisoned.add(inp.name)

        for index, node in enumerate(graph.node):
            self.convert_node(node, index)

        results = []
        for out in graph.output:
            try:
                results.append(self.value(out.name))
            except _Poisoned:
                pass
            except _Unsupported as e:
                self.problems.append(f"graph output '{out.name}': {e}")
            if out.type.WhichOneof("value") not in (None, "tensor_type"):
                self.problems.append(
                    f"graph output '{out.name}': only tensor outputs are "
                    "supported")

        if self.problems:
            raise OnnxImportError(self.problems)
        return self.render(args, results)

    def check_opsets(self):
        self.opset = 0
        for imp in self.model.opset_import:
            if imp.domain in ("", "ai.onnx"):
                self.opset = imp.version
        if self.opset == 0:
            self.problems.append("the model imports no default-domain opset")
            self.opset = MAX_OPSET
        elif not MIN_OPSET <= self.opset <= MAX_OPSET:
            self.problems.append(
                f"opset {self.opset} is not supported (supported: "
                f"{MIN_OPSET} to {MAX_OPSET})")
            self.opset = min(max(self.opset, MIN_OPSET), MAX_OPSET)
        if self.model.functions:
            names = ", ".join(f.name for f in self.model.functions)
            self.problems.append(f"model-local functions are not supported "
                                 f"({names})")

    def collect_types(self, graph: onnx.GraphProto):
        for info in list(graph.input) + list(graph.value_info) + list(
                graph.output):
            t = info.type
            if t.WhichOneof("value") != "tensor_type":
                continue
            tt = t.tensor_type
            dims = None
            if tt.HasField("shape"):
                dims = tuple(d.dim_value if d.HasField("dim_value") else None
                             for d in tt.shape.dim)
            old = self.types.get(info.name)
            if old is not None and dims is None:
                continue
            self.types[info.name] = (tt.elem_type, dims)

    def value_info_type(self, info: onnx.ValueInfoProto, what: str) -> tuple:
        t = info.type
        if t.WhichOneof("value") != "tensor_type":
            raise _Unsupported(f"only tensors are supported (this {what} is "
                               f"a {t.WhichOneof('value')})")
        elem, dims = self.types.get(info.name, (t.tensor_type.elem_type, None))
        _mlir_elem(elem)
        if dims is None:
            raise _Unsupported("the rank is unknown")
        return elem, dims

    def add_initializer(self, init: onnx.TensorProto):
        try:
            _mlir_elem(init.data_type)
            if init.data_location == TensorProto.EXTERNAL and not init.raw_data:
                raise _Unsupported("external data is not loaded")
            arr = numpy_helper.to_array(init)
            self.consts[init.name] = (arr, init.data_type)
        except _Unsupported as e:
            self.problems.append(f"initializer '{init.name}': {e}")
            self.poisoned.add(init.name)
        except Exception as e:
            self.problems.append(f"initializer '{init.name}': {e}")
            self.poisoned.add(init.name)

    def convert_node(self, node: onnx.NodeProto, index: int):
        ctx = _Node(self, node, index)
        prefix = f"node '{ctx.name}' ({node.op_type})"
        problems = []
        poisoned = False
        mark = len(self.lines)
        handler = OP_TABLE.get(node.op_type) if node.domain in (
            "", "ai.onnx") else None
        if handler is None:
            domain = f" in domain '{node.domain}'" if node.domain not in (
                "", "ai.onnx") else ""
            problems.append(f"op {node.op_type}{domain} is not supported")
        else:
            try:
                handler.fn(self, ctx)
                problems += ctx.unused_attr_problems()
                problems += ctx.unused_input_problems()
            except _Poisoned:
                poisoned = True
            except _Unsupported as e:
                problems.append(str(e))
            except Exception as e:  # a malformed model must not crash us
                problems.append(f"cannot be imported: {type(e).__name__}: {e}")
        if problems:
            for p in problems:
                self.problems.append(f"{prefix}: {p}")
        if handler is not None and (problems or poisoned):
            del self.lines[mark:]
        if problems or poisoned or any(
                o and o not in self.values and o not in self.consts
                for o in node.output if self.is_used(o)):
            for o in node.output:
                if o and o not in self.values and o not in self.consts:
                    self.poisoned.add(o)
                    if not problems and not poisoned and self.is_used(o):
                        self.problems.append(
                            f"{prefix}: output '{o}' was not produced")

    def render(self, args: list, results: list) -> str:
        out = []
        name = self.model.graph.name or "model"
        out.append(f"// Imported from ONNX graph '{name}' (opset "
                   f"{self.opset}) by strata.frontend.onnx.")
        res_types = ", ".join(v.type for v in results)
        if len(results) != 1:
            res_types = f"({res_types})"
        out.append(f"func.func @main({', '.join(args)}) -> {res_types} {{")
        out.extend(self.lines)
        if results:
            out.append(f"    return {', '.join(v.ssa for v in results)} : "
                       f"{', '.join(v.type for v in results)}")
        else:
            out.append("    return")
        out.append("}")
        if self.resources:
            out.append("")
            out.append("{-#")
            out.append("  dialect_resources: {")
            out.append("    builtin: {")
            items = [f"      {k}: \"{v}\"" for k, v in self.resources.items()]
            out.append(",\n".join(items))
            out.append("    }")
            out.append("  }")
            out.append("#-}")
        return "\n".join(out) + "\n"

    # Helpers shared by handlers ----------------------------------------
    def set_out(self, ctx: _Node, value: _Value, i: int = 0):
        self.values[ctx.node.output[i]] = value

    def cast(self, ctx: _Node, v: _Value, elem: int) -> _Value:
        if v.elem == elem:
            return v
        return self.op(ctx, "cast", [v], elem, v.dims)


class _Poisoned(Exception):
    """An input comes from a node that already reported a problem."""


#===----------------------------------------------------------------------===#
# Op handlers
#===----------------------------------------------------------------------===#


@dataclass
class OpHandler:
    """How one ONNX op type is imported (also the docs/ONNX.md table row)."""
    fn: Callable
    graph_ops: str
    notes: str = ""


OP_TABLE: dict = {}


def _handler(op_types, graph_ops: str, notes: str = ""):
    def register(fn):
        for op_type in op_types.split():
            OP_TABLE[op_type] = OpHandler(fn, graph_ops.replace(
                "{op}", op_type), notes)
        return fn
    return register


def _check_kind(ctx: _Node, v: _Value, kinds: str, mnemonic: str):
    if _kind(v.elem) not in kinds:
        _mlir_elem(v.elem)
        raise _Unsupported(f"element type {_mlir_elem(v.elem)} is not "
                           f"supported by graph.{mnemonic}")


_UNARY = {
    "Neg": ("neg", "fi"), "Abs": ("abs", "fi"), "Exp": ("exp", "f"),
    "Log": ("log", "f"), "Sqrt": ("sqrt", "f"),
    "Reciprocal": ("reciprocal", "f"), "Tanh": ("tanh", "f"),
    "Sigmoid": ("sigmoid", "f"), "Relu": ("relu", "fi"), "Erf": ("erf", "f"),
    "Floor": ("floor", "f"), "Ceil": ("ceil", "f"), "Round": ("round", "f"),
    "Sign": ("sign", "fi"), "Not": ("not", "b"),
}


@_handler(" ".join(_UNARY), "graph.{op}")
def _unary(imp: _Importer, ctx: _Node):
    mnemonic, kinds = _UNARY[ctx.op]
    x = ctx.input(0)
    _check_kind(ctx, x, kinds, mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, x.dims))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims))


for _k, (_m, _) in _UNARY.items():
    OP_TABLE[_k] = OpHandler(_unary, f"graph.{_m}")


@_handler("LeakyRelu", "graph.leaky_relu", "alpha")
def _leaky_relu(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "leaky_relu")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "leaky_relu", [x], elem, dims,
                            {"alpha": _f32_attr(ctx.attr("alpha"))}))


@_handler("Gelu", "graph.gelu", "approximate none/tanh")
def _gelu(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", "gelu")
    approx = ctx.attr("approximate", "none")
    if approx not in ("none", "tanh"):
        raise _Unsupported(f"attribute approximate={approx} is not supported")
    elem, dims = ctx.out_type()
    attrs = {"approximate": "#graph.gelu_approximation<tanh>"} if (
        approx == "tanh") else {}
    imp.set_out(ctx, imp.op(ctx, "gelu", [x], elem, dims, attrs))


def _scalar_of(arr: np.ndarray, what: str) -> float:
    if arr.size != 1:
        raise _Unsupported(f"input '{what}' must hold one value")
    return arr.reshape(-1)[0].item()


@_handler("Clip", "graph.clip", "min/max inputs must be constants")
def _clip(imp, ctx):
    x = ctx.input(0)
    _check_kind(ctx, x, "fi", "clip")
    lo = ctx.const_input(1, "min")
    hi = ctx.const_input(2, "max")
    attrs = {}
    lo = None if lo is None else _scalar_of(lo, "min")
    hi = None if hi is None else _scalar_of(hi, "max")
    if lo is not None and not (isinstance(lo, float) and math.isinf(lo)
                               and lo < 0):
        attrs["min"] = _f64_attr(lo)
    if hi is not None and not (isinstance(hi, float) and math.isinf(hi)
                               and hi > 0):
        attrs["max"] = _f64_attr(hi)
    if any(isinstance(b, float) and math.isnan(b) for b in (lo, hi)):
        raise _Unsupported("a NaN bound is not supported")
    if lo is not None and hi is not None and lo > hi:
        raise _Unsupported("min > max is not supported (graph.clip rejects "
                           "it)")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "clip", [x], elem, dims, attrs))


@_handler("Cast", "graph.cast", "saturate only matters for float8 types")
def _cast(imp, ctx):
    x = ctx.input(0)
    to = ctx.attr("to")
    ctx.attr("saturate")
    _mlir_elem(x.elem)
    _mlir_elem(to)
    elem, dims = ctx.out_type(fallback=lambda: (to, x.dims))
    imp.set_out(ctx, imp.op(ctx, "cast", [x], to, dims))


@_handler("CastLike", "graph.cast")
def _cast_like(imp, ctx):
    x = ctx.input(0)
    like = ctx.input(1)
    ctx.attr("saturate")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "cast", [x], like.elem, dims))


@_handler("Identity", "(forwarded)")
def _identity(imp, ctx):
    imp.set_out(ctx, ctx.input(0))


@_handler("Dropout", "(forwarded)",
          "inference only: training_mode must be absent or a constant false; "
          "the mask is all true")
def _dropout(imp, ctx):
    x = ctx.input(0)
    # The ratio only matters in training mode.
    ctx.used_inputs.add(1)
    if ctx.has_input(2):
        training = ctx.const_input(2, "training_mode")
        if bool(_scalar_of(training, "training_mode")):
            raise _Unsupported("training_mode=true is not supported")
    ctx.attr("seed")
    imp.set_out(ctx, x)
    if len(ctx.node.output) > 1 and ctx.node.output[1] and imp.is_used(
            ctx.node.output[1]):
        # In inference every element is kept: an all-true mask.
        shape = imp.op(ctx, "shape_of", [x], TensorProto.INT64, (x.rank,))
        imp.set_out(ctx, imp.op(ctx, "constant_of_shape", [shape],
                                TensorProto.BOOL, x.dims,
                                {"value": "dense<true> : tensor<1xi1>"},
                                hint="mask"), 1)


_BINARY = {
    "Add": ("add", "fi"), "Sub": ("sub", "fi"), "Mul": ("mul", "fi"),
    "Div": ("div", "fi"), "And": ("and", "b"), "Or": ("or", "b"),
    "Xor": ("xor", "b"), "Equal": ("equal", "fib"), "Less": ("less", "fi"),
    "LessOrEqual": ("less_equal", "fi"), "Greater": ("greater", "fi"),
    "GreaterOrEqual": ("greater_equal", "fi"),
}


_COMPARE = ("equal", "less", "less_equal", "greater", "greater_equal")


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


def _binary_handler(imp, ctx):
    mnemonic, kinds = _BINARY[ctx.op]
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, kinds, mnemonic)
    elem, dims = ctx.out_type(fallback=lambda: (
        TensorProto.BOOL if mnemonic in _COMPARE else a.elem,
        _broadcast_dims(a.dims, b.dims)))
    imp.set_out(ctx, imp.op(ctx, mnemonic, [a, b], elem, dims))


for _k, (_m, _) in _BINARY.items():
    OP_TABLE[_k] = OpHandler(_binary_handler, f"graph.{_m}",
                             "numpy broadcasting")


@_handler("Pow", "graph.pow (+ graph.cast of the exponent)",
          "float base; an exponent of another type is cast to the base's")
def _pow(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    _check_kind(ctx, a, "f", "pow")
    _mlir_elem(b.elem)
    b = imp.cast(ctx, b, a.elem)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "pow", [a, b], elem, dims))


@_handler("Mod", "graph.mod", "fmod")
def _mod(imp, ctx):
    a, b = ctx.input(0), ctx.input(1)
    fmod = int(ctx.attr("fmod"))
    _check_kind(ctx, a, "fi", "mod")
    if _kind(a.elem) == "f" and not fmod:
        raise _Unsupported("fmod=0 on floats is invalid ONNX")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "mod", [a, b], elem, dims,
                            {"fmod": "true" if fmod else None}))


@_handler("Max Min Sum Mean", "chain of graph.max / graph.min / graph.add "
          "(Mean: + graph.div)", "variadic")
def _variadic(imp, ctx):
    mnemonic = {"Max": "max", "Min": "min", "Sum": "add", "Mean": "add"}[
        ctx.op]
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    if not ins:
        raise _Unsupported("no inputs")
    _check_kind(ctx, ins[0], "fi", mnemonic)
    elem, dims = ctx.out_type()
    acc = ins[0]
    for i, v in enumerate(ins[1:]):
        last = i == len(ins) - 2 and ctx.op != "Mean"
        acc = imp.op(ctx, mnemonic, [acc, v], elem,
                     dims if last else _broadcast_dims(acc.dims, v.dims))
    if ctx.op == "Mean" and len(ins) > 1:
        _check_kind(ctx, acc, "f", "div")
        n = imp.scalar(len(ins), elem, ctx)
        acc = imp.op(ctx, "div", [acc, n], elem, dims)
    elif len(ins) == 1 and tuple(dims) != acc.dims:
        pass
    imp.set_out(ctx, acc)


@_handler("Where", "graph.select")
def _where(imp, ctx):
    c, a, b = ctx.input(0), ctx.input(1), ctx.input(2)
    elem, dims = ctx.out_type()
    _mlir_elem(a.elem)
    imp.set_out(ctx, imp.op(ctx, "select", [c, a, b], elem, dims))


#===- Elementwise compositions -------------------------------------------===#


def _float_input(ctx, mnemonic):
    x = ctx.input(0)
    _check_kind(ctx, x, "f", mnemonic)
    return x


@_handler("HardSigmoid", "graph.mul, graph.add, graph.clip", "alpha, beta")
def _hard_sigmoid(imp, ctx):
    x = _float_input(ctx, "clip")
    alpha, beta = ctx.attr("alpha"), ctx.attr("beta")
    y = imp.op(ctx, "mul", [x, imp.scalar(alpha, x.elem, ctx)], x.elem, x.dims)
    y = imp.op(ctx, "add", [y, imp.scalar(beta, x.elem, ctx)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "clip", [y], x.elem, x.dims,
                            {"min": _f64_attr(0.0), "max": _f64_attr(1.0)}))


@_handler("HardSwish", "graph.mul, graph.add, graph.clip")
def _hard_swish(imp, ctx):
    x = _float_input(ctx, "clip")
    y = imp.op(ctx, "mul", [x, imp.scalar(1.0 / 6.0, x.elem, ctx)], x.elem,
               x.dims)
    y = imp.op(ctx, "add", [y, imp.scalar(0.5, x.elem, ctx)], x.elem, x.dims)
    y = imp.op(ctx, "clip", [y], x.elem, x.dims,
               {"min": _f64_attr(0.0), "max": _f64_attr(1.0)})
    imp.set_out(ctx, imp.op(ctx, "mul", [x, y], x.elem, x.dims))


def _softplus_of(imp, ctx, x):
    """log(1 + e^x) of `x` as max(x, 0) + log(1 + e^-|x|): no overflow for
    large x (Softplus, and Mish's inner term)."""
    ax = imp.op(ctx, "abs", [x], x.elem, x.dims)
    nax = imp.op(ctx, "neg", [ax], x.elem, x.dims)
    e = imp.op(ctx, "exp", [nax], x.elem, x.dims)
    e1 = imp.op(ctx, "add", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    lg = imp.op(ctx, "log", [e1], x.elem, x.dims)
    r = imp.op(ctx, "relu", [x], x.elem, x.dims)
    return imp.op(ctx, "add", [r, lg], x.elem, x.dims)


@_handler("Softplus", "graph.exp, graph.add, graph.log")
def _softplus(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _softplus_of(imp, ctx, x))


@_handler("Softsign", "graph.abs, graph.add, graph.div")
def _softsign(imp, ctx):
    x = _float_input(ctx, "div")
    a = imp.op(ctx, "abs", [x], x.elem, x.dims)
    a1 = imp.op(ctx, "add", [a, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "div", [x, a1], x.elem, x.dims))


def _elu_like(imp, ctx, x, alpha, scale=None):
    """alpha * (e^x - 1) where x < 0, x elsewhere (then * scale)."""
    zero = imp.scalar(0.0, x.elem, ctx)
    neg = imp.op(ctx, "less", [x, zero], TensorProto.BOOL, x.dims)
    e = imp.op(ctx, "exp", [x], x.elem, x.dims)
    em1 = imp.op(ctx, "sub", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    a = imp.op(ctx, "mul", [em1, imp.scalar(alpha, x.elem, ctx)], x.elem,
               x.dims)
    y = imp.op(ctx, "select", [neg, a, x], x.elem, x.dims)
    if scale is not None:
        y = imp.op(ctx, "mul", [y, imp.scalar(scale, x.elem, ctx)], x.elem,
                   x.dims)
    return y


@_handler("Elu", "graph.less, graph.exp, graph.select", "alpha")
def _elu(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _elu_like(imp, ctx, x, ctx.attr("alpha")))


@_handler("Selu", "graph.less, graph.exp, graph.select, graph.mul",
          "alpha, gamma")
def _selu(imp, ctx):
    x = _float_input(ctx, "exp")
    imp.set_out(ctx, _elu_like(imp, ctx, x, ctx.attr("alpha"),
                               ctx.attr("gamma")))


@_handler("Celu", "graph.div, graph.less, graph.exp, graph.select", "alpha")
def _celu(imp, ctx):
    x = _float_input(ctx, "exp")
    alpha = ctx.attr("alpha")
    # max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
    xs = imp.op(ctx, "div", [x, imp.scalar(alpha, x.elem, ctx)], x.elem,
                x.dims)
    e = imp.op(ctx, "exp", [xs], x.elem, x.dims)
    em1 = imp.op(ctx, "sub", [e, imp.scalar(1.0, x.elem, ctx)], x.elem, x.dims)
    a = imp.op(ctx, "mul", [em1, imp.scalar(alpha, x.elem, ctx)], x.elem,
               x.dims)
    zero = imp.scalar(0.0, x.elem, ctx)
    neg = imp.op(ctx, "min", [a, zero], x.elem, x.dims)
    pos = imp.op(ctx, "relu", [x], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "add", [pos, neg], x.elem, x.dims))


@_handler("ThresholdedRelu", "graph.greater, graph.select", "alpha")
def _thresholded_relu(imp, ctx):
    x = _float_input(ctx, "select")
    gt = imp.op(ctx, "greater", [x, imp.scalar(ctx.attr("alpha"), x.elem,
                                               ctx)], TensorProto.BOOL, x.dims)
    imp.set_out(ctx, imp.op(ctx, "select", [gt, x, imp.scalar(0.0, x.elem,
                                                              ctx)],
                            x.elem, x.dims))


@_handler("PRelu", "graph.less, graph.mul, graph.select")
def _prelu(imp, ctx):
    x, slope = ctx.input(0), ctx.input(1)
    _check_kind(ctx, x, "fi", "mul")
    elem, dims = ctx.out_type()
    zero = imp.scalar(0, x.elem, ctx)
    neg = imp.op(ctx, "less", [x, zero], TensorProto.BOOL, x.dims)
    prod = imp.op(ctx, "mul", [x, slope], x.elem, dims)
    imp.set_out(ctx, imp.op(ctx, "select", [neg, prod, x], elem, dims))


@_handler("Mish", "graph.exp, graph.log, graph.tanh, graph.mul")
def _mish(imp, ctx):
    x = _float_input(ctx, "tanh")
    t = imp.op(ctx, "tanh", [_softplus_of(imp, ctx, x)], x.elem, x.dims)
    imp.set_out(ctx, imp.op(ctx, "mul", [x, t], x.elem, x.dims))


#===- NN ------------------------------------------------------------------===#


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


def _spatial_attrs(ctx: _Node, x: _Value, kernel: Sequence[Optional[int]],
                   with_dilations: bool = True) -> dict:
    """strides/pads/dilations of a 2-D window op, resolving auto_pad."""
    strides = list(ctx.attr("strides", [1, 1]) or [1, 1])
    dilations = list(ctx.attr("dilations", [1, 1]) or [1, 1]) if (
        with_dilations or ctx.has_attr("dilations")) else [1, 1]
    pads = list(ctx.attr("pads", [0, 0, 0, 0]) or [0, 0, 0, 0])
    auto_pad = ctx.attr("auto_pad", "NOTSET")
    if len(strides) != 2 or len(dilations) != 2 or len(pads) != 4:
        raise _Unsupported("strides/dilations/pads must have 2/2/4 entries")
    if auto_pad == "VALID":
        pads = [0, 0, 0, 0]
    elif auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        pads = [0, 0, 0, 0]
        for i in range(2):
            size, k = x.dims[2 + i], kernel[i]
            if size is None or k is None:
                raise _Unsupported(f"auto_pad={auto_pad} needs static spatial "
                                   "sizes")
            out = -(-size // strides[i])
            total = max(0, (out - 1) * strides[i] +
                        (k - 1) * dilations[i] + 1 - size)
            small, big = total // 2, total - total // 2
            pads[i], pads[2 + i] = (small, big) if auto_pad == "SAME_UPPER" \
                else (big, small)
    elif auto_pad != "NOTSET":
        raise _Unsupported(f"attribute auto_pad={auto_pad} is not supported")
    attrs = {}
    if strides != [1, 1]:
        attrs["strides"] = _i64_array(strides)
    if pads != [0, 0, 0, 0]:
        attrs["pads"] = _i64_array(pads)
    if dilations != [1, 1]:
        if not with_dilations:
            raise _Unsupported(f"attribute dilations={dilations} is not "
                               "supported")
        attrs["dilations"] = _i64_array(dilations)
    return attrs


def _require_4d(x: _Value, what: str):
    if x.rank != 4:
        raise _Unsupported(f"only 2-D {what} (4-D input) is supported, the "
                           f"input has rank {x.rank}")


@_handler("Conv", "graph.conv2d", "2-D only; auto_pad (SAME_* needs static "
          "sizes), group, optional bias")
def _conv(imp, ctx):
    x, w = ctx.input(0), ctx.input(1)
    _require_4d(x, "convolution")
    _check_kind(ctx, x, "f", "conv2d")
    ops = [x, w]
    if ctx.has_input(2):
        ops.append(ctx.input(2))
    ctx.attr("kernel_shape")
    attrs = _spatial_attrs(ctx, x, w.dims[2:])
    group = ctx.attr("group")
    if group != 1:
        attrs["groups"] = f"{group} : i64"
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "conv2d", ops, elem, dims, attrs))


@_handler("ConvTranspose", "graph.conv_transpose2d",
          "2-D only; output_padding, group; no output_shape / auto_pad")
def _conv_transpose(imp, ctx):
    x, w = ctx.input(0), ctx.input(1)
    _require_4d(x, "transposed convolution")
    _check_kind(ctx, x, "f", "conv_transpose2d")
    ops = [x, w]
    if ctx.has_input(2):
        ops.append(ctx.input(2))
    ctx.attr("kernel_shape")
    if ctx.attr("auto_pad") not in ("NOTSET", None):
        raise _Unsupported(f"attribute auto_pad={ctx.attr('auto_pad')} is not "
                           "supported")
    if ctx.attr("output_shape"):
        raise _Unsupported("attribute output_shape is not supported")
    attrs = _spatial_attrs(ctx, x, w.dims[2:])
    op = list(ctx.attr("output_padding", [0, 0]) or [0, 0])
    if len(op) != 2:
        raise _Unsupported("output_padding must have 2 entries")
    if op != [0, 0]:
        attrs["output_padding"] = _i64_array(op)
    group = ctx.attr("group")
    if group != 1:
        attrs["groups"] = f"{group} : i64"
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "conv_transpose2d", ops, elem, dims, attrs))


@_handler("MaxPool", "graph.max_pool2d", "2-D only; no Indices output; "
          "storage_order 0")
def _max_pool(imp, ctx):
    x = ctx.input(0)
    _require_4d(x, "pooling")
    _check_kind(ctx, x, "f", "max_pool2d")
    ctx.require_outputs(1)
    kernel = list(ctx.attr("kernel_shape"))
    attrs = {"kernel_shape": _i64_array(kernel)}
    attrs.update(_spatial_attrs(ctx, x, kernel))
    if ctx.attr("ceil_mode"):
        attrs["ceil_mode"] = "true"
    if ctx.attr("storage_order"):
        raise _Unsupported("attribute storage_order=1 is not supported")
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "max_pool2d", [x], elem, dims, attrs))


@_handler("AveragePool", "graph.avg_pool2d", "2-D only; count_include_pad, "
          "ceil_mode; dilations must be 1")
def _avg_pool(imp, ctx):
    x = ctx.input(0)
    _require_4d(x, "pooling")
    _check_kind(ctx, x, "f", "avg_pool2d")
    kernel = list(ctx.attr("kernel_shape"))
    attrs = {"kernel_shape": _i64_array(kernel)}
    attrs.update(_spatial_attrs(ctx, x, kernel, with_dilations=False))
    if ctx.attr("count_include_pad"):
        attrs["count_include_pad"] = "true"
    if ctx.attr("ceil_mode"):
        attrs["ceil_mode"] = "true"
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "avg_pool2d", [x], elem, dims, attrs))


@_handler("GlobalAveragePool GlobalMaxPool",
          "graph.global_avg_pool / graph.global_max_pool", "4-D input only")
def _global_pool(imp, ctx):
    x = ctx.input(0)
    _require_4d(x, "global pooling")
    mnemonic = "global_avg_pool" if ctx.op == "GlobalAveragePool" else \
        "global_max_pool"
    _check_kind(ctx, x, "f", mnemonic)
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims))


@_handler("BatchNormalization", "graph.batch_norm",
          "inference mode only (training_mode=0, one output)")
def _batch_norm(imp, ctx):
    ops = [ctx.input(i) for i in range(5)]
    _check_kind(ctx, ops[0], "f", "batch_norm")
    if ctx.attr("training_mode"):
        raise _Unsupported("attribute training_mode=1 is not supported")
    ctx.attr("momentum")
    ctx.require_outputs(1)
    elem, dims = ctx.out_type()
    attrs = {"epsilon": _f32_attr(ctx.attr("epsilon"))}
    imp.set_out(ctx, imp.op(ctx, "batch_norm", ops, elem, dims, attrs))


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


#===- Reductions ----------------------------------------------------------===#


def _reduce_axes(ctx: _Node, x: _Value):
    """(axes list or None for noop) from the attribute or the input."""
    if ctx.has_attr("axes"):
        axes = list(ctx.attr("axes"))
    else:
        ctx.used_attrs.add("axes")
        arr = ctx.const_input(1, "axes")
        axes = [] if arr is None else [int(a) for a in arr.reshape(-1)]
    noop = ctx.attr("noop_with_empty_axes", 0) if ctx.schema is not None and \
        "noop_with_empty_axes" in ctx.schema.attributes else 0
    if not axes and noop:
        return None
    return axes


_REDUCE = {
    "ReduceSum": ("reduce_sum", "fi"), "ReduceMean": ("reduce_mean", "f"),
    "ReduceMax": ("reduce_max", "fi"), "ReduceMin": ("reduce_min", "fi"),
    "ReduceProd": ("reduce_prod", "fi"),
    # Compositions: (pre-op on x, reduction, post-op on the result).
    "ReduceL1": ("reduce_sum", "fi"), "ReduceL2": ("reduce_sum", "f"),
    "ReduceSumSquare": ("reduce_sum", "fi"),
    "ReduceLogSum": ("reduce_sum", "f"),
    "ReduceLogSumExp": ("reduce_max", "f"),
}


@_handler(" ".join(_REDUCE), "graph.reduce_*", "axes (attribute or constant "
          "input), keepdims, noop_with_empty_axes; L1/L2/SumSquare/LogSum/"
          "LogSumExp are composed of graph.abs/mul/sqrt/log/exp")
def _reduce(imp, ctx):
    x = ctx.input(0)
    mnemonic, kinds = _REDUCE[ctx.op]
    _check_kind(ctx, x, kinds, mnemonic)
    axes = _reduce_axes(ctx, x)
    keep = bool(ctx.attr("keepdims"))
    elem, dims = ctx.out_type()
    if axes is None:  # noop_with_empty_axes: the input itself (composed)
        y = x
        if ctx.op == "ReduceL1":
            y = imp.op(ctx, "abs", [x], elem, dims)
        elif ctx.op == "ReduceL2":
            y = imp.op(ctx, "abs", [x], elem, dims)
        elif ctx.op == "ReduceSumSquare":
            y = imp.op(ctx, "mul", [x, x], elem, dims)
        elif ctx.op in ("ReduceLogSum", "ReduceLogSumExp"):
            y = imp.op(ctx, "log", [x], elem, dims) if \
                ctx.op == "ReduceLogSum" else x
        imp.set_out(ctx, y)
        return
    attrs = {"axes": _i64_array(axes) if axes else None,
             "keepdims": None if keep else "false"}
    src = x
    if ctx.op == "ReduceL1":
        src = imp.op(ctx, "abs", [x], x.elem, x.dims)
    elif ctx.op in ("ReduceL2", "ReduceSumSquare"):
        src = imp.op(ctx, "mul", [x, x], x.elem, x.dims)
    if ctx.op == "ReduceLogSumExp":
        # log(sum(exp(x - m))) + m with m the max: no overflow.
        m = imp.op(ctx, "reduce_max", [x], elem, dims if keep else None or
                   _keep_dims(x.dims, axes), {"axes": attrs["axes"]})
        d = imp.op(ctx, "sub", [x, m], x.elem, x.dims)
        e = imp.op(ctx, "exp", [d], x.elem, x.dims)
        s = imp.op(ctx, "reduce_sum", [e], elem, dims, attrs)
        lg = imp.op(ctx, "log", [s], elem, dims)
        mk = m
        if not keep:
            mk = imp.op(ctx, "reduce_max", [x], elem, dims, attrs)
        imp.set_out(ctx, imp.op(ctx, "add", [lg, mk], elem, dims))
        return
    y = imp.op(ctx, mnemonic, [src], elem, dims, attrs)
    if ctx.op == "ReduceL2":
        y = imp.op(ctx, "sqrt", [y], elem, dims)
    elif ctx.op == "ReduceLogSum":
        y = imp.op(ctx, "log", [y], elem, dims)
    imp.set_out(ctx, y)


def _keep_dims(dims, axes):
    rank = len(dims)
    norm = {a + rank if a < 0 else a for a in axes} if axes else set(
        range(rank))
    return tuple(1 if i in norm else d for i, d in enumerate(dims))


@_handler("ArgMax ArgMin", "graph.argmax / graph.argmin",
          "axis, keepdims, select_last_index")
def _arg_reduce(imp, ctx):
    x = ctx.input(0)
    mnemonic = ctx.op.lower()
    _check_kind(ctx, x, "fi", mnemonic)
    attrs = {"axis": f"{ctx.attr('axis')} : i64",
             "keepdims": None if ctx.attr("keepdims") else "false",
             "select_last_index": "true" if ctx.attr("select_last_index")
             else None}
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, mnemonic, [x], elem, dims, attrs))


#===- Shapes --------------------------------------------------------------===#


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


@_handler("Reshape", "graph.reshape", "allowzero; shape may be computed")
def _reshape(imp, ctx):
    x, shape = ctx.input(0), ctx.input(1)
    elem, dims = ctx.out_type(fallback=lambda: (x.elem, None if shape.dims[0]
                                                is None else (None,) *
                                                shape.dims[0]))
    shape = _shape_operand(imp, ctx, shape, len(dims))
    attrs = {"allowzero": "true" if ctx.attr("allowzero") else None}
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


#===- Indexing ------------------------------------------------------------===#


@_handler("Concat", "graph.concat", "axis")
def _concat(imp, ctx):
    ins = [ctx.input(i) for i in range(len(ctx.node.input))]
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "concat", ins, elem, dims,
                            {"axis": f"{ctx.attr('axis')} : i64"}))


@_handler("Slice", "graph.slice", "starts/ends/axes/steps must be constant")
def _slice(imp, ctx):
    x = ctx.input(0)
    starts = ctx.const_input(1, "starts")
    ends = ctx.const_input(2, "ends")
    axes = ctx.const_input(3, "axes")
    steps = ctx.const_input(4, "steps")
    elem, dims = ctx.out_type()
    attrs = {"starts": _i64_array(starts.reshape(-1)),
             "ends": _i64_array(ends.reshape(-1)),
             "axes": None if axes is None else _i64_array(axes.reshape(-1)),
             "steps": None if steps is None else _i64_array(
                 steps.reshape(-1))}
    imp.set_out(ctx, imp.op(ctx, "slice", [x], elem, dims, attrs))


@_handler("Gather", "graph.gather", "axis; i32/i64 indices")
def _gather(imp, ctx):
    data, idx = ctx.input(0), ctx.input(1)
    if idx.elem not in (TensorProto.INT64, TensorProto.INT32):
        raise _Unsupported("indices must be int32 or int64")
    elem, dims = ctx.out_type()
    axis = ctx.attr("axis")
    imp.set_out(ctx, imp.op(ctx, "gather", [data, idx], elem, dims,
                            {"axis": f"{axis} : i64" if axis else None}))


@_handler("Pad", "graph.pad", "pads/constant_value/axes must be constant; "
          "modes constant, reflect, edge")
def _pad(imp, ctx):
    x = ctx.input(0)
    pads = [int(p) for p in ctx.const_input(1, "pads").reshape(-1)]
    value = ctx.const_input(2, "constant_value")
    axes = ctx.const_input(3, "axes")
    mode = ctx.attr("mode", "constant")
    if mode not in ("constant", "reflect", "edge"):
        raise _Unsupported(f"attribute mode={mode} is not supported")
    rank = x.rank
    if axes is not None:
        axes = [int(a) + rank if a < 0 else int(a) for a in axes.reshape(-1)]
        if len(pads) != 2 * len(axes):
            raise _Unsupported("pads must have 2 entries per axis")
        full = [0] * (2 * rank)
        for i, a in enumerate(axes):
            full[a] = pads[i]
            full[rank + a] = pads[len(axes) + i]
        pads = full
    attrs = {"pads": _i64_array(pads)}
    if mode != "constant":
        attrs["mode"] = f"#graph.pad_mode<{mode}>"
    if value is not None and value.size:
        v = _scalar_of(value, "constant_value")
        if v != 0:
            if mode != "constant":
                pass  # ignored by ONNX for these modes
            else:
                attrs["value"] = _f64_attr(float(v))
    elem, dims = ctx.out_type()
    imp.set_out(ctx, imp.op(ctx, "pad", [x], elem, dims, attrs))


@_handler("Split", "graph.split", "axis, constant split or num_outputs")
def _split(imp, ctx):
    x = ctx.input(0)
    axis = ctx.attr("axis")
    split = None
    if ctx.has_attr("split"):
        split = list(ctx.attr("split"))
    elif ctx.has_input(1):
        split = [int(s) for s in ctx.const_input(1, "split").reshape(-1)]
    n = len(ctx.node.output)
    num = ctx.attr("num_outputs", None) if ctx.schema is not None and \
        "num_outputs" in ctx.schema.attributes else None
    attrs = {"axis": f"{axis} : i64" if axis else None}
    if split:
        attrs["split"] = _i64_array(split)
    else:
        attrs["num_outputs"] = f"{num or n} : i64"
    types = [ctx.out_type(i) for i in range(n)]
    base = imp.fresh(ctx.node.output[0])
    result_types = ", ".join(_tensor_type(d, e) for e, d in types)
    imp.emit(f"{base}:{n} = graph.split {x.ssa}{_attr_dict(attrs)} : "
             f"{x.type} -> {result_types} {ctx.loc}")
    for i, (e, d) in enumerate(types):
        if ctx.node.output[i]:
            imp.values[ctx.node.output[i]] = _Value(f"{base}#{i}", e, d)


#===----------------------------------------------------------------------===#
# Entry point
#===----------------------------------------------------------------------===#


def op_table_markdown() -> str:
    """docs/ONNX.md: the supported ONNX ops and the graph ops they become,
    generated from OP_TABLE (`strata-import-onnx --op-table`)."""
    lines = [
        "# ONNX import",
        "",
        "<!-- Generated by `strata-import-onnx --op-table` from the importer's",
        "     op table (python/strata/frontend/onnx.py); do not edit. -->",
        "",
        "`strata-import-onnx MODEL.onnx -o OUT.mlir` (or",
        "`strata.frontend.onnx.import_model`) turns an ONNX model into one",
        "`func.func @main` of graph-dialect ops: graph inputs (less the",
        "initializers) are the arguments, graph outputs the results, in order.",
        "Result types come from ONNX shape inference, symbolic or unknown",
        "dims are `?`; node names become `loc(\"name\")` locations;",
        f"initializers and Constant tensors of {RESOURCE_THRESHOLD} elements",
        "or more become `dense_resource` blobs, smaller ones `dense<...>`.",
        "",
        f"- Opsets {MIN_OPSET} to {MAX_OPSET} of the default domain (22 to 24 "
        "only widened the type lists of the ops below). Attribute defaults "
        "are those of the ONNX schema of the model's opset.",
        "- Element types: f32, f16, bf16, i64, i32, i8, bool (the graph "
        "dialect's). f64, i16, u8 and the other unsigned, float8 and 4-bit "
        "types are reported as unsupported.",
        "- Inputs that the graph dialect takes as attributes (Slice "
        "starts/ends/axes/steps, Pad pads/constant_value/axes, Reduce* axes, "
        "Squeeze/Unsqueeze axes, Split split, Tile repeats, Clip min/max) "
        "must be initializers or Constant outputs (or a Shape of a static "
        "tensor); otherwise the node is reported.",
        "- Any attribute a handler does not read must keep its default value, "
        "and any extra output must be unused; otherwise it is reported.",
        "- All problems of a model are reported together (OnnxImportError, "
        "exit status 1), one line per problem naming the node and its op.",
        "",
        "| ONNX op | graph ops | supported attributes / inputs, limits |",
        "|---|---|---|",
    ]
    for op in sorted(OP_TABLE):
        h = OP_TABLE[op]
        lines.append(f"| {op} | {h.graph_ops} | {h.notes} |")
    lines += ["", "Conformance on the ONNX backend node tests: "
              "[OnnxConformance.md](OnnxConformance.md).", ""]
    return "\n".join(lines)


def import_model(model) -> str:
    """Imports an ONNX model (a ModelProto or a path) as graph-dialect MLIR.

    Returns the module text: `func.func @main` plus, when there are large
    constants, a `dialect_resources` section. Raises OnnxImportError listing
    every unsupported construct found.
    """
    if isinstance(model, (str, os.PathLike)):
        try:
            model = onnx.load(os.fspath(model))
        except Exception as e:
            raise OnnxImportError([f"cannot read '{os.fspath(model)}': {e}"])
    if not isinstance(model, onnx.ModelProto):
        raise TypeError("import_model expects an onnx.ModelProto or a path")
    return _Importer(model).run()
