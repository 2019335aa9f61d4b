#===- make_models.py - Small ONNX models for the importer's lit tests ----===#
#
# `python3 make_models.py NAME OUT.onnx [OUT_DIR]` writes the model NAME,
# built with onnx.helper, and for the models that are run end to end also
# an input (x.npy) and the numpy reference output (ref.npy) into OUT_DIR.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

rng = np.random.default_rng(0)


def _model(nodes, inputs, outputs, inits=(), opset=17):
    graph = helper.make_graph(nodes, "test", inputs, outputs, list(inits))
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", opset)])


def conv_relu(out_dir):
    """Conv (27-element weight: a blob) + Relu with a symbolic batch."""
    w = rng.standard_normal((1, 3, 3, 3)).astype(np.float32)
    b = np.array([0.5], dtype=np.float32)
    model = _model(
        [helper.make_node("Conv", ["x", "w", "b"], ["c"], name="conv1",
                          pads=[1, 1, 1, 1]),
         helper.make_node("Relu", ["c"], ["y"], name="relu1")],
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["batch", 3, 4, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT,
                                       ["batch", 1, 4, 4])],
        [helper.make_tensor("w", TensorProto.FLOAT, w.shape, w.reshape(-1)),
         helper.make_tensor("b", TensorProto.FLOAT, b.shape, b)])
    if out_dir:
        x = rng.standard_normal((2, 3, 4, 4)).astype(np.float32)
        xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        ref = np.zeros((2, 1, 4, 4), np.float32)
        for i in range(4):
            for j in range(4):
                ref[:, 0, i, j] = np.einsum("nchw,chw->n",
                                            xp[:, :, i:i + 3, j:j + 3], w[0])
        ref = np.maximum(ref + b[0], 0)
        np.save(os.path.join(out_dir, "x.npy"), x)
        np.save(os.path.join(out_dir, "ref.npy"), ref)
    return model


def resources(out_dir):
    """Initializers of several element types, each 16 elements: blobs."""
    names = [("f32", TensorProto.FLOAT, np.arange(16, dtype=np.float32)),
             ("f16", TensorProto.FLOAT16, np.arange(16, dtype=np.float16)),
             ("i64", TensorProto.INT64, np.arange(16, dtype=np.int64)),
             ("i8", TensorProto.INT8, np.arange(16, dtype=np.int8)),
             ("bool", TensorProto.BOOL, np.arange(16) % 3 == 0)]
    inits = [helper.make_tensor(f"w.{n}", t, [16], a.tolist())
             for n, t, a in names]
    small = helper.make_tensor("small", TensorProto.FLOAT, [2],
                               [1.5, -0.25])
    nodes = [helper.make_node("Identity", [f"w.{n}"], [f"out_{n}"],
                              name=f"id_{n}") for n, _, _ in names]
    nodes.append(helper.make_node("Add", ["x", "small"], ["out_small"],
                                  name="add_small"))
    outs = [helper.make_tensor_value_info(f"out_{n}", t, [16])
            for n, t, _ in names]
    outs.append(helper.make_tensor_value_info("out_small", TensorProto.FLOAT,
                                              [2]))
    return _model(nodes,
                  [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
                  outs, inits + [small])


def shape_chain(out_dir):
    """PyTorch's flatten: Shape -> Gather -> Unsqueeze -> Concat -> Reshape,
    then MatMul + Add (Gemm-like) + Softmax, batch symbolic."""
    w = rng.standard_normal((12, 5)).astype(np.float32)
    bias = rng.standard_normal((5,)).astype(np.float32)
    nodes = [
        helper.make_node("Shape", ["x"], ["s"], name="/Shape"),
        helper.make_node("Constant", [], ["zero"], name="/Constant",
                         value=helper.make_tensor("z", TensorProto.INT64, [],
                                                  [0])),
        helper.make_node("Gather", ["s", "zero"], ["n"], name="/Gather",
                         axis=0),
        helper.make_node("Constant", [], ["axes"], name="/Constant_1",
                         value=helper.make_tensor("a", TensorProto.INT64, [1],
                                                  [0])),
        helper.make_node("Unsqueeze", ["n", "axes"], ["n1"],
                         name="/Unsqueeze"),
        helper.make_node("Constant", [], ["m1"], name="/Constant_2",
                         value=helper.make_tensor("m", TensorProto.INT64, [1],
                                                  [-1])),
        helper.make_node("Concat", ["n1", "m1"], ["shape"], name="/Concat",
                         axis=0),
        helper.make_node("Reshape", ["x", "shape"], ["flat"], name="/Reshape"),
        helper.make_node("MatMul", ["flat", "w"], ["mm"], name="/fc/MatMul"),
        helper.make_node("Add", ["mm", "bias"], ["logits"], name="/fc/Add"),
        helper.make_node("Softmax", ["logits"], ["y"], name="/Softmax",
                         axis=-1),
    ]
    model = _model(
        nodes,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                       ["N", 3, 2, 2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 5])],
        [helper.make_tensor("w", TensorProto.FLOAT, w.shape, w.reshape(-1)),
         helper.make_tensor("bias", TensorProto.FLOAT, bias.shape, bias)],
        opset=13)
    if out_dir:
        x = rng.standard_normal((3, 3, 2, 2)).astype(np.float32)
        logits = x.reshape(3, -1) @ w + bias
        e = np.exp(logits - logits.max(-1, keepdims=True))
        np.save(os.path.join(out_dir, "x.npy"), x)
        np.save(os.path.join(out_dir, "ref.npy"), e / e.sum(-1, keepdims=True))
    return model


def many_errors(out_dir):
    """Seven independent problems the importer must report together, of
    kinds that stay unsupported as the importer grows (a foreign domain,
    string and complex types, a float Slice bound)."""
    nodes = [
        helper.make_node("ConvTranspose", ["x", "w"], ["c"], name="ConvT_3",
                         auto_pad="SAME_LOWER"),
        helper.make_node("Frobnicate", ["x"], ["sin"], name="Sin_1",
                         domain="com.example"),
        helper.make_node("Cast", ["x"], ["d"], name="Cast_2",
                         to=TensorProto.STRING),
        helper.make_node("ImageDecoder", ["x"], ["v"], name="Decode_7"),
        helper.make_node("Slice", ["x", "starts", "ends"], ["s"],
                         name="Slice_9"),
        helper.make_node("MaxPool", ["x"], ["p"], name="pool",
                         kernel_shape=[2, 2], storage_order=1),
        helper.make_node("Add", ["u", "u"], ["uu"], name="Add_complex"),
        # Fine by itself, but its input comes from a node with a problem:
        # not reported again.
        helper.make_node("Relu", ["sin"], ["r"], name="relu_of_sin"),
    ]
    w = np.zeros((1, 1, 3, 3), np.float32)
    graph = helper.make_graph(
        nodes, "test",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 4, 4]),
         helper.make_tensor_value_info("starts", TensorProto.FLOAT, [1]),
         helper.make_tensor_value_info("ends", TensorProto.INT64, [1]),
         helper.make_tensor_value_info("u", TensorProto.COMPLEX64, [2])],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, None)
         for n in ["c", "r", "s", "p"]] +
        [helper.make_tensor_value_info("v", TensorProto.UINT8, None),
         helper.make_tensor_value_info("d", TensorProto.STRING, None),
         helper.make_tensor_value_info("uu", TensorProto.COMPLEX64, [2])],
        [helper.make_tensor("w", TensorProto.FLOAT, w.shape, w.reshape(-1))])
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 20), helper.make_opsetid("com.example", 1)])


MODELS = {f.__name__: f for f in (conv_relu, resources, shape_chain,
                                  many_errors)}

if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in MODELS:
        sys.exit(f"usage: make_models.py {{{','.join(MODELS)}}} OUT.onnx "
                 "[OUT_DIR]")
    out_dir = sys.argv[3] if len(sys.argv) == 4 else None
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    onnx.save(MODELS[sys.argv[1]](out_dir), sys.argv[2])
