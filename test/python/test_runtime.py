# CompiledModule and strata.load: functions, signatures, save/load round
# trips, run options (threads, profile, trace, dump), memory ownership.

import gc
import json
import os

import numpy as np
import pytest

import strata
from conftest import MLP_PATH, mlp_reference


def test_functions_and_signature(small, mlp):
    assert mlp.functions == ["main"]
    assert sorted(small.functions) == ["add", "constant", "identity",
                                       "relu_neg"]
    sig = mlp.function("main").signature
    assert str(sig) == "(tensor<?x1x4x4xf32>) -> tensor<?x4xf32>"
    (arg,) = sig.args
    assert arg.dtype == "f32" and arg.numpy_dtype == "float32"
    assert arg.shape == (None, 1, 4, 4)
    assert str(small.function("relu_neg").signature) == \
        "(tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>)"
    assert "main" in mlp and "nope" not in mlp
    assert "main" in dir(mlp)


def test_call_styles(mlp, rng):
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    y = mlp.main(x)
    np.testing.assert_array_equal(mlp["main"](x), y)
    np.testing.assert_array_equal(mlp.function("main")(x), y)


def test_save_load_round_trip(mlp, tmp_path, rng):
    path = tmp_path / "mlp.smod"
    mlp.save(path)
    assert path.read_bytes() == mlp.bytes
    x = rng.random((3, 1, 4, 4), dtype=np.float32)
    for loaded in (strata.load(path), strata.load(str(path)),
                   strata.load(mlp.bytes)):
        assert loaded.functions == ["main"]
        np.testing.assert_array_equal(loaded.main(x), mlp.main(x))
    # A module loaded from a file gives its bytes back too.
    assert strata.load(path).bytes == mlp.bytes


def test_module_from_strata_compile_cli(tmp_path, rng):
    # A module written by strata-compile loads in Python (same format).
    import shutil
    import subprocess
    tool = shutil.which("strata-compile")
    if tool is None:
        pytest.skip("strata-compile not on PATH")
    path = tmp_path / "cli.smod"
    subprocess.run([tool, MLP_PATH, "-o", str(path)], check=True)
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    np.testing.assert_allclose(strata.load(path).main(x),
                               mlp_reference(x.astype(np.float64)),
                               rtol=1e-4, atol=1e-5)


def test_threads_option(mlp, tmp_path, rng):
    x = rng.random((64, 1, 4, 4), dtype=np.float32)
    mlp.save(tmp_path / "m.smod")
    one = strata.load(tmp_path / "m.smod", threads=1)
    two = strata.load(tmp_path / "m.smod", threads=2)
    assert one.threads == 1 and two.threads == 2
    np.testing.assert_allclose(one.main(x), two.main(x), rtol=1e-6)
    # Per call: another session with its own thread count.
    np.testing.assert_allclose(one.main(x, threads=3), one.main(x), rtol=1e-6)
    assert strata.compile(MLP_PATH, threads=1).threads == 1
    assert strata.load(tmp_path / "m.smod").threads >= 1


def test_profile_trace_dump(mlp, tmp_path, rng):
    x = rng.random((2, 1, 4, 4), dtype=np.float32)
    trace = tmp_path / "trace.json"
    dump = tmp_path / "dump"
    dump.mkdir()
    m = strata.load(mlp.bytes, profile=True, trace=str(trace), dump=str(dump))
    m.main(x)
    report = m.profile_report()
    assert "main_dispatch" in report
    m.flush()
    events = json.loads(trace.read_text())
    assert events, "the trace has the launches"
    assert any(name.endswith(".npy") for name in os.listdir(dump))
    # profile=True on one call of an unprofiled module.
    assert mlp.main(x, profile=True).shape == (2, 4)


def test_results_outlive_module_and_inputs(rng):
    m = strata.compile(MLP_PATH)
    x = rng.random((4, 1, 4, 4), dtype=np.float32)
    expected = mlp_reference(x.astype(np.float64))
    y = m.main(x)
    del m, x
    gc.collect()
    # Reuse of pooled blocks by other calls must not touch y either.
    other = strata.compile(MLP_PATH)
    for _ in range(5):
        other.main(rng.random((4, 1, 4, 4), dtype=np.float32))
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-5)
    assert y.flags.writeable


def test_results_are_independent_of_inputs(small, rng):
    a = rng.standard_normal((2, 3), dtype=np.float32)
    y = small.identity(a)
    np.testing.assert_array_equal(y, a)
    assert not np.shares_memory(y, a)
    a[...] = 0
    assert np.any(y != 0), "the result is a copy, not the argument"
    c = small.constant()
    np.testing.assert_array_equal(c, [1.5, 2.5])
    c[0] = 7  # writable: constants come back as copies
    np.testing.assert_array_equal(small.constant(), [1.5, 2.5])


def test_input_arrays_are_not_written(small, rng):
    a = rng.standard_normal((3, 4), dtype=np.float32)
    b = rng.standard_normal((3, 4), dtype=np.float32)
    a0, b0 = a.copy(), b.copy()
    small.add(a, b)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)
    # Read-only arrays are accepted (borrowed, never written).
    a.setflags(write=False)
    np.testing.assert_allclose(small.add(a, b), a0 + b0, rtol=1e-6)


def test_non_contiguous_and_list_inputs(small, rng):
    big = rng.standard_normal((3, 8), dtype=np.float32)
    strided = big[:, ::2]
    assert not strided.flags.c_contiguous
    np.testing.assert_allclose(small.add(strided, strided), strided * 2,
                               rtol=1e-6)
    fortran = np.asfortranarray(rng.standard_normal((3, 4), dtype=np.float32))
    np.testing.assert_allclose(small.add(fortran, fortran), fortran * 2,
                               rtol=1e-6)
    lists = [[1, 2, 3, 4]] * 3
    np.testing.assert_array_equal(small.add(lists, lists),
                                  np.full((3, 4), [2, 4, 6, 8], np.float32))


def test_threads_calling_one_module(mlp, rng):
    import threading
    xs = [rng.random((8, 1, 4, 4), dtype=np.float32) for _ in range(4)]
    expected = [mlp.main(x) for x in xs]
    results = [None] * len(xs)

    def work(i):
        for _ in range(10):
            results[i] = mlp.main(xs[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got, want in zip(results, expected):
        np.testing.assert_array_equal(got, want)


_UNSIGNED_MODULE = """
func.func @widen(%a: tensor<3xui16>, %b: tensor<3xui32>, %c: tensor<2xui64>,
                 %d: tensor<2xf64>, %e: tensor<2xi16>)
    -> (tensor<3xui32>, tensor<3xi64>, tensor<2xi1>, tensor<2xf64>,
        tensor<2xi16>) {
  %0 = graph.cast %a : tensor<3xui16> -> tensor<3xui32>
  %1 = graph.cast %b : tensor<3xui32> -> tensor<3xi64>
  %big = graph.constant dense<9223372036854775808> : tensor<ui64>
  %2 = graph.greater_equal %c, %big : tensor<2xui64>, tensor<ui64> -> tensor<2xi1>
  %3 = graph.add %d, %d : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
  %4 = graph.neg %e : tensor<2xi16> -> tensor<2xi16>
  return %0, %1, %2, %3, %4 : tensor<3xui32>, tensor<3xi64>, tensor<2xi1>,
      tensor<2xf64>, tensor<2xi16>
}
"""


def test_unsigned_f64_i16_dtypes():
    """uint16/32/64, float64 and int16 arrays in and out, with their numpy
    dtypes in the signature and in the results."""
    m = strata.compile(_UNSIGNED_MODULE)
    sig = m.function("widen").signature
    assert [a.numpy_dtype for a in sig.args] == [
        "uint16", "uint32", "uint64", "float64", "int16"]
    u32, i64, ge, f64, i16 = m.widen(
        np.array([65535, 1, 0], np.uint16),
        np.array([2**32 - 1, 2, 3], np.uint32),
        np.array([2**64 - 1, 5], np.uint64),
        np.array([0.1, 1e300], np.float64),
        np.array([-32768, 7], np.int16))
    assert u32.dtype == np.uint32 and u32.tolist() == [65535, 1, 0]
    assert i64.dtype == np.int64 and i64.tolist() == [2**32 - 1, 2, 3]
    assert ge.tolist() == [True, False]
    assert f64.dtype == np.float64 and f64.tolist() == [0.2, 2e300]
    assert i16.dtype == np.int16 and i16.tolist() == [-32768, -7]
    # A signed array for an unsigned argument is a dtype error.
    with pytest.raises(strata.StrataError, match="u16"):
        m.widen(np.array([1, 2, 3], np.int16),
                np.array([1, 2, 3], np.uint32), np.array([1, 2], np.uint64),
                np.array([0.0, 0.0]), np.array([1, 2], np.int16))


_FREED_MODULE_CHILD = """
import gc, os, sys
import numpy as np
import strata
m = strata.load(open(sys.argv[1], "rb").read())
m.main(np.ones((4, 1, 4, 4), np.float32))
# The kernel library was loaded through /proc/self/fd/N, N then closed:
# the lowest free descriptors, N among them, become pipes whose writer is
# this process (as subprocess.run's are while the collector runs).
pipes = [os.pipe() for _ in range(16)]
del m
gc.collect()
print("freed")
"""


def test_module_freed_while_its_descriptor_is_a_pipe(tmp_path):
    """Freeing a module does not read the file that now has the descriptor
    number its kernel library was loaded through: the unload looked the
    library up by that path, and glibc read the pipe at that number,
    which never ended (bench_kernels.py hung in subprocess.run when the
    garbage collector freed a module there)."""
    import subprocess
    import sys
    path = tmp_path / "mlp.smod"
    strata.compile(MLP_PATH).save(str(path))
    child = subprocess.run([sys.executable, "-c", _FREED_MODULE_CHILD,
                            str(path)], capture_output=True, text=True,
                           timeout=60, env=dict(os.environ))
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "freed"
