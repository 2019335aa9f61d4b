# Every error path raises strata.StrataError (a RuntimeError) with the
# compiler's or the runtime's message, never a crash.

import ctypes
import os

import numpy as np
import pytest

import strata
from conftest import MLP_PATH, SMALL_MLIR

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
    with pytest.raises(strata.StrataError,
                       match=r"unknown target 'tpu' \(known: cpu, cuda, cuda-emulator\)"):
        strata.compile(MLP_PATH, target="tpu")
    with pytest.raises(strata.StrataError, match=r"unknown CUDA chip 'sm_75'"):
        strata.compile(MLP_PATH, target="cuda:sm_75")
    with pytest.raises(strata.StrataError, match="opt_level must be 0..3"):
        strata.compile(MLP_PATH, opt_level=7)
    with pytest.raises(strata.StrataError, match="layout must be 'nhwc' or"):
        strata.compile(MLP_PATH, layout="nchwc")
    # The C API checks the layout too (strata_compile_options_set_layout).
    from strata import _strata
    with pytest.raises(strata.StrataError,
                       match=r"unknown layout 'nchwc' \(expected nhwc"):
        _strata.compile(b"", "<string>", "cpu", "", "", 3, True, "nchwc",
                        True, 0, "module", "", False, False, 0, None)
    with pytest.raises(strata.StrataError,
                       match="precision must be 'f32' or 'bf16', got 'fp8'"):
        strata.compile(MLP_PATH, precision="fp8")
    # And the C API (strata_compile_options_set_precision).
    with pytest.raises(strata.StrataError,
                       match=r"unknown precision 'fp8' \(expected f32 or bf16"):
        _strata.compile(b"", "<string>", "cpu", "", "", 3, True, "nhwc",
                        True, 0, "module", "", False, False, 0, None,
                        precision="fp8")
    with pytest.raises(strata.StrataError,
                       match="precision bf16 is implemented for CPU targets"):
        strata.compile(MLP_PATH, target="cuda", precision="bf16")
    with pytest.raises(strata.StrataError, match="unknown compile_to level"):
        strata.compile(MLP_PATH, compile_to="assembly")
    # Option types are checked: the string "False" is not false.
    with pytest.raises(strata.StrataError,
                       match="vectorize must be True or False, got 'False'"):
        strata.compile(MLP_PATH, vectorize="False")
    with pytest.raises(strata.StrataError,
                       match="winograd must be True or False, got 0"):
        strata.compile(MLP_PATH, winograd=0)
    for tile in (3, -1, True, "4"):
        with pytest.raises(strata.StrataError,
                           match="winograd_tile must be 0, 2 or 4, got"):
            strata.compile(MLP_PATH, winograd_tile=tile)
    with pytest.raises(strata.StrataError,
                       match="timing must be a bool or a file-like object"):
        strata.compile(MLP_PATH, timing="yes")
    with pytest.raises(strata.StrataError,
                       match="compile_threads must be 0..1024, got -1"):
        strata.compile(MLP_PATH, compile_threads=-1)
    with pytest.raises(strata.StrataError,
                       match="compile_threads must be 0..1024, got '2'"):
        strata.compile(MLP_PATH, compile_threads="2")
    with pytest.raises(strata.StrataError,
                       match="cache must be a bool or a directory path, got int"):
        strata.compile(MLP_PATH, cache=1)
    with pytest.raises(strata.StrataError, match="cache must name a directory"):
        strata.compile(MLP_PATH, cache="")
    with pytest.raises(strata.StrataError, match="cpu must be a str, got 3"):
        strata.compile(MLP_PATH, cpu=3)
    with pytest.raises(strata.StrataError,
                       match="profile must be True or False, got 'no'"):
        strata.compile(MLP_PATH, profile="no")
    with pytest.raises(strata.StrataError, match="linking the kernel library"):
        strata.compile(MLP_PATH, linker="/no/such/ld.lld")
    with pytest.raises(strata.StrataError,
                       match="source must be MLIR text .* not int"):
        strata.compile(42)
    # Run options are checked before compiling.
    with pytest.raises(strata.StrataError, match="threads must be an int"):
        strata.compile(MLP_PATH, threads="4")
    with pytest.raises(strata.StrataError, match="trace must be a path"):
        strata.compile(MLP_PATH, trace=3)
    with pytest.raises(strata.StrataError, match="compile_to level"):
        strata.compile(MLP_PATH, compile_to=["graph"])
    with pytest.raises(strata.StrataError, match="layout must be"):
        strata.compile(MLP_PATH, layout=None)
    with pytest.raises(strata.StrataError, match="cannot read"):
        strata.compile("model\0.mlir")
    # A keyword the function does not have stays Python's own TypeError.
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
    with pytest.raises(strata.StrataError,
                       match="m.smod: cannot create a file in .*dir': No "
                             "such file or directory"):
        mlp.save(tmp_path / "no" / "such" / "dir" / "m.smod")
    with pytest.raises(strata.StrataError, match="is a directory"):
        mlp.save(tmp_path)
    with pytest.raises(strata.StrataError, match="path must be a path"):
        mlp.save(3)
    with pytest.raises(strata.StrataError, match="must not contain a NUL"):
        mlp.save(str(tmp_path / "a\0b"))
    assert os.listdir(tmp_path) == []


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


def test_bad_load_sources_and_options(mlp, tmp_path):
    with pytest.raises(strata.StrataError, match="source must be a path"):
        strata.load(3.5)
    with pytest.raises(strata.StrataError, match="source must be a path"):
        strata.load(None)
    with pytest.raises(strata.StrataError, match="is a directory"):
        strata.load(tmp_path)
    with pytest.raises(strata.StrataError, match="must not contain a NUL"):
        strata.load("m\0.smod")
    with pytest.raises(strata.StrataError, match="from 0 to 4096"):
        strata.load(mlp.bytes, threads=4097)
    with pytest.raises(strata.StrataError, match="from 0 to 4096"):
        strata.load(mlp.bytes, threads=1 << 40)
    with pytest.raises(strata.StrataError, match="threads must be"):
        strata.load(mlp.bytes, threads=2.0)
    with pytest.raises(strata.StrataError, match="trace must be a path"):
        strata.load(mlp.bytes, trace=["t.json"])
    with pytest.raises(strata.StrataError, match="dump must be a path"):
        strata.load(mlp.bytes, dump=7)
    with pytest.raises(strata.StrataError, match="profile must be True"):
        strata.load(mlp.bytes, profile="yes")
    # Older format versions are refused with what to do.
    old = bytearray(mlp.bytes)
    old[8:12] = (1).to_bytes(4, "little")
    with pytest.raises(strata.StrataError,
                       match=r"unsupported format version 1\.\d+ \(this runtime "
                             r"reads 2.x\): rebuild the module"):
        strata.load(bytes(old))


def test_trace_that_cannot_be_written(small, tmp_path):
    m = strata.load(small.bytes, trace=tmp_path / "no" / "t.json")
    x = np.zeros((3, 4), np.float32)
    # Reported when the session is made, before the function runs.
    with pytest.raises(strata.StrataError,
                       match="cannot write the trace: .*t.json: cannot "
                             "create a file in"):
        m.add(x, x)
    with pytest.raises(strata.StrataError, match="cannot write the trace"):
        strata.load(small.bytes, dump=tmp_path / "d",
                    trace=tmp_path).add(x, x)


def test_bad_module_method_arguments(small):
    with pytest.raises(strata.StrataError, match="metadata key must be"):
        small.metadata(3)
    with pytest.raises(strata.StrataError, match="function name must be"):
        small.function(3)
    assert 3 not in small
    x = np.zeros((3, 4), np.float32)
    with pytest.raises(strata.StrataError, match="return_dlpack must be"):
        small.add(x, x, return_dlpack="yes")
    with pytest.raises(strata.StrataError, match="threads must be"):
        small.add(x, x, threads=-1)
    with pytest.raises(strata.StrataError, match="cannot convert list"):
        small.add(x, [[1 << 2000] * 4] * 3)


def test_array_layouts_are_accepted(small, rng):
    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    expected = a + b
    big = a.astype(">f4")
    fortran = np.asfortranarray(b)
    strided = np.repeat(b, 2, axis=1)[:, ::2]
    reversed_ = np.ascontiguousarray(b[::-1])[::-1]
    readonly = a.copy()
    readonly.flags.writeable = False
    raw = np.zeros(a.nbytes + 1, np.uint8)
    misaligned = raw[1:].view(np.float32).reshape(3, 4)
    misaligned[...] = a
    for x, y in [(big, b), (a, fortran), (a, strided), (a, reversed_),
                 (readonly, b), (misaligned, b), (big, b.astype(">f4"))]:
        np.testing.assert_array_equal(small.add(x, y), expected)
    zeros = np.broadcast_to(np.float32(0), (3, 4))
    np.testing.assert_array_equal(small.add(a, zeros), a)
    # Big-endian arrays of every multi-byte dtype, through an identity.
    m = strata.compile("""
func.func @id(%a: tensor<?xi32>) -> tensor<?xi32> {
  return %a : tensor<?xi32>
}""")
    np.testing.assert_array_equal(m.id(np.arange(5, dtype=">i4")),
                                  np.arange(5, dtype=np.int32))


@pytest.mark.parametrize("dtype", ["complex64", "object", "U3", "S2",
                                   "datetime64[s]", "V4", "longdouble",
                                   ">c8"])
def test_unsupported_dtypes(small, dtype):
    x = np.zeros((3, 4), dtype)
    ok = np.zeros((3, 4), np.float32)
    with pytest.raises(strata.StrataError,
                       match=r"function 'add': argument 1: .*unsupported "
                             r"array dtype"):
        small.add(ok, x)


def test_rank_above_eight(small):
    with pytest.raises(strata.StrataError, match="arrays of rank 9"):
        small.add(np.zeros((1,) * 9, np.float32), np.zeros((3, 4)))


class _RaisingDLPack:
    def __dlpack__(self, *args, **kwargs):
        raise ValueError("producer failed")


class _WrongDLPack:
    def __init__(self, value):
        self.value = value

    def __dlpack__(self, *args, **kwargs):
        return self.value


class _NotCallableDLPack:
    __dlpack__ = 5


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


class _CapsuleDLPack:
    """Hands over a DLPack capsule of a 3x4 buffer with the given device
    type and dtype (code, bits, lanes)."""

    def __init__(self, device_type=1, dtype=(2, 32, 1)):
        self.buffer = np.zeros(3 * 4 * 16, np.uint8)
        self.shape = (ctypes.c_int64 * 2)(3, 4)
        self.managed = _DLManagedTensor()
        tensor = self.managed.dl_tensor
        tensor.data = self.buffer.ctypes.data
        tensor.device = _DLDevice(device_type, 0)
        tensor.ndim = 2
        tensor.dtype = _DLDataType(*dtype)
        tensor.shape = ctypes.cast(self.shape, ctypes.POINTER(ctypes.c_int64))

    def __dlpack__(self, *args, **kwargs):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.managed), b"dltensor", None)


def test_misbehaving_dlpack_producers(small):
    ok = np.zeros((3, 4), np.float32)
    with pytest.raises(strata.StrataError,
                       match=r"argument 1: cannot pass a .*_RaisingDLPack: "
                             r"its __dlpack__\(\) raised .*producer failed"):
        small.add(ok, _RaisingDLPack())
    for value in (None, 3, "capsule", [ok]):
        with pytest.raises(strata.StrataError,
                           match=r"its __dlpack__\(\) returned a .*, not a "
                                 r"DLPack capsule"):
            small.add(ok, _WrongDLPack(value))
    with pytest.raises(strata.StrataError, match="argument 1: cannot pass"):
        small.add(ok, _NotCallableDLPack())
    # A capsule that was consumed already.
    capsule = np.zeros((3, 4), np.float32).__dlpack__()
    np.from_dlpack(_WrongDLPack(capsule))
    with pytest.raises(strata.StrataError, match="cannot pass"):
        small.add(ok, _WrongDLPack(capsule))
    # Capsules of another device, dtype or lane count.
    with pytest.raises(strata.StrataError, match="only CPU arrays"):
        small.add(ok, _CapsuleDLPack(device_type=2))
    with pytest.raises(strata.StrataError, match="unsupported array dtype "
                                                 "complex64"):
        small.add(ok, _CapsuleDLPack(dtype=(5, 64, 1)))
    with pytest.raises(strata.StrataError, match="unsupported array dtype "
                                                 "float32x4"):
        small.add(ok, _CapsuleDLPack(dtype=(2, 32, 4)))
    # A well-formed one works.
    np.testing.assert_array_equal(small.add(ok, _CapsuleDLPack()), ok)


def test_bfloat16_arrays():
    # numpy has no bfloat16; ml_dtypes' arrays cannot leave through DLPack,
    # so their bits are passed, and bf16 results come back as ml_dtypes
    # arrays (before: a raw TypeError both ways).
    ml_dtypes = pytest.importorskip("ml_dtypes")
    m = strata.compile("""
func.func @neg(%a: tensor<?xbf16>) -> tensor<?xbf16> {
  %0 = graph.neg %a : tensor<?xbf16> -> tensor<?xbf16>
  return %0 : tensor<?xbf16>
}""")
    x = np.array([1.5, -2, 0.25], ml_dtypes.bfloat16)
    y = m.neg(x)
    assert y.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(y.astype(np.float32), [-1.5, 2, -0.25])
    t = m.neg(x, return_dlpack=True)
    assert t.dtype == "bf16"
    with pytest.raises(strata.StrataError, match="expected tensor<\\?xbf16>, "
                                                 "got tensor<3xf32>"):
        m.neg(x.astype(np.float32))


def test_text_that_is_not_utf8(small, tmp_path):
    # A module whose strings are not UTF-8 is rejected (the loader's message
    # would otherwise not even become a Python str).
    data = bytearray(small.bytes)
    at = data.index(b"identity")
    data[at + 2] = 0xAC
    with pytest.raises(strata.StrataError,
                       match="strings section: invalid UTF-8 at byte"):
        strata.load(bytes(data))
    # Compiler diagnostics quote the source line, whatever its bytes.
    with pytest.raises(strata.StrataError, match="<bytes>:2:"):
        strata.compile(b"func.func @f() {\n  \xff\xfe bad\n}")
    # File names that are not UTF-8 (str paths with surrogates, or bytes).
    odd = os.path.join(os.fsencode(tmp_path), b"m\xff.smod")
    small.save(odd)  # bytes paths are paths for save (for load: modules)
    assert strata.load(os.fsdecode(odd)).functions == small.functions
    with pytest.raises(strata.StrataError, match="cannot open"):
        strata.load(os.fsdecode(os.fsencode(tmp_path) + b"/missing\xfe.smod"))
    with pytest.raises(strata.StrataError, match="not a valid file name"):
        strata.load("\ud800.smod")
    with pytest.raises(strata.StrataError, match="is not valid text"):
        small.metadata("\udcff")
    with pytest.raises(strata.StrataError, match="cpu is not valid text"):
        strata.compile(SMALL_MLIR, cpu="\ud800")
