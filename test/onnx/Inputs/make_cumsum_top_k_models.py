#===- make_cumsum_top_k_models.py - CumSum / TopK importer models --------===#
#
# Writes the models of importer-cumsum-top-k.test:
#   chain OUT.onnx DIR - CumSum (constant axis, reverse) then TopK (constant
#                        k, smallest) on a symbolic batch, plus DIR/x.npy and
#                        the numpy reference DIR/values.npy, DIR/indices.npy;
#   bad OUT.onnx       - a CumSum whose axis has two elements and a TopK of
#                        a 0-D input, which the importer reports.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def chain(path, out_dir):
    axis = numpy_helper.from_array(np.array(1, np.int64), "axis")
    k = numpy_helper.from_array(np.array([3], np.int64), "k")
    nodes = [
        helper.make_node("CumSum", ["x", "axis"], ["c"], name="cumsum",
                         reverse=1),
        helper.make_node("TopK", ["c", "k"], ["v", "i"], name="topk",
                         axis=-1, largest=0),
    ]
    graph = helper.make_graph(
        nodes, "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 6])],
        [helper.make_tensor_value_info("v", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("i", TensorProto.INT64, None)],
        [axis, k])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("",
                                                                        17)])
    onnx.save(model, path)
    x = np.array([[3, -1, 2, 0, 5, -4], [1, 1, 1, 1, 1, 1],
                  [0, 2, -2, 2, -2, 0]], np.float32)
    c = np.flip(np.cumsum(np.flip(x, 1), 1), 1)
    order = np.argsort(c, axis=1, kind="stable")[:, :3]
    np.save(os.path.join(out_dir, "x.npy"), x)
    np.save(os.path.join(out_dir, "values.npy"),
            np.take_along_axis(c, order, 1))
    np.save(os.path.join(out_dir, "indices.npy"), order.astype(np.int64))


def bad(path):
    axis = numpy_helper.from_array(np.array([0, 1], np.int64), "axis")
    k = numpy_helper.from_array(np.array([1], np.int64), "k")
    nodes = [
        helper.make_node("CumSum", ["x", "axis"], ["c"], name="cumsum"),
        helper.make_node("TopK", ["s", "k"], ["v", "i"], name="topk"),
    ]
    graph = helper.make_graph(
        nodes, "bad",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
         helper.make_tensor_value_info("s", TensorProto.FLOAT, [])],
        [helper.make_tensor_value_info("c", TensorProto.FLOAT, [2, 3]),
         helper.make_tensor_value_info("v", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("i", TensorProto.INT64, None)],
        [axis, k])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("",
                                                                        17)])
    onnx.save(model, path)


if __name__ == "__main__":
    if sys.argv[1] == "chain":
        chain(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
