#===- test_models.py - Whole-model tests against onnxruntime --------------===#
#
# Compiles each model of models.py (ResNet- and MobileNetV2-style CNNs, a
# transformer encoder layer with both GELU spellings, an MLP) once with
# strata.compile (through the ONNX importer), runs it at batch sizes other
# than any the import saw (the batch dim is symbolic, so the one compiled
# function must serve all of them; the transformers also at a second
# sequence length) and compares with onnxruntime's CPUExecutionProvider on
# the same seeded inputs. Also checks the compiled signature (dynamic dims
# stay `?`), the result shapes and that 1 and 4 runtime threads agree.
#
# The reference session runs with graph optimizations disabled, so it
# evaluates the graph op by op as the ONNX spec defines it (no fused
# kernels with their own rounding).
#
# Run by test/onnx/models.test, or by hand:
#   PYTHONPATH=<build>/python_packages python3 -m pytest test/onnx/models
#
#===----------------------------------------------------------------------===#

import functools

import numpy as np
import pytest

import strata

ort = pytest.importorskip(
    "onnxruntime", reason="the model tests compare with onnxruntime")

import models  # noqa: E402  (next to this file; pytest puts it on sys.path)

#: Max |strata - onnxruntime| allowed per model (f32, absolute). The
#: measured max over all the cases below (batch 1 and 3; the transformers
#: also at seq 7), onnxruntime 1.23.2, x86-64 with AVX-512, opt_level 3,
#: is in the comment; the bounds keep a margin of 15x or more for other
#: CPUs' vector widths and summation orders while staying far below any
#: real error (the outputs are O(1) to O(20)).
TOLERANCE = {
    # logits up to ~24 in magnitude; measured 5.7e-6.
    "resnet": 1e-4,
    # logits up to ~5; measured 1.9e-6.
    "mobilenet": 1e-4,
    # LayerNorm outputs up to ~4; measured 1.2e-6 (both GELU forms).
    "transformer_erf": 2e-4,
    "transformer_gelu": 2e-4,
    # probabilities <= 1; measured 3.0e-8.
    "mlp": 1e-5,
}

#: The output's shape for batch b (and sequence length s).
OUTPUT_SHAPE = {
    "resnet": lambda b, s: (b, 10),
    "mobilenet": lambda b, s: (b, 10),
    "transformer_erf": lambda b, s: (b, s, models.HIDDEN),
    "transformer_gelu": lambda b, s: (b, s, models.HIDDEN),
    "mlp": lambda b, s: (b, 10),
}

#: The compiled signature: `None` for each dim that must stay dynamic.
SIGNATURE = {
    "resnet": ((None, 3, 64, 64), (None, 10)),
    "mobilenet": ((None, 3, 64, 64), (None, 10)),
    "transformer_erf": ((None, None, 64), (None, None, 64)),
    "transformer_gelu": ((None, None, 64), (None, None, 64)),
    "mlp": ((None, 64), (None, 10)),
}

#: (batch, seq) cases per model; seq only matters for the transformers.
#: Neither batch is special to the compiler (the import saw only "batch"),
#: 3 is not a power of two, and seq 7 is odd and not the built SEQ.
CASES = [(name, batch, seq)
         for name in models.MODELS
         for batch in (1, 3)
         for seq in ((models.SEQ, 7) if name.startswith("transformer")
                     else (models.SEQ,))]


def _case_id(case):
    name, batch, seq = case
    if name.startswith("transformer"):
        return f"{name}-b{batch}-s{seq}"
    return f"{name}-b{batch}"


@functools.lru_cache(maxsize=None)
def _model(name):
    return models.build(name)


@functools.lru_cache(maxsize=None)
def _compiled(name):
    """Each model is compiled once for the whole session."""
    return strata.compile(_model(name), target="cpu")


@functools.lru_cache(maxsize=None)
def _reference(name):
    options = ort.SessionOptions()
    options.graph_optimization_level = (
        ort.GraphOptimizationLevel.ORT_DISABLE_ALL)
    return ort.InferenceSession(_model(name).SerializeToString(), options,
                                providers=["CPUExecutionProvider"])


@pytest.mark.parametrize("name", list(models.MODELS))
def test_signature(name):
    sig = _compiled(name).function("main").signature
    args, results = SIGNATURE[name]
    assert [tuple(a.shape) for a in sig.args] == [args], str(sig)
    assert [tuple(r.shape) for r in sig.results] == [results], str(sig)
    assert all(t.dtype == "f32" for t in list(sig.args) + list(sig.results))


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_matches_onnxruntime(case):
    name, batch, seq = case
    x = models.make_input(name, batch, seq=seq)
    y = _compiled(name).main(x)
    (expected,) = _reference(name).run(None, {"input": x})
    assert isinstance(y, np.ndarray) and y.dtype == np.float32
    assert y.shape == OUTPUT_SHAPE[name](batch, seq)
    assert y.shape == expected.shape
    assert np.all(np.isfinite(y))
    diff = float(np.max(np.abs(y.astype(np.float64) - expected)))
    assert diff <= TOLERANCE[name], (
        f"{name} batch {batch}: max |strata - onnxruntime| = {diff:.3g} > "
        f"{TOLERANCE[name]:g}")


@pytest.mark.parametrize("name", list(models.MODELS))
def test_threads_agree(name):
    """One runtime thread and four (several tiles of each launch running at
    once) give the same outputs, within the model's tolerance (measured:
    bit-identical)."""
    m = _compiled(name)
    x = models.make_input(name, 3)
    one = m.main(x, threads=1)
    four = m.main(x, threads=4)
    assert one.shape == four.shape
    assert float(np.max(np.abs(one - four))) <= TOLERANCE[name]
