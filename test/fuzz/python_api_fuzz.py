#!/usr/bin/env python3
"""Random-call fuzzer of Strata's Python API (the `strata` package).

Each case makes one random call of the public API with random argument
types, values, shapes, dtypes and options:

  - calls of compiled functions with numpy arrays of every dtype (complex,
    object, strings, datetimes, bfloat16 included), both byte orders, any
    rank (also above 8), 0-size dims, strided, transposed, reversed,
    broadcast (zero strides), read-only, misaligned and Fortran-order
    arrays; Python scalars, ragged lists, bytes, None; DLPack producers
    that work, raise, return the wrong thing, or hand over capsules of odd
    devices, dtypes, lane counts and ranks; buffer-protocol objects; result
    tensors; and run options (threads, profile, return_dlpack) of wrong
    types and values;
  - strata.load of random bytes, truncated and bit-flipped modules, modules
    of another format version, from paths of every kind (missing,
    directories, NUL bytes, non-path objects), with random options;
  - module methods (functions, metadata, save to good and bad paths, bytes,
    profile_report, flush) with random arguments;
  - now and then strata.compile of garbage or of a small model with random
    (also invalid) options.

The contract: every failure is a strata.StrataError (or a subclass); a
result that comes back is checked against numpy where the function is
known (add, relu/neg, identities). A case fails when it raises anything
else, when the process dies of a signal, or when it hangs (30 s). Modules
whose mutated bytes still load are inspected but not called: their kernel
code and the types the kernels were compiled for cannot be verified.

The cases run in child processes (a batch each); a case is a pure
function of (seed, index), so `--case N` replays one. Findings are printed
with the command that replays them; the summary line is

  python-api-fuzz: N cases, P processes, S s: F failures

and the exit status is 1 when F > 0. Needs numpy and the strata package
(PYTHONPATH=<build>/python_packages). See docs/Fuzzing.md.

  python3 test/fuzz/python_api_fuzz.py --cases 2000 --seed 1
  nice -n 19 python3 test/fuzz/python_api_fuzz.py --seconds 900 --seed 7
"""

import argparse
import ctypes
import faulthandler
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

import numpy as np

try:
    import ml_dtypes
except ImportError:  # bfloat16 arrays are then left out
    ml_dtypes = None

import strata

# Functions the fuzzer compiles (each separately, so that one a build
# cannot compile is simply left out). Identities cover every dtype's
# argument and result path; add and relu_neg check numbers.
SOURCES = {
    "add": """
func.func @add(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = graph.add %a, %b : tensor<3x4xf32>, tensor<3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}""",
    "relu_neg": """
func.func @relu_neg(%a: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = graph.relu %a : tensor<?x4xf32> -> tensor<?x4xf32>
  %1 = graph.neg %a : tensor<?x4xf32> -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}""",
    "constant": """
func.func @constant() -> tensor<2xf32> {
  %c = graph.constant dense<[1.5, 2.5]> : tensor<2xf32>
  return %c : tensor<2xf32>
}""",
}
for _name, _type in [("f32", "f32"), ("f64", "f64"), ("f16", "f16"),
                     ("bf16", "bf16"), ("i1", "i1"), ("i8", "i8"),
                     ("i16", "i16"), ("i32", "i32"), ("i64", "i64"),
                     ("u8", "ui8"), ("u16", "ui16"), ("u32", "ui32"),
                     ("u64", "ui64")]:
    SOURCES["id_" + _name] = f"""
func.func @id_{_name}(%a: tensor<?x2x{_type}>) -> tensor<?x2x{_type}> {{
  return %a : tensor<?x2x{_type}>
}}"""
I64_SOURCE = """
module attributes {device.target = #device.target<cpu>} {
  func.func @sum_to(%n: i64) -> i64 {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    cf.br ^loop(%c0, %c0 : i64, i64)
  ^loop(%i: i64, %acc: i64):
    %more = arith.cmpi slt, %i, %n : i64
    %next = arith.addi %i, %c1 : i64
    %sum = arith.addi %acc, %i : i64
    cf.cond_br %more, ^loop(%next, %sum : i64, i64), ^done(%acc : i64)
  ^done(%r: i64):
    return %r : i64
  }
}"""

NUMPY_DTYPES = ["float32", "float64", "float16", "bool", "int8", "int16",
                "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "complex64", "complex128", "object", "U3", "S2",
                "datetime64[s]", "timedelta64[ms]", "V4", "longdouble"]
STRATA_TO_NUMPY = {"f32": "float32", "f64": "float64", "f16": "float16",
                   "i1": "bool", "i8": "int8", "i16": "int16",
                   "i32": "int32", "i64": "int64", "u8": "uint8",
                   "u16": "uint16", "u32": "uint32", "u64": "uint64"}


class Finding(Exception):
    """A broken contract (a wrong result)."""


#===----------------------------------------------------------------------===#
# Random values
#===----------------------------------------------------------------------===#

def random_dtype(rng):
    if ml_dtypes is not None and rng.random() < 0.07:
        return np.dtype(ml_dtypes.bfloat16)
    dtype = np.dtype(rng.choice(NUMPY_DTYPES))
    if dtype.itemsize > 1 and dtype.kind in "fiuc" and rng.random() < 0.3:
        dtype = dtype.newbyteorder(rng.choice([">", "<"]))
    return dtype


def random_shape(rng, rank=None):
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 4, 9]) if rank is None else rank
    shape = []
    for _ in range(rank):
        shape.append(rng.choice([0, 1, 1, 2, 3, 4, 5]) if rng.random() < 0.9
                     else rng.randint(6, 40))
    while int(np.prod(shape, dtype=np.int64)) > 4096:
        shape[rng.randrange(len(shape))] = 1
    return tuple(shape)


def fill(rng, shape, dtype):
    """An array of `shape` and `dtype` with random contents."""
    nprng = np.random.default_rng(rng.getrandbits(32))
    count = int(np.prod(shape, dtype=np.int64))
    kind = dtype.kind
    if kind == "b":
        data = nprng.random(count) < 0.5
    elif kind in "iu":
        info = np.iinfo(dtype)
        data = nprng.integers(max(info.min, -1000), min(info.max, 1000),
                              count, endpoint=True)
    elif kind == "f" or dtype == np.dtype(getattr(ml_dtypes, "bfloat16",
                                                   "float32")):
        data = nprng.standard_normal(count) * 10
        if count and rng.random() < 0.3:
            data[nprng.integers(0, count)] = rng.choice(
                [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e38, 5e-324])
    elif kind == "c":
        data = nprng.standard_normal(count) + 1j * nprng.standard_normal(count)
    elif kind == "O":
        data = np.array([rng.choice([1, "x", None, 2.5])
                         for _ in range(count)], dtype=object)
    elif kind in "US":
        data = np.array(["ab"] * count)
    elif kind in "mM":
        data = nprng.integers(0, 1000, count)
    else:  # void
        return np.zeros(shape, dtype)
    with np.errstate(all="ignore"):
        return np.asarray(data).astype(dtype).reshape(shape)


def random_layout(rng, array):
    """`array`, or a view of it with other strides, flags or alignment."""
    choice = rng.randrange(9)
    if choice == 0 and array.ndim >= 1:
        return array[::-1]
    if choice == 1 and array.ndim >= 2:
        return array.T
    if choice == 2 and array.ndim >= 1 and array.shape[0] > 0:
        bigger = np.concatenate([array, array], axis=0)
        return bigger[::2]
    if choice == 3:
        return np.asfortranarray(array)
    if choice == 4:
        view = array.view()
        view.flags.writeable = False
        return view
    if choice == 5 and array.ndim >= 1:
        return np.broadcast_to(array[:1], array.shape) if array.shape[0] \
            else array
    if choice == 6 and array.dtype.kind in "biufc":
        # Misaligned: the data starts one byte into a buffer.
        raw = np.zeros(array.nbytes + 1, np.uint8)
        view = raw[1:].view(array.dtype).reshape(array.shape)
        view[...] = array
        return view
    return array


def random_array(rng, slot=None):
    """A numpy array: usually one that matches `slot` (a TensorType)."""
    if slot is not None and not isinstance(slot, str) and rng.random() < 0.6:
        shape = tuple(rng.choice([0, 1, 2, 3]) if d is None else d
                      for d in slot.shape)
        if rng.random() < 0.15:
            shape = random_shape(rng)
        if slot.numpy_dtype is not None:
            dtype = np.dtype(slot.numpy_dtype)
        elif ml_dtypes is not None:
            dtype = np.dtype(ml_dtypes.bfloat16)
        else:
            dtype = np.dtype("uint16")
        if rng.random() < 0.2:
            dtype = random_dtype(rng)
        elif dtype.itemsize > 1 and rng.random() < 0.1:
            dtype = dtype.newbyteorder(">")
    else:
        shape, dtype = random_shape(rng), random_dtype(rng)
    array = fill(rng, shape, dtype)
    return random_layout(rng, array) if rng.random() < 0.4 else array


class DLPackWrapper:
    """A DLPack producer over a numpy array (correct)."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, *args, **kwargs):
        return self.array.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


class RaisingDLPack:
    """A DLPack producer whose __dlpack__ raises."""

    def __init__(self, error):
        self.error = error

    def __dlpack__(self, *args, **kwargs):
        raise self.error

    def __dlpack_device__(self):
        return (1, 0)


class WrongDLPack:
    """A DLPack producer returning something that is not a capsule."""

    def __init__(self, value):
        self.value = value

    def __dlpack__(self, *args, **kwargs):
        return self.value


class NotCallableDLPack:
    __dlpack__ = 5


# DLPack structs, to hand over capsules of any device, dtype and rank.
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


_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class CapsuleDLPack:
    """A producer of hand-made DLPack capsules: a real buffer large enough
    for the shape (so that a consumer reading it stays in bounds), with a
    random device, dtype code, bit width, lane count, rank and strides, or
    a capsule of another name."""

    def __init__(self, rng):
        ndim = rng.choice([0, 1, 2, 3, 9])
        shape = [rng.choice([0, 1, 2, 3]) for _ in range(ndim)]
        code = rng.choice([0, 1, 2, 2, 3, 4, 5, 6, 9])
        bits = rng.choice([1, 8, 16, 32, 64, 128])
        lanes = rng.choice([1, 1, 1, 2, 4])
        count = int(np.prod(shape, dtype=np.int64))
        self.buffer = np.zeros(count * max(bits // 8, 1) * lanes + 64,
                               np.uint8)
        self.shape = (ctypes.c_int64 * max(ndim, 1))(*shape)
        self.strides = None
        if ndim and rng.random() < 0.3:
            # Strides of an element-wise reversed or transposed layout;
            # never beyond the buffer.
            self.strides = (ctypes.c_int64 * ndim)(
                *[rng.choice([0, 1]) for _ in range(ndim)])
        self.managed = _DLManagedTensor()
        tensor = self.managed.dl_tensor
        tensor.data = self.buffer.ctypes.data
        tensor.device = _DLDevice(rng.choice([1, 1, 1, 2, 3, 13, 99]), 0)
        tensor.ndim = ndim
        tensor.dtype = _DLDataType(code, bits, lanes)
        tensor.shape = ctypes.cast(self.shape, ctypes.POINTER(ctypes.c_int64))
        if self.strides is not None:
            tensor.strides = ctypes.cast(self.strides,
                                         ctypes.POINTER(ctypes.c_int64))
        tensor.byte_offset = 0
        self.name = b"dltensor" if rng.random() < 0.85 else b"other_name"
        self.description = (f"capsule device={tensor.device.device_type} "
                            f"dtype=({code},{bits},{lanes}) shape={shape} "
                            f"strides={self.strides is not None} "
                            f"name={self.name}")

    def __dlpack__(self, *args, **kwargs):
        return _PyCapsule_New(ctypes.addressof(self.managed), self.name, None)

    def __repr__(self):
        return f"<CapsuleDLPack {self.description}>"


def random_scalar(rng):
    return rng.choice([
        None, 0, -1, 7, 1 << 63, -(1 << 63) - 1, 1 << 100, 1.5, float("nan"),
        float("inf"), 2j, True, "abc", "", b"bytes", bytearray(b"xy"),
        np.float32(2.5), np.int64(3), np.uint64(1 << 63), np.bool_(True),
        np.float16(1), object(), {"a": 1}, {1, 2}, (1, 2), [1, [2, 3]],
        [[1, 2], [3]], [[1.5] * 4] * 3, [], range(3), Ellipsis, str,
        memoryview(b"abcd"), memoryview(np.zeros(4, np.float32)),
        memoryview(np.zeros((2, 3), np.float64)).cast("B"),
    ])


def random_argument(rng, slot, results):
    """One argument for a function parameter of type `slot`."""
    r = rng.random()
    if r < 0.55:
        return random_array(rng, slot)
    if r < 0.62:
        return DLPackWrapper(random_array(rng, slot))
    if r < 0.65:
        return RaisingDLPack(rng.choice([ValueError("bad"), RuntimeError("x"),
                                         BufferError("no"), TypeError("t"),
                                         MemoryError()]))
    if r < 0.68:
        return WrongDLPack(random_scalar(rng))
    if r < 0.69:
        return NotCallableDLPack()
    if r < 0.74:
        return CapsuleDLPack(rng)
    if r < 0.77 and results:
        return rng.choice(results)
    if slot == "i64" and r < 0.9:
        return rng.choice([0, 1, 5, -3, 1000, np.int64(4),
                           np.array(3, np.int64), np.int32(2)])
    return random_scalar(rng)


def random_threads(rng):
    return rng.choice([None, None, None, 0, 1, 2, 3, -1, 4097, 1 << 31,
                       1 << 40, 1.5, "2", True, np.int64(2), [1]])


def random_flag(rng):
    return rng.choice([None, None, True, False, "yes", 1, 0, np.bool_(True),
                       [True]])


def random_path(rng, work):
    return rng.choice([
        os.path.join(work, "m.smod"), pathlib.Path(work) / "p.smod",
        os.fsencode(os.path.join(work, "b.smod")), work,
        os.path.join(work, "no", "such", "dir", "m.smod"), "",
        os.path.join(work, "nul\0.smod"), 42, None, ["m.smod"], 1.5,
        "/dev/null", os.path.join(work, "file-as-dir", "x.smod"),
        # Not UTF-8: bytes, and the str os.fsdecode makes of them.
        os.fsencode(work) + b"/\xff\xfe.smod",
        os.path.join(work, "\udcff.smod"), "\ud800",
    ])


#===----------------------------------------------------------------------===#
# Module bytes
#===----------------------------------------------------------------------===#

def kernel_library_range(data):
    """[begin, end) of the kernel-library-cpu section, or None."""
    if len(data) < 64:
        return None
    count = int.from_bytes(data[24:28], "little")
    for i in range(min(count, 64)):
        base = 64 + 24 * i
        if base + 24 > len(data):
            return None
        kind = int.from_bytes(data[base:base + 4], "little")
        if kind == 9:
            offset = int.from_bytes(data[base + 8:base + 16], "little")
            size = int.from_bytes(data[base + 16:base + 24], "little")
            return offset, offset + size
    return None


def mutate_module(rng, data):
    """(bytes, description, runnable): a variant of a valid module."""
    choice = rng.randrange(8)
    if choice == 0:
        return bytes(rng.getrandbits(8) for _ in range(rng.randrange(300))), \
            "random bytes", False
    if choice == 1:
        cut = rng.randrange(len(data))
        return data[:cut], f"truncated at {cut}", False
    if choice == 2:
        mutated = bytearray(data)
        flips = [rng.randrange(len(data)) for _ in range(rng.randint(1, 8))]
        for at in flips:
            mutated[at] ^= 1 << rng.randrange(8)
        return bytes(mutated), f"bits flipped at {flips}", False
    if choice == 3:
        mutated = bytearray(data)
        mutated[8:12] = rng.choice([1, 3, 0xffffffff]).to_bytes(4, "little")
        return bytes(mutated), "other major version", False
    if choice == 4:
        return data + b"\0" * rng.randint(1, 64), "padded", False
    return data, "valid", True


#===----------------------------------------------------------------------===#
# Cases
#===----------------------------------------------------------------------===#

class Context:
    """What a child process shares between cases."""

    def __init__(self, module_dir, work):
        self.work = work
        self.module_bytes = {}
        for name in sorted(os.listdir(module_dir)):
            if name.endswith(".smod"):
                with open(os.path.join(module_dir, name), "rb") as f:
                    self.module_bytes[name[:-5]] = f.read()
        self.modules = {name: strata.load(data)
                        for name, data in self.module_bytes.items()}
        self.results = []
        os.makedirs(os.path.join(work, "file-as-dir.d"), exist_ok=True)
        with open(os.path.join(work, "file-as-dir"), "wb"):
            pass


def check_result(name, args, result):
    """Compares a call's result with numpy where the function is known."""
    def plain(a):
        return isinstance(a, np.ndarray)
    results = result if isinstance(result, tuple) else (result,)
    if not all(r is None or isinstance(r, (np.ndarray, int))
               for r in results):
        raise Finding(f"{name}: results are not numpy arrays or ints: "
                      f"{result!r}")
    if name == "add" and len(args) == 2 and all(map(plain, args)) and \
            isinstance(result, np.ndarray):
        expected = args[0].astype(np.float32) + args[1].astype(np.float32)
        if not np.array_equal(result, expected, equal_nan=True):
            raise Finding(f"add: wrong result {result!r}, expected "
                          f"{expected!r}")
    elif name == "relu_neg" and len(args) == 1 and plain(args[0]) and \
            isinstance(result, tuple):
        x = args[0].astype(np.float32)
        if not np.array_equal(result[1], -x, equal_nan=True):
            raise Finding(f"relu_neg: wrong neg {result[1]!r} of {x!r}")
        finite = np.isfinite(x)
        if not np.array_equal(result[0][finite], np.maximum(x, 0)[finite]):
            raise Finding(f"relu_neg: wrong relu {result[0]!r} of {x!r}")
    elif name.startswith("id_") and len(args) == 1 and plain(args[0]) and \
            isinstance(result, np.ndarray):
        a = np.ascontiguousarray(args[0])
        want = a if a.dtype.isnative else a.astype(a.dtype.newbyteorder("="))
        if result.shape != want.shape or result.tobytes() != want.tobytes():
            raise Finding(f"{name}: the result differs from the argument "
                          f"({result!r} vs {want!r})")


def case_call(rng, ctx, log):
    module_name = rng.choice(sorted(ctx.modules))
    module = ctx.modules[module_name]
    function = module.function(module_name if module_name in module
                               else module.functions[0])
    slots = function.signature.args
    count = len(slots) if rng.random() < 0.85 else rng.randrange(4)
    args = [random_argument(rng, slots[i] if i < len(slots) else None,
                            ctx.results) for i in range(count)]
    options = {}
    for key, make in (("threads", random_threads), ("profile", random_flag),
                      ("return_dlpack", random_flag)):
        value = make(rng)
        if value is not None and rng.random() < 0.3:
            options[key] = value
    log(f"call {function.name} args={[describe(a) for a in args]} "
        f"options={options}")
    result = function(*args, **options)
    if isinstance(options.get("return_dlpack"), (bool, np.bool_)) and \
            options["return_dlpack"]:
        tensors = result if isinstance(result, tuple) else (result,)
        for tensor in tensors:
            if isinstance(tensor, strata._strata.Tensor):
                ctx.results = (ctx.results + [tensor])[-8:]
                use_tensor(rng, tensor)
    else:
        check_result(function.name, args, result)


def use_tensor(rng, tensor):
    """Random uses of a result tensor (DLPack and numpy export)."""
    choice = rng.randrange(4)
    if choice == 0 and tensor.dtype != "bf16":  # numpy cannot take bf16
        np.from_dlpack(tensor)
    elif choice == 1:
        tensor.__dlpack__(copy=rng.choice([None, True, False]),
                          stream=rng.choice([None, 1]))
    elif choice == 2:
        str(tensor), repr(tensor), tensor.shape, tensor.dtype
    else:
        tensor.numpy()


def case_load(rng, ctx, log):
    name = rng.choice(sorted(ctx.module_bytes))
    data, what, runnable = mutate_module(rng, ctx.module_bytes[name])
    options = {}
    if rng.random() < 0.3:
        options["threads"] = random_threads(rng)
    if rng.random() < 0.2:
        options["profile"] = random_flag(rng)
    if rng.random() < 0.15:
        options["trace"] = random_path(rng, ctx.work)
    if rng.random() < 0.1:
        options["dump"] = random_path(rng, ctx.work)
    options = {k: v for k, v in options.items() if v is not None}
    how = rng.randrange(4)
    log(f"load {name} ({what}, {len(data)} bytes) how={how} "
        f"options={options}")
    if how == 0:
        source = data
    elif how == 1:
        source = rng.choice([bytearray(data), memoryview(data)])
    elif how == 2:
        path = os.path.join(ctx.work, "load.smod")
        with open(path, "wb") as f:
            f.write(data)
        source = rng.choice([path, pathlib.Path(path), os.fsencode(path)])
    else:
        source = random_path(rng, ctx.work) if rng.random() < 0.7 \
            else random_scalar(rng)
    module = strata.load(source, **options)
    inspect_module(rng, ctx, module, runnable and how != 3)


def inspect_module(rng, ctx, module, runnable):
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(10)
        key = rng.choice(["producer", "cpu-features", "source", "", "\0",
                          3, None, b"producer", "\udcff", "caf\u00e9"])
        if choice == 0:
            module.metadata(key)
        elif choice == 1:
            module.function(rng.choice(module.functions + [key, "nope"]))
        elif choice == 2:
            _ = key in module
        elif choice == 3:
            module.save(random_path(rng, ctx.work))
        elif choice == 4:
            _ = module.bytes
        elif choice == 5:
            repr(module), dir(module), module.functions
        elif choice == 6 and runnable:
            _ = module.threads
        elif choice == 7 and runnable:
            module.profile_report()
        elif choice == 8 and runnable:
            module.flush()
        elif choice == 9:
            getattr(module, rng.choice(module.functions + ["nope"]))


def case_module(rng, ctx, log):
    name = rng.choice(sorted(ctx.modules))
    log(f"module methods of {name}")
    inspect_module(rng, ctx, ctx.modules[name], True)


def case_compile(rng, ctx, log):
    options = {}
    for key, values in (
            ("cpu", [None, "x86-64", "no-such-cpu", 3, "", "\ud800"]),
            ("features", [None, "+avx2", "+avx512f", "bogus", "+nope", 1]),
            ("opt_level", [0, 1, 3, 4, -1, "2", 1.0, True]),
            ("vectorize", [True, False, "False", 0]),
            ("layout", ["nhwc", "nchw", "xyz", 5]),
            ("winograd", [True, False, None]),
            ("winograd_tile", [0, 2, 4, 3, -1, "4", True]),
            ("compile_to", ["module", "graph", "kernel", "bogus", 2]),
            ("linker", [None, "/no/such/ld", 7]),
            ("source_name", [None, "m.mlir", 3, "\udcff.mlir"]),
            ("threads", [0, -1, "x", 1 << 40]),
            ("trace", [None, 3, os.path.join(ctx.work, "t.json")])):
        if rng.random() < 0.15:
            options[key] = rng.choice(values)
    valid = rng.random() < 0.25
    source = rng.choice(list(SOURCES.values())) if valid else rng.choice([
        "func.func @f(", "garbage", b"\x00\x01ML\xefR", 42, None,
        b"func.func @f() {\n  \xff\xfe bad\n}", "func.func @\udcff()",
        pathlib.Path(ctx.work) / "\udcff.mlir",
        os.path.join(ctx.work, "missing.mlir"), ctx.work,
        os.path.join(ctx.work, "missing.onnx"), "x\0.mlir",
        pathlib.Path(ctx.work) / "nope.mlirbc", ["func"]])
    log(f"compile {describe(source)} options={options}")
    result = strata.compile(source, **options)
    if isinstance(result, strata.CompiledModule) and rng.random() < 0.5:
        function = result.function(result.functions[0])
        args = [random_array(rng, slot) for slot in function.signature.args]
        function(*args)


CASES = [(case_call, 60), (case_load, 22), (case_module, 15),
         (case_compile, 3)]


def describe(value):
    if isinstance(value, np.ndarray):
        return (f"ndarray{value.shape}:{value.dtype.str}"
                f"{'' if value.flags.c_contiguous else ':strided'}"
                f"{'' if value.flags.writeable else ':ro'}"
                f"{'' if value.flags.aligned else ':misaligned'}")
    if isinstance(value, DLPackWrapper):
        return f"DLPack({describe(value.array)})"
    if isinstance(value, (str, bytes)) and len(value) > 40:
        return repr(value[:40]) + "..."
    return repr(value)[:80]


def run_case(seed, index, ctx, log):
    rng = random.Random(seed * 1000003 + index)
    weights = [w for _, w in CASES]
    case = rng.choices([c for c, _ in CASES], weights)[0]
    case(rng, ctx, log)


#===----------------------------------------------------------------------===#
# Child: a batch of cases
#===----------------------------------------------------------------------===#

def child_main(args):
    faulthandler.enable()
    ctx = Context(args.modules, args.work)
    progress = open(args.progress, "w", buffering=1)
    failures = 0
    counts = {"ok": 0, "StrataError": 0}
    for index in range(args.first, args.first + args.count):
        progress.write(f"case {index}\n")
        lines = []
        # A case that does not finish in 30 s is a hang: the traceback
        # goes to stderr and the process exits (the parent reports it).
        faulthandler.dump_traceback_later(30, exit=True)
        try:
            run_case(args.seed, index, ctx, lines.append)
            counts["ok"] += 1
        except strata.StrataError:
            counts["StrataError"] += 1
        except Exception as e:  # noqa: BLE001 - the point of the fuzzer
            failures += 1
            kind = "wrong result" if isinstance(e, Finding) else \
                type(e).__name__
            print(f"FAIL case {index} ({kind}): {e}\n  " +
                  "\n  ".join(lines) + "\n" + traceback.format_exc(),
                  flush=True)
        finally:
            faulthandler.cancel_dump_traceback_later()
    progress.write(f"done {counts['ok']} {counts['StrataError']}\n")
    progress.close()
    sys.exit(3 if failures else 0)


#===----------------------------------------------------------------------===#
# Parent: compile the modules, run batches, report
#===----------------------------------------------------------------------===#

def compile_modules(directory):
    names = []
    for name, source in SOURCES.items():
        try:
            strata.compile(source).save(os.path.join(directory,
                                                     name + ".smod"))
            names.append(name)
        except strata.StrataError as e:
            print(f"note: {name} not compiled: {str(e).splitlines()[0]}")
    strata.compile(I64_SOURCE, from_device=True).save(
        os.path.join(directory, "sum_to.smod"))
    return names + ["sum_to"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=0,
                        help="cases to run (0: until --seconds)")
    parser.add_argument("--seconds", type=float, default=0,
                        help="time budget (0: until --cases)")
    parser.add_argument("--batch", type=int, default=250,
                        help="cases per child process")
    parser.add_argument("--case", type=int, default=None,
                        help="replay this case alone (verbose)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--modules", help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    parser.add_argument("--progress", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child_main(args)
    if not args.cases and not args.seconds and args.case is None:
        args.cases = 1000

    start = time.time()
    root = tempfile.mkdtemp(prefix="strata-pyfuzz-")
    try:
        modules = os.path.join(root, "modules")
        os.makedirs(modules)
        compiled = compile_modules(modules)
        if args.case is not None:
            work = os.path.join(root, "work")
            os.makedirs(work)
            ctx = Context(modules, work)
            def log(line):
                print(line, flush=True)
            try:
                run_case(args.seed, args.case, ctx, log)
                print("ok")
            except strata.StrataError as e:
                print(f"StrataError: {e}")
            return 0
        print(f"python-api-fuzz: seed {args.seed}, modules: "
              f"{', '.join(compiled)}", flush=True)
        done = processes = failures = succeeded = refused = 0
        while True:
            if args.cases and done >= args.cases:
                break
            if args.seconds and time.time() - start >= args.seconds:
                break
            count = args.batch if not args.cases else \
                min(args.batch, args.cases - done)
            work = os.path.join(root, f"work{processes}")
            os.makedirs(work)
            progress = os.path.join(root, "progress.txt")
            command = [sys.executable, os.path.abspath(__file__), "--child",
                       "--seed", str(args.seed), "--first", str(done),
                       "--count", str(count), "--modules", modules,
                       "--work", work, "--progress", progress]
            child = subprocess.run(command, capture_output=True, text=True,
                                   timeout=60 + 31 * count)
            processes += 1
            with open(progress) as f:
                lines = f.read().splitlines()
            last = lines[-1] if lines else "(none)"
            if last.startswith("done "):
                succeeded += int(last.split()[1])
                refused += int(last.split()[2])
            if child.returncode == 3:
                failures += child.stdout.count("FAIL case ")
                print(child.stdout, end="", flush=True)
            elif child.returncode != 0:
                failures += 1
                case = last.split()[1] if last.startswith("case") else "?"
                how = f"signal {-child.returncode}" if child.returncode < 0 \
                    else f"exit {child.returncode}"
                print(f"FAIL case {case} ({how}); replay: "
                      f"{os.path.basename(__file__)} --seed {args.seed} "
                      f"--case {case}\n{child.stdout}{child.stderr[-4000:]}",
                      flush=True)
                # Resume after the case that killed the process.
                if last.startswith("case"):
                    count = int(case) + 1 - done
            shutil.rmtree(work, ignore_errors=True)
            done += count
        seconds = time.time() - start
        print(f"python-api-fuzz: {succeeded} returned, {refused} raised "
              f"StrataError", flush=True)
        print(f"python-api-fuzz: {done} cases, {processes} processes, "
              f"{seconds:.0f} s: {failures} failures", flush=True)
        return 1 if failures else 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
