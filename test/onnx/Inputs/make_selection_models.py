#===- make_selection_models.py - NonZero / Compress / Col2Im models -----===#
#
# Writes the models of importer-selection.test and importer-col2im.test:
#   selection OUT.onnx DIR - NonZero of a [N, 3] input with a symbolic batch
#                            and Compress of it along axis 0 and flattened,
#                            by a condition of symbolic length, plus the
#                            inputs and the numpy references under DIR
#                            (x, cond, ref_*: some selected; x0, cond0,
#                            ref0_*: none selected);
#   col2im OUT.onnx DIR    - Col2Im with constant image and block shapes,
#                            strides, pads and dilations, on a symbolic
#                            batch, plus DIR/x.npy and DIR/ref.npy;
#   bad OUT.onnx           - a NonZero of a 0-D input, a Compress by a 2-D
#                            condition and a Col2Im whose block shape does
#                            not match its columns, which the importer
#                            reports.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def selection(path, out_dir):
    nodes = [
        helper.make_node("NonZero", ["x"], ["nz"], name="nonzero"),
        helper.make_node("Compress", ["x", "cond"], ["rows"], name="rows",
                         axis=0),
        helper.make_node("Compress", ["x", "cond"], ["flat"], name="flat"),
    ]
    graph = helper.make_graph(
        nodes, "selection",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3]),
         helper.make_tensor_value_info("cond", TensorProto.BOOL, ["M"])],
        [helper.make_tensor_value_info("nz", TensorProto.INT64, None),
         helper.make_tensor_value_info("rows", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("flat", TensorProto.FLOAT, None)])
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 17)]), path)

    def write(prefix, x, cond):
        np.save(os.path.join(out_dir, f"x{prefix}.npy"), x)
        np.save(os.path.join(out_dir, f"cond{prefix}.npy"), cond)
        refs = {"nz": np.array(np.nonzero(x), np.int64),
                "rows": np.compress(cond, x, axis=0),
                "flat": np.compress(cond, x)}
        for name, ref in refs.items():
            np.save(os.path.join(out_dir, f"ref{prefix}_{name}.npy"), ref)

    # NaN and -0.0 count as non-zero and zero, as in numpy; the condition
    # is shorter than the 4 rows (rows past it are dropped).
    x = np.array([[0, 1.5, 0], [-0.0, 0, 0], [np.nan, -2, 3], [0, 0, 7]],
                 np.float32)
    write("", x, np.array([True, False, True], bool))
    write("0", np.zeros((5, 3), np.float32), np.zeros(2, bool))


def _col2im_reference(x, image, block, pads, strides, dilations):
    """The naive loop of the ONNX definition."""
    n, ck, _ = x.shape
    kernel = int(np.prod(block))
    channels = ck // kernel
    counts = [(image[d] + pads[d] + pads[len(image) + d] -
               dilations[d] * (block[d] - 1) - 1) // strides[d] + 1
              for d in range(len(image))]
    out = np.zeros((n, channels, *image), x.dtype)
    for c in range(channels):
        for k, offset in enumerate(np.ndindex(*block)):
            for l, where in enumerate(np.ndindex(*counts)):
                pos = [where[d] * strides[d] - pads[d] +
                       offset[d] * dilations[d] for d in range(len(image))]
                if all(0 <= p < s for p, s in zip(pos, image)):
                    out[(slice(None), c, *pos)] += x[:, c * kernel + k, l]
    return out


def col2im(path, out_dir):
    image, block = [5, 6], [2, 3]
    pads, strides, dilations = [1, 0, 0, 2], [2, 1], [1, 2]
    inits = [numpy_helper.from_array(np.array(image, np.int64), "image"),
             numpy_helper.from_array(np.array(block, np.int64), "block")]
    node = helper.make_node("Col2Im", ["x", "image", "block"], ["y"],
                            name="col2im", pads=pads, strides=strides,
                            dilations=dilations)
    # Blocks: (5 + 1 - 1 - 1) // 2 + 1 = 3 by (6 + 2 - 4 - 1) // 1 + 1 = 4.
    graph = helper.make_graph(
        [node], "col2im",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["N", 2 * 6, 12])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 18)]), path)
    x = np.random.default_rng(0).standard_normal((3, 12, 12)).astype(
        np.float32)
    np.save(os.path.join(out_dir, "x.npy"), x)
    np.save(os.path.join(out_dir, "ref.npy"),
            _col2im_reference(x, image, block, pads, strides, dilations))


def bad(path):
    inits = [numpy_helper.from_array(np.array([4, 4], np.int64), "image"),
             numpy_helper.from_array(np.array([2, 2], np.int64), "block")]
    nodes = [
        helper.make_node("NonZero", ["s"], ["nz"], name="nonzero"),
        helper.make_node("Compress", ["x", "c2"], ["sel"], name="compress"),
        helper.make_node("Col2Im", ["cols", "image", "block"], ["img"],
                         name="col2im"),
    ]
    graph = helper.make_graph(
        nodes, "bad",
        [helper.make_tensor_value_info("s", TensorProto.FLOAT, []),
         helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
         helper.make_tensor_value_info("c2", TensorProto.BOOL, [2, 3]),
         helper.make_tensor_value_info("cols", TensorProto.FLOAT,
                                       [1, 4, 10])],
        [helper.make_tensor_value_info("nz", TensorProto.INT64, None),
         helper.make_tensor_value_info("sel", TensorProto.FLOAT, None),
         helper.make_tensor_value_info("img", TensorProto.FLOAT, None)],
        inits)
    onnx.save(helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 18)]), path)


if __name__ == "__main__":
    if sys.argv[1] == "selection":
        selection(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "col2im":
        col2im(sys.argv[2], sys.argv[3])
    else:
        bad(sys.argv[2])
