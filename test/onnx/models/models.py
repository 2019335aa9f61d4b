#===- models.py - ONNX builders of small real-world architectures ---------===#
#
# Builds, with onnx.helper, small but structurally faithful versions of the
# networks people feed an ML compiler: a ResNet-style CNN, a MobileNetV2-
# style CNN, a transformer encoder layer (two GELU spellings) and an MLP.
# Each graph is laid out the way PyTorch's exporter writes it at the given
# opset (Conv + BatchNormalization unfused, Clip with constant min/max
# inputs, the Shape/Gather/Unsqueeze/Concat/Reshape chains of dynamic dims,
# MatMul + Add projections), so the model tests exercise the importer and
# the compiler on the op sequences real exports contain.
#
# Weights come from numpy's default_rng with a fixed seed (He-style scaling,
# so activations stay O(1) through the depth of the network), so every build
# is bit-identical. The batch dim is the symbolic "batch"; the transformer's
# sequence dim is the symbolic "seq" too.
#
# Used by test_models.py (pytest, compared with onnxruntime) and bench.py
# (latencies); `python3 models.py DIR` writes every model to DIR/<name>.onnx.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import math
import os
import sys
from typing import Callable, Dict, List, Sequence

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

__all__ = ["MODELS", "INPUT_SHAPES", "build", "resnet", "mobilenet",
           "transformer", "mlp", "make_input"]


class _Graph:
    """Collects nodes and seeded initializers of one model under build."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)
        self.nodes: List[onnx.NodeProto] = []
        self.inits: List[onnx.TensorProto] = []
        self._names: Dict[str, int] = {}

    def fresh(self, base: str) -> str:
        """A unique value name derived from `base` (names are SSA in ONNX)."""
        n = self._names.get(base, 0)
        self._names[base] = n + 1
        return base if n == 0 else f"{base}_{n}"

    def weight(self, name: str, shape: Sequence[int], scale=None) -> str:
        """A random f32 initializer; default scale sqrt(2 / fan_in) (He)."""
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
        scale = scale if scale is not None else math.sqrt(2.0 / fan_in)
        array = (self.rng.standard_normal(shape) * scale).astype(np.float32)
        self.inits.append(numpy_helper.from_array(array, name))
        return name

    def const(self, name: str, array) -> str:
        """An initializer holding exactly `array` (dtype kept)."""
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op: str, inputs: Sequence[str], name: str,
             **attrs) -> str:
        """Appends a one-output node named `name`; returns its output."""
        out = self.fresh(name)
        self.nodes.append(
            helper.make_node(op, list(inputs), [out], name=out, **attrs))
        return out

    # --- Layers, in the shape PyTorch exports them -------------------------

    def conv(self, x: str, name: str, cin: int, cout: int, k: int,
             stride: int = 1, group: int = 1, bias: bool = False) -> str:
        """Conv with 'same'-style padding k // 2 (torchvision's convention).

        Convs followed by BatchNorm have no bias in torchvision models.
        """
        inputs = [x, self.weight(name + ".weight", [cout, cin // group, k, k])]
        if bias:
            inputs.append(self.weight(name + ".bias", [cout], 0.1))
        p = k // 2
        return self.node("Conv", inputs, name, kernel_shape=[k, k],
                         strides=[stride, stride], pads=[p, p, p, p],
                         dilations=[1, 1], group=group)

    def bn(self, x: str, name: str, channels: int) -> str:
        """Inference-mode BatchNormalization with running statistics.

        The variance is drawn in [0.5, 1.5) so the normalization neither
        blows up nor vanishes activations.
        """
        rng = self.rng
        gamma = self.const(name + ".weight",
                           (1.0 + 0.1 * rng.standard_normal(channels))
                           .astype(np.float32))
        beta = self.weight(name + ".bias", [channels], 0.1)
        mean = self.weight(name + ".running_mean", [channels], 0.1)
        var = self.const(name + ".running_var",
                         (rng.random(channels) + 0.5).astype(np.float32))
        return self.node("BatchNormalization", [x, gamma, beta, mean, var],
                         name, epsilon=1e-5, momentum=0.9)

    def relu6(self, x: str, name: str) -> str:
        """nn.ReLU6 as exported at opset >= 11: Clip with constant bounds."""
        lo = self.const(name + ".min", np.float32(0.0))
        hi = self.const(name + ".max", np.float32(6.0))
        return self.node("Clip", [x, lo, hi], name)

    def dims_of(self, x: str, axes: Sequence[int], name: str) -> List[str]:
        """Shape -> Gather(axis) -> Unsqueeze per axis: the 1-element i64
        tensors PyTorch's exporter builds for each dynamic dim it reuses."""
        shape = self.node("Shape", [x], name + ".shape")
        out = []
        for axis in axes:
            idx = self.const(self.fresh(name + ".idx"), np.int64(axis))
            dim = self.node("Gather", [shape, idx], name + ".gather", axis=0)
            ax0 = self.const(self.fresh(name + ".axes"),
                             np.array([0], np.int64))
            out.append(self.node("Unsqueeze", [dim, ax0], name + ".unsqueeze"))
        return out

    def reshape(self, x: str, parts: Sequence, name: str) -> str:
        """Reshape to Concat(parts): each part a value name (a dynamic dim)
        or a list of ints (static dims, an i64 initializer)."""
        inputs = []
        for part in parts:
            if isinstance(part, str):
                inputs.append(part)
            else:
                inputs.append(self.const(self.fresh(name + ".dims"),
                                         np.array(part, np.int64)))
        shape = self.node("Concat", inputs, name + ".concat", axis=0)
        return self.node("Reshape", [x, shape], name)

    def flatten_chain(self, x: str, name: str) -> str:
        """x.view(x.size(0), -1) with a dynamic batch."""
        (batch,) = self.dims_of(x, [0], name)
        return self.reshape(x, [batch, [-1]], name)

    def gemm(self, x: str, name: str, fin: int, fout: int) -> str:
        """nn.Linear on a 2-D input: Gemm with transB=1, weight [out, in]."""
        w = self.weight(name + ".weight", [fout, fin])
        b = self.weight(name + ".bias", [fout], 0.1)
        return self.node("Gemm", [x, w, b], name, alpha=1.0, beta=1.0,
                         transB=1)

    def linear_nd(self, x: str, name: str, fin: int, fout: int) -> str:
        """nn.Linear on a rank > 2 input: MatMul with the transposed weight
        (an initializer [in, out]) then Add of the bias."""
        w = self.weight(name + ".weight_t", [fin, fout],
                        math.sqrt(1.0 / fin))
        b = self.weight(name + ".bias", [fout], 0.02)
        y = self.node("MatMul", [x, w], name + ".matmul")
        return self.node("Add", [y, b], name)

    def finish(self, name: str, inputs, outputs,
               opset: int) -> onnx.ModelProto:
        """The checked ModelProto of the nodes and initializers so far."""
        graph = helper.make_graph(self.nodes, name, inputs, outputs,
                                  initializer=self.inits)
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", opset)],
            producer_name="strata-model-tests")
        # IR 8 is what onnx 1.13+-era exporters write for opset 17; opset 20
        # needs IR 9. onnxruntime 1.23 reads both.
        model.ir_version = 8 if opset <= 18 else 9
        onnx.checker.check_model(model, full_check=True)
        return model


def _f32(name: str, dims) -> onnx.ValueInfoProto:
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, dims)


#===----------------------------------------------------------------------===#
# 1. ResNet-style CNN
#===----------------------------------------------------------------------===#


def resnet(seed: int = 0) -> onnx.ModelProto:
    """A ResNet-18-shaped CNN at 1/4 width and 3 basic blocks.

    stem: conv 7x7 s2 (3 -> 16) + BN + ReLU + maxpool 3x3 s2;
    layer1: basic block 16 -> 16 (identity shortcut);
    layer2: basic block 16 -> 32, stride 2, 1x1 s2 conv + BN downsample;
    layer3: basic block 32 -> 32;
    global average pool, x.view(batch, -1), Linear 32 -> 10.
    Input [batch, 3, 64, 64], output logits [batch, 10].
    """
    g = _Graph(seed)

    def basic_block(x, name, cin, cout, stride):
        y = g.conv(x, name + ".conv1", cin, cout, 3, stride)
        y = g.bn(y, name + ".bn1", cout)
        y = g.node("Relu", [y], name + ".relu1")
        y = g.conv(y, name + ".conv2", cout, cout, 3)
        y = g.bn(y, name + ".bn2", cout)
        if stride != 1 or cin != cout:
            sc = g.conv(x, name + ".downsample.0", cin, cout, 1, stride)
            sc = g.bn(sc, name + ".downsample.1", cout)
        else:
            sc = x
        y = g.node("Add", [y, sc], name + ".add")
        return g.node("Relu", [y], name + ".relu2")

    x = g.conv("input", "conv1", 3, 16, 7, 2)
    x = g.bn(x, "bn1", 16)
    x = g.node("Relu", [x], "relu")
    x = g.node("MaxPool", [x], "maxpool", kernel_shape=[3, 3],
               strides=[2, 2], pads=[1, 1, 1, 1], ceil_mode=0)
    x = basic_block(x, "layer1.0", 16, 16, 1)
    x = basic_block(x, "layer2.0", 16, 32, 2)
    x = basic_block(x, "layer3.0", 32, 32, 1)
    x = g.node("GlobalAveragePool", [x], "avgpool")
    x = g.flatten_chain(x, "flatten")
    x = g.gemm(x, "fc", 32, 10)
    g.nodes.append(helper.make_node("Identity", [x], ["logits"],
                                    name="output"))
    return g.finish("resnet_small", [_f32("input", ["batch", 3, 64, 64])],
                    [_f32("logits", ["batch", 10])], 17)


#===----------------------------------------------------------------------===#
# 2. MobileNetV2-style CNN
#===----------------------------------------------------------------------===#


def mobilenet(seed: int = 1) -> onnx.ModelProto:
    """A MobileNetV2-shaped CNN: stem, four inverted residual blocks, head.

    stem: conv 3x3 s2 (3 -> 16) + BN + ReLU6;
    blocks (expand t, out c, stride s): (1, 16, 1) without an expand conv
    like MobileNetV2's first block, (4, 24, 2), (4, 24, 1) with the
    residual add, (4, 32, 2); each is 1x1 expand + BN + ReLU6, depthwise
    3x3 (group = C) + BN + ReLU6, 1x1 project + BN (linear bottleneck);
    head: 1x1 conv 32 -> 128 + BN + ReLU6, global average pool, Flatten
    (torch.flatten(x, 1) exports as Flatten), Linear 128 -> 10.
    Input [batch, 3, 64, 64], output logits [batch, 10].
    """
    g = _Graph(seed)

    def inverted_residual(x, name, cin, cout, t, stride):
        hidden = cin * t
        y = x
        i = 0
        if t != 1:
            y = g.conv(y, f"{name}.conv.{i}.0", cin, hidden, 1)
            y = g.bn(y, f"{name}.conv.{i}.1", hidden)
            y = g.relu6(y, f"{name}.conv.{i}.2")
            i += 1
        y = g.conv(y, f"{name}.conv.{i}.0", hidden, hidden, 3, stride,
                   group=hidden)
        y = g.bn(y, f"{name}.conv.{i}.1", hidden)
        y = g.relu6(y, f"{name}.conv.{i}.2")
        i += 1
        y = g.conv(y, f"{name}.conv.{i}", hidden, cout, 1)
        y = g.bn(y, f"{name}.conv.{i + 1}", cout)
        if stride == 1 and cin == cout:
            y = g.node("Add", [x, y], name + ".add")
        return y

    x = g.conv("input", "features.0.0", 3, 16, 3, 2)
    x = g.bn(x, "features.0.1", 16)
    x = g.relu6(x, "features.0.2")
    x = inverted_residual(x, "features.1", 16, 16, 1, 1)
    x = inverted_residual(x, "features.2", 16, 24, 4, 2)
    x = inverted_residual(x, "features.3", 24, 24, 4, 1)
    x = inverted_residual(x, "features.4", 24, 32, 4, 2)
    x = g.conv(x, "features.5.0", 32, 128, 1)
    x = g.bn(x, "features.5.1", 128)
    x = g.relu6(x, "features.5.2")
    x = g.node("GlobalAveragePool", [x], "avgpool")
    x = g.node("Flatten", [x], "flatten", axis=1)
    x = g.gemm(x, "classifier.1", 128, 10)
    g.nodes.append(helper.make_node("Identity", [x], ["logits"],
                                    name="output"))
    return g.finish("mobilenet_small", [_f32("input", ["batch", 3, 64, 64])],
                    [_f32("logits", ["batch", 10])], 17)


#===----------------------------------------------------------------------===#
# 3. Transformer encoder layer
#===----------------------------------------------------------------------===#

HIDDEN = 64
HEADS = 4
FFN = 256
SEQ = 16


def transformer(seed: int = 2, gelu: str = "erf") -> onnx.ModelProto:
    """One post-LN transformer encoder layer (BERT's layout), hidden 64,
    4 heads of 16, FFN 256, input [batch, seq, 64] (both dims symbolic).

    attention: q/k/v = MatMul + Add; each reshaped to [batch, seq, 4, 16]
    through the Shape/Gather/Unsqueeze/Concat chain of the dynamic dims and
    transposed to [batch, 4, seq, 16] (k to [batch, 4, 16, seq]);
    scores = MatMul(q, k^T) / sqrt(16) (Div); Softmax(axis=-1);
    MatMul with v; Transpose back; Reshape to [batch, seq, 64]; output
    projection; residual Add; LayerNormalization (eps 1e-12 as BERT).
    FFN: Linear 64 -> 256, GELU, Linear 256 -> 64, residual Add,
    LayerNormalization.

    `gelu="erf"`: the opset-17 export of exact GELU,
    x * 0.5 * (1 + erf(x / sqrt(2))) as Div/Erf/Add/Mul/Mul;
    `gelu="op"`: the opset-20 Gelu op (approximate="none").
    """
    if gelu not in ("erf", "op"):
        raise ValueError(f"gelu must be 'erf' or 'op', not {gelu!r}")
    g = _Graph(seed)
    head_dim = HIDDEN // HEADS
    x = "input"

    batch, seq = g.dims_of(x, [0, 1], "dims")

    def heads(t, name, perm):
        t = g.reshape(t, [batch, seq, [HEADS, head_dim]], name + ".view")
        return g.node("Transpose", [t], name + ".transpose", perm=perm)

    q = heads(g.linear_nd(x, "attn.query", HIDDEN, HIDDEN), "attn.q",
              [0, 2, 1, 3])
    k = heads(g.linear_nd(x, "attn.key", HIDDEN, HIDDEN), "attn.k",
              [0, 2, 3, 1])
    v = heads(g.linear_nd(x, "attn.value", HIDDEN, HIDDEN), "attn.v",
              [0, 2, 1, 3])
    scores = g.node("MatMul", [q, k], "attn.scores")
    scale = g.const("attn.scale", np.float32(math.sqrt(head_dim)))
    scores = g.node("Div", [scores, scale], "attn.scale_div")
    probs = g.node("Softmax", [scores], "attn.softmax", axis=-1)
    ctx = g.node("MatMul", [probs, v], "attn.context")
    ctx = g.node("Transpose", [ctx], "attn.context.transpose",
                 perm=[0, 2, 1, 3])
    ctx = g.reshape(ctx, [batch, seq, [HIDDEN]], "attn.context.view")
    attn = g.linear_nd(ctx, "attn.output.dense", HIDDEN, HIDDEN)
    h = g.node("Add", [attn, x], "attn.residual")
    h = g.node("LayerNormalization",
               [h, g.const("attn.ln.weight",
                           (1.0 + 0.1 * g.rng.standard_normal(HIDDEN))
                           .astype(np.float32)),
                g.weight("attn.ln.bias", [HIDDEN], 0.1)],
               "attn.ln", axis=-1, epsilon=1e-12)

    f = g.linear_nd(h, "ffn.intermediate", HIDDEN, FFN)
    if gelu == "op":
        f = g.node("Gelu", [f], "ffn.gelu", approximate="none")
    else:
        sqrt2 = g.const("ffn.gelu.sqrt2", np.float32(math.sqrt(2.0)))
        one = g.const("ffn.gelu.one", np.float32(1.0))
        half = g.const("ffn.gelu.half", np.float32(0.5))
        e = g.node("Div", [f, sqrt2], "ffn.gelu.div")
        e = g.node("Erf", [e], "ffn.gelu.erf")
        e = g.node("Add", [e, one], "ffn.gelu.add")
        e = g.node("Mul", [f, e], "ffn.gelu.mul")
        f = g.node("Mul", [e, half], "ffn.gelu.mul_half")
    f = g.linear_nd(f, "ffn.output.dense", FFN, HIDDEN)
    y = g.node("Add", [f, h], "ffn.residual")
    y = g.node("LayerNormalization",
               [y, g.const("ffn.ln.weight",
                           (1.0 + 0.1 * g.rng.standard_normal(HIDDEN))
                           .astype(np.float32)),
                g.weight("ffn.ln.bias", [HIDDEN], 0.1)],
               "ffn.ln", axis=-1, epsilon=1e-12)
    g.nodes.append(helper.make_node("Identity", [y], ["hidden_states"],
                                    name="output"))
    return g.finish(f"transformer_{gelu}",
                    [_f32("input", ["batch", "seq", HIDDEN])],
                    [_f32("hidden_states", ["batch", "seq", HIDDEN])],
                    17 if gelu == "erf" else 20)


#===----------------------------------------------------------------------===#
# 4. MLP
#===----------------------------------------------------------------------===#


def mlp(seed: int = 3) -> onnx.ModelProto:
    """Linear 64 -> 128, ReLU, Linear 128 -> 64, ReLU, Linear 64 -> 10,
    Softmax. Input [batch, 64], output probabilities [batch, 10]."""
    g = _Graph(seed)
    x = g.gemm("input", "fc1", 64, 128)
    x = g.node("Relu", [x], "relu1")
    x = g.gemm(x, "fc2", 128, 64)
    x = g.node("Relu", [x], "relu2")
    x = g.gemm(x, "fc3", 64, 10)
    g.nodes.append(helper.make_node("Softmax", [x], ["probs"],
                                    name="softmax", axis=-1))
    return g.finish("mlp", [_f32("input", ["batch", 64])],
                    [_f32("probs", ["batch", 10])], 17)


#===----------------------------------------------------------------------===#
# Registry
#===----------------------------------------------------------------------===#

#: name -> builder; the names are the pytest ids and bench.py's rows.
MODELS: Dict[str, Callable[[], onnx.ModelProto]] = {
    "resnet": resnet,
    "mobilenet": mobilenet,
    "transformer_erf": lambda: transformer(gelu="erf"),
    "transformer_gelu": lambda: transformer(gelu="op"),
    "mlp": mlp,
}

#: name -> input shape with the batch dim left out (the transformer's
#: first remaining dim is the sequence length, SEQ by default).
INPUT_SHAPES: Dict[str, tuple] = {
    "resnet": (3, 64, 64),
    "mobilenet": (3, 64, 64),
    "transformer_erf": (SEQ, HIDDEN),
    "transformer_gelu": (SEQ, HIDDEN),
    "mlp": (64,),
}


def build(name: str) -> onnx.ModelProto:
    """The model called `name` in MODELS."""
    return MODELS[name]()


def make_input(name: str, batch: int, seed: int = 100,
               seq: int = SEQ) -> np.ndarray:
    """A seeded standard-normal f32 input of model `name` for `batch`
    (and, for the transformers, sequence length `seq`)."""
    shape = INPUT_SHAPES[name]
    if name.startswith("transformer"):
        shape = (seq,) + shape[1:]
    rng = np.random.default_rng(seed + 1000 * batch + seq)
    return rng.standard_normal((batch,) + shape).astype(np.float32)


if __name__ == "__main__":
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out_dir, exist_ok=True)
    for model_name in MODELS:
        path = os.path.join(out_dir, model_name + ".onnx")
        onnx.save(build(model_name), path)
        print(path)
