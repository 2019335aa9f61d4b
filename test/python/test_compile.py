# strata.compile: every kind of source, the compile_to levels, options, and
# numbers against numpy.

import os

import re

import numpy as np
import pytest

import strata
from conftest import HAS_DNNL_PLUGIN, MLP_PATH, SMALL_MLIR, mlp_reference


def test_version():
    assert strata.__version__ == "0.1.0"


def test_compile_text_and_run(small, rng):
    a = rng.standard_normal((3, 4), dtype=np.float32)
    b = rng.standard_normal((3, 4), dtype=np.float32)
    np.testing.assert_allclose(small.add(a, b), a + b, rtol=1e-6)
    relu, neg = small.relu_neg(a)
    np.testing.assert_array_equal(relu, np.maximum(a, 0))
    np.testing.assert_array_equal(neg, -a)


def test_mlp_matches_numpy(mlp, rng):
    x = rng.random((5, 1, 4, 4), dtype=np.float32)
    y = mlp.main(x)
    assert y.dtype == np.float32 and y.shape == (5, 4)
    np.testing.assert_allclose(y, mlp_reference(x.astype(np.float64)),
                               rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("batch", [1, 2, 7, 33])
def test_dynamic_batch(mlp, rng, batch):
    x = rng.random((batch, 1, 4, 4), dtype=np.float32)
    y = mlp.main(x)
    assert y.shape == (batch, 4)
    # Every row is the function of its own image only.
    np.testing.assert_allclose(y[-1:], mlp.main(x[-1:]), rtol=1e-6)
    np.testing.assert_allclose(y.sum(axis=1), np.ones(batch), rtol=1e-5)


def test_sources_path_pathlike_bytes(rng):
    import pathlib
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    expected = mlp_reference(x.astype(np.float64))
    with open(MLP_PATH, "rb") as f:
        data = f.read()
    for source in (MLP_PATH, pathlib.Path(MLP_PATH), data, data.decode()):
        np.testing.assert_allclose(strata.compile(source).main(x), expected,
                                   rtol=1e-4, atol=1e-5)


def test_bytecode_source(tmp_path, rng):
    # MLIR bytecode of the MLP, written by strata-opt when the build has it;
    # otherwise the graph level printed by strata itself, re-parsed.
    import shutil
    import subprocess
    opt = shutil.which("strata-opt")
    if opt is None:
        pytest.skip("strata-opt not on PATH")
    path = tmp_path / "mlp.mlirbc"
    subprocess.run([opt, MLP_PATH, "--emit-bytecode", "-o", str(path)],
                   check=True)
    x = rng.random((3, 1, 4, 4), dtype=np.float32)
    expected = mlp_reference(x.astype(np.float64))
    for source in (str(path), path.read_bytes()):
        np.testing.assert_allclose(strata.compile(source).main(x), expected,
                                   rtol=1e-4, atol=1e-5)


def test_compile_to_levels():
    graph = strata.compile(MLP_PATH, compile_to="graph")
    assert isinstance(graph, str)
    assert "graph.linear" in graph and "kernel." not in graph
    kernel = strata.compile(MLP_PATH, compile_to="kernel")
    assert "kernel.launch" in kernel and "#kernel.schedule" in kernel
    # No graph op is left (run-time check messages may name one).
    assert not re.search(r"(^|=)\s*graph\.\w+", kernel, re.M)
    device = strata.compile(MLP_PATH, compile_to="device")
    assert "device.launch" in device and "device.alloc" in device
    llvm = strata.compile(MLP_PATH, compile_to="llvm")
    assert "llvm.func @strata_kernel_main_dispatch_" in llvm
    assert "func.func" not in llvm
    assert isinstance(strata.compile(MLP_PATH, compile_to="module"),
                      strata.CompiledModule)


def test_compile_timing(capsys):
    # timing=True reports every phase on stderr; a file-like object gets
    # the report instead; the compiled module is the same either way.
    import io
    m = strata.compile(MLP_PATH, timing=True)
    assert isinstance(m, strata.CompiledModule)
    report = capsys.readouterr().err
    assert "Total Execution Time" in report
    for phase in ("graph, kernel and device pipelines", "kernels",
                  "LLVM code generation", "linking (ld.lld)"):
        assert phase in report, phase
    sink = io.StringIO()
    kernel = strata.compile(MLP_PATH, compile_to="kernel", timing=sink)
    assert "kernel.launch" in kernel
    assert "KernelSelectSchedulePass" in sink.getvalue()
    assert "LLVM code generation" not in sink.getvalue()
    assert capsys.readouterr().err == ""
    strata.compile(MLP_PATH)
    assert capsys.readouterr().err == ""


def test_compile_threads_and_cache(tmp_path, rng):
    # The module is the same whatever the thread count and the cache; a
    # second compile takes every kernel from the cache (the timing report
    # says so), and a cache=False compile neither reads nor writes one.
    import io
    reference = strata.compile(MLP_PATH, cache=False, compile_threads=1)
    assert strata.compile(MLP_PATH, cache=False,
                          compile_threads=2).bytes == reference.bytes
    reports = []
    for _ in range(2):
        sink = io.StringIO()
        m = strata.compile(MLP_PATH, cache=tmp_path / "kernels", timing=sink)
        assert m.bytes == reference.bytes
        reports.append(sink.getvalue().splitlines()[-1])
    kernels = len(list((tmp_path / "kernels").glob("*.kernel")))
    assert kernels > 0
    assert reports[0].startswith(f"kernel cache: 0 hits, {kernels} misses")
    assert reports[1].startswith(f"kernel cache: {kernels} hits, 0 misses")
    sink = io.StringIO()
    strata.compile(MLP_PATH, cache=False, timing=sink)
    assert sink.getvalue().splitlines()[-1] == "kernel cache: off"
    x = rng.random((3, 1, 4, 4), dtype=np.float32)
    np.testing.assert_allclose(m.main(x), mlp_reference(x.astype(np.float64)),
                               rtol=1e-4, atol=1e-5)


def test_device_level_round_trip(rng):
    # The device level printed by compile_to="device" compiles back.
    device = strata.compile(MLP_PATH, compile_to="device")
    m = strata.compile(device, from_device=True)
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    np.testing.assert_allclose(m.main(x), strata.compile(MLP_PATH).main(x),
                               rtol=1e-6)


def test_options(rng):
    x = rng.random((4, 1, 4, 4), dtype=np.float32)
    reference = strata.compile(MLP_PATH).main(x)
    scalar = strata.compile(MLP_PATH, opt_level=0, vectorize=False)
    np.testing.assert_allclose(scalar.main(x), reference, rtol=1e-5)
    # Another CPU gives a different kernel library, the same numbers.
    generic = strata.compile(MLP_PATH, cpu="x86-64", features="")
    np.testing.assert_allclose(generic.main(x), reference, rtol=1e-5)
    assert generic.bytes != strata.compile(MLP_PATH).bytes


# A 3x3 convolution over 16 channels with a constant filter (NCHW model).
CONV_MLIR = """
func.func @main(%x: tensor<1x16x6x6xf32>) -> tensor<1x32x6x6xf32> {
  %a = graph.constant dense<[[[[0.5]]], [[[-0.25]]], [[[0.75]]], [[[-1.0]]],
      [[[0.125]]], [[[0.3]]], [[[-0.6]]], [[[0.9]]], [[[0.2]]], [[[-0.4]]],
      [[[0.65]]], [[[-0.8]]], [[[0.15]]], [[[0.45]]], [[[-0.35]]], [[[1.1]]],
      [[[0.05]]], [[[-0.15]]], [[[0.55]]], [[[-0.7]]], [[[0.95]]], [[[0.25]]],
      [[[-0.5]]], [[[0.85]]], [[[0.35]]], [[[-0.45]]], [[[0.6]]], [[[-0.9]]],
      [[[0.1]]], [[[0.4]]], [[[-0.3]]], [[[0.7]]]]> : tensor<32x1x1x1xf32>
  %p = graph.constant dense<[[[[0.1, -0.2, 0.3], [0.4, 0.5, -0.6],
      [0.7, -0.8, 0.9]]]]> : tensor<1x1x3x3xf32>
  %w = graph.mul %a, %p : tensor<32x1x1x1xf32>, tensor<1x1x3x3xf32>
      -> tensor<32x1x3x3xf32>
  %c = graph.constant dense<[[[[1.0]], [[0.5]], [[-0.5]], [[0.25]],
      [[-0.25]], [[0.75]], [[-0.75]], [[0.125]], [[-0.125]], [[0.375]],
      [[-0.375]], [[0.625]], [[-0.625]], [[0.875]], [[-0.875]], [[0.0625]]]]>
      : tensor<1x16x1x1xf32>
  %wc = graph.mul %w, %c : tensor<32x1x3x3xf32>, tensor<1x16x1x1xf32>
      -> tensor<32x16x3x3xf32>
  %y = graph.conv2d %x, %wc {pads = array<i64: 1, 1, 1, 1>}
      : tensor<1x16x6x6xf32>, tensor<32x16x3x3xf32> -> tensor<1x32x6x6xf32>
  return %y : tensor<1x32x6x6xf32>
}
"""


def test_winograd_option(rng):
    x = rng.standard_normal((1, 16, 6, 6), dtype=np.float32)
    # Winograd (the default) writes the transformed input [16, 3, 3, C];
    # winograd=False keeps the im2col copy [6, 6, 3, 3, C].
    assert "tensor<16x3x3x16xf32>" in strata.compile(CONV_MLIR,
                                                     compile_to="kernel")
    kernels = strata.compile(CONV_MLIR, compile_to="kernel", winograd=False)
    assert "tensor<16x3x3x16xf32>" not in kernels
    assert "tensor<6x6x3x3x16xf32>" in kernels
    winograd = strata.compile(CONV_MLIR).main(x)
    im2col = strata.compile(CONV_MLIR, winograd=False).main(x)
    np.testing.assert_allclose(winograd, im2col, rtol=1e-5, atol=1e-5)
    # winograd_tile=4: F(4x4, 3x3), the 6x6 output in 2x2 tiles of 4x4 from
    # a transformed input [36, 2, 2, C].
    kernels = strata.compile(CONV_MLIR, compile_to="kernel", winograd_tile=4)
    assert "tensor<36x2x2x16xf32>" in kernels
    tiled4 = strata.compile(CONV_MLIR, winograd_tile=4).main(x)
    np.testing.assert_allclose(tiled4, im2col, rtol=1e-5, atol=1e-5)


def _bf16(x):
    """`x` (f32) rounded to bf16 (nearest even), as f32."""
    bits = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 << 16
    return bits.astype(np.uint32).view(np.float32)


def test_precision_option(rng):
    # precision="bf16": the product of a constant weight multiplies bf16
    # values and sums in f32; the batch is dynamic.
    w = (rng.integers(-64, 64, (64, 48)) / 32 + 1 / 512).astype(np.float32)
    rows = ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]"
                     for row in w)
    source = f"""
func.func @main(%x: tensor<?x64xf32>) -> tensor<?x48xf32> {{
  %w = graph.constant dense<[{rows}]> : tensor<64x48xf32>
  %y = graph.matmul %x, %w : tensor<?x64xf32>, tensor<64x48xf32> -> tensor<?x48xf32>
  return %y : tensor<?x48xf32>
}}
"""
    assert "xbf16>" in strata.compile(source, compile_to="kernel",
                                      precision="bf16")
    assert "xbf16>" not in strata.compile(source, compile_to="kernel")
    bf16 = strata.compile(source, precision="bf16")
    for batch in (1, 5, 37):
        x = rng.standard_normal((batch, 64), dtype=np.float32)
        expected = _bf16(x).astype(np.float64) @ _bf16(w).astype(np.float64)
        np.testing.assert_allclose(bf16.main(x), expected, rtol=1e-5,
                                   atol=1e-5)
        # Not what f32 gives (the weights' last bit, 1/512, is rounded off).
        assert np.abs(bf16.main(x) - x @ w).max() > 1e-3


def test_deterministic_bytes_and_metadata():
    a = strata.compile(MLP_PATH)
    b = strata.compile(MLP_PATH)
    assert a.bytes == b.bytes
    assert a.bytes[:4] == b"SMOD" or len(a.bytes) > 64
    assert a.metadata("source") == "mlp.mlir"
    assert a.metadata("no-such-key") is None
    assert strata.compile(SMALL_MLIR).metadata("source") == "<string>"


def test_i64_scalars(i64_module):
    sig = i64_module.function("sum_to").signature
    assert sig.args == ("i64",) and sig.results == ("i64",)
    assert str(sig) == "(i64) -> i64"
    assert i64_module.sum_to(10) == 45
    assert i64_module.sum_to(np.int64(4)) == 6
    assert i64_module.sum_to(0) == 0
    assert isinstance(i64_module.sum_to(3), int)


def test_onnx_model(tmp_path, rng):
    onnx = pytest.importorskip("onnx")
    try:
        import strata.frontend.onnx  # noqa: F401
    except ImportError as e:
        pytest.skip(f"strata.frontend.onnx unavailable: {e}")
    from onnx import TensorProto, helper
    node = helper.make_node("Relu", ["x"], ["y"])
    graph = helper.make_graph(
        [node], "relu",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 3])])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    x = rng.standard_normal((4, 3), dtype=np.float32)
    path = tmp_path / "relu.onnx"
    onnx.save(model, str(path))
    for source in (model, str(path)):
        np.testing.assert_array_equal(strata.compile(source).main(x),
                                      np.maximum(x, 0))


def test_onnx_write_model(tmp_path, rng):
    # write_model (the importer's file path: the weights' hex streamed, not
    # joined into one string) writes what import_model returns, to a path or
    # a binary file; strata.compile reads the same bytes.
    onnx = pytest.importorskip("onnx")
    try:
        from strata.frontend.onnx import (import_model, import_model_parts,
                                          write_model)
    except ImportError as e:
        pytest.skip(f"strata.frontend.onnx unavailable: {e}")
    import io
    from onnx import TensorProto, helper, numpy_helper
    w = rng.standard_normal((2, 40), dtype=np.float32)
    b = np.arange(40, dtype=np.int64)
    graph = helper.make_graph(
        [helper.make_node("Add", ["x", "w"], ["s"]),
         helper.make_node("Cast", ["b"], ["bf"], to=TensorProto.FLOAT),
         helper.make_node("Add", ["s", "bf"], ["y"])], "add_w",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 40])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 40])],
        [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", 17)])
    text = import_model(model)
    assert "dense_resource<w>" in text and "dense_resource<b>" in text
    assert b"".join(import_model_parts(model)) == text.encode()
    out = tmp_path / "add_w.mlir"
    write_model(model, out)
    assert out.read_bytes() == text.encode()
    stream = io.BytesIO()
    write_model(model, stream)
    assert stream.getvalue() == text.encode()
    x = rng.standard_normal((2, 40), dtype=np.float32)
    for source in (model, str(out)):
        np.testing.assert_array_equal(strata.compile(source).main(x),
                                      x + w + b.astype(np.float32))


def test_compile_releases_the_gil():
    # Two compiles in threads both finish and agree (each has its context).
    import threading
    results = [None, None]

    def work(i):
        results[i] = strata.compile(MLP_PATH).bytes

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == results[1] and results[0]


def test_external_option(rng):
    # The convolution goes to the dnnl backend: a call of its plugin in the
    # kernel-level IR, the same numbers when the plugin is there. (dnnl's
    # cost rule depends on the CPU: an Intel Xeon's here.)
    xeon = {"cpu": "skylake-avx512", "compile_to": "kernel"}
    kernels = strata.compile(CONV_MLIR, external="dnnl", **xeon)
    assert 'kernel.call_native "dnnl.conv2d"' in kernels
    assert strata.compile(CONV_MLIR, external=["dnnl"], **xeon) == kernels
    assert "call_native" not in strata.compile(CONV_MLIR, external=[], **xeon)
    # On AMD's Zen CPUs the cost rule offloads nothing (oneDNN was slower
    # there on every region measured).
    assert "call_native" not in strata.compile(
        CONV_MLIR, compile_to="kernel", cpu="znver4", external="dnnl")
    # The cost rule leaves narrow products to Strata; without it they go
    # too.
    product = """
    func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
      %0 = graph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
      return %0 : tensor<4x16xf32>
    }"""
    assert "call_native" not in strata.compile(product, external="dnnl",
                                               **xeon)
    assert '"dnnl.matmul"' in strata.compile(
        product, compile_to="kernel", external="dnnl",
        external_cost_rule=False)
    with pytest.raises(strata.StrataError, match="external_cost_rule"):
        strata.compile(product, external="dnnl", external_cost_rule=1)
    with pytest.raises(strata.StrataError,
                       match="unknown external backend 'acme'"):
        strata.compile(CONV_MLIR, external="acme")
    for bad in (3, ["dnnl", 4], ["dnnl,acme"], [""]):
        with pytest.raises(strata.StrataError, match="external"):
            strata.compile(CONV_MLIR, external=bad)
    if HAS_DNNL_PLUGIN:
        x = rng.standard_normal((1, 16, 6, 6), dtype=np.float32)
        np.testing.assert_allclose(
            strata.compile(CONV_MLIR, external="dnnl",
                           external_cost_rule=False).main(x),
            strata.compile(CONV_MLIR).main(x), rtol=1e-4, atol=1e-4)
