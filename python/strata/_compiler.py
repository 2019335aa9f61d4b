#===- _compiler.py - strata.compile --------------------------------------===#
#
# Turns what a user has (MLIR text, a path to .mlir / .mlirbc / .onnx, MLIR
# bytecode bytes, an onnx.ModelProto) into graph-level MLIR bytes, and
# compiles them through the compiler C API into a CompiledModule (or into
# the IR text of an earlier level with compile_to=...).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence, Union

from . import _strata
from ._runtime import (CompiledModule, check_bool, check_device,
                       check_run_options,
                       check_str, fspath)
from ._strata import StrataError

#: The levels `compile_to` accepts, in pipeline order. All but "module"
#: return the IR of that level as text.
COMPILE_LEVELS = ("graph", "kernel", "device", "llvm", "module")

_PATH_SUFFIXES = (".mlir", ".mlirbc", ".onnx")


def _is_onnx_model(source) -> bool:
    """True for an onnx.ModelProto, without importing onnx."""
    cls = type(source)
    return cls.__name__ == "ModelProto" and cls.__module__.startswith("onnx")


def _import_onnx(model, name: str) -> bytes:
    """Graph-level MLIR of an ONNX model (a ModelProto or a path): MLIR
    bytecode when it has weights, else UTF-8 text. `name` is the source's
    name in diagnostics."""
    try:
        # Imported lazily: onnx is only needed for ONNX input.
        from .frontend import onnx as onnx_frontend
    except ImportError as e:
        raise StrataError(
            "compiling an ONNX model needs strata.frontend.onnx and the onnx "
            f"package (pip install onnx): {e}") from e
    try:
        text, blobs = onnx_frontend.import_model_external(model)
    except StrataError:
        raise
    except Exception as e:  # OnnxImportError, or onnx failing on the file
        raise StrataError(str(e)) from e
    if not blobs:
        return text
    # The weights as bytes in MLIR bytecode, not as hex text to parse.
    return _strata.convert_to_bytecode(text, name, blobs)


def _read_file(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise StrataError(
            f"cannot read '{path}': {e.strerror or e}") from e
    except ValueError as e:  # a NUL in the path
        raise StrataError(f"cannot read {path!r}: {e}") from e


def _looks_like_path(text: str) -> bool:
    if "\n" in text or "{" in text:
        return False
    if "\0" in text:  # os.path.exists would raise
        return text.endswith(_PATH_SUFFIXES)
    return text.endswith(_PATH_SUFFIXES) or os.path.exists(text)


def _resolve_source(source, source_name: Optional[str]):
    """(bytes of graph-level MLIR, the name diagnostics use)."""
    if _is_onnx_model(source):
        name = source_name or (source.graph.name or "model") + ".onnx"
        return _import_onnx(source, name), name
    if isinstance(source, os.PathLike):
        source = fspath("source", source)
        return _resolve_path(source, source_name)
    if isinstance(source, str):
        if _looks_like_path(source):
            return _resolve_path(source, source_name)
        try:
            return source.encode(), source_name or "<string>"
        except UnicodeEncodeError as e:
            raise StrataError(f"strata.compile: the source is not valid "
                              f"text: {e}") from None
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), source_name or "<bytes>"
    raise StrataError(
        "strata.compile: source must be MLIR text (str), a path (.mlir, "
        ".mlirbc, .onnx), MLIR bytecode (bytes) or an onnx.ModelProto, "
        f"not {type(source).__name__}")


def _resolve_path(path: str, source_name: Optional[str]):
    if path.endswith(".onnx"):
        if "\0" in path or not os.path.isfile(path):
            raise StrataError(f"cannot read '{path}': no such file")
        name = source_name or path
        return _import_onnx(path, name), name
    return _read_file(path), source_name or path


def compile(source: Union[str, bytes, os.PathLike, "onnx.ModelProto"],
            target: str = "cpu", *, cpu: Optional[str] = None,
            features: Optional[str] = None, opt_level: int = 3,
            vectorize: bool = True, layout: str = "nhwc",
            precision: str = "f32", winograd: bool = True,
            winograd_tile: int = 0,
            compile_to: str = "module",
            linker: Optional[str] = None, source_name: Optional[str] = None,
            from_device: bool = False, timing=False,
            compile_threads: int = 0,
            cache: Union[bool, str, os.PathLike] = True,
            tuning_db: Optional[Union[str, os.PathLike]] = None,
            report_tuning=False,
            external: Union[str, Sequence[str]] = (),
            external_cost_rule: bool = True,
            threads: int = 0,
            profile: bool = False, trace: Optional[str] = None,
            dump: Optional[str] = None, device: Optional[str] = None):
    """Compiles a model for `target`: "cpu" (default), "cuda" or
    "cuda:CHIP" (sm_80, sm_86, sm_89, sm_90 (default), sm_90a: NVIDIA GPUs),
    or "cuda-emulator[:CHIP]" (the CUDA schedules as CPU kernels).

    source: graph-level MLIR text; a path to a .mlir, .mlirbc or .onnx file;
        MLIR bytecode as bytes; or an onnx.ModelProto. ONNX input goes
        through strata.frontend.onnx.import_model.
    target: "cpu" (the only target so far).
    cpu, features: LLVM CPU name and target features of the kernels
        (default: the host's), e.g. cpu="skylake", features="+avx2,-fma".
    opt_level: LLVM optimization level of the kernels, 0..3.
    vectorize: False compiles scalar loops (for testing).
    layout: data layout of the image ops' kernels: "nhwc" (default; NCHW
        models are converted) or "nchw" (as the model has it).
    precision: "f32" (default) or "bf16": the f32 matrix products and
        convolutions with constant weights multiply bf16-rounded inputs
        and sum in f32 (AVX512-BF16's dot products where the CPU has them;
        docs/Quantization.md).
    winograd: 3x3 stride-1 convolutions with constant filters through
        Winograd's F(m x m, 3x3) (default; NHWC only). False: im2col
        products, whose sums round like the direct convolution's.
    winograd_tile: Winograd's output tile m: 2 (F(2x2, 3x3)), 4
        (F(4x4, 3x3)), or 0 (default) to choose per convolution.
    compile_to: "module" (default) returns a CompiledModule; "graph",
        "kernel", "device" or "llvm" stop early and return that level's IR
        as a str.
    linker: the ld.lld linking the kernels (default: found in PATH).
    source_name: the file name diagnostics point at (default: the path, or
        "<string>").
    from_device: the source is device-level IR already (e.g. the output of
        compile_to="device", or hand-written host code): only serialize it.
    timing: True prints, on sys.stderr, the time of every phase and pass
        of the compilation (as strata-compile --timing; docs/CompileTime.md);
        a file-like object (anything with write) receives the report
        instead. The report ends with the kernel cache's line.
    compile_threads: threads of the compilation: 0 (default) one per core,
        1 none. The module is the same whatever the count.
    cache: the kernel cache: True (default) the user's ($STRATA_CACHE_DIR,
        else $XDG_CACHE_HOME/strata/kernels, else ~/.cache/strata/kernels;
        STRATA_CACHE_DIR=off turns it off), a path: that directory, False:
        none. A model compiled again compiles only the kernels the cache
        lacks; the module is the same with or without it.
    tuning_db: a tuning database (strata.tune's, docs/Tuning.md): each
        kernel it has measured on the target gets its fastest schedule.
    report_tuning: True prints, on sys.stderr, a remark per kernel saying
        where its schedule came from (the tuning database or the
        heuristics) with its fingerprint and target, and one per external
        region saying what decided it (as strata-compile --report-tuning);
        a file-like object receives them instead.
    external: external backends that run the parts of the model they
        support, in order of preference: "dnnl" or ["dnnl"] (as
        strata-compile --external; docs/BYOC.md). Running the module needs
        each backend's runtime plugin (libstrata-plugin-<name>.so).
    external_cost_rule: True (default) offloads only the regions each
        backend's cost rule finds faster there; False every region with a
        convolution, product or pooling.
    threads, profile, trace, dump, device: the CompiledModule's run options
        (see strata.load); device defaults to "cuda" for CUDA targets, else
        "cpu".

    Raises StrataError with every compiler diagnostic (file:line:col) when
    the source does not parse, verify or compile, and for options of a
    wrong type or value.
    """
    if not isinstance(compile_to, str) or compile_to not in COMPILE_LEVELS:
        raise StrataError(
            f"unknown compile_to level '{compile_to}' (expected one of "
            f"{', '.join(COMPILE_LEVELS)})")
    if not isinstance(layout, str) or layout not in ("nhwc", "nchw"):
        raise StrataError(f"layout must be 'nhwc' or 'nchw', got {layout!r}")
    if not isinstance(precision, str) or precision not in ("f32", "bf16"):
        raise StrataError(
            f"precision must be 'f32' or 'bf16', got {precision!r}")
    if isinstance(opt_level, bool) or not isinstance(opt_level, int) \
            or not 0 <= opt_level <= 3:
        raise StrataError(f"opt_level must be 0..3, got {opt_level!r}")
    if isinstance(winograd_tile, bool) or winograd_tile not in (0, 2, 4):
        raise StrataError(
            f"winograd_tile must be 0, 2 or 4, got {winograd_tile!r}")
    for name, value in (("vectorize", vectorize), ("winograd", winograd),
                        ("from_device", from_device),
                        ("external_cost_rule", external_cost_rule)):
        check_bool(name, value)
    if isinstance(compile_threads, bool) \
            or not isinstance(compile_threads, int) \
            or not 0 <= compile_threads <= 1024:
        raise StrataError(
            f"compile_threads must be 0..1024, got {compile_threads!r}")
    if cache is True:
        cache_dir = None
    elif cache is False:
        cache_dir = ""
    elif isinstance(cache, (str, os.PathLike)):
        cache_dir = os.fsdecode(cache)
        if not cache_dir or "\0" in cache_dir:
            raise StrataError(f"cache must name a directory, got {cache!r}")
    else:
        raise StrataError("cache must be a bool or a directory path, got "
                          f"{type(cache).__name__}")
    if not isinstance(timing, bool) and not callable(getattr(timing, "write",
                                                              None)):
        raise StrataError("timing must be a bool or a file-like object "
                          f"(with write), got {type(timing).__name__}")
    if not isinstance(report_tuning, bool) and \
            not callable(getattr(report_tuning, "write", None)):
        raise StrataError("report_tuning must be a bool or a file-like "
                          "object (with write), got "
                          f"{type(report_tuning).__name__}")
    if tuning_db is not None:
        tuning_db = os.fspath(tuning_db) if isinstance(
            tuning_db, os.PathLike) else tuning_db
    if isinstance(external, str):
        external = [external] if external else []
    elif isinstance(external, (list, tuple)) and all(
            isinstance(e, str) for e in external):
        external = list(external)
    else:
        raise StrataError("external must be a backend name or a list of "
                          f"them, got {external!r}")
    for backend in external:
        if not backend or "," in backend or "\0" in backend:
            raise StrataError(
                f"external backend names must be non-empty without ',', "
                f"got {backend!r}")
    for name, value in (("target", target), ("cpu", cpu),
                        ("features", features), ("linker", linker),
                        ("source_name", source_name),
                        ("tuning_db", tuning_db)):
        if value is not None:
            check_str(name, value)
    # The run options are checked before a compile that may take long.
    check_run_options(threads, profile, trace, dump)
    if device is None:
        device = "cuda" if isinstance(target, str) and \
            (target == "cuda" or target.startswith("cuda:")) else "cpu"
    check_device(device)
    data, name = _resolve_source(source, source_name)
    # A path may hold surrogates (bytes that are not UTF-8): diagnostics
    # show them replaced.
    name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    output, report, diagnostics = _strata.compile(
        data, name, target, cpu or "", features or "", opt_level,
        bool(vectorize), layout, bool(winograd), winograd_tile, compile_to,
        linker or "", bool(from_device), timing is not False,
        compile_threads, cache_dir, tuning_db or "",
        report_tuning is not False, ",".join(external),
        bool(external_cost_rule), precision)
    if timing is not False:
        (sys.stderr if timing is True else timing).write(report)
    if report_tuning is not False:
        remarks = "".join(line + "\n" for line in diagnostics.splitlines()
                          if "remark: kernel @" in line
                          or "remark: external region " in line)
        (sys.stderr if report_tuning is True else report_tuning).write(
            remarks)
    if compile_to != "module":
        return output
    # A module compiled for another CPU (cpu=..., features=...) can be
    # saved here; calling it raises StrataError naming the missing features.
    return CompiledModule._from_bytes(output, check_cpu=False,
                                      threads=threads, profile=profile,
                                      trace=trace, dump=dump, device=device)
