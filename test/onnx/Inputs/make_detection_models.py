#===- make_detection_models.py - NonMaxSuppression models ---------------===#
#
# Writes the models of importer-nms.test:
#   nms OUT.onnx DIR - two NonMaxSuppression nodes on a symbolic number of
#                      boxes N: one on boxes [2, N, 4] in the
#                      center_point_box=1 format and scores [2, 2, N] whose
#                      max_output_boxes_per_class, iou_threshold and
#                      score_threshold are graph inputs, and one the way
#                      torchvision exports torchvision.ops.nms (boxes [N,
#                      4] and scores [N] unsqueezed, constant
#                      max_output_boxes_per_class and iou_threshold, the
#                      box column taken out of the result). Under DIR: the
#                      inputs of two runs and the results of the ONNX
#                      reference (onnx.reference.ReferenceEvaluator) for
#                      them: set 1 with tied scores, crossed corners and
#                      IoUs on the threshold; set 2 with no box above the
#                      score threshold (empty results).
#   bad OUT.onnx     - NonMaxSuppression nodes the importer reports: a bad
#                      center_point_box, boxes with 5 coordinates, and a
#                      max_output_boxes_per_class of two values.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

_INPUTS = ["boxes", "scores", "max_out", "iou", "min_score", "tv_boxes",
           "tv_scores"]


def nms(path, out_dir):
    inits = [
        numpy_helper.from_array(np.array([2**63 - 1], np.int64), "tv_max"),
        numpy_helper.from_array(np.array([0.5], np.float32), "tv_iou"),
        numpy_helper.from_array(np.array([0], np.int64), "zero"),
        numpy_helper.from_array(np.array([1], np.int64), "one"),
        numpy_helper.from_array(np.array([2], np.int64), "two"),
    ]
    nodes = [
        helper.make_node("NonMaxSuppression",
                         ["boxes", "scores", "max_out", "iou", "min_score"],
                         ["selected"], name="nms", center_point_box=1),
        helper.make_node("Unsqueeze", ["tv_boxes", "zero"], ["tv_b"]),
        helper.make_node("Unsqueeze", ["tv_scores", "zero"], ["tv_s1"]),
        helper.make_node("Unsqueeze", ["tv_s1", "zero"], ["tv_s"]),
        helper.make_node("NonMaxSuppression",
                         ["tv_b", "tv_s", "tv_max", "tv_iou"], ["tv_sel"],
                         name="tv_nms"),
        helper.make_node("Gather", ["tv_sel", "two"], ["tv_col"], axis=1),
        helper.make_node("Squeeze", ["tv_col", "one"], ["keep"]),
    ]
    graph = helper.make_graph(
        nodes, "nms",
        [helper.make_tensor_value_info("boxes", TensorProto.FLOAT,
                                       [2, "N", 4]),
         helper.make_tensor_value_info("scores", TensorProto.FLOAT,
                                       [2, 2, "N"]),
         helper.make_tensor_value_info("max_out", TensorProto.INT64, [1]),
         helper.make_tensor_value_info("iou", TensorProto.FLOAT, [1]),
         helper.make_tensor_value_info("min_score", TensorProto.FLOAT, [1]),
         helper.make_tensor_value_info("tv_boxes", TensorProto.FLOAT,
                                       ["M", 4]),
         helper.make_tensor_value_info("tv_scores", TensorProto.FLOAT,
                                       ["M"])],
        [helper.make_tensor_value_info("selected", TensorProto.INT64, None),
         helper.make_tensor_value_info("keep", TensorProto.INT64, None)],
        inits)
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17)])
    onnx.save(model, path)

    rng = np.random.default_rng(0)
    n, m = 9, 12
    # [x_center, y_center, width, height]: 1, 2 and 7 overlap 0 or 4 with
    # IoU 0.6, 2 overlaps 0 with 1/3, 3 overlaps 0 with exactly 1/2 (not
    # above the threshold), 5 and 6 are empty (never suppressed). The
    # second batch has the boxes in another order.
    boxes = np.array([[1, 1, 2, 2], [1.5, 1, 2, 2], [2, 1, 2, 2],
                      [1, 1, 2, 1], [5, 5, 2, 2], [5, 5, -2, 2],
                      [5, 5, 0, 2], [5.5, 5, 2, 2], [9, 9, 1, 1]],
                     np.float32)
    boxes = np.stack([boxes, boxes[rng.permutation(n)]])
    # Scores in quarters: ties, and some equal to the score threshold.
    scores = (rng.integers(0, 4, (2, 2, n)) / 4).astype(np.float32)
    # [x1, y1, x2, y2], some with crossed corners.
    corner = rng.integers(0, 5, (m, 2)).astype(np.float32)
    tv_boxes = np.concatenate([corner, corner + rng.choice(
        [-2, -1, 1, 2], (m, 2)).astype(np.float32)], -1)
    tv_scores = (rng.integers(0, 5, m) / 5).astype(np.float32)
    sets = {
        "1": [boxes, scores, np.array([3], np.int64),
              np.array([0.5], np.float32), np.array([0.25], np.float32),
              tv_boxes, tv_scores],
        "2": [boxes, scores, np.array([3], np.int64),
              np.array([0.5], np.float32), np.array([1.0], np.float32),
              tv_boxes[:0], tv_scores[:0]],
    }
    ref = ReferenceEvaluator(model)
    for name, values in sets.items():
        feeds = dict(zip(_INPUTS, values))
        for key, value in feeds.items():
            np.save(os.path.join(out_dir, f"{key}{name}.npy"), value)
        selected, keep = ref.run(None, feeds)
        np.save(os.path.join(out_dir, f"ref_selected{name}.npy"), selected)
        np.save(os.path.join(out_dir, f"ref_keep{name}.npy"), keep)


def bad(path):
    inits = [numpy_helper.from_array(np.array([1, 2], np.int64), "max2")]
    nodes = [
        helper.make_node("NonMaxSuppression", ["boxes", "scores"], ["a"],
                         name="center2", center_point_box=2),
        helper.make_node("NonMaxSuppression", ["boxes5", "scores"], ["b"],
                         name="five"),
        helper.make_node("NonMaxSuppression", ["boxes", "scores", "max2"],
                         ["c"], name="max2"),
    ]
    graph = helper.make_graph(
        nodes, "bad",
        [helper.make_tensor_value_info("boxes", TensorProto.FLOAT,
                                       [1, 6, 4]),
         helper.make_tensor_value_info("boxes5", TensorProto.FLOAT,
                                       [1, 6, 5]),
         helper.make_tensor_value_info("scores", TensorProto.FLOAT,
                                       [1, 1, 6])],
        [helper.make_tensor_value_info(o, TensorProto.INT64, None)
         for o in "abc"], inits)
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17)]), path)


if __name__ == "__main__":
    if sys.argv[1] == "nms":
        nms(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
