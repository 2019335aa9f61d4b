#!/usr/bin/env python3
#===- bench.py - Latency of the model-test models: strata vs onnxruntime --===#
#
# Compiles each model of models.py with strata and loads it in onnxruntime
# (CPUExecutionProvider, all graph optimizations on: its best case), then
# times single calls at batch 1: a few warm-up calls, then the median (and
# the min) of --runs timed calls each. Also prints the strata compile time
# and the max |strata - onnxruntime| of the timed input. Prints a Markdown
# table (the one in docs/OnnxModels.md).
#
#   PYTHONPATH=<build>/python_packages python3 test/onnx/models/bench.py \
#       [--runs 50] [--threads N] [--batch 1] [MODEL ...]
#
# --threads sets strata's runtime threads and onnxruntime's intra-op
# threads alike (0, the default, lets each use one per core).
#
#===----------------------------------------------------------------------===#

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import models  # noqa: E402


def _time_calls(fn, runs, warmup):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Latency of the model-test models: strata vs "
        "onnxruntime (batch 1, median of --runs calls).")
    parser.add_argument("models", nargs="*", default=list(models.MODELS),
                        help="models to time (default: all)")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--batch", type=int, default=1)
    args = parser.parse_args(argv)

    import onnxruntime as ort
    import strata

    unknown = [n for n in args.models if n not in models.MODELS]
    if unknown:
        parser.error(f"unknown model(s) {', '.join(unknown)}; known: "
                     f"{', '.join(models.MODELS)}")

    print(f"batch {args.batch}, median (min) of {args.runs} runs after "
          f"{args.warmup} warm-up calls, threads "
          f"{args.threads or 'one per core'} ({os.cpu_count()} cores), "
          f"onnxruntime {ort.__version__}\n")
    print("| model | strata compile | strata | onnxruntime | ratio | "
          "max diff |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in args.models:
        model = models.build(name)
        start = time.perf_counter()
        compiled = strata.compile(model, target="cpu", threads=args.threads)
        compile_s = time.perf_counter() - start

        options = ort.SessionOptions()
        options.intra_op_num_threads = args.threads
        session = ort.InferenceSession(model.SerializeToString(), options,
                                       providers=["CPUExecutionProvider"])

        x = models.make_input(name, args.batch)
        y = compiled.main(x)
        (expected,) = session.run(None, {"input": x})
        diff = float(np.max(np.abs(y.astype(np.float64) - expected)))

        s_med, s_min = _time_calls(lambda: compiled.main(x), args.runs,
                                   args.warmup)
        o_med, o_min = _time_calls(lambda: session.run(None, {"input": x}),
                                   args.runs, args.warmup)
        print(f"| {name} | {compile_s:.1f} s | {s_med * 1e3:.3f} ms "
              f"({s_min * 1e3:.3f}) | {o_med * 1e3:.3f} ms "
              f"({o_min * 1e3:.3f}) | {s_med / o_med:.2f}x | {diff:.2g} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
