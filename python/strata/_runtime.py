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


#: The most threads a session may use (the runtime's limit).
MAX_THREADS = 4096


def check_bool(name: str, value) -> bool:
    """`value` if it is a bool (numpy's too), else StrataError: a string
    such as "False" must not read as true."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise StrataError(f"{name} must be True or False, got {value!r}")


def check_threads(threads) -> int:
    """`threads` if it is an int from 0 to MAX_THREADS, else StrataError."""
    if isinstance(threads, (bool, np.bool_)) or \
            not isinstance(threads, (int, np.integer)) or \
            not 0 <= threads <= MAX_THREADS:
        raise StrataError(f"threads must be an int from 0 to {MAX_THREADS} "
                          f"(0: one per core), got {threads!r}")
    return int(threads)


def fspath(name: str, path) -> str:
    """A path argument (str, bytes or os.PathLike) as a str, else
    StrataError."""
    try:
        path = os.fspath(path)
    except TypeError:
        raise StrataError(f"{name} must be a path (str or os.PathLike), got "
                          f"{type(path).__name__}") from None
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if "\0" in path:
        raise StrataError(f"{name} must not contain a NUL character: "
                          f"{path!r}")
    try:
        os.fsencode(path)  # what crosses to C
    except UnicodeEncodeError as e:
        raise StrataError(f"{name} is not a valid file name: {e}") from None
    return path


def check_str(name: str, value) -> str:
    """`value` if it is a str the C APIs can take (UTF-8), else
    StrataError."""
    if not isinstance(value, str):
        raise StrataError(f"{name} must be a str, got {value!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise StrataError(f"{name} is not valid text: {e}") from None
    return value


def check_device(device) -> str:
    """`device` if it is a str ("cpu", "cuda", "cuda:N"), else
    StrataError (the runtime checks the spelling when it opens it)."""
    if not isinstance(device, str):
        raise StrataError(f"device must be a str ('cpu', 'cuda' or 'cuda:N'), "
                          f"got {device!r}")
    return device


def check_run_options(threads, profile, trace, dump):
    """The run options of strata.load / strata.compile, normalized:
    (threads, profile, trace path or None, dump directory or None)."""
    return (check_threads(threads), check_bool("profile", profile),
            None if trace is None else fspath("trace", trace),
            None if dump is None else fspath("dump", dump))

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
        return _from_array(value, index, function)
    # Scalars and nested lists take the dtype the signature expects.
    numpy_dtype = slot.numpy_dtype if isinstance(slot, TensorType) else None
    try:
        array = np.asarray(value, dtype=numpy_dtype)
    except Exception as e:  # TypeError, ValueError, OverflowError, ...
        raise StrataError(
            f"function '{function}': argument {index}: cannot convert "
            f"{type(value).__name__} to an array: {e}") from e
    if array.dtype == object:
        raise StrataError(
            f"function '{function}': argument {index}: cannot convert "
            f"{type(value).__name__} to an array")
    return _from_array(array, index, function)


def _bfloat16_array(tensor, index: int, function: str):
    """A bf16 result as a numpy array of ml_dtypes.bfloat16 (numpy has no
    bfloat16 of its own), viewing the result's memory."""
    try:
        import ml_dtypes
    except ImportError:
        raise StrataError(
            f"function '{function}': result {index} is bf16, which numpy "
            "holds only with the ml_dtypes package (pip install ml_dtypes); "
            "or call with return_dlpack=True") from None
    return tensor.numpy().view(ml_dtypes.bfloat16)


def _from_array(value, index: int, function: str):
    """_strata.Tensor.from_array, its errors naming the argument."""
    try:
        return _strata.Tensor.from_array(value)
    except StrataError as e:
        raise StrataError(
            f"function '{function}': argument {index}: {e}") from None


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
        self._bf16_results = tuple(
            isinstance(slot, TensorType) and slot.dtype == "bf16"
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
                try:
                    tensors.append(_strata.Tensor.from_array(a))
                except StrataError as e:
                    raise StrataError(f"function '{self.name}': argument "
                                      f"{i}: {e}") from None
            else:
                tensors.append(_to_tensor(a, slots[i] if i < len(slots)
                                          else None, i, self.name))
        if return_dlpack is not False:
            check_bool("return_dlpack", return_dlpack)
        session, lock = self._module._session(threads, profile)
        with lock:
            results = session.invoke(self.name, tensors)
        converted = []
        for i, tensor in enumerate(results):
            if self._i64_results[i]:
                converted.append(int(tensor.numpy()))
            elif return_dlpack:
                converted.append(tensor)
            elif self._bf16_results[i]:
                converted.append(_bfloat16_array(tensor, i, self.name))
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
                 trace: Optional[str] = None, dump: Optional[str] = None,
                 device: str = "cpu"):
        threads, profile, trace, dump = check_run_options(threads, profile,
                                                          trace, dump)
        self._device = check_device(device)
        self._native = native
        self._data = data
        self._path = path
        self._threads = threads
        self._profile = profile
        self._trace = trace
        self._dump = dump
        self._sessions: Dict[Tuple[int, bool], tuple] = {}
        self._sessions_lock = threading.Lock()
        self._functions: Dict[str, Function] = {}
        # (session, lock) of the load options, once made: calls without
        # options skip the lookup.
        self._default_session: Optional[tuple] = None

    @classmethod
    def _from_bytes(cls, data: bytes, check_cpu: bool = True,
                    **options) -> "CompiledModule":
        return cls(_strata.Module.load_bytes(data, check_cpu), data, None,
                   **options)

    # --- functions -------------------------------------------------------
    @property
    def functions(self):
        """The names of the module's functions."""
        return list(self._native.functions)

    def function(self, name: str) -> Function:
        """The function `name`; FunctionNotFoundError (a StrataError) if
        there is none."""
        if not isinstance(name, str):
            raise StrataError(
                f"a function name must be a str, got {type(name).__name__}")
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
        return isinstance(name, str) and name in self._native.functions

    # --- bytes and files -------------------------------------------------
    @property
    def bytes(self) -> bytes:
        """The .smod file's bytes: those loaded (the module keeps its own
        copy; the file may have changed or be gone since)."""
        if self._data is None:
            self._data = self._native.data()
        return self._data

    def save(self, path) -> None:
        """Writes the module to `path` (a .smod file), atomically: a new
        file renamed over `path`, so that saving onto the file the module
        was loaded from, or onto a module another process runs, is safe."""
        # Paths cross as bytes: a str path may hold surrogates (file names
        # that are not UTF-8), which a C string cannot.
        self._native.save(os.fsencode(fspath("path", path)))

    def metadata(self, key: str) -> Optional[str]:
        """A metadata value ("source", "producer", "target",
        "cpu-features"...), or None."""
        return self._native.metadata(check_str("a metadata key", key))

    # --- sessions --------------------------------------------------------
    def _session(self, threads: Optional[int], profile: Optional[bool]):
        if threads is None and profile is None:
            cached = self._default_session
            if cached is not None:
                return cached
        threads = self._threads if threads is None else check_threads(threads)
        profile = self._profile if profile is None else \
            check_bool("profile", profile)
        key = (threads, profile)
        with self._sessions_lock:
            entry = self._sessions.get(key)
            if entry is None:
                # Only the module's default session writes the trace / dump.
                default = key == (self._threads, self._profile)
                trace, dump = (self._trace, self._dump) if default \
                    else (None, None)
                session = _strata.Session(
                    self._native, threads=threads, profile=profile,
                    trace=None if trace is None else os.fsencode(trace),
                    dump=None if dump is None else os.fsencode(dump),
                    device=self._device)
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
         trace: Optional[str] = None, dump: Optional[str] = None,
         device: str = "cpu") -> CompiledModule:
    """Loads a .smod module from a path or from bytes. The module is read
    into memory and verified; it does not depend on the file afterwards.
    A module whose kernels need CPU features this host lacks is refused.

    threads: threads running a launch's tiles (0 = one per core).
    profile: collect per-kernel statistics (CompiledModule.profile_report).
    trace: write a Chrome trace of the launches to this file.
    dump: write every launch's outputs as .npy files into this directory.
    device: where the functions run: "cpu", "cuda" (GPU 0) or "cuda:N" (a
      module compiled with target="cuda"; numpy arguments are copied to the
      GPU, results back).
    """
    check_run_options(threads, profile, trace, dump)
    check_device(device)
    options = dict(threads=threads, profile=profile, trace=trace, dump=dump,
                   device=device)
    if isinstance(source, (bytes, bytearray, memoryview)):
        try:
            data = bytes(source)
        except (TypeError, ValueError, BufferError) as e:
            raise StrataError(f"cannot read the module bytes: {e}") from e
        return CompiledModule._from_bytes(data, **options)
    if not isinstance(source, (str, os.PathLike)):
        raise StrataError("strata.load: source must be a path (str or "
                          "os.PathLike) or the module's bytes, got "
                          f"{type(source).__name__}")
    path = fspath("source", source)
    return CompiledModule(_strata.Module.load_file(os.fsencode(path)), None,
                          path, **options)
