#===- make_pool_models.py - Dilated pools, integer MaxPool, ConvTranspose -===#
#
# Writes the models of importer-pool-convtranspose.test:
#   ops OUT.onnx DIR - one model (opset 22): AveragePool with dilations in
#                      2-D (padded, ceil_mode, padding not counted), 3-D
#                      (count_include_pad, ceil_mode) and 1-D; LpPool with
#                      dilations; MaxPool of uint8 (values above 127) and of
#                      int8 with dilations; ConvTranspose with an
#                      output_shape one beyond the full result (an end row
#                      and column of bias only), with auto_pad SAME_UPPER
#                      (odd total padding), SAME_LOWER with dilation, and
#                      SAME_UPPER with an output_shape below the full
#                      result, and a 1-D one with an output_shape. Writes
#                      the inputs (in0..in9) and the references of
#                      onnx.reference (ref0..ref10) under DIR;
#   bad OUT.onnx     - a ConvTranspose whose output_shape exceeds the full
#                      result by the stride, which the importer reports.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

F, U8, I8 = TensorProto.FLOAT, TensorProto.UINT8, TensorProto.INT8
I64 = TensorProto.INT64


def _info(name, elem, dims):
    return helper.make_tensor_value_info(name, elem, dims)


#: (output, element type) of the ops model, in order.
OUTPUTS = [
    ("avg2d", F), ("avg3d", F), ("avg1d", F), ("lp", F), ("max_u8", U8),
    ("max_i8", I8), ("ct_shape", F), ("ct_same_upper", F),
    ("ct_same_lower", F), ("ct_shape_crop", F), ("ct_1d", F),
    ("max_x", F), ("max_x_idx", I64), ("max_u8_taps", U8),
    ("max_u8_idx", I64),
]


def ops(path, out_dir):
    nodes = [
        helper.make_node("AveragePool", ["x"], ["avg2d"], name="avg2d",
                         kernel_shape=[2, 3], dilations=[2, 2],
                         strides=[2, 1], pads=[1, 1, 1, 1], ceil_mode=1),
        helper.make_node("AveragePool", ["v"], ["avg3d"], name="avg3d",
                         kernel_shape=[2, 2, 2], dilations=[2, 1, 2],
                         strides=[1, 2, 2], pads=[1, 0, 1, 0, 1, 1],
                         ceil_mode=1, count_include_pad=1),
        helper.make_node("AveragePool", ["l"], ["avg1d"], name="avg1d",
                         kernel_shape=[3], dilations=[3], pads=[2, 1]),
        helper.make_node("LpPool", ["x"], ["lp"], name="lp",
                         kernel_shape=[2, 2], dilations=[2, 1], p=3,
                         pads=[1, 0, 1, 1]),
        helper.make_node("MaxPool", ["u"], ["max_u8"], name="max_u8",
                         kernel_shape=[3, 3], strides=[2, 2],
                         pads=[1, 1, 1, 1]),
        helper.make_node("MaxPool", ["s"], ["max_i8"], name="max_i8",
                         kernel_shape=[2, 2], dilations=[2, 1],
                         pads=[1, 0, 0, 1]),
        helper.make_node("ConvTranspose", ["c", "w", "b"], ["ct_shape"],
                         name="ct_shape", strides=[3, 2],
                         output_shape=[10, 8]),
        helper.make_node("ConvTranspose", ["c", "w"], ["ct_same_upper"],
                         name="ct_same_upper", strides=[2, 2],
                         auto_pad="SAME_UPPER"),
        helper.make_node("ConvTranspose", ["c", "w2"], ["ct_same_lower"],
                         name="ct_same_lower", strides=[2, 2],
                         dilations=[2, 2], auto_pad="SAME_LOWER"),
        helper.make_node("ConvTranspose", ["c", "w", "b"], ["ct_shape_crop"],
                         name="ct_shape_crop", strides=[2, 2],
                         output_shape=[6, 5], auto_pad="SAME_UPPER"),
        helper.make_node("ConvTranspose", ["l", "w1"], ["ct_1d"],
                         name="ct_1d", strides=[3], output_shape=[33]),
        # Indices: column-major over a symbolic batch; row-major with ties.
        helper.make_node("MaxPool", ["x"], ["max_x", "max_x_idx"],
                         name="max_idx", kernel_shape=[2, 3], strides=[2, 1],
                         pads=[1, 0, 0, 1], ceil_mode=1, storage_order=1),
        helper.make_node("MaxPool", ["u"], ["max_u8_taps", "max_u8_idx"],
                         name="max_u8_idx", kernel_shape=[3, 3],
                         dilations=[1, 2]),
    ]
    inputs = [
        _info("x", F, ["N", 2, 6, 7]), _info("v", F, [1, 1, 5, 6, 5]),
        _info("l", F, [2, 3, 10]), _info("u", U8, [1, 2, 5, 5]),
        _info("s", I8, [1, 1, 4, 4]), _info("c", F, [1, 2, 3, 3]),
        _info("w", F, [2, 3, 3, 3]), _info("b", F, [3]),
        _info("w2", F, [2, 2, 2, 2]), _info("w1", F, [3, 2, 4]),
    ]
    graph = helper.make_graph(nodes, "pools", inputs,
                              [_info(o, e, None) for o, e in OUTPUTS])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 22)])
    onnx.save(model, path)

    rng = np.random.default_rng(0)
    feeds = {
        "x": rng.standard_normal((2, 2, 6, 7)).astype(np.float32),
        "v": rng.standard_normal((1, 1, 5, 6, 5)).astype(np.float32),
        "l": rng.standard_normal((2, 3, 10)).astype(np.float32),
        # Unsigned order: 128..255 must win over 0..127.
        "u": rng.integers(0, 256, (1, 2, 5, 5)).astype(np.uint8),
        "s": rng.integers(-128, 128, (1, 1, 4, 4)).astype(np.int8),
        "c": rng.standard_normal((1, 2, 3, 3)).astype(np.float32),
        "w": rng.standard_normal((2, 3, 3, 3)).astype(np.float32),
        "b": rng.standard_normal(3).astype(np.float32),
        "w2": rng.standard_normal((2, 2, 2, 2)).astype(np.float32),
        "w1": rng.standard_normal((3, 2, 4)).astype(np.float32),
    }
    for i, name in enumerate(i.name for i in inputs):
        np.save(os.path.join(out_dir, f"in{i}.npy"), feeds[name])
    refs = ReferenceEvaluator(model).run(None, feeds)
    for i, ref in enumerate(refs):
        np.save(os.path.join(out_dir, f"ref{i}.npy"), ref)


def bad(path):
    # The full result has 3 * (3 - 1) + 3 = 9 rows: 12 is the stride more.
    nodes = [helper.make_node("ConvTranspose", ["c", "w"], ["y"], name="big",
                              strides=[3, 2], output_shape=[12, 7])]
    graph = helper.make_graph(
        nodes, "bad",
        [_info("c", F, [1, 2, 3, 3]), _info("w", F, [2, 3, 3, 3])],
        [_info("y", F, None)])
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 22)]), path)


if __name__ == "__main__":
    if sys.argv[1] == "ops":
        ops(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
