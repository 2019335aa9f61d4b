#===- make_quantization_models.py - Quantization models for lit tests ----===#
#
# `python3 make_quantization_models.py NAME OUT.onnx [OUT_DIR]` writes the
# model NAME (importer-quantization.test), and for the one run end to end
# its inputs (in_*.npy) and reference outputs (ref_*.npy) into OUT_DIR.
# Kept apart from make_models.py so that the quantization models and their
# references (which need onnx.reference) stay together.
#
#===----------------------------------------------------------------------===#

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(0)


def _model(nodes, inputs, outputs, inits=(), opset=21):
    graph = helper.make_graph(nodes, "test", inputs, outputs, list(inits))
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", opset)])


def _info(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def _init(name, arr):
    return numpy_helper.from_array(np.asarray(arr), name)


def quantization(out_dir):
    """Each quantization op once, with constant scales and zero points:
    per-axis QuantizeLinear, blocked DequantizeLinear (block 3 over a size
    4 axis: a remainder block), DynamicQuantizeLinear, MatMulInteger with a
    per-row A zero point, QLinearMatMul with a per-row a scale and zero
    point, ConvInteger (1-D, per-channel w zero point) and QLinearConv
    (per-channel w scale and zero point, bias)."""
    u8, i8, f32 = TensorProto.UINT8, TensorProto.INT8, TensorProto.FLOAT
    x = (rng.standard_normal((2, 3, 4)) * 40).astype(np.float32)
    a = rng.integers(0, 256, (3, 5)).astype(np.uint8)
    img = rng.integers(-128, 128, (1, 2, 9)).astype(np.int8)
    qimg = rng.integers(0, 256, (1, 2, 4, 4)).astype(np.uint8)
    inits = [
        _init("q_scale", np.array([0.5, 0.25, 1.0], np.float32)),
        _init("q_zp", np.array([-3, 0, 7], np.int8)),
        _init("dq_scale", (rng.random((2, 3, 2)) + 0.5).astype(np.float32)),
        _init("dq_zp", rng.integers(-5, 5, (2, 3, 2)).astype(np.int8)),
        _init("B", rng.integers(-128, 128, (5, 4)).astype(np.int8)),
        _init("a_zp", np.array([10, 128, 250], np.uint8)),
        _init("b_zp", np.array(np.int8(-2))),
        _init("a_scale", np.array([0.02, 0.01, 0.03], np.float32)),
        _init("b_scale", np.array(np.float32(0.03))),
        _init("y_scale", np.array(np.float32(0.1))),
        _init("y_zp", np.array(np.int8(5))),
        _init("b_zp_q", np.array(np.int8(1))),
        _init("w1", rng.integers(-128, 128, (3, 2, 3)).astype(np.int8)),
        _init("w1_zp", np.array([1, -1, 0], np.int8)),
        _init("w2", rng.integers(0, 256, (2, 2, 3, 3)).astype(np.uint8)),
        _init("x2_scale", np.array(np.float32(0.05))),
        _init("x2_zp", np.array(np.uint8(128))),
        _init("w2_scale", np.array([0.01, 0.02], np.float32)),
        _init("w2_zp", np.array([120, 130], np.uint8)),
        _init("y2_scale", np.array(np.float32(0.5))),
        _init("y2_zp", np.array(np.uint8(100))),
        _init("bias", np.array([1000, -2000], np.int32)),
    ]
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "q_scale", "q_zp"], ["q"],
                         name="quant", axis=1),
        helper.make_node("DequantizeLinear", ["q", "dq_scale", "dq_zp"],
                         ["dq"], name="dequant", axis=2, block_size=3),
        helper.make_node("DynamicQuantizeLinear", ["x"],
                         ["dyn", "dyn_scale", "dyn_zp"], name="dynamic"),
        helper.make_node("MatMulInteger", ["a", "B", "a_zp", "b_zp"], ["mm"],
                         name="mmi"),
        helper.make_node("QLinearMatMul", ["a", "a_scale", "a_zp", "B",
                                           "b_scale", "b_zp_q", "y_scale",
                                           "y_zp"], ["qmm"], name="qlmm"),
        helper.make_node("ConvInteger", ["img", "w1", "", "w1_zp"], ["ci"],
                         name="convi", pads=[1, 1]),
        helper.make_node("QLinearConv", ["qimg", "x2_scale", "x2_zp", "w2",
                                         "w2_scale", "w2_zp", "y2_scale",
                                         "y2_zp", "bias"], ["qc"],
                         name="qlconv", pads=[1, 1, 1, 1]),
    ]
    outputs = [("q", i8, [2, 3, 4]), ("dq", f32, [2, 3, 4]),
               ("dyn", u8, [2, 3, 4]), ("dyn_scale", f32, []),
               ("dyn_zp", u8, []), ("mm", TensorProto.INT32, [3, 4]),
               ("qmm", i8, [3, 4]), ("ci", TensorProto.INT32, [1, 3, 9]),
               ("qc", u8, [1, 2, 4, 4])]
    model = _model(
        nodes,
        [_info("x", f32, [2, 3, 4]), _info("a", u8, [3, 5]),
         _info("img", i8, [1, 2, 9]), _info("qimg", u8, [1, 2, 4, 4])],
        [_info(n, t, s) for n, t, s in outputs], inits)
    if out_dir:
        feeds = {"x": x, "a": a, "img": img, "qimg": qimg}
        for i, k in enumerate(feeds):
            np.save(os.path.join(out_dir, f"in_{i}.npy"), feeds[k])
        refs = _reference(model, feeds, {i.name: numpy_helper.to_array(i)
                                         for i in inits})
        for (name, _, _), ref in zip(outputs, refs):
            np.save(os.path.join(out_dir, f"ref_{name}.npy"), ref)
    return model


def _reference(model, feeds, consts):
    """The expected outputs: ONNX's reference evaluator, except for the
    matmuls with a per-row A zero point and the 1-D ConvInteger with a
    per-channel w zero point, which it broadcasts the numpy way (against
    the last dim), computed here as the spec says (QLinearMatMul
    saturated, which the onnx 1.19 reference does not do either:
    onnx/onnx#7835)."""
    from onnx.reference import ReferenceEvaluator
    own = ("mmi", "qlmm", "convi")
    sub = onnx.ModelProto()
    sub.CopyFrom(model)
    keep = [n for n in sub.graph.node if n.name not in own]
    del sub.graph.node[:]
    sub.graph.node.extend(keep)
    outs = [o for o in sub.graph.output if o.name not in ("mm", "qmm", "ci")]
    del sub.graph.output[:]
    sub.graph.output.extend(outs)
    refs = ReferenceEvaluator(sub).run(None, feeds)
    A = feeds["a"].astype(np.int32) - consts["a_zp"].astype(np.int32)[:, None]
    mm = A @ (consts["B"].astype(np.int32) - consts["b_zp"])
    qmm = A @ (consts["B"].astype(np.int32) - consts["b_zp_q"])
    qmm = qmm * (consts["a_scale"][:, None] * consts["b_scale"] /
                 consts["y_scale"])
    qmm = np.clip(np.rint(qmm + consts["y_zp"]), -128, 127).astype(np.int8)
    x, w = feeds["img"].astype(np.int32), consts["w1"].astype(np.int32)
    w = w - consts["w1_zp"].astype(np.int32)[:, None, None]
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1)))
    ci = np.stack([np.einsum("nck,mck->nm", xp[:, :, i:i + 3], w)
                   for i in range(9)], axis=-1).astype(np.int32)
    return refs[:5] + [mm.astype(np.int32), qmm, ci] + refs[5:]


def quantization_errors(out_dir):
    """Variants the importer reports: a 4-bit output type, float8 with
    saturate=0, scales of different types, a per-channel x zero point."""
    f32 = TensorProto.FLOAT
    u8 = TensorProto.UINT8
    inits = [
        _init("s", np.array(np.float32(0.5))),
        _init("s16", np.array(np.float16(0.5))),
        _init("zp", np.array(np.uint8(3))),
        _init("zp3", np.array([1, 2, 3], np.uint8)),
        _init("w", np.ones((2, 3, 1, 1), np.uint8)),
    ]
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "s"], ["q4"], name="to_int4",
                         output_dtype=TensorProto.INT4),
        helper.make_node("QuantizeLinear", ["x", "s"], ["q8"], name="to_fp8",
                         output_dtype=TensorProto.FLOAT8E4M3FN, saturate=0),
        helper.make_node("QLinearMatMul", ["a", "s", "zp", "a", "s", "zp",
                                           "s16", "zp"], ["mm"],
                         name="mixed_scales"),
        helper.make_node("ConvInteger", ["img", "w", "zp3"], ["c"],
                         name="per_channel_x"),
    ]
    return _model(
        nodes,
        [_info("x", f32, [4]), _info("a", u8, [3, 3]),
         _info("img", u8, [1, 3, 4, 4])],
        [_info("q4", TensorProto.INT4, [4]),
         _info("q8", TensorProto.FLOAT8E4M3FN, [4]), _info("mm", u8, [3, 3]),
         _info("c", TensorProto.INT32, [1, 2, 4, 4])], inits)


def contrib_errors(out_dir):
    """onnxruntime contrib ops (com.microsoft, QOperator) in forms the
    importer reports: QLinearGlobalAveragePool with channels_last=1, QGemm
    with transA=1, QLinearAdd with a per-channel scale, QLinearSoftmax with
    opset-12 semantics on an inner axis, QLinearConcat without a whole
    (X, X_scale, X_zero_point) triple, QLinearAveragePool with dilations,
    and a contrib op it does not know."""
    u8 = TensorProto.UINT8
    ms = "com.microsoft"
    inits = [
        _init("s", np.array(np.float32(0.5))),
        _init("s3", np.array([0.5, 0.25, 1.0], np.float32)),
        _init("zp", np.array(np.uint8(3))),
        _init("w", np.ones((3, 3), np.int8)),
        _init("wzp", np.array(np.int8(0))),
    ]
    nodes = [
        helper.make_node("QLinearGlobalAveragePool",
                         ["img", "s", "zp", "s", "zp"], ["gap"],
                         name="gap_nhwc", domain=ms, channels_last=1),
        helper.make_node("QGemm", ["a", "s", "zp", "w", "s", "wzp"], ["g"],
                         name="gemm_trans_a", domain=ms, transA=1),
        helper.make_node("QLinearAdd", ["a", "s3", "zp", "a", "s", "zp", "s",
                                        "zp"], ["add"],
                         name="add_per_channel", domain=ms),
        helper.make_node("QLinearSoftmax", ["a", "s", "zp", "s", "zp"],
                         ["sm"], name="softmax_opset12", domain=ms, axis=0,
                         opset=12),
        helper.make_node("QLinearFoo", ["a"], ["foo"], name="unknown",
                         domain=ms),
        helper.make_node("QLinearConcat", ["s", "zp", "a", "s"], ["cat"],
                         name="concat_short", domain=ms, axis=0),
        helper.make_node("QLinearAveragePool", ["img", "s", "zp", "s", "zp"],
                         ["pool"], name="pool_dilated", domain=ms,
                         kernel_shape=[2, 2], dilations=[2, 2]),
    ]
    graph = helper.make_graph(
        nodes, "test", [_info("img", u8, [1, 3, 4, 4]), _info("a", u8, [3, 3])],
        [_info("gap", u8, [1, 3, 1, 1]), _info("g", TensorProto.FLOAT, [3, 3]),
         _info("add", u8, [3, 3]), _info("sm", u8, [3, 3]),
         _info("foo", u8, [3, 3]), _info("cat", u8, [3, 3]),
         _info("pool", u8, [1, 3, 2, 2])], inits)
    return helper.make_model(graph, opset_imports=[
        helper.make_opsetid("", 21), helper.make_opsetid(ms, 1)])


def main():
    name, out = sys.argv[1], sys.argv[2]
    out_dir = sys.argv[3] if len(sys.argv) > 3 else None
    onnx.save(globals()[name](out_dir), out)


if __name__ == "__main__":
    main()
