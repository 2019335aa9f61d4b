#===- make_unique_det_models.py - Unique / TensorScatter / Det models ----===#
#
# Writes the models of importer-unique-det.test:
#   ops OUT.onnx DIR - one opset-24 model with symbolic sizes: Unique of a
#                      [N, 3] f32 input flattened (sorted, all four
#                      outputs) and along axis 0 (sorted=0: slices of a
#                      static size), Unique along axis 1 of a [R, C] int64
#                      input (slices of a symbolic size; values and counts
#                      only), TensorScatter in circular mode into a
#                      [B, 2, 5, 3] cache of a [B, 2, S, 3] update, and Det
#                      of [B, 3, 3]. Writes two sets of inputs (in*.npy:
#                      ties, NaN, -0.0, a wrapping write, a singular
#                      matrix; in*_0.npy: an empty Unique input, S = 0) and
#                      the references of onnx.reference (ref*.npy,
#                      ref*_0.npy) under DIR;
#   bad OUT.onnx     - forms the importer reports: a Unique axis out of
#                      range, a TensorScatter along the batch axis, a Det
#                      of matrices of a symbolic size.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

F, I64 = TensorProto.FLOAT, TensorProto.INT64

_OUTPUTS = [("y", F), ("first", I64), ("inverse", I64), ("counts", I64),
            ("rows", F), ("row_first", I64), ("row_inverse", I64),
            ("row_counts", I64), ("cols", I64), ("col_counts", I64),
            ("present", F), ("det", F)]


def _info(name, elem, dims):
    return helper.make_tensor_value_info(name, elem, dims)


def ops(path, out_dir):
    nodes = [
        helper.make_node("Unique", ["x"],
                         ["y", "first", "inverse", "counts"], name="flat"),
        helper.make_node("Unique", ["x"],
                         ["rows", "row_first", "row_inverse", "row_counts"],
                         name="rows", axis=0, sorted=0),
        helper.make_node("Unique", ["w"], ["cols", "", "", "col_counts"],
                         name="cols", axis=1),
        helper.make_node("TensorScatter", ["cache", "update", "where"],
                         ["present"], name="scatter", mode="circular"),
        helper.make_node("Det", ["m"], ["det"], name="det"),
    ]
    graph = helper.make_graph(
        nodes, "unique_det",
        [_info("x", F, ["N", 3]), _info("w", I64, ["R", "C"]),
         _info("cache", F, ["B", 2, 5, 3]),
         _info("update", F, ["B", 2, "S", 3]),
         _info("where", I64, ["B"]), _info("m", F, ["B", 3, 3])],
        [helper.make_tensor_value_info(n, e, None) for n, e in _OUTPUTS])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 24)])
    onnx.save(model, path)
    ref = ReferenceEvaluator(model)
    rng = np.random.default_rng(7)

    def write(suffix, inputs):
        for i, arr in enumerate(inputs):
            np.save(os.path.join(out_dir, f"in{i}{suffix}.npy"), arr)
        feeds = dict(zip(("x", "w", "cache", "update", "where", "m"),
                         inputs))
        for i, arr in enumerate(ref.run(None, feeds)):
            np.save(os.path.join(out_dir, f"ref{i}{suffix}.npy"),
                    np.asarray(arr))

    # Repeated rows and values, NaNs (one group flattened, apart as rows)
    # and -0.0 (equal to 0.0); a column repeated in w; write indices that
    # wrap around the cache; a singular matrix among the determinants.
    x = np.array([[2, 1, -0.0], [0.0, 1, 3], [2, 1, 0.0], [np.nan, 1, 3],
                  [0.0, 1, 3], [np.nan, 1, 3], [-1, 7, 2]], np.float32)
    w = np.array([[3, 1, 3, -2], [0, 5, 0, 5], [1, 1, 1, 1]], np.int64)
    m = rng.standard_normal((4, 3, 3)).astype(np.float32)
    m[1] = [[1, 2, 3], [2, 4, 6], [0, 1, 5]]
    write("", [x, w, rng.standard_normal((4, 2, 5, 3)).astype(np.float32),
               rng.standard_normal((4, 2, 3, 3)).astype(np.float32),
               np.array([0, 3, 4, 9], np.int64), m])
    write("_0", [np.zeros((0, 3), np.float32), w[:, :2],
                 rng.standard_normal((1, 2, 5, 3)).astype(np.float32),
                 np.zeros((1, 2, 0, 3), np.float32),
                 np.array([2], np.int64), m[:1]])


def bad(path):
    nodes = [
        helper.make_node("Unique", ["x"], ["y"], name="unique", axis=2),
        helper.make_node("TensorScatter", ["cache", "update"], ["present"],
                         name="scatter", axis=0),
        helper.make_node("Det", ["m"], ["det"], name="det"),
    ]
    graph = helper.make_graph(
        nodes, "bad",
        [_info("x", F, ["N", 3]), _info("cache", F, [4, 3]),
         _info("update", F, [1, 3]), _info("m", F, ["B", "M", "M"])],
        [helper.make_tensor_value_info(o, F, None)
         for o in ("y", "present", "det")])
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 24)]), path)


if __name__ == "__main__":
    if sys.argv[1] == "ops":
        ops(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
