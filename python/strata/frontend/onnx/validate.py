#===- validate.py - Checks of a model before ONNX's own code reads it -----===#
#
# ONNX's C++ shape inference, version converter and inliner trust the model
# they are given: a Conv with strides 0 makes shape inference divide by
# zero, which kills the Python interpreter (SIGFPE) rather than raising. So
# before any of them runs, prepare_model checks what they trust, and
# reports every problem at once, each naming the node, value or initializer
# (OnnxImportError):
#   - the schema: the number of inputs and outputs, required attributes
#     and the kind of each attribute (a Scan without a body crashed it);
#   - attributes they divide by or index with: strides, dilations,
#     kernel_shape and group of the convolutions and pools must be
#     positive, pads non-negative, a weight's rank the input's when it
#     gives the kernel; blocksize of SpaceToDepth/DepthToSpace, the heads
#     of Attention, Col2Im's constant block_shape and SplitToSequence's
#     constant split positive;
#   - tensors: no negative dims in a graph input, output or value_info;
#     initializers and Constant tensors whose data holds dims' worth of
#     elements of a known element type;
#   - the graph: names that are UTF-8 text, every value defined once, no
#     cycle.
# It also gives unnamed nodes a name ("<op type>_<index>", inside a subgraph
# "<owner node>/<op type>_<index>"), so that every later message and MLIR
# location names the node, and puts nodes in topological order (ONNX
# requires it, but not every exporter keeps it). The model is copied only
# when it has to change.
#
# Checks that need shapes ONNX infers are the handlers' job; isolate.py
# keeps the interpreter alive where ONNX crashes anyway.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import heapq
from typing import Callable, Iterator, Optional

import numpy as np
import onnx
from onnx import AttributeProto, GraphProto, NodeProto, TensorProto, helper

from .emit import _short
from .errors import OnnxImportError

#: Window ops: ONNX's shape inference divides by their strides (and
#: dilations scale their kernels).
_WINDOW_OPS = ("Conv", "ConvInteger", "QLinearConv", "ConvTranspose",
               "DeformConv", "MaxPool", "AveragePool", "LpPool", "MaxUnpool",
               "Col2Im")

#: The (input, weight) operand indices of the convolutions, whose ranks
#: must agree (ONNX reads the input's dims at the weight's spatial indices).
_CONV_OPERANDS = {"Conv": (0, 1), "ConvInteger": (0, 1),
                  "QLinearConv": (0, 3), "ConvTranspose": (0, 1),
                  "DeformConv": (0, 1)}

#: Element types packed two to a byte.
_PACKED4 = (TensorProto.INT4, TensorProto.UINT4, TensorProto.FLOAT4E2M1)


def _node_label(node: NodeProto) -> str:
    return f"node '{node.name}' ({node.op_type})"


def _subgraphs(node: NodeProto) -> Iterator[GraphProto]:
    for attr in node.attribute:
        if attr.type == AttributeProto.GRAPH:
            yield attr.g
        elif attr.type == AttributeProto.GRAPHS:
            yield from attr.graphs


#===----------------------------------------------------------------------===#
# Names and order
#===----------------------------------------------------------------------===#


def _needs_names(graph: GraphProto) -> bool:
    return any(not n.name or any(_needs_names(g) for g in _subgraphs(n))
               for n in graph.node)


def _name_nodes(graph: GraphProto, prefix: str):
    for index, node in enumerate(graph.node):
        if not node.name:
            node.name = f"{prefix}{node.op_type}_{index}"
        for sub in _subgraphs(node):
            _name_nodes(sub, f"{node.name}/")


def _captured(node: NodeProto) -> set:
    """The names the subgraphs of `node` read (at any depth); those defined
    in the current graph are inputs of `node` too."""
    names = set()

    def walk(g):
        for n in g.node:
            names.update(i for i in n.input if i)
            for sub in _subgraphs(n):
                walk(sub)
        names.update(o.name for o in g.output)

    for sub in _subgraphs(node):
        walk(sub)
    return names


def _order(graph: GraphProto, where: str, problems: list) -> Optional[list]:
    """The indices of `graph`'s nodes in a topological order, keeping the
    given order where it is one; None (and a problem) when the nodes form a
    cycle. Values no node of `graph` defines come from outside."""
    producer = {}
    for i, node in enumerate(graph.node):
        for o in node.output:
            if o and o not in producer:
                producer[o] = i
    deps = []
    for i, node in enumerate(graph.node):
        names = set(n for n in node.input if n) | _captured(node)
        deps.append(sorted({producer[n] for n in names if n in producer}))
    if all(d < i for i, ds in enumerate(deps) for d in ds):
        return list(range(len(deps)))
    # Kahn's algorithm, smallest index first (the given order where free).
    users = [[] for _ in deps]
    waiting = [len(ds) for ds in deps]
    for i, ds in enumerate(deps):
        for d in ds:
            users[d].append(i)
    ready = [i for i, w in enumerate(waiting) if w == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        i = heapq.heappop(ready)
        order.append(i)
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, u)
    if len(order) == len(deps):
        return order
    # A cycle: walk back from a node left over until a node repeats.
    left = set(range(len(deps))) - set(order)
    path, seen, i = [], {}, min(left)
    while i not in seen:
        seen[i] = len(path)
        path.append(i)
        i = next(d for d in deps[i] if d in left)
    cycle = path[seen[i]:] + [i]
    nodes = graph.node
    text = f"{where} has a cycle: "
    for k, (a, b) in enumerate(zip(cycle, cycle[1:])):
        value = next(n for n in list(nodes[a].input) + sorted(
            _captured(nodes[a])) if n and producer.get(n) == b)
        text += (_node_label(nodes[a]) + " reads" if k == 0 else
                 ", which reads")
        text += f" '{value}' from {_node_label(nodes[b])}"
    problems.append(text)
    return None


def _sort(graph: GraphProto, where: str, problems: list) -> bool:
    """Puts `graph`'s nodes (and its subgraphs') in topological order;
    whether anything moved."""
    moved = False
    order = _order(graph, where, problems)
    if order is not None and order != list(range(len(order))):
        nodes = [NodeProto() for _ in order]
        for new, old in zip(nodes, order):
            new.CopyFrom(graph.node[old])
        del graph.node[:]
        graph.node.extend(nodes)
        moved = True
    for node in graph.node:
        for sub in _subgraphs(node):
            moved |= _sort(sub, f"the subgraph of {_node_label(node)}",
                           problems)
    return moved


def _is_sorted(graph: GraphProto) -> bool:
    problems: list = []
    order = _order(graph, "", problems)
    if order != list(range(len(graph.node))):
        return False
    return all(_is_sorted(sub) for n in graph.node for sub in _subgraphs(n))


#===----------------------------------------------------------------------===#
# Tensors and value types
#===----------------------------------------------------------------------===#


def _negative_dim(i: int, d: int) -> str:
    return (f"dim {i} is {d}: sizes must be 0 or more (a size unknown until "
            "run time is a dim_param or an unset dim)")


def _dims_problem(dims) -> Optional[str]:
    for i, d in enumerate(dims):
        if d < 0:
            return _negative_dim(i, d)
    return None


def _tensor_problem(t: TensorProto) -> Optional[str]:
    """What is wrong with the dims or data of `t`, or None."""
    problem = _dims_problem(t.dims)
    if problem:
        return problem
    if t.data_location == TensorProto.EXTERNAL:
        return None  # not loaded: the importer reports it
    if t.data_type == TensorProto.UNDEFINED or \
            t.data_type not in TensorProto.DataType.values():
        return f"element type #{t.data_type} is not an ONNX element type"
    n = int(np.prod([int(d) for d in t.dims], dtype=object))
    type_name = TensorProto.DataType.Name(t.data_type).lower()
    shape = "[" + ", ".join(str(d) for d in t.dims) + "]"
    if t.HasField("raw_data"):
        if t.data_type == TensorProto.STRING:
            return "string tensors cannot hold raw_data"
        itemsize = helper.tensor_dtype_to_np_dtype(t.data_type).itemsize
        need = (n + 1) // 2 if t.data_type in _PACKED4 else n * itemsize
        have = len(t.raw_data)
        if have != need:
            return (f"raw_data holds {have} bytes, but dims {shape} of "
                    f"{type_name} need {need}")
        return None
    field = helper.tensor_dtype_to_field(t.data_type)
    need = n
    if t.data_type in (TensorProto.COMPLEX64, TensorProto.COMPLEX128):
        need = 2 * n
    elif t.data_type in _PACKED4:
        need = (n + 1) // 2
    have = len(getattr(t, field))
    if have != need:
        return (f"{field} holds {have} values, but dims {shape} of "
                f"{type_name} need {need}")
    return None


def _value_info_problems(graph: GraphProto, problems: list):
    for what, infos in (("graph input", graph.input),
                        ("graph output", graph.output),
                        ("value", graph.value_info)):
        for info in infos:
            t = info.type
            if t.WhichOneof("value") != "tensor_type" or \
                    not t.tensor_type.HasField("shape"):
                continue
            for i, d in enumerate(t.tensor_type.shape.dim):
                if d.HasField("dim_value") and d.dim_value < 0:
                    problems.append(f"{what} '{info.name}': "
                                    f"{_negative_dim(i, d.dim_value)}")
                    break


#===----------------------------------------------------------------------===#
# Attributes and constant inputs
#===----------------------------------------------------------------------===#


class _Checker:
    """The attribute and constant-input checks of one node."""

    def __init__(self, node: NodeProto, opset: int, constant: Callable,
                 rank: Callable, problems: list):
        self.node = node
        self.opset = opset
        self.constant = constant
        self.rank = rank
        self.problems = problems
        self.attrs = {a.name: a for a in node.attribute}

    def report(self, text: str):
        self.problems.append(f"{_node_label(self.node)}: {text}")

    def ints(self, name: str) -> Optional[list]:
        a = self.attrs.get(name)
        if a is None:
            return None
        if a.type == AttributeProto.INTS:
            return list(a.ints)
        if a.type == AttributeProto.INT:
            return [a.i]
        self.report(f"attribute {name} must be "
                    f"{'an int' if name in ('group', 'blocksize') else 'ints'}"
                    f", not {AttributeProto.AttributeType.Name(a.type)}")
        return None

    def at_least(self, name: str, low: int, what: str):
        values = self.ints(name)
        if values is not None and any(v < low for v in values):
            shown = values if self.attrs[name].type == AttributeProto.INTS \
                else values[0]
            self.report(f"attribute {name}={_short(shown)}: {what}")
        return values

    def window(self):
        # ONNX checks the lengths of these lists itself (and fails cleanly);
        # it divides by their entries unchecked.
        for name in ("strides", "dilations", "kernel_shape"):
            self.at_least(name, 1, "every entry must be 1 or more")
        for name in ("pads", "output_padding", "output_shape"):
            self.at_least(name, 0, "every entry must be 0 or more")
        for name in ("group", "offset_group"):
            self.at_least(name, 1, "must be 1 or more")
        operands = _CONV_OPERANDS.get(self.node.op_type)
        if operands is not None and "kernel_shape" not in self.attrs:
            # The kernel then comes from the weight's dims, which ONNX
            # reads against the input's and its lists' without a check.
            ranks = [self.rank(self.node.input[i])
                     if i < len(self.node.input) else None
                     for i in operands]
            if None not in ranks and ranks[0] != ranks[1]:
                self.report(f"the weight has rank {ranks[1]}, the input "
                            f"rank {ranks[0]} (they must be equal)")

    def constant_ints(self, i: int, what: str) -> Optional[np.ndarray]:
        if i >= len(self.node.input) or not self.node.input[i]:
            return None
        arr = self.constant(self.node.input[i])
        if arr is None or arr.dtype.kind not in "iu":
            return None
        return arr.reshape(-1)

    def schema(self) -> bool:
        """The node against its op's schema at the model's opset: its
        number of inputs and outputs, its required attributes and the kind
        of each attribute (ONNX reads them unchecked: a Scan without a body
        crashes it). Whether the node passed."""
        try:
            schema = onnx.defs.get_schema(self.node.op_type, self.opset,
                                          self.node.domain)
        except Exception:  # no such op: the importer reports it
            return True
        ok = True
        for what, count, low, high in (
                ("inputs", len(self.node.input), schema.min_input,
                 schema.max_input),
                ("outputs", len(self.node.output), schema.min_output,
                 schema.max_output)):
            if not low <= count <= high:
                need = (f"{low}" if low == high else f"{low} or more"
                        if high >= 2**31 - 1 else f"{low} to {high}")
                noun = what[:-1] if count == 1 else what
                self.report(f"it has {count} {noun}, {self.node.op_type} "
                            f"takes {need}")
                ok = False
        for name, declared in schema.attributes.items():
            attr = self.attrs.get(name)
            if attr is None:
                if declared.required:
                    self.report(f"attribute {name} is required but missing")
                    ok = False
            elif attr.type != declared.type and not attr.ref_attr_name:
                kind = AttributeProto.AttributeType.Name(attr.type)
                self.report(f"attribute {name} is {kind}, its schema says "
                            f"{declared.type.name}")
                ok = False
        return ok

    def check(self):
        if self.opset and not self.schema():
            return
        op = self.node.op_type
        if op in _WINDOW_OPS:
            self.window()
        if op in ("SpaceToDepth", "DepthToSpace"):
            size = self.ints("blocksize")
            if size is not None and not 1 <= size[0] < 2**31:
                self.report(f"attribute blocksize={size[0]}: must be 1 or "
                            "more")
        if op == "Attention":
            for name in ("q_num_heads", "kv_num_heads"):
                self.at_least(name, 1, "must be 1 or more")
        if op == "Col2Im":
            block = self.constant_ints(2, "block_shape")
            if block is not None and np.any(block < 1):
                self.report(f"input 'block_shape' is {_short(block)}: every "
                            "entry must be 1 or more")
        if op == "SplitToSequence":
            split = self.constant_ints(1, "split")
            if split is not None and (np.any(split < 0) or (
                    split.size == 1 and split[0] == 0)):
                self.report(f"input 'split' is {_short(split)}: sizes must "
                            "be 1 or more")


#===----------------------------------------------------------------------===#
# Entry point
#===----------------------------------------------------------------------===#


def _check_graph(graph: GraphProto, where: str, opset: int, outer: dict,
                 problems: list):
    """Checks one graph and, through its nodes, their subgraphs. `outer`
    maps the names of the enclosing graphs' constants and typed values to
    (TensorProto or None, rank or None)."""
    scope = dict(outer)
    defined: dict = {}

    def define(name: str, by: str):
        if not name:
            return
        if name in defined:
            problems.append(f"{where}: value '{name}' is defined twice (by "
                            f"{defined[name]} and by {by})")
        else:
            defined[name] = by

    _value_info_problems(graph, problems)
    for info in list(graph.input) + list(graph.value_info) + list(
            graph.output):
        t = info.type
        if t.WhichOneof("value") == "tensor_type" and \
                t.tensor_type.HasField("shape"):
            scope[info.name] = (None, len(t.tensor_type.shape.dim))
    initializer_names = set()
    for init in graph.initializer:
        problem = _tensor_problem(init)
        if problem:
            problems.append(f"initializer '{init.name}': {problem}")
        else:
            scope[init.name] = (init, len(init.dims))
        if init.name in initializer_names:
            define(init.name, f"initializer '{init.name}'")
        initializer_names.add(init.name)
    for info in graph.input:
        if info.name not in initializer_names:
            define(info.name, f"graph input '{info.name}'")
    for name in initializer_names:
        defined.setdefault(name, f"initializer '{name}'")

    def constant(name: str) -> Optional[np.ndarray]:
        proto = scope.get(name, (None, None))[0]
        if proto is None:
            return None
        try:
            return onnx.numpy_helper.to_array(proto)
        except Exception:
            return None

    def rank(name: str) -> Optional[int]:
        return scope.get(name, (None, None))[1]

    for node in graph.node:
        label = _node_label(node)
        for o in node.output:
            define(o, label)
        if node.op_type == "Constant" and node.domain in ("", "ai.onnx"):
            for attr in node.attribute:
                if attr.type == AttributeProto.TENSOR:
                    problem = _tensor_problem(attr.t)
                    if problem:
                        problems.append(f"{label}: attribute {attr.name}: "
                                        f"{problem}")
                    elif node.output:
                        scope[node.output[0]] = (attr.t, len(attr.t.dims))
        for attr in node.attribute:
            if attr.type == AttributeProto.TENSOR and \
                    node.op_type != "Constant":
                problem = _tensor_problem(attr.t)
                if problem:
                    problems.append(f"{label}: attribute {attr.name}: "
                                    f"{problem}")
        if node.domain in ("", "ai.onnx"):
            _Checker(node, opset, constant, rank, problems).check()
        for sub in _subgraphs(node):
            _check_graph(sub, f"the subgraph of {label}", opset, scope,
                         problems)


def _text_problems(graph: GraphProto, where: str, problems: list):
    """Names that are not valid UTF-8 (protobuf then gives bytes, not str,
    which nothing downstream expects)."""
    def check(value, what):
        if isinstance(value, bytes):
            shown = value.decode("utf-8", "replace")
            problems.append(f"{where}: {what} '{shown}' is not valid UTF-8")
            return False
        return True

    check(graph.name, "the graph name")
    for info in list(graph.input) + list(graph.output) + list(
            graph.value_info):
        check(info.name, "the value name")
    for init in graph.initializer:
        check(init.name, "the initializer name")
    for index, node in enumerate(graph.node):
        what = f"node #{index}"
        ok = check(node.name, f"the name of {what}")
        if ok and node.name:
            what = f"node '{node.name}'"
        check(node.op_type, f"the op type of {what}")
        check(node.domain, f"the domain of {what}")
        for name in list(node.input) + list(node.output):
            check(name, f"a value name of {what}")
        for attr in node.attribute:
            check(attr.name, f"an attribute name of {what}")
        for sub in _subgraphs(node):
            _text_problems(sub, f"the subgraph of {what}", problems)


def prepare_model(model: onnx.ModelProto) -> onnx.ModelProto:
    """`model` with every node named and in topological order (a copy when
    that changes anything); raises OnnxImportError listing every problem
    that ONNX's own code would trip on (see the file comment)."""
    if not model.HasField("graph"):
        raise OnnxImportError(["the model has no graph"])
    problems: list = []
    name = model.graph.name
    _text_problems(model.graph, f"graph '{name}'" if isinstance(name, str)
                   else "the graph", problems)
    for function in model.functions:
        _text_problems(onnx.GraphProto(node=function.node),
                       "a model-local function", problems)
    if problems:
        raise OnnxImportError(problems)
    if _needs_names(model.graph) or not _is_sorted(model.graph):
        copy = onnx.ModelProto()
        copy.CopyFrom(model)
        model = copy
        _name_nodes(model.graph, "")
    _sort(model.graph, f"graph '{model.graph.name}'", problems)
    opset = max((imp.version for imp in model.opset_import
                 if imp.domain in ("", "ai.onnx")), default=0)
    _check_graph(model.graph, f"graph '{model.graph.name}'", opset, {},
                 problems)
    for function in model.functions:
        for node in function.node:
            if node.domain in ("", "ai.onnx"):
                # Attribute references make the schema check moot here.
                _Checker(node, 0, lambda name: None, lambda name: None,
                         problems).check()
    if problems:
        raise OnnxImportError(problems)
    return model
