#!/usr/bin/env python3
"""Whole models through Strata, onnxruntime and (when installed) PyTorch.

For each model of make_models.py (batch 1): builds the ONNX file, times
strata.compile on it (import + every compiler stage + kernel link), runs
the module with 1 and 2 threads (strata.load(bytes, threads=N); each call
is one Session::invoke), runs onnxruntime with intra_op_num_threads 1 and 2
and sequential execution, and compares Strata's output with onnxruntime's
(largest absolute difference, and the largest |value| for scale). Latency
is the median of N calls after warm-up calls (min recorded as well). A
model that fails to import, compile or run gets its error message in the
results instead of figures; the other models still run. onnxruntime and
Strata are timed in alternating rounds (see bench_model).

PyTorch: when `import torch` works, the same ONNX graph is run by a small
interpreter over torch.nn.functional (torch_runner below; PyTorch eager
with the same weights, torch.set_num_threads(N)); otherwise its figures are
absent and the report says why.

The PyTorch exports with random weights (torchvision's SqueezeNet 1.1,
EfficientNet-B0, DenseNet-121, ShuffleNetV2 and a DeiT-Tiny-shaped ViT,
and a GPT-style decoder on 128 token ids; made by
bench/compile/export_torchvision.py with a Python that has torch and
torchvision: STRATA_TORCH_PYTHON, default /usr/bin/python3) are measured
the same way; without torch their rows say why they are missing.

    python3 bench/models/bench_models.py --out models.json [--quick]
        [--work DIR] [--models mlp,resnet18,...,squeezenet1_1,...]

Needs PYTHONPATH to contain BUILD/python_packages (bench/run.sh sets it).
"""

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_models  # noqa: E402

THREADS = (1, 2)

#: Real exports (bench/compile/export_torchvision.py), after the models of
#: make_models.py.
TORCH_MODELS = ("squeezenet1_1", "efficientnet_b0", "densenet121",
                "shufflenet_v2_x1_0", "vit_tiny", "gpt_decoder")
EXPORTER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))), "compile", "export_torchvision.py")


def export_torch_models(names, work):
    """Exports `names` (TORCH_MODELS) into `work`; returns None, or why they
    could not be exported."""
    import subprocess
    python = os.environ.get("STRATA_TORCH_PYTHON", "/usr/bin/python3")
    try:
        done = subprocess.run([python, EXPORTER, work] + list(names),
                              capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as error:
        return f"{python} cannot export them ({error})"
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["no message"]
        return f"{python} cannot export them: {lines[-1]}"
    return None


def time_calls(fn, quick, parts=1, warmup_s=0.0):
    """Median and min latency in ms. Runs enough calls for about 2 s (0.5 s
    quick) of measurement, between 5 (3 quick) and 100 (20 quick), after
    warm-up calls (two, or as many as fill `warmup_s`); with `parts`, that
    budget is split across as many calls of time_calls (at least 3 calls
    each)."""
    fn()
    deadline = time.perf_counter() + warmup_s
    while time.perf_counter() < deadline:
        fn()
    start = time.perf_counter()
    fn()
    first = time.perf_counter() - start
    budget, lo, hi = (0.5, 3, 20) if quick else (2.0, 5, 100)
    budget, lo, hi = budget / parts, max(3, lo // parts), max(3, hi // parts)
    runs = int(min(hi, max(lo, budget / max(first, 1e-6))))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), min(times), runs


def time_alternating(engines, quick, warmup_s):
    """time_calls of each of `engines` (name -> function) in rounds that
    alternate between them (2 rounds quick, 5 otherwise, each a share of
    time_calls' budget, each starting with `warmup_s` of the engine's own
    calls): {name: [time_calls result per round]}. Alternating keeps a
    drift of the machine (another engine's spinning workers, frequency)
    from favouring one engine."""
    rounds = 2 if quick else 5
    figures = {name: [] for name in engines}
    for _ in range(rounds):
        for name, fn in engines.items():
            figures[name].append(
                time_calls(fn, quick, rounds, warmup_s=warmup_s))
    return figures


def run_model_suite(description, default_models, bench_one, report,
                    argv=None, before_import=None):
    """The main of a bench over make_models' models (bench/quant,
    bench/byoc): --out FILE.json, --models a,b (default `default_models`),
    --threads N (default 1), --quick. `before_import(args)` runs before
    onnx and the models are imported (to set threads of libraries that
    read them once); each model is saved to a temporary directory `work`
    and `bench_one(name, path, work, threads, quick)` gives its row. Writes
    {"threads", "models": rows} to --out, prints report(rows, threads)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", required=True)
    parser.add_argument("--models", default=",".join(default_models))
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if before_import:
        before_import(args)
    import onnx
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names if n not in make_models.MODELS]
    if unknown:
        parser.error(f"unknown models: {', '.join(unknown)}")
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            print(f"== model {name}", file=sys.stderr, flush=True)
            path = os.path.join(work, f"{name}.onnx")
            onnx.save(make_models.MODELS[name](), path)
            rows.append(bench_one(name, path, work, args.threads, args.quick))
    with open(args.out, "w") as f:
        json.dump({"threads": args.threads, "models": rows}, f, indent=1)
    print(report(rows, args.threads))
    return 0


def torch_runner(model, threads):
    """Returns a function running `model` (our ONNX graph) eagerly with
    torch.nn.functional on the ops make_models.py uses, or raises
    ImportError when torch is not installed."""
    import torch
    import torch.nn.functional as F
    from onnx import helper, numpy_helper

    torch.set_num_threads(threads)
    consts = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy())
              for i in model.graph.initializer}
    nodes = [(n.op_type, list(n.input), n.output[0],
              {a.name: helper.get_attribute_value(a) for a in n.attribute})
             for n in model.graph.node]

    def run(x):
        env = dict(consts)
        env[model.graph.input[0].name] = torch.from_numpy(x)
        with torch.inference_mode():
            for op, ins, out, at in nodes:
                v = [env[i] for i in ins]
                if op == "Conv":
                    pad = at.get("pads", [0, 0, 0, 0])
                    y = F.conv2d(v[0], v[1], v[2] if len(v) > 2 else None,
                                 stride=at.get("strides", [1, 1]),
                                 padding=pad[:2], groups=at.get("group", 1))
                elif op == "BatchNormalization":
                    y = F.batch_norm(v[0], v[3], v[4], v[1], v[2], False,
                                     0.0, at.get("epsilon", 1e-5))
                elif op == "Relu":
                    y = F.relu(v[0])
                elif op == "Clip":
                    y = torch.clamp(v[0], float(v[1]), float(v[2]))
                elif op == "MaxPool":
                    y = F.max_pool2d(v[0], at["kernel_shape"], at["strides"],
                                     at.get("pads", [0, 0, 0, 0])[:2])
                elif op == "GlobalAveragePool":
                    y = F.adaptive_avg_pool2d(v[0], 1)
                elif op == "Flatten":
                    y = torch.flatten(v[0], at.get("axis", 1))
                elif op == "Gemm":
                    y = F.linear(v[0], v[1] if at.get("transB") else v[1].T,
                                 v[2])
                elif op == "MatMul":
                    y = torch.matmul(v[0], v[1])
                elif op == "Add":
                    y = v[0] + v[1]
                elif op == "Mul":
                    y = v[0] * v[1]
                elif op == "Div":
                    y = v[0] / v[1]
                elif op == "Erf":
                    y = torch.erf(v[0])
                elif op == "Reshape":
                    y = torch.reshape(v[0], [int(d) for d in v[1]])
                elif op == "Transpose":
                    y = v[0].permute(*at["perm"])
                elif op == "Softmax":
                    y = torch.softmax(v[0], at.get("axis", -1))
                elif op == "LayerNormalization":
                    y = F.layer_norm(v[0], v[1].shape, v[1], v[2],
                                     at.get("epsilon", 1e-5))
                else:
                    raise NotImplementedError(f"torch_runner: no {op}")
                env[out] = y
        return env[model.graph.output[0].name].numpy()

    return run


def top_kernels(strata, compiled, path, x, count=4):
    """The kernels taking most of one single-thread call (the runtime's
    profile), each with its kernel.func's tensor types and linalg ops, so
    the report says where the time goes."""
    module = strata.load(compiled.bytes, threads=1, profile=True)
    module.main(x)
    ops, current = {}, None
    for line in strata.compile(path, compile_to="kernel").splitlines():
        match = re.search(r"kernel\.func\b.*@(\w+)\(", line)
        if match:
            current = match.group(1)
            # The kernel's operand types say which layer it is.
            types = re.findall(r"tensor<[^>]*>", line)
            ops[current] = [" ".join(types)[:160]]
        elif current:
            for op in re.findall(r"\blinalg\.(\w+)", line):
                if op not in ("fill", "yield", "index") and \
                        op not in ops[current]:
                    ops[current].append(op)
    rows = []
    for line in module.profile_report().splitlines()[1:]:
        fields = line.split()
        if len(fields) == 5 and fields[0] in ops:
            rows.append({"kernel": fields[0], "ms": float(fields[2]),
                         "share": fields[4], "ops": ops[fields[0]]})
    rows.sort(key=lambda r: -r["ms"])
    return rows[:count]


def bench_model(name, path, quick):
    import onnx
    import onnxruntime as ort
    import strata

    row = {"name": name}
    model = onnx.load(path)
    dims = [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim]
    row["input_shape"] = dims
    row["parameters"] = int(sum(np.prod(i.dims) for i in
                                model.graph.initializer))
    row["nodes"] = len(model.graph.node)
    if (model.graph.input[0].type.tensor_type.elem_type ==
            onnx.TensorProto.INT64):
        # Token ids (the GPT-style decoder): any vocabulary has the first 100.
        x = np.random.default_rng(0).integers(0, 100, dims).astype(np.int64)
    else:
        x = np.random.default_rng(0).standard_normal(dims).astype(np.float32)

    # onnxruntime's output is the reference.
    expected = None
    sessions = {}
    feeds = {model.graph.input[0].name: x}
    try:
        for t in THREADS:
            options = ort.SessionOptions()
            options.intra_op_num_threads = t
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            sessions[t] = ort.InferenceSession(
                path, options, providers=["CPUExecutionProvider"])
            expected = sessions[t].run(None, feeds)[0]
    except Exception as error:
        row["ort_error"] = f"{type(error).__name__}: {error}"
        sessions = {}

    modules, compiled = {}, None
    try:
        start = time.perf_counter()
        # No kernel cache: the figure is a cold compile (import included).
        compiled = strata.compile(path, target="cpu", cache=False)
        row["strata_compile_s"] = time.perf_counter() - start
        row["strata_module_bytes"] = len(compiled.bytes)
        for t in THREADS:
            modules[t] = strata.load(compiled.bytes, threads=t)
            got = modules[t].main(x)
            if t == THREADS[0] and expected is not None:
                row["max_abs_diff"] = float(np.max(np.abs(
                    got.astype(np.float64) - expected)))
                row["max_abs_ref"] = float(np.max(np.abs(expected)))
    except Exception as error:
        # The first lines of the message: importer/compiler diagnostics.
        message = f"{type(error).__name__}: {error}".strip().splitlines()
        row["strata_error"] = "\n".join(message[:6])
        modules = {}

    # Side by side: rounds alternate between onnxruntime and Strata, so that
    # both see the same phases of a shared machine (which ran one of them
    # 10-20% slower for seconds at a time). Each round starts with 0.15 s of
    # the engine's own calls: onnxruntime's workers spin for a while after
    # its runs and would take a core from Strata's second thread, and a
    # pause instead (sleeping) left the CPU slower for the next calls (the
    # MLP: 0.45-0.54 ms after 0.2 s of sleep, 0.39-0.40 without). Each
    # engine's figure is the median of its rounds' medians.
    for t in THREADS:
        engines = {}
        if t in sessions:
            session = sessions[t]
            engines["ort"] = lambda: session.run(None, feeds)
        if t in modules:
            module = modules[t]
            engines["strata"] = lambda: module.main(x)
        figures = time_alternating(engines, quick, warmup_s=0.15)
        for name, results in figures.items():
            row[f"{name}_ms_t{t}"] = statistics.median(r[0] for r in results)
            row[f"{name}_min_ms_t{t}"] = min(r[1] for r in results)
            row[f"{name}_runs_t{t}"] = sum(r[2] for r in results)
    if modules:
        try:
            row["strata_top_kernels"] = top_kernels(strata, compiled, path, x)
        except Exception as error:
            row["strata_error"] = f"{type(error).__name__}: {error}"

    try:
        for t in THREADS:
            run = torch_runner(model, t)
            got = run(x)
            if t == THREADS[0] and expected is not None:
                row["torch_max_abs_diff"] = float(np.max(np.abs(
                    got.astype(np.float64) - expected)))
            median, best, runs = time_calls(lambda: run(x), quick)
            row[f"torch_ms_t{t}"], row[f"torch_min_ms_t{t}"] = median, best
    except ImportError:
        row["torch_error"] = "n/a: PyTorch is not installed"
    except Exception:
        row["torch_error"] = traceback.format_exc().strip().splitlines()[-1]
    return row


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--work", default=None)
    parser.add_argument("--models", default=",".join(
        list(make_models.MODELS) + list(TORCH_MODELS)))
    args = parser.parse_args(argv)
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names
               if n not in make_models.MODELS and n not in TORCH_MODELS]
    if unknown:
        parser.error(f"unknown models: {', '.join(unknown)}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or tmp
        os.makedirs(work, exist_ok=True)
        exported = [n for n in names if n in TORCH_MODELS]
        export_problem = None
        if exported:
            print(f"== exporting {', '.join(exported)}", file=sys.stderr,
                  flush=True)
            export_problem = export_torch_models(exported, work)
        for name in names:
            print(f"== model {name}", file=sys.stderr, flush=True)
            path = os.path.join(work, f"{name}.onnx")
            if name in TORCH_MODELS:
                if export_problem:
                    rows.append({"name": name, "strata_error":
                                 f"not measured: {export_problem}"})
                else:
                    rows.append(bench_model(name, path, args.quick))
                continue
            try:
                import onnx
                onnx.save(make_models.MODELS[name](), path)
                rows.append(bench_model(name, path, args.quick))
            except Exception as error:
                rows.append({"name": name,
                             "strata_error": f"building the model: {error}"})
    with open(args.out, "w") as f:
        json.dump({"quick": args.quick, "models": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
