#!/usr/bin/env python3
"""Writes the benchmark suite's report from its raw JSON.

    make_report.py --machine machine.json --build BUILD [--finish]
        records the machine (CPU model, cores, load average, versions, the
        source commit); --finish adds the load average at the end of the run
        (the machine is shared: a high load explains noisy 2-thread figures);
    make_report.py --results DIR
        reads DIR/{machine,kernels,models}.json and writes DIR/README.md
        (markdown tables) and the bar charts DIR/kernels_matmul.png,
        DIR/kernels_conv.png and DIR/models.png;
    make_report.py --cpu-id
        prints the name of this machine's CPU as the results' folders use
        it: vendor and LLVM's name of the host CPU ("amd-znver4",
        "intel-emeraldrapids"), so that each CPU seen keeps its own figures;
    make_report.py --index DIR
        writes DIR/README.md: one line per CPU folder of DIR with its
        machine and its models' ratios.

Ratios are "baseline time / Strata time": above 1 Strata is faster.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import time

THREADS = (1, 2)


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except Exception:
        return ""


#: The instruction-set extensions kernels and baselines pick code paths by,
#: as /proc/cpuinfo names them.
ISA_FLAGS = ("avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512_vnni",
             "avx512_bf16", "avx512_fp16", "avx_vnni", "amx_tile", "amx_bf16",
             "amx_int8")


def cpuinfo_field(name):
    """Field `name` of the first CPU in /proc/cpuinfo ("" if unreadable)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == name:
                    return value.strip()
    except OSError:
        pass
    return ""


def cpu_flags():
    """The flags of the first CPU in /proc/cpuinfo (empty if unreadable)."""
    return set(cpuinfo_field("flags").split())


def llvm_host_cpu():
    """LLVM's name of the host CPU (what Strata compiles for by default),
    from clang's -march=native; "unknown" without clang-22."""
    out = sh("clang-22 -march=native -### -x c /dev/null -c -o /dev/null "
             "2>&1")
    for token, value in zip(out.split(), out.split()[1:]):
        if token == '"-target-cpu"':
            return value.strip('"')
    return "unknown"


def cpu_id():
    """The folder name of this CPU's results: vendor-llvmcpu."""
    vendor = cpuinfo_field("vendor_id")
    vendor = {"AuthenticAMD": "amd", "GenuineIntel": "intel"}.get(
        vendor, vendor.lower() or "cpu")
    return f"{vendor}-{llvm_host_cpu()}"


def record_machine(path, build, finish):
    if finish:
        with open(path) as f:
            info = json.load(f)
        info["load_average_end"] = os.getloadavg()
        info["finished"] = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    else:
        lscpu = sh("lscpu")
        field = lambda name: next((line.split(":", 1)[1].strip() for line in
                                   lscpu.splitlines()
                                   if line.startswith(name + ":")), "?")
        flags = cpu_flags()
        info = {
            "cpu_model": field("Model name"),
            "cpu_id": cpu_id(),
            "llvm_cpu": llvm_host_cpu(),
            "isa": [flag for flag in ISA_FLAGS if flag in flags],
            "cpus": os.cpu_count(),
            "threads_per_core": field("Thread(s) per core"),
            "l1d": field("L1d cache"), "l2": field("L2 cache"),
            "l3": field("L3 cache"),
            "avx512": "avx512f" in lscpu,
            "kernel": platform.release(),
            "python": platform.python_version(),
            "started": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
            "load_average_start": os.getloadavg(),
            "commit": sh("git -C '%s' rev-parse --short HEAD" %
                         os.path.dirname(os.path.abspath(__file__))),
            "worktree_dirty": bool(sh("git -C '%s' status --porcelain "
                                      "-- lib include tools python" %
                                      os.path.dirname(os.path.abspath(
                                          __file__)))),
            "build": os.path.abspath(build),
            "openblas": sh("dpkg-query -W -f='${Version}' libopenblas0"),
            "onednn": sh("dpkg-query -W -f='${Version}' libdnnl-dev"),
        }
        # The versions of the interpreter running this (bench/run.sh runs it
        # in the bench's own virtual environment).
        for module in ("numpy", "onnx", "onnxruntime"):
            info[module] = sh(f"'{sys.executable}' -c 'import {module}; "
                              f"print({module}.__version__)'")
        info["torch"] = sh(f"'{sys.executable}' -c 'import torch; "
                           "print(torch.__version__)'") or "not installed"
    with open(path, "w") as f:
        json.dump(info, f, indent=1)


def fmt(value, digits=2):
    return "-" if value is None else f"{value:.{digits}f}"


def ratio(baseline, ours):
    if baseline is None or ours is None or ours == 0:
        return None
    return baseline / ours


def matmul_table(rows):
    out = ["| M x N x K | " + " | ".join(
        f"Strata GFLOP/s {t}T | OpenBLAS GFLOP/s {t}T | ratio {t}T"
        for t in THREADS) + " | max abs diff |",
        "| :--- |" + " ---: |" * (3 * len(THREADS) + 1)]
    for r in rows:
        cells = [f"{r['m']} x {r['n']} x {r['k']}"]
        for t in THREADS:
            ours, blas = r.get(f"strata_gflops_t{t}"), r.get(
                f"openblas_gflops_t{t}")
            # GFLOP/s, so the ratio is ours / baseline.
            cells += [fmt(ours), fmt(blas), fmt(ratio(ours, blas), 3)]
        cells.append(f"{r['max_abs_diff']:.2g}" if "max_abs_diff" in r
                     else "-")
        out.append("| " + " | ".join(cells) + " |")
        if "error" in r:
            out.append(f"| error: {r['error'][:300]} |" +
                       " |" * (3 * len(THREADS) + 1))
    return "\n".join(out)


def conv_table(rows):
    out = ["| shape | GFLOP | " + " | ".join(
        f"Strata NCHW ms {t}T | oneDNN plain ms {t}T | ratio vs plain {t}T | "
        f"Strata NHWC ms {t}T | oneDNN best ms {t}T | ratio vs best {t}T"
        for t in THREADS) + " | oneDNN best implementation (layout) |",
        "| :--- | ---: |" + " ---: |" * (6 * len(THREADS)) + " :--- |"]
    for r in rows:
        cells = [r["name"], fmt(r["flops"] * 1e-9, 3)]
        for t in THREADS:
            ours = r.get(f"strata_ms_t{t}")
            ours_nhwc = r.get(f"strata_nhwc_ms_t{t}")
            plain = r.get(f"onednn_plain_ms_t{t}")
            best = r.get(f"onednn_best_ms_t{t}")
            cells += [fmt(ours, 3), fmt(plain, 3), fmt(ratio(plain, ours), 3),
                      fmt(ours_nhwc, 3), fmt(best, 3),
                      fmt(ratio(best, ours_nhwc), 3)]
        cells.append(f"{r.get('onednn_best_impl_t1', '?')} "
                     f"({r.get('onednn_best_format_t1', '?')}); plain: "
                     f"{r.get('onednn_plain_impl_t1', '?')}")
        out.append("| " + " | ".join(cells) + " |")
        for key in ("error", "strata_error", "strata_nhwc_error",
                    "onednn_error_t1", "onednn_error_t2"):
            if key in r:
                out.append(f"| {key}: {r[key][:300]} |" +
                           " |" * (6 * len(THREADS) + 2))
    return "\n".join(out)


def model_table(rows, torch_note):
    out = ["| model | compile s | " + " | ".join(
        f"Strata ms {t}T | onnxruntime ms {t}T | PyTorch ms {t}T | "
        f"ratio vs ORT {t}T" for t in THREADS) +
        " | max abs diff vs ORT (max abs output) |",
        "| :--- | ---: |" + " ---: |" * (4 * len(THREADS)) + " ---: |"]
    errors = []
    for r in rows:
        cells = [r["name"], fmt(r.get("strata_compile_s"))]
        for t in THREADS:
            ours = r.get(f"strata_ms_t{t}")
            ort_ms = r.get(f"ort_ms_t{t}")
            torch_ms = r.get(f"torch_ms_t{t}")
            cells += [fmt(ours), fmt(ort_ms),
                      fmt(torch_ms) if torch_ms is not None else "n/a",
                      fmt(ratio(ort_ms, ours), 3)]
        cells.append(f"{r['max_abs_diff']:.2g} ({r['max_abs_ref']:.3g})"
                     if "max_abs_diff" in r else "-")
        out.append("| " + " | ".join(cells) + " |")
        for key in ("strata_error", "ort_error"):
            if key in r:
                errors.append(f"- **{r['name']}** ({key}): "
                              f"`{r[key][:500]}`")
    text = "\n".join(out)
    if errors:
        text += "\n\nFailures:\n\n" + "\n".join(errors)
    if torch_note:
        text += f"\n\nPyTorch: {torch_note}"
    return text


def hot_kernels(rows):
    lines = []
    for r in rows:
        top = r.get("strata_top_kernels")
        if not top:
            continue
        lines.append(f"- **{r['name']}**: " + "; ".join(
            f"{k['kernel']} {k['ms']:.1f} ms ({k['share']}) "
            f"`{k['ops'][0]}` {', '.join(k['ops'][1:])}" for k in top))
    return "\n".join(lines)


def charts(results, kernels, models):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    def bars(path, labels, series, title, ylabel, log):
        fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(labels) + 2), 4.5))
        width = 0.8 / len(series)
        x = np.arange(len(labels))
        for i, (name, values) in enumerate(series.items()):
            heights = [v if v is not None else 0 for v in values]
            ax.bar(x + (i - (len(series) - 1) / 2) * width, heights, width,
                   label=name)
        ax.axhline(1.0, color="black", linewidth=0.8)
        if log:
            ax.set_yscale("log")
        ax.set_xticks(x)
        ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel(ylabel)
        ax.set_title(title, fontsize=9)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)

    mm = kernels.get("matmul", [])
    bars(os.path.join(results, "kernels_matmul.png"),
         [f"{r['m']}x{r['n']}x{r['k']}" for r in mm],
         {f"{t} thread{'s' if t > 1 else ''}":
          [ratio(r.get(f"strata_gflops_t{t}"), r.get(f"openblas_gflops_t{t}"))
           if r.get(f"strata_gflops_t{t}") else None for r in mm]
          for t in THREADS},
         "matmul f32: Strata GFLOP/s / OpenBLAS GFLOP/s (>1: Strata faster)",
         "ratio", False)
    cv = kernels.get("conv", [])
    bars(os.path.join(results, "kernels_conv.png"), [r["name"] for r in cv],
         {f"vs oneDNN {kind}, {t}T":
          [ratio(r.get(f"onednn_{kind}_ms_t{t}"),
                 r.get(f"strata_{'ms' if kind == 'plain' else 'nhwc_ms'}"
                       f"_t{t}"))
           for r in cv] for t in THREADS for kind in ("plain", "best")},
         "conv2d f32: oneDNN time / Strata time (>1: Strata faster, log)",
         "ratio", True)
    md = models.get("models", [])
    bars(os.path.join(results, "models.png"), [r["name"] for r in md],
         {f"vs onnxruntime, {t}T":
          [ratio(r.get(f"ort_ms_t{t}"), r.get(f"strata_ms_t{t}")) for r in md]
          for t in THREADS},
         "models, batch 1: onnxruntime latency / Strata latency "
         "(>1: Strata faster, log)", "ratio", True)


def report(results):
    def load(name):
        path = os.path.join(results, name)
        if not os.path.exists(path):
            return {}
        with open(path) as f:
            return json.load(f)

    machine, kernels, models = (load("machine.json"), load("kernels.json"),
                                load("models.json"))
    torch_note = ""
    if not any("torch_ms_t1" in r for r in models.get("models", [])):
        torch_note = ("n/a: `import torch` fails on this machine (PyPI "
                      "only ships the CUDA build, too large to install "
                      "here). Where it works, bench/models runs the same "
                      "ONNX graph eagerly with torch.nn.functional "
                      "(torch_runner) and fills the column.")
    quick = kernels.get("quick") or models.get("quick")
    la0 = machine.get("load_average_start", [0, 0, 0])
    la1 = machine.get("load_average_end", [0, 0, 0])
    text = f"""# Strata benchmark results{' (quick run)' if quick else ''}

Generated by `bash bench/run.sh{' --quick' if quick else ''}` \
({machine.get('started', '?')} to {machine.get('finished', '?')}); raw
figures in `kernels.json`, `models.json`, `machine.json` next to this file.
Ratios are **baseline time / Strata time** (or Strata GFLOP/s / baseline
GFLOP/s): above 1 Strata is faster.

## Machine

- CPU: {machine.get('cpu_model', '?')} (LLVM: \
{machine.get('llvm_cpu', '?')}), {machine.get('cpus', '?')} logical \
CPUs ({machine.get('threads_per_core', '?')} thread per core), AVX-512: \
{'yes' if machine.get('avx512') else 'no'}, L1d {machine.get('l1d', '?')}, \
L2 {machine.get('l2', '?')}, L3 {machine.get('l3', '?')}
- ISA extensions: {', '.join(machine.get('isa', [])) or '?'}
- Linux {machine.get('kernel', '?')}, Python {machine.get('python', '?')}, \
numpy {machine.get('numpy', '?')}, onnx {machine.get('onnx', '?')}, \
onnxruntime {machine.get('onnxruntime', '?')}, PyTorch \
{machine.get('torch', '?')}
- OpenBLAS {machine.get('openblas', '?')} (Debian, \
`OPENBLAS_CORETYPE` SkylakeX with AVX-512, else Haswell), oneDNN {machine.get('onednn', '?')} \
(Debian, OpenMP runtime, `OMP_NUM_THREADS`)
- Strata at commit {machine.get('commit', '?')}\
{' plus uncommitted changes in lib/include/tools/python' if machine.get('worktree_dirty') else ''}, \
Release build (clang 22)
- Load average at start {la0[0]:.2f}, at end {la1[0]:.2f}: the machine is \
shared; with a load above 1 on 2 CPUs the 2-thread figures (of every \
library) mostly measure contention, not scaling.

## Kernels

### matmul f32 vs OpenBLAS sgemm

Strata: `graph.matmul` compiled by `strata-compile`, timed by
`strata-bench --threads=N` (best of N invocations, so it includes
`Session::invoke` and the output allocation); the product is checked
against numpy first. OpenBLAS: `cblas_sgemm`, best of the same number of
runs, `OPENBLAS_NUM_THREADS=N`.

{matmul_table(kernels.get('matmul', []))}

![matmul ratios](kernels_matmul.png)

### conv2d f32 vs oneDNN (batch 1)

Strata: a one-node ONNX `Conv` (no bias, padding k/2) compiled twice,
saved and timed by `strata-bench`, each checked against onnxruntime
first: "NCHW", `strata.compile(layout="nchw")`, the kernels on the
model's NCHW memory, against oneDNN's "plain" NCHW/OIHW; "NHWC", the Conv
between a Transpose from an NHWC input and one to an NHWC output, which
the default layout conversion cancels, so the module is the NHWC kernels
the models below run (Winograd for 3x3 stride 1), against oneDNN's "best"
= `format_tag::any` (oneDNN's preferred layout, NHWC here; its reorders
are outside the timing, as the transposes are outside Strata's kernels).
oneDNN: `convolution_direct` forward inference, best of the same number
of runs.

{conv_table(kernels.get('conv', []))}

![conv ratios](kernels_conv.png)

## Models (batch 1, random weights, fixed seed)

MLP, ResNet-18, MobileNetV2 and the BERT layer are built by
`bench/models/make_models.py` with `onnx.helper` (opset 17); SqueezeNet
1.1, EfficientNet-B0, DenseNet-121 and ShuffleNetV2 are PyTorch exports of
torchvision's architectures with random weights
(`bench/compile/export_torchvision.py`, when a Python with torch is found).
Strata: `strata.compile(path)` (compile time = import + compile + link),
then `strata.load(bytes, threads=N)` and `m.main(x)`; onnxruntime:
`intra_op_num_threads=N`, `inter_op_num_threads=1`, sequential execution,
default graph optimizations. Latency is the median over enough calls for
about 2 s (at least 5) after warm-up. The output is compared with
onnxruntime's in the same run.

{model_table(models.get('models', []), torch_note)}

![model ratios](models.png)

Where Strata's time goes (runtime profile of one 1-thread call; the
kernel's operand types and linalg ops):

{hot_kernels(models.get('models', []))}

## Reproduce

    bash bench/run.sh            # full suite, about 10 minutes, writes bench/results/
    bash bench/run.sh --quick    # subset, about 3 minutes, writes bench/results/quick/

`STRATA_BUILD_DIR` picks the build directory (default `build-bench`; the
script configures it when needed), `RESULTS_DIR` the output directory. See
bench/README.md.
"""
    with open(os.path.join(results, "README.md"), "w") as f:
        f.write(text)
    try:
        charts(results, kernels, models)
    except ImportError as error:
        print(f"make_report: no charts ({error}); pip install -r "
              "bench/requirements.txt", file=sys.stderr)


def index(results):
    """results/README.md: each CPU folder's machine and model ratios."""
    lines = ["# Strata benchmark results, one folder per CPU", "",
             "`bash bench/run.sh` writes its figures to the folder of the "
             "machine's CPU (`make_report.py --cpu-id`: vendor and LLVM's "
             "name of the CPU), so figures from one CPU are never presented "
             "as general. Ratios: onnxruntime's median latency / Strata's "
             "(above 1: Strata faster), 1 and 2 threads.", ""]
    for name in sorted(os.listdir(results)):
        folder = os.path.join(results, name)
        machine_path = os.path.join(folder, "machine.json")
        if not os.path.isfile(machine_path):
            continue
        with open(machine_path) as f:
            machine = json.load(f)
        models = {}
        if os.path.exists(os.path.join(folder, "models.json")):
            with open(os.path.join(folder, "models.json")) as f:
                models = json.load(f)
        lines.append(f"## [{name}]({name}/README.md)")
        lines.append("")
        lines.append(
            f"{machine.get('cpu_model', '?')}, LLVM "
            f"{machine.get('llvm_cpu', '?')}, {machine.get('cpus', '?')} "
            f"CPUs; {', '.join(machine.get('isa', []))}; onnxruntime "
            f"{machine.get('onnxruntime', '?')}; run of "
            f"{machine.get('started', '?')} at commit "
            f"{machine.get('commit', '?')}.")
        lines.append("")
        rows = models.get("models", [])
        if rows:
            lines.append("| model | vs onnxruntime 1T | vs onnxruntime 2T |")
            lines.append("| :--- | ---: | ---: |")
            for row in rows:
                cells = []
                for t in THREADS:
                    ours, theirs = row.get(f"strata_ms_t{t}"), row.get(
                        f"ort_ms_t{t}")
                    cells.append(fmt(theirs / ours, 2) if ours and theirs
                                 else "-")
                lines.append(f"| {row.get('name', '?')} | {cells[0]} | "
                             f"{cells[1]} |")
            lines.append("")
        if os.path.exists(os.path.join(folder, "compile.md")):
            lines.append(f"Compile times: [{name}/compile.md]"
                         f"({name}/compile.md).")
            lines.append("")
    with open(os.path.join(results, "README.md"), "w") as f:
        f.write("\n".join(lines))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine")
    parser.add_argument("--build", default="build-bench")
    parser.add_argument("--finish", action="store_true")
    parser.add_argument("--results")
    parser.add_argument("--cpu-id", action="store_true")
    parser.add_argument("--index")
    args = parser.parse_args(argv)
    if args.cpu_id:
        print(cpu_id())
        return 0
    if args.index:
        index(args.index)
        return 0
    if args.machine:
        record_machine(args.machine, args.build, args.finish)
    if args.results:
        report(args.results)
    if not args.machine and not args.results:
        parser.error("give --machine, --results, --cpu-id or --index")
    return 0


if __name__ == "__main__":
    sys.exit(main())
