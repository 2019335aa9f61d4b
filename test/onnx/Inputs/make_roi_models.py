#===- make_roi_models.py - RoiAlign models for the importer's lit tests ---===#
#
# `python3 make_roi_models.py NAME OUT.onnx [OUT_DIR]` writes the model
# NAME; for `pools` also its inputs (<name>.npy) and the outputs of onnx's
# reference implementation (ref_<output>.npy) into OUT_DIR.
#
#===----------------------------------------------------------------------===#

import os

import numpy as np
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

from generator_cli import main

rng = np.random.default_rng(0)
value = helper.make_tensor_value_info
F32, I64 = TensorProto.FLOAT, TensorProto.INT64


def _model(nodes, inputs, outputs):
    graph = helper.make_graph(nodes, "test", inputs,
                              [value(o, F32, None) for o in outputs])
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 19)])


def pools(out_dir):
    """RoiAlign in both modes and coordinate modes on a symbolic batch and
    roi count; rois outside the image, tiny and reaching past the edge."""
    model = _model(
        [helper.make_node("RoiAlign", ["x", "rois", "batch"], ["avg"],
                          name="avg", output_height=3, output_width=4,
                          sampling_ratio=2, spatial_scale=0.5),
         helper.make_node("RoiAlign", ["x", "rois", "batch"], ["max"],
                          name="max", mode="max", output_height=2,
                          output_width=2, sampling_ratio=3,
                          coordinate_transformation_mode="output_half_pixel")],
        [value("x", F32, ["n", 3, 9, 11]), value("rois", F32, ["r", 4]),
         value("batch", I64, ["r"])], ["avg", "max"])
    if out_dir:
        rois = np.array([[-10, -10, -4, -2], [6, 6, 6.4, 6.2],
                         [2, 1, 30, 25], [0, 0, 21, 17]], np.float32)
        feeds = {"x": rng.standard_normal((2, 3, 9, 11)).astype(np.float32),
                 "rois": rois, "batch": np.array([1, 0, 1, 0], np.int64)}
        for name, arr in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), arr)
        refs = ReferenceEvaluator(model).run(None, feeds)
        for name, ref in zip(("avg", "max"), refs):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def adaptive(out_dir):
    """sampling_ratio=0 (a grid per roi size): reported."""
    return _model(
        [helper.make_node("RoiAlign", ["x", "rois", "batch"], ["y"],
                          name="adaptive", sampling_ratio=0)],
        [value("x", F32, [1, 3, 9, 11]), value("rois", F32, [2, 4]),
         value("batch", I64, [2])], ["y"])


MODELS = {f.__name__: f for f in (pools, adaptive)}

if __name__ == "__main__":
    main(MODELS)
