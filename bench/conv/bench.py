#!/usr/bin/env python3
#===- bench/conv/bench.py - Strata's conv2d kernels, GFLOP/s -------------===#
#
# Times graph.conv2d at ResNet-18 and MobileNetV2 shapes with strata-bench
# (1 and 2 threads, best of --reps) and prints a markdown table of GFLOP/s.
# For each shape a graph-level .mlir is written (function @main, input and
# weight as arguments, fed from random .npy files), compiled with
# strata-compile from each --tools-dir given (e.g. a build from before a
# change next to one from after it), and timed. NCHW is ONNX's layout;
# `_nhwc` shapes are the same convolutions in NHWC (graph layout attribute).
#
#   python3 bench/conv/bench.py [--tools-dir DIR ...] [--filter REGEX]
#                               [--reps N] [--threads 1,2] [--keep DIR]
#
#===----------------------------------------------------------------------===#

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

# name: (N, IC, H, W, OC, K, stride, pad, groups, layout)
SHAPES = {
    "r18_3x3_s1_64": (1, 64, 56, 56, 64, 3, 1, 1, 1, "nchw"),
    "r18_3x3_s2_64_128": (1, 64, 56, 56, 128, 3, 2, 1, 1, "nchw"),
    "r18_1x1_s2_down": (1, 64, 56, 56, 128, 1, 2, 0, 1, "nchw"),
    "r18_7x7_s2_stem": (1, 3, 224, 224, 64, 7, 2, 3, 1, "nchw"),
    "mnv2_dw3x3_s1": (1, 144, 56, 56, 144, 3, 1, 1, 144, "nchw"),
    "mnv2_dw3x3_s2": (1, 144, 56, 56, 144, 3, 2, 1, 144, "nchw"),
    "mnv2_1x1_expand": (1, 24, 56, 56, 144, 1, 1, 0, 1, "nchw"),
    "mnv2_1x1_project": (1, 144, 28, 28, 32, 1, 1, 0, 1, "nchw"),
    "r18_3x3_s1_64_nhwc": (1, 64, 56, 56, 64, 3, 1, 1, 1, "nhwc"),
    "mnv2_dw3x3_s1_nhwc": (1, 144, 56, 56, 144, 3, 1, 1, 144, "nhwc"),
    "mnv2_dw3x3_s2_nhwc": (1, 144, 56, 56, 144, 3, 2, 1, 144, "nhwc"),
    # ShuffleNetV2's depthwise convolutions: channel counts that are no
    # multiple of the vector width (58 = 3 x 16 + 10).
    "shuf_dw3x3_s1_58_nhwc": (1, 58, 28, 28, 58, 3, 1, 1, 58, "nhwc"),
    "shuf_dw3x3_s1_116_nhwc": (1, 116, 14, 14, 116, 3, 1, 1, 116, "nhwc"),
    "shuf_dw3x3_s2_116_nhwc": (1, 116, 28, 28, 116, 3, 2, 1, 116, "nhwc"),
}


def shape_text(dims):
    return "x".join(str(d) for d in dims) + "xf32"


def write_case(name, spec, work):
    n, ic, h, w, oc, k, s, p, g, layout = spec
    oh = (h + 2 * p - k) // s + 1
    ow = (w + 2 * p - k) // s + 1
    if layout == "nchw":
        x, wt, y = (n, ic, h, w), (oc, ic // g, k, k), (n, oc, oh, ow)
    else:
        x, wt, y = (n, h, w, ic), (oc, k, k, ic // g), (n, oh, ow, oc)
    attrs = [f"strides = array<i64: {s}, {s}>",
             f"pads = array<i64: {p}, {p}, {p}, {p}>"]
    if g != 1:
        attrs.append(f"groups = {g} : i64")
    if layout == "nhwc":
        attrs.append("layout = #graph.layout<nhwc>")
    mlir = os.path.join(work, name + ".mlir")
    with open(mlir, "w") as f:
        f.write(
            f"func.func @main(%x: tensor<{shape_text(x)}>, "
            f"%w: tensor<{shape_text(wt)}>) -> tensor<{shape_text(y)}> {{\n"
            f"  %0 = graph.conv2d %x, %w {{{', '.join(attrs)}}} : "
            f"tensor<{shape_text(x)}>, tensor<{shape_text(wt)}> -> "
            f"tensor<{shape_text(y)}>\n"
            f"  return %0 : tensor<{shape_text(y)}>\n}}\n")
    rng = np.random.default_rng(0)
    inputs = []
    for tag, dims in (("x", x), ("w", wt)):
        path = os.path.join(work, f"{name}.{tag}.npy")
        np.save(path, rng.standard_normal(dims).astype(np.float32))
        inputs.append(path)
    flops = 2 * n * oc * oh * ow * (ic // g) * k * k
    return mlir, inputs, flops


def time_ms(tools, mlir, inputs, threads, reps, work, tag):
    smod = os.path.join(work, f"{os.path.basename(mlir)}.{tag}.smod")
    subprocess.run([os.path.join(tools, "strata-compile"), mlir, "-o", smod],
                   check=True, capture_output=True, text=True)
    out = subprocess.run(
        [os.path.join(tools, "strata-bench"), smod, f"--threads={threads}",
         f"--repetitions={reps}"] + [f"--input=@{i}" for i in inputs],
        check=True, capture_output=True, text=True).stdout
    match = re.search(r"min:\s+([0-9.]+) (s|ms|us|ns)\b", out)
    if not match:
        raise RuntimeError("unexpected strata-bench output:\n" + out)
    scale = {"s": 1e3, "ms": 1.0, "us": 1e-3, "ns": 1e-6}[match.group(2)]
    return float(match.group(1)) * scale


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tools-dir", action="append",
                        help="a directory of strata-compile and strata-bench "
                        "(repeatable; default: build/bin)")
    parser.add_argument("--filter", default="", help="regex on shape names")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--keep", help="keep the .mlir/.npy/.smod files here")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    tools = args.tools_dir or [os.path.join(root, "build", "bin")]
    threads = [int(t) for t in args.threads.split(",")]
    work = args.keep or tempfile.mkdtemp(prefix="strata-conv-bench-")
    os.makedirs(work, exist_ok=True)

    header = ["shape", "GFLOP"]
    for t in tools:
        for th in threads:
            header.append(f"{os.path.basename(os.path.dirname(t.rstrip('/')))}"
                          f" {th}T GFLOP/s")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, spec in SHAPES.items():
        if not re.search(args.filter, name):
            continue
        mlir, inputs, flops = write_case(name, spec, work)
        row = [name, f"{flops / 1e9:.3f}"]
        for index, t in enumerate(tools):
            for th in threads:
                try:
                    ms = time_ms(t, mlir, inputs, th, args.reps, work,
                                 str(index))
                    row.append(f"{flops / ms / 1e6:.1f}")
                except (subprocess.CalledProcessError, RuntimeError) as e:
                    row.append("error")
                    print(getattr(e, "stderr", "") or str(e), file=sys.stderr)
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
