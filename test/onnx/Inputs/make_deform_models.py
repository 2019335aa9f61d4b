#===- make_deform_models.py - DeformConv models for the importer's tests --===#
#
# `python3 make_deform_models.py NAME OUT.onnx [OUT_DIR]` writes the model
# NAME; for `grouped` also its inputs (<name>.npy) and the output of onnx's
# reference implementation (ref.npy) into OUT_DIR.
#
#===----------------------------------------------------------------------===#

import os

import numpy as np
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

from generator_cli import main

rng = np.random.default_rng(0)
value = helper.make_tensor_value_info
F32 = TensorProto.FLOAT


def _model(node, inputs):
    graph = helper.make_graph([node], "test", inputs,
                              [value("y", F32, None)])
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 19)])


def grouped(out_dir):
    """DeformConv with two groups and two offset groups, strides, dilations
    and pads on a symbolic batch; offsets large enough to leave the image."""
    n_taps = 3 * 2
    model = _model(
        helper.make_node("DeformConv", ["x", "w", "offset", "b", "mask"],
                         ["y"], name="deform", group=2, offset_group=2,
                         strides=[2, 1], dilations=[1, 2], pads=[1, 0, 1, 2]),
        [value("x", F32, ["batch", 4, 7, 6]), value("w", F32, [4, 2, 3, 2]),
         value("offset", F32, ["batch", 2 * n_taps * 2, 4, 6]),
         value("b", F32, [4]), value("mask", F32, ["batch", 2 * n_taps, 4, 6])])
    if out_dir:
        feeds = {
            "x": rng.standard_normal((2, 4, 7, 6)).astype(np.float32),
            "w": rng.standard_normal((4, 2, 3, 2)).astype(np.float32),
            "offset": (rng.standard_normal((2, 24, 4, 6)) * 2.5).astype(
                np.float32),
            "b": rng.standard_normal(4).astype(np.float32),
            "mask": rng.uniform(0, 1, (2, 12, 4, 6)).astype(np.float32)}
        for name, arr in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), arr)
        ref = ReferenceEvaluator(model).run(None, feeds)[0]
        np.save(os.path.join(out_dir, "ref.npy"), ref)
    return model


def bad_offset(out_dir):
    """Offsets with channels for one tap too few: reported."""
    return _model(
        helper.make_node("DeformConv", ["x", "w", "offset"], ["y"],
                         name="bad_offset"),
        [value("x", F32, [1, 2, 5, 5]), value("w", F32, [3, 2, 3, 3]),
         value("offset", F32, [1, 16, 3, 3])])


MODELS = {f.__name__: f for f in (grouped, bad_offset)}

if __name__ == "__main__":
    main(MODELS)
