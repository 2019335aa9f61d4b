#!/usr/bin/env python3
"""int8 matrix products: Strata against oneDNN, and against f32.

For each M x K x N: Strata's graph.matmul of ui8 activations and a
constant i8 weight into i32 (on AVX512-VNNI CPUs, vpdpbusd in the
dot-product layout), the same product in f32, and oneDNN's inference
matmul u8 x s8 -> s32 and f32 (matmul_onednn, weights reordered to its
preferred layout once, outside the timing). One thread; Strata's figures
are strata-bench's minimum of REPS runs, oneDNN's its best of REPS runs.
The int8 results are checked against numpy once per size.

    python3 bench/quant/bench_matmul.py --build BUILD --onednn BIN
        [--sizes 128x768x3072,...] [--reps 30]
"""

import argparse
import os
import re
import subprocess
import tempfile
import json

import numpy as np

SIZES = ("128x768x3072", "128x3072x768", "512x768x768", "1x768x3072",
         "1x2048x2048", "3136x64x256")


def module(path, m, k, n, kind, rng):
    """Writes a one-product module of `kind` (int8 or f32) and its input."""
    if kind == "int8":
        w = rng.integers(-128, 128, (k, n)).astype(np.int8)
        x = rng.integers(0, 256, (m, k)).astype(np.uint8)
        ta, tw, tr = "ui8", "i8", "i32"
    else:
        w = rng.standard_normal((k, n)).astype(np.float32)
        x = rng.standard_normal((m, k)).astype(np.float32)
        ta = tw = tr = "f32"
    with open(path + ".mlir", "w") as f:
        f.write(f"""func.func @main(%x: tensor<{m}x{k}x{ta}>) -> tensor<{m}x{n}x{tr}> {{
  %w = graph.constant dense<"0x{w.tobytes().hex().upper()}"> : tensor<{k}x{n}x{tw}>
  %0 = graph.matmul %x, %w : tensor<{m}x{k}x{ta}>, tensor<{k}x{n}x{tw}> -> tensor<{m}x{n}x{tr}>
  return %0 : tensor<{m}x{n}x{tr}>
}}
""")
    np.save(path + ".x.npy", x)
    return x, w


def strata_ms(build, path, reps):
    out = subprocess.run(
        [os.path.join(build, "bin", "strata-bench"), path + ".smod",
         f"--input=@{path}.x.npy", "--threads=1", f"--repetitions={reps}",
         "--warmup=3"], check=True, capture_output=True, text=True).stdout
    value, unit = re.search(r"min:\s+([0-9.]+) (ms|us)", out).groups()
    return float(value) / (1000.0 if unit == "us" else 1.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--onednn", required=True)
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--out")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for size in args.sizes.split(","):
            m, k, n = (int(v) for v in size.split("x"))
            row = {"m": m, "k": k, "n": n}
            for kind in ("int8", "f32"):
                path = os.path.join(work, f"{size}.{kind}")
                x, w = module(path, m, k, n, kind, rng)
                subprocess.run([os.path.join(args.build, "bin",
                                             "strata-compile"),
                                path + ".mlir", "-o", path + ".smod"],
                               check=True)
                if kind == "int8":
                    subprocess.run(
                        [os.path.join(args.build, "bin", "strata-run"),
                         path + ".smod", f"--input=@{path}.x.npy",
                         f"--output=@{path}.out.npy"], check=True,
                        capture_output=True)
                    expected = x.astype(np.int64) @ w.astype(np.int64)
                    row["int8_exact"] = bool(np.array_equal(
                        np.load(path + ".out.npy"), expected))
                row[f"strata_{kind}_ms"] = strata_ms(args.build, path,
                                                     args.reps)
            onednn = subprocess.run(
                [args.onednn, str(m), str(k), str(n), str(args.reps)],
                check=True, capture_output=True, text=True,
                env=dict(os.environ, OMP_NUM_THREADS="1")).stdout
            for key, value in json.loads(onednn).items():
                row[f"onednn_{key}"] = value
            rows.append(row)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)
    ops = lambda r: 2.0 * r["m"] * r["k"] * r["n"]
    print("| M x K x N | Strata int8 | oneDNN int8 | Strata int8 / oneDNN "
          "| Strata f32 | int8 speedup over f32 | exact |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        gops = lambda ms: ops(r) / (ms * 1e6)
        print(f"| {r['m']}x{r['k']}x{r['n']} | {r['strata_int8_ms']:.3f} ms "
              f"({gops(r['strata_int8_ms']):.0f} GOP/s) | "
              f"{r['onednn_int8_ms']:.3f} ms ({gops(r['onednn_int8_ms']):.0f}"
              f" GOP/s, {r['onednn_int8_impl']}) | "
              f"{r['onednn_int8_ms'] / r['strata_int8_ms']:.2f}x | "
              f"{r['strata_f32_ms']:.3f} ms | "
              f"{r['strata_f32_ms'] / r['strata_int8_ms']:.2f}x | "
              f"{'yes' if r['int8_exact'] else 'NO'} |")
    print()
    print("1 thread; GOP/s = 2 M K N / time; speedups > 1: Strata int8 "
          "faster.")


if __name__ == "__main__":
    main()
