#===- test_recurrent.py - PyTorch LSTM/GRU/RNN exports against onnxruntime -===#
#
# Exports three recurrent PyTorch models to ONNX (opset 17, dynamic batch
# and sequence axes, weights from torch.manual_seed) and checks that
# strata.compile's code (one compile per model) agrees with onnxruntime at
# two batch sizes and two sequence lengths:
#   lstm - a 2-layer bidirectional nn.LSTM (batch_first=True) and a Linear
#          head on every step: two bidirectional LSTM nodes with computed
#          initial states and the Transpose/Reshape chains between layers;
#   gru  - an nn.GRU (batch_first=True) whose outputs are a Linear head on
#          every step and the final state h_n (GRU's Y and Y_h);
#   rnn  - a 2-layer nn.RNN (tanh), sequence first, with a Linear head.
# The ONNX importer turns each LSTM/GRU/RNN node into an scf.for over the
# time steps whose trip count is read from the input at run time, so the
# one compiled function serves every sequence length.
#
# torch is not importable from the interpreter that runs pytest: the models
# are exported at test time by /usr/bin/python3 (Debian's torch) in a
# subprocess, into pytest's tmp_path. Without torch there the module is
# skipped.
#
#   PYTHONPATH=<build>/python_packages python3 -m pytest -q \
#       test/onnx/models/test_recurrent.py
#
#===----------------------------------------------------------------------===#

import os
import subprocess

import numpy as np
import pytest

import strata

ort = pytest.importorskip(
    "onnxruntime", reason="the recurrent model tests compare with onnxruntime")

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

INPUT, HIDDEN, CLASSES = 8, 16, 5

#: Run by TORCH_PYTHON with the output directory as argv[1].
EXPORT_SCRIPT = f"""
import sys, warnings
import torch
from torch import nn

warnings.filterwarnings("ignore")
INPUT, HIDDEN, CLASSES = {INPUT}, {HIDDEN}, {CLASSES}
out = sys.argv[1]


class LSTMNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(INPUT, HIDDEN, num_layers=2, bidirectional=True,
                           batch_first=True)
        self.head = nn.Linear(2 * HIDDEN, CLASSES)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.head(y)


class GRUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(INPUT, HIDDEN, batch_first=True)
        self.head = nn.Linear(HIDDEN, CLASSES)

    def forward(self, x):
        y, h = self.rnn(x)
        return self.head(y), h


class RNNNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(INPUT, HIDDEN, num_layers=2, nonlinearity="tanh")
        self.head = nn.Linear(HIDDEN, CLASSES)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.head(y)


def export(name, net, batch_first, outputs):
    torch.manual_seed(0)
    net = net().eval()
    x = torch.randn((2, 3, INPUT) if batch_first else (3, 2, INPUT))
    axes = {{0: "batch", 1: "seq"}} if batch_first else {{0: "seq", 1: "batch"}}
    dynamic = {{"input": axes}}
    for o in outputs:
        dynamic[o] = dict(axes) if o == "output" else {{1: "batch"}}
    torch.onnx.export(net, (x,), f"{{out}}/{{name}}.onnx", opset_version=17,
                      input_names=["input"], output_names=outputs,
                      dynamic_axes=dynamic)


export("lstm", LSTMNet, True, ["output"])
export("gru", GRUNet, True, ["output", "h_n"])
export("rnn", RNNNet, False, ["output"])
"""

#: Whether the model's input is [batch, seq, features] (else seq first).
BATCH_FIRST = {"lstm": True, "gru": True, "rnn": False}

#: Max |strata - onnxruntime| allowed per model (f32, absolute). The
#: measured max over the cases below (onnxruntime 1.23.2, x86-64 with
#: AVX-512, opt_level 3) is in the comment; the bounds keep a margin of 50x
#: or more for other CPUs' vector widths and summation orders while staying
#: far below any real error (the outputs are up to ~0.8 in magnitude).
TOLERANCE = {
    # measured 6.0e-8
    "lstm": 1e-5,
    # measured 1.2e-7 (head output and h_n)
    "gru": 1e-5,
    # measured 1.8e-7
    "rnn": 1e-5,
}

#: (model, batch, seq): batches 1 and 3, sequences 4 and 11 (the export
#: traced batch 2, sequence 3).
CASES = [(name, batch, seq) for name in BATCH_FIRST
         for batch in (1, 3) for seq in (4, 11)]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("recurrent")
    proc = subprocess.run([TORCH_PYTHON, "-c", EXPORT_SCRIPT, str(out)],
                          capture_output=True, text=True, env=_torch_env(),
                          timeout=600)
    assert proc.returncode == 0, (
        f"the PyTorch export failed:\n{proc.stderr[-3000:]}")
    return {name: str(out / f"{name}.onnx") for name in BATCH_FIRST}


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


def _input(name, batch, seq):
    shape = (batch, seq, INPUT) if BATCH_FIRST[name] else (seq, batch, INPUT)
    rng = np.random.default_rng(batch * 100 + seq)
    return rng.standard_normal(shape).astype(np.float32)


def _outputs(value):
    return list(value) if isinstance(value, tuple) else [value]


def test_export_has_recurrent_ops(exported):
    import onnx
    ops = {"lstm": "LSTM", "gru": "GRU", "rnn": "RNN"}
    for name, path in exported.items():
        types = [n.op_type for n in onnx.load(path).graph.node]
        assert ops[name] in types, (name, sorted(set(types)))


@pytest.mark.parametrize("name", list(BATCH_FIRST))
def test_signature(compiled, name):
    """The batch and sequence sizes stay dynamic in the compiled code."""
    sig = compiled(name).function("main").signature
    (arg,) = sig.args
    assert arg.shape == (None, None, INPUT), str(sig)
    assert sig.results[0].shape == (None, None, CLASSES), str(sig)


@pytest.mark.parametrize("case", CASES,
                         ids=lambda c: f"{c[0]}-b{c[1]}-s{c[2]}")
def test_matches_onnxruntime(compiled, reference, case):
    name, batch, seq = case
    x = _input(name, batch, seq)
    got = _outputs(compiled(name).main(x))
    expected = reference(name).run(None, {"input": x})
    assert len(got) == len(expected)
    for y, e in zip(got, expected):
        assert isinstance(y, np.ndarray) and y.dtype == np.float32
        assert y.shape == e.shape
        assert np.all(np.isfinite(y))
        diff = float(np.max(np.abs(y.astype(np.float64) - e)))
        assert diff <= TOLERANCE[name], (
            f"{name} batch {batch} seq {seq}: max |strata - onnxruntime| = "
            f"{diff:.3g} > {TOLERANCE[name]:g}")
    lead = (batch, seq) if BATCH_FIRST[name] else (seq, batch)
    assert got[0].shape == lead + (CLASSES,)


@pytest.mark.parametrize("name", list(BATCH_FIRST))
def test_threads_agree(compiled, name):
    """One runtime thread and four give the same outputs (measured:
    bit-identical)."""
    x = _input(name, 3, 11)
    one = _outputs(compiled(name).main(x, threads=1))
    four = _outputs(compiled(name).main(x, threads=4))
    for a, b in zip(one, four):
        assert a.shape == b.shape
        assert float(np.max(np.abs(a - b))) <= TOLERANCE[name]
