#!/usr/bin/env python3
"""Strata alone, Strata + oneDNN (external backend dnnl) and onnxruntime.

For each model of bench/models/make_models.py (batch 1), in one run and on
the same inputs: Strata's module without external backends; with
--external=dnnl and its cost rule (what a user gets: only the regions the
rule finds faster in oneDNN); with the regions strata-tune --external
measured faster in oneDNN on this machine (its tuning database); with
every region oneDNN supports (the cost rule off, to show what the rule
decided against); and onnxruntime's CPU provider. Each engine runs on `--threads` threads (oneDNN's OpenMP threads
too: OMP_NUM_THREADS is set before the plugin loads). Outputs are compared
with onnxruntime's. Latency is the median of rounds that alternate
between the engines (each round: the median of N calls after warm-up).

    python3 bench/byoc/bench_byoc.py --out byoc.json [--models a,b]
        [--threads 1] [--quick]

Needs PYTHONPATH to contain BUILD/python_packages (bench/byoc/run.sh sets
it) and the dnnl plugin built (libdnnl-dev).
"""

import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "models"))
from bench_models import run_model_suite, time_alternating  # noqa: E402

MODELS = ("resnet18", "mobilenetv2", "bert_layer", "mlp")
VARIANTS = (("strata", {}),
            ("strata_dnnl", {"external": "dnnl"}),
            ("strata_dnnl_tuned", {"external": "dnnl"}),  # + tuning_db
            ("strata_dnnl_all", {"external": "dnnl",
                                 "external_cost_rule": False}))
ROOT = os.path.dirname(os.path.dirname(HERE))


def bench_model(name, path, threads, quick):
    import numpy as np
    import onnx
    import onnxruntime as ort
    import strata

    row = {"name": name, "threads": threads}
    model = onnx.load(path)
    dims = [d.dim_value for d in
            model.graph.input[0].type.tensor_type.shape.dim]
    x = np.random.default_rng(0).standard_normal(dims).astype(np.float32)
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    session = ort.InferenceSession(path, options,
                                   providers=["CPUExecutionProvider"])
    feeds = {model.graph.input[0].name: x}
    expected = session.run(None, feeds)[0]
    engines = {"ort": lambda: session.run(None, feeds)}
    # The regions measured on this machine (strata-tune reads MLIR: the
    # ONNX file imported).
    mlir_path = os.path.splitext(path)[0] + ".mlirbc"
    subprocess.run([sys.executable, os.path.join(
        ROOT, "tools", "strata-import-onnx", "strata-import-onnx"), path,
        "-o", mlir_path], check=True)
    db = os.path.splitext(path)[0] + ".regions.jsonl"
    start = time.perf_counter()
    try:
        regions = strata.tune(mlir_path, db, external="dnnl",
                              threads=threads, verbose=False)
        row["regions"] = [{k: r.get(k) for k in ("ops", "strata_us",
                                                   "backend_us", "error")}
                          for r in regions]
    except Exception as error:
        row["regions_error"] = f"{type(error).__name__}: {error}"
    row["tune_external_s"] = time.perf_counter() - start
    for variant, extra in VARIANTS:
        if variant == "strata_dnnl_tuned":
            extra = dict(extra, tuning_db=db)
        try:
            start = time.perf_counter()
            compiled = strata.compile(path, cache=False, threads=threads,
                                      **extra)
            row[f"{variant}_compile_s"] = time.perf_counter() - start
            kernels = strata.compile(path, compile_to="kernel", **extra)
            row[f"{variant}_native_calls"] = kernels.count(
                "kernel.call_native")
            got = compiled.main(x)
            row[f"{variant}_max_abs_diff"] = float(
                np.max(np.abs(got.astype(np.float64) - expected)))
            engines[variant] = (lambda m: lambda: m.main(x))(compiled)
        except Exception as error:  # reported, the other variants still run
            row[f"{variant}_error"] = f"{type(error).__name__}: {error}"
    row["max_abs_ref"] = float(np.max(np.abs(expected)))
    # bench/models' timing: each round starts with 0.2 s of the engine's
    # own calls (onnxruntime's workers spin after its runs and would take a
    # core from the engine timed next).
    for engine, results in time_alternating(engines, quick,
                                            warmup_s=0.2).items():
        row[f"{engine}_ms"] = statistics.median(r[0] for r in results)
    return row


def report(rows, threads):
    lines = [f"| model | Strata | Strata + oneDNN (cost rule) | "
             f"Strata + oneDNN (measured) | Strata + oneDNN (every region) "
             f"| onnxruntime |",
             "|---|---|---|---|---|---|"]

    def cell(row, engine):
        if f"{engine}_error" in row:
            return "error"
        ms = row.get(f"{engine}_ms")
        if ms is None:
            return "-"
        text = f"{ms:.2f} ms"
        if engine != "strata" and row.get("strata_ms"):
            text += f" ({row['strata_ms'] / ms:.2f}x)"
        calls = row.get(f"{engine}_native_calls")
        if calls:
            text += f", {calls} calls"
        return text

    for row in rows:
        lines.append(f"| {row['name']} | " + " | ".join(
            cell(row, e) for e in ("strata", "strata_dnnl",
                                   "strata_dnnl_tuned", "strata_dnnl_all",
                                   "ort")) + " |")
    lines.append("")
    lines.append(f"{threads} thread(s); speedups against Strata alone; "
                 "calls: oneDNN calls in the module; measured: the regions "
                 "strata-tune --external found faster in oneDNN here "
                 "(tuning time: " + ", ".join(
                     f"{row['name']} {row.get('tune_external_s', 0):.0f} s"
                     for row in rows) + ").")
    for row in rows:
        for variant, _ in VARIANTS:
            if f"{variant}_error" in row:
                lines.append(f"- {row['name']} {variant}: "
                             f"{row[f'{variant}_error']}")
    return "\n".join(lines)


def main(argv=None):
    def set_threads(args):
        # Before oneDNN's OpenMP runtime starts (the plugin loads at the
        # first module that needs it).
        os.environ["OMP_NUM_THREADS"] = str(args.threads)

    return run_model_suite(
        __doc__.splitlines()[0], MODELS,
        lambda name, path, work, threads, quick: bench_model(
            name, path, threads, quick),
        report, argv, before_import=set_threads)


if __name__ == "__main__":
    sys.exit(main())
