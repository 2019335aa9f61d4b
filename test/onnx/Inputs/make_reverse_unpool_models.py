#===- make_reverse_unpool_models.py - ReverseSequence/MaxUnpool/Einsum ---===#
#
# Writes the models of importer-reverse-unpool.test:
#   ops OUT.onnx DIR - one model with symbolic sizes: ReverseSequence along
#                      a symbolic time axis 0 (rank 3) and along a static
#                      time axis 1 of int32 data (rank 2, symbolic batch);
#                      MaxUnpool of a MaxPool's values and indices without
#                      and with a computed output_shape; Einsum diagonals
#                      ('...ii->...i' of a symbolic size, 'bii,bij->bj',
#                      the implicit 'jii'). Writes the inputs (in0..in10)
#                      and the references of onnx.reference (ref0..ref6)
#                      under DIR;
#   bad OUT.onnx     - forms the importer reports: equal batch and time
#                      axes, a MaxUnpool whose strides do not match its
#                      kernel, an Einsum output that repeats a subscript.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

F, I32, I64 = TensorProto.FLOAT, TensorProto.INT32, TensorProto.INT64


def _info(name, elem, dims):
    return helper.make_tensor_value_info(name, elem, dims)


def ops(path, out_dir):
    nodes = [
        helper.make_node("ReverseSequence", ["seq", "seq_lens"], ["rev_t"],
                         name="rev_time", time_axis=0, batch_axis=1),
        helper.make_node("ReverseSequence", ["rows", "row_lens"], ["rev_b"],
                         name="rev_batch", time_axis=1, batch_axis=0),
        helper.make_node("MaxUnpool", ["pooled", "where"], ["unpool"],
                         name="unpool", kernel_shape=[2, 2], strides=[2, 2],
                         pads=[0, 0, 0, 1]),
        helper.make_node("MaxUnpool", ["pooled", "where", "out_shape"],
                         ["unpool_to"], name="unpool_to",
                         kernel_shape=[2, 2], strides=[2, 2],
                         pads=[0, 0, 0, 1]),
        helper.make_node("Einsum", ["sq"], ["diag"], name="diag",
                         equation="...ii->...i"),
        helper.make_node("Einsum", ["sq3", "mat"], ["diag_mm"],
                         name="diag_mm", equation="bii,bij->bj"),
        helper.make_node("Einsum", ["cube"], ["traces"], name="traces",
                         equation="jii"),
    ]
    inputs = [
        _info("seq", F, ["T", 3, 2]), _info("seq_lens", I64, [3]),
        _info("rows", I32, ["B", 5]), _info("row_lens", I64, ["B"]),
        _info("pooled", F, ["N", 2, 2, 2]), _info("where", I64,
                                                  ["N", 2, 2, 2]),
        _info("out_shape", I64, [4]),
        _info("sq", F, ["B", "n", "n"]), _info("sq3", F, ["B", 3, 3]),
        _info("mat", F, ["B", 3, 4]), _info("cube", F, [2, 4, 4]),
    ]
    outputs = ["rev_t", "rev_b", "unpool", "unpool_to", "diag", "diag_mm",
               "traces"]
    graph = helper.make_graph(nodes, "reverse_unpool", inputs,
                              [_info(o, I32 if o == "rev_b" else F, None)
                               for o in outputs])
    model = helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 18)])
    onnx.save(model, path)

    rng = np.random.default_rng(0)
    # The values and indices a MaxPool of a [2, 2, 4, 3] image gives (with
    # the same kernel, strides and pads), as the model's producer would.
    image = rng.standard_normal((2, 2, 4, 3)).astype(np.float32)
    pool = helper.make_node("MaxPool", ["x"], ["y", "i"], kernel_shape=[2, 2],
                            strides=[2, 2], pads=[0, 0, 0, 1])
    pooled, where = ReferenceEvaluator(pool).run(None, {"x": image})
    feeds = {
        "seq": rng.standard_normal((4, 3, 2)).astype(np.float32),
        "seq_lens": np.array([4, 1, 3], np.int64),  # 1: unchanged
        "rows": np.arange(15, dtype=np.int32).reshape(3, 5),
        "row_lens": np.array([5, 2, 3], np.int64),
        "pooled": pooled, "where": where.astype(np.int64),
        "out_shape": np.array([2, 2, 6, 4], np.int64),
        "sq": rng.standard_normal((2, 5, 5)).astype(np.float32),
        "sq3": rng.standard_normal((2, 3, 3)).astype(np.float32),
        "mat": rng.standard_normal((2, 3, 4)).astype(np.float32),
        "cube": rng.standard_normal((2, 4, 4)).astype(np.float32),
    }
    # Values elsewhere than on the diagonal must not leak into it.
    feeds["sq"][0, 0, 1] = np.inf
    feeds["sq"][1, 2, 0] = np.nan
    for i, name in enumerate(i.name for i in inputs):
        np.save(os.path.join(out_dir, f"in{i}.npy"), feeds[name])
    refs = ReferenceEvaluator(model).run(None, feeds)
    numpy_refs = [np.einsum("...ii->...i", feeds["sq"]),
                  np.einsum("bii,bij->bj", feeds["sq3"], feeds["mat"]),
                  np.einsum("jii", feeds["cube"])]
    for got, want in zip(refs[4:], numpy_refs):
        assert np.allclose(got, want, equal_nan=True), (got, want)
    for i, ref in enumerate(refs):
        np.save(os.path.join(out_dir, f"ref{i}.npy"), ref)


def bad(path):
    nodes = [
        helper.make_node("ReverseSequence", ["seq", "seq_lens"], ["rev"],
                         name="rev", time_axis=1, batch_axis=1),
        helper.make_node("MaxUnpool", ["pooled", "where"], ["unpool"],
                         name="unpool", kernel_shape=[2, 2], strides=[2]),
        helper.make_node("Einsum", ["sq"], ["twice"], name="twice",
                         equation="ij->ii"),
    ]
    graph = helper.make_graph(
        nodes, "bad",
        [_info("seq", F, [4, 3, 2]), _info("seq_lens", I64, [3]),
         _info("pooled", F, [1, 1, 2, 2]), _info("where", I64, [1, 1, 2, 2]),
         _info("sq", F, [3, 3])],
        [helper.make_tensor_value_info(o, F, None)
         for o in ("rev", "unpool", "twice")])
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 18)]), path)


if __name__ == "__main__":
    if sys.argv[1] == "ops":
        ops(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
