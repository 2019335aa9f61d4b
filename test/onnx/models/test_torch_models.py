#===- test_torch_models.py - PyTorch exports against onnxruntime ----------===#
#
# Real architectures exported from PyTorch (torch 1.13, torchvision 0.14) to
# ONNX by torch_exports.py, opset 17, with a dynamic batch axis (and a
# dynamic sequence axis for the sequence models) and random weights from a
# fixed seed: torchvision's ResNet-18, MobileNetV2, MobileNetV3-Small,
# ShuffleNetV2, ConvNeXt, Swin, ViT, EfficientNet and DeepLabV3 (most at
# smaller configurations of the same classes, see torch_exports.py), an
# nn.TransformerEncoder, a GPT-style decoder-only language model (integer
# tokens, positions from torch.arange, a torch.triu causal mask) and a U-Net
# with bilinear and nearest upsampling. (The LSTM/GRU/RNN exports are in
# test_recurrent.py.)
#
# Each model is compiled once with strata.compile (through the ONNX
# importer), its signature must keep the dynamic dims dynamic, and it is run
# at batch 1 and 3 (and sequence 16 and 7) against onnxruntime's
# CPUExecutionProvider, graph optimizations disabled, on the same inputs;
# 1 and 2 runtime threads must agree.
#
# torch is not importable from the interpreter that runs pytest: the models
# are exported at test time by /usr/bin/python3 (Debian's python3-torch and
# python3-torchvision) in a subprocess, into pytest's tmp_path, or into
# $STRATA_MODEL_CACHE/torch-<key> when that is set (the key hashes the
# exporter and the torch and torchvision versions, so a changed exporter
# exports again). Without torch there the module is skipped.
#
#   PYTHONPATH=<build>/python_packages python3 -m pytest -q \
#       test/onnx/models/test_torch_models.py
#
#===----------------------------------------------------------------------===#

import functools
import hashlib
import os
import subprocess
import sys

import numpy as np
import pytest

import strata

ort = pytest.importorskip(
    "onnxruntime", reason="the PyTorch model tests compare with onnxruntime")
onnx = pytest.importorskip("onnx", reason="the ONNX importer needs onnx")

#: The interpreter that has torch (the Debian packages python3-torch and
#: python3-torchvision).
TORCH_PYTHON = "/usr/bin/python3"
EXPORTER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "torch_exports.py")


def _torch_env():
    """The environment of the export: none of this interpreter's paths."""
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONHOME"):
        env.pop(key, None)
    return env


def _torch_versions():
    """`torch torchvision` versions of TORCH_PYTHON, or None without them."""
    if not os.path.exists(TORCH_PYTHON):
        return None
    try:
        proc = subprocess.run(
            [TORCH_PYTHON, "-c",
             "import torch, torch.onnx, torchvision; "
             "print(torch.__version__, torchvision.__version__)"],
            capture_output=True, text=True, env=_torch_env(), timeout=300)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


TORCH_VERSIONS = _torch_versions()
if TORCH_VERSIONS is None:
    pytest.skip(f"{TORCH_PYTHON} cannot import torch and torchvision (Debian: "
                "apt-get install python3-torch python3-torchvision), which "
                "export the models at test time", allow_module_level=True)

#: Vocabulary of the GPT-style model (torch_exports.GPT_VOCAB).
VOCAB = 100

#: name -> (input kind, the compiled signature with None for each dim that
#: must stay dynamic, the output's shape for batch b and sequence s).
#: Input kinds: ("image", C, H, W), ("sequence", features), ("tokens",).
MODELS = {
    "resnet18": (("image", 3, 64, 64),
                 ((None, 3, 64, 64), (None, 10)), lambda b, s: (b, 10)),
    "mobilenet_v2": (("image", 3, 64, 64),
                     ((None, 3, 64, 64), (None, 10)), lambda b, s: (b, 10)),
    "mobilenet_v3_small": (("image", 3, 64, 64),
                           ((None, 3, 64, 64), (None, 10)),
                           lambda b, s: (b, 10)),
    "shufflenet_v2": (("image", 3, 64, 64),
                      ((None, 3, 64, 64), (None, 10)), lambda b, s: (b, 10)),
    "convnext": (("image", 3, 64, 64),
                 ((None, 3, 64, 64), (None, 10)), lambda b, s: (b, 10)),
    "swin": (("image", 3, 32, 32),
             ((None, 3, 32, 32), (None, 10)), lambda b, s: (b, 10)),
    "vit": (("image", 3, 32, 32),
            ((None, 3, 32, 32), (None, 10)), lambda b, s: (b, 10)),
    "efficientnet": (("image", 3, 64, 64),
                     ((None, 3, 64, 64), (None, 10)), lambda b, s: (b, 10)),
    "deeplabv3_mobilenet": (("image", 3, 64, 64),
                            ((None, 3, 64, 64), (None, 4, 64, 64)),
                            lambda b, s: (b, 4, 64, 64)),
    "transformer_encoder": (("sequence", 64),
                            ((None, None, 64), (None, None, 64)),
                            lambda b, s: (b, s, 64)),
    "gpt": (("tokens",), ((None, None), (None, None, VOCAB)),
            lambda b, s: (b, s, VOCAB)),
    "unet": (("image", 3, 64, 64),
             ((None, 3, 64, 64), (None, 2, 64, 64)),
             lambda b, s: (b, 2, 64, 64)),
}

#: Max |strata - onnxruntime| allowed per model (f32, absolute), over the
#: cases below. The comments give the output's magnitude (max |output|)
#: and the measured max difference (onnxruntime 1.23.2, x86-64 with
#: AVX-512, default options: opt_level 3, NHWC, Winograd); each bound is
#: about 10x the measurement, rounded up to 1, 2, 3 or 5 x 10^k, for other
#: CPUs' vector widths and summation orders. The outputs of two batch
#: items differ by 1000x the bound or more (test_outputs_depend_on_input),
#: so a wrong op fails.
TOLERANCE = {
    "resnet18": 1e-4,             # ~1.0; measured 7.5e-6
    "mobilenet_v2": 3e-6,         # ~0.20; measured 2.7e-7
    "mobilenet_v3_small": 3e-7,   # ~0.066; measured 2.2e-8
    "shufflenet_v2": 1e-5,        # ~0.74; measured 7.9e-7
    "convnext": 1e-6,             # ~0.34; measured 7.5e-8
    "swin": 1e-6,                 # ~0.13; measured 5.2e-8
    "vit": 3e-6,                  # ~0.33; measured 2.7e-7
    "efficientnet": 1e-5,         # ~0.95; measured 6.6e-7
    "deeplabv3_mobilenet": 3e-5,  # ~1.0; measured 2.7e-6
    "transformer_encoder": 2e-5,  # ~7.2; measured 1.2e-6
    "gpt": 1e-5,                  # logits ~2.8; measured 9.5e-7
    "unet": 1e-4,                 # ~2.7; measured 9.2e-6
}

#: Ops each export must contain: what the model is here to exercise.
EXPECTED_OPS = {
    "resnet18": {"Conv", "MaxPool", "GlobalAveragePool", "Gemm"},
    "mobilenet_v2": {"Conv", "Clip"},
    "mobilenet_v3_small": {"HardSwish", "HardSigmoid"},
    "shufflenet_v2": {"Transpose", "Reshape", "Slice", "Concat"},
    "convnext": {"LayerNormalization", "Erf", "Transpose"},
    "swin": {"Pad", "ScatterND", "Where", "Softmax", "LayerNormalization"},
    "vit": {"Expand", "Softmax", "LayerNormalization"},
    "efficientnet": {"Sigmoid", "GlobalAveragePool"},
    "deeplabv3_mobilenet": {"Resize", "HardSwish"},
    "transformer_encoder": {"Softmax", "LayerNormalization"},
    "gpt": {"Range", "Trilu", "Gather", "Softmax"},
    "unet": {"Resize", "Concat", "MaxPool"},
}

#: Sequence lengths of the sequence models (the export traced 16).
SEQS = (16, 7)


def _is_sequence(name):
    return MODELS[name][0][0] in ("sequence", "tokens")


#: (model, batch, seq): batch 1 and 3 (the export traced 2; 3 is not a
#: power of two), the sequence models also at both SEQS.
CASES = [(name, batch, seq) for name in MODELS for batch in (1, 3)
         for seq in (SEQS if _is_sequence(name) else (None,))]


def _case_id(case):
    name, batch, seq = case
    return f"{name}-b{batch}" + (f"-s{seq}" if seq is not None else "")


def _input(name, batch, seq):
    kind = MODELS[name][0]
    rng = np.random.default_rng(1000 * batch + (seq or 0))
    if kind[0] == "tokens":
        return rng.integers(0, VOCAB, size=(batch, seq)).astype(np.int64)
    shape = ((batch,) + kind[1:] if kind[0] == "image"
             else (batch, seq) + kind[1:])
    return rng.standard_normal(shape).astype(np.float32)


def _cache_dir(tmp_path_factory):
    root = os.environ.get("STRATA_MODEL_CACHE")
    if not root:
        return str(tmp_path_factory.mktemp("torch_models"))
    with open(EXPORTER, "rb") as f:
        key = hashlib.sha256(f.read() + TORCH_VERSIONS.encode()).hexdigest()
    path = os.path.join(root, f"torch-{key[:16]}")
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """name -> path of the exported model; exports what is not cached, all
    in one subprocess (importing torch takes seconds)."""
    out = _cache_dir(tmp_path_factory)
    paths = {name: os.path.join(out, f"{name}.onnx") for name in MODELS}
    missing = [name for name, path in paths.items()
               if not os.path.exists(path)]
    if missing:
        proc = subprocess.run([TORCH_PYTHON, EXPORTER, out] + missing,
                              capture_output=True, text=True,
                              env=_torch_env(), timeout=900)
        assert proc.returncode == 0, (
            f"the PyTorch export failed:\n{proc.stderr[-3000:]}")
    return paths


@pytest.fixture(scope="module")
def compiled(exported):
    """Each model compiled once, on first use."""
    @functools.lru_cache(maxsize=None)
    def get(name):
        return strata.compile(exported[name], target="cpu")
    return get


@pytest.fixture(scope="module")
def reference(exported):
    @functools.lru_cache(maxsize=None)
    def get(name):
        options = ort.SessionOptions()
        options.graph_optimization_level = (
            ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
        return ort.InferenceSession(exported[name], options,
                                    providers=["CPUExecutionProvider"])
    return get


@pytest.mark.parametrize("name", list(MODELS))
def test_export(exported, name):
    """The export is opset 17, has the dynamic axes and the ops the model
    is here for."""
    model = onnx.load(exported[name])
    assert any(o.domain in ("", "ai.onnx") and o.version == 17
               for o in model.opset_import)
    (inp,) = model.graph.input
    dims = [d.dim_param or d.dim_value for d in inp.type.tensor_type.shape.dim]
    assert dims[0] == "batch", dims
    if _is_sequence(name):
        assert dims[1] == "seq", dims
    ops = {n.op_type for n in model.graph.node}
    assert EXPECTED_OPS[name] <= ops, sorted(EXPECTED_OPS[name] - ops)

    def attrs(op_type, attr):
        return [onnx.helper.get_attribute_value(a)
                for n in model.graph.node if n.op_type == op_type
                for a in n.attribute if a.name == attr]
    if name == "unet":
        # F.interpolate's bilinear and nearest
        assert set(attrs("Resize", "mode")) == {b"linear", b"nearest"}
    if name == "deeplabv3_mobilenet":
        # the dilated backbone and the ASPP rates
        assert {max(d) for d in attrs("Conv", "dilations")} >= {2, 12, 24, 36}


@pytest.mark.parametrize("name", list(MODELS))
def test_signature(compiled, name):
    """The batch (and sequence) sizes stay dynamic in the compiled code."""
    sig = compiled(name).function("main").signature
    arg_shape, result_shape = MODELS[name][1]
    assert [a.shape for a in sig.args] == [arg_shape], str(sig)
    assert [r.shape for r in sig.results] == [result_shape], str(sig)
    assert sig.args[0].dtype == ("i64" if name == "gpt" else "f32"), str(sig)
    assert sig.results[0].dtype == "f32", str(sig)


@pytest.mark.parametrize("name", list(MODELS))
def test_outputs_depend_on_input(reference, name):
    """The reference outputs of two batch items differ by far more than the
    tolerance: the comparison sees the whole network (random weights can
    leave outputs that are nearly constant, see torch_exports.calibrate)."""
    x = _input(name, 3, SEQS[1] if _is_sequence(name) else None)
    (y,) = reference(name).run(None, {"input": x})
    spread = float(np.max(np.abs(y[0] - y[2])))
    assert spread >= 1000 * TOLERANCE[name], (name, spread)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_matches_onnxruntime(compiled, reference, case):
    name, batch, seq = case
    x = _input(name, batch, seq)
    y = compiled(name).main(x)
    (expected,) = reference(name).run(None, {"input": x})
    assert isinstance(y, np.ndarray) and y.dtype == np.float32
    assert y.shape == expected.shape == MODELS[name][2](batch, seq)
    assert np.all(np.isfinite(y))
    diff = float(np.max(np.abs(y.astype(np.float64) - expected)))
    assert diff <= TOLERANCE[name], (
        f"{_case_id(case)}: max |strata - onnxruntime| = {diff:.3g} > "
        f"{TOLERANCE[name]:g} (outputs up to "
        f"{float(np.max(np.abs(expected))):.3g})")


@pytest.fixture(scope="module")
def emulated(exported):
    """Each model compiled for the CUDA emulator (the CUDA backend's
    schedules, tiling and thread mapping run on the CPU), on first use."""
    @functools.lru_cache(maxsize=None)
    def get(name):
        return strata.compile(exported[name], target="cuda-emulator")
    return get





@pytest.mark.parametrize("name", list(MODELS))
def test_cuda_emulator_matches_onnxruntime(emulated, reference, name):
    """The GPU schedules of the whole model, with its dynamic batch (and
    sequence): the same tolerance against onnxruntime."""
    batch, seq = 3, (SEQS[1] if _is_sequence(name) else None)
    x = _input(name, batch, seq)
    y = emulated(name).main(x)
    (expected,) = reference(name).run(None, {"input": x})
    assert y.shape == expected.shape
    diff = float(np.max(np.abs(y.astype(np.float64) - expected)))
    assert diff <= TOLERANCE[name], (
        f"{name}: max |cuda-emulator - onnxruntime| = {diff:.3g} > "
        f"{TOLERANCE[name]:g}")


@pytest.mark.parametrize("name", list(MODELS))
def test_threads_agree(compiled, name):
    """One runtime thread and two give the same outputs (measured:
    bit-identical)."""
    x = _input(name, 3, SEQS[1] if _is_sequence(name) else None)
    one = compiled(name).main(x, threads=1)
    two = compiled(name).main(x, threads=2)
    assert one.shape == two.shape
    assert float(np.max(np.abs(one - two))) <= TOLERANCE[name]


if __name__ == "__main__":
    sys.exit(pytest.main([__file__] + sys.argv[1:]))
