#===- make_models.py - Small ONNX models for the importer's lit tests ----===#
#
# `python3 make_models.py NAME OUT.onnx [OUT_DIR]` writes the model NAME,
# built with onnx.helper, and for the models that are run end to end also
# an input (x.npy) and the numpy reference output (ref.npy) into OUT_DIR.
#
#===----------------------------------------------------------------------===#

import os

import numpy as np
import onnx
from onnx import TensorProto, helper

from generator_cli import main

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
                         kernel_shape=[2, 2, 2]),
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


def windows_nd(out_dir):
    """1-D and 3-D window ops (Conv, ConvTranspose, MaxPool, AveragePool,
    LpPool, global pools) on a symbolic batch; the reference is ONNX's own
    (onnx.reference), but for GlobalMaxPool, which onnx 1.19's reduces
    over the wrong axes unless the input is 4-D: numpy's max."""
    def init(name, shape):
        a = rng.standard_normal(shape).astype(np.float32)
        return helper.make_tensor(name, TensorProto.FLOAT, shape,
                                  a.reshape(-1))
    node = helper.make_node
    nodes = [
        # 1-D: x1 is (batch, 4, 12).
        node("Conv", ["x1", "w1", "b1"], ["c1"], name="conv1d", group=2,
             pads=[1, 2], strides=[2], dilations=[2]),
        node("MaxPool", ["c1"], ["m1"], name="maxpool1d", kernel_shape=[3],
             strides=[2], auto_pad="SAME_UPPER"),
        node("AveragePool", ["c1"], ["a1"], name="avgpool1d",
             kernel_shape=[2], pads=[1, 1], strides=[2], ceil_mode=1,
             count_include_pad=1),
        node("ConvTranspose", ["m1", "wt1"], ["t1"], name="convt1d",
             strides=[2], pads=[1, 0], output_padding=[1]),
        node("GlobalMaxPool", ["x1"], ["g1"], name="gmaxpool1d"),
        # 3-D: x3 is (batch, 2, 5, 6, 7).
        node("Conv", ["x3", "w3"], ["c3"], name="conv3d",
             pads=[1, 0, 1, 0, 1, 1], strides=[2, 1, 2]),
        node("MaxPool", ["c3"], ["m3"], name="maxpool3d",
             kernel_shape=[2, 2, 2], strides=[1, 2, 2], ceil_mode=1),
        node("AveragePool", ["c3"], ["a3"], name="avgpool3d",
             kernel_shape=[3, 3, 3], pads=[1, 1, 1, 1, 1, 1]),
        node("ConvTranspose", ["x3", "wt3", "bt3"], ["t3"], name="convt3d",
             strides=[2, 1, 2], dilations=[1, 2, 1]),
        node("LpPool", ["x3"], ["l3"], name="lppool3d",
             kernel_shape=[2, 2, 2], p=2),
        node("GlobalAveragePool", ["c3"], ["g3"], name="gavgpool3d"),
    ]
    outputs = [("m1", [6, 3]), ("a1", [6, 4]), ("t1", [2, 7]), ("g1", [4, 1]),
               ("m3", [4, 2, 3, 2]), ("a3", [4, 3, 5, 4]),
               ("t3", [2, 10, 8, 14]), ("l3", [2, 4, 5, 6]),
               ("g3", [4, 1, 1, 1])]
    model = _model(
        nodes,
        [helper.make_tensor_value_info("x1", TensorProto.FLOAT,
                                       ["batch", 4, 12]),
         helper.make_tensor_value_info("x3", TensorProto.FLOAT,
                                       ["batch", 2, 5, 6, 7])],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, ["batch"] + d)
         for n, d in outputs],
        [init("w1", [6, 2, 3]), init("b1", [6]), init("wt1", [6, 2, 3]),
         init("w3", [4, 2, 2, 3, 3]), init("wt3", [2, 2, 2, 2, 2]),
         init("bt3", [2])],
        opset=19)
    if out_dir:
        from onnx.reference import ReferenceEvaluator
        feeds = {"x1": rng.standard_normal((3, 4, 12)).astype(np.float32),
                 "x3": rng.standard_normal((3, 2, 5, 6, 7)).astype(
                     np.float32)}
        refs = ReferenceEvaluator(model).run(None, feeds)
        refs[3] = feeds["x1"].max(axis=2, keepdims=True)
        for name, value in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), value)
        for (name, _), ref in zip(outputs, refs):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def windows_errors(out_dir):
    """Window ops the importer reports: a 4-D spatial input, AveragePool
    dilations, a ConvTranspose output_shape, a kernel_shape of the wrong
    length."""
    node = helper.make_node
    nodes = [
        node("Conv", ["x4", "w4"], ["c4"], name="conv4d"),
        node("AveragePool", ["x3"], ["a3"], name="avgpool_dilated",
             kernel_shape=[2, 2, 2], dilations=[2, 1, 1]),
        node("ConvTranspose", ["x1", "wt1"], ["t1"], name="convt_shape",
             output_shape=[9]),
        node("MaxPool", ["x1"], ["c1"], name="pool_kernel",
             kernel_shape=[2, 2]),
    ]
    value = helper.make_tensor_value_info
    return _model(
        nodes,
        [value("x4", TensorProto.FLOAT, [1, 1, 3, 3, 3, 3]),
         value("w4", TensorProto.FLOAT, [1, 1, 2, 2, 2, 2]),
         value("x3", TensorProto.FLOAT, [1, 1, 4, 4, 4]),
         value("x1", TensorProto.FLOAT, [1, 2, 5]),
         value("wt1", TensorProto.FLOAT, [2, 1, 3])],
        [value(n, TensorProto.FLOAT, None) for n in ["c4", "a3", "t1", "c1"]],
        opset=19)


def functions(out_dir):
    """Ops the importer expands into function bodies: CenterCropPad (a
    context-dependent schema function), HannWindow (a schema function whose
    body reads the defaulted `periodic`) of a run-time size, and a
    model-local function with an attribute, on a symbolic batch."""
    node = helper.make_node
    local = helper.make_function(
        "local", "ScaleAdd", ["a"], ["b"],
        [node("Constant", [], ["alpha"], value_float=0.0),
         helper.make_node("Constant", [], ["k"]),
         node("Mul", ["a", "k"], ["ak"]), node("Add", ["ak", "a"], ["b"])],
        [helper.make_opsetid("", 18)], ["alpha"])
    # The Constant takes its value from the caller's `alpha`.
    del local.node[0:2]
    k = helper.make_node("Constant", [], ["k"])
    k.attribute.append(helper.make_attribute_ref("value_float",
                                                 onnx.AttributeProto.FLOAT))
    k.attribute[0].ref_attr_name = "alpha"
    local.node.insert(0, k)
    nodes = [
        node("CenterCropPad", ["x", "shape"], ["c"], name="crop", axes=[1, 2]),
        node("HannWindow", ["n"], ["w"], name="hann"),
        node("ScaleAdd", ["x"], ["s"], name="scale", domain="local",
             alpha=0.5),
    ]
    value = helper.make_tensor_value_info
    model = helper.make_model(
        helper.make_graph(
            nodes, "test",
            [value("x", TensorProto.FLOAT, ["batch", 6, 10]),
             value("n", TensorProto.INT64, [])],
            [value("c", TensorProto.FLOAT, ["batch", 4, 12]),
             value("w", TensorProto.FLOAT, None),
             value("s", TensorProto.FLOAT, ["batch", 6, 10])],
            [helper.make_tensor("shape", TensorProto.INT64, [2], [4, 12])]),
        opset_imports=[helper.make_opsetid("", 18),
                       helper.make_opsetid("local", 1)],
        functions=[local])
    if out_dir:
        from onnx.reference import ReferenceEvaluator
        feeds = {"x": rng.standard_normal((3, 6, 10)).astype(np.float32),
                 "n": np.array(7, dtype=np.int64)}
        refs = ReferenceEvaluator(model).run(None, feeds)
        for name, val in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), val)
        for name, ref in zip(["c", "w", "s"], refs):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def functions_errors(out_dir):
    """A function op whose body holds an op the importer lacks (Bernoulli's
    RandomUniformLike): the problem names the body's node under the
    user's."""
    value = helper.make_tensor_value_info
    return _model(
        [helper.make_node("Bernoulli", ["x"], ["y"], name="coin")],
        [value("x", TensorProto.FLOAT, [4])],
        [value("y", TensorProto.FLOAT, [4])], opset=18)


def split_computed(out_dir):
    """Split by sizes given at run time, on a symbolic batch: one dynamic
    slice per output between running sums of the sizes."""
    value = helper.make_tensor_value_info
    model = _model(
        [helper.make_node("Split", ["x", "parts"], ["a", "b", "c"],
                          name="split", axis=1)],
        [value("x", TensorProto.FLOAT, ["batch", 6]),
         value("parts", TensorProto.INT64, [3])],
        [value(n, TensorProto.FLOAT, ["batch", None]) for n in "abc"],
        opset=18)
    if out_dir:
        x = rng.standard_normal((3, 6)).astype(np.float32)
        parts = np.array([1, 0, 5], np.int64)
        np.save(os.path.join(out_dir, "x.npy"), x)
        np.save(os.path.join(out_dir, "parts.npy"), parts)
        for name, ref in zip("abc", np.split(x, [1, 1], axis=1)):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def computed_shape_args(out_dir):
    """Unsqueeze/Squeeze axes, Tile repeats, Pad value/axes and wrap pads
    given at run time, on a symbolic batch: each becomes a reshape, expand,
    select or gather by sizes computed from them."""
    value = helper.make_tensor_value_info
    i64 = TensorProto.INT64
    model = _model(
        [helper.make_node("Unsqueeze", ["x", "ax_u"], ["u"], name="unsq"),
         helper.make_node("Squeeze", ["u", "ax_s"], ["sq"], name="sq"),
         helper.make_node("Tile", ["x", "reps"], ["t"], name="tile"),
         helper.make_node("Pad", ["x", "pads", "val", "pad_axes"], ["p"],
                          name="pad"),
         helper.make_node("Pad", ["x", "wpads"], ["w"], name="wrap",
                          mode="wrap")],
        [value("x", TensorProto.FLOAT, ["batch", 3]),
         value("ax_u", i64, [2]), value("ax_s", i64, [2]),
         value("reps", i64, [2]), value("pads", i64, [2]),
         value("val", TensorProto.FLOAT, []), value("pad_axes", i64, [1]),
         value("wpads", i64, [4])],
        [value("u", TensorProto.FLOAT, None),
         value("sq", TensorProto.FLOAT, None),
         value("t", TensorProto.FLOAT, None),
         value("p", TensorProto.FLOAT, None),
         value("w", TensorProto.FLOAT, None)],
        opset=19)
    if out_dir:
        x = rng.standard_normal((2, 3)).astype(np.float32)
        args = {"x": x, "ax_u": np.array([-1, 0], np.int64),
                "ax_s": np.array([3, 0], np.int64),
                "reps": np.array([2, 3], np.int64),
                "pads": np.array([1, 2], np.int64),
                "val": np.array(-np.inf, np.float32),
                "pad_axes": np.array([-1], np.int64),
                "wpads": np.array([1, 2, 0, 4], np.int64)}
        for name, arr in args.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), arr)
        refs = {"u": x.reshape(1, 2, 3, 1), "sq": x, "t": np.tile(x, (2, 3)),
                "p": np.pad(x, ((0, 0), (1, 2)), constant_values=-np.inf),
                "w": np.pad(x, ((1, 0), (2, 4)), mode="wrap")}
        for name, ref in refs.items():
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def scan(out_dir):
    """Scan with a running sum state over two scan inputs (the second read
    backwards along axis 1) and two scan outputs (the second stacked
    backwards along axis 1), on a symbolic sequence length."""
    value = helper.make_tensor_value_info
    f32 = TensorProto.FLOAT
    body = helper.make_graph(
        [helper.make_node("Add", ["sum_in", "a"], ["s1"]),
         helper.make_node("Mul", ["s1", "b"], ["sum_out"]),
         helper.make_node("Sub", ["sum_out", "a"], ["diff"])],
        "body",
        [value("sum_in", f32, [2]), value("a", f32, [2]),
         value("b", f32, [2])],
        [value("sum_out", f32, [2]), value("sum_out_copy", f32, [2]),
         value("diff", f32, [2])])
    body.node.append(helper.make_node("Identity", ["sum_out"],
                                      ["sum_out_copy"]))
    model = _model(
        [helper.make_node("Scan", ["init", "xs", "ys"], ["final", "sums",
                                                         "diffs"],
                          name="scan", body=body, num_scan_inputs=2,
                          scan_input_axes=[0, 1],
                          scan_input_directions=[0, 1],
                          scan_output_axes=[0, 1],
                          scan_output_directions=[0, 1])],
        [value("init", f32, [2]), value("xs", f32, ["steps", 2]),
         value("ys", f32, [2, "steps"])],
        [value("final", f32, [2]), value("sums", f32, ["steps", 2]),
         value("diffs", f32, [2, "steps"])], opset=19)
    if out_dir:
        # onnx.reference has no reversed directions: the loop by hand.
        feeds = {"init": np.array([1.0, -1.0], np.float32),
                 "xs": rng.standard_normal((5, 2)).astype(np.float32),
                 "ys": rng.uniform(0.5, 1.5, (2, 5)).astype(np.float32)}
        for name, arr in feeds.items():
            np.save(os.path.join(out_dir, f"{name}.npy"), arr)
        state, sums, diffs = feeds["init"], [], []
        for t in range(5):
            a, b = feeds["xs"][t], feeds["ys"][:, 4 - t]
            state = (state + a) * b
            sums.append(state)
            diffs.append(state - a)
        refs = {"final": state, "sums": np.stack(sums),
                "diffs": np.stack(diffs[::-1], axis=1)}
        for name, ref in refs.items():
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def scan_opset8(out_dir):
    """Opset 8's Scan (a batch axis): the version converter drops the axis
    from the graph's inputs, so the model is reported."""
    value = helper.make_tensor_value_info
    f32 = TensorProto.FLOAT
    body = helper.make_graph(
        [helper.make_node("Add", ["s", "x"], ["t"])], "body",
        [value("s", f32, [2]), value("x", f32, [2])],
        [value("t", f32, [2])])
    return _model(
        [helper.make_node("Scan", ["", "init", "xs"], ["final"], name="scan",
                          body=body, num_scan_inputs=1)],
        [value("init", f32, [1, 2]), value("xs", f32, [1, 3, 2])],
        [value("final", f32, [1, 2])], opset=8)


def opset11_untyped(out_dir):
    """An opset-11 model whose output has no declared type: the version
    converter fills in the shape, which is no change of the interface."""
    value = helper.make_tensor_value_info
    return _model(
        [helper.make_node("Unsqueeze", ["x"], ["y"], name="unsq", axes=[0])],
        [value("x", TensorProto.FLOAT, ["n", 3])],
        [value("y", TensorProto.FLOAT, None)], opset=11)


MODELS = {f.__name__: f for f in (conv_relu, resources, shape_chain,
                                  many_errors, windows_nd, windows_errors,
                                  functions, functions_errors,
                                  split_computed, computed_shape_args, scan,
                                  scan_opset8, opset11_untyped)}

if __name__ == "__main__":
    main(MODELS)
