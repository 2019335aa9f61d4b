#===- test_quantized.py - Statically quantized models against onnxruntime -===#
#
# The MLP, the transformer layer (the erf GELU) and the small ResNet and
# MobileNetV2 of models.py quantized by onnxruntime's quantize_static in the
# QDQ and the QOperator formats (u8 activations, s8 weights, 8 seeded
# calibration inputs), compiled by strata.compile and run against
# onnxruntime on the same file, on inputs that were not calibration inputs,
# at two batch sizes. Outputs must agree within one quantization step of
# the output (the scale of the last DequantizeLinear) with onnxruntime
# evaluating the graph as the ONNX spec defines it (optimizations off):
# Strata computes the products exactly in integers and rounds the float
# parts in its own order. onnxruntime's optimized session (its fused
# integer kernels) is checked for the MLP too; on the transformer it
# differs from its own unoptimized session by up to 3 steps on a third of
# the outputs (onnxruntime 1.23.2), as Strata does. The compiled graph must
# multiply bytes (the QDQ pairs around MatMul, Gemm and Conv folded by
# graph-fold-quantized-products; QLinearConv's convolutions too). The same
# models quantized by quantize_dynamic must multiply bytes and match
# onnxruntime's unoptimized session closely (float outputs).
#
# Run by test/onnx/models.test, or by hand:
#   PYTHONPATH=<build>/python_packages python3 -m pytest test/onnx/models
#
#===----------------------------------------------------------------------===#

import functools

import numpy as np
import onnx
import pytest
from onnx import numpy_helper

import strata

ort = pytest.importorskip(
    "onnxruntime", reason="the quantized models compare with onnxruntime")
quantization = pytest.importorskip("onnxruntime.quantization")

import models  # noqa: E402  (next to this file; pytest puts it on sys.path)

NAMES = ("mlp", "transformer_erf", "resnet", "mobilenet")


@functools.lru_cache(maxsize=None)
def _quantized(name, fmt="qdq", activations="u8", weights="s8"):
    """The model quantized in format `fmt` (qdq or qop: QOperator, with
    onnxruntime's com.microsoft QLinearAdd, QGemm, QLinearSoftmax...), its
    activations u8 or s8 (QInt8), its weights s8 or u8 (QUInt8,
    asymmetric)."""
    model = models.build(name)
    input_name = model.graph.input[0].name

    class Reader(quantization.CalibrationDataReader):
        def __init__(self):
            self.feeds = iter([{input_name: models.make_input(name, 2, seed)}
                               for seed in range(8)])

        def get_next(self):
            return next(self.feeds, None)

    return _run_quantizer(model, lambda f32, out: quantization.quantize_static(
        f32, out, Reader(),
        quant_format=quantization.QuantFormat.QDQ if fmt == "qdq"
        else quantization.QuantFormat.QOperator,
        activation_type=quantization.QuantType.QUInt8
        if activations == "u8" else quantization.QuantType.QInt8,
        weight_type=quantization.QuantType.QInt8
        if weights == "s8" else quantization.QuantType.QUInt8))


def _run_quantizer(model, quantize):
    """`model` saved to a file, quantize(f32_path, out_path) (one of
    onnxruntime's quantizers), and the quantized model loaded."""
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as work:
        f32 = os.path.join(work, "f32.onnx")
        quantized = os.path.join(work, "quantized.onnx")
        onnx.save(model, f32)
        quantize(f32, quantized)
        return onnx.load(quantized)


def _unoptimized_session(model):
    """onnxruntime with its graph optimizations off: the graph evaluated op
    by op as the ONNX spec defines it."""
    options = ort.SessionOptions()
    options.graph_optimization_level = (
        ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
    return ort.InferenceSession(model.SerializeToString(), options,
                                providers=["CPUExecutionProvider"])


def _output_step(model):
    """The scale the output is dequantized with; for an output computed in
    float from the last quantized tensor (QOperator's LayerNormalization),
    that tensor's."""
    inits = {i.name: i for i in model.graph.initializer}
    producers = {o: node for node in model.graph.node for o in node.output}
    node = producers[model.graph.output[0].name]
    while node.op_type == "Identity":
        node = producers[node.input[0]]
    if node.op_type != "DequantizeLinear":
        node = [n for n in model.graph.node
                if n.op_type == "DequantizeLinear"][-1]
    return float(numpy_helper.to_array(inits[node.input[1]]).max())


@pytest.mark.parametrize("fmt", ["qdq", "qop"])
@pytest.mark.parametrize("name", NAMES)
def test_multiplies_bytes(name, fmt):
    graph = strata.compile(_quantized(name, fmt), compile_to="graph")
    assert "xui8>, tensor<" in graph and "xi8> -> tensor<" in graph, graph
    if name in ("resnet", "mobilenet"):
        # Convolutions on bytes: those of one group on unsigned activations
        # (vpdpbusd), depthwise ones on signed activations (the named
        # depthwise op).
        convs = [line for line in graph.splitlines() if "graph.conv2d" in line]
        assert any("xi8> -> tensor<" in line and "groups" not in line
                   for line in convs), graph
        assert all("xi8> -> tensor<" in line for line in convs), convs
        assert all("xui8>" not in line for line in convs
                   if "groups" in line), convs


@pytest.mark.parametrize("fmt", ["qdq", "qop"])
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("batch", [1, 3])
def test_matches_onnxruntime(name, batch, fmt):
    model = _quantized(name, fmt)
    compiled = strata.compile(model, target="cpu")
    sessions = [_unoptimized_session(model)]
    if name == "mlp":
        sessions.append(ort.InferenceSession(
            model.SerializeToString(), providers=["CPUExecutionProvider"]))
    step = _output_step(model)
    # QLinearSoftmax: onnxruntime reads exponentials from a table of the
    # 256 quantized inputs, Strata computes them (1 step more at most).
    if fmt == "qop" and name.startswith("transformer"):
        step *= 2
    for seed in (200, 201):
        x = models.make_input(name, batch, seed)
        got = compiled.main(x)
        for session in sessions:
            expected = session.run(None,
                                   {session.get_inputs()[0].name: x})[0]
            assert got.shape == expected.shape
            diff = float(np.max(np.abs(got.astype(np.float64) - expected)))
            assert diff <= step * 1.001, (diff, step)
            if name == "mlp":
                assert np.array_equal(np.argmax(got, -1),
                                      np.argmax(expected, -1))


@pytest.mark.parametrize("name,fmt,activations,weights", [
    ("mlp", "qdq", "s8", "s8"), ("resnet", "qdq", "s8", "s8"),
    ("resnet", "qdq", "u8", "u8"), ("mobilenet", "qop", "u8", "u8"),
    ("mlp", "qdq", "u8", "u8"), ("mlp", "qop", "u8", "u8")])
def test_other_byte_types(name, fmt, activations, weights):
    """s8 activations (QInt8; the products shift them to u8) and u8
    weights (QUInt8, with zero points: made s8 at compile time, with their
    row or window sums' terms): byte products, within one output step of
    onnxruntime's unoptimized session."""
    model = _quantized(name, fmt, activations, weights)
    graph = strata.compile(model, compile_to="graph")
    assert "xui8>, tensor<" in graph and "xi8> -> tensor<" in graph, graph
    compiled = strata.compile(model, target="cpu")
    session = _unoptimized_session(model)
    step = _output_step(model)
    for seed in (200, 201):
        x = models.make_input(name, 2, seed)
        got = compiled.main(x)
        expected = session.run(None, {session.get_inputs()[0].name: x})[0]
        diff = float(np.max(np.abs(got.astype(np.float64) - expected)))
        assert diff <= step * 1.001, (diff, step)


def _activations_model():
    """conv -> LeakyRelu -> concat with a 1x1 conv of it -> Sigmoid ->
    AveragePool (2x2, stride 2, ceil_mode) -> GlobalAveragePool -> Gemm:
    onnxruntime's QOperator quantization makes QLinearLeakyRelu,
    QLinearConcat, QLinearSigmoid and QLinearAveragePool of them."""
    g = models._Graph(7)
    x = g.conv("input", "conv1", 3, 8, 3)
    x = g.node("LeakyRelu", [x], "leaky", alpha=0.1)
    y = g.conv(x, "conv2", 8, 8, 1)
    x = g.node("Concat", [x, y], "concat", axis=1)
    x = g.node("Sigmoid", [x], "sigmoid")
    x = g.node("AveragePool", [x], "avgpool", kernel_shape=[2, 2],
               strides=[2, 2], ceil_mode=1)
    x = g.node("GlobalAveragePool", [x], "gap")
    x = g.node("Flatten", [x], "flatten")
    x = g.gemm(x, "fc", 16, 10)
    return g.finish("activations",
                    [models._f32("input", ["batch", 3, 15, 15])],
                    [models._f32(x, ["batch", 10])], 17)


@pytest.mark.parametrize("fmt", ["qop", "qdq"])
def test_quantized_activations(fmt, tmp_path):
    """QLinearLeakyRelu, QLinearConcat, QLinearSigmoid and
    QLinearAveragePool (com.microsoft) import, composed as their QDQ form,
    and match onnxruntime's unoptimized session within one output step."""
    model = _activations_model()
    f32 = str(tmp_path / "f32.onnx")
    quantized = str(tmp_path / "q.onnx")
    onnx.save(model, f32)
    rng = np.random.default_rng(3)

    class Reader(quantization.CalibrationDataReader):
        def __init__(self):
            self.feeds = iter([{"input": rng.standard_normal(
                (2, 3, 15, 15)).astype(np.float32)} for _ in range(8)])

        def get_next(self):
            return next(self.feeds, None)

    quantization.quantize_static(
        f32, quantized, Reader(),
        quant_format=quantization.QuantFormat.QOperator if fmt == "qop"
        else quantization.QuantFormat.QDQ)
    model = onnx.load(quantized)
    if fmt == "qop":
        ops = {node.op_type for node in model.graph.node}
        assert {"QLinearLeakyRelu", "QLinearConcat", "QLinearSigmoid",
                "QLinearAveragePool"} <= ops, ops
    compiled = strata.compile(model, target="cpu")
    session = _unoptimized_session(model)
    step = _output_step(model)
    for batch in (1, 3):
        x = np.random.default_rng(batch).standard_normal(
            (batch, 3, 15, 15)).astype(np.float32)
        got = compiled.main(x)
        expected = session.run(None, {"input": x})[0]
        assert got.shape == expected.shape
        diff = float(np.max(np.abs(got.astype(np.float64) - expected)))
        # onnxruntime computes QLinearSigmoid and QLinearLeakyRelu from a
        # table of their 256 outputs, rounded once; Strata computes them
        # (in f32, then rounds): one step more at most.
        assert diff <= 2 * step * 1.001, (diff, step)


def test_qlinear_where():
    """com.microsoft QLinearWhere (onnxruntime's QOperator Where), with a
    condition and inputs of broadcast shapes: onnxruntime's bytes exactly."""
    from onnx import helper, TensorProto
    ms = "com.microsoft"
    params = {"xs": np.float32(0.05), "xz": np.uint8(3),
              "ys": np.float32(0.1), "yz": np.uint8(120),
              "zs": np.float32(0.07), "zz": np.uint8(100)}
    inits = [numpy_helper.from_array(np.array(v), k)
             for k, v in params.items()]
    node = helper.make_node("QLinearWhere", ["c", "x", "xs", "xz", "y", "ys",
                                             "yz", "zs", "zz"], ["z"],
                            domain=ms, name="where")
    graph = helper.make_graph(
        [node], "where",
        [helper.make_tensor_value_info("c", TensorProto.BOOL, [2, 1, 4]),
         helper.make_tensor_value_info("x", TensorProto.UINT8, [2, 3, 4]),
         helper.make_tensor_value_info("y", TensorProto.UINT8, [1, 4])],
        [helper.make_tensor_value_info("z", TensorProto.UINT8, [2, 3, 4])],
        inits)
    model = helper.make_model(graph, ir_version=9, opset_imports=[
        helper.make_opsetid("", 17), helper.make_opsetid(ms, 1)])
    rng = np.random.default_rng(0)
    feeds = {"c": rng.random((2, 1, 4)) > 0.5,
             "x": rng.integers(0, 256, (2, 3, 4)).astype(np.uint8),
             "y": rng.integers(0, 256, (1, 4)).astype(np.uint8)}
    session = ort.InferenceSession(model.SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    expected = session.run(None, feeds)[0]
    got = strata.compile(model).main(feeds["c"], feeds["x"], feeds["y"])
    assert got.dtype == np.uint8
    np.testing.assert_array_equal(got, expected)


@functools.lru_cache(maxsize=None)
def _dynamically_quantized(name):
    """The model quantized by onnxruntime's quantize_dynamic: s8 weights
    (u8 for the conv nets: onnxruntime 1.23's ConvInteger takes u8 x u8
    only), each activation quantized at run time by DynamicQuantizeLinear
    (MatMulInteger, ConvInteger)."""
    return _run_quantizer(
        models.build(name), lambda f32, out: quantization.quantize_dynamic(
            f32, out,
            weight_type=quantization.QuantType.QUInt8
            if name in ("resnet", "mobilenet")
            else quantization.QuantType.QInt8))


@pytest.mark.parametrize("name", NAMES)
def test_dynamic_quantization(name):
    """quantize_dynamic's models multiply bytes, padded convolutions too
    (their input zero point, computed at run time, is selected into the
    padding), and match onnxruntime's unoptimized session: the products are
    exact in both, the float parts differ by their order of roundings."""
    model = _dynamically_quantized(name)
    graph = strata.compile(model, compile_to="graph")
    products = [line for line in graph.splitlines()
                if "graph.conv2d" in line or "graph.matmul" in line]
    assert any("xi8> -> tensor<" in line for line in products), graph
    if name in ("resnet", "mobilenet"):
        # (Grouped convolutions whose u8 weights have zero points stay
        # float, computed exactly in f32.)
        convs = [line for line in products
                 if "graph.conv2d" in line and "groups" not in line]
        assert convs and all("xi8> -> tensor<" in line
                             for line in convs), convs
        assert "graph.select" in graph, graph
    compiled = strata.compile(model, target="cpu")
    session = _unoptimized_session(model)
    for seed in (200, 201):
        x = models.make_input(name, 2, seed)
        expected = session.run(None, {session.get_inputs()[0].name: x})[0]
        got = compiled.main(x)
        assert got.shape == expected.shape
        np.testing.assert_allclose(got, expected, rtol=1e-4,
                                   atol=1e-5 * float(np.max(np.abs(expected))))
