#===- test_windows.py - PyTorch 1-D/3-D convs and pools vs onnxruntime -----===#
#
# Exports two small PyTorch models to ONNX (opset 17, dynamic batch axis,
# weights from torch.manual_seed) and checks that strata.compile's code
# (one compile per model) agrees with onnxruntime at batch 1 and 3, on the
# last feature map and on its global pooling:
#   net1d - nn.Conv1d (stride, padding), nn.MaxPool1d (ceil_mode), a
#           grouped, dilated nn.Conv1d, nn.AvgPool1d (padding not counted,
#           ceil_mode), nn.ConvTranspose1d (stride, output_padding) and an
#           nn.AdaptiveAvgPool1d(1) (GlobalAveragePool): the importer's 1-D
#           compositions of the 2-D graph ops;
#   net3d - nn.Conv3d, nn.MaxPool3d (ceil_mode), a grouped nn.Conv3d,
#           nn.AvgPool3d (padding counted, which torch exports as a Pad and
#           an AveragePool), nn.ConvTranspose3d (stride 2) and an
#           nn.AdaptiveAvgPool3d(1) (GlobalAveragePool): the 3-D graph ops.
#
# torch is not importable from the interpreter that runs pytest: the models
# are exported at test time by /usr/bin/python3 (Debian's torch) in a
# subprocess, into pytest's tmp_path. Without torch there the module is
# skipped.
#
#   PYTHONPATH=<build>/python_packages python3 -m pytest -q \
#       test/onnx/models/test_windows.py
#
#===----------------------------------------------------------------------===#

import os
import subprocess

import numpy as np
import pytest

import strata

ort = pytest.importorskip(
    "onnxruntime", reason="the window model tests compare with onnxruntime")

#: The interpreter that has torch (the Debian package python3-torch).
TORCH_PYTHON = "/usr/bin/python3"


def _torch_env():
    """The environment of the export: none of this interpreter's paths."""
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONHOME"):
        env.pop(key, None)
    return env


def _has_torch() -> bool:
    if not os.path.exists(TORCH_PYTHON):
        return False
    try:
        proc = subprocess.run([TORCH_PYTHON, "-c", "import torch.onnx"],
                              capture_output=True, env=_torch_env(),
                              timeout=300)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0


if not _has_torch():
    pytest.skip(f"{TORCH_PYTHON} cannot import torch, which exports the "
                "models at test time", allow_module_level=True)

#: The input shape of each model, less the batch.
SHAPES = {"net1d": (4, 32), "net3d": (3, 6, 10, 10)}

#: Run by TORCH_PYTHON with the output directory as argv[1].
EXPORT_SCRIPT = """
import sys, warnings
import torch
from torch import nn

warnings.filterwarnings("ignore")
out = sys.argv[1]



# The feature map of `body` and its global pooling `pool`, both outputs, so
# that the comparison sees every element.
class Net(nn.Module):
    def __init__(self, body, pool):
        super().__init__()
        self.body, self.pool = body, pool

    def forward(self, x):
        y = self.body(x)
        return y, self.pool(y)


net1d = Net(nn.Sequential(
    nn.Conv1d(4, 8, 5, stride=2, padding=2),
    nn.ReLU(),
    nn.MaxPool1d(3, stride=2, padding=1, ceil_mode=True),
    nn.Conv1d(8, 8, 3, padding=2, dilation=2, groups=2),
    nn.AvgPool1d(3, stride=2, padding=1, ceil_mode=True,
                 count_include_pad=False),
    nn.ConvTranspose1d(8, 4, 3, stride=2, padding=1, output_padding=1),
    nn.Tanh()), nn.AdaptiveAvgPool1d(1))

net3d = Net(nn.Sequential(
    nn.Conv3d(3, 8, 3, padding=1),
    nn.ReLU(),
    nn.MaxPool3d(2, stride=2, ceil_mode=True),
    nn.Conv3d(8, 8, (1, 3, 3), padding=(0, 1, 1), groups=4),
    nn.AvgPool3d(2, stride=1, padding=1, count_include_pad=True),
    nn.ConvTranspose3d(8, 4, 2, stride=2),
    nn.Sigmoid()), nn.AdaptiveAvgPool3d(1))

shapes = {"net1d": (4, 32), "net3d": (3, 6, 10, 10)}
for name, net in (("net1d", net1d), ("net3d", net3d)):
    torch.manual_seed(0)
    for p in net.parameters():
        nn.init.uniform_(p, -0.5, 0.5)
    net.eval()
    x = torch.randn((2,) + shapes[name])
    torch.onnx.export(net, (x,), f"{out}/{name}.onnx", opset_version=17,
                      input_names=["input"],
                      output_names=["features", "pooled"],
                      dynamic_axes={"input": {0: "batch"},
                                    "features": {0: "batch"},
                                    "pooled": {0: "batch"}})
"""

#: The ONNX ops each export must contain (the ones under test).
OPS = {
    "net1d": {"Conv", "MaxPool", "AveragePool", "ConvTranspose",
              "GlobalAveragePool"},
    "net3d": {"Conv", "MaxPool", "AveragePool", "ConvTranspose",
              "GlobalAveragePool"},
}

#: Max |strata - onnxruntime| allowed per model (f32, absolute; the outputs
#: are within [-1, 1]). Measured max over the cases below (onnxruntime
#: 1.23.2, x86-64 with AVX2) in the comments; the bounds keep a margin of
#: 45x or more for other CPUs' vector widths and summation orders.
TOLERANCE = {
    # measured 4.2e-7 (features), 7.5e-8 (pooled)
    "net1d": 2e-5,
    # measured 2.4e-7 (features), 1.2e-7 (pooled)
    "net3d": 2e-5,
}

CASES = [(name, batch) for name in SHAPES for batch in (1, 3)]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("windows")
    proc = subprocess.run([TORCH_PYTHON, "-c", EXPORT_SCRIPT, str(out)],
                          capture_output=True, text=True, env=_torch_env(),
                          timeout=600)
    assert proc.returncode == 0, (
        f"the PyTorch export failed:\n{proc.stderr[-3000:]}")
    return {name: str(out / f"{name}.onnx") for name in SHAPES}


@pytest.fixture(scope="module")
def compiled(exported):
    """Each model compiled once, on first use."""
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = strata.compile(exported[name], target="cpu")
        return cache[name]
    return get


@pytest.fixture(scope="module")
def reference(exported):
    cache = {}

    def get(name):
        if name not in cache:
            options = ort.SessionOptions()
            options.graph_optimization_level = (
                ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
            cache[name] = ort.InferenceSession(
                exported[name], options, providers=["CPUExecutionProvider"])
        return cache[name]
    return get


def _input(name, batch):
    rng = np.random.default_rng(batch)
    return rng.standard_normal((batch,) + SHAPES[name]).astype(np.float32)


def test_exports_have_window_ops(exported):
    import onnx
    for name, path in exported.items():
        types = {n.op_type for n in onnx.load(path).graph.node}
        assert OPS[name] <= types, (name, sorted(types))


@pytest.mark.parametrize("name", list(SHAPES))
def test_signature(compiled, name):
    """The batch stays dynamic in the compiled code."""
    sig = compiled(name).function("main").signature
    (arg,) = sig.args
    assert arg.shape == (None,) + SHAPES[name], str(sig)
    assert sig.results[0].shape[0] is None, str(sig)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-b{c[1]}")
def test_matches_onnxruntime(compiled, reference, case):
    name, batch = case
    x = _input(name, batch)
    got = compiled(name).main(x)
    expected = reference(name).run(None, {"input": x})
    assert len(got) == len(expected) == 2
    for y, e in zip(got, expected):
        assert isinstance(y, np.ndarray) and y.dtype == np.float32
        assert y.shape == e.shape and y.shape[0] == batch
        diff = float(np.max(np.abs(y.astype(np.float64) - e)))
        assert diff <= TOLERANCE[name], (
            f"{name} batch {batch}: max |strata - onnxruntime| = {diff:.3g} "
            f"> {TOLERANCE[name]:g}")


@pytest.mark.parametrize("name", list(SHAPES))
def test_threads_agree(compiled, name):
    """One runtime thread and four give the same outputs."""
    x = _input(name, 3)
    one = compiled(name).main(x, threads=1)
    four = compiled(name).main(x, threads=4)
    for a, b in zip(one, four):
        assert a.shape == b.shape
        assert float(np.max(np.abs(a - b))) <= TOLERANCE[name]
