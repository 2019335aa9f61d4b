#!/usr/bin/env python3
"""The models of bench/models, built as ONNX graphs with onnx.helper.

Each builder returns an onnx.ModelProto (opset 17, batch 1, random weights
from a fixed seed, so every run benchmarks the same model):

- mlp:          784 -> 2048 -> 2048 -> 10, Gemm + Relu;
- resnet18:     ResNet-18 as torchvision defines it (7x7/2 stem, 3x3/2 max
                pool, four stages of two BasicBlocks, 64..512 channels, 1x1/2
                projection shortcuts, global average pool, 1000 classes),
                224x224, Conv + BatchNormalization + Relu as PyTorch exports
                it without constant folding;
- mobilenetv2:  MobileNetV2 (width 1.0) as torchvision defines it (3x3/2
                stem of 32, seventeen inverted residual blocks with the
                (t, c, n, s) table of the paper, 1x1 to 1280, global average
                pool, 1000 classes), 224x224, ReLU6 as Clip(0, 6);
- bert_layer:   one BERT-base encoder layer: sequence 128, hidden 768,
                12 heads of 64, FFN 3072 with exact GELU (the Erf form
                PyTorch exports), post-LayerNorm, no attention mask.

    python3 bench/models/make_models.py OUT_DIR [NAME ...]
writes OUT_DIR/NAME.onnx for each model (all by default).
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


class Builder:
    """Accumulates nodes and initializers with unique names."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.nodes = []
        self.inits = []
        self.count = 0

    def name(self, prefix):
        self.count += 1
        return f"{prefix}_{self.count}"

    def weight(self, prefix, shape, scale=None):
        # He initialization keeps activations in a sane range through deep
        # stacks, so the output comparison is meaningful (no inf/NaN).
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
        scale = scale if scale is not None else (2.0 / fan_in) ** 0.5
        array = (self.rng.standard_normal(shape) * scale).astype(np.float32)
        name = self.name(prefix)
        self.inits.append(numpy_helper.from_array(array, name))
        return name

    def const(self, prefix, array):
        name = self.name(prefix)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def node(self, op, inputs, **attrs):
        out = self.name(op.lower())
        self.nodes.append(helper.make_node(op, inputs, [out], name=out,
                                           **attrs))
        return out

    def conv(self, x, cin, cout, k, stride=1, groups=1, bias=False):
        inputs = [x, self.weight("w", [cout, cin // groups, k, k])]
        if bias:
            inputs.append(self.weight("b", [cout], 0.1))
        pad = k // 2
        return self.node("Conv", inputs, kernel_shape=[k, k],
                         strides=[stride, stride], pads=[pad] * 4,
                         group=groups)

    def batchnorm(self, x, channels):
        gamma = self.const("gamma", (1.0 + 0.1 * self.rng.standard_normal(
            channels)).astype(np.float32))
        beta = self.weight("beta", [channels], 0.1)
        mean = self.weight("mean", [channels], 0.1)
        var = self.const("var", (self.rng.random(channels) + 0.5).astype(
            np.float32))
        return self.node("BatchNormalization", [x, gamma, beta, mean, var],
                         epsilon=1e-5)

    def relu6(self, x):
        return self.node("Clip", [x, self.const("zero", np.float32(0)),
                                  self.const("six", np.float32(6))])

    def linear(self, x, cin, cout):
        return self.node("Gemm", [x, self.weight("w", [cout, cin]),
                                  self.weight("b", [cout], 0.1)], transB=1)

    def model(self, graph_name, x_name, x_shape, y, y_shape):
        graph = helper.make_graph(
            self.nodes, graph_name,
            [helper.make_tensor_value_info(x_name, TensorProto.FLOAT,
                                           x_shape)],
            [helper.make_tensor_value_info(y, TensorProto.FLOAT, y_shape)],
            initializer=self.inits)
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", 17)],
            producer_name="strata-bench")
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


def mlp(seed=0):
    b = Builder(seed)
    x = b.node("Relu", [b.linear("input", 784, 2048)])
    x = b.node("Relu", [b.linear(x, 2048, 2048)])
    y = b.linear(x, 2048, 10)
    return b.model("mlp", "input", [1, 784], y, [1, 10])


def resnet18(seed=0):
    b = Builder(seed)
    x = b.node("Relu", [b.batchnorm(b.conv("input", 3, 64, 7, 2), 64)])
    x = b.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2],
               pads=[1, 1, 1, 1])
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        for block in range(2):
            s = stride if block == 0 else 1
            y = b.node("Relu", [b.batchnorm(b.conv(x, cin, cout, 3, s), cout)])
            y = b.batchnorm(b.conv(y, cout, cout, 3), cout)
            shortcut = x
            if s != 1 or cin != cout:
                shortcut = b.batchnorm(b.conv(x, cin, cout, 1, s), cout)
            x = b.node("Relu", [b.node("Add", [y, shortcut])])
            cin = cout
    x = b.node("Flatten", [b.node("GlobalAveragePool", [x])], axis=1)
    y = b.linear(x, 512, 1000)
    return b.model("resnet18", "input", [1, 3, 224, 224], y, [1, 1000])


def mobilenetv2(seed=0):
    b = Builder(seed)
    x = b.relu6(b.batchnorm(b.conv("input", 3, 32, 3, 2), 32))
    cin = 32
    for t, c, n, s in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2),
                       (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2),
                       (6, 320, 1, 1)):
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y = x
            if t != 1:
                y = b.relu6(b.batchnorm(b.conv(y, cin, hidden, 1), hidden))
            y = b.relu6(b.batchnorm(
                b.conv(y, hidden, hidden, 3, stride, groups=hidden), hidden))
            y = b.batchnorm(b.conv(y, hidden, c, 1), c)
            if stride == 1 and cin == c:
                y = b.node("Add", [x, y])
            x = y
            cin = c
    x = b.relu6(b.batchnorm(b.conv(x, cin, 1280, 1), 1280))
    x = b.node("Flatten", [b.node("GlobalAveragePool", [x])], axis=1)
    y = b.linear(x, 1280, 1000)
    return b.model("mobilenetv2", "input", [1, 3, 224, 224], y, [1, 1000])


def bert_layer(seed=0, seq=128, hidden=768, heads=12, ffn=3072):
    b = Builder(seed)
    head = hidden // heads

    def dense(x, cin, cout):
        # nn.Linear as PyTorch exports it for 3-D inputs: MatMul + Add.
        y = b.node("MatMul", [x, b.weight("w", [cin, cout], cin ** -0.5)])
        return b.node("Add", [y, b.weight("b", [cout], 0.02)])

    def layernorm(x):
        gamma = b.const("ln_gamma", (1.0 + 0.1 * b.rng.standard_normal(
            hidden)).astype(np.float32))
        return b.node("LayerNormalization",
                      [x, gamma, b.weight("ln_beta", [hidden], 0.1)],
                      axis=-1, epsilon=1e-12)

    def split_heads(x, perm):
        shape = b.const("shape", np.array([1, seq, heads, head], np.int64))
        return b.node("Transpose", [b.node("Reshape", [x, shape])], perm=perm)

    x = "input"
    q = split_heads(dense(x, hidden, hidden), [0, 2, 1, 3])
    k = split_heads(dense(x, hidden, hidden), [0, 2, 3, 1])
    v = split_heads(dense(x, hidden, hidden), [0, 2, 1, 3])
    scores = b.node("Div", [b.node("MatMul", [q, k]),
                            b.const("sqrt_d", np.float32(head ** 0.5))])
    probs = b.node("Softmax", [scores], axis=-1)
    ctx = b.node("Transpose", [b.node("MatMul", [probs, v])],
                 perm=[0, 2, 1, 3])
    ctx = b.node("Reshape", [ctx, b.const("shape", np.array(
        [1, seq, hidden], np.int64))])
    x1 = layernorm(b.node("Add", [dense(ctx, hidden, hidden), x]))
    # Exact GELU: 0.5 * x * (1 + erf(x / sqrt(2))).
    h = dense(x1, hidden, ffn)
    erf = b.node("Erf", [b.node("Div", [h, b.const("sqrt2", np.float32(
        2 ** 0.5))])])
    gelu = b.node("Mul", [b.node("Mul", [h, b.node("Add", [erf, b.const(
        "one", np.float32(1))])]), b.const("half", np.float32(0.5))])
    y = layernorm(b.node("Add", [dense(gelu, ffn, hidden), x1]))
    return b.model("bert_layer", "input", [1, seq, hidden], y,
                   [1, seq, hidden])


MODELS = {"mlp": mlp, "resnet18": resnet18, "mobilenetv2": mobilenetv2,
          "bert_layer": bert_layer}


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 0 if argv else 2
    out_dir, names = argv[0], argv[1:] or list(MODELS)
    os.makedirs(out_dir, exist_ok=True)
    for name in names:
        if name not in MODELS:
            print(f"error: unknown model '{name}' (known: "
                  f"{', '.join(MODELS)})", file=sys.stderr)
            return 2
        onnx.save(MODELS[name](), os.path.join(out_dir, f"{name}.onnx"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
