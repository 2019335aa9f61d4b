#===- importer.py - The ONNX graph walker ---------------------------------===#
#
# Turns one ModelProto into the text of a `func.func @main`: runs ONNX shape
# inference, makes the graph inputs (less the initializers) the arguments,
# converts each node through its OP_TABLE handler, and returns the graph
# outputs, then prints the constants too large for a `dense<...>` literal in
# the `dialect_resources` section.
#
# _Value is an SSA value of the function being built, _Node the view of one
# ONNX node a handler gets (attribute and input access that remembers what
# was read, so that whatever a handler ignored is reported), and _Importer
# the walker with the emission helpers handlers call (op, scalar, cast...).
# A handler's problem costs only its node: the walker drops what that node
# emitted, marks its outputs poisoned and goes on with the next one.
# Subgraphs (If branches, Loop bodies) are converted by import_subgraph into
# the region their node is emitting, with the values they capture visible.
# A model below MIN_OPSET is first converted to it by the ONNX version
# converter (import_model), so handlers only see the forms of MIN_OPSET on.
# Before anything, import_model reads the file (an empty or truncated one
# is reported as such) and has validate.prepare_model check, name and sort
# the model; ONNX's C++ code (shape inference, the version converter) runs
# through isolate.py, so a crash there names the node or the file.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np
import onnx
import onnx.external_data_helper
import onnx.inliner
from onnx import TensorProto, helper, numpy_helper

from . import isolate
from .elements import _elem_name, _kind, _mlir_elem, _tensor_type
from .emit import (RESOURCE_THRESHOLD, _attr_dict, _blob_bytes, _blob_hex,
                   _dense_literal, _escape, _short)
from .errors import OnnxImportError, _Poisoned, _Unsupported
from .functions import expand_functions
from .registry import MAX_OPSET, MAX_RANK, MIN_OPSET, _lookup
from .validate import prepare_model


#===----------------------------------------------------------------------===#
# Values and node context
#===----------------------------------------------------------------------===#


@dataclass
class _Value:
    """An SSA value of the function being built."""
    ssa: str
    elem: int
    dims: tuple  # ints or None for `?`

    def __post_init__(self):
        if len(self.dims) > MAX_RANK:
            raise _Unsupported(f"a value of rank {len(self.dims)} would be "
                               f"made (the importer's limit is {MAX_RANK})")

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
        """The attribute's value, the schema default, else `default`.
        Reports an attribute of another kind than its schema's (an INT for
        INTS...), one that is not valid UTF-8 text, and a required one that
        is missing."""
        self.used_attrs.add(name)
        declared = self.schema.attributes.get(name) if self.schema else None
        if name in self.attrs:
            proto = self.attrs[name]
            if declared is not None and proto.type != declared.type and \
                    not proto.ref_attr_name:
                raise _Unsupported(
                    f"attribute {name} is "
                    f"{onnx.AttributeProto.AttributeType.Name(proto.type)}, "
                    f"its schema says {declared.type.name}")
            value = helper.get_attribute_value(proto)
            if isinstance(value, bytes):
                try:
                    value = value.decode()
                except UnicodeDecodeError:
                    raise _Unsupported(f"attribute {name} is not valid UTF-8 "
                                       "text")
            return value
        if declared is not None and declared.required and default is None:
            raise _Unsupported(f"attribute {name} is required but missing")
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

    def maybe_const_input(self, i: int) -> Optional[np.ndarray]:
        """Input `i` as a numpy array when it is a constant, else None (also
        when it is absent); marks it used."""
        self.used_inputs.add(i)
        if not self.has_input(i):
            return None
        return self.imp.constant_array(self.node.input[i])

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
        if info is None or info[1] is None:
            info = self.imp.infer_node_types(self.node).get(name, info)
        if (info is None or info[1] is None) and fallback is not None:
            elem, dims = fallback()
            if dims is not None:
                return (info[0] if info and info[0] else elem), tuple(dims)
        if info is None or info[1] is None:
            raise _Unsupported(
                f"the rank of output '{name}' is unknown (ONNX shape "
                "inference gave no shape)")
        if any(d is not None and d < 0 for d in info[1]):
            shape = ", ".join("?" if d is None else str(d) for d in info[1])
            raise _Unsupported(
                f"ONNX shape inference gives output '{name}' a negative size "
                f"([{shape}]): are the inputs too small for the attributes?")
        return info

    @property
    def loc(self) -> str:
        return f'loc("{_escape(self.name)}")'


#===----------------------------------------------------------------------===#
# The importer
#===----------------------------------------------------------------------===#


class _Importer:

    def __init__(self, model: onnx.ModelProto, source: str = None):
        self.model = model
        #: What problems of the whole model name: the file, else the graph.
        self.source = source or f"graph '{model.graph.name}'"
        #: How ONNX shape inference of the whole model crashed, if it did.
        self.inference_crash: Optional[str] = None
        self.problems: list = []
        self.lines: list = []
        self.values: dict = {}  # onnx name -> _Value
        self.consts: dict = {}  # onnx name -> (np.ndarray, elem)
        self.const_locs: dict = {}  # onnx name -> Constant node name
        self.resources: dict = {}  # key -> (alignment, uint8 array)
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

    def infer_node_types(self, node: onnx.NodeProto) -> dict:
        """(elem, dims) of the outputs of `node` by its ONNX shape inference
        function, fed the types of the values imported so far. Whole-model
        inference leaves a value untyped when it cannot type a producer
        (a Split by computed sizes in a function body, say); the importer
        knows more, since its handlers type their results."""
        input_types, input_data = {}, {}
        for name in node.input:
            if not name:
                continue
            if name in self.consts:
                arr, elem = self.consts[name]
                try:
                    input_data[name] = numpy_helper.from_array(arr, name)
                except Exception:
                    pass
                dims = tuple(arr.shape)
            elif name in self.values:
                elem, dims = self.values[name].elem, self.values[name].dims
            else:
                return {}
            input_types[name] = helper.make_tensor_type_proto(
                elem, [d if d is not None else None for d in dims])

        def infer():
            schema = onnx.defs.get_schema(node.op_type, self.opset,
                                          node.domain)
            inferred = onnx.shape_inference.infer_node_outputs(
                schema, node, input_types, input_data,
                opset_imports=[helper.make_opsetid("", self.opset)])
            return {k: t.SerializeToString() for k, t in inferred.items()}

        try:
            inferred = isolate.run_isolated(infer)
        except isolate.IsolatedCrash as e:
            raise _Unsupported(f"ONNX shape inference crashes on this node "
                               f"({e.why})")
        except Exception:  # no inference function, or it rejects the node
            return {}
        types = {}
        for name, data in inferred.items():
            t = onnx.TypeProto.FromString(data)
            if t.WhichOneof("value") != "tensor_type" or \
                    not t.tensor_type.HasField("shape"):
                continue
            types[name] = (t.tensor_type.elem_type, tuple(
                d.dim_value if d.HasField("dim_value") else None
                for d in t.tensor_type.shape.dim))
        return types

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
            self.resources[key] = _blob_bytes(arr, elem)
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
    def run(self, external: bool = False):
        """The module as render(external=external) gives it."""
        model = self.model
        self.check_opsets()
        try:
            inferred = isolate.infer_shapes(model)
        except isolate.IsolatedCrash as e:
            # Each node's own inference (infer_node_types) then finds the
            # node ONNX crashes on.
            self.inference_crash = e.why
            inferred = model
        except Exception as e:  # a model ONNX itself rejects
            self.problems.append(f"ONNX shape inference failed on "
                                 f"{self.source}: "
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
        self.count_subgraph_uses(graph)

        # The values of large initializers are in the model (infer_shapes
        # leaves them out of its copy).
        for init in model.graph.initializer:
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

        if self.inference_crash and not any(
                "ONNX shape inference crashes" in p for p in self.problems):
            self.problems.append(f"ONNX shape inference crashed on "
                                 f"{self.source} ({self.inference_crash})")
        if self.problems:
            raise OnnxImportError(self.problems)
        return self.render(args, results, external)

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
            # expand_functions could not inline them: ask the inliner why.
            names = ", ".join(f"'{f.name}'" for f in self.model.functions)
            try:
                isolate.run_isolated(
                    lambda: onnx.inliner.inline_local_functions(
                        self.model).ByteSize())
                why = ""
            except Exception as e:
                why = (str(e).strip().splitlines() or [type(e).__name__])[0]
                why = f": {why}"
            s = "s" if len(self.model.functions) > 1 else ""
            self.problems.append(f"model-local function{s} {names} could not "
                                 f"be inlined{why}")

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
        handler = _lookup(node.domain, node.op_type)
        if handler is None:
            domain = f" in domain '{node.domain}'" if node.domain not in (
                "", "ai.onnx") else ""
            problems.append(f"op {node.op_type}{domain} is not supported")
        elif not handler.covers(self.opset):
            first, last = handler.opsets
            problems.append(f"op {node.op_type} is only supported in opsets "
                            f"{first} to {last}, not {self.opset}")
        else:
            try:
                handler.fn(self, ctx)
                problems += ctx.unused_attr_problems()
                problems += ctx.unused_input_problems()
            except _Poisoned:
                poisoned = True
            except _Unsupported as e:
                problems.append(str(e))
            except MemoryError:
                problems.append("importing it needs more memory than there "
                                "is: is a size or attribute absurd?")
            except OverflowError:
                problems.append("a size computed from its input shapes or "
                                "attributes does not fit in 64 bits: is a "
                                "size or attribute absurd?")
            except Exception as e:  # a malformed model must not crash us
                if os.environ.get("STRATA_ONNX_DEBUG"):
                    raise
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

    def render(self, args: list, results: list, external: bool = False):
        """The module as a list of UTF-8 byte strings to concatenate: the
        weights are tens of megabytes of hex, written out without joining
        them into one string first. With `external`, (the text without the
        dialect_resources section, one bytes object; the weights as
        (key, uint8 array, alignment) blobs) instead."""
        out = []
        # One line whatever the name holds.
        name = _escape(self.model.graph.name or "model")
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
        if external:
            blobs = [(key, data, alignment)
                     for key, (alignment, data) in self.resources.items()]
            return "\n".join(out).encode("utf-8") + b"\n", blobs
        if not self.resources:
            return ["\n".join(out).encode("utf-8") + b"\n"]
        out += ["", "{-#", "  dialect_resources: {", "    builtin: {"]
        parts = ["\n".join(out).encode("utf-8")]
        for i, (key, (alignment, data)) in enumerate(self.resources.items()):
            parts.append(f"{',' if i else ''}\n      {key}: ".encode("ascii"))
            parts += _blob_hex(alignment, data)
        parts.append(b"\n    }\n  }\n#-}\n")
        return parts

    # Helpers shared by handlers ----------------------------------------
    def set_out(self, ctx: _Node, value: _Value, i: int = 0):
        self.values[ctx.node.output[i]] = value

    def cast(self, ctx: _Node, v: _Value, elem: int) -> _Value:
        if v.elem == elem:
            return v
        return self.op(ctx, "cast", [v], elem, v.dims)

    # Subgraphs (If branches, Loop bodies) --------------------------------
    def count_subgraph_uses(self, graph: onnx.GraphProto):
        """Counts what the subgraphs of `graph`'s nodes read, outer values
        they capture included, and their outputs as uses (is_used), at
        every depth."""
        for node in graph.node:
            for attr in node.attribute:
                subs = [attr.g] if attr.type == onnx.AttributeProto.GRAPH \
                    else list(attr.graphs)
                for sub in subs:
                    for n in sub.node:
                        for name in n.input:
                            if name:
                                self.uses[name] = self.uses.get(name, 0) + 1
                    for out in sub.output:
                        self.uses[out.name] = self.uses.get(out.name, 0) + 1
                    self.count_subgraph_uses(sub)

    def import_subgraph(self, graph: onnx.GraphProto,
                        inputs: Sequence[_Value]) -> list:
        """Converts the nodes of a subgraph into the region being emitted
        and returns the values of its outputs. `inputs` are the values of
        its graph inputs (the region's block arguments); values of the
        enclosing graphs stay visible (the region captures them). What the
        subgraph defines, and outer constants first materialized in it, is
        forgotten afterwards. A problem of one of its nodes is reported as
        usual and raises _Poisoned: the node owning the subgraph says no
        more."""
        saved = (dict(self.values), dict(self.consts), set(self.poisoned))
        before = len(self.problems)
        try:
            self.collect_types(graph)
            self.infer_subgraph_types(graph, inputs)
            for init in graph.initializer:
                self.add_initializer(init)
            for sparse in graph.sparse_initializer:
                self.problems.append(
                    f"sparse initializer '{sparse.values.name}' is not "
                    "supported")
            if len(graph.input) != len(inputs):
                raise _Unsupported(
                    f"subgraph '{graph.name}' has {len(graph.input)} inputs, "
                    f"expected {len(inputs)}")
            for info, v in zip(graph.input, inputs):
                self.consts.pop(info.name, None)
                self.values[info.name] = v
            for index, node in enumerate(graph.node):
                self.convert_node(node, index)
            if len(self.problems) > before:
                raise _Poisoned()
            outs = []
            for out in graph.output:
                kind = out.type.WhichOneof("value")
                if kind not in (None, "tensor_type"):
                    raise _Unsupported(
                        f"subgraph output '{out.name}' has type {kind}: "
                        "only tensors are supported")
                outs.append(self.value(out.name))
            return outs
        finally:
            self.values, self.consts, self.poisoned = saved

    def infer_subgraph_types(self, graph: onnx.GraphProto,
                             inputs: Sequence[_Value]):
        """Runs ONNX shape inference on `graph` alone, its inputs typed as
        `inputs` and the outer values it captures as they are here, so its
        nodes get the shapes of this use (a Loop body's inputs are often
        declared without a shape). Keeps what the model's inference knew
        where this one knows nothing."""
        defined, used = set(), set()

        def walk(g):
            defined.update(i.name for i in g.input)
            defined.update(i.name for i in g.initializer)
            for n in g.node:
                defined.update(o for o in n.output if o)
                used.update(i for i in n.input if i)
                for attr in n.attribute:
                    for sub in ([attr.g] if attr.type ==
                                onnx.AttributeProto.GRAPH else attr.graphs):
                        walk(sub)
            used.update(o.name for o in g.output)

        walk(graph)

        def info(name, elem, dims):
            shape = [d if d is not None else "" for d in dims]
            t = helper.make_tensor_type_proto(elem, None)
            for d in shape:
                dim = t.tensor_type.shape.dim.add()
                if d != "":
                    dim.dim_value = d
            return helper.make_value_info(name, t)

        try:
            g = onnx.GraphProto()
            g.CopyFrom(graph)
            del g.input[:]
            for proto, v in zip(graph.input, inputs):
                g.input.append(info(proto.name, v.elem, v.dims))
            for name in sorted(used - defined):
                if name in self.consts:
                    arr, elem = self.consts[name]
                    g.initializer.append(numpy_helper.from_array(
                        np.asarray(arr), name))
                elif name in self.values:
                    v = self.values[name]
                    g.input.append(info(name, v.elem, v.dims))
            model = helper.make_model(
                g, opset_imports=list(self.model.opset_import),
                ir_version=self.model.ir_version)
            inferred = isolate.infer_shapes(model)
        except Exception:  # keep the model's own inference
            return
        for vi in list(inferred.graph.value_info) + list(
                inferred.graph.output):
            t = vi.type
            if t.WhichOneof("value") != "tensor_type" or \
                    not t.tensor_type.HasField("shape"):
                continue
            dims = tuple(d.dim_value if d.HasField("dim_value") else None
                         for d in t.tensor_type.shape.dim)
            self.types[vi.name] = (t.tensor_type.elem_type, dims)


#===----------------------------------------------------------------------===#
# Entry point
#===----------------------------------------------------------------------===#


def import_model(model) -> str:
    """Imports an ONNX model (a ModelProto or a path) as graph-dialect MLIR.

    Returns the module text: `func.func @main` plus, when there are large
    constants, a `dialect_resources` section. Raises OnnxImportError listing
    every unsupported construct found.
    """
    return b"".join(import_model_parts(model)).decode("utf-8")


def write_model(model, out) -> None:
    """Imports an ONNX model (a ModelProto or a path) and writes the module
    import_model returns to `out`, a path or a binary file object, without
    holding it as one string (the weights' hex is twice their size). Raises
    OnnxImportError as import_model does, before writing anything; OSError
    when `out` cannot be written."""
    parts = import_model_parts(model)
    if isinstance(out, (str, os.PathLike)):
        with open(out, "wb") as f:
            f.writelines(parts)
    else:
        out.writelines(parts)


def import_model_parts(model) -> list:
    """The module import_model returns, as UTF-8 byte strings to join."""
    return _import(model, external=False)


def import_model_external(model) -> tuple:
    """The module import_model returns, its weights apart: (the text without
    the dialect_resources section, UTF-8 bytes whose dense_resource
    attributes have no data; the weights as (key, flat uint8 numpy array,
    alignment) tuples). strata's convert_to_bytecode makes MLIR bytecode of
    the two, without printing or parsing the weights as hex."""
    return _import(model, external=True)


def _import(model, external: bool):
    source = None
    if isinstance(model, (str, os.PathLike)):
        source = f"'{os.fspath(model)}'"
        model = _load(os.fspath(model))
    if not isinstance(model, onnx.ModelProto):
        raise TypeError("import_model expects an onnx.ModelProto or a path")
    if source is None:
        source = f"graph '{model.graph.name}'"
    try:
        model = prepare_model(model)
        upgraded, problem = _upgrade_opset(model)
        if problem is None:
            opset = min(max(_default_opset(upgraded), MIN_OPSET), MAX_OPSET)
            return _Importer(expand_functions(upgraded, opset),
                             source).run(external)
        # Not convertible: the converter's problem, then whatever else the
        # importer finds in the model as it is.
        try:
            _Importer(model, source).run()
            problems = []
        except OnnxImportError as e:
            problems = [p for p in e.problems if not p.startswith(
                f"opset {_default_opset(model)} is not supported")]
        raise OnnxImportError([problem] + problems)
    except OnnxImportError:
        raise
    except RecursionError as e:
        raise OnnxImportError([f"{source} is nested too deeply to import"]) \
            from e
    except MemoryError as e:
        raise OnnxImportError([f"{source} is too large for the memory "
                               "available"]) from e
    except Exception as e:  # a bug of the importer: say where, not how
        if os.environ.get("STRATA_ONNX_DEBUG"):
            raise
        raise OnnxImportError([
            f"internal error of the importer on {source}: "
            f"{type(e).__name__}: {e} (please report it with the model)"]) \
            from e


def _load(path: str) -> onnx.ModelProto:
    """The model in the file at `path`; OnnxImportError when there is none."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise OnnxImportError([f"cannot read '{path}': {e.strerror or e}"])
    if not data:
        raise OnnxImportError([f"cannot read '{path}': the file is empty"])
    try:
        model = onnx.ModelProto.FromString(data)
    except Exception as e:
        why = (str(e).strip().splitlines() or [type(e).__name__])[0]
        raise OnnxImportError([
            f"cannot read '{path}': it is not an ONNX model, or a truncated "
            f"one ({why})"])
    if not model.HasField("graph"):
        raise OnnxImportError([
            f"cannot read '{path}': it holds no ONNX graph (is it an ONNX "
            "model?)"])
    try:
        onnx.external_data_helper.load_external_data_for_model(
            model, os.path.dirname(os.path.abspath(path)))
    except Exception as e:
        why = (str(e).strip().splitlines() or [type(e).__name__])[0]
        raise OnnxImportError([
            f"cannot read the external data of '{path}': {why}"])
    return model


def _default_opset(model: onnx.ModelProto) -> int:
    return max((imp.version for imp in model.opset_import
                if imp.domain in ("", "ai.onnx")), default=0)


def _upgrade_opset(model: onnx.ModelProto) -> tuple:
    """(model, None), or, when its default-domain opset is below MIN_OPSET,
    (the model the ONNX version converter makes of it at MIN_OPSET, None),
    since handlers only know the forms of MIN_OPSET on; (None, problem)
    when the converter fails."""
    opset = _default_opset(model)
    if opset == 0 or opset >= MIN_OPSET:
        return model, None
    from onnx import version_converter
    try:
        converted = onnx.ModelProto.FromString(isolate.run_isolated(
            lambda: version_converter.convert_version(
                model, MIN_OPSET).SerializeToString()))
    except Exception as e:
        why = (str(e).strip().splitlines() or [type(e).__name__])[0]
        if isinstance(e, isolate.IsolatedCrash):
            why = f"the converter crashed ({e.why})"
        return None, (f"opset {opset} is not supported (supported: "
                      f"{MIN_OPSET} to {MAX_OPSET}), and the ONNX version "
                      f"converter cannot convert the model to opset "
                      f"{MIN_OPSET}: {why}")
    # The converter may change the graph's interface (opset 8's Scan loses
    # its batch axis): the module would then not take the model's inputs.
    # Filling in what the model left open (a shape, a symbolic size) is
    # fine; changing an element type, a rank or a static size is not.
    for what, old, new in (("input", model.graph.input, converted.graph.input),
                           ("output", model.graph.output,
                            converted.graph.output)):
        after = {i.name: i for i in new}
        for info in old:
            if info.name in after and _interface_changed(info,
                                                         after[info.name]):
                return None, (
                    f"opset {opset} is not supported (supported: "
                    f"{MIN_OPSET} to {MAX_OPSET}), and the ONNX version "
                    f"converter changes graph {what} '{info.name}' from "
                    f"{_interface_type(info)} to "
                    f"{_interface_type(after[info.name])} when converting "
                    f"to opset {MIN_OPSET}")
    return converted, None


def _interface_changed(before: onnx.ValueInfoProto,
                       after: onnx.ValueInfoProto) -> bool:
    """Whether `after` contradicts what `before` declares: another element
    type, rank or static size (unknown parts may be filled in)."""
    b, a = before.type.tensor_type, after.type.tensor_type
    if b.elem_type and a.elem_type != b.elem_type:
        return True
    if not b.HasField("shape"):
        return False
    if not a.HasField("shape") or len(a.shape.dim) != len(b.shape.dim):
        return True
    return any(db.HasField("dim_value") and
               (not da.HasField("dim_value") or da.dim_value != db.dim_value)
               for db, da in zip(b.shape.dim, a.shape.dim))


def _interface_type(info: onnx.ValueInfoProto) -> str:
    """A graph input's or output's type as text, for comparisons."""
    t = info.type.tensor_type
    if not t.HasField("shape"):
        return f"{_elem_name(t.elem_type)}"
    dims = ",".join(str(d.dim_value) if d.HasField("dim_value") else
                    (d.dim_param or "?") for d in t.shape.dim)
    return f"{_elem_name(t.elem_type)}[{dims}]"
