# Every error path raises strata.StrataError (a RuntimeError) with the
# compiler's or the runtime's message, never a crash.

import numpy as np
import pytest

import strata
from conftest import MLP_PATH

BAD_MLIR = """func.func @f(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  return %c0
}"""


def test_error_type():
    assert issubclass(strata.StrataError, RuntimeError)
    assert issubclass(strata.FunctionNotFoundError, strata.StrataError)


def test_bad_mlir_has_location():
    with pytest.raises(strata.StrataError) as e:
        strata.compile(BAD_MLIR)
    assert "<string>:3:13: error: expected ':'" in str(e.value)
    with pytest.raises(strata.StrataError, match=r"model.mlir:3:13: error"):
        strata.compile(BAD_MLIR, source_name="model.mlir")


def test_bad_mlir_file_has_path(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(BAD_MLIR)
    with pytest.raises(strata.StrataError,
                       match=r"bad\.mlir:3:13: error: expected ':'"):
        strata.compile(str(path))


def test_verifier_and_lowering_errors_have_locations():
    # A graph op whose types do not verify.
    with pytest.raises(strata.StrataError, match=r"<string>:2:\d+: error"):
        strata.compile("""func.func @f(%a: tensor<3xf32>) -> tensor<4xf32> {
  %0 = graph.relu %a : tensor<3xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}""")
    # Device-level input the host cannot run (from_device).
    with pytest.raises(strata.StrataError,
                       match=r"<string>:3:8: error: host constant"):
        strata.compile("""func.func @f(%n: index) -> index {
  // float arithmetic belongs in kernels
  %a = arith.constant 1.5 : f32
  %b = arith.addf %a, %a : f32
  return %n : index
}""", from_device=True)


def test_every_diagnostic_is_reported():
    two_errors = """func.func @f() {
  %a = graph.bogus_op_one : () -> tensor<f32>
  return
}
"""
    with pytest.raises(strata.StrataError) as e:
        strata.compile(two_errors)
    assert "<string>:2:" in str(e.value)


def test_bad_options():
    with pytest.raises(strata.StrataError, match="unsupported target 'cuda'"):
        strata.compile(MLP_PATH, target="cuda")
    with pytest.raises(strata.StrataError, match="opt_level must be 0..3"):
        strata.compile(MLP_PATH, opt_level=7)
    with pytest.raises(strata.StrataError, match="layout must be 'nhwc' or"):
        strata.compile(MLP_PATH, layout="nchwc")
    # The C API checks the layout too (strata_compile_options_set_layout).
    from strata import _strata
    with pytest.raises(strata.StrataError,
                       match=r"unknown layout 'nchwc' \(expected nhwc"):
        _strata.compile(b"", "<string>", "cpu", "", "", 3, True, "nchwc",
                        True, "module", "", False)
    with pytest.raises(strata.StrataError, match="unknown compile_to level"):
        strata.compile(MLP_PATH, compile_to="assembly")
    # Option types are checked: the string "False" is not false.
    with pytest.raises(strata.StrataError,
                       match="vectorize must be True or False, got 'False'"):
        strata.compile(MLP_PATH, vectorize="False")
    with pytest.raises(strata.StrataError,
                       match="winograd must be True or False, got 0"):
        strata.compile(MLP_PATH, winograd=0)
    with pytest.raises(strata.StrataError, match="cpu must be a str, got 3"):
        strata.compile(MLP_PATH, cpu=3)
    with pytest.raises(strata.StrataError,
                       match="profile must be True or False, got 'no'"):
        strata.compile(MLP_PATH, profile="no")
    with pytest.raises(strata.StrataError, match="linking the kernel library"):
        strata.compile(MLP_PATH, linker="/no/such/ld.lld")
    with pytest.raises(TypeError):
        strata.compile(42)
    with pytest.raises(TypeError):
        strata.compile(MLP_PATH, no_such_option=1)


def test_bad_files(tmp_path):
    with pytest.raises(strata.StrataError, match="cannot read 'missing.mlir'"):
        strata.compile("missing.mlir")
    with pytest.raises(strata.StrataError, match="cannot read"):
        strata.compile(str(tmp_path))  # a directory
    with pytest.raises(strata.StrataError, match="cannot read"):
        strata.compile(str(tmp_path / "missing.onnx"))
    with pytest.raises(strata.StrataError):
        strata.load(tmp_path / "missing.smod")
    not_a_module = tmp_path / "x.smod"
    not_a_module.write_bytes(b"hello" * 100)
    with pytest.raises(strata.StrataError, match="not a Strata module"):
        strata.load(not_a_module)
    with pytest.raises(strata.StrataError, match="too small"):
        strata.load(b"short")


def test_truncated_and_corrupt_modules(mlp):
    data = mlp.bytes
    for cut in (64, len(data) // 2, len(data) - 1):
        with pytest.raises(strata.StrataError):
            strata.load(data[:cut])
    # A flipped byte in the header's counts or tables is rejected too.
    corrupt = bytearray(data)
    corrupt[8] ^= 0xFF
    with pytest.raises(strata.StrataError):
        strata.load(bytes(corrupt))


def test_bad_onnx(tmp_path):
    path = tmp_path / "bad.onnx"
    path.write_bytes(b"not a protobuf")
    with pytest.raises(strata.StrataError):
        strata.compile(str(path))


def test_wrong_arguments(mlp, small):
    with pytest.raises(strata.StrataError,
                       match=r"function 'main': argument 0: expected "
                             r"tensor<\?x1x4x4xf32>, got tensor<2x4xf32>"):
        mlp.main(np.zeros((2, 4), np.float32))
    with pytest.raises(strata.StrataError, match=r"got tensor<2x1x4x4xf64>"):
        mlp.main(np.zeros((2, 1, 4, 4), np.float64))
    with pytest.raises(strata.StrataError, match="expected 1 argument, got 0"):
        mlp.main()
    with pytest.raises(strata.StrataError, match="expected 1 argument, got 2"):
        mlp.main(np.zeros((2, 1, 4, 4), np.float32), np.zeros(3))
    with pytest.raises(strata.StrataError, match=r"argument 1: expected "
                                                 r"tensor<3x4xf32>, got "
                                                 r"tensor<4x3xf32>"):
        small.add(np.zeros((3, 4), np.float32), np.zeros((4, 3), np.float32))
    with pytest.raises(strata.StrataError, match="cannot convert"):
        small.add(np.zeros((3, 4), np.float32), object())
    with pytest.raises(strata.StrataError, match="unsupported array dtype"):
        small.add(np.zeros((3, 4), np.complex64), np.zeros((3, 4), np.float32))


def test_wrong_i64_arguments(i64_module):
    with pytest.raises(strata.StrataError, match="expected an i64"):
        i64_module.sum_to(1.5)
    with pytest.raises(strata.StrataError, match="expected an i64"):
        i64_module.sum_to(np.zeros(3))
    with pytest.raises(strata.StrataError, match="does not fit in an i64"):
        i64_module.sum_to(1 << 70)


def test_unknown_function(mlp):
    with pytest.raises(strata.StrataError, match="no function named 'nope'"):
        mlp.nope
    with pytest.raises(strata.StrataError, match="no function named 'nope'"):
        mlp["nope"]
    with pytest.raises(strata.StrataError, match="no function named 'nope'"):
        mlp.function("nope")
    assert not hasattr(mlp, "nope")


def test_bad_run_options(mlp, rng):
    with pytest.raises(strata.StrataError, match="threads must be"):
        strata.load(mlp.bytes, threads=-1)
    with pytest.raises(strata.StrataError, match="threads must be"):
        mlp.main(rng.random((1, 1, 4, 4), dtype=np.float32), threads="two")


def test_save_to_bad_path(mlp, tmp_path):
    with pytest.raises(strata.StrataError, match="cannot write"):
        mlp.save(tmp_path / "no" / "such" / "dir" / "m.smod")


def test_runtime_error_during_call():
    # A reshape to a size that does not match fails at run time with the
    # runtime's message, and the module stays usable.
    m = strata.compile("""
func.func @reshape(%x: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = graph.reshape %x, %s : tensor<?xf32>, tensor<2xi64> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}""")
    x = np.arange(6, dtype=np.float32)
    np.testing.assert_array_equal(m.reshape(x, np.array([2, 3])),
                                  x.reshape(2, 3))
    with pytest.raises(strata.StrataError):
        m.reshape(x, np.array([4, 4]))
    np.testing.assert_array_equal(m.reshape(x, np.array([3, 2])),
                                  x.reshape(3, 2))
