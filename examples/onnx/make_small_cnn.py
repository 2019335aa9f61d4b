#!/usr/bin/env python3
"""Writes small_cnn.onnx: the README's example ONNX model.

A small image classifier in the shape PyTorch exports (opset 17): two conv
blocks (Conv + BatchNormalization + Relu, a MaxPool), a depthwise conv with
Clip (MobileNet's ReLU6), global average pooling, the Shape/Gather/
Unsqueeze/Concat/Reshape flatten chain of a dynamic batch, a Gemm and a
Softmax over 10 classes. Weights are random with a fixed seed, so the file
is reproducible: python3 examples/onnx/make_small_cnn.py [OUT.onnx]
"""

import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def build(seed: int = 0) -> onnx.ModelProto:
    rng = np.random.default_rng(seed)
    inits = []

    def weight(name, shape, scale=None):
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
        scale = scale if scale is not None else (2.0 / fan_in) ** 0.5
        array = (rng.standard_normal(shape) * scale).astype(np.float32)
        inits.append(numpy_helper.from_array(array, name))
        return name

    def const(name, array):
        inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def batchnorm(prefix, channels):
        return [
            weight(prefix + ".gamma", [channels], 0.1),
            weight(prefix + ".beta", [channels], 0.1),
            weight(prefix + ".mean", [channels], 0.1),
            const(prefix + ".var",
                  (rng.random(channels) + 0.5).astype(np.float32)),
        ]

    nodes = []
    x = "input"
    # Block 1: 3 -> 16 channels, 3x3, stride 2.
    nodes.append(helper.make_node(
        "Conv", [x, weight("conv1.w", [16, 3, 3, 3]), weight("conv1.b", [16], 0.1)],
        ["c1"], name="conv1", kernel_shape=[3, 3], strides=[2, 2],
        pads=[1, 1, 1, 1]))
    nodes.append(helper.make_node(
        "BatchNormalization", ["c1"] + batchnorm("bn1", 16), ["b1"],
        name="bn1", epsilon=1e-5))
    nodes.append(helper.make_node("Relu", ["b1"], ["r1"], name="relu1"))
    # Block 2: depthwise 3x3 + Clip(0, 6), then pointwise 16 -> 32.
    nodes.append(helper.make_node(
        "Conv", ["r1", weight("dw.w", [16, 1, 3, 3])], ["d2"], name="dwconv",
        kernel_shape=[3, 3], pads=[1, 1, 1, 1], group=16))
    nodes.append(helper.make_node(
        "Clip", ["d2", const("zero", np.float32(0)), const("six", np.float32(6))],
        ["k2"], name="relu6"))
    nodes.append(helper.make_node(
        "Conv", ["k2", weight("pw.w", [32, 16, 1, 1])], ["p2"], name="pwconv",
        kernel_shape=[1, 1]))
    nodes.append(helper.make_node(
        "BatchNormalization", ["p2"] + batchnorm("bn2", 32), ["b2"],
        name="bn2", epsilon=1e-5))
    nodes.append(helper.make_node("Relu", ["b2"], ["r2"], name="relu2"))
    nodes.append(helper.make_node(
        "MaxPool", ["r2"], ["m2"], name="maxpool", kernel_shape=[2, 2],
        strides=[2, 2]))
    nodes.append(helper.make_node("GlobalAveragePool", ["m2"], ["g"],
                                  name="gap"))
    # Flatten as PyTorch exports it with a dynamic batch.
    nodes.append(helper.make_node("Shape", ["g"], ["shape"], name="shape"))
    nodes.append(helper.make_node(
        "Gather", ["shape", const("axis0", np.int64(0))], ["batch"],
        name="gather", axis=0))
    nodes.append(helper.make_node(
        "Unsqueeze", ["batch", const("axes0", np.array([0], np.int64))],
        ["batch1"], name="unsqueeze"))
    nodes.append(helper.make_node(
        "Concat", ["batch1", const("minus1", np.array([-1], np.int64))],
        ["flat_shape"], name="concat", axis=0))
    nodes.append(helper.make_node("Reshape", ["g", "flat_shape"], ["flat"],
                                  name="flatten"))
    nodes.append(helper.make_node(
        "Gemm", ["flat", weight("fc.w", [10, 32]), weight("fc.b", [10], 0.1)],
        ["logits"], name="fc", transB=1))
    nodes.append(helper.make_node("Softmax", ["logits"], ["probs"],
                                  name="softmax", axis=-1))

    graph = helper.make_graph(
        nodes, "small_cnn",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT,
                                       ["batch", 3, 32, 32])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT,
                                       ["batch", 10])],
        initializer=inits)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17)],
        producer_name="strata-examples")
    model.ir_version = 8
    onnx.checker.check_model(model, full_check=True)
    return model


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "small_cnn.onnx"
    onnx.save(build(), out)
