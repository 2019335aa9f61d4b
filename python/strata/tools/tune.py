"""strata-tune: measures schedules of a model's kernels on this machine and
keeps the fastest of each in a tuning database (docs/Tuning.md).

    strata-tune MODEL (--trials=N | --time-budget=S) --db=FILE [options]

The model is compiled to kernel level with the heuristics' schedules; each
kernel (static shapes) becomes a task of its own (kernel-tuning-task: the
kernel alone, launched by @main at the model's shapes), measured first with
the heuristics' schedule. The kernels that take the most model time (their
time times their launches per run) get the trials first. Each trial is a
point of the kernel's search space (Tuner/ScheduleSpace.h), compiled,
run on random inputs and compared with the heuristic kernel's results,
then timed by strata-bench (warm-up, then repeated until the timing is
stable), every step a child process with a time limit: a candidate that
fails to compile, crashes, hangs or computes other values is recorded as
failed and the tuner goes on. Every measurement is appended to the
database as it is made, so an interrupted run resumes where it stopped
(schedules already in the database are not measured again).

Search strategies: "random" (uniform points of the space) and
"evolutionary" (the default: mutations of the fastest schedules so far,
ranked by a cost model fitted to the measurements as they come in).

strata.tune(...) is the same from Python.

    strata-tune MODEL --external=dnnl --db=FILE

measures instead each region of the model that the external backends run
(docs/BYOC.md): the model compiled with that region alone offloaded, checked
against Strata's outputs and timed in rounds alternating with Strata alone;
both times go to the database under the region's fingerprint, and
strata-compile --external=dnnl --tuning-db=FILE then offloads exactly the
regions measured faster in the backend.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

RECORD_VERSION = 1


class TuneError(Exception):
    """A model or option the tuner cannot work with."""


def _default_bin_dir():
    candidates = []
    if os.environ.get("STRATA_BIN_DIR"):
        candidates.append(os.environ["STRATA_BIN_DIR"])
    if os.environ.get("STRATA_BUILD_DIR"):
        candidates.append(os.path.join(os.environ["STRATA_BUILD_DIR"], "bin"))
    here = os.path.dirname(os.path.realpath(__file__))
    # <build>/python_packages/strata/tools -> <build>/bin; the source tree's
    # python/strata/tools -> <root>/build/bin.
    candidates.append(os.path.join(here, "..", "..", "..", "bin"))
    candidates.append(os.path.join(here, "..", "..", "..", "build", "bin"))
    for candidate in candidates:
        if os.path.exists(os.path.join(candidate, "strata-compile")):
            return os.path.realpath(candidate)
    found = shutil.which("strata-compile")
    if found:
        return os.path.dirname(found)
    raise TuneError("cannot find strata-compile: pass --bin-dir or set "
                    "STRATA_BIN_DIR")


class Tools:
    """The command-line tools, each run as a child process."""

    def __init__(self, bin_dir, env=None):
        self.bin_dir = bin_dir
        #: The children's environment (None: this process's).
        self.env = env

    def run(self, name, *args, timeout=None):
        """Runs a tool; (ok, stdout, stderr, why) where why says what failed."""
        command = [os.path.join(self.bin_dir, name)] + [str(a) for a in args]
        try:
            result = subprocess.run(command, capture_output=True, text=True,
                                    timeout=timeout, env=self.env)
        except subprocess.TimeoutExpired:
            return False, "", "", f"{name} timed out after {timeout} s"
        if result.returncode != 0:
            lines = (result.stderr or result.stdout).strip().splitlines()
            if result.returncode < 0:
                why = f"{name} crashed (signal {-result.returncode})"
            else:
                why = f"{name} failed: " + (lines[-1] if lines else "?")
            return False, result.stdout, result.stderr, why
        return True, result.stdout, result.stderr, None


#: The dtype name of bf16 arguments and results. numpy has none: strata-run
#: reads and writes such tensors as .npy files of their raw bits ('<u2').
BF16 = "bfloat16"

_REMARK = re.compile(r"remark: kernel @(\S+) \(fingerprint ([0-9a-f]{64})\) "
                     r"on (#kernel\.target<.*>): ")
_TENSOR = re.compile(r"tensor<([0-9x]*?)x?([a-z]+[0-9]*)>")
_DTYPES = {"f64": "float64", "f32": "float32", "f16": "float16",
           "i64": "int64", "i32": "int32", "i16": "int16", "i8": "int8",
           "ui8": "uint8", "i1": "bool", "bf16": BF16}


def _main_signature(task_mlir):
    """The (shape, dtype) of each argument of a task's @main, or None when one
    is dynamic or of a type numpy has no array for."""
    match = re.search(r"func\.func @main\((.*?)\) ->", task_mlir)
    if not match:
        return None
    arguments = []
    for argument in match.group(1).split("%")[1:]:
        tensor = _TENSOR.search(argument)
        if not tensor or "?" in argument:
            return None
        dims, element = tensor.group(1), tensor.group(2)
        if element not in _DTYPES:
            return None
        shape = tuple(int(d) for d in dims.split("x")) if dims else ()
        arguments.append((shape, _DTYPES[element]))
    return arguments


def _main_result_types(task_mlir):
    """The element type of each result of a task's @main (every task of a
    kernel has the kernel's)."""
    match = re.search(r"func\.func @main\(.*?\) -> (.*?) \{", task_mlir)
    return [element for _, element in _TENSOR.findall(match.group(1))] \
        if match else []


def _random_tensor(random, shape, dtype, integers_below):
    """Random values of `shape` and `dtype` (a _DTYPES value): integers in
    [0, `integers_below`) (indices and byte products stay in range), normal
    floats, and for BF16 the bits of normal floats (uint16)."""
    import numpy as np
    if dtype == "bool":
        return random.integers(0, 2, shape).astype(bool)
    if dtype.startswith(("int", "uint")):
        return random.integers(0, integers_below, shape).astype(dtype)
    if dtype == BF16:
        values = random.standard_normal(shape).astype(np.float32)
        return (values.view(np.uint32) >> 16).astype(np.uint16)
    return random.standard_normal(shape).astype(dtype)


def _schedule_of(task_mlir, kernel):
    """The printed #kernel.schedule of `kernel` in a task."""
    match = re.search(r"kernel\.func[^\n]*@" + re.escape(kernel) +
                      r"\([^\n]*schedule = (#kernel\.schedule<[^\n]*?>)\}",
                      task_mlir)
    return match.group(1) if match else None


def _median_us(bench_output):
    match = re.search(r"median:\s*([0-9.]+)\s*(ns|us|ms|s)\b", bench_output)
    low = re.search(r"min:\s*([0-9.]+)\s*(ns|us|ms|s)\b", bench_output)
    if not match or not low:
        return None, None
    scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}
    return (float(match.group(1)) * scale[match.group(2)],
            float(low.group(1)) * scale[low.group(2)])


_ROOFS_SCRIPT = r"""
import json, sys, time
import numpy as np

def best(run, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)

a = np.random.default_rng(0).standard_normal((1024, 1024), np.float32)
b = a.T.copy()
a @ b
flops = 2 * 1024 ** 3 / best(lambda: a @ b, 5)
bandwidths = []
for footprint in (1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 28):
    src = np.ones(footprint // 8, np.float32)
    dst = np.empty_like(src)
    calls = max(1, (1 << 26) // footprint)
    seconds = best(lambda: [np.copyto(dst, src) for _ in range(calls)], 5)
    bandwidths.append([footprint, footprint * calls / seconds])
json.dump({"flops": flops, "bandwidths": bandwidths}, sys.stdout)
"""


def _measure_roofs(threads, timeout):
    """The machine's measured roofs: the f32 operations per second of
    OpenBLAS's sgemm (numpy's matmul, 1024^3, `threads` threads) and the
    bytes per second that a copy moves with a footprint (source and
    destination) of 256 KiB to 256 MiB (one thread); None when they cannot
    be measured."""
    environment = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads),
                       OMP_NUM_THREADS=str(threads))
    # Debian's OpenBLAS misdetects current server CPUs (and then runs a
    # generic kernel): name the kernel family the CPU's features allow.
    try:
        flags = next((line for line in open("/proc/cpuinfo")
                      if line.startswith("flags")), "").split()
    except OSError:
        flags = []
    if "avx512f" in flags:
        environment.setdefault("OPENBLAS_CORETYPE", "SkylakeX")
    elif "avx2" in flags:
        environment.setdefault("OPENBLAS_CORETYPE", "Haswell")
    try:
        result = subprocess.run([sys.executable, "-c", _ROOFS_SCRIPT],
                                capture_output=True, text=True,
                                timeout=timeout, env=environment)
        roofs = json.loads(result.stdout)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        return None
    return roofs if result.returncode == 0 else None


def _time_module(tools, smod, threads, repetitions, inputs, timeout):
    """The median time in us of @main of module `smod` on `inputs` (warm-up,
    then repeated until the median is within 10% of the fastest run), or
    why it failed."""
    for _ in range(3):
        ok, out, err, why = tools.run(
            "strata-bench", smod, "--function=main", f"--threads={threads}",
            f"--repetitions={repetitions}", "--warmup=2",
            *[f"--input=@{p}" for p in inputs], timeout=timeout)
        if not ok:
            return why
        median, fastest = _median_us(out)
        if median is None:
            return "strata-bench printed no median"
        if median <= 1.1 * fastest:
            break
        repetitions *= 3
    return median


def _write_model_inputs(kernel_mlir, work_dir, prefix="input"):
    """Random inputs of the @main of `kernel_mlir` written as .npy files in
    `work_dir`: their paths, or None when an argument is dynamic or not
    numeric."""
    import numpy as np
    signature = _main_signature(kernel_mlir)
    if signature is None:
        return None
    paths = []
    random = np.random.default_rng(0)
    for i, (shape, dtype) in enumerate(signature):
        path = os.path.join(work_dir, f"{prefix}{i}.npy")
        # A model's integer inputs may index small dims: 0 and 1 only.
        np.save(path, _random_tensor(random, shape, dtype, integers_below=2))
        paths.append(path)
    return paths


def _run_outputs(tools, smod, threads, inputs, types, prefix, timeout):
    """The results of @main of module `smod` on `inputs` (through .npy
    files named from `prefix`), of element types `types` (bf16 ones read
    back from their bits as float32), or why the run failed."""
    import numpy as np
    paths = [f"{prefix}.out{i}.npy" for i in range(len(types))]
    ok, out, err, why = tools.run(
        "strata-run", smod, f"--threads={threads}",
        *[f"--input=@{p}" for p in inputs],
        *[f"--output=@{p}" for p in paths], timeout=timeout)
    if not ok:
        return why
    outputs = [np.load(path) for path in paths]
    return [(value.astype(np.uint32) << 16).view(np.float32)
            if element == "bf16" else value
            for value, element in zip(outputs, types)]


def _outputs_match(outputs, reference, types):
    """Whether `outputs` are `reference`'s: floats within 1e-3 (relative)
    and 1e-4 of the largest magnitude, others equal. Results whose element
    type (in `types`) is bf16 may differ by two of its rounding steps
    (2^-7 relative): another sum order can round an f32 sum to the
    neighbouring bf16."""
    import numpy as np
    for got, want, element in zip(outputs, reference, types):
        if got.shape != want.shape or got.dtype != want.dtype:
            return False
        if got.dtype.kind in "fc":
            scale = max(1.0, float(np.nanmax(np.abs(want)))
                        if want.size else 1.0)
            rtol, atol = (2.0**-7, 2.0**-7 * scale) if element == "bf16" \
                else (1e-3, 1e-4 * scale)
            if not np.allclose(got, want, rtol=rtol, atol=atol,
                               equal_nan=True):
                return False
        elif not np.array_equal(got, want):
            return False
    return True


class Progress:
    """The tuner's progress: on a terminal, a bar rewritten in place (trials
    or seconds done, the best speedup of the model's kernels so far, the
    kernel being tuned); elsewhere (a log, a test) a line per trial."""

    def __init__(self, out, trials, time_budget, verbose, start):
        self.out = out
        self.trials = trials
        self.time_budget = time_budget
        self.verbose = verbose
        self.start = start
        self.done = 0
        self.bar = verbose and hasattr(out, "isatty") and out.isatty()

    def trial(self, kernel, timing, speedup):
        self.done += 1
        if not self.verbose:
            return
        elapsed = time.monotonic() - self.start
        if self.bar:
            if self.trials is not None:
                fraction, count = self.done / self.trials, \
                    f"{self.done}/{self.trials} trials"
            else:
                fraction = elapsed / self.time_budget
                count = f"{self.done} trials"
            filled = int(30 * min(fraction, 1.0))
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {count}, "
                  f"{elapsed:.0f} s, best {speedup:.3f}x  {kernel.name[:32]}"
                  "\033[K", end="", file=self.out, flush=True)
            return
        state = "failed" if timing is None else f"{timing:.1f} us"
        total = self.trials if self.trials is not None else \
            f"? in {self.time_budget:.0f} s"
        print(f"[{self.done}/{total}] {kernel.name}: {state} (heuristic "
              f"{kernel.heuristic_us:.1f} us, best "
              f"{kernel.heuristic_us / kernel.best_us:.2f}x) model "
              f"{speedup:.3f}x", file=self.out, flush=True)

    def finish(self):
        if self.bar and self.done:
            print(file=self.out, flush=True)


class Kernel:
    """One kernel of the model and what the tuner knows of it."""

    def __init__(self, name, fingerprint, target, launches):
        self.name = name
        self.fingerprint = fingerprint
        self.target = target
        self.launches = launches
        self.space = None
        self.arguments = None
        self.results = []  # element types
        self.inputs = []
        self.reference = None
        self.heuristic_us = None
        self.heuristic_smod = None
        self.heuristic_schedule = None
        self.best_us = None
        self.best_schedule = None
        self.measured = {}  # schedule text -> time in us, or None (failed)
        self.skipped = None  # why the kernel is not tuned
        self.operations = None  # arithmetic operations per launch
        self.bytes = None  # bytes of its arguments and results
        self.roof_us = None  # the roofline's time of one launch
        self.bound = None  # "compute" or "memory": the roof that binds

    def efficiency(self, time_us):
        """The roofline's time over `time_us` (1: at the roofline)."""
        if not self.roof_us or not time_us:
            return None
        return self.roof_us / time_us

    @property
    def share_us(self):
        return (self.heuristic_us or 0.0) * self.launches


class Tuner:
    def __init__(self, model, db, target=None, tools=None, work_dir=None,
                 threads=1, seed=0, strategy="evolutionary",
                 timeout=60.0, repetitions=10, verbose=True, out=sys.stdout,
                 precision=None):
        import numpy
        self.np = numpy
        self.model = model
        self.db = db
        self.target = target
        self.precision = precision
        self.tools = tools or Tools(_default_bin_dir())
        self.work_dir = work_dir
        self.threads = threads
        self.random = numpy.random.default_rng(seed)
        if strategy not in ("random", "evolutionary"):
            raise TuneError(f"unknown strategy {strategy!r} (random or "
                            "evolutionary)")
        self.strategy = strategy
        self.timeout = timeout
        self.repetitions = repetitions
        self.verbose = verbose
        self.out = out
        self.kernels = []
        self.compiler = ""
        self.trials = 0

    # --- the model -------------------------------------------------------

    def _compile_options(self):
        """strata-compile's options for the kernels' tasks."""
        return [f"--target={self.target}"] if self.target else []

    def _model_options(self):
        """strata-compile's options for the model: the tasks' and the
        precision (the tasks are kernels, already of that precision)."""
        return self._compile_options() + (
            [f"--precision={self.precision}"] if self.precision else [])

    def prepare(self):
        """Compiles the model to kernel level and measures each kernel with
        the heuristics' schedule."""
        ok, out, err, why = self.tools.run("strata-compile", "--version")
        self.compiler = next((line.strip() for line in out.splitlines()
                              if "Strata" in line), "Strata")
        self.kernel_module = os.path.join(self.work_dir, "model.kernel.mlir")
        ok, out, err, why = self.tools.run(
            "strata-compile", self.model, "--compile-to=kernel",
            "--report-tuning", "-o", self.kernel_module,
            *self._model_options(), timeout=None)
        if not ok:
            raise TuneError(f"cannot compile {self.model}: {why}\n{err}")
        text = open(self.kernel_module).read()
        for match in _REMARK.finditer(err):
            name, fingerprint, target = match.groups()
            launches = len(re.findall(r"kernel\.launch @" + re.escape(name) +
                                      r"\(", text))
            self.kernels.append(Kernel(name, fingerprint, target,
                                       max(launches, 1)))
        if not self.kernels:
            raise TuneError(f"{self.model} has no kernels to tune")
        # The kernels alone (no host code, no weights: each task then
        # parses a small module) and their search spaces.
        self.kernels_module = os.path.join(self.work_dir, "kernels.mlir")
        ok, out, err, why = self.tools.run(
            "strata-opt", self.kernel_module,
            "--kernel-tuning-task=describe",
            "-mlir-print-op-on-diagnostic=false", "-o", self.kernels_module)
        if not ok:
            raise TuneError(f"cannot describe the kernels' search spaces: "
                            f"{why}")
        self.spaces = {}
        for line in err.splitlines():
            space = re.search(r"remark: (\{.*\})", line)
            if space:
                description = json.loads(space.group(1))
                self.spaces[description["kernel"]] = description
        self._load_database()
        for index, kernel in enumerate(self.kernels):
            self._prepare_kernel(kernel)
            if self.verbose:
                state = (f"{kernel.heuristic_us:.1f} us x {kernel.launches}"
                         if kernel.skipped is None else kernel.skipped)
                print(f"[heuristics {index + 1}/{len(self.kernels)}] "
                      f"{kernel.name}: {state}", file=self.out, flush=True)
        self._place_on_roofline()

    def _place_on_roofline(self):
        """Each measured kernel's roofline time: its operations at the
        compute roof (the higher of OpenBLAS's sgemm rate and the fastest
        rate a kernel of the model reached) or its bytes at the highest
        copy bandwidth measured with a footprint at least its own,
        whichever takes longer."""
        self.roofs = _measure_roofs(self.threads, self.timeout)
        if self.roofs is None:
            return
        measured = [k for k in self.kernels
                    if k.heuristic_us and k.operations is not None]
        peak = max([self.roofs["flops"]] +
                   [k.operations / (k.heuristic_us * 1e-6) for k in measured])
        self.roofs["peak_flops"] = peak
        bandwidths = sorted(self.roofs["bandwidths"])
        for kernel in measured:
            # The fastest copy of a footprint at least the kernel's (a
            # copy of 256 KiB measures the call of np.copyto as much as
            # the caches).
            bandwidth = max((b for footprint, b in bandwidths
                             if footprint >= kernel.bytes),
                            default=bandwidths[-1][1])
            compute_us = kernel.operations / peak * 1e6
            memory_us = kernel.bytes / bandwidth * 1e6
            kernel.roof_us = max(compute_us, memory_us)
            kernel.bound = "compute" if compute_us >= memory_us else "memory"

    def _load_database(self):
        self.previous = {}
        if not os.path.exists(self.db):
            return
        for number, line in enumerate(open(self.db), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                key = (record["kernel"], record["target"])
                self.previous.setdefault(key, {})[record["schedule"]] = \
                    record.get("time_us")
            except (ValueError, KeyError, TypeError):
                raise TuneError(f"{self.db}:{number}: not a tuning record")

    def _prepare_kernel(self, kernel):
        kernel.space = self.spaces.get(kernel.name)
        if kernel.space is None:
            kernel.skipped = "no scheduled root op"
            return
        kernel.operations = kernel.space.get("operations")
        kernel.bytes = kernel.space.get("bytes")
        task = self._task(kernel, kernel.space["heuristic"], "heuristic")
        if task is None or isinstance(task, str):
            kernel.skipped = f"its task does not compile ({task})"
            return
        task_mlir, smod = task
        with open(task_mlir) as task_file:
            task_text = task_file.read()
        kernel.arguments = _main_signature(task_text)
        if kernel.arguments is None:
            kernel.skipped = "dynamic shapes or element types numpy lacks"
            return
        kernel.results = _main_result_types(task_text)
        kernel.heuristic_schedule = _schedule_of(task_text, kernel.name)
        kernel.inputs = []
        for index, (shape, dtype) in enumerate(kernel.arguments):
            path = os.path.join(self.work_dir,
                                f"{kernel.name}.input{index}.npy")
            self.np.save(path, _random_tensor(self.random, shape, dtype,
                                              integers_below=4))
            kernel.inputs.append(path)
        reference = self._outputs(kernel, smod, "heuristic")
        if isinstance(reference, str):
            kernel.skipped = f"its heuristic kernel does not run ({reference})"
            return
        kernel.reference = reference
        timing = self._time(kernel, smod)
        if isinstance(timing, str):
            kernel.skipped = f"its heuristic kernel does not run ({timing})"
            return
        kernel.heuristic_us = timing
        kernel.heuristic_smod = smod
        kernel.best_us = timing
        kernel.best_schedule = kernel.heuristic_schedule
        # The heuristic schedule is a record too: a compilation with the
        # database then never takes a candidate slower than it.
        known = self.previous.get((kernel.fingerprint, kernel.target), {})
        if kernel.heuristic_schedule not in known:
            self._record(kernel, kernel.heuristic_schedule, timing)
        for schedule, time_us in self.previous.get(
                (kernel.fingerprint, kernel.target), {}).items():
            kernel.measured[schedule] = time_us
            if time_us is not None and time_us < kernel.best_us:
                kernel.best_us, kernel.best_schedule = time_us, schedule

    # --- one candidate ----------------------------------------------------

    def _task(self, kernel, point, tag):
        """Compiles the task of `kernel` at `point`: (mlir, smod), None when
        the point is not a schedule, or why it failed."""
        base = os.path.join(self.work_dir, f"{kernel.name}.{tag}")
        ok, out, err, why = self.tools.run(
            "strata-opt", self.kernels_module,
            f"--kernel-tuning-task=kernel={kernel.name} point=" +
            ",".join(str(p) for p in point), "-o", base + ".mlir",
            timeout=self.timeout)
        if not ok:
            return None if "is not a schedule" in err else why
        ok, out, err, why = self.tools.run(
            "strata-compile", base + ".mlir", "--no-cache", "-o",
            base + ".smod", *self._compile_options(), timeout=self.timeout)
        if not ok:
            return why
        return base + ".mlir", base + ".smod"

    def _outputs(self, kernel, smod, tag):
        return _run_outputs(self.tools, smod, self.threads, kernel.inputs,
                            kernel.results,
                            os.path.join(self.work_dir,
                                         f"{kernel.name}.{tag}"),
                            self.timeout)

    def _matches(self, kernel, outputs):
        return _outputs_match(outputs, kernel.reference, kernel.results)

    def _time(self, kernel, smod):
        """The kernel's median time in us, or why it failed."""
        return _time_module(self.tools, smod, self.threads, self.repetitions,
                            kernel.inputs, self.timeout)

    def _confirm(self, kernel, smod, first_us):
        """A candidate that looks faster than the best so far, timed again
        in turns with the heuristic kernel (two more rounds each, so that a
        slower moment of the machine does not make a winner): the median
        of its three timings, or why a timing failed. The heuristic's
        median of its rounds is recorded too (the database's fastest
        record of a kernel is what a compilation takes: a candidate must
        beat the heuristic's best timing)."""
        import statistics
        candidate, heuristic = [first_us], [kernel.heuristic_us]
        for _ in range(2):
            for times, module in ((heuristic, kernel.heuristic_smod),
                                  (candidate, smod)):
                timing = self._time(kernel, module)
                if isinstance(timing, str):
                    return timing
                times.append(timing)
        heuristic_us = statistics.median(heuristic)
        if heuristic_us < kernel.heuristic_us:
            kernel.heuristic_us = heuristic_us
            if kernel.best_schedule == kernel.heuristic_schedule:
                kernel.best_us = heuristic_us
            self._record(kernel, kernel.heuristic_schedule, heuristic_us)
        return statistics.median(candidate)

    def _record(self, kernel, schedule, time_us, error=None):
        record = {"version": RECORD_VERSION, "kernel": kernel.fingerprint,
                  "target": kernel.target, "schedule": schedule}
        if error is None:
            record["time_us"] = time_us
        if kernel.heuristic_us:
            record["heuristic_time_us"] = kernel.heuristic_us
        if error is not None:
            record["error"] = error
        record["compiler"] = self.compiler
        record["name"] = kernel.name
        with open(self.db, "a") as db:
            db.write(json.dumps(record, separators=(",", ":")) + "\n")

    def try_point(self, kernel, point):
        """Measures `kernel` at `point`; its time in us, None when it failed,
        or False when the point was not tried (not a schedule, or measured
        before)."""
        self.trials += 1
        tag = f"trial{self.trials}"
        task = self._task(kernel, point, tag)
        if task is None:
            return False
        # The point's schedule, from the task strata-opt wrote (also when
        # its compilation failed).
        task_mlir = os.path.join(self.work_dir, f"{kernel.name}.{tag}.mlir")
        schedule = _schedule_of(open(task_mlir).read(), kernel.name) \
            if os.path.exists(task_mlir) else None
        if schedule is None:
            return False
        if schedule in kernel.measured or schedule == \
                kernel.heuristic_schedule:
            return False
        if isinstance(task, str):
            error = task
        else:
            outputs = self._outputs(kernel, task[1], tag)
            if isinstance(outputs, str):
                error = outputs
            elif not self._matches(kernel, outputs):
                error = "computed other values than the heuristic kernel"
            else:
                timing = self._time(kernel, task[1])
                error = timing if isinstance(timing, str) else None
        if error is not None:
            kernel.measured[schedule] = None
            self._record(kernel, schedule, None, error)
            return None
        if timing < kernel.best_us:
            timing = self._confirm(kernel, task[1], timing)
            if isinstance(timing, str):
                kernel.measured[schedule] = None
                self._record(kernel, schedule, None, timing)
                return None
        kernel.measured[schedule] = timing
        self._record(kernel, schedule, timing)
        if timing < kernel.best_us:
            kernel.best_us, kernel.best_schedule = timing, schedule
        for suffix in (".mlir", ".smod"):
            path = os.path.join(self.work_dir, f"{kernel.name}.{tag}") + suffix
            if os.path.exists(path):
                os.remove(path)
        return timing

    # --- the search -------------------------------------------------------

    def _random_point(self, kernel):
        return [int(self.random.integers(len(k["choices"])))
                for k in kernel.space["knobs"]]

    def _features(self, kernel, point):
        return [1.0] + [float(self.np.log2(k["choices"][c]))
                        for k, c in zip(kernel.space["knobs"], point)]

    def _next_point(self, kernel, history):
        """The next point to measure: uniform (random), or the mutation of
        one of the fastest points that the cost model (a ridge regression
        of log time on the knobs' log tile sizes and their squares) ranks
        first, with a random point one time in five (evolutionary)."""
        knobs = kernel.space["knobs"]
        if self.strategy == "random" or len(history) < 4 or \
                self.random.random() < 0.2:
            return self._random_point(kernel)
        np = self.np
        measured = [(p, t) for p, t in history if t is not None]
        if not measured:
            return self._random_point(kernel)
        measured.sort(key=lambda pt: pt[1])
        parents = [p for p, _ in measured[:4]]
        candidates = []
        for _ in range(32):
            child = list(parents[int(self.random.integers(len(parents)))])
            for _ in range(1 + int(self.random.integers(2))):
                knob = int(self.random.integers(len(knobs)))
                step = 1 if self.random.random() < 0.5 else -1
                child[knob] = min(max(child[knob] + step, 0),
                                  len(knobs[knob]["choices"]) - 1)
            candidates.append(child)
        features = np.array([self._features(kernel, p) + [
            x * x for x in self._features(kernel, p)[1:]]
            for p, _ in measured])
        targets = np.log(np.array([t for _, t in measured]))
        ridge = 1e-2 * np.eye(features.shape[1])
        weights = np.linalg.solve(features.T @ features + ridge,
                                  features.T @ targets)
        seen = {tuple(p) for p, _ in history}
        scored = sorted(
            (float(np.array(self._features(kernel, c) + [
                x * x for x in self._features(kernel, c)[1:]]) @ weights), c)
            for c in candidates if tuple(c) not in seen)
        return scored[0][1] if scored else self._random_point(kernel)

    def _potential(self, kernel):
        """What tuning `kernel` may save of the model's time: its share
        (time x launches) times its distance from the roofline (a kernel at
        its roofline has nothing to gain; without roofs, its share alone),
        at least a tenth of its share (the roofline is a bound, not a
        promise)."""
        efficiency = kernel.efficiency(kernel.heuristic_us)
        if efficiency is None:
            return kernel.share_us
        return kernel.share_us * max(0.1, 1.0 - min(efficiency, 1.0))

    def tune(self, trials=None, time_budget=None):
        """Spends `trials` measurements (or `time_budget` seconds) on the
        kernels, those with the most to gain first (see _potential), and
        returns the summary."""
        if trials is None and time_budget is None:
            raise TuneError("give trials or a time budget")
        start = time.monotonic()
        tunable = sorted((k for k in self.kernels if k.skipped is None and
                          k.space["knobs"]),
                         key=lambda k: -self._potential(k))
        # Trials (or seconds) per kernel in proportion to its potential
        # (at least one trial each, the most potential first while they
        # last); the seconds a kernel leaves go to the kernels after it.
        budget = {}
        if trials is not None:
            total = sum(self._potential(k) for k in tunable) or 1.0
            left = trials
            for kernel in tunable:
                wanted = max(1, round(trials * self._potential(kernel) /
                                      total))
                budget[kernel.name] = min(wanted, left)
                left -= budget[kernel.name]
        self.progress = Progress(self.out, trials, time_budget, self.verbose,
                                 start)
        for index, kernel in enumerate(tunable):
            history = []
            attempts = 0
            limit = budget.get(kernel.name)
            deadline = None
            if time_budget is not None:
                rest = tunable[index:]
                weight = sum(self._potential(k) for k in rest) or 1.0
                left = time_budget - (time.monotonic() - start)
                deadline = time.monotonic() + \
                    left * self._potential(kernel) / weight
            while limit is None or len(history) < limit:
                if deadline is not None and time.monotonic() > deadline:
                    break
                attempts += 1
                if attempts > 20 * max(limit or 50, 1) + 50 or \
                        len(kernel.measured) + 1 >= kernel.space["size"]:
                    break  # the space is (nearly) exhausted
                point = self._next_point(kernel, history)
                if any(tuple(point) == tuple(p) for p, _ in history):
                    continue
                timing = self.try_point(kernel, point)
                if timing is False:
                    continue
                history.append((point, timing))
                self.progress.trial(kernel, timing, self._speedup())
            if time_budget is not None and \
                    time.monotonic() - start > time_budget:
                break
        self.progress.finish()
        self._check_model()
        return self.summary(time.monotonic() - start)

    def _check_model(self):
        """The whole model timed with the heuristics' schedules and with the
        database's, in three alternating rounds: kernels timed alone (hot
        caches, their own inputs) do not always make the model faster
        together. Sets model_heuristic_us and model_tuned_us, or
        model_check (why there is no check)."""
        import statistics
        self.model_heuristic_us = self.model_tuned_us = None
        inputs = _write_model_inputs(open(self.kernel_module).read(),
                                     self.work_dir, prefix="model-input")
        if inputs is None:
            self.model_check = "no @main with static tensor arguments"
            return
        modules = []
        for name, options in (("heuristic", []),
                              ("tuned", [f"--tuning-db={self.db}"])):
            path = os.path.join(self.work_dir, f"model-{name}.smod")
            ok, out, err, why = self.tools.run(
                "strata-compile", self.model, "-o", path, *options,
                *self._model_options(), timeout=None)
            if not ok:
                self.model_check = why
                return
            modules.append(path)
        times = ([], [])
        for _ in range(3):
            for module, into in zip(modules, times):
                timing = _time_module(self.tools, module, self.threads,
                                      self.repetitions, inputs, self.timeout)
                if isinstance(timing, str):
                    self.model_check = timing
                    return
                into.append(timing)
        self.model_heuristic_us = statistics.median(times[0])
        self.model_tuned_us = statistics.median(times[1])

    def _totals(self):
        """The kernels' time per model run (us) with the heuristics and
        with the best schedules so far (the kernels that were measured)."""
        measured = [k for k in self.kernels if k.heuristic_us]
        return (sum(k.share_us for k in measured),
                sum(k.best_us * k.launches for k in measured))

    def _speedup(self):
        heuristic, tuned = self._totals()
        return heuristic / tuned if tuned else 1.0

    def summary(self, seconds):
        rows = []
        heuristic_total, tuned_total = self._totals()
        for kernel in sorted(self.kernels, key=lambda k: -k.share_us):
            rows.append({
                "kernel": kernel.name, "launches": kernel.launches,
                "share": kernel.share_us / heuristic_total
                if heuristic_total else 0.0,
                "heuristic_us": kernel.heuristic_us,
                "tuned_us": kernel.best_us,
                "speedup": (kernel.heuristic_us / kernel.best_us)
                if kernel.heuristic_us and kernel.best_us else None,
                "trials": sum(1 for _ in kernel.measured),
                "operations": kernel.operations, "bytes": kernel.bytes,
                "roof_us": kernel.roof_us, "bound": kernel.bound,
                "heuristic_roofline": kernel.efficiency(kernel.heuristic_us),
                "tuned_roofline": kernel.efficiency(kernel.best_us),
                "skipped": kernel.skipped})
        return {"kernels": rows, "heuristic_us": heuristic_total,
                "roofs": getattr(self, "roofs", None),
                "model_heuristic_us": getattr(self, "model_heuristic_us",
                                              None),
                "model_tuned_us": getattr(self, "model_tuned_us", None),
                "model_check": getattr(self, "model_check", None),
                "tuned_us": tuned_total, "seconds": seconds,
                "speedup": heuristic_total / tuned_total
                if tuned_total else None}


def format_summary(summary):
    """The summary as a table: per kernel its share of the kernels' time,
    the heuristic and tuned times, the speedup, and where each time is
    against the kernel's roofline (and which roof binds)."""
    lines = [f"{'kernel':36} {'share':>6} {'heuristic':>11} {'tuned':>11} "
             f"{'speedup':>7} {'roofline':>15}"]
    for row in summary["kernels"]:
        if row["skipped"]:
            lines.append(f"{row['kernel'][:36]:36} not tuned: "
                         f"{row['skipped']}")
            continue
        roofline = ""
        if row["heuristic_roofline"] is not None:
            roofline = (f"{100 * row['heuristic_roofline']:3.0f}% -> "
                        f"{100 * row['tuned_roofline']:3.0f}% "
                        f"{row['bound']}")
        lines.append(f"{row['kernel'][:36]:36} {100 * row['share']:5.1f}% "
                     f"{row['heuristic_us']:8.1f} us {row['tuned_us']:8.1f} us"
                     f" {row['speedup']:6.2f}x {roofline}")
    lines.append(f"kernels' time per run: {summary['heuristic_us']:.1f} us "
                 f"with the heuristics, {summary['tuned_us']:.1f} us tuned "
                 f"({summary['speedup']:.2f}x), tuning took "
                 f"{summary['seconds']:.0f} s")
    roofs = summary.get("roofs")
    if roofs:
        at_roof = [row for row in summary["kernels"]
                   if row["heuristic_roofline"] is not None]
        share = sum(row["share"] for row in at_roof
                    if row["heuristic_roofline"] >= 0.8)
        bandwidths = roofs["bandwidths"]
        lines.append(
            f"roofs: {roofs['peak_flops'] / 1e9:.0f} GFLOP/s, "
            f"{bandwidths[0][1] / 1e9:.0f} GB/s at "
            f"{bandwidths[0][0] >> 10} KiB to {bandwidths[-1][1] / 1e9:.0f} "
            f"GB/s at {bandwidths[-1][0] >> 20} MiB; kernels at 80% of "
            f"their roofline or more with the heuristics: "
            f"{100 * share:.0f}% of the kernels' time")
    heuristic, tuned = (summary.get("model_heuristic_us"),
                        summary.get("model_tuned_us"))
    if heuristic and tuned:
        line = (f"model: {heuristic / 1e3:.3f} ms with the heuristics, "
                f"{tuned / 1e3:.3f} ms tuned ({heuristic / tuned:.2f}x)")
        if tuned > 1.02 * heuristic:
            line += ("; slower as a whole: the kernels timed alone did not "
                     "add up (docs/Tuning.md)")
        lines.append(line)
    elif summary.get("model_check"):
        lines.append(f"model: not timed ({summary['model_check']})")
    return "\n".join(lines)


_REGION_REMARK = re.compile(
    r"remark: external region ([0-9a-f]{64}) \((\S+), (\d+) ops\) "
    r"on (#kernel\.target<.*>): ")


class RegionTuner:
    """Decides, by measuring the whole model, which regions of a model that
    external backends support (docs/BYOC.md) run in the backend and which
    in Strata's kernels (measure), and records, per region, the model's time
    with its decision and with the other in the tuning database (schedules
    "external=<backend>" and "external=none" of the region's fingerprint):
    a compilation with the database then takes the decisions. A region
    whose module does not compile, run or match Strata's outputs gets an
    error record and stays with Strata."""

    def __init__(self, model, db, backends, target=None, tools=None,
                 work_dir=None, threads=1, timeout=60.0, repetitions=10,
                 verbose=True, out=sys.stdout):
        self.model, self.db, self.backends = model, db, backends
        self.target = target
        self.tools = tools or Tools(_default_bin_dir())
        self.work_dir = work_dir
        self.threads, self.timeout = threads, timeout
        self.repetitions = repetitions
        self.verbose, self.out = verbose, out
        self.regions = []

    def _compile(self, path, *options):
        return self.tools.run(
            "strata-compile", self.model, "-o", path,
            *([f"--target={self.target}"] if self.target else []), *options,
            timeout=None)

    def _run(self, smod, tag):
        return _run_outputs(self.tools, smod, self.threads, self.inputs,
                            self.results, os.path.join(self.work_dir, tag),
                            self.timeout)

    def _time(self, smod):
        return _time_module(self.tools, smod, self.threads, self.repetitions,
                            self.inputs, self.timeout)

    def _record(self, region, schedule, time_us, heuristic_us, error=None):
        record = {"version": RECORD_VERSION, "kernel": region["fingerprint"],
                  "target": region["target"], "schedule": schedule}
        if error is None:
            record["time_us"] = time_us
        else:
            record["error"] = error
        if heuristic_us:
            record["heuristic_time_us"] = heuristic_us
        record["compiler"] = self.compiler
        record["name"] = f"external region {region['index']} " \
                         f"({region['backend']}, {region['ops']} ops)"
        with open(self.db, "a") as db:
            db.write(json.dumps(record, separators=(",", ":")) + "\n")

    def prepare(self):
        ok, out, err, why = self.tools.run("strata-compile", "--version")
        self.compiler = next((line.strip() for line in out.splitlines()
                              if "Strata" in line), "Strata")
        kernel_module = os.path.join(self.work_dir, "regions.kernel.mlir")
        ok, out, err, why = self._compile(
            kernel_module, "--compile-to=kernel",
            "--external=" + ",".join(self.backends),
            "--external-cost-rule=false", "--report-tuning")
        if not ok:
            raise TuneError(f"cannot compile {self.model}: {why}\n{err}")
        for index, match in enumerate(_REGION_REMARK.finditer(err)):
            fingerprint, backend, ops, target = match.groups()
            self.regions.append({"index": index, "fingerprint": fingerprint,
                                 "backend": backend, "ops": int(ops),
                                 "target": target})
        if not self.regions:
            raise TuneError(f"{self.model} has no region that "
                            f"{', '.join(self.backends)} runs")
        kernel_text = open(kernel_module).read()
        self.inputs = _write_model_inputs(kernel_text, self.work_dir)
        if self.inputs is None:
            raise TuneError("the model's @main has dynamic or non-numeric "
                            "arguments: regions are measured on static "
                            "shapes")
        self.results = _main_result_types(kernel_text)
        # Strata alone: the reference outputs and the baseline time.
        self.baseline_smod = os.path.join(self.work_dir, "strata.smod")
        ok, out, err, why = self._compile(self.baseline_smod)
        if not ok:
            raise TuneError(f"cannot compile {self.model}: {why}")
        reference = self._run(self.baseline_smod, "strata")
        if isinstance(reference, str):
            raise TuneError(f"cannot run {self.model}: {reference}")
        self.reference = reference

    def _module(self, offloaded):
        """The model compiled with exactly the regions `offloaded` (a set of
        indices) in their backends: (its path, None), or (None, why) for a
        module that does not compile, run or match Strata's outputs."""
        if not offloaded:
            return self.baseline_smod, None
        key = ",".join(str(i) for i in sorted(offloaded))
        if key in self.modules:
            return self.modules[key]
        smod = os.path.join(self.work_dir, f"regions-{len(self.modules)}.smod")
        regions = [self.regions[i] for i in sorted(offloaded)]
        backends = sorted({r["backend"] for r in regions})
        ok, out, err, why = self._compile(
            smod, "--external=" + ",".join(backends),
            "--external-regions=" + ",".join(r["fingerprint"]
                                              for r in regions))
        result = (smod, None) if ok else (None, why)
        if ok:
            outputs = self._run(smod, f"regions-{len(self.modules)}")
            if isinstance(outputs, str):
                result = None, outputs
            elif not _outputs_match(outputs, self.reference, self.results):
                result = None, "the outputs differ from Strata's"
        self.modules[key] = result
        return result

    def _compare(self, first, second):
        """The medians of two modules timed in three alternating rounds, or
        why a timing failed."""
        import statistics
        times = ([], [])
        for _ in range(3):
            for module, into in zip((first, second), times):
                timing = self._time(module)
                if isinstance(timing, str):
                    return timing
                into.append(timing)
        return statistics.median(times[0]), statistics.median(times[1])

    def measure(self):
        """Finds the regions to offload by measuring the whole model (a
        region's effect depends on its neighbours: layouts, fusion): first
        every region offloaded against none, the faster the starting set;
        then each region in turn toggled, kept when the model is faster by
        more than the noise (2%). Records, per region, the model's time with
        its decision and with the other; returns the summary's rows."""
        self.modules = {}
        everything = set(range(len(self.regions)))
        current, current_us = set(), None
        failures = {}
        all_module, failed = self._module(everything)
        if failed:
            # Some region fails: start from none (each is tried alone).
            timing = self._time(self.baseline_smod)
            if isinstance(timing, str):
                raise TuneError(f"cannot time {self.model}: {timing}")
            current_us = baseline_us = timing
        else:
            timings = self._compare(self.baseline_smod, all_module)
            if isinstance(timings, str):
                raise TuneError(f"cannot time {self.model}: {timings}")
            strata_us, all_us = timings
            baseline_us = strata_us
            if all_us < strata_us:
                current, current_us = set(everything), all_us
            else:
                current_us = strata_us
            if self.verbose:
                print(f"model: {strata_us / 1e3:.3f} ms with Strata, "
                      f"{all_us / 1e3:.3f} ms with every region offloaded",
                      file=self.out, flush=True)
        times = {}
        for index, region in enumerate(self.regions):
            toggled = current ^ {index}
            module, failed = self._module(toggled)
            timings = failed or self._compare(self._module(current)[0],
                                              module)
            if isinstance(timings, str):
                # Offloading it fails (or its timing does): it stays as it
                # is, in Strata unless it already ran offloaded.
                if index not in current:
                    failures[index] = timings
                continue
            now_us, toggled_us = timings
            better = toggled_us < 0.98 * now_us
            # The model's time with the region's decision and with the other.
            times[index] = (toggled_us, now_us) if better else \
                (now_us, toggled_us)
            if self.verbose:
                state = "offloaded" if index in toggled else "in Strata"
                print(f"region {index} ({region['backend']}, "
                      f"{region['ops']} ops) {state}: model "
                      f"{toggled_us / 1e3:.3f} ms against "
                      f"{now_us / 1e3:.3f} ms"
                      f"{' (kept)' if better else ''}",
                      file=self.out, flush=True)
            if better:
                current, current_us = toggled, toggled_us
            else:
                current_us = now_us
        rows = []
        for index, region in enumerate(self.regions):
            offloaded = index in current
            if index in failures:
                self._record(region, external_schedule(region["backend"]),
                             None, None, error=failures[index])
                self._record(region, external_schedule(""), current_us,
                             baseline_us)
                rows.append(dict(region, error=failures[index],
                                 decision="strata"))
                continue
            chosen_us, other_us = times.get(index, (current_us, None))
            self._record(region, external_schedule(
                region["backend"] if offloaded else ""), chosen_us,
                baseline_us)
            if other_us is not None:
                # Never below the decision's: the database's fastest record
                # is what a compilation takes.
                self._record(region, external_schedule(
                    "" if offloaded else region["backend"]),
                    max(other_us, chosen_us * 1.000001), baseline_us)
            rows.append(dict(region,
                             strata_us=other_us if offloaded else chosen_us,
                             backend_us=chosen_us if offloaded else other_us,
                             decision=region["backend"] if offloaded
                             else "strata"))
        return rows


def external_schedule(backend):
    """The schedule of a region's record (tuner::getExternalSchedule)."""
    return f"external={backend or 'none'}"


def format_regions(rows):
    # The model's time with the region in Strata and offloaded, the other
    # regions as decided.
    lines = [f"{'region':<8} {'backend':<8} {'ops':>4} {'Strata ms':>10} "
             f"{'offloaded ms':>13} {'speedup':>8}  decision"]
    for row in rows:
        if "error" in row:
            lines.append(f"{row['index']:<8} {row['backend']:<8} "
                         f"{row['ops']:>4} {'-':>10} {'-':>13} {'-':>8}  "
                         f"Strata (failed: {row['error']})")
            continue
        def ms(us):
            return f"{us / 1e3:.3f}" if us else "-"
        speedup = (f"{row['strata_us'] / row['backend_us']:.2f}x"
                   if row["strata_us"] and row["backend_us"] else "-")
        lines.append(f"{row['index']:<8} {row['backend']:<8} {row['ops']:>4} "
                     f"{ms(row['strata_us']):>10} {ms(row['backend_us']):>13} "
                     f"{speedup:>8}  {row['decision']}")
    return "\n".join(lines)


def tune_external(model, db, backends, target=None, threads=1, bin_dir=None,
                  work_dir=None, timeout=60.0, verbose=True):
    """Measures each region of `model` that the external `backends` run,
    in the backend and in Strata (RegionTuner), appending to the tuning
    database `db`; returns the summary's rows."""
    # External libraries run on their own threads (oneDNN's are OpenMP's):
    # as many as Strata's.
    tools = Tools(bin_dir or _default_bin_dir(),
                  env=dict(os.environ, OMP_NUM_THREADS=str(threads)))
    own_dir = work_dir is None
    work_dir = work_dir or tempfile.mkdtemp(prefix="strata-tune-")
    try:
        tuner = RegionTuner(model, db, backends, target=target, tools=tools,
                            work_dir=work_dir, threads=threads,
                            timeout=timeout, verbose=verbose)
        tuner.prepare()
        return tuner.measure()
    finally:
        if own_dir:
            shutil.rmtree(work_dir, ignore_errors=True)


def tune(model, db, trials=None, time_budget=None, target=None,
         strategy="evolutionary", threads=1, seed=0, bin_dir=None,
         work_dir=None, timeout=60.0, verbose=True, precision=None):
    """Tunes `model` (a file strata-compile reads) and appends its
    measurements to the tuning database `db`; returns the summary (a dict:
    per kernel its share of the model's kernel time, heuristic and tuned
    times and speedup). `precision` is strata-compile's --precision (bf16:
    the kernels of the model compiled with it; compile with the same
    precision to use the records)."""
    tools = Tools(bin_dir or _default_bin_dir())
    own_dir = work_dir is None
    work_dir = work_dir or tempfile.mkdtemp(prefix="strata-tune-")
    try:
        tuner = Tuner(model, db, target=target, tools=tools,
                      work_dir=work_dir, threads=threads, seed=seed,
                      strategy=strategy, timeout=timeout, verbose=verbose,
                      precision=precision)
        tuner.prepare()
        return tuner.tune(trials=trials, time_budget=time_budget)
    finally:
        if own_dir:
            shutil.rmtree(work_dir, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="strata-tune",
        description="Measure schedules of a model's kernels and keep the "
                    "fastest in a tuning database (docs/Tuning.md).")
    parser.add_argument("model", help="the model (.mlir or .mlirbc: import "
                        "an ONNX model first with strata-import-onnx)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--trials", type=int, help="measurements in all")
    budget.add_argument("--time-budget", type=float, metavar="S",
                        help="seconds of tuning")
    parser.add_argument("--db", required=True,
                        help="the tuning database to append to")
    parser.add_argument("--target", help="strata-compile's --target")
    parser.add_argument("--precision", choices=("f32", "bf16"),
                        help="strata-compile's --precision (tune the "
                        "kernels of the model compiled with it)")
    parser.add_argument("--strategy", default="evolutionary",
                        choices=("evolutionary", "random"))
    parser.add_argument("--threads", type=int, default=1,
                        help="threads of the measured kernels (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds each step of a candidate may take")
    parser.add_argument("--bin-dir", help="where strata-compile and the "
                        "other tools are")
    parser.add_argument("--work-dir", help="keep the candidates here")
    parser.add_argument("--json", help="write the summary to this file")
    parser.add_argument("--external", help="measure instead each region "
                        "these external backends run (comma-separated, "
                        "e.g. dnnl): the model with the region offloaded "
                        "and with it in Strata's kernels (docs/BYOC.md)")
    args = parser.parse_args(argv)
    if args.external is not None:
        backends = [b for b in args.external.split(",") if b]
        if not backends:
            parser.error("--external needs a backend name")
        if not os.path.exists(args.model):
            parser.error(f"{args.model}: no such file")
        try:
            rows = tune_external(args.model, args.db, backends,
                                 target=args.target, threads=args.threads,
                                 bin_dir=args.bin_dir,
                                 work_dir=args.work_dir,
                                 timeout=args.timeout)
        except TuneError as error:
            print(f"strata-tune: error: {error}", file=sys.stderr)
            return 1
        print(format_regions(rows))
        if args.json:
            with open(args.json, "w") as out:
                json.dump(rows, out, indent=1)
        return 0
    if args.trials is None and args.time_budget is None:
        parser.error("one of --trials, --time-budget or --external is "
                     "required")
    if args.trials is not None and args.trials < 1:
        parser.error("--trials must be at least 1")
    if args.time_budget is not None and args.time_budget <= 0:
        parser.error("--time-budget must be positive")
    if not os.path.exists(args.model):
        parser.error(f"{args.model}: no such file")
    try:
        summary = tune(args.model, args.db, trials=args.trials,
                       time_budget=args.time_budget, target=args.target,
                       strategy=args.strategy, threads=args.threads,
                       seed=args.seed, bin_dir=args.bin_dir,
                       work_dir=args.work_dir, timeout=args.timeout,
                       precision=args.precision)
    except TuneError as error:
        print(f"strata-tune: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("strata-tune: interrupted; the measurements so far are in "
              f"{args.db}", file=sys.stderr)
        return 130
    print(format_summary(summary))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(summary, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
