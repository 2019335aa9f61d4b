#!/usr/bin/env python3
#===- bench/compile/bench_compile.py - Compile time vs IREE and TVM ------===#
#
# Import + compile wall time and peak memory of whole models by Strata, IREE
# (iree-base-compiler: iree-import-onnx, iree-compile for llvm-cpu on the
# host CPU) and TVM (apache-tvm: the Relax ONNX frontend and tvm.compile for
# llvm on the host CPU), from the same ONNX files, in one run (issue 19).
#
# Models: the bench models of bench/models/make_models.py and, when a Python
# with torch and torchvision is found (STRATA_TORCH_PYTHON, default
# /usr/bin/python3), PyTorch exports of torchvision architectures with
# random weights (export_torchvision.py); a clear line says when they are
# skipped. Strata imports each model to MLIR bytecode (strata-import-onnx
# -o model.mlirbc) and compiles it cold (an empty kernel cache) with the
# default threads (one per core) and with one (--compile-threads=1, no
# cache), then again with the kernel cache the first compile filled (warm:
# the import and the graph-to-device pipelines run again, the kernels come
# from the cache), and the compiled module's
# latency (strata-bench, one thread, min of a few runs) is recorded beside,
# so that compile-time work can be checked against run time in the same run.
# Each tool runs as its own process: wall time from start to exit, peak
# memory as the process's max resident set (wait4, through a small launcher
# process), import and compile summed (their peak is the larger).
#
#   python3 bench/compile/bench_compile.py --build BUILD --out compile.json
#       [--work DIR] [--peers-venv DIR | --no-peers] [--models a,b]
#
# The peers come from the virtual environment --peers-venv (made and filled
# by bench/compile/run.sh, never the test suite's); without it, or with
# --no-peers, only Strata is measured.
#
#===----------------------------------------------------------------------===#

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "models"))

BENCH_MODELS = ["mlp", "resnet18", "mobilenetv2", "bert_layer"]
TORCH_MODELS = ["densenet121", "efficientnet_b0", "shufflenet_v2_x1_0",
                "squeezenet1_1"]

# The TVM compile of one ONNX file, run by the peers' Python.
TVM_SCRIPT = r"""
import sys
import onnx
import tvm
from tvm.relax.frontend.onnx import from_onnx
mod = from_onnx(onnx.load(sys.argv[1]), keep_params_in_input=False)
target = tvm.target.Target({"kind": "llvm", "mcpu": sys.argv[2]})
tvm.compile(mod, target=target).export_library(sys.argv[3])
"""


# Runs a tool and reports its wall time and peak memory. A process forked
# from this one would start with this one's memory counted in its peak (the
# kernel keeps the high-water mark across exec), so the tools are started by
# this small launcher instead, whose own footprint is a few MiB.
LAUNCHER = r"""
import json, os, sys, time
out, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(argv[0], argv)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    json.dump({"seconds": time.perf_counter() - start,
               "peak_kib": usage.ru_maxrss,
               "code": os.waitstatus_to_exitcode(status)}, f)
"""


def run_process(argv, timeout):
    """Runs `argv`; returns (seconds, peak KiB, error or None)."""
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report.json")
        log_path = os.path.join(scratch, "log.txt")
        with open(log_path, "w") as log:
            try:
                subprocess.run([sys.executable, "-S", "-c", LAUNCHER, report]
                               + argv, stdout=log, stderr=log,
                               timeout=timeout)
            except subprocess.TimeoutExpired:
                return float(timeout), 0, f"timed out ({timeout:.0f} s)"
        if not os.path.exists(report):
            return 0.0, 0, f"cannot run {argv[0]}"
        with open(report) as f:
            result = json.load(f)
        if result["code"] != 0:
            with open(log_path, errors="replace") as f:
                tail = f.read().strip().splitlines()
            return result["seconds"], result["peak_kib"], (
                f"{os.path.basename(argv[0])} exited with {result['code']}: "
                + " | ".join(line.strip()[:300] for line in tail[-3:]))
        return result["seconds"], result["peak_kib"], None


def run_steps(steps, timeout):
    """Runs the processes of `steps` in order; sums their times, keeps the
    largest peak; stops at the first error."""
    total, peak = 0.0, 0
    for argv in steps:
        seconds, kib, error = run_process(argv, timeout)
        total += seconds
        peak = max(peak, kib)
        if error:
            return {"error": error}
    return {"seconds": round(total, 3), "peak_mib": round(peak / 1024, 1)}


def host_cpu():
    """LLVM's name of this CPU (what -mcpu=native picks), for TVM's target."""
    try:
        out = subprocess.run(["llc-22", "--version"], capture_output=True,
                             text=True).stdout
        match = re.search(r"Host CPU:\s*(\S+)", out)
        if match:
            return match.group(1)
    except OSError:
        pass
    return "generic"


def make_inputs(work, names, torch_python):
    """ONNX files for `names`; returns ({name: path}, [skip notes])."""
    import make_models
    paths, notes = {}, []
    torch_wanted = [n for n in names if n in TORCH_MODELS]
    for name in names:
        if name in make_models.MODELS:
            import onnx
            path = os.path.join(work, f"{name}.onnx")
            onnx.save(make_models.MODELS[name](), path)
            paths[name] = path
    if torch_wanted:
        code = subprocess.run(
            [torch_python, os.path.join(HERE, "export_torchvision.py"), work]
            + torch_wanted, capture_output=True, text=True)
        if code.returncode == 0:
            for name in torch_wanted:
                paths[name] = os.path.join(work, f"{name}.onnx")
        else:
            notes.append(
                f"PyTorch exports skipped ({', '.join(torch_wanted)}): "
                + (code.stderr.strip().splitlines() or ["no torch"])[-1])
    return paths, notes


def bench_strata(build, onnx_path, work, timeout):
    importer = os.path.join(ROOT, "tools", "strata-import-onnx",
                            "strata-import-onnx")
    compiler = os.path.join(build, "bin", "strata-compile")
    base = os.path.splitext(os.path.basename(onnx_path))[0]
    # MLIR bytecode: the weights as bytes, not hex (the importer's wrapper
    # finds the compiled extension that writes it in the build).
    mlir = os.path.join(work, f"{base}.strata.mlirbc")
    smod = os.path.join(work, f"{base}.smod")
    result = {}
    imported = run_steps([["env", f"STRATA_BUILD_DIR={build}",
                           sys.executable, importer, onnx_path, "-o", mlir]],
                         timeout)
    if "error" in imported:
        return {"error": imported["error"]}
    cache = os.path.join(work, f"{base}.kernel-cache")
    shutil.rmtree(cache, ignore_errors=True)
    for label, extra in (("threads_default", [f"--cache-dir={cache}"]),
                         ("threads_1", ["--compile-threads=1", "--no-cache"]),
                         ("warm_cache", [f"--cache-dir={cache}"])):
        compiled = run_steps([[compiler, mlir, "-o", smod] + extra], timeout)
        if "error" in compiled:
            return {"error": compiled["error"]}
        result[label] = {
            "seconds": round(imported["seconds"] + compiled["seconds"], 3),
            "import_seconds": imported["seconds"],
            "compile_seconds": compiled["seconds"],
            "peak_mib": max(imported["peak_mib"], compiled["peak_mib"]),
        }
    result["run_ms"] = strata_latency(build, onnx_path, smod, work)
    return result


def strata_latency(build, onnx_path, smod, work):
    """Min latency (ms, one thread) of the module's main on random float
    inputs of the ONNX graph's shapes; None when an input is not f32."""
    import numpy as np
    import onnx
    graph = onnx.load(onnx_path, load_external_data=False).graph
    initializers = {init.name for init in graph.initializer}
    flags = []
    rng = np.random.default_rng(0)
    for index, value in enumerate(i for i in graph.input
                                  if i.name not in initializers):
        tensor = value.type.tensor_type
        if tensor.elem_type != onnx.TensorProto.FLOAT:
            return None
        shape = [d.dim_value if d.dim_value > 0 else 1
                 for d in tensor.shape.dim]
        path = os.path.join(work, f"input{index}.npy")
        np.save(path, rng.standard_normal(shape).astype(np.float32))
        flags.append(f"--input=@{path}")
    out = subprocess.run(
        [os.path.join(build, "bin", "strata-bench"), smod, "--repetitions=5",
         "--threads=1"] + flags, capture_output=True, text=True)
    # strata-bench prints microseconds below a millisecond.
    match = re.search(r"min:\s*([0-9.]+) (us|ms)", out.stdout)
    if not match:
        return None
    return float(match.group(1)) / (1000.0 if match.group(2) == "us" else 1.0)


def bench_iree(venv, onnx_path, work, timeout):
    base = os.path.splitext(os.path.basename(onnx_path))[0]
    mlir = os.path.join(work, f"{base}.iree.mlir")
    return run_steps([
        [os.path.join(venv, "bin", "iree-import-onnx"), onnx_path, "-o", mlir],
        [os.path.join(venv, "bin", "iree-compile"), mlir,
         "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=host",
         "-o", os.path.join(work, f"{base}.vmfb")],
    ], timeout)


def bench_tvm(venv, onnx_path, work, timeout, cpu):
    base = os.path.splitext(os.path.basename(onnx_path))[0]
    script = os.path.join(work, "tvm_compile.py")
    with open(script, "w") as f:
        f.write(TVM_SCRIPT)
    return run_steps([[os.path.join(venv, "bin", "python"), script, onnx_path,
                       cpu, os.path.join(work, f"{base}.tvm.so")]], timeout)


def format_cell(entry):
    if not entry:
        return "-"
    if "error" in entry:
        return "failed"
    return f"{entry['seconds']:.1f} s, {entry['peak_mib']:.0f} MiB"


def print_table(results, notes, out=sys.stdout):
    print("| model | Strata | Strata, 1 thread | Strata, warm cache |"
          " IREE 3.13 | TVM 0.27 | Strata run (1 thread) |", file=out)
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |", file=out)
    for name, entry in results.items():
        strata = entry.get("strata", {})
        run_ms = strata.get("run_ms")
        print(f"| {name} | {format_cell(strata.get('threads_default'))} | "
              f"{format_cell(strata.get('threads_1'))} | "
              f"{format_cell(strata.get('warm_cache'))} | "
              f"{format_cell(entry.get('iree'))} | "
              f"{format_cell(entry.get('tvm'))} | "
              f"{f'{run_ms:.1f} ms' if run_ms else '-'} |", file=out)
    for name, entry in results.items():
        for tool in ("strata", "iree", "tvm"):
            error = (entry.get(tool) or {}).get("error")
            if error:
                print(f"- {name}, {tool}: {error}", file=out)
    for note in notes:
        print(f"- {note}", file=out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--work")
    parser.add_argument("--peers-venv")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--models", default=",".join(BENCH_MODELS +
                                                     TORCH_MODELS))
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="strata-compile-bench-")
    os.makedirs(work, exist_ok=True)
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names if n not in BENCH_MODELS + TORCH_MODELS]
    if unknown:
        parser.error(f"unknown models {unknown} (known: "
                     f"{', '.join(BENCH_MODELS + TORCH_MODELS)})")
    venv = None if args.no_peers else args.peers_venv
    torch_python = os.environ.get("STRATA_TORCH_PYTHON", "/usr/bin/python3")
    paths, notes = make_inputs(work, names, torch_python)
    if not venv:
        notes.append("IREE and TVM not measured (no --peers-venv)")
    cpu = host_cpu()
    results = {}
    for name in names:
        if name not in paths:
            continue
        print(f"== {name}", file=sys.stderr)
        entry = {"strata": bench_strata(args.build, paths[name], work,
                                        args.timeout)}
        if venv:
            entry["iree"] = bench_iree(venv, paths[name], work, args.timeout)
            entry["tvm"] = bench_tvm(venv, paths[name], work, args.timeout,
                                     cpu)
        results[name] = entry
    report = {"machine": {"cpu": cpu, "cores": os.cpu_count(),
                          "platform": platform.platform()},
              "models": results, "notes": notes}
    with open(args.out, "w") as f:
        json.dump(report, f, indent=2)
    print_table(results, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
