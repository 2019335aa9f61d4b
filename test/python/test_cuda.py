"""The CUDA target from Python: compile for a GPU, the emulator's results,
and the errors of running where there is no GPU (or not a GPU module)."""

import ctypes

import numpy as np
import pytest

import strata
from strata import StrataError

from conftest import MLP_PATH


def has_cuda_driver():
    try:
        ctypes.CDLL("libcuda.so.1")
        return True
    except OSError:
        return False


def test_emulator_matches_the_cpu():
    # The CUDA schedules and thread mapping, run on this CPU.
    x = np.random.default_rng(0).random((3, 1, 4, 4), dtype=np.float32)
    cpu = strata.compile(MLP_PATH)
    emulated = strata.compile(MLP_PATH, target="cuda-emulator:sm_80")
    assert emulated.metadata("target") == "cpu"
    np.testing.assert_allclose(emulated.main(x), cpu.main(x), rtol=1e-5,
                               atol=1e-6)


def test_cuda_module():
    module = strata.compile(MLP_PATH, target="cuda:sm_80", device="cpu")
    assert module.metadata("target") == "cuda"
    assert module.metadata("chip") == "sm_80"
    # Its kernels need a GPU: calling it on the CPU says so.
    with pytest.raises(StrataError, match="its kernels run on a CUDA GPU"):
        module.main(np.zeros((1, 1, 4, 4), np.float32))
    # A CPU module on a GPU session is refused the same way (where a GPU
    # can be opened at all).
    if has_cuda_driver():
        return
    with pytest.raises(StrataError, match=r"CUDA driver not found"):
        strata.load(module.bytes, device="cuda").main(
            np.zeros((1, 1, 4, 4), np.float32))


def test_bad_devices():
    module = strata.compile(MLP_PATH)
    with pytest.raises(StrataError, match=r"unknown device 'tpu'"):
        strata.load(module.bytes, device="tpu").main(
            np.zeros((1, 1, 4, 4), np.float32))
    with pytest.raises(StrataError, match="device must be a str"):
        strata.load(module.bytes, device=0)
    with pytest.raises(StrataError, match="unknown CUDA chip 'sm_75'"):
        strata.compile(MLP_PATH, target="cuda:sm_75")
