#===- make_invalid_models.py - Malformed ONNX models for the importer ----===#
#
# `python3 make_invalid_models.py NAME OUT.onnx [OUT_DIR]` writes the model
# NAME: models ONNX's own code trips on (a zero stride made shape inference
# divide by zero and kill the interpreter) or that are wrong in a way the
# user can fix (a cycle, a negative size, an initializer of the wrong byte
# size, a zero Slice step or Range delta), for importer-validation.test;
# and, for importer-locations.test, valid models whose errors surface in the
# compiler or at run time (OUT_DIR gets their inputs).
#
#===----------------------------------------------------------------------===#

import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from generator_cli import main


def _model(nodes, inputs, outputs, inits=(), opset=17):
    graph = helper.make_graph(nodes, "test", inputs, outputs, list(inits))
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", opset)])


def _f32(name, dims):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, dims)


def _i64(name, values):
    return numpy_helper.from_array(np.array(values, np.int64), name)


def bad_attributes(out_dir):
    """Window and block attributes ONNX shape inference divides by or
    indexes with, every one wrong (a weight of another rank than the input
    gives the kernel), plus an unnamed node (named by its op type and
    index) and a negative dim: all reported together."""
    w = numpy_helper.from_array(np.ones((2, 2, 3, 3), np.float32), "w")
    n = helper.make_node
    return _model(
        [n("Conv", ["x", "w"], ["c"], name="conv_stride0", strides=[0, 1]),
         n("MaxPool", ["x"], ["p"], name="pool_kernel0", kernel_shape=[0, 2]),
         n("AveragePool", ["x"], ["a"], name="pool_pads",
           kernel_shape=[2, 2], pads=[0, -1, 0, 0]),
         n("ConvTranspose", ["x", "w"], ["t"], name="convt_group0", group=0),
         n("Conv", ["x", "w5"], ["l"], name="conv_rank"),
         n("Conv", ["x", "w"], ["d"], dilations=[1, -2]),
         n("DepthToSpace", ["x"], ["s"], name="d2s", blocksize=0),
         n("Col2Im", ["cols", "image", "block"], ["im"], name="col2im")],
        [_f32("x", [1, 2, 6, 6]), _f32("cols", [1, 8, 4]),
         _f32("neg", [3, -4])],
        [_f32(o, None) for o in ["c", "p", "a", "t", "l", "d", "s", "im"]],
        [w, numpy_helper.from_array(np.ones((2, 2, 3, 3, 3), np.float32),
                                    "w5"),
         _i64("image", [3, 3]), _i64("block", [2, 0])])


def bad_lengths(out_dir):
    """Per-dim lists of the wrong length: ONNX checks those itself, the
    handlers report them with the other problems of the model."""
    w = numpy_helper.from_array(np.ones((2, 2, 3, 3), np.float32), "w")
    n = helper.make_node
    return _model(
        [n("Conv", ["x", "w"], ["a"], name="conv_pads3", pads=[1, 1, 1]),
         n("MaxPool", ["x"], ["b"], name="pool_strides3",
           kernel_shape=[2, 2], strides=[1, 1, 1]),
         n("AveragePool", ["x"], ["c"], name="avg_kernel1",
           kernel_shape=[2]),
         n("Frobnicate", ["x"], ["d"], name="unknown_op")],
        [_f32("x", [1, 2, 6, 6])], [_f32(o, None) for o in "abcd"], [w])


def bad_tensors(out_dir):
    """An initializer whose raw_data is too short, a Constant whose
    float_data is too long, a negative dim in a value_info."""
    w = numpy_helper.from_array(np.ones((4, 4), np.float32), "w")
    w.raw_data = w.raw_data[:20]
    k = helper.make_tensor("k", TensorProto.FLOAT, [2], [1.0, 2.0, 3.0])
    model = _model(
        [helper.make_node("MatMul", ["x", "w"], ["m"], name="matmul"),
         helper.make_node("Constant", [], ["k"], name="const_k", value=k),
         helper.make_node("Add", ["m", "k"], ["y"], name="add")],
        [_f32("x", [1, 4])], [_f32("y", [1, 4])], [w])
    model.graph.value_info.append(_f32("m", [1, -4]))
    return model


def cycle(out_dir):
    """r1 reads r2's output and r2 r1's."""
    n = helper.make_node
    return _model(
        [n("Relu", ["b"], ["a"], name="r1"),
         n("Neg", ["a"], ["b"], name="r2"),
         n("Add", ["x", "a"], ["y"], name="add")],
        [_f32("x", [2])], [_f32("y", [2])])


def unsorted(out_dir):
    """Nodes out of topological order (and unnamed): imported in order."""
    n = helper.make_node
    return _model(
        [n("Add", ["r", "x"], ["y"]),
         n("Relu", ["x"], ["r"])],
        [_f32("x", [2])], [_f32("y", [2])])


def twice(out_dir):
    """Two nodes define one value."""
    n = helper.make_node
    return _model(
        [n("Relu", ["x"], ["y"], name="relu"),
         n("Neg", ["x"], ["y"], name="neg")],
        [_f32("x", [2])], [_f32("y", [2])])


def zero_steps(out_dir):
    """A constant Slice step of 0 and a Range delta of 0, and a Conv whose
    kernel is larger than its input (a negative inferred size)."""
    n = helper.make_node
    zero = numpy_helper.from_array(np.array(0, np.float32), "zero")
    w = numpy_helper.from_array(np.ones((1, 1, 5, 5), np.float32), "w")
    return _model(
        [n("Slice", ["x", "starts", "ends", "axes", "steps"], ["s"],
           name="slice"),
         n("Range", ["zero", "ten", "zero"], ["r"], name="range"),
         n("Conv", ["img", "w"], ["c"], name="conv_big_kernel")],
        [_f32("x", [4, 4]), _f32("img", [1, 1, 2, 2])],
        [_f32("s", None), _f32("r", None), _f32("c", None)],
        [_i64("starts", [0, 0]), _i64("ends", [4, 4]), _i64("axes", [0, 1]),
         _i64("steps", [1, 0]), zero, w,
         numpy_helper.from_array(np.array(10, np.float32), "ten")])


def runtime_step(out_dir):
    """A Slice whose steps are given at run time (graph.dynamic_slice), an
    unnamed Relu after it: a step of 0 fails the slice's run-time check,
    which names the node; step 2 runs."""
    n = helper.make_node
    model = _model(
        [n("Slice", ["x", "starts", "ends", "axes", "steps"], ["s"],
           name="slice_node"),
         n("Relu", ["s"], ["y"])],
        [_f32("x", [6]),
         helper.make_tensor_value_info("steps", TensorProto.INT64, [1])],
        [_f32("y", None)],
        [_i64("starts", [0]), _i64("ends", [6]), _i64("axes", [0])])
    if out_dir:
        np.save(os.path.join(out_dir, "x.npy"),
                np.arange(-3, 3, dtype=np.float32))
        np.save(os.path.join(out_dir, "good.npy"), np.array([2], np.int64))
        np.save(os.path.join(out_dir, "bad.npy"), np.array([0], np.int64))
    return model


def matmul_mismatch(out_dir):
    """A MatMul whose inner sizes ONNX shape inference lets through (they
    are declared differently than they can be): the compiler reports it,
    naming the node."""
    n = helper.make_node
    return _model(
        [n("MatMul", ["a", "b"], ["y"], name="matmul_node")],
        [_f32("a", [2, 3]), _f32("b", [4, 5])], [_f32("y", [2, 5])])


MODELS = {f.__name__: f for f in (bad_attributes, bad_lengths, bad_tensors,
                                  cycle, unsorted, twice, zero_steps,
                                  runtime_step, matmul_mismatch)}

if __name__ == "__main__":
    main(MODELS)
