#!/usr/bin/env python3
#===- onnx_fuzz.py - Fuzz the ONNX importer with mutated models -----------===#
#
# `python3 test/fuzz/onnx_fuzz.py [--runs N] [--seed S] [--time-limit T]
# [--keep-crashes DIR] [--compile-every K --tools-dir build/bin]`
#
# Takes seed models (built here with onnx.helper, plus the generators' models
# of test/onnx/Inputs and test/onnx/models), applies one to four random
# mutations to one per case (attribute values 0, negative and huge, dims,
# element types, node inputs/outputs, node order, op types, names with odd
# characters, constant data, raw_data truncation, flipped or cut bytes of
# the serialized file) and runs the importer on it in a child process. A
# case fails when the child dies of a signal, prints a Python traceback,
# runs past --timeout, or reports a problem that names no node, tensor,
# graph or file (every problem line must quote a name; "internal error"
# lines fail too). An import that succeeds
# can also be compiled (--compile-every): the compiler must give an error,
# not crash; such crashes are listed apart (they are not the importer's).
#
# Cases are deterministic: case i of seed S mutates with random.Random of
# "S:i", so `--seed S --case i` replays one. The child is a fork of this
# process, which has imported the importer once (much faster than a new
# interpreter per case); `--exec` runs tools/strata-import-onnx instead.
# Prints "N runs, F failures" and exits with 1 when F > 0.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import types
import traceback

import numpy as np
import onnx
from onnx import AttributeProto, TensorProto, helper, numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__))))
IMPORTER = os.path.join(ROOT, "tools", "strata-import-onnx",
                        "strata-import-onnx")


def _load_importer():
    """strata.tools.import_onnx.main, loaded from the source tree the way
    tools/strata-import-onnx does (a bare `strata` package)."""
    python_dir = os.path.join(ROOT, "python")
    sys.path.insert(0, python_dir)
    if "strata" not in sys.modules:
        pkg = types.ModuleType("strata")
        pkg.__path__ = [os.path.join(python_dir, "strata")]
        sys.modules["strata"] = pkg
    from strata.frontend.onnx import OP_TABLE
    from strata.tools.import_onnx import main
    return main, sorted(OP_TABLE)


#===----------------------------------------------------------------------===#
# Seeds
#===----------------------------------------------------------------------===#


def _f32(name, dims):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, dims)


def _init(name, arr):
    return numpy_helper.from_array(np.asarray(arr), name)


def _model(nodes, inputs, outputs, inits=(), opset=17, name="seed"):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", opset)])


def _seed_mlp(rng):
    n = helper.make_node
    return _model(
        [n("MatMul", ["x", "w1"], ["h"], name="fc1"),
         n("Add", ["h", "b1"], ["hb"], name="bias1"),
         n("Relu", ["hb"], ["r"], name="relu1"),
         n("Gemm", ["r", "w2", "b2"], ["z"], name="fc2", transB=1),
         n("Softmax", ["z"], ["y"], name="softmax", axis=-1)],
        [_f32("x", ["batch", 8])], [_f32("y", ["batch", 4])],
        [_init("w1", rng.standard_normal((8, 16)).astype(np.float32)),
         _init("b1", rng.standard_normal(16).astype(np.float32)),
         _init("w2", rng.standard_normal((4, 16)).astype(np.float32)),
         _init("b2", np.zeros(4, np.float32))])


def _seed_conv_pool(rng):
    n = helper.make_node
    return _model(
        [n("Conv", ["x", "w", "b"], ["c"], name="conv1", pads=[1, 1, 1, 1],
           strides=[1, 1], dilations=[1, 1], kernel_shape=[3, 3], group=1),
         n("BatchNormalization", ["c", "s", "bb", "m", "v"], ["bn"],
           name="bn1", epsilon=1e-5),
         n("Relu", ["bn"], ["r"], name="relu1"),
         n("MaxPool", ["r"], ["p"], name="pool1", kernel_shape=[2, 2],
           strides=[2, 2], pads=[0, 0, 0, 0]),
         n("ConvTranspose", ["p", "wt"], ["u"], name="up1",
           kernel_shape=[2, 2], strides=[2, 2], output_padding=[0, 0]),
         n("AveragePool", ["u"], ["a"], name="pool2", kernel_shape=[3, 3],
           strides=[1, 1], pads=[1, 1, 1, 1], count_include_pad=0),
         n("GlobalAveragePool", ["a"], ["g"], name="gap"),
         n("Flatten", ["g"], ["f"], name="flatten", axis=1),
         n("Gemm", ["f", "wf"], ["y"], name="fc", transB=1)],
        [_f32("x", ["batch", 3, 8, 8])], [_f32("y", ["batch", 5])],
        [_init("w", rng.standard_normal((4, 3, 3, 3)).astype(np.float32)),
         _init("b", rng.standard_normal(4).astype(np.float32)),
         _init("s", np.ones(4, np.float32)),
         _init("bb", np.zeros(4, np.float32)),
         _init("m", np.zeros(4, np.float32)),
         _init("v", np.ones(4, np.float32)),
         _init("wt", rng.standard_normal((4, 2, 2, 2)).astype(np.float32)),
         _init("wf", rng.standard_normal((5, 2)).astype(np.float32))])


def _seed_gather_reshape(rng):
    n = helper.make_node
    return _model(
        [n("Shape", ["x"], ["shape"], name="shape"),
         n("Gather", ["shape", "zero"], ["batch"], name="gather_batch",
           axis=0),
         n("Unsqueeze", ["batch", "axes0"], ["batch1"], name="unsqueeze"),
         n("Concat", ["batch1", "minus1"], ["target"], name="concat_shape",
           axis=0),
         n("Reshape", ["x", "target"], ["flat"], name="reshape"),
         n("Gather", ["emb", "ids"], ["e"], name="embed", axis=0),
         n("Transpose", ["x"], ["t"], name="transpose", perm=[0, 2, 1]),
         n("Slice", ["t", "starts", "ends", "axes1", "steps"], ["sl"],
           name="slice"),
         n("Squeeze", ["sl", "axes1"], ["sq"], name="squeeze"),
         n("Concat", ["flat", "sq"], ["cat"], name="concat", axis=1),
         n("Pad", ["cat", "pads"], ["padded"], name="pad", mode="constant"),
         n("ReduceMean", ["padded", "axes1"], ["y"], name="mean",
           keepdims=0)],
        [_f32("x", ["batch", 4, 6]),
         helper.make_tensor_value_info("ids", TensorProto.INT64, [3])],
        [_f32("y", ["batch"]), _f32("e", [3, 5])],
        [_init("zero", np.array(0, np.int64)),
         _init("axes0", np.array([0], np.int64)),
         _init("minus1", np.array([-1], np.int64)),
         _init("emb", rng.standard_normal((10, 5)).astype(np.float32)),
         _init("starts", np.array([1], np.int64)),
         _init("ends", np.array([2], np.int64)),
         _init("axes1", np.array([1], np.int64)),
         _init("steps", np.array([1], np.int64)),
         _init("pads", np.array([0, 1, 0, 1], np.int64))], opset=18)


def _seed_loop(rng):
    n = helper.make_node
    body = helper.make_graph(
        [n("Add", ["acc_in", "step"], ["acc_out"], name="body_add"),
         n("Identity", ["cond_in"], ["cond_out"], name="body_cond"),
         n("Mul", ["acc_out", "two"], ["scan_out"], name="body_mul")],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
         _f32("acc_in", [2, 3])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         _f32("acc_out", [2, 3]), _f32("scan_out", [2, 3])],
        [_init("two", np.array(2, np.float32))])
    return _model(
        [n("Loop", ["trip", "cond", "x"], ["final", "scans"], name="loop",
           body=body),
         n("ReduceSum", ["scans"], ["y"], name="sum", keepdims=0)],
        [_f32("x", [2, 3]), _f32("step", [2, 3])],
        [_f32("final", [2, 3]), _f32("y", [])],
        [_init("trip", np.array(3, np.int64)),
         _init("cond", np.array(True))])


def _seed_if(rng):
    n = helper.make_node
    then = helper.make_graph(
        [n("Relu", ["x"], ["t"], name="then_relu")], "then", [],
        [_f32("t", [2, 3])])
    other = helper.make_graph(
        [n("Neg", ["x"], ["e"], name="else_neg")], "else", [],
        [_f32("e", [2, 3])])
    return _model(
        [n("ReduceSum", ["x"], ["s"], name="sum", keepdims=0),
         n("Greater", ["s", "zero"], ["c"], name="greater"),
         n("If", ["c"], ["y"], name="if", then_branch=then,
           else_branch=other)],
        [_f32("x", [2, 3])], [_f32("y", [2, 3])],
        [_init("zero", np.array(0, np.float32))])


def _seed_misc(rng):
    n = helper.make_node
    return _model(
        [n("Resize", ["x", "", "scales"], ["rs"], name="resize",
           mode="nearest"),
         n("DepthToSpace", ["rs"], ["d2s"], name="d2s", blocksize=2),
         n("SpaceToDepth", ["d2s"], ["s2d"], name="s2d", blocksize=2),
         n("Split", ["s2d", "split"], ["a", "b"], name="split", axis=1),
         n("Where", ["mask", "a", "b"], ["w"], name="where"),
         n("Cast", ["w"], ["wd"], name="cast", to=TensorProto.DOUBLE),
         n("Cast", ["wd"], ["wf"], name="cast_back", to=TensorProto.FLOAT),
         n("Expand", ["wf", "eshape"], ["ex"], name="expand"),
         n("Tile", ["ex", "reps"], ["ti"], name="tile"),
         n("TopK", ["ti", "k"], ["vals", "idx"], name="topk", axis=-1),
         n("CumSum", ["vals", "axis"], ["cs"], name="cumsum"),
         n("LayerNormalization", ["cs", "gamma"], ["ln"], name="ln",
           axis=-1, epsilon=1e-5),
         n("Range", ["r0", "r1", "r2"], ["rg"], name="range"),
         n("Add", ["ln", "rg"], ["y"], name="add")],
        [_f32("x", [1, 4, 2, 2]),
         helper.make_tensor_value_info("mask", TensorProto.BOOL,
                                       [1, 2, 4, 4])],
        [_f32("y", None), helper.make_tensor_value_info(
            "idx", TensorProto.INT64, None)],
        [_init("scales", np.array([1, 1, 2, 2], np.float32)),
         _init("split", np.array([2, 2], np.int64)),
         _init("eshape", np.array([2, 1, 1, 1], np.int64)),
         _init("reps", np.array([1, 1, 1, 2], np.int64)),
         _init("k", np.array([3], np.int64)),
         _init("axis", np.array(0, np.int64)),
         _init("gamma", np.ones(3, np.float32)),
         _init("r0", np.array(0, np.float32)),
         _init("r1", np.array(3, np.float32)),
         _init("r2", np.array(1, np.float32))])


def _seed_recurrent(rng):
    n = helper.make_node
    return _model(
        [n("LSTM", ["x", "w", "r", "b"], ["", "h"], name="lstm",
           hidden_size=4),
         n("Squeeze", ["h", "axes"], ["hs"], name="squeeze"),
         n("Conv", ["x3", "w1d"], ["c1"], name="conv1d", pads=[1, 1]),
         n("MaxPool", ["c1"], ["p1"], name="pool1d", kernel_shape=[2],
           strides=[2], ceil_mode=1),
         n("Flatten", ["p1"], ["f"], name="flatten"),
         n("Concat", ["hs", "f"], ["y"], name="concat", axis=1)],
        [_f32("x", [5, 2, 3]), _f32("x3", [2, 3, 6])], [_f32("y", None)],
        [_init("w", rng.standard_normal((1, 16, 3)).astype(np.float32)),
         _init("r", rng.standard_normal((1, 16, 4)).astype(np.float32)),
         _init("b", np.zeros((1, 32), np.float32)),
         _init("axes", np.array([0], np.int64)),
         _init("w1d", rng.standard_normal((2, 3, 3)).astype(np.float32))])


SEEDS = {"mlp": _seed_mlp, "conv_pool": _seed_conv_pool,
         "gather_reshape": _seed_gather_reshape, "loop": _seed_loop,
         "if": _seed_if, "misc": _seed_misc, "recurrent": _seed_recurrent}


def _reused_seeds() -> dict:
    """The models of test/onnx/Inputs/make_*_models.py and of
    test/onnx/models/models.py that import (some are error cases)."""
    found = {}
    inputs = os.path.join(ROOT, "test", "onnx", "Inputs")
    for directory, pattern in ((inputs, r"make_.*models\.py$"),
                               (os.path.join(ROOT, "test", "onnx", "models"),
                                r"models\.py$")):
        if not os.path.isdir(directory):
            continue
        sys.path.insert(0, directory)
        try:
            for file in sorted(os.listdir(directory)):
                if not re.match(pattern, file):
                    continue
                try:
                    module = __import__(file[:-3])
                    models = getattr(module, "MODELS", {})
                    for name, fn in models.items():
                        try:
                            model = fn(None) if directory == inputs else fn()
                        except Exception:
                            continue
                        if isinstance(model, onnx.ModelProto):
                            found[f"{file[:-3]}:{name}"] = model
                except Exception:
                    continue
        finally:
            sys.path.remove(directory)
    return found


#===----------------------------------------------------------------------===#
# Mutations
#===----------------------------------------------------------------------===#

INTS = [0, -1, 1, 2, 3, -2, 7, 2**31 - 1, 2**31, 2**32 + 1, 2**62,
        -2**63, 2**63 - 1, -(2**31)]
FLOATS = [0.0, -0.0, -1.0, 1.0, 0.5, float("nan"), float("inf"),
          float("-inf"), 1e38, -1e38, 1e-45, 3.0e9]
STRINGS = [b"", b"NOTSET", b"SAME_UPPER", b"SAME_LOWER", b"VALID",
           b"constant", b"reflect", b"edge", b"wrap", b"nearest", b"linear",
           b"cubic", b"bogus", b"\xff\xfe", b"half_pixel", b"mean", b"none"]
ELEM_TYPES = list(TensorProto.DataType.values()) + [999, -3]
NAMES = ["", "a b", "q\"uote", "back\\slash", "new\nline", "tab\tx",
         "nul\x00", "\u00e9t\u00e9", "\u4e2d", "#loc", "%0", "}", "0",
         "a/b:c", "x" * 300, "\x7f", "loc(\"x\")"]


def _graphs(graph):
    """`graph` and every subgraph in it."""
    yield graph
    for node in graph.node:
        for attr in node.attribute:
            if attr.type == AttributeProto.GRAPH:
                yield from _graphs(attr.g)
            elif attr.type == AttributeProto.GRAPHS:
                for g in attr.graphs:
                    yield from _graphs(g)


def _nodes(model):
    return [(g, n) for g in _graphs(model.graph) for n in g.node]


def _value_infos(model):
    return [vi for g in _graphs(model.graph)
            for vi in list(g.input) + list(g.output) + list(g.value_info)]


def _tensors(model):
    out = [t for g in _graphs(model.graph) for t in g.initializer]
    for _, node in _nodes(model):
        out += [a.t for a in node.attribute if a.type == AttributeProto.TENSOR]
    return out


def _names(model):
    names = set()
    for g in _graphs(model.graph):
        names.update(i.name for i in g.input)
        names.update(i.name for i in g.initializer)
        for n in g.node:
            names.update(o for o in n.output if o)
    return sorted(names)


def _an_int(r):
    return r.choice(INTS) if r.random() < 0.7 else r.randint(-10, 40)


class Mutator:
    """The protobuf-level mutations; each returns a description or None
    when it found nothing to change."""

    def __init__(self, op_types):
        self.op_types = op_types

    def attr_value(self, model, r):
        nodes = [(g, n) for g, n in _nodes(model) if n.attribute]
        if not nodes:
            return None
        _, node = r.choice(nodes)
        attr = r.choice(node.attribute)
        if attr.type == AttributeProto.INT:
            attr.i = _an_int(r)
        elif attr.type == AttributeProto.INTS:
            if attr.ints and r.random() < 0.6:
                attr.ints[r.randrange(len(attr.ints))] = _an_int(r)
            else:
                del attr.ints[:]
                attr.ints.extend(_an_int(r) for _ in range(r.randint(0, 6)))
        elif attr.type == AttributeProto.FLOAT:
            attr.f = r.choice(FLOATS)
        elif attr.type == AttributeProto.FLOATS:
            del attr.floats[:]
            attr.floats.extend(r.choice(FLOATS)
                               for _ in range(r.randint(0, 5)))
        elif attr.type == AttributeProto.STRING:
            attr.s = r.choice(STRINGS)
        elif attr.type == AttributeProto.TENSOR:
            self._tensor_values(attr.t, r)
        else:
            return None
        return f"attribute {attr.name} of {node.name or node.op_type}"

    def attr_add_drop(self, model, r):
        nodes = _nodes(model)
        if not nodes:
            return None
        _, node = r.choice(nodes)
        if node.attribute and r.random() < 0.5:
            attr = node.attribute[r.randrange(len(node.attribute))]
            node.attribute.remove(attr)
            return f"dropped attribute {attr.name} of {node.name}"
        try:
            schema = onnx.defs.get_schema(node.op_type, 17, node.domain)
        except Exception:
            return None
        names = [a for a, s in schema.attributes.items()]
        if not names:
            return None
        name = r.choice(names)
        kind = schema.attributes[name].type
        for a in list(node.attribute):
            if a.name == name:
                node.attribute.remove(a)
        if kind == AttributeProto.INT:
            node.attribute.append(helper.make_attribute(name, _an_int(r)))
        elif kind == AttributeProto.INTS:
            node.attribute.append(helper.make_attribute(
                name, [_an_int(r) for _ in range(r.randint(0, 6))]))
        elif kind == AttributeProto.FLOAT:
            node.attribute.append(helper.make_attribute(name,
                                                        r.choice(FLOATS)))
        elif kind == AttributeProto.STRING:
            node.attribute.append(helper.make_attribute(name,
                                                        r.choice(STRINGS)))
        else:
            node.attribute.append(helper.make_attribute(name, r.randint(
                -2, 3)))  # the wrong kind on purpose
        return f"set attribute {name} of {node.name}"

    def dims(self, model, r):
        infos = [vi for vi in _value_infos(model)
                 if vi.type.tensor_type.HasField("shape")]
        if not infos:
            return None
        vi = r.choice(infos)
        shape = vi.type.tensor_type.shape
        choice = r.random()
        if choice < 0.15 or not shape.dim:
            shape.dim.add().dim_value = r.choice([1, 2, 0])
        elif choice < 0.3:
            del shape.dim[r.randrange(len(shape.dim))]
        elif choice < 0.4:
            shape.dim[r.randrange(len(shape.dim))].dim_param = "n"
        elif choice < 0.45:
            vi.type.tensor_type.ClearField("shape")
        else:
            shape.dim[r.randrange(len(shape.dim))].dim_value = r.choice(
                [0, -1, -5, 1, 2, 3, 2**31, 2**62, 2**40])
        return f"dims of {vi.name}"

    def elem_type(self, model, r):
        if r.random() < 0.5:
            infos = _value_infos(model)
            if not infos:
                return None
            vi = r.choice(infos)
            vi.type.tensor_type.elem_type = r.choice(ELEM_TYPES) & 0x7fffffff
            return f"element type of {vi.name}"
        tensors = _tensors(model)
        if not tensors:
            return None
        t = r.choice(tensors)
        t.data_type = r.choice(ELEM_TYPES) & 0x7fffffff
        return f"element type of tensor {t.name}"

    def wiring(self, model, r):
        nodes = _nodes(model)
        if not nodes:
            return None
        _, node = r.choice(nodes)
        names = _names(model)
        choice = r.random()
        if choice < 0.25 and node.input:
            del node.input[r.randrange(len(node.input))]
        elif choice < 0.4 and node.input:
            node.input.append(r.choice(list(node.input)))
        elif choice < 0.7 and node.input and names:
            node.input[r.randrange(len(node.input))] = r.choice(names)
        elif choice < 0.8 and node.input:
            node.input[r.randrange(len(node.input))] = r.choice(
                ["", "nowhere"])
        elif choice < 0.9 and node.output:
            i = r.randrange(len(node.output))
            node.output[i] = r.choice(names + [""]) if names else ""
        else:
            node.output.append(f"extra{r.randint(0, 9)}")
        return f"wiring of {node.name}"

    def graph_io(self, model, r):
        g = r.choice(list(_graphs(model.graph)))
        field = g.input if r.random() < 0.5 else g.output
        if not field:
            return None
        i = r.randrange(len(field))
        choice = r.random()
        if choice < 0.35:
            del field[i]
        elif choice < 0.6:
            field.add().CopyFrom(field[i])
        else:
            names = _names(model)
            field[i].name = r.choice(names + ["renamed"])
        return f"graph inputs/outputs of {g.name}"

    def order(self, model, r):
        g = r.choice(list(_graphs(model.graph)))
        if len(g.node) < 2:
            return None
        nodes = list(g.node)
        if r.random() < 0.3:
            nodes.reverse()
        else:
            i, j = r.sample(range(len(nodes)), 2)
            nodes[i], nodes[j] = nodes[j], nodes[i]
        copies = []
        for n in nodes:
            c = onnx.NodeProto()
            c.CopyFrom(n)
            copies.append(c)
        del g.node[:]
        g.node.extend(copies)
        return f"node order of {g.name}"

    def drop_node(self, model, r):
        g = r.choice(list(_graphs(model.graph)))
        if not g.node:
            return None
        i = r.randrange(len(g.node))
        name = g.node[i].name
        del g.node[i]
        return f"dropped node {name}"

    def op_type(self, model, r):
        nodes = _nodes(model)
        if not nodes:
            return None
        _, node = r.choice(nodes)
        node.op_type = r.choice(self.op_types)
        return f"op type of {node.name} -> {node.op_type}"

    def opset(self, model, r):
        for imp in model.opset_import:
            if imp.domain in ("", "ai.onnx"):
                imp.version = r.choice([1, 7, 11, 12, 13, 18, 21, 24, 25,
                                        r.randint(0, 30)])
                return "opset"
        return None

    def _tensor_values(self, t, r):
        """Interesting values in place of some of `t`'s, same byte size."""
        try:
            arr = numpy_helper.to_array(t).copy()
        except Exception:
            return
        if arr.size == 0 or arr.dtype.kind not in "iuf":
            return
        flat = arr.reshape(-1)
        for _ in range(r.randint(1, 3)):
            i = r.randrange(flat.size)
            if flat.dtype.kind == "f":
                with np.errstate(over="ignore", invalid="ignore"):
                    flat[i] = r.choice(FLOATS)
            else:
                info = np.iinfo(flat.dtype)
                flat[i] = min(max(_an_int(r), info.min), info.max)
        t.CopyFrom(numpy_helper.from_array(arr, t.name))

    def tensor_data(self, model, r):
        tensors = _tensors(model)
        if not tensors:
            return None
        t = r.choice(tensors)
        choice = r.random()
        if choice < 0.5:
            self._tensor_values(t, r)
        elif choice < 0.7 and t.raw_data:
            t.raw_data = t.raw_data[:r.randrange(len(t.raw_data))]
        elif choice < 0.85 and t.dims:
            t.dims[r.randrange(len(t.dims))] = r.choice([0, -1, 1, 2**40])
        else:
            # Same elements, another shape.
            dims = list(t.dims)
            r.shuffle(dims)
            del t.dims[:]
            t.dims.extend(dims if r.random() < 0.5 else
                          [int(np.prod(dims))] if dims else [1])
        return f"data of tensor {t.name}"

    def names(self, model, r):
        """Odd characters in a node's name, the graph's, or a value's
        (renamed everywhere it appears)."""
        weird = r.choice(NAMES)
        choice = r.random()
        if choice < 0.3:
            model.graph.name = weird
            return "graph name"
        nodes = _nodes(model)
        if choice < 0.6 and nodes:
            _, node = r.choice(nodes)
            node.name = weird
            return "node name"
        old = r.choice(_names(model) or [""])
        if not old:
            return None
        for g in _graphs(model.graph):
            for field in (g.input, g.output, g.value_info, g.initializer):
                for item in field:
                    if item.name == old:
                        item.name = weird
            for n in g.node:
                for i, name in enumerate(n.input):
                    if name == old:
                        n.input[i] = weird
                for i, name in enumerate(n.output):
                    if name == old:
                        n.output[i] = weird
        return f"renamed value {old}"

    MUTATIONS = ("attr_value", "attr_value", "attr_value", "attr_add_drop",
                 "dims", "dims", "elem_type", "wiring", "wiring", "graph_io",
                 "order", "drop_node", "op_type", "opset", "tensor_data",
                 "tensor_data", "names")

    def mutate(self, model, r) -> tuple:
        """(serialized mutated model, what was done)."""
        done = []
        for _ in range(r.choice([1, 1, 1, 2, 2, 3, 4])):
            name = r.choice(self.MUTATIONS)
            try:
                what = getattr(self, name)(model, r)
            except Exception as e:  # a mutation the proto refuses
                what = f"{name} failed: {type(e).__name__}"
            if what:
                done.append(what)
        data = model.SerializeToString()
        if r.random() < 0.12:
            data = bytearray(data)
            choice = r.random()
            if choice < 0.4 and data:
                data = data[:r.randrange(len(data))]
                done.append("truncated the file")
            else:
                for _ in range(r.randint(1, 8)):
                    if data:
                        data[r.randrange(len(data))] = r.randrange(256)
                done.append("flipped bytes")
            data = bytes(data)
        return data, done


#===----------------------------------------------------------------------===#
# Running cases
#===----------------------------------------------------------------------===#

#: Problems about the whole model that have no node or tensor to name.
MODEL_LEVEL = re.compile(r"^(opset \d+ is not supported|the model imports no "
                         r"default-domain opset)")


def _unnamed_problems(stderr: str) -> list:
    """Problem lines that quote no name (and internal errors)."""
    bad = []
    lines = stderr.splitlines()
    for line in lines[1:]:
        text = line.strip()
        if not text:
            continue
        if "internal error" in text:
            bad.append(text)
        elif "'" not in text and not MODEL_LEVEL.match(text):
            bad.append(text)
    return bad


class Runner:
    """Runs the importer on one file in a child process."""

    def __init__(self, timeout: float, use_exec: bool):
        self.timeout = timeout
        self.use_exec = use_exec
        self.main = None
        if not use_exec:
            self.main, _ = _load_importer()

    def run(self, path: str, out: str) -> tuple:
        """(status, stderr): status is 'ok', 'error' (exit 1), 'signal
        NAME', 'timeout' or 'exit N'."""
        if self.use_exec:
            try:
                p = subprocess.run([sys.executable, IMPORTER, path, "-o", out],
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE,
                                   timeout=self.timeout)
            except subprocess.TimeoutExpired:
                return "timeout", ""
            return self._status(p.returncode), p.stderr.decode(
                errors="replace")
        err = tempfile.TemporaryFile()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 70
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(err.fileno(), 2)
                code = self.main([path, "-o", out])
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:
                traceback.print_exc()
                code = 70
            finally:
                try:
                    sys.stderr.flush()
                except Exception:
                    pass
                os._exit(code)
        deadline = time.monotonic() + self.timeout
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                err.close()
                return "timeout", ""
            time.sleep(0.005)
        err.seek(0)
        text = err.read().decode(errors="replace")
        err.close()
        if os.WIFSIGNALED(status):
            return self._status(-os.WTERMSIG(status)), text
        return self._status(os.WEXITSTATUS(status)), text

    @staticmethod
    def _status(code: int) -> str:
        if code == 0:
            return "ok"
        if code == 1:
            return "error"
        if code < 0:
            try:
                return f"signal {signal.Signals(-code).name}"
            except ValueError:
                return f"signal {-code}"
        return f"exit {code}"


def _compile(tools_dir: str, mlir: str, timeout: float) -> str:
    """'compiled' or 'compile error' when strata-compile succeeds or
    reports an error; else what went wrong (a signal, a timeout, a crash
    report)."""
    exe = os.path.join(tools_dir, "strata-compile")
    try:
        p = subprocess.run([exe, mlir, "-o", mlir + ".smod"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "compiler timeout"
    text = p.stderr.decode(errors="replace")
    _compile.last_error = text.strip().splitlines()[0] if text.strip() \
        else ""
    if p.returncode < 0:
        return f"compiler signal {signal.Signals(-p.returncode).name}"
    if "Stack dump" in text or "PLEASE submit a bug report" in text:
        return "compiler crash report"
    if p.returncode not in (0, 1):
        return f"compiler exit {p.returncode}"
    return "compiled" if p.returncode == 0 else "compile error"


#: A handler's unexpected exception, caught by the importer: named, so not
#: a failure, but counted (--show-caught lists them) as a message to make
#: clearer.
CAUGHT = re.compile(r"node '[^']*' \(([^)]*)\): cannot be imported: (\w+)")


def _signature(status: str, stderr: str) -> str:
    """A short key grouping failures of one cause."""
    if "Traceback" in stderr:
        last = [l for l in stderr.splitlines() if l.strip()][-1]
        frames = re.findall(r'File "([^"]+)", line (\d+)', stderr)
        where = f"{os.path.basename(frames[-1][0])}:{frames[-1][1]}" \
            if frames else "?"
        return f"traceback {last.split(':')[0]} at {where}"
    if status not in ("ok", "error"):
        return status
    bad = _unnamed_problems(stderr)
    if bad:
        return "unnamed problem: " + re.sub(r"'[^']*'|\d+", "_", bad[0])[:80]
    return status


def _save(directory: str, name: str, data: bytes, text: str):
    """DIR/NAME.onnx (the model) and DIR/NAME.txt (what happened)."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name + ".onnx"), "wb") as f:
        f.write(data)
    with open(os.path.join(directory, name + ".txt"), "w") as f:
        f.write(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        description="Fuzz strata-import-onnx with mutated ONNX models.")
    parser.add_argument("--runs", type=int, default=200,
                        help="cases to run (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=0,
                        help="stop after this many seconds (0: no limit)")
    parser.add_argument("--timeout", type=float, default=30,
                        help="seconds one import may take (default 30)")
    parser.add_argument("--keep-crashes", metavar="DIR",
                        help="save failing models and their stderr here")
    parser.add_argument("--case", type=int, action="append",
                        help="run only this case (repeatable)")
    parser.add_argument("--exec", action="store_true",
                        help="run tools/strata-import-onnx per case instead "
                        "of a fork of this process")
    parser.add_argument("--compile-every", type=int, default=0, metavar="K",
                        help="compile every K-th successful import")
    parser.add_argument("--tools-dir", default=os.path.join(ROOT, "build",
                                                            "bin"))
    parser.add_argument("--compile-timeout", type=float, default=300,
                        help="seconds one compile may take (default 300)")
    parser.add_argument("--no-reuse", action="store_true",
                        help="only the seeds built here, not those of "
                        "test/onnx's generators")
    parser.add_argument("--show-compile-errors", action="store_true",
                        help="print the first line of each compile error")
    parser.add_argument("--show-caught", action="store_true",
                        help="print the handler exceptions the importer "
                        "caught (named, so not failures)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    # The importer's own ONNX calls get a short leash, so that a hang in
    # ONNX is reported by the importer (and not taken for ours).
    os.environ.setdefault("STRATA_ONNX_TIMEOUT", str(max(args.timeout / 3,
                                                         1)))
    runner = Runner(args.timeout, args.exec)
    _, op_types = _load_importer()
    mutator = Mutator(op_types + ["Bogus", "Conv", "MaxPool"])

    seed_rng = np.random.default_rng(0)
    seeds = {name: fn(seed_rng) for name, fn in SEEDS.items()}
    work = tempfile.mkdtemp(prefix="onnx-fuzz-")
    # Pre-check: the seeds built here must import.
    for name, model in seeds.items():
        path = os.path.join(work, "seed.onnx")
        onnx.save(model, path)
        status, stderr = runner.run(path, os.path.join(work, "seed.mlir"))
        if status != "ok":
            print(f"seed {name} does not import ({status}):\n{stderr}",
                  file=sys.stderr)
            return 2
    if not args.no_reuse:
        for name, model in _reused_seeds().items():
            path = os.path.join(work, "seed.onnx")
            onnx.save(model, path)
            if runner.run(path, os.path.join(work, "seed.mlir"))[0] == "ok":
                seeds[name] = model
    names = sorted(seeds)
    blobs = {name: seeds[name].SerializeToString() for name in names}
    print(f"{len(names)} seeds", flush=True)

    start = time.monotonic()
    outcomes = collections.Counter()
    failures = collections.defaultdict(list)
    compiler = collections.defaultdict(list)
    caught = collections.defaultdict(list)
    compiles = collections.Counter()
    cases = args.case if args.case else range(args.runs)
    runs = 0
    for case in cases:
        if args.time_limit and time.monotonic() - start > args.time_limit:
            break
        r = random.Random(f"{args.seed}:{case}")
        seed_name = r.choice(names)
        model = onnx.ModelProto.FromString(blobs[seed_name])
        data, done = mutator.mutate(model, r)
        path = os.path.join(work, "case.onnx")
        out = os.path.join(work, "case.mlir")
        with open(path, "wb") as f:
            f.write(data)
        if os.path.exists(out):
            os.remove(out)
        status, stderr = runner.run(path, out)
        runs += 1
        if runs % 1000 == 0:
            print(f"... {runs} runs, {sum(map(len, failures.values()))} "
                  f"failures, {time.monotonic() - start:.0f} s", flush=True)
        outcomes[status] += 1
        sig = _signature(status, stderr)
        failed = sig not in ("ok", "error")
        for op, exc in set(CAUGHT.findall(stderr)):
            caught[f"{op}: {exc}"].append(case)
            if args.show_caught and args.keep_crashes:
                _save(args.keep_crashes, f"caught-seed{args.seed}-case{case}",
                      data, f"caught\n{seed_name}: {'; '.join(done)}\n\n"
                      f"{stderr}")
            if args.show_caught:
                line = next(l for l in stderr.splitlines()
                            if "cannot be imported" in l and op in l)
                print(f"case {case}: caught: {line.strip()[:200]}")
        if args.verbose or failed:
            print(f"case {case} ({seed_name}: {'; '.join(done)}): {sig}",
                  flush=True)
        if failed:
            failures[sig].append(case)
            if args.keep_crashes and len(failures[sig]) <= 3:
                _save(args.keep_crashes, f"seed{args.seed}-case{case}", data,
                      f"{sig}\n{seed_name}: {'; '.join(done)}\n\n{stderr}")
        elif status == "ok" and args.compile_every and \
                outcomes["ok"] % args.compile_every == 0:
            why = _compile(args.tools_dir, out, args.compile_timeout)
            compiles[why] += 1
            if why == "compile error" and args.show_compile_errors:
                print(f"case {case}: compile error: "
                      f"{_compile.last_error[:200]}")
            if why not in ("compiled", "compile error"):
                compiler[why].append(case)
                print(f"case {case} ({seed_name}: {'; '.join(done)}): {why}",
                      flush=True)
                if args.keep_crashes:
                    os.makedirs(args.keep_crashes, exist_ok=True)
                    base = os.path.join(args.keep_crashes,
                                        f"compile-seed{args.seed}-case{case}")
                    with open(base + ".onnx", "wb") as f:
                        f.write(data)
                    with open(out) as src, open(base + ".mlir", "w") as dst:
                        dst.write(src.read())
    elapsed = time.monotonic() - start
    failed = sum(len(v) for v in failures.values())
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items()))
    print(f"{runs} runs in {elapsed:.0f} s ({summary})")
    for sig, hit in sorted(failures.items()):
        print(f"  FAIL {sig}: {len(hit)} (cases {hit[:5]})")
    if compiles:
        print("compiles: " + ", ".join(f"{k}: {v}" for k, v in
                                       sorted(compiles.items())))
    for what, hit in sorted(caught.items()):
        print(f"  caught {what}: {len(hit)} (cases {hit[:5]})")
    for why, hit in sorted(compiler.items()):
        print(f"  compiler {why}: {len(hit)} (cases {hit[:5]})")
    print(f"{runs} runs, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
