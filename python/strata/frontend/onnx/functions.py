#===- functions.py - Expand ONNX functions before import -----------------===#
#
# Many ONNX ops are defined by a function body in their schema: a subgraph of
# simpler ops that has the op's meaning (CenterCropPad, HannWindow,
# AffineGrid, DynamicQuantizeLinear...), and exporters may put functions of
# their own in the model (`ModelProto.functions`). Like onnxruntime, the
# importer has no handler for such an op and expands the node into that
# body instead: model-local functions are inlined (onnx.inliner), and each
# node of a default-domain op that OP_TABLE does not cover is replaced by its
# schema's function for the model's opset, with the function's inputs,
# outputs and attribute references bound to the node's. Expansion repeats
# (a body may use another function op) a bounded number of times; nodes
# inside If/Loop bodies are expanded too. A node whose body cannot be
# trusted at the model's opset (it uses an op whose definition changed
# between the function's opset and the model's) is left alone, and the
# importer reports its op as unsupported as before.
#
# Expanded nodes are named "<node name>/<op type>_<i>" and their internal
# values "<node name>/<value>", so a problem inside a body still names the
# node the user wrote.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

from typing import Optional

import onnx
import onnx.inliner
from onnx import AttributeProto, FunctionProto, NodeProto, TypeProto

from . import isolate
from .registry import MIN_OPSET, OP_TABLE

#: How many times a body may expand into ops that are functions themselves.
MAX_ROUNDS = 4


def expand_functions(model: onnx.ModelProto, opset: int) -> onnx.ModelProto:
    """`model` with its local functions inlined and the nodes of
    default-domain function ops without a handler replaced by their bodies
    (a copy; `model` itself is not changed). Returns `model` unchanged when
    there is nothing to expand."""
    if model.functions:
        try:
            model = onnx.ModelProto.FromString(isolate.run_isolated(
                lambda: onnx.inliner.inline_local_functions(
                    model).SerializeToString()))
        except Exception:  # the importer then reports the functions
            pass
    for _ in range(MAX_ROUNDS):
        if not any(_expandable(n, opset) for n in _all_nodes(model.graph)):
            break
        expanded = onnx.ModelProto()
        expanded.CopyFrom(model)
        types = _value_types(expanded)
        names = _all_names(expanded.graph)
        if not _expand_graph(expanded.graph, opset, types, names):
            break
        model = expanded
    return model


def _all_nodes(graph: onnx.GraphProto):
    for node in graph.node:
        yield node
        for attr in node.attribute:
            if attr.type == AttributeProto.GRAPH:
                yield from _all_nodes(attr.g)
            elif attr.type == AttributeProto.GRAPHS:
                for g in attr.graphs:
                    yield from _all_nodes(g)


def _expandable(node: NodeProto, opset: int) -> bool:
    if node.domain not in ("", "ai.onnx"):
        return False
    handler = OP_TABLE.get(node.op_type)
    if handler is not None and handler.covers(opset):
        return False
    return _function_version(node, opset) is not None


def _schema(op_type: str, opset: int):
    try:
        return onnx.defs.get_schema(op_type, opset, "")
    except Exception:  # not an ONNX op at this opset
        return None


def _function_version(node: NodeProto, opset: int) -> Optional[tuple]:
    """(version, context_dependent) of the newest function body of the
    node's op at `opset`, or None."""
    schema = _schema(node.op_type, opset)
    if schema is None:
        return None
    best = None
    for version in schema.function_opset_versions:
        if version <= opset and (best is None or version > best[0]):
            best = (version, False)
    for version in schema.context_dependent_function_opset_versions:
        if version <= opset and (best is None or version >= best[0]):
            best = (version, True)
    return best


def _value_types(model: onnx.ModelProto) -> dict:
    """The TypeProto of every value ONNX shape inference can type."""
    try:
        inferred = isolate.infer_shapes(model)
    except Exception:  # a crash included: the importer says more
        inferred = model
    types = {}

    def collect(graph):
        for info in list(graph.input) + list(graph.value_info) + list(
                graph.output):
            types[info.name] = info.type
        for init in graph.initializer:
            t = TypeProto()
            t.tensor_type.elem_type = init.data_type
            for d in init.dims:
                t.tensor_type.shape.dim.add().dim_value = d
            types[init.name] = t
        for node in graph.node:
            for attr in node.attribute:
                if attr.type == AttributeProto.GRAPH:
                    collect(attr.g)
                elif attr.type == AttributeProto.GRAPHS:
                    for g in attr.graphs:
                        collect(g)

    collect(inferred.graph)
    return types


def _all_names(graph: onnx.GraphProto) -> set:
    names = set()
    for node in _all_nodes(graph):
        names.update(node.input)
        names.update(node.output)
        names.add(node.name)
    for info in list(graph.input) + list(graph.output):
        names.add(info.name)
    names.update(init.name for init in graph.initializer)
    return names


def _expand_graph(graph: onnx.GraphProto, opset: int, types: dict,
                  names: set) -> bool:
    """Expands the expandable nodes of `graph` (and of its subgraphs) in
    place; True if any was."""
    changed = False
    new_nodes = []
    for index, node in enumerate(graph.node):
        for attr in node.attribute:
            if attr.type == AttributeProto.GRAPH:
                changed |= _expand_graph(attr.g, opset, types, names)
            elif attr.type == AttributeProto.GRAPHS:
                for g in attr.graphs:
                    changed |= _expand_graph(g, opset, types, names)
        body = None
        if _expandable(node, opset):
            body = _body(node, index, opset, types, names)
        if body is None:
            new_nodes.append(node)
        else:
            new_nodes.extend(body)
            changed = True
    if changed:
        del graph.node[:]
        graph.node.extend(new_nodes)
    return changed


def _body(node: NodeProto, index: int, opset: int, types: dict,
          names: set) -> Optional[list]:
    """The nodes that replace `node`, or None to leave it."""
    version, context_dependent = _function_version(node, opset)
    schema = _schema(node.op_type, opset)
    function = FunctionProto()
    try:
        if context_dependent:
            input_types = []
            for name in node.input:
                t = types.get(name) if name else TypeProto()
                if t is None:  # the body may depend on it: cannot build
                    return None
                input_types.append(t.SerializeToString())
            function.ParseFromString(isolate.run_isolated(
                schema.get_context_dependent_function_with_opset_version,
                version, node.SerializeToString(), input_types))
        else:
            function.ParseFromString(
                schema.get_function_with_opset_version(version))
    except Exception:
        return None
    if not _trusted_at(function, opset):
        return None

    owner = node.name or f"{node.op_type}_{index}"
    rename = {}
    for i, formal in enumerate(function.input):
        rename[formal] = node.input[i] if i < len(node.input) else ""
    for i, formal in enumerate(function.output):
        if i < len(node.output) and node.output[i]:
            rename[formal] = node.output[i]

    def unique(base: str) -> str:
        name, n = base, 0
        while name in names:
            n += 1
            name = f"{base}_{n}"
        names.add(name)
        return name

    def value_name(internal: str) -> str:
        if not internal:
            return ""
        if internal not in rename:
            rename[internal] = unique(f"{owner}/{internal}")
        return rename[internal]

    attrs = {a.name: a for a in node.attribute}
    # An attribute the node leaves out takes the function's default, else
    # the schema's (a body may refer to it, as HannWindow's does to
    # `periodic`).
    defaults = {name: a.default_value for name, a in schema.attributes.items()
                if a.default_value.type != AttributeProto.UNDEFINED}
    defaults.update({a.name: a for a in function.attribute_proto})
    body = []
    for i, inner in enumerate(function.node):
        if any(a.type in (AttributeProto.GRAPH, AttributeProto.GRAPHS)
               for a in inner.attribute):
            return None  # subgraphs in a body would need renaming too
        new = NodeProto()
        new.CopyFrom(inner)
        new.name = unique(f"{owner}/{inner.op_type}_{i}")
        del new.input[:]
        del new.output[:]
        del new.attribute[:]
        new.input.extend(value_name(n) for n in inner.input)
        new.output.extend(value_name(n) for n in inner.output)
        for attr in inner.attribute:
            if attr.HasField("ref_attr_name"):
                source = attrs.get(attr.ref_attr_name,
                                   defaults.get(attr.ref_attr_name))
                if source is None:
                    continue  # the inner op's own default applies
                bound = AttributeProto()
                bound.CopyFrom(source)
                bound.name = attr.name
                new.attribute.append(bound)
            else:
                new.attribute.append(attr)
        body.append(new)
    return body


#: Ops whose inputs or attributes changed incompatibly after opset 13, with
#: the opset of the change: ReduceSum's form came at 13, the other
#: reductions took `axes` as an input from 18 on. Every other change to the
#: ops from 13 to MAX_OPSET added types, optional inputs or attributes whose
#: defaults keep the old meaning.
_CHANGED_AT = {op: 18 for op in (
    "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax",
    "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSumSquare")}


def _trusted_at(function: FunctionProto, opset: int) -> bool:
    """Whether every op of `function` means at `opset` what it meant at the
    default-domain opset the function was written for."""
    written_for = next((imp.version for imp in function.opset_import
                        if imp.domain in ("", "ai.onnx")), opset)
    if written_for > opset or written_for < MIN_OPSET:
        return False
    for inner in function.node:
        if inner.domain not in ("", "ai.onnx"):
            return False
        if _schema(inner.op_type, opset) is None:
            return False
        changed = _CHANGED_AT.get(inner.op_type)
        if changed is not None and written_for < changed <= opset:
            return False
    return True
