#===- isolate.py - Run ONNX's C++ code where its crash is not ours --------===#
#
# ONNX's shape inference, version converter and inliner are C++ that trusts
# the model: validate.py checks what is known to kill the interpreter
# (dividing by a zero stride), but a malformed model may still make them
# read out of bounds or loop for ever. run_isolated calls such a function
# in a forked child process and hands back its result (or the exception it
# raised), so that a crash or a hang becomes an IsolatedCrash the importer
# reports instead of the end of the process.
#
# Fork is cheap (the child shares the parent's pages until it writes) and
# the child only runs ONNX and pickles the result, so it is used wherever
# os.fork exists; elsewhere the function simply runs in this process.
# STRATA_ONNX_ISOLATION=0 also turns it off (e.g. to debug ONNX itself);
# STRATA_ONNX_TIMEOUT sets the seconds a call may take (default 120).
#
#===----------------------------------------------------------------------===#

from __future__ import annotations

import os
import pickle
import select
import signal
import time
from typing import Callable

import onnx

#: Seconds one isolated call may run before it is stopped.
DEFAULT_TIMEOUT = 120.0


class IsolatedCrash(Exception):
    """The isolated function killed its process (`why` says how: "signal
    SIGFPE", "timed out after 120 s"...)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class IsolatedError(Exception):
    """The isolated function raised; the text is that of its exception."""


def _enabled() -> bool:
    return hasattr(os, "fork") and os.environ.get(
        "STRATA_ONNX_ISOLATION", "1") not in ("0", "")


def _timeout() -> float:
    try:
        return float(os.environ.get("STRATA_ONNX_TIMEOUT", DEFAULT_TIMEOUT))
    except ValueError:
        return DEFAULT_TIMEOUT


def run_isolated(fn: Callable, *args):
    """fn(*args), computed in a child process. Raises IsolatedCrash when the
    child dies (a signal, a timeout) and IsolatedError with the exception's
    text when fn raises. The result must pickle."""
    if not _enabled():
        try:
            return fn(*args)
        except Exception as e:
            raise IsolatedError(str(e) or type(e).__name__) from e
    try:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
    except OSError:  # no processes left: run it here
        return fn(*args)
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        code = 0
        try:
            try:
                data = pickle.dumps((True, fn(*args)), protocol=4)
            except BaseException as e:  # noqa: B036 (reported, not lost)
                data = pickle.dumps((False, str(e) or type(e).__name__),
                                    protocol=4)
            view = memoryview(data)
            while view:
                view = view[os.write(write_fd, view):]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    chunks = []
    deadline = time.monotonic() + _timeout()
    timed_out = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([read_fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        if timed_out:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    if timed_out:
        raise IsolatedCrash(f"timed out after {_timeout():g} s")
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = str(sig)
        raise IsolatedCrash(f"signal {name}")
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0 or \
            not chunks:
        raise IsolatedCrash(f"exit status {os.WEXITSTATUS(status)}")
    ok, value = pickle.loads(b"".join(chunks))
    if not ok:
        raise IsolatedError(value)
    return value


#: Initializers of more elements than this go to shape inference without
#: their values: inference needs their types (and data propagation the
#: values of small shape tensors), and copying a model's weights through
#: ONNX's C++ and the pipe took most of its time (0.3 of 0.4 s for
#: ResNet-18).
MAX_INFERENCE_ELEMENTS = 1024

_DATA_FIELDS = ("raw_data", "float_data", "int32_data", "string_data",
                "int64_data", "double_data", "uint64_data")


def _without_large_values(model):
    """A copy of `model` whose top-level initializers of more than
    MAX_INFERENCE_ELEMENTS elements have no values."""
    light = onnx.ModelProto()
    light.CopyFrom(model)
    for init in light.graph.initializer:
        elements = 1
        for dim in init.dims:
            elements *= dim
        if elements > MAX_INFERENCE_ELEMENTS:
            for field in _DATA_FIELDS:
                init.ClearField(field)
    return light


def infer_shapes(model):
    """onnx.shape_inference.infer_shapes of `model` (types not checked,
    not strict, with data propagation), in a child process. The top-level
    initializers of more than MAX_INFERENCE_ELEMENTS elements of the
    returned model have no values: read those from `model`."""

    def infer():
        return onnx.shape_inference.infer_shapes(
            _without_large_values(model), check_type=False,
            strict_mode=False, data_prop=True).SerializeToString()

    return onnx.ModelProto.FromString(run_isolated(infer))
