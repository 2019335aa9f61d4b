#===- _runtime.py - CompiledModule, Function, strata.load ----------------===#
#
# The Pythonic runtime layer over _strata.Module / Session / Tensor:
# functions as attributes (m.main(x)), signatures, numpy and DLPack
# arguments and results, Python ints for i64 scalars, sessions per run
# option (threads, profile) created on first use.
#
# Memory: an array argument is borrowed, not copied (C-contiguous CPU
# arrays; nanobind copies a strided one first); results are numpy views of
# the runtime's memory, kept alive by the array itself. A result that would
# alias an argument or the module's constants is copied in _strata, so
# results never share memory with inputs and are always writable.
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import os
import threading
from typing import Dict, Optional, Tuple, Union

import numpy as np

from . import _strata
from ._strata import StrataError


def check_bool(name: str, value) -> bool:
    """`value` if it is a bool (numpy's too), else StrataError: a string
    such as "False" must not read as true."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise StrataError(f"{name} must be True or False, got {value!r}")

# Runtime dtype names -> numpy dtype names (bf16 has no numpy dtype).
_NUMPY_DTYPES = {
    "f32": "float32", "f64": "float64", "f16": "float16", "bf16": None,
    "i1": "bool", "bool": "bool", "i8": "int8", "i16": "int16",
    "i32": "int32", "i64": "int64", "u8": "uint8", "u16": "uint16",
    "u32": "uint32", "u64": "uint64",
}


class TensorType:
    """A tensor slot of a signature: `dtype` (runtime name, "f32"),
    `numpy_dtype` ("float32", None for bf16) and `shape` (None for `?`)."""

    def __init__(self, dtype: str, shape):
        self.dtype = dtype
        self.numpy_dtype = _NUMPY_DTYPES.get(dtype)
        self.shape = tuple(shape)

    def __str__(self):
        dims = "".join(("?" if d is None else str(d)) + "x"
                       for d in self.shape)
        return f"tensor<{dims}{self.dtype}>"

    __repr__ = __str__

    def __eq__(self, other):
        return (isinstance(other, TensorType) and self.dtype == other.dtype
                and self.shape == other.shape)

    def __hash__(self):
        return hash((self.dtype, self.shape))


def _slot(kind: str, dtype: str, dims) -> Union[TensorType, str]:
    return TensorType(dtype, dims) if kind == "tensor" else kind


class Signature:
    """A function's `args` and `results`: TensorType, or "i64" for an i64
    scalar. str() is "(tensor<?x4xf32>, i64) -> tensor<?x4xf32>"."""

    def __init__(self, args, results):
        self.args = tuple(_slot(*a) for a in args)
        self.results = tuple(_slot(*r) for r in results)

    def __str__(self):
        args = ", ".join(str(a) for a in self.args)
        results = ", ".join(str(r) for r in self.results)
        if len(self.results) != 1:
            results = f"({results})"
        return f"({args}) -> {results}"

    def __repr__(self):
        return f"<Signature {self}>"


class FunctionNotFoundError(StrataError, AttributeError):
    """No function of that name in the module (also an AttributeError, so
    hasattr(m, "name") works)."""


def _to_tensor(value, slot, index: int, function: str):
    """Converts argument `index` to a _strata.Tensor."""
    if isinstance(value, _strata.Tensor):
        raise StrataError(
            f"function '{function}': argument {index}: pass arrays, not "
            "result tensors; convert with numpy.from_dlpack(t)")
    if slot == "i64":
        if isinstance(value, (int, np.integer)) and not isinstance(
                value, (bool, np.bool_)):
            if not -(1 << 63) <= int(value) < (1 << 63):
                raise StrataError(
                    f"function '{function}': argument {index}: {value} does "
                    "not fit in an i64")
            return _strata.Tensor.from_int(int(value))
        if isinstance(value, np.ndarray) and value.shape == () and \
                value.dtype == np.int64:
            return _strata.Tensor.from_int(int(value))
        raise StrataError(
            f"function '{function}': argument {index}: expected an i64 "
            f"(a Python int), got {type(value).__name__}")
    if hasattr(value, "__dlpack__") or isinstance(value, np.ndarray):
        return _strata.Tensor.from_array(value)
    # Scalars and nested lists take the dtype the signature expects.
    numpy_dtype = slot.numpy_dtype if isinstance(slot, TensorType) else None
    try:
        array = np.asarray(value, dtype=numpy_dtype)
    except (TypeError, ValueError) as e:
        raise StrataError(
            f"function '{function}': argument {index}: cannot convert "
            f"{type(value).__name__} to an array: {e}") from e
    if array.dtype == object:
        raise StrataError(
            f"function '{function}': argument {index}: cannot convert "
            f"{type(value).__name__} to an array")
    return _strata.Tensor.from_array(array)


class Function:
    """One function of a CompiledModule; call it with arrays."""

    def __init__(self, module: "CompiledModule", name: str):
        self._module = module
        self.name = name
        self.signature = Signature(*module._native.signature(name))
        # Which arguments and results are i64 scalars, decided once: the
        # per-call path of a small model is a few microseconds.
        self._i64_args = tuple(slot == "i64" for slot in self.signature.args)
        self._i64_results = tuple(slot == "i64"
                                  for slot in self.signature.results)

    def __call__(self, *args, threads: Optional[int] = None,
                 profile: Optional[bool] = None,
                 return_dlpack: bool = False):
        """Runs the function.

        args: numpy arrays or any CPU array with __dlpack__ (borrowed, not
            copied), Python ints for i64 arguments, or scalars / lists
            (converted to the argument's dtype).
        threads, profile: override the module's run options for this call.
        return_dlpack: return strata tensors (DLPack producers, zero-copy)
            instead of numpy arrays.

        Returns one result, or a tuple of them (None for no result). i64
        results come back as Python ints.
        """
        slots = self.signature.args
        i64_args = self._i64_args
        tensors = []
        for i, a in enumerate(args):
            # The common case first: a numpy array for a tensor argument.
            if type(a) is np.ndarray and i < len(slots) and not i64_args[i]:
                tensors.append(_strata.Tensor.from_array(a))
            else:
                tensors.append(_to_tensor(a, slots[i] if i < len(slots)
                                          else None, i, self.name))
        session, lock = self._module._session(threads, profile)
        with lock:
            results = session.invoke(self.name, tensors)
        converted = []
        for is_i64, tensor in zip(self._i64_results, results):
            if is_i64:
                converted.append(int(tensor.numpy()))
            elif return_dlpack:
                converted.append(tensor)
            else:
                converted.append(tensor.numpy())
        if not converted:
            return None
        return converted[0] if len(converted) == 1 else tuple(converted)

    def __repr__(self):
        return f"<strata.Function {self.name}{self.signature}>"


class CompiledModule:
    """A compiled .smod module: functions as attributes (m.main(x)) or items
    (m["main"](x)), `.functions`, `.bytes`, `.save(path)`."""

    def __init__(self, native, data: Optional[bytes], path: Optional[str],
                 threads: int = 0, profile: bool = False,
                 trace: Optional[str] = None, dump: Optional[str] = None):
        if isinstance(threads, bool) or not isinstance(threads, int) or \
                threads < 0:
            raise StrataError(f"threads must be an int >= 0, got {threads!r}")
        check_bool("profile", profile)
        self._native = native
        self._data = data
        self._path = path
        self._threads = threads
        self._profile = bool(profile)
        self._trace = os.fspath(trace) if trace is not None else None
        self._dump = os.fspath(dump) if dump is not None else None
        self._sessions: Dict[Tuple[int, bool], tuple] = {}
        self._sessions_lock = threading.Lock()
        self._functions: Dict[str, Function] = {}
        # (session, lock) of the load options, once made: calls without
        # options skip the lookup.
        self._default_session: Optional[tuple] = None

    @classmethod
    def _from_bytes(cls, data: bytes, **options) -> "CompiledModule":
        return cls(_strata.Module.load_bytes(data), data, None, **options)

    # --- functions -------------------------------------------------------
    @property
    def functions(self):
        """The names of the module's functions."""
        return list(self._native.functions)

    def function(self, name: str) -> Function:
        """The function `name`; FunctionNotFoundError (a StrataError) if
        there is none."""
        function = self._functions.get(name)
        if function is None:
            if name not in self._native.functions:
                raise FunctionNotFoundError(
                    f"no function named '{name}' in the module (functions: "
                    f"{', '.join(self._native.functions) or 'none'})")
            function = self._functions[name] = Function(self, name)
        return function

    def __getitem__(self, name: str) -> Function:
        return self.function(name)

    def __getattr__(self, name: str) -> Function:
        # Called only when normal lookup fails (no method or property of
        # that name). The function is then stored as an instance attribute,
        # so that the next `m.main` is a plain lookup: this path cost about
        # 2 us per call, a tenth of a small model's run.
        if name.startswith("_"):
            raise AttributeError(name)
        function = self.function(name)
        self.__dict__[name] = function
        return function

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._native.functions))

    def __contains__(self, name: str) -> bool:
        return name in self._native.functions

    # --- bytes and files -------------------------------------------------
    @property
    def bytes(self) -> bytes:
        """The .smod file's bytes."""
        if self._data is None:
            with open(self._path, "rb") as f:
                self._data = f.read()
        return self._data

    def save(self, path) -> None:
        """Writes the module to `path` (a .smod file)."""
        path = os.fspath(path)
        try:
            with open(path, "wb") as f:
                f.write(self.bytes)
        except OSError as e:
            raise StrataError(
                f"cannot write '{path}': {e.strerror or e}") from e

    def metadata(self, key: str) -> Optional[str]:
        """A metadata value ("source", "producer", "target"...), or None."""
        return self._native.metadata(key)

    # --- sessions --------------------------------------------------------
    def _session(self, threads: Optional[int], profile: Optional[bool]):
        if threads is None and profile is None:
            cached = self._default_session
            if cached is not None:
                return cached
        threads = self._threads if threads is None else threads
        profile = self._profile if profile is None else \
            check_bool("profile", profile)
        if isinstance(threads, bool) or not isinstance(threads, int) or \
                threads < 0:
            raise StrataError(f"threads must be an int >= 0, got {threads!r}")
        key = (threads, profile)
        with self._sessions_lock:
            entry = self._sessions.get(key)
            if entry is None:
                # Only the module's default session writes the trace / dump.
                default = key == (self._threads, self._profile)
                session = _strata.Session(
                    self._native, threads=threads, profile=profile,
                    trace=self._trace if default else None,
                    dump=self._dump if default else None)
                entry = self._sessions[key] = (session, threading.Lock())
                if default:
                    self._default_session = entry
        return entry

    @property
    def threads(self) -> int:
        """Threads of the default session (0 at load = one per core)."""
        session, _ = self._session(None, None)
        return session.num_threads

    def profile_report(self) -> str:
        """The per-kernel profile of the calls so far (load with
        profile=True, or call with profile=True)."""
        session, lock = self._session(None, True if self._profile else None)
        with lock:
            return session.profile_report()

    def flush(self) -> None:
        """Writes the trace file and the tensor dump index now."""
        for session, lock in list(self._sessions.values()):
            with lock:
                session.flush()

    def __repr__(self):
        where = f" from '{self._path}'" if self._path else ""
        return f"<strata.CompiledModule{where} functions={self.functions}>"


def load(source, *, threads: int = 0, profile: bool = False,
         trace: Optional[str] = None,
         dump: Optional[str] = None) -> CompiledModule:
    """Loads a .smod module from a path (mapped, not copied) or from bytes.

    threads: threads running a launch's tiles (0 = one per core).
    profile: collect per-kernel statistics (CompiledModule.profile_report).
    trace: write a Chrome trace of the launches to this file.
    dump: write every launch's outputs as .npy files into this directory.
    """
    options = dict(threads=threads, profile=profile, trace=trace, dump=dump)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return CompiledModule._from_bytes(bytes(source), **options)
    path = os.fspath(source)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    return CompiledModule(_strata.Module.load_file(path), None, path,
                          **options)
