# DLPack in (any object with __dlpack__) and out (return_dlpack=True gives
# strata tensors that are DLPack producers; numpy results are DLPack
# producers too).

import gc

import numpy as np
import pytest

import strata
from conftest import mlp_reference


class DLPackOnly:
    """Exposes an array through the DLPack protocol only (no buffer
    protocol, not a numpy array), like a foreign framework's tensor."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, *args, **kwargs):
        return self._array.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


def test_dlpack_input(mlp, rng):
    x = rng.random((3, 1, 4, 4), dtype=np.float32)
    np.testing.assert_array_equal(mlp.main(DLPackOnly(x)), mlp.main(x))


def test_dlpack_output(mlp, rng):
    x = rng.random((3, 1, 4, 4), dtype=np.float32)
    t = mlp.main(x, return_dlpack=True)
    assert isinstance(t, strata._strata.Tensor)
    assert t.shape == [3, 4] and t.dtype == "f32"
    assert t.__dlpack_device__() == (1, 0)  # kDLCPU
    y = np.from_dlpack(t)
    np.testing.assert_allclose(y, mlp_reference(x.astype(np.float64)),
                               rtol=1e-4, atol=1e-5)
    # Zero-copy: two exports view the same runtime buffer.
    assert np.shares_memory(np.from_dlpack(t), y)
    # The view outlives the tensor object.
    expected = y.copy()
    del t
    gc.collect()
    np.testing.assert_array_equal(y, expected)
    # copy=True gives a separate buffer.
    t = mlp.main(x, return_dlpack=True)
    copied = np.from_dlpack(t, copy=True)
    assert not np.shares_memory(copied, np.from_dlpack(t))


def test_dlpack_several_results(small, rng):
    a = rng.standard_normal((3, 4), dtype=np.float32)
    relu, neg = small.relu_neg(a, return_dlpack=True)
    np.testing.assert_array_equal(np.from_dlpack(relu), np.maximum(a, 0))
    np.testing.assert_array_equal(np.from_dlpack(neg), -a)
    assert "tensor<3x4xf32>" in repr(relu)
    assert str(neg).startswith("[[")


def test_numpy_results_are_dlpack_producers(mlp, rng):
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    y = mlp.main(x)
    # The round trip through DLPack into another call.
    np.testing.assert_array_equal(np.from_dlpack(y), y)


def test_torch_if_available(mlp, rng):
    torch = pytest.importorskip("torch")
    x = torch.rand(2, 1, 4, 4)
    y = torch.from_dlpack(mlp.main(x, return_dlpack=True))
    np.testing.assert_allclose(y.numpy(), mlp.main(x.numpy()), rtol=1e-6)


def test_integer_dtypes_round_trip():
    m = strata.compile("""
func.func @addi(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = graph.add %a, %b : tensor<4xi64>, tensor<4xi64> -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
func.func @addi32(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = graph.add %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
""")
    i = np.array([1, 2, 3, 1 << 40], dtype=np.int64)
    r = m.addi(DLPackOnly(i), i)
    assert r.dtype == np.int64
    np.testing.assert_array_equal(r, i + i)
    j = np.array([1, -2, 3, 1 << 20], dtype=np.int32)
    r32 = m.addi32(j, j)
    assert r32.dtype == np.int32
    np.testing.assert_array_equal(r32, j + j)
