#!/usr/bin/env python3
"""Auto-tuning: Strata's heuristics against tuned schedules (issue 22).

For each model (bench/models/make_models.py: ResNet-18, MobileNetV2, the
BERT encoder layer; batch 1): the model's latency on one thread with the
heuristics' schedules, then for each search strategy (random sampling, the
evolutionary search) a strata-tune run with the same budget into a database
of its own, the model compiled with it, its latency, the tuning time, and
its output against the heuristic module's. With --tvm, TVM's MetaSchedule
(apache-tvm 0.27 in the peers' virtual environment: tvm_tune.py) with the
same number of trials, and TVM without tuning. Latencies are medians of
strata-bench runs (30 calls, one thread), the modules of a model timed in
alternating rounds (the lowest median of three rounds), so that a machine
slowing down affects them alike.

    python3 bench/tune/bench_tune.py --build BUILD --work DIR --out tune.json
        [--models resnet18,...] [--trials N | --time-budget S]
        [--tvm PEERS_VENV] [--cpu znver4]

Needs numpy and onnx (the bench's virtual environment); prints a Markdown
table.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "models"))


def load_tuner():
    """python/strata/tools/tune.py, alone (it drives the command-line tools
    and needs neither the strata package nor its compiled extension)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "strata_tune", os.path.join(ROOT, "python", "strata", "tools",
                                    "tune.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(command, timeout=None):
    result = subprocess.run([str(c) for c in command], capture_output=True,
                            text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"{os.path.basename(str(command[0]))} failed: " +
                           (result.stderr or result.stdout).strip()[-500:])
    return result.stdout


def median_ms(bench_output):
    match = re.search(r"median:\s*([0-9.]+)\s*(ns|us|ms|s)\b", bench_output)
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
    return float(match.group(1)) * scale[match.group(2)]


def latencies(bin_dir, modules, input_path, rounds=3):
    """The lowest of `rounds` medians of each module, timed in turns."""
    best = {name: float("inf") for name in modules}
    for _ in range(rounds):
        for name, path in modules.items():
            out = run([os.path.join(bin_dir, "strata-bench"), path,
                       "--threads=1", "--repetitions=30", "--warmup=3",
                       f"--input=@{input_path}"])
            best[name] = min(best[name], median_ms(out))
    return best


def outputs(bin_dir, module, input_path, out_path):
    run([os.path.join(bin_dir, "strata-run"), module, "--threads=1",
         f"--input=@{input_path}", f"--output=@{out_path}"])
    return np.load(out_path)


def bench_model(name, args, bin_dir):
    import onnx
    import make_models
    tuner = load_tuner()

    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    path = os.path.join(work, f"{name}.onnx")
    onnx.save(make_models.MODELS[name](), path)
    model = onnx.load(path)
    dims = [d.dim_value for d in
            model.graph.input[0].type.tensor_type.shape.dim]
    x = np.random.default_rng(0).standard_normal(dims).astype(np.float32)
    input_path = os.path.join(work, "input.npy")
    np.save(input_path, x)
    # Strata's tools read MLIR: the ONNX file imported (TVM reads the ONNX).
    onnx_path = path
    path = os.path.join(work, f"{name}.mlirbc")
    subprocess.run([sys.executable, os.path.join(
        ROOT, "tools", "strata-import-onnx", "strata-import-onnx"),
        onnx_path, "-o", path], check=True,
        env=dict(os.environ, STRATA_BUILD_DIR=args.build))
    row = {"model": name, "budget": {"trials": args.trials,
                                     "time_budget_s": args.time_budget}}
    compile_ = os.path.join(bin_dir, "strata-compile")
    modules = {"heuristic": os.path.join(work, "heuristic.smod")}
    run([compile_, path, "-o", modules["heuristic"]])
    reference = outputs(bin_dir, modules["heuristic"], input_path,
                        os.path.join(work, "heuristic.npy"))
    for strategy in args.strategies:
        db = os.path.join(work, f"{strategy}.jsonl")
        if os.path.exists(db):
            os.remove(db)
        start = time.monotonic()
        summary = tuner.tune(path, db, trials=args.trials,
                             time_budget=args.time_budget, strategy=strategy,
                             threads=1, seed=0, bin_dir=bin_dir,
                             verbose=False)
        entry = {"tuning_s": time.monotonic() - start,
                 "kernels_heuristic_us": summary["heuristic_us"],
                 "kernels_tuned_us": summary["tuned_us"],
                 "kernels": summary["kernels"], "roofs": summary["roofs"]}
        # The goal: the kernels below 80% of their roofline with
        # the heuristics, together, 10% faster tuned.
        below = [k for k in summary["kernels"]
                 if k["heuristic_roofline"] is not None and
                 k["heuristic_roofline"] < 0.8]
        entry["below_roofline"] = {
            "kernels": len(below),
            "share": sum(k["share"] for k in below),
            "heuristic_us": sum(k["heuristic_us"] * k["launches"]
                                for k in below),
            "tuned_us": sum(k["tuned_us"] * k["launches"] for k in below)}
        modules[strategy] = os.path.join(work, f"{strategy}.smod")
        run([compile_, path, f"--tuning-db={db}", "-o", modules[strategy]])
        got = outputs(bin_dir, modules[strategy], input_path,
                      os.path.join(work, f"{strategy}.npy"))
        entry["max_abs_diff"] = float(np.abs(got - reference).max())
        row[strategy] = entry
        print(f"  {name} {strategy}: tuned in {entry['tuning_s']:.0f} s",
              file=sys.stderr, flush=True)
    times = latencies(bin_dir, modules, input_path)
    row["heuristic_ms"] = times["heuristic"]
    for strategy in args.strategies:
        row[strategy]["latency_ms"] = times[strategy]
    if args.tvm:
        python = os.path.join(args.tvm, "bin", "python")
        # MetaSchedule takes trials, not seconds: with a time budget, one
        # trial per second (it measured about 1.1 s per trial here).
        tvm_trials = args.trials or max(64, int(args.time_budget))
        for trials, key in ((0, "tvm_untuned"), (tvm_trials, "tvm")):
            try:
                out = run([python, os.path.join(HERE, "tvm_tune.py"),
                           onnx_path,
                           input_path, trials,
                           os.path.join(work, f"tvm{trials}"), args.cpu],
                          timeout=args.tvm_timeout)
                row[key] = json.loads(out.strip().splitlines()[-1])
            except (RuntimeError, subprocess.TimeoutExpired,
                    ValueError) as error:
                row[key] = {"error": str(error)[-300:]}
            print(f"  {name} {key}: {row[key]}", file=sys.stderr, flush=True)
    return row


def table(rows, strategies):
    lines = ["| model | heuristic | " +
             " | ".join(f"{s}: tuned (tuning; kernels below 80% of their "
                        "roofline: share, speedup)" for s in strategies) +
             " | TVM untuned | TVM MetaSchedule (tuning) |",
             "| --- | ---: | " + "---: | " * len(strategies) + "---: | ---: |"]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['model']} | {row['error']} |" +
                         " |" * (len(strategies) + 2))
            continue
        cells = [row["model"], f"{row['heuristic_ms']:.2f} ms"]
        for strategy in strategies:
            entry = row[strategy]
            below = entry["below_roofline"]
            below_cell = (f"{100 * below['share']:.0f}%, "
                          f"{below['heuristic_us'] / below['tuned_us']:.2f}x"
                          if below["tuned_us"] else "none")
            cells.append(f"{entry['latency_ms']:.2f} ms "
                         f"({row['heuristic_ms'] / entry['latency_ms']:.2f}x;"
                         f" {entry['tuning_s']:.0f} s; {below_cell})")
        for key in ("tvm_untuned", "tvm"):
            entry = row.get(key)
            if entry is None:
                cells.append("not run")
            elif "error" in entry:
                cells.append("error: " + entry["error"][-80:])
            else:
                cells.append(f"{entry['latency_ms']:.2f} ms" +
                             (f" ({entry['tuning_s']:.0f} s)"
                              if key == "tvm" else ""))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default="resnet18,mobilenetv2,bert_layer")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--trials", type=int)
    budget.add_argument("--time-budget", type=float)
    parser.add_argument("--tvm", help="the peers' virtual environment")
    parser.add_argument("--tvm-timeout", type=float, default=3600)
    parser.add_argument("--cpu", default="native",
                        help="LLVM CPU name for TVM's target")
    parser.add_argument("--strategies", default="random,evolutionary",
                        help="strata-tune's search strategies to compare")
    args = parser.parse_args()
    args.strategies = args.strategies.split(",")
    if args.trials is None and args.time_budget is None:
        args.trials = 100
    bin_dir = os.path.join(args.build, "bin")
    rows = []
    for name in args.models.split(","):
        print(f"== {name}", file=sys.stderr, flush=True)
        try:
            rows.append(bench_model(name, args, bin_dir))
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            rows.append({"model": name, "error": str(error)[-300:]})
    with open(args.out, "w") as out:
        json.dump(rows, out, indent=1)
    print(table(rows, args.strategies))


if __name__ == "__main__":
    main()
