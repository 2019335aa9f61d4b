#===- __init__.py - The strata Python package ----------------------------===#
#
# Strata from Python: compile graph-level MLIR or ONNX models into modules
# and run them on numpy / DLPack arrays.
#
#   import strata
#   m = strata.compile(mlir_text_or_path_or_onnx, target="cpu")
#   y = m.main(x)
#
# The native part (_strata, nanobind) binds the compiler and runtime C APIs;
# everything Pythonic is in _compiler.py and _runtime.py. docs/Python.md is
# the reference.
#
#===----------------------------------------------------------------------===#
"""Strata: an MLIR-based machine-learning compiler, from Python."""

try:
    from . import _strata
except ImportError as e:  # pragma: no cover - a broken build or install
    raise ImportError(
        "the strata native extension (_strata) cannot be loaded: "
        f"{e}. Build it (ninja strata-python, then "
        "PYTHONPATH=<build>/python_packages) or `pip install .`") from e

from ._strata import StrataError
from ._compiler import COMPILE_LEVELS, compile
from ._runtime import (CompiledModule, Function, FunctionNotFoundError,
                       Signature, TensorType, load)

StrataError.__doc__ = (
    "An error of the Strata compiler or runtime (bad MLIR, wrong arguments, "
    "unknown function, unreadable module, ...); the message is the "
    "compiler's diagnostics with their locations, or the runtime's message.")
StrataError.__module__ = "strata"
FunctionNotFoundError.__module__ = "strata"

__version__ = _strata.runtime_version()


def tune(model, db, trials=None, time_budget=None, external=None,
         **options):
    """Measures schedules of `model`'s kernels on this machine and appends
    them to the tuning database `db` (docs/Tuning.md); compile with
    strata.compile(..., tuning_db=...) or strata-compile --tuning-db to use
    the fastest. Give `trials` or `time_budget` (seconds). Options:
    target, precision ("bf16": the kernels of the model compiled with
    it), strategy ("evolutionary" or "random"), threads, seed, bin_dir
    (where strata-compile and the other tools are), work_dir, timeout,
    verbose. Returns the summary: per kernel its share of the model's
    kernel time, its heuristic and tuned times and the speedup.

    With `external` (a backend name or a list: "dnnl"), measures instead
    each region those backends run, offloaded and in Strata's kernels
    (docs/BYOC.md); strata.compile(..., external=..., tuning_db=db) then
    offloads the regions measured faster. Returns a row per region. Options:
    target, threads, bin_dir, work_dir, timeout, verbose."""
    if external is not None:
        from .tools.tune import tune_external as _tune_external
        backends = [external] if isinstance(external, str) else list(external)
        return _tune_external(model, db, backends, **options)
    from .tools.tune import tune as _tune
    return _tune(model, db, trials=trials, time_budget=time_budget,
                 **options)

__all__ = [
    "COMPILE_LEVELS",
    "CompiledModule",
    "Function",
    "FunctionNotFoundError",
    "Signature",
    "StrataError",
    "TensorType",
    "__version__",
    "compile",
    "load",
    "tune",
]
