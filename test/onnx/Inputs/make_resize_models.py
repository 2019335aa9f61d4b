#===- make_resize_models.py - Resize models for the importer's lit tests --===#
#
# `python3 make_resize_models.py NAME OUT.onnx [OUT_DIR]` writes the model
# NAME; for `modes` also its inputs (<name>.npy) and the outputs of onnx's
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


def _model(nodes, inputs, outputs):
    graph = helper.make_graph(nodes, "test", inputs, outputs)
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 19)])


def modes(out_dir):
    """The Resize forms decomposed in the importer, on a symbolic batch,
    with roi, scales and sizes given at run time: tf_crop_and_resize
    (linear, an extrapolation value), antialias (cubic downsampling by a
    scale, exclude_outside) and keep_aspect_ratio_policy=not_smaller."""
    f32, i64 = TensorProto.FLOAT, TensorProto.INT64
    model = _model(
        [helper.make_node("Resize", ["x", "roi", "", "crop_sizes"], ["crop"],
                          name="crop", mode="linear",
                          coordinate_transformation_mode="tf_crop_and_resize",
                          axes=[2, 3], extrapolation_value=7.5),
         helper.make_node("Resize", ["x", "", "aa_scales"], ["aa"],
                          name="aa", mode="cubic", antialias=1, axes=[2, 3],
                          exclude_outside=1, cubic_coeff_a=-0.5),
         helper.make_node("Resize", ["x", "", "", "keep_sizes"], ["keep"],
                          name="keep", mode="linear", axes=[2, 3],
                          keep_aspect_ratio_policy="not_smaller")],
        [value("x", f32, ["batch", 2, 9, 7]), value("roi", f32, [4]),
         value("crop_sizes", i64, [2]), value("aa_scales", f32, [2]),
         value("keep_sizes", i64, [2])],
        [value("crop", f32, ["batch", 2, 4, 5]),
         value("aa", f32, ["batch", 2, 4, 3]),
         value("keep", f32, ["batch", 2, None, None])])
    if out_dir:
        feeds = {"x": rng.standard_normal((2, 2, 9, 7)).astype(np.float32),
                 "roi": np.array([-0.1, 0.2, 0.8, 1.1], np.float32),
                 "crop_sizes": np.array([4, 5], np.int64),
                 "aa_scales": np.array([0.47, 0.44], np.float32),
                 "keep_sizes": np.array([4, 4], np.int64)}
        for name, arr in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), arr)
        refs = ReferenceEvaluator(model).run(None, feeds)
        for name, ref in zip(("crop", "aa", "keep"), refs):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def crop_cubic(out_dir):
    """tf_crop_and_resize in cubic mode: reported."""
    f32 = TensorProto.FLOAT
    return _model(
        [helper.make_node("Resize", ["x", "roi", "", "sizes"], ["y"],
                          name="crop_cubic", mode="cubic",
                          coordinate_transformation_mode="tf_crop_and_resize")],
        [value("x", f32, [1, 1, 4, 4]), value("roi", f32, [8]),
         value("sizes", TensorProto.INT64, [4])],
        [value("y", f32, [1, 1, 3, 3])])


MODELS = {f.__name__: f for f in (modes, crop_cubic)}

if __name__ == "__main__":
    main(MODELS)
